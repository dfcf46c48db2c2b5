"""A FastAPI dependency (or a Starlette helper) that checks a request's body against a form and
raises the standard 422 response when it is invalid."""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..registry import Registry, default_registry
from .app import BodyTooLarge, read_body
from .served_form import ServedForm


def _detail(result: Dict[str, Any]) -> List[Dict[str, Any]]:
    """A result's errors as FastAPI writes validation errors: type, loc, msg (and the message's
    arguments as ctx; never the value, so never a password)."""
    return [
        {
            "type": error["code"],
            "loc": ["body"] + ([error["field"]] if error.get("field") else []),
            "msg": error["message"],
            "ctx": error.get("args", {}),
        }
        for error in result.get("errors", [])
    ]


class FormValidator:
    """Checks a request's body (JSON, or an HTML form's urlencoded fields) against a form spec file:

        signup = FormValidator("signup.form.json")

        @app.post("/signup")
        async def create(values: dict = Depends(signup)): ...

    The dependency gives the canonical values (as `vouch check` writes them); an invalid record
    raises HTTPException(422) whose detail is FastAPI's list of errors. The locale is the form's
    unless `locale` is given, or `negotiate=True` lets Accept-Language choose."""

    def __init__(
        self,
        path: str,
        registry: Optional[Registry] = None,
        locale: Optional[str] = None,
        negotiate: bool = False,
        max_body_bytes: int = 65536,
    ) -> None:
        self.served = ServedForm(path, registry or default_registry(), locale)
        self.negotiate = negotiate
        self.max_body_bytes = max_body_bytes

    async def result(self, request: Request) -> Dict[str, Any]:
        """The result object `vouch check` writes for the request's body."""
        try:
            body = await read_body(request, self.max_body_bytes)
        except BodyTooLarge:
            raise HTTPException(413, f"the body is longer than {self.max_body_bytes} bytes") from None
        header = request.headers.get("accept-language") if self.negotiate else None
        locale = self.served.locale_for(header)
        try:
            status, output = self.served.check(body, request.headers.get("content-type", ""), locale)
        except ValueError as error:
            raise HTTPException(400, str(error)) from None
        if status == 415:
            raise HTTPException(415, json.loads(output)["error"])
        return json.loads(output)

    async def __call__(self, request: Request) -> Dict[str, Any]:
        result = await self.result(request)
        if not result["valid"]:
            raise HTTPException(422, _detail(result))  # type: ignore[arg-type]
        return result["values"]


async def validation_error_handler(request: Request, error: Exception) -> Response:
    """For a Starlette app (FastAPI has its own): writes an HTTPException as {"detail": ...} in JSON,
    `exception_handlers={HTTPException: validation_error_handler}`."""
    assert isinstance(error, HTTPException)
    return JSONResponse({"detail": error.detail}, status_code=error.status_code, headers=error.headers)

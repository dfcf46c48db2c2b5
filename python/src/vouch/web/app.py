"""The ASGI application: forms checked over HTTP, their schema and fields, edit sessions, and the
live page. Every answer comes from libvouch through the C API."""
from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any, AsyncIterator, Dict, Iterable, Optional

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..registry import Registry, default_registry
from .edit_session import EditError, EditSession
from .page import render_index, render_page
from .served_form import ServedForm
from .session_store import SessionLimitError, SessionStore

STATIC = Path(__file__).with_name("static")


#: What the HTML answers carry: nothing from another site, no sniffing, no framing.
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class BodyTooLarge(Exception):
    """A request body longer than the server takes (413)."""


class UnknownForm(LookupError):
    """A form name the server does not serve (404)."""


async def read_body(request: Request, limit: int) -> bytes:
    """The request's body, refused past `limit` bytes without reading the rest."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise BodyTooLarge()
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge()
        chunks.append(chunk)
    return b"".join(chunks)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(
    forms: Iterable[str],
    registry: Optional[Registry] = None,
    locale: Optional[str] = None,
    max_body_bytes: int = 65536,
    max_sessions: int = 100,
    session_idle_seconds: float = 900.0,
    max_edit_bytes: int = 4096,
) -> Starlette:
    """The application serving each form spec file in `forms` under its name
    (`Examples/signup.form.json` at `/forms/signup`). `locale` fixes the forms' locale (else each
    request's Accept-Language chooses among the locales Vouch serves, the spec's being the default).
    A request names a form; it never gives a spec or a path."""
    registry = registry or default_registry()
    served: Dict[str, ServedForm] = {}
    for path in forms:
        form = ServedForm(path, registry, locale)
        if form.name in served:
            raise ValueError(f"{path}: a form named {form.name!r} is served already")
        served[form.name] = form
    sessions = SessionStore(max_sessions, session_idle_seconds)

    def find(request: Request) -> ServedForm:
        name = request.path_params["name"]
        if name not in served:
            raise UnknownForm(name)
        return served[name]

    def locale_of(request: Request, form: ServedForm, asked: Any = None) -> str:
        asked = asked if isinstance(asked, str) else request.query_params.get("locale")
        return form.locale_for(request.headers.get("accept-language"), asked)

    async def index(request: Request) -> Response:
        return HTMLResponse(render_index(sorted(served)), headers=PAGE_HEADERS)

    async def describe(request: Request) -> Response:
        form = find(request)
        tag = locale_of(request, form)
        return JSONResponse(
            {"name": form.name, "locale": tag, "locales": form.locales, "fixed_locale": form.fixed_locale is not None,
             "fields": form.fields(tag)}
        )

    async def schema(request: Request) -> Response:
        return JSONResponse(find(request).schema, media_type="application/schema+json")

    async def check(request: Request) -> Response:
        form = find(request)
        body = await read_body(request, max_body_bytes)
        try:
            status, output = form.check(body, request.headers.get("content-type", ""), locale_of(request, form))
        except ValueError as error:
            return _error(400, str(error))
        return Response(output, status_code=status, media_type="application/json")

    async def page(request: Request) -> Response:
        form = find(request)
        tag = locale_of(request, form)
        return HTMLResponse(render_page(form, tag, form.fields(tag)), headers=PAGE_HEADERS)

    async def open_session(request: Request) -> Response:
        form = find(request)
        body = await read_body(request, max_body_bytes)
        asked = None
        if body.strip():
            try:
                asked = json.loads(body).get("locale")
            except (ValueError, AttributeError):
                return _error(400, 'the body is a JSON object, such as {"locale": "de-DE"}, or empty')
        tag = locale_of(request, form, asked)
        session = EditSession(form.form(tag), tag, max_edit_bytes)
        try:
            key = sessions.add(form.name, session)
        except SessionLimitError as error:
            return _error(503, str(error))
        return JSONResponse(dict(session=key, **session.snapshot()), status_code=201)

    async def step(request: Request) -> Response:
        form = find(request)
        try:
            session = sessions.get(form.name, request.path_params["session"])
        except KeyError:
            return _error(404, "no such edit session (it may have been closed after being idle): open another")
        body = await read_body(request, max_body_bytes)
        try:
            payload = json.loads(body)
            if not isinstance(payload, dict):
                raise ValueError()
        except ValueError:
            return _error(400, 'a step is a JSON object, such as {"op": "edit", "field": "phone", "start": 0, "length": 0, "text": "2"}')
        try:
            out = session.apply(payload)
        except EditError as error:
            return _error(400, str(error))
        if payload.get("op") == "done":
            # What `vouch check` writes for the form's texts as they stand.
            out["check"] = json.loads(form.form(session.locale).check_lines(json.dumps(session.record())))
        return JSONResponse(out)

    async def close_session(request: Request) -> Response:
        form = find(request)
        closed = sessions.close(form.name, request.path_params["session"])
        return Response(status_code=204 if closed else 404)

    async def not_found(request: Request, error: Exception) -> Response:
        return _error(404, f"no form is named {request.path_params.get('name', '')!r}")

    async def too_large(request: Request, error: Exception) -> Response:
        return _error(413, f"the body is longer than {max_body_bytes} bytes")

    routes = [
        Route("/", index),
        Route("/forms/{name}", describe),
        Route("/forms/{name}/schema", schema),
        Route("/forms/{name}/check", check, methods=["POST"]),
        Route("/forms/{name}/page", page),
        Route("/forms/{name}/sessions", open_session, methods=["POST"]),
        Route("/forms/{name}/sessions/{session}", step, methods=["POST"]),
        Route("/forms/{name}/sessions/{session}", close_session, methods=["DELETE"]),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        sessions.close_all()

    app = Starlette(
        routes=routes, exception_handlers={UnknownForm: not_found, BodyTooLarge: too_large}, lifespan=lifespan
    )
    app.state.forms = served
    app.state.sessions = sessions
    return app

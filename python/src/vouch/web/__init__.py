"""Vouch on the web (the `vouch[web]` extra: Starlette and uvicorn): forms checked over HTTP, edit
sessions for a live page, and a validator for FastAPI and Starlette routes. Every answer comes from
libvouch through its C API. See docs/web.md in the Vouch repository."""
from __future__ import annotations

from .app import create_app
from .form_validator import FormValidator, validation_error_handler
from .served_form import form_name, negotiate

__all__ = ["create_app", "FormValidator", "validation_error_handler", "form_name", "negotiate"]

"""The exceptions of the vouch package: one class per status code of the C API.

Every exception is a :class:`VouchError`, with ``status`` (the C name, such as
``"VOUCH_ERROR_SPEC"``), ``code`` (Vouch's error code, such as ``"unknown_name"``), ``path`` (the
JSON path of the problem inside a spec, pack or record, such as ``fields[0].kind``), ``file`` and
the message; ``str()`` of the exception gives the message with its location first. A problem in a
form spec is also a :class:`SpecError`, whatever its status.
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple, Type


class VouchError(Exception):
    """A call into libvouch failed: ``status`` is the C status name, ``code`` Vouch's error code,
    ``message`` what was wrong, ``path`` and ``file`` where (``None`` when not known)."""

    status = "VOUCH_ERROR_UNKNOWN"

    def __init__(
        self,
        message: str,
        status: Optional[str] = None,
        code: str = "",
        path: Optional[str] = None,
        file: Optional[str] = None,
    ) -> None:
        location = ": ".join(part for part in (file, path) if part)
        super().__init__(f"{location}: {message}" if location else message)
        self.message = message
        self.code = code
        self.path = path
        self.file = file
        if status:
            self.status = status


# One row a status of include/vouch.h but VOUCH_ERROR_SPEC (SpecError, below; tests/test_status.py
# checks that they agree): the name of its exception, the built-in exception it also is (so that
# `except ValueError` catches a bad argument), and what it means. The classes are made from the rows.
_STATUSES: Tuple[Tuple[str, str, Optional[Type[Exception]], str], ...] = (
    ("VOUCH_ERROR_ARGUMENT", "ArgumentError", ValueError, "An argument that is missing or has a bad value"),
    ("VOUCH_ERROR_UTF8", "UTF8Error", ValueError, "Text that is not valid UTF-8"),
    ("VOUCH_ERROR_JSON", "JSONError", ValueError, "Text that is not valid JSON, or not the JSON expected"),
    ("VOUCH_ERROR_UNKNOWN_NAME", "UnknownNameError", LookupError, "No kind, rule or formatter of that name"),
    ("VOUCH_ERROR_PARAMETER", "ParameterError", ValueError, "A parameter that is missing, unknown or of the wrong type"),
    ("VOUCH_ERROR_LOCALE", "LocaleError", ValueError, "A locale tag that is malformed or unknown"),
    ("VOUCH_ERROR_PACK", "PackError", ValueError, "A locale pack that is refused"),
    ("VOUCH_ERROR_PLUGIN", "PluginError", None, "A plugin that is refused"),
    ("VOUCH_ERROR_IO", "VouchIOError", OSError, "A file that cannot be read"),
    ("VOUCH_ERROR_NOT_FOUND", "NotFoundError", LookupError, "No such field, value or index"),
    ("VOUCH_ERROR_NAME_TAKEN", "NameTakenError", ValueError, "A name that is already registered"),
    ("VOUCH_ERROR_MISUSE", "MisuseError", None, "A handle freed already, or of another type than the call takes"),
)
#: The statuses a form spec's problem can have besides VOUCH_ERROR_SPEC (vouch_form_open).
_SPEC_STATUSES = ("VOUCH_ERROR_UNKNOWN_NAME", "VOUCH_ERROR_PARAMETER", "VOUCH_ERROR_LOCALE", "VOUCH_ERROR_JSON", "VOUCH_ERROR_UTF8")


class SpecError(VouchError, ValueError):
    """A form spec that is not valid. ``path`` is the JSON path of the problem (``fields[2].rules[0].max``),
    or ``None`` when the spec as a whole is at fault (it is not JSON, or not an object)."""

    status = "VOUCH_ERROR_SPEC"


def _exception(name: str, bases: Tuple[Type[Exception], ...], status: str, doc: str) -> Type[VouchError]:
    """A class of this module, made and published under its name, as a class statement would."""
    cls = type(name, bases, {"__doc__": doc, "__module__": __name__, "status": status})
    globals()[name] = cls
    return cls


def _exceptions() -> Tuple[Dict[str, Type[VouchError]], Dict[str, Type[VouchError]]]:
    """The exception of each status, and of each status a form spec's problem can have: a spec's
    problem is a SpecError and also the exception of its status (SpecUnknownNameError is both a
    SpecError and an UnknownNameError), so that `except UnknownNameError` catches an unknown kind
    wherever it is named."""
    by_status: Dict[str, Type[VouchError]] = {SpecError.status: SpecError}
    for status, name, builtin, meaning in _STATUSES:
        bases = (VouchError, builtin) if builtin else (VouchError,)
        by_status[status] = _exception(name, bases, status, f"{meaning} ({status}).")
    in_spec: Dict[str, Type[VouchError]] = {SpecError.status: SpecError}
    for status in _SPEC_STATUSES:
        plain = by_status[status]
        in_spec[status] = _exception("Spec" + plain.__name__, (SpecError, plain), status, f"A form spec's {plain.__name__}.")
    return by_status, in_spec


_BY_STATUS, _IN_SPEC = _exceptions()


def error_for(
    status: int,
    status_name: str,
    code: str,
    message: str,
    path: Optional[str] = None,
    file: Optional[str] = None,
    in_spec: bool = False,
) -> VouchError:
    """The exception for a failed call: its status, Vouch's code, the message and where;
    ``in_spec`` when a form spec was being read."""
    table = _IN_SPEC if in_spec and status_name in _IN_SPEC else _BY_STATUS
    return table.get(status_name, VouchError)(message, status_name, code, path, file)

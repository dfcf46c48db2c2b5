"""The exceptions of the vouch package: one class per status code of the C API.

Every exception is a :class:`VouchError`, with ``status`` (the C name, such as
``"VOUCH_ERROR_SPEC"``), ``code`` (Vouch's error code, such as ``"unknown_name"``), ``path`` (the
JSON path of the problem inside a spec, pack or record, such as ``fields[0].kind``), ``file`` and
the message; ``str()`` of the exception gives the message with its location first. A problem in a
form spec is also a :class:`SpecError`, whatever its status.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Type


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


class ArgumentError(VouchError, ValueError):
    """An argument that is missing or has a bad value (VOUCH_ERROR_ARGUMENT)."""

    status = "VOUCH_ERROR_ARGUMENT"


class UTF8Error(VouchError, ValueError):
    """Text that is not valid UTF-8 (VOUCH_ERROR_UTF8)."""

    status = "VOUCH_ERROR_UTF8"


class JSONError(VouchError, ValueError):
    """Text that is not valid JSON, or not the JSON expected (VOUCH_ERROR_JSON)."""

    status = "VOUCH_ERROR_JSON"


class UnknownNameError(VouchError, LookupError):
    """No kind, rule or formatter of that name (VOUCH_ERROR_UNKNOWN_NAME)."""

    status = "VOUCH_ERROR_UNKNOWN_NAME"


class ParameterError(VouchError, ValueError):
    """A parameter that is missing, unknown or of the wrong type (VOUCH_ERROR_PARAMETER)."""

    status = "VOUCH_ERROR_PARAMETER"


class LocaleError(VouchError, ValueError):
    """A locale tag that is malformed or unknown (VOUCH_ERROR_LOCALE)."""

    status = "VOUCH_ERROR_LOCALE"


class PackError(VouchError, ValueError):
    """A locale pack that is refused (VOUCH_ERROR_PACK)."""

    status = "VOUCH_ERROR_PACK"


class PluginError(VouchError):
    """A plugin that is refused (VOUCH_ERROR_PLUGIN)."""

    status = "VOUCH_ERROR_PLUGIN"


class VouchIOError(VouchError, OSError):
    """A file that cannot be read (VOUCH_ERROR_IO)."""

    status = "VOUCH_ERROR_IO"


class NotFoundError(VouchError, LookupError):
    """No such field, value or index (VOUCH_ERROR_NOT_FOUND)."""

    status = "VOUCH_ERROR_NOT_FOUND"


class NameTakenError(VouchError, ValueError):
    """A name that is already registered (VOUCH_ERROR_NAME_TAKEN)."""

    status = "VOUCH_ERROR_NAME_TAKEN"


class MisuseError(VouchError):
    """A handle freed already, or of another type than the call takes (VOUCH_ERROR_MISUSE)."""

    status = "VOUCH_ERROR_MISUSE"


class SpecError(VouchError, ValueError):
    """A form spec that is not valid. ``path`` is the JSON path of the problem (``fields[2].rules[0].max``),
    or ``None`` when the spec as a whole is at fault (it is not JSON, or not an object)."""

    status = "VOUCH_ERROR_SPEC"


# A spec's problem is a SpecError and also an error of its status, so that `except UnknownNameError`
# catches an unknown kind wherever it is named.
class SpecUnknownNameError(SpecError, UnknownNameError):
    """A form spec that names an unknown kind, rule or formatter."""


class SpecParameterError(SpecError, ParameterError):
    """A form spec with a parameter that is missing, unknown or of the wrong type."""


class SpecLocaleError(SpecError, LocaleError):
    """A form spec with a locale that is malformed or unknown."""


class SpecJSONError(SpecError, JSONError):
    """A form spec that is not valid JSON."""


class SpecUTF8Error(SpecError, UTF8Error):
    """A form spec that is not valid UTF-8."""


def _classes(base: Type[VouchError]) -> List[Type[VouchError]]:
    found = []
    for cls in base.__subclasses__():
        found.append(cls)
        found.extend(_classes(cls))
    return found


# Each class names its status once; the tables are read off the classes.
_BY_STATUS: Dict[str, Type[VouchError]] = {
    cls.status: cls for cls in _classes(VouchError) if cls is SpecError or not issubclass(cls, SpecError)
}
# A spec's error of another status is the class with SpecError and that status's class as bases.
_IN_SPEC: Dict[str, Type[VouchError]] = {cls.__bases__[1].status: cls for cls in SpecError.__subclasses__()}
_IN_SPEC[SpecError.status] = SpecError


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

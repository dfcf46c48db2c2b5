"""The exceptions of the vouch package: one class per status code of the C API.

Every exception is a :class:`VouchError`, with ``status`` (the C name, such as
``"VOUCH_ERROR_SPEC"``) and the library's message, which names what was wrong and where. A
problem in a form spec is also a :class:`SpecError`, whose ``path`` is the JSON path of the
problem (``fields[0].kind``), whatever its status.
"""
from __future__ import annotations

import re
from typing import Dict, Optional, Type


class VouchError(Exception):
    """A call into libvouch failed. ``status`` is the C status name, ``message`` what went wrong."""

    status = "VOUCH_ERROR_UNKNOWN"

    def __init__(self, message: str, status: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
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

    def __init__(self, message: str, status: Optional[str] = None, path: Optional[str] = None) -> None:
        super().__init__(message, status)
        self.path = path


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


_BY_STATUS: Dict[int, Type[VouchError]] = {
    1: ArgumentError,
    2: UTF8Error,
    3: JSONError,
    4: SpecError,
    5: UnknownNameError,
    6: ParameterError,
    7: LocaleError,
    8: PackError,
    9: PluginError,
    10: VouchIOError,
    11: NotFoundError,
    12: NameTakenError,
    13: MisuseError,
}
_IN_SPEC: Dict[int, Type[SpecError]] = {
    2: SpecUTF8Error,
    3: SpecJSONError,
    4: SpecError,
    5: SpecUnknownNameError,
    6: SpecParameterError,
    7: SpecLocaleError,
}

# "fields[0].rules[1].max: ..." or "form.json: fields[0].kind: ...": the JSON path before the message.
_PATH = re.compile(r"^(?:[^:]*\.json: )?((?:[A-Za-z_$][\w$-]*|\[\d+\])(?:\.[\w$-]+|\[\d+\])*): ")


def error_for(status: int, status_name: str, message: str, in_spec: bool = False) -> VouchError:
    """The exception for a status code and its message; ``in_spec`` when a form spec was being read."""
    if in_spec and status in _IN_SPEC:
        match = _PATH.match(message)
        path = match.group(1) if match and not message.startswith("line ") else None
        return _IN_SPEC[status](message, status_name, path)
    return _BY_STATUS.get(status, VouchError)(message, status_name)

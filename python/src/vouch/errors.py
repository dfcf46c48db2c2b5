"""The exceptions of the vouch package: one class per status code of the C API.

Every exception is a :class:`VouchError`, with ``status`` (the C name, such as
``"VOUCH_ERROR_SPEC"``), ``code`` (Vouch's error code, such as ``"unknown_name"``), ``path`` (the
JSON path of the problem inside a spec, pack or record, such as ``fields[0].kind``), ``file`` and
the message; ``str()`` of the exception gives the message with its location first. A problem in a
form spec is also a :class:`SpecError`, whatever its status.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Type

#: The exception of each status of include/vouch.h but VOUCH_OK (tests/test_status.py checks that
#: they agree), and of each status a form spec's problem can have (vouch_form_open): each class is
#: entered here as it is defined, by the status it names in its class statement.
_BY_STATUS: Dict[str, Type[VouchError]] = {}
_IN_SPEC: Dict[str, Type[VouchError]] = {}


class VouchError(Exception):
    """A call into libvouch failed: ``status`` is the C status name, ``code`` Vouch's error code,
    ``message`` what was wrong, ``path`` and ``file`` where (``None`` when not known)."""

    status = "VOUCH_ERROR_UNKNOWN"

    def __init_subclass__(cls, status: Optional[str] = None, in_spec: bool = False, **kw: Any) -> None:
        """Enters the class as the exception of ``status``; with ``in_spec``, as a form spec's
        problem of the status of the error it also is (its last base)."""
        super().__init_subclass__(**kw)
        if in_spec:
            plain = cls.__bases__[-1]
            assert issubclass(plain, VouchError)
            status = plain.status
        if status is not None:
            cls.status = status
            (_IN_SPEC if in_spec else _BY_STATUS)[status] = cls

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


# The built-in exception beside VouchError lets `except ValueError` catch a bad argument.
class ArgumentError(VouchError, ValueError, status="VOUCH_ERROR_ARGUMENT"):
    """An argument that is missing or has a bad value."""


class UTF8Error(VouchError, ValueError, status="VOUCH_ERROR_UTF8"):
    """Text that is not valid UTF-8."""


class JSONError(VouchError, ValueError, status="VOUCH_ERROR_JSON"):
    """Text that is not valid JSON, or not the JSON expected."""


class UnknownNameError(VouchError, LookupError, status="VOUCH_ERROR_UNKNOWN_NAME"):
    """No kind, rule or formatter of that name."""


class ParameterError(VouchError, ValueError, status="VOUCH_ERROR_PARAMETER"):
    """A parameter that is missing, unknown or of the wrong type."""


class LocaleError(VouchError, ValueError, status="VOUCH_ERROR_LOCALE"):
    """A locale tag that is malformed or unknown."""


class PackError(VouchError, ValueError, status="VOUCH_ERROR_PACK"):
    """A locale pack that is refused."""


class PluginError(VouchError, status="VOUCH_ERROR_PLUGIN"):
    """A plugin that is refused."""


class VouchIOError(VouchError, OSError, status="VOUCH_ERROR_IO"):
    """A file that cannot be read."""


class NotFoundError(VouchError, LookupError, status="VOUCH_ERROR_NOT_FOUND"):
    """No such field, value or index."""


class NameTakenError(VouchError, ValueError, status="VOUCH_ERROR_NAME_TAKEN"):
    """A name that is already registered."""


class MisuseError(VouchError, status="VOUCH_ERROR_MISUSE"):
    """A handle freed already, or of another type than the call takes."""


class SpecError(VouchError, ValueError, status="VOUCH_ERROR_SPEC"):
    """A form spec that is not valid. ``path`` is the JSON path of the problem (``fields[2].rules[0].max``),
    or ``None`` when the spec as a whole is at fault (it is not JSON, or not an object)."""


# A spec's problem is a SpecError and also the exception of its status, so that
# `except UnknownNameError` catches an unknown kind wherever it is named.
class SpecUnknownNameError(SpecError, UnknownNameError, in_spec=True):
    """A form spec that names an unknown kind, rule or formatter."""


class SpecParameterError(SpecError, ParameterError, in_spec=True):
    """A form spec with a parameter that is missing, unknown or of the wrong type."""


class SpecLocaleError(SpecError, LocaleError, in_spec=True):
    """A form spec with a locale that is malformed or unknown."""


class SpecJSONError(SpecError, JSONError, in_spec=True):
    """A form spec that is not valid JSON, or not the JSON expected."""


class SpecUTF8Error(SpecError, UTF8Error, in_spec=True):
    """A form spec that is not valid UTF-8."""


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

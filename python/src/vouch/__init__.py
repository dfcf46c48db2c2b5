"""Vouch for Python: field validation and formatting through libvouch's C API.

    import vouch
    form = vouch.Form.from_json({"vouch": 1, "fields": [{"name": "email", "kind": "email", "required": True}]})
    form.validate({"email": "Ada@Example.COM"}).values     # {'email': 'Ada@example.com'}

Every call goes through libvouch's C functions (ctypes, which releases the GIL during each call):
there is no second implementation in Python. See docs/python.md in the Vouch repository.
"""
from __future__ import annotations

from typing import Any, Optional, Union

from . import _lib
from .errors import (
    ArgumentError,
    JSONError,
    LocaleError,
    MisuseError,
    NameTakenError,
    NotFoundError,
    PackError,
    ParameterError,
    PluginError,
    SpecError,
    UnknownNameError,
    UTF8Error,
    VouchError,
    VouchIOError,
)
from .form import BatchOptions, Checked, Form
from .registry import Registry, default_registry
from .result import FieldInfo, Money, Result, Violation
from .summary import FieldSummary, Summary

#: The version of libvouch loaded, such as "0.2.0".
library_version: str = _lib.version
#: The path libvouch was loaded from.
library_path: str = _lib.path
__version__ = "0.2.0"


def validate_value(
    kind_or_rule: str, value: Union[str, bytes], locale: Optional[str] = None, registry: Optional[Registry] = None
) -> Result:
    """Checks one value by kind (``"phone"``, ``"date"``) or rule (``"email"``) name, in a locale
    (``None`` for en-US); the result has one field, ``"value"``, typed by its kind."""
    return (registry or default_registry()).validate_value(kind_or_rule, value, locale)


def format_value(
    kind_or_formatter: str,
    value: Union[str, bytes],
    locale: Optional[str] = None,
    canonical: bool = False,
    registry: Optional[Registry] = None,
) -> str:
    """Formats one value by kind or formatter name: ``format_value("phone", "2015550123")`` is
    ``"(201) 555-0123"``, with ``canonical=True`` ``"+12015550123"``."""
    return (registry or default_registry()).format_value(kind_or_formatter, value, locale, canonical)


def check_frame(frame: Any, form: Form, **options: Any) -> Any:
    """Checks the rows of a pandas DataFrame or pyarrow Table; returns ``(cleaned, errors)``. See
    :func:`vouch.frame.check_frame`."""
    from .frame import check_frame as check

    return check(frame, form, **options)


__all__ = [
    "ArgumentError",
    "BatchOptions",
    "Checked",
    "FieldInfo",
    "FieldSummary",
    "Form",
    "JSONError",
    "LocaleError",
    "Money",
    "MisuseError",
    "NameTakenError",
    "NotFoundError",
    "PackError",
    "ParameterError",
    "PluginError",
    "Registry",
    "Result",
    "SpecError",
    "Summary",
    "UTF8Error",
    "UnknownNameError",
    "Violation",
    "VouchError",
    "VouchIOError",
    "check_frame",
    "default_registry",
    "format_value",
    "library_path",
    "library_version",
    "validate_value",
]

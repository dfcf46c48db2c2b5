"""Registries: the rules, formatters, kinds, locale packs and plugins that forms are built from."""
from __future__ import annotations

import json
import os
import threading
import weakref
from ctypes import byref, c_size_t, c_void_p, sizeof
from typing import Any, Callable, Iterable, List, Optional, Tuple, Union

from . import _lib
from ._lib import ErrorDetail, lib
from .errors import VouchError, error_for
from .result import Result, typed_value

PathLike = Union[str, "os.PathLike[str]"]
Text = Union[str, bytes]

_LISTS = {"rules": 0, "formatters": 1, "kinds": 2, "locales": 3, "plugins": 4}


def encode(text: Text, what: str = "text") -> bytes:
    """UTF-8 bytes of text given as str or bytes. A str that cannot be UTF-8 (a lone surrogate)
    goes as the bytes Python would write with 'surrogatepass', for libvouch to refuse with
    VOUCH_ERROR_UTF8, as it refuses such bytes."""
    if isinstance(text, bytes):
        return text
    if isinstance(text, str):
        return text.encode("utf-8", "surrogatepass")
    raise TypeError(f"{what} is str or bytes, not {type(text).__name__}")


def check_status(status: int, detail_call: Optional[Callable] = None, handle=None, in_spec: bool = False) -> None:
    """Raises the exception of a failed call, with the handle's last failure (``detail_call`` is
    the handle type's vouch_*_error_detail) as its code, message, path and file."""
    if status == 0:
        return
    name = lib.vouch_status_name(status).decode()
    detail = ErrorDetail(size=sizeof(ErrorDetail))
    if detail_call is None or handle is None or detail_call(handle, byref(detail)) != 0 or detail.status == 0:
        raise error_for(status, name, "", lib.vouch_status_message(status).decode(), in_spec=in_spec)

    def text(value: Optional[bytes]) -> str:
        return (value or b"").decode("utf-8", "replace")

    raise error_for(
        status,
        name,
        text(detail.code),
        text(detail.message) or lib.vouch_status_message(status).decode(),
        path=text(detail.path) or None,
        file=text(detail.file) or None,
        in_spec=in_spec,
    )


class Registry:
    """Rules, formatters and kinds (Vouch's built-in ones, with its embedded locale packs), plus the
    packs and plugins loaded into it. Safe to share between threads; loading while others validate
    is allowed.

    ``Registry(packs=["my-packs/"], plugins=["card"])`` loads them at once.
    """

    def __init__(self, packs: Iterable[PathLike] = (), plugins: Iterable[PathLike] = ()) -> None:
        handle = c_void_p()
        check_status(lib.vouch_registry_open(byref(handle)))
        self._handle = handle
        self._finalizer = weakref.finalize(self, lib.vouch_registry_free, handle)
        self._packs: List[str] = []
        self._plugins: List[str] = []
        self._lock = threading.Lock()
        for path in packs:
            self.load_packs(path)
        for name in plugins:
            self.load_plugin(name)

    def _raise(self, status: int, in_spec: bool = False) -> None:
        check_status(status, lib.vouch_registry_error_detail, self._handle, in_spec)

    def load_packs(self, path: PathLike) -> None:
        """Loads locale packs from a pack directory, a pack.json, or a directory of pack directories
        (all or nothing). Raises :class:`PackError` naming the file and key of a bad pack."""
        data = encode(os.fspath(path), "the path")
        self._raise(lib.vouch_registry_load_packs(self._handle, data, len(data)))
        with self._lock:
            self._packs.append(os.path.abspath(os.fspath(path)))

    def load_plugin(
        self, name_or_path: PathLike, isolated: bool = False, timeout: float = 10.0, helper: Optional[PathLike] = None
    ) -> None:
        """Loads a C plugin by path, or by name along VOUCH_PLUGIN_PATH and the installed plugin
        directory. Raises :class:`PluginError` or :class:`VouchIOError`.

        ``isolated`` runs the plugin's rules in child processes of the vouch command (``helper``, by
        default the one built or installed with libvouch), as ``vouch check --isolate-plugins``
        does: a rule that crashes, writes to standard output or takes longer than ``timeout``
        seconds fails only the value it was checking (``plugin_error``), and checking goes on."""
        text = os.fspath(name_or_path)
        data = encode(text, "the plugin")
        if isolated:
            milliseconds = timeout * 1000
            if not 1 <= milliseconds <= 3_600_000:
                raise ValueError(f"timeout is from 0.001 to 3600 seconds, not {timeout!r}")
            program = encode(os.fspath(helper), "the helper") if helper is not None else None
            self._raise(lib.vouch_registry_load_plugin_isolated(self._handle, data, len(data), program, int(milliseconds)))
        else:
            self._raise(lib.vouch_registry_load_plugin(self._handle, data, len(data)))
        with self._lock:
            self._plugins.append(os.path.abspath(text) if "/" in text else text)

    def list(self, what: str) -> List[str]:
        """Sorted names of the registry's ``rules``, ``formatters``, ``kinds``, ``locales`` or ``plugins``."""
        if what not in _LISTS:
            raise ValueError(f"list what: one of {', '.join(_LISTS)}, not {what!r}")
        out, length = c_void_p(), c_size_t()
        self._raise(lib.vouch_registry_list(self._handle, _LISTS[what], byref(out), byref(length)))
        return json.loads(_lib.take(out, length))

    def rules(self) -> List[str]:
        return self.list("rules")

    def formatters(self) -> List[str]:
        return self.list("formatters")

    def kinds(self) -> List[str]:
        return self.list("kinds")

    def locales(self) -> List[str]:
        return self.list("locales")

    def plugins(self) -> List[str]:
        return self.list("plugins")

    def validate_value(self, kind_or_rule: str, value: Text, locale: Optional[str] = None) -> Result:
        """Checks one value by kind (``"phone"``) or rule (``"email"``) name; the result has one
        field, ``"value"``. Raises :class:`UnknownNameError` for an unknown name."""
        name = encode(kind_or_rule, "the name")
        data = encode(value, "the value")
        result = c_void_p()
        self._raise(
            lib.vouch_validate_value(self._handle, name, len(name), _locale(locale), data, len(data), byref(result))
        )
        try:
            out, length = c_void_p(), c_size_t()
            check_status(lib.vouch_result_json(result, byref(out), byref(length)))
            payload = json.loads(_lib.take(out, length))
        finally:
            lib.vouch_result_free(result)
        return Result(payload, {"value": _ValueField(kind_or_rule)})

    def format_value(
        self, kind_or_formatter: str, value: Text, locale: Optional[str] = None, canonical: bool = False
    ) -> str:
        """Formats one value by kind or formatter name: a kind's display form of a valid value (its
        canonical form with ``canonical=True``), or a formatter's output."""
        name = encode(kind_or_formatter, "the name")
        data = encode(value, "the value")
        out, length = c_void_p(), c_size_t()
        self._raise(
            lib.vouch_format_value(
                self._handle, name, len(name), _locale(locale), data, len(data), int(canonical), byref(out), byref(length)
            )
        )
        return _lib.take(out, length).decode()

    def configuration(self) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
        """The packs and plugins loaded, in order: what another process needs to build the same registry."""
        with self._lock:
            return tuple(self._packs), tuple(self._plugins)

    def __reduce__(self) -> Any:
        packs, plugins = self.configuration()
        return (Registry, (packs, plugins))

    def __repr__(self) -> str:
        packs, plugins = self.configuration()
        return f"<vouch.Registry packs={list(packs)!r} plugins={list(plugins)!r}>"


class _ValueField:
    """The one field of a single value's result, typed by the kind it was checked as."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def typed(self, canonical: Any) -> Any:
        return typed_value(self.kind, canonical)


def _locale(locale: Optional[str]) -> Optional[bytes]:
    if locale is None:
        return None
    if not isinstance(locale, str) or "\0" in locale:
        raise ValueError(f"a locale is a tag such as 'de-DE', not {locale!r}")
    return locale.encode("ascii", "replace")


_default: Optional[Registry] = None
_default_lock = threading.Lock()


def default_registry() -> Registry:
    """The registry used when none is given: Vouch's built-ins and embedded packs, made once."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Registry()
        return _default


__all__ = ["Registry", "default_registry", "VouchError"]

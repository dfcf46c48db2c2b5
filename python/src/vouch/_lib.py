"""Finds libvouch, loads it with ctypes, and declares the C functions of include/vouch.h.

ctypes.CDLL (not PyDLL) releases the GIL for the duration of every foreign call, so threads that
validate with one form run in parallel inside libvouch.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
import shutil
import subprocess
from ctypes import CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_int, c_size_t, c_void_p
from pathlib import Path
from typing import List, Tuple

#: The VOUCH_VERSION_MAJOR this package is written for: within one major version the C API only grows.
ABI_MAJOR = 0
#: The C calls the package needs beyond the first release of the API.
_REQUIRED = ("vouch_form_check", "vouch_form_check_to", "vouch_form_fields_json", "vouch_registry_error_detail", "vouch_form_schema_json")


class CheckOptions(Structure):
    """vouch_check_options."""

    _fields_ = [
        ("size", c_size_t),
        ("format", c_int),
        ("first_record", c_size_t),
        ("first_line", c_size_t),
        ("max_record_bytes", c_size_t),
        ("max_value_bytes", c_size_t),
        ("display", c_int),
        ("jobs", c_size_t),
    ]


#: vouch_write_callback: takes a batch's output lines; 0 to go on.
WriteCallback = CFUNCTYPE(c_int, c_void_p, c_void_p, c_size_t)


class ErrorDetail(Structure):
    """vouch_error_detail."""

    _fields_ = [
        ("size", c_size_t),
        ("status", c_int),
        ("code", c_char_p),
        ("message", c_char_p),
        ("path", c_char_p),
        ("file", c_char_p),
    ]


def _candidates() -> List[Tuple[str, Path]]:
    """Where libvouch may be, in the order tried, each with where the place came from."""
    found: List[Tuple[str, Path]] = []
    checkouts: List[Tuple[str, Path]] = []
    try:
        from . import _checkout  # written by setup.py at install time

        checkouts.append(("the checkout it was installed from", Path(_checkout.CHECKOUT)))
    except ImportError:
        pass
    # Run from a checkout (python/src/vouch/_lib.py), as the tests and an editable install are.
    here = Path(__file__).resolve()
    if len(here.parents) > 3 and (here.parents[3] / "include" / "vouch.h").is_file():
        checkouts.append(("the checkout it is in", here.parents[3]))
    for origin, checkout in checkouts:
        for configuration in ("release", "debug"):
            found.append((f"{origin} ({configuration} build)", checkout / ".build" / configuration / "libvouch-c.so"))
    # An installed Vouch (make install PREFIX=...): pkg-config, the usual prefixes, the loader's path.
    if shutil.which("pkg-config"):
        try:
            libdir = subprocess.run(
                ["pkg-config", "--variable=libdir", "vouch"], capture_output=True, text=True, timeout=10
            ).stdout.strip()
            if libdir:
                found.append(("pkg-config vouch", Path(libdir) / "libvouch.so"))
        except (OSError, subprocess.SubprocessError):
            pass
    for prefix in ("/usr/local/lib", "/usr/lib"):
        found.append(("an installed prefix", Path(prefix) / "libvouch.so"))
    name = ctypes.util.find_library("vouch")
    if name:
        found.append(("the dynamic loader's search path", Path(name)))
    return found


def _open() -> Tuple[ctypes.CDLL, str]:
    explicit = os.environ.get("VOUCH_LIBRARY")
    if explicit:
        try:
            return _checked(ctypes.CDLL(explicit), explicit), explicit
        except OSError as error:
            raise ImportError(f"vouch: VOUCH_LIBRARY={explicit} cannot be loaded: {error}") from None
    tried = []
    for origin, path in _candidates():
        if path.is_absolute() and not path.exists():
            tried.append(f"  {path} ({origin}): not there")
            continue
        try:
            return _checked(ctypes.CDLL(str(path)), str(path)), str(path)
        except OSError as error:
            tried.append(f"  {path} ({origin}): {error}")
    raise ImportError(
        "vouch: libvouch was not found. Build it in the Vouch checkout (`make`, or "
        "`swift build -c release --product vouch-c`) and reinstall with `pip install ./python`, "
        "install it (`make install`), or set VOUCH_LIBRARY to the path of libvouch.so. Looked in:\n"
        + "\n".join(tried)
    )


def _checked(lib: ctypes.CDLL, path: str) -> ctypes.CDLL:
    try:
        lib.vouch_version_number.restype = c_int
        number = lib.vouch_version_number()
    except AttributeError:
        raise OSError(f"{path} is not libvouch (it has no vouch_version_number)") from None
    if number // 10000 != ABI_MAJOR:
        raise OSError(f"{path} is libvouch {number // 10000}.x; this package needs {ABI_MAJOR}.x")
    missing = [name for name in _REQUIRED if not hasattr(lib, name)]
    if missing:
        raise OSError(f"{path} is an older libvouch without {', '.join(missing)}: rebuild it")
    return lib


lib, path = _open()

_status = c_int
_out = POINTER(c_void_p)
_size = POINTER(c_size_t)

_SIGNATURES = {
    "vouch_version": (c_char_p, []),
    "vouch_status_name": (c_char_p, [c_int]),
    "vouch_status_message": (c_char_p, [c_int]),
    "vouch_free": (None, [c_void_p]),
    "vouch_registry_open": (_status, [_out]),
    "vouch_registry_free": (None, [c_void_p]),
    "vouch_registry_error_detail": (_status, [c_void_p, POINTER(ErrorDetail)]),
    "vouch_registry_load_packs": (_status, [c_void_p, c_char_p, c_size_t]),
    "vouch_registry_load_plugin": (_status, [c_void_p, c_char_p, c_size_t]),
    "vouch_registry_load_plugin_isolated": (_status, [c_void_p, c_char_p, c_size_t, c_char_p, ctypes.c_uint]),
    "vouch_registry_list": (_status, [c_void_p, c_int, _out, _size]),
    "vouch_form_open": (_status, [c_void_p, c_char_p, c_size_t, _out]),
    "vouch_form_free": (None, [c_void_p]),
    "vouch_form_error_detail": (_status, [c_void_p, POINTER(ErrorDetail)]),
    "vouch_form_validate_json": (_status, [c_void_p, c_char_p, c_size_t, _out, _size]),
    "vouch_result_free": (None, [c_void_p]),
    "vouch_result_json": (_status, [c_void_p, _out, _size]),
    "vouch_validate_value": (_status, [c_void_p, c_char_p, c_size_t, c_char_p, c_char_p, c_size_t, _out]),
    "vouch_format_value": (_status, [c_void_p, c_char_p, c_size_t, c_char_p, c_char_p, c_size_t, c_int, _out, _size]),
    "vouch_form_check": (
        _status,
        # The input by address, so that a piece of a bytes object goes without a copy.
        [c_void_p, c_void_p, c_size_t, POINTER(CheckOptions), _out, _size, _out, _size],
    ),
    "vouch_form_check_to": (
        _status,
        [c_void_p, c_char_p, c_size_t, POINTER(CheckOptions), WriteCallback, c_void_p, _out, _size],
    ),
    "vouch_form_fields_json": (_status, [c_void_p, _out, _size]),
    "vouch_form_schema_json": (_status, [c_void_p, c_char_p, c_size_t, _out, _size]),
    # Interactive forms (vouch.web): a session's text and caret are lent (`const char **`), owned by it.
    "vouch_edit_open": (_status, [c_void_p, c_char_p, c_size_t, _out]),
    "vouch_edit_free": (None, [c_void_p]),
    "vouch_edit_apply": (_status, [c_void_p, c_size_t, c_size_t, c_char_p, c_size_t, POINTER(c_int)]),
    "vouch_edit_text": (_status, [c_void_p, _out, _size, _size]),
    "vouch_edit_complete": (_status, [c_void_p, POINTER(c_int)]),
    "vouch_edit_placeholder": (_status, [c_void_p, c_char, _out, _size]),
    "vouch_session_open": (_status, [c_void_p, _out]),
    "vouch_session_free": (None, [c_void_p]),
    "vouch_session_last_error": (c_char_p, [c_void_p]),
    "vouch_session_field_count": (c_size_t, [c_void_p]),
    "vouch_session_text": (_status, [c_void_p, c_size_t, _out, _size, _size]),
    "vouch_session_edit": (_status, [c_void_p, c_size_t, c_size_t, c_size_t, c_char_p, c_size_t, POINTER(c_int)]),
    "vouch_session_type": (_status, [c_void_p, c_size_t, c_char_p, c_size_t, POINTER(c_int)]),
    "vouch_session_set_text": (_status, [c_void_p, c_size_t, c_char_p, c_size_t]),
    "vouch_session_delete_backward": (_status, [c_void_p, c_size_t, POINTER(c_int)]),
    "vouch_session_delete_forward": (_status, [c_void_p, c_size_t, POINTER(c_int)]),
    "vouch_session_undo": (_status, [c_void_p, c_size_t, POINTER(c_int)]),
    "vouch_session_set_marked_text": (_status, [c_void_p, c_size_t, c_char_p, c_size_t, POINTER(c_int)]),
    "vouch_session_commit_marked_text": (_status, [c_void_p, c_size_t, POINTER(c_int)]),
    "vouch_session_redo": (_status, [c_void_p, c_size_t, POINTER(c_int)]),
    "vouch_session_focus": (_status, [c_void_p, c_size_t, POINTER(c_int)]),
    "vouch_session_blur": (_status, [c_void_p]),
    "vouch_session_focused": (_status, [c_void_p, _size]),
    "vouch_session_next": (_status, [c_void_p, _size]),
    "vouch_session_previous": (_status, [c_void_p, _size]),
    "vouch_session_done": (_status, [c_void_p, _size, POINTER(c_int)]),
    "vouch_session_state": (_status, [c_void_p, c_size_t, POINTER(c_int)]),
    "vouch_session_message": (_status, [c_void_p, c_size_t, _out, _size]),
    "vouch_session_set_error": (_status, [c_void_p, c_size_t, c_char_p, c_size_t, c_int]),
    "vouch_session_clear_error": (_status, [c_void_p, c_size_t]),
    "vouch_session_enable": (_status, [c_void_p, c_size_t]),
    "vouch_session_disable": (_status, [c_void_p, c_size_t]),
    "vouch_session_hints": (_status, [c_void_p, c_size_t, _out, _size]),
    "vouch_choice_rows": (_status, [c_void_p, c_size_t, _out, _size]),
    "vouch_choice_select": (_status, [c_void_p, c_size_t, c_size_t]),
    "vouch_choice_choose": (_status, [c_void_p, c_size_t, c_char_p, c_size_t, POINTER(c_int)]),
    "vouch_choice_selected": (_status, [c_void_p, c_size_t, _size]),
    "vouch_tokens_summary": (_status, [c_void_p, c_size_t, c_size_t, _out, _size]),
    "vouch_tokens_count": (_status, [c_void_p, c_size_t, _size]),
    "vouch_tokens_token": (_status, [c_void_p, c_size_t, c_size_t, _out, _size, _out, _size, _out]),
    "vouch_tokens_text": (_status, [c_void_p, c_size_t, _out, _size]),
    "vouch_tokens_type": (_status, [c_void_p, c_size_t, c_char_p, c_size_t]),
    "vouch_tokens_commit": (_status, [c_void_p, c_size_t, POINTER(c_int)]),
    "vouch_tokens_select": (_status, [c_void_p, c_size_t, c_size_t]),
    "vouch_tokens_selected": (_status, [c_void_p, c_size_t, _size]),
    "vouch_tokens_delete_backward": (_status, [c_void_p, c_size_t]),
    "vouch_tokens_remove": (_status, [c_void_p, c_size_t, c_size_t]),
    "vouch_tokens_violations": (_status, [c_void_p, c_size_t, _out, _size]),
}
for _name, (_restype, _argtypes) in _SIGNATURES.items():
    _function = getattr(lib, _name)
    _function.restype = _restype
    _function.argtypes = _argtypes


def lent(pointer: c_void_p, length: c_size_t) -> bytes:
    """The bytes of text a handle lends (a `const char **` out-parameter): copied, never freed."""
    return ctypes.string_at(pointer.value, length.value) if pointer.value else b""


def take(pointer: c_void_p, length: c_size_t) -> bytes:
    """The bytes of a buffer libvouch gave (a `char **` out-parameter), released once copied."""
    try:
        return ctypes.string_at(pointer.value, length.value) if pointer.value else b""
    finally:
        lib.vouch_free(pointer)


version: str = lib.vouch_version().decode()

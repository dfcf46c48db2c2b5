"""One interactive form as a web page drives it: libvouch's session calls (vouch_session_*,
vouch_tokens_*), with offsets in UTF-16 code units as the DOM counts them (libvouch counts UTF-8
bytes), and never a password's text in what it gives back."""
from __future__ import annotations

import json
import time
import weakref
from ctypes import byref, c_int, c_size_t, c_void_p
from typing import Any, Dict, Optional

from .. import _lib
from .._lib import lib
from ..form import Form
from ..registry import check_status

#: VOUCH_NONE, the index of no field and of no token.
NONE = c_size_t(-1).value
_STATES = ("inactive", "active", "error", "pending", "disabled")


def utf16_length(text: str) -> int:
    """The length of text in UTF-16 code units."""
    return len(text) + sum(1 for character in text if ord(character) > 0xFFFF)


def utf16_to_bytes(text: str, offset: int) -> int:
    """The UTF-8 byte offset of a UTF-16 offset into text (one inside a surrogate pair goes to the
    character's start: libvouch widens a range to whole characters anyway)."""
    units = 0
    for index, character in enumerate(text):
        width = 2 if ord(character) > 0xFFFF else 1
        if units + width > offset:
            return len(text[:index].encode())
        units += width
    return len(text.encode())


def bytes_to_utf16(data: bytes, offset: int) -> int:
    """The UTF-16 offset of a UTF-8 byte offset into data."""
    return utf16_length(data[:offset].decode("utf-8", "replace"))


class EditError(ValueError):
    """An edit the page asked for that is not possible: an unknown field or operation, a bad range."""


class EditSession:
    """A vouch_session over one form, used from one thread at a time (the server's event loop)."""

    def __init__(self, form: Form, locale: str, max_text_bytes: int) -> None:
        handle = c_void_p()
        check_status(lib.vouch_session_open(form._handle, byref(handle)), lib.vouch_form_last_error(form._handle))
        self._handle = handle
        self._finalizer = weakref.finalize(self, lib.vouch_session_free, handle)
        self.form = form
        self.locale = locale
        self.max_text_bytes = max_text_bytes
        self.last_used = time.monotonic()
        self._index = {field.name: index for index, field in enumerate(form.fields)}
        # A standalone edit per masked field, only to ask whether its text fills the mask: the
        # session calls have no "complete".
        self._masks: Dict[int, c_void_p] = {}

    def close(self) -> None:
        for edit in self._masks.values():
            lib.vouch_edit_free(edit)
        self._masks.clear()
        self._finalizer()

    def _raise(self, status: int) -> None:
        if status == 2 or status == 1:
            # UTF-8 or argument errors name the range, not the text: safe to show.
            raise EditError(lib.vouch_session_last_error(self._handle).decode("utf-8", "replace"))
        check_status(status, lib.vouch_session_last_error(self._handle))

    # Reading ---------------------------------------------------------------------------------

    def field(self, name: Any) -> int:
        if not isinstance(name, str) or name not in self._index:
            raise EditError(f"the form has no field {name!r}")
        return self._index[name]

    def _text(self, index: int) -> tuple:
        text, length, caret = c_void_p(), c_size_t(), c_size_t()
        self._raise(lib.vouch_session_text(self._handle, index, byref(text), byref(length), byref(caret)))
        return _lib.lent(text, length), caret.value

    def focused(self) -> Optional[str]:
        index = c_size_t()
        self._raise(lib.vouch_session_focused(self._handle, byref(index)))
        return None if index.value == NONE else self.form.fields[index.value].name

    def state(self, index: int) -> Dict[str, Any]:
        """What the page shows of a field: text and caret (UTF-16), state, message, completeness;
        a password's length only; a token field's tokens, typed text and selection."""
        info = self.form.fields[index]
        data, caret = self._text(index)
        state = c_int()
        self._raise(lib.vouch_session_state(self._handle, index, byref(state)))
        message, length = c_void_p(), c_size_t()
        self._raise(lib.vouch_session_message(self._handle, index, byref(message), byref(length)))
        shown: Dict[str, Any] = {
            "name": info.name,
            "state": _STATES[state.value] if 0 <= state.value < len(_STATES) else "inactive",
            "message": _lib.lent(message, length).decode(),
        }
        text = data.decode()
        if info.secret:
            shown.update(text=None, length=utf16_length(text), caret=bytes_to_utf16(data, caret))
        elif info.kind == "tokens":
            shown.update(self._tokens(index))
        else:
            shown.update(text=text, caret=bytes_to_utf16(data, caret), complete=self._complete(index, data))
        return shown

    def _tokens(self, index: int) -> Dict[str, Any]:
        count, selected = c_size_t(), c_size_t()
        self._raise(lib.vouch_tokens_count(self._handle, index, byref(count)))
        self._raise(lib.vouch_tokens_selected(self._handle, index, byref(selected)))
        tokens = []
        for position in range(count.value):
            text, text_length, display, display_length = c_void_p(), c_size_t(), c_void_p(), c_size_t()
            self._raise(
                lib.vouch_tokens_token(
                    self._handle, index, position, byref(text), byref(text_length), byref(display),
                    byref(display_length), None,
                )
            )
            tokens.append({"text": _lib.lent(text, text_length).decode(), "display": _lib.lent(display, display_length).decode()})
        typed, length = c_void_p(), c_size_t()
        self._raise(lib.vouch_tokens_text(self._handle, index, byref(typed), byref(length)))
        typing = _lib.lent(typed, length).decode()
        out, out_length = c_void_p(), c_size_t()
        self._raise(lib.vouch_tokens_violations(self._handle, index, byref(out), byref(out_length)))
        refused = json.loads(_lib.take(out, out_length) or b"[]")
        return {
            "tokens": tokens,
            "text": typing,
            "caret": utf16_length(typing),
            "selected": None if selected.value == NONE else selected.value,
            "refused": refused[0]["message"] if refused else "",
        }

    def _complete(self, index: int, data: bytes) -> bool:
        """Whether the text fills the field's mask (or, without one, whether there is text)."""
        edit = self._masks.get(index)
        if edit is None:
            edit = c_void_p()
            name = self.form.fields[index].name.encode()
            self._raise(lib.vouch_edit_open(self.form._handle, name, len(name), byref(edit)))
            self._masks[index] = edit
        shown, length = c_void_p(), c_size_t()
        lib.vouch_edit_text(edit, byref(shown), byref(length), None)
        complete = c_int()
        if lib.vouch_edit_apply(edit, 0, length.value, data, len(data), None) != 0:
            return bool(data)
        lib.vouch_edit_complete(edit, byref(complete))
        return bool(complete.value)

    def snapshot(self) -> Dict[str, Any]:
        return {
            "locale": self.locale,
            "focused": self.focused(),
            "fields": [self.state(index) for index in range(len(self.form.fields))],
        }

    def record(self) -> Dict[str, Any]:
        """The form's texts as a record for `vouch check`: a token field's tokens as a list.
        It stays on the server (it holds passwords)."""
        record: Dict[str, Any] = {}
        for index, info in enumerate(self.form.fields):
            if info.kind == "tokens":
                record[info.name] = [token["text"] for token in self._tokens(index)["tokens"]]
            else:
                record[info.name] = self._text(index)[0].decode()
        return record

    # Changing --------------------------------------------------------------------------------

    def _utf8(self, value: Any, what: str) -> bytes:
        if not isinstance(value, str):
            raise EditError(f'"{what}" is text')
        data = value.encode("utf-8", "surrogatepass")
        if len(data) > self.max_text_bytes:
            raise EditError(f'"{what}" is longer than {self.max_text_bytes} bytes')
        return data

    def apply(self, step: Dict[str, Any]) -> Dict[str, Any]:
        """Applies one step the page sent ({"op": ..., "field": ...}) and returns what it gave."""
        self.last_used = time.monotonic()
        op = step.get("op")
        out: Dict[str, Any] = {}
        flag, index_out = c_int(1), c_size_t()
        if op == "next":
            self._raise(lib.vouch_session_next(self._handle, byref(index_out)))
        elif op == "previous":
            self._raise(lib.vouch_session_previous(self._handle, byref(index_out)))
        elif op == "blur":
            self._raise(lib.vouch_session_blur(self._handle))
        elif op == "done":
            self._raise(lib.vouch_session_done(self._handle, byref(index_out), byref(flag)))
            out["valid"] = bool(flag.value)
            out["first_invalid"] = None if index_out.value == NONE else self.form.fields[index_out.value].name
        else:
            index = self.field(step.get("field"))
            kind = self.form.fields[index].kind
            if op == "focus":
                self._raise(lib.vouch_session_focus(self._handle, index, byref(flag)))
            elif op == "edit" and kind != "tokens":
                current = self._text(index)[0].decode()
                start, length = step.get("start"), step.get("length")
                if not all(isinstance(number, int) and number >= 0 for number in (start, length)):
                    raise EditError('"start" and "length" are whole numbers from 0 (UTF-16 code units)')
                if start + length > utf16_length(current):
                    raise EditError("the range is outside the field's text")
                first, last = utf16_to_bytes(current, start), utf16_to_bytes(current, start + length)
                data = self._utf8(step.get("text", ""), "text")
                self._raise(lib.vouch_session_edit(self._handle, index, first, last - first, data, len(data), byref(flag)))
            elif op == "type" and kind != "tokens":
                data = self._utf8(step.get("text", ""), "text")
                self._raise(lib.vouch_session_type(self._handle, index, data, len(data), byref(flag)))
            elif op == "backspace" and kind != "tokens":
                self._raise(lib.vouch_session_delete_backward(self._handle, index, byref(flag)))
            elif op == "backspace":
                self._raise(lib.vouch_tokens_delete_backward(self._handle, index))
            elif op == "delete" and kind != "tokens":
                self._raise(lib.vouch_session_delete_forward(self._handle, index, byref(flag)))
            elif op == "choose" and kind == "choice":
                data = self._utf8(step.get("text", ""), "text")
                self._raise(lib.vouch_choice_choose(self._handle, index, data, len(data), byref(flag)))
            elif op == "select_row" and kind == "choice":
                row = step.get("row")
                if not (isinstance(row, int) and row >= 0):
                    raise EditError('"row" is a row of the picker, from 0')
                self._raise(lib.vouch_choice_select(self._handle, index, row))
            elif op == "mark" and kind != "tokens":
                data = self._utf8(step.get("text", ""), "text")
                self._raise(lib.vouch_session_set_marked_text(self._handle, index, data, len(data), byref(flag)))
            elif op == "commit_marked" and kind != "tokens":
                self._raise(lib.vouch_session_commit_marked_text(self._handle, index, byref(flag)))
            elif op in ("undo", "redo") and kind != "tokens":
                call = lib.vouch_session_undo if op == "undo" else lib.vouch_session_redo
                self._raise(call(self._handle, index, byref(flag)))
            elif op in ("edit", "type"):
                # A token input takes typing at its end only, and backspace.
                data = self._utf8(step.get("text", ""), "text")
                self._raise(lib.vouch_tokens_type(self._handle, index, data, len(data)))
            elif op == "commit" and kind == "tokens":
                self._raise(lib.vouch_tokens_commit(self._handle, index, byref(flag)))
            elif op in ("select", "remove") and kind == "tokens":
                position = step.get("index")
                if position is not None and not (isinstance(position, int) and position >= 0):
                    raise EditError('"index" is a token\'s position from 0, or null')
                call = lib.vouch_tokens_select if op == "select" else lib.vouch_tokens_remove
                self._raise(call(self._handle, index, NONE if position is None else position))
            elif op == "set_text":
                data = self._utf8(step.get("text", ""), "text")
                self._raise(lib.vouch_session_set_text(self._handle, index, data, len(data)))
            elif op == "set_error":
                # An error the app found itself (a server said the name is taken).
                data = self._utf8(step.get("message", ""), "message")
                self._raise(lib.vouch_session_set_error(self._handle, index, data, len(data), 1 if step.get("sticky") else 0))
            elif op == "clear_error":
                self._raise(lib.vouch_session_clear_error(self._handle, index))
            elif op in ("enable", "disable"):
                self._raise((lib.vouch_session_enable if op == "enable" else lib.vouch_session_disable)(self._handle, index))
            else:
                raise EditError(
                    f"unknown step {op!r} for a {kind} field: focus, edit, type, backspace, delete, mark, commit_marked, undo, redo, set_text, set_error, "
                    "clear_error, enable, disable, next, previous, blur, done; commit, select and remove for token fields; "
                    "choose and select_row for choice fields"
                )
        out["accepted"] = bool(flag.value)
        out.update(self.snapshot())
        return out

    def __del__(self) -> None:
        for edit in self._masks.values():
            lib.vouch_edit_free(edit)

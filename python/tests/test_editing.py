"""The interactive session from Python: undo and redo, the delete key, read-only fields, units."""
from __future__ import annotations

import json
from ctypes import byref, c_size_t, c_void_p

import pytest

import vouch
from vouch import _lib
from vouch._lib import lib

pytest.importorskip("starlette", reason="vouch.web needs starlette")  # noqa: E402
from vouch.web.edit_session import EditSession  # noqa: E402

SPEC = {
    "vouch": 1,
    "locale": "en-US",
    "fields": [
        {"name": "id", "kind": "readonly"},
        {"name": "phone", "kind": "phone"},
        {"name": "weight", "kind": "decimal", "unit": "kilogram"},
        {"name": "to", "kind": "tokens", "token_kind": "email", "separators": [","]},
        {"name": "plan", "kind": "choice", "manual_entry": True, "options": [{"value": "b", "label": "Business"}]},
    ],
}


@pytest.fixture()
def session() -> EditSession:
    return EditSession(vouch.Form.from_json(SPEC), "en-US", 4096)


def text(session: EditSession, field: str) -> str:
    return next(shown for shown in session.snapshot()["fields"] if shown["name"] == field)["text"]


def test_undo_redo_steps(session: EditSession) -> None:
    session.apply({"op": "focus", "field": "phone"})
    for digit in "201555":
        session.apply({"op": "type", "field": "phone", "text": digit})
    session.apply({"op": "type", "field": "phone", "text": "0123"})
    assert text(session, "phone") == "(201) 555-0123"
    assert session.apply({"op": "undo", "field": "phone"})["accepted"]
    assert text(session, "phone") == "(201) 555", "the paste is one step"
    assert session.apply({"op": "undo", "field": "phone"})["accepted"]
    assert text(session, "phone") == "", "the typed run is one step"
    assert not session.apply({"op": "undo", "field": "phone"})["accepted"]
    assert session.apply({"op": "redo", "field": "phone"})["accepted"]
    assert text(session, "phone") == "(201) 555"


def test_delete_over_a_separator(session: EditSession) -> None:
    session.apply({"op": "focus", "field": "phone"})
    session.apply({"op": "type", "field": "phone", "text": "2015550123"})
    # The caret before ")": the delete key removes the digit after the layout characters.
    session.apply({"op": "edit", "field": "phone", "start": 4, "length": 0, "text": ""})
    session.apply({"op": "delete", "field": "phone"})
    assert text(session, "phone") == "(201) 550-123"


def test_read_only_takes_no_focus_nor_typing(session: EditSession) -> None:
    assert session.apply({"op": "focus", "field": "id"})["accepted"] is False
    assert session.apply({"op": "type", "field": "id", "text": "abc"})["accepted"] is False
    assert text(session, "id") == ""


def test_unit_in_the_hints(session: EditSession) -> None:
    out, length = c_void_p(), c_size_t()
    session._raise(lib.vouch_session_hints(session._handle, 2, byref(out), byref(length)))
    try:
        hints = json.loads(_lib.lent(out, length).decode())
    finally:
        lib.vouch_free(out)
    assert hints["unit"] == {"id": "kilogram", "short": "kg", "long": "kilograms"}


def test_token_summary(session: EditSession) -> None:
    session.apply({"op": "type", "field": "to", "text": "ada@example.org, grace@navy.example, alan@example.net,"})
    out, length = c_void_p(), c_size_t()
    session._raise(lib.vouch_tokens_summary(session._handle, 3, 1, byref(out), byref(length)))
    try:
        summary = _lib.lent(out, length).decode()
    finally:
        lib.vouch_free(out)
    assert summary == "ada@example.org and 2 more"


def test_composition(session: EditSession) -> None:
    session.apply({"op": "focus", "field": "phone"})
    session.apply({"op": "type", "field": "phone", "text": "20"})
    assert session.apply({"op": "mark", "field": "phone", "text": "１５"})["accepted"]
    assert text(session, "phone") == "(20１５", "marked text is shown as it is"
    assert session.apply({"op": "commit_marked", "field": "phone"})["accepted"]
    assert text(session, "phone") == "(201) 5"


def test_choice_with_manual_entry(session: EditSession) -> None:
    assert session.apply({"op": "choose", "field": "plan", "text": "business"})["accepted"]
    assert text(session, "plan") == "b", "the label typed selects the option's value"
    session.apply({"op": "select_row", "field": "plan", "row": 1})
    assert text(session, "plan") == "", "the manual-entry row: free text"
    assert session.apply({"op": "choose", "field": "plan", "text": "Enterprise"})["accepted"]
    assert text(session, "plan") == "Enterprise"
    out, length = c_void_p(), c_size_t()
    session._raise(lib.vouch_choice_rows(session._handle, 4, byref(out), byref(length)))
    try:
        rows = json.loads(_lib.lent(out, length).decode())
    finally:
        lib.vouch_free(out)
    assert rows["values"] == ["b"] and rows["manual_entry"] == 1

"""The interactive session from Python: undo and redo, the delete key, read-only fields, units,
ranges in the hints, and a required box."""
from __future__ import annotations

import json
from ctypes import byref, c_size_t, c_void_p
from typing import Any

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
        {"name": "age", "kind": "number", "min": 0, "max": 120},
        {"name": "terms", "kind": "boolean", "required": True},
        {"name": "born", "kind": "date", "min": "1900-01-01", "max": "2030-12-31"},
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


def given(session: EditSession, call: Any, *arguments: Any) -> str:
    """The text a session call gives through its `char **` out-parameter, released once read."""
    out, length = c_void_p(), c_size_t()
    session._raise(call(session._handle, *arguments, byref(out), byref(length)))
    return _lib.take(out, length).decode()


def hints(session: EditSession, index: int) -> dict:
    return json.loads(given(session, lib.vouch_session_hints, index))


def test_unit_in_the_hints(session: EditSession) -> None:
    assert hints(session, 2)["unit"] == {"id": "kilogram", "short": "kg", "long": "kilograms"}


@pytest.mark.parametrize(
    "index, low, high, step, html",
    [
        (5, "0", "120", "1", 'min="0" max="120" step="1"'),
        (7, "1900-01-01", "2030-12-31", None, 'min="1900-01-01" max="2030-12-31"'),
        (2, None, None, None, None),
    ],
)
def test_range_in_the_hints(session: EditSession, index: int, low, high, step, html) -> None:
    shown = hints(session, index)
    assert (shown["min"], shown["max"], shown["step"]) == (low, high, step)
    if html:
        assert html in shown["html"], "the page's input carries them as HTML attributes"
    else:
        assert " min=" not in shown["html"]


@pytest.mark.parametrize(
    "word, codes",
    [("on", []), ("YES", []), ("1", []), ("true", []), ("no", ["accepted"]), ("off", ["accepted"]), ("0", ["accepted"]),
     (False, ["accepted"]), (True, []), ("", ["required"]), ("maybe", ["boolean"])],
)
def test_required_box_is_accepted(session: EditSession, word, codes) -> None:
    result = session.form.validate({"terms": word})
    assert [v.code for v in result.violations if v.field == "terms"] == codes, "checked in bulk"
    if isinstance(word, str):
        session.apply({"op": "set_text", "field": "terms", "text": word})
        session.apply({"op": "done"})
        state = next(shown for shown in session.snapshot()["fields"] if shown["name"] == "terms")
        assert (state["state"] == "error") == bool(codes), "checked in the session"


def test_token_summary(session: EditSession) -> None:
    session.apply({"op": "type", "field": "to", "text": "ada@example.org, grace@navy.example, alan@example.net,"})
    assert given(session, lib.vouch_tokens_summary, 3, 1) == "ada@example.org and 2 more"


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
    rows = json.loads(given(session, lib.vouch_choice_rows, 4))
    assert rows["values"] == ["b"] and rows["manual_entry"] == 1


def test_page_uses_the_choice_rows_and_the_range(tmp_path) -> None:
    from vouch.web.page import render_page
    from vouch.web.served_form import ServedForm

    path = tmp_path / "plans.json"
    path.write_text(json.dumps(SPEC))
    served = ServedForm(str(path), vouch.Registry())
    fields = {field["name"]: field for field in served.fields("de-DE")}
    assert fields["plan"]["options"] == [{"value": "b", "label": "Business"}]
    assert fields["plan"]["manual_entry"] == "Manuelle Eingabe", "the locale's manual-entry row"
    page = render_page(served, "de-DE", list(fields.values()))
    assert 'list="options-plan" ' in page and 'placeholder="Manuelle Eingabe"' in page
    assert 'min="0" max="120" step="1"' in page


def masks(locale: str) -> EditSession:
    spec = {
        "vouch": 1,
        "locale": locale,
        "fields": [
            {"name": "phone", "kind": "phone"},
            {"name": "born", "kind": "date"},
            {"name": "at", "kind": "time"},
            {"name": "price", "kind": "money"},
        ],
    }
    return EditSession(vouch.Form.from_json(spec), locale, 4096)


# The same steps as the replays of Examples/edits/ (delete-over-separator, insert-middle,
# time-en-typed, amount-ja), with the text and caret they show.
@pytest.mark.parametrize(
    "locale, field, steps, shown, caret",
    [
        ("en-US", "phone", [("type", "2015550123"), ("edit", 5, 0, ""), ("backspace",)], "(205) 550-123", 3),
        ("en-US", "phone", [("type", "2015550123"), ("edit", 4, 1, ""), ("edit", 4, 0, ""), ("delete",)], "(205) 501-23", 6),
        ("en-US", "born", [("type", "0222198"), ("edit", 3, 0, "1")], "02/12/2198", 4),
        ("en-US", "born", [("type", "0211"), ("edit", 0, 0, "5"), ("edit", 0, 7, "50/21/1")], "50/21/1", 7),
        ("en-US", "at", [("type", "9:05")], "09:05", 5),
        ("de-DE", "at", [("type", "905")], "09:05", 5),
        ("ja-JP", "price", [("type", "1234"), ("type", "."), ("type", "5")], "1,234", 5),
    ],
)
def test_masks_as_typed(locale: str, field: str, steps, shown: str, caret: int) -> None:
    session = masks(locale)
    for step in steps:
        if step[0] == "edit":
            session.apply({"op": "edit", "field": field, "start": step[1], "length": step[2], "text": step[3]})
        elif step[0] == "type":
            session.apply({"op": "type", "field": field, "text": step[1]})
        else:
            session.apply({"op": step[0], "field": field})
    state = next(state for state in session.snapshot()["fields"] if state["name"] == field)
    assert (state["text"], state["caret"]) == (shown, caret)


def test_token_steps(session: EditSession) -> None:
    session.apply({"op": "type", "field": "to", "text": "ada@example.org"})
    assert session.apply({"op": "commit", "field": "to"})["accepted"]
    session.apply({"op": "type", "field": "to", "text": "grace@navy.example,"})
    session.apply({"op": "select", "field": "to", "index": 0})
    session.apply({"op": "remove", "field": "to", "index": 0})
    state = next(state for state in session.snapshot()["fields"] if state["name"] == "to")
    assert [token["text"] for token in state["tokens"]] == ["grace@navy.example"]


def test_focus_and_navigation(session: EditSession) -> None:
    assert session.apply({"op": "focus", "field": "phone"})["focused"] == "phone"
    assert session.apply({"op": "next"})["focused"] == "weight"
    assert session.apply({"op": "previous"})["focused"] == "phone"
    fields = {state["name"]: state["state"] for state in session.apply({"op": "next"})["fields"]}
    assert (fields["phone"], fields["weight"]) == ("inactive", "active")
    done = session.apply({"op": "done"})
    assert done["first_invalid"] == "terms" and done["valid"] is False, "the required box is not ticked"


def test_keyboard_return_key_and_toolbar(session: EditSession) -> None:
    phone = hints(session, 1)
    assert (phone["keyboard"], phone["toolbar"], phone["return_key"], phone["enterkeyhint"]) == ("phone_pad", True, "next", "next")
    assert 'type="tel"' in phone["html"]
    assert hints(session, 7)["return_key"] == "done", "the last field"

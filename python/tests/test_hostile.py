"""Interrupts, large CSV, strictness and ranges: what a hostile or unlucky caller may do."""
from __future__ import annotations

import ctypes
import json

import pytest

import vouch
from vouch import form as form_module

FORM = {"vouch": 1, "fields": [{"name": "name", "kind": "text", "required": True}, {"name": "note", "kind": "area"}]}


class CountingLib:
    """libvouch, counting the buffers vouch_form_check gives and vouch_free releases."""

    def __init__(self, lib):
        self.lib = lib
        self.given = []
        self.freed = []

    def __getattr__(self, name):
        return getattr(self.lib, name)

    def vouch_form_check(self, *arguments):
        status = self.lib.vouch_form_check(*arguments)
        for out in (arguments[4], arguments[6]):  # byref(out), byref(summary)
            value = ctypes.cast(out, ctypes.POINTER(ctypes.c_void_p)).contents.value
            if value:
                self.given.append(value)
        return status

    def vouch_free(self, pointer):
        value = pointer.value if isinstance(pointer, ctypes.c_void_p) else pointer
        if value:
            self.freed.append(value)
        self.lib.vouch_free(pointer)


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_an_interrupt_frees_every_buffer(monkeypatch, fmt):
    form = vouch.Form.from_json(FORM)
    counting = CountingLib(form_module.lib)
    monkeypatch.setattr(form_module, "lib", counting)
    monkeypatch.setattr(form_module, "PIECE_BYTES", 64)
    calls = []

    class InterruptedJSON:
        """json, with Ctrl-C coming during the second call into libvouch (raised as it returns)."""

        @staticmethod
        def loads(text):
            calls.append(text)
            if len(calls) == 2:
                raise KeyboardInterrupt
            return json.loads(text)

    monkeypatch.setattr(form_module, "json", InterruptedJSON)
    rows = [f'{{"name": "n{i}"}}' for i in range(40)] if fmt == "jsonl" else ["name,note"] + [f"n{i},x" for i in range(40)]
    with pytest.raises(KeyboardInterrupt):
        form.check_lines("\n".join(rows) + "\n", format=fmt)
    assert len(counting.given) >= 4
    assert sorted(counting.given) == sorted(counting.freed), "every buffer libvouch gave is freed, once"


def test_csv_in_pieces_is_the_same_as_whole(monkeypatch):
    form = vouch.Form.from_json(FORM)
    text = "\ufeffname,\"no\nte\"\n" + "".join(f'n{i},"a\n""b"", {i}"\n' if i % 3 else f",x{i}\n" for i in range(300))
    whole = form.check(text, format="csv")
    calls = []
    original = form_module.lib.vouch_form_check

    class Spy(CountingLib):
        def vouch_form_check(self, *arguments):
            calls.append(arguments[2])
            return original(*arguments)

    monkeypatch.setattr(form_module, "lib", Spy(form_module.lib))
    monkeypatch.setattr(form_module, "PIECE_BYTES", 200)
    pieces = form.check(text, format="csv")
    assert len(calls) > 10, "cut into pieces, so that an interrupt takes effect between them"
    assert pieces.output == whole.output
    assert pieces.summary == whole.summary


@pytest.mark.parametrize(
    "text",
    ['{"name": "a\nb"}', '{"name": "a\rb"}', '{"name": "a\\\nb"}'],
)
def test_validate_many_is_as_strict_as_validate(text):
    form = vouch.Form.from_json(FORM)
    with pytest.raises(vouch.JSONError):
        form.validate(text)
    [result] = form.validate_many([text])
    assert not result.valid
    assert result.violations[0].code == "invalid_json"


def test_validate_many_takes_line_breaks_between_tokens():
    form = vouch.Form.from_json(FORM)
    [result] = form.validate_many(['{\r\n  "name":\n"Ada"\n}'])
    assert result.valid


@pytest.mark.parametrize("name", ["max_record_bytes", "max_value_bytes", "first_record", "first_line"])
@pytest.mark.parametrize("value", [2**64 + 5, 2**31, -1, 0, True])
def test_numbers_out_of_range_are_refused_before_c(name, value):
    form = vouch.Form.from_json(FORM)
    with pytest.raises(ValueError, match=f"{name} is a whole number from 1 to 1073741824"):
        form.check_lines('{"name": "a"}\n', **{name: value})


def test_loading_libvouch_installs_no_crash_handler():
    # Swift's crash handler would print memory near the registers on this process's crashes (its
    # secrets): libvouch takes it away. /proc/self/status lists the signals a handler catches.
    import signal
    import subprocess
    import sys

    script = (
        "import vouch; vouch.Registry();"
        "mask = int(next(l for l in open('/proc/self/status') if l.startswith('SigCgt:')).split()[1], 16);"
        "print(' '.join(str(s) for s in (4, 5, 6, 7, 8, 11) if mask & (1 << (s - 1))))"
    )
    caught = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert caught == [], f"signals caught after loading libvouch: {caught}"
    assert int(signal.SIGSEGV) == 11


@pytest.mark.parametrize("text", ['{"name": "SeCrEt\\qXYZ"}', '{"name": "SeCrEt\\uD800XYZ"}', '{"name": "SeCrEt\x01XYZ"}'])
def test_a_json_error_quotes_nothing_of_a_string(text):
    form = vouch.Form.from_json(FORM)
    with pytest.raises(vouch.JSONError) as raised:
        form.validate(text)
    message = str(raised.value)
    assert "the string that starts here is not valid JSON" in message
    assert "XYZ" not in message and "'q'" not in message and "D800" not in message and "column 10" in message
    [result] = form.validate_many([text])
    assert "XYZ" not in result.violations[0].message and "'q'" not in result.violations[0].message

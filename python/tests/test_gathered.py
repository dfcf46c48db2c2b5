"""check_lines' output gathered into the bytes object it returns (vouch._gathered): the same lines
as a file object gets, whether the room made at first suffices or not, on CPython in place,
elsewhere in a BytesIO; nothing kept when the check stops."""
from __future__ import annotations

import ctypes
import io
import sys
import tracemalloc

import pytest

import vouch
from vouch import _gathered
from conftest import signup_lines

IN_PLACE = sys.implementation.name == "cpython"


def written(form: vouch.Form, data: bytes, **options) -> bytes:
    file = io.BytesIO()
    form.check_to(data, file, **options)
    return file.getvalue()


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("display", [False, True])
def test_the_lines_are_those_a_file_gets(signup_form, jobs, display):
    data = b"\n".join(signup_lines(4000, seed=5)) + b"\n"
    output = signup_form.check_lines(data, jobs=jobs, display=display)
    assert output == written(signup_form, data, jobs=jobs, display=display)
    # With display values the output outgrows the room made at first, which then grows.
    assert (len(output) > len(data) * 3 // 2) == display
    assert sys.getrefcount(output) == 2, "one reference, the caller's"


def test_small_and_empty_outputs(signup_form):
    assert signup_form.check_lines(b"") == b""
    one = signup_lines(1)[0]
    assert signup_form.check_lines(one) == written(signup_form, one)
    # An output many times the input, as unreadable lines are.
    data = b"\n".join([b"{"] * 3000)
    assert signup_form.check_lines(data) == written(signup_form, data) and len(data) * 20 < len(signup_form.check_lines(data))


def _address(data: bytes) -> int:
    return ctypes.cast(ctypes.c_char_p(data), ctypes.c_void_p).value


@pytest.mark.parametrize("in_place", [True, False] if IN_PLACE else [False])
@pytest.mark.parametrize("guess", [1 << 40, 1])
def test_room_is_made_as_lines_need_it(in_place, guess):
    """A terabyte's guess asks for no room before lines need it, and a byte's grows."""
    parts = [bytes([65 + n]) * (1000 + n) for n in range(26)]
    gathered = _gathered.InPlaceBytes(guess) if in_place else _gathered.BufferedBytes()
    try:
        for part in parts:
            gathered.append(_address(part), len(part))
        assert gathered.take() == b"".join(parts)
    finally:
        gathered.close()


def test_a_bytesio_gathers_elsewhere(signup_form, monkeypatch):
    data = b"\n".join(signup_lines(2000, seed=3))
    expected = signup_form.check_lines(data, display=True)
    monkeypatch.setattr(_gathered, "_IN_PLACE", False)
    assert isinstance(_gathered.gather(16), _gathered.BufferedBytes)
    assert signup_form.check_lines(data, display=True) == expected


@pytest.mark.skipif(not IN_PLACE, reason="CPython writes in place")
def test_nothing_is_kept_when_the_check_stops(signup_form, monkeypatch):
    data = b"\n".join(signup_lines(20000, seed=9))
    appended = _gathered.InPlaceBytes.append
    calls = []

    def fails_at_the_third_batch(self, address, length):
        calls.append(length)
        if len(calls) == 3:
            raise OSError("no room")
        appended(self, address, length)

    monkeypatch.setattr(_gathered.InPlaceBytes, "append", fails_at_the_third_batch)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        with pytest.raises(OSError, match="no room"):
            signup_form.check_lines(data)
        left = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(calls) == 3
    assert left < len(data) // 10, f"{left} bytes left of an output of about {len(data) * 3 // 2}"


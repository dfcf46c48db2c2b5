"""The output lines of a batch check, gathered into the bytes object the check returns.

On CPython the lines are written straight into that object, as a C extension builds one through
the C API: made at a size with nothing in it yet (``PyBytes_FromStringAndSize(NULL, n)``), filled a
batch at a time, grown and at the end cut to its length by ``_PyBytes_Resize``. Each line is
copied once, from libvouch's batch to where it stays, with no BytesIO in between. Elsewhere a
BytesIO gathers."""
from __future__ import annotations

import ctypes
import io
import sys
from ctypes import POINTER, byref, c_char_p, c_int, c_ssize_t, c_void_p, py_object

try:
    # Functions of their own, not the attributes of ctypes.pythonapi, whose types any module may set.
    _new = ctypes.PYFUNCTYPE(c_void_p, c_char_p, c_ssize_t)(("PyBytes_FromStringAndSize", ctypes.pythonapi))
    _resize = ctypes.PYFUNCTYPE(c_int, POINTER(c_void_p), c_ssize_t)(("_PyBytes_Resize", ctypes.pythonapi))
    _start = ctypes.PYFUNCTYPE(c_void_p, c_void_p)(("PyBytes_AsString", ctypes.pythonapi))
    _release = ctypes.PYFUNCTYPE(None, c_void_p)(("Py_DecRef", ctypes.pythonapi))
    _IN_PLACE = sys.implementation.name == "cpython"
except AttributeError:  # no ctypes.pythonapi, or a Python without one of these functions
    _IN_PLACE = False


# The room made at first: half as much again as the input, about what a record's line takes, but
# no more than this before lines need it, so that a large input's guess cannot fail where the lines
# themselves would fit.
_FIRST_ROOM_AT_MOST = 64 << 20


def lent_view(address: int, length: int) -> memoryview:
    """The `length` bytes libvouch lends at `address`, as a memoryview (valid while lent)."""
    return memoryview((ctypes.c_char * length).from_address(address)).cast("B")


def gather(input_length: int) -> "InPlaceBytes | BufferedBytes":
    """Somewhere to gather the output lines of a check of `input_length` bytes: in place on CPython,
    elsewhere in a BytesIO. Each has ``append(address, length)``, ``take()`` (the bytes, once) and
    ``close()`` (drops what was gathered when the check fails; after ``take`` it does nothing)."""
    if _IN_PLACE:
        return InPlaceBytes(input_length + input_length // 2)
    return BufferedBytes()


class InPlaceBytes:
    """Output lines appended a batch at a time into the bytes object :meth:`take` returns; room for
    `expected` bytes at first (up to the cap), grown by half when it runs out."""

    def __init__(self, expected: int) -> None:
        self._length = 0
        self._capacity = min(max(expected, 4096), _FIRST_ROOM_AT_MOST)
        # The bytes object being filled: a reference owned here, held as an address so that no
        # other reference to it exists while it may still be resized.
        self._object = c_void_p(_new(None, self._capacity))
        self._address: int = _start(self._object)

    def append(self, address: int, length: int) -> None:
        """Appends the `length` bytes at `address`."""
        if self._length + length > self._capacity:
            self._capacity = max(self._capacity + self._capacity // 2, self._length + length)
            _resize(byref(self._object), self._capacity)  # raises MemoryError, the object freed
            self._address = _start(self._object)
        ctypes.memmove(self._address + self._length, address, length)
        self._length += length

    def take(self) -> bytes:
        _resize(byref(self._object), self._length)
        value: bytes = ctypes.cast(self._object, py_object).value
        self.close()
        return value

    def close(self) -> None:
        if self._object.value:
            _release(self._object)
            self._object.value = None


class BufferedBytes:
    """The same, through a BytesIO, where the C API is not to be had."""

    def __init__(self) -> None:
        self._buffer = io.BytesIO()

    def append(self, address: int, length: int) -> None:
        self._buffer.write(lent_view(address, length))

    def take(self) -> bytes:
        return self._buffer.getvalue()

    def close(self) -> None:
        self._buffer.close()

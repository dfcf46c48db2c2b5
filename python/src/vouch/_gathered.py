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
from typing import Optional

try:
    # Functions of their own, not the attributes of ctypes.pythonapi, whose types any module may set.
    _new = ctypes.PYFUNCTYPE(c_void_p, c_char_p, c_ssize_t)(("PyBytes_FromStringAndSize", ctypes.pythonapi))
    _resize = ctypes.PYFUNCTYPE(c_int, POINTER(c_void_p), c_ssize_t)(("_PyBytes_Resize", ctypes.pythonapi))
    _start = ctypes.PYFUNCTYPE(c_void_p, c_void_p)(("PyBytes_AsString", ctypes.pythonapi))
    _release = ctypes.PYFUNCTYPE(None, c_void_p)(("Py_DecRef", ctypes.pythonapi))
    _IN_PLACE = sys.implementation.name == "cpython"
except AttributeError:  # no ctypes.pythonapi, or a Python without one of these functions
    _IN_PLACE = False


# The most room made before any line comes: more is asked for only as lines need it, so that a
# large input's guess cannot fail where the lines themselves would fit.
_FIRST_ROOM_AT_MOST = 64 << 20


class Gathered:
    """Output lines appended a batch at a time, then taken once as bytes. `expected` is the
    number of bytes to make room for at first (room grows by half when it runs out). :meth:`close`
    drops what was gathered when the check fails; after :meth:`take` it does nothing."""

    def __init__(self, expected: int) -> None:
        self._length = 0
        self._capacity = min(max(expected, 4096), _FIRST_ROOM_AT_MOST)
        self._buffer: Optional[io.BytesIO] = None
        # The bytes object being filled: a reference owned here, held as an address so that no
        # other reference to it exists while it may still be resized.
        self._object = c_void_p()
        self._address = 0
        if not _IN_PLACE:
            self._buffer = io.BytesIO()
            return
        self._object.value = _new(None, self._capacity)
        self._address = _start(self._object)

    def append(self, address: int, length: int) -> None:
        """Appends the `length` bytes at `address`."""
        if self._buffer is not None:
            self._buffer.write(memoryview((ctypes.c_char * length).from_address(address)).cast("B"))
            return
        if self._length + length > self._capacity:
            self._capacity = max(self._capacity + self._capacity // 2, self._length + length)
            _resize(byref(self._object), self._capacity)  # raises MemoryError, the object freed
            self._address = _start(self._object)
        ctypes.memmove(self._address + self._length, address, length)
        self._length += length

    def take(self) -> bytes:
        """What was gathered, as one bytes object."""
        if self._buffer is not None:
            return self._buffer.getvalue()
        _resize(byref(self._object), self._length)
        value: bytes = ctypes.cast(self._object, py_object).value
        self.close()
        return value

    def close(self) -> None:
        if self._object.value:
            _release(self._object)
            self._object.value = None

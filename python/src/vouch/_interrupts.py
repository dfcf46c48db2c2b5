"""Ctrl-C while libvouch calls back into Python.

Python raises KeyboardInterrupt from the next Python code the main thread runs after SIGINT. During
a batch check that code is the write callback, and the interrupt may come at the callback's first
instruction, before any ``try`` in it: ctypes then prints "Exception ignored on calling ctypes
callback function", drops the exception and hands libvouch an undefined return value, so the
check either goes on or stops with an unrelated error. While a check runs, SIGINT is therefore
only noted; the callback asks :meth:`HeldInterrupts.pending` and stops the check, and the signal's
own handler runs once libvouch has returned."""
from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import Any, List, Optional, Tuple, Type


class HeldInterrupts:
    """A context that notes SIGINT instead of handling it, then handles it on leaving, with the
    handler that was in place (Python's default raises KeyboardInterrupt there). It holds only on
    the main thread, where Python runs signal handlers, and only when SIGINT has a Python handler;
    elsewhere it changes nothing and nothing is ever pending."""

    def __init__(self) -> None:
        self._noted: List[Tuple[int, Optional[FrameType]]] = []
        self._previous: Any = None

    @property
    def pending(self) -> bool:
        """Whether SIGINT came since the context was entered."""
        return bool(self._noted)

    def _note(self, signum: int, frame: Optional[FrameType]) -> None:
        self._noted.append((signum, frame))

    def __enter__(self) -> "HeldInterrupts":
        if threading.current_thread() is threading.main_thread():
            previous = signal.getsignal(signal.SIGINT)
            if callable(previous):
                self._previous = previous
                signal.signal(signal.SIGINT, self._note)
        return self

    def __exit__(
        self, kind: Optional[Type[BaseException]], error: Optional[BaseException], traceback: Optional[TracebackType]
    ) -> None:
        previous, self._previous = self._previous, None
        if previous is None:
            return
        signal.signal(signal.SIGINT, previous)
        if self._noted:
            signum, frame = self._noted[0]
            self._noted.clear()
            previous(signum, frame)

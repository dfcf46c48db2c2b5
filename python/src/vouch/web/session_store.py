"""The edit sessions a server keeps: bounded in number and in idle time, each reached by an
unguessable id and bound to the form it was opened on."""
from __future__ import annotations

import secrets
import time
from typing import Dict, Tuple

from .edit_session import EditSession


class SessionLimitError(RuntimeError):
    """Every session is in use and none has been idle long enough to close."""


class SessionStore:
    def __init__(self, max_sessions: int = 100, idle_seconds: float = 900.0) -> None:
        if max_sessions < 1 or idle_seconds <= 0:
            raise ValueError("max_sessions is 1 or more and idle_seconds more than 0")
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self._sessions: Dict[str, Tuple[str, EditSession]] = {}

    def __len__(self) -> int:
        return len(self._sessions)

    def _expire(self) -> None:
        limit = time.monotonic() - self.idle_seconds
        for key, (_, session) in list(self._sessions.items()):
            if session.last_used < limit:
                del self._sessions[key]
                session.close()

    def add(self, form_name: str, session: EditSession) -> str:
        """Keeps a new session and returns its id; SessionLimitError when the store is full."""
        self._expire()
        if len(self._sessions) >= self.max_sessions:
            session.close()
            raise SessionLimitError(f"the server keeps {self.max_sessions} edit sessions at most: try again later")
        key = secrets.token_urlsafe(18)
        self._sessions[key] = (form_name, session)
        return key

    def get(self, form_name: str, key: str) -> EditSession:
        """The session of that id on that form; KeyError when there is none (or it expired)."""
        self._expire()
        entry = self._sessions.get(key)
        if entry is None or entry[0] != form_name:
            raise KeyError(key)
        return entry[1]

    def close(self, form_name: str, key: str) -> bool:
        entry = self._sessions.get(key)
        if entry is None or entry[0] != form_name:
            return False
        del self._sessions[key]
        entry[1].close()
        return True

    def close_all(self) -> None:
        for _, session in self._sessions.values():
            session.close()
        self._sessions.clear()

"""An in-memory stand-in for the ``EventStore`` port's conversation rows, and a scripted provider.

Why it exists: the named session operations (``application.sessions.operations``) are plain calls
on the store port; their unit tests need a store that keeps rows in a dict and records every
call, so a test can say exactly what an operation did to the store and what it reported. Only
the row operations those use cases call are here; anything else raises ``AttributeError``.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator
from itertools import count

from parley.application.ports.chat_provider import ChatRequest, Delta, TextDelta
from parley.application.ports.event_store import SessionNotFound, SessionRecord


class MemorySessionStore:
    """Conversation rows in a dict; ``calls`` lists ``(method, session_id, …)`` in order."""

    def __init__(self) -> None:
        self.rows: dict[str, SessionRecord] = {}
        self.calls: list[tuple[object, ...]] = []
        self._ids = count(1)

    def create_session(
        self,
        title: str = "",
        *,
        session_id: str | None = None,
        project_id: str | None = None,
        pinned: bool = False,
    ) -> SessionRecord:
        sid = session_id or f"s{next(self._ids)}"
        record = SessionRecord(sid, title, "2026-01-01T00:00:00Z", "2026-01-01T00:00:00Z",
                               project_id, pinned)  # fmt: skip
        self.rows[sid] = record
        return record

    def get_session(self, session_id: str) -> SessionRecord:
        self.calls.append(("get_session", session_id))
        return self._row(session_id)

    def rename_session(self, session_id: str, title: str) -> None:
        self.calls.append(("rename_session", session_id, title))
        self.rows[session_id] = dataclasses.replace(self._row(session_id), title=title)

    def set_pinned(self, session_id: str, pinned: bool) -> None:
        self.calls.append(("set_pinned", session_id, pinned))
        self.rows[session_id] = dataclasses.replace(self._row(session_id), pinned=pinned)

    def set_project(self, session_id: str, project_id: str | None) -> None:
        self.calls.append(("set_project", session_id, project_id))
        self.rows[session_id] = dataclasses.replace(self._row(session_id), project_id=project_id)

    def duplicate_session(self, session_id: str, *, title: str | None = None) -> SessionRecord:
        self.calls.append(("duplicate_session", session_id))
        original = self._row(session_id)
        return self.create_session(
            title if title is not None else f"{original.title} (copy)",
            project_id=original.project_id,
        )

    def delete_session(self, session_id: str) -> int:
        self.calls.append(("delete_session", session_id))
        self._row(session_id)
        del self.rows[session_id]
        return 0

    def _row(self, session_id: str) -> SessionRecord:
        try:
            return self.rows[session_id]
        except KeyError:
            raise SessionNotFound(session_id) from None


class ScriptedTitleProvider:
    """A ``ChatProvider`` that answers every request with ``answer``; ``requests`` keeps them."""

    kind = "openai"
    default_model = "model-a"

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.requests: list[ChatRequest] = []

    def stream(self, request: ChatRequest, cancel: threading.Event) -> Iterator[Delta]:
        self.requests.append(request)
        yield TextDelta(self.answer)

    def list_models(self) -> list[str]:
        return [self.default_model]

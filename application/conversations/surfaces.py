"""Which surface started a conversation: the window, ``parley ask``, or a schedule.

Why it exists: every turn records the surface that started it (``turn_started.surface``, from the
request's ``surface``). A conversation that a schedule started belongs in the sidebar's Scheduled
section and is labelled "scheduled" in the history, whoever continues it later. This module is the
one reading of that fact, so the sidebar, the history and the command line agree on it.

Invariants it keeps:

- a conversation's surface is the surface of its *first* turn in log order (the turn that created
  it); a conversation with no turn yet (or whose first ``turn_started`` cannot be found) has
  none (``""``), so it is never listed as scheduled by accident;
- filtering keeps the listing's order and its items (``SessionRecord``, ``SessionSummary``, …:
  anything with an ``id``) untouched;
- turns recorded before surfaces were named say ``cowork`` (``SURFACE_UNNAMED``) and are never
  taken for a schedule's.

- a conversation's surface never changes once it has a turn (the log is append-only and its first
  turn stays first), so ``ConversationSurfaces`` remembers it; a conversation without a turn yet
  is asked again next time.

Cost: two indexed reads per conversation (its turn index, then its first turn's events), about
0.3 ms each on SQLite: 150-260 ms for 500 conversations the first time, then only the new ones
(``ConversationSurfaces``). Call it on a worker thread; if that first listing ever matters, the
lever is a ``surface`` column in the store's ``turns`` table.

No Qt, no I/O of its own (this is ``application``): it reads through the ``EventStore`` port.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

from parley.application.ports.event_store import EventStore, SessionNotFound
from parley.domain.agents.conversation_execution_request import (
    SURFACE_CLI,
    SURFACE_SCHEDULE,
    SURFACE_WINDOW,
)
from parley.domain.transcript.canonical import StoredEvent, TurnStarted

#: How each named surface reads in the history ("" = not worth a word: the usual case).
_LABELS = {SURFACE_WINDOW: "", SURFACE_CLI: "command line", SURFACE_SCHEDULE: "scheduled"}


class _Listed(Protocol):
    @property
    def id(self) -> str: ...


Listed = TypeVar("Listed", bound=_Listed)


def turn_surfaces(events: Iterable[StoredEvent]) -> dict[str, str]:
    """Per turn id, the surface its ``turn_started`` recorded (pure; log order kept)."""
    return {s.turn_id: s.event.surface for s in events if isinstance(s.event, TurnStarted)}


def surface_label(surface: str) -> str:
    """The word the history shows for a turn's surface: "scheduled", "command line", or "" for
    the window and for turns recorded before surfaces were named."""
    return _LABELS.get(surface, "")


def started_on(store: EventStore, session_id: str) -> str:
    """The surface that started the conversation (its first turn's), "" when it has no turn
    or does not exist."""
    try:
        index = store.turn_index(session_id)
        if not index:
            return ""
        first = index[0].turn_id
        for stored in store.events_of_turns(session_id, [first]):
            if isinstance(stored.event, TurnStarted):
                return stored.event.surface
    except SessionNotFound:
        return ""
    return ""


def sessions_started_on(
    store: EventStore, surface: str, sessions: Sequence[Listed]
) -> list[Listed]:
    """The conversations of ``sessions`` that ``surface`` started, in the order given (e.g. the
    Scheduled section: ``sessions_started_on(store, SURFACE_SCHEDULE, store.list_sessions())``).
    Reads the store: call it off the UI thread."""
    return [s for s in sessions if started_on(store, s.id) == surface]


class ConversationSurfaces:
    """``started_on`` / ``sessions_started_on`` over one store, remembering each conversation's
    surface once it has a turn (module docstring). Safe to share between threads."""

    def __init__(self, store: EventStore) -> None:
        self._store = store
        self._known: dict[str, str] = {}
        self._lock = threading.Lock()

    def started_on(self, session_id: str) -> str:
        """As the module's ``started_on``, read once per conversation."""
        with self._lock:
            known = self._known.get(session_id)
        if known is not None:
            return known
        surface = started_on(self._store, session_id)
        if surface:  # "" may still become a surface: its first turn is not recorded yet
            with self._lock:
                self._known[session_id] = surface
        return surface

    def sessions_started_on(self, surface: str, sessions: Sequence[Listed]) -> list[Listed]:
        """As the module's ``sessions_started_on``, reading only conversations not seen yet."""
        return [s for s in sessions if self.started_on(s.id) == surface]

    def forget(self, session_id: str) -> None:
        """Drop what is known of a deleted conversation."""
        with self._lock:
            self._known.pop(session_id, None)

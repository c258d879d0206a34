"""An in-process cache of the decoded events of the conversations read most recently.

Why it exists: a conversation's whole log is read again and again — when the window opens it,
and at the start of every turn (the runtime renders the provider request from it). Decoding
10,000 events costs over a hundred milliseconds each time, though the log only ever grows at its
end. The store keeps the decoded ``StoredEvent``s of a few conversations here, extends them with
what it appends itself, and checks them against the database before every use (see
``SqliteEventStore.events``), so another process writing the same file is never missed.

Invariants it keeps:

- an entry is a conversation's events from its first one, contiguous (each event's ``prev_hash``
  is the hash of the one before it), and ``head``/``last_id`` are its last event's hash and id;
  an entry is only ever extended by events that link onto its head, or replaced whole;
- every method takes the one lock and does no I/O under it; the lists handed out are copies made
  under it, so no caller ever sees a list that another thread is extending;
- ``StoredEvent`` and the events in it are frozen, so sharing them between callers is safe;
- bounded: at most ``max_sessions`` conversations and ``max_events`` events in all; the least
  recently used conversation goes first, and a conversation larger than ``max_events`` is never
  kept.

Nothing here is a source of truth: dropping any entry at any time only costs a re-read.
"""

from __future__ import annotations

import bisect
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from parley.domain.transcript.canonical import StoredEvent


@dataclass
class _Entry:
    """One conversation's cached events (mutable, only ever touched under the cache's lock)."""

    events: list[StoredEvent]
    last_id: int
    head: str


@dataclass(frozen=True)
class Snapshot:
    """What the cache holds for a conversation at one moment: its last event's id and hash, and
    the events themselves (a list made for this caller alone)."""

    last_id: int
    head: str
    events: list[StoredEvent]


class EventCache:
    """A small LRU of decoded event logs, keyed by conversation id; thread-safe."""

    def __init__(self, *, max_sessions: int = 4, max_events: int = 50_000) -> None:
        self.max_sessions = max(0, max_sessions)
        self.max_events = max(0, max_events)
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._total = 0

    @property
    def enabled(self) -> bool:
        return self.max_sessions > 0 and self.max_events > 0

    def __contains__(self, session_id: object) -> bool:
        with self._lock:
            return session_id in self._entries

    def state(self, session_id: str) -> tuple[int, str] | None:
        """(last id, head hash) of the cached conversation, or None when it is not cached."""
        with self._lock:
            entry = self._entries.get(session_id)
            return None if entry is None else (entry.last_id, entry.head)

    def get(self, session_id: str, *, after_id: int = 0) -> Snapshot | None:
        """The cached events with id > ``after_id`` (a copy), or None when not cached; marks the
        conversation as just used."""
        with self._lock:
            entry = self._entries.get(session_id)
            if entry is None:
                return None
            self._entries.move_to_end(session_id)
            events = entry.events
            start = 0 if after_id <= 0 else bisect.bisect_right(events, after_id, key=_event_id)
            return Snapshot(entry.last_id, entry.head, events[start:])

    def put(self, session_id: str, events: Sequence[StoredEvent]) -> None:
        """Keep ``events`` (a conversation's whole log, as just read) — unless the cache holds a
        longer log of it already (another thread read or appended more meanwhile)."""
        if not self.enabled or len(events) > self.max_events:
            return
        last_id, head = _tail(events)
        with self._lock:
            current = self._entries.get(session_id)
            if current is not None and current.last_id >= last_id:
                return
            self._drop(session_id)
            self._entries[session_id] = _Entry(list(events), last_id, head)
            self._total += len(events)
            self._evict()

    def extend(
        self, session_id: str, *, after: tuple[int, str], events: Sequence[StoredEvent]
    ) -> bool:
        """Add ``events`` to the conversation's entry if it still ends where the caller saw it
        end (``after`` = (last id, head)) and they link onto it; True if added. Otherwise the
        entry is left alone (another thread moved it on, or it was dropped): the caller's own
        result stays right, and the next read checks again."""
        if not events:
            return False
        if events[0].prev_hash != after[1] or events[0].id <= after[0]:
            return False
        with self._lock:
            entry = self._entries.get(session_id)
            if entry is None or (entry.last_id, entry.head) != after:
                return False
            entry.events.extend(events)
            entry.last_id, entry.head = _tail(entry.events)
            self._total += len(events)
            self._entries.move_to_end(session_id)
            self._evict()
            return True

    def discard(self, session_id: str) -> None:
        """Forget the conversation (deleted, or found out of step with the database)."""
        with self._lock:
            self._drop(session_id)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._total = 0

    def _drop(self, session_id: str) -> None:
        entry = self._entries.pop(session_id, None)
        if entry is not None:
            self._total -= len(entry.events)

    def _evict(self) -> None:
        """Drop least recently used conversations until within both bounds (lock held)."""
        while self._entries and (
            len(self._entries) > self.max_sessions or self._total > self.max_events
        ):
            _sid, entry = self._entries.popitem(last=False)
            self._total -= len(entry.events)


def _event_id(stored: StoredEvent) -> int:
    return stored.id


def _tail(events: Sequence[StoredEvent]) -> tuple[int, str]:
    """(id, hash) of the last event; (0, "") for a conversation without events (its
    ``sessions.head_hash`` is "" then)."""
    if not events:
        return 0, ""
    last = events[-1]
    return last.id, last.hash or ""

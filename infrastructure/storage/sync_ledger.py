"""This desktop's side of team sync (the ``SyncLedger`` port) over the SQLite event store.

Why it exists: the sync engine (``application/sync``) replicates events between this store and a
team store; it needs to know what is not pushed yet, which local event is which server event, and
where pulling got to, and it needs pulled events appended exactly once. Those facts live in the
same database as the events (migration ``m006_team_sync``), so they commit with them.

Invariants it keeps:

- ``append_pulled`` writes the event (through the store's own insert path: chained, indexed,
  searchable like any other) and its ``sync_map`` row in ONE transaction: a kill at any moment
  leaves both or neither, so a pulled event is never appended twice nor lost from the map;
  an event whose server id is mapped already is not appended again (None);
- a pulled event is marked ``pulled`` with its global id and is never offered by ``unpushed``
  (to this store or any other): only events recorded on this device are pushed, with
  ``origin_device`` = this device's id and ``origin_seq`` = their local id (ids are never reused:
  ``AUTOINCREMENT``), so a global id means one event forever;
- **times**: a pulled event keeps its original time (when it was said on its device), even when
  that is earlier than the conversation's last local event (two devices wrote apart): the local
  chain is computed over it as stored, and ``updated_at`` never moves back (it is the later of
  the two). So in a synced conversation ``ts`` need not follow ids; the order of the log is the
  id order, which follows causality (an event is pulled only after what it follows);
- a pulled ``turn_started`` marks its turn as owned by the remote device (``REMOTE_OWNER``):
  ``recover_interrupted`` never closes a turn another device is still running (that device
  closes it, and the closing events are pulled later);
- a conversation new here is created in the same transaction as its first pulled event, with the
  title and project the server sent;
- positions and quarantine rows are plain rows of the same database: they survive restarts.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence

from parley.application.ports.event_store import EventStoreError
from parley.application.ports.team_sync import IncomingEvent, SyncPosition
from parley.domain.transcript.canonical import Event, StoredEvent, event_type, to_payload
from parley.infrastructure.storage.sqlite_event_store import (
    _EVENT_COLUMNS,
    REMOTE_OWNER,
    SqliteEventStore,
    _normalise_ts,
    _stored_event,
    utc_now,
)


class SqliteSyncLedger:
    """``SyncLedger`` over a ``SqliteEventStore`` (shares its connections and write lock)."""

    def __init__(self, store: SqliteEventStore) -> None:
        self._store = store
        with store._read() as conn:
            row = conn.execute("SELECT device_id FROM sync_device WHERE id = 1").fetchone()
        if row is None:
            raise EventStoreError(f"the event store {store.path} has no device id (migration)")
        self._device_id = str(row[0])
        #: Per store: every event up to this id is pushed or pulled (see ``unpushed``).
        self._scan_from: dict[str, int] = {}

    @property
    def device_id(self) -> str:
        """This store's device id (made once by migration ``m006_team_sync``)."""
        return self._device_id

    # -- push side -------------------------------------------------------------------------------

    def unpushed(self, store: str, limit: int = 500) -> Sequence[StoredEvent]:
        """Events recorded here (not pulled from any store) that ``store`` has no server id for,
        in local id order. Every event before the first one found stays pushed or pulled (ids
        only grow, map rows are never removed), so the next call scans from there, not from the
        start of the database."""
        with self._store._read() as conn:
            rows = conn.execute(
                # Two NOT EXISTS, each an index lookup (the primary key; ``sync_map_pulled``).
                f"SELECT {_EVENT_COLUMNS} FROM events e WHERE e.id > ?"
                " AND NOT EXISTS"
                " (SELECT 1 FROM sync_map m WHERE m.store = ? AND m.local_id = e.id)"
                " AND NOT EXISTS"
                " (SELECT 1 FROM sync_map p WHERE p.local_id = e.id AND p.pulled = 1)"
                " ORDER BY e.id LIMIT ?",
                (self._scan_from.get(store, 0), store, int(limit)),
            ).fetchall()
        if rows:
            self._scan_from[store] = int(rows[0][0]) - 1
        return [_stored_event(row) for row in rows]

    def session_info(self, session_id: str) -> tuple[str, str | None]:
        """(title, project id) of a conversation, sent with its pushed events ("" / None when
        it is gone)."""
        with self._store._read() as conn:
            row = conn.execute(
                "SELECT title, project_id FROM sessions WHERE id = ?", (session_id,)
            ).fetchone()
        return ("", None) if row is None else (row[0], row[1])

    def record_pushed(self, store: str, pairs: Sequence[tuple[int, int]]) -> None:
        """Remember ``(local_id, server_id)`` pairs; a pair known already is left alone, and a
        local or server id mapped to something else is an error (never silently remapped)."""
        if not pairs:
            return
        with self._store._write() as conn:
            for local_id, server_id in pairs:
                row = conn.execute(
                    "SELECT local_id, server_id FROM sync_map WHERE store = ? AND local_id = ?"
                    " UNION SELECT local_id, server_id FROM sync_map WHERE store = ?"
                    " AND server_id = ?",
                    (store, local_id, store, server_id),
                ).fetchall()
                if row == [(local_id, server_id)]:
                    continue
                if row:
                    raise EventStoreError(
                        f"sync map of {store!r}: local event {local_id} / server event "
                        f"{server_id} already mapped as {row}"
                    )
                conn.execute(
                    "INSERT INTO sync_map (store, local_id, server_id, pulled) VALUES (?, ?, ?, 0)",
                    (store, local_id, server_id),
                )

    def server_ids(self, store: str, local_ids: Sequence[int]) -> dict[int, int]:
        """Server ids of these local ids (those known)."""
        return self._lookup(store, "local_id", "server_id", local_ids)

    def local_ids(self, store: str, server_ids: Sequence[int]) -> dict[int, int]:
        """Local ids of these server ids (those known)."""
        return self._lookup(store, "server_id", "local_id", server_ids)

    def _lookup(self, store: str, key: str, value: str, ids: Sequence[int]) -> dict[int, int]:
        wanted = sorted({int(i) for i in ids})
        if not wanted:
            return {}
        with self._store._read() as conn:
            rows = conn.execute(
                f"SELECT {key}, {value} FROM sync_map WHERE store = ?"
                f" AND {key} IN (SELECT value FROM json_each(?))",
                (store, json.dumps(wanted)),
            ).fetchall()
        return {int(k): int(v) for k, v in rows}

    # -- pull side -------------------------------------------------------------------------------

    def append_pulled(
        self, store: str, incoming: IncomingEvent, event: Event
    ) -> StoredEvent | None:
        """Append a pulled event and its map row in one transaction (see the module docstring);
        None when the server event is here already."""
        with self._store._write() as conn:
            return self._append_in(conn, store, incoming, event)

    def append_pulled_many(
        self,
        store: str,
        items: Sequence[tuple[IncomingEvent, Event]],
        *,
        position: int | None = None,
    ) -> int:
        """``append_pulled`` for several events, and ``set_position(position)`` when given, all
        in ONE transaction (a batch lands whole or not at all: one commit instead of one per
        event). The events may not name one another (their local ids are not known before
        the commit): the engine cuts its batches so. Returns how many were appended."""
        appended = 0
        with self._store._write() as conn:
            for incoming, event in items:
                if self._append_in(conn, store, incoming, event) is not None:
                    appended += 1
            if position is not None:
                _set_position(conn, store, position)
        return appended

    def _append_in(
        self, conn: sqlite3.Connection, store: str, incoming: IncomingEvent, event: Event
    ) -> StoredEvent | None:
        st = self._store
        session_id, turn_id = incoming.session_id, incoming.turn_id
        ts = _normalise_ts(incoming.ts)
        assert ts is not None
        type_name = event_type(event)
        data = to_payload(event)
        payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        if conn.execute(
            "SELECT 1 FROM sync_map WHERE store = ? AND server_id = ?",
            (store, incoming.server_id),
        ).fetchone():
            return None
        row = conn.execute("SELECT updated_at FROM sessions WHERE id = ?", (session_id,)).fetchone()
        if row is None:
            st._insert_session(conn, session_id, incoming.title, incoming.project_id, ts)
            previous_update = ts
        else:
            previous_update = row[0]
        event_id, ts, prev, digest = st._insert(
            conn,
            session_id,
            turn_id,
            type_name,
            data,
            payload,
            incoming.actor,
            incoming.work_item,
            ts=ts,
            copying=True,  # an older time than the last local event is allowed (module doc)
        )
        # ``_insert`` made this event's time the conversation's ``updated_at``: never back.
        conn.execute(
            "UPDATE sessions SET updated_at = max(updated_at, ?) WHERE id = ?",
            (previous_update, session_id),
        )
        if type_name == "turn_started":
            _mark_remote(conn, session_id, turn_id, incoming.origin_device)
        conn.execute(
            "INSERT INTO sync_map (store, local_id, server_id, pulled, origin_device,"
            " origin_seq) VALUES (?, ?, ?, 1, ?, ?)",
            (store, event_id, incoming.server_id, incoming.origin_device, incoming.origin_seq),
        )
        return StoredEvent(
            id=event_id,
            ts=ts,
            session_id=session_id,
            turn_id=turn_id,
            event=event,
            work_item=incoming.work_item,
            actor=incoming.actor,
            prev_hash=prev,
            hash=digest,
        )

    def position(self, store: str) -> SyncPosition:
        """Where pulling from ``store`` got to (0: nothing pulled yet)."""
        with self._store._read() as conn:
            row = conn.execute(
                "SELECT pulled_up_to FROM sync_position WHERE store = ?", (store,)
            ).fetchone()
        return SyncPosition(store=store, pulled_up_to=int(row[0]) if row else 0)

    def set_position(self, position: SyncPosition) -> None:
        """Record where pulling got to; it never moves back."""
        with self._store._write() as conn:
            _set_position(conn, position.store, position.pulled_up_to)

    def quarantine(self, store: str, session_id: str, reason: str) -> None:
        """Stop accepting ``session_id`` from ``store``; the first reason is kept."""
        with self._store._write() as conn:
            conn.execute(
                "INSERT OR IGNORE INTO sync_quarantine (store, session_id, reason, at)"
                " VALUES (?, ?, ?, ?)",
                (store, session_id, reason, utc_now()),
            )

    def quarantined(self, store: str) -> dict[str, str]:
        """Quarantined sessions of ``store`` and why."""
        with self._store._read() as conn:
            rows = conn.execute(
                "SELECT session_id, reason FROM sync_quarantine WHERE store = ?", (store,)
            ).fetchall()
        return {str(s): str(r) for s, r in rows}

    # -- for tests and operators -----------------------------------------------------------------

    def origins(self, store: str) -> dict[int, tuple[str, int]]:
        """Every event of this database with its global id: (origin device, origin seq) by
        local id — its own events as (this device, id), pulled ones as the server said."""
        with self._store._read() as conn:
            rows = conn.execute(
                "SELECT e.id, m.origin_device, m.origin_seq FROM events e LEFT JOIN sync_map m"
                " ON m.local_id = e.id AND m.pulled = 1 AND m.store = ? ORDER BY e.id",
                (store,),
            ).fetchall()
        return {
            int(i): (str(dev), int(seq)) if dev is not None else (self._device_id, int(i))
            for i, dev, seq in rows
        }


def _set_position(conn: sqlite3.Connection, store: str, pulled_up_to: int) -> None:
    conn.execute(
        "INSERT INTO sync_position (store, pulled_up_to) VALUES (?, ?)"
        " ON CONFLICT (store) DO UPDATE SET"
        " pulled_up_to = max(pulled_up_to, excluded.pulled_up_to)",
        (store, int(pulled_up_to)),
    )


def _mark_remote(conn: sqlite3.Connection, session_id: str, turn_id: str, device: str) -> None:
    """The turn runs on ``device``: recovery here must never close it."""
    conn.execute(
        "UPDATE turns SET owner = ? WHERE session_id = ? AND turn_id = ?",
        (REMOTE_OWNER + device, session_id, turn_id),
    )

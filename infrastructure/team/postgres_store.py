"""The event-store port (and the team-store port) over a team's PostgreSQL database.

Why it exists: issue 19 gives a team one shared store. ``PostgresEventStore`` answers the whole
``EventStore`` port with the SQLite store's semantics, so the same use cases (and the same
contract tests) run on either, and the ``TeamStore`` port (push, pull) that desktops sync with.
Row-level security in the schema (``migrations``) decides what a connected member sees: this
code never filters by owner itself.

Invariants it keeps (those of ``application/ports/event_store`` and the SQLite store):

- append-only: events are only INSERTed (the schema refuses UPDATE, and DELETE outside
  ``delete_session``'s retention gate or under a legal hold); one transaction per append,
  ``append_many``/``import_session``/``duplicate_session`` one for all their events;
- every event is chained to its conversation's head, with the conversation row locked
  meanwhile; ids commit in order (``WRITE_LOCK``): one event at a time here
  (``postgres_rows.insert_event``), a whole push at once in ``postgres_team``
  (``postgres_rows.insert_pushed``, which leaves the same rows);
- settings (title, pinned, project, current turn) are plain UPDATEs that leave ``updated_at``;
- a turn started by this store carries its owner token; ``recover_interrupted`` closes only
  turns whose owner is gone: a store holds a session-level advisory lock keyed by its token on
  a connection of its own for as long as it is open, and PostgreSQL drops it when the process
  or its connection dies, so "can I take the lock?" is an exact liveness test;
- a checkpoint the database refuses is not kept elsewhere (no local journal on a shared
  server): ``checkpoint_partial`` raises ``EventStoreError``.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import threading
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import psycopg

from parley.application.ports.event_store import (
    EventStoreError,
    SessionNotFound,
    SessionRecord,
    TurnIndexEntry,
)
from parley.domain.transcript.canonical import (
    AssistantText,
    Event,
    StoredEvent,
    TurnFinished,
    from_payload,
    mint_id,
)
from parley.domain.transcript.event_refs import REFERENCING_TYPES, with_new_ids
from parley.infrastructure.storage.sqlite_event_store import INTERRUPTED_ERROR
from parley.infrastructure.team.postgres_history import PostgresHistory
from parley.infrastructure.team.postgres_rows import (
    EVENT_COLUMNS,
    SESSION_COLUMNS,
    IdMap,
    insert_event,
    normalise_ts,
    serialise,
    server_now,
    stored_event,
)
from parley.infrastructure.team.postgres_team import PostgresTeam

log = logging.getLogger(__name__)

#: Device id of events appended through this port when the store was given none.
SERVER_DEVICE = "server"


class PostgresEventStore(PostgresHistory, PostgresTeam):
    """``EventStore`` and ``TeamStore`` over one PostgreSQL database; safe to share between
    threads (a pool of ``pool_size`` connections). ``language``: the text-search configuration
    of new events' search vectors (``simple``: no stemming, any language). ``timeout``: seconds
    to wait for a connection before a call fails as unreachable."""

    def __init__(
        self,
        dsn: str,
        *,
        device_id: str = "",
        language: str = "simple",
        pool_size: int = 4,
        timeout: float = 10.0,
    ) -> None:
        super().__init__(dsn, pool_size=pool_size, timeout=timeout)
        self.device_id = device_id or SERVER_DEVICE
        self.language = language
        self._token = secrets.token_hex(16)
        self._lease: psycopg.Connection | None = None
        self._lease_lock = threading.Lock()
        self._dsn = dsn

    # -- the owner lease (see the module docstring) ---------------------------------------------

    def _owner_token(self) -> str:
        """This store's token, its advisory lock taken on first use."""
        with self._lease_lock:
            if self._lease is None:
                try:
                    lease = psycopg.connect(self._dsn, autocommit=True)
                    lease.execute(
                        "SELECT pg_advisory_lock(hashtextextended(%s, 0))", (self._token,)
                    )
                except psycopg.Error as exc:
                    raise EventStoreError(
                        f"cannot register with the team store {self.where}: {exc}"
                    ) from None
                self._lease = lease
        return self._token

    def _owner_alive(self, conn: psycopg.Connection, token: str | None) -> bool:
        """Whether the turn's owner may still finish it. A turn without a token was pushed by a
        desktop (``postgres_team``): its ``turn_finished`` comes with a later push, so it is
        never this store's to close."""
        if not token:
            return True
        if token == self._token:
            return self._lease is not None
        row = conn.execute(
            "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (token,)
        ).fetchone()
        if row is not None and row[0]:
            conn.execute("SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (token,))
            return False
        return True

    def _insert(self, conn: psycopg.Connection, session_id: str, turn_id: str, type_name: str,
                data: dict[str, Any], payload: str, actor: str, work_item: str | None,
                **kwargs: Any) -> tuple[int, str, str, str]:  # fmt: skip
        token = self._owner_token() if type_name == "turn_started" else None
        return insert_event(
            conn, session_id=session_id, turn_id=turn_id, type_name=type_name, data=data,
            payload=payload, actor=actor, work_item=work_item, language=self.language,
            device=self.device_id, owner_token=token, **kwargs,
        )  # fmt: skip

    # -- sessions ------------------------------------------------------------------------------

    def create_session(
        self,
        title: str = "",
        *,
        session_id: str | None = None,
        project_id: str | None = None,
        pinned: bool = False,
    ) -> SessionRecord:
        session_id = _check_session_id(mint_id() if session_id is None else session_id)
        with self._write(events=False) as conn:
            now = self._insert_session(conn, session_id, title, project_id, pinned)
        return SessionRecord(session_id, title, now, now, project_id, bool(pinned))

    @staticmethod
    def _insert_session(
        conn: psycopg.Connection,
        session_id: str,
        title: str,
        project_id: str | None,
        pinned: bool = False,
        now: str | None = None,
    ) -> str:
        if conn.execute("SELECT 1 FROM sessions WHERE id = %s", (session_id,)).fetchone():
            raise EventStoreError(f"a conversation with id {session_id!r} already exists")
        now = now or server_now(conn)
        conn.execute(
            "INSERT INTO sessions (id, title, project_id, created_at, updated_at, pinned)"
            " VALUES (%s, %s, %s, %s, %s, %s)",
            (session_id, title, project_id, now, now, bool(pinned)),
        )
        return now

    def get_session(self, session_id: str) -> SessionRecord:
        with self._read() as conn:
            row = conn.execute(
                f"SELECT {SESSION_COLUMNS} FROM sessions WHERE id = %s", (session_id,)
            ).fetchone()
        if row is None:
            raise SessionNotFound(session_id)
        return _session(row)

    def session_exists(self, session_id: str) -> bool:
        with self._read() as conn:
            row = conn.execute("SELECT 1 FROM sessions WHERE id = %s", (session_id,)).fetchone()
        return row is not None

    def list_sessions(self, limit: int | None = None) -> Sequence[SessionRecord]:
        sql = f"SELECT {SESSION_COLUMNS} FROM sessions ORDER BY updated_at DESC, seq DESC"
        params: tuple[Any, ...] = ()
        if limit is not None:
            check_limit(limit)
            sql += " LIMIT %s"
            params = (limit,)
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [_session(row) for row in rows]

    def rename_session(self, session_id: str, title: str) -> None:
        self._set_column(session_id, "title", title)

    def set_pinned(self, session_id: str, pinned: bool) -> None:
        self._set_column(session_id, "pinned", bool(pinned))

    def set_project(self, session_id: str, project_id: str | None) -> None:
        if project_id is not None and not isinstance(project_id, str):
            raise EventStoreError(f"a project id must be text or None, not {project_id!r}")
        self._set_column(session_id, "project_id", project_id or None)

    def set_current_turn(self, session_id: str, turn_id: str) -> None:
        if not isinstance(turn_id, str):
            raise EventStoreError(f"a turn id must be text, not {turn_id!r}")
        with self._write(events=False) as conn:
            if not conn.execute("SELECT 1 FROM sessions WHERE id = %s", (session_id,)).fetchone():
                raise SessionNotFound(session_id)
            if (
                turn_id
                and not conn.execute(
                    "SELECT 1 FROM turns WHERE session_id = %s AND turn_id = %s",
                    (session_id, turn_id),
                ).fetchone()
            ):
                raise EventStoreError(
                    f"conversation {session_id!r} has no turn {turn_id!r} to show"
                )
            conn.execute(
                "UPDATE sessions SET current_turn_id = %s WHERE id = %s", (turn_id, session_id)
            )

    def _set_column(self, session_id: str, column: str, value: object) -> None:
        """UPDATE one settings column; ``column`` is one of ours, never user text."""
        assert column in ("title", "pinned", "project_id"), column
        with self._write(events=False) as conn:
            cursor = conn.execute(
                f"UPDATE sessions SET {column} = %s WHERE id = %s", (value, session_id)
            )
            if cursor.rowcount == 0:
                raise SessionNotFound(session_id)

    def duplicate_session(self, session_id: str, *, title: str | None = None) -> SessionRecord:
        new_id = mint_id()
        with self._write() as conn:
            row = conn.execute(
                "SELECT title, project_id, current_turn_id, created_at, updated_at"
                " FROM sessions WHERE id = %s",
                (session_id,),
            ).fetchone()
            if row is None:
                raise SessionNotFound(session_id)
            old_title, project_id, current_turn, created_at, updated_at = row
            running = conn.execute(
                "SELECT turn_id FROM turns WHERE session_id = %s AND status IS NULL LIMIT 1",
                (session_id,),
            ).fetchone()
            if running is not None:
                raise EventStoreError(
                    f"cannot duplicate conversation {session_id!r} while its turn "
                    f"{running[0]!r} is still running; try again when it has finished"
                )
            if title is None:
                title = f"{old_title or 'Untitled'} (copy)"
            conn.execute(
                "INSERT INTO sessions (id, title, project_id, created_at, updated_at,"
                " current_turn_id) VALUES (%s, %s, %s, %s, %s, %s)",
                (new_id, title, project_id, created_at, updated_at, current_turn),
            )
            rows = conn.execute(
                "SELECT id, turn_id, ts, type, actor, work_item, payload FROM events"
                " WHERE session_id = %s ORDER BY id",
                (session_id,),
            ).fetchall()
            new_ids = IdMap()
            for old_id, turn_id, ts, type_name, actor, work_item, payload in rows:
                try:
                    data = json.loads(payload)
                    if isinstance(data, dict) and type_name in REFERENCING_TYPES:
                        event = with_new_ids(from_payload(type_name, data), new_ids.known)
                        type_name, data, payload = serialise(new_id, event)
                except (ValueError, EventStoreError):
                    data = None
                if not isinstance(data, dict):
                    raise EventStoreError(
                        f"cannot duplicate conversation {session_id!r}: one of its events "
                        f"({type_name!r} of turn {turn_id!r}) is unreadable"
                    )
                copied = self._insert(conn, new_id, turn_id, type_name, data, payload, actor,
                                      work_item, ts=ts, copying=True)  # fmt: skip
                new_ids.add(old_id, copied[0])
            conn.execute("UPDATE sessions SET created_at = %s WHERE id = %s", (created_at, new_id))
            got = conn.execute("SELECT updated_at FROM sessions WHERE id = %s", (new_id,))
            updated = got.fetchone()[0]  # type: ignore[index]
        return SessionRecord(new_id, title, created_at, updated, project_id, False, current_turn)

    def import_session(
        self,
        title: str,
        *,
        session_id: str,
        project_id: str | None,
        events: Sequence[tuple[str, Event, str, str | None, str | None]],
        replace: bool = False,
        source_ids: Sequence[int | None] = (),
    ) -> int:
        session_id = _check_session_id(session_id)
        if source_ids and len(source_ids) != len(events):
            raise EventStoreError(
                f"import of {session_id!r}: {len(source_ids)} source ids for {len(events)} events"
            )
        prepared = [
            (turn_id, event, *serialise(session_id, event), actor, work_item, normalise_ts(ts))
            for turn_id, event, actor, work_item, ts in events
        ]
        new_ids = IdMap()
        with self._write() as conn:
            if replace:
                self._delete_in(conn, session_id, missing_ok=True)
            self._insert_session(conn, session_id, title, project_id)
            for n, (turn_id, event, type_name, data, payload, actor, work_item, ts) in enumerate(
                prepared
            ):
                if type_name in REFERENCING_TYPES:
                    type_name, data, payload = serialise(
                        session_id, with_new_ids(event, new_ids.known)
                    )
                event_id = self._insert(
                    conn, session_id, turn_id, type_name, data, payload, actor, work_item, ts=ts
                )[0]
                new_ids.add(source_ids[n] if source_ids else None, event_id)
        return len(prepared)

    # -- events --------------------------------------------------------------------------------

    def append_many(
        self,
        session_id: str,
        turn_id: str,
        entries: Sequence[tuple[Event, str]],
        *,
        new_session: tuple[str, str | None] | None = None,
    ) -> Sequence[StoredEvent]:
        serialised = [(*serialise(session_id, event), actor) for event, actor in entries]
        if not serialised and new_session is None:
            return []
        _check_session_id(session_id)
        stored: list[StoredEvent] = []
        with self._write() as conn:
            if new_session is not None:
                self._insert_session(conn, session_id, new_session[0], new_session[1])
            for (type_name, data, payload, actor), (event, _) in zip(
                serialised, entries, strict=True
            ):
                event_id, ts, prev, digest = self._insert(
                    conn, session_id, turn_id, type_name, data, payload, actor, None
                )
                stored.append(
                    StoredEvent(event_id, ts, session_id, turn_id, event, None, actor, prev, digest)
                )
        return stored

    def append(
        self,
        session_id: str,
        turn_id: str,
        event: Event,
        *,
        actor: str = "",
        work_item: str | None = None,
        ts: str | None = None,
    ) -> StoredEvent:
        ts = normalise_ts(ts)
        type_name, data, payload = serialise(session_id, event)
        with self._write() as conn:
            event_id, ts, prev, digest = self._insert(
                conn, session_id, turn_id, type_name, data, payload, actor, work_item, ts=ts
            )
        return StoredEvent(event_id, ts, session_id, turn_id, event, work_item, actor, prev, digest)

    def events(self, session_id: str, *, after_id: int = 0) -> Sequence[StoredEvent]:
        with self._snapshot() as conn:
            rows = conn.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE session_id = %s AND id > %s ORDER BY id",
                (session_id, after_id),
            ).fetchall()
            if not rows:
                _require_session(conn, session_id)
        return [stored_event(row) for row in rows]

    def turn_index(self, session_id: str) -> Sequence[TurnIndexEntry]:
        with self._snapshot() as conn:
            rows = conn.execute(
                "SELECT turn_id, follows_turn_id, retry_of, first_event_id FROM turns"
                " WHERE session_id = %s AND first_event_id IS NOT NULL ORDER BY first_event_id",
                (session_id,),
            ).fetchall()
            if not rows:
                _require_session(conn, session_id)
        return [TurnIndexEntry(t, f, r, int(i)) for t, f, r, i in rows]

    def events_of_turns(self, session_id: str, turn_ids: Sequence[str]) -> Sequence[StoredEvent]:
        if isinstance(turn_ids, str):
            raise EventStoreError("turn_ids must be a sequence of turn ids, not one string")
        wanted = list(dict.fromkeys(turn_ids))
        if any(not isinstance(t, str) for t in wanted):
            raise EventStoreError(f"turn ids must be text, not {wanted!r}")
        with self._snapshot() as conn:
            rows = conn.execute(
                f"SELECT {EVENT_COLUMNS} FROM events WHERE session_id = %s"
                " AND turn_id = ANY(%s) ORDER BY id",
                (session_id, wanted),
            ).fetchall()
            if not rows:
                _require_session(conn, session_id)
        return [stored_event(row) for row in rows]

    # -- partial answers and recovery -----------------------------------------------------------

    def checkpoint_partial(self, session_id: str, turn_id: str, text: str) -> str:
        if not text:
            return ""
        with self._write(events=False) as conn:
            _require_session(conn, session_id)
            conn.execute(
                "INSERT INTO partials (session_id, turn_id, seq, ts, text)"
                " SELECT %s, %s, coalesce(max(seq), 0) + 1, %s, %s FROM partials"
                " WHERE session_id = %s AND turn_id = %s",
                (session_id, turn_id, server_now(conn), text, session_id, turn_id),
            )
        return ""

    def recover_interrupted(self) -> Sequence[str]:
        recovered = []
        with self._read() as conn:
            running = conn.execute(
                "SELECT session_id, turn_id, owner_token FROM turns WHERE status IS NULL"
            ).fetchall()
            dead = [(s, t) for s, t, owner in running if not self._owner_alive(conn, owner)]
        for session_id, turn_id in dead:
            if self._close_interrupted(session_id, turn_id):
                recovered.append(turn_id)
        if recovered:
            log.info("closed %d interrupted turn(s): %s", len(recovered), ", ".join(recovered))
        return recovered

    def _close_interrupted(self, session_id: str, turn_id: str) -> bool:
        key = (session_id, turn_id)
        with self._write() as conn:
            row = conn.execute(
                "SELECT started_at, model FROM turns WHERE session_id = %s AND turn_id = %s"
                " AND status IS NULL FOR UPDATE",
                key,
            ).fetchone()
            if row is None:
                return False  # closed meanwhile
            started_at, model = row
            pieces = conn.execute(
                "SELECT ts, text FROM partials WHERE session_id = %s AND turn_id = %s ORDER BY seq",
                key,
            ).fetchall()
            last = conn.execute(
                "SELECT max(ts) FROM events WHERE session_id = %s AND turn_id = %s", key
            ).fetchone()
            started = conn.execute(
                "SELECT payload FROM events WHERE session_id = %s AND turn_id = %s"
                " AND type = 'turn_started' ORDER BY id LIMIT 1",
                key,
            ).fetchone()
            role = _agent_role(started[0] if started else None)
            last_seen = max([started_at, (last[0] if last else None) or "",
                             *(ts for ts, _ in pieces)])  # fmt: skip
            text = "".join(piece for _, piece in pieces)
            closing: list[tuple[Event, str]] = []
            if text:
                closing.append(
                    (AssistantText(text=text, model=model, partial=True), role or "assistant")
                )
            duration = _seconds_between(started_at, last_seen)
            closing.append(
                (
                    TurnFinished(
                        status="interrupted", duration_s=duration, error=INTERRUPTED_ERROR
                    ),
                    "runtime",
                )
            )
            for event, actor in closing:
                type_name, data, payload = serialise(session_id, event)
                self._insert(conn, session_id, turn_id, type_name, data, payload, actor, None)
        return True

    # -- lifecycle -----------------------------------------------------------------------------

    def close(self) -> None:
        """Close the pool and the owner lease (its turns become recoverable). Idempotent."""
        with self._lease_lock:
            if self._lease is not None:
                # Unlocked explicitly: a closed socket frees the lock only once the server's
                # backend has noticed, and a recovery right after this must see the turn free.
                with contextlib.suppress(psycopg.Error):
                    self._lease.execute("SELECT pg_advisory_unlock_all()")
                self._lease.close()
                self._lease = None
        if not self._closed:
            self._close_pool()

    def __enter__(self) -> PostgresEventStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def check_limit(limit: object) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise EventStoreError(f"limit must be a non-negative integer, not {limit!r}")


def _check_session_id(session_id: object) -> str:
    if not isinstance(session_id, str) or not session_id:
        raise EventStoreError(f"a conversation id must be a non-empty string, not {session_id!r}")
    return session_id


def _require_session(conn: psycopg.Connection, session_id: str) -> None:
    if not conn.execute("SELECT 1 FROM sessions WHERE id = %s", (session_id,)).fetchone():
        raise SessionNotFound(session_id)


def _session(row: tuple[Any, ...]) -> SessionRecord:
    sid, title, created_at, updated_at, project_id, pinned, current_turn_id = row
    return SessionRecord(
        sid, title, created_at, updated_at, project_id, bool(pinned), current_turn_id or ""
    )


def _agent_role(payload: object) -> str:
    try:
        data = json.loads(payload) if isinstance(payload, str) else {}
    except ValueError:
        return ""
    role = data.get("agent_role") if isinstance(data, dict) else None
    return role if isinstance(role, str) else ""


def _seconds_between(start: str, end: str) -> float:
    try:
        a = datetime.strptime(start, "%Y-%m-%dT%H:%M:%S.%fZ")
        b = datetime.strptime(end, "%Y-%m-%dT%H:%M:%S.%fZ")
    except ValueError:
        return 0.0
    return max(0.0, round((b - a).total_seconds(), 6))

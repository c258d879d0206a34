"""The event store port over an embedded SQLite database (WAL), shared safely across threads.

Why it exists: every conversation's canonical event log must survive crashes and be readable by the
window, the CLI and the runtime at once. The runtime appends from a worker thread while the UI
thread reads; one ``SqliteEventStore`` object serves both.

Invariants it keeps:

- append-only: the store only ever INSERTs events (triggers in ``migrations`` also reject UPDATE and
  DELETE made by anyone else);
- one writer at a time: all writes go through a single connection guarded by a lock, each in its own
  ``BEGIN IMMEDIATE`` transaction, so an event, and the session's ``updated_at`` it bumps, commit
  together or not at all; other processes are waited for (``busy_timeout``), not failed;
- readers never share a connection across threads: each thread gets its own (``threading.local``),
  and WAL lets it read while the writer writes;
- payloads are ``canonical.to_payload`` as compact JSON and are read back with the strict
  ``canonical.from_payload``; an unreadable row raises ``EventStoreError`` naming its id and why;
- timestamps are ISO 8601 UTC with microseconds and a trailing ``Z`` (they sort as text).

``synchronous=NORMAL`` keeps the database consistent after an application crash; on power loss the
last commits may be lost (see DESIGN.md, "Known pitfalls").
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from application.ports.event_store import EventStoreError, SessionNotFound, SessionRecord
from domain.transcript.canonical import (
    Event,
    StoredEvent,
    event_type,
    from_payload,
    mint_id,
    to_payload,
)
from infrastructure.storage.migrations import migrate

BUSY_TIMEOUT_MS = 5000

_SESSION_COLUMNS = "id, title, created_at, updated_at, project_id"
_EVENT_COLUMNS = "id, ts, session_id, turn_id, type, actor, work_item, payload"


def default_db_path(data_dir: Path) -> Path:
    """Where the event store lives inside Parley's data directory."""
    return Path(data_dir) / "parley.db"


def utc_now() -> str:
    """Now as ISO 8601 UTC with microseconds and a trailing ``Z``."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class _Reader:
    """One thread's read connection, its thread, and the lock held while it is in use."""

    __slots__ = ("conn", "lock", "thread")

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.lock = threading.Lock()
        self.thread = threading.current_thread()


class SqliteEventStore:
    """``EventStore`` over one SQLite file; safe to share between threads (see the module doc)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._closed = False
        self._write_lock = threading.Lock()
        self._local = threading.local()
        self._readers: list[_Reader] = []
        self._readers_lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise EventStoreError(f"cannot create the folder for {self.path}: {exc}") from exc
        # The writer is used from whichever thread appends, so it cannot be tied to the thread
        # that created it (check_same_thread=False); ``_write_lock`` makes that safe.
        self._writer = self._connect(check_same_thread=False)
        try:
            mode = self._writer.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise EventStoreError(
                    f"cannot use WAL journaling for {self.path} (got {mode!r}); the event store "
                    "needs a local disk, not a network share"
                )
            self._writer.execute("PRAGMA synchronous = NORMAL")
            migrate(self._writer)
        except sqlite3.Error as exc:
            self._writer.close()
            raise EventStoreError(f"cannot open the event store {self.path}: {exc}") from exc
        except BaseException:
            self._writer.close()
            raise

    # -- connections ---------------------------------------------------------------------------

    def _connect(self, *, check_same_thread: bool) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(
                self.path,
                timeout=BUSY_TIMEOUT_MS / 1000,
                isolation_level=None,  # we issue BEGIN/COMMIT ourselves
                check_same_thread=check_same_thread,
            )
        except sqlite3.Error as exc:
            raise EventStoreError(f"cannot open the event store {self.path}: {exc}") from exc
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            conn.close()
            raise EventStoreError(f"cannot open the event store {self.path}: {exc}") from exc
        return conn

    def _check_open(self) -> None:
        if self._closed:
            raise EventStoreError(f"the event store {self.path} is closed")

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """This thread's read connection, opened on first use."""
        self._check_open()
        reader: _Reader | None = getattr(self._local, "reader", None)
        if reader is None:
            # Confined to this thread by ``threading.local``; check_same_thread=False only so that
            # ``close()`` may close it from another thread, which it does under ``reader.lock``.
            conn = self._connect(check_same_thread=False)
            try:
                conn.execute("PRAGMA query_only = ON")
            except sqlite3.Error as exc:
                conn.close()
                raise EventStoreError(f"cannot open the event store {self.path}: {exc}") from exc
            reader = _Reader(conn)
            with self._readers_lock:
                if self._closed:
                    conn.close()
                    self._check_open()
                self._close_readers_of_finished_threads()
                self._readers.append(reader)
            self._local.reader = reader
        with reader.lock:
            self._check_open()
            try:
                yield reader.conn
            except sqlite3.Error as exc:
                raise EventStoreError(f"cannot read the event store {self.path}: {exc}") from exc

    def _close_readers_of_finished_threads(self) -> None:
        """Close readers whose thread has ended (a worker per turn must not leak a connection
        per turn). Called with ``_readers_lock`` held."""
        alive = []
        for reader in self._readers:
            if reader.thread.is_alive():
                alive.append(reader)
            else:
                with reader.lock:
                    reader.conn.close()
        self._readers[:] = alive

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """The writer connection inside one ``BEGIN IMMEDIATE`` transaction; one at a time."""
        with self._write_lock:
            self._check_open()
            conn = self._writer
            try:
                conn.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise EventStoreError(
                    f"cannot write to the event store {self.path}: {exc}"
                ) from exc
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException as exc:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise EventStoreError(
                        f"cannot write to the event store {self.path}: {exc}"
                    ) from exc
                raise

    # -- sessions ------------------------------------------------------------------------------

    def create_session(
        self, title: str = "", *, session_id: str | None = None, project_id: str | None = None
    ) -> SessionRecord:
        """Create a conversation; a given ``session_id`` that exists already is an error."""
        if session_id is None:
            session_id = mint_id()
        elif not isinstance(session_id, str) or not session_id:
            raise EventStoreError(
                f"a conversation id must be a non-empty string, not {session_id!r}"
            )
        now = utc_now()
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone():
                raise EventStoreError(f"a conversation with id {session_id!r} already exists")
            conn.execute(
                "INSERT INTO sessions (id, title, project_id, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?)",
                (session_id, title, project_id, now, now),
            )
        return SessionRecord(
            id=session_id, title=title, created_at=now, updated_at=now, project_id=project_id
        )

    def get_session(self, session_id: str) -> SessionRecord:
        """The conversation's record; raises ``SessionNotFound``."""
        with self._read() as conn:
            row = conn.execute(
                f"SELECT {_SESSION_COLUMNS} FROM sessions WHERE id = ?", (session_id,)
            ).fetchone()
        if row is None:
            raise SessionNotFound(session_id)
        return _session(row)

    def session_exists(self, session_id: str) -> bool:
        """Whether a conversation has this id."""
        with self._read() as conn:
            row = conn.execute("SELECT 1 FROM sessions WHERE id = ?", (session_id,)).fetchone()
        return row is not None

    def list_sessions(self, limit: int | None = None) -> Sequence[SessionRecord]:
        """Conversations, most recently updated first (later-created first on a tie)."""
        sql = f"SELECT {_SESSION_COLUMNS} FROM sessions ORDER BY updated_at DESC, rowid DESC"
        params: tuple[Any, ...] = ()
        if limit is not None:
            if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
                raise EventStoreError(f"limit must be a non-negative integer, not {limit!r}")
            sql += " LIMIT ?"
            params = (limit,)
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [_session(row) for row in rows]

    def rename_session(self, session_id: str, title: str) -> None:
        """Change a conversation's title (its ``updated_at`` is left alone); raises
        ``SessionNotFound``."""
        with self._write() as conn:
            cursor = conn.execute("UPDATE sessions SET title = ? WHERE id = ?", (title, session_id))
            if cursor.rowcount == 0:
                raise SessionNotFound(session_id)

    # -- events --------------------------------------------------------------------------------

    def append(
        self,
        session_id: str,
        turn_id: str,
        event: Event,
        *,
        actor: str = "",
        work_item: str | None = None,
    ) -> StoredEvent:
        """Append one event in its own committed transaction; raises ``SessionNotFound``."""
        try:
            type_name = event_type(event)
            payload = json.dumps(
                to_payload(event), ensure_ascii=False, separators=(",", ":"), allow_nan=False
            )
        except (ValueError, TypeError) as exc:
            raise EventStoreError(
                f"cannot store {type(event).__name__} event in conversation {session_id!r}: {exc}"
            ) from exc
        ts = utc_now()
        with self._write() as conn:
            cursor = conn.execute(
                "UPDATE sessions SET updated_at = ? WHERE id = ?", (ts, session_id)
            )
            if cursor.rowcount == 0:
                raise SessionNotFound(session_id)
            cursor = conn.execute(
                "INSERT INTO events (session_id, turn_id, ts, type, actor, work_item, payload)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (session_id, turn_id, ts, type_name, actor, work_item, payload),
            )
            event_id = cursor.lastrowid
        assert event_id is not None
        return StoredEvent(
            id=event_id,
            ts=ts,
            session_id=session_id,
            turn_id=turn_id,
            event=event,
            work_item=work_item,
            actor=actor,
        )

    def events(self, session_id: str, *, after_id: int = 0) -> Sequence[StoredEvent]:
        """The conversation's events in append order, only those with id > ``after_id``.

        Raises ``SessionNotFound`` for an unknown conversation and ``EventStoreError`` naming the
        event for a row that cannot be read back.
        """
        with self._read() as conn:
            rows = conn.execute(
                f"SELECT {_EVENT_COLUMNS} FROM events WHERE session_id = ? AND id > ? ORDER BY id",
                (session_id, after_id),
            ).fetchall()
            if (
                not rows
                and not conn.execute(
                    "SELECT 1 FROM sessions WHERE id = ?", (session_id,)
                ).fetchone()
            ):
                raise SessionNotFound(session_id)
        return [_stored_event(row) for row in rows]

    # -- lifecycle -----------------------------------------------------------------------------

    def close(self) -> None:
        """Close the writer and every thread's reader. Idempotent; later calls raise
        ``EventStoreError``."""
        with self._write_lock, self._readers_lock:
            if self._closed:
                return
            self._closed = True
            for reader in self._readers:
                with reader.lock:
                    reader.conn.close()
            self._readers.clear()
            self._writer.close()

    def __enter__(self) -> SqliteEventStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _session(row: tuple[Any, ...]) -> SessionRecord:
    sid, title, created_at, updated_at, project_id = row
    return SessionRecord(
        id=sid, title=title, created_at=created_at, updated_at=updated_at, project_id=project_id
    )


def _stored_event(row: tuple[Any, ...]) -> StoredEvent:
    event_id, ts, session_id, turn_id, type_name, actor, work_item, payload = row
    where = f"event {event_id} ({type_name!r}) in conversation {session_id!r}"
    if not isinstance(payload, str):
        kind = type(payload).__name__
        raise EventStoreError(f"{where} is unreadable: payload is {kind}, not text")
    try:
        data = json.loads(payload, parse_constant=_reject_constant)
    except ValueError as exc:
        raise EventStoreError(f"{where} is unreadable: payload is not valid JSON ({exc})") from exc
    try:
        event = from_payload(type_name, data)
    except ValueError as exc:
        raise EventStoreError(f"{where} is unreadable: {exc}") from exc
    return StoredEvent(
        id=event_id,
        ts=ts,
        session_id=session_id,
        turn_id=turn_id,
        event=event,
        work_item=work_item,
        actor=actor,
    )


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")

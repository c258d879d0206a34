"""``ScheduleStore`` in SQLite: ``schedules.sqlite3`` in the profile's data folder.

Why it exists: the tasks and their runs are shared by every process of a profile — the window,
``parley schedule run-due`` woken by the OS timer, a person's ``parley schedule run-now`` — and
the claim of an occurrence must hold across all of them. SQLite gives that with one table whose
primary key is ``(task_id, scheduled_at)``: ``INSERT OR IGNORE`` inserts the row once; whoever's
insert changed a row owns the run.

Invariants it keeps:

- the schema moves forward by an ordered list of named migrations (``MIGRATIONS``), recorded in
  ``_migrations`` with ``PRAGMA user_version`` = how many ran, each in one ``BEGIN IMMEDIATE``
  transaction; a database that records a migration this code does not know is refused
  (``ScheduleStoreError``) and left untouched;
- each call opens its own short connection (WAL, ``busy_timeout`` 10 s): the store is used from
  the UI's workers and from run threads at once, and no connection crosses threads;
- a claim records the claiming process (pid and host); ``recover_abandoned`` closes as
  ``interrupted`` the runs still ``running`` whose process on this host is gone (a crash, a kill,
  the machine turned off);
- times are stored as ISO 8601 UTC text with microseconds, so text order is time order.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import threading
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

from parley.application.schedules.ports import ScheduleStoreError, UnknownTask
from parley.domain.schedules.model import RunRecord, ScheduledTask, ScheduleError

FILE_NAME = "schedules.sqlite3"

Migration = Callable[[sqlite3.Connection], None]


def m001_tasks_and_runs(conn: sqlite3.Connection) -> None:
    """Tasks, and one row per claimed occurrence (the run lock)."""
    conn.execute(
        """
        CREATE TABLE tasks (
            id TEXT PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            cron TEXT NOT NULL,
            prompt TEXT NOT NULL,
            created_at TEXT NOT NULL,
            project TEXT NOT NULL DEFAULT '',
            provider TEXT NOT NULL DEFAULT '',
            model TEXT NOT NULL DEFAULT '',
            timeout_s REAL NOT NULL,
            max_steps INTEGER NOT NULL,
            tools TEXT NOT NULL DEFAULT 'none',
            workspace TEXT NOT NULL DEFAULT '',
            catch_up INTEGER NOT NULL DEFAULT 0,
            enabled INTEGER NOT NULL DEFAULT 1,
            position INTEGER NOT NULL
        )
        """
    )
    conn.execute(
        """
        CREATE TABLE runs (
            task_id TEXT NOT NULL,
            scheduled_at TEXT NOT NULL,
            kind TEXT NOT NULL,
            status TEXT NOT NULL,
            claimed_at TEXT NOT NULL,
            started_at TEXT,
            ended_at TEXT,
            session_id TEXT NOT NULL DEFAULT '',
            cost TEXT NOT NULL DEFAULT '',
            input_tokens INTEGER,
            output_tokens INTEGER,
            error TEXT NOT NULL DEFAULT '',
            files TEXT NOT NULL DEFAULT '[]',
            refused INTEGER NOT NULL DEFAULT 0,
            pid INTEGER NOT NULL,
            host TEXT NOT NULL,
            PRIMARY KEY (task_id, scheduled_at)
        )
        """
    )
    conn.execute("CREATE INDEX runs_by_end ON runs (ended_at)")
    conn.execute("CREATE INDEX runs_by_claim ON runs (claimed_at)")


def m002_profile_flags(conn: sqlite3.Connection) -> None:
    """Flags of the profile's schedule as a whole (``paused``)."""
    conn.execute("CREATE TABLE flags (name TEXT PRIMARY KEY, value TEXT NOT NULL)")


#: Append-only: never rename, reorder or edit one once released; add a new one.
MIGRATIONS: tuple[Migration, ...] = (m001_tasks_and_runs, m002_profile_flags)


def _text(when: datetime | None) -> str | None:
    if when is None:
        return None
    return when.astimezone(UTC).isoformat(timespec="microseconds")


def _time(text: str | None) -> datetime | None:
    return None if not text else datetime.fromisoformat(text).astimezone(UTC)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, someone else's
        return True
    return True


class SqliteScheduleStore:
    """The ``ScheduleStore`` port in one SQLite file (module docstring)."""

    def __init__(self, path: Path, *, clock: Callable[[], datetime] | None = None) -> None:
        self.path = Path(path)
        self._clock = clock or (lambda: datetime.now(UTC))
        self._host = socket.gethostname()
        # Opened (created, migrated) at the first use, not here: building the services must not
        # write a file a profile never uses, nor fail on a read-only data folder where only
        # history is read (``parley history list`` on a read-only mount).
        self._ready = False
        self._opening = threading.Lock()

    def _open(self) -> None:
        with self._opening:
            if self._ready:
                return
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._migrate()
            except (OSError, sqlite3.Error) as exc:
                raise ScheduleStoreError(
                    f"the schedule store {self.path} cannot be opened: {exc}"
                ) from exc
            self._ready = True

    @classmethod
    def in_folder(cls, data_dir: Path) -> SqliteScheduleStore:
        return cls(Path(data_dir) / FILE_NAME)

    # -- connections -----------------------------------------------------------------------------

    @contextlib.contextmanager
    def _connect(self, write: bool = False) -> Iterator[sqlite3.Connection]:
        if not self._ready:
            self._open()
        try:
            conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None)
        except sqlite3.Error as exc:
            raise ScheduleStoreError(f"the schedule store cannot be opened: {exc}") from exc
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA busy_timeout = 10000")
            if write:
                conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            if conn.in_transaction:
                conn.execute("COMMIT")
        except sqlite3.Error as exc:
            raise ScheduleStoreError(f"the schedule store failed: {exc}") from exc
        finally:
            conn.close()

    def _migrate(self) -> None:
        conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None)
        try:
            conn.execute("PRAGMA busy_timeout = 10000")
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("BEGIN IMMEDIATE")
            try:
                conn.execute(
                    "CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, at TEXT)"
                )
                done = {row[0] for row in conn.execute("SELECT name FROM _migrations")}
                known = {m.__name__ for m in MIGRATIONS}
                unknown = done - known
                if unknown:
                    raise ScheduleStoreError(
                        f"{self.path} was written by a newer Parley (migrations "
                        f"{', '.join(sorted(unknown))}); it is left as it is"
                    )
                for step in MIGRATIONS:
                    if step.__name__ in done:
                        continue
                    step(conn)
                    conn.execute(
                        "INSERT INTO _migrations (name, at) VALUES (?, ?)",
                        (step.__name__, _text(datetime.now(UTC))),
                    )
                conn.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        finally:
            conn.close()

    # -- tasks -----------------------------------------------------------------------------------

    def add_task(self, task: ScheduledTask) -> None:
        with self._connect(write=True) as conn:
            clash = conn.execute(
                "SELECT id, name FROM tasks WHERE id = ? OR name = ?", (task.id, task.name)
            ).fetchone()
            if clash is not None:
                raise ScheduleError(f"a scheduled task is already named {clash['name']!r}")
            position = conn.execute("SELECT COALESCE(MAX(position), 0) + 1 FROM tasks").fetchone()
            conn.execute(
                "INSERT INTO tasks VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (*self._task_row(task), position[0]),
            )

    def update_task(self, task: ScheduledTask) -> None:
        with self._connect(write=True) as conn:
            row = self._task_row(task)
            changed = conn.execute(
                """UPDATE tasks SET name=?, cron=?, prompt=?, created_at=?, project=?, provider=?,
                   model=?, timeout_s=?, max_steps=?, tools=?, workspace=?, catch_up=?, enabled=?
                   WHERE id=?""",
                (*row[1:], task.id),
            ).rowcount
            if not changed:
                raise UnknownTask(f"no scheduled task {task.id!r}")

    def _absent(self) -> bool:
        """No schedule store yet: reading finds nothing and creates nothing (the window looks
        every minute in every profile, most of which never schedule anything)."""
        return not self._ready and not self.path.exists()

    def tasks(self) -> Sequence[ScheduledTask]:
        if self._absent():
            return ()
        with self._connect() as conn:
            rows = conn.execute("SELECT * FROM tasks ORDER BY position").fetchall()
        return tuple(self._task(r) for r in rows)

    def task(self, task_id: str) -> ScheduledTask:
        if self._absent():
            raise UnknownTask(f"no scheduled task {task_id!r}")
        with self._connect() as conn:
            row = conn.execute("SELECT * FROM tasks WHERE id = ?", (task_id,)).fetchone()
        if row is None:
            raise UnknownTask(f"no scheduled task {task_id!r}")
        return self._task(row)

    def remove_task(self, task_id: str) -> None:
        with self._connect(write=True) as conn:
            if not conn.execute("DELETE FROM tasks WHERE id = ?", (task_id,)).rowcount:
                raise UnknownTask(f"no scheduled task {task_id!r}")

    @staticmethod
    def _task_row(task: ScheduledTask) -> tuple[object, ...]:
        return (
            task.id, task.name, task.cron, task.prompt, _text(task.created_at), task.project,
            task.provider, task.model, float(task.timeout_s), task.max_steps, task.tools,
            task.workspace, int(task.catch_up), int(task.enabled),
        )  # fmt: skip

    @staticmethod
    def _task(row: sqlite3.Row) -> ScheduledTask:
        created = _time(row["created_at"])
        assert created is not None
        return ScheduledTask(
            id=row["id"],
            name=row["name"],
            cron=row["cron"],
            prompt=row["prompt"],
            created_at=created,
            project=row["project"],
            provider=row["provider"],
            model=row["model"],
            timeout_s=row["timeout_s"],
            max_steps=row["max_steps"],
            tools=row["tools"],
            workspace=row["workspace"],
            catch_up=bool(row["catch_up"]),
            enabled=bool(row["enabled"]),
        )

    # -- runs ------------------------------------------------------------------------------------

    def claim(self, run: RunRecord) -> bool:
        with self._connect(write=True) as conn:
            inserted = conn.execute(
                """INSERT OR IGNORE INTO runs (task_id, scheduled_at, kind, status, claimed_at,
                   started_at, ended_at, session_id, cost, input_tokens, output_tokens, error,
                   files, refused, pid, host) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)""",
                (
                    run.task_id,
                    _text(run.scheduled_at),
                    run.kind,
                    run.status,
                    _text(self._clock()),
                    _text(run.started_at),
                    _text(run.ended_at),
                    run.session_id,
                    run.cost,
                    run.input_tokens,
                    run.output_tokens,
                    run.error,
                    json.dumps(list(run.files)),
                    run.refused,
                    os.getpid(),
                    self._host,
                ),
            ).rowcount
        return inserted == 1

    def finish(self, run: RunRecord) -> None:
        with self._connect(write=True) as conn:
            conn.execute(
                """UPDATE runs SET status=?, started_at=?, ended_at=?, session_id=?, cost=?,
                   input_tokens=?, output_tokens=?, error=?, files=?, refused=?
                   WHERE task_id=? AND scheduled_at=?""",
                (
                    run.status,
                    _text(run.started_at),
                    _text(run.ended_at),
                    run.session_id,
                    run.cost,
                    run.input_tokens,
                    run.output_tokens,
                    run.error,
                    json.dumps(list(run.files)),
                    run.refused,
                    run.task_id,
                    _text(run.scheduled_at),
                ),
            )

    def set_session(self, task_id: str, scheduled_at: datetime, session_id: str) -> None:
        with self._connect(write=True) as conn:
            conn.execute(
                "UPDATE runs SET session_id=?, started_at=COALESCE(started_at, ?) "
                "WHERE task_id=? AND scheduled_at=?",
                (session_id, _text(self._clock()), task_id, _text(scheduled_at)),
            )

    def anchors(self) -> dict[str, datetime]:
        if self._absent():
            return {}
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT task_id, MAX(scheduled_at) AS at FROM runs WHERE kind != 'manual' "
                "GROUP BY task_id"
            ).fetchall()
        out: dict[str, datetime] = {}
        for row in rows:
            when = _time(row["at"])
            if when is not None:
                out[row["task_id"]] = when
        return out

    def runs(self, task_id: str = "", limit: int | None = None) -> Sequence[RunRecord]:
        query = "SELECT * FROM runs"
        params: list[object] = []
        if task_id:
            query += " WHERE task_id = ?"
            params.append(task_id)
        query += " ORDER BY claimed_at DESC, scheduled_at DESC"
        if limit is not None:
            query += " LIMIT ?"
            params.append(limit)
        if self._absent():
            return ()
        with self._connect() as conn:
            rows = conn.execute(query, params).fetchall()
        return tuple(self._run(r) for r in rows)

    def finished_since(self, since: datetime) -> Sequence[RunRecord]:
        if self._absent():
            return ()
        with self._connect() as conn:
            rows = conn.execute(
                "SELECT * FROM runs WHERE ended_at >= ? AND status != 'running' ORDER BY ended_at",
                (_text(since),),
            ).fetchall()
        return tuple(self._run(r) for r in rows)

    def paused(self) -> bool:
        if self._absent():
            return False
        with self._connect() as conn:
            row = conn.execute("SELECT value FROM flags WHERE name = 'paused'").fetchone()
        return row is not None and row[0] == "1"

    def set_paused(self, paused: bool) -> None:
        with self._connect(write=True) as conn:
            conn.execute(
                "INSERT INTO flags (name, value) VALUES ('paused', ?)"
                " ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                ("1" if paused else "0",),
            )

    def recover_abandoned(self) -> int:
        if self._absent():
            return 0
        with self._connect(write=True) as conn:
            rows = conn.execute(
                "SELECT task_id, scheduled_at, pid FROM runs WHERE status = 'running' AND host = ?",
                (self._host,),
            ).fetchall()
            gone = [r for r in rows if not _pid_alive(int(r["pid"]))]
            for row in gone:
                conn.execute(
                    "UPDATE runs SET status='interrupted', ended_at=?, "
                    "error='the process running it ended before it did' "
                    "WHERE task_id=? AND scheduled_at=?",
                    (_text(self._clock()), row["task_id"], row["scheduled_at"]),
                )
        return len(gone)

    @staticmethod
    def _run(row: sqlite3.Row) -> RunRecord:
        scheduled = _time(row["scheduled_at"])
        assert scheduled is not None
        return RunRecord(
            task_id=row["task_id"],
            scheduled_at=scheduled,
            kind=row["kind"],
            status=row["status"],
            started_at=_time(row["started_at"]),
            ended_at=_time(row["ended_at"]),
            session_id=row["session_id"],
            cost=row["cost"],
            input_tokens=row["input_tokens"],
            output_tokens=row["output_tokens"],
            error=row["error"],
            files=tuple(json.loads(row["files"] or "[]")),
            refused=row["refused"],
        )

    def close(self) -> None:
        """Nothing to close: each call opens and closes its own connection."""

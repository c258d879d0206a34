"""Connections of the PostgreSQL store: the pool, its transactions, and what a failure means.

Why it exists: the event-store port and the team-store port share one pool but report failures
differently (``EventStoreError``; ``TeamStoreError`` with a ``kind``), and both must check once
that the database's schema is one this code understands before touching it.

Invariants it keeps:

- connections are autocommit; every write is one explicit transaction (``_write``), so it
  commits whole or not at all; a write that adds events first takes one advisory lock for the
  whole database (``WRITE_LOCK``): event ids then commit in id order, so a puller that read up
  to id N never later finds a new event below N;
- a connection idle inside a transaction for ``IDLE_IN_TRANSACTION`` is ended by the server
  (its lock released, its transaction rolled back): a client gone silent mid-push cannot hold
  everyone's writes;
- the schema is checked on the first connection: behind → migrated when the role is the
  database's owner, else refused (``kind="schema"``); the check is not repeated;
- no message names the DSN's password: failures name ``user@host:port/db`` and the server's
  first line of error;
- a connection-level failure (refused, reset, timed out, pool exhausted) is "unreachable"; a
  permission, row-level-security, trigger or uniqueness refusal is "refused", and so is a login
  the server turns down (wrong password, unknown role, no ``pg_hba.conf`` entry): the first use
  logs in once directly (``_probe``) so that answer arrives at once and named, instead of as the
  pool's timeout;
- every connection asks the operating system for TCP keepalives (``KEEPALIVES``): a server that
  vanished without a word (a laptop lid, a dropped VPN) is noticed within about a minute, not
  after the kernel's two hours.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
import psycopg_pool
from psycopg import errors as pg_errors

from parley.application.ports.event_store import EventStoreError
from parley.application.ports.team_sync import TeamStoreError
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.infrastructure.team.migrations import SCHEMA, SchemaError, is_admin, migrate, pending
from parley.infrastructure.team.roles import describe_dsn

# Shown in the window (the team page, the sync status): marked for the window's language.
_REFUSED_LOGIN = QT_TRANSLATE_NOOP(
    "TeamStore", "the team store {where} refused the login: {detail}"
)
_TIMED_OUT = QT_TRANSLATE_NOOP(
    "TeamStore", "cannot reach the team store {where} (no connection within the timeout)"
)
_UNREACHABLE = QT_TRANSLATE_NOOP("TeamStore", "cannot reach the team store {where} ({detail})")
_NOT_SET_UP = QT_TRANSLATE_NOOP(
    "TeamStore",
    "the team database {where} is not set up for this Parley (missing {missing}); its owner "
    "must run init_team",
)

#: ``pg_advisory_xact_lock`` key of every transaction that inserts events (see the docstring).
WRITE_LOCK = 0x5061726C6579_02

#: A transaction here is statements sent back to back; one idle this long belongs to a client
#: whose network went silent (no FIN, no RST) while it held ``WRITE_LOCK``: without this, every
#: other member's push would wait until the server's TCP keepalive noticed (hours). Found with
#: ``tests/integration/test_sync_postgres_faults.py`` (a proxy that goes silent mid-push).
IDLE_IN_TRANSACTION = "10s"

#: libpq's TCP keepalive settings for every connection: first probe after 30 s idle, then every
#: 10 s, given up after 3 unanswered; ``connect_timeout`` bounds a login to a silent address.
KEEPALIVES: dict[str, Any] = {
    "keepalives": 1,
    "keepalives_idle": 30,
    "keepalives_interval": 10,
    "keepalives_count": 3,
}

#: Words of libpq's and the server's answers that mean "you may not log in", not "no server".
_LOGIN_REFUSALS = (
    "password authentication failed",
    "authentication failed",
    "no password supplied",
    "pg_hba.conf",
    "does not exist",
    "permission denied for database",
    "certificate",
    "SSL was required",
)

_REFUSALS = (
    pg_errors.InsufficientPrivilege,
    pg_errors.IntegrityError,
    pg_errors.RaiseException,
)


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


class LoginRefused(Exception):
    """The server answered and turned the login down (its first line says why)."""


class ServerUnreachable(Exception):
    """No server answered the login (refused, timed out, unknown host)."""


def failure_kind(exc: BaseException) -> str:
    """``TeamStoreError.kind`` of a database failure."""
    if isinstance(exc, SchemaError | pg_errors.UndefinedTable | pg_errors.UndefinedColumn):
        return "schema"
    if isinstance(exc, (*_REFUSALS, LoginRefused)):
        return "refused"
    return "unreachable"


class PostgresConnections:
    """The pool and the transaction helpers the store's parts share."""

    def __init__(self, dsn: str, *, pool_size: int, timeout: float) -> None:
        self._where = describe_dsn(dsn)
        self._dsn = dsn  # kept for ``_probe`` only; never formatted into a message
        self._timeout = timeout
        self._probed = False
        self._schema_checked = False
        self._schema_lock = threading.Lock()
        self._closed = False
        self._pool = psycopg_pool.ConnectionPool(
            dsn,
            min_size=1,
            max_size=max(1, int(pool_size)),
            kwargs={"autocommit": True, **KEEPALIVES},
            configure=_configure,
            # A connection the server dropped (a restart, an idle timeout) is replaced when it is
            # taken, not reported as "unreachable" to the call that got it.
            check=psycopg_pool.ConnectionPool.check_connection,
            open=False,
            timeout=timeout,
            name="parley-team",
        )
        # Opened without waiting: an offline desktop constructs the store and learns it is
        # unreachable from the first call, not from the constructor.
        self._pool.open(wait=False)

    @property
    def where(self) -> str:
        return self._where

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection]:
        if self._closed:
            raise EventStoreError(f"the team store {self._where} is closed")
        if not self._probed:
            self._probe()
        with self._pool.connection() as conn:
            if not self._schema_checked:
                self._check_schema(conn)
            yield conn

    def _probe(self) -> None:
        """Log in once, directly, before the pool is relied on: the pool retries a refused
        login quietly until its timeout, which would report a wrong password as "unreachable"
        ten seconds later. Raises ``LoginRefused`` when the server turned the login down and
        ``ServerUnreachable`` when none answered (an offline desktop learns it at once too); the
        next use probes again."""
        try:
            with psycopg.connect(
                self._dsn, connect_timeout=max(2, int(self._timeout)), **KEEPALIVES
            ):
                pass
        except psycopg.OperationalError as exc:
            text = str(exc)
            if any(marker in text for marker in _LOGIN_REFUSALS):
                raise LoginRefused(_server_line(text)) from None
            raise ServerUnreachable(_server_line(text)) from None
        self._probed = True

    def _check_schema(self, conn: psycopg.Connection) -> None:
        with self._schema_lock:
            if self._schema_checked:
                return
            todo = pending(conn)
            if todo:
                if not is_admin(conn):
                    raise SchemaError(
                        _NOT_SET_UP.format(where=self._where, missing=", ".join(todo))
                    )
                migrate(conn)
            self._schema_checked = True

    @contextmanager
    def _read(self) -> Iterator[psycopg.Connection]:
        """A pooled connection for reads; failures become ``EventStoreError``."""
        with self._event_errors("read"), self._connection() as conn:
            yield conn

    @contextmanager
    def _snapshot(self) -> Iterator[psycopg.Connection]:
        """A read inside one REPEATABLE READ transaction: several SELECTs, one moment."""
        with self._event_errors("read"), self._connection() as conn, conn.transaction():
            conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            yield conn

    @contextmanager
    def _write(self, *, events: bool = True) -> Iterator[psycopg.Connection]:
        """A pooled connection inside one transaction (rolled back on any error); ``events``:
        the transaction inserts or deletes events, so it takes ``WRITE_LOCK`` first."""
        with self._event_errors("write to"), self._connection() as conn, conn.transaction():
            if events:
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
            yield conn

    @contextmanager
    def _event_errors(self, verb: str) -> Iterator[None]:
        try:
            yield
        except EventStoreError:
            raise
        except LoginRefused as exc:
            raise EventStoreError(_REFUSED_LOGIN.format(where=self._where, detail=exc)) from None
        except psycopg_pool.PoolTimeout:
            raise EventStoreError(_TIMED_OUT.format(where=self._where)) from None
        except ServerUnreachable as exc:
            raise EventStoreError(_UNREACHABLE.format(where=self._where, detail=exc)) from None
        except (psycopg.Error, SchemaError) as exc:
            raise EventStoreError(
                f"cannot {verb} the team store {self._where}: {first_line(exc)}"
            ) from None

    @contextmanager
    def _team(self, verb: str, *, write: bool) -> Iterator[psycopg.Connection]:
        """A connection (in one transaction when ``write``) for the team-store port; failures
        become ``TeamStoreError`` with their kind."""
        try:
            with self._connection() as conn:
                if write:
                    with conn.transaction():
                        conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                        yield conn
                else:
                    yield conn
        except TeamStoreError:
            raise
        except LoginRefused as exc:
            raise TeamStoreError(
                _REFUSED_LOGIN.format(where=self._where, detail=exc), "refused"
            ) from None
        except psycopg_pool.PoolTimeout:
            raise TeamStoreError(
                _TIMED_OUT.format(where=self._where),
                "unreachable",
            ) from None
        except ServerUnreachable as exc:
            raise TeamStoreError(
                _UNREACHABLE.format(where=self._where, detail=exc), "unreachable"
            ) from None
        except EventStoreError as exc:
            raise TeamStoreError(f"cannot {verb} {self._where}: {exc}", "refused") from None
        except (psycopg.Error, SchemaError) as exc:
            raise TeamStoreError(
                f"cannot {verb} {self._where}: {first_line(exc)}", failure_kind(exc)
            ) from None

    def _close_pool(self) -> None:
        self._closed = True
        self._pool.close()


def _server_line(text: str) -> str:
    """The server's reason from a libpq connection failure ("password authentication failed
    for user "ana""), without libpq's "connection failed: … FATAL:" framing."""
    for line in text.splitlines():
        if "FATAL:" in line:
            return line.split("FATAL:", 1)[1].strip()
        if "connection failed:" in line or line.startswith("connection to server"):
            line = line.split("connection failed:", 1)[-1].strip()
            # libpq 17+: 'connection to server at "127.0.0.1", port 5432 failed: REASON'
            if line.startswith("connection to server") and " failed: " in line:
                line = line.split(" failed: ", 1)[1].strip()
            return line
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1] if lines else "the server refused the login"


def _configure(conn: psycopg.Connection) -> None:
    """Every pooled connection finds the team tables without a schema prefix, and a session
    that sits idle inside a transaction for ``IDLE_IN_TRANSACTION`` is ended by the server."""
    conn.execute(f"SET search_path TO {SCHEMA}")
    conn.execute(f"SET idle_in_transaction_session_timeout = '{IDLE_IN_TRANSACTION}'")

"""Setting up a team's PostgreSQL database and its people: schema, group roles, members,
operators, legal holds.

Why it exists: who may read and write what is the database's business (row-level security in
``migrations``); this module only creates what those rules name: the schema (``init_team``), a
login role per person in the right group (``add_member``, ``add_operator``), and legal holds.
All of it runs as the database's owner (an admin), never from a member's desktop.

Invariants it keeps:

- every function is idempotent: ``init_team`` on an empty or an existing database applies only
  what is missing; adding a person who exists already sets their password and group again;
- a password never reaches a log line or an error message: it is sent as a SCRAM verifier
  computed here (libpq's ``PQencryptPasswordConn``), so not even the server's statement log
  holds it, and connection errors name the server without the DSN's password;
- a person's name is a plain role name (letters, digits, ``_ . @ -``), never a group or system
  role, so it is safe to quote into DDL.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import psycopg
from psycopg import sql

from parley.infrastructure.team.migrations import (
    MEMBER_ROLE,
    OPERATOR_ROLE,
    SCHEMA,
    SchemaError,
    ensure_group_roles,
    migrate,
)

_NAME = re.compile(r"[A-Za-z0-9_.@-]{1,63}")


class TeamAdminError(Exception):
    """Setting up the team database failed; the message says how (never with a password)."""


@dataclass(frozen=True)
class TeamInit:
    """What ``init_team`` did: the migrations it applied and the group roles it created (both
    empty on a database that was up to date)."""

    migrations_applied: tuple[str, ...]
    roles_created: tuple[str, ...]


def describe_dsn(dsn: str) -> str:
    """``user@host:port/dbname`` of a DSN, for messages: never its password."""
    try:
        info = psycopg.conninfo.conninfo_to_dict(dsn)
    except psycopg.Error:
        return "the team database (its address could not be read)"
    host = info.get("host") or info.get("hostaddr") or "localhost"
    port = info.get("port") or "5432"
    return f"{info.get('user') or '?'}@{host}:{port}/{info.get('dbname') or '?'}"


def _connect(admin_dsn: str) -> psycopg.Connection:
    try:
        return psycopg.connect(admin_dsn, autocommit=True)
    except psycopg.Error as exc:
        raise TeamAdminError(
            f"cannot connect to {describe_dsn(admin_dsn)}: {_first_line(exc)}"
        ) from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def init_team(admin_dsn: str) -> TeamInit:
    """Create (or bring up to date) the team schema and the group roles ``parley_member`` and
    ``parley_operator`` on an empty or existing database; as its owner or a superuser."""
    with _connect(admin_dsn) as conn:
        try:
            with conn.transaction():
                roles = ensure_group_roles(conn)
            applied = migrate(conn)
        except SchemaError as exc:
            raise TeamAdminError(f"{describe_dsn(admin_dsn)}: {exc}") from None
        except psycopg.Error as exc:
            raise TeamAdminError(
                f"cannot set up the team schema on {describe_dsn(admin_dsn)}: {_first_line(exc)}"
            ) from None
    return TeamInit(tuple(applied), tuple(roles))


def add_member(admin_dsn: str, name: str, password: str) -> None:
    """A person who reads and writes their own conversations only (``parley_member``)."""
    _add_person(admin_dsn, name, password, MEMBER_ROLE)


def add_operator(admin_dsn: str, name: str, password: str) -> None:
    """A person who reads everyone's conversations and writes none (``parley_operator``)."""
    _add_person(admin_dsn, name, password, OPERATOR_ROLE)


def _check_name(name: str) -> None:
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise TeamAdminError(
            f"a team member's name must be 1-63 letters, digits or _ . @ -, not {name!r}"
        )
    if name.startswith("pg_") or name in (MEMBER_ROLE, OPERATOR_ROLE):
        raise TeamAdminError(f"{name!r} is reserved; choose another name")


def _add_person(admin_dsn: str, name: str, password: str, group: str) -> None:
    _check_name(name)
    if not isinstance(password, str) or not password:
        raise TeamAdminError(f"{name!r} needs a non-empty password")
    with _connect(admin_dsn) as conn:
        try:
            with conn.transaction():
                ensure_group_roles(conn)
                verifier = conn.pgconn.encrypt_password(
                    password.encode("utf-8"), name.encode("utf-8"), b"scram-sha-256"
                ).decode("ascii")
                exists = conn.execute(
                    "SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)
                ).fetchone()
                verb = "ALTER" if exists else "CREATE"
                conn.execute(
                    sql.SQL(verb + " ROLE {} LOGIN PASSWORD {}").format(
                        sql.Identifier(name), sql.Literal(verifier)
                    )
                )
                conn.execute(
                    sql.SQL("GRANT {} TO {}").format(sql.Identifier(group), sql.Identifier(name))
                )
        except psycopg.Error as exc:
            raise TeamAdminError(
                f"cannot add {name!r} to {describe_dsn(admin_dsn)}: {_first_line(exc)}"
            ) from None


def place_legal_hold(
    admin_dsn: str, *, session_id: str | None = None, member: str | None = None, reason: str = ""
) -> int:
    """Hold one conversation, or every conversation of one member: deleting it is refused by
    the database until the hold is released. Returns the hold's id."""
    if (session_id is None) == (member is None):
        raise TeamAdminError("a legal hold covers one conversation or one member: name one")
    with _connect(admin_dsn) as conn:
        try:
            row = conn.execute(
                f"INSERT INTO {SCHEMA}.legal_hold (session_id, member, reason)"
                " VALUES (%s, %s, %s) RETURNING id",
                (session_id, member, reason),
            ).fetchone()
        except psycopg.Error as exc:
            raise TeamAdminError(f"cannot place the legal hold: {_first_line(exc)}") from None
    assert row is not None
    return int(row[0])


def release_legal_hold(admin_dsn: str, hold_id: int) -> bool:
    """Remove a legal hold; False when there was none with that id."""
    with _connect(admin_dsn) as conn:
        try:
            cursor = conn.execute(f"DELETE FROM {SCHEMA}.legal_hold WHERE id = %s", (hold_id,))
        except psycopg.Error as exc:
            raise TeamAdminError(f"cannot release the legal hold: {_first_line(exc)}") from None
    return cursor.rowcount > 0

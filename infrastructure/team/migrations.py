"""Schema migrations of a team's PostgreSQL store: an ordered list of functions, recorded by name.

Why it exists: a team's database outlives every version of Parley that writes it, so its schema
moves forward one recorded step at a time (as the SQLite store's ``migrations``, simonw/llm
style): each migration is a function that runs once, and ``parley._migrations`` records which
ran (name, when).

Invariants it keeps:

- everything lives in the schema ``parley``; migrations run in list order, each exactly once per
  database, all of one run in one transaction under an advisory lock (two admins migrating at
  once wait for each other; a failure leaves the database as it was);
- only the database's owner (or a superuser) migrates: a member or an operator connecting to a
  database that is behind is refused with a message saying who must run ``init_team``; a
  database recording a migration this code does not know (a newer Parley) is refused, not used;
- names are append-only: never rename, reorder or edit a released migration; add one;
- the rules are the database's, not the application's: row-level security on every table that
  holds a conversation (``owner = current_user`` for ``parley_member``, read-only for
  ``parley_operator``), an UPDATE of an event always refused, a DELETE refused unless the
  transaction opened the retention gate for that conversation (``parley.retention``, set by
  ``delete_session``) and no legal hold covers the conversation or its member;
- the payload is kept as TEXT exactly as hashed (``domain/transcript/chain``): a jsonb column
  would reorder keys and the chain could not be recomputed.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import psycopg

SCHEMA = "parley"
MEMBER_ROLE = "parley_member"
OPERATOR_ROLE = "parley_operator"
#: ``pg_advisory_xact_lock`` key taken by a migration run (any constant unlikely to collide).
MIGRATION_LOCK = 0x5061726C6579_01

Migration = Callable[[psycopg.Connection], None]

MIGRATIONS: list[Migration] = []


class SchemaError(Exception):
    """The database's schema cannot be used by this code (missing, behind, or newer)."""


def migration(fn: Migration) -> Migration:
    """Register ``fn`` as the next migration; its ``__name__`` is recorded."""
    if any(m.__name__ == fn.__name__ for m in MIGRATIONS):
        raise ValueError(f"duplicate migration name {fn.__name__!r}")
    MIGRATIONS.append(fn)
    return fn


def ensure_group_roles(conn: psycopg.Connection) -> list[str]:
    """Create the group roles (NOLOGIN) when missing; roles belong to the cluster, so another
    database may have made them already. Returns the roles created."""
    made = []
    for role in (MEMBER_ROLE, OPERATOR_ROLE):
        row = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,)).fetchone()
        if row is None:
            conn.execute(f"CREATE ROLE {role} NOLOGIN")
            made.append(role)
    return made


def _owned_by_session(table: str) -> str:
    """The row-level-security condition of a table keyed by ``session_id``: the row's
    conversation is one the member sees (``sessions`` is itself filtered to ``owner =
    current_user``, and the condition repeats it for an operator who is also a member)."""
    return (
        f"EXISTS (SELECT 1 FROM {SCHEMA}.sessions s WHERE s.id = {table}.session_id"
        " AND s.owner = CAST(current_user AS text))"
    )


@migration
def m001_team_schema(conn: psycopg.Connection) -> None:
    """Conversations, their append-only events with global ids and search vectors, the derived
    tables (turns, verdicts, checkpoints), the retention log and legal holds."""
    conn.execute(
        f"""
        CREATE TABLE {SCHEMA}.sessions (
            id text PRIMARY KEY,
            owner text NOT NULL DEFAULT CAST(current_user AS text),
            title text NOT NULL DEFAULT '',
            project_id text,
            created_at text NOT NULL,
            updated_at text NOT NULL,
            pinned boolean NOT NULL DEFAULT false,
            current_turn_id text NOT NULL DEFAULT '',
            head_hash text NOT NULL DEFAULT '',
            turn_count integer NOT NULL DEFAULT 0,
            input_tokens bigint NOT NULL DEFAULT 0,
            output_tokens bigint NOT NULL DEFAULT 0,
            failures integer NOT NULL DEFAULT 0,
            models text[] NOT NULL DEFAULT '{{}}',
            workspaces text[] NOT NULL DEFAULT '{{}}',
            seq bigserial NOT NULL
        )
        """
    )
    conn.execute(f"CREATE INDEX sessions_updated ON {SCHEMA}.sessions (updated_at DESC, seq DESC)")
    conn.execute(f"CREATE INDEX sessions_owner ON {SCHEMA}.sessions (owner)")
    conn.execute(
        f"""
        CREATE TABLE {SCHEMA}.events (
            id bigserial PRIMARY KEY,
            session_id text NOT NULL REFERENCES {SCHEMA}.sessions (id),
            owner text NOT NULL DEFAULT CAST(current_user AS text),
            turn_id text NOT NULL,
            ts text NOT NULL,
            type text NOT NULL,
            actor text NOT NULL DEFAULT '',
            work_item text,
            payload text NOT NULL,
            prev_hash text NOT NULL,
            hash text NOT NULL,
            origin_device text NOT NULL,
            origin_seq bigint NOT NULL,
            search_text text NOT NULL DEFAULT '',
            search tsvector,
            UNIQUE (origin_device, origin_seq)
        )
        """
    )
    conn.execute(f"CREATE INDEX events_session ON {SCHEMA}.events (session_id, id)")
    conn.execute(f"CREATE INDEX events_session_turn ON {SCHEMA}.events (session_id, turn_id)")
    conn.execute(f"CREATE INDEX events_search ON {SCHEMA}.events USING gin (search)")
    conn.execute(f"CREATE INDEX events_ts ON {SCHEMA}.events (ts)")
    conn.execute(
        f"""
        CREATE TABLE {SCHEMA}.turns (
            session_id text NOT NULL REFERENCES {SCHEMA}.sessions (id),
            turn_id text NOT NULL,
            started_at text NOT NULL,
            provider_id text NOT NULL DEFAULT '',
            model text NOT NULL DEFAULT '',
            project_id text,
            workspace text NOT NULL DEFAULT '',
            status text,
            finished_at text,
            input_tokens bigint NOT NULL DEFAULT 0,
            output_tokens bigint NOT NULL DEFAULT 0,
            tool_calls integer NOT NULL DEFAULT 0,
            owner_token text,
            follows_turn_id text,
            retry_of text,
            first_event_id bigint,
            PRIMARY KEY (session_id, turn_id)
        )
        """
    )
    conn.execute(f"CREATE INDEX turns_running ON {SCHEMA}.turns (status) WHERE status IS NULL")
    conn.execute(
        f"""
        CREATE TABLE {SCHEMA}.turn_verdicts (
            session_id text NOT NULL REFERENCES {SCHEMA}.sessions (id),
            turn_id text NOT NULL,
            decision text NOT NULL,
            PRIMARY KEY (session_id, turn_id, decision)
        )
        """
    )
    conn.execute(
        f"""
        CREATE TABLE {SCHEMA}.partials (
            session_id text NOT NULL REFERENCES {SCHEMA}.sessions (id),
            turn_id text NOT NULL,
            seq integer NOT NULL,
            ts text NOT NULL,
            text text NOT NULL,
            PRIMARY KEY (session_id, turn_id, seq)
        )
        """
    )
    conn.execute(
        f"""
        CREATE TABLE {SCHEMA}.retention_log (
            id bigserial PRIMARY KEY,
            owner text NOT NULL DEFAULT CAST(current_user AS text),
            session_id text NOT NULL,
            title text NOT NULL,
            deleted_at text NOT NULL,
            events bigint NOT NULL,
            head_hash text NOT NULL
        )
        """
    )
    conn.execute(
        f"""
        CREATE TABLE {SCHEMA}.legal_hold (
            id bigserial PRIMARY KEY,
            session_id text,
            member text,
            reason text NOT NULL DEFAULT '',
            placed_at timestamptz NOT NULL DEFAULT now(),
            placed_by text NOT NULL DEFAULT CAST(current_user AS text),
            CHECK ((session_id IS NULL) <> (member IS NULL))
        )
        """
    )


@migration
def m002_append_only_and_holds(conn: psycopg.Connection) -> None:
    """The database's own rules on events: no UPDATE ever; a DELETE only through the retention
    gate of its conversation and never under a legal hold (conversation or member)."""
    conn.execute(
        f"""
        CREATE FUNCTION {SCHEMA}.refuse_event_update() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'events are append-only: event % cannot be changed', OLD.id
                USING ERRCODE = 'insufficient_privilege';
        END $$
        """
    )
    conn.execute(
        f"CREATE TRIGGER events_no_update BEFORE UPDATE ON {SCHEMA}.events"
        f" FOR EACH ROW EXECUTE FUNCTION {SCHEMA}.refuse_event_update()"
    )
    # SECURITY DEFINER: members may not read legal_hold, but the check must see every hold.
    conn.execute(
        f"""
        CREATE FUNCTION {SCHEMA}.held(p_session text, p_member text) RETURNS text
        LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, {SCHEMA} AS $$
            SELECT coalesce(min(CASE WHEN h.session_id IS NOT NULL
                THEN 'conversation ' || h.session_id ELSE 'member ' || h.member END
                || coalesce(nullif(': ' || h.reason, ': '), '')), '')
            FROM {SCHEMA}.legal_hold h
            WHERE h.session_id = p_session OR h.member = p_member
        $$
        """
    )
    conn.execute(
        f"""
        CREATE FUNCTION {SCHEMA}.guard_delete() RETURNS trigger
        LANGUAGE plpgsql AS $$
        DECLARE
            hold text;
            sid text;
        BEGIN
            IF TG_TABLE_NAME = 'sessions' THEN
                sid := OLD.id;
            ELSE
                sid := OLD.session_id;
            END IF;
            hold := {SCHEMA}.held(sid, OLD.owner);
            IF hold <> '' THEN
                RAISE EXCEPTION 'conversation % is under legal hold (%); it cannot be deleted',
                    sid, hold USING ERRCODE = 'insufficient_privilege';
            END IF;
            IF TG_TABLE_NAME = 'events'
               AND coalesce(current_setting('parley.retention', true), '') <> sid THEN
                RAISE EXCEPTION 'events are append-only: delete conversation % through Parley',
                    sid USING ERRCODE = 'insufficient_privilege';
            END IF;
            RETURN OLD;
        END $$
        """
    )
    for table in ("events", "sessions"):
        conn.execute(
            f"CREATE TRIGGER {table}_guard_delete BEFORE DELETE ON {SCHEMA}.{table}"
            f" FOR EACH ROW EXECUTE FUNCTION {SCHEMA}.guard_delete()"
        )


@migration
def m003_row_level_security(conn: psycopg.Connection) -> None:
    """Who sees and writes what, enforced by PostgreSQL: a member its own conversations (and
    their events and derived rows), an operator everything, read-only."""
    ensure_group_roles(conn)
    s, member, operator = SCHEMA, MEMBER_ROLE, OPERATOR_ROLE
    conn.execute(f"GRANT USAGE ON SCHEMA {s} TO {member}, {operator}")
    conn.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA {s} TO {operator}")
    conn.execute(f"GRANT SELECT ON {s}._migrations TO {member}")
    conn.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {s}.sessions TO {member}")
    conn.execute(f"GRANT SELECT, INSERT, DELETE ON {s}.events TO {member}")
    for table in ("turns", "turn_verdicts", "partials"):
        conn.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON {s}.{table} TO {member}")
    conn.execute(f"GRANT SELECT, INSERT ON {s}.retention_log TO {member}")
    conn.execute(f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA {s} TO {member}")
    conn.execute(f"GRANT EXECUTE ON FUNCTION {s}.held(text, text) TO {member}, {operator}")
    mine = "owner = CAST(current_user AS text)"
    for table in ("sessions", "events", "turns", "turn_verdicts", "partials", "retention_log"):
        conn.execute(f"ALTER TABLE {s}.{table} ENABLE ROW LEVEL SECURITY")
        conn.execute(
            f"CREATE POLICY operator_reads ON {s}.{table} FOR SELECT TO {operator} USING (true)"
        )
    conn.execute(
        f"CREATE POLICY member_own ON {s}.sessions FOR ALL TO {member}"
        f" USING ({mine}) WITH CHECK ({mine})"
    )
    conn.execute(f"CREATE POLICY member_reads ON {s}.events FOR SELECT TO {member} USING ({mine})")
    conn.execute(
        f"CREATE POLICY member_appends ON {s}.events FOR INSERT TO {member}"
        f" WITH CHECK ({mine} AND {_owned_by_session('events')})"
    )
    conn.execute(
        f"CREATE POLICY member_deletes ON {s}.events FOR DELETE TO {member} USING ({mine})"
    )
    for table in ("turns", "turn_verdicts", "partials"):
        conn.execute(
            f"CREATE POLICY member_own ON {s}.{table} FOR ALL TO {member}"
            f" USING ({_owned_by_session(table)}) WITH CHECK ({_owned_by_session(table)})"
        )
    conn.execute(
        f"CREATE POLICY member_own ON {s}.retention_log FOR ALL TO {member}"
        f" USING ({mine}) WITH CHECK ({mine})"
    )


@migration
def m004_events_owner_ts(conn: psycopg.Connection) -> None:
    """An index on ``events (owner, ts)``: an operator's search by member and date narrows to
    that member's recent events and ANDs them with the text index, instead of reading every
    member's events of the period (10,000,000 events: p50 77 -> 26 ms, p99 327 -> 185 ms,
    ``benchmarks/team_scale.py``). ``IF NOT EXISTS``: an admin may have made it by hand under
    this name. Built inside the migration's transaction (not ``CONCURRENTLY``, which cannot be),
    so writes to ``events`` wait while it builds (17-19 s for 10,000,000 events)."""
    conn.execute(f"CREATE INDEX IF NOT EXISTS events_owner_ts ON {SCHEMA}.events (owner, ts)")


def applied_migrations(conn: psycopg.Connection) -> list[str]:
    """Names of the migrations recorded in the database, in the order they ran ([] when the
    schema is not there)."""
    exists = conn.execute("SELECT to_regclass(%s)", (f"{SCHEMA}._migrations",)).fetchone()
    if exists is None or exists[0] is None:
        return []
    rows = conn.execute(f"SELECT name FROM {SCHEMA}._migrations ORDER BY seq").fetchall()
    return [row[0] for row in rows]


def is_admin(conn: psycopg.Connection) -> bool:
    """Whether the connected role may migrate: a superuser or the database's owner."""
    row = conn.execute(
        "SELECT r.rolsuper OR pg_has_role(current_user, d.datdba, 'MEMBER')"
        " FROM pg_roles r, pg_database d"
        " WHERE r.rolname = current_user AND d.datname = current_database()"
    ).fetchone()
    return bool(row and row[0])


def pending(conn: psycopg.Connection) -> list[str]:
    """The names of the migrations this code has and the database does not; ``SchemaError``
    when the database records one this code does not know (a newer Parley wrote it)."""
    done = applied_migrations(conn)
    known = [m.__name__ for m in MIGRATIONS]
    unknown = [name for name in done if name not in known]
    if unknown:
        raise SchemaError(
            f"the team database was set up by a newer Parley (migrations {', '.join(unknown)}); "
            "update Parley to use it"
        )
    return [name for name in known if name not in done]


def migrate(conn: psycopg.Connection) -> list[str]:
    """Apply the pending migrations in one transaction (``conn`` in autocommit mode, connected
    as the database's owner or a superuser); returns the names applied."""
    if not is_admin(conn):
        raise SchemaError("only the team database's owner may set up or upgrade its schema")
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        ensure_group_roles(conn)
        conn.execute(f"CREATE SCHEMA IF NOT EXISTS {SCHEMA}")
        conn.execute(
            f"CREATE TABLE IF NOT EXISTS {SCHEMA}._migrations ("
            " seq serial, name text PRIMARY KEY, applied_at text NOT NULL)"
        )
        todo = set(pending(conn))
        applied = []
        for fn in MIGRATIONS:
            if fn.__name__ not in todo:
                continue
            fn(conn)
            conn.execute(
                f"INSERT INTO {SCHEMA}._migrations (name, applied_at) VALUES (%s, %s)",
                (fn.__name__, datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")),
            )
            applied.append(fn.__name__)
    return applied

"""History on the team store: full-text search, the conversation list's figures, the hash-chain
check and the one retention path (``delete_session``).

Why it exists: the history window and ``parley history`` ask the same questions of a team store
as of SQLite; here PostgreSQL's text search answers them (a ``tsvector`` per event, GIN index,
configuration ``language``), with the same filters, order and snippet markers.

Invariants it keeps:

- a query is never passed to PostgreSQL as query syntax: each word becomes quoted lexemes
  (a word with punctuation inside, ``foo-bar``, a phrase of its parts; a trailing ``*`` a
  prefix), all required — the SQLite store's ``match_expression`` rules; a query of punctuation
  only matches nothing; an empty query lists the searchable events matching the filters;
- a snippet marks matched words between ``HIGHLIGHT_OPEN``/``HIGHLIGHT_CLOSE`` and shows about
  ``SNIPPET_TOKENS`` words, with ``…`` where it cuts the text;
- a ``member`` filter narrows by the conversation's owner (``sessions.owner``, ``events.owner``);
  row-level security has already narrowed a member to their own, so it matters to operators;
- ``verify_chain`` reads the head and the events in one REPEATABLE READ snapshot;
- ``delete_session`` opens the retention gate (``parley.retention``, transaction-local) for one
  conversation and deletes in one transaction; the database refuses it under a legal hold.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg

from parley.application.ports.event_store import (
    ChainReport,
    EventStoreError,
    SearchFilters,
    SearchHit,
    SessionNotFound,
    SessionSummary,
    SessionUsage,
)
from parley.domain.transcript.chain import GENESIS, event_hash
from parley.infrastructure.storage.fulltext import (
    HIGHLIGHT_CLOSE,
    HIGHLIGHT_OPEN,
    SNIPPET_TOKENS,
    preview,
    until_bound,
)
from parley.infrastructure.team.postgres_connection import PostgresConnections
from parley.infrastructure.team.postgres_rows import server_now

_TOKEN = re.compile(r"[^\W_]+")


def tsquery_expression(query: str) -> str:
    """A ``to_tsquery`` expression for ``query`` ("" when it has no searchable word)."""
    terms = []
    for word in query.replace("\x00", " ").split():
        prefix = word.endswith("*")
        tokens = _TOKEN.findall(word.rstrip("*"))
        if not tokens:
            continue
        quoted = ["'" + t.replace("\\", "\\\\").replace("'", "''") + "'" for t in tokens]
        if prefix:
            quoted[-1] += ":*"
        terms.append("(" + " <-> ".join(quoted) + ")" if len(quoted) > 1 else quoted[0])
    return " & ".join(terms)


_HEADLINE = (
    f'StartSel="{HIGHLIGHT_OPEN}", StopSel="{HIGHLIGHT_CLOSE}", MaxWords={SNIPPET_TOKENS},'
    ' MinWords=3, ShortWord=0, MaxFragments=1, FragmentDelimiter="…"'
)


def _snippet(headline: str, text: str) -> str:
    """The headline with ``…`` where it cuts ``text`` (as FTS5's ``snippet`` marks it)."""
    plain = headline.replace(HIGHLIGHT_OPEN, "").replace(HIGHLIGHT_CLOSE, "").strip()
    flat_text = " ".join(text.split())
    flat = " ".join(headline.split())
    if plain and not flat_text.startswith(" ".join(plain.split())):
        flat = "…" + flat
    if plain and not flat_text.endswith(" ".join(plain.split())):
        flat = flat + "…"
    return flat


@dataclass(frozen=True)
class MemberUsage:
    """One member's finished turns on one provider's model: how many, and their tokens."""

    member: str
    provider_id: str
    model: str
    turns: int
    input_tokens: int
    output_tokens: int


class PostgresHistory(PostgresConnections):
    """Search, summaries, chain checks and deletion (mixed into ``PostgresEventStore``)."""

    language: str

    def search(
        self, query: str, filters: SearchFilters | None = None, *, limit: int = 100
    ) -> Sequence[SearchHit]:
        _check_limit(limit)
        if not isinstance(query, str):
            raise EventStoreError(f"a search query must be text, not {type(query).__name__}")
        expression = tsquery_expression(query)
        if query.strip() and not expression:
            return []
        filters = filters or SearchFilters()
        conditions, params = _turn_conditions(filters, date_column="e.ts")
        if filters.member:  # the event's own owner column: no join needed to narrow by member
            conditions.insert(0, "e.owner = %s")
            params.insert(0, filters.member)
        where = "".join(f" AND {c}" for c in conditions)
        joins = (
            "JOIN sessions s ON s.id = e.session_id"
            " LEFT JOIN turns t ON t.session_id = e.session_id AND t.turn_id = e.turn_id"
        )
        if expression:
            sql = (
                "SELECT e.id, e.session_id, s.title, e.turn_id, e.type, e.ts, e.search_text,"
                " ts_headline(%s::regconfig, e.search_text, q, %s)"
                f" FROM to_tsquery(%s::regconfig, %s) q, events e {joins}"
                f" WHERE e.search @@ q{where} ORDER BY e.id DESC LIMIT %s"
            )
            args = [self.language, _HEADLINE, self.language, expression, *params, limit]
        else:
            sql = (
                "SELECT e.id, e.session_id, s.title, e.turn_id, e.type, e.ts, e.search_text, ''"
                f" FROM events e {joins} WHERE e.search_text <> ''{where}"
                " ORDER BY e.id DESC LIMIT %s"
            )
            args = [*params, limit]
        with self._read() as conn:
            rows = conn.execute(sql, args).fetchall()
        return [
            SearchHit(
                session_id=session_id,
                session_title=title,
                event_id=int(event_id),
                turn_id=turn_id,
                type_name=type_name,
                ts=ts,
                snippet=_snippet(headline, text) if expression else preview(text),
            )
            for event_id, session_id, title, turn_id, type_name, ts, text, headline in rows
        ]

    def summaries(
        self, filters: SearchFilters | None = None, *, limit: int | None = None
    ) -> Sequence[SessionSummary]:
        if limit is not None:
            _check_limit(limit)
        filters = filters or SearchFilters()
        conditions, params = _turn_conditions(filters, date_column="t.started_at")
        sql = (
            "SELECT id, title, created_at, updated_at, project_id, workspaces, models,"
            " turn_count, input_tokens, output_tokens, failures FROM sessions s"
        )
        where = []
        if filters.member:
            where.append("s.owner = %s")
            params.insert(0, filters.member)
        if conditions:
            where.append(
                "EXISTS (SELECT 1 FROM turns t WHERE t.session_id = s.id AND "
                + " AND ".join(conditions)
                + ")"
            )
        if where:
            sql += " WHERE " + " AND ".join(where)
        sql += " ORDER BY updated_at DESC, seq DESC"
        if limit is not None:
            sql += " LIMIT %s"
            params.append(limit)
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [
            SessionSummary(
                id=sid,
                title=title,
                created_at=created,
                updated_at=updated,
                project_id=project,
                workspaces=tuple(sorted({w for w in workspaces if w})),
                models=tuple(sorted({m for m in models if m})),
                turns=int(turns),
                input_tokens=int(tokens_in),
                output_tokens=int(tokens_out),
                failures=int(failures),
            )
            for (sid, title, created, updated, project, workspaces, models, turns, tokens_in,
                 tokens_out, failures) in rows
        ]  # fmt: skip

    def session_owners(self, session_ids: Sequence[str]) -> dict[str, str]:
        """The member (PostgreSQL role) who owns each of ``session_ids`` the reader may see."""
        if not session_ids:
            return {}
        with self._read() as conn:
            rows = conn.execute(
                "SELECT id, owner FROM sessions WHERE id = ANY(%s)", (list(session_ids),)
            ).fetchall()
        return {sid: owner for sid, owner in rows}

    def session_usage(self, session_ids: Sequence[str]) -> Sequence[SessionUsage]:
        """The finished turns' tokens per conversation, provider and model (row-level security
        leaves out the conversations the reader may not see)."""
        if not session_ids:
            return []
        with self._read() as conn:
            rows = conn.execute(
                "SELECT session_id, provider_id, model, count(*), sum(input_tokens),"
                " sum(output_tokens) FROM turns WHERE session_id = ANY(%s)"
                " AND status IS NOT NULL GROUP BY session_id, provider_id, model",
                (list(dict.fromkeys(session_ids)),),
            ).fetchall()
        return [
            SessionUsage(sid, provider, model, int(n), int(i or 0), int(o or 0))
            for sid, provider, model, n, i, o in rows
        ]

    def usage_by_member(self, filters: SearchFilters | None = None) -> Sequence[MemberUsage]:
        """Finished turns' tokens per member, provider and model (turns started on or after
        ``filters.since``, before ``until``, of ``member`` when given); members by name, each
        member's models largest input first."""
        filters = filters or SearchFilters()
        conditions, params = _turn_conditions(filters, date_column="t.started_at")
        if filters.member:
            conditions.insert(0, "s.owner = %s")
            params.insert(0, filters.member)
        where = "".join(f" AND {c}" for c in conditions)
        sql = (
            "SELECT s.owner, t.provider_id, t.model, count(*), sum(t.input_tokens),"
            " sum(t.output_tokens) FROM turns t JOIN sessions s ON s.id = t.session_id"
            f" WHERE t.status IS NOT NULL{where}"
            " GROUP BY s.owner, t.provider_id, t.model"
            " ORDER BY s.owner, sum(t.input_tokens) DESC, t.model"
        )
        with self._read() as conn:
            rows = conn.execute(sql, params).fetchall()
        return [
            MemberUsage(owner, provider, model, int(turns), int(tokens_in or 0),
                        int(tokens_out or 0))
            for owner, provider, model, turns, tokens_in, tokens_out in rows
        ]  # fmt: skip

    def verify_chain(self, session_id: str) -> ChainReport:
        with self._snapshot() as conn:
            head = conn.execute(
                "SELECT head_hash FROM sessions WHERE id = %s", (session_id,)
            ).fetchone()
            if head is None:
                raise SessionNotFound(session_id)
            rows = conn.execute(
                "SELECT id, turn_id, ts, type, actor, work_item, payload, prev_hash, hash"
                " FROM events WHERE session_id = %s ORDER BY id",
                (session_id,),
            ).fetchall()
            hashes = {row[-1]: row[0] for row in rows}
        expected_prev, checked, last_id = GENESIS, 0, None
        for row in rows:
            checked += 1
            reason = _chain_problem(session_id, row, expected_prev, last_id, hashes)
            if reason:
                return ChainReport(session_id, False, checked, int(row[0]), reason)
            expected_prev, last_id = row[-1], int(row[0])
        if head[0] == expected_prev:
            return ChainReport(session_id, True, checked)
        if last_id is None:
            reason = "event missing: all its events were removed"
        elif head[0] in hashes:
            reason = (
                "event inserted: events were added after the conversation's last recorded event"
            )
        else:
            reason = (
                f"event missing: the event(s) after event {last_id} (the last one there) "
                "were removed"
            )
        return ChainReport(session_id, False, checked, last_id, reason)

    def delete_session(self, session_id: str) -> int:
        with self._write() as conn:
            return self._delete_in(conn, session_id)

    @staticmethod
    def _delete_in(conn: psycopg.Connection, session_id: str, *, missing_ok: bool = False) -> int:
        """``delete_session``'s work inside the caller's transaction."""
        row = conn.execute(
            "SELECT title, head_hash FROM sessions WHERE id = %s FOR UPDATE", (session_id,)
        ).fetchone()
        if row is None:
            if missing_ok:
                return 0
            raise SessionNotFound(session_id)
        key = (session_id,)
        conn.execute("SELECT set_config('parley.retention', %s, true)", key)
        count = conn.execute("DELETE FROM events WHERE session_id = %s", key).rowcount
        conn.execute("SELECT set_config('parley.retention', '', true)")
        for table in ("partials", "turn_verdicts", "turns"):
            conn.execute(f"DELETE FROM {table} WHERE session_id = %s", key)
        conn.execute("DELETE FROM sessions WHERE id = %s", key)
        conn.execute(
            "INSERT INTO retention_log (session_id, title, deleted_at, events, head_hash)"
            " VALUES (%s, %s, %s, %s, %s)",
            (session_id, row[0], server_now(conn), count, row[1]),
        )
        return int(count)


def _check_limit(limit: object) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise EventStoreError(f"limit must be a non-negative integer, not {limit!r}")


def _turn_conditions(filters: SearchFilters, *, date_column: str) -> tuple[list[str], list[Any]]:
    """SQL conditions (on ``t`` = turns, ``s`` = sessions) and their parameters."""
    conditions: list[str] = []
    params: list[Any] = []

    def add(condition: str, *values: Any) -> None:
        conditions.append(condition)
        params.extend(values)

    if filters.since:
        add(f"{date_column} >= %s", filters.since)
    if filters.until:
        add(f"{date_column} < %s", until_bound(filters.until))
    if filters.provider:
        add("t.provider_id = %s", filters.provider)
    if filters.model:
        add("t.model = %s", filters.model)
    if filters.project_id:
        add("coalesce(t.project_id, s.project_id) = %s", filters.project_id)
    if filters.workspace:
        add("t.workspace = %s", filters.workspace)
    if filters.status:
        add("t.status = %s", filters.status)
    if filters.has_tool_calls:
        add("t.tool_calls > 0")
    if filters.verdict:
        add(
            "EXISTS (SELECT 1 FROM turn_verdicts v WHERE v.session_id = t.session_id"
            " AND v.turn_id = t.turn_id AND v.decision = %s)",
            filters.verdict,
        )
    return conditions, params


def _chain_problem(
    session_id: str,
    row: tuple[Any, ...],
    expected_prev: str,
    last_id: int | None,
    hashes: dict[str, Any],
) -> str:
    """Why ``row`` breaks the chain, or "" (the SQLite store's reasons, word for word)."""
    _id, turn_id, ts, type_name, actor, work_item, payload, prev, stored = row
    if not stored or prev is None:
        return "event inserted: it carries no hash (added behind Parley's back)"
    if event_hash(prev, session_id, turn_id, ts, type_name, actor, work_item, payload) != stored:
        return "payload changed: the event's content does not match its hash"
    if prev == expected_prev:
        return ""
    if prev and prev in hashes:
        return (
            "link broken: the event does not follow the one before it (events reordered or copied)"
        )
    if last_id is None:
        return "event missing: the events before it were removed"
    return (
        f"event missing: the event it follows is not there (removed after event {last_id}, "
        f"or event {last_id} was rewritten with a new hash)"
    )

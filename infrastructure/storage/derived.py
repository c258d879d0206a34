"""Rows derived from each event, written in the event's own transaction: search text, per-turn
facts, partial-answer cleanup.

Why it exists: search filters ("failed turns of model X that used tools") and the history list's
figures (turns, tokens, failures per conversation) would otherwise re-read and re-parse every
event of every conversation. Instead each append updates small side tables, and the migration that
introduced them back-fills them with the very same function, so both paths agree.

Tables (created by migration ``m002``)::

    events_fts(rowid = events.id, body)     FTS5; only events with searchable text
    turns(session_id, turn_id, …)           one row per turn_started; status NULL while running;
                                            its tree links (follows_turn_id, retry_of) and
                                            first_event_id, the turn_started's id (m004)
    turn_verdicts(session_id, turn_id, decision)
    partials(session_id, turn_id, seq, …)   the answer streamed so far (checkpoints)
    sessions.turn_count, input_tokens, output_tokens, failures, models, workspaces
                                            the history list's figures (models and workspaces:
                                            JSON arrays, in order of first use)

Invariants it keeps:

- ``index_event`` is called exactly once per event, inside the transaction that inserts it;
- a turn's ``partials`` are deleted when its ``assistant_text`` or ``turn_finished`` lands, so a
  checkpoint never outlives the text it stood in for;
- a turn's row holds the links of its *first* ``turn_started`` (a repeated one is ignored, as
  ``domain.transcript.branches.BranchTree`` ignores it), so the turn index and a tree built from
  the events always agree;
- nothing here is a source of truth: every row can be rebuilt from ``events``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from typing import Any

from parley.infrastructure.storage.fulltext import searchable_text

#: Turn statuses counted as failures in a conversation's figures.
FAILURE_STATUSES = ("failed", "timed_out", "interrupted")

_ADD_NAME = (
    "CASE WHEN ? = '' OR EXISTS (SELECT 1 FROM json_each({column}) WHERE value = ?)"
    " THEN {column} ELSE json_insert({column}, '$[#]', ?) END"
)


def index_event(
    conn: sqlite3.Connection,
    *,
    event_id: int,
    session_id: str,
    turn_id: str,
    ts: str,
    type_name: str,
    payload: Mapping[str, Any],
    owner: str | None,
    turn_tree: bool = True,
) -> None:
    """Write the rows derived from one event (see the module docstring).

    ``turn_tree=False`` leaves out the tree columns of ``turns``: only for migration ``m002``'s
    back-fill, which runs on a schema that does not have them yet (``m004`` back-fills them)."""
    text = searchable_text(type_name, payload)
    if text:
        conn.execute("INSERT INTO events_fts (rowid, body) VALUES (?, ?)", (event_id, text))
    key = (session_id, turn_id)
    if type_name == "turn_started":
        workspace = payload.get("workspace")
        project = payload.get("project_id")
        conn.execute(
            "INSERT OR IGNORE INTO turns (session_id, turn_id, started_at, provider_id, model,"
            " project_id, workspace, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                session_id,
                turn_id,
                ts,
                _str(payload.get("provider_id")),
                _str(payload.get("model")),
                project if isinstance(project, str) else None,
                workspace if isinstance(workspace, str) else "",
                owner,
            ),
        )
        if turn_tree:
            index_turn_tree(
                conn, event_id=event_id, session_id=session_id, turn_id=turn_id, payload=payload
            )
        model = _str(payload.get("model"))
        place = workspace if isinstance(workspace, str) else ""
        conn.execute(
            "UPDATE sessions SET turn_count = turn_count + 1,"
            f" models = {_ADD_NAME.format(column='models')},"
            f" workspaces = {_ADD_NAME.format(column='workspaces')} WHERE id = ?",
            (model, model, model, place, place, place, session_id),
        )
    elif type_name == "tool_call":
        conn.execute(
            "UPDATE turns SET tool_calls = tool_calls + 1 WHERE session_id = ? AND turn_id = ?",
            key,
        )
    elif type_name == "action_verdict":
        conn.execute(
            "INSERT OR IGNORE INTO turn_verdicts (session_id, turn_id, decision) VALUES (?, ?, ?)",
            (*key, _str(payload.get("decision"))),
        )
    elif type_name == "assistant_text":
        conn.execute("DELETE FROM partials WHERE session_id = ? AND turn_id = ?", key)
    elif type_name == "turn_finished":
        usage = payload.get("usage")
        usage = usage if isinstance(usage, Mapping) else {}
        status = _str(payload.get("status"))
        tokens_in, tokens_out = _int(usage.get("input_tokens")), _int(usage.get("output_tokens"))
        cursor = conn.execute(
            "UPDATE turns SET status = ?, finished_at = ?, input_tokens = ?, output_tokens = ?"
            " WHERE session_id = ? AND turn_id = ? AND status IS NULL",
            (status, ts, tokens_in, tokens_out, *key),
        )
        if cursor.rowcount:  # a turn is counted once, whatever follows its first turn_finished
            conn.execute(
                "UPDATE sessions SET input_tokens = input_tokens + ?,"
                " output_tokens = output_tokens + ?, failures = failures + ? WHERE id = ?",
                (tokens_in, tokens_out, int(status in FAILURE_STATUSES), session_id),
            )
        conn.execute("DELETE FROM partials WHERE session_id = ? AND turn_id = ?", key)


def index_turn_tree(
    conn: sqlite3.Connection,
    *,
    event_id: int,
    session_id: str,
    turn_id: str,
    payload: Mapping[str, Any],
) -> None:
    """Record a ``turn_started``'s tree links on its turn's row, unless an earlier
    ``turn_started`` of the same turn recorded them already (the first one wins). A link that is
    not text is stored as NULL (the strict reader refuses such a payload anyway)."""
    follows = payload.get("follows_turn_id")
    retry_of = payload.get("retry_of")
    conn.execute(
        "UPDATE turns SET follows_turn_id = ?, retry_of = ?, first_event_id = ?"
        " WHERE session_id = ? AND turn_id = ? AND first_event_id IS NULL",
        (
            follows if isinstance(follows, str) else None,
            retry_of if isinstance(retry_of, str) else None,
            event_id,
            session_id,
            turn_id,
        ),
    )


def _str(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0

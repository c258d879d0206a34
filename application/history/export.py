"""Read saved conversations for operators: list, show and export (JSON, Markdown, HTML).

Why it exists: the command line and the history window show the same record the same way. The
JSON export is a faithful copy of the canonical event log (never a provider-shaped transcript), so
what an operator exports is what happened, and ``importers.import_parley`` can load it back.

Invariants it keeps:

- the JSON export of one conversation is ``{"format": "parley-session", "version": 1,
  "session": {...}, "chain": {...}, "events": [{"id", "ts", "session_id", "type", "turn_id",
  "actor", "work_item", "payload"}, ...]}`` with events in append order; ``chain`` is the store's
  hash-chain check at export time (``ok``, ``events_checked``, ``first_bad_event_id``,
  ``reason``); an event carries ``hash`` and ``prev_hash`` too when the store exposes them on
  ``StoredEvent``. ``--all`` is a JSON array of these objects;
- ``payload`` is ``canonical.to_payload`` of the event, so ``canonical.from_payload`` reads it
  back exactly (the round trip export → import → export gives the same events; only the store's
  own ids and timestamps are new);
- nothing secret is in any export: every format is built from the event log alone, and the log
  never holds API keys (keys are read from the environment or the keyring at call time and never
  recorded; provider errors are redacted before they are recorded);
- Markdown and HTML are rendered by ``documents`` from the same events (see its invariants);
- the ids a ``compaction`` (``replaces``) and a ``context_checked`` (``compaction_id``) name are
  the store's event ids, the same ``id`` the export gives each event, so an export resolves them
  within itself; an import rewrites them to the ids the events get there
  (``importers.import_parley``, ``domain/transcript/event_refs``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parley.application.history.documents import (
    SessionDocument,
    compaction_text,
    context_text,
    event_summary,
    excerpt_line,
    html_collection,
    html_document,
    markdown_collection,
    markdown_document,
)
from parley.application.ports.event_store import ChainReport, EventStore, SessionRecord
from parley.domain.transcript.canonical import (
    AssistantText,
    Compaction,
    ContextChecked,
    Notice,
    RetrievalPerformed,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    UserMessage,
    to_payload,
)
from parley.domain.transcript.excerpts import excerpts_of

EXPORT_FORMAT = "parley-session"
EXPORT_FORMAT_VERSION = 1


def session_to_dict(session: SessionRecord) -> dict[str, Any]:
    return {
        "id": session.id,
        "title": session.title,
        "created_at": session.created_at,
        "updated_at": session.updated_at,
        "project_id": session.project_id,
    }


def event_to_dict(stored: StoredEvent) -> dict[str, Any]:
    return {
        "id": stored.id,
        "ts": stored.ts,
        "session_id": stored.session_id,
        "type": stored.type_name,
        "turn_id": stored.turn_id,
        "actor": stored.actor,
        "work_item": stored.work_item,
        "payload": to_payload(stored.event),
        # The chain's links, when the store puts them on the event (read, never required).
        **{
            name: getattr(stored, name)
            for name in ("prev_hash", "hash")
            if getattr(stored, name, None) is not None
        },
    }


def chain_to_dict(report: ChainReport) -> dict[str, Any]:
    return {
        "ok": report.ok,
        "events_checked": report.events_checked,
        "first_bad_event_id": report.first_bad_event_id,
        "reason": report.reason,
    }


def export_session(store: EventStore, session_id: str) -> dict[str, Any]:
    """The whole conversation as JSON-ready data (raises ``SessionNotFound``)."""
    return _session_export(_document(store, session_id))


def export_sessions(store: EventStore, session_ids: Sequence[str] | None = None) -> list[Any]:
    """Several conversations (default: all, most recently updated first) as a JSON-ready list."""
    return [_session_export(doc) for doc in _documents(store, session_ids)]


def export_markdown(store: EventStore, session_id: str) -> str:
    """The conversation as a readable Markdown transcript (raises ``SessionNotFound``)."""
    return markdown_document(_document(store, session_id))


def export_markdown_all(store: EventStore, session_ids: Sequence[str] | None = None) -> str:
    """Several conversations (default: all) as one Markdown file with a table of contents."""
    return markdown_collection(_documents(store, session_ids))


def export_html(store: EventStore, session_id: str) -> str:
    """The conversation as one self-contained HTML page (raises ``SessionNotFound``)."""
    return html_document(_document(store, session_id))


def export_html_all(store: EventStore, session_ids: Sequence[str] | None = None) -> str:
    """Several conversations (default: all) as one self-contained HTML page with sections."""
    return html_collection(_documents(store, session_ids))


def _document(store: EventStore, session_id: str) -> SessionDocument:
    session = store.get_session(session_id)
    events = store.events(session_id)
    return SessionDocument(session, events, store.verify_chain(session_id))


def _documents(store: EventStore, session_ids: Sequence[str] | None) -> list[SessionDocument]:
    ids = [s.id for s in store.list_sessions()] if session_ids is None else list(session_ids)
    return [_document(store, sid) for sid in ids]


def _session_export(doc: SessionDocument) -> dict[str, Any]:
    out: dict[str, Any] = {
        "format": EXPORT_FORMAT,
        "version": EXPORT_FORMAT_VERSION,
        "session": session_to_dict(doc.session),
    }
    if doc.chain is not None:
        out["chain"] = chain_to_dict(doc.chain)
    out["events"] = [event_to_dict(e) for e in doc.events]
    return out


def render_transcript(session: SessionRecord, events: Sequence[StoredEvent]) -> str:
    """A readable plain-text transcript for ``parley history show``."""
    lines = [
        f"# {session.title or '(untitled)'}",
        f"id {session.id} · created {session.created_at}",
    ]
    for stored in events:
        event = stored.event
        if isinstance(event, TurnStarted):
            lines.append("")
            lines.append(f"--- turn {stored.turn_id[:8]} · {event.provider_id} · {event.model}")
        elif isinstance(event, UserMessage):
            lines.append(f"\n[you] {event.text}")
        elif isinstance(event, AssistantText):
            suffix = " (partial)" if event.partial else ""
            lines.append(f"\n[{event.model or 'assistant'}]{suffix} {event.text}")
        elif isinstance(event, Notice):
            lines.append(f"\n[{event.level}] {event.text}")
        elif isinstance(event, Compaction):
            lines.append(f"\n[earlier messages summarised] {compaction_text(event)}")
            lines.append(event.summary)
        elif isinstance(event, ContextChecked):
            lines.append(f"\n[context] {context_text(event)}")
        elif isinstance(event, RetrievalPerformed):
            excerpts = excerpts_of(event.excerpts)
            lines.append(
                f"\n[excerpts] {len(excerpts)} retrieved ({event.method}) for: {event.query}"
            )
            if event.note:
                lines.append(f"    note: {event.note}")
            lines.extend(f"    {excerpt_line(excerpt)}" for excerpt in excerpts)
        elif isinstance(event, TurnFinished):
            usage = event.usage.to_dict()
            figures = ", ".join(f"{k}={v}" for k, v in usage.items())
            detail = f" · {event.error}" if event.error else ""
            lines.append(
                f"--- {event.status} in {event.duration_s:.2f} s"
                + (f" · {figures}" if figures else "")
                + detail
            )
        else:
            lines.append(f"\n[{stored.type_name}] {event_summary(event, width=400)}")
    return "\n".join(lines) + "\n"

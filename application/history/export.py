"""Read saved conversations for operators: list, show and export.

Why it exists: the command line and the history window show the same record the same way. The
export is a faithful copy of the canonical event log (never a provider-shaped transcript), so what
an operator exports is what happened.

Invariants it keeps:

- the JSON export is ``{"session": {...}, "events": [{"id", "ts", "type", "turn_id", "actor",
  "work_item", "payload"}, ...]}`` with events in append order;
- nothing secret is in it: the log never holds API keys (keys are read from the environment or the
  keyring at call time and never recorded).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from application.ports.event_store import EventStore, SessionRecord
from domain.transcript.canonical import (
    AssistantText,
    Notice,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    UserMessage,
    to_payload,
)

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
    }


def export_session(store: EventStore, session_id: str) -> dict[str, Any]:
    """The whole conversation as JSON-ready data (raises ``SessionNotFound``)."""
    session = store.get_session(session_id)
    return {
        "format": "parley-session",
        "version": EXPORT_FORMAT_VERSION,
        "session": session_to_dict(session),
        "events": [event_to_dict(e) for e in store.events(session_id)],
    }


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
            lines.append(f"\n[{stored.type_name}] {to_payload(event)}")
    return "\n".join(lines) + "\n"

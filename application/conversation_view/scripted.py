"""A conversation written by hand instead of by the turn runtime: the events a turn would record.

Why it exists: benchmarks and tests drive the transcript without a worker or a store ("a user
message, then this text streamed in chunks, then the turn ends"). They still go through the one
reducer: each step here appends the event the runtime would record (``turn_started``,
``user_message``, the answer's ``assistant_text``, ``turn_finished``) and returns the new state, so
what they show is exactly what a live or reopened conversation with that log shows.

Invariant: the events are numbered after every event already in the state (ids never repeat) and
a new turn follows the last one shown (a linear conversation, like a log written before branches).
Qt-free.
"""

from __future__ import annotations

from collections.abc import Iterable

from parley.application.conversation_view.reducer import ConversationState, reduce, turn_events
from parley.domain.transcript.canonical import (
    AssistantText,
    Event,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    UserMessage,
)

_SESSION = "scripted"


def _append(state: ConversationState, turn_id: str, event: Event) -> ConversationState:
    stored = StoredEvent(
        id=state.events_seen + 1,
        ts="",
        session_id=_SESSION,
        turn_id=turn_id,
        event=event,
    )
    return reduce(state, stored)


def started(state: ConversationState, turn_id: str) -> bool:
    """Whether ``turn_id`` has begun in ``state``."""
    return bool(turn_events(state, turn_id))


def start(
    state: ConversationState,
    turn_id: str,
    model: str = "",
    attachments: Iterable[str] = (),
) -> ConversationState:
    """``state`` with a turn begun (nothing if it already was)."""
    if started(state, turn_id):
        return state
    event = TurnStarted(provider_id="", model=model, attachments=tuple(attachments))
    return _append(state, turn_id, event)


def ask(
    state: ConversationState,
    turn_id: str,
    text: str,
    model: str = "",
    attachments: Iterable[str] = (),
) -> ConversationState:
    """``state`` with a turn begun and the user's message recorded."""
    state = start(state, turn_id, model, attachments)
    return _append(state, turn_id, UserMessage(text=text))


def finish(
    state: ConversationState, turn_id: str, status: str, error: str = "", model: str = ""
) -> ConversationState:
    """``state`` with the turn's streamed text stored (as the runtime stores it: from ``model``,
    ``partial`` when the turn did not complete) and the turn ended with ``status``; nothing for
    a turn not begun or already ended."""
    events = turn_events(state, turn_id)
    if not events or any(isinstance(s.event, TurnFinished) for s in events):
        return state
    streaming = state.streaming
    if streaming is not None and streaming[0] == turn_id:
        text = AssistantText(text=streaming[1].text, model=model, partial=status != "completed")
        state = _append(state, turn_id, text)
    return _append(state, turn_id, TurnFinished(status=status, error=error))

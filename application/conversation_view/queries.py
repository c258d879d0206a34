"""Questions the chat asks about the open conversation, answered from its model.

Why it exists: actions on the conversation need a few facts that are not drawn — the text of a
turn's question (to edit it), the answer of the last turn (to copy it), the model and workspace of
the shown path's last turn (the next turn's defaults), how full the context window is (the
gauge), the attachment a citation opens. They are read from the log here, in ``application``, so
no window or controller interprets an event. Qt-free, pure.
"""

from __future__ import annotations

from dataclasses import dataclass

from parley.application.conversation_view.items import Answer, ContextFill
from parley.application.conversation_view.reducer import ConversationState, path, turn_events
from parley.domain.transcript.canonical import (
    AttachmentAdded,
    ContextChecked,
    StoredEvent,
    TurnStarted,
    UserMessage,
)


@dataclass(frozen=True)
class TurnSetup:
    """What a turn ran with that the next one starts from."""

    provider_id: str
    model: str
    workspace: str = ""
    mcp_servers: tuple[str, ...] = ()


def question(state: ConversationState, turn_id: str) -> str | None:
    """What the user typed in ``turn_id`` (None when the turn has no user message)."""
    return next(
        (s.event.text for s in turn_events(state, turn_id) if isinstance(s.event, UserMessage)),
        None,
    )


def last_answer(state: ConversationState) -> str:
    """The answer text of the shown path's last turn, streamed text included."""
    leaf = state.leaf
    return "".join(i.text for i in state.items if isinstance(i, Answer) and i.turn_id == leaf)


def setup(state: ConversationState) -> TurnSetup | None:
    """The model, workspace and MCP servers of the shown path's last turn (None before any)."""
    if state.leaf is None:
        return None
    started = next(
        (s.event for s in turn_events(state, state.leaf) if isinstance(s.event, TurnStarted)),
        None,
    )
    if started is None:
        return None
    return TurnSetup(started.provider_id, started.model, started.workspace, started.mcp_servers)


def context_fill(state: ConversationState) -> ContextFill | None:
    """How full the context window was at the shown path's latest measurement (its last
    ``context_checked``); None before any. ``stale`` when a compaction that applies to the path
    was recorded after it (``/compact``: the next request is smaller than this says). O(1)."""
    stored = state.fill
    if stored is None or not isinstance(stored.event, ContextChecked):
        return None
    compaction = state.compaction
    stale = compaction is not None and compaction.id > stored.id
    return ContextFill.of(stored.event, stored.id, stored.turn_id, stale)


def attachment_record(state: ConversationState, document: str) -> StoredEvent | None:
    """The latest ``attachment_added`` on the shown path whose stored copy is ``document`` (a
    sha256): the file a citation opens (None: the excerpt came from elsewhere, a knowledge
    folder). Reads the path's events: for a click, not for drawing."""
    if not document:
        return None
    found = None
    for turn_id in path(state):
        for stored in turn_events(state, turn_id):
            event = stored.event
            if isinstance(event, AttachmentAdded) and event.sha256 == document:
                found = stored
    return found

"""Questions the chat asks about the open conversation, answered from its model.

Why it exists: actions on the conversation need a few facts that are not drawn — the text of a
turn's question (to edit it), the answer of the last turn (to copy it), the model and workspace of
the shown path's last turn (the next turn's defaults). They are read from the log here, in
``application``, so no window or controller interprets an event. Qt-free, pure.
"""

from __future__ import annotations

from dataclasses import dataclass

from parley.application.conversation_view.items import Answer
from parley.application.conversation_view.reducer import ConversationState, turn_events
from parley.domain.transcript.canonical import TurnStarted, UserMessage


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

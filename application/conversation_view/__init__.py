"""The conversation model: what a conversation shows, reduced from its events (ADR-007).

``items`` holds the frozen values a view renders; ``reducer`` is the one place an event is
interpreted for display. Qt-free.
"""

from parley.application.conversation_view.items import (
    Answer,
    AttachmentLine,
    Attachments,
    Item,
    Notice,
    Outcome,
    ReasoningPart,
    Rope,
    TextPart,
    ToolCard,
    Totals,
    UserMessage,
    add_usage,
)
from parley.application.conversation_view.reducer import (
    Changes,
    ConversationState,
    appended_text,
    apply_text,
    changes,
    empty,
    from_events,
    items,
    path,
    reduce,
    reduce_all,
    select,
    turn_events,
)

__all__ = [
    "Answer",
    "AttachmentLine",
    "Attachments",
    "Changes",
    "ConversationState",
    "Item",
    "Notice",
    "Outcome",
    "ReasoningPart",
    "Rope",
    "TextPart",
    "ToolCard",
    "Totals",
    "UserMessage",
    "add_usage",
    "appended_text",
    "apply_text",
    "changes",
    "empty",
    "from_events",
    "items",
    "path",
    "reduce",
    "reduce_all",
    "select",
    "turn_events",
]

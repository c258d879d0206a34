"""Finding things among a conversation's items: where a window of turns starts, which stored
events an item shows.

Why it exists: the transcript draws the last turns of a long conversation first and scrolls to a
search hit by event id; both are questions about the items, answered here without Qt. The items
carry the ids of the events they show, so no event is read.
"""

from __future__ import annotations

from collections.abc import Sequence

from parley.application.conversation_view import (
    Answer,
    Attachments,
    CompactionDivider,
    Item,
    Notice,
    Outcome,
    ToolCard,
    UserMessage,
)


def window_start(items: Sequence[Item], end: int, turns: int) -> int:
    """The index where the last ``turns`` turns before ``end`` begin (at least one turn)."""
    wanted = max(1, turns)
    seen, last, index = 0, None, end
    while index > 0:
        turn_id = items[index - 1].turn_id
        if turn_id != last:
            if seen == wanted:
                break
            seen += 1
            last = turn_id
        index -= 1
    return index


def event_ids(item: Item) -> tuple[int, ...]:
    """The ids of the stored events ``item`` shows."""
    if isinstance(item, UserMessage | Notice | Outcome | CompactionDivider):
        return (item.event_id,)
    if isinstance(item, Answer):
        return tuple(p.event_id for p in item.parts if p.event_id is not None)
    if isinstance(item, ToolCard):
        return item.event_ids
    if isinstance(item, Attachments):
        return tuple(line.event_id for line in item.lines if line.event_id is not None)
    return ()

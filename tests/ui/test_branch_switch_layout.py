"""A branch switch redraws the conversation in place: its top stays where it was.

Found by looking at the window under Xvfb (xcb, a real pointer clicking the branch switcher):
each switch cut the document down to its reserved first block, which then took the format of the
block it merged with, so the conversation moved 13 px down on the first switch.
"""

from __future__ import annotations

from parley.application.conversation_view import path
from parley.domain.transcript.branches import ROOT
from parley.domain.transcript.canonical import (
    AssistantText,
    TurnFinished,
    TurnStarted,
    UserMessage,
    mint_id,
)


def _top_of(window, text: str) -> float:
    doc = window.transcript.document()
    found = doc.find(text)
    assert not found.isNull(), text
    return doc.documentLayout().blockBoundingRect(found.block()).top()


def test_switching_branches_keeps_the_first_message_where_it_was(qtbot, window, services):
    store = services.store
    session = store.create_session("Branched")
    question = "How do I keep the order?"
    for answer in ("First answer.", "Second answer."):
        turn = mint_id()
        store.append(session.id, turn, TurnStarted("local", "m", follows_turn_id=ROOT))
        store.append(session.id, turn, UserMessage(text=question))
        store.append(session.id, turn, AssistantText(text=answer, model="m"))
        store.append(session.id, turn, TurnFinished(status="completed"))
    window.open_session(session.id)
    qtbot.waitUntil(lambda: "Second answer." in window.transcript.toPlainText(), timeout=5000)
    qtbot.waitUntil(lambda: not window.chat.loading_full, timeout=5000)
    top = _top_of(window, question)
    shown = path(window.chat.state)[0]
    other = next(t for t in window.chat.tree().siblings(shown) if t != shown)

    window.chat.show_branch(other)
    qtbot.waitUntil(lambda: "First answer." in window.transcript.toPlainText(), timeout=5000)
    assert _top_of(window, question) == top
    window.chat.show_branch(shown)
    qtbot.waitUntil(lambda: "Second answer." in window.transcript.toPlainText(), timeout=5000)
    assert _top_of(window, question) == top

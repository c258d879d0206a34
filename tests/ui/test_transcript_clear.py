"""Emptying or re-laying out the transcript while the hover toolbar is shown (issue 13).

The segfault: an answer taller than the view, scrolled, the pointer resting on it (so the hover
toolbar is shown for it), then Regenerate, Ctrl+N, a branch switch or a theme change. ``clear()``
deleted the message's frame, the empty document moved the scroll bar, ``scrollContentsBy`` placed
the toolbar against the deleted frame, and the RuntimeError raised inside that C++-called override
crashed PySide. Before the fix these tests kill the test process with SIGSEGV; the real-display
lane (tests/x11) drives the same scenario with a real pointer.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint

from parley.domain.transcript.canonical import (
    AssistantText,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    UserMessage,
)
from parley.ui.transcript import TranscriptView

TALL = "\n\n".join(
    f"## Part {n}\n\nParagraph {n}.\n\n- one\n- two\n\n```python\nx = {n}\n```" for n in range(12)
)


def _turn(seq: int, turn_id: str, question: str, answer: str) -> list[StoredEvent]:
    events = [
        TurnStarted(provider_id="local", model="m"),
        UserMessage(text=question),
        AssistantText(text=answer, model="m"),
        TurnFinished(status="completed"),
    ]
    return [
        StoredEvent(
            id=seq + n, ts="2026-12-01T10:00:00Z", session_id="s1", turn_id=turn_id, event=event
        )
        for n, event in enumerate(events)
    ]


def _conversation(turns: int, answer: str = "Short answer.") -> list[StoredEvent]:
    events: list[StoredEvent] = []
    for n in range(turns):
        events += _turn(4 * n + 1, f"t{n}", f"Question {n}", answer if n == turns - 1 else "A.")
    return events


@pytest.fixture
def hovered(qtbot):
    """A transcript scrolled to the bottom of a tall answer, the toolbar shown over it."""
    view = TranscriptView(window_turns=3)
    qtbot.addWidget(view)
    view.resize(600, 300)
    view.show()
    qtbot.waitExposed(view)
    view.show_events(_conversation(6, TALL))
    bar = view.verticalScrollBar()
    assert bar.maximum() > 600 and bar.value() == bar.maximum()  # taller than the view
    qtbot.mouseMove(view.viewport(), QPoint(290, 140))  # the pointer may already be there
    qtbot.mouseMove(view.viewport(), QPoint(300, 150))
    qtbot.waitUntil(view.message_toolbar.isVisible, timeout=2000)
    assert view.message_toolbar.message.role == "assistant"
    return view


@pytest.mark.parametrize(
    "clear",
    [
        pytest.param(lambda view: view.clear_conversation(), id="new-chat"),
        pytest.param(lambda view: view.show_events(_conversation(2)), id="regenerate-or-branch"),
        pytest.param(lambda view: view.set_dark(not view.dark), id="theme"),
    ],
)
def test_emptying_the_document_under_the_hover_toolbar_does_not_crash(qtbot, hovered, clear):
    clear(hovered)
    qtbot.wait(50)
    toolbar = hovered.message_toolbar
    assert not toolbar.isVisible() and toolbar.message is None
    # The pointer moves again: the toolbar comes back over a message of the new document.
    qtbot.mouseMove(hovered.viewport(), QPoint(300, 140))
    qtbot.mouseMove(hovered.viewport(), QPoint(300, 150))
    hovered.verticalScrollBar().setValue(0)
    hovered.verticalScrollBar().setValue(hovered.verticalScrollBar().maximum())


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda view: view.set_font_point_size(22), id="zoom"),
        pytest.param(lambda view: view.load_earlier(), id="show-earlier"),
    ],
)
def test_re_laying_out_under_the_hover_toolbar_keeps_it_on_its_message(qtbot, hovered, change):
    message = hovered.message_toolbar.message
    change(hovered)
    bar = hovered.verticalScrollBar()
    bar.setValue(bar.maximum() // 2)
    bar.setValue(bar.maximum())
    qtbot.wait(50)
    assert hovered.message_toolbar.message is message
    assert hovered.message_rect(message).isValid()


def test_emptying_a_scrolled_conversation_does_not_load_earlier_turns_of_the_next(qtbot):
    """The clear moves the scroll bar to the top: that is not the user scrolling up."""
    view = TranscriptView(window_turns=3)
    qtbot.addWidget(view)
    view.resize(600, 300)
    view.show()
    qtbot.waitExposed(view)
    view.show_events(_conversation(10, TALL))
    assert view.verticalScrollBar().value() > 0 and view.earlier_messages == 14
    view.show_events(_conversation(10))
    qtbot.wait(100)
    assert view.earlier_messages == 14

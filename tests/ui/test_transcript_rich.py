"""The transcript's rich answers: Markdown while streaming, Copy links, message actions, branch
arrows, windowed loading, themes — a real ``TranscriptView``, real clicks, keys and mouse moves."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication, QTextCursor, QTextTable
from PySide6.QtWidgets import QApplication, QMenu

from parley.application.conversation_view import from_events, reduce, select
from parley.domain.transcript.canonical import (
    AssistantText,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)
from parley.ui.rendering.markdown import DARK, LIGHT
from parley.ui.transcript import TranscriptView
from tests.unit.test_markdown_rendering import CODE_HEAVY, CORPUS


def _stored(seq: int, event, turn_id: str = "t1") -> StoredEvent:
    return StoredEvent(
        id=seq, ts=f"2026-12-01T10:00:{seq % 60:02d}Z", session_id="s1", turn_id=turn_id,
        event=event,
    )  # fmt: skip


def _turn(seq: int, turn_id: str, question: str, answer: str) -> list[StoredEvent]:
    return [
        _stored(seq, TurnStarted(provider_id="local", model="m"), turn_id),
        _stored(seq + 1, UserMessage(text=question), turn_id),
        _stored(seq + 2, AssistantText(text=answer, model="m"), turn_id),
        _stored(seq + 3, TurnFinished(status="completed"), turn_id),
    ]


def _conversation(turns: int) -> list[StoredEvent]:
    events: list[StoredEvent] = []
    for n in range(turns):
        events += _turn(4 * n + 1, f"t{n}", f"Question {n}: why?", f"Answer {n}: **because**.")
    return events


@pytest.fixture
def view(qtbot):
    widget = TranscriptView()
    qtbot.addWidget(widget)
    widget.resize(700, 500)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _point_of(view: TranscriptView, text: str, occurrence: int = 0) -> QPoint:
    """The viewport position of the middle of ``text``'s first character, scrolled into view."""
    cursor = QTextCursor(view.document())
    for _ in range(occurrence + 1):
        cursor = view.document().find(text, cursor)
        assert not cursor.isNull(), text
    start = cursor.selectionStart()
    cursor.setPosition(start)
    view.setTextCursor(cursor)
    view.ensureCursorVisible()
    left = view.cursorRect(cursor)
    cursor.setPosition(start + 1)
    right = view.cursorRect(cursor)
    return QPoint((left.center().x() + right.center().x()) // 2, left.center().y())


def _click_text(qtbot, view: TranscriptView, text: str, occurrence: int = 0) -> None:
    point = _point_of(view, text, occurrence)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def _colour_of(view: TranscriptView, text: str) -> QColor:
    cursor = view.document().find(text)
    assert not cursor.isNull(), text
    return cursor.charFormat().foreground().color()


def _body_html(view: TranscriptView) -> str:
    html = view.toHtml()
    return html[html.index("<body") :]


# -- Markdown answers ------------------------------------------------------------------------------


def test_a_saved_answer_is_rendered_as_markdown_and_the_question_as_plain_text(view):
    view.show_events(
        _turn(
            1,
            "t1",
            "keep   *this*\n  as typed",
            "# Title\n\n- one\n- **two**\n\n| a |\n|---|\n| 1 |",
        )
    )
    plain = view.toPlainText()
    assert "keep   *this*\n  as typed" in plain  # the user's text: no Markdown, spaces kept
    assert "# Title" not in plain and "Title" in plain
    assert "**two**" not in plain and "two" in plain
    title = view.document().find("Title")
    assert title.block().charFormat().fontWeight() >= 600 or title.charFormat().fontWeight() >= 600
    tables = [f for f in view.document().rootFrame().childFrames()]
    assert any(isinstance(child, QTextTable) for f in tables for child in f.childFrames())
    assert view.streamed_text == ""


def test_code_blocks_are_highlighted_with_the_palette(view):
    view.show_events(_turn(1, "t1", "q", "Intro.\n\n```python\ndef f():\n    return 1\n```"))
    assert _colour_of(view, "def") == QColor("#008000")  # Pygments' default keyword colour
    assert _colour_of(view, "Copy") == QColor(LIGHT.link)


def test_streaming_in_small_random_chunks_lays_out_the_same_document_as_at_once(qtbot, view):
    other = TranscriptView()
    qtbot.addWidget(other)
    other.resize(700, 500)
    other.show_events(_turn(1, "t1", "Show me", CODE_HEAVY))

    view.add_user_message("Show me", turn_id="t1")
    view.begin_answer("t1", "m")
    rng = random.Random(7)
    pos, flushes = 0, 0
    while pos < len(CODE_HEAVY):
        size = rng.randint(1, 25)
        view.append_text("t1", CODE_HEAVY[pos : pos + size])
        pos += size
        if rng.random() < 0.4:  # let the screen-pace timer lay it out
            qtbot.waitUntil(lambda: not view._flush_timer.isActive(), timeout=2000)
            flushes += 1
    view.end_answer("t1", "completed")
    assert flushes > 10
    assert view.streamed_text == CODE_HEAVY
    assert view.toPlainText() == other.toPlainText()
    assert _body_html(view) == _body_html(other)


def test_every_sample_streamed_in_random_chunks_lays_out_like_at_once(qtbot):
    for number, text in enumerate(CORPUS):
        whole = TranscriptView()
        qtbot.addWidget(whole)
        whole.show_events(_turn(1, "t1", "q", text))
        for seed in range(8):
            rng = random.Random(seed)
            streamed = TranscriptView()
            qtbot.addWidget(streamed)
            streamed.add_user_message("q", turn_id="t1")
            streamed.begin_answer("t1", "m")
            pos = 0
            while pos < len(text):
                size = rng.randint(1, 12)
                streamed.append_text("t1", text[pos : pos + size])
                pos += size
                if rng.random() < 0.5:
                    streamed.toPlainText()  # reading the text lays out what is pending
            streamed.end_answer("t1", "completed")
            assert _body_html(streamed) == _body_html(whole), (number, seed)


def test_only_the_streaming_messages_tail_is_replaced(qtbot, view):
    view.show_events(_turn(1, "t0", "Earlier question", "Earlier answer."))
    earlier = view.document().find("Earlier answer.").block()
    earlier.setUserState(4242)  # a marker a re-render would wipe
    earlier_frame = view._message_order[-1].frame
    earlier_range = (earlier_frame.firstPosition(), earlier_frame.lastPosition())

    view.add_user_message("Next", turn_id="t1")
    view.begin_answer("t1", "m")
    view.append_text("t1", "First paragraph, complete.\n\nSecond par")
    qtbot.waitUntil(lambda: "Second par" in view.document().toPlainText(), timeout=2000)
    first = view.document().find("First paragraph, complete.").block()
    first.setUserState(7)
    tail = view.document().find("Second par").block()
    tail.setUserState(9)

    view.append_text("t1", "agraph goes on.\n\n```\ncode")
    qtbot.waitUntil(lambda: "code" in view.document().toPlainText(), timeout=2000)
    assert view.document().find("Earlier answer.").block().userState() == 4242
    assert (earlier_frame.firstPosition(), earlier_frame.lastPosition()) == earlier_range
    assert view.document().find("First paragraph, complete.").block().userState() == 7
    # The tail was laid out again (its block is new), now with the rest of its paragraph.
    tail_now = view.document().find("Second paragraph goes on.").block()
    assert tail_now.userState() == -1 and tail.userState() in (-1, 9)
    view.end_answer("t1", "completed")
    assert view.document().find("First paragraph, complete.").block().userState() == 7


def test_the_view_follows_the_stream_only_when_it_was_at_the_bottom(qtbot, view):
    view.show_events(_conversation(30))
    bar = view.verticalScrollBar()
    view.begin_answer("t99", "m")
    view.append_text("t99", "line\n\n" * 40)
    qtbot.waitUntil(lambda: not view._flush_timer.isActive(), timeout=2000)
    assert bar.value() == bar.maximum()
    bar.setValue(bar.maximum() // 2)
    view.append_text("t99", "more\n\n" * 40)
    qtbot.waitUntil(lambda: not view._flush_timer.isActive(), timeout=2000)
    assert bar.value() == bar.maximum() // 2 or bar.value() < bar.maximum() - 10


# -- Copy links and message actions ----------------------------------------------------------------


def test_clicking_a_code_blocks_copy_link_copies_exactly_its_code(qtbot, view):
    view.show_events(
        _turn(
            1, "t1", "q",
            "Two blocks:\n\n```python\nprint('one')\n```\n\nand\n\n```\nsecond  block\n  kept\n```",
        )
    )  # fmt: skip
    QGuiApplication.clipboard().clear()
    with qtbot.waitSignal(view.sig_copied, timeout=2000) as copied:
        _click_text(qtbot, view, "Copy", occurrence=1)
    assert copied.args == ["Code copied"]
    assert QGuiApplication.clipboard().text() == "second  block\n  kept"
    _click_text(qtbot, view, "Copy", occurrence=0)
    assert QGuiApplication.clipboard().text() == "print('one')"


def test_hover_shows_the_toolbar_over_that_message_and_its_buttons_ask(qtbot, view):
    view.show_events(_turn(1, "t1", "The question", "The **answer**.") + _turn(5, "t2", "Q2", "A2"))
    toolbar = view.message_toolbar
    assert not toolbar.isVisible()

    qtbot.mouseMove(view.viewport(), _point_of(view, "answer"))
    qtbot.waitUntil(toolbar.isVisible, timeout=2000)
    message = toolbar.message
    assert message is not None and (message.turn_id, message.role) == ("t1", "assistant")
    rect = view.message_rect(message)
    # On the message's header line (nudged up into the gap above it by a few pixels).
    assert rect.contains(toolbar.geometry().topRight() - QPoint(2, -10))
    assert toolbar.geometry().right() > rect.center().x()  # at the message's right
    assert toolbar.regenerate_button.isVisible() and not toolbar.edit_button.isVisible()
    assert toolbar.regenerate_button.accessibleName() == "Regenerate"
    with qtbot.waitSignal(view.sig_regenerate_requested, timeout=2000) as asked:
        qtbot.mouseClick(toolbar.regenerate_button, Qt.MouseButton.LeftButton)
    assert asked.args == ["t1"]

    QGuiApplication.clipboard().clear()
    qtbot.mouseClick(toolbar.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "The **answer**."
    qtbot.mouseClick(toolbar.copy_text_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "The answer."

    qtbot.mouseMove(view.viewport(), _point_of(view, "Q2"))
    qtbot.waitUntil(lambda: toolbar.message is not None and toolbar.message.turn_id == "t2")
    assert toolbar.message.role == "user"
    assert toolbar.edit_button.isVisible() and not toolbar.regenerate_button.isVisible()
    with qtbot.waitSignal(view.sig_edit_requested, timeout=2000) as edit:
        qtbot.mouseClick(toolbar.edit_button, Qt.MouseButton.LeftButton)
    assert edit.args == ["t2"]


def _popup(qtbot) -> QMenu:
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu), timeout=2000)
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu)
    return menu


def _click_menu(qtbot, menu: QMenu, text: str) -> None:
    action = next(a for a in menu.actions() if a.text() == text)
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def test_the_context_menu_from_the_keyboard_acts_on_the_message_at_the_cursor(qtbot, view):
    view.show_events(_turn(1, "t1", "First question", "First answer") + _turn(5, "t2", "Q", "A"))
    view.setFocus()
    # The text cursor in the first question: Shift+F10 opens that message's actions.
    _point_of(view, "First question")
    qtbot.keyClick(view, Qt.Key.Key_F10, Qt.KeyboardModifier.ShiftModifier)
    menu = _popup(qtbot)
    texts = [a.text() for a in menu.actions() if a.text()]
    assert texts[:2] == ["Copy", "Edit"]
    with qtbot.waitSignal(view.sig_edit_requested, timeout=2000) as edit:
        _click_menu(qtbot, menu, "Edit")
    assert edit.args == ["t1"]

    # No message at the cursor (the top line): the last message, an answer.
    cursor = view.textCursor()
    cursor.setPosition(0)
    view.setTextCursor(cursor)
    qtbot.keyClick(view, Qt.Key.Key_Menu)
    menu = _popup(qtbot)
    assert "Regenerate" in [a.text() for a in menu.actions()]
    with qtbot.waitSignal(view.sig_regenerate_requested, timeout=2000) as again:
        _click_menu(qtbot, menu, "Regenerate")
    assert again.args == ["t2"]


# -- branches and footers --------------------------------------------------------------------------


def test_branch_arrows_ask_for_the_sibling_turn(qtbot, view):
    events: list[StoredEvent] = []
    for n, turn_id in enumerate(("b1", "b2", "b3")):  # three versions of the first question
        events += _turn(10 * n + 1, turn_id, f"Version {n + 1}", "Answer")
        events[-4] = _stored(
            10 * n + 1, TurnStarted(provider_id="local", model="m", follows_turn_id=""), turn_id
        )
    view.show_state(select(from_events(events), "b2"))
    assert "Version 2" in view.toPlainText() and "Version 3" not in view.toPlainText()
    assert "2 / 3" in view.toPlainText()
    arrows = {direction: (target, rect) for direction, target, rect in view.branch_arrows()}
    assert {d: t for d, (t, _) in arrows.items()} == {"previous": "b1", "next": "b3"}
    for _, rect in arrows.values():  # a control, not a glyph: at least 24 px to hit
        assert rect.width() >= 24 and rect.height() >= 24, rect
    with qtbot.waitSignal(view.sig_branch_requested, timeout=2000) as left:
        qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.LeftButton, pos=arrows["previous"][1].center()
        )
    assert left.args == ["b1"]
    with qtbot.waitSignal(view.sig_branch_requested, timeout=2000) as right:
        # (its edge, not its middle: the whole target answers)
        target = arrows["next"][1].topLeft() + QPoint(2, 2)
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=target)
    assert right.args == ["b3"]

    view.add_user_message("A follow-up", turn_id="c1")
    assert "A follow-up" in view.toPlainText()
    assert view.toPlainText().count(" / ") == 1  # no switcher for a turn without siblings


def test_footers_are_small_grey_lines_under_the_answer(qtbot, view):
    events = _turn(1, "t1", "q", "The answer")
    usage = Usage(input_tokens=12, output_tokens=3)
    events[-1] = _stored(4, TurnFinished(status="completed", usage=usage, duration_s=0.4))
    view.show_events(events)
    plain = view.toPlainText()
    assert plain.index("The answer") < plain.index("12 in · 3 out · 0.4 s")
    assert _colour_of(view, "12 in") == QColor(LIGHT.muted)
    view.begin_answer("t2", "m")
    view.append_text("t2", "Live answer")
    state = reduce(view.state, _stored(10, AssistantText(text="Live answer", model="m"), "t2"))
    usage = Usage(input_tokens=1234, output_tokens=567)
    ended = TurnFinished(status="completed", usage=usage, duration_s=4.2)
    view.apply(reduce(state, _stored(11, ended, "t2")))
    plain = view.toPlainText()
    assert plain.count("Live answer") == 1
    assert plain.rstrip().endswith("1,234 in · 567 out · 4.2 s")
    assert plain.index("Live answer") < plain.index("1,234 in")


def test_a_turn_without_figures_has_no_footer(qtbot, view):
    view.show_events(_turn(1, "t1", "q", "The answer"))
    assert view.toPlainText().rstrip().endswith("The answer")


# -- windowed loading ------------------------------------------------------------------------------


def test_a_long_conversation_lays_out_only_the_last_turns(qtbot):
    view = TranscriptView(window_turns=10)
    qtbot.addWidget(view)
    view.show_events(_conversation(2500))  # 5,000 messages
    plain = view.toPlainText()
    assert "Question 2499:" in plain and "Question 2490:" in plain
    assert "Question 2489:" not in plain and "Question 0:" not in plain
    assert view.earlier_messages == 4980
    assert "Show 4,980 earlier messages" in plain
    assert view.document().blockCount() < 200


def test_show_earlier_prepends_the_previous_batch(qtbot):
    view = TranscriptView(window_turns=3)
    qtbot.addWidget(view)
    view.resize(700, 900)
    view.show()
    qtbot.waitExposed(view)
    view.show_events(_conversation(7))
    assert "Question 3:" not in view.toPlainText()
    _click_text(qtbot, view, "Show 8 earlier")
    plain = view.toPlainText()
    assert "Show 2 earlier messages" in plain
    assert plain.index("Question 1:") < plain.index("Question 3:") < plain.index("Question 6:")
    assert "Question 0:" not in plain
    _click_text(qtbot, view, "Show 2 earlier")
    plain = view.toPlainText()
    assert "earlier message" not in plain
    assert plain.index("Question 0:") < plain.index("Question 1:")


def test_scrolling_to_the_top_loads_earlier_turns_without_moving_the_view(qtbot):
    view = TranscriptView(window_turns=10)
    qtbot.addWidget(view)
    view.resize(600, 300)
    view.show()
    qtbot.waitExposed(view)
    view.show_events(_conversation(40))
    bar = view.verticalScrollBar()
    target = view.document().find("Question 30:")
    bar.setValue(0)
    before = view.cursorRect(QTextCursor(target)).top()
    qtbot.waitUntil(lambda: "Question 29:" in view.document().toPlainText(), timeout=2000)
    after = view.cursorRect(QTextCursor(view.document().find("Question 30:"))).top()
    assert abs(after - before) < 40  # the same text is still where the user was looking
    assert bar.value() > 0


def test_scroll_to_event_loads_earlier_batches_first(qtbot, view):
    view.window_turns = 5
    events = _conversation(30)
    view.show_events(events)
    target = next(s for s in events if s.turn_id == "t2" and isinstance(s.event, UserMessage))
    assert view.scroll_to_event(target.id)
    assert view.textCursor().block().text() == "Question 2: why?"
    assert view.viewport().rect().intersects(view.cursorRect())
    assert not view.scroll_to_event(-1)


# -- themes and zoom -------------------------------------------------------------------------------


def test_set_dark_lays_out_again_with_the_dark_palette(qtbot, view):
    view.show_events(_turn(1, "t1", "q", "```python\ndef f(): pass\n```"))
    view.begin_answer("t2", "model-x")
    view.append_text("t2", "Live **text**")
    assert _colour_of(view, "model-x") == QColor(LIGHT.assistant)
    before = view.toPlainText()
    view.set_dark(True)
    assert view.toPlainText() == before  # the same conversation, live answer included
    assert _colour_of(view, "model-x") == QColor(DARK.assistant)
    assert _colour_of(view, "Copy") == QColor(DARK.link)
    assert _colour_of(view, "def") != QColor("#008000")
    assert view.palette().base().color() == QColor(DARK.background)
    view.append_text("t2", " continues")  # the stream goes on in the dark layout
    view.end_answer("t2", "completed")
    assert "Live text continues" in view.toPlainText()
    view.set_dark(False)
    assert _colour_of(view, "model-x") == QColor(LIGHT.assistant)


def test_set_font_point_size_sets_the_base_font(qtbot, view):
    view.show_events(_conversation(3))
    height = view.document().size().height()
    view.set_font_point_size(20)
    assert view.document().defaultFont().pointSizeF() == 20
    assert view.document().size().height() > height
    with pytest.raises(ValueError, match="positive"):
        view.set_font_point_size(0)


def test_the_widget_and_its_buttons_have_accessible_names(view):
    assert view.accessibleName() == "Conversation"
    assert "Shift+F10" in view.accessibleDescription()
    toolbar = view.message_toolbar
    for button in (toolbar.copy_button, toolbar.copy_text_button, toolbar.edit_button):
        assert button.accessibleName() and button.toolTip()


def test_the_hover_toolbar_never_covers_the_copy_link_of_a_leading_code_block(qtbot):
    view = TranscriptView()
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    view.show_events(_turn(1, "t1", "question", "```python\nprint(1)\n```\nafter"))
    answer = next(m for m in view._message_order if m.role == "assistant")
    view._toolbar.show_for(answer)
    view._place_toolbar(answer)
    copy = view.document().find("Copy")
    assert not copy.isNull()
    assert not view.message_toolbar.geometry().intersects(
        view.cursorRect(copy).adjusted(-2, 0, 2, 0)
    )

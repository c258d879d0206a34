"""The transcript's look (issue 16): a centred reading column, the user's messages set apart,
code blocks with a header, a Copy icon, rounded corners and unwrapped lines, icon buttons.

Real ``TranscriptView`` widgets, real resizes, clicks and paints; each test reads what is drawn
(document geometry, formats, pixels), never how it was computed.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import (
    QColor,
    QFontInfo,
    QGuiApplication,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QWheelEvent,
)
from PySide6.QtWidgets import QApplication

from parley.application.conversation_view import from_events, select
from parley.domain.transcript.canonical import TurnStarted
from parley.ui.rendering.markdown import COPY_ICON, DARK, LIGHT
from parley.ui.transcript import TranscriptView
from parley.ui.transcript.column import COLUMN_EMS, GUTTER
from tests.ui.test_transcript_rich import _stored, _turn

LONG_LINE = "x = [" + ", ".join(str(n) for n in range(120)) + "]"
ANSWER = f"Some prose first.\n\n```python\n{LONG_LINE}\n```\n\nAnd prose after it."
SHORT = "Some prose first.\n\n```python\nprint('hello')\nx = 1\n```\n\nAnd prose after it."


@pytest.fixture
def view(qtbot):
    widget = TranscriptView()
    qtbot.addWidget(widget)
    widget.resize(1400, 700)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _column(view: TranscriptView) -> tuple[int, int]:
    """The left edge and width of the text column, in the view's coordinates, read from where
    an answer is laid out."""
    message = next(m for m in view._message_order if m.role == "assistant")
    rect = view.message_rect(message).translated(view.viewport().pos())
    return rect.left(), rect.width()


def _expected_width(view: TranscriptView) -> float:
    return COLUMN_EMS * QFontInfo(view.document().defaultFont()).pixelSize()


def _text_area(view: TranscriptView) -> tuple[int, int]:
    """Where the view's text area is (left, right): inside its frame, left of the scroll bar."""
    area = view.contentsRect()
    bar = view.verticalScrollBar()
    return area.left(), area.right() + 1 - (bar.width() if bar.isVisible() else 0)


def test_a_wide_window_centres_a_column_of_limited_width(qtbot, view):
    view.show_events(_turn(1, "t1", "question", "An answer in prose. " * 200))
    left, width = _column(view)
    assert abs(width - _expected_width(view)) <= 2
    start, end = _text_area(view)
    assert abs((left - start) - (end - (left + width))) <= 2  # centred
    assert left - start > 200  # far from the edge: a 1400 px window does not spread the text

    view.resize(600, 700)  # narrower than the column: the whole width, less the gutters
    qtbot.waitUntil(lambda: _column(view)[1] < 600)
    left, width = _column(view)
    start, end = _text_area(view)
    assert left - start == GUTTER
    assert abs(end - (left + width) - GUTTER) <= 2


def test_resizing_a_window_wider_than_the_column_lays_nothing_out_again(qtbot, view):
    view.show_events(_turn(1, "t1", "question", "An answer in prose. " * 400))
    relayouts = []
    view.document().documentLayout().update.connect(lambda *_: relayouts.append(1))
    column = _column(view)[1]
    view.resize(1200, 500)  # narrower and lower, still wider than the column
    qtbot.waitUntil(lambda: view.viewport().height() <= 500)
    assert _column(view)[1] == column
    assert relayouts == []  # the text width did not change: nothing is laid out again
    bar = view.verticalScrollBar()  # (but the scroll bar follows the new height)
    assert bar.pageStep() == view.viewport().height()
    assert bar.maximum() == int(view.document().size().height()) - view.viewport().height()


def test_the_wheel_beside_the_column_scrolls_the_conversation(qtbot, view):
    view.show_events(_turn(1, "t1", "question", "An answer in prose. " * 800))
    bar = view.verticalScrollBar()
    bar.setValue(bar.maximum())
    beside = QPoint(view.contentsRect().left() + 30, view.height() // 2)
    assert not view.viewport().geometry().contains(beside)  # in the margin, not the text
    start = bar.value()
    wheel = QWheelEvent(
        QPointF(beside), QPointF(view.mapToGlobal(beside)), QPoint(), QPoint(0, 120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False,
    )  # fmt: skip
    QApplication.sendEvent(view, wheel)
    assert bar.value() < start


def test_the_column_scales_with_zoom_and_survives_a_new_conversation(view):
    view.show_events(_turn(1, "t1", "question", "An answer in prose. " * 100))
    _, before = _column(view)
    points = view.document().defaultFont().pointSizeF()
    view.set_font_point_size(points * 1.5)
    _, after = _column(view)
    assert after > before * 1.3  # the column is measured in the font, not in pixels
    assert abs(after - _expected_width(view)) <= 2

    view.clear_conversation()
    view.show_events(_turn(1, "t2", "another", "Another answer. " * 100))
    assert abs(_column(view)[1] - after) <= 1


def test_the_users_message_is_a_tinted_block_and_the_answer_plain_text(view):
    view.show_events(_turn(1, "t1", "my question", "the answer"))
    for dark, palette in ((False, LIGHT), (True, DARK)):
        view.set_dark(dark)
        user = next(m for m in view._message_order if m.role == "user")
        answer = next(m for m in view._message_order if m.role == "assistant")
        tint = user.frame.frameFormat().background().color()
        assert tint == QColor(palette.user_tint)
        assert tint != QColor(palette.background)  # visible …
        assert abs(tint.lightness() - QColor(palette.background).lightness()) < 40  # … but soft
        assert answer.frame.frameFormat().background().style() == Qt.BrushStyle.NoBrush
        # The model's name above the answer: smaller than the text, in the quiet header colour.
        header = QTextCursor(answer.frame.firstCursorPosition())
        header.movePosition(QTextCursor.MoveOperation.NextCharacter)
        assert header.charFormat().foreground().color() == QColor(palette.assistant)
        assert header.charFormat().intProperty(QTextFormat.Property.FontSizeAdjustment) < 0
        assert view.document().find("my question").block().blockFormat().lineHeight() > 100


def test_code_keeps_its_lines_and_the_view_scrolls_sideways(qtbot, view):
    view.resize(700, 600)
    view.show_events(_turn(1, "t1", "q", ANSWER + "\n\n" + "word " * 400))
    code = view.document().find("x = [")
    assert code.block().blockFormat().nonBreakableLines()
    assert code.block().layout().lineCount() == 1  # one line, however long
    prose = view.document().find("word word")
    assert prose.block().layout().lineCount() > 3  # prose still wraps in the column
    bar = view.horizontalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0)  # the long line is reached by scrolling
    view.show_events(_turn(1, "t2", "q", "Only prose here. " * 200))
    qtbot.waitUntil(lambda: bar.maximum() == 0)


def test_copy_is_an_icon_and_a_word_and_either_copies_the_code(qtbot, view):
    view.show_events(_turn(1, "t1", "q", SHORT))
    doc = view.document()
    image = doc.resource(QTextDocument.ResourceType.ImageResource, COPY_ICON)
    assert image is not None and not image.isNull()
    cursor = QTextCursor(doc)
    icon_at = None
    for position in range(doc.characterCount() - 1):
        cursor.setPosition(position)
        cursor.setPosition(position + 1, QTextCursor.MoveMode.KeepAnchor)  # (that character)
        fmt = cursor.charFormat()
        if fmt.isImageFormat() and fmt.toImageFormat().name() == COPY_ICON:
            icon_at = position
            break
    assert icon_at is not None
    cursor.setPosition(icon_at + 2)  # after the icon and the space: where the word starts
    word = view.cursorRect(cursor)
    href = "parley-copy:0"
    y = word.center().y()
    linked = [x for x in range(word.left() - 40, word.left()) if view.anchorAt(QPoint(x, y))]
    assert linked and view.anchorAt(QPoint(linked[0], y)) == href
    assert word.left() - linked[0] >= 12  # the icon, left of the word, is part of the link
    QGuiApplication.clipboard().clear()
    point = QPoint(linked[0] + 3, y)
    with qtbot.waitSignal(view.sig_copied, timeout=2000):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert QGuiApplication.clipboard().text() == "print('hello')\nx = 1"


def _pixel(view: TranscriptView, x: float, y: float) -> QColor:
    return view.viewport().grab().toImage().pixelColor(int(x), int(y))


@pytest.mark.parametrize("dark", [False, True])
def test_user_and_code_blocks_have_rounded_corners(qtbot, view, dark):
    view.set_dark(dark)
    palette = DARK if dark else LIGHT
    view.show_events(_turn(1, "t1", "q", SHORT))
    blocks = view.rounded_blocks()
    assert len(blocks) == 2  # the question, the code block
    qtbot.waitUntil(lambda: view.settled)  # (corners wait for the layout after a resize)
    page = view.viewport().palette().base().color()
    for rect in blocks:
        assert _pixel(view, rect.left(), rect.top()) == page  # the corner is cut …
        assert _pixel(view, rect.left() + 10, rect.top() + 10) != page  # … not the block
        assert _pixel(view, rect.right() - 1, rect.bottom() - 1) == page
    code = blocks[1]
    inside = _pixel(view, code.left() + 4, code.bottom() - 10)
    assert inside == QColor(palette.code_background)


def test_branch_chevrons_grow_with_zoom_and_stay_at_least_24_px(view):
    events = []
    for n, turn_id in enumerate(("b1", "b2")):
        events += _turn(10 * n + 1, turn_id, "Same question", f"Answer {n}")
        events[-4] = _stored(  # both versions answer the first question: siblings
            10 * n + 1, TurnStarted(provider_id="local", model="m", follows_turn_id=""), turn_id
        )
    view.show_state(select(from_events(events), "b2"))
    (direction, target, rect), *_ = view.branch_arrows()
    assert (direction, target) == ("previous", "b1")
    assert rect.width() >= 24 and rect.height() >= 24
    view.set_font_point_size(view.document().defaultFont().pointSizeF() * 2)
    (_, _, larger), *_ = view.branch_arrows()
    assert larger.width() > rect.width()


def test_message_actions_are_icon_buttons_with_names_and_copy_confirms(qtbot, view):
    view.show_events(_turn(1, "t1", "q", "an answer"))
    toolbar = view.message_toolbar
    buttons = (
        toolbar.copy_button,
        toolbar.copy_text_button,
        toolbar.regenerate_button,
        toolbar.edit_button,
    )
    for button in buttons:
        assert not button.icon().isNull()
        assert button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly
        assert button.accessibleName() and button.toolTip()
        assert button.width() >= 24 and button.height() >= 24
    answer = next(m for m in view._message_order if m.role == "assistant")
    toolbar.show_for(answer)
    view._place_toolbar(answer)
    assert toolbar.copy_button.icon().name() == "copy"
    qtbot.mouseClick(toolbar.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == "an answer"
    assert toolbar.copy_button.icon().name() == "check"


def test_tables_have_solid_borders_in_both_themes(view):
    for dark, palette in ((False, LIGHT), (True, DARK)):
        view.set_dark(dark)
        view.show_events(_turn(1, "t1", "q", "| a | b |\n|---|---|\n| 1 | 2 |"))
        cursor = view.document().find("a")
        table = cursor.currentTable()
        assert table is not None
        fmt = table.format()
        assert fmt.border() >= 1
        assert fmt.borderStyle().name == "BorderStyle_Solid"
        assert fmt.borderBrush().color() == QColor(palette.table_border)

"""The composer's slash-command completion: what a suggestion is, which ones match what is being
typed, and the popup list that shows them.

Why it exists: completing ``/skill …``, ``/agent …`` and the other directives is a job of its own
inside the composer; the composer (``ui.widgets.composer``) owns the keys and forwards them here.

Invariants it keeps:

- a directive starts with ``/`` at the start of the line, or after whitespace that follows another
  directive at the start of the line; a slash inside a word or after ordinary text starts nothing;
- matching is case-insensitive, prefix matches first, each group in the given order;
- an item with an ``action`` is never inserted as text: choosing it is a ``CommandChoice`` the
  window acts on (``typed_action`` finds one typed at the start of a prompt);
- the popup never takes the keyboard focus (the editor keeps it) and shows at most
  ``POPUP_VISIBLE_ROWS`` rows at once, under the directive when the window has room, else above.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6 import QtGui
from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from parley.ui.i18n import translate

#: At most this many suggestions are visible at once; the rest scroll.
POPUP_VISIBLE_ROWS = 8
_DESCRIPTION_ROLE = Qt.ItemDataRole.UserRole + 1
_COMMAND_ROLE = Qt.ItemDataRole.UserRole + 2


@dataclass(frozen=True)
class CommandItem:
    """One completion the slash popup offers: the text inserted and what it does.

    ``action`` empty: choosing it inserts ``text``. Otherwise choosing it (or sending a prompt
    that starts with ``text``) asks the window to act: the composer emits a ``CommandChoice`` and
    inserts nothing; ``action`` says to the window what kind of command it is (e.g.
    ``"mcp-prompt"``)."""

    text: str
    description: str = ""
    action: str = ""


@dataclass(frozen=True)
class CommandChoice:
    """An action item chosen: from the popup (``typed`` False, ``arguments`` ""), or typed at the
    start of a prompt that was sent (``typed`` True, ``arguments`` the rest of its line)."""

    item: CommandItem
    arguments: str = ""
    typed: bool = False


def directive_query(line_prefix: str) -> tuple[int, str] | None:
    """The directive being typed at the end of ``line_prefix`` (the current line up to the
    cursor): ``(start column, query)``, or None when the cursor is not in one.

    A directive starts with ``/`` at the start of the line, or after whitespace that follows
    another directive at the start of the line (``/skill review /ag``). A slash inside a word
    (``src/main.py``) or after ordinary text (``see /etc``) starts nothing.
    """
    start = None
    for column, char in enumerate(line_prefix):
        if char == "/" and (column == 0 or line_prefix[column - 1].isspace()):
            start = column
    if start is None:
        return None
    before = line_prefix[:start].strip()
    if before and not before.startswith("/"):
        return None
    return start, line_prefix[start:]


def typed_action(
    items: Sequence[CommandItem], text: str
) -> tuple[CommandItem, int, int, str] | None:
    """The action item whose text is the first word of ``text``'s first line: ``(item, start,
    end, arguments)`` — the columns of the directive and what follows it on that line (the
    directive's span runs to the line's end) — or None when the first word is no action item's.
    """
    line = text.split("\n", 1)[0]
    stripped = line.lstrip()
    if not stripped.startswith("/"):
        return None
    word = stripped.split(maxsplit=1)[0]
    item = next((i for i in items if i.action and i.text == word), None)
    if item is None:
        return None
    start = len(line) - len(stripped)
    return item, start, len(line), stripped[len(word) :].strip()


def match_commands(items: Sequence[CommandItem], query: str) -> list[CommandItem]:
    """The items that match ``query``, case-insensitively: prefix matches first, then the ones
    that merely contain it (without its leading slash), each group in the given order."""
    needle = query.casefold()
    bare = needle.lstrip("/")
    prefix = [item for item in items if item.text.casefold().startswith(needle)]
    contained = [
        item for item in items if bare and item not in prefix and bare in item.text.casefold()
    ]
    return prefix + contained


def _plain_tip(text: str) -> str:
    """``text`` as a tooltip that shows it as written: Qt renders a tooltip that looks like HTML
    as rich text, and a description may come from an MCP server."""
    if not text or not QtGui.Qt.mightBeRichText(text):
        return text
    return f"<p style='white-space:pre-wrap'>{html.escape(text)}</p>"


class _CommandDelegate(QStyledItemDelegate):
    """Draws a suggestion as its command text followed by its description, dimmed."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        widget = opt.widget
        style = widget.style() if widget is not None else None
        text = opt.text
        opt.text = ""
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        selected = bool(opt.state & QStyle.StateFlag.State_Selected)
        palette = opt.palette
        strong = palette.color(
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text
        )
        dim = QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.PlaceholderText
        rect = opt.rect.adjusted(6, 0, -6, 0)
        painter.save()
        painter.setFont(opt.font)
        painter.setPen(strong)
        flags = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        used = painter.boundingRect(rect, flags, text)
        painter.drawText(rect, flags, text)
        description = index.data(_DESCRIPTION_ROLE) or ""
        if description:
            rest = QRect(rect)
            rest.setLeft(used.right() + 12)
            dim_colour = palette.color(dim)
            if selected:
                dim_colour.setAlpha(190)
            painter.setPen(dim_colour)
            elided = opt.fontMetrics.elidedText(
                description, Qt.TextElideMode.ElideRight, max(rest.width(), 0)
            )
            painter.drawText(rest, flags, elided)
        painter.restore()

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width(), max(size.height(), option.fontMetrics.height() + 8))


class CommandPopup(QListWidget):
    """The non-modal list of slash-command suggestions shown under the cursor.

    It never takes the keyboard focus: the editor keeps it, and the composer forwards Up, Down,
    Tab, Enter and Esc here while it is open. A click on an item chooses it.
    """

    sig_chosen = Signal(object)
    """The user clicked a suggestion: its ``CommandItem``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("command-popup")
        self.setAccessibleName(translate("CommandPopup", "Command suggestions"))
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setUniformItemSizes(True)
        self.setItemDelegate(_CommandDelegate(self))
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.hide()
        self.itemClicked.connect(lambda item: self.sig_chosen.emit(item.data(_COMMAND_ROLE)))

    def set_items(self, items: Sequence[CommandItem]) -> None:
        self.clear()
        for command in items:
            item = QListWidgetItem(command.text)
            item.setData(_DESCRIPTION_ROLE, command.description)
            item.setData(_COMMAND_ROLE, command)
            item.setToolTip(_plain_tip(command.description))
            label = (
                f"{command.text}: {command.description}" if command.description else command.text
            )
            item.setData(Qt.ItemDataRole.AccessibleTextRole, label)
            self.addItem(item)
        if items:
            self.setCurrentRow(0)

    def commands(self) -> list[CommandItem]:
        """The suggestions shown, top to bottom."""
        return [self.item(row).data(_COMMAND_ROLE) for row in range(self.count())]

    def current(self) -> CommandItem | None:
        item = self.currentItem()
        return None if item is None else item.data(_COMMAND_ROLE)

    def step(self, step: int) -> None:
        """Move the highlight by ``step`` rows, wrapping around."""
        if self.count():
            self.setCurrentRow((self.currentRow() + step) % self.count())

    def row_height(self) -> int:
        return max(self.sizeHintForRow(0), self.fontMetrics().height() + 8)

    def place(self, editor: QPlainTextEdit, query_start: int | None) -> None:
        """Under the cursor if the window has room there, above it otherwise."""
        host = editor.window()
        if self.parentWidget() is not host:
            self.setParent(host)
        rows = min(self.count(), POPUP_VISIBLE_ROWS)
        frame = 2 * self.frameWidth()
        height = rows * self.row_height() + frame
        width = min(max(editor.width(), 320), max(host.width() - 8, 120))
        # Line the list up with the slash that starts the directive, not with the caret.
        anchor = editor.textCursor()
        if query_start is not None:
            anchor.setPosition(anchor.block().position() + query_start)
        cursor_rect = editor.cursorRect(anchor)
        below = editor.viewport().mapTo(host, cursor_rect.bottomLeft() + QPoint(0, 2))
        above = editor.viewport().mapTo(host, cursor_rect.topLeft() - QPoint(0, 2))
        x = max(0, min(below.x(), host.width() - width))
        y = below.y() if below.y() + height <= host.height() else max(0, above.y() - height)
        self.setGeometry(x, y, width, height)

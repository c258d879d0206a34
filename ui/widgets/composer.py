"""The composer: where the user writes a prompt, attaches files, and sends or stops a turn.

Why it exists: one place owns the keyboard contract of the prompt — the send key (Ctrl+Enter by
default, or Enter with Shift+Enter for a new line), the slash-command popup, Up in an empty editor
to edit the last message, Esc to close the popup or leave edit mode — plus the Send/Stop button
and the ways a file gets attached: the paperclip button, dropping files on the composer (the
window forwards drops on itself here), and pasting (Ctrl+V) files or an image. It only forwards
intent (``sig_send_requested``, ``sig_stop_requested``, ``sig_image_pasted``,
``sig_edit_last_requested``, ``sig_edit_cancelled``); the window decides what a send means (and
what a ``/skill …`` directive means: the composer only offers completion and shows the error the
window hands back with ``show_error``) and reads ``attachments()`` into the request.

Invariants it keeps:

- ``attachments()`` lists each attached path once, in the order it was attached;
- a pasted or dropped set of local files is attached, never inserted as text; a pasted image that
  comes with no text (a screenshot) is handed to the window as a ``QImage`` (the composer does not
  know where to store it); an image that comes *with* text (a copy from Word or a web page) is
  pasted as text, as before;
- the composer never reads a file itself (sizes and thumbnails are read on a worker by the chips);
- typed text is never lost: an error leaves the prompt in the editor; editing an earlier message
  keeps the draft that was there and puts it back on cancel, or when ``clear()`` ends the edit;
- while the command popup is open, the keys it uses (Up, Down, Tab, Enter, Esc) belong to it:
  Enter inserts the chosen command and never sends, Esc closes the popup and never reaches the
  window's Stop shortcut (nor does Esc in edit mode); the window's other shortcuts
  (``ui.shortcuts``) are never swallowed by the editor's own key bindings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import (
    QEvent,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QAccessibleAnnouncementEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QHideEvent,
    QIcon,
    QImage,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPalette,
    QPixmap,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ui.shortcuts import window_keys
from ui.widgets.attachment_chips import AttachmentStrip, Submit

#: The send-key modes: Ctrl+Enter sends (Enter is a new line), or Enter sends (Shift+Enter is one).
SEND_KEY_MODES = ("ctrl+enter", "enter")

#: At most this many suggestions are visible at once; the rest scroll.
POPUP_VISIBLE_ROWS = 8

_PLACEHOLDERS = {
    "ctrl+enter": "Ask anything — Ctrl+Enter to send, / for commands",
    "enter": "Ask anything — Enter to send, Shift+Enter for a new line, / for commands",
}
_SEND_TIPS = {"ctrl+enter": "Send (Ctrl+Enter)", "enter": "Send (Enter)"}
_RETURN_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
# The window's shortcuts, as combined key codes: the editor must not swallow them (on Linux,
# QPlainTextEdit takes Ctrl+K as "delete to the end of the line", which would hide Quick switch).
# The stub lacks QKeySequence.__getitem__ (C++ operator[]), which PySide6 has.
_WINDOW_KEYS = frozenset(QKeySequence(keys)[0].toCombined() for keys in window_keys())  # type: ignore[index]
_DESCRIPTION_ROLE = Qt.ItemDataRole.UserRole + 1
_COMMAND_ROLE = Qt.ItemDataRole.UserRole + 2


@dataclass(frozen=True)
class CommandItem:
    """One completion the slash popup offers: the text inserted and what it does."""

    text: str
    description: str = ""


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


class PromptEdit(QPlainTextEdit):
    """Multi-line prompt editor; the send key asks to send; pasted or dropped files and images
    are handed on instead of being inserted as text."""

    sig_submit = Signal()
    """The user pressed the send key (Ctrl+Enter always; Enter too in "enter" mode)."""

    sig_files_pasted = Signal(list)
    """Local files were pasted or dropped on the editor: their paths (``list[str]``)."""

    sig_image_pasted = Signal(QImage)
    """An image without a file (a screenshot) was pasted or dropped on the editor."""

    sig_key_handled = Signal()
    """A key press reached the editor and was handled: the text or the cursor may have moved."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.send_key = "ctrl+enter"

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in _RETURN_KEYS:
            modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            if modifiers & Qt.KeyboardModifier.ControlModifier or (
                self.send_key == "enter" and modifiers == Qt.KeyboardModifier.NoModifier
            ):
                self.sig_submit.emit()
                return
            if modifiers & Qt.KeyboardModifier.ShiftModifier:
                # Shift+Enter is a plain new line in both modes (not the Unicode line separator
                # QPlainTextEdit would insert for it).
                self.textCursor().insertText("\n")
                self.ensureCursorVisible()
                self.sig_key_handled.emit()
                return
        super().keyPressEvent(event)
        self.sig_key_handled.emit()

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        if local_files(source) or pasted_image(source) is not None:
            return True
        return super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:
        files = local_files(source)
        if files:
            self.sig_files_pasted.emit(files)
            return
        image = pasted_image(source)
        if image is not None:
            self.sig_image_pasted.emit(image)
            return
        super().insertFromMimeData(source)


def local_files(mime: QMimeData) -> list[str]:
    """The local file paths a drag or the clipboard carries (web links are not files)."""
    if not mime.hasUrls():
        return []
    return [url.toLocalFile() for url in mime.urls() if url.isLocalFile() and url.toLocalFile()]


def pasted_image(mime: QMimeData) -> QImage | None:
    """The image a drag or the clipboard carries when it carries no files and no text."""
    if local_files(mime) or mime.hasText() or not mime.hasImage():
        return None
    data = mime.imageData()
    if isinstance(data, QPixmap):
        data = data.toImage()
    if isinstance(data, QImage) and not data.isNull():
        return data
    return None


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
        self.setAccessibleName("Command suggestions")
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
            item.setToolTip(command.description)
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


class Composer(QWidget):
    """Attachment chips, the edit banner, the prompt editor with its command popup and inline
    error, the paperclip and the Send/Stop button."""

    sig_send_requested = Signal(str)
    """The user asked to send this prompt (not blank). While editing, ``editing_turn`` says which
    earlier message it replaces."""

    sig_stop_requested = Signal()
    """The user asked to stop the running turn."""

    sig_image_pasted = Signal(QImage)
    """An image with no file behind it was pasted or dropped; the window stores it as a file and
    attaches that file (``add_attachments``)."""

    sig_edit_last_requested = Signal()
    """Up was pressed in an empty editor: the window answers with ``begin_edit`` and the last
    user message."""

    sig_edit_cancelled = Signal()
    """The user left edit mode (Esc or Cancel); the draft from before is back in the editor."""

    def __init__(self, parent: QWidget | None = None, submit: Submit | None = None) -> None:
        super().__init__(parent)
        self.chips = AttachmentStrip(self, submit)
        self.editor = PromptEdit(self)
        self.editor.setObjectName("prompt")
        self.editor.setAccessibleName("Prompt")
        self.editor.setTabChangesFocus(True)
        self.editor.setFixedHeight(96)
        self.attach_button = QToolButton(self)
        self.attach_button.setObjectName("attach")
        self.attach_button.setText("Attach")
        self.attach_button.setAccessibleName("Attach files")
        paperclip = QIcon.fromTheme("mail-attachment")
        if not paperclip.isNull():
            self.attach_button.setIcon(paperclip)
            self.attach_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.attach_button.setToolTip("Attach files (or drop them here, or paste them)")
        self.button = QPushButton("Send", self)
        self.button.setObjectName("send")
        self.button.setAccessibleName("Send")
        self.button.setDefault(False)
        self._running = False
        self._send_key = "ctrl+enter"
        self._commands: tuple[CommandItem, ...] = ()
        # The column in the current block where the directive being completed starts, and the
        # one the user dismissed with Esc (the popup stays closed while they type on in it).
        self._query_start: int | None = None
        self._dismissed: tuple[int, int] | None = None
        self._revision = -1  # the document revision the popup was last refreshed for
        self._editing_turn: str | None = None
        self._draft_before_edit = ""
        #: The workspace of the conversation (the window sets it): where Attach looks first.
        self.workspace: Path | None = None
        self._last_folder: Path | None = None
        self.setAcceptDrops(True)

        self.banner = QFrame(self)
        self.banner.setObjectName("edit-banner")
        self.banner.setAccessibleName("Editing an earlier message")
        self.banner.setFrameShape(QFrame.Shape.StyledPanel)
        self.banner_label = QLabel(
            "Editing an earlier message — sending starts a new branch.", self.banner
        )
        self.banner_label.setWordWrap(True)
        self.cancel_edit_button = QPushButton("Cancel", self.banner)
        self.cancel_edit_button.setObjectName("cancel-edit")
        self.cancel_edit_button.setAccessibleName("Cancel editing")
        self.cancel_edit_button.setToolTip("Stop editing and bring back your draft (Esc)")
        banner_row = QHBoxLayout(self.banner)
        banner_row.setContentsMargins(8, 4, 4, 4)
        banner_row.addWidget(self.banner_label, 1)
        banner_row.addWidget(self.cancel_edit_button)
        self.banner.hide()

        self.error_label = QLabel(self)
        self.error_label.setObjectName("prompt-error")
        self.error_label.setAccessibleName("Prompt error")
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        self.error_label.hide()

        # The popup floats over the window's other widgets; it becomes a child of the editor's
        # top-level window when first shown (the composer may be re-parented before that).
        self.popup = CommandPopup(self)

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        editor_column = QVBoxLayout()
        editor_column.setContentsMargins(0, 0, 0, 0)
        editor_column.setSpacing(2)
        editor_column.addWidget(self.editor)
        editor_column.addWidget(self.error_label)
        row.addLayout(editor_column, 1)
        side = QVBoxLayout()
        side.addStretch(1)
        side.addWidget(self.attach_button)
        side.addWidget(self.button)
        row.addLayout(side)
        column = QVBoxLayout()
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.chips)
        column.addWidget(self.banner)
        column.addLayout(row)
        self.setLayout(column)

        self.editor.installEventFilter(self)
        self.editor.sig_submit.connect(self._on_send)
        self.editor.sig_key_handled.connect(self._refresh_popup)
        self.editor.sig_files_pasted.connect(self.add_attachments)
        self.editor.sig_image_pasted.connect(self.sig_image_pasted)
        self.editor.textChanged.connect(self.clear_error)
        self.popup.sig_chosen.connect(self._insert_command)
        self.button.clicked.connect(self._on_button)
        self.attach_button.clicked.connect(self.choose_files)
        self.cancel_edit_button.clicked.connect(self.cancel_edit)
        self.set_send_key("ctrl+enter")

    def set_running(self, running: bool) -> None:
        """Send becomes Stop while a turn runs, and back."""
        self._running = running
        self.button.setText("Stop" if running else "Send")
        self.button.setObjectName("stop" if running else "send")
        self.button.setAccessibleName("Stop" if running else "Send")
        self.button.setToolTip("Stop the answer (Esc)" if running else _SEND_TIPS[self._send_key])

    @property
    def running(self) -> bool:
        return self._running

    def clear(self, *, keep_attachments: bool = False) -> None:
        """Empty the editor and (unless asked not to) drop the attachments: after a send.

        In edit mode this ends the edit, and the draft the user had before it comes back."""
        self.hide_popup()
        self.clear_error()
        if self._editing_turn is not None:
            self._leave_edit()
        else:
            self.editor.clear()
        if not keep_attachments:
            self.chips.clear()

    # -- send key --------------------------------------------------------------------------------

    def set_send_key(self, mode: str) -> None:
        """ "ctrl+enter": Enter is a new line and Ctrl+Enter sends; "enter": Enter sends and
        Shift+Enter is a new line (Ctrl+Enter sends in both)."""
        if mode not in SEND_KEY_MODES:
            raise ValueError(f"Unknown send key {mode!r}; expected one of {SEND_KEY_MODES}")
        self._send_key = mode
        self.editor.send_key = mode
        self.editor.setPlaceholderText(_PLACEHOLDERS[mode])
        self.set_running(self._running)

    @property
    def send_key(self) -> str:
        return self._send_key

    # -- commands --------------------------------------------------------------------------------

    def set_commands(self, items: Sequence[CommandItem]) -> None:
        """The completions the slash popup offers, in the order to offer them."""
        self._commands = tuple(items)
        if self.popup.isVisible():
            self._refresh_popup()

    def commands(self) -> tuple[CommandItem, ...]:
        return self._commands

    def popup_open(self) -> bool:
        return self.popup.isVisible()

    def hide_popup(self) -> None:
        self.popup.hide()
        self._query_start = None

    def _current_query(self) -> tuple[int, str] | None:
        cursor = self.editor.textCursor()
        if cursor.hasSelection():
            return None
        line = cursor.block().text()[: cursor.positionInBlock()]
        return directive_query(line)

    def _refresh_popup(self) -> None:
        """After a key: show, filter or hide the popup for the directive at the cursor."""
        revision = self.editor.document().revision()
        typed, self._revision = revision != self._revision, revision
        if not typed and not self.popup.isVisible():
            return  # the caret only moved: moving into a directive does not open the list
        found = self._current_query() if self._commands else None
        if found is None:
            self._dismissed = None
            self.hide_popup()
            return
        start, query = found
        block = self.editor.textCursor().blockNumber()
        if self._dismissed == (block, start):
            self.hide_popup()
            return
        self._dismissed = None
        matches = match_commands(self._commands, query)
        if not matches:
            self.hide_popup()
            return
        self._query_start = start
        if self.popup.commands() != matches or not self.popup.isVisible():
            self.popup.set_items(matches)
        self._place_popup()
        self.popup.show()
        self.popup.raise_()

    def _place_popup(self) -> None:
        """Under the cursor if the window has room there, above it otherwise."""
        host = self.editor.window()
        if self.popup.parentWidget() is not host:
            self.popup.setParent(host)
        rows = min(self.popup.count(), POPUP_VISIBLE_ROWS)
        frame = 2 * self.popup.frameWidth()
        height = rows * self.popup.row_height() + frame
        width = min(max(self.editor.width(), 320), max(host.width() - 8, 120))
        # Line the list up with the slash that starts the directive, not with the caret.
        anchor = self.editor.textCursor()
        if self._query_start is not None:
            anchor.setPosition(anchor.block().position() + self._query_start)
        cursor_rect = self.editor.cursorRect(anchor)
        below = self.editor.viewport().mapTo(host, cursor_rect.bottomLeft() + QPoint(0, 2))
        above = self.editor.viewport().mapTo(host, cursor_rect.topLeft() - QPoint(0, 2))
        x = max(0, min(below.x(), host.width() - width))
        y = below.y() if below.y() + height <= host.height() else max(0, above.y() - height)
        self.popup.setGeometry(x, y, width, height)

    def _insert_command(self, command: CommandItem | None) -> None:
        """Replace the directive being typed with ``command``'s text and a space."""
        if command is None:
            return
        start = self._query_start
        cursor = self.editor.textCursor()
        if start is None:
            found = self._current_query()
            start = cursor.positionInBlock() if found is None else found[0]
        cursor.setPosition(cursor.block().position() + start, QTextCursor.MoveMode.KeepAnchor)
        cursor.insertText(command.text + " ")
        self.editor.setTextCursor(cursor)
        self._revision = self.editor.document().revision()  # our edit, not the user's typing
        self.hide_popup()
        self.editor.setFocus()

    # -- errors ----------------------------------------------------------------------------------

    def show_error(self, text: str) -> None:
        """Show ``text`` in red under the editor; the prompt stays as it is. Editing the prompt
        (or ``clear()``) takes the message away."""
        dark = self.palette().color(QPalette.ColorRole.Window).lightness() < 128
        self.error_label.setStyleSheet("color: #ff8a80" if dark else "color: #c0392b")
        self.error_label.setText(text)
        self.error_label.setAccessibleDescription(text)
        self.error_label.show()
        # Screen readers hear the message without the focus leaving the editor.
        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self.error_label, text))

    def clear_error(self) -> None:
        if not self.error_label.isHidden():
            self.error_label.hide()
            self.error_label.clear()
            self.error_label.setAccessibleDescription("")

    def error_text(self) -> str:
        """The error shown under the editor, or "" when none is."""
        return "" if self.error_label.isHidden() else self.error_label.text()

    # -- edit mode -------------------------------------------------------------------------------

    def begin_edit(self, turn_id: str, text: str) -> None:
        """Put an earlier message in the editor to change and resend; the draft that was there
        is kept and comes back on ``cancel_edit`` (or when ``clear()`` ends the edit)."""
        if self._editing_turn is None:
            self._draft_before_edit = self.editor.toPlainText()
        self._editing_turn = turn_id
        self.hide_popup()
        self.editor.setPlainText(text)
        self.editor.moveCursor(QTextCursor.MoveOperation.End)
        self.banner.show()
        self.editor.setFocus()

    def cancel_edit(self) -> None:
        """Leave edit mode and bring back the draft from before it."""
        if self._editing_turn is None:
            return
        self._leave_edit()
        self.sig_edit_cancelled.emit()

    @property
    def editing_turn(self) -> str | None:
        """The turn whose message is being edited, or None."""
        return self._editing_turn

    def draft(self) -> str:
        """The unsent text the user is writing (in edit mode, the draft kept from before it)."""
        return self._draft_before_edit if self._editing_turn else self.editor.toPlainText()

    def set_draft(self, text: str) -> None:
        """Put a kept draft back in the editor, the cursor at its end (leaves edit mode)."""
        if self._editing_turn is not None:
            self._editing_turn = None
            self.banner.hide()
            self._draft_before_edit = ""
        self.hide_popup()
        self.editor.setPlainText(text)
        self.editor.moveCursor(QTextCursor.MoveOperation.End)

    def _leave_edit(self) -> None:
        self._editing_turn = None
        self.banner.hide()
        self.editor.setPlainText(self._draft_before_edit)
        self.editor.moveCursor(QTextCursor.MoveOperation.End)
        self._draft_before_edit = ""

    # -- keys the editor does not handle itself --------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.editor:
            kind = event.type()
            if kind == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
                # Claim the key before the window's shortcuts see it (Esc is the window's Stop).
                if self._claims(event):
                    event.accept()
                    return True
                if self._is_window_key(event):
                    event.ignore()  # not the editor's: let the window's shortcut have it
                    return True
            elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
                return self._on_key(event)
            elif kind == QEvent.Type.FocusOut:
                self.hide_popup()
        return super().eventFilter(watched, event)

    def _claims(self, event: QKeyEvent) -> bool:
        key = event.key()
        if self.popup.isVisible():
            return key in (
                Qt.Key.Key_Escape,
                Qt.Key.Key_Up,
                Qt.Key.Key_Down,
                Qt.Key.Key_Tab,
                *_RETURN_KEYS,
            )
        return key == Qt.Key.Key_Escape and self._editing_turn is not None

    @staticmethod
    def _is_window_key(event: QKeyEvent) -> bool:
        combined = event.keyCombination().toCombined() & ~Qt.KeyboardModifier.KeypadModifier.value
        return combined in _WINDOW_KEYS

    def _on_key(self, event: QKeyEvent) -> bool:
        """True when the key was used here and must not reach the editor."""
        key = event.key()
        modifiers = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        if self.popup.isVisible():
            if key == Qt.Key.Key_Escape:
                cursor = self.editor.textCursor()
                if self._query_start is not None:
                    self._dismissed = (cursor.blockNumber(), self._query_start)
                self.hide_popup()
                return True
            if key in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                self.popup.step(-1 if key == Qt.Key.Key_Up else 1)
                return True
            if modifiers == Qt.KeyboardModifier.NoModifier and (
                key == Qt.Key.Key_Tab or key in _RETURN_KEYS
            ):
                self._insert_command(self.popup.current())
                return True
            if key in _RETURN_KEYS:
                # Ctrl+Enter (send) or Shift+Enter (new line) with the list open: the user is
                # past completing; close it and let the editor handle the key.
                self.hide_popup()
            return False
        if key == Qt.Key.Key_Escape and self._editing_turn is not None:
            self.cancel_edit()
            return True
        if (
            key == Qt.Key.Key_Up
            and modifiers == Qt.KeyboardModifier.NoModifier
            and self.editor.document().isEmpty()
        ):
            self.sig_edit_last_requested.emit()
            return True
        return False

    def hideEvent(self, event: QHideEvent) -> None:
        self.hide_popup()
        super().hideEvent(event)

    # -- attachments -----------------------------------------------------------------------------

    def attachments(self) -> list[Path]:
        """The attached files, in the order they were attached."""
        return self.chips.paths()

    def add_attachments(self, paths: Iterable[str | Path]) -> list[Path]:
        """Attach files (a path already attached is ignored); return the ones added."""
        return self.chips.add_paths(paths)

    def start_folder(self) -> Path:
        """Where the Attach dialog opens: the workspace, else the folder files were last
        attached from, else the home folder (never the process's working directory)."""
        for folder in (self.workspace, self._last_folder):
            if folder is not None and folder.is_dir():
                return folder
        return Path.home()

    def choose_files(self) -> None:
        """The paperclip: pick one or more files in the system dialog."""
        chosen, _filter = QFileDialog.getOpenFileNames(
            self, "Attach files", str(self.start_folder())
        )
        if chosen:
            self._last_folder = Path(chosen[-1]).parent
            self.add_attachments(chosen)

    def can_accept(self, mime: QMimeData) -> bool:
        """True when ``mime`` (a drag) carries local files or an image to attach."""
        return bool(local_files(mime)) or pasted_image(mime) is not None

    def accept_mime(self, mime: QMimeData) -> bool:
        """Attach the files ``mime`` carries, or hand on its image; False if it has neither."""
        files = local_files(mime)
        if files:
            self.add_attachments(files)
            return True
        image = pasted_image(mime)
        if image is not None:
            self.sig_image_pasted.emit(image)
            return True
        return False

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.can_accept(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self.can_accept(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        if self.accept_mime(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    # -- sending ---------------------------------------------------------------------------------

    def _on_button(self) -> None:
        if self._running:
            self.sig_stop_requested.emit()
        else:
            self._on_send()

    def _on_send(self) -> None:
        if self._running:
            return
        text = self.editor.toPlainText()
        if text.strip():
            self.sig_send_requested.emit(text)

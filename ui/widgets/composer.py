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
  (``ui.shortcuts``) are never swallowed by the editor's own key bindings;
- an action command (an MCP server's prompt) is never inserted as text nor sent: choosing it in
  the popup, or sending a prompt that starts with it, emits ``sig_command_chosen`` and marks the
  directive; the window answers with ``replace_directive`` (or ``show_error``, the text kept).

How it looks (issue 16): one rounded box, as in ChatGPT, Claude, Jan or LM Studio — the
attachment chips and the edit banner at its top, the editor (growing with its text up to
``composer_input.MAX_LINES`` lines, then scrolling), and a bar at its bottom with the paperclip,
the controls the window puts there (``add_to_bar``: the tools control, the model picker), the
context gauge (``context_gauge``: how full the model's window is, hidden until measured) and the
round Send/Stop button (``ui.widgets.send_button``). While the conversation is being summarised
(``/compact``) the composer is ``busy``: the text can be written, not sent. The box is at most as
wide as the transcript's reading column (``ui.transcript.column.COLUMN_EMS``) and is painted from
the palette, so it follows the theme and the zoom.

The prompt editor and the paste rules are in ``ui.widgets.composer_input``; the slash-command
completion (``CommandItem``, ``directive_query``, ``match_commands``, ``CommandPopup``) is in
``ui.widgets.composer_commands``. Their public names are importable from here too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import pairwise
from pathlib import Path

from PySide6.QtCore import QEvent, QMimeData, QObject, QPoint, QRectF, Qt, Signal
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QHideEvent,
    QImage,
    QKeyEvent,
    QKeySequence,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.icons import icon, scale_with_font
from parley.ui.shortcuts import window_keys
from parley.ui.transcript.column import COLUMN_EMS, font_pixels
from parley.ui.widgets.attachment_chips import AttachmentStrip, Submit
from parley.ui.widgets.composer_commands import (
    POPUP_VISIBLE_ROWS,
    CommandChoice,
    CommandItem,
    CommandPopup,
    directive_query,
    match_commands,
    typed_action,
)
from parley.ui.widgets.composer_input import RETURN_KEYS, PromptEdit, local_files, pasted_image
from parley.ui.widgets.context_gauge import ContextGauge
from parley.ui.widgets.send_button import SendButton

__all__ = [
    "POPUP_VISIBLE_ROWS",
    "SEND_KEY_MODES",
    "CommandChoice",
    "CommandItem",
    "CommandPopup",
    "Composer",
    "PromptEdit",
    "directive_query",
    "local_files",
    "match_commands",
    "pasted_image",
]

#: The send-key modes: Ctrl+Enter sends (Enter is a new line), or Enter sends (Shift+Enter is one).
SEND_KEY_MODES = ("ctrl+enter", "enter")

_PLACEHOLDERS = {
    "ctrl+enter": QT_TRANSLATE_NOOP(
        "Composer", "Ask anything — Ctrl+Enter to send, / for commands"
    ),
    "enter": QT_TRANSLATE_NOOP(
        "Composer", "Ask anything — Enter to send, Shift+Enter for a new line, / for commands"
    ),
}
_SEND_TIPS = {
    "ctrl+enter": QT_TRANSLATE_NOOP("Composer", "Send (Ctrl+Enter)"),
    "enter": QT_TRANSLATE_NOOP("Composer", "Send (Enter)"),
}
#: The rounded box's corner radius and its inner margins, in pixels.
RADIUS = 14
_PADDING = (12, 8, 8, 8)
_RETURN_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
# The window's shortcuts, as combined key codes: the editor must not swallow them (on Linux,
# QPlainTextEdit takes Ctrl+K as "delete to the end of the line", which would hide Quick switch).
# The stub lacks QKeySequence.__getitem__ (C++ operator[]), which PySide6 has.
_WINDOW_KEYS = frozenset(QKeySequence(keys)[0].toCombined() for keys in window_keys())  # type: ignore[index]


class Composer(QWidget):
    """One rounded box: attachment chips, the edit banner, the prompt editor with its command
    popup and inline error, and a bar with the paperclip, the window's controls and Send/Stop."""

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

    sig_mcp_resources_requested = Signal()
    """The user chose "From an MCP server…" on the paperclip: the window opens the resource
    picker and adds what is chosen as chips (``chips.add_resources``)."""

    sig_command_chosen = Signal(object)
    """An action item (``CommandItem.action``) was chosen in the popup, or sent typed at the
    start of the prompt: ``CommandChoice``. Nothing is inserted or sent; the directive stays in
    the editor, marked, for ``replace_directive``."""

    sig_commands_wanted = Signal()
    """The user is typing a ``/`` directive: the window may complete the commands it offers
    (``set_commands``) — e.g. list what is fetched only on demand."""

    def __init__(self, parent: QWidget | None = None, submit: Submit | None = None) -> None:
        super().__init__(parent)
        self.chips = AttachmentStrip(self, submit)
        self.editor = PromptEdit(self)
        self.editor.setObjectName("prompt")
        self.editor.setAccessibleName(translate("Composer", "Prompt"))
        self.editor.setTabChangesFocus(True)
        self.attach_button = QToolButton(self)
        self.attach_button.setObjectName("attach")
        self.attach_button.setText(
            translate("Composer", "Attach")
        )  # read by screen readers; only the icon is drawn
        self.attach_button.setAccessibleName(translate("Composer", "Attach files"))
        self.attach_button.setIcon(icon("paperclip"))
        scale_with_font(self.attach_button, 1.25)
        self.attach_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.attach_button.setAutoRaise(True)
        self.attach_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.attach_button.setToolTip(
            translate("Composer", "Attach files (or drop them here, or paste them)")
        )
        #: Asked when the paperclip is clicked (the window sets it): True when this
        #: conversation has MCP servers, so the paperclip offers their resources too.
        self.mcp_resources_available: Callable[[], bool] | None = None
        self.attach_menu = QMenu(self)
        self.attach_menu.setObjectName("attach-menu")
        self.attach_files_action = self.attach_menu.addAction(translate("Composer", "Files…"))
        self.attach_files_action.triggered.connect(self.choose_files)
        self.attach_mcp_action = self.attach_menu.addAction(
            translate("Composer", "From an MCP server…")
        )
        self.attach_mcp_action.triggered.connect(self.sig_mcp_resources_requested)
        self.button = SendButton(self)
        self.context_gauge = ContextGauge(self)
        self._busy = ""  # why sending waits ("" when it does not): a summary is being written
        self._running = False
        self._send_key = "ctrl+enter"
        self._commands: tuple[CommandItem, ...] = ()
        # The column in the current block where the directive being completed starts, and the
        # one the user dismissed with Esc (the popup stays closed while they type on in it).
        self._query_start: int | None = None
        self._dismissed: tuple[int, int] | None = None
        self._revision = -1  # the document revision the popup was last refreshed for
        self._wanted_revision = -2  # the revision at which a directive was last being typed
        # The directive of the last action chosen, as two cursors that follow the user's edits
        # (text typed just before it or just after it stays outside), and its text then:
        # ``replace_directive`` puts the window's answer there.
        self._directive: tuple[QTextCursor, QTextCursor] | None = None
        self._directive_text = ""
        self._editing_turn: str | None = None
        self._draft_before_edit = ""
        #: The workspace of the conversation (the window sets it): where Attach looks first.
        self.workspace: Path | None = None
        self._last_folder: Path | None = None
        self.setAcceptDrops(True)

        self.banner = QFrame(self)
        self.banner.setObjectName("edit-banner")
        self.banner.setAccessibleName(translate("Composer", "Editing an earlier message"))
        self.banner.setFrameShape(QFrame.Shape.StyledPanel)
        self.banner_label = QLabel(
            translate("Composer", "Editing an earlier message — sending starts a new branch."),
            self.banner,
        )
        self.banner_label.setWordWrap(True)
        self.cancel_edit_button = QPushButton(translate("Composer", "Cancel"), self.banner)
        self.cancel_edit_button.setObjectName("cancel-edit")
        self.cancel_edit_button.setAccessibleName(translate("Composer", "Cancel editing"))
        self.cancel_edit_button.setToolTip(
            translate("Composer", "Stop editing and bring back your draft (Esc)")
        )
        banner_row = QHBoxLayout(self.banner)
        banner_row.setContentsMargins(8, 4, 4, 4)
        banner_row.addWidget(self.banner_label, 1)
        banner_row.addWidget(self.cancel_edit_button)
        self.banner.hide()

        self.error_label = QLabel(self)
        self.error_label.setObjectName("prompt-error")
        self.error_label.setAccessibleName(translate("Composer", "Prompt error"))
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        self.error_label.hide()

        # The popup floats over the window's other widgets; it becomes a child of the editor's
        # top-level window when first shown (the composer may be re-parented before that).
        self.popup = CommandPopup(self)

        # The bar under the editor: paperclip, the window's controls (``add_to_bar``), Send.
        self.bar = QHBoxLayout()
        self.bar.setContentsMargins(0, 0, 0, 0)
        self.bar.setSpacing(4)
        self.bar.addWidget(self.attach_button)
        self._bar_stretch = 2  # where trailing controls go: after the stretch, before Send
        self.bar.addStretch(1)
        self.bar.addWidget(self.context_gauge)
        self.bar.addWidget(self.button)
        column = QVBoxLayout()
        column.setContentsMargins(*_PADDING)
        column.setSpacing(4)
        column.addWidget(self.chips)
        column.addWidget(self.banner)
        column.addWidget(self.editor)
        column.addWidget(self.error_label)
        column.addLayout(self.bar)
        self.setLayout(column)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._fit_width()

        self.editor.installEventFilter(self)
        self.editor.sig_submit.connect(self._on_send)
        self.editor.sig_key_handled.connect(self._refresh_popup)
        self.editor.sig_files_pasted.connect(self.add_attachments)
        self.editor.sig_image_pasted.connect(self.sig_image_pasted)
        self.editor.textChanged.connect(self.clear_error)
        self.popup.sig_chosen.connect(self._insert_command)
        self.button.clicked.connect(self._on_button)
        self.attach_button.clicked.connect(self._on_attach_clicked)
        self.cancel_edit_button.clicked.connect(self.cancel_edit)
        self.set_send_key("ctrl+enter")

    def set_running(self, running: bool) -> None:
        """Send becomes Stop while a turn runs, and back."""
        self._running = running
        self.button.set_running(running)
        self.button.setToolTip(
            translate("Composer", "Stop the answer (Esc)")
            if running
            else translate("Composer", _SEND_TIPS[self._send_key])
        )

    def set_busy(self, reason: str) -> None:
        """Sending waits while ``reason`` holds ("Summarising earlier messages…"; "" ends it):
        Send is disabled and says why; the editor stays open for typing."""
        self._busy = reason
        self.button.setEnabled(not reason)
        if reason:
            self.button.setToolTip(reason)
        else:
            self.set_running(self._running)

    @property
    def busy(self) -> str:
        return self._busy

    # -- the box ---------------------------------------------------------------------------------

    def add_to_bar(self, widget: QWidget, *, trailing: bool = False) -> None:
        """Put one of the window's controls on the bar: after the paperclip, or (``trailing``)
        just before the context gauge and Send."""
        if trailing:
            self.bar.insertWidget(self.bar.count() - 2, widget)
        else:
            self.bar.insertWidget(self._bar_stretch - 1, widget)
            self._bar_stretch += 1
        self._order_tabs()

    def _order_tabs(self) -> None:
        """Tab goes from the editor along the bar, left to right, ending on Send (the window
        built its controls before the composer, so the creation order would put them first)."""
        chain: list[QWidget] = [self.editor]
        for index in range(self.bar.count()):
            item = self.bar.itemAt(index)
            widget = item.widget() if item is not None else None
            if widget is not None and widget is not self.context_gauge:  # (the stretch is an
                chain.append(widget)  # item without a widget; the gauge takes no focus)
        for first, second in pairwise(chain):
            QWidget.setTabOrder(first, second)

    def _fit_width(self) -> None:
        """At most as wide as the transcript's reading column (it scales with the font)."""
        px = font_pixels(self.font().pointSizeF(), self.logicalDpiY())
        padding = _PADDING[0] + _PADDING[2]
        self.setMaximumWidth(round(COLUMN_EMS * max(px, 1.0)) + padding)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_width()

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        focused = self.editor.hasFocus()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        border = palette.color(QPalette.ColorRole.Highlight if focused else QPalette.ColorRole.Mid)
        painter.setPen(QPen(border, 1.0))
        painter.setBrush(palette.color(QPalette.ColorRole.Base))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), RADIUS, RADIUS)
        painter.end()

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
        self.editor.setPlaceholderText(translate("Composer", _PLACEHOLDERS[mode]))
        self.set_running(self._running)

    @property
    def send_key(self) -> str:
        return self._send_key

    # -- commands --------------------------------------------------------------------------------

    def set_commands(self, items: Sequence[CommandItem]) -> None:
        """The completions the slash popup offers, in the order to offer them."""
        self._commands = tuple(items)
        if self.popup.isVisible() or self._wanted_revision == self.editor.document().revision():
            # Open, or the user's last keystroke was in a directive (which may have matched
            # nothing yet): offer the new items for it as if it had just been typed.
            self._revision = -1
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
        self._wanted_revision = revision
        self.sig_commands_wanted.emit()
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
        self.popup.place(self.editor, self._query_start)
        self.popup.show()
        self.popup.raise_()

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
        # An action item completes the directive without the space, and the window acts on it.
        cursor.insertText(command.text if command.action else command.text + " ")
        self.editor.setTextCursor(cursor)
        self._revision = self.editor.document().revision()  # our edit, not the user's typing
        self.hide_popup()
        self.editor.setFocus()
        if command.action:
            end = cursor.position()
            self._mark_directive(end - len(command.text), end)
            self.sig_command_chosen.emit(CommandChoice(command))

    def _mark_directive(self, start: int, end: int) -> None:
        """Remember the directive between document positions ``start`` and ``end``."""
        document = self.editor.document()
        head, tail = QTextCursor(document), QTextCursor(document)
        head.setPosition(start)
        tail.setPosition(end)
        tail.setKeepPositionOnInsert(True)  # text typed right after it is not part of it
        self._directive = head, tail
        self._directive_text = self._directive_span().selectedText()

    def _directive_span(self) -> QTextCursor:
        """A cursor selecting the marked directive (nothing when none is marked)."""
        span = self.editor.textCursor()
        if self._directive is not None:
            head, tail = self._directive
            span.setPosition(head.position())
            span.setPosition(max(tail.position(), head.position()), QTextCursor.MoveMode.KeepAnchor)
        return span

    def replace_directive(self, text: str) -> bool:
        """Put ``text`` in place of the directive of the last action chosen, the cursor after
        it; the rest of the prompt stays. If the user has changed that directive meanwhile, it is
        left alone and ``text`` goes in at the cursor instead (nothing typed is lost). True when
        the directive was replaced."""
        span = self._directive_span()
        replaced = self._directive is not None and span.selectedText() == self._directive_text
        self._directive = None
        cursor = span if replaced else self.editor.textCursor()
        cursor.insertText(text)
        self.editor.setTextCursor(cursor)
        self._revision = self.editor.document().revision()  # our edit, not the user's typing
        self.hide_popup()
        self.editor.setFocus()
        return replaced

    # -- errors ----------------------------------------------------------------------------------

    def show_error(self, text: str) -> None:
        """Show ``text`` in red under the editor; the prompt stays as it is. Editing the prompt
        (or ``clear()``) takes the message away."""
        dark = self.palette().color(QPalette.ColorRole.Window).lightness() < 128
        self.error_label.setStyleSheet("color: #ff8a80" if dark else "color: #c0392b")
        self.error_label.setText(text)
        self.error_label.setAccessibleDescription(text)
        self.error_label.show()
        # Screen readers hear the message without the focus leaving the editor. (Imported here:
        # loading QAccessible's classes and enums costs the first paint ~6 ms.)
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

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
                self.update()  # the box's border leaves the accent colour
            elif kind == QEvent.Type.FocusIn:
                self.update()
        return super().eventFilter(watched, event)

    def _claims(self, event: QKeyEvent) -> bool:
        key = event.key()
        if self.popup.isVisible():
            return key in (
                Qt.Key.Key_Escape,
                Qt.Key.Key_Up,
                Qt.Key.Key_Down,
                Qt.Key.Key_Tab,
                *RETURN_KEYS,
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
                key == Qt.Key.Key_Tab or key in RETURN_KEYS
            ):
                self._insert_command(self.popup.current())
                return True
            if key in RETURN_KEYS:
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

    def searched_attachments(self) -> list[Path]:
        """The attached files the user chose to have searched for each question rather than
        sent whole (a chip's menu), in attachment order: ``TurnDraft.retrieval_attachments``."""
        return self.chips.searched_paths()

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
            self, translate("Composer", "Attach files"), str(self.start_folder())
        )
        if chosen:
            self._last_folder = Path(chosen[-1]).parent
            self.add_attachments(chosen)

    def _on_attach_clicked(self) -> None:
        """The paperclip: files at once, or a menu (files, or an MCP server's resources) when
        the conversation has MCP servers."""
        available = self.mcp_resources_available
        if available is not None and available():
            # popup(), not exec(): the menu does not start an event loop of its own. It opens
            # above the paperclip (the composer sits at the bottom of the window).
            above = QPoint(0, -self.attach_menu.sizeHint().height())
            self.attach_menu.popup(self.attach_button.mapToGlobal(above))
            return
        self.choose_files()

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
        if self._running or self._busy:
            return
        text = self.editor.toPlainText()
        if not text.strip():
            return
        action = typed_action(self._commands, text)
        if action is not None:  # e.g. "/server:prompt name=value": the window acts, not sends
            item, start, end, arguments = action
            self._mark_directive(start, end)  # (the first line: its block starts at 0)
            self.sig_command_chosen.emit(CommandChoice(item, arguments, typed=True))
            return
        self.sig_send_requested.emit(text)

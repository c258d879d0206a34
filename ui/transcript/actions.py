"""What a user can do on the transcript's messages: hover toolbar, context menus, links.

Why it exists: acting on a message (copy it, copy it as text, regenerate an answer, edit a
question) and following the document's links (Retry, a tool card, an attachment, a code block's
Copy, a branch arrow, "Show earlier", a summary's divider and its "Show original messages", a
citation) are the transcript's input side. They only forward intent:
each becomes a signal the window's chat controller handles; nothing here decides anything.

Invariants it keeps:

- no widgets inside the document: the hover toolbar is one overlay positioned from the layout;
- a Python exception never leaves an override Qt calls from C++ (``scrollContentsBy``,
  ``viewportEvent``, ``mouseMoveEvent``): PySide 6.11 turns that into SIGSEGV (issue 13);
- while the document is being cut (``_clearing``) nothing may point at a message: the toolbar
  lets go of its message first, and the scroll handlers do nothing.
"""

from __future__ import annotations

import functools
import logging

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QDesktopServices,
    QGuiApplication,
    QKeyEvent,
    QMouseEvent,
    QTextCursor,
    QTextDocument,
    QTextFrame,
)
from PySide6.QtWidgets import QMenu, QTextBrowser, QWidget

from parley.ui.i18n import translate
from parley.ui.rendering.markdown import COPY_SCHEME, render_markdown
from parley.ui.transcript.frames import (
    ATTACHMENT_SCHEME,
    BRANCH_SCHEME,
    CITE_SCHEME,
    EARLIER_SCHEME,
    ORIGINALS_SCHEME,
    REASONING_SCHEME,
    RETRY_SCHEME,
    SUMMARY_SCHEME,
    TOOL_SCHEME,
    FrameHost,
    Message,
)
from parley.ui.transcript.toolbar import MessageToolbar

log = logging.getLogger(__name__)


class MessageActions(QTextBrowser):
    """The input side of the transcript (see the module docstring)."""

    sig_retry_requested = Signal(str)
    """The user clicked Retry under a failed turn: ``turn_id``."""

    sig_attachment_requested = Signal(object)
    """The user clicked an attachment: its ``StoredEvent`` (holding an ``AttachmentAdded``)."""

    sig_regenerate_requested = Signal(str)
    """The user asked for another answer to a turn: ``turn_id`` of the answer's turn."""

    sig_edit_requested = Signal(str)
    """The user wants to edit (and resend) a message: ``turn_id`` of the user message's turn."""

    sig_branch_requested = Signal(str)
    """The user clicked an arrow of a branch switcher: ``turn_id`` of the sibling turn to show."""

    sig_copied = Signal(str)
    """Something was put on the clipboard: a short description for the status bar."""

    sig_reveal_requested = Signal(bool)
    """The user asked to show (True) or hide (False) the turns a summary stands in for: the
    owner of the conversation's state applies ``reveal`` and hands the view the new state."""

    sig_citation_requested = Signal(object)
    """The user clicked a citation: a ``Citation`` (the excerpt, the attachment it is from)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = FrameHost(self.document())
        self._clearing = 0  # the document's frames are being deleted
        self._programmatic_scroll = 0
        # Links are ours to route: Retry stays in the app, web links open in the browser.
        self.setOpenLinks(False)
        self.anchorClicked.connect(self._on_anchor)
        self._toolbar = MessageToolbar(self.viewport())
        self._toolbar.copy_button.clicked.connect(lambda: self._act("copy"))
        self._toolbar.copy_text_button.clicked.connect(lambda: self._act("copy_text"))
        self._toolbar.regenerate_button.clicked.connect(lambda: self._act("regenerate"))
        self._toolbar.edit_button.clicked.connect(lambda: self._act("edit"))
        self.viewport().setMouseTracking(True)

    # -- what the view provides ------------------------------------------------------------------

    @property
    def _message_order(self) -> list[Message]:
        raise NotImplementedError

    def _flush_pending(self) -> None:
        raise NotImplementedError

    def toggle_tool_card(self, call_id: str) -> None:
        raise NotImplementedError

    def toggle_reasoning(self, key: str) -> bool:
        raise NotImplementedError

    def open_attachment(self, key: str) -> None:
        raise NotImplementedError

    def toggle_summary(self, key: str) -> bool:
        raise NotImplementedError

    def toggle_originals(self, key: str) -> bool:
        raise NotImplementedError

    def open_citation(self, target: str) -> bool:
        raise NotImplementedError

    def load_earlier(self) -> bool:
        raise NotImplementedError

    def _prepare_document(self) -> None:
        raise NotImplementedError

    # -- messages under the mouse or the cursor --------------------------------------------------

    @property
    def message_toolbar(self) -> MessageToolbar:
        return self._toolbar

    def message_at(self, pos: QPoint) -> Message | None:
        """The message under a viewport position (None between messages)."""
        return self._message_of(self.cursorForPosition(pos))

    def _message_of(self, cursor: QTextCursor) -> Message | None:
        frame: QTextFrame | None = cursor.currentFrame()
        while frame is not None:
            message = self.host.messages.get(frame)
            if message is not None:
                return message
            frame = frame.parentFrame()
        return None

    def message_rect(self, message: Message) -> QRect:
        """Where a message is, in viewport coordinates."""
        rect = self.document().documentLayout().frameBoundingRect(message.frame).toRect()
        return rect.translated(
            -self.horizontalScrollBar().value(), -self.verticalScrollBar().value()
        )

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        super().mouseMoveEvent(event)
        try:
            self._hover(event.position().toPoint())
        except RuntimeError:  # a frame went away under the mouse: never leave this override
            log.debug("hover over a deleted frame", exc_info=True)
            self._toolbar.release()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Leave and not self._toolbar.underMouse():
            self._toolbar.hide()
        return super().viewportEvent(event)

    def scrollContentsBy(self, dx: int, dy: int) -> None:
        super().scrollContentsBy(dx, dy)
        message = self._toolbar.message
        if self._clearing or message is None or not self._toolbar.isVisible():
            return
        try:
            self._place_toolbar(message)
        except RuntimeError:  # its frame is gone: an exception must never leave this override
            self._toolbar.release()

    def _hover(self, pos: QPoint) -> None:
        if self._clearing:
            return
        message = self.message_at(pos)
        if message is None or not self.message_rect(message).contains(pos):
            self._toolbar.hide()
            return
        if self._toolbar.message is not message or not self._toolbar.isVisible():
            self._toolbar.show_for(message)
        self._place_toolbar(message)

    def _place_toolbar(self, message: Message) -> None:
        rect = self.message_rect(message)
        bar = self._toolbar
        x = min(rect.right(), self.viewport().width()) - bar.width() - 4
        # On the header line, nudged up into the gap above the message so it never covers the
        # first line of the body (a code block's Copy link sits there); stays in view while a
        # long message is scrolled.
        y = max(max(rect.top(), 0) - 6, 0)
        bar.move(max(0, x), y)

    # -- acting on a message ---------------------------------------------------------------------

    def _act(self, action: str, message: Message | None = None) -> None:
        message = message or self._toolbar.message
        if message is None:
            return
        if action == "copy":
            self._flush_pending()
            QGuiApplication.clipboard().setText(message.source)
            self._toolbar.show_copied(self._toolbar.copy_button)
            self.sig_copied.emit(translate("MessageActions", "Message copied"))
        elif action == "copy_text":
            QGuiApplication.clipboard().setText(self._plain_text_of(message))
            self._toolbar.show_copied(self._toolbar.copy_text_button)
            self.sig_copied.emit(translate("MessageActions", "Message copied as text"))
        elif action == "regenerate":
            self.sig_regenerate_requested.emit(message.turn_id)
        elif action == "edit":
            self.sig_edit_requested.emit(message.turn_id)

    def _plain_text_of(self, message: Message) -> str:
        if message.role != "assistant":
            return message.source
        # Laid out once more without the code blocks' headers ("python", "Copy").
        document = QTextDocument()
        rendered = render_markdown(message.source, dark=self.host.dark, code_header=False)
        document.setHtml(rendered.html)
        return document.toPlainText().strip()

    def message_menu(self, message: Message, menu: QMenu | None = None) -> QMenu:
        """The actions on one message, as a menu; with ``menu``, put them at its top."""
        menu = menu or QMenu(self)
        menu.setAccessibleName(translate("MessageActions", "Message actions"))
        first = menu.actions()[0] if menu.actions() else None
        entries = [(translate("MessageActions", "Copy"), "copy")]
        if message.role == "assistant":
            entries += [
                (translate("MessageActions", "Copy as text"), "copy_text"),
                (translate("MessageActions", "Regenerate"), "regenerate"),
            ]
        else:
            entries += [(translate("MessageActions", "Edit"), "edit")]
        for text, action_name in entries:
            action = QAction(text, menu)
            action.setObjectName(f"message-{action_name}")  # found by name, whatever the language
            action.triggered.connect(functools.partial(self._act, action_name, message))
            if first is None:  # an empty menu (the stubs refuse None as "before")
                menu.addAction(action)
            else:
                menu.insertAction(first, action)
        if first is not None:
            menu.insertSeparator(first)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if event.reason() == QContextMenuEvent.Reason.Mouse:
            message = self.message_at(event.pos())
            self._popup_menu(message, event.pos())
        else:
            self._keyboard_menu()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        shift_f10 = (
            event.key() == Qt.Key.Key_F10 and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        )
        if shift_f10 or event.key() == Qt.Key.Key_Menu:
            event.accept()
            self._keyboard_menu()
            return
        if event.key() == Qt.Key.Key_Space and not event.modifiers() and self._space_on_link():
            event.accept()  # a disclosure link (reasoning, tool card) toggles on Space too
            return
        super().keyPressEvent(event)

    def _space_on_link(self) -> bool:
        """Space on the link Tab selected: an answer's reasoning or a tool card toggles (as on
        Enter); other links are left to Enter."""
        cursor = self.textCursor()
        if not cursor.hasSelection():
            return False
        probe = QTextCursor(cursor)
        probe.setPosition(cursor.selectionStart() + 1)
        href = probe.charFormat().anchorHref()
        if not href.startswith((f"{REASONING_SCHEME}:", f"{TOOL_SCHEME}:", f"{SUMMARY_SCHEME}:")):
            return False
        self._on_anchor(QUrl(href))
        return True

    def _keyboard_menu(self) -> None:
        """The context menu from the keyboard: for the message at the text cursor, else the last
        message; it opens over that message."""
        message = self._message_of(self.textCursor())
        order = self._message_order
        if message is None and order:
            message = order[-1]
        if message is None:
            self._popup_menu(None, self.cursorRect().center())
            return
        rect = self.message_rect(message)
        top = max(0, min(rect.top(), self.viewport().height() - 20))
        self._popup_menu(message, QPoint(max(0, rect.left()) + 20, top + 10))

    def _popup_menu(self, message: Message | None, pos: QPoint) -> None:
        offset = QPoint(self.horizontalScrollBar().value(), self.verticalScrollBar().value())
        menu = self.createStandardContextMenu(pos + offset)
        if message is not None:
            self.message_menu(message, menu)
            # One Copy, not two: the selection when there is one, else the whole message.
            actions = menu.actions()
            standard = next((a for a in actions if a.objectName() == "edit-copy"), None)
            if standard is not None:
                if self.textCursor().hasSelection():
                    ours = next(a for a in actions if a.objectName() == "message-copy")
                    ours.triggered.disconnect()
                    ours.triggered.connect(self.copy)
                menu.removeAction(standard)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # popup(), not exec(): the menu does not block, and tests can drive it.
        menu.popup(self.viewport().mapToGlobal(pos))

    # -- links -----------------------------------------------------------------------------------

    def _on_anchor(self, url: QUrl) -> None:
        scheme = url.scheme()
        if scheme == RETRY_SCHEME:
            self.sig_retry_requested.emit(url.path())
        elif scheme == TOOL_SCHEME:
            self.toggle_tool_card(url.path())
        elif scheme == REASONING_SCHEME:
            self.toggle_reasoning(url.path())
        elif scheme == ATTACHMENT_SCHEME:
            self.open_attachment(url.path())
        elif scheme == COPY_SCHEME:
            self.copy_code(int(url.path()) if url.path().isdigit() else -1)
        elif scheme == BRANCH_SCHEME:
            self.sig_branch_requested.emit(url.path())
        elif scheme == EARLIER_SCHEME:
            self.load_earlier()
        elif scheme == SUMMARY_SCHEME:
            self.toggle_summary(url.path())
        elif scheme == ORIGINALS_SCHEME:
            self.toggle_originals(url.path())
        elif scheme == CITE_SCHEME:
            self.open_citation(url.path())
        elif scheme in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)

    def copy_code(self, index: int) -> bool:
        """Put a code block's code on the clipboard (``index``: the number in its Copy link)."""
        code = self.host.codes.code.get(index)
        if code is None:
            return False
        QGuiApplication.clipboard().setText(code)
        self.sig_copied.emit(translate("MessageActions", "Code copied"))
        return True

    # -- scrolling -------------------------------------------------------------------------------

    def _at_bottom(self) -> bool:
        bar = self.verticalScrollBar()
        return bar.value() >= bar.maximum() - 4

    def _scroll_to_end(self) -> None:
        bar = self.verticalScrollBar()
        self._programmatic_scroll += 1
        try:
            bar.setValue(bar.maximum())
        finally:
            self._programmatic_scroll -= 1

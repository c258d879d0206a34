"""The composer: where the user writes a prompt, attaches files, and sends or stops a turn.

Why it exists: one place owns the keyboard contract (Ctrl+Enter sends, Enter is a new line), the
Send/Stop button and the ways a file gets attached: the paperclip button, dropping files on the
composer (the window forwards drops on itself here), and pasting (Ctrl+V) files or an image. It
only forwards intent (``sig_send_requested``, ``sig_stop_requested``, ``sig_image_pasted``); the
window decides what a send means and reads ``attachments()`` into the request.

Invariants it keeps:

- ``attachments()`` lists each attached path once, in the order it was attached;
- a pasted or dropped set of local files is attached, never inserted as text; a pasted image that
  comes with no text (a screenshot) is handed to the window as a ``QImage`` (the composer does not
  know where to store it); an image that comes *with* text (a copy from Word or a web page) is
  pasted as text, as before;
- the composer never reads a file itself (sizes and thumbnails are read on a worker by the chips).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import (
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QIcon,
    QImage,
    QKeyEvent,
    QPixmap,
)
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from ui.widgets.attachment_chips import AttachmentStrip, Submit


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


class PromptEdit(QPlainTextEdit):
    """Multi-line prompt editor; Ctrl+Enter (or Ctrl+Return) asks to send; pasted or dropped files
    and images are handed on instead of being inserted as text."""

    sig_submit = Signal()
    """The user pressed Ctrl+Enter."""

    sig_files_pasted = Signal(list)
    """Local files were pasted or dropped on the editor: their paths (``list[str]``)."""

    sig_image_pasted = Signal(QImage)
    """An image without a file (a screenshot) was pasted or dropped on the editor."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and (
            event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            self.sig_submit.emit()
            return
        super().keyPressEvent(event)

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


class Composer(QWidget):
    """Attachment chips, the prompt editor, the paperclip and the Send/Stop button."""

    sig_send_requested = Signal(str)
    """The user asked to send this prompt (not blank)."""

    sig_stop_requested = Signal()
    """The user asked to stop the running turn."""

    sig_image_pasted = Signal(QImage)
    """An image with no file behind it was pasted or dropped; the window stores it as a file and
    attaches that file (``add_attachments``)."""

    def __init__(self, parent: QWidget | None = None, submit: Submit | None = None) -> None:
        super().__init__(parent)
        self.chips = AttachmentStrip(self, submit)
        self.editor = PromptEdit(self)
        self.editor.setObjectName("prompt")
        self.editor.setPlaceholderText("Ask anything — Ctrl+Enter to send")
        self.editor.setTabChangesFocus(True)
        self.editor.setFixedHeight(96)
        self.attach_button = QToolButton(self)
        self.attach_button.setObjectName("attach")
        self.attach_button.setText("Attach")
        paperclip = QIcon.fromTheme("mail-attachment")
        if not paperclip.isNull():
            self.attach_button.setIcon(paperclip)
            self.attach_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.attach_button.setToolTip("Attach files (or drop them here, or paste them)")
        self.button = QPushButton("Send", self)
        self.button.setObjectName("send")
        self.button.setDefault(False)
        self._running = False
        self.setAcceptDrops(True)

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.editor, 1)
        side = QVBoxLayout()
        side.addStretch(1)
        side.addWidget(self.attach_button)
        side.addWidget(self.button)
        row.addLayout(side)
        column = QVBoxLayout()
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.chips)
        column.addLayout(row)
        self.setLayout(column)

        self.editor.sig_submit.connect(self._on_send)
        self.editor.sig_files_pasted.connect(self.add_attachments)
        self.editor.sig_image_pasted.connect(self.sig_image_pasted)
        self.button.clicked.connect(self._on_button)
        self.attach_button.clicked.connect(self.choose_files)

    def set_running(self, running: bool) -> None:
        """Send becomes Stop while a turn runs, and back."""
        self._running = running
        self.button.setText("Stop" if running else "Send")
        self.button.setObjectName("stop" if running else "send")
        self.button.setToolTip("Stop the answer (Esc)" if running else "Send (Ctrl+Enter)")

    @property
    def running(self) -> bool:
        return self._running

    def clear(self, *, keep_attachments: bool = False) -> None:
        """Empty the editor and (unless asked not to) drop the attachments: after a send."""
        self.editor.clear()
        if not keep_attachments:
            self.chips.clear()

    # -- attachments -----------------------------------------------------------------------------

    def attachments(self) -> list[Path]:
        """The attached files, in the order they were attached."""
        return self.chips.paths()

    def add_attachments(self, paths: Iterable[str | Path]) -> list[Path]:
        """Attach files (a path already attached is ignored); return the ones added."""
        return self.chips.add_paths(paths)

    def choose_files(self) -> None:
        """The paperclip: pick one or more files in the system dialog."""
        chosen, _filter = QFileDialog.getOpenFileNames(self, "Attach files")
        if chosen:
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

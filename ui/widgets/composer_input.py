"""The composer's prompt editor, and what a paste or a drop carries (files, or an image).

Why it exists: the send key and the paste rules belong to the editor itself; the composer
(``ui.widgets.composer``) and the window read a drag's or the clipboard's content the same way
(``local_files``, ``pasted_image``).

Invariants it keeps:

- the send key asks to send (``sig_submit``) and is never inserted as text: Ctrl+Enter always,
  Enter too in "enter" mode; Shift+Enter is a plain new line in both modes;
- pasted or dropped local files are handed on (``sig_files_pasted``), never inserted as text; an
  image that comes with no files and no text (a screenshot) is handed on (``sig_image_pasted``);
  an image that comes with text is pasted as text.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QImage, QKeyEvent, QPixmap
from PySide6.QtWidgets import QPlainTextEdit, QWidget

#: The keys that send (with the right modifiers) or break the line.
RETURN_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


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
        if event.key() in RETURN_KEYS:
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

"""The composer's prompt editor, and what a paste or a drop carries (files, or an image).

Why it exists: the send key and the paste rules belong to the editor itself; the composer
(``ui.widgets.composer``) and the window read a drag's or the clipboard's content the same way
(``local_files``, ``pasted_image``).

Invariants it keeps:

- the send key asks to send (``sig_submit``) and is never inserted as text: Ctrl+Enter always,
  Enter too in "enter" mode; Shift+Enter is a plain new line in both modes;
- the editor is as tall as its text, between ``MIN_LINES`` and ``MAX_LINES`` visual lines
  (wrapped lines count), and never more than ``MAX_WINDOW_SHARE`` of its window's height (at a
  big zoom in a small window the conversation stays in sight); past that it scrolls. The height
  follows the font (zoom) and the window's size;
- pasted or dropped local files are handed on (``sig_files_pasted``), never inserted as text; an
  image that comes with no files and no text (a screenshot) is handed on (``sig_image_pasted``);
  an image that comes with text is pasted as text.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QMimeData, QObject, QSizeF, Qt, Signal
from PySide6.QtGui import QImage, QKeyEvent, QPixmap, QShowEvent
from PySide6.QtWidgets import QFrame, QPlainTextEdit, QWidget

#: The keys that send (with the right modifiers) or break the line.
RETURN_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)

#: The editor's height in visual lines: never less (room for the placeholder's key hint), and
#: never more (then it scrolls) — about what ChatGPT's and Claude's composers grow to.
MIN_LINES = 2
MAX_LINES = 10
# QPlainTextEdit counts the last line as shown only if it ends a pixel above the viewport's
# bottom margin (``_q_adjustScrollbars``): without this, a full editor shows a scroll bar.
_SLACK = 2
#: The most of its window's height the editor may take.
MAX_WINDOW_SHARE = 0.35


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
        self._watched: QWidget | None = None  # the window whose height caps the editor's
        # It sits inside the composer's rounded frame: no frame or background of its own.
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.viewport().setAutoFillBackground(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # The plain-text layout's document size is counted in visual lines (wrapped ones too).
        self.document().documentLayout().documentSizeChanged.connect(self._fit_height)
        self._fit_height()

    def visual_lines(self) -> int:
        """How many lines the text takes at the current width (a wrapped paragraph counts each)."""
        return max(1, math.ceil(self.document().documentLayout().documentSize().height()))

    def height_for_lines(self, lines: int) -> int:
        """The editor's height that shows ``lines`` lines of its font without scrolling."""
        margins = self.contentsMargins()
        return (
            lines * self.fontMetrics().lineSpacing()
            + math.ceil(2 * self.document().documentMargin())
            + margins.top()
            + margins.bottom()
            + _SLACK
        )

    def _fit_height(self, _size: QSizeF | None = None) -> None:
        lines = min(max(self.visual_lines(), MIN_LINES), MAX_LINES)
        height = self.height_for_lines(lines)
        window = self.window()
        if window is not self and window.isVisible():
            ceiling = max(self.height_for_lines(MIN_LINES), int(window.height() * MAX_WINDOW_SHARE))
            height = min(height, ceiling)
        if height != self.height() or self.minimumHeight() != height:
            self.setFixedHeight(height)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        window = self.window()
        if window is not self and window is not self._watched:
            if self._watched is not None:
                self._watched.removeEventFilter(self)
            self._watched = window
            window.installEventFilter(self)  # its resizes change the ceiling
        self._fit_height()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._watched and event.type() == QEvent.Type.Resize:
            self._fit_height()
        return super().eventFilter(watched, event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # the zoom: line height changed
            self._fit_height()

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

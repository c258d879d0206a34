"""The composer: where the user writes a prompt and sends or stops a turn.

Why it exists: one place owns the keyboard contract (Ctrl+Enter sends, Enter is a new line) and the
Send/Stop button. It only forwards intent (``sig_send_requested``, ``sig_stop_requested``); the
window decides what a send means.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget


class PromptEdit(QPlainTextEdit):
    """Multi-line prompt editor; Ctrl+Enter (or Ctrl+Return) asks to send."""

    sig_submit = Signal()
    """The user pressed Ctrl+Enter."""

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and (
            event.modifiers() & Qt.KeyboardModifier.ControlModifier
        ):
            self.sig_submit.emit()
            return
        super().keyPressEvent(event)


class Composer(QWidget):
    """Prompt editor plus the Send/Stop button."""

    sig_send_requested = Signal(str)
    """The user asked to send this prompt (not blank)."""

    sig_stop_requested = Signal()
    """The user asked to stop the running turn."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = PromptEdit(self)
        self.editor.setObjectName("prompt")
        self.editor.setPlaceholderText("Ask anything — Ctrl+Enter to send")
        self.editor.setTabChangesFocus(True)
        self.editor.setFixedHeight(96)
        self.button = QPushButton("Send", self)
        self.button.setObjectName("send")
        self.button.setDefault(False)
        self._running = False

        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.editor, 1)
        side = QVBoxLayout()
        side.addStretch(1)
        side.addWidget(self.button)
        row.addLayout(side)
        self.setLayout(row)

        self.editor.sig_submit.connect(self._on_send)
        self.button.clicked.connect(self._on_button)

    def set_running(self, running: bool) -> None:
        """Send becomes Stop while a turn runs, and back."""
        self._running = running
        self.button.setText("Stop" if running else "Send")
        self.button.setObjectName("stop" if running else "send")
        self.button.setToolTip("Stop the answer (Esc)" if running else "Send (Ctrl+Enter)")

    @property
    def running(self) -> bool:
        return self._running

    def clear(self) -> None:
        self.editor.clear()

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

"""The hover toolbar: Copy / Copy as text / Regenerate / Edit over the message under the mouse.

Why it exists: one overlay widget (not widgets inside the document) shows a message's actions;
it is positioned from the document layout by the view. Invariant: it only holds the message it
is shown for; the view makes it let go (``release``) before that message's frame can be deleted.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QToolButton, QWidget


class MessageToolbar(QFrame):
    """The overlay shown at the top-right of the message under the mouse."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("messageToolbar")
        self.setAccessibleName("Message actions")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        self.copy_button = self._button("Copy", "Copy the message (Markdown)")
        self.copy_text_button = self._button("Copy as text", "Copy the message as plain text")
        self.regenerate_button = self._button(
            "Regenerate", "Ask for another answer (the current one is kept as a branch)"
        )
        self.edit_button = self._button("Edit", "Edit this message and send it as a new branch")
        for button in (
            self.copy_button,
            self.copy_text_button,
            self.regenerate_button,
            self.edit_button,
        ):
            layout.addWidget(button)
        self.message: Any = None  # the view's message record it is shown for
        self.hide()

    def _button(self, text: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.setAccessibleDescription(tip)
        button.setAutoRaise(True)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keyboard users have the context menu
        return button

    def show_for(self, message: Any) -> None:
        self.message = message
        assistant = message.role == "assistant"
        self.copy_text_button.setVisible(assistant)
        self.regenerate_button.setVisible(assistant)
        self.edit_button.setVisible(not assistant)
        self.adjustSize()
        self.show()
        self.raise_()

    def release(self) -> None:
        """Hide and forget the message (its frame is about to go)."""
        self.hide()
        self.message = None

"""The hover toolbar: Copy / Copy as text / Regenerate / Edit over the message under the mouse.

Why it exists: one overlay widget (not widgets inside the document) shows a message's actions;
it is positioned from the document layout by the view. Its buttons are icons (``ui.icons``), as
on every peer, each with its name for screen readers and a tooltip; keyboard users reach the same
actions through the context menu (Shift+F10), so the buttons take no focus.

Invariant: it only holds the message it is shown for; the view makes it let go (``release``)
before that message's frame can be deleted.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import QFrame, QHBoxLayout, QToolButton, QWidget

from parley.ui import icons
from parley.ui.i18n import translate

#: The buttons' icon size and the square each button takes (px, at least: see _fit_to_font).
ICON_PX = 16
BUTTON_PX = 24

#: How long Copy shows a check mark after copying (ms): a glance, not a wait.
COPIED_MS = 1200


class MessageToolbar(QFrame):
    """The overlay shown at the top-right of the message under the mouse."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("messageToolbar")
        self.setAccessibleName(translate("MessageToolbar", "Message actions"))
        self.setAutoFillBackground(True)
        # A small floating pill, in the view's colours (it sits on the transcript's page).
        self.setStyleSheet(
            "QFrame#messageToolbar { background: palette(base); border: 1px solid palette(mid);"
            " border-radius: 6px; }"
        )
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 1, 2, 1)
        layout.setSpacing(0)
        self.copy_button = self._button(
            "copy",
            translate("MessageToolbar", "Copy"),
            translate("MessageToolbar", "Copy the message (Markdown)"),
        )
        self.copy_text_button = self._button(
            "file-text",
            translate("MessageToolbar", "Copy as text"),
            translate("MessageToolbar", "Copy the message as plain text"),
        )
        self.regenerate_button = self._button(
            "refresh-cw",
            translate("MessageToolbar", "Regenerate"),
            translate(
                "MessageToolbar", "Ask for another answer (the current one is kept as a branch)"
            ),
        )
        self.edit_button = self._button(
            "pencil",
            translate("MessageToolbar", "Edit"),
            translate("MessageToolbar", "Edit this message and send it as a new branch"),
        )
        self._copied = QTimer(self)
        self._copied.setSingleShot(True)
        self._copied.setInterval(COPIED_MS)
        self._copied.timeout.connect(self._uncheck)
        for button in (
            self.copy_button,
            self.copy_text_button,
            self.regenerate_button,
            self.edit_button,
        ):
            layout.addWidget(button)
        self.message: Any = None  # the view's message record it is shown for
        self.hide()

    def _button(self, icon_name: str, text: str, tip: str) -> QToolButton:
        button = QToolButton(self)
        button.setText(text)  # (shown by no style here: the icon is; screen readers read it)
        button.setIcon(icons.icon(icon_name))
        button.setIconSize(QSize(ICON_PX, ICON_PX))
        button.setFixedSize(BUTTON_PX, BUTTON_PX)
        button.setToolTip(tip)
        button.setAccessibleName(text)
        button.setAccessibleDescription(tip)
        button.setAutoRaise(True)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keyboard users have the context menu
        return button

    def show_for(self, message: Any) -> None:
        self.message = message
        self._fit_to_font()
        assistant = message.role == "assistant"
        self.copy_text_button.setVisible(assistant)
        self.regenerate_button.setVisible(assistant)
        self.edit_button.setVisible(not assistant)
        self.adjustSize()
        self.show()
        self.raise_()

    def _fit_to_font(self) -> None:
        """Icons grow with the zoom (the application font): 16 px at 12 px text, more above."""
        icon = max(ICON_PX, round(QFontInfo(self.font()).pixelSize() * 4 / 3))
        for button in self.findChildren(QToolButton):
            button.setIconSize(QSize(icon, icon))
            button.setFixedSize(icon + BUTTON_PX - ICON_PX, icon + BUTTON_PX - ICON_PX)

    def show_copied(self, button: QToolButton) -> None:
        """Copy was done with ``button``: a check mark for a moment."""
        self._uncheck()
        button.setIcon(icons.icon("check"))
        self._copied.start()

    def _uncheck(self) -> None:
        self.copy_button.setIcon(icons.icon("copy"))
        self.copy_text_button.setIcon(icons.icon("file-text"))

    def release(self) -> None:
        """Hide and forget the message (its frame is about to go)."""
        self.hide()
        self.message = None

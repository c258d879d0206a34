"""A bar above the conversation with something the user must read once, until dismissed.

Why it exists: some start-up news must outlive whatever the window does next (reopening the last
conversation empties the transcript; the status line is rewritten by the next answer): "Parley
crashed last time, the report is in …". The text wraps (a long path never widens the window) and
can be selected, so the path can be copied.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

from parley.ui.i18n import translate


class NoticeBanner(QFrame):
    """A warning line with a Dismiss cross; dismissing hides it for good."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("notice-banner")
        self.setAccessibleName(translate("NoticeBanner", "Notice"))
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "#notice-banner { background: #fff4d6; }"
            " #notice-banner QLabel, #notice-banner QToolButton { color: #5c4300; }"
        )
        self.label = QLabel(text)
        self.label.setObjectName("notice-banner-text")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton()
        self.close_button.setText("\u00d7")  # the multiplication sign, a close cross
        self.close_button.setAccessibleName(translate("NoticeBanner", "Dismiss"))
        self.close_button.setToolTip(translate("NoticeBanner", "Dismiss"))
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.hide)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)

    def text(self) -> str:
        return self.label.text()

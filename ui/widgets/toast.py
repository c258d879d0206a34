"""A short message at the bottom-right of a window that goes away by itself: "Exported to …".

Why it exists: background work (an export, a duplicate, an operation that finished on a worker)
used to end in a status line the user may not be looking at. Peers say it in a toast: a small
card over the window's corner, gone after a few seconds, which never takes the focus away from
what the user is typing.

Invariants it keeps:

- it floats over its window (a child placed by hand, not in a layout): showing or hiding it moves
  nothing else;
- it never takes the keyboard focus; it closes with its cross, a click or its timer;
- one toast per window at a time: a new message replaces the old one and restarts the timer;
- screen readers hear the message when it appears (an accessibility announcement), and the card
  keeps it as its accessible description while shown.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

from parley.ui.i18n import translate
from parley.ui.icons import icon

#: How long a toast stays, unless replaced or closed.
TOAST_MS = 5000
#: Distance from the window's bottom-right corner.
MARGIN = 16
#: The widest a toast grows before its text wraps.
MAX_WIDTH = 420


class Toast(QFrame):
    """One transient card over ``window``'s bottom-right corner (see the module docstring)."""

    def __init__(self, window: QWidget, avoid: QWidget | None = None) -> None:
        super().__init__(window)
        # A widget the toast stays above (the composer): its send button stays reachable.
        self._avoid = avoid
        self.setObjectName("toast")
        self.setAccessibleName(translate("Toast", "Notification"))
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(
            "#toast { background: palette(tool-tip-base); border: 1px solid palette(mid);"
            " border-radius: 10px; }"
            " #toast QLabel { color: palette(tool-tip-text); }"
        )
        self.icon = QLabel()
        self.icon.setObjectName("toast-icon")
        self.label = QLabel()
        self.label.setObjectName("toast-text")
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton()
        self.close_button.setObjectName("toast-close")
        self.close_button.setAccessibleName(translate("Toast", "Dismiss notification"))
        self.close_button.setToolTip(translate("Toast", "Dismiss"))
        self.close_button.setIcon(icon("x"))
        self.close_button.setAutoRaise(True)
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.close_button.clicked.connect(self.dismiss)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 8, 6, 8)
        layout.setSpacing(8)
        layout.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.dismiss)
        window.installEventFilter(self)  # follow the window's size
        if avoid is not None:
            avoid.installEventFilter(self)  # and the composer when it moves or grows
        self.hide()

    def show_message(self, text: str, *, error: bool = False, timeout_ms: int = TOAST_MS) -> None:
        """Show ``text`` (replacing any toast shown) for ``timeout_ms``."""
        self.icon.setPixmap(
            icon("alert-triangle" if error else "check").pixmap(self.fontMetrics().height())
        )
        self.label.setText(text)
        self.setAccessibleDescription(text)
        self.label.setMaximumWidth(MAX_WIDTH)
        # As wide as the text up to MAX_WIDTH (a wrapping label alone picks a narrow width).
        self.label.setMinimumWidth(
            min(MAX_WIDTH, self.label.fontMetrics().horizontalAdvance(text) + 4)
        )
        self.adjustSize()
        self._place()
        self.show()
        self.raise_()
        self._timer.start(timeout_ms)
        # Screen readers hear it without the focus moving (imported here: QAccessible's classes
        # cost the first paint a few ms).
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self, text))

    def text(self) -> str:
        """The message shown, or "" when no toast is."""
        return self.label.text() if self.isVisible() else ""

    def dismiss(self) -> None:
        self._timer.stop()
        self.hide()
        self.setAccessibleDescription("")

    def _place(self) -> None:
        parent = self.parentWidget()
        if parent is None:
            return
        size = self.sizeHint()
        self.resize(size)
        bottom = parent.height() - MARGIN
        avoid = self._avoid
        if avoid is not None and avoid.isVisible() and parent.isAncestorOf(avoid):
            bottom = min(bottom, avoid.mapTo(parent, QPoint(0, 0)).y() - MARGIN // 2)
        self.move(
            max(0, parent.width() - size.width() - MARGIN),
            max(0, bottom - size.height()),
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Compared by identity only: the watched widgets may be on their way out.
        moved = event.type() in (QEvent.Type.Resize, QEvent.Type.Move)
        mine = watched is self._avoid or watched is self.parentWidget()
        if moved and mine and self.isVisible():
            self._place()
        return False

    def mousePressEvent(self, event: QMouseEvent) -> None:
        # A click on the card (not on selectable text) dismisses it, as peers' toasts do.
        self.dismiss()
        event.accept()

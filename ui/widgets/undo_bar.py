"""A slim bar that says what was just done and offers to undo it for a few seconds.

Why it exists: deleting a conversation should be one keystroke, and a slip should cost nothing.
The owner hides the conversation at once and shows "Deleted “title”.  [Undo]  [Dismiss]"; only
when the offer expires does it delete for real. This widget keeps the offer and its clock; what
"undo" and "expire" mean is the owner's business (the token says which action).

Invariants it keeps:

- every token shown ends exactly once: either ``sig_undo(token)`` (Undo clicked) or
  ``sig_expired(token)`` (the timeout passed, Dismiss was clicked, ``expire_now`` was called, or
  another message replaced it — the previous token expires at once, before the new one is shown);
- after a token ended the bar is hidden and a late timer cannot end it again;
- the Undo button takes keyboard focus; Ctrl+Z is the owner's shortcut (it calls ``undo``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QWidget,
)

from parley.ui.i18n import translate

#: How long an offer to undo stays, unless the owner says otherwise.
DEFAULT_TIMEOUT_MS = 8000

_NOTHING = object()


class UndoBar(QFrame):
    """A message with Undo and Dismiss buttons (see the module docstring)."""

    sig_undo = Signal(object)
    """The user clicked Undo (or the owner called ``undo``): ``token`` of the action to revert."""

    sig_expired = Signal(object)
    """The offer ended without Undo (timeout, Dismiss, replaced, ``expire_now``): ``token`` — the
    owner now does the action for real."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("undo-bar")
        self.setAccessibleName(translate("UndoBar", "Undo"))
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.label = QLabel()
        self.label.setObjectName("undo-message")
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        # A long title wraps: the message never sets the sidebar's (or the window's) width.
        self.label.setWordWrap(True)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.undo_button = QPushButton(translate("UndoBar", "Undo"))
        self.undo_button.setObjectName("undo-button")
        self.undo_button.setAccessibleName(translate("UndoBar", "Undo"))
        self.undo_button.setToolTip(translate("UndoBar", "Undo (Ctrl+Z)"))
        self.undo_button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.close_button = QToolButton()
        self.close_button.setObjectName("undo-dismiss")
        self.close_button.setText("\u00d7")  # the multiplication sign, a close cross
        self.close_button.setAccessibleName(translate("UndoBar", "Dismiss"))
        self.close_button.setToolTip(translate("UndoBar", "Dismiss"))
        self.close_button.setAutoRaise(True)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.undo_button)
        layout.addWidget(self.close_button)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.expire_now)
        self.undo_button.clicked.connect(self.undo)
        self.close_button.clicked.connect(self.expire_now)
        self._token: object = _NOTHING
        self.hide()

    def show_message(self, text: str, token: object, timeout_ms: int = DEFAULT_TIMEOUT_MS) -> None:
        """Offer to undo the action ``token`` for ``timeout_ms``; a pending offer expires first."""
        self.expire_now()
        self._token = token
        self.label.setText(text)
        self.setAccessibleDescription(text)
        self._timer.start(max(0, int(timeout_ms)))
        self.show()

    def has_pending(self) -> bool:
        """True while an offer is shown."""
        return self._token is not _NOTHING

    def pending_token(self) -> object | None:
        """The token of the offer shown, or None."""
        return None if self._token is _NOTHING else self._token

    @Slot()
    def undo(self) -> bool:
        """Take the offer: emits ``sig_undo(token)``; False when nothing is pending."""
        token = self._take()
        if token is _NOTHING:
            return False
        self.sig_undo.emit(token)
        return True

    @Slot()
    def expire_now(self) -> None:
        """End the offer without undoing: Dismiss does this, and so should the owner before it
        quits (so that what was deleted is deleted)."""
        token = self._take()
        if token is not _NOTHING:
            self.sig_expired.emit(token)

    def _take(self) -> object:
        # Clear first: a slot connected to our signals may call show_message again.
        token, self._token = self._token, _NOTHING
        self._timer.stop()
        if token is not _NOTHING:
            self.hide()
        return token

"""Asking the user before a risky action runs: the dialog, and the asker the runtime calls.

Why it exists: the gate may need a person's yes. The runtime asks on its worker thread and must
wait for the answer without blocking the window; the window must show the exact command, its
effect and the rule behind it, the sandbox it would run in (a warning when it would run
unconfined), and offer Allow once / Allow for this conversation / Deny.

Invariants it keeps:

- the question travels to the UI thread through the bridge's ordered mailbox (so the dialog
  appears after the events that led to it), and the answer comes back through a
  ``threading.Event`` the worker waits on — no busy loop, no widget touched from the worker;
- a cancelled turn, a closed dialog, a closed window or the time limit all count as Deny;
- the dialog is only a view: it reports a choice; the gate decides what a choice means.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.tools import ALLOW_ONCE, ALLOW_SESSION, DENY, PermissionRequest

#: How long the runtime waits for an answer before it counts as Deny.
ANSWER_TIMEOUT_S = 600.0

#: The confinement sentence's box: calm when the operating system enforces it, a warning when
#: nothing does. Text colours are set too, so both read on a light and a dark theme.
SANDBOXED_STYLE = (
    "QLabel { background: rgba(28, 138, 90, 0.12); border-left: 4px solid #1c8a5a;"
    " padding: 6px 8px; }"
)
UNSANDBOXED_STYLE = (
    "QLabel { background: #fdecea; color: #7f1d1d; border: 1px solid #c0392b;"
    " border-left: 4px solid #c0392b; padding: 6px 8px; font-weight: bold; }"
)


@dataclass
class PermissionPrompt:
    """One pending question: what is asked, and where the answer goes."""

    request: PermissionRequest
    answered: threading.Event = field(default_factory=threading.Event)
    answer: str = DENY

    def reply(self, answer: str) -> None:
        if not self.answered.is_set():
            self.answer = answer
            self.answered.set()


class BridgePermissionAsker:
    """The runtime's ``PermissionAsker`` for the window (called on the worker thread)."""

    def __init__(self, post: Callable[..., None], timeout_s: float = ANSWER_TIMEOUT_S) -> None:
        # ``post(kind, item, wake=True)`` is WorkerBridge.post: the ordered mailbox to the UI.
        self._post = post
        self._timeout_s = timeout_s

    def ask(self, request: PermissionRequest, cancel: threading.Event) -> str:
        prompt = PermissionPrompt(request)
        self._post("permission", prompt, wake=True)
        waited = 0.0
        # Wake every quarter second only to notice Stop; otherwise sleep on the event.
        while not prompt.answered.wait(0.25):
            waited += 0.25
            if cancel.is_set() or waited >= self._timeout_s:
                prompt.reply(DENY)
                break
        return prompt.answer


class PermissionDialog(QDialog):
    """Shows one pending action and returns the user's choice through its prompt."""

    def __init__(self, prompt: PermissionPrompt, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.prompt = prompt
        request = prompt.request
        self.setWindowTitle("Allow this action?")
        self.setObjectName("permission-dialog")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        headline = QLabel(f"<b>The model wants to {request.summary.split(' ', 1)[0]}</b>")
        detail = QPlainTextEdit(request.summary)
        detail.setReadOnly(True)
        detail.setMaximumHeight(80)
        detail.setObjectName("permission-command")
        effect = request.effect
        why = QLabel(
            f"Effect: <b>{effect.level}</b> — {effect.reason}<br>"
            f"<span style='color:#666'>rule {effect.rule}</span>"
        )
        why.setWordWrap(True)
        # Where the command would run: the sentence the terminal prints too. Hidden for a tool
        # that is not a process (there is no sandbox to speak of).
        self.confinement = QLabel()
        self.confinement.setObjectName("permission-confinement")
        self.confinement.setWordWrap(True)
        self.confinement.setTextFormat(Qt.TextFormat.PlainText)
        confinement = request.confinement
        if confinement is None:
            self.confinement.hide()
        else:
            self.confinement.setText(confinement.describe())
            self.confinement.setAccessibleName("Sandbox")
            self.confinement.setProperty("enforced", confinement.enforced)
            self.confinement.setStyleSheet(
                SANDBOXED_STYLE if confinement.enforced else UNSANDBOXED_STYLE
            )
        self.allow_once = QPushButton("Allow once")
        self.allow_once.setObjectName("allow-once")
        self.allow_session = QPushButton("Allow for this conversation")
        self.allow_session.setObjectName("allow-session")
        self.allow_session.setToolTip("This exact command only, until Parley closes")
        self.deny = QPushButton("Deny")
        self.deny.setObjectName("deny")
        self.deny.setDefault(True)  # Enter never approves by accident
        buttons = QHBoxLayout()
        buttons.addWidget(self.deny)
        buttons.addStretch(1)
        buttons.addWidget(self.allow_session)
        buttons.addWidget(self.allow_once)
        layout = QVBoxLayout(self)
        layout.addWidget(headline)
        layout.addWidget(detail)
        layout.addWidget(why)
        layout.addWidget(self.confinement)
        layout.addLayout(buttons)
        self.allow_once.clicked.connect(lambda: self._choose(ALLOW_ONCE))
        self.allow_session.clicked.connect(lambda: self._choose(ALLOW_SESSION))
        self.deny.clicked.connect(lambda: self._choose(DENY))
        self.rejected.connect(lambda: prompt.reply(DENY))  # Esc or the close button

    def _choose(self, answer: str) -> None:
        self.prompt.reply(answer)
        self.accept()

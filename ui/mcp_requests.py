"""What an MCP server asks of the person, asked in the window: a form to fill in (elicitation)
and a request to use their model (sampling).

Why it exists: the MCP client calls the ``ServerRequests`` relay
(``application/mcp/server_requests.py``) on a worker thread, mid tool call, and must get the
person's answer back on that thread; a dialog can only live on the UI thread. This module holds
the two dialogs and ``WindowServerRequests``, the handlers the window installs in the relay.

Invariants it keeps:

- everything the server wrote (its message, field titles, descriptions, option labels, sampling
  messages) is shown as plain text, never as rich text: it is untrusted;
- the server's name is shown as a claim ("<server> asks:"), and a sampling request is never run
  without the person's Allow once (Deny is the default button, Esc denies);
- the worker hops to the UI thread through a queued signal on an object living there and waits
  on a ``threading.Event``; the UI thread never waits on the worker. One dialog at a time: the
  next request waits in a queue. The window closing (or being destroyed), or the wait passing
  its time limit, answers every pending request with cancel (a form) or deny (sampling);
- called on the UI thread by mistake, a handler shows its dialog modally and returns (no
  deadlock waiting for itself);
- the dialogs only render and report; what the form's rules are lives in
  ``application/mcp/elicitation_form.py`` (the terminal uses the same rules).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt, QThread, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from parley.application.mcp.elicitation_form import (
    BOOLEAN,
    CHOICE,
    INTEGER,
    MULTI,
    NUMBER,
    FieldSpec,
    FormSpec,
    check_answers,
    form_from_schema,
)
from parley.application.mcp.server_requests import ACCEPT, CANCEL, DECLINE, SamplingRequest
from parley.ui.i18n import translate

if TYPE_CHECKING:
    from parley.ui.bootstrap import Services

#: How long a worker waits for the person before the request counts as cancelled / denied.
ANSWER_TIMEOUT_S = 600.0

#: The widest range a spin box offers when the schema gives no bound (a QSpinBox is 32-bit).
_INT_LIMIT = 2**31 - 2
_FLOAT_LIMIT = 1e12
#: What a number or choice field shows while it holds no answer.
NOT_SET = "—"

_ERROR_STYLE = "color: #b42318;"
_HELP_STYLE = "color: palette(placeholder-text);"


def _plain(text: str, *, wrap: bool = True, name: str = "") -> QLabel:
    """A label for untrusted text: plain text always (no HTML, no links), selectable."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        label.setObjectName(name)
    return label


class _NumberBox(QDoubleSpinBox):
    """A double spin box that shows 12.5, not 12.500000."""

    def textFromValue(self, value: float) -> str:
        text = self.locale().toString(value, "f", self.decimals())
        point = self.locale().decimalPoint()
        if point in text:
            text = text.rstrip("0").rstrip(point)
        return text


class _FieldView:
    """One field's widgets and how to read its value (``None``: not answered)."""

    def __init__(self, spec: FieldSpec, widget: QWidget, read: Callable[[], object]) -> None:
        self.spec = spec
        self.widget = widget
        self.read = read
        self.error = _plain("", name=f"error-{spec.name}")
        self.error.setStyleSheet(_ERROR_STYLE)
        self.error.hide()


class ElicitationDialog(QDialog):
    """A server's form: its message and one field per property; Submit, Decline, Cancel.

    ``answer`` is ``("accept", content)`` after a Submit that passed the form's rules,
    ``("decline", {})`` after Decline, and ``("cancel", {})`` otherwise (Cancel, Esc, closed).
    """

    def __init__(
        self,
        server: str,
        message: str,
        schema: Mapping[str, Any] | object,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("elicitation-dialog")
        self.setWindowTitle(
            translate("ElicitationDialog", "{server} asks for information").format(server=server)
        )
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumWidth(max(480, self.fontMetrics().averageCharWidth() * 70))
        self.answer: tuple[str, dict[str, Any]] = (CANCEL, {})
        self.form: FormSpec = form_from_schema(schema)

        self.headline = _plain(
            translate("ElicitationDialog", "{server} asks:").format(server=server),
            name="elicitation-server",
        )
        font = self.headline.font()
        font.setBold(True)
        self.headline.setFont(font)
        self.message = _plain(message, name="elicitation-message")
        lead = _plain(
            translate(
                "ElicitationDialog",
                "An MCP server is asking, not Parley. Do not give it passwords or keys.",
            ),
            name="elicitation-lead",
        )
        lead.setStyleSheet(_HELP_STYLE)

        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.addWidget(self.message)
        self.fields: dict[str, _FieldView] = {}
        rows = QFormLayout()
        rows.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for spec in self.form.fields:
            view = self._field(spec)
            self.fields[spec.name] = view
            column = QVBoxLayout()
            column.setSpacing(2)
            column.addWidget(view.widget)
            if spec.note:
                note = _plain(spec.note, name=f"note-{spec.name}")
                note.setStyleSheet(_HELP_STYLE)
                column.addWidget(note)
            if spec.description:
                help_text = _plain(spec.description, name=f"help-{spec.name}")
                help_text.setStyleSheet(_HELP_STYLE)
                column.addWidget(help_text)
                view.widget.setToolTip(spec.description)
                view.widget.setAccessibleDescription(spec.description)
            column.addWidget(view.error)
            label = _plain(spec.label + (" *" if spec.required else ""), name=f"label-{spec.name}")
            label.setBuddy(view.widget)
            view.widget.setAccessibleName(spec.label + (" (required)" if spec.required else ""))
            rows.addRow(label, column)
        body_layout.addLayout(rows)
        if any(spec.required for spec in self.form.fields):
            required = _plain(
                translate("ElicitationDialog", "* an answer is required"),
                name="elicitation-required",
            )
            required.setStyleSheet(_HELP_STYLE)
            body_layout.addWidget(required)
        body_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)
        # Tall enough for the whole form (and its error lines) when the screen has room; a
        # longer form scrolls inside at most two thirds of the screen.
        screen = QGuiApplication.primaryScreen()
        room = screen.availableGeometry().height() * 2 // 3 if screen is not None else 600
        scroll.setMinimumHeight(min(body.sizeHint().height() + 8 * len(self.form.fields), room))

        # The form's own problem (a schema that cannot be shown), then the answer's problems.
        self.error = _plain(self.form.problem, name="elicitation-error")
        self.error.setStyleSheet(_ERROR_STYLE)
        self.error.setVisible(bool(self.form.problem))

        self.submit_button = QPushButton(translate("ElicitationDialog", "Submit"))
        self.submit_button.setObjectName("elicitation-submit")
        self.submit_button.setEnabled(not self.form.problem)
        self.submit_button.setDefault(True)
        self.decline_button = QPushButton(translate("ElicitationDialog", "Decline"))
        self.decline_button.setObjectName("elicitation-decline")
        self.decline_button.setToolTip(
            translate("ElicitationDialog", "Tell the server you will not answer")
        )
        self.cancel_button = QPushButton(translate("ElicitationDialog", "Cancel"))
        self.cancel_button.setObjectName("elicitation-cancel")
        self.cancel_button.setToolTip(
            translate("ElicitationDialog", "Dismiss without answering (Esc)")
        )
        buttons = QHBoxLayout()
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.decline_button)
        buttons.addStretch(1)
        buttons.addWidget(self.submit_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(self.headline)
        layout.addWidget(scroll, 1)
        layout.addWidget(lead)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self.submit_button.clicked.connect(self.submit)
        self.decline_button.clicked.connect(self.decline)
        self.cancel_button.clicked.connect(self.reject)  # Esc and the close button too

    def values(self) -> dict[str, object]:
        """What each field holds now, typed (``None``: not answered)."""
        return {name: view.read() for name, view in self.fields.items()}

    @Slot()
    def submit(self) -> None:
        """Send the answers if they keep the form's rules; else say what is wrong, stay open."""
        content, problems = check_answers(self.form, self.values())
        for view in self.fields.values():
            view.error.hide()
        if problems:
            for problem in problems:
                marked = self.fields.get(problem.field)
                if marked is not None:
                    marked.error.setText(problem.message)
                    marked.error.show()
            self.error.setText(problems[0].message)
            self.error.show()
            first = self.fields.get(problems[0].field)
            if first is not None:
                first.widget.setFocus()
            return
        self.error.hide()
        self.answer = (ACCEPT, content)
        self.accept()

    @Slot()
    def decline(self) -> None:
        self.answer = (DECLINE, {})
        self.accept()

    def reject(self) -> None:
        if self.answer[0] != DECLINE:
            self.answer = (CANCEL, {})
        super().reject()

    # -- one widget per kind of field -----------------------------------------------------------

    def _field(self, spec: FieldSpec) -> _FieldView:
        if spec.kind == INTEGER:
            return self._integer(spec)
        if spec.kind == NUMBER:
            return self._number(spec)
        if spec.kind == BOOLEAN:
            box = QCheckBox(
                translate("ElicitationDialog", "Yes")
            )  # the row's label says what (as for every field)
            box.setChecked(bool(spec.default))
            return _FieldView(spec, box, box.isChecked)
        if spec.kind == CHOICE:
            combo = QComboBox()
            combo.addItem(NOT_SET, None)
            for choice in spec.choices:
                combo.addItem(choice.label, choice.value)
            if spec.default is not None:
                combo.setCurrentIndex(max(0, combo.findData(spec.default)))
            return _FieldView(spec, combo, combo.currentData)
        if spec.kind == MULTI:
            return self._multi(spec)
        edit = QLineEdit()  # text, and whatever Parley cannot show otherwise (with its note)
        if spec.default is not None:
            edit.setText(spec.default)
        edit.setPlaceholderText(spec.hint())
        return _FieldView(spec, edit, lambda: edit.text().strip() or None)

    def _integer(self, spec: FieldSpec) -> _FieldView:
        # A QSpinBox holds 32 bits: bounds (and a default) beyond that are brought within it.
        low, high = -_INT_LIMIT, _INT_LIMIT
        if spec.minimum is not None:
            low = int(_within(math.ceil(spec.minimum), _INT_LIMIT))
        if spec.maximum is not None:
            high = max(low, int(_within(math.floor(spec.maximum), _INT_LIMIT)))
        box = QSpinBox()
        # One step below the lowest value is "not answered" (shown as NOT_SET).
        box.setRange(low - 1, high)
        box.setSpecialValueText(NOT_SET)
        given = spec.default
        box.setValue(int(min(max(given, low), high)) if given is not None else low - 1)

        def read() -> object:
            return None if box.value() == box.minimum() else box.value()

        return _FieldView(spec, box, read)

    def _number(self, spec: FieldSpec) -> _FieldView:
        low = -_FLOAT_LIMIT if spec.minimum is None else _within(spec.minimum, _FLOAT_LIMIT)
        high = _FLOAT_LIMIT if spec.maximum is None else _within(spec.maximum, _FLOAT_LIMIT)
        high = max(low, high)
        box = _NumberBox()
        box.setDecimals(6)
        box.setRange(low - 1, high)
        box.setSpecialValueText(NOT_SET)
        given = spec.default
        box.setValue(min(max(float(given), low), high) if given is not None else low - 1)

        def read() -> object:
            value = box.value()
            if value == box.minimum():
                return None
            return int(value) if value.is_integer() else value

        return _FieldView(spec, box, read)

    def _multi(self, spec: FieldSpec) -> _FieldView:
        group = QWidget()
        column = QVBoxLayout(group)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        boxes: list[tuple[str, QCheckBox]] = []
        chosen = set(spec.default or ())
        for choice in spec.choices:
            box = QCheckBox(choice.label)  # a check box's text is plain text
            box.setObjectName(f"option-{spec.name}-{choice.value}")
            box.setChecked(choice.value in chosen)
            column.addWidget(box)
            boxes.append((choice.value, box))
        hint = spec.hint()
        if hint and hint != "choose any number":
            words = _plain(hint.capitalize())
            words.setStyleSheet(_HELP_STYLE)
            column.addWidget(words)
        group.setFocusProxy(boxes[0][1])

        def read() -> object:
            return [value for value, box in boxes if box.isChecked()]

        return _FieldView(spec, group, read)


class SamplingDialog(QDialog):
    """A server asks to use the person's model: what it would send and which model answers.
    ``allowed`` is True only after Allow once."""

    def __init__(
        self, request: SamplingRequest, model_label: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("sampling-dialog")
        self.setWindowTitle(translate("SamplingDialog", "Let an MCP server use your model?"))
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumWidth(max(520, self.fontMetrics().averageCharWidth() * 80))
        self.allowed = False

        self.headline = _plain(
            translate("SamplingDialog", "{server} asks your model to answer").format(
                server=request.server
            ),
            name="sampling-headline",
        )
        font = self.headline.font()
        font.setBold(True)
        self.headline.setFont(font)
        lead = _plain(
            translate(
                "SamplingDialog",
                "Nothing is sent until you allow it. The answer goes back to the server, not to the"
                " conversation. Deny is the default (Enter or Esc).",
            ),
        )
        lead.setStyleSheet(_HELP_STYLE)
        facts = QFormLayout()
        self.model = _plain(
            model_label or translate("SamplingDialog", "no model is configured"),
            name="sampling-model",
        )
        facts.addRow(translate("SamplingDialog", "Model"), self.model)
        self.max_tokens = _plain(
            translate("SamplingDialog", "at most {max_tokens} tokens").format(
                max_tokens=request.max_tokens
            ),
            name="sampling-tokens",
        )
        facts.addRow(translate("SamplingDialog", "Length"), self.max_tokens)
        if request.model_hints:
            hints = _plain(
                ", ".join(request.model_hints) + " (the server's preference; your model answers)",
                name="sampling-hints",
            )
            facts.addRow(translate("SamplingDialog", "Asked for"), hints)

        self.system_prompt = QPlainTextEdit(request.system_prompt or "(none)")
        self.system_prompt.setObjectName("sampling-system")
        self.system_prompt.setReadOnly(True)
        self.system_prompt.setAccessibleName(translate("SamplingDialog", "System prompt"))
        self.system_prompt.setMaximumHeight(self.fontMetrics().lineSpacing() * 5 + 16)
        self.messages = QPlainTextEdit(
            "\n\n".join(f"{m.role}:\n{m.text}" for m in request.messages) or "(no messages)"
        )
        self.messages.setObjectName("sampling-messages")
        self.messages.setReadOnly(True)
        self.messages.setAccessibleName(translate("SamplingDialog", "Messages"))

        self.allow_button = QPushButton(translate("SamplingDialog", "Allow once"))
        self.allow_button.setObjectName("sampling-allow")
        self.allow_button.setAutoDefault(False)
        self.deny_button = QPushButton(translate("SamplingDialog", "Deny"))
        self.deny_button.setObjectName("sampling-deny")
        self.deny_button.setDefault(True)  # Enter never approves by accident
        self.deny_button.setAutoDefault(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.deny_button)
        buttons.addStretch(1)
        buttons.addWidget(self.allow_button)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        layout.setSpacing(10)
        layout.addWidget(self.headline)
        layout.addWidget(lead)
        layout.addLayout(facts)
        layout.addWidget(QLabel(translate("SamplingDialog", "System prompt")))
        layout.addWidget(self.system_prompt)
        layout.addWidget(QLabel(translate("SamplingDialog", "Messages")))
        layout.addWidget(self.messages, 1)
        layout.addLayout(buttons)
        self.allow_button.clicked.connect(self._allow)
        self.deny_button.clicked.connect(self.reject)  # Esc and the close button too
        self.deny_button.setFocus()

    @Slot()
    def _allow(self) -> None:
        self.allowed = True
        self.accept()

    def reject(self) -> None:
        self.allowed = False
        super().reject()


# -- the handlers: from a worker to a dialog and back ----------------------------------------------


@dataclass(eq=False)
class _Pending:
    """One request waiting for the person: what to show, what "no answer" means, the answer."""

    kind: str  # "elicit" | "sample"
    args: tuple[Any, ...]
    refusal: Any
    answer: Any = None
    answered: threading.Event = field(default_factory=threading.Event)


class _Queue:
    """The requests waiting for a dialog, shared by the workers and the UI thread. One lock
    guards the list, the closed flag and the wake-up emission (so no emission is under way or
    starts once ``close`` returns: the QObject may be going away)."""

    def __init__(self) -> None:
        self._lock = threading.RLock()  # an emission on the UI thread may call back in
        self._items: list[_Pending] = []
        self.closed = False
        #: Run once when the queue closes (the window uninstalls its handlers so).
        self.on_close: list[Callable[[], None]] = []

    def put(self, pending: _Pending, wake: Callable[[], None]) -> bool:
        with self._lock:
            if self.closed:
                return False
            self._items.append(pending)
            wake()
            return True

    def wake(self, wake: Callable[[], None]) -> None:
        with self._lock:
            if not self.closed:
                wake()

    def count(self) -> int:
        with self._lock:
            return sum(1 for p in self._items if not p.answered.is_set())

    def take(self) -> _Pending | None:
        """The oldest request still waiting (those answered meanwhile are dropped)."""
        with self._lock:
            while self._items:
                pending = self._items.pop(0)
                if not pending.answered.is_set():
                    return pending
            return None

    def answer(self, pending: _Pending, value: Any) -> None:
        """The first answer wins (the person, the time limit or the window closing)."""
        with self._lock:
            if not pending.answered.is_set():
                pending.answer = value
                pending.answered.set()

    def withdraw(self) -> None:
        """Answer every waiting request as nobody answering (the queue stays open)."""
        with self._lock:
            waiting, self._items = self._items, []
        for pending in waiting:
            self.answer(pending, pending.refusal)

    def close(self, *_args: object) -> None:
        with self._lock:
            self.closed = True
            waiting, self._items = self._items, []
            callbacks, self.on_close = self.on_close, []
        for pending in waiting:
            self.answer(pending, pending.refusal)
        for callback in callbacks:
            callback()


class WindowServerRequests(QObject):
    """The window's elicitation and sampling-approval handlers (see the module docstring).

    ``elicit`` and ``approve_sampling`` are called on a worker; create this object on the UI
    thread. ``close`` (the window closing) answers everything pending and refuses what comes.
    """

    _sig_wake = Signal()
    sig_dialog_shown = Signal(object)
    """A dialog is on screen: ``ElicitationDialog`` or ``SamplingDialog``."""

    def __init__(self, parent: QWidget | None = None, *, timeout_s: float = ANSWER_TIMEOUT_S):
        super().__init__(parent)
        self._window = parent
        self._timeout_s = timeout_s
        self._queue = _Queue()
        self._dialog: ElicitationDialog | SamplingDialog | None = None
        self._pending: _Pending | None = None
        # Queued: a worker's emission is delivered on this object's (the UI) thread.
        self._sig_wake.connect(self._show_next, Qt.ConnectionType.QueuedConnection)
        if parent is not None:
            # The queue's gate closes before the window (and this child of it) goes away.
            parent.destroyed.connect(self._queue.close)
            parent.installEventFilter(self)

    @property
    def dialog(self) -> ElicitationDialog | SamplingDialog | None:
        """The dialog on screen now, if any."""
        return self._dialog

    @property
    def waiting(self) -> int:
        """How many requests wait behind the dialog on screen."""
        return self._queue.count()

    @property
    def closed(self) -> bool:
        return self._queue.closed

    def on_close(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` when this closes or its window goes away (the window uninstalls its
        handlers so)."""
        self._queue.on_close.append(callback)

    # -- called on a worker ---------------------------------------------------------------------

    def elicit(
        self, server: str, message: str, schema: Mapping[str, Any]
    ) -> tuple[str, dict[str, Any]]:
        """Ask the person to fill in the server's form: ``(action, content)``."""
        pending = _Pending("elicit", (server, message, schema), (CANCEL, {}))
        answer: tuple[str, dict[str, Any]] = self._ask(pending)
        return answer

    def approve_sampling(self, request: SamplingRequest, model_label: str) -> bool:
        """Ask the person whether the server may use ``model_label`` for ``request``."""
        return bool(self._ask(_Pending("sample", (request, model_label), False)))

    def _ask(self, pending: _Pending) -> Any:
        if self._queue.closed:
            return pending.refusal  # the window is closed: nobody is there to answer
        if QThread.currentThread() == self.thread():
            # Called on the UI thread: waiting for ourselves would never end; ask modally here.
            return self._ask_here(pending)
        if not self._queue.put(pending, self._sig_wake.emit):
            return pending.refusal  # the window is closed: nobody is there to answer
        if not pending.answered.wait(self._timeout_s):
            self._queue.answer(pending, pending.refusal)
            # Back on the UI thread, the dialog still showing this request is closed.
            self._queue.wake(self._sig_wake.emit)
        return pending.answer

    def _ask_here(self, pending: _Pending) -> Any:
        if self._queue.closed:
            return pending.refusal
        dialog = self._dialog_for(pending)
        self.sig_dialog_shown.emit(dialog)
        dialog.exec()
        answer = _answer_of(dialog)
        dialog.deleteLater()
        return answer

    # -- on the UI thread -----------------------------------------------------------------------

    @Slot()
    def _show_next(self) -> None:
        if self._dialog is not None:
            if self._pending is not None and self._pending.answered.is_set():
                self._dialog.reject()  # answered meanwhile (the time limit): withdraw it
            return  # one dialog at a time; the next is shown when this one ends
        pending = self._queue.take()
        if pending is None:
            return
        dialog = self._dialog_for(pending)
        self._dialog, self._pending = dialog, pending
        dialog.finished.connect(partial(self._finished, pending, dialog))
        dialog.open()
        if self._window is not None and not self._window.isActiveWindow():
            QApplication.alert(self._window)  # the taskbar entry asks for attention
        self.sig_dialog_shown.emit(dialog)

    def _finished(self, pending: _Pending, dialog: QDialog, _code: int) -> None:
        self._queue.answer(pending, _answer_of(dialog))
        if self._dialog is dialog:
            self._dialog, self._pending = None, None
        dialog.deleteLater()
        self._show_next()

    def _dialog_for(self, pending: _Pending) -> ElicitationDialog | SamplingDialog:
        if pending.kind == "elicit":
            server, message, schema = pending.args
            return ElicitationDialog(server, message, schema, self._window)
        request, label = pending.args
        return SamplingDialog(request, label, self._window)

    def close(self) -> None:
        """The window is closing: answer every pending request (cancel / deny), close the
        dialog on screen, refuse later requests, and run the ``on_close`` callbacks."""
        self._queue.close()
        if self._dialog is not None:
            self._dialog.reject()

    def withdraw(self) -> None:
        """The turn was stopped or ended: a question asked for it is no longer wanted. Answer
        everything pending as cancel / deny and close the dialog on screen; later requests are
        still asked (unlike ``close``)."""
        self._queue.withdraw()
        dialog, pending = self._dialog, self._pending
        if dialog is not None and pending is not None:
            self._queue.answer(pending, pending.refusal)
            dialog.reject()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Close:
            self.close()
        return False


def _within(value: float | None, limit: float) -> float:
    """``value`` brought within ±``limit`` (a spin box's range); 0 for none."""
    return max(-limit, min(limit, value)) if value is not None else 0.0


def _answer_of(dialog: QDialog) -> Any:
    if isinstance(dialog, ElicitationDialog):
        return dialog.answer
    return isinstance(dialog, SamplingDialog) and dialog.allowed


def install_window_requests(window: QWidget, services: Services) -> WindowServerRequests | None:
    """Make ``window`` the one who answers MCP servers' forms and sampling requests, until it
    closes. ``None`` when the services carry no relay (nothing to install)."""
    relay = getattr(services, "mcp_requests", None)
    if relay is None:
        return None
    requests = WindowServerRequests(window)
    sampling = getattr(services, "mcp_sampling", None)
    sample = sampling.handler(requests.approve_sampling) if sampling is not None else None
    requests.on_close(relay.install(elicit=requests.elicit, sample=sample))
    return requests

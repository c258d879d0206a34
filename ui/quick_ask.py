"""Quick ask: a small window on top of everything for one question, answered as it streams.

Why it exists: a short question should not need Parley's window in front (issue 20). Quick ask
opens from the tray, from ``parley quick`` or from the desktop-wide chord
(``ui/desktop_integration.py``), takes one line (it grows with the text), and streams the answer
of the default model below it.
It is an ordinary conversation: it lands in the history, and "Open in Parley" continues it in the
main window. A second question asked here follows the first in the same conversation.

The turn goes through the very machinery of the main window: a ``TurnDraft`` composed by
``compose_turn`` into a ``ConversationExecutionRequest``, run by the runtime on a worker of this
window's own ``WorkerBridge`` (the main window's bridge runs one turn at a time: both may run at
once). The conversation's log is the events the bridge reports, in order, so a follow-up is
composed with no store read.

Keys: Enter sends, Shift+Enter starts a new line, Esc closes (a running answer goes on and is
notified when it ends while the window is closed), Ctrl+Shift+C copies the answer.

Invariants it keeps:

- the UI thread never reads the settings or the store: the default model is read on a worker when
  the window opens, the turn runs on a worker, and results arrive as the bridge's signals;
- one turn at a time; Send does nothing while one runs or before the services are there;
- closing the window never quits Parley (``WA_QuitOnClose`` off) and never cancels the answer;
  the window is hidden, not destroyed (the next chord shows it at once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent, QCursor, QGuiApplication, QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from parley.application.conversations.outcome import TurnOutcome
from parley.domain.transcript.canonical import StoredEvent
from parley.ui.bridge import WorkerBridge
from parley.ui.i18n.composed import translate_text
from parley.ui.notifications import Notifier, notify_when_away

if TYPE_CHECKING:
    from parley.ui.bootstrap import Services

#: The window's width, and the answer's largest height before it scrolls (px at 100 %).
WIDTH = 620
ANSWER_MAX_HEIGHT = 420
#: The input grows up to this many lines, then scrolls.
INPUT_MAX_LINES = 6


class _Input(QPlainTextEdit):
    """The question: Enter sends, Shift+Enter is a new line; grows with its text."""

    sig_send = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.document().documentLayout().documentSizeChanged.connect(self._fit)
        self._fit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.sig_send.emit()
            return
        super().keyPressEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # a bigger font needs taller lines
            self._fit()

    def _fit(self, *_args: object) -> None:
        # (a plain text document's height is counted in lines)
        lines = max(1, min(INPUT_MAX_LINES, round(self.document().size().height())))
        margins = self.contentsMargins()
        frame = 2 * self.frameWidth() + margins.top() + margins.bottom()
        padding = 2 * round(self.document().documentMargin()) + 2
        self.setFixedHeight(lines * self.fontMetrics().lineSpacing() + frame + padding)


class QuickAskWindow(QWidget):
    """The Quick ask window (module docstring)."""

    sig_open_in_parley = Signal(str)
    """Continue this conversation in the main window: the session id."""

    sig_turn_finished = Signal(object)
    """A Quick ask turn ended: ``TurnOutcome`` (the main window lists it)."""

    sig_closed = Signal()
    """The window was closed (hidden)."""

    def __init__(
        self,
        services: Callable[[], Services | None],
        notifier: Notifier | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(
            parent,
            Qt.WindowType.Tool
            | Qt.WindowType.WindowStaysOnTopHint
            | Qt.WindowType.FramelessWindowHint,
        )
        self.setObjectName("quick-ask")
        self.setWindowTitle(self.tr("Quick ask — Parley"))
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self._services = services
        self.notifier = notifier
        self._bridge: WorkerBridge | None = None
        #: The conversation asked here: its id ("" before the first question) and its log.
        self.session_id = ""
        self.events: list[StoredEvent] = []
        self.last_turn: str | None = None
        self.provider_id = ""
        self.model = ""
        self.answer_text = ""
        self._model_loading = False
        self._send_when_ready = False
        self._painted = False
        self._after_paint: list[Callable[[], object]] = []
        self._build()

    # -- the widgets ---------------------------------------------------------------------------

    def _build(self) -> None:
        frame = QFrame(self)
        frame.setObjectName("quick-ask-frame")
        frame.installEventFilter(self)  # its first paint is the window's (it covers it all)
        frame.setStyleSheet(
            "QFrame#quick-ask-frame { background: palette(window); border: 1px solid "
            "palette(mid); border-radius: 10px; }"
        )
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(frame)
        column = QVBoxLayout(frame)
        column.setContentsMargins(14, 12, 14, 10)
        column.setSpacing(8)

        self.input = _Input()
        self.input.setObjectName("quick-ask-input")
        self.input.setPlaceholderText(self.tr("Ask anything…"))
        self.input.setAccessibleName(self.tr("Question"))
        self.input.setFrameShape(QFrame.Shape.NoFrame)
        font = self.input.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.input.setFont(font)
        self.input.sig_send.connect(self.send)
        column.addWidget(self.input)

        self.question = QLabel()
        self.question.setObjectName("quick-ask-question")
        self.question.setWordWrap(True)
        self.question.setTextFormat(Qt.TextFormat.PlainText)
        self.question.setStyleSheet("color: palette(placeholder-text)")
        self.question.hide()
        column.addWidget(self.question)

        self.answer = QTextBrowser()
        self.answer.setObjectName("quick-ask-answer")
        self.answer.setAccessibleName(self.tr("Answer"))
        self.answer.setOpenExternalLinks(True)
        self.answer.setFrameShape(QFrame.Shape.NoFrame)
        self.answer.setMaximumHeight(ANSWER_MAX_HEIGHT)
        self.answer.hide()
        column.addWidget(self.answer, 1)

        foot = QHBoxLayout()
        foot.setSpacing(6)
        self.status = QLabel()
        self.status.setObjectName("quick-ask-status")
        self.status.setStyleSheet("color: palette(placeholder-text)")
        self.status.setWordWrap(True)
        foot.addWidget(self.status, 1)
        self.copy_button = QPushButton(self.tr("Copy"))
        self.copy_button.setObjectName("quick-ask-copy")
        self.copy_button.clicked.connect(self.copy_answer)
        self.open_button = QPushButton(self.tr("Open in Parley"))
        self.open_button.setObjectName("quick-ask-open")
        self.open_button.clicked.connect(self.open_in_parley)
        for button in (self.copy_button, self.open_button):
            button.setAutoDefault(False)
            button.setEnabled(False)
            foot.addWidget(button)
        column.addLayout(foot)

        QShortcut(QKeySequence("Ctrl+Shift+C"), self, self.copy_answer)
        self.setFixedWidth(WIDTH)
        self._say_ready()

    def _say_ready(self) -> None:
        if self.running:
            return
        model = self.model or self.tr("the default model")
        self.status.setStyleSheet("color: palette(placeholder-text)")
        self.status.setText(self.tr("{model} · Enter sends · Esc closes").format(model=model))

    # -- showing -------------------------------------------------------------------------------

    def open(self) -> None:
        """Show the window in front, near the top of the screen under the pointer, the input
        focused; a finished conversation gives way to a new one."""
        if not self.running and self.answer_text:
            self.reset()
        self._place()
        self.show()
        self.raise_()
        self.activateWindow()
        self.input.setFocus()
        self.load_model()

    def _place(self) -> None:
        screen = QGuiApplication.screenAt(QCursor.pos()) or QGuiApplication.primaryScreen()
        if screen is None:
            return
        area = screen.availableGeometry()
        self.adjustSize()
        self.move(
            QPoint(area.x() + (area.width() - self.width()) // 2, area.y() + area.height() // 5)
        )

    def reset(self) -> None:
        """A new conversation: empty input, no answer."""
        self.session_id, self.events, self.last_turn = "", [], None
        self.answer_text = ""
        self.answer.clear()
        self.answer.hide()
        self.question.clear()
        self.question.hide()
        self.input.clear()
        self.copy_button.setEnabled(False)
        self.open_button.setEnabled(False)
        self._say_ready()
        self.adjustSize()

    def load_model(self) -> None:
        """Read the default provider and model (on a worker)."""
        services = self._services()
        self._model_loading = True
        if services is None:
            self.status.setText(self.tr("Opening your profile…"))
            QTimer.singleShot(200, self, self.load_model)
            return
        settings = services.settings

        def read() -> tuple[str, str]:
            default = settings.default_provider()
            if default is None:
                return "", ""
            return default.name, default.default_model or next(iter(default.models), "")

        self.bridge.submit(read, self._show_model, lambda exc: self._fail(str(exc)))

    def _show_model(self, chosen: tuple[str, str]) -> None:
        self._model_loading = False
        if not self.running:
            self.provider_id, self.model = chosen
        if not self.provider_id:
            self._send_when_ready = False
            self._fail(self.tr("No provider yet: add one in Parley's Settings → Providers."))
            return
        self._say_ready()
        if self._send_when_ready:  # Enter was pressed while the model was being read
            self._send_when_ready = False
            self.send()

    @property
    def bridge(self) -> WorkerBridge:
        """This window's bridge (made when the services are there)."""
        if self._bridge is None:
            services = self._services()
            assert services is not None, "the bridge needs the services"
            bridge = WorkerBridge(services.runtime, self)
            bridge.sig_text.connect(self._on_text)
            bridge.sig_event.connect(self._on_event)
            bridge.sig_turn_finished.connect(self._on_finished)
            self._bridge = bridge
        return self._bridge

    @property
    def running(self) -> bool:
        return self._bridge is not None and self._bridge.active_turn is not None

    # -- asking --------------------------------------------------------------------------------

    @Slot()
    def send(self) -> bool:
        """Ask what the input holds; False when nothing was sent (and the status says why)."""
        text = self.input.toPlainText().strip()
        services = self._services()
        if not text or self.running:
            return False
        if services is None or (self._model_loading and not self.provider_id):
            self._send_when_ready = True  # sent as soon as the model is known
            return False
        if not self.provider_id:
            self._fail(self.tr("No provider yet: add one in Parley's Settings → Providers."))
            self.load_model()
            return False
        from parley.application.conversations.compose import (
            ComposeError,
            TurnDraft,
            compose_turn,
        )

        draft = TurnDraft(
            text=text,
            provider_id=self.provider_id,
            model=self.model,
            session_id=self.session_id or None,
            source="quick",
            current_turn_id=self.last_turn,
        )
        try:
            composed = compose_turn(draft, self.events, models=((self.provider_id, self.model),))
        except ComposeError as exc:
            self._fail(str(exc))
            return False
        request = composed.request
        if request is None:  # only commands (/help, /new): not for this little window
            self._fail(self.tr("Commands work in Parley's window; here, just ask."))
            return False
        self.session_id = request.session_id
        self.answer_text = ""
        self.answer.clear()
        self.answer.show()
        self.question.setText(text if len(text) <= 300 else text[:299] + "…")
        self.question.show()
        self.input.clear()
        self.copy_button.setEnabled(False)
        self.open_button.setEnabled(False)
        self.status.setStyleSheet("color: palette(placeholder-text)")
        self.status.setText(self.tr("{model} is answering…").format(model=request.model))
        self.bridge.start_turn(request)  # no asker: a quick question runs no tools
        self.adjustSize()
        return True

    @Slot(str, str)
    def _on_text(self, _turn_id: str, text: str) -> None:
        self.answer_text += text
        cursor = self.answer.textCursor()
        cursor.movePosition(cursor.MoveOperation.End)
        cursor.insertText(text)
        bar = self.answer.verticalScrollBar()
        bar.setValue(bar.maximum())
        self._grow()

    @Slot(object)
    def _on_event(self, stored: StoredEvent) -> None:
        if stored.session_id == self.session_id:
            self.events.append(stored)

    @Slot(object)
    def _on_finished(self, outcome: TurnOutcome) -> None:
        if outcome.session_id != self.session_id:
            return
        self.last_turn = outcome.turn_id
        if outcome.text and outcome.text != self.answer_text:
            self.answer_text = outcome.text
        if self.answer_text:
            self.answer.setMarkdown(self.answer_text)
        self.copy_button.setEnabled(bool(self.answer_text))
        self.open_button.setEnabled(True)
        if outcome.status == "completed":
            self._say_ready()
        else:
            self._fail(outcome.error or outcome.status.replace("_", " "))
        self._grow()
        self.sig_turn_finished.emit(outcome)
        if outcome.status != "cancelled":
            title = self.tr("Quick ask: {model} answered").format(model=outcome.model or self.model)
            body = " ".join(self.answer_text.split())[:140] or outcome.error[:140]
            notify_when_away(self, self.notifier, title, body)

    def _grow(self) -> None:
        document = self.answer.document()
        document.setTextWidth(self.answer.viewport().width())
        wanted = round(document.size().height()) + 2 * self.answer.frameWidth() + 4
        self.answer.setFixedHeight(max(40, min(ANSWER_MAX_HEIGHT, wanted)))
        self.adjustSize()

    def _fail(self, message: str) -> None:
        self.status.setStyleSheet("color: #c0392b")
        self.status.setText(translate_text(message))

    # -- the answer's buttons ------------------------------------------------------------------

    @Slot()
    def copy_answer(self) -> str:
        if self.answer_text:
            QGuiApplication.clipboard().setText(self.answer_text)
            self.status.setStyleSheet("color: palette(placeholder-text)")
            self.status.setText(self.tr("Copied."))
        return self.answer_text

    @Slot()
    def open_in_parley(self) -> None:
        if self.session_id:
            # The main window shows first: Parley started by ``parley quick`` alone must not
            # end when this closes.
            self.sig_open_in_parley.emit(self.session_id)
            self.close()
            self.reset()

    # -- keys, closing, the first paint --------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        # Hidden, not destroyed: a running answer goes on (and is notified when it ends).
        super().closeEvent(event)
        self.sig_closed.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self._painted:
            self._painted = True
            waiting, self._after_paint = self._after_paint, []
            for work in waiting:  # (queued: the paint finishes first)
                QTimer.singleShot(0, self, work)
        return False

    def after_first_paint(self, work: Callable[[], object]) -> None:
        """Run ``work`` once this window has painted (``parley quick`` with no Parley running
        opens the profile then, so the window shows first)."""
        if self._painted:
            work()
        else:
            self._after_paint.append(work)

    def shutdown(self) -> None:
        """Parley quits: stop a running answer (it is kept as cancelled) and the workers."""
        if self._bridge is not None:
            self._bridge.shutdown(timeout=5)

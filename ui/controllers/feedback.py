"""Feedback at every wait: the thinking line, toasts, desktop notifications, the empty chat.

Why it exists: the window used to say only "Answering with …" in small grey text. This controller
owns what tells the user something is happening or has happened, away from the conversation's
document: the ``ThinkingIndicator`` at the foot of the transcript, just above the composer
(from a turn's start to its first text, and again after a permission question is answered; the
latest line of the model's reasoning while it streams some),
a ``Toast`` for background work that finished (an export, a duplicate), a desktop notification
when an answer (or a permission question) arrives while the window is in the background, and
the ``EmptyConversation`` greeting over a conversation with no messages. The indicator and the
greeting float over the transcript (children placed by hand, not in a layout).

Invariants it keeps:

- nothing here draws into the transcript's document or repaints it: the indicator and the
  greeting are widgets of their own, the toast floats over the window's corner;
- no event is interpreted: it follows the bridge's signals (turn started, text, permission, turn
  finished) and the conversation model's anchor (``None`` for a conversation with no turn);
- notifications go through the ``Notifier`` port (``ui/notifications.py``), only when the window
  is not the active one; a desktop without a notification service gets nothing and no error;
- what is rarely needed is built on first use: the toast (per window), the notifier's tray icon
  or D-Bus connection.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer, Slot
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QDialog, QWidget

from parley.application.conversations.outcome import TurnOutcome
from parley.application.sessions.operations import OpChanges
from parley.ui.bridge import TurnHandle
from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text
from parley.ui.notifications import Notifier, SystemNotifier, should_notify
from parley.ui.widgets.thinking_indicator import ThinkingIndicator

if TYPE_CHECKING:
    from parley.ui.main_window import MainWindow
    from parley.ui.widgets.empty_conversation import EmptyConversation
    from parley.ui.widgets.toast import Toast


class FeedbackController(QObject):
    """See the module docstring."""

    def __init__(self, window: MainWindow, notifier: Notifier | None = None) -> None:
        super().__init__(window)
        self.w = window
        self.notifier: Notifier = notifier or SystemNotifier(self)
        self.thinking = ThinkingIndicator()
        self._toasts: dict[int, Toast] = {}
        self._empty: EmptyConversation | None = None
        self._empty_wanted = False
        self._place_indicator()
        # The greeting and the indicator follow the viewport's size (the scroll area lays the
        # viewport out after its own resize event, so the viewport's is the one to watch).
        self._viewport = window.transcript.viewport()
        self._viewport.installEventFilter(self)
        bridge = window.bridge
        transcript = window.transcript
        # Both are coalesced by Qt (one per layout pass and per scroll step), not per chunk; and
        # the indicator hides at the first text, so streaming never reaches this slot's work.
        transcript.verticalScrollBar().valueChanged.connect(self._follow_document)
        transcript.document().documentLayout().documentSizeChanged.connect(self._follow_document)
        bridge.sig_turn_started.connect(self._on_turn_started)
        bridge.sig_text.connect(self._on_text)
        bridge.sig_reasoning.connect(self._on_reasoning)
        bridge.sig_permission_requested.connect(self._on_permission)
        bridge.sig_turn_finished.connect(self._on_turn_finished)
        window.operations.sig_changed.connect(self._on_changed)
        # A theme change recolours the viewport (after this slot: the transcript's runs later).
        window.theme.sig_theme_changed.connect(
            lambda _dark: QTimer.singleShot(0, self, self._follow_theme)
        )
        # A window that opens no conversation shows the greeting once it has painted (one that
        # reopens its last conversation never flashes it, and the first paint never waits for
        # it): the window's first paint event schedules it.
        window.installEventFilter(self)

    def _place_indicator(self) -> None:
        """At the foot of the transcript's viewport, floating (not in a layout): showing or
        hiding it never resizes the transcript, so nothing there is laid out or drawn again.
        It is opaque, in the viewport's own colour, so its frames repaint only itself."""
        transcript = self.w.transcript
        self.thinking.setParent(transcript)
        self.thinking.align_with(self.w.composer)
        self.thinking.hide()

    def _place_thinking(self) -> None:
        """Right under the conversation's last message, as the peers show it (not at the foot of
        a tall, empty viewport); at the foot when the conversation fills the view."""
        transcript = self.w.transcript
        area = transcript.viewport().geometry()
        height = self.thinking.sizeHint().height()
        end = round(transcript.document().size().height()) - transcript.verticalScrollBar().value()
        top = min(area.y() + max(0, end), area.bottom() + 1 - height)
        self.thinking.setGeometry(area.x(), top, area.width(), height)
        self.thinking.set_background(
            transcript.viewport().palette().color(transcript.viewport().backgroundRole())
        )
        self.thinking.raise_()

    # -- the thinking line ---------------------------------------------------------------------

    @Slot()
    def _follow_document(self) -> None:
        """The transcript grew (the user's message was drawn) or scrolled: keep the indicator
        under the last message while it shows."""
        if self.thinking.isVisible():
            self._place_thinking()

    @Slot(object)
    def _on_turn_started(self, handle: TurnHandle) -> None:
        self._place_thinking()
        self.thinking.start(handle.request.model)
        self.show_empty(False)  # the message is on its way: no greeting flashes before it

    @Slot(str, str)
    def _on_text(self, _turn_id: str, _text: str) -> None:
        if self.thinking.running:
            self.thinking.stop()

    @Slot(str, str)
    def _on_reasoning(self, _turn_id: str, text: str) -> None:
        # (The indicator keeps the tail and shows its latest line at a reading pace.)
        self.thinking.add_reasoning(text)

    @Slot(object)
    def _on_permission(self, _prompt: object) -> None:
        if self.thinking.running:
            self.thinking.set_phrase(
                translate("FeedbackController", "Waiting for your permission…")
            )
        if should_notify(self.w):
            self.notifier.notify(
                translate("FeedbackController", "Parley needs your permission"),
                translate("FeedbackController", "A command waits for your yes."),
            )

    def follow_permission(self, dialog: QDialog) -> None:
        """The window opened ``dialog`` for a permission question: when it is answered (or
        closed), the wait goes on — the model runs the tool or is told no, then thinks again."""
        dialog.finished.connect(self._after_permission)

    @Slot(int)
    def _after_permission(self, _result: int = 0) -> None:
        """Answered: the model goes on (runs the tool, thinks again) until its next text."""
        turn = self.w.bridge.active_turn
        if turn is not None:
            self._place_thinking()
            self.thinking.start(turn.request.model)

    @Slot(object)
    def _on_turn_finished(self, outcome: TurnOutcome) -> None:
        self.thinking.stop()
        if not should_notify(self.w) or outcome.status == "cancelled":
            return
        if outcome.status == "completed":
            title = translate("FeedbackController", "{model} answered").format(
                model=outcome.model or translate("FeedbackController", "The model")
            )
            body = " ".join(outcome.text.split())[:140] or translate(
                "FeedbackController", "The answer is ready."
            )
        else:
            title = translate("FeedbackController", "The answer did not finish")
            body = translate_text(outcome.error)[:140] or outcome.status.replace("_", " ")
        self.notifier.notify(title, body)

    # -- toasts --------------------------------------------------------------------------------

    def toast(self, text: str, *, error: bool = False, on: QWidget | None = None) -> Toast:
        """Show ``text`` in a toast over ``on`` (this window by default)."""
        from parley.ui.widgets.toast import Toast

        host = on or self.w
        key = id(host)
        toast = self._toasts.get(key)
        if toast is None:
            toast = Toast(host, self.w.composer if host is self.w else None)
            self._toasts[key] = toast
            host.destroyed.connect(lambda *_a: self._toasts.pop(key, None))
        toast.show_message(text, error=error)
        return toast

    @Slot(object)
    def _on_changed(self, changes: OpChanges) -> None:
        if changes.created is not None:
            self.toast(
                translate("FeedbackController", "Duplicated as “{title}”.").format(
                    title=changes.created.title
                )
            )

    @Slot(str)
    def exported(self, path: str) -> None:
        """The History window wrote an export (its ``sig_exported``): say so over it."""
        self.toast(
            translate("FeedbackController", "Exported to {path}").format(path=path),
            on=self.w.history_window or self.w,
        )

    # -- the empty conversation ----------------------------------------------------------------

    def show_empty(self, empty: bool) -> None:
        """The open conversation has no turn (``empty``) or has one: the greeting follows."""
        if empty == self._empty_wanted:
            return
        self._empty_wanted = empty
        if empty:
            self.empty_state.show()
            self._place_empty()
        elif self._empty is not None:
            self._empty.hide()

    @property
    def empty_state(self) -> EmptyConversation:
        if self._empty is None:
            from parley.ui.widgets.empty_conversation import EmptyConversation

            self._empty = EmptyConversation(self.w.transcript)
            self._empty.sig_prompt_chosen.connect(self._use_example)
            self._empty.hide()
        return self._empty

    def _use_example(self, prompt: str) -> None:
        composer = self.w.composer
        composer.set_draft(prompt)
        composer.editor.setFocus()

    def _place_empty(self) -> None:
        """Over the whole viewport, opaque in its colour: the greeting is the empty chat's one
        message (a hint the document may draw for an empty conversation stays under it)."""
        if self._empty is not None:
            viewport = self.w.transcript.viewport()
            self._empty.setGeometry(viewport.geometry())
            palette = self._empty.palette()
            palette.setColor(
                QPalette.ColorRole.Window, viewport.palette().color(viewport.backgroundRole())
            )
            self._empty.setPalette(palette)
            self._empty.setAutoFillBackground(True)
            self._empty.raise_()
            self.thinking.raise_()  # the indicator stays above the greeting, never hidden by it

    def _follow_theme(self) -> None:
        if self._empty_wanted:
            self._place_empty()
        if self.thinking.isVisible():
            self._place_thinking()

    def _greet_if_idle(self) -> None:
        w = self.w
        if not w._reopen_after_paint and w.chat.session_id is None and w.chat.state.anchor is None:
            self.show_empty(True)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched is self.w:
            self.w.removeEventFilter(self)
            QTimer.singleShot(0, self, self._greet_if_idle)
        # Every event of the viewport passes here, up to its destruction: compare, touch nothing.
        if event.type() == QEvent.Type.Resize and watched is self._viewport:
            if self._empty_wanted:
                self._place_empty()
            if self.thinking.isVisible():
                self._place_thinking()
        return False

"""The one bridge that carries worker-thread results to the UI thread.

Why it exists: the turn runtime and every blocking call (SQLite reads, provider model lists, local
server probes) run on worker threads, and a widget may be touched only on the UI thread. Workers
never call a widget: they emit this bridge's signals, and because the bridge lives on the UI thread
Qt queues each emission to it (an emission from another thread to a receiver on the UI thread is
delivered as a queued event).

Invariants it keeps:

- the bridge is created on the UI thread and never moved, so its signals are delivered there (and
  pytest-qt's ``waitSignal`` works without cross-thread timer warnings);
- cancellation is a ``threading.Event`` the UI sets directly (``TurnHandle.cancel``); a queued slot
  on a busy worker would never run;
- exactly one terminal signal per turn: ``sig_turn_finished`` is emitted once, from a ``finally``,
  whether the runtime returned, raised, or the database failed before the turn could start;
- order is kept: text, events and the turn's end go through one mailbox drained on the UI thread;
- streamed text is coalesced: the mailbox is drained about once per frame (or at once for events),
  so a fast stream never floods the event queue with one signal per token;
- nothing is emitted once the bridge is shut down or its window is destroyed: a worker that
  finishes late (a model list, the renderer's warm-up) checks a gate under a lock before
  emitting, and the gate closes — under the same lock — before the C++ object can go away, so a
  late worker can neither emit on a deleted object (a crash) nor call back into a closed window.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from parley.application.conversations.outcome import TurnOutcome
from parley.application.ports.tools import PermissionAsker
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import StoredEvent

if TYPE_CHECKING:  # the runtime itself is not needed to paint the window (outcome.py)
    from parley.application.conversations.turn_runtime import TurnRuntime

log = logging.getLogger(__name__)

#: How often buffered stream text is handed to the widgets (about one frame).
TEXT_FLUSH_MS = 16


@dataclass
class TurnHandle:
    """A running turn as the UI sees it: its request, the event that stops it and who answers
    its permission questions (``None``: nobody, so they are denied)."""

    request: ConversationExecutionRequest
    cancel_event: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    asker: PermissionAsker | None = None

    def cancel(self) -> None:
        """Stop the turn: the provider read loop notices within a fraction of a second."""
        self.cancel_event.set()


class WorkerBridge(QObject):
    """Runs turns and background jobs on worker threads; re-emits their results on the UI thread."""

    sig_turn_started = Signal(object)
    """A turn began on a worker: ``TurnHandle``."""

    sig_text = Signal(str, str)
    """Coalesced answer text for the running turn: ``(turn_id, text)``."""

    sig_reasoning = Signal(str, str)
    """Coalesced reasoning (thinking) text streamed by the running turn: ``(turn_id, text)``;
    not part of the answer (the log records it when the step ends)."""

    sig_event = Signal(object)
    """An event was appended to the log by a running turn: ``StoredEvent``."""

    sig_turn_finished = Signal(object)
    """The turn ended (exactly once per turn): ``TurnOutcome``."""

    sig_permission_requested = Signal(object)
    """A running turn needs the user's permission: ``PermissionPrompt`` (answer via ``reply``)."""

    sig_task_done = Signal(object, object, object)
    """A background job ended: ``(callback, result, error)``; delivered on the UI thread."""

    def __init__(self, runtime: TurnRuntime, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._runtime = runtime
        self._pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="parley-bg")
        self._gate = EmitGate()  # closed by shutdown() or the parent's destruction
        if parent is not None:
            parent.destroyed.connect(self._gate.close)
        self._lock = threading.Lock()
        self._mailbox: list[tuple[str, Any]] = []
        self._flush = QTimer(self)
        self._flush.setInterval(TEXT_FLUSH_MS)
        self._flush.timeout.connect(self._drain)
        self._sig_wake.connect(self._drain)
        self.sig_task_done.connect(self._deliver)
        self._active: TurnHandle | None = None

    # -- turns ---------------------------------------------------------------------------------

    @property
    def active_turn(self) -> TurnHandle | None:
        return self._active

    def start_turn(
        self, request: ConversationExecutionRequest, asker: PermissionAsker | None = None
    ) -> TurnHandle:
        """Run ``request`` on a new worker thread. One turn at a time per window. ``asker``
        answers this turn's permission questions; it goes to the runtime with the turn."""
        if self._active is not None:
            raise RuntimeError("a turn is already running")
        handle = TurnHandle(request, asker=asker)
        self._active = handle
        handle.thread = threading.Thread(
            target=self._run_turn, args=(handle,), name=f"turn-{request.turn_id[:8]}", daemon=True
        )
        self._flush.start()
        self.sig_turn_started.emit(handle)
        handle.thread.start()
        return handle

    def _run_turn(self, handle: TurnHandle) -> None:
        # Worker thread from here on: touch no widget, only post to the mailbox.
        request = handle.request
        outcome = TurnOutcome(
            session_id=request.session_id,
            turn_id=request.turn_id,
            status="failed",
            error="the turn could not start",
        )
        try:
            outcome = self._runtime.run(
                request, handle.cancel_event, _BridgeListener(self), asker=handle.asker
            )
        except Exception as exc:  # e.g. the database failed before turn_finished could be written
            log.exception("turn %s could not run", request.turn_id)
            outcome = TurnOutcome(
                session_id=request.session_id,
                turn_id=request.turn_id,
                status="failed",
                error=f"{type(exc).__name__}: {exc}",
            )
        finally:
            self.post("finished", outcome, wake=True)

    def post(self, kind: str, item: Any, *, wake: bool = False) -> None:
        """Worker thread: queue ``item`` for the UI thread, in order with everything else.

        Text, events and the turn's end share one ordered mailbox, so the UI never sees an event
        before the text that preceded it. Text waits for the next frame (coalescing); events and
        the end ask for a prompt drain (``_sig_wake`` is queued to the UI thread).
        """
        with self._lock:
            self._mailbox.append((kind, item))
        if wake:
            self._gate.emit(self._sig_wake)

    _sig_wake = Signal()
    """Internal: the mailbox holds something that should not wait for the next frame."""

    @Slot()
    def _drain(self) -> None:
        # UI thread.
        with self._lock:
            items, self._mailbox = self._mailbox, []
        text_turn = ""
        parts: list[str] = []
        thinking: dict[str, list[str]] = {}
        for kind, item in items:
            if kind == "reasoning":
                thinking.setdefault(item[0], []).append(item[1])
                continue
            if thinking and kind == "finished":
                for turn_id, pieces in thinking.items():
                    self.sig_reasoning.emit(turn_id, "".join(pieces))
                thinking = {}
            if kind == "text":
                turn_id, text = item
                if parts and turn_id != text_turn:
                    self.sig_text.emit(text_turn, "".join(parts))
                    parts = []
                text_turn = turn_id
                parts.append(text)
                continue
            if parts:
                self.sig_text.emit(text_turn, "".join(parts))
                parts = []
            if kind == "event":
                self.sig_event.emit(item)
            elif kind == "permission":
                self.sig_permission_requested.emit(item)
            elif kind == "finished":
                self._flush.stop()
                self._active = None
                self.sig_turn_finished.emit(item)
        if parts:
            self.sig_text.emit(text_turn, "".join(parts))
        for turn_id, pieces in thinking.items():
            self.sig_reasoning.emit(turn_id, "".join(pieces))

    # -- background jobs -----------------------------------------------------------------------

    def submit(
        self,
        job: Callable[[], Any],
        on_done: Callable[[Any], object],
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        """Run ``job`` on a worker; call ``on_done(result)`` (or ``on_error(exc)``) on the UI
        thread; what ``on_done`` returns is ignored."""

        gate, done = self._gate, self.sig_task_done

        def run() -> None:
            try:
                result = job()
            except Exception as exc:
                gate.emit(done, (on_done, on_error), None, exc)
            else:
                gate.emit(done, (on_done, on_error), result, None)

        if gate.closed:  # the window is closing: nobody is left to hear the result
            log.debug("job dropped after shutdown: %r", job)
            return
        self._pool.submit(run)

    @Slot(object, object, object)
    def _deliver(self, callbacks: Any, result: Any, error: Any) -> None:
        if self._gate.closed:  # queued before the shutdown: the window no longer wants it
            return
        on_done, on_error = callbacks
        if error is None:
            on_done(result)
        elif on_error is not None:
            on_error(error)
        else:
            log.error("background job failed: %s", error)

    def shutdown(self, timeout: float = 5.0) -> None:
        """Stop the running turn and wait briefly for workers (on window close)."""
        self._gate.close()
        handle = self._active
        if handle is not None:
            handle.cancel()
            if handle.thread is not None:
                handle.thread.join(timeout)
        self._pool.shutdown(wait=False, cancel_futures=True)


class EmitGate:
    """Whether worker threads may still emit signals of an object the UI thread may destroy
    (the bridge, the attachment readers, the scheduler's runs). ``emit`` and ``close`` take one
    lock, so once ``close`` returns no emission is under way and none will start."""

    def __init__(self) -> None:
        # Reentrant: an emission on the UI thread is delivered directly, and its slot may emit.
        self._lock = threading.RLock()
        self.closed = False

    def close(self, *_args: object) -> None:
        with self._lock:
            self.closed = True

    def emit(self, signal: Any, *args: Any) -> None:
        with self._lock:
            if not self.closed:
                signal.emit(*args)


class _BridgeListener:
    """The runtime's listener for a window turn. Runs on the worker thread; only emits."""

    def __init__(self, bridge: WorkerBridge) -> None:
        self._bridge = bridge

    def on_event(self, stored: StoredEvent) -> None:
        self._bridge.post("event", stored, wake=True)

    def on_text(self, turn_id: str, text: str) -> None:
        self._bridge.post("text", (turn_id, text))

    def on_reasoning(self, turn_id: str, text: str) -> None:
        """Reasoning streamed in (waits for the next frame, like text)."""
        self._bridge.post("reasoning", (turn_id, text))

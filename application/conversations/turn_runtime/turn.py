"""The running turn's bookkeeping: its records, its checkpoints and who hears about them.

Why it exists apart from the runtime: ``_Turn`` keeps the invariants about writing — every store
write of a turn under the turn's one lock, shown text checkpointed at most every
``CHECKPOINT_INTERVAL_S`` and by the ``_Flusher`` once it has waited ``FLUSH_AFTER_S``, text the
store refused kept and said where — while the runtime decides what to write. ``TurnListener`` is
what the window and ``parley ask`` implement to watch a turn. Part of the ``turn_runtime``
feature (its ``__init__`` says what the whole keeps).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from parley.application.conversations.context_window import ResolvedWindow
from parley.application.conversations.turn_runtime.stops import _TextNotSaved
from parley.application.ports.chat_provider import ReasoningDelta
from parley.application.ports.event_store import EventStore
from parley.application.ports.tools import PermissionAsker
from parley.application.tools.toolbox import NobodyToAsk, Toolbox, ToolTurnState
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import (
    AssistantText,
    Event,
    Reasoning,
    StoredEvent,
    Usage,
    UserMessage,
)

log = logging.getLogger(__name__)

# What the window says of an answer the history refused (``domain.texts``: marked for translation).
_KEPT_IN_FILE = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "the answer is shown but not yet saved (the history refused it: {refused}); "
    "it is kept in {path}, and Parley adds it to this conversation when it next starts",
)
_KEPT_IN_DATABASE = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "the answer is shown but not yet saved (the history refused it: {refused}); "
    "it is kept in the history database as checkpoints, and Parley adds it to this "
    "conversation when it next starts",
)
_LOST_CHARS = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "{message}; its last {chars} characters could not be kept anywhere: copy them from the screen",
)

#: Shortest time between two checkpoints of a streaming answer (seconds).
CHECKPOINT_INTERVAL_S = 0.3

#: How long shown text may wait for a checkpoint before the flusher writes it (seconds); with
#: its wake-up interval and one write, it stays within ``CHECKPOINT_INTERVAL_S``.
FLUSH_AFTER_S = 0.15
FLUSH_TICK_S = 0.05


class TurnListener(Protocol):
    """Receives what a running turn produces. Called on the runtime's (worker) thread."""

    def on_event(self, stored: StoredEvent) -> None:
        """An event was appended to the log."""
        ...

    def on_text(self, turn_id: str, text: str) -> None:
        """A piece of answer text streamed in (not yet in the log)."""
        ...


# A listener may also define ``on_reasoning(turn_id, text)``: a piece of the model's reasoning
# streamed in (it reaches the log as one ``reasoning`` event when the step ends). It is optional
# (looked up, not part of the protocol) so listeners that only show the answer stay two methods.


class NullListener:
    """A listener that ignores everything (for callers that only want the outcome)."""

    def on_event(self, stored: StoredEvent) -> None:
        pass

    def on_text(self, turn_id: str, text: str) -> None:
        pass


@dataclass
class _TurnTools:
    toolbox: Toolbox
    advertised: tuple[str, ...]
    state: ToolTurnState


class _Turn:
    """The running turn's bookkeeping: appends, usage, the answer so far, the history.

    Threads: the runtime's (worker) thread calls everything; the turn's ``_Flusher`` thread calls
    ``flush_waiting`` only. Every store write and every touch of the unsaved text happens under
    ``_lock`` (re-entrant: a refused append flushes the text under it), so the two threads take
    turns: a flusher checkpoint either lands before the step's ``assistant_text`` (which then
    drops it with the rest) or finds nothing left to write — never after it.
    """

    def __init__(
        self,
        store: EventStore,
        request: ConversationExecutionRequest,
        listener: TurnListener,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.request = request
        self.listener = listener
        self.usage = Usage()
        self.answer = ""
        #: Answer characters streamed in this turn, all steps (held to ``max_answer_chars``).
        self.streamed_chars = 0
        self.history: list[StoredEvent] | None = None
        self.tools: _TurnTools | None = None
        #: The model's window (``TurnContext.window``: the table's first, the provider's once
        #: the turn sends enough for it to matter) and whether the provider was asked.
        self.window: ResolvedWindow | None = None
        self.window_asked = False
        #: Who answers this turn's permission questions (set by ``TurnRuntime.run``).
        self.asker: PermissionAsker = NobodyToAsk()
        #: Set when the store refused shown text: for the user, where that text is kept.
        self.unsaved = ""
        self._clock = clock
        self._lock = threading.RLock()
        self._unsaved: list[str] = []  # streamed since the last checkpoint
        self._last_checkpoint: float | None = None
        # Real time (not ``clock``, which tests step per call) the oldest unsaved piece was shown.
        self._waiting_since: float | None = None
        self._shown_unlogged = False  # text shown since the last assistant_text
        self._kept_in = ""  # the journal a checkpoint of this step went to ("" = the database)

    def load_history(self) -> None:
        if self.history is None:
            self.history = list(self.store.events(self.request.session_id))

    def append(self, event: Event) -> StoredEvent:
        return self.append_many(event)[0]

    def append_many(
        self, *events: Event, new_session: tuple[str, str | None] | None = None
    ) -> list[StoredEvent]:
        """Append ``events`` in one transaction (``new_session``: (title, project) of the
        conversation to create in it). If the store refuses them while shown text is not yet
        in the log, that text is kept (``_keep_unsaved``) and ``_TextNotSaved`` says where."""
        with self._lock:
            try:
                entries = [(event, _actor_for(event, self.request)) for event in events]
                if len(entries) == 1 and new_session is None:
                    event, actor = entries[0]
                    stored = [
                        self.store.append(
                            self.request.session_id, self.request.turn_id, event, actor=actor
                        )
                    ]
                else:
                    stored = list(
                        self.store.append_many(
                            self.request.session_id,
                            self.request.turn_id,
                            entries,
                            new_session=new_session,
                        )
                    )
            except Exception as exc:
                if not self._shown_unlogged:
                    raise
                if self.unsaved:  # refused before: the text is kept already
                    raise _TextNotSaved(self.unsaved) from exc
                log.exception("the store refused the answer of turn %s", self.request.turn_id)
                raise _TextNotSaved(self._keep_unsaved(exc)) from exc
            if any(isinstance(event, AssistantText) for event in events):
                # The store dropped the step's checkpoints with this append.
                self._unsaved.clear()
                self._waiting_since = None
                self._shown_unlogged = False
                self._kept_in = ""
        for item in stored:
            if self.history is not None:
                self.history.append(item)
            if isinstance(item.event, AssistantText):
                self.answer += item.event.text
            try:
                self.listener.on_event(item)
            except Exception:  # a broken listener must not break the record
                log.exception("turn listener failed on %s", type(item.event).__name__)
        return stored

    def text(self, piece: str) -> None:
        with self._lock:
            self._checkpoint(piece)
        try:
            self.listener.on_text(self.request.turn_id, piece)
        except Exception:  # a broken listener must not cost the answer
            log.exception("turn listener failed on a text delta")

    def reasoning(self, piece: str) -> None:
        """A reasoning piece for the listener's thinking indicator (not checkpointed: reasoning
        is kept for the record when its step ends)."""
        hook = getattr(self.listener, "on_reasoning", None)
        if not piece or hook is None:
            return
        try:
            hook(self.request.turn_id, piece)
        except Exception:  # a broken listener must not cost the answer
            log.exception("turn listener failed on a reasoning delta")

    def _checkpoint(self, piece: str) -> None:
        """Keep ``piece`` for the next checkpoint; write one if the last is old enough."""
        if piece:
            self._unsaved.append(piece)
            self._shown_unlogged = True
            if self._waiting_since is None:
                self._waiting_since = time.monotonic()
        now = self._clock()
        if not self._unsaved or (
            self._last_checkpoint is not None
            and now - self._last_checkpoint < CHECKPOINT_INTERVAL_S
        ):
            return
        self._last_checkpoint = now
        self._write_checkpoint()

    def flush_waiting(self, older_than_s: float) -> None:
        """The flusher's call: checkpoint the unsaved text if its oldest piece was shown at
        least ``older_than_s`` ago (real time)."""
        with self._lock:
            since = self._waiting_since
            if since is not None and time.monotonic() - since >= older_than_s:
                self._write_checkpoint()

    def _write_checkpoint(self) -> None:
        """Hand the unsaved text to the store (under ``_lock``); kept for the next try if the
        store cannot take it anywhere."""
        text = "".join(self._unsaved)
        if not text:
            return
        try:
            where = self.store.checkpoint_partial(
                self.request.session_id, self.request.turn_id, text
            )
        except Exception:  # a failed checkpoint must not cost the answer being streamed
            log.exception("could not checkpoint the answer of turn %s", self.request.turn_id)
            return  # still in _unsaved, so the next one sends it again: no text goes missing
        self._unsaved.clear()
        self._waiting_since = None
        if where:
            self._kept_in = str(where)

    def _keep_unsaved(self, refused: Exception) -> str:
        """The store refused the log: put the text not yet checkpointed with the checkpoints
        (the store falls back to its recovery journal) and say, for the user, where it is."""
        self._write_checkpoint()
        chars = len("".join(self._unsaved))
        if self._kept_in:
            message = _KEPT_IN_FILE.format(refused=refused, path=self._kept_in)
        else:
            message = _KEPT_IN_DATABASE.format(refused=refused)
        if chars:
            message = _LOST_CHARS.format(message=message, chars=chars)
        self.unsaved = message
        return message

    def add_usage(self, usage: Usage) -> None:
        """Add one provider call's usage to the turn's."""
        self.usage = self.usage.plus(usage)

    def keep_reasoning(self, blocks: _ReasoningBlocks, model: str, provider_kind: str) -> None:
        for block in blocks.finish():
            self.append(
                Reasoning(
                    text=block.text,
                    model=model,
                    provider_kind=provider_kind,
                    signature=block.signature,
                    redacted_data=block.redacted_data,
                )
            )

    def keep_partial(self, text: str, model: str) -> None:
        if text:
            self.append(AssistantText(text=text, model=model, partial=True))


class _Flusher:
    """Checkpoints a turn's shown text that has waited ``after_s`` — also while the provider is
    silent, when no new piece would trigger a checkpoint. A daemon thread per turn, woken every
    ``FLUSH_TICK_S``; its writes take the turn's lock (see ``_Turn``), and ``stop`` joins it, so
    once ``stop`` returns it writes nothing more (the runtime stops it before closing the turn).
    """

    def __init__(self, turn: _Turn, after_s: float) -> None:
        self._turn = turn
        self._after_s = after_s
        self._stopped = threading.Event()
        self._thread = threading.Thread(
            target=self._run, name=f"flush-{turn.request.turn_id[:8]}", daemon=True
        )
        self._thread.start()

    def _run(self) -> None:
        while not self._stopped.wait(FLUSH_TICK_S):
            try:
                self._turn.flush_waiting(self._after_s)
            except Exception:  # never let the flusher die silently mid-answer
                log.exception("the checkpoint flusher failed")

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join()


class _ReasoningBlocks:
    """Reasoning deltas gathered per block index, in the order the blocks began.

    Pieces are kept in lists and joined once at ``finish``: adding each piece to a growing string
    would copy the whole block per piece (quadratic in a long thinking stream)."""

    def __init__(self) -> None:
        self._text: dict[int, list[str]] = {}
        self._redacted: dict[int, list[str]] = {}
        self._signature: dict[int, str] = {}

    def add(self, delta: ReasoningDelta) -> None:
        self._text.setdefault(delta.index, []).append(delta.text)
        self._redacted.setdefault(delta.index, []).append(delta.redacted_data)
        if delta.signature or delta.index not in self._signature:
            self._signature[delta.index] = delta.signature or self._signature.get(delta.index, "")

    def finish(self) -> list[ReasoningDelta]:
        blocks = [
            ReasoningDelta(
                index=index,
                text="".join(pieces),
                signature=self._signature[index],
                redacted_data="".join(self._redacted[index]),
            )
            for index, pieces in self._text.items()
        ]
        return [b for b in blocks if b.text or b.signature or b.redacted_data]


def _actor_for(event: Event, request: ConversationExecutionRequest) -> str:
    if isinstance(event, UserMessage):
        return "user"
    if isinstance(event, AssistantText):
        return request.agent_role or "assistant"
    return "runtime"

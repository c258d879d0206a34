"""Writing a compaction: one model call that summarises a branch's oldest turns, recorded as a
``compaction`` event — by the runtime before a call that would not fit, or on ``/compact``.

Why it exists: ``compaction.py`` plans (pure); somebody must ask a model for the summary and record
it, the same way whoever asks. The runtime does it inside a turn (``trigger="auto"``, the event in
the current turn); ``/compact`` does it between turns (``trigger="manual"``, the event recorded
under the last turn of the path, after its ``turn_finished`` — a compaction is not a turn).

Invariants it keeps:

- a failed, empty or stopped summary records nothing: the conversation is left exactly as it was
  (``SummaryResult.event`` None, ``message`` says why);
- the summariser's request is measured against the summarising model's own window before it is
  sent, and the plan is shrunk (half the transcript each time) until it fits; a single turn too
  large even alone is cut for the summariser (``compaction.plan``), never sent over the window;
- the summary is capped (``SUMMARY_MAX_TOKENS``, at most a quarter of the window it must help
  fit), and a summary no shorter than what it replaces is refused: the request would not shrink;
- what the summary call cost is returned (``SummaryResult.usage``): the runtime adds it to the
  turn's usage, so the cost of a compaction is never hidden.

Blocking: call on a worker (the runtime's thread, or a named operation for ``/compact``).
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from parley.application.conversations.compaction import (
    MAX_TRANSCRIPT_CHARS,
    SUMMARY_MAX_TOKENS,
    CompactionPlan,
    plan,
)
from parley.application.conversations.context_guard import ContextGuard
from parley.application.conversations.context_window import ResolvedWindow
from parley.application.conversations.retry import RetryingProvider, RetryPolicy
from parley.application.ports.chat_provider import (
    ChatProvider,
    ProviderDirectory,
    ProviderError,
    TextDelta,
    UsageDelta,
)
from parley.application.ports.event_store import EventStore, SessionNotFound
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.branches import BranchTree, events_on_path
from parley.domain.transcript.canonical import Compaction, StoredEvent, TurnStarted, Usage
from parley.domain.usage.token_estimate import estimate_text

log = logging.getLogger(__name__)

# Why a summary was not made, as the window shows it (``domain.texts``: marked for translation).
# ``/compact`` shows a reason capitalised and with a full stop: both forms are marked.
_NO_EARLIER = QT_TRANSLATE_NOOP("Compaction", "there are no earlier messages to summarise yet")
_TOO_SMALL = QT_TRANSLATE_NOOP(
    "Compaction",
    "{model} cannot read even a short part of the conversation (its window is {tokens:,} tokens)",
)
_NOT_WRITTEN = QT_TRANSLATE_NOOP("Compaction", "{model} could not write the summary: {exc}")
_STOPPED = QT_TRANSLATE_NOOP("Compaction", "stopped before the summary was finished")
_EMPTY = QT_TRANSLATE_NOOP("Compaction", "{model} answered with an empty summary")
_NOT_SHORTER = QT_TRANSLATE_NOOP(
    "Compaction", "the summary was no shorter than the messages it would replace"
)
_SHOWN_BY_COMPACT = (
    QT_TRANSLATE_NOOP("Compaction", "There are no earlier messages to summarise yet."),
    QT_TRANSLATE_NOOP(
        "Compaction",
        "{model} cannot read even a short part of the conversation (its window is {tokens:,} "
        "tokens).",
    ),
    QT_TRANSLATE_NOOP("Compaction", "{model} could not write the summary: {exc}."),
    QT_TRANSLATE_NOOP("Compaction", "Stopped before the summary was finished."),
    QT_TRANSLATE_NOOP("Compaction", "{model} answered with an empty summary."),
    QT_TRANSLATE_NOOP(
        "Compaction", "The summary was no shorter than the messages it would replace."
    ),
)
_NOTHING_YET = QT_TRANSLATE_NOOP("Compaction", "There is nothing to summarise yet.")
_GONE = QT_TRANSLATE_NOOP("Compaction", "That message is no longer here.")
_NO_MODEL = QT_TRANSLATE_NOOP("Compaction", "No model is chosen to write the summary.")

#: The smallest transcript a shrinking plan is cut to before giving up.
MIN_TRANSCRIPT_CHARS = 2_000


@dataclass(frozen=True)
class SummaryResult:
    """What one summarising attempt gave: the event to record (None: nothing to record, and
    ``message`` says why), the plan it summarised, and the call's usage."""

    event: Compaction | None
    plan: CompactionPlan | None = None
    usage: Usage = field(default_factory=Usage)
    message: str = ""


@dataclass(frozen=True)
class CompactionOutcome:
    """How one ``/compact`` went: ``compacted`` (recorded as event ``event_id``, replacing
    ``turns`` turns), else ``message`` says why not in words for the person."""

    compacted: bool
    turns: int = 0
    event_id: int = 0
    message: str = ""
    plan: CompactionPlan | None = None


def summary_budget(window: int) -> int:
    """How long a summary may be for a conversation in ``window`` tokens."""
    return max(64, min(SUMMARY_MAX_TOKENS, window // 4))


def summarise(
    all_events: Sequence[StoredEvent],
    path_events: Sequence[StoredEvent],
    current_turn_id: str,
    *,
    provider: ChatProvider,
    provider_id: str,
    model: str,
    window: ResolvedWindow,
    guard: ContextGuard,
    stop: threading.Event,
    keep_last_turns: int,
    summary_tokens: int,
    trigger: str = "auto",
    retry_policy: RetryPolicy | None = None,
) -> SummaryResult:
    """Plan, ask ``model`` for the summary, and return the event to record (not recorded here).
    ``window`` is the summarising model's own window."""
    max_chars = MAX_TRANSCRIPT_CHARS
    while True:
        chosen = plan(
            all_events,
            path_events,
            current_turn_id,
            keep_last_turns=keep_last_turns,
            max_transcript_chars=max_chars,
        )
        if chosen is None:
            return SummaryResult(None, message=_NO_EARLIER)
        request = chosen.request(model, max_tokens=summary_tokens)
        measured = guard.measure(request, window, provider_id=provider_id, threshold=1.0)
        if measured.fit.fits or not measured.enforced:
            break
        if max_chars <= MIN_TRANSCRIPT_CHARS:
            return SummaryResult(
                None,
                chosen,
                message=_TOO_SMALL.format(model=model, tokens=window.context_tokens),
            )
        max_chars = max(MIN_TRANSCRIPT_CHARS, max_chars // 2)

    pieces: list[str] = []
    usage = Usage()
    stream = RetryingProvider(provider, retry_policy or RetryPolicy()).stream(request, stop)
    try:
        for delta in stream:
            if isinstance(delta, TextDelta):
                pieces.append(delta.text)
            elif isinstance(delta, UsageDelta):
                usage = usage.merged(delta.usage)
            if stop.is_set():
                break
    except ProviderError as exc:
        return SummaryResult(None, chosen, usage, _NOT_WRITTEN.format(model=model, exc=exc))
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    if stop.is_set():
        return SummaryResult(None, chosen, usage, _STOPPED)
    summary = "".join(pieces).strip()
    if not summary:
        return SummaryResult(None, chosen, usage, _EMPTY.format(model=model))
    replaced = estimate_text(chosen.transcript) + estimate_text(chosen.previous_summary)
    if estimate_text(summary) >= replaced:
        return SummaryResult(None, chosen, usage, _NOT_SHORTER)
    event = dataclasses.replace(chosen.event(summary, model, trigger), usage=usage)
    return SummaryResult(event, chosen, usage)


class ConversationCompactor:
    """Summarises a conversation's earlier turns on request (``/compact``) with the runtime's
    rules. ``summariser`` names the provider and model that write summaries when the caller
    names none (Settings → Context; ("", "") = the path's last turn's)."""

    def __init__(
        self,
        store: EventStore,
        providers: ProviderDirectory,
        guard: ContextGuard,
        *,
        summariser: Callable[[], tuple[str, str]] = lambda: ("", ""),
        retry_policy: RetryPolicy | None = None,
    ) -> None:
        self._store = store
        self._providers = providers
        self._guard = guard
        self._summariser = summariser
        self._retry_policy = retry_policy

    def compact(
        self,
        session_id: str,
        *,
        provider_id: str,
        model: str,
        cancel: threading.Event,
        leaf_turn_id: str | None = None,
    ) -> CompactionOutcome:
        """Summarise the earlier turns of the path to ``leaf_turn_id`` (None: the latest path)
        with ``provider_id``/``model`` ("" = the settings' compaction model, else the path's
        last turn's), keeping the last turn verbatim. Blocking."""
        try:
            events = list(self._store.events(session_id))
        except SessionNotFound:
            return CompactionOutcome(False, message=_NOTHING_YET)
        tree = BranchTree(events)
        if leaf_turn_id is not None and leaf_turn_id not in tree:
            return CompactionOutcome(False, message=_GONE)
        path = tree.path_through(leaf_turn_id)
        if not path:
            return CompactionOutcome(False, message=_NOTHING_YET)
        path_events = events_on_path(events, path)
        last_turn = path[-1]
        if not provider_id and not model:
            provider_id, model = self._summariser()
        if not provider_id and not model:
            started = next(
                (
                    s.event
                    for s in reversed(path_events)
                    if isinstance(s.event, TurnStarted) and s.turn_id == last_turn
                ),
                None,
            )
            if started is not None:
                provider_id, model = started.provider_id, started.model
        try:
            resolved = self._providers.resolve(provider_id)
        except ProviderError as exc:
            return CompactionOutcome(False, message=str(exc))
        model = model or resolved.default_model
        if not model:
            return CompactionOutcome(False, message=_NO_MODEL)
        window = self._guard.window_for(resolved.provider, resolved.name, model)
        result = summarise(
            events,
            path_events,
            "",
            provider=resolved.provider,
            provider_id=resolved.name,
            model=model,
            window=window,
            guard=self._guard,
            stop=cancel,
            keep_last_turns=1,
            summary_tokens=summary_budget(window.context_tokens),
            trigger="manual",
            retry_policy=self._retry_policy,
        )
        if result.event is None:
            message = result.message[:1].upper() + result.message[1:]
            return CompactionOutcome(False, message=f"{message}.", plan=result.plan)
        stored = self._store.append(session_id, last_turn, result.event, actor="runtime")
        turns = result.event.turns
        return CompactionOutcome(
            True,
            turns=turns,
            event_id=stored.id,
            message=f"Summarised {turns} earlier turn{'s' if turns != 1 else ''}.",
            plan=result.plan,
        )

"""What a turn sends must fit: measuring each call, compacting when it passes the threshold,
refusing what cannot fit, and the excerpts retrieved for large documents.

Why it exists: the runtime (``turn_runtime``) runs the steps; the decisions about the context —
is this request small enough, which turns to summarise, which attachment is searched instead of
sent, which excerpts go with the question — are made here, once, so the runtime's loop stays a
loop. Everything runs on the turn's worker thread.

The rules (issue 18, ADR-011):

- before every model call the rendered request is measured (``ContextGuard``) and a
  ``context_checked`` is recorded with the figures and the compaction it used;
- past the threshold of a *known* window (reported by the provider or from the table), the
  oldest turns are summarised (``compactor.summarise``: the last ``KEEP_LAST_TURNS`` turns kept),
  and again, folding, while it is still past it; when it does not fit even so, the recent turns
  are summarised too (keep none but the current one);
- a request that still does not fit is never sent: the turn fails with ``context_too_long`` and a
  message saying what to do; a compaction that fails leaves the log as it was (a notice says
  why) and the request goes out if it fits;
- on a window that is only a guess nothing is compacted or refused beforehand: the provider's own
  "too long" answer makes the runtime compact and try the call once more (``recover``);
- an attachment is searched instead of sent whole when the user chose so, when its text is over
  the attachment character limit, or when it would take more than ``WHOLE_SHARE`` of a known
  window; its text is indexed by sha256 and the turn records ``attachment_added(retrieval=True)``;
- each turn whose path holds searched attachments, or whose project has a knowledge folder,
  searches the index with the question and records ``retrieval_performed`` (possibly empty, with
  a note) before the first call; the excerpts are capped to ``EXCERPT_SHARE`` of the window.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from parley.application.conversations.compaction import KEEP_LAST_TURNS
from parley.application.conversations.compactor import summarise, summary_budget
from parley.application.conversations.context_guard import ContextGuard, Measured
from parley.application.conversations.context_window import ResolvedWindow
from parley.application.conversations.render import render_turn_request
from parley.application.conversations.retry import RetryPolicy
from parley.application.ports.chat_provider import (
    ChatRequest,
    ProviderDirectory,
    ProviderError,
    ResolvedProvider,
    ToolSpec,
)
from parley.application.ports.knowledge import KnowledgeError, KnowledgeIndex
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.branches import BranchTree, events_on_path
from parley.domain.transcript.canonical import (
    AttachmentAdded,
    ContextChecked,
    Event,
    Notice,
    RetrievalPerformed,
    StoredEvent,
    Usage,
    UserMessage,
)
from parley.domain.transcript.excerpts import Excerpt
from parley.domain.usage.token_estimate import estimate_text

log = logging.getLogger(__name__)

# What the window shows of a turn's context (``domain.texts``: marked for translation).
_SUMMARISER_MISSING = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "The model chosen to summarise earlier messages is not available "
    "({exc}); {model} writes the summary instead.",
)
_NOT_SUMMARISED = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "Earlier messages could not be summarised: {reason}. The conversation is unchanged.",
)
_NOT_SEARCHED = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "The documents could not be searched ({exc}); the model answers without excerpts.",
)
_TOO_LONG = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "This message does not fit {model}'s context window: the request needs about "
    "{needed:,} tokens, and {available:,} are available "
    "({window:,} in the window, {reserved:,} kept for the answer), even after "
    "summarising the earlier conversation. Nothing was sent. Shorten the message, remove an "
    "attachment or have it searched instead of sent whole (its menu), or choose a model "
    "with a larger window.",
)

#: ``TurnOutcome.error_kind`` of a turn whose request cannot fit the model's window.
CONTEXT_TOO_LONG = "context_too_long"
#: A document taking more than this share of a known window's prompt room is searched instead.
WHOLE_SHARE = 0.5
#: The excerpts of one turn may take this share of a known window's prompt room at most (the
#: first excerpt always goes).
EXCERPT_SHARE = 0.3
#: Without a known window, the excerpts of one turn are capped at this many characters.
EXCERPT_CHARS_UNKNOWN = 24_000
#: A question shorter than this many words is searched with the previous question too
#: ("and the next page?" says little on its own).
SHORT_QUERY_WORDS = 4
#: At most this many compactions before one call (each folds the one before).
MAX_COMPACTIONS = 4
#: The provider is asked for the model's window only once something a turn sends is larger than
#: this (tokens): below it no real window can matter, and a short chat costs no extra request.
ASK_FLOOR = 1_024


class ContextTooLong(Exception):
    """The request cannot fit the window even after compacting; ``str`` is for the user."""

    kind = CONTEXT_TOO_LONG


class TurnLog(Protocol):
    """What of the running turn this module uses (``turn_runtime.turn._Turn``)."""

    request: ConversationExecutionRequest
    history: list[StoredEvent] | None
    #: The window the turn works with so far, and whether the provider was asked for it.
    window: ResolvedWindow | None
    window_asked: bool

    def append(self, event: Event) -> StoredEvent: ...

    def add_usage(self, usage: Usage) -> None: ...


@dataclass(frozen=True)
class Prepared:
    """A request ready to send and how it measured."""

    request: ChatRequest
    measured: Measured


class TurnContext:
    """The context decisions for the turns of one runtime (thread-safe: it keeps nothing of a
    turn; the guard it holds is)."""

    def __init__(
        self,
        guard: ContextGuard,
        providers: ProviderDirectory,
        *,
        knowledge: KnowledgeIndex | None = None,
        retry_policy: RetryPolicy | None = None,
        image_loader: Callable[[str], bytes] | None = None,
    ) -> None:
        self.guard = guard
        self.knowledge = knowledge
        self._providers = providers
        self._retry_policy = retry_policy
        self._image_loader = image_loader

    # -- the window and each call ----------------------------------------------------------

    def window(
        self, turn: TurnLog, resolved: ResolvedProvider, model: str, tokens: int = 0
    ) -> ResolvedWindow:
        """The turn's window for something of ``tokens`` tokens: the table's (or the guess) at
        first; the provider's once ``tokens`` passes ``ASK_FLOOR`` (asked once a turn, and the
        adapter caches it: may block briefly)."""
        if turn.window is None or (tokens > ASK_FLOOR and not turn.window_asked):
            ask = tokens > ASK_FLOOR
            turn.window = self.guard.window_for(resolved.provider, resolved.name, model, ask=ask)
            turn.window_asked = ask
        return turn.window

    def render(
        self, turn: TurnLog, model: str, specs: Sequence[ToolSpec]
    ) -> tuple[ChatRequest, int]:
        rendered = render_turn_request(
            turn.history or (),
            current_turn_id=turn.request.turn_id,
            model=model,
            image_loader=self._image_loader,
        )
        return dataclasses.replace(rendered.request, tools=tuple(specs)), rendered.compaction_id

    def prepare(
        self,
        turn: TurnLog,
        resolved: ResolvedProvider,
        model: str,
        specs: Sequence[ToolSpec],
        stop: threading.Event,
    ) -> Prepared:
        """The next call's request, compacted first when it must be; records
        ``context_checked``. Raises ``ContextTooLong`` for a request that cannot fit."""
        request = turn.request
        chat_request, compaction_id = self.render(turn, model, specs)
        window = self.window(turn, resolved, model)
        measured = self._measure(chat_request, window, resolved, request.context_threshold)
        if measured.fit.prompt_tokens > ASK_FLOOR and not turn.window_asked:
            window = self.window(turn, resolved, model, measured.fit.prompt_tokens)
            measured = self._measure(chat_request, window, resolved, request.context_threshold)
        keep = KEEP_LAST_TURNS
        for _attempt in range(MAX_COMPACTIONS):
            if stop.is_set() or not (measured.enforced and measured.fit.needs_compaction):
                break
            compacted = self.compact(turn, resolved, model, window, stop, keep)
            if not compacted:
                if keep > 0 and not measured.fit.fits:
                    keep = 0  # the recent turns too, rather than not sending at all
                    continue
                break
            before = measured.fit.prompt_tokens
            chat_request, compaction_id = self.render(turn, model, specs)
            measured = self._measure(chat_request, window, resolved, request.context_threshold)
            if measured.fit.prompt_tokens >= before:
                # Summarising what is left did not shrink the request (what does not fit is
                # the current turn itself): another summary would only cost another call.
                if keep > 0 and not measured.fit.fits:
                    keep = 0
                    continue
                break
        fit = measured.fit
        # Recorded even when the request is refused: the gauge and the History then show by how
        # much it did not fit.
        turn.append(
            ContextChecked(
                window=fit.window,
                prompt_tokens=fit.prompt_tokens,
                window_source=window.source,
                estimated_tokens=measured.raw_tokens,
                reserved_output=fit.reserved_output,
                compaction_id=compaction_id,
            )
        )
        if measured.enforced and not fit.fits and not stop.is_set():
            raise ContextTooLong(_too_long_message(measured, model))
        return Prepared(chat_request, measured)

    def _measure(
        self,
        chat_request: ChatRequest,
        window: ResolvedWindow,
        resolved: ResolvedProvider,
        threshold: float,
    ) -> Measured:
        return self.guard.measure(
            chat_request, window, provider_id=resolved.name, threshold=threshold
        )

    def learn(
        self, resolved: ResolvedProvider, model: str, measured: Measured, usage: Usage
    ) -> None:
        """What the provider reported for the call ``measured`` described."""
        self.guard.learn(resolved.name, model, measured.raw_tokens, usage.input_tokens)

    def recover(
        self,
        turn: TurnLog,
        resolved: ResolvedProvider,
        model: str,
        stop: threading.Event,
        *,
        error: str,
        sent: Measured,
    ) -> bool:
        """The provider said the request ``sent`` was too long (the window was a guess, or
        wrong): learn the window it accepts (the limit its message names, else three quarters
        of what was sent), and summarise everything before the current turn with it. True when
        a compaction was recorded (the call may be tried once more)."""
        named = named_limit(error)
        if named and named >= sent.fit.prompt_tokens and sent.raw_tokens:
            # It refused more than the limit it names, so the estimate was low: learn that.
            self.guard.learn(resolved.name, model, sent.raw_tokens, int(named * 1.1))
        limit = named or min(int(sent.fit.prompt_tokens * 0.75), sent.fit.window)
        limit = max(256, limit)
        output = min(sent.window.max_output_tokens, limit // 4)
        learned = ResolvedWindow(limit, output, "provider")
        self.guard.learn_window(resolved.name, model, learned)
        turn.window, turn.window_asked = learned, True
        return self.compact(turn, resolved, model, learned, stop, keep_last_turns=0)

    def compact(
        self,
        turn: TurnLog,
        resolved: ResolvedProvider,
        model: str,
        window: ResolvedWindow,
        stop: threading.Event,
        keep_last_turns: int = KEEP_LAST_TURNS,
    ) -> bool:
        """Summarise the oldest turns of the current turn's path and record the compaction in
        this turn. False (and a notice when a summary was attempted) when nothing was recorded."""
        request = turn.request
        summariser, summary_model = resolved, model
        if request.compaction_provider_id or request.compaction_model:
            try:
                summariser = self._providers.resolve(request.compaction_provider_id)
                summary_model = request.compaction_model or summariser.default_model or model
            except ProviderError as exc:
                turn.append(
                    Notice(
                        _SUMMARISER_MISSING.format(exc=exc, model=model),
                        level="warning",
                    )
                )
                summariser, summary_model = resolved, model
        summary_window = (
            window
            if summariser.name == resolved.name and summary_model == model
            else self.guard.window_for(summariser.provider, summariser.name, summary_model)
        )
        events = turn.history or []
        tree = BranchTree(events)
        path = tree.path_to(request.turn_id) if request.turn_id in tree else ()
        path_events = events_on_path(events, path)
        result = summarise(
            events,
            path_events,
            request.turn_id,
            provider=summariser.provider,
            provider_id=summariser.name,
            model=summary_model,
            window=summary_window,
            guard=self.guard,
            stop=stop,
            keep_last_turns=keep_last_turns,
            summary_tokens=summary_budget(window.context_tokens),
            retry_policy=self._retry_policy,
        )
        turn.add_usage(result.usage)
        if result.event is not None:
            turn.append(result.event)
            return True
        if result.plan is not None and not stop.is_set():
            turn.append(
                Notice(
                    _NOT_SUMMARISED.format(reason=result.message),
                    level="warning",
                )
            )
        return False

    # -- attachments and excerpts ----------------------------------------------------------

    def searched_instead(
        self,
        turn: TurnLog,
        resolved: ResolvedProvider,
        model: str,
        path: object,
        text: str,
        over_cap: bool,
    ) -> bool:
        """Whether an attachment's ``text`` is searched instead of sent whole (module rules)."""
        if self.knowledge is None or not text:
            return False
        if over_cap or path in turn.request.retrieval_attachments:
            return True
        tokens = estimate_text(text)
        window = self.window(turn, resolved, model, tokens)
        if window.source == "guess":
            return False
        room = window.context_tokens - min(window.max_output_tokens, window.context_tokens // 4)
        return tokens > WHOLE_SHARE * room

    def retrieve(
        self, turn: TurnLog, resolved: ResolvedProvider, model: str, stop: threading.Event
    ) -> None:
        """Search the turn's documents with its question and record ``retrieval_performed``
        (nothing when the turn has nothing to search)."""
        if self.knowledge is None:
            return
        request = turn.request
        events = turn.history or []
        tree = BranchTree(events)
        path = tree.path_to(request.turn_id) if request.turn_id in tree else ()
        path_events = events_on_path(events, path)
        documents = tuple(
            dict.fromkeys(
                s.event.sha256
                for s in path_events
                if isinstance(s.event, AttachmentAdded) and s.event.retrieval and s.event.sha256
            )
        )
        collections = request.knowledge_collections
        if not documents and not collections:
            return
        query = _query(request, path_events)
        if not query:
            return
        try:
            found = self.knowledge.search(
                query, documents=documents, collections=collections, limit=request.retrieval_limit
            )
        except KnowledgeError as exc:
            turn.append(
                RetrievalPerformed(query=query, note=f"the index could not be searched: {exc}")
            )
            turn.append(
                Notice(
                    _NOT_SEARCHED.format(exc=exc),
                    level="warning",
                )
            )
            return
        if stop.is_set():
            return
        # The excerpts' share of the window, in (calibrated) tokens; a guessed window caps them
        # in characters instead. The first excerpt always goes (a chunk is ~1,500 characters).
        sizes = [len(chunk.text) for chunk in found.chunks]
        budget = EXCERPT_CHARS_UNKNOWN
        window = self.window(turn, resolved, model, sum(sizes) // 3)
        if window.source != "guess":
            calibration = self.guard.calibration(resolved.name, model)
            room = window.context_tokens - min(window.max_output_tokens, window.context_tokens // 4)
            budget = int(EXCERPT_SHARE * room)
            sizes = [calibration.corrected(estimate_text(c.text)) for c in found.chunks]
        excerpts: list[Excerpt] = []
        used = 0
        for chunk, size in zip(found.chunks, sizes, strict=True):
            if excerpts and used + size > budget:
                break
            excerpts.append(
                Excerpt(
                    number=len(excerpts) + 1,
                    document=chunk.document,
                    name=chunk.name,
                    text=chunk.text,
                    location=chunk.location,
                    unit=chunk.unit,
                    unit_number=chunk.number,
                    score=round(chunk.score, 6),
                    source_path=chunk.source_path,
                )
            )
            used += size
        notes = [found.note] if found.note else []
        if request.knowledge_incomplete:
            notes.append(
                "the project's knowledge folder was still being indexed: what was indexed so far "
                "was searched"
            )
        if not excerpts:
            notes.append("nothing in the documents matched the question")
        note = "; ".join(notes)
        turn.append(
            RetrievalPerformed(
                query=query,
                excerpts=tuple(e.to_mapping() for e in excerpts),
                method=found.method,
                note=note,
            )
        )


def _query(request: ConversationExecutionRequest, path_events: Sequence[StoredEvent]) -> str:
    """The question to search with: the typed text, and the previous question too when it is
    short (a follow-up)."""
    query = request.prompt.strip()
    if len(query.split()) >= SHORT_QUERY_WORDS:
        return query
    earlier = [
        s.event.text
        for s in path_events
        if isinstance(s.event, UserMessage) and s.turn_id != request.turn_id
    ]
    if earlier:
        query = f"{earlier[-1].strip()} {query}".strip()
    return query


#: Where providers' "too long" messages name the window, most specific first: Anthropic's
#: "208310 tokens > 200000 maximum" and Mistral's "32768 maximum context length"; OpenAI's and
#: vLLM's "maximum context length is 4096 tokens", Gemini's "maximum number of tokens allowed
#: (1048576)"; llama.cpp's "the available context size (4096 tokens)".
_LIMITS = (
    re.compile(r"(\d[\d,]{2,9})\s*(?:tokens\s*)?maximum", re.IGNORECASE),
    re.compile(
        r"maximum (?:context length|number of tokens allowed|context|input tokens)\D{0,30}?"
        r"(\d[\d,]{2,9})",
        re.IGNORECASE,
    ),
    re.compile(r"context (?:size|length|window)\D{0,30}?(\d[\d,]{2,9})", re.IGNORECASE),
)


def named_limit(error: str) -> int:
    """The window a provider's "too long" message names, else 0 (see ``_LIMITS``)."""
    for pattern in _LIMITS:
        match = pattern.search(error)
        if match is not None:
            value = int(match.group(1).replace(",", ""))
            if value >= 256:
                return value
    return 0


def _too_long_message(measured: Measured, model: str) -> str:
    fit = measured.fit
    return _TOO_LONG.format(
        model=model,
        needed=fit.prompt_tokens,
        available=fit.prompt_limit,
        window=fit.window,
        reserved=fit.reserved_output,
    )

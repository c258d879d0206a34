"""``TurnRuntime``: the steps of one turn, from the frozen request to its ``turn_finished``.

Part of the ``turn_runtime`` feature: the invariants it keeps are listed in the feature's
``__init__``; the turn's bookkeeping is ``turn.py``, how it stops early ``stops.py``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path

from parley.application.conversations.context_guard import ContextGuard
from parley.application.conversations.outcome import TurnOutcome, derive_title
from parley.application.conversations.retry import RetryingProvider, RetryPolicy
from parley.application.conversations.tool_call_accumulator import ToolCallAccumulator
from parley.application.conversations.turn_context import ContextTooLong, Prepared, TurnContext
from parley.application.conversations.turn_runtime.stops import (
    NO_TOOLS,
    NOT_SAVED,
    STEP_LIMIT,
    _AnswerTooLong,
    _Stopped,
    _StopSignal,
    _TextNotSaved,
    _TurnFailure,
    _Unfinished,
)
from parley.application.conversations.turn_runtime.turn import (
    FLUSH_AFTER_S,
    NullListener,
    TurnListener,
    _Flusher,
    _ReasoningBlocks,
    _Turn,
    _TurnTools,
)
from parley.application.ports.attachments import (
    AttachmentLimits,
    AttachmentReader,
    ExtractedAttachment,
)
from parley.application.ports.chat_provider import (
    FinishDelta,
    ProviderDirectory,
    ProviderError,
    ReasoningDelta,
    RefusalDelta,
    ResolvedProvider,
    RetryDelta,
    TextDelta,
    ToolCallDelta,
    UsageDelta,
)
from parley.application.ports.event_store import EventStore
from parley.application.ports.knowledge import (
    DocumentText,
    KnowledgeError,
    KnowledgeIndex,
    KnowledgeLimits,
)
from parley.application.ports.settings_store import DEFAULT_MAX_ANSWER_CHARS
from parley.application.ports.tools import PermissionAsker
from parley.application.providers.vision import accepts_images, vision_refusal
from parley.application.tools.mcp_tools import McpToolbox, McpTurn, run_mcp_block
from parley.application.tools.specs import advertised_tools, tool_specs
from parley.application.tools.toolbox import NobodyToAsk, Toolbox, ToolTurnState, run_tool_block
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.attachments import problem_with_name
from parley.domain.transcript.branches import BranchTree, follows_for_new_turn, follows_for_sibling
from parley.domain.transcript.canonical import (
    AssistantText,
    AttachmentAdded,
    Notice,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)

log = logging.getLogger(__name__)

#: Where a turn's files go on success when the request names no ``home_output_root``.
DEFAULT_OUTPUT_FOLDER = "parley-output"

_FINISH_NOTICES = {
    "length": QT_TRANSLATE_NOOP(
        "TurnOutcome", "The answer was cut off: the model reached its output token limit."
    ),
    "content_filter": QT_TRANSLATE_NOOP(
        "TurnOutcome", "The provider's content filter stopped this answer."
    ),
}

# What a person reads of a turn's end, marked for the window's language (``domain.texts``).
_INTERNAL_ERROR = QT_TRANSLATE_NOOP("TurnOutcome", "internal error: {kind}: {exc}")
_INTERRUPTED = QT_TRANSLATE_NOOP("TurnOutcome", "the turn was interrupted before it finished")
_NO_MODEL = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "no model chosen for provider {provider!r}: pick one in the model picker, "
    "pass --model, or set the provider's default model",
)
_TIMED_OUT = QT_TRANSLATE_NOOP("TurnOutcome", "the turn ran longer than its limit of {limit} s")
_RETRYING = QT_TRANSLATE_NOOP(
    "TurnOutcome", "Retrying in {wait} s (attempt {attempt} of {attempts}): {reason}"
)
_NO_TOOLS_NOTICE = QT_TRANSLATE_NOOP(
    "TurnOutcome", "The model asked to use a tool, but no tools are enabled for this turn."
)
_NO_TOOLS_TASK = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "the task did not finish: the model asked to use a tool, but this "
    "task offers none (give it a workspace and tools, or an MCP server)",
)
_STEP_LIMIT_NOTICE = QT_TRANSLATE_NOOP(
    "TurnOutcome", "Stopped after {steps} steps (the step limit)."
)
_STEP_LIMIT_TASK = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "the task did not finish within its {steps} steps "
    "(completion_max_steps): the model was still calling tools; what it did so far "
    "is recorded",
)
_NO_ATTACHMENTS = QT_TRANSLATE_NOOP(
    "TurnOutcome", "this installation of Parley cannot read attachments"
)
_TURN_BYTES = QT_TRANSLATE_NOOP(
    "TurnOutcome", "the files of one message may add up to {megabytes} MB at most"
)
_UNUSABLE = {
    (True, False): QT_TRANSLATE_NOOP(
        "TurnOutcome",
        "could not use the attachment — {problems}. Nothing was sent to the model; "
        "remove or replace the file and send again.",
    ),
    (False, False): QT_TRANSLATE_NOOP(
        "TurnOutcome",
        "could not use these attachments — {problems}. Nothing was sent to the model; "
        "remove or replace the file and send again.",
    ),
    (True, True): QT_TRANSLATE_NOOP(
        "TurnOutcome",
        "could not use the attachment — {problems}. Nothing was sent to the model; "
        "remove or replace the attachment and send again.",
    ),
    (False, True): QT_TRANSLATE_NOOP(
        "TurnOutcome",
        "could not use these attachments — {problems}. Nothing was sent to the model; "
        "remove or replace the attachment and send again.",
    ),
}
_KEYWORDS_ONLY = QT_TRANSLATE_NOOP(
    "TurnOutcome", "{name} is searched by keywords only: the embedding model failed ({exc})."
)
_NOT_INDEXED_CUT = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "{name} could not be indexed for searching ({exc}); "
    "its first {chars:,} characters are sent instead.",
)
_NOT_INDEXED_WHOLE = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "{name} could not be indexed for searching ({exc}); it is sent whole instead.",
)
_NO_MCP_CLIENT = QT_TRANSLATE_NOOP(
    "TurnOutcome", "{name} ({uri}): this installation of Parley has no MCP client"
)
_SAVED_FILES = QT_TRANSLATE_NOOP("TurnOutcome", "Saved {count} file(s) to {destination}: {names}.")
_SAVED_FILES_MORE = QT_TRANSLATE_NOOP(
    "TurnOutcome", "Saved {count} file(s) to {destination}: {names} and {more} more."
)
_FILES_KEPT = QT_TRANSLATE_NOOP(
    "TurnOutcome",
    "The turn did not complete; the files it wrote are kept for inspection in {sandbox}.",
)
_FILES_NOT_COPIED = QT_TRANSLATE_NOOP(
    "TurnOutcome", "Could not copy the turn's files ({exc}); they are in {sandbox}."
)


class TurnRuntime:
    """Runs ``ConversationExecutionRequest`` s against a provider and an event store."""

    def __init__(
        self,
        store: EventStore,
        providers: ProviderDirectory,
        *,
        clock: Callable[[], float] = time.monotonic,
        retry_policy: RetryPolicy | None = None,
        toolbox: Toolbox | None = None,
        attachments: AttachmentReader | None = None,
        attachment_limits: AttachmentLimits | None = None,
        image_loader: Callable[[str], bytes] | None = None,
        flush_after_s: float | None = FLUSH_AFTER_S,
        max_answer_chars: int = DEFAULT_MAX_ANSWER_CHARS,
        mcp: McpToolbox | None = None,
        context: ContextGuard | None = None,
        knowledge: KnowledgeIndex | None = None,
    ) -> None:
        """``flush_after_s``: how long shown text may wait before the flusher checkpoints it
        (``None``: no flusher, only the cadence as text arrives — for tests of that cadence).
        ``max_answer_chars``: the most answer text one turn reads (see the module docstring).
        ``mcp``: the MCP servers' tools, offered to turns whose request names servers
        (``application/tools/mcp_tools.py``). ``context``: the measure of requests against
        windows (one per runtime: it keeps what calls taught it); ``knowledge``: the index that
        large attachments and knowledge folders are searched in (None: every attachment is sent
        whole, capped)."""
        if max_answer_chars < 1:
            raise ValueError("max_answer_chars must be at least 1")
        self._max_answer_chars = max_answer_chars
        self._store = store
        self._flush_after_s = flush_after_s
        self._providers = providers
        self._clock = clock
        self._retry_policy = retry_policy or RetryPolicy()
        self._toolbox = toolbox
        self._attachments = attachments
        self._attachment_limits = attachment_limits or AttachmentLimits()
        self._image_loader = image_loader
        self._mcp = mcp
        self._context = TurnContext(
            context or ContextGuard(),
            providers,
            knowledge=knowledge,
            retry_policy=self._retry_policy,
            image_loader=image_loader,
        )
        if knowledge is not None:
            # Read whole (up to the index's limit): what is too large to send is searched.
            self._attachment_limits = dataclasses.replace(
                self._attachment_limits,
                max_chars=max(self._attachment_limits.max_chars, KnowledgeLimits().max_chars),
            )
        self._send_limit = (attachment_limits or AttachmentLimits()).max_chars

    @property
    def attachment_reader(self) -> AttachmentReader | None:
        """The reader this runtime uses (the composition root closes it on shutdown; the window
        reads a file with it as soon as it is attached, so Send finds it read)."""
        return self._attachments

    @property
    def attachment_limits(self) -> AttachmentLimits:
        """The limits this runtime reads attachments with (a read made ahead uses the same)."""
        return self._attachment_limits

    @property
    def context(self) -> ContextGuard:
        """The measure of requests (``/compact`` uses the same, so it learns the same)."""
        return self._context.guard

    def run(
        self,
        request: ConversationExecutionRequest,
        cancel: threading.Event | None = None,
        listener: TurnListener | None = None,
        *,
        asker: PermissionAsker | None = None,
    ) -> TurnOutcome:
        """Run the turn to its end on this thread and return how it ended.

        ``asker`` is who answers this turn's permission questions (the window that started it,
        the terminal of ``parley ask``); it travels with the turn, so turns running at once on
        one runtime each ask their own person. ``None``: nobody can answer, so what needs asking
        is denied."""
        listener = listener or NullListener()
        cancel = cancel or threading.Event()
        started_at = self._clock()
        deadline = None if request.timeout_sec is None else started_at + request.timeout_sec
        stop = _StopSignal(cancel, deadline, self._clock)
        turn = _Turn(self._store, request, listener, self._clock)
        turn.asker = asker if asker is not None else NobodyToAsk()

        resolved: ResolvedProvider | None = None
        resolve_error = ""
        try:
            resolved = self._providers.resolve(request.provider_id)
        except ProviderError as exc:
            resolve_error = str(exc)
        except Exception as exc:  # still record the turn (and the user's message) as failed
            log.exception("resolving provider %r failed", request.provider_id)
            resolve_error = _INTERNAL_ERROR.format(kind=type(exc).__name__, exc=exc)
        provider_id = resolved.name if resolved else request.provider_id
        model = request.model or (resolved.default_model if resolved else "")

        # Record first: nothing below may lose the user's message.
        new_title = self._ensure_session(request)
        if new_title is not None:
            turn.history = []  # a new conversation: created with the turn's first records
        # The log is read once per turn (here, before anything is appended); what the turn
        # appends is added to it as it goes, so each model call renders from memory.
        turn.load_history()
        follows = request.follows_turn_id
        if follows is None:  # resolved now, so the record is explicit
            tree = BranchTree(turn.history or ())
            retry_of = str(request.extras.get("retry_of") or "")
            if retry_of in tree:  # a retry replaces the failed turn: its sibling
                follows = follows_for_sibling(tree, retry_of)
            else:  # after the latest path
                follows = follows_for_new_turn(tree, None)
        turn.append_many(
            _turn_started(request, provider_id, model, follows),
            UserMessage(text=request.prompt, source=str(request.extras.get("source", "user"))),
            new_session=(new_title, request.project_id) if new_title is not None else None,
        )
        flusher = _Flusher(turn, self._flush_after_s) if self._flush_after_s is not None else None

        # Pessimistic until proven otherwise: if something outside Exception (KeyboardInterrupt,
        # SystemExit) tears through, the record still says the turn did not complete.
        status, error = "failed", _INTERRUPTED
        error_kind = "interrupted"
        try:
            if resolved is None:
                raise ProviderError(resolve_error)
            if not model:
                raise ProviderError(_NO_MODEL.format(provider=provider_id))
            self._read_attachments(turn, stop, resolved, model)
            self._context.retrieve(turn, resolved, model, stop)
            self._run_steps(turn, resolved, model, stop)
            status, error, error_kind = "completed", "", ""
        except _TextNotSaved as exc:
            status, error, error_kind = "failed", str(exc), NOT_SAVED
        except _Stopped:
            status = "timed_out" if stop.timed_out() and not cancel.is_set() else "cancelled"
            error, error_kind = "", ""
            if status == "timed_out":
                error = _TIMED_OUT.format(limit=f"{request.timeout_sec:g}")
                error_kind = "timeout"
        except ProviderError as exc:
            status, error = "failed", str(exc) or type(exc).__name__
            error_kind = exc.kind
        except (_TurnFailure, ContextTooLong) as exc:
            status, error, error_kind = "failed", str(exc) or type(exc).__name__, exc.kind
        except Exception as exc:  # the record must close whatever went wrong
            log.exception("turn %s failed unexpectedly", request.turn_id)
            status, error = "failed", _INTERNAL_ERROR.format(kind=type(exc).__name__, exc=exc)
            error_kind = "internal"
        finally:
            if flusher is not None:
                flusher.stop()  # no checkpoint may follow the closing records
            # If the store refuses writes still, the outcome says what is kept where.
            with contextlib.suppress(_TextNotSaved):
                self._settle_outputs(turn, status)
            duration = round(self._clock() - started_at, 6)
            if not turn.unsaved:
                # Not when text was refused: turn_finished drops the turn's checkpoints, and
                # an open turn is what the next start closes with its kept text.
                finished = TurnFinished(
                    status=status,
                    usage=turn.usage,
                    duration_s=duration,
                    error=error,
                    error_kind=error_kind,
                )
                turn.append(finished)
        return TurnOutcome(
            session_id=request.session_id,
            turn_id=request.turn_id,
            status=status,
            text=turn.answer,
            usage=turn.usage,
            duration_s=duration,
            error=error,
            provider_id=provider_id,
            model=model,
            error_kind=error_kind,
            unsaved=turn.unsaved,
        )

    # -- steps -------------------------------------------------------------------------------

    def _run_steps(
        self, turn: _Turn, resolved: ResolvedProvider, model: str, stop: _StopSignal
    ) -> None:
        request = turn.request
        tools = turn.tools = self._tools_for(request)
        specs = tool_specs(tools.advertised) if tools else ()
        mcp = self._mcp_for(turn, stop)
        if mcp is not None:
            specs = (*specs, *mcp.specs)
        turn.load_history()  # already read in run(); kept for callers that skip it
        recovered = False  # the provider said "too long" once, and earlier turns were summarised
        for _step in range(request.effective_max_steps):
            if stop.is_set():
                raise _Stopped
            prepared: Prepared = self._context.prepare(turn, resolved, model, specs, stop)
            if stop.is_set():
                raise _Stopped
            chat_request = prepared.request
            pieces: list[str] = []
            reasoning = _ReasoningBlocks()
            calls = ToolCallAccumulator()
            finish_reason = ""
            provider = RetryingProvider(resolved.provider, self._retry_policy)
            kind = provider.kind
            # One call reports its counts as they grow (merged); the turn's usage is the sum of
            # its calls (a tool loop makes several), added when the call ends, however it ends.
            call_usage = Usage()
            stream = provider.stream(chat_request, stop)
            try:
                for delta in stream:
                    if isinstance(delta, (TextDelta, RefusalDelta)):
                        room = self._max_answer_chars - turn.streamed_chars
                        piece = delta.text[:room]  # the limit's worth exactly, never more
                        if piece:
                            pieces.append(piece)
                            turn.streamed_chars += len(piece)
                            turn.text(piece)
                        if len(delta.text) > room:
                            raise _AnswerTooLong(self._max_answer_chars)
                    elif isinstance(delta, ReasoningDelta):
                        room = self._max_answer_chars - turn.streamed_chars
                        reasoning.add(dataclasses.replace(delta, text=delta.text[:room]))
                        turn.streamed_chars += min(len(delta.text), room)
                        turn.reasoning(delta.text[:room])
                        if len(delta.text) > room:
                            raise _AnswerTooLong(self._max_answer_chars)
                    elif isinstance(delta, UsageDelta):
                        call_usage = call_usage.merged(delta.usage)
                    elif isinstance(delta, FinishDelta):
                        finish_reason = delta.reason
                    elif isinstance(delta, ToolCallDelta):
                        # An unfinished call is never run, so a cut fragment is not kept either.
                        turn.streamed_chars += len(delta.arguments_fragment)
                        if turn.streamed_chars > self._max_answer_chars:
                            raise _AnswerTooLong(self._max_answer_chars)
                        calls.add(delta)
                    elif isinstance(delta, RetryDelta):
                        turn.append(
                            Notice(
                                text=_RETRYING.format(
                                    wait=f"{delta.wait_s:g}",
                                    attempt=delta.attempt,
                                    attempts=delta.max_attempts,
                                    reason=delta.reason,
                                ),
                                level="warning",
                            )
                        )
                    if stop.is_set():
                        break
            except ProviderError as exc:
                if (
                    exc.kind == "context_too_long"
                    and not recovered
                    and not pieces
                    and not calls
                    and self._context.recover(
                        turn, resolved, model, stop, error=str(exc), sent=prepared.measured
                    )
                ):
                    recovered = True  # summarised: the same step once more, shorter
                    continue
                turn.keep_reasoning(reasoning, model, kind)
                turn.keep_partial("".join(pieces), model)
                raise
            except BaseException:  # a provider error, or anything else: what was shown is kept
                turn.keep_reasoning(reasoning, model, kind)
                turn.keep_partial("".join(pieces), model)
                raise
            finally:
                # Stop reading the provider now, however the loop ended: closing the generator
                # closes the HTTP response (the adapter's ``finally``), not whenever it is
                # collected — an endless stream left open would keep its connection busy.
                close = getattr(stream, "close", None)
                if close is not None:
                    close()
                turn.add_usage(call_usage)
                self._context.learn(resolved, model, prepared.measured, call_usage)
            turn.keep_reasoning(reasoning, model, kind)
            if stop.is_set():
                turn.keep_partial("".join(pieces), model)
                raise _Stopped
            text = "".join(pieces)
            if text or not calls:
                turn.append(AssistantText(text=text, model=model, finish_reason=finish_reason))
            if finish_reason in _FINISH_NOTICES:
                turn.append(Notice(text=_FINISH_NOTICES[finish_reason], level="warning"))
            if not calls:
                return
            if tools is None and mcp is not None:
                run_mcp_block(
                    mcp,
                    request,
                    calls.finish_each(),
                    append=turn.append,
                    stop=stop,
                    model=model,
                    asker=turn.asker,
                )
                continue
            if tools is None:
                # Nothing was advertised, so a model that calls a tool anyway is not answered
                # and the turn ends here; the user sees why.
                turn.append(
                    Notice(
                        text=_NO_TOOLS_NOTICE,
                        level="warning",
                    )
                )
                if request.run_to_completion:
                    # A task is complete only when the model gives its final answer.
                    raise _Unfinished(_NO_TOOLS_TASK, NO_TOOLS)
                return
            run_tool_block(
                tools.toolbox,
                request,
                tools.state,
                calls.finish_each(),
                append=turn.append,
                stop=stop,
                model=model,
                asker=turn.asker,
                mcp=mcp,
            )
        turn.append(
            Notice(
                text=_STEP_LIMIT_NOTICE.format(steps=request.effective_max_steps),
                level="warning",
            )
        )
        if request.run_to_completion:
            # Completion is the model's final answer (a step without tool calls): a task that
            # is still calling tools at its cap did not complete, and its record says so.
            raise _Unfinished(
                _STEP_LIMIT_TASK.format(steps=request.completion_max_steps), STEP_LIMIT
            )

    def _read_attachments(
        self, turn: _Turn, stop: _StopSignal, resolved: ResolvedProvider, model: str
    ) -> None:
        """Read the turn's files, then its MCP resources, on this (worker) thread, one
        ``attachment_added`` each.

        A file or resource that cannot be used fails the turn before the model is called, naming
        every such one: sending the question without the document it is about would mislead the
        model.
        """
        request = turn.request
        if not request.attachments and not request.mcp_resources:
            return
        if request.attachments and self._attachments is None:
            raise _TurnFailure(_NO_ATTACHMENTS)
        limits = self._attachment_limits
        total = 0
        problems: list[str] = []
        for path in request.attachments:
            assert self._attachments is not None  # checked above
            if stop.is_set():
                raise _Stopped
            item = self._attachments.read(path, limits, stop)
            if item.error_kind == "cancelled":
                raise _Stopped  # the turn was stopped mid-read: nothing half-read is recorded
            total += item.size
            if item.ok and total > limits.max_turn_bytes:
                item = dataclasses.replace(
                    item,
                    error_kind="too_large",
                    error=_TURN_BYTES.format(megabytes=limits.max_turn_bytes // (1024 * 1024)),
                )
            kind = getattr(resolved.provider, "kind", "")
            # Only a model known to be text-only is refused; an unknown one gets the image and
            # the provider decides (a wrong refusal would block the user for nothing).
            if item.ok and item.image_media_type and accepts_images(kind, model) is False:
                item = dataclasses.replace(
                    item, error_kind="vision", error=vision_refusal(model, kind)
                )
            searched = False
            if item.ok and not item.image_media_type:
                item, searched = self._search_or_send(turn, resolved, model, path, item, stop)
            turn.append(
                AttachmentAdded(
                    name=item.name,
                    sha256=item.sha256,
                    media_type=item.media_type,
                    size=item.size,
                    extractor=item.extractor,
                    chars=item.chars,
                    truncated=item.truncated,
                    error=item.error,
                    text=item.text,
                    units=item.units,
                    unit=item.unit,
                    image_media_type=item.image_media_type,
                    error_kind=item.error_kind,
                    source_path=str(path),
                    encoding=item.encoding,
                    encoding_confidence=item.encoding_confidence,
                    retrieval=searched,
                )
            )
            if not item.ok:
                problems.append(problem_with_name(item.name, item.error))
        problems.extend(self._read_mcp_resources(turn, stop))
        if stop.is_set():
            raise _Stopped
        if problems:
            template = _UNUSABLE[(len(problems) == 1, bool(request.mcp_resources))]
            raise _TurnFailure(template.format(problems="; ".join(problems)))

    def _search_or_send(
        self,
        turn: _Turn,
        resolved: ResolvedProvider,
        model: str,
        path: Path,
        item: ExtractedAttachment,
        stop: _StopSignal,
    ) -> tuple[ExtractedAttachment, bool]:
        """The attachment as it is recorded, and whether it is searched instead of sent whole
        (``turn_context``'s rule): a searched one is indexed now and recorded without its text.
        Indexing that fails sends the text capped, as before retrieval, and says so."""
        over_cap = len(item.text) > self._send_limit
        knowledge = self._context.knowledge
        if knowledge is None or not self._context.searched_instead(
            turn, resolved, model, path, item.text, over_cap
        ):
            return item, False
        try:
            knowledge.index_document(
                DocumentText(
                    sha256=item.sha256,
                    name=item.name,
                    text=item.text,
                    media_type=item.media_type,
                    unit=item.unit,
                    source_path=str(path),
                ),
                stop,
            )
        except KnowledgeError as exc:
            if exc.kind == "cancelled" or stop.is_set():
                raise _Stopped from exc
            if exc.kind == "embedding":
                # The words were indexed before the embedding model failed: keyword search works.
                turn.append(
                    Notice(
                        _KEYWORDS_ONLY.format(name=item.name, exc=exc),
                        level="warning",
                    )
                )
                return dataclasses.replace(item, text="", chars=len(item.text)), True
            turn.append(
                Notice(
                    (
                        _NOT_INDEXED_CUT.format(name=item.name, exc=exc, chars=self._send_limit)
                        if over_cap
                        else _NOT_INDEXED_WHOLE.format(name=item.name, exc=exc)
                    ),
                    level="warning",
                )
            )
            if over_cap:
                item = dataclasses.replace(item, text=item.text[: self._send_limit], truncated=True)
            return item, False
        return dataclasses.replace(item, text="", chars=len(item.text)), True

    def _read_mcp_resources(self, turn: _Turn, stop: _StopSignal) -> list[str]:
        """Read the turn's MCP resources on this (worker) thread, one ``attachment_added``
        each, after its files and under the same rule: the problems returned (one per resource
        that cannot be used, naming it and its server) fail the turn before the model is
        called. A Stop during a read records nothing for that resource and ends the turn."""
        refs = turn.request.mcp_resources
        problems: list[str] = []
        for ref in refs:
            if stop.is_set():
                raise _Stopped
            if self._mcp is None:
                item = AttachmentAdded(
                    name=ref.shown_name,
                    extractor=f"mcp:{ref.server}",
                    error=_NO_MCP_CLIENT.format(name=ref.shown_name, uri=ref.uri),
                    error_kind="unavailable",
                    source_path=ref.uri,
                    mcp_server=ref.server,
                    uri=ref.uri,
                )
            else:
                read = self._mcp.resource_attachment(ref, self._send_limit, stop)
                if read is None:
                    raise _Stopped  # stopped mid-read: nothing half-read is recorded
                item = read
            turn.append(item)
            if item.error_kind:
                problems.append(problem_with_name(item.name, item.error))
        return problems

    def _settle_outputs(self, turn: _Turn, status: str) -> None:
        """Hand the sandbox's files over on success; say where they stay otherwise."""
        tools = turn.tools
        if tools is None or not tools.state.snapshot.created:
            return
        context = tools.state.context
        try:
            if status == "completed":
                destination = turn.request.home_output_root or (
                    context.workspace / DEFAULT_OUTPUT_FOLDER
                )
                promoted = tools.toolbox.executor.promote(context, destination)
                if promoted:
                    names = ", ".join(p.name for p in promoted[:5])
                    saved = _SAVED_FILES_MORE if len(promoted) > 5 else _SAVED_FILES
                    turn.append(
                        Notice(
                            saved.format(
                                count=len(promoted),
                                destination=destination,
                                names=names,
                                more=len(promoted) - 5,
                            ),
                            files=tuple(str(p) for p in promoted),
                        )
                    )
            else:
                turn.append(
                    Notice(
                        _FILES_KEPT.format(sandbox=context.sandbox),
                        level="warning",
                    )
                )
        except Exception as exc:  # the record must close even if copying fails
            log.exception("could not hand over the files of turn %s", turn.request.turn_id)
            turn.append(
                Notice(
                    _FILES_NOT_COPIED.format(exc=exc, sandbox=context.sandbox),
                    level="error",
                )
            )

    def _tools_for(self, request: ConversationExecutionRequest) -> _TurnTools | None:
        """The tools this turn may use, with its snapshot taken once; None when it has none."""
        if self._toolbox is None or request.workspace is None:
            return None
        advertised = advertised_tools(request.allowed_tools, self._toolbox.enabled)
        if not advertised:
            return None
        context = self._toolbox.context_for(request)
        snapshot = self._toolbox.inspector.snapshot(
            workspace=context.workspace,
            sandbox=context.sandbox,
            advertised_tools=advertised,
            gate_mode=request.gate_mode,
            unattended=request.unattended,
        )
        return _TurnTools(self._toolbox, advertised, ToolTurnState(snapshot, context))

    def _mcp_for(self, turn: _Turn, stop: _StopSignal) -> McpTurn | None:
        """The turn's MCP tools, its servers listed now (on this worker thread); ``None`` when
        the request names no server or this runtime has no MCP client. A server that fails to
        list is a notice, never the end of the turn (``McpToolbox.start_turn``)."""
        if self._mcp is None or not turn.request.mcp_servers:
            return None
        mcp = self._mcp.start_turn(turn.request, turn.append, stop)
        if stop.is_set():
            raise _Stopped
        return mcp

    def _ensure_session(self, request: ConversationExecutionRequest) -> str | None:
        """The title for a conversation that does not exist yet (created in the transaction of
        the turn's first records, so a kill cannot leave it empty), else ``None`` (an untitled
        existing one gets its title now)."""
        if not self._store.session_exists(request.session_id):
            return request.title or derive_title(request.prompt)
        if not self._store.get_session(request.session_id).title.strip():
            title = request.title or derive_title(request.prompt)
            if title:
                self._store.rename_session(request.session_id, title)
        return None


def _turn_started(
    request: ConversationExecutionRequest, provider_id: str, model: str, follows: str
) -> TurnStarted:
    return TurnStarted(
        provider_id=provider_id,
        model=model,
        surface=request.surface,
        project_id=request.project_id,
        title=request.title,
        instruction_prefix=request.instruction_prefix,
        review_note=request.review_note,
        session_notes=request.session_notes,
        project_context=request.project_context,
        attachments=tuple(str(p) for p in request.attachments),
        allowed_tools=request.allowed_tools,
        max_steps=request.effective_max_steps,
        gate_mode=request.gate_mode,
        agent_role=request.agent_role,
        unattended=request.unattended,
        timeout_sec=request.timeout_sec,
        follows_turn_id=follows,
        retry_of=str(request.extras["retry_of"]) if request.extras.get("retry_of") else None,
        workspace=str(request.workspace) if request.workspace else "",
        mcp_servers=tuple(request.mcp_servers),
    )

"""Sampling: an MCP server asks Parley's own model for a completion (``sampling/createMessage``),
and the person decides, every time, whether it may have one.

Why it exists: a server that samples spends the user's tokens and sees what the user's model
writes. The client (``infrastructure/mcp/client.py``) turns the protocol request into a
``SamplingRequest`` and hands it to the ``ServerRequests`` relay; the surface that can ask the
person (the window's dialog, ``parley ask`` at the terminal) installs ``SamplingService.handler``
there with its own ``approve``. The policy — what is refused before anyone is asked, what is
capped, what is logged — lives here, once, for every surface.

Invariants it keeps:

- nothing is sampled without the person's yes for *this* request: ``approve`` is asked every
  time, no answer is remembered (a server must not be able to spend tokens unseen);
- a request is refused, with a reason saying why, before anyone is asked when no model is
  configured, when it has no messages, or when its text is over ``MAX_SAMPLING_CHARS``; the
  tokens asked for are capped at ``MAX_SAMPLING_TOKENS`` (the person sees the capped number);
- only sizes are logged (server, message count, characters, tokens), never the content;
- everything here blocks: it runs on the worker the relay calls it on, never on the UI thread
  nor on the client's event loop.

``ProviderSampler`` is the completer the composition root gives the service: the app's default
provider and its default model, through the ``ChatProvider`` port.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import replace

from parley.application.mcp.server_requests import (
    SamplingHandler,
    SamplingRefused,
    SamplingReply,
    SamplingRequest,
)
from parley.application.ports.chat_provider import (
    ChatRequest,
    FinishDelta,
    ProviderDirectory,
    ProviderError,
    ProviderMessage,
    RefusalDelta,
    TextDelta,
)
from parley.application.ports.settings_store import ProviderConfig

log = logging.getLogger(__name__)

#: The most tokens one sampling request may ask for (a larger ask is lowered to this).
MAX_SAMPLING_TOKENS = 4096
#: The most text (system prompt and messages, in characters) one request may send to the model.
MAX_SAMPLING_CHARS = 200_000
#: What the completer reads at most, per token asked for (a model that ignores ``max_tokens``
#: cannot make the reply unbounded).
CHARS_PER_TOKEN_BOUND = 16

END_TURN = "endTurn"
MAX_TOKENS = "maxTokens"
STOP_SEQUENCE = "stopSequence"

NO_MODEL = (
    "no model is configured in Parley to answer it (add a provider with a default model in "
    "Settings)"
)
DECLINED = "the user declined the sampling request"

Complete = Callable[[SamplingRequest, threading.Event], SamplingReply]
Approve = Callable[[SamplingRequest, str], bool]


def request_chars(request: SamplingRequest) -> int:
    """How much text ``request`` would send to the model, in characters."""
    return len(request.system_prompt) + sum(len(m.text) for m in request.messages)


class SamplingService:
    """The sampling policy around a completer.

    ``complete(request, cancel)`` runs the completion (blocking); ``describe()`` names the model
    that would answer ("OpenAI · gpt-4o-mini"), or "" when none is configured.
    """

    def __init__(
        self,
        complete: Complete,
        describe: Callable[[], str],
        *,
        max_tokens: int = MAX_SAMPLING_TOKENS,
        max_chars: int = MAX_SAMPLING_CHARS,
    ) -> None:
        self._complete = complete
        self._describe = describe
        self._max_tokens = max_tokens
        self._max_chars = max_chars
        self._lock = threading.Lock()
        self._running: set[threading.Event] = set()

    def handler(self, approve: Approve) -> SamplingHandler:
        """A handler for ``ServerRequests.install(sample=...)``: ``approve(request, model)``
        asks the person (blocking; True means yes) — the surface decides how."""

        def handle(request: SamplingRequest) -> SamplingReply:
            return self.sample(request, approve)

        return handle

    def sample(self, request: SamplingRequest, approve: Approve) -> SamplingReply:
        """Check, ask, cap and run one request; raise ``SamplingRefused`` saying why not."""
        size = request_chars(request)
        log.info(
            "sampling request from %s: %d messages, %d characters, %d tokens asked",
            request.server,
            len(request.messages),
            size,
            request.max_tokens,
        )
        model = self._describe()
        if not model:
            raise SamplingRefused(NO_MODEL)
        if not request.messages:
            raise SamplingRefused("the sampling request has no messages")
        if size > self._max_chars:
            raise SamplingRefused(
                f"the sampling request is too long: {size:,} characters of text, "
                f"Parley sends at most {self._max_chars:,}"
            )
        if request.max_tokens < 1:
            raise SamplingRefused(
                f"the sampling request asks for {request.max_tokens} tokens; it must ask for "
                "at least 1"
            )
        capped = replace(request, max_tokens=min(request.max_tokens, self._max_tokens))
        if not approve(capped, model):
            log.info("sampling request from %s declined", request.server)
            raise SamplingRefused(DECLINED)
        cancel = threading.Event()
        with self._lock:
            self._running.add(cancel)
        try:
            reply = self._complete(capped, cancel)
        except ProviderError as exc:
            log.info("sampling for %s failed (%s)", request.server, exc.kind)
            raise SamplingRefused(f"the model could not answer: {exc}") from exc
        finally:
            with self._lock:
                self._running.discard(cancel)
        if cancel.is_set():
            raise SamplingRefused("the sampling request was cancelled")
        log.info(
            "sampling for %s answered: %d characters, %s",
            request.server,
            len(reply.text),
            reply.stop_reason,
        )
        return reply

    def cancel_all(self) -> None:
        """Stop every completion running now (the surface that approved them is closing)."""
        with self._lock:
            running = list(self._running)
        for event in running:
            event.set()


class ProviderSampler:
    """Completions from the app's default provider and its default model.

    ``providers`` resolves the provider ("" is the default); ``default_provider`` reads which
    one that is from the settings (without building an adapter), for ``describe``.
    """

    def __init__(
        self,
        providers: ProviderDirectory,
        default_provider: Callable[[], ProviderConfig | None],
    ) -> None:
        self._providers = providers
        self._default_provider = default_provider

    def describe(self) -> str:
        try:
            config = self._default_provider()
        except Exception:  # an unreadable settings file: no model to offer
            log.exception("reading the default provider failed")
            return ""
        if config is None or not config.default_model:
            return ""
        return f"{config.name} · {config.default_model}"

    def complete(self, request: SamplingRequest, cancel: threading.Event) -> SamplingReply:
        """Run ``request`` on the default model (blocking); raises ``ProviderError``."""
        resolved = self._providers.resolve("")
        model = resolved.default_model or resolved.provider.default_model
        if not model:
            raise SamplingRefused(NO_MODEL)
        messages = (
            [ProviderMessage("system", request.system_prompt)] if request.system_prompt else []
        )
        messages += [
            ProviderMessage("assistant" if m.role == "assistant" else "user", m.text)
            for m in request.messages
        ]
        chat = ChatRequest(
            model=model,
            messages=tuple(messages),
            max_tokens=request.max_tokens,
            temperature=request.temperature,
        )
        bound = request.max_tokens * CHARS_PER_TOKEN_BOUND
        pieces: list[str] = []
        refusal: list[str] = []
        received = 0
        finish = ""
        stop_reason = END_TURN
        stream = resolved.provider.stream(chat, cancel)
        try:
            for delta in stream:
                if isinstance(delta, TextDelta):
                    pieces.append(delta.text)
                    received += len(delta.text)
                    if request.stop_sequences:
                        text, hit = cut_at_stop(
                            "".join(pieces), request.stop_sequences, received - len(delta.text)
                        )
                        if hit:
                            pieces, stop_reason = [text], STOP_SEQUENCE
                            break  # closing the stream below ends the call
                    if received > bound:
                        pieces, stop_reason = ["".join(pieces)[:bound]], MAX_TOKENS
                        break
                elif isinstance(delta, RefusalDelta):
                    refusal.append(delta.text)
                elif isinstance(delta, FinishDelta):
                    finish = delta.reason
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
        text = "".join(pieces) or "".join(refusal)
        if stop_reason == END_TURN and finish == "length":
            stop_reason = MAX_TOKENS
        return SamplingReply(text=text, model=model, stop_reason=stop_reason)


def cut_at_stop(text: str, stops: tuple[str, ...], searched: int) -> tuple[str, bool]:
    """``text`` cut before the first stop sequence in it, and whether there was one. ``searched``
    is how much of the text was already searched (a stop may straddle its end)."""
    longest = max((len(s) for s in stops if s), default=0)
    start = max(searched - longest + 1, 0)
    found = [i for i in (text.find(s, start) for s in stops if s) if i >= 0]
    if not found:
        return text, False
    return text[: min(found)], True

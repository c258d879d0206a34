"""The capability to stream a chat completion from a language model.

Why it exists: the turn runtime talks to every provider (OpenAI-compatible today; Anthropic,
Ollama and Gemini later) through this one port, so the runtime never sees a wire format and an
adapter never sees the event log.

Invariants it keeps:

- a ``ChatRequest`` is rendered from the canonical event log at call time and is frozen;
- ``ChatProvider.stream`` yields typed deltas in arrival order and, when it returns normally, the
  provider's stream ended properly (its terminator was seen). An incomplete stream raises;
- when the ``cancel`` event is set, ``stream`` stops at the next read, closes the response on the
  calling thread and returns without raising (the runtime reads ``cancel`` to know why it ended);
- tool-call ids in requests are the locally minted ones (the join key), each with the provider's
  own id and the origin (adapter kind and endpoint) that gave it, when there is one; an adapter
  maps them to ids its provider accepts at its edge (``infrastructure.providers.dialects``), and
  tags each ``ToolCallDelta`` that carries a provider id with its own ``origin``;
- ``model_window`` (an optional capability, ``ModelWindowSource``: an adapter may lack it) asks
  the provider how large a model's context window and output limit are. It blocks on the network
  (call it off the UI thread), answers ``None`` when the provider does not say, and never raises:
  a provider that does not answer within a short timeout, or answers with something else, gives
  ``None`` (logged at info). Answers are cached per provider endpoint and model for the process;
  a failed lookup is remembered for ``WINDOW_RETRY_AFTER_S`` so a turn does not pay the timeout
  on every call.

Errors (all raised by ``stream``; ``kind`` names the failure for people and for the record)::

    ProviderError                     anything that stopped the provider from answering
     +-- ProviderConfigError          config: the entry cannot work (no key, bad URL); never retried
     +-- ProviderConnectionError      network: could not connect, or dropped before any byte
     +-- ProviderTimeout              stalled: no byte for the idle timeout ("stopped responding")
     +-- ProviderHTTPError            a non-2xx status before the stream began (``http_error``)
     |    +-- AuthenticationError         auth: 401, the key was rejected
     |    +-- PermissionDeniedError       permission: 403
     |    +-- NotFoundError               not_found: 404, unknown model or endpoint
     |    +-- RateLimitedError            rate_limited: 429 (retried, Retry-After honoured)
     |    +-- QuotaExceededError          quota_exceeded: out of credit / spend limit; never retried
     |    +-- OverloadedError             overloaded: 529, or 503 "overloaded" (retried)
     |    +-- ContextTooLongError         context_too_long: the conversation does not fit
     |    +-- ContentFilteredError        content_filtered: refused by a content policy
     |    +-- BadRequestError             bad_request: any other 4xx
     |    +-- ServerError                 server_error: 5xx, 408, 409 (retried)
     +-- ProviderStreamError          stream_error (or the kind the payload names): an error object
     |                                inside a 200 stream
     +-- IncompleteStreamError        incomplete: the stream ended without its terminator

Each carries a message fit to show the user as is: a plain sentence, then the provider's own
words (never the API key, never the request body). ``retryable`` says whether the *same* request
may be sent again — and the runtime does so only before any of the answer has arrived.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import Usage, freeze
from parley.domain.usage.context_windows import ModelWindow


class ProviderError(Exception):
    """Base of every provider failure; ``str(err)`` is a clear message for the user."""

    kind: str = "provider"
    retryable: bool = False
    #: Seconds the provider asked us to wait before trying again (``Retry-After``), if it said.
    retry_after: float | None = None


class ProviderConfigError(ProviderError):
    """The provider entry cannot work as configured (missing key, unusable base URL)."""

    kind = "config"


class ProviderConnectionError(ProviderError):
    """The connection failed before any byte of the answer arrived."""

    kind = "network"
    retryable = True


class ProviderTimeout(ProviderError):
    """The provider went silent for longer than the idle timeout: it stopped responding."""

    kind = "stalled"


#: A non-2xx answer as the person reads it (the summary is one of the marked ones below).
_HTTP_ERROR = QT_TRANSLATE_NOOP("ProviderError", "{summary} (HTTP {status}): {message}")


class ProviderHTTPError(ProviderError):
    """The provider answered with a non-2xx status before streaming. Build with ``http_error``,
    which picks the subclass from the status and the provider's error code."""

    kind = "http_error"
    summary = QT_TRANSLATE_NOOP("ProviderError", "The provider refused the request")

    def __init__(
        self,
        status: int,
        message: str,
        *,
        retry_after: float | None = None,
        code: str = "",
    ) -> None:
        super().__init__(_HTTP_ERROR.format(summary=self.summary, status=status, message=message))
        self.status = status
        self.detail = message
        self.code = code
        self.retry_after = retry_after
        if type(self) is ProviderHTTPError:
            self.retryable = status in RETRYABLE_STATUSES


class AuthenticationError(ProviderHTTPError):
    kind, summary = "auth", QT_TRANSLATE_NOOP("ProviderError", "The provider rejected the API key")


class PermissionDeniedError(ProviderHTTPError):
    kind, summary = (
        "permission",
        QT_TRANSLATE_NOOP("ProviderError", "The API key may not use this model or endpoint"),
    )


class NotFoundError(ProviderHTTPError):
    kind, summary = (
        "not_found",
        QT_TRANSLATE_NOOP("ProviderError", "The provider does not know this model or endpoint"),
    )


class RateLimitedError(ProviderHTTPError):
    kind, summary, retryable = (
        "rate_limited",
        QT_TRANSLATE_NOOP("ProviderError", "The provider is rate limiting requests"),
        True,
    )


class QuotaExceededError(ProviderHTTPError):
    kind, summary = (
        "quota_exceeded",
        QT_TRANSLATE_NOOP("ProviderError", "The account is out of quota or credit"),
    )


class OverloadedError(ProviderHTTPError):
    kind, summary, retryable = (
        "overloaded",
        QT_TRANSLATE_NOOP("ProviderError", "The provider is overloaded"),
        True,
    )


class ContextTooLongError(ProviderHTTPError):
    kind, summary = (
        "context_too_long",
        QT_TRANSLATE_NOOP("ProviderError", "The conversation is too long for this model"),
    )


class ContentFilteredError(ProviderHTTPError):
    kind, summary = (
        "content_filtered",
        QT_TRANSLATE_NOOP("ProviderError", "The provider's content policy refused the request"),
    )


class BadRequestError(ProviderHTTPError):
    kind, summary = (
        "bad_request",
        QT_TRANSLATE_NOOP("ProviderError", "The provider rejected the request as invalid"),
    )


class ServerError(ProviderHTTPError):
    kind, summary, retryable = (
        "server_error",
        QT_TRANSLATE_NOOP("ProviderError", "The provider had a server error"),
        True,
    )


class ProviderStreamError(ProviderError):
    """The provider sent an error object inside an otherwise successful stream. ``kind`` may be
    set from the payload (e.g. ``overloaded``). A transient kind is ``retryable``; the retry policy
    still sends the request again only if none of the answer had arrived before the error."""

    kind = "stream_error"

    def __init__(self, message: str, *, kind: str = "") -> None:
        super().__init__(message)
        if kind:
            self.kind = kind
        self.retryable = self.kind in ("overloaded", "rate_limited", "server_error")


class IncompleteStreamError(ProviderError):
    """The stream ended before its terminator: the answer may be cut short."""

    kind = "incomplete"


#: Statuses worth sending the same request again for (before any of the answer arrived).
RETRYABLE_STATUSES = frozenset({408, 409, 429, 500, 502, 503, 504, 529})

#: Error codes and types, across providers, that mean "out of money or quota": never retried.
QUOTA_CODES = frozenset(
    {
        "insufficient_quota",
        "enforced_spend_limit_reached",
        "billing_hard_limit_reached",
        "billing_not_active",
        "quota_exceeded",
        "credit_balance_too_low",
        "payment_required",
    }
)
_CONTEXT_MARKERS = (
    "context_length_exceeded",
    "context length",
    "context window",
    "maximum context",
    "too many tokens",
    "prompt is too long",
    "input is too long",
    "string_above_max_length",
)
_CONTENT_MARKERS = ("content_filter", "content_policy", "content management policy", "safety")
_OVERLOADED_MARKERS = ("overloaded",)
# Words that mean "out of money" when a provider gives no code. A bare "quota" is not one of them:
# Google's per-minute 429 says "Resource has been exhausted (e.g. check quota)" and is transient.
_QUOTA_MARKERS = (
    "exceeded your current quota",
    "spend limit",
    "credit balance",
    "billing",
    "insufficient credits",
)


def http_error(
    status: int, message: str, *, code: str = "", retry_after: float | None = None
) -> ProviderHTTPError:
    """The typed error for a non-2xx answer: from the status, the provider's error code or type
    (``code``) and, where providers give nothing better, words in its message."""
    text = f"{code} {message}".lower()
    cls: type[ProviderHTTPError]
    if (
        status == 402
        or code.lower() in QUOTA_CODES
        or (status in (403, 429) and any(m in text for m in _QUOTA_MARKERS))
    ):
        cls = QuotaExceededError
    elif status == 401:
        cls = AuthenticationError
    elif status == 403:
        cls = PermissionDeniedError
    elif status == 404:
        cls = NotFoundError
    elif status == 429:
        cls = RateLimitedError
    elif status == 529 or (status == 503 and any(m in text for m in _OVERLOADED_MARKERS)):
        cls = OverloadedError
    elif status in (400, 413, 422) and any(m in text for m in _CONTEXT_MARKERS):
        cls = ContextTooLongError
    elif status in (400, 422) and any(m in text for m in _CONTENT_MARKERS):
        cls = ContentFilteredError
    elif status in RETRYABLE_STATUSES or status >= 500:
        cls = ServerError
    elif 400 <= status < 500:
        cls = BadRequestError
    else:
        cls = ProviderHTTPError
    return cls(status, message, retry_after=retry_after, code=code)


# Words in an in-stream error that say which failure it is, where a provider gives no code (Ollama
# sends a bare ``{"error": "<text>"}`` line). Checked after the context, content and quota words.
_RATE_LIMIT_MARKERS = ("rate limit", "too many requests")
_SERVER_MARKERS = (
    "error was encountered while running the model",  # Ollama: the model runner failed
    "llama runner",
    "runner process",
    "unexpected eof",
    "out of memory",
    "internal server error",
)


def classify_stream_error(message: str, *, code: str = "", status: int | None = None) -> str:
    """The ``ProviderStreamError.kind`` for an error reported inside a 200 stream: from an HTTP
    ``status`` the payload carries (as ``http_error`` would classify it), else from the
    provider's ``code`` and the words of ``message``; "" when nothing names a kind (the error
    stays ``stream_error``)."""
    if status is not None and 400 <= status <= 599:
        return http_error(status, message, code=code).kind
    text = f"{code} {message}".lower()
    if code.lower() in QUOTA_CODES or any(m in text for m in _QUOTA_MARKERS):
        return QuotaExceededError.kind
    if any(m in text for m in _CONTEXT_MARKERS):
        return ContextTooLongError.kind
    if any(m in text for m in _CONTENT_MARKERS):
        return ContentFilteredError.kind
    if any(m in text for m in _OVERLOADED_MARKERS):
        return OverloadedError.kind
    if any(m in text for m in _RATE_LIMIT_MARKERS):
        return RateLimitedError.kind
    if any(m in text for m in _SERVER_MARKERS):
        return ServerError.kind
    return ""


# -- the request ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ToolCallRequest:
    """A tool call as it appears in history sent back to the model (local id). ``signature`` is
    an opaque token the provider attached to the call and wants back (Gemini);
    ``provider_call_id`` is the id the provider gave the call and ``provider_origin`` which
    adapter kind and endpoint gave it ("" for both when unknown)."""

    call_id: str
    name: str
    arguments: Mapping[str, Any] = field(default_factory=dict, hash=False)
    signature: str = ""
    provider_call_id: str = ""
    provider_origin: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "arguments", freeze(dict(self.arguments)))


@dataclass(frozen=True)
class ReasoningBlock:
    """A model's reasoning kept from an earlier step, to send back where the API requires it.

    ``provider_kind`` says whose format it is: an adapter sends back only its own kind's blocks
    (another provider cannot verify a signature it did not make) and leaves the rest out.
    """

    provider_kind: str
    text: str = ""
    signature: str = ""
    redacted_data: str = ""


@dataclass(frozen=True)
class ImagePart:
    """An image attached to a user message, ready for the wire: its media type (``image/png``,
    ``image/jpeg``, …), the bytes as base64 (no ``data:`` prefix) and, for people, a file name.

    Adapters render it in their provider's format; whether the model takes images at all is
    decided before the call (``application.providers.vision``)."""

    media_type: str
    data_b64: str
    name: str = ""


@dataclass(frozen=True)
class ProviderMessage:
    """One message of a rendered request. ``tool_calls`` and ``reasoning`` on assistant messages,
    ``tool_call_id`` (the local id) and ``is_error`` (the tool failed) on tool results, ``images``
    on user messages (in attachment order)."""

    role: str
    content: str
    tool_calls: tuple[ToolCallRequest, ...] = ()
    tool_call_id: str | None = None
    reasoning: tuple[ReasoningBlock, ...] = ()
    images: tuple[ImagePart, ...] = ()
    is_error: bool = False


@dataclass(frozen=True)
class ToolSpec:
    """A tool offered to the model: name, what it does, its arguments as a JSON Schema object."""

    name: str
    description: str
    parameters: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "parameters", freeze(dict(self.parameters)))


@dataclass(frozen=True)
class ChatRequest:
    """Exactly what one provider call sends, rendered from the event log at call time.
    ``tools`` are the tools advertised for this call (empty: the model is offered none)."""

    model: str
    messages: tuple[ProviderMessage, ...]
    max_tokens: int | None = None
    temperature: float | None = None
    tools: tuple[ToolSpec, ...] = ()


# -- the deltas -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class TextDelta:
    """A piece of answer text."""

    text: str


@dataclass(frozen=True)
class RefusalDelta:
    """A piece of refusal text (the model declined to answer)."""

    text: str


@dataclass(frozen=True)
class ToolCallDelta:
    """A fragment of a tool call, keyed by ``index``; id and name may come only on the first.
    ``signature`` carries an opaque provider token that must be echoed with the call (Gemini's
    ``thoughtSignature``); ``origin`` names the adapter kind and endpoint whose id ``call_id``
    is (set by the adapter on fragments that carry an id)."""

    index: int
    call_id: str | None = None
    name: str | None = None
    arguments_fragment: str = ""
    signature: str = ""
    origin: str = ""


@dataclass(frozen=True)
class ReasoningDelta:
    """A piece of the model's reasoning (thinking), keyed by block ``index``.

    ``text`` pieces are concatenated per index; ``signature`` (Anthropic's thinking signature,
    Gemini's ``thoughtSignature``) and ``redacted_data`` (Anthropic's redacted thinking) arrive
    whole and must be sent back unchanged on the next request to the same provider.
    """

    index: int
    text: str = ""
    signature: str = ""
    redacted_data: str = ""


@dataclass(frozen=True)
class RetryDelta:
    """Not from the provider: the retry policy is about to send the request again."""

    attempt: int
    max_attempts: int
    wait_s: float
    reason: str


@dataclass(frozen=True)
class UsageDelta:
    """Token counts for the call (usually once, near the end)."""

    usage: Usage


@dataclass(frozen=True)
class FinishDelta:
    """Why the model stopped: stop, length, tool_calls, content_filter, …"""

    reason: str


Delta = (
    TextDelta
    | RefusalDelta
    | ReasoningDelta
    | ToolCallDelta
    | UsageDelta
    | FinishDelta
    | RetryDelta
)


class ChatProvider(Protocol):
    """Streams one chat completion. See the module docstring for the contract."""

    @property
    def kind(self) -> str:
        """The wire format spoken: ``openai``, ``anthropic``, ``ollama`` or ``gemini``."""
        ...

    @property
    def default_model(self) -> str:
        """The model used when a request names none ("" if the provider has no default)."""
        ...

    def stream(self, request: ChatRequest, cancel: threading.Event) -> Iterator[Delta]:
        """Yield the deltas of one completion; honour ``cancel`` between reads."""
        ...

    def list_models(self) -> list[str]:
        """The models the provider offers (its own list endpoint); raises ``ProviderError``."""
        ...


#: How long a failed window lookup is remembered before the provider is asked again (seconds).
WINDOW_RETRY_AFTER_S = 300.0


class ModelWindowSource(Protocol):
    """The optional capability of a ``ChatProvider`` to report a model's window (see the module
    docstring). Check for it with ``getattr(provider, "model_window", None)``."""

    def model_window(self, model: str) -> ModelWindow | None:
        """The window the provider reports for ``model`` (its ``provider`` field ""), or
        ``None`` when it does not say or cannot be asked; never raises. Blocking."""
        ...


@dataclass(frozen=True)
class ResolvedProvider:
    """A configured provider made ready to call: its name, the adapter, its default model."""

    name: str
    provider: ChatProvider
    default_model: str = ""


class ProviderDirectory(Protocol):
    """Turns a provider name from a frozen request into a ready adapter."""

    def resolve(self, provider_id: str) -> ResolvedProvider:
        """The named provider, or the default one for ""; raises ``ProviderConfigError`` with a
        message that says how to fix the configuration."""
        ...

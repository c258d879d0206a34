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
- tool-call ids in requests are the locally minted ones; an adapter maps provider ids at its edge.

Errors (all raised by ``stream``)::

    ProviderError                   anything that stopped the provider from answering
     +-- ProviderConfigError        the provider entry cannot work (no key, bad URL); not retried
     +-- ProviderConnectionError    could not connect / connection dropped before any byte
     +-- ProviderTimeout            no byte arrived within the read timeout (a stalled stream)
     +-- ProviderHTTPError          a non-2xx status before the stream began (status, message)
     +-- ProviderStreamError        the provider reported an error inside a 200 stream
     +-- IncompleteStreamError      the stream ended without its terminator

Each carries a message fit to show the user as is (no API key, no request body).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.transcript.canonical import Usage, freeze


class ProviderError(Exception):
    """Base of every provider failure; ``str(err)`` is a clear message for the user."""

    retryable: bool = False


class ProviderConfigError(ProviderError):
    """The provider entry cannot work as configured (missing key, unusable base URL)."""


class ProviderConnectionError(ProviderError):
    """The connection failed before any byte of the answer arrived."""

    retryable = True


class ProviderTimeout(ProviderError):
    """The provider went silent for longer than the read timeout."""

    retryable = True


class ProviderHTTPError(ProviderError):
    """The provider answered with a non-2xx status before streaming."""

    def __init__(self, status: int, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(f"HTTP {status}: {message}")
        self.status = status
        self.detail = message
        self.retry_after = retry_after
        self.retryable = status == 429 or status >= 500


class ProviderStreamError(ProviderError):
    """The provider sent an error object inside an otherwise successful stream."""


class IncompleteStreamError(ProviderError):
    """The stream ended before its terminator: the answer may be cut short."""


# -- the request ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ToolCallRequest:
    """A tool call as it appears in history sent back to the model (local id)."""

    call_id: str
    name: str
    arguments: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "arguments", freeze(dict(self.arguments)))


@dataclass(frozen=True)
class ProviderMessage:
    """One message of a rendered request. ``tool_calls`` on assistant messages, ``tool_call_id``
    on tool results."""

    role: str
    content: str
    tool_calls: tuple[ToolCallRequest, ...] = ()
    tool_call_id: str | None = None


@dataclass(frozen=True)
class ChatRequest:
    """Exactly what one provider call sends, rendered from the event log at call time."""

    model: str
    messages: tuple[ProviderMessage, ...]
    max_tokens: int | None = None
    temperature: float | None = None


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
    """A fragment of a tool call, keyed by ``index``; id and name may come only on the first."""

    index: int
    call_id: str | None = None
    name: str | None = None
    arguments_fragment: str = ""


@dataclass(frozen=True)
class UsageDelta:
    """Token counts for the call (usually once, near the end)."""

    usage: Usage


@dataclass(frozen=True)
class FinishDelta:
    """Why the model stopped: stop, length, tool_calls, content_filter, …"""

    reason: str


Delta = TextDelta | RefusalDelta | ToolCallDelta | UsageDelta | FinishDelta


class ChatProvider(Protocol):
    """Streams one chat completion. See the module docstring for the contract."""

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

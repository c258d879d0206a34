"""The ``ChatProvider`` for Anthropic's Messages API (``POST {base_url}/messages``, streamed).

Why it exists: Anthropic does not speak Chat Completions. Its stream is a sequence of *named* SSE
events (``message_start``, ``content_block_start`` / ``_delta`` / ``_stop``, ``message_delta``,
``message_stop``), its content is a list of typed blocks (text, thinking, redacted thinking,
tool use, server tools…), and its requests need a separate ``system`` field, strictly alternating
roles and tool results inside user messages. This adapter turns that wire format into the port's
typed deltas and keeps every Anthropic quirk on this side of the port.

Invariants it keeps:

- bytes from the socket go straight to ``SSEParser``; ``requests`` never decodes text;
- blocks are keyed by their ``index``, never by "the current block". Each block index becomes the
  delta ``index`` (``ReasoningDelta`` / ``ToolCallDelta``), so parallel tool calls and several
  thinking blocks stay apart. A repeated ``message_start`` (proxies splicing two messages) resets
  the block state and offsets later indexes past every index already used, so the runtime never
  merges blocks of two messages;
- ``stream`` returns normally only after ``message_stop`` or after ``cancel`` was set. A stream
  that ends without ``message_stop`` raises ``IncompleteStreamError`` — including the case where
  the last event (``message_stop`` itself) arrives without the blank line that completes it: the
  SSE rules discard a half-built event, and so do we;
- ``ping`` and every unknown event, block or delta type (``server_tool_use``,
  ``web_search_tool_result``, ``citations_delta``, …) are skipped, never fatal. Only blocks that
  started as ``tool_use`` produce tool calls (a server tool's ``input_json_delta`` is not ours);
- tool input fragments are passed through untouched; an input that is entirely empty yields no
  fragment (the runtime's ``ToolCallAccumulator`` reads no fragments as ``{}``), and invalid JSON
  (output cut by ``max_tokens``) is left for the accumulator to reject with a clear message;
- usage is reported as it becomes known: one ``UsageDelta`` at ``message_start`` (input and cache
  figures, so a failed stream still records what was billed) and one per ``message_delta`` with
  the merged figures (cumulative output; the non-zero input count wins, because some gateways
  send 0 at the start). The runtime merges them field by field, later wins. ``input_tokens`` is
  Anthropic's own count, which *excludes* cache reads; ``cached_tokens`` is
  ``cache_read_input_tokens``; ``total_tokens`` is not reported (Anthropic sends none);
- requests are rendered from the port's ``ChatRequest``: system messages are joined into
  ``system``; consecutive same-role messages are merged (Anthropic requires alternation); tool
  results become ``tool_result`` blocks in a user message, placed before any text there; images
  on a user message become ``{"type": "image", "source": {"type": "base64", "media_type",
  "data"}}`` blocks *before* its text (Anthropic's vision guide: image first, then the question);
  reasoning blocks are echoed first in their assistant message, and only those of kind
  ``anthropic`` (no other provider's signature can be verified by Anthropic);
- tool-call ids (``dialects.WireIds``): a call Anthropic made at this endpoint goes back under
  Anthropic's own id (``toolu_…``); any other under its locally minted id (``call-<hex>``, which
  already matches Anthropic's pattern ``^[a-zA-Z0-9_-]+$``), or, for an id that does not, one
  derived from it (``anthropic_tool_id``). The result goes back under its call's id, so the pair
  always matches; a failed tool's result carries ``is_error: true``;
- no sampling temperature is sent (``dialects.ANTHROPIC``: Anthropic deprecated it, and newer
  models and API versions refuse it);
- tools: ``request.tools`` go out as ``tools: [{"name", "description", "input_schema"}]`` (the
  JSON Schema as is; an empty one becomes ``{"type": "object", "properties": {}}``, since
  ``input_schema`` must be an object schema), and only when there is at least one.
  ``tool_choice`` is never sent, so Anthropic's default (``auto``) applies;
- the API key only ever travels in the ``x-api-key`` header (sent only when a key is given); no
  message names it.

The constructor, the headers, the read loop of ``stream`` and the GET behind ``list_models`` are
``StreamingAdapter`` 's (``infrastructure.providers.http_stream``, shared by the four adapters);
this module supplies the endpoint, the ``anthropic-version`` header, the request body,
``EventTranslator`` and the wording of an answer that ended early.

How failures surface (all from ``stream``; ``list_models`` raises the same, minus the stream ones)::

    ProviderError
     +-- ProviderConfigError      no model, a base URL that is not http(s), a key that cannot be
     |                            sent as a header
     +-- ProviderConnectionError  refused, DNS, TLS, connect timeout, or dropped before any byte
     +-- ProviderTimeout          no byte for ``read_timeout`` seconds (before or during the body)
     +-- ProviderHTTPError        non-2xx status (404 not_found, 429 rate_limited, 529 overloaded,
     |                            spend limit -> QuotaExceededError, …) with ``Retry-After``
     +-- ProviderStreamError      ``event: error`` inside the 200 stream; ``kind`` is
     |                            ``overloaded`` (overloaded_error), ``rate_limited``
     |                            (rate_limit_error) or ``stream_error``; also data that is not
     |                            JSON on a known event, bytes that are not UTF-8
     +-- IncompleteStreamError    the body ended (or broke) before ``message_stop``
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from parley.application.ports.chat_provider import (
    ChatRequest,
    Delta,
    FinishDelta,
    ProviderMessage,
    ProviderStreamError,
    ReasoningDelta,
    TextDelta,
    ToolCallDelta,
    ToolSpec,
    UsageDelta,
)
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import Usage, thaw
from parley.domain.usage.context_windows import ModelWindow
from parley.infrastructure.providers.dialects import ANTHROPIC, ANTHROPIC_IDS, Dialect, WireIds
from parley.infrastructure.providers.http_stream import (
    NO_DETAILS,
    STREAM_ERROR,
    HTTPHead,
    StreamingAdapter,
    clip_message,
    error_message_from_payload,
    token_count,
)
from parley.infrastructure.providers.model_windows import (
    WINDOW_TIMEOUT_S,
    WindowCache,
    window_from_anthropic,
)
from parley.infrastructure.providers.sse import SSEEvent

if TYPE_CHECKING:  # an annotation only: http_stream loads requests when an adapter is built
    import requests

DEFAULT_BASE_URL = "https://api.anthropic.com/v1"
DEFAULT_MAX_TOKENS = 8192
DEFAULT_API_VERSION = "2023-06-01"
#: The page size asked of ``GET /models`` (the API's maximum).
MODELS_PAGE_LIMIT = 1000
#: A guard against a server that keeps saying ``has_more``.
MODELS_MAX_PAGES = 50

#: Anthropic ``stop_reason`` -> the port's finish reason; unknown values pass through unchanged.
STOP_REASONS = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "tool_use": "tool_calls",
    "refusal": "content_filter",
    "pause_turn": "pause_turn",
}

#: ``error.type`` of an in-stream error -> ``ProviderStreamError.kind``.
STREAM_ERROR_KINDS = {
    "overloaded_error": "overloaded",
    "rate_limit_error": "rate_limited",
}

_KNOWN_EVENTS = frozenset(
    {
        "message_start",
        "content_block_start",
        "content_block_delta",
        "content_block_stop",
        "message_delta",
        "message_stop",
        "error",
    }
)


# -- the adapter ---------------------------------------------------------------------------------


_NOT_EVENT_STREAM = QT_TRANSLATE_NOOP(
    "ProviderError", " (content type {content_type}, not an event stream)"
)
_NONE = QT_TRANSLATE_NOOP("ProviderError", "none")


class AnthropicProvider(StreamingAdapter):
    """``ChatProvider`` for ``POST {base_url}/messages`` with ``stream: true``."""

    kind = "anthropic"
    stream_path = "messages"
    example_base_url = DEFAULT_BASE_URL
    api_key_header = "x-api-key"
    api_key_prefix = ""
    early_end = QT_TRANSLATE_NOOP("ProviderError", "before message_stop: it may be cut short")

    def __init__(
        self,
        base_url: str,
        api_key: str | None = None,
        default_model: str = "",
        *,
        connect_timeout: float = 10.0,
        read_timeout: float = 60.0,
        poll_interval: float = 0.1,
        extra_headers: Mapping[str, str] | None = None,
        session: requests.Session | None = None,
        max_tokens: int = DEFAULT_MAX_TOKENS,
        anthropic_version: str = DEFAULT_API_VERSION,
        dialect: Dialect | None = None,
        preset: str = "",
        window_timeout: float = WINDOW_TIMEOUT_S,
        window_cache: WindowCache | None = None,
    ) -> None:
        super().__init__(
            base_url,
            api_key,
            default_model,
            connect_timeout=connect_timeout,
            read_timeout=read_timeout,
            poll_interval=poll_interval,
            extra_headers=extra_headers,
            session=session,
            dialect=dialect,
            preset=preset,
            window_timeout=window_timeout,
            window_cache=window_cache,
        )
        self._max_tokens = max_tokens
        self._version = anthropic_version

    def list_models(self) -> list[str]:
        """Model ids from ``GET {base_url}/models`` (``data[].id``), following ``has_more`` /
        ``last_id`` pages (``after_id``), in the server's order."""
        models: list[str] = []
        after: str | None = None
        seen: set[str] = set()
        for _ in range(MODELS_MAX_PAGES):
            params = {"limit": str(MODELS_PAGE_LIMIT)}
            if after is not None:
                params["after_id"] = after
            payload, body = self._get_json("models", params)
            try:
                entries = payload["data"]
                ids = [e["id"] for e in entries if isinstance(e["id"], str)]
            except (TypeError, KeyError) as exc:
                raise self._not_a_model_list("models", body) from exc
            models.extend(ids)
            if payload.get("has_more") is not True:
                return models
            last = payload.get("last_id")
            if not isinstance(last, str) or not last:
                last = ids[-1] if ids else ""
            if not last or last in seen:
                return models  # a server that cannot page on: keep what we have
            seen.add(last)
            after = last
        return models

    def _lookup_window(self, model: str) -> ModelWindow | None:
        """``GET {base_url}/models/{model}``: ``max_input_tokens`` and ``max_tokens`` where the
        API version reports them (``model_windows.window_from_anthropic``)."""
        url = self._window_endpoint(f"models/{quote(model, safe='')}")
        return window_from_anthropic(self._window_probe().json(url), model)

    def render_request(self, request: ChatRequest) -> dict[str, Any]:
        """The JSON body sent for ``request`` (public so tests and logs can show it)."""
        model = self.model_for(request)
        body: dict[str, Any] = {
            "model": model,
            "max_tokens": request.max_tokens or self._max_tokens,
        }
        system = [m.content for m in request.messages if m.role == "system" and m.content.strip()]
        if system:
            body["system"] = "\n\n".join(system)
        body["messages"] = render_messages(
            request.messages, WireIds(self.dialect, self.id_origin, request.messages)
        )
        body["stream"] = True
        if request.temperature is not None and self.dialect.temperature:
            body["temperature"] = request.temperature
        if request.tools:
            body["tools"] = [render_tool(tool) for tool in request.tools]
        return body

    # -- internals -------------------------------------------------------------------------

    def _protocol_headers(self) -> dict[str, str]:
        return {"anthropic-version": self._version}

    def _translator(self, host: str) -> EventTranslator:
        return EventTranslator(host)

    def _content_type_hint(self, head: HTTPHead, *, empty: bool) -> str:
        if "event-stream" in head.content_type:
            return ""
        return _NOT_EVENT_STREAM.format(content_type=head.content_type or _NONE)


# -- the request ---------------------------------------------------------------------------------


def anthropic_tool_id(call_id: str) -> str:
    """The id sent to Anthropic for a local tool-call id with no id of Anthropic's own.

    Ids that already match ``^[a-zA-Z0-9_-]+$`` (every locally minted ``call-<hex>``) are sent
    unchanged; any other gets ``toolu_`` and 24 characters derived from a SHA-256 of it
    (``dialects.ANTHROPIC_IDS``), so the mapping is deterministic and two ids never meet.
    """
    if ANTHROPIC_IDS.accepts(call_id):
        return call_id
    return ANTHROPIC_IDS.derive(call_id)


def render_tool(tool: ToolSpec) -> dict[str, Any]:
    """One ``tools[]`` entry (a client tool: name, description, ``input_schema``)."""
    return {
        "name": tool.name,
        "description": tool.description,
        "input_schema": thaw(tool.parameters) or {"type": "object", "properties": {}},
    }


def render_messages(
    messages: tuple[ProviderMessage, ...], ids: WireIds | None = None
) -> list[dict[str, Any]]:
    """The ``messages`` array: content blocks, roles alternating (same-role neighbours merged),
    tool results as user ``tool_result`` blocks ahead of any text (``is_error: true`` when the
    tool failed). System messages are left out (they go in ``system``); a message that renders to
    no block at all is dropped. Tool-call ids are ``ids``' wire ids (Anthropic's own id for a
    call Anthropic made at this endpoint, else ``anthropic_tool_id`` of the local id)."""
    if ids is None:
        ids = WireIds(ANTHROPIC, "", messages)
    out: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "system":
            continue
        if message.role == "assistant":
            role, blocks = "assistant", _assistant_blocks(message, ids)
        elif message.role == "tool" and message.tool_call_id is not None:
            role, blocks = "user", [_tool_result_block(message, ids)]
        else:
            role, blocks = "user", _image_blocks(message) + _text_blocks(message.content)
        if not blocks:
            continue
        if out and out[-1]["role"] == role:
            out[-1]["content"].extend(blocks)
        else:
            out.append({"role": role, "content": blocks})
    for entry in out:
        if entry["role"] == "user":
            # Anthropic wants tool results first in their user message, text after them.
            entry["content"].sort(key=lambda block: block["type"] != "tool_result")
    return out


def _image_blocks(message: ProviderMessage) -> list[dict[str, Any]]:
    # Images go before the text: Anthropic's vision guide finds image-then-text works best.
    if message.role != "user":
        return []
    return [
        {
            "type": "image",
            "source": {"type": "base64", "media_type": image.media_type, "data": image.data_b64},
        }
        for image in message.images
    ]


def _text_blocks(text: str) -> list[dict[str, Any]]:
    # Anthropic rejects empty and whitespace-only text blocks.
    return [{"type": "text", "text": text}] if text.strip() else []


def _assistant_blocks(message: ProviderMessage, ids: WireIds) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = []
    for block in message.reasoning:
        if block.provider_kind != AnthropicProvider.kind:
            continue  # another provider's reasoning: Anthropic cannot verify it
        if block.redacted_data:
            blocks.append({"type": "redacted_thinking", "data": block.redacted_data})
        elif block.signature:
            blocks.append(
                {"type": "thinking", "thinking": block.text, "signature": block.signature}
            )
        # A thinking block without its signature (a stream cut short) would be rejected.
    blocks.extend(_text_blocks(message.content))
    for call in message.tool_calls:
        blocks.append(
            {
                "type": "tool_use",
                "id": ids.for_call(call),
                "name": call.name,
                "input": thaw(call.arguments),
            }
        )
    return blocks


def _tool_result_block(message: ProviderMessage, ids: WireIds) -> dict[str, Any]:
    block: dict[str, Any] = {
        "type": "tool_result",
        "tool_use_id": ids.for_result(message.tool_call_id or ""),
    }
    if message.content:
        block["content"] = message.content
    if message.is_error and ANTHROPIC.tool_error_flag == "is_error":
        block["is_error"] = True  # else the model is not told the tool failed
    return block


# -- wire events -> deltas -----------------------------------------------------------------------


@dataclass
class _Block:
    type: str
    index: int  # the delta index (block index plus the message's offset)
    start_input: Any = None  # a tool_use input sent whole in content_block_start (gateways)
    saw_input: bool = False


class EventTranslator:
    """Turns the SSE events of one Messages stream into deltas (stateful per stream)."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.done = False
        self._blocks: dict[int, _Block] = {}
        self._started = False
        self._offset = 0  # added to block indexes; grows when a second message_start arrives
        self._next_free = 0  # one past the highest delta index handed out
        self._start_usage: dict[str, Any] = {}

    def handle(self, event: SSEEvent) -> list[Delta]:
        data = event.data.strip()
        try:
            payload = json.loads(data) if data else None
        except ValueError:
            if event.event == "error":
                raise ProviderStreamError(self._error_text(None, data)) from None
            if event.event not in _KNOWN_EVENTS:
                return []  # a named event we do not know (a ping, say) may carry anything
            raise ProviderStreamError(
                f"{self.host} sent a stream event that is not JSON: {clip_message(data[:200])!r}"
            ) from None
        if not isinstance(payload, dict):
            if event.event == "error":
                raise ProviderStreamError(self._error_text(None, data))
            if event.event not in _KNOWN_EVENTS:
                return []
            raise ProviderStreamError(
                f"{self.host} sent a stream event that is not a JSON object: "
                f"{clip_message(data[:200])!r}"
            )
        kind = payload.get("type")
        if not isinstance(kind, str) or not kind:
            kind = event.event
        if kind == "error" or event.event == "error":
            raise self._stream_error(payload, data)
        handler = _HANDLERS.get(kind)
        return handler(self, payload) if handler is not None else []

    # -- events --------------------------------------------------------------------------

    def _message_start(self, payload: dict[str, Any]) -> list[Delta]:
        if self._started:
            # A second message spliced in (proxies): start afresh, past every index used so far.
            self._blocks.clear()
            self._offset = self._next_free
        self._started = True
        message = payload.get("message")
        usage = message.get("usage") if isinstance(message, dict) else None
        self._start_usage = usage if isinstance(usage, dict) else {}
        input_tokens = token_count(self._start_usage.get("input_tokens"))
        figures = Usage(
            input_tokens=input_tokens if input_tokens else None,
            cached_tokens=token_count(self._start_usage.get("cache_read_input_tokens")),
        )
        return [UsageDelta(figures)] if figures.to_dict() else []

    def _block_start(self, payload: dict[str, Any]) -> list[Delta]:
        index = self._index(payload)
        content = payload.get("content_block")
        content = content if isinstance(content, dict) else {}
        block_type = content.get("type")
        block = _Block(block_type if isinstance(block_type, str) else "", index)
        self._blocks[index] = block
        if block.type == "text":
            text = _text(content.get("text"))
            return [TextDelta(text)] if text else []
        if block.type == "thinking":
            thinking, signature = _text(content.get("thinking")), _text(content.get("signature"))
            if thinking or signature:
                return [ReasoningDelta(index, text=thinking, signature=signature)]
            return []
        if block.type == "redacted_thinking":
            data = _text(content.get("data"))
            return [ReasoningDelta(index, redacted_data=data)] if data else []
        if block.type == "tool_use":
            call_id, name = _text(content.get("id")), _text(content.get("name"))
            start_input = content.get("input")
            if isinstance(start_input, dict) and start_input:
                block.start_input = start_input
            return [ToolCallDelta(index, call_id=call_id or None, name=name or None)]
        return []  # server_tool_use, web_search_tool_result and blocks not yet invented

    def _block_delta(self, payload: dict[str, Any]) -> list[Delta]:
        index = self._index(payload)
        block = self._blocks.get(index)
        delta = payload.get("delta")
        delta = delta if isinstance(delta, dict) else {}
        delta_type = delta.get("type")
        if delta_type == "text_delta":
            text = _text(delta.get("text"))
            return [TextDelta(text)] if text else []
        if delta_type == "thinking_delta":
            thinking = _text(delta.get("thinking"))
            return [ReasoningDelta(index, text=thinking)] if thinking else []
        if delta_type == "signature_delta":
            signature = _text(delta.get("signature"))
            return [ReasoningDelta(index, signature=signature)] if signature else []
        if delta_type == "input_json_delta" and block is not None and block.type == "tool_use":
            fragment = _text(delta.get("partial_json"))
            if not fragment:
                return []
            block.saw_input = True
            return [ToolCallDelta(index, arguments_fragment=fragment)]
        return []  # citations_delta, a server tool's input, delta types not yet invented

    def _block_stop(self, payload: dict[str, Any]) -> list[Delta]:
        index = self._index(payload)
        block = self._blocks.get(index)
        if block is not None and block.start_input is not None and not block.saw_input:
            block.saw_input = True
            arguments = json.dumps(block.start_input, ensure_ascii=False)
            return [ToolCallDelta(index, arguments_fragment=arguments)]
        return []

    def _message_delta(self, payload: dict[str, Any]) -> list[Delta]:
        deltas: list[Delta] = []
        delta = payload.get("delta")
        if isinstance(delta, dict):
            reason = delta.get("stop_reason")
            if isinstance(reason, str) and reason:
                deltas.append(FinishDelta(STOP_REASONS.get(reason, reason)))
        usage = payload.get("usage")
        if isinstance(usage, dict):
            merged = self._merged_usage(usage)
            if merged.to_dict():
                deltas.append(UsageDelta(merged))
        return deltas

    def _message_stop(self, payload: dict[str, Any]) -> list[Delta]:
        self.done = True
        return []

    # -- helpers -------------------------------------------------------------------------

    def _index(self, payload: dict[str, Any]) -> int:
        raw = payload.get("index")
        if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
            raise ProviderStreamError(
                f"{self.host} sent a content block event without a valid index: "
                f"{clip_message(json.dumps(payload)[:200])}"
            )
        index = self._offset + raw
        self._next_free = max(self._next_free, index + 1)
        return index

    def _merged_usage(self, usage: dict[str, Any]) -> Usage:
        start = self._start_usage
        input_tokens = token_count(usage.get("input_tokens"))
        if not input_tokens:
            input_tokens = token_count(start.get("input_tokens")) or input_tokens
        cached = token_count(usage.get("cache_read_input_tokens"))
        if cached is None:
            cached = token_count(start.get("cache_read_input_tokens"))
        details = usage.get("output_tokens_details")
        thinking = (
            token_count(details.get("thinking_tokens")) if isinstance(details, dict) else None
        )
        return Usage(
            input_tokens=input_tokens,
            output_tokens=token_count(usage.get("output_tokens")),
            reasoning_tokens=thinking,
            cached_tokens=cached,
        )

    def _stream_error(self, payload: dict[str, Any], data: str) -> ProviderStreamError:
        error = payload.get("error")
        error_type = error.get("type") if isinstance(error, dict) else None
        kind = STREAM_ERROR_KINDS.get(error_type, "") if isinstance(error_type, str) else ""
        return ProviderStreamError(self._error_text(payload, data), kind=kind or "stream_error")

    def _error_text(self, payload: Any, data: str) -> str:
        message = error_message_from_payload(payload) if payload is not None else ""
        if not message:
            message = clip_message(" ".join(data.split())) or NO_DETAILS
        return STREAM_ERROR.format(host=self.host, message=message)


_HANDLERS = {
    "message_start": EventTranslator._message_start,
    "content_block_start": EventTranslator._block_start,
    "content_block_delta": EventTranslator._block_delta,
    "content_block_stop": EventTranslator._block_stop,
    "message_delta": EventTranslator._message_delta,
    "message_stop": EventTranslator._message_stop,
}


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""

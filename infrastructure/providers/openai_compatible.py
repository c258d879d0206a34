"""The ``ChatProvider`` for OpenAI's Chat Completions API and the servers that copy it.

Why it exists: OpenAI, Azure OpenAI, OpenRouter, Groq, vLLM, llama.cpp, LM Studio and Ollama's
``/v1`` all speak ``POST {base_url}/chat/completions`` with ``stream: true``. This adapter turns
that wire format into the port's typed deltas, and keeps every quirk of it on this side of the port.

Invariants it keeps:

- bytes from the socket go straight to ``SSEParser``; ``requests`` never decodes text (servers
  without a charset would otherwise be read as ISO-8859-1);
- ``stream`` returns normally only after ``data: [DONE]`` or after ``cancel`` was set; any other
  end raises (see below). An error object inside the 200 stream always raises;
- ``cancel`` is honoured within ``poll_interval`` even while the server sends nothing, and a
  server silent for longer than ``read_timeout`` raises ``ProviderTimeout``. Both hold because the
  blocking socket reads happen on a helper thread (``StreamingHTTPCall``) while the calling thread
  waits on a queue with a short timeout. The calling thread closes the response itself: it shuts
  the socket down (which wakes the helper's blocked read) and then closes it;
- tool-call fragments get a distinct ``index`` per call even when a server reuses one index for
  parallel calls or sends none (a new provider id or a new name under the same index starts a new
  call); arguments ``null`` or missing become ``""``;
- tools: ``request.tools`` go out as ``tools: [{"type": "function", "function": {"name",
  "description", "parameters"}}]`` (an empty schema becomes ``{"type": "object", "properties":
  {}}``), and only when there is at least one: some servers reject ``tools: []``. ``tool_choice``
  is never sent, so the server's default (``auto``) applies. History tool calls go out under
  their wire id (``dialects.WireIds``: the endpoint's own id when it made the call, else the local
  id or one derived from it that the endpoint's dialect accepts — nine alphanumerics for Mistral
  and unknown servers, at most 40 characters for OpenAI), in ``tool_calls[].id`` and in the
  result's ``tool_call_id``, arguments as JSON text;
- the body follows the endpoint's dialect (``dialects.dialect_for``): ``stream_options`` only
  where it is accepted (never to Mistral, whose API answers 422 ``extra_forbidden``), the output
  cap as ``max_completion_tokens`` on OpenAI's own API (``max_tokens`` is deprecated there and
  refused by o-series models), ``max_tokens`` elsewhere;
- images on a user message turn its ``content`` into an array: the text part first (left out when
  there is no text), then ``{"type": "image_url", "image_url": {"url": "data:<media type>;base64,
  <data>"}}`` per image, in order. Without images ``content`` stays a plain string (servers that
  copy the API loosely accept nothing else);
- the API key only ever travels in the ``Authorization`` header; no message names it.

How failures surface (all from ``stream``; ``list_models`` raises the same, minus the stream ones)::

    ProviderError
     +-- ProviderConfigError      no model, a base URL that is not http(s), a key that cannot be
     |                            sent as a header
     +-- ProviderConnectionError  refused, DNS, TLS, connect timeout, or dropped before any byte
     +-- ProviderTimeout          no byte for ``read_timeout`` seconds (before or during the body)
     +-- ProviderHTTPError        non-2xx status; message from the error body, ``Retry-After``
     +-- ProviderStreamError      ``{"error": ...}`` payload or ``event: error`` in the stream
     |                            (``kind`` from its ``type`` or ``code``: server_error,
     |                            overloaded, rate_limited, else stream_error), a chunk that is
     |                            not JSON, bytes that are not UTF-8
     +-- IncompleteStreamError    the body ended (or broke) after some bytes but before [DONE]

The transport (``StreamingHTTPCall``), the error helpers and the adapter skeleton
(``StreamingAdapter``: the constructor, headers, the read loop of ``stream``, the GET behind
``list_models``) carry no OpenAI specifics and live in ``infrastructure.providers.http_stream``,
shared with the other adapters. This module supplies the endpoint, the request body,
``ChunkTranslator`` and the wording of an answer that ended early.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import quote, urlsplit

from parley.application.ports.chat_provider import (
    ChatRequest,
    Delta,
    FinishDelta,
    ProviderMessage,
    ProviderStreamError,
    RefusalDelta,
    TextDelta,
    ToolCallDelta,
    ToolSpec,
    UsageDelta,
)
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import Usage, thaw
from parley.domain.usage.context_windows import ModelWindow
from parley.infrastructure.providers.dialects import WireIds
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
    WindowLookupFailed,
    ask_ollama,
    entry_for,
    server_root,
    window_from_llamacpp,
    window_from_lmstudio,
    window_from_openrouter,
    window_from_vllm,
)
from parley.infrastructure.providers.sse import SSEEvent

# -- the adapter ---------------------------------------------------------------------------------


class OpenAICompatibleProvider(StreamingAdapter):
    """``ChatProvider`` for ``POST {base_url}/chat/completions`` with ``stream: true``."""

    kind = "openai"
    stream_path = "chat/completions"
    example_base_url = "https://api.openai.com/v1"
    early_end = QT_TRANSLATE_NOOP("ProviderError", "before [DONE]; it may be cut short")

    # -- extras ----------------------------------------------------------------------------

    def list_models(self) -> list[str]:
        """Model ids from ``GET {base_url}/models`` (``data[].id``), in the server's order."""
        payload, body = self._get_json("models")
        try:
            entries = payload["data"]
            return [entry["id"] for entry in entries if isinstance(entry["id"], str)]
        except (TypeError, KeyError) as exc:
            raise self._not_a_model_list("models", body) from exc

    def _lookup_window(self, model: str) -> ModelWindow | None:
        """The window from the server the entry's preset (or host) names: OpenRouter's and vLLM's
        model lists, LM Studio's ``/api/v0/models/{id}``, llama.cpp's ``/props``, Ollama's
        ``/api/show`` behind its ``/v1``. Any other server (OpenAI's own API included) does not
        say: the table answers (``model_windows`` has the shapes)."""
        server = self._window_server()
        probe = self._window_probe()
        if server == "openrouter":
            return window_from_openrouter(probe.json(self._window_endpoint("models")), model)
        if server == "vllm":
            return window_from_vllm(probe.json(self._window_endpoint("models")), model)
        if server == "lmstudio":
            root = server_root(self._base_url)
            try:
                info = probe.json(f"{root}/api/v0/models/{quote(model, safe='/')}")
            except WindowLookupFailed:  # an id the path cannot carry: the list has it too
                info = entry_for(probe.json(f"{root}/api/v0/models"), model)
            return window_from_lmstudio(info, model)
        if server == "llamacpp":
            return window_from_llamacpp(probe.json(f"{server_root(self._base_url)}/props"), model)
        if server == "ollama":
            return ask_ollama(probe, server_root(self._base_url), model)
        return None

    def _window_server(self) -> str:
        """Which server reports windows here: from the preset, else OpenRouter's host."""
        preset = {"ollama-openai": "ollama"}.get(self.preset, self.preset)
        if preset in ("openrouter", "vllm", "lmstudio", "llamacpp", "ollama"):
            return preset
        host = (urlsplit(self._base_url).hostname or "").lower()
        return "openrouter" if host == "openrouter.ai" else ""

    def render_request(self, request: ChatRequest) -> dict[str, Any]:
        """The JSON body sent for ``request`` (public so tests and logs can show it)."""
        model = self.model_for(request)
        dialect = self.dialect
        ids = WireIds(dialect, self.id_origin, request.messages)
        body: dict[str, Any] = {
            "model": model,
            "messages": [render_message(m, ids) for m in request.messages],
            "stream": True,
        }
        if dialect.stream_options:
            body["stream_options"] = {"include_usage": True}
        if request.max_tokens is not None:
            body[dialect.token_limit_field] = request.max_tokens
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.tools:  # never an empty list: some servers reject ``tools: []``
            body["tools"] = [render_tool(tool) for tool in request.tools]
        return body

    # -- internals -------------------------------------------------------------------------

    def _translator(self, host: str) -> ChunkTranslator:
        return ChunkTranslator(host)

    def _content_type_hint(self, head: HTTPHead, *, empty: bool) -> str:
        if empty and "event-stream" not in head.content_type:
            return _NO_STREAM.format(content_type=head.content_type or _NONE)
        return super()._content_type_hint(head, empty=empty)


_NO_STREAM = QT_TRANSLATE_NOOP(
    "ProviderError", " (content type {content_type}; does it support streaming?)"
)
_NONE = QT_TRANSLATE_NOOP("ProviderError", "none")


def render_tool(tool: ToolSpec) -> dict[str, Any]:
    """One ``tools[]`` entry: a function with its JSON Schema (``tool_choice`` stays unset)."""
    return {
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": thaw(tool.parameters) or {"type": "object", "properties": {}},
        },
    }


def render_message(message: ProviderMessage, ids: WireIds | None = None) -> dict[str, Any]:
    """One ``messages[]`` entry in the Chat Completions shape. A user message with images gets a
    content array: the text part first, then one ``image_url`` part per image (a base64
    ``data:`` URL); without images the content stays a plain string. Tool-call ids are the wire
    ids ``ids`` gives (the local ids when ``ids`` is ``None``)."""
    rendered: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.role == "user" and message.images:
        parts: list[dict[str, Any]] = []
        if message.content:
            parts.append({"type": "text", "text": message.content})
        parts.extend(
            {
                "type": "image_url",
                "image_url": {"url": f"data:{image.media_type};base64,{image.data_b64}"},
            }
            for image in message.images
        )
        rendered["content"] = parts
    if message.tool_calls:
        rendered["content"] = message.content or None
        rendered["tool_calls"] = [
            {
                "id": ids.for_call(call) if ids is not None else call.call_id,
                "type": "function",
                "function": {
                    "name": call.name,
                    "arguments": json.dumps(thaw(call.arguments), ensure_ascii=False),
                },
            }
            for call in message.tool_calls
        ]
    if message.tool_call_id is not None:
        local = message.tool_call_id
        rendered["tool_call_id"] = ids.for_result(local) if ids is not None else local
    return rendered


# -- wire chunks -> deltas -----------------------------------------------------------------------

#: ``error.type`` or ``error.code`` of an in-stream error -> ``ProviderStreamError.kind`` (a
#: transient kind is retried when none of the answer had arrived; anything else is final).
STREAM_ERROR_KINDS = {
    "server_error": "server_error",
    "overloaded_error": "overloaded",
    "rate_limit_error": "rate_limited",
    "rate_limit_exceeded": "rate_limited",
}


def stream_error_kind(data: str) -> str:
    """The ``ProviderStreamError.kind`` an in-stream error payload names ("" if none)."""
    try:
        payload = json.loads(data)
    except ValueError:
        return ""
    error = payload.get("error") if isinstance(payload, dict) else None
    if not isinstance(error, dict):
        return ""
    for key in ("type", "code"):
        value = error.get(key)
        if isinstance(value, str) and value in STREAM_ERROR_KINDS:
            return STREAM_ERROR_KINDS[value]
    return ""


class ChunkTranslator:
    """Turns the SSE events of one Chat Completions stream into deltas (stateful per stream)."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.done = False
        self._finish_reasons: set[str] = set()
        self._slot_ids: list[str | None] = []
        self._slot_names: list[str | None] = []
        self._slot_by_index: dict[int, int] = {}
        self._last_slot: int | None = None

    def handle(self, event: SSEEvent) -> list[Delta]:
        if event.event == "error":
            raise ProviderStreamError(
                self._error_text(event.data), kind=stream_error_kind(event.data)
            )
        data = event.data.strip()
        if not data:
            return []
        if data == "[DONE]":
            self.done = True
            return []
        try:
            payload = json.loads(data)
        except ValueError:
            if event.event != "message":
                return []  # a named event we do not know (a ping, say) may carry anything
            raise ProviderStreamError(
                f"{self.host} sent a stream chunk that is not JSON: {clip_message(data[:200])!r}"
            ) from None
        if not isinstance(payload, dict):
            raise ProviderStreamError(
                f"{self.host} sent a stream chunk that is not a JSON object: "
                f"{clip_message(data[:200])!r}"
            )
        if payload.get("error"):
            raise ProviderStreamError(self._error_text(data), kind=stream_error_kind(data))
        deltas: list[Delta] = []
        choices = payload.get("choices")
        if isinstance(choices, list):
            for choice in choices:
                if isinstance(choice, dict):
                    deltas.extend(self._choice(choice))
        usage = payload.get("usage")
        if isinstance(usage, dict):
            parsed = usage_from_openai(usage)
            if parsed is not None:
                deltas.append(UsageDelta(parsed))
        return deltas

    def _error_text(self, data: str) -> str:
        try:
            message = error_message_from_payload(json.loads(data))
        except ValueError:
            message = ""
        if not message:
            message = clip_message(" ".join(data.split())) or NO_DETAILS
        return STREAM_ERROR.format(host=self.host, message=message)

    def _choice(self, choice: dict[str, Any]) -> list[Delta]:
        deltas: list[Delta] = []
        delta = choice.get("delta")
        if isinstance(delta, dict):
            content = delta.get("content")
            if isinstance(content, str):
                if content:
                    deltas.append(TextDelta(content))
            elif isinstance(content, list):  # content parts (some compatible servers)
                text = "".join(
                    p.get("text", "")
                    for p in content
                    if isinstance(p, dict)
                    and p.get("type") == "text"
                    and isinstance(p.get("text"), str)
                )
                if text:
                    deltas.append(TextDelta(text))
            refusal = delta.get("refusal")
            if isinstance(refusal, str) and refusal:
                deltas.append(RefusalDelta(refusal))
            tool_calls = delta.get("tool_calls")
            if isinstance(tool_calls, list):
                for fragment in tool_calls:
                    if isinstance(fragment, dict):
                        deltas.append(self._tool_fragment(fragment))
        reason = choice.get("finish_reason")
        if isinstance(reason, str) and reason and reason not in self._finish_reasons:
            self._finish_reasons.add(reason)
            deltas.append(FinishDelta(reason))
        return deltas

    def _tool_fragment(self, fragment: dict[str, Any]) -> ToolCallDelta:
        function = fragment.get("function")
        if not isinstance(function, dict):
            function = {}
        raw_index = fragment.get("index")
        if not isinstance(raw_index, int) or isinstance(raw_index, bool):
            raw_index = None
        call_id = fragment.get("id")
        call_id = call_id if isinstance(call_id, str) and call_id else None
        name = function.get("name")
        name = name if isinstance(name, str) and name else None
        arguments = function.get("arguments")
        if arguments is None:
            arguments = ""
        elif not isinstance(arguments, str):
            arguments = json.dumps(arguments, ensure_ascii=False)
        slot = self._slot_for(raw_index, call_id, name)
        return ToolCallDelta(index=slot, call_id=call_id, name=name, arguments_fragment=arguments)

    def _slot_for(self, raw_index: int | None, call_id: str | None, name: str | None) -> int:
        """The call a fragment belongs to. A fragment starts a new call when it brings an id
        different from its call's id, or (without an id) a name different from its call's name;
        this splits parallel calls that share one index. Without an index, a known id picks its
        call and anything else continues the latest call."""
        if raw_index is not None:
            slot = self._slot_by_index.get(raw_index)
        elif call_id is not None and call_id in self._slot_ids:
            slot = self._slot_ids.index(call_id)
        else:
            slot = self._last_slot
        if slot is None or self._starts_new_call(slot, call_id, name):
            slot = len(self._slot_ids)
            self._slot_ids.append(None)
            self._slot_names.append(None)
            if raw_index is not None:
                self._slot_by_index[raw_index] = slot
        if call_id is not None and self._slot_ids[slot] is None:
            self._slot_ids[slot] = call_id
        if name is not None and self._slot_names[slot] is None:
            self._slot_names[slot] = name
        self._last_slot = slot
        return slot

    def _starts_new_call(self, slot: int, call_id: str | None, name: str | None) -> bool:
        known_id = self._slot_ids[slot]
        if call_id is not None and known_id is not None:
            return call_id != known_id
        known_name = self._slot_names[slot]
        if call_id is None and name is not None and known_name is not None:
            return name != known_name
        return False


def usage_from_openai(usage: Mapping[str, Any]) -> Usage | None:
    """``Usage`` from an OpenAI ``usage`` object; ``None`` if it holds no figure."""
    completion = usage.get("completion_tokens_details")
    prompt = usage.get("prompt_tokens_details")
    completion = completion if isinstance(completion, dict) else {}
    prompt = prompt if isinstance(prompt, dict) else {}
    result = Usage(
        input_tokens=token_count(usage.get("prompt_tokens")),
        output_tokens=token_count(usage.get("completion_tokens")),
        total_tokens=token_count(usage.get("total_tokens")),
        reasoning_tokens=token_count(completion.get("reasoning_tokens")),
        cached_tokens=token_count(prompt.get("cached_tokens")),
    )
    return result if result.to_dict() else None

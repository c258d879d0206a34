"""The ``ChatProvider`` for Ollama's native chat API, ``POST {base_url}/api/chat``.

Why it exists: Ollama's own endpoint streams newline-delimited JSON, not server-sent events, and
it carries what the OpenAI-compatible ``/v1`` endpoint drops or reshapes: ``message.thinking``,
whole tool calls with object arguments, ``done_reason`` and token counters on the final object.
This adapter turns that wire format into the port's typed deltas and keeps every Ollama quirk on
this side of the port. It works against a local server (``http://localhost:11434``, no key) and
against Ollama Cloud or an authenticating proxy (``Authorization: Bearer`` only when a key is set).

Invariants it keeps:

- bytes from the socket go straight to ``NDJSONSplitter``; ``requests`` never decodes text
  (Ollama sends ``application/x-ndjson`` without a charset);
- ``stream`` returns normally only after the object with ``"done": true`` or after ``cancel`` was
  set; any other end raises (see below). A bare ``{"error": ...}`` line always raises, after the
  deltas of the lines before it were yielded;
- ``cancel`` is honoured within ``poll_interval`` even while the server sends nothing, and a
  server silent for ``read_timeout`` raises ``ProviderTimeout`` (``StreamingHTTPCall`` reads on a
  helper thread; the calling thread closes the response);
- tool calls arrive whole (arguments a JSON object): each becomes one ``ToolCallDelta`` with a
  fresh ``index`` across the whole stream, ``arguments_fragment`` the arguments as JSON text and
  ``call_id`` the provider's id when it sent one. A stream that carried a tool call finishes with
  ``FinishDelta("tool_calls")`` even though Ollama says ``done_reason: "stop"``;
- the final object ends the answer with one ``UsageDelta`` (only the counters it has) and one
  ``FinishDelta`` (``done_reason`` passed through; ``stop`` when missing). Its usually empty
  ``content`` never erases text that came before;
- images on a user message go in its ``images`` list as bare base64 strings, in order (Ollama's
  ``/api/chat`` shape; the media type is not sent, Ollama detects it);
- requests echo reasoning only from blocks whose ``provider_kind`` is ``ollama`` (as the
  assistant message's ``thinking``); other providers' blocks are left out;
- tools: ``request.tools`` go out as ``tools: [{"type": "function", "function": {"name",
  "description", "parameters"}}]`` (an empty schema becomes ``{"type": "object", "properties":
  {}}``; the OpenAI-compatible adapter's ``render_tool``), only when there is at least one. The
  schema is simplified knowingly (``ollama_schema``): Ollama's server keeps only the keywords its
  Go structs have, so the others are written into each property's description instead of being
  dropped without a word.
  History tool calls carry their wire id (``tool_calls[].id``: Ollama's own id when this server
  made the call, else the local id) and arguments as an object; a
  tool result carries ``tool_call_id`` and, when its call is in the history, ``tool_name``. The
  documented linkage is ``tool_name`` (``docs/capabilities/tool-calling.mdx`` in
  ollama/ollama); the ids are what the server itself uses since v0.12.10 (``api.ToolCall.ID``,
  ``api.Message.ToolCallID``: its OpenAI layer, ``openai/openai.go``, passes them through), so
  parallel calls to one tool stay apart. Older servers lack those fields and drop them (Go's
  ``encoding/json`` skips unknown keys);
- the API key only ever travels in the ``Authorization`` header; no message names it.

The constructor, the headers, the read loop of ``stream`` and the GET behind ``list_models`` are
``StreamingAdapter`` 's (``infrastructure.providers.http_stream``, shared by the four adapters);
this module supplies the endpoint, base-URL clean-up, the request body, the NDJSON splitter,
``ChatLineTranslator`` (with the last line that lacks its LF), the not-running hint and the
Ollama advice on a 404.

How failures surface (all from ``stream``; ``list_models`` raises the same, minus the stream ones)::

    ProviderError
     +-- ProviderConfigError      no model, a base URL that is not http(s), a key that cannot be
     |                            sent as a header
     +-- ProviderConnectionError  refused, DNS, TLS, connect timeout ("is Ollama running?"), or
     |                            dropped before any byte
     +-- ProviderTimeout          no byte for ``read_timeout`` seconds (before or during the body)
     +-- ProviderHTTPError        non-2xx status, message from ``{"error": "..."}``; a 404 for an
     |                            unknown model is a ``NotFoundError`` that suggests ``ollama pull``
     +-- ProviderStreamError      ``{"error": ...}`` line in the 200 stream (``kind`` from its
     |                            words: server_error, context_too_long, rate_limited, …, else
     |                            stream_error), a line that is not a JSON object, bytes that
     |                            are not UTF-8
     +-- IncompleteStreamError    the body ended (or broke) before the ``done: true`` object
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from parley.application.ports.chat_provider import (
    ChatRequest,
    Delta,
    FinishDelta,
    ProviderConnectionError,
    ProviderHTTPError,
    ProviderMessage,
    ProviderStreamError,
    ReasoningDelta,
    TextDelta,
    ToolCallDelta,
    ToolSpec,
    UsageDelta,
    classify_stream_error,
    http_error,
)
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import Usage, thaw
from parley.domain.usage.context_windows import ModelWindow
from parley.infrastructure.providers.dialects import OLLAMA, WireIds
from parley.infrastructure.providers.http_stream import (
    STREAM_ERROR,
    HTTPHead,
    StreamingAdapter,
    clip_message,
    error_message_from_payload,
    http_error_from_response,
    sampling_options,
    token_count,
)
from parley.infrastructure.providers.model_windows import ask_ollama
from parley.infrastructure.providers.ndjson import NDJSONSplitter
from parley.infrastructure.providers.openai_compatible import render_tool

KIND = "ollama"
NDJSON_CONTENT_TYPE = "application/x-ndjson"
_NOT_RUNNING_HINT = QT_TRANSLATE_NOOP(
    "ProviderError",
    "is Ollama running there? Start it with `ollama serve` (or the Ollama app), "
    "or check the base URL",
)
_WITH_HINT = QT_TRANSLATE_NOOP("ProviderError", "{error} — {hint}")
_PULL_HINT = QT_TRANSLATE_NOOP(
    "ProviderError",
    "{detail} — is the model name right? To download it, run `ollama pull {model}` "
    "on the machine that runs Ollama",
)
_ROOT_HINT = QT_TRANSLATE_NOOP(
    "ProviderError",
    "{detail} — is {base_url} the root of an Ollama server (like http://localhost:11434, "
    "without /v1)?",
)
_CONTENT_TYPE = QT_TRANSLATE_NOOP("ProviderError", " (content type {content_type})")
_NOT_NDJSON = QT_TRANSLATE_NOOP(
    "ProviderError", " (content type was {content_type}, not {expected})"
)
_NONE = QT_TRANSLATE_NOOP("ProviderError", "none")

# -- the adapter ---------------------------------------------------------------------------------


class OllamaProvider(StreamingAdapter):
    """``ChatProvider`` for ``POST {base_url}/api/chat`` with ``stream: true`` (NDJSON)."""

    kind = KIND
    stream_path = "api/chat"
    example_base_url = "http://localhost:11434"
    stream_media_type = NDJSON_CONTENT_TYPE
    stream_item = QT_TRANSLATE_NOOP("ProviderError", "a line")
    early_end = QT_TRANSLATE_NOOP(
        "ProviderError", "before its final done:true line; it may be cut short"
    )
    no_model_hint = QT_TRANSLATE_NOOP("ProviderError", " (see `ollama list` for the local ones)")

    def list_models(self) -> list[str]:
        """Model names from ``GET {base_url}/api/tags`` (``models[].name``), in the server's
        order."""
        payload, body = self._get_json("api/tags")
        try:
            names = []
            for entry in payload["models"]:
                name = entry.get("name") or entry.get("model")
                if isinstance(name, str) and name:
                    names.append(name)
            return names
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise self._not_a_model_list("api/tags", body) from exc

    def _lookup_window(self, model: str) -> ModelWindow | None:
        """``POST /api/show`` (and ``GET /api/ps``): the window Ollama serves ``model`` with.
        This adapter sends no ``options.num_ctx``, so that is the Modelfile's ``num_ctx``, else
        the server's own (``model_windows.window_from_ollama``), not the trained window."""
        return ask_ollama(self._window_probe(), self._base_url, model)

    def render_request(self, request: ChatRequest) -> dict[str, Any]:
        """The JSON body sent for ``request`` (public so tests and logs can show it)."""
        model = self.model_for(request)
        body: dict[str, Any] = {
            "model": model,
            "messages": render_messages(
                request.messages, WireIds(self.dialect, self.id_origin, request.messages)
            ),
            "stream": True,
        }
        if request.tools:
            body["tools"] = [ollama_tool(tool) for tool in request.tools]
        options = sampling_options(request, max_tokens_key=self.dialect.token_limit_field)
        if options:
            body["options"] = options
        return body

    # -- internals -------------------------------------------------------------------------

    @staticmethod
    def _normalize_base_url(base_url: str) -> str:
        return normalize_base_url(base_url)

    def _parser(self) -> NDJSONSplitter:
        return NDJSONSplitter()

    def _translator(self, host: str) -> ChatLineTranslator:
        return ChatLineTranslator(host)

    def _end_of_body(
        self, parser: NDJSONSplitter, translator: ChatLineTranslator
    ) -> tuple[Iterable[Delta], bool]:
        # The last line may lack its LF: accept it only if it is a whole JSON object.
        tail = parser.finish()
        if tail is None:
            return (), False
        deltas = translator.handle_tail(tail)
        return deltas or (), deltas is None

    def _connection_error(self, error: ProviderConnectionError) -> ProviderConnectionError:
        return with_not_running_hint(error)

    def _stream_http_error(self, head: HTTPHead, rendered: Mapping[str, Any]) -> ProviderHTTPError:
        return ollama_http_error(head, model=rendered["model"], base_url=self._base_url)

    def _content_type_hint(self, head: HTTPHead, *, empty: bool) -> str:
        content_type = head.content_type or _NONE
        if empty:
            return _CONTENT_TYPE.format(content_type=content_type)
        if "json" in content_type:
            return ""
        return _NOT_NDJSON.format(content_type=content_type, expected=NDJSON_CONTENT_TYPE)


def normalize_base_url(base_url: str) -> str:
    """``http://host:11434`` from what a user may paste: surrounding space, a trailing ``/`` or
    a trailing ``/api`` (the endpoints are added here)."""
    url = base_url.strip().rstrip("/")
    if url.lower().endswith("/api"):
        url = url[: -len("/api")].rstrip("/")
    return url


def with_not_running_hint(error: ProviderConnectionError) -> ProviderConnectionError:
    """The same connection failure, with a hint that the Ollama server may not be running."""
    return ProviderConnectionError(_WITH_HINT.format(error=error, hint=_NOT_RUNNING_HINT))


def ollama_http_error(head: HTTPHead, *, model: str, base_url: str) -> ProviderHTTPError:
    """The typed error for a non-2xx answer to ``/api/chat``, with Ollama-specific advice: an
    unknown model (404 ``model "x" not found``) suggests ``ollama pull x``; a 404 without a model
    message suggests the base URL is not an Ollama server's root."""
    error = http_error_from_response(head.status, head.error_body, head.headers, reason=head.reason)
    if error.status != 404:
        return error
    detail = error.detail
    if "model" in detail.lower() and "not found" in detail.lower():
        detail = _PULL_HINT.format(detail=detail, model=model)
    else:
        detail = _ROOT_HINT.format(detail=detail, base_url=base_url)
    return http_error(error.status, detail, code=error.code, retry_after=error.retry_after)


def render_messages(
    messages: Sequence[ProviderMessage], ids: WireIds | None = None
) -> list[dict[str, Any]]:
    """``messages[]`` in Ollama's ``/api/chat`` shape.

    Assistant tool calls become ``{"id", "function": {"name", "arguments": <object>}}``; a tool
    result is a ``tool`` message with its ``tool_call_id`` that also names its tool
    (``tool_name``) when an earlier assistant message made the call; reasoning of kind ``ollama``
    travels back as the assistant's ``thinking``.
    """
    if ids is None:
        ids = WireIds(OLLAMA, "", messages)
    names_by_call_id: dict[str, str] = {}
    rendered: list[dict[str, Any]] = []
    for message in messages:
        entry: dict[str, Any] = {"role": message.role, "content": message.content}
        if message.role == "user" and message.images:
            entry["images"] = [image.data_b64 for image in message.images]
        thinking = "".join(block.text for block in message.reasoning if block.provider_kind == KIND)
        if thinking:
            entry["thinking"] = thinking
        if message.tool_calls:
            entry["tool_calls"] = [
                {
                    "id": ids.for_call(call),
                    "function": {"name": call.name, "arguments": thaw(call.arguments)},
                }
                for call in message.tool_calls
            ]
            for call in message.tool_calls:
                names_by_call_id[call.call_id] = call.name
        if message.role == "tool" and message.tool_call_id is not None:
            name = names_by_call_id.get(message.tool_call_id)
            if name:
                entry["tool_name"] = name
            entry["tool_call_id"] = ids.for_result(message.tool_call_id)
        rendered.append(entry)
    return rendered


def ollama_tool(tool: ToolSpec) -> dict[str, Any]:
    """One ``tools[]`` entry, its schema simplified knowingly (``ollama_schema``)."""
    entry = render_tool(tool)
    entry["function"]["parameters"] = ollama_schema(entry["function"]["parameters"])
    return entry


def ollama_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """A tool's JSON Schema as Ollama's server can hold it.

    Ollama decodes ``parameters`` into Go structs (``api.ToolFunction``; the ``ollama`` Python
    package's ``Tool.Function.Parameters`` mirrors them) with fields for ``type``, ``$defs``,
    ``items``, ``required`` and ``properties`` only, and per property ``type``, ``items``,
    ``description`` and ``enum``; any other keyword (``additionalProperties``, ``minimum``,
    ``format``, ``pattern``, a nested object's ``properties``, …) is dropped without a word. So
    the schema sent keeps those fields, and every keyword Ollama would drop from a property is
    written into that property's description as JSON (``(schema: {"minimum": 1})``): the model
    still reads the constraint, and nothing is lost silently. Top-level keywords Ollama drops
    (``additionalProperties``, ``$schema``, …) are left out: they say nothing to the model.
    """
    top = {k: v for k, v in schema.items() if k in _OLLAMA_TOP_KEYS}
    top.setdefault("type", "object")
    properties = schema.get("properties")
    if isinstance(properties, Mapping):
        top["properties"] = {
            str(name): _ollama_property(value) if isinstance(value, Mapping) else value
            for name, value in properties.items()
        }
    return top


_OLLAMA_TOP_KEYS = frozenset({"type", "$defs", "items", "required", "properties"})
_OLLAMA_PROPERTY_KEYS = frozenset({"type", "items", "description", "enum"})


def _ollama_property(prop: Mapping[str, Any]) -> dict[str, Any]:
    kept = {k: v for k, v in prop.items() if k in _OLLAMA_PROPERTY_KEYS}
    dropped = {k: v for k, v in prop.items() if k not in _OLLAMA_PROPERTY_KEYS}
    if dropped:
        note = f"(schema: {json.dumps(dropped, ensure_ascii=False, sort_keys=True)})"
        description = kept.get("description")
        kept["description"] = f"{description} {note}" if description else note
    return kept


# -- wire lines -> deltas ------------------------------------------------------------------------


class ChatLineTranslator:
    """Turns the lines of one ``/api/chat`` stream into deltas (stateful per stream)."""

    def __init__(self, host: str) -> None:
        self.host = host
        self.done = False
        self.saw_tool_call = False
        self._next_tool_index = 0

    def handle(self, line: str) -> list[Delta]:
        """The deltas of one complete line; raises ``ProviderStreamError`` on an error line or a
        line that is not a JSON object."""
        try:
            payload = json.loads(line)
        except ValueError:
            raise ProviderStreamError(
                f"{self.host} sent a line that is not JSON: {clip_message(line[:200])!r}"
            ) from None
        return self._payload(payload, line)

    def handle_tail(self, tail: str) -> list[Delta] | None:
        """The deltas of a last line that had no LF, or ``None`` if it is not a whole JSON
        value (the stream was cut inside it)."""
        try:
            payload = json.loads(tail)
        except ValueError:
            return None
        return self._payload(payload, tail)

    def _payload(self, payload: Any, line: str) -> list[Delta]:
        if not isinstance(payload, dict):
            raise ProviderStreamError(
                f"{self.host} sent a line that is not a JSON object: {clip_message(line[:200])!r}"
            )
        if payload.get("error"):
            message = error_message_from_payload(payload) or clip_message(
                json.dumps(payload["error"], ensure_ascii=False)
            )
            raise ProviderStreamError(
                STREAM_ERROR.format(host=self.host, message=message),
                kind=ollama_stream_error_kind(payload, message),
            )
        deltas: list[Delta] = []
        body = payload.get("message")
        if isinstance(body, dict):
            thinking = body.get("thinking")
            if isinstance(thinking, str) and thinking:
                deltas.append(ReasoningDelta(index=0, text=thinking))
            content = body.get("content")
            if isinstance(content, str) and content:
                deltas.append(TextDelta(content))
            tool_calls = body.get("tool_calls")
            if isinstance(tool_calls, list):
                for call in tool_calls:
                    if isinstance(call, dict):
                        deltas.append(self._tool_call(call))
        if payload.get("done") is True:
            self.done = True
            usage = usage_from_ollama(payload)
            if usage is not None:
                deltas.append(UsageDelta(usage))
            deltas.append(FinishDelta(self._finish_reason(payload.get("done_reason"))))
        return deltas

    def _tool_call(self, call: dict[str, Any]) -> ToolCallDelta:
        function = call.get("function")
        if not isinstance(function, dict):
            function = {}
        name = function.get("name")
        call_id = call.get("id")
        arguments = function.get("arguments")
        if arguments is None:
            fragment = ""
        elif isinstance(arguments, str):
            fragment = arguments  # a proxy that re-encoded the object as text
        else:
            fragment = json.dumps(arguments, ensure_ascii=False)
        index = self._next_tool_index
        self._next_tool_index += 1
        self.saw_tool_call = True
        return ToolCallDelta(
            index=index,
            call_id=call_id if isinstance(call_id, str) and call_id else None,
            name=name if isinstance(name, str) and name else None,
            arguments_fragment=fragment,
        )

    def _finish_reason(self, done_reason: Any) -> str:
        reason = done_reason if isinstance(done_reason, str) and done_reason else "stop"
        # Ollama ends a tool-calling answer with done_reason "stop" (EDGE_CASES §3).
        if reason == "stop" and self.saw_tool_call:
            return "tool_calls"
        return reason


def ollama_stream_error_kind(payload: Mapping[str, Any], message: str) -> str:
    """The kind of a bare ``{"error": ...}`` line: Ollama gives only text (and, from a proxy or
    Ollama Cloud, sometimes an HTTP ``status_code``), so the words decide — a failed model runner
    is ``server_error`` (retryable before any answer arrived), a prompt longer than the context
    is ``context_too_long``, a usage or rate limit is ``quota_exceeded`` / ``rate_limited``."""
    status = token_count(payload.get("status_code"))
    return classify_stream_error(message, status=status)


def usage_from_ollama(payload: Mapping[str, Any]) -> Usage | None:
    """``Usage`` from the counters of a final object; ``None`` if it holds none. Every counter
    is optional (Ollama Cloud leaves some out; Ollama omits a zero ``prompt_eval_count``)."""
    prompt = token_count(payload.get("prompt_eval_count"))
    output = token_count(payload.get("eval_count"))
    if prompt is None and output is None:
        return None
    total = prompt + output if prompt is not None and output is not None else None
    return Usage(input_tokens=prompt, output_tokens=output, total_tokens=total)

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
- requests echo reasoning only from blocks whose ``provider_kind`` is ``ollama`` (as the
  assistant message's ``thinking``); other providers' blocks are left out;
- tools: ``request.tools`` go out as ``tools: [{"type": "function", "function": {"name",
  "description", "parameters"}}]`` (an empty schema becomes ``{"type": "object", "properties":
  {}}``), only when there is at least one. History tool calls carry their local id
  (``tool_calls[].id``) and arguments as an object; a tool result carries ``tool_call_id`` and,
  when its call is in the history, ``tool_name``. The documented linkage is ``tool_name``
  (``docs/capabilities/tool-calling.mdx`` in ollama/ollama); the ids are what the server itself
  uses since v0.12.10 (``api.ToolCall.ID``, ``api.Message.ToolCallID``: its OpenAI layer,
  ``openai/openai.go``, passes them through), so parallel calls to one tool stay apart. Older
  servers lack those fields and drop them (Go's ``encoding/json`` skips unknown keys);
- the API key only ever travels in the ``Authorization`` header; no message names it.

How failures surface (all from ``stream``; ``list_models`` raises the same, minus the stream ones)::

    ProviderError
     +-- ProviderConfigError      no model, a base URL that is not http(s), a key that cannot be
     |                            sent as a header
     +-- ProviderConnectionError  refused, DNS, TLS, connect timeout ("is Ollama running?"), or
     |                            dropped before any byte
     +-- ProviderTimeout          no byte for ``read_timeout`` seconds (before or during the body)
     +-- ProviderHTTPError        non-2xx status, message from ``{"error": "..."}``; a 404 for an
     |                            unknown model is a ``NotFoundError`` that suggests ``ollama pull``
     +-- ProviderStreamError      ``{"error": ...}`` line in the 200 stream, a line that is not a
     |                            JSON object, bytes that are not UTF-8
     +-- IncompleteStreamError    the body ended (or broke) before the ``done: true`` object
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

import requests

from application.ports.chat_provider import (
    ChatRequest,
    Delta,
    FinishDelta,
    IncompleteStreamError,
    ProviderConfigError,
    ProviderConnectionError,
    ProviderError,
    ProviderHTTPError,
    ProviderMessage,
    ProviderStreamError,
    ReasoningDelta,
    TextDelta,
    ToolCallDelta,
    ToolSpec,
    UsageDelta,
    http_error,
)
from domain.transcript.canonical import Usage, thaw
from infrastructure.providers.http_stream import (
    HTTPHead,
    StreamingHTTPCall,
    clip_message,
    describe_request_failure,
    error_message_from_body,
    error_message_from_payload,
    host_of,
    http_error_from_response,
)
from infrastructure.providers.ndjson import NDJSONSplitter

KIND = "ollama"
NDJSON_CONTENT_TYPE = "application/x-ndjson"
_NOT_RUNNING_HINT = (
    "is Ollama running there? Start it with `ollama serve` (or the Ollama app), "
    "or check the base URL"
)

# -- the adapter ---------------------------------------------------------------------------------


class OllamaProvider:
    """``ChatProvider`` for ``POST {base_url}/api/chat`` with ``stream: true`` (NDJSON)."""

    kind = KIND

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
    ) -> None:
        self._base_url = normalize_base_url(base_url)
        self._api_key = api_key.strip() if api_key else None
        self._default_model = default_model
        self._connect_timeout = connect_timeout
        self._read_timeout = read_timeout
        self._poll_interval = poll_interval
        self._extra_headers = dict(extra_headers or {})
        self._session = session if session is not None else requests.Session()

    @property
    def default_model(self) -> str:
        return self._default_model

    @property
    def base_url(self) -> str:
        return self._base_url

    # -- ChatProvider --------------------------------------------------------------------------

    def stream(self, request: ChatRequest, cancel: threading.Event) -> Iterator[Delta]:
        url = self._endpoint("api/chat")
        rendered = self.render_request(request)
        body = json.dumps(rendered, ensure_ascii=False).encode("utf-8")
        if cancel.is_set():
            return
        call = StreamingHTTPCall(
            self._session,
            "POST",
            url,
            headers=self._headers(streaming=True),
            body=body,
            connect_timeout=self._connect_timeout,
            read_timeout=self._read_timeout,
            poll_interval=self._poll_interval,
        )
        try:
            try:
                head = call.wait_head(cancel)
            except ProviderConnectionError as exc:
                raise with_not_running_hint(exc) from exc
            if head is None:
                return
            if not head.ok:
                raise ollama_http_error(head, model=rendered["model"], base_url=self._base_url)
            splitter = NDJSONSplitter()
            translator = ChatLineTranslator(call.host)
            while True:
                data = call.read(cancel)
                if data is None:
                    return
                if not data:
                    # The last line may lack its LF: accept it only if it is a whole JSON object.
                    tail = splitter.finish()
                    cut = False
                    if tail is not None:
                        deltas = translator.handle_tail(tail)
                        cut = deltas is None
                        for delta in deltas or ():
                            if cancel.is_set():
                                return
                            yield delta
                        if translator.done:
                            return
                    raise self._incomplete(call, head, cut=cut)
                for line in splitter.feed(data):
                    for delta in translator.handle(line):
                        if cancel.is_set():
                            return
                        yield delta
                    if translator.done:
                        call.drain(self._poll_interval)
                        return
        finally:
            call.close()

    def list_models(self) -> list[str]:
        """Model names from ``GET {base_url}/api/tags`` (``models[].name``), in the server's
        order."""
        url = self._endpoint("api/tags")
        try:
            response = self._session.get(
                url,
                headers=self._headers(streaming=False),
                timeout=(self._connect_timeout, self._read_timeout),
            )
            body = response.content
        except requests.RequestException as exc:
            error = describe_request_failure(
                exc, url, connect_timeout=self._connect_timeout, read_timeout=self._read_timeout
            )
            if isinstance(error, ProviderConnectionError):
                error = with_not_running_hint(error)
            raise error from exc
        if not response.ok:
            raise http_error_from_response(
                response.status_code, body, response.headers, reason=response.reason or ""
            )
        try:
            payload = json.loads(body)
            names = []
            for entry in payload["models"]:
                name = entry.get("name") or entry.get("model")
                if isinstance(name, str) and name:
                    names.append(name)
            return names
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            raise ProviderError(
                f"{host_of(url)} answered /api/tags with something other than a model list: "
                f"{error_message_from_body(body)}"
            ) from exc

    def render_request(self, request: ChatRequest) -> dict[str, Any]:
        """The JSON body sent for ``request`` (public so tests and logs can show it)."""
        model = request.model or self._default_model
        if not model:
            raise ProviderConfigError(
                f"no model chosen for {self._base_url or 'this provider'}: the request names none "
                "and the provider has no default model (see `ollama list` for the local ones)"
            )
        body: dict[str, Any] = {
            "model": model,
            "messages": render_messages(request.messages),
            "stream": True,
        }
        if request.tools:
            body["tools"] = [render_tool(tool) for tool in request.tools]
        options: dict[str, Any] = {}
        if request.temperature is not None:
            options["temperature"] = request.temperature
        if request.max_tokens is not None:
            options["num_predict"] = request.max_tokens
        if options:
            body["options"] = options
        return body

    # -- internals -------------------------------------------------------------------------

    def _endpoint(self, path: str) -> str:
        parts = urlsplit(self._base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ProviderConfigError(
                f"the provider base URL {self._base_url!r} is not an http(s) URL "
                "(expected something like http://localhost:11434)"
            )
        return f"{self._base_url}/{path}"

    def _headers(self, *, streaming: bool) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if streaming:
            headers["Accept"] = NDJSON_CONTENT_TYPE
            # A compressed stream arrives in bursts (the decoder waits for whole blocks).
            headers["Accept-Encoding"] = "identity"
        else:
            headers["Accept"] = "application/json"
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        headers.update(self._extra_headers)
        return headers

    def _incomplete(self, call: StreamingHTTPCall, head: HTTPHead, *, cut: bool) -> ProviderError:
        content_type = head.content_type or "none"
        if call.bytes_received == 0:
            return IncompleteStreamError(
                f"{call.host} sent an empty answer (content type {content_type})"
            )
        where = " in the middle of a line" if cut else ""
        hint = ""
        if "json" not in content_type:
            hint = f" (content type was {content_type}, not {NDJSON_CONTENT_TYPE})"
        return IncompleteStreamError(
            f"the answer from {call.host} ended{where} before its final done:true line; "
            f"it may be cut short{hint}"
        )


def normalize_base_url(base_url: str) -> str:
    """``http://host:11434`` from what a user may paste: surrounding space, a trailing ``/`` or
    a trailing ``/api`` (the endpoints are added here)."""
    url = base_url.strip().rstrip("/")
    if url.lower().endswith("/api"):
        url = url[: -len("/api")].rstrip("/")
    return url


def with_not_running_hint(error: ProviderConnectionError) -> ProviderConnectionError:
    """The same connection failure, with a hint that the Ollama server may not be running."""
    return ProviderConnectionError(f"{error} — {_NOT_RUNNING_HINT}")


def ollama_http_error(head: HTTPHead, *, model: str, base_url: str) -> ProviderHTTPError:
    """The typed error for a non-2xx answer to ``/api/chat``, with Ollama-specific advice: an
    unknown model (404 ``model "x" not found``) suggests ``ollama pull x``; a 404 without a model
    message suggests the base URL is not an Ollama server's root."""
    error = http_error_from_response(head.status, head.error_body, head.headers, reason=head.reason)
    if error.status != 404:
        return error
    detail = error.detail
    if "model" in detail.lower() and "not found" in detail.lower():
        detail = (
            f"{detail} — is the model name right? To download it, run `ollama pull {model}` "
            "on the machine that runs Ollama"
        )
    else:
        detail = (
            f"{detail} — is {base_url} the root of an Ollama server "
            "(like http://localhost:11434, without /v1)?"
        )
    return http_error(error.status, detail, code=error.code, retry_after=error.retry_after)


def render_messages(messages: Sequence[ProviderMessage]) -> list[dict[str, Any]]:
    """``messages[]`` in Ollama's ``/api/chat`` shape.

    Assistant tool calls become ``{"id", "function": {"name", "arguments": <object>}}``; a tool
    result is a ``tool`` message with its ``tool_call_id`` that also names its tool
    (``tool_name``) when an earlier assistant message made the call; reasoning of kind ``ollama``
    travels back as the assistant's ``thinking``.
    """
    names_by_call_id: dict[str, str] = {}
    rendered: list[dict[str, Any]] = []
    for message in messages:
        entry: dict[str, Any] = {"role": message.role, "content": message.content}
        thinking = "".join(block.text for block in message.reasoning if block.provider_kind == KIND)
        if thinking:
            entry["thinking"] = thinking
        if message.tool_calls:
            entry["tool_calls"] = [
                {
                    "id": call.call_id,
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
            entry["tool_call_id"] = message.tool_call_id
        rendered.append(entry)
    return rendered


def render_tool(tool: ToolSpec) -> dict[str, Any]:
    """One ``tools[]`` entry, in the same shape as OpenAI's."""
    return {
        "type": "function",
        "function": {
            "name": tool.name,
            "description": tool.description,
            "parameters": thaw(tool.parameters) or {"type": "object", "properties": {}},
        },
    }


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
            raise ProviderStreamError(f"{self.host} reported an error during the answer: {message}")
        deltas: list[Delta] = []
        message = payload.get("message")
        if isinstance(message, dict):
            thinking = message.get("thinking")
            if isinstance(thinking, str) and thinking:
                deltas.append(ReasoningDelta(index=0, text=thinking))
            content = message.get("content")
            if isinstance(content, str) and content:
                deltas.append(TextDelta(content))
            tool_calls = message.get("tool_calls")
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


def usage_from_ollama(payload: Mapping[str, Any]) -> Usage | None:
    """``Usage`` from the counters of a final object; ``None`` if it holds none. Every counter
    is optional (Ollama Cloud leaves some out; Ollama omits a zero ``prompt_eval_count``)."""
    prompt = _count(payload.get("prompt_eval_count"))
    output = _count(payload.get("eval_count"))
    if prompt is None and output is None:
        return None
    total = prompt + output if prompt is not None and output is not None else None
    return Usage(input_tokens=prompt, output_tokens=output, total_tokens=total)


def _count(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None

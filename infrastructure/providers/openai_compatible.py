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
- the API key only ever travels in the ``Authorization`` header; no message names it.

How failures surface (all from ``stream``; ``list_models`` raises the same, minus the stream ones)::

    ProviderError
     +-- ProviderConfigError      no model, a base URL that is not http(s), a key that cannot be
     |                            sent as a header
     +-- ProviderConnectionError  refused, DNS, TLS, connect timeout, or dropped before any byte
     +-- ProviderTimeout          no byte for ``read_timeout`` seconds (before or during the body)
     +-- ProviderHTTPError        non-2xx status; message from the error body, ``Retry-After``
     +-- ProviderStreamError      ``{"error": ...}`` payload or ``event: error`` in the stream,
     |                            a chunk that is not JSON, bytes that are not UTF-8
     +-- IncompleteStreamError    the body ended (or broke) after some bytes but before [DONE]

The helper functions ``error_message_from_body``, ``retry_after_seconds`` and
``describe_request_failure`` and the ``StreamingHTTPCall`` transport carry no OpenAI specifics;
later adapters can reuse them.
"""

from __future__ import annotations

import contextlib
import email.utils
import json
import queue
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

import requests
import urllib3.exceptions

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
    ProviderTimeout,
    RefusalDelta,
    TextDelta,
    ToolCallDelta,
    UsageDelta,
)
from domain.transcript.canonical import Usage, thaw
from infrastructure.providers.sse import SSEEvent, SSEParser

_READ_SIZE = 64 * 1024
_MAX_ERROR_BODY = 64 * 1024
_MAX_MESSAGE_CHARS = 600


# -- reusable helpers: error bodies, Retry-After, request failures ------------------------------


def error_message_from_body(body: bytes | None, *, reason: str = "") -> str:
    """A one-line message for the user from a non-2xx response body.

    Understands ``{"error": {"message": ...}}`` (OpenAI, Groq, Gemini, Anthropic), OpenRouter's
    ``error.metadata.raw`` / ``provider_name``, ``{"error": "..."}`` (Ollama), ``{"message": ...}``
    and ``{"detail": ...}`` (vLLM, FastAPI), a JSON array wrapping one of those, and plain text.
    An HTML page or an empty body falls back to ``reason`` (the HTTP reason phrase).
    """
    text = (body or b"").decode("utf-8", errors="replace").strip()
    if not text:
        return reason or "no details given"
    try:
        payload = json.loads(text)
    except ValueError:
        payload = None
    if payload is not None:
        found = error_message_from_payload(payload)
        if found:
            return found
    if text.startswith("<"):
        return (
            f"{reason} (the server sent an HTML page)" if reason else "the server sent an HTML page"
        )
    return _clip(" ".join(text.split()))


def error_message_from_payload(payload: Any) -> str:
    """The message inside a decoded JSON error payload, or "" if it holds none."""
    if isinstance(payload, list) and payload:
        return error_message_from_payload(payload[0])
    if not isinstance(payload, dict):
        return ""
    error = payload.get("error")
    if isinstance(error, str) and error.strip():
        return _clip(error.strip())
    if isinstance(error, dict):
        message = error.get("message")
        parts = [message.strip()] if isinstance(message, str) and message.strip() else []
        code = error.get("code")
        if isinstance(code, str) and code and not any(code in p for p in parts):
            parts.append(f"[{code}]")
        metadata = error.get("metadata")
        if isinstance(metadata, dict):
            raw = metadata.get("raw")
            if isinstance(raw, str) and raw.strip():
                parts.append(f"— {' '.join(raw.split())}")
            provider = metadata.get("provider_name")
            if isinstance(provider, str) and provider:
                parts.append(f"(upstream provider: {provider})")
        if parts:
            return _clip(" ".join(parts))
        return _clip(json.dumps(error, ensure_ascii=False))
    for key in ("message", "detail"):
        value = payload.get(key)
        if isinstance(value, str) and value.strip():
            return _clip(value.strip())
        if value:
            return _clip(json.dumps(value, ensure_ascii=False))
    return ""


def retry_after_seconds(headers: Mapping[str, str], *, now: float | None = None) -> float | None:
    """Seconds to wait from ``retry-after-ms`` or ``Retry-After`` (seconds or an HTTP date);
    ``None`` when absent or unreadable. Never negative."""
    lowered = {k.lower(): v for k, v in headers.items()}
    millis = lowered.get("retry-after-ms")
    if millis is not None:
        try:
            return max(0.0, float(millis) / 1000.0)
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
    if seconds != seconds:  # NaN
        return None
    return max(0.0, seconds)


def describe_request_failure(
    exc: BaseException, url: str, *, connect_timeout: float, read_timeout: float
) -> ProviderError:
    """Map an exception from ``requests`` (raised before any body byte) to a provider error."""
    host = host_of(url)
    if isinstance(exc, requests.exceptions.InvalidHeader):
        # requests quotes the header value in its message: that may be the API key.
        return ProviderConfigError(
            "the API key or an extra header contains characters that cannot be sent in an "
            "HTTP header (a line break, for instance)"
        )
    if isinstance(
        exc,
        requests.exceptions.InvalidURL
        | requests.exceptions.MissingSchema
        | requests.exceptions.InvalidSchema,
    ):
        return ProviderConfigError(f"unusable provider URL {url}: {root_cause_text(exc)}")
    if isinstance(exc, requests.exceptions.ConnectTimeout):
        return ProviderConnectionError(f"could not connect to {url} within {connect_timeout:g} s")
    if isinstance(exc, requests.exceptions.ReadTimeout):
        return ProviderTimeout(f"no response from {host} for {read_timeout:g} s")
    if isinstance(exc, requests.exceptions.SSLError):
        return ProviderConnectionError(
            f"secure connection to {host} failed: {root_cause_text(exc)}"
        )
    if isinstance(exc, requests.exceptions.RequestException | OSError):
        return ProviderConnectionError(f"could not connect to {url}: {root_cause_text(exc)}")
    return ProviderError(f"request to {url} failed: {exc.__class__.__name__}: {exc}")


def root_cause_text(exc: BaseException) -> str:
    """The innermost reason in a requests/urllib3 exception chain ("Connection refused")."""
    current: BaseException = exc
    for _ in range(12):
        nested = getattr(current, "reason", None)
        if not isinstance(nested, BaseException):
            nested = next((a for a in current.args if isinstance(a, BaseException)), None)
        if nested is None:
            nested = current.__cause__ or current.__context__
        if nested is None or nested is current:
            break
        current = nested
    if isinstance(current, OSError) and current.strerror:
        return current.strerror
    text = str(current).strip()
    return _clip(text) if text else current.__class__.__name__


def host_of(url: str) -> str:
    """``host[:port]`` of a URL, without any user:password part."""
    parts = urlsplit(url)
    host = parts.hostname or url
    return f"{host}:{parts.port}" if parts.port else host


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_MESSAGE_CHARS else text[: _MAX_MESSAGE_CHARS - 1] + "…"


# -- the transport: a streamed HTTP call whose reads can be abandoned --------------------------


@dataclass(frozen=True)
class HTTPHead:
    """Status line and headers of a response; ``error_body`` holds the body of a non-2xx one."""

    status: int
    reason: str
    headers: Mapping[str, str]
    error_body: bytes | None

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300

    @property
    def content_type(self) -> str:
        return self.headers.get("Content-Type", "")


class _Failed:
    __slots__ = ("exc",)

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc


class StreamingHTTPCall:
    """One streamed HTTP request whose blocking reads run on a helper thread.

    Why: a read blocked in ``requests``/``urllib3`` cannot be interrupted from outside, and a
    short socket timeout is no fix — after one ``socket.timeout`` the ``SocketIO`` under
    ``http.client`` refuses further reads, and urllib3 then reports a silent end of body (bytes
    are lost). So the helper thread does ordinary blocking reads (socket timeout =
    ``read_timeout``) and hands each piece over a queue; the calling thread waits on the queue
    ``poll_interval`` at a time, checking ``cancel`` and the silence deadline in between.

    ``close`` runs on the calling thread: it shuts the socket down for reading (urllib3's
    ``HTTPResponse.shutdown``), which wakes the helper's blocked read, joins the helper briefly,
    then closes the response. If the call is abandoned before the response head arrived, the
    helper closes the response as soon as ``requests`` returns it (bounded by the timeouts).
    """

    def __init__(
        self,
        session: requests.Session,
        method: str,
        url: str,
        *,
        headers: Mapping[str, str],
        body: bytes | None,
        connect_timeout: float,
        read_timeout: float,
        poll_interval: float,
    ) -> None:
        self.url = url
        self.host = host_of(url)
        self._session = session
        self._method = method
        self._headers = dict(headers)
        self._body = body
        self._connect_timeout = connect_timeout
        self._read_timeout = read_timeout
        self._poll = poll_interval
        self._queue: queue.SimpleQueue[object] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._response: requests.Response | None = None
        self._closing = False
        self._worker_must_close = False
        self._worker_done = False
        self._bytes_received = 0
        self._last_activity = time.monotonic()
        self._thread = threading.Thread(
            target=self._run, name=f"parley-http {self.host}", daemon=True
        )
        self._thread.start()

    @property
    def bytes_received(self) -> int:
        return self._bytes_received

    # -- calling thread --------------------------------------------------------------------

    def wait_head(self, cancel: threading.Event) -> HTTPHead | None:
        """Wait for the status line and headers; ``None`` if ``cancel`` was set first."""
        limit = self._connect_timeout + self._read_timeout + max(1.0, self._poll)
        item = self._next(cancel, limit)
        if item is None:
            return None
        if item is _STALLED:
            raise ProviderTimeout(f"no response from {self.host} for {limit:g} s")
        if isinstance(item, _Failed):
            raise describe_request_failure(
                item.exc,
                self.url,
                connect_timeout=self._connect_timeout,
                read_timeout=self._read_timeout,
            ) from item.exc
        assert isinstance(item, HTTPHead)
        return item

    def read(self, cancel: threading.Event) -> bytes | None:
        """The next piece of the body: ``b""`` at its end, ``None`` if ``cancel`` was set."""
        item = self._next(cancel, self._read_timeout)
        if item is None:
            return None
        if item is _STALLED:
            raise ProviderTimeout(f"no data from {self.host} for {self._read_timeout:g} s")
        if isinstance(item, _Failed):
            raise self._body_failure(item.exc) from item.exc
        assert isinstance(item, bytes)
        return item

    def drain(self, timeout: float) -> None:
        """Wait up to ``timeout`` for the body's end so the connection can go back to the pool."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                item = self._queue.get(timeout=left)
            except queue.Empty:
                return
            if item == b"" or isinstance(item, _Failed):
                return

    def close(self) -> None:
        """Stop the call and release the connection (call on the thread that reads)."""
        with self._lock:
            if self._closing:
                return
            self._closing = True
            response = self._response
        if response is None:
            return  # the helper closes the response when requests hands it over
        if self._thread.is_alive():
            # Errors here mean: already released to the pool, or an urllib3 without shutdown().
            with contextlib.suppress(AttributeError, ValueError, RuntimeError, OSError):
                response.raw.shutdown()
            self._thread.join(timeout=2.0)
        with self._lock:
            if not self._worker_done:
                # The read did not wake (should not happen): let the helper close on its way out
                # rather than block here on the reader's lock.
                self._worker_must_close = True
                return
        response.close()

    def _next(self, cancel: threading.Event, limit: float) -> object:
        deadline = self._last_activity + limit
        while True:
            if cancel.is_set():
                return None
            left = deadline - time.monotonic()
            if left <= 0:
                return _STALLED
            try:
                item = self._queue.get(timeout=min(self._poll, left))
            except queue.Empty:
                continue
            self._last_activity = time.monotonic()
            return item

    def _body_failure(self, exc: BaseException) -> ProviderError:
        if isinstance(exc, urllib3.exceptions.ReadTimeoutError | TimeoutError):
            return ProviderTimeout(f"no data from {self.host} for {self._read_timeout:g} s")
        reason = root_cause_text(exc)
        if self._bytes_received == 0:
            return ProviderConnectionError(
                f"the connection to {self.host} dropped before the answer began: {reason}"
            )
        return IncompleteStreamError(
            f"the connection to {self.host} broke before the answer was complete: {reason}"
        )

    # -- helper thread ---------------------------------------------------------------------

    def _run(self) -> None:
        response: requests.Response | None = None
        try:
            response = self._session.request(
                self._method,
                self.url,
                headers=self._headers,
                data=self._body,
                stream=True,
                timeout=(self._connect_timeout, self._read_timeout),
            )
            with self._lock:
                abandoned = self._closing
                if not abandoned:
                    self._response = response
            if abandoned:
                response.close()
                return
            if not 200 <= response.status_code < 300:
                body = response.raw.read(_MAX_ERROR_BODY, decode_content=True)
                self._queue.put(_head(response, body))
                return
            self._queue.put(_head(response, None))
            while not self._closing:
                data = response.raw.read1(_READ_SIZE, decode_content=True)
                if data:
                    self._bytes_received += len(data)
                self._queue.put(data or b"")
                if not data:
                    return
        except BaseException as exc:  # handed to the calling thread, which decides
            if not self._closing:
                self._queue.put(_Failed(exc))
        finally:
            with self._lock:
                self._worker_done = True
                must_close = self._worker_must_close
            if must_close and response is not None:
                response.close()


_STALLED = object()


def _head(response: requests.Response, body: bytes | None) -> HTTPHead:
    return HTTPHead(
        status=response.status_code,
        reason=response.reason or "",
        headers=response.headers,
        error_body=body,
    )


# -- the adapter ---------------------------------------------------------------------------------


class OpenAICompatibleProvider:
    """``ChatProvider`` for ``POST {base_url}/chat/completions`` with ``stream: true``."""

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
        self._base_url = base_url.strip().rstrip("/")
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
        url = self._endpoint("chat/completions")
        body = json.dumps(self.render_request(request), ensure_ascii=False).encode("utf-8")
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
            head = call.wait_head(cancel)
            if head is None:
                return
            if not head.ok:
                raise ProviderHTTPError(
                    head.status,
                    error_message_from_body(head.error_body, reason=head.reason),
                    retry_after=retry_after_seconds(head.headers),
                )
            parser = SSEParser()
            translator = ChunkTranslator(call.host)
            while True:
                data = call.read(cancel)
                if data is None:
                    return
                if not data:
                    raise self._incomplete(call, head, parser.finish())
                for event in parser.feed(data):
                    for delta in translator.handle(event):
                        if cancel.is_set():
                            return
                        yield delta
                    if translator.done:
                        call.drain(self._poll_interval)
                        return
        finally:
            call.close()

    # -- extras ----------------------------------------------------------------------------

    def list_models(self) -> list[str]:
        """Model ids from ``GET {base_url}/models`` (``data[].id``), in the server's order."""
        url = self._endpoint("models")
        try:
            response = self._session.get(
                url,
                headers=self._headers(streaming=False),
                timeout=(self._connect_timeout, self._read_timeout),
            )
            body = response.content
        except requests.RequestException as exc:
            raise describe_request_failure(
                exc, url, connect_timeout=self._connect_timeout, read_timeout=self._read_timeout
            ) from exc
        if not response.ok:
            raise ProviderHTTPError(
                response.status_code,
                error_message_from_body(body, reason=response.reason or ""),
                retry_after=retry_after_seconds(response.headers),
            )
        try:
            payload = json.loads(body)
            entries = payload["data"]
            return [entry["id"] for entry in entries if isinstance(entry["id"], str)]
        except (ValueError, TypeError, KeyError) as exc:
            raise ProviderError(
                f"{host_of(url)} answered /models with something other than a model list: "
                f"{error_message_from_body(body)}"
            ) from exc

    def render_request(self, request: ChatRequest) -> dict[str, Any]:
        """The JSON body sent for ``request`` (public so tests and logs can show it)."""
        model = request.model or self._default_model
        if not model:
            raise ProviderConfigError(
                f"no model chosen for {self._base_url or 'this provider'}: the request names none "
                "and the provider has no default model"
            )
        body: dict[str, Any] = {
            "model": model,
            "messages": [render_message(m) for m in request.messages],
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if request.max_tokens is not None:
            body["max_tokens"] = request.max_tokens
        if request.temperature is not None:
            body["temperature"] = request.temperature
        return body

    # -- internals -------------------------------------------------------------------------

    def _endpoint(self, path: str) -> str:
        parts = urlsplit(self._base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ProviderConfigError(
                f"the provider base URL {self._base_url!r} is not an http(s) URL "
                "(expected something like https://api.openai.com/v1)"
            )
        return f"{self._base_url}/{path}"

    def _headers(self, *, streaming: bool) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if streaming:
            headers["Accept"] = "text/event-stream"
            # Compressed event streams arrive in bursts (the decoder waits for blocks).
            headers["Accept-Encoding"] = "identity"
        else:
            headers["Accept"] = "application/json"
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        headers.update(self._extra_headers)
        return headers

    def _incomplete(
        self, call: StreamingHTTPCall, head: HTTPHead, discarded: bool
    ) -> ProviderError:
        if call.bytes_received == 0:
            hint = ""
            if "event-stream" not in head.content_type:
                hint = f" (content type {head.content_type or 'none'}; does it support streaming?)"
            return IncompleteStreamError(f"{call.host} sent an empty answer{hint}")
        cut = " in the middle of an event" if discarded else ""
        hint = ""
        if "event-stream" not in head.content_type:
            hint = f" (content type was {head.content_type or 'none'}, not an event stream)"
        return IncompleteStreamError(
            f"the answer from {call.host} ended{cut} before [DONE]; it may be cut short{hint}"
        )


def render_message(message: ProviderMessage) -> dict[str, Any]:
    """One ``messages[]`` entry in the Chat Completions shape."""
    rendered: dict[str, Any] = {"role": message.role, "content": message.content}
    if message.tool_calls:
        rendered["content"] = message.content or None
        rendered["tool_calls"] = [
            {
                "id": call.call_id,
                "type": "function",
                "function": {
                    "name": call.name,
                    "arguments": json.dumps(thaw(call.arguments), ensure_ascii=False),
                },
            }
            for call in message.tool_calls
        ]
    if message.tool_call_id is not None:
        rendered["tool_call_id"] = message.tool_call_id
    return rendered


# -- wire chunks -> deltas -----------------------------------------------------------------------


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
            raise ProviderStreamError(self._error_text(event.data))
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
                f"{self.host} sent a stream chunk that is not JSON: {_clip(data[:200])!r}"
            ) from None
        if not isinstance(payload, dict):
            raise ProviderStreamError(
                f"{self.host} sent a stream chunk that is not a JSON object: {_clip(data[:200])!r}"
            )
        if payload.get("error"):
            raise ProviderStreamError(self._error_text(data))
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
            message = _clip(" ".join(data.split())) or "no details given"
        return f"{self.host} reported an error during the answer: {message}"

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
        input_tokens=_count(usage.get("prompt_tokens")),
        output_tokens=_count(usage.get("completion_tokens")),
        total_tokens=_count(usage.get("total_tokens")),
        reasoning_tokens=_count(completion.get("reasoning_tokens")),
        cached_tokens=_count(prompt.get("cached_tokens")),
    )
    return result if result.to_dict() else None


def _count(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None

"""Streaming HTTP for provider adapters: a cancellable, stall-aware body reader, error helpers,
and ``StreamingAdapter``, the skeleton the four adapters (OpenAI-compatible, Anthropic, Ollama,
Gemini) are built on.

Why it exists: every provider adapter must stream a response body over ``requests`` while
honouring a cancel flag and a silence limit, and must turn HTTP failures into the port's
``ProviderError`` s with a message a user can act on. Each also takes the same constructor
arguments, checks its base URL the same way, sends its key in one header, runs the same read loop
(body pieces -> parser -> translator -> deltas) and fetches its model list with the same GET.
None of that is specific to one wire format, so it lives here once; an adapter supplies only its
wire format (endpoint, headers, request body, parser, translator, how an early end reads).

Invariants it keeps:

- blocking socket reads happen on a helper thread; the calling thread waits on a queue with a short
  timeout, so ``cancel`` is honoured within ``poll_interval`` even while the server sends nothing,
  and silence longer than ``read_timeout`` raises ``ProviderTimeout``. (A short socket timeout is
  not an option: after one ``socket.timeout`` Python's socket file refuses further reads and
  urllib3 reports a normal end of body, silently losing the rest of a half-received chunk.);
- on cancel the *calling* thread shuts the socket down (waking the helper's blocked read), joins
  the helper and closes the response (requests #5372, #4762: ``close()`` alone does not unblock);
- bytes are handed over undecoded; the adapter's parser decodes complete lines as UTF-8; a bad
  line is raised only after the items its read completed before it were yielded (the parser
  holds it back, ``raise_pending`` raises it before the next read);
- every tool-call fragment that carries the provider's id is tagged with the adapter's
  ``id_origin`` (kind and endpoint), so the id is sent back only to where it came from; each
  adapter renders under its ``dialect`` (``infrastructure.providers.dialects``);
- error messages never carry the API key or the request body;
- ``model_window`` never raises and never blocks longer than its short probe timeout
  (``model_windows.WindowProbe``); answers are cached per endpoint and model
  (``model_windows.WINDOW_CACHE``), a failure for a while only. An adapter supplies
  ``_lookup_window`` (the default: the provider does not say);
- ``requests`` and ``urllib3`` (and ``http.client``, ``email.utils``) are imported when an adapter
  is built or an error is described, not with this module: the composition root imports an
  adapter class at start, and the window must not pay for the HTTP stack before its first
  provider call (issue 8, start-up budget). By the time an ``except`` or ``isinstance`` here
  names them, a session exists, so they are already loaded and the local import is free.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import logging
import queue
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlsplit

from parley.application.ports.chat_provider import (
    ChatRequest,
    Delta,
    IncompleteStreamError,
    ProviderConfigError,
    ProviderConnectionError,
    ProviderError,
    ProviderHTTPError,
    ProviderTimeout,
    ToolCallDelta,
    http_error,
)
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.usage.context_windows import ModelWindow
from parley.infrastructure.providers.dialects import Dialect, dialect_for, origin_of
from parley.infrastructure.providers.model_windows import (
    WINDOW_CACHE,
    WINDOW_TIMEOUT_S,
    WindowCache,
    WindowLookupFailed,
    WindowProbe,
)
from parley.infrastructure.providers.sse import SSEParser

if TYPE_CHECKING:  # annotations only; see the module docstring
    import requests

_log = logging.getLogger(__name__)


def preload() -> None:
    """Import the HTTP stack now (a caller on a worker, soon after start), so the first turn does
    not pay ~150 ms of imports between Send and the request."""
    import requests  # noqa: F401


READ_SIZE = 64 * 1024
MAX_ERROR_BODY = 64 * 1024
MAX_MESSAGE_CHARS = 600

# -- the words of a provider failure, as the person reads them (marked: the window translates) --

NO_DETAILS = QT_TRANSLATE_NOOP("ProviderError", "no details given")
_HTML_PAGE = QT_TRANSLATE_NOOP("ProviderError", "the server sent an HTML page")
_HTML_PAGE_REASON = QT_TRANSLATE_NOOP("ProviderError", "{reason} (the server sent an HTML page)")
_STALLED = QT_TRANSLATE_NOOP(
    "ProviderError", "the provider stopped responding: no data from {host} for {seconds:g} s"
)
_BAD_HEADER = QT_TRANSLATE_NOOP(
    "ProviderError",
    "the API key or an extra header contains characters that cannot be sent in an "
    "HTTP header (a line break, for instance)",
)
_BAD_URL = QT_TRANSLATE_NOOP("ProviderError", "unusable provider URL {url}: {cause}")
_CONNECT_TIMEOUT = QT_TRANSLATE_NOOP(
    "ProviderError", "could not connect to {url} within {seconds:g} s"
)
_TLS_FAILED = QT_TRANSLATE_NOOP("ProviderError", "secure connection to {host} failed: {cause}")
_CONNECT_FAILED = QT_TRANSLATE_NOOP("ProviderError", "could not connect to {url}: {cause}")
_REQUEST_FAILED = QT_TRANSLATE_NOOP("ProviderError", "request to {url} failed: {kind}: {error}")
_CLOSED_EARLY = QT_TRANSLATE_NOOP("ProviderError", "the server closed the connection")
_DROPPED = QT_TRANSLATE_NOOP(
    "ProviderError", "the connection to {host} dropped before the answer began: {reason}"
)
_BROKE = QT_TRANSLATE_NOOP(
    "ProviderError", "the connection to {host} broke before the answer was complete: {reason}"
)
_EMPTY_ANSWER = QT_TRANSLATE_NOOP("ProviderError", "{host} sent an empty answer{hint}")
_ENDED_EARLY = QT_TRANSLATE_NOOP("ProviderError", "the answer from {host} ended{where} {lacks}")
_IN_THE_MIDDLE = QT_TRANSLATE_NOOP("ProviderError", " in the middle of {item}")
_NOT_EVENT_STREAM = QT_TRANSLATE_NOOP(
    "ProviderError", " (content type was {content_type}, not an event stream)"
)
_NONE = QT_TRANSLATE_NOOP("ProviderError", "none")
_NOT_HTTP_URL = QT_TRANSLATE_NOOP(
    "ProviderError",
    "the provider base URL {url!r} is not an http(s) URL (expected something like {example})",
)
_NO_MODEL = QT_TRANSLATE_NOOP(
    "ProviderError",
    "no model chosen for {where}: the request names none and the provider has no default "
    "model{hint}",
)
_THIS_PROVIDER = QT_TRANSLATE_NOOP("ProviderError", "this provider")
_NOT_A_MODEL_LIST = QT_TRANSLATE_NOOP(
    "ProviderError", "{host} answered /{path} with something other than a model list"
)
_NOT_A_MODEL_LIST_SAYING = QT_TRANSLATE_NOOP(
    "ProviderError", "{host} answered /{path} with something other than a model list: {detail}"
)
#: Shared by the adapters: an error object inside an otherwise successful stream.
STREAM_ERROR = QT_TRANSLATE_NOOP(
    "ProviderError", "{host} reported an error during the answer: {message}"
)


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
        return reason or NO_DETAILS
    try:
        payload = json.loads(text)
    except ValueError:
        payload = None
    if payload is not None:
        found = error_message_from_payload(payload)
        if found:
            return found
    if text.startswith("<"):
        return _HTML_PAGE_REASON.format(reason=reason) if reason else _HTML_PAGE
    return clip_message(" ".join(text.split()))


def error_message_from_payload(payload: Any) -> str:
    """The message inside a decoded JSON error payload, or "" if it holds none."""
    if isinstance(payload, list) and payload:
        return error_message_from_payload(payload[0])
    if not isinstance(payload, dict):
        return ""
    error = payload.get("error")
    if isinstance(error, str) and error.strip():
        return clip_message(error.strip())
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
            return clip_message(" ".join(parts))
        return clip_message(json.dumps(error, ensure_ascii=False))
    for key in ("message", "detail"):
        value = payload.get(key)
        if isinstance(value, str) and value.strip():
            return clip_message(value.strip())
        if value:
            return clip_message(json.dumps(value, ensure_ascii=False))
    return ""


def error_code_from_body(body: bytes | None) -> str:
    """The provider's machine-readable error code in a non-2xx body, or "".

    The most specific one wins: Anthropic's ``error.details.error_code`` (e.g.
    ``enforced_spend_limit_reached``), then ``error.code`` when it is a string (OpenAI's
    ``insufficient_quota``), then ``error.status`` (Google's ``RESOURCE_EXHAUSTED``), then
    ``error.type`` (Anthropic's ``overloaded_error``, OpenAI's ``invalid_request_error``).
    """
    try:
        payload = json.loads((body or b"").decode("utf-8", errors="replace"))
    except ValueError:
        return ""
    return error_code_from_payload(payload)


def error_code_from_payload(payload: Any) -> str:
    """``error_code_from_body`` for an already decoded payload."""
    if isinstance(payload, list) and payload:
        payload = payload[0]
    if not isinstance(payload, dict) or not isinstance(payload.get("error"), dict):
        return ""
    error = payload["error"]
    details = error.get("details")
    if isinstance(details, dict) and isinstance(details.get("error_code"), str):
        return details["error_code"]
    for key in ("code", "status", "type"):
        value = error.get(key)
        if isinstance(value, str) and value:
            return value
    return ""


def http_error_from_response(
    status: int, body: bytes | None, headers: Mapping[str, str], *, reason: str = ""
) -> ProviderHTTPError:
    """The typed ``ProviderHTTPError`` for a non-2xx answer: message, code and Retry-After."""
    return http_error(
        status,
        error_message_from_body(body, reason=reason),
        code=error_code_from_body(body),
        retry_after=retry_after_seconds(headers),
    )


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
        import email.utils

        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
    if seconds != seconds:  # NaN
        return None
    return max(0.0, seconds)


def stalled_message(host: str, seconds: float) -> str:
    """The one wording for a stalled provider, whichever layer noticed."""
    return _STALLED.format(host=host, seconds=seconds)


def describe_request_failure(
    exc: BaseException, url: str, *, connect_timeout: float, read_timeout: float
) -> ProviderError:
    """Map an exception from ``requests`` (raised before any body byte) to a provider error."""
    import requests

    host = host_of(url)
    if isinstance(exc, requests.exceptions.InvalidHeader):
        # requests quotes the header value in its message: that may be the API key.
        return ProviderConfigError(_BAD_HEADER)
    if isinstance(
        exc,
        requests.exceptions.InvalidURL
        | requests.exceptions.MissingSchema
        | requests.exceptions.InvalidSchema,
    ):
        return ProviderConfigError(_BAD_URL.format(url=url, cause=root_cause_text(exc)))
    if isinstance(exc, requests.exceptions.ConnectTimeout):
        return ProviderConnectionError(_CONNECT_TIMEOUT.format(url=url, seconds=connect_timeout))
    if isinstance(exc, requests.exceptions.ReadTimeout):
        return ProviderTimeout(stalled_message(host, read_timeout))
    if isinstance(exc, requests.exceptions.SSLError):
        return ProviderConnectionError(_TLS_FAILED.format(host=host, cause=root_cause_text(exc)))
    if isinstance(exc, requests.exceptions.RequestException | OSError):
        return ProviderConnectionError(_CONNECT_FAILED.format(url=url, cause=root_cause_text(exc)))
    return ProviderError(_REQUEST_FAILED.format(url=url, kind=exc.__class__.__name__, error=exc))


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
    return clip_message(text) if text else current.__class__.__name__


def host_of(url: str) -> str:
    """``host[:port]`` of a URL, without any user:password part."""
    parts = urlsplit(url)
    host = parts.hostname or url
    return f"{host}:{parts.port}" if parts.port else host


def clip_message(text: str) -> str:
    return text if len(text) <= MAX_MESSAGE_CHARS else text[: MAX_MESSAGE_CHARS - 1] + "…"


def sampling_options(request: ChatRequest, *, max_tokens_key: str) -> dict[str, Any]:
    """The request's ``temperature`` and output cap (sent as ``max_tokens_key``), those it sets,
    for a wire format that nests them (Ollama's ``options``, Gemini's ``generationConfig``)."""
    options: dict[str, Any] = {}
    if request.temperature is not None:
        options["temperature"] = request.temperature
    if request.max_tokens is not None:
        options[max_tokens_key] = request.max_tokens
    return options


def token_count(value: Any) -> int | None:
    """A token figure from a provider's JSON: an int (or a whole float), else ``None``."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


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
        if item is STALLED:
            raise ProviderTimeout(stalled_message(self.host, limit))
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
        if item is STALLED:
            raise ProviderTimeout(stalled_message(self.host, self._read_timeout))
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
                return STALLED
            try:
                item = self._queue.get(timeout=min(self._poll, left))
            except queue.Empty:
                continue
            self._last_activity = time.monotonic()
            return item

    def _body_failure(self, exc: BaseException) -> ProviderError:
        import urllib3.exceptions

        if isinstance(exc, urllib3.exceptions.ReadTimeoutError | TimeoutError):
            return ProviderTimeout(stalled_message(self.host, self._read_timeout))
        # A body cut short shows up as http.client's IncompleteRead, whose own text is jargon
        # ("IncompleteRead(0 bytes read)", "invalid literal for int() with base 16: b''").
        reason = _CLOSED_EARLY if _closed_early(exc) else root_cause_text(exc)
        if self._bytes_received == 0:
            return ProviderConnectionError(_DROPPED.format(host=self.host, reason=reason))
        return IncompleteStreamError(_BROKE.format(host=self.host, reason=reason))

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
                body = response.raw.read(MAX_ERROR_BODY, decode_content=True)
                self._queue.put(_head(response, body))
                return
            self._queue.put(_head(response, None))
            while not self._closing:
                data = response.raw.read1(READ_SIZE, decode_content=True)
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


STALLED = object()


def _tagged(delta: Delta, origin: str) -> Delta:
    """``delta``, with ``origin`` on a tool-call fragment that carries the provider's id: the id
    is kept with the call (never as its key) and sent back only to the origin that gave it."""
    if isinstance(delta, ToolCallDelta) and delta.call_id and not delta.origin:
        return dataclasses.replace(delta, origin=origin)
    return delta


def _closed_early(exc: BaseException) -> bool:
    """Whether ``exc`` (or an exception it wraps) says the body ended before its declared end."""
    import http.client

    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, http.client.IncompleteRead):
            return True
        nested = next((a for a in current.args if isinstance(a, BaseException)), None)
        current = nested or current.__cause__ or current.__context__
    return False


def _head(response: requests.Response, body: bytes | None) -> HTTPHead:
    return HTTPHead(
        status=response.status_code,
        reason=response.reason or "",
        headers=response.headers,
        error_body=body,
    )


# -- the adapter skeleton: what every provider adapter does the same way -------------------------


class BodyParser(Protocol):
    """Frames a streamed body: ``SSEParser`` (events) or ``NDJSONSplitter`` (lines)."""

    def feed(self, chunk: bytes) -> Sequence[Any]: ...

    def raise_pending(self) -> None:
        """Raise the error a bad piece left behind the items ``feed`` returned (if any)."""


class StreamTranslator(Protocol):
    """Turns the framed items of one stream into deltas (stateful per stream)."""

    #: The stream's terminator was seen: stop reading (the rest of the body is drained).
    done: bool

    def handle(self, item: Any) -> Iterable[Delta]: ...


class StreamingAdapter(ABC):
    """The parts of a ``ChatProvider`` that do not depend on the wire format.

    A subclass names its ``kind`` and supplies its wire format: ``stream_path`` or ``stream_url``
    (where to POST), ``render_request`` (the JSON body), ``_translator`` (and ``_parser`` when the
    body is not an event stream), ``early_end`` (what an answer that ended early lacks) and
    ``list_models``; the other ``_`` methods below have defaults it may override.

    ``stream`` POSTs the rendered body through a ``StreamingHTTPCall``, turns a non-2xx answer
    into a ``ProviderHTTPError``, feeds each piece of the body to the parser and each framed item
    to the translator, yields the deltas (checking ``cancel`` before each), stops when the
    translator is ``done`` (draining the rest of the body so the connection can be reused), and
    at the end of the body returns only if ``_complete`` says so; otherwise it raises the error
    ``_incomplete`` makes. The call is closed on every way out.
    """

    kind: str = ""
    #: The endpoint ``stream`` POSTs to, relative to the base URL (unless ``stream_url`` says).
    stream_path: str = ""
    #: A base URL that works, quoted when the configured one is not an http(s) URL.
    example_base_url: str = ""
    #: What a streamed answer is (the ``Accept`` header of ``stream``).
    stream_media_type: str = "text/event-stream"
    #: The header that carries the API key (sent only when a key is given), and its value's prefix.
    api_key_header: str = "Authorization"
    api_key_prefix: str = "Bearer "
    #: What an incomplete-stream error says the body ended before (the stream's terminator).
    early_end: str = QT_TRANSLATE_NOOP(
        "ProviderError", "before the answer was complete; it may be cut short"
    )
    #: What the parser frames, for "ended in the middle of ...".
    stream_item: str = QT_TRANSLATE_NOOP("ProviderError", "an event")
    #: Added to the error for a request with no model (where to find one).
    no_model_hint: str = ""

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
        dialect: Dialect | None = None,
        preset: str = "",
        window_timeout: float = WINDOW_TIMEOUT_S,
        window_cache: WindowCache | None = None,
    ) -> None:
        self._base_url = self._normalize_base_url(base_url)
        self._dialect = dialect
        self._preset = preset
        self._window_timeout = min(window_timeout, connect_timeout + read_timeout)
        self._window_cache = WINDOW_CACHE if window_cache is None else window_cache
        self._api_key = api_key.strip() if api_key else None
        self._default_model = default_model
        self._connect_timeout = connect_timeout
        self._read_timeout = read_timeout
        self._poll_interval = poll_interval
        self._extra_headers = dict(extra_headers or {})
        if session is None:
            import requests  # the first adapter built loads the HTTP stack

            session = requests.Session()
        self._session = session

    @property
    def default_model(self) -> str:
        return self._default_model

    @property
    def base_url(self) -> str:
        return self._base_url

    @property
    def dialect(self) -> Dialect:
        """What this provider's requests may carry and which tool-call ids it accepts: the one
        it was built with (from its preset), else the one its kind and host imply."""
        return self._dialect or dialect_for(self.kind, self._base_url)

    @property
    def id_origin(self) -> str:
        """Names this adapter kind and endpoint, for the provider ids its tool calls carry."""
        return origin_of(self.kind, self._base_url)

    @property
    def preset(self) -> str:
        """The preset the entry was made from ("" none): says which server a base URL is."""
        return self._preset

    # -- the optional capability: a model's window -----------------------------------------------

    def model_window(self, model: str) -> ModelWindow | None:
        """The window the provider reports for ``model``, or None (it does not say, or could not
        be asked: logged at info). Cached; never raises. Blocking: call off the UI thread."""
        model = model.strip() or self._default_model
        if not model:
            return None
        key = (f"{self.id_origin} {self._preset}", model)
        known, window = self._window_cache.get(key)
        if known:
            return window
        try:
            window = self._lookup_window(model)
        except Exception as exc:  # never raises: the table answers instead
            _log.info("no context window from %s for %s: %s", host_of(self._base_url), model, exc)
            self._window_cache.failed(key)
            return None
        self._window_cache.answered(key, window)
        return window

    def _lookup_window(self, model: str) -> ModelWindow | None:
        """Ask the provider for ``model``'s window: None when it does not say; may raise (a
        failure, remembered for a while). Here: this provider does not say."""
        return None

    def _window_probe(self) -> WindowProbe:
        return WindowProbe(self._session, self._headers(streaming=False), self._window_timeout)

    def _window_endpoint(self, path: str) -> str:
        """``{base_url}/{path}`` for a window lookup (``WindowLookupFailed`` for a bad URL)."""
        try:
            return self._endpoint(path)
        except ProviderConfigError as exc:
            raise WindowLookupFailed(str(exc)) from None

    # -- ChatProvider --------------------------------------------------------------------------

    def stream(self, request: ChatRequest, cancel: threading.Event) -> Iterator[Delta]:
        url = self.stream_url(request)
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
                error = self._connection_error(exc)
                if error is exc:
                    raise
                raise error from exc
            if head is None:
                return
            if not head.ok:
                raise self._stream_http_error(head, rendered)
            self._check_head(call.host, head)
            parser = self._parser()
            translator = self._translator(call.host)
            origin = self.id_origin
            while True:
                data = call.read(cancel)
                if data is None:
                    return
                if not data:
                    break
                for item in parser.feed(data):
                    for delta in translator.handle(item):
                        if cancel.is_set():
                            return
                        yield _tagged(delta, origin)
                    if translator.done:
                        call.drain(self._poll_interval)
                        return
                # A bad line after complete items of the same read: raised now that those items
                # were delivered (not after the next read, which may never come).
                parser.raise_pending()
            last, cut = self._end_of_body(parser, translator)
            for delta in last:
                if cancel.is_set():
                    return
                yield _tagged(delta, origin)
            if not self._complete(translator):
                raise self._incomplete(call, head, cut)
        finally:
            call.close()

    @abstractmethod
    def list_models(self) -> list[str]:
        """The models the provider offers (``_get_json`` does the request)."""

    # -- hooks a subclass must supply ------------------------------------------------------------

    @abstractmethod
    def render_request(self, request: ChatRequest) -> dict[str, Any]:
        """The JSON body sent for ``request`` (public so tests and logs can show it)."""

    @abstractmethod
    def _translator(self, host: str) -> StreamTranslator:
        """A fresh translator for one stream from ``host``."""

    # -- hooks with a default ----------------------------------------------------------------------

    def stream_url(self, request: ChatRequest) -> str:
        """The URL ``stream`` POSTs ``request`` to."""
        return self._endpoint(self.stream_path)

    def model_for(self, request: ChatRequest) -> str:
        """The model a request runs on: its own, else the provider's default."""
        model = request.model or self._default_model
        if not model:
            raise self._no_model()
        return model

    @staticmethod
    def _normalize_base_url(base_url: str) -> str:
        return base_url.strip().rstrip("/")

    def _protocol_headers(self) -> dict[str, str]:
        """Headers every request carries besides the content type (an API version, say)."""
        return {}

    def _parser(self) -> BodyParser:
        return SSEParser()

    def _check_head(self, host: str, head: HTTPHead) -> None:
        """Refuse a 2xx answer whose head shows it cannot be read (nothing is refused here)."""
        return

    def _end_of_body(self, parser: Any, translator: Any) -> tuple[Iterable[Delta], bool]:
        """At the end of the body (before ``translator.done``): the deltas still due, and whether
        the body was cut inside an event. Here: none, and what the SSE parser discarded."""
        return (), parser.finish()

    def _complete(self, translator: Any) -> bool:
        """Whether the answer is whole when the body ends: only after the terminator, here."""
        return bool(translator.done)

    def _incomplete(self, call: StreamingHTTPCall, head: HTTPHead, cut: bool) -> ProviderError:
        """The error for a body that ended before the answer was complete (``cut``: inside an
        event or line): an empty answer, or one that ended before ``early_end`` says."""
        if call.bytes_received == 0:
            return IncompleteStreamError(
                _EMPTY_ANSWER.format(host=call.host, hint=self._content_type_hint(head, empty=True))
            )
        where = _IN_THE_MIDDLE.format(item=self.stream_item) if cut else ""
        lacks = self.early_end + self._content_type_hint(head, empty=False)
        return IncompleteStreamError(_ENDED_EARLY.format(host=call.host, where=where, lacks=lacks))

    def _content_type_hint(self, head: HTTPHead, *, empty: bool) -> str:
        """Added to an incomplete-stream error when the content type may explain it (``empty``:
        no byte arrived); here, when it is not an event stream."""
        if "event-stream" in head.content_type:
            return ""
        return _NOT_EVENT_STREAM.format(content_type=head.content_type or _NONE)

    def _connection_error(self, error: ProviderConnectionError) -> ProviderConnectionError:
        """How a connection failure is reported (an adapter may add advice); as is, here."""
        return error

    def _http_error(
        self, status: int, body: bytes | None, headers: Mapping[str, str], *, reason: str = ""
    ) -> ProviderHTTPError:
        """The typed error for a non-2xx answer (from ``stream`` and ``list_models``)."""
        return http_error_from_response(status, body, headers, reason=reason)

    def _stream_http_error(self, head: HTTPHead, rendered: Mapping[str, Any]) -> ProviderHTTPError:
        """The typed error for a non-2xx answer to ``stream`` (``rendered``: the body sent)."""
        return self._http_error(head.status, head.error_body, head.headers, reason=head.reason)

    # -- shared internals ------------------------------------------------------------------------

    def _endpoint(self, path: str) -> str:
        parts = urlsplit(self._base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ProviderConfigError(
                _NOT_HTTP_URL.format(url=self._base_url, example=self.example_base_url)
            )
        return f"{self._base_url}/{path}"

    def _headers(self, *, streaming: bool) -> dict[str, str]:
        headers = {"Content-Type": "application/json", **self._protocol_headers()}
        if streaming:
            headers["Accept"] = self.stream_media_type
            # A compressed stream arrives in bursts (the decoder waits for whole blocks).
            headers["Accept-Encoding"] = "identity"
        else:
            headers["Accept"] = "application/json"
        if self._api_key:
            headers[self.api_key_header] = f"{self.api_key_prefix}{self._api_key}"
        headers.update(self._extra_headers)
        return headers

    def _no_model(self) -> ProviderConfigError:
        return ProviderConfigError(
            _NO_MODEL.format(where=self._base_url or _THIS_PROVIDER, hint=self.no_model_hint)
        )

    def _get_json(self, path: str, params: Mapping[str, str] | None = None) -> tuple[Any, bytes]:
        """``GET {base_url}/{path}``: the decoded JSON answer and its raw body. Raises the
        request's failure, the typed HTTP error, or ``_not_a_model_list`` for a body that is not
        JSON (``list_models`` is the only caller)."""
        import requests

        url = self._endpoint(path)
        try:
            response = self._session.get(
                url,
                params=dict(params or {}),
                headers=self._headers(streaming=False),
                timeout=(self._connect_timeout, self._read_timeout),
            )
            body = response.content
        except requests.RequestException as exc:
            error = describe_request_failure(
                exc, url, connect_timeout=self._connect_timeout, read_timeout=self._read_timeout
            )
            if isinstance(error, ProviderConnectionError):
                error = self._connection_error(error)
            raise error from exc
        if not response.ok:
            raise self._http_error(
                response.status_code, body, response.headers, reason=response.reason or ""
            )
        try:
            return json.loads(body), body
        except ValueError as exc:
            raise self._not_a_model_list(path, body) from exc

    def _not_a_model_list(self, path: str, body: bytes | None = None) -> ProviderError:
        """``{host} answered /{path} with something other than a model list`` (plus what the body
        says, when there is one)."""
        host = host_of(self._base_url)
        if body is not None:
            detail = error_message_from_body(body)
            return ProviderError(
                _NOT_A_MODEL_LIST_SAYING.format(host=host, path=path, detail=detail)
            )
        return ProviderError(_NOT_A_MODEL_LIST.format(host=host, path=path))

"""The harness the four adapter test modules share (tests/integration/test_openai_compatible.py,
test_anthropic.py, test_ollama.py and test_gemini.py).

Why it exists: every adapter is tested the same way — run a stream against a real local server
(``httpserver`` over HTTP/1.0, or ``ScriptedServer`` over chunked HTTP/1.1), collect what it
yielded and what it raised, and check that no reader thread outlives the test. The four adapters
also share their transport and their read loop (``StreamingAdapter``), so the cancellation, stall
and configuration tests check the same promises; those checks live here once, and each module
calls them with its own wire format's bodies.

What it offers:

- ``Outcome`` / ``run``: the deltas of one ``stream`` call and the exception that ended it, with
  views (text, refusal, thinking, reasoning blocks, signatures, finishes, usage, tool calls);
- ``AdapterHarness``: one per adapter module — the adapter class, where its base URL sits on a
  test server, the request path, the default model (and key) — making providers
  (``provider_for``), answering the stream request (``serve``), the ``streaming`` fixture over
  both transports, and the shared checks (``check_*``);
- ``no_helper_thread_left_behind``: an autouse fixture; a module enables it by importing it;
- byte-exact helpers for ``ScriptedServer`` (``chunked_head``, ``http_chunk``), ``free_port``,
  ``RecordingSession`` and ``OneProvider`` (a one-entry ``ProviderDirectory``).
"""

from __future__ import annotations

import base64
import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
import requests
from pytest_httpserver import HTTPServer

from parley.application.conversations.tool_call_accumulator import ToolCallAccumulator
from parley.application.ports.chat_provider import (
    ChatRequest,
    Delta,
    FinishDelta,
    ImagePart,
    ProviderConfigError,
    ProviderConnectionError,
    ProviderMessage,
    ProviderTimeout,
    ReasoningDelta,
    RefusalDelta,
    ResolvedProvider,
    TextDelta,
    ToolCallDelta,
    ToolCallRequest,
    UsageDelta,
)
from parley.domain.transcript.canonical import Usage
from parley.infrastructure.providers.http_stream import StreamingAdapter
from tests.support.sse_server import ScriptedServer, chunked_script, fixture_path, sse_handler

HELLO = ChatRequest(model="", messages=(ProviderMessage("user", "hi"),))

Script = Callable[[Callable[[bytes], None], Callable[[float], None]], None]


def parallel_reads_history(
    call_a: str, call_b: str, *, assistant_text: str = "", follow_up: str = "Compare them."
) -> tuple[ProviderMessage, ...]:
    """A history with two parallel calls to one tool (``read_file`` of a.txt and b.txt, ids
    ``call_a`` and ``call_b``), their results "A" and "B", and a follow-up question. Same tool
    twice: only the ids tell the two results apart."""
    return (
        ProviderMessage("user", "Read a.txt and b.txt"),
        ProviderMessage(
            "assistant",
            assistant_text,
            tool_calls=(
                ToolCallRequest(call_a, "read_file", {"path": "a.txt"}),
                ToolCallRequest(call_b, "read_file", {"path": "b.txt"}),
            ),
        ),
        ProviderMessage("tool", "A", tool_call_id=call_a),
        ProviderMessage("tool", "B", tool_call_id=call_b),
        ProviderMessage("user", follow_up),
    )


# -- what one stream call gave -----------------------------------------------------------------


@dataclass
class Outcome:
    deltas: list[Delta] = field(default_factory=list)
    error: BaseException | None = None

    @property
    def text(self) -> str:
        return "".join(d.text for d in self.deltas if isinstance(d, TextDelta))

    @property
    def refusal(self) -> str:
        return "".join(d.text for d in self.deltas if isinstance(d, RefusalDelta))

    @property
    def thinking(self) -> str:
        return "".join(d.text for d in self.deltas if isinstance(d, ReasoningDelta))

    @property
    def reasoning(self) -> list[tuple[int, str, str, str]]:
        """(index, text, signature, redacted data) per reasoning block, by index."""
        blocks: dict[int, list[str]] = {}
        for d in self.deltas:
            if isinstance(d, ReasoningDelta):
                block = blocks.setdefault(d.index, ["", "", ""])
                block[0] += d.text
                block[1] += d.signature
                block[2] += d.redacted_data
        return [(i, *blocks[i]) for i in sorted(blocks)]  # type: ignore[misc]

    @property
    def reasoning_signatures(self) -> list[str]:
        return [d.signature for d in self.deltas if isinstance(d, ReasoningDelta) and d.signature]

    @property
    def call_signatures(self) -> list[str]:
        return [d.signature for d in self.deltas if isinstance(d, ToolCallDelta)]

    @property
    def finishes(self) -> list[str]:
        return [d.reason for d in self.deltas if isinstance(d, FinishDelta)]

    @property
    def usages(self) -> list[Usage]:
        return [d.usage for d in self.deltas if isinstance(d, UsageDelta)]

    @property
    def usage(self) -> Usage:
        merged = Usage()
        for usage in self.usages:
            merged = merged.merged(usage)
        return merged

    @property
    def tool_deltas(self) -> list[ToolCallDelta]:
        return [d for d in self.deltas if isinstance(d, ToolCallDelta)]

    @property
    def tool_calls(self) -> list[tuple]:
        acc = ToolCallAccumulator()
        acc.add_all(self.deltas)
        return [tuple(c) for c in acc.finish()]


def run(
    provider: StreamingAdapter,
    request: ChatRequest = HELLO,
    cancel: threading.Event | None = None,
) -> Outcome:
    outcome = Outcome()
    try:
        for delta in provider.stream(request, cancel or threading.Event()):
            outcome.deltas.append(delta)
    except Exception as exc:
        outcome.error = exc
    return outcome


# -- threads, sockets, sessions, directories ---------------------------------------------------


def helper_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("parley-http")]


@pytest.fixture(autouse=True)
def no_helper_thread_left_behind() -> Iterator[None]:
    yield
    deadline = time.monotonic() + 3
    while helper_threads() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert helper_threads() == []


def free_port() -> int:
    """A local port nothing listens on (bound once, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def chunked_head(content_type: str) -> bytes:
    """The head of a 200 answer with a chunked body, for a ``ScriptedServer`` script."""
    return (
        f"HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    ).encode("latin-1")


def http_chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


class RecordingSession(requests.Session):
    """Records the thread on which each response is closed."""

    def __init__(self) -> None:
        super().__init__()
        self.closed_on: list[str] = []

    def send(self, request, **kwargs):
        response = super().send(request, **kwargs)
        original_close = response.close

        def close() -> None:
            self.closed_on.append(threading.current_thread().name)
            original_close()

        response.close = close
        return response


class OneProvider:
    """A ``ProviderDirectory`` with one entry: ``name``, the adapter and its default model."""

    def __init__(self, name: str, provider: StreamingAdapter) -> None:
        self.provider = provider
        self._resolved = ResolvedProvider(name, provider, provider.default_model)

    def resolve(self, provider_id: str) -> ResolvedProvider:
        return self._resolved


# -- one adapter on a test server ---------------------------------------------------------------


@dataclass(frozen=True)
class AdapterHarness:
    """One adapter as its test module drives it (see the module docstring)."""

    #: The adapter class (``cls(base_url, api_key, default_model, **options)``).
    adapter: Callable[..., StreamingAdapter]
    #: Where the base URL sits on a test server ("" for the server's root).
    base_path: str
    #: The path ``stream`` POSTs to.
    path: str
    #: The default model of ``provider_for``.
    model: str
    #: The Content-Type the test servers stream with (``None``: ``sse_handler``'s default).
    content_type: str | None = None
    #: The API key of ``provider_for`` (``None``: no key).
    api_key: str | None = None

    def base_of(self, server: HTTPServer | ScriptedServer) -> str:
        if isinstance(server, ScriptedServer):
            return server.url + self.base_path
        return server.url_for(self.base_path or "/")

    def provider_for(self, server: HTTPServer | ScriptedServer, **kwargs: Any) -> StreamingAdapter:
        kwargs.setdefault("default_model", self.model)
        if self.api_key is not None:
            kwargs.setdefault("api_key", self.api_key)
        return self.adapter(self.base_of(server), **kwargs)

    def serve(self, server: HTTPServer, body: bytes, **kwargs: Any) -> list:
        """Answer the stream request with ``body`` (``kwargs`` as for ``sse_handler``); returns the
        list the request bodies are recorded in (``record`` if given)."""
        record = kwargs.pop("record", None)
        if record is None:
            record = []
        if self.content_type is not None:
            kwargs.setdefault("content_type", self.content_type)
        server.expect_request(self.path, method="POST").respond_with_handler(
            sse_handler(body, record=record, **kwargs)
        )
        return record

    def chunked_head(self) -> bytes:
        return chunked_head(self.content_type or "text/event-stream; charset=utf-8")

    def streaming_fixture(self) -> Callable[..., Any]:
        """The module's ``streaming`` fixture: ``with streaming(body, **handler_kwargs) as
        base_url:`` over either transport (HTTP/1.0 close-delimited, HTTP/1.1 chunked)."""
        harness = self

        @pytest.fixture(params=["http10", "chunked"])
        def streaming(request: pytest.FixtureRequest, httpserver: HTTPServer):
            @contextlib.contextmanager
            def start(body: bytes, **kwargs: Any) -> Iterator[str]:
                if harness.content_type is not None:
                    kwargs.setdefault("content_type", harness.content_type)
                if request.param == "http10":
                    harness.serve(httpserver, body, **kwargs)
                    yield harness.base_of(httpserver)
                else:
                    with ScriptedServer(chunked_script(body, **kwargs)) as scripted:
                        yield harness.base_of(scripted)

            return start

        return streaming

    # -- checks every adapter passes the same way ------------------------------------------------

    def check_cancel_while_silent(self, script: Script, first_text: str) -> None:
        """The server sends ``first_text`` and then nothing: a cancel set 0.2 s after that text
        ends the stream promptly and quietly, and the calling thread closes the connection."""
        cancel = threading.Event()
        cancelled_at: list[float] = []

        def cancel_now() -> None:
            cancelled_at.append(time.monotonic())
            cancel.set()

        session = RecordingSession()
        with ScriptedServer(script) as server:
            provider = self.provider_for(server, poll_interval=0.05, session=session)
            texts = []
            for delta in provider.stream(HELLO, cancel):  # no exception on cancel
                if isinstance(delta, TextDelta):
                    texts.append(delta.text)
                    threading.Timer(0.2, cancel_now).start()
            returned = time.monotonic()
            assert server.client_closed.wait(2)  # the server saw the connection go
        assert texts == [first_text]
        assert returned - cancelled_at[0] < 1.0  # the server had 10 s of silence left
        assert session.closed_on[:1] == [threading.current_thread().name]
        assert helper_threads() == []  # the blocked read was woken and the helper has finished

    def check_silence_mid_body_times_out(self, script: Script, text_before: str) -> None:
        """The server goes silent mid-body: ``ProviderTimeout`` after ``read_timeout``, naming
        the host and the limit, with the text that came before still delivered."""
        with ScriptedServer(script) as server:
            started = time.monotonic()
            outcome = run(self.provider_for(server, read_timeout=0.5, poll_interval=0.05))
            elapsed = time.monotonic() - started
            assert server.client_closed.wait(2)
        assert isinstance(outcome.error, ProviderTimeout)
        assert f"no data from 127.0.0.1:{server.port} for 0.5 s" in str(outcome.error)
        assert outcome.text == text_before
        assert elapsed < 3

    def check_cancel_already_set(self, httpserver: HTTPServer, body: bytes) -> None:
        """A cancel set before ``stream`` starts: nothing is sent, nothing yielded or raised."""
        self.serve(httpserver, body)
        cancel = threading.Event()
        cancel.set()
        outcome = run(self.provider_for(httpserver), cancel=cancel)
        assert (outcome.error, outcome.deltas) == (None, [])
        assert httpserver.log == []

    def check_cancel_before_the_head(self, httpserver: HTTPServer, body: bytes) -> None:
        """A cancel while the server holds back its answer's head ends the stream quietly."""
        gate = threading.Event()
        self.serve(httpserver, body, gate=gate, gate_after=0)
        cancel = threading.Event()
        threading.Timer(0.3, cancel.set).start()
        try:
            started = time.monotonic()
            outcome = run(self.provider_for(httpserver), cancel=cancel)
            elapsed = time.monotonic() - started
        finally:
            gate.set()
        assert (outcome.error, outcome.deltas) == (None, [])
        assert elapsed < 2

    def check_connection_refused(self, base_suffix: str, key: str) -> ProviderConnectionError:
        """Nothing listens at the base URL (``http://127.0.0.1:<port>`` + ``base_suffix``): a
        ``ProviderConnectionError`` that names the request URL and says "refused", never the
        key. Returns the error for adapter-specific checks."""
        port = free_port()
        outcome = run(self.adapter(f"http://127.0.0.1:{port}{base_suffix}", key, self.model))
        assert isinstance(outcome.error, ProviderConnectionError)
        message = str(outcome.error)
        assert f"http://127.0.0.1:{port}{self.path}" in message
        assert "refused" in message.lower()
        assert key not in message
        return outcome.error

    def check_no_model_anywhere(self, httpserver: HTTPServer) -> None:
        """No model in the request nor a default: a config error, and nothing is sent."""
        outcome = run(self.adapter(self.base_of(httpserver)))
        assert isinstance(outcome.error, ProviderConfigError)
        assert "no model" in str(outcome.error)
        assert httpserver.log == []

    def check_key_that_cannot_be_a_header(self, httpserver: HTTPServer, key: str) -> None:
        """A key with a line break: a config error that does not quote the key."""
        outcome = run(self.adapter(self.base_of(httpserver), key, self.model))
        assert isinstance(outcome.error, ProviderConfigError)
        assert key.split("\n")[0] not in str(outcome.error)


# -- images shared by the adapters' image-part tests -------------------------------------------


def base64_of(name: str) -> str:
    return base64.b64encode(fixture_path("documents", name).read_bytes()).decode("ascii")


PNG_B64 = base64_of("png-hopper-128.png")
JPEG_B64 = base64_of("jpeg-hopper-128.jpg")
IMAGES = (
    ImagePart("image/png", PNG_B64, "png-hopper-128.png"),
    ImagePart("image/jpeg", JPEG_B64, "jpeg-hopper-128.jpg"),
)

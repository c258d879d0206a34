"""Helpers for tests that stream provider responses from a real local HTTP server.

Why it exists: adapter tests must exercise the real socket path (``requests`` + ``urllib3``), in
whole and in tiny slices, with pauses, gates and errors. These helpers build the responses:

- ``sse_handler`` — a pytest-httpserver handler that streams a body slice by slice;
- ``openai_text_stream`` — a valid OpenAI Chat Completions SSE body for given text pieces;
- ``data_events`` — SSE framing around JSON payloads (for recorders that dropped it);
- ``fixture_path`` — a file under the fixtures tree (``tests/fixtures``, copied byte for byte from
  the project's shared set so a clean checkout tests on its own);
- ``ScriptedServer`` — a raw socket server for byte-exact HTTP (half an HTTP chunk, then a pause)
  that also records whether the client closed the connection; ``chunked_script`` makes it stream
  a body as HTTP/1.1 chunks.

Facts the tests rely on (checked in tests/integration/test_openai_compatible.py): the default
``httpserver`` fixture is a single-threaded werkzeug server, which answers with HTTP/1.0 — a
streamed body there is not chunked but close-delimited, and each slice is written and flushed as
it is produced, so a client does see early slices before later ones. A handler that blocks (a
``gate``) blocks the whole server: always set the gate when the test ends.
"""

from __future__ import annotations

import json
import pathlib
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from werkzeug import Request, Response

_REPO_ROOT = pathlib.Path(__file__).resolve().parents[2]
_FIXTURES = _REPO_ROOT / "tests" / "fixtures"
_GATE_TIMEOUT = 10.0


def fixture_path(*parts: str) -> pathlib.Path:
    """A path under the fixtures tree, e.g. ``fixture_path("providers", "openai")``."""
    return _FIXTURES.joinpath(*parts)


def sse_handler(
    body: bytes,
    *,
    slice_size: int | None = None,
    delay: float = 0.0,
    status: int = 200,
    headers: dict | None = None,
    content_type: str = "text/event-stream; charset=utf-8",
    record: list | None = None,
    gate: threading.Event | None = None,
    gate_after: int | None = None,
) -> Callable[[Request], Response]:
    """A handler for ``httpserver.expect_request(...).respond_with_handler(...)``.

    Streams ``body`` in slices of ``slice_size`` bytes (whole if ``None``), sleeping ``delay``
    seconds between slices. Appends the request's JSON body (``None`` if not JSON) to ``record``.
    With ``gate``, waits (up to ~10 s) for it before sending slice number ``gate_after``
    (default 0: before the first slice, i.e. before the status line and headers go out).
    """
    if slice_size is not None and slice_size < 1:
        raise ValueError("slice_size must be at least 1")
    size = slice_size or max(1, len(body))
    slices = [body[i : i + size] for i in range(0, len(body), size)]
    gate_index = gate_after or 0

    def handler(request: Request) -> Response:
        if record is not None:
            try:
                record.append(json.loads(request.get_data() or b"null"))
            except ValueError:
                record.append(None)

        def generate() -> Iterator[bytes]:
            for index, piece in enumerate(slices):
                if gate is not None and index == gate_index:
                    gate.wait(_GATE_TIMEOUT)
                if index and delay:
                    time.sleep(delay)
                yield piece

        return Response(
            generate(),
            status=status,
            headers=headers,
            content_type=content_type,
            direct_passthrough=True,
        )

    return handler


def data_events(payloads: Iterable[Any], *, done: bool = True) -> bytes:
    """``data: <json>\\n\\n`` for each payload (a str is sent as is), then ``data: [DONE]``."""
    out = []
    for payload in payloads:
        text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
        out.append(f"data: {text}\n\n")
    if done:
        out.append("data: [DONE]\n\n")
    return "".join(out).encode("utf-8")


def openai_text_stream(
    text_pieces: list[str],
    *,
    model: str = "test-model",
    usage: tuple[int, int] | None = (5, 7),
    done: bool = True,
) -> bytes:
    """A Chat Completions SSE body: role chunk, one chunk per piece, a ``stop`` chunk, a usage
    chunk (``choices: []``; omitted when ``usage`` is None) and ``[DONE]`` (unless ``done`` is
    False). Text is written as raw UTF-8, not ``\\u`` escapes."""
    base = {
        "id": "chatcmpl-test",
        "object": "chat.completion.chunk",
        "created": 1700000000,
        "model": model,
    }

    def chunk(delta: dict, finish: str | None = None) -> dict:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        return {**base, "choices": [choice], "usage": None}

    payloads: list[dict] = [chunk({"role": "assistant", "content": "", "refusal": None})]
    payloads += [chunk({"content": piece}) for piece in text_pieces]
    payloads.append(chunk({}, "stop"))
    if usage is not None:
        prompt, completion = usage
        payloads.append(
            {
                **base,
                "choices": [],
                "usage": {
                    "prompt_tokens": prompt,
                    "completion_tokens": completion,
                    "total_tokens": prompt + completion,
                },
            }
        )
    return data_events(payloads, done=done)


def chunked_script(
    body: bytes,
    *,
    slice_size: int | None = None,
    delay: float = 0.0,
    status: int = 200,
    headers: dict | None = None,
    content_type: str = "text/event-stream; charset=utf-8",
) -> Callable[[Callable[[bytes], None], Callable[[float], None]], None]:
    """A ``ScriptedServer`` script answering HTTP/1.1 with ``Transfer-Encoding: chunked``: each
    slice of ``body`` is one HTTP chunk, ``delay`` seconds apart, then the terminating chunk."""
    size = slice_size or max(1, len(body))
    slices = [body[i : i + size] for i in range(0, len(body), size)]
    lines = [f"HTTP/1.1 {status} X", f"Content-Type: {content_type}"]
    lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
    lines += ["Transfer-Encoding: chunked", "Connection: close", "", ""]
    head = "\r\n".join(lines).encode("latin-1")

    def script(send: Callable[[bytes], None], sleep: Callable[[float], None]) -> None:
        send(head)
        for index, piece in enumerate(slices):
            if index and delay:
                sleep(delay)
            send(b"%x\r\n%s\r\n" % (len(piece), piece))
        send(b"0\r\n\r\n")

    return script


class ScriptedServer:
    """A one-connection-at-a-time raw HTTP server for byte-exact responses.

    ``script(send, sleep)`` runs for each connection after the request head (and body, if it has
    a Content-Length) was read; ``send(bytes)`` writes raw bytes, ``sleep(seconds)`` pauses but
    returns early if the client closed the connection. Afterwards ``client_closed`` is set when
    the client closed its side while the script was still running or pausing.
    """

    def __init__(self, script: Callable[[Callable[[bytes], None], Callable[[float], None]], None]):
        self._script = script
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.requests: list[bytes] = []
        self.client_closed = threading.Event()
        self.script_done = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def __enter__(self) -> ScriptedServer:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        # Closing a listening socket does not wake a thread blocked in accept() on Linux, so
        # the accept loop polls a stop flag instead.
        self._stop.set()
        self._thread.join(timeout=5)
        self._listener.close()

    def _serve(self) -> None:
        self._listener.settimeout(0.05)
        while not self._stop.is_set():
            try:
                conn, _ = self._listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                self._handle(conn)

    def _handle(self, conn: socket.socket) -> None:
        conn.settimeout(5)
        data = b""
        while b"\r\n\r\n" not in data:
            piece = conn.recv(65536)
            if not piece:
                return
            data += piece
        head, _, rest = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        while len(rest) < length:
            piece = conn.recv(65536)
            if not piece:
                break
            rest += piece
        self.requests.append(head + b"\r\n\r\n" + rest)

        def send(chunk: bytes) -> None:
            try:
                conn.sendall(chunk)
            except OSError:
                self.client_closed.set()

        def sleep(seconds: float) -> None:
            # Waiting on recv doubles as "did the client hang up?" (recv returns b"").
            deadline = time.monotonic() + seconds
            while (left := deadline - time.monotonic()) > 0:
                conn.settimeout(min(left, 0.05))
                try:
                    if conn.recv(1) == b"":
                        self.client_closed.set()
                        return
                except TimeoutError:
                    continue
                except OSError:
                    self.client_closed.set()
                    return

        try:
            self._script(send, sleep)
        finally:
            self.script_done.set()

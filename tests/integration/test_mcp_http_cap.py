"""The HTTP response cap (``infrastructure/mcp/http_cap.py``) through the real ``SdkMcpClient``
against a real Streamable HTTP server on the loopback (a small hand-written one in this file: the
SDK's server would not send what a hostile one does). A 40 MB answer — with a Content-Length,
chunked, as one server-sent event, or gzip-compressed — fails that one call with
``McpOutputTooLarge`` naming the server while memory stays near the limit; the session goes on
answering; many events that are each small pass, however many bytes they add up to.
"""

from __future__ import annotations

import json
import threading
import tracemalloc
import zlib
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from parley.application.mcp.model import McpOutputTooLarge, McpServerConfig
from parley.infrastructure.mcp.client import SdkMcpClient

LIMIT = 4 * 1024 * 1024
HUGE = 40 * 1024 * 1024
BLOCK = b"a" * 65536
TOOLS = ("small", "length", "chunked", "event", "events", "gzip", "close")


def result(msg_id: object, text: str) -> dict[str, object]:
    return {"jsonrpc": "2.0", "id": msg_id, "result": {"content": [{"type": "text", "text": text}]}}


def huge_result(msg_id: object) -> tuple[bytes, bytes]:
    """The start and end of a JSON-RPC result whose text is ``HUGE`` bytes of "a"."""
    head, tail = json.dumps(result(msg_id, "@")).encode().split(b"@")
    return head, tail


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *_args: object) -> None:
        pass

    def do_GET(self) -> None:  # no standalone event stream
        self.send_response(405)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_DELETE(self) -> None:
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self) -> None:
        msg = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        method, msg_id = msg.get("method"), msg.get("id")
        if msg_id is None or method is None:  # a notification or an answer
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        try:
            self.answer(method, msg_id, msg.get("params") or {})
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True  # the client stopped reading: as it should

    def json(self, payload: object) -> None:
        body = json.dumps(payload).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def chunk(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

    def answer(self, method: str, msg_id: object, params: dict[str, object]) -> None:
        if method == "initialize":
            self.json(
                {
                    "jsonrpc": "2.0",
                    "id": msg_id,
                    "result": {
                        "protocolVersion": "2025-06-18",
                        "capabilities": {"tools": {}},
                        "serverInfo": {"name": "hostile", "version": "1"},
                    },
                }
            )
        elif method == "tools/list":
            schema = {"type": "object"}
            tools = [{"name": n, "inputSchema": schema} for n in TOOLS]
            self.json({"jsonrpc": "2.0", "id": msg_id, "result": {"tools": tools}})
        elif method == "tools/call":
            getattr(self, f"tool_{params['name']}")(msg_id)
        else:
            error = {"code": -32601, "message": f"unknown method {method}"}
            self.json({"jsonrpc": "2.0", "id": msg_id, "error": error})

    def tool_small(self, msg_id: object) -> None:
        self.json(result(msg_id, "fine"))

    def tool_length(self, msg_id: object) -> None:
        head, tail = huge_result(msg_id)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(head) + HUGE + len(tail)))
        self.end_headers()
        self.wfile.write(head)
        for _ in range(HUGE // len(BLOCK)):
            self.wfile.write(BLOCK)
        self.wfile.write(tail)

    def stream(self, content_type: str, head: bytes, tail: bytes) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.chunk(head)
        for _ in range(HUGE // len(BLOCK)):
            self.chunk(BLOCK)
        self.chunk(tail)
        self.wfile.write(b"0\r\n\r\n")

    def tool_chunked(self, msg_id: object) -> None:
        self.stream("application/json", *huge_result(msg_id))

    def tool_event(self, msg_id: object) -> None:
        head, tail = huge_result(msg_id)
        self.stream("text/event-stream", b"event: message\ndata: " + head, tail + b"\n\n")

    def tool_events(self, msg_id: object) -> None:
        """60 events of 100 KB each (6 MB in all, over the limit), then the answer."""
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for n in range(60):
            note = {
                "jsonrpc": "2.0",
                "method": "notifications/message",
                "params": {"level": "info", "data": f"{n}:" + "x" * 100_000},
            }
            self.chunk(b"data: " + json.dumps(note).encode() + b"\r\n\r\n")
        self.chunk(b"data: " + json.dumps(result(msg_id, "all events read")).encode() + b"\n\n")
        self.wfile.write(b"0\r\n\r\n")

    def tool_gzip(self, msg_id: object) -> None:
        head, tail = huge_result(msg_id)
        packer = zlib.compressobj(wbits=31)  # gzip, made a block at a time (small in memory)
        parts = [packer.compress(head)]
        parts += [packer.compress(BLOCK) for _ in range(HUGE // len(BLOCK))]
        body = b"".join([*parts, packer.compress(tail), packer.flush()])  # ~40 KB on the wire
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def tool_close(self, msg_id: object) -> None:
        """HTTP/1.0 style: no length, no chunks, the body ends when the connection closes."""
        head, tail = huge_result(msg_id)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        self.wfile.write(head)
        for _ in range(HUGE // len(BLOCK)):
            self.wfile.write(BLOCK)
        self.wfile.write(tail)


@pytest.fixture
def server() -> Iterator[McpServerConfig]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    port = httpd.server_address[1]
    yield McpServerConfig("hostile", transport="http", url=f"http://127.0.0.1:{port}/mcp")
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def client(tmp_path: Path) -> Iterator[SdkMcpClient]:
    c = SdkMcpClient(tmp_path / "logs", max_message_bytes=LIMIT)
    yield c
    c.close()


def call(client: SdkMcpClient, server: McpServerConfig, tool: str) -> str:
    return client.call_tool(server, tool, {}, threading.Event(), timeout_s=60).text


@pytest.mark.parametrize(
    ("tool", "says"),
    [
        ("length", "the response (41,943,"),  # refused on its Content-Length, before reading
        ("chunked", "the response is over Parley's limit of 4 MB"),
        ("close", "the response is over Parley's limit of 4 MB"),
        ("event", "the response has an event over Parley's limit of 4 MB"),
        ("gzip", "the response is over Parley's limit of 4 MB"),  # counted as inflated
    ],
)
def test_a_huge_answer_fails_that_call_and_memory_stays_bounded(
    client: SdkMcpClient, server: McpServerConfig, tool: str, says: str
) -> None:
    assert call(client, server, "small") == "fine"  # the session is up before we measure
    tracemalloc.start()
    try:
        with pytest.raises(McpOutputTooLarge) as info:
            call(client, server, tool)
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert info.value.server == "hostile"
    assert info.value.message.startswith(says)
    assert peak < 3 * LIMIT, f"{peak:,} bytes held at the peak"
    assert "over Parley's limit" in client.log_path("hostile").read_text()
    # the session goes on: the next call on it is answered
    assert call(client, server, "small") == "fine"
    assert client.status("hostile").state == "ready"


def test_many_small_events_pass_whatever_their_total(
    client: SdkMcpClient, server: McpServerConfig
) -> None:
    assert call(client, server, "events") == "all events read"


def test_a_huge_answer_on_one_server_leaves_another_alone(
    client: SdkMcpClient, server: McpServerConfig
) -> None:
    other = McpServerConfig("calm", transport="http", url=server.url)
    assert call(client, other, "small") == "fine"
    with pytest.raises(McpOutputTooLarge):
        call(client, server, "chunked")
    assert call(client, other, "small") == "fine"

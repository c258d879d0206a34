"""How ``infrastructure/mcp/http_cap`` counts an event stream, byte by byte as it arrives in
whatever pieces the network gives: a blank line ends an event (``\\n``, ``\\r\\n`` or ``\\r``
endings), a ``\\r\\n`` split between two reads is one line end (not a blank line that would reset
the count), and an unterminated line counts as it grows. Through a real ``httpx2.AsyncClient``
over ``MockTransport`` (the loopback tests are in tests/integration/test_mcp_http_cap.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import httpx2
import pytest

from parley.infrastructure.mcp.http_cap import ResponseTooLarge, cap_client

LIMIT = 100


def read(chunks: list[bytes], content_type: str = "text/event-stream") -> tuple[bytes, list[str]]:
    told: list[str] = []

    async def body() -> AsyncIterator[bytes]:
        for chunk in chunks:
            yield chunk

    def handler(_request: httpx2.Request) -> httpx2.Response:
        return httpx2.Response(200, headers={"Content-Type": content_type}, content=body())

    async def run() -> bytes:
        client = cap_client(
            httpx2.AsyncClient(transport=httpx2.MockTransport(handler)), LIMIT, told.append
        )
        async with client, client.stream("GET", "http://127.0.0.1/mcp") as response:
            return b"".join([part async for part in response.aiter_bytes()])

    return asyncio.run(run()), told


LINE = b"data: " + b"x" * 54  # 60 bytes: one fits, two in one event do not


@pytest.mark.parametrize("end", [b"\n", b"\r\n", b"\r"])
def test_many_events_each_within_the_limit_pass(end: bytes) -> None:
    event = LINE + end + end
    body, told = read([event] * 20)
    assert body == event * 20 and told == []


@pytest.mark.parametrize("end", [b"\n", b"\r\n", b"\r"])
def test_one_event_over_the_limit_is_cut(end: bytes) -> None:
    with pytest.raises(ResponseTooLarge, match="has an event over Parley's limit of 100 bytes"):
        read([LINE + end + LINE + end + end])


def test_a_crlf_split_between_reads_is_not_a_blank_line() -> None:
    with pytest.raises(ResponseTooLarge):
        read([LINE + b"\r", b"\n" + LINE + b"\r\n\r\n"])


def test_an_unterminated_line_counts_as_it_grows() -> None:
    with pytest.raises(ResponseTooLarge) as info:
        read([b"data: "] + [b"y" * 30] * 10)
    assert "Parley stopped reading it" in str(info.value)


def test_a_whole_body_counts_every_byte() -> None:
    body, _ = read([b"z" * 50, b"z" * 50], "application/json")
    assert len(body) == LIMIT
    with pytest.raises(ResponseTooLarge, match=r"^the response is over"):
        read([b"z" * 50, b"z" * 51], "application/json")

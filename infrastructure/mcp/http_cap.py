"""A bound on what an MCP server over HTTP can make Parley hold in memory: one response body (a
JSON answer) or one server-sent event, like ``max_message_bytes`` bounds one stdio line.

Why it exists: the SDK's Streamable HTTP transport reads an ``application/json`` answer whole
(``response.aread()``), so a server answering with 40 MB — or an endless chunked body — would be
read into memory entire. ``cap_client`` wraps the transports of the ``httpx2.AsyncClient`` the
session uses, so every response's bytes pass through a counter before anything buffers them.

Invariants it keeps:

- a response whose ``Content-Length`` is over the limit is refused before its body is read; one
  with no length (chunked, close-delimited) is read only until it passes the limit; an event
  stream is counted per event (a blank line ends one), so a long-lived stream may carry any
  number of events within the limit;
- a compressed body is counted as it is inflated (the client asks for ``identity``; a server that
  compresses anyway gets at most the limit inflated — no zip bomb); an encoding it cannot inflate
  is refused;
- the failure is ``ResponseTooLarge``, raised while the body is read — where the SDK turns a
  stream error into an error answer for that one request (JSON: ``Failed to parse JSON response:
  …``; an event stream: ``SSE stream failed: …``), so the session stays usable; its message carries
  ``TOO_LARGE_MARKER``, by which the client tells it apart and names it ``McpOutputTooLarge``.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx2

#: In every ``ResponseTooLarge`` message (the client looks for it in the SDK's error answer).
TOO_LARGE_MARKER = "over Parley's limit of"
_TERMINATOR = re.compile(rb"\r\n|\r|\n")


def size_label(size: int) -> str:
    if size >= 1024 * 1024 and size % (1024 * 1024) == 0:
        return f"{size // (1024 * 1024)} MB"
    if size >= 1024 and size % 1024 == 0:
        return f"{size // 1024} KB"
    return f"{size:,} bytes"


class ResponseTooLarge(httpx2.SSEError, httpx2.StreamError):
    """A response (or one event) was larger than the limit: reading it stopped there. It is
    both the SDK's kinds of read error, so either of its readers turns it into an error answer
    for the one request (never into a crash of the session)."""

    def __init__(self, message: str) -> None:
        httpx2.SSEError.__init__(self, message)


class _Inflater:
    """A ``Content-Encoding`` undone a bounded step at a time."""

    def __init__(self, encoding: str) -> None:
        self._raw_fallback = encoding == "deflate"
        wbits = 16 + zlib.MAX_WBITS if encoding == "gzip" else zlib.MAX_WBITS
        self._z = zlib.decompressobj(wbits)
        self._started = False

    def step(self, data: bytes, most: int) -> tuple[bytes, bytes]:
        """At most ``most`` bytes inflated from ``data``, and what of ``data`` is left."""
        try:
            piece = self._z.decompress(data, max(most, 1))
        except zlib.error:
            if self._raw_fallback and not self._started:  # "deflate" without the zlib header
                self._z, self._raw_fallback = zlib.decompressobj(-zlib.MAX_WBITS), False
                return self.step(data, most)
            raise httpx2.StreamError("the server sent a corrupt compressed response") from None
        self._started = True
        return piece, self._z.unconsumed_tail


class _CappedStream(httpx2.AsyncByteStream):
    def __init__(
        self,
        inner: Any,
        limit: int,
        *,
        declared: int | None,
        events: bool,
        encoding: str,
        too_large: Callable[[str], None],
    ) -> None:
        self._inner = inner
        self._limit = limit
        self._declared = declared
        self._events = events
        self._encoding = encoding
        self._too_large = too_large
        self._total = 0  # a whole body: bytes so far
        self._event = 0  # an event stream: bytes of the event in progress (complete lines)
        self._line = 0  # and of the line in progress
        self._after_cr = False

    def _fail(self, what: str) -> ResponseTooLarge:
        """``what`` begins with "the response" (the client quotes the message from there)."""
        limit = size_label(self._limit)
        message = f"{what} {TOO_LARGE_MARKER} {limit}; Parley stopped reading it"
        self._too_large(message)
        return ResponseTooLarge(message)

    async def __aiter__(self) -> AsyncIterator[bytes]:
        if self._declared is not None and self._declared > self._limit:
            raise self._fail(f"the response ({self._declared:,} bytes, by its Content-Length) is")
        inflater = None
        if self._encoding not in ("", "identity"):
            if self._encoding not in ("gzip", "deflate"):
                raise httpx2.StreamError(
                    f"the server sent a response compressed with {self._encoding!r}, which "
                    "Parley did not ask for and does not read"
                )
            inflater = _Inflater(self._encoding)
        async for raw in self._inner:
            if inflater is None:
                self._count(raw)
                yield raw
                continue
            left = raw
            while left:  # each step inflates no more than still fits (plus one byte)
                chunk, left = inflater.step(left, self._room())
                if not chunk:
                    break
                self._count(chunk)
                yield chunk

    def _room(self) -> int:
        used = self._event + self._line if self._events else self._total
        return self._limit - used + 1  # one byte more than fits: enough to see it is over

    def _count(self, chunk: bytes) -> None:
        if not self._events:
            self._total += len(chunk)
            if self._total > self._limit:
                raise self._fail("the response is")
            return
        start = 0
        if self._after_cr and chunk.startswith(b"\n"):
            start = 1  # the \n of a \r\n split between two reads
        self._after_cr = chunk.endswith(b"\r")
        for match in _TERMINATOR.finditer(chunk, start):
            line = self._line + match.start() - start
            self._event = 0 if line == 0 else self._event + line  # a blank line ends an event
            self._line, start = 0, match.end()
            if self._event > self._limit:
                raise self._fail("the response has an event")
        self._line += len(chunk) - start
        if self._event + self._line > self._limit:
            raise self._fail("the response has an event")

    async def aclose(self) -> None:
        await self._inner.aclose()


class CappedTransport(httpx2.AsyncBaseTransport):
    """Every response of the wrapped transport, with its body counted (see the module)."""

    def __init__(self, inner: Any, limit: int, too_large: Callable[[str], None]) -> None:
        self._inner = inner
        self._limit = limit
        self._too_large = too_large

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        response = await self._inner.handle_async_request(request)
        headers = response.headers
        try:
            declared: int | None = int(headers.get("content-length", ""))
        except ValueError:
            declared = None
        encoding = headers.get("content-encoding", "").strip().lower()
        kind = headers.get("content-type", "").partition(";")[0].strip().lower()
        response.stream = _CappedStream(
            response.stream,
            self._limit,
            declared=declared if not encoding or encoding == "identity" else None,
            events=kind == "text/event-stream",
            encoding=encoding,
            too_large=self._too_large,
        )
        if encoding:  # inflated here, under the limit: httpx must not inflate it again
            del headers["content-encoding"]
        return response

    async def aclose(self) -> None:
        await self._inner.aclose()


def cap_client(
    client: httpx2.AsyncClient, limit: int, too_large: Callable[[str], None]
) -> httpx2.AsyncClient:
    """``client`` with every transport it may use (its own and any proxy's) wrapped in
    ``CappedTransport``; ``too_large(message)`` is told each time a response is cut."""
    client.headers["Accept-Encoding"] = "identity"
    client._transport = CappedTransport(client._transport, limit, too_large)
    mounts = client._mounts
    for pattern, transport in list(mounts.items()):
        if transport is not None:
            mounts[pattern] = CappedTransport(transport, limit, too_large)
    return client

"""SSEParser: an error never costs the events before it (issue 14, item 15).

Every cut point of each stream (and every two-cut split of the short ones) must give the same
events *then* the same error as the stream fed whole, and feeding it one byte at a time. Before
the fix, ``b"data: 1\\n\\n: \\xff\\n\\ndata: 2\\n\\n"`` fed whole raised with no event, while fed
byte by byte it gave ``1`` first.
"""

from __future__ import annotations

import itertools

import pytest

from parley.application.ports.chat_provider import ProviderStreamError
from parley.infrastructure.providers.sse import SSEParser

# (stream, max_line_bytes, the events expected before the error, a piece of the error message)
CASES = [
    (b"data: 1\n\n: \xff\n\ndata: 2\n\n", 1024, ["1"], "not valid UTF-8 (line 3"),
    # WHATWG-style framing before the bad line: CRLF, CR, comments, multi-line data, a BOM.
    (
        b"\xef\xbb\xbf: c\r\n\r\ndata: a\r\ndata: b\r\r\nevent: x\ndata: c\n\ndata: caf\xe9\n\n",
        1024,
        ["a\nb", "c"],
        "not valid UTF-8",
    ),
    # A bad byte in a field of an event that is never completed: the earlier event is kept.
    (b"data: kept\r\rid: \xc3\x28\r\r", 1024, ["kept"], "not valid UTF-8"),
    # An over-long line, terminated in the stream.
    (b"data: 1\n\ndata: 22\n\ndata: " + b"x" * 40 + b"\n\ndata: 3\n\n", 24, ["1", "22"], "longer"),
    # An over-long line that never ends.
    (b"data: 1\r\n\r\ndata: " + b"y" * 40, 24, ["1"], "longer than 24 bytes"),
    # A truncated multi-byte character at the end of a line.
    (b"data: \xf0\x9f\xa6\x85\n\ndata: \xf0\x9f\n\n", 1024, ["🦅"], "not valid UTF-8 (line 3"),
]


def run(chunks: list[bytes], max_line_bytes: int) -> tuple[list[str], str]:
    """Feed ``chunks`` as a reader does (events of each read first, then ``raise_pending``),
    then finish: the events delivered and the error's message ("" for none)."""
    parser = SSEParser(max_line_bytes=max_line_bytes)
    events: list[str] = []
    try:
        for chunk in chunks:
            events.extend(e.data for e in parser.feed(chunk))
            parser.raise_pending()
        parser.finish()
    except ProviderStreamError as exc:
        return events, str(exc)
    return events, ""


def splits(body: bytes, cuts: tuple[int, ...]) -> list[bytes]:
    edges = [0, *cuts, len(body)]
    return [body[a:b] for a, b in itertools.pairwise(edges)]


@pytest.mark.parametrize("body,limit,expected,message", CASES)
def test_whole_stream_delivers_the_events_then_raises(
    body: bytes, limit: int, expected: list[str], message: str
) -> None:
    events, error = run([body], limit)
    assert events == expected
    assert message in error


@pytest.mark.parametrize("body,limit,expected,message", CASES)
def test_every_cut_point_gives_the_same_events_then_the_same_error(
    body: bytes, limit: int, expected: list[str], message: str
) -> None:
    whole = run([body], limit)
    assert run([body[i : i + 1] for i in range(len(body))], limit) == whole
    for cut in range(len(body) + 1):
        assert run(splits(body, (cut,)), limit) == whole, cut


@pytest.mark.parametrize("body,limit,expected,message", CASES[:3])
def test_every_two_cut_split_gives_the_same_events_then_the_same_error(
    body: bytes, limit: int, expected: list[str], message: str
) -> None:
    whole = run([body], limit)
    for cuts in itertools.combinations(range(len(body) + 1), 2):
        assert run(splits(body, cuts), limit) == whole, cuts


def test_the_error_stays_raised_by_every_later_call() -> None:
    parser = SSEParser()
    assert [e.data for e in parser.feed(b"data: 1\n\n: \xff\n\ndata: 2\n\n")] == ["1"]
    for _ in range(2):
        with pytest.raises(ProviderStreamError, match="UTF-8"):
            parser.feed(b"data: 3\n\n")
    with pytest.raises(ProviderStreamError, match="UTF-8"):
        parser.finish()


def test_a_feed_whose_first_line_is_bad_raises_at_once() -> None:
    parser = SSEParser()
    with pytest.raises(ProviderStreamError, match="UTF-8"):
        parser.feed(b"data: \xff\n\n")

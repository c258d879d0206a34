"""NDJSONSplitter: line endings, blank lines, UTF-8, the trailing line, split invariance."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parley.application.ports.chat_provider import ProviderStreamError
from parley.infrastructure.providers.ndjson import NDJSONSplitter
from tests.support.sse_server import fixture_path


def split(*chunks: bytes) -> tuple[list[str], str | None]:
    splitter = NDJSONSplitter()
    lines: list[str] = []
    for chunk in chunks:
        lines.extend(splitter.feed(chunk))
    return lines, splitter.finish()


def outcome(chunks: list[bytes]) -> tuple[list[str], str | None, str | None]:
    """Lines, trailing line and error message (if any) for a sequence of feeds."""
    splitter = NDJSONSplitter()
    lines: list[str] = []
    try:
        for chunk in chunks:
            lines.extend(splitter.feed(chunk))
        return lines, splitter.finish(), None
    except ProviderStreamError as exc:
        return lines, None, str(exc)


def slices(data: bytes, size: int) -> list[bytes]:
    return [data[i : i + size] for i in range(0, len(data), size)]


# -- line endings ---------------------------------------------------------------------------


@pytest.mark.parametrize("eol", [b"\n", b"\r\n"])
def test_lf_and_crlf_end_lines(eol: bytes) -> None:
    assert split(b'{"a":1}' + eol + b'{"b":2}' + eol) == (['{"a":1}', '{"b":2}'], None)


def test_crlf_split_between_cr_and_lf_is_one_line_ending() -> None:
    assert split(b"one\r", b"\ntwo\r", b"\n") == (["one", "two"], None)


def test_lone_cr_is_not_a_line_ending() -> None:
    assert split(b"a\rb\n") == (["a\rb"], None)


def test_only_one_cr_is_part_of_the_line_ending() -> None:
    assert split(b"a\r\r\n") == (["a\r"], None)


def test_a_line_split_into_single_bytes() -> None:
    body = b'{"x": "y"}\n'
    assert split(*slices(body, 1)) == (['{"x": "y"}'], None)


def test_feed_returns_only_the_lines_each_chunk_completed() -> None:
    splitter = NDJSONSplitter()
    assert splitter.feed(b'{"a"') == []
    assert splitter.feed(b":1}\n{") == ['{"a":1}']
    assert splitter.feed(b"}\n\n") == ["{}"]
    assert splitter.line_number == 3
    assert splitter.finish() is None


# -- blank lines and the byte-order mark -----------------------------------------------------


def test_blank_and_whitespace_only_lines_are_skipped() -> None:
    assert split(b"\n\r\n  \t\n1\n \r\n2\n") == (["1", "2"], None)


def test_surrounding_whitespace_of_a_non_blank_line_is_kept() -> None:
    assert split(b'  {"a": 1} \n') == (['  {"a": 1} '], None)


def test_non_json_unicode_whitespace_is_not_blank() -> None:
    # Only JSON whitespace makes a line blank; U+0085 and U+2028 are content (and not JSON).
    assert split("\u0085\n\u2028\n".encode()) == (["\u0085", "\u2028"], None)


def test_leading_byte_order_mark_is_dropped_once() -> None:
    bom = b"\xef\xbb\xbf"
    assert split(bom + b"1\n" + bom + b"2\n") == (["1", "\ufeff2"], None)
    assert split(*slices(bom + b"1\n", 1)) == (["1"], None)
    assert split(bom + b"\n2\n") == (["2"], None)
    assert split(bom) == ([], None)


# -- UTF-8 --------------------------------------------------------------------------------------


def test_multibyte_characters_split_across_feeds_survive() -> None:
    body = '{"c": "naïve café 🦅 Ω\u0085"}\n'.encode()
    assert split(*slices(body, 1)) == (['{"c": "naïve café 🦅 Ω\u0085"}'], None)


def test_invalid_utf8_raises_naming_the_line() -> None:
    splitter = NDJSONSplitter()
    assert splitter.feed(b'"ok"\n"caf') == ['"ok"']
    with pytest.raises(ProviderStreamError, match=r"not valid UTF-8 \(line 2, byte 4"):
        splitter.feed(b'\xe9"\n')


def test_lines_before_a_bad_line_come_first_then_every_call_raises() -> None:
    splitter = NDJSONSplitter()
    assert splitter.feed(b"good\n\xff\nnever\n") == ["good"]
    with pytest.raises(ProviderStreamError, match="UTF-8"):
        splitter.feed(b"more\n")
    with pytest.raises(ProviderStreamError, match="UTF-8"):
        splitter.finish()


def test_a_bad_line_alone_raises_at_once_and_stays_broken() -> None:
    splitter = NDJSONSplitter()
    with pytest.raises(ProviderStreamError):
        splitter.feed(b"\xc3\x28\n")
    with pytest.raises(ProviderStreamError):
        splitter.feed(b"fine\n")


def test_overlong_lines_raise() -> None:
    splitter = NDJSONSplitter(max_line_bytes=8)
    assert splitter.feed(b"12345678\n") == ["12345678"]
    with pytest.raises(ProviderStreamError, match="longer than 8 bytes"):
        splitter.feed(b"123456789")
    with pytest.raises(ProviderStreamError, match="longer than 8 bytes"):
        NDJSONSplitter(max_line_bytes=8).feed(b"123456789\n")


# -- the end of the stream ----------------------------------------------------------------------


def test_finish_reports_the_trailing_partial_line() -> None:
    assert split(b'{"a":1}\n{"done":tr') == (['{"a":1}'], '{"done":tr')
    assert split(b'{"done":true}\r') == ([], '{"done":true}')


def test_finish_returns_none_for_a_blank_tail() -> None:
    assert split(b"1\n  \t") == (["1"], None)
    assert split(b"") == ([], None)


def test_tail_cut_inside_a_character_is_reported_not_raised() -> None:
    cut = '{"c": "🦅'.encode()[:-2]
    lines, tail = split(b"1\n" + cut)
    assert lines == ["1"]
    assert tail == '{"c": "\ufffd'


def test_invalid_utf8_in_the_tail_raises() -> None:
    splitter = NDJSONSplitter()
    splitter.feed(b"1\n\xff}")
    with pytest.raises(ProviderStreamError, match="line 2"):
        splitter.finish()


def test_feed_after_finish_is_a_programming_error() -> None:
    splitter = NDJSONSplitter()
    assert splitter.finish() is None
    assert splitter.finish() is None
    with pytest.raises(RuntimeError):
        splitter.feed(b"x\n")


# -- the fixtures, whole and byte by byte ---------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    sorted(p.name for p in fixture_path("providers", "ollama").glob("*.ndjson")),
)
def test_fixture_lines_match_a_plain_split(name: str) -> None:
    raw = fixture_path("providers", "ollama", name).read_bytes()
    expected = [line for line in raw.decode("utf-8").split("\n") if line.strip()]
    assert split(raw) == (expected, None)
    assert split(*slices(raw, 1)) == (expected, None)


# -- any slicing, same result ---------------------------------------------------------------------

_line_text = st.text(
    alphabet=st.characters(blacklist_characters="\r\n", blacklist_categories=("Cs",)),
    max_size=12,
)


@st.composite
def bodies_and_cuts(draw: st.DrawFn) -> tuple[list[str], bytes, list[int]]:
    lines = draw(st.lists(_line_text, max_size=8))
    eols = draw(st.lists(st.sampled_from(["\n", "\r\n"]), min_size=len(lines), max_size=len(lines)))
    body = "".join(line + eol for line, eol in zip(lines, eols, strict=True)).encode()
    cuts = draw(st.lists(st.integers(min_value=0, max_value=len(body)), max_size=10))
    return lines, body, sorted(cuts)


def cut_at(body: bytes, cuts: list[int]) -> list[bytes]:
    bounds = [0, *cuts, len(body)]
    return [body[a:b] for a, b in itertools.pairwise(bounds)]


@settings(max_examples=300, deadline=None)
@given(bodies_and_cuts())
def test_any_slicing_of_text_gives_the_same_lines(case: tuple[list[str], bytes, list[int]]) -> None:
    lines, body, cuts = case
    expected = [line for line in lines if line.strip(" \t")]
    # A first line starting with U+FEFF loses it (it is the byte-order mark).
    if lines and lines[0].startswith("\ufeff"):
        stripped = lines[0][1:]
        expected = [stripped] if stripped.strip(" \t") else []
        expected += [line for line in lines[1:] if line.strip(" \t")]
    assert outcome(cut_at(body, cuts)) == (expected, None, None)
    assert outcome([body]) == (expected, None, None)


_pieces = st.sampled_from(
    [
        b"\n",
        b"\r",
        b"\r\n",
        b" ",
        b"{}",
        b"a",
        b"\xff",
        b"\xc3",
        b"\xa9",
        b"\xef\xbb\xbf",
        "🦅".encode(),
    ]
)
_any_bytes = st.one_of(st.binary(max_size=64), st.lists(_pieces, max_size=24).map(b"".join))


@settings(max_examples=300, deadline=None)
@given(_any_bytes, st.lists(st.integers(min_value=0, max_value=96), max_size=10))
def test_any_slicing_of_any_bytes_gives_the_same_outcome(body: bytes, cuts: list[int]) -> None:
    cuts = sorted(c for c in cuts if c <= len(body))
    assert outcome(cut_at(body, cuts)) == outcome([body])
    assert outcome(slices(body, 1)) == outcome([body])

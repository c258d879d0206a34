"""SSEParser: framing rules, UTF-8 handling and split invariance."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parley.application.ports.chat_provider import ProviderStreamError
from parley.infrastructure.providers.sse import SSEEvent, SSEParser
from tests.support.sse_server import fixture_path


def parse(*chunks: bytes) -> tuple[list[SSEEvent], bool]:
    parser = SSEParser()
    events: list[SSEEvent] = []
    for chunk in chunks:
        events.extend(parser.feed(chunk))
    return events, parser.finish()


def datas(*chunks: bytes) -> list[str]:
    return [e.data for e in parse(*chunks)[0]]


# -- line endings ---------------------------------------------------------------------------


@pytest.mark.parametrize("eol", [b"\n", b"\r\n", b"\r"])
def test_every_line_ending_dispatches(eol: bytes) -> None:
    body = b"data: one" + eol + eol + b"data: two" + eol + eol
    assert datas(body) == ["one", "two"]


def test_cr_at_end_of_chunk_and_lf_at_start_of_next_is_one_line_ending() -> None:
    # Were the LF counted as a second line ending, "a" would be dispatched alone and "b" lost in
    # a separate event.
    events, _ = parse(b"data: a\r", b"\ndata: b\r", b"\n\r", b"\n")
    assert [e.data for e in events] == ["a\nb"]


def test_lone_cr_at_chunk_end_followed_by_text_is_a_line_ending() -> None:
    assert datas(b"data: a\r", b"\r", b"data: b\n\n") == ["a", "b"]


def test_mixed_line_endings_in_one_stream() -> None:
    assert datas(b"data: a\r\n\ndata: b\r\rdata: c\n\r\n") == ["a", "b", "c"]


# -- fields ---------------------------------------------------------------------------------


def test_data_with_and_without_the_space_and_only_one_space_stripped() -> None:
    assert datas(b"data:x\n\ndata: y\n\ndata:  z\n\n") == ["x", "y", " z"]


def test_multi_line_data_joined_with_newline() -> None:
    assert datas(b"data: first\ndata:\ndata: third\n\n") == ["first\n\nthird"]


def test_data_field_without_colon_is_an_empty_line_of_data() -> None:
    assert datas(b"data\n\n") == [""]


def test_comments_are_skipped_and_do_not_dispatch() -> None:
    events, discarded = parse(b": OPENROUTER PROCESSING\n\n:\n\ndata: {}\n: trailing\n\n")
    assert [e.data for e in events] == ["{}"]
    assert discarded is False


def test_event_name_defaults_to_message_and_resets_after_dispatch() -> None:
    events, _ = parse(b'event: error\ndata: {"a":1}\n\ndata: next\n\n')
    assert [(e.event, e.data) for e in events] == [("error", '{"a":1}'), ("message", "next")]


def test_unknown_fields_and_lines_with_leading_space_are_ignored() -> None:
    body = b" data: ignored\nfoo: bar\nretry: abc\ndata: kept\n\n"
    assert datas(body) == ["kept"]


def test_event_without_data_is_not_dispatched() -> None:
    events, _ = parse(b"event: ping\n\nid: 7\n\ndata: x\n\n")
    assert [(e.event, e.data, e.id) for e in events] == [("message", "x", "7")]


def test_id_persists_until_changed_and_nul_ids_are_ignored() -> None:
    events, _ = parse(b"id: 1\ndata: a\n\ndata: b\n\nid: 2\x00\ndata: c\n\nid\ndata: d\n\n")
    assert [e.id for e in events] == ["1", "1", "1", ""]


def test_retry_field_is_kept_when_numeric() -> None:
    parser = SSEParser()
    parser.feed(b"retry: 1500\n\nretry: soon\n\n")
    assert parser.retry_ms == 1500


def test_leading_bom_is_dropped_once() -> None:
    assert datas(b"\xef\xbb\xbf", b"data: a\n\n") == ["a"]
    # A BOM later in the stream is not at the start of the stream: that line's field name is
    # "\ufeffdata", an unknown field.
    assert datas(b"data: a\n\n\xef\xbb\xbfdata: b\n\n") == ["a"]


# -- UTF-8 ------------------------------------------------------------------------------------


def test_multibyte_character_split_across_every_byte() -> None:
    body = "data: 🦅 é °\n\n".encode()
    assert datas(*[body[i : i + 1] for i in range(len(body))]) == ["🦅 é °"]


def test_invalid_utf8_raises_a_clear_error() -> None:
    parser = SSEParser()
    parser.feed(b"data: fine\n\n")
    with pytest.raises(ProviderStreamError, match=r"not valid UTF-8 \(line 3"):
        parser.feed(b"data: caf\xe9\n\n")


def test_latin1_bytes_are_not_silently_replaced() -> None:
    with pytest.raises(ProviderStreamError, match="UTF-8"):
        SSEParser().feed(b"data: \xff\xfe\n")


def test_overlong_line_without_a_break_is_refused() -> None:
    parser = SSEParser(max_line_bytes=16)
    parser.feed(b"data: 0123")
    with pytest.raises(ProviderStreamError, match="longer than 16 bytes"):
        parser.feed(b"456789abcdef")


# -- end of stream ----------------------------------------------------------------------------


def test_finish_reports_a_half_built_event() -> None:
    events, discarded = parse(b"data: a\n\ndata: half")
    assert [e.data for e in events] == ["a"]
    assert discarded is True


def test_finish_reports_data_lines_without_the_blank_line() -> None:
    events, discarded = parse(b"data: complete line\n")
    assert events == []
    assert discarded is True


def test_finish_is_clean_after_a_dispatched_event_or_a_comment() -> None:
    assert parse(b"data: a\n\n")[1] is False
    assert parse(b"data: a\n\n: keep-alive")[1] is False
    assert parse(b"")[1] is False


def test_feed_after_finish_is_a_programming_error() -> None:
    parser = SSEParser()
    parser.finish()
    with pytest.raises(RuntimeError):
        parser.feed(b"data: x\n\n")


def test_gemini_crlf_fixture_parses_into_json_events() -> None:
    body = fixture_path("providers", "gemini", "gemini-sse-text-utf8.sse").read_bytes()
    assert b"\r\n\r\n" in body  # the reason this fixture is here
    events, discarded = parse(body)
    assert events and all(e.data.startswith("{") and e.data.endswith("}") for e in events)
    assert any("°" in e.data for e in events)
    assert discarded is False


# -- split invariance -------------------------------------------------------------------------

_SAMPLE = (
    b"\xef\xbb\xbf: comment\r\n\r\n"
    b'event: error\r\ndata: {"error": "\xf0\x9f\xa6\x85"}\r\n\r\n'
    b"data:x\rdata: y\r\r"
    b" data: ignored\nid: 42\ndata: caf\xc3\xa9\n\n"
    b"data: [DONE]\n\n"
    b"data: half"
)

_FIXTURES = [
    fixture_path("providers", "openai-compatible", "openrouter-chat-midstream-error.sse"),
    fixture_path("providers", "openai-compatible", "openrouter-kimi-tool-call-variant-c.sse"),
    fixture_path("providers", "anthropic", "anthropic-text-utf8-emoji.sse"),
    fixture_path("providers", "gemini", "gemini-sse-text-utf8.sse"),
]


def _split(body: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({c % (len(body) + 1) for c in cuts})
    edges = [0, *points, len(body)]
    return [body[a:b] for a, b in itertools.pairwise(edges)]


def test_sample_expected_events() -> None:
    events, discarded = parse(_SAMPLE)
    assert [(e.event, e.data, e.id) for e in events] == [
        ("error", '{"error": "🦅"}', ""),
        ("message", "x\ny", ""),
        ("message", "café", "42"),
        ("message", "[DONE]", "42"),
    ]
    assert discarded is True


@settings(max_examples=200, deadline=None)
@given(cuts=st.lists(st.integers(min_value=0, max_value=10_000), max_size=40))
def test_any_split_of_the_sample_gives_the_same_events(cuts: list[int]) -> None:
    assert parse(*_split(_SAMPLE, cuts)) == parse(_SAMPLE)


@settings(max_examples=60, deadline=None)
@given(
    which=st.sampled_from(range(len(_FIXTURES))),
    cuts=st.lists(st.integers(min_value=0, max_value=30_000), max_size=60),
)
def test_any_split_of_a_fixture_gives_the_same_events(which: int, cuts: list[int]) -> None:
    body = _FIXTURES[which].read_bytes()
    assert parse(*_split(body, cuts)) == parse(body)


def test_one_byte_slices_of_every_fixture_give_the_same_events() -> None:
    for path in _FIXTURES:
        body = path.read_bytes()
        whole = parse(body)
        assert whole[0], path.name
        assert parse(*[body[i : i + 1] for i in range(len(body))]) == whole, path.name

"""AnthropicProvider against real local HTTP servers, and through the real TurnRuntime.

Every recorded stream in fixtures/providers/anthropic is replayed whole and in 1-byte slices, over
HTTP/1.0 (the default ``httpserver``: close-delimited body) and HTTP/1.1 (``ScriptedServer``: one
HTTP chunk per slice). Expected values come from two places, neither of them the parser under
test: hand-written constants (finish reasons, usage figures, tool calls, read off the files with
``grep``) and ``read_fixture``, a deliberately naive reading of the file (split at blank lines,
``json.loads`` of the data line) for the long texts, thinking texts and signatures.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.tool_call_accumulator import ToolCallAccumulator
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.application.ports.chat_provider import (
    ChatRequest,
    IncompleteStreamError,
    NotFoundError,
    OverloadedError,
    ProviderConfigError,
    ProviderError,
    ProviderHTTPError,
    ProviderMessage,
    ProviderStreamError,
    QuotaExceededError,
    RateLimitedError,
    ReasoningBlock,
    ReasoningDelta,
    RefusalDelta,
    ToolCallDelta,
    ToolCallRequest,
    ToolSpec,
    UsageDelta,
)
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import (
    AssistantText,
    Reasoning,
    Usage,
    mint_call_id,
    mint_id,
)
from parley.infrastructure.providers.anthropic import AnthropicProvider, anthropic_tool_id
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.adapter_harness import (
    IMAGES,
    JPEG_B64,
    PNG_B64,
    AdapterHarness,
    OneProvider,
    http_chunk,
    no_helper_thread_left_behind,  # noqa: F401  (autouse)
    run,
)
from tests.support.sse_server import fixture_path

PATH = "/v1/messages"
OVERLOADED_EVENT = (
    b"event: error\n"
    b'data: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n'
)


HARNESS = AdapterHarness(AnthropicProvider, base_path="/v1", path=PATH, model="claude-test")
provider_for = HARNESS.provider_for
serve = HARNESS.serve
streaming = HARNESS.streaming_fixture()


def fixture_body(name: str) -> bytes:
    return fixture_path("providers", "anthropic", name).read_bytes()


def cut_before(body: bytes, marker: bytes) -> bytes:
    """``body`` up to (not including) the event whose text contains ``marker``."""
    return body[: body.rindex(b"event: ", 0, body.index(marker))]


# -- a naive reading of a fixture, independent of the adapter -----------------------------------


@dataclass
class Reference:
    text: str = ""
    reasoning: dict[int, list[str]] = field(default_factory=dict)  # text, signature, redacted
    tools: dict[int, list[str]] = field(default_factory=dict)  # id, name, arguments
    stop_reasons: list[str] = field(default_factory=list)
    ends_with_message_stop: bool = False


def read_fixture(body: bytes) -> Reference:
    """Only events followed by a blank line count (the last event of the SDK fixtures is not)."""
    *complete, _unterminated = body.decode("utf-8").split("\n\n")
    ref = Reference()
    last = ""
    for chunk in complete:
        data = "\n".join(ln[6:] for ln in chunk.split("\n") if ln.startswith("data: "))
        payload = json.loads(data)
        last = payload["type"]
        if last == "content_block_start":
            block, i = payload["content_block"], payload["index"]
            if block["type"] == "tool_use":
                ref.tools[i] = [block["id"], block["name"], ""]
            elif block["type"] == "thinking":
                ref.reasoning[i] = ["", "", ""]
            elif block["type"] == "redacted_thinking":
                ref.reasoning[i] = ["", "", block["data"]]
        elif last == "content_block_delta":
            delta, i = payload["delta"], payload["index"]
            if delta["type"] == "text_delta":
                ref.text += delta["text"]
            elif delta["type"] == "thinking_delta":
                ref.reasoning[i][0] += delta["thinking"]
            elif delta["type"] == "signature_delta":
                ref.reasoning[i][1] += delta["signature"]
            elif delta["type"] == "input_json_delta" and i in ref.tools:
                ref.tools[i][2] += delta["partial_json"]
        elif last == "message_delta":
            ref.stop_reasons.append(payload["delta"]["stop_reason"])
    ref.ends_with_message_stop = last == "message_stop"
    return ref


# -- every fixture ----------------------------------------------------------------------------


def U(i: int, o: int, *, r: int | None = None, c: int | None = 0) -> Usage:
    return Usage(input_tokens=i, output_tokens=o, reasoning_tokens=r, cached_tokens=c)


@dataclass(frozen=True)
class Expected:
    finishes: tuple[str, ...]
    usage: Usage  # the merged figures
    start_input: int  # message_start's input_tokens
    tool_calls: tuple | None = ()  # None: arguments are not valid JSON (dedicated tests)
    text: str | None = None  # by hand, where short
    reasoning_blocks: tuple[int, ...] = ()  # block indexes holding thinking
    complete: bool = True  # False: the last event lacks its blank line


EXPECTED = {
    "anthropic-text.sse": Expected(("stop",), U(17, 10), 17, text="- Captain\n- Scoop"),
    "anthropic-text-2.sse": Expected(("stop",), U(15, 13), 15, text="1\n2\n3\n4\n5"),
    "anthropic-text-utf8-emoji.sse": Expected(("stop",), U(678, 82), 678),
    "anthropic-stop-sequence.sse": Expected(
        ("stop",),
        U(16, 28),
        16,
        text='\ndef pelican():\n    return "A large waterbird with a long bill and a throat '
        'pouch for catching fish."\n',
    ),
    "anthropic-thinking-text.sse": Expected(
        ("stop",),
        U(46, 133),
        46,
        text="1. **Pouch** - references their iconic bill pouch\n2. **Pelé** - playful take on "
        '"pelican"',
        reasoning_blocks=(0,),
    ),
    "anthropic-redacted-thinking.sse": Expected(("stop",), U(92, 189), 92, reasoning_blocks=(0, 1)),
    "anthropic-thinking-then-tool-use.sse": Expected(
        ("tool_calls",),
        U(598, 92, r=53),
        598,
        tool_calls=(("toolu_01825dXWLSoJwCst1qTsiWdb", "fixed_version", {}),),
        text="",
        reasoning_blocks=(0,),
    ),
    "anthropic-tool-use-empty-input.sse": Expected(
        ("tool_calls",),
        U(563, 37),
        563,
        tool_calls=(("toolu_01UmKD1vMphVCN9vw8PEMk1q", "fixed_version", {}),),
        text="",
    ),
    "anthropic-tool-use-parallel.sse": Expected(
        ("tool_calls",),
        U(542, 62),
        542,
        tool_calls=(
            ("toolu_01LtHJmixrs9NcWQkK8hu8hj", "pelican_name_generator", {}),
            ("toolu_01N8a4jWyf116qKTMqKKmjyt", "pelican_name_generator", {}),
        ),
        text="",
    ),
    "anthropic-tool-use-split-input-json.sse": Expected(
        ("tool_calls",),
        U(1591, 175),  # message_delta's input count (server tool use) wins over the start's 702
        702,
        tool_calls=(
            (
                "toolu_01EFn5wTNBYA8Reni8rbmnHT",
                "get_exchange_rate",
                {"from_currency": "USD", "to_currency": "EUR"},
            ),
        ),
        # two text blocks around a server tool: joined as Anthropic sends them, no separator
        text="Let me search for a tool that can provide current exchange rate information."
        "I found the right tool! Let me fetch the current USD to EUR exchange rate for you.",
    ),
    "anthropic-tool-use-split-input-json-2.sse": Expected(
        ("tool_calls",),
        U(377, 65),  # message_delta has output_tokens only: input comes from message_start
        377,
        tool_calls=(("toolu_01NRLabsLyVHZPKxbKvkfSMn", "get_weather", {"location": "Paris"}),),
        text="I'll check the current weather in Paris for you.",
        complete=False,
    ),
    "anthropic-tool-use-max-tokens-truncated-json.sse": Expected(
        ("length",),
        U(450, 124),
        450,
        tool_calls=None,
        text="I'll create a comprehensive tax guide for someone with multiple W2s and save it in "
        "a file called taxes.txt. Let me do that for you now.",
        complete=False,
    ),
    "anthropic-web-search-server-tool.sse": Expected(("stop",), U(10423, 341), 2039),
}


def test_every_stream_fixture_has_an_expectation() -> None:
    on_disk = {p.name for p in fixture_path("providers", "anthropic").glob("*.sse")}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("slice_size", [None, 1], ids=["whole", "1-byte"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replay(streaming, name: str, slice_size: int | None) -> None:
    expected = EXPECTED[name]
    body = fixture_body(name)
    ref = read_fixture(body)
    assert ref.ends_with_message_stop is expected.complete  # the oracle agrees with the table
    with streaming(body, slice_size=slice_size) as base_url:
        outcome = run(AnthropicProvider(base_url, "sk-ant-test", "claude-test"))

    if expected.complete:
        assert outcome.error is None
    else:
        # The SDK fixtures end with "data: {message_stop}" but no blank line: a half-built event.
        assert isinstance(outcome.error, IncompleteStreamError)
        assert "in the middle of an event before message_stop" in str(outcome.error)

    assert outcome.text == ref.text
    if expected.text is not None:
        assert outcome.text == expected.text
    assert not any(isinstance(d, RefusalDelta) for d in outcome.deltas)

    assert outcome.reasoning == [(i, *ref.reasoning[i]) for i in sorted(ref.reasoning)]
    assert tuple(i for i, *_ in outcome.reasoning) == expected.reasoning_blocks
    for _, thinking, signature, redacted in outcome.reasoning:
        assert signature or redacted  # every block can be sent back
        assert not (thinking and redacted)

    fragments = [d for d in outcome.deltas if isinstance(d, ToolCallDelta)]
    assert sorted({d.index for d in fragments}) == sorted(ref.tools)  # block indexes, tool_use only
    if expected.tool_calls is not None:
        assert tuple(outcome.tool_calls) == expected.tool_calls
        assert outcome.tool_calls == [
            (tid, tname, json.loads(args) if args else {})
            for tid, tname, args in (ref.tools[i] for i in sorted(ref.tools))
        ]

    assert tuple(outcome.finishes) == expected.finishes
    assert len(outcome.finishes) == len(ref.stop_reasons)
    assert outcome.usages == [
        Usage(input_tokens=expected.start_input, cached_tokens=0),
        expected.usage,
    ]


def test_reasoning_deltas_carry_the_block_index_and_arrive_before_the_text(
    httpserver: HTTPServer,
) -> None:
    serve(httpserver, fixture_body("anthropic-thinking-text.sse"))
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    kinds = [type(d).__name__ for d in outcome.deltas if not isinstance(d, UsageDelta)]
    assert kinds == ["ReasoningDelta"] * 6 + ["TextDelta"] * 2 + ["FinishDelta"]
    reasoning = [d for d in outcome.deltas if isinstance(d, ReasoningDelta)]
    assert {d.index for d in reasoning} == {0}
    assert [bool(d.signature) for d in reasoning] == [False] * 5 + [True]  # empty delta skipped
    assert reasoning[-1].signature.startswith("EuYDCmMIDBgCKkC05Zda")


def test_redacted_thinking_arrives_whole_from_content_block_start(httpserver: HTTPServer) -> None:
    serve(httpserver, fixture_body("anthropic-redacted-thinking.sse"))
    outcome = run(provider_for(httpserver))
    redacted = [d for d in outcome.deltas if isinstance(d, ReasoningDelta)]
    assert [(d.index, d.text, d.signature) for d in redacted] == [(0, "", ""), (1, "", "")]
    assert redacted[0].redacted_data.startswith("EqkECkYIBxgCKkA8AZ4noDfV")
    assert redacted[1].redacted_data.endswith("yRYdZ1J0GAE=")


def test_server_tool_blocks_and_citations_are_skipped(httpserver: HTTPServer) -> None:
    body = fixture_body("anthropic-web-search-server-tool.sse")
    assert b'"server_tool_use"' in body and b'"citations_delta"' in body
    assert b"ping" not in body
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert not any(isinstance(d, ToolCallDelta | ReasoningDelta) for d in outcome.deltas)
    assert "high of 63°F" in outcome.text


# -- truncated tool JSON (stop_reason max_tokens) -----------------------------------------------


def test_truncated_tool_json_gives_the_accumulator_a_clear_error(httpserver: HTTPServer) -> None:
    # The recorded file also lacks the blank line after message_stop; complete it so the stream
    # itself ends properly and only the tool input is cut short.
    body = fixture_body("anthropic-tool-use-max-tokens-truncated-json.sse") + b"\n\n"
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.finishes == ["length"]
    fragments = [d for d in outcome.deltas if isinstance(d, ToolCallDelta)]
    assert (fragments[0].index, fragments[0].call_id, fragments[0].name) == (
        1,
        "toolu_01EKqbqmZrGRXy18eN7m9kvY",
        "make_file",
    )
    assert "".join(d.arguments_fragment for d in fragments).endswith('"Filing taxes')
    with pytest.raises(ValueError) as caught:
        _ = outcome.tool_calls
    message = str(caught.value)
    assert "tool call 'make_file' (index 1)" in message
    assert "not valid JSON" in message and "cut off" in message


def test_truncated_tool_json_as_recorded_is_incomplete_and_still_delivers_the_fragments(
    httpserver: HTTPServer,
) -> None:
    serve(httpserver, fixture_body("anthropic-tool-use-max-tokens-truncated-json.sse"))
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert outcome.finishes == ["length"]
    with pytest.raises(ValueError, match="may have been cut off"):
        _ = outcome.tool_calls


# -- in-stream errors and incomplete streams ----------------------------------------------------


def test_overloaded_error_event_after_some_text(streaming) -> None:
    body = cut_before(fixture_body("anthropic-text.sse"), b'"\\n- Sc"') + OVERLOADED_EVENT
    with streaming(body) as base_url:
        outcome = run(AnthropicProvider(base_url, "sk-ant", "claude-test"))
    error = outcome.error
    assert isinstance(error, ProviderStreamError)
    assert error.kind == "overloaded"
    assert str(error).endswith("reported an error during the answer: Overloaded")
    assert outcome.text == "- Captain"  # what came before the error was yielded
    assert outcome.finishes == []
    assert outcome.usage == Usage(input_tokens=17, cached_tokens=0)  # billed input recorded


@pytest.mark.parametrize(
    ("error_type", "kind"),
    [
        ("rate_limit_error", "rate_limited"),
        ("api_error", "stream_error"),
        ("overloaded_error", "overloaded"),
    ],
)
def test_error_event_kinds(httpserver: HTTPServer, error_type: str, kind: str) -> None:
    event = {
        "type": "error",
        "error": {"details": None, "type": error_type, "message": "Something went wrong"},
        "request_id": "req_1",
    }
    body = cut_before(fixture_body("anthropic-text.sse"), b"content_block_start")
    serve(httpserver, body + b"event: error\ndata: " + json.dumps(event).encode() + b"\n\n")
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert outcome.error.kind == kind
    assert "Something went wrong" in str(outcome.error)
    # Transient kinds are retryable; the policy resends only if no answer had arrived yet.
    assert outcome.error.retryable is (kind in ("overloaded", "rate_limited"))


def test_error_event_that_is_not_json(httpserver: HTTPServer) -> None:
    serve(httpserver, b"event: error\ndata: upstream   exploded\n\n")
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert str(outcome.error).endswith("during the answer: upstream exploded")


def test_missing_message_stop_is_an_incomplete_stream(streaming) -> None:
    body = cut_before(fixture_body("anthropic-text.sse"), b'"type":"message_stop"')
    with streaming(body) as base_url:
        outcome = run(AnthropicProvider(base_url, None, "claude-test"))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "ended before message_stop" in str(outcome.error)
    assert outcome.text == "- Captain\n- Scoop"  # what arrived is still delivered
    assert outcome.finishes == ["stop"]
    assert outcome.usage == U(17, 10)


def test_empty_answer_is_incomplete(httpserver: HTTPServer) -> None:
    httpserver.expect_request(PATH).respond_with_data(b"", content_type="application/json")
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "empty answer" in str(outcome.error) and "application/json" in str(outcome.error)


def test_known_event_that_is_not_json_raises(httpserver: HTTPServer) -> None:
    serve(httpserver, b"event: content_block_delta\ndata: {nope\n\n")
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert "not JSON" in str(outcome.error)


# -- synthetic streams: quirks of proxies and gateways -------------------------------------------


def sse(*payloads: dict) -> bytes:
    """Named events as Anthropic sends them (the event name repeats the payload's type)."""
    return b"".join(
        f"event: {p['type']}\ndata: {json.dumps(p, ensure_ascii=False)}\n\n".encode()
        for p in payloads
    )


def message_start(input_tokens: int = 5, **usage: int) -> dict:
    return {
        "type": "message_start",
        "message": {"id": "msg_1", "usage": {"input_tokens": input_tokens, **usage}},
    }


def tool_start(index: int, call_id: str, name: str, input: dict | None = None) -> dict:
    block = {"type": "tool_use", "id": call_id, "name": name, "input": input or {}}
    return {"type": "content_block_start", "index": index, "content_block": block}


def json_delta(index: int, fragment: str) -> dict:
    return {
        "type": "content_block_delta",
        "index": index,
        "delta": {"type": "input_json_delta", "partial_json": fragment},
    }


def text_block(index: int, text: str) -> list[dict]:
    return [
        {"type": "content_block_start", "index": index, "content_block": {"type": "text"}},
        {
            "type": "content_block_delta",
            "index": index,
            "delta": {"type": "text_delta", "text": text},
        },
        {"type": "content_block_stop", "index": index},
    ]


def message_end(reason: str = "end_turn", **usage: int) -> list[dict]:
    return [
        {"type": "message_delta", "delta": {"stop_reason": reason}, "usage": usage},
        {"type": "message_stop"},
    ]


def test_duplicate_message_start_resets_blocks_without_merging(httpserver: HTTPServer) -> None:
    body = sse(
        message_start(7),
        tool_start(0, "toolu_a", "first"),
        json_delta(0, '{"x": '),
        message_start(9),  # a proxy splices a second message in: its blocks start at 0 again
        tool_start(0, "toolu_b", "second"),
        json_delta(0, '{"y": 2}'),
        {"type": "content_block_stop", "index": 0},
        *message_end("tool_use", output_tokens=3),
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    fragments = [d for d in outcome.deltas if isinstance(d, ToolCallDelta)]
    assert [d.index for d in fragments] == [0, 0, 1, 1]
    acc = ToolCallAccumulator()
    acc.add_all(fragments[2:])
    assert [tuple(c) for c in acc.finish()] == [("toolu_b", "second", {"y": 2})]
    assert outcome.usage == Usage(input_tokens=9, output_tokens=3)


def test_gateway_quirks_input_zero_at_start_and_tool_input_sent_whole(
    httpserver: HTTPServer,
) -> None:
    body = sse(
        message_start(0, cache_read_input_tokens=40),
        tool_start(0, "toolu_w", "whole", {"city": "Zürich"}),
        {"type": "content_block_stop", "index": 0},
        tool_start(1, "toolu_s", "streamed", {"ignored": True}),
        json_delta(1, '{"n": 1}'),
        {"type": "content_block_stop", "index": 1},
        *message_end("tool_use", input_tokens=120, output_tokens=8),
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.tool_calls == [
        ("toolu_w", "whole", {"city": "Zürich"}),
        ("toolu_s", "streamed", {"n": 1}),  # streamed fragments win over the start's input
    ]
    assert outcome.usages == [
        Usage(cached_tokens=40),  # an input count of 0 is not reported
        Usage(input_tokens=120, output_tokens=8, cached_tokens=40),
    ]


@pytest.mark.parametrize(
    ("stop_reason", "finish"),
    [
        ("end_turn", "stop"),
        ("stop_sequence", "stop"),
        ("max_tokens", "length"),
        ("tool_use", "tool_calls"),
        ("refusal", "content_filter"),
        ("pause_turn", "pause_turn"),
        ("model_context_window_exceeded", "model_context_window_exceeded"),
    ],
)
def test_stop_reasons_map_to_finish_reasons(
    httpserver: HTTPServer, stop_reason: str, finish: str
) -> None:
    serve(httpserver, sse(message_start(), *text_block(0, "ok"), *message_end(stop_reason)))
    outcome = run(provider_for(httpserver))
    assert (outcome.error, outcome.finishes) == (None, [finish])


def test_pings_unknown_events_blocks_and_deltas_are_skipped(httpserver: HTTPServer) -> None:
    body = (
        b": a comment\n\n"
        + sse(message_start())
        + b"event: ping\ndata: {}\n\n"
        + b"event: future_event\ndata: not json at all\n\n"
        + sse(
            {"type": "shiny_new_event", "anything": [1, 2]},
            {"type": "content_block_start", "index": 0, "content_block": {"type": "mystery"}},
            {"type": "content_block_delta", "index": 0, "delta": {"type": "mystery_delta"}},
            json_delta(0, '{"not": "a tool"}'),
            {"type": "content_block_stop", "index": 0},
            *text_block(1, "still here"),
            {
                "type": "content_block_delta",
                "index": 1,
                "delta": {"type": "citations_delta", "citation": {"type": "x"}},
            },
            *message_end(),
        )
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.text == "still here"
    assert not any(isinstance(d, ToolCallDelta) for d in outcome.deltas)


def test_content_block_event_without_index_raises(httpserver: HTTPServer) -> None:
    body = sse(message_start(), {"type": "content_block_start", "content_block": {"type": "text"}})
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert "without a valid index" in str(outcome.error)


# -- cancellation and stalls --------------------------------------------------------------------

CHUNKED_HEAD = HARNESS.chunked_head()


def first_text_then_silence(send, sleep) -> None:
    body = fixture_body("anthropic-text.sse")
    send(CHUNKED_HEAD + http_chunk(cut_before(body, b'" Captain"')))
    sleep(10)  # silent; returns early when the client hangs up


def test_cancel_while_the_server_is_silent_returns_promptly() -> None:
    HARNESS.check_cancel_while_silent(first_text_then_silence, "-")


def test_silent_server_mid_body_raises_timeout() -> None:
    HARNESS.check_silence_mid_body_times_out(first_text_then_silence, "-")


def test_cancel_already_set_sends_nothing(httpserver: HTTPServer) -> None:
    HARNESS.check_cancel_already_set(httpserver, fixture_body("anthropic-text.sse"))


def test_connection_refused_names_the_url_not_the_key() -> None:
    HARNESS.check_connection_refused("/v1/", "sk-ant-secret")


# -- HTTP errors before the stream ------------------------------------------------------------


def test_404_fixture_becomes_not_found(httpserver: HTTPServer) -> None:
    body = fixture_path("providers", "anthropic", "anthropic-error-404-not-found.reserialized.json")
    httpserver.expect_request(PATH).respond_with_data(
        body.read_bytes(), status=404, content_type="application/json"
    )
    error = run(provider_for(httpserver)).error
    assert isinstance(error, NotFoundError)
    assert (error.status, error.detail, error.code) == (
        404,
        "model: claude-sonet-4-5",
        "not_found_error",
    )
    assert (error.kind, error.retryable, error.retry_after) == ("not_found", False, None)


def anthropic_error(error_type: str, message: str, **extra) -> bytes:
    error = {"type": error_type, "message": message, **extra}
    return json.dumps({"type": "error", "error": error, "request_id": "req_x"}).encode()


def test_529_overloaded_with_retry_after(streaming) -> None:
    body = anthropic_error("overloaded_error", "Overloaded")
    kwargs = {"status": 529, "headers": {"retry-after": "3"}, "content_type": "application/json"}
    with streaming(body, **kwargs) as base_url:
        error = run(AnthropicProvider(base_url, "k", "m")).error
    assert isinstance(error, OverloadedError)
    assert (error.status, error.detail, error.code, error.retry_after) == (
        529,
        "Overloaded",
        "overloaded_error",
        3.0,
    )
    assert error.retryable is True


def test_429_rate_limited_and_429_spend_limit(httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request(PATH).respond_with_data(
        anthropic_error("rate_limit_error", "Number of request tokens has exceeded your limit."),
        status=429,
        headers={"retry-after": "12"},
        content_type="application/json",
    )
    httpserver.expect_ordered_request(PATH).respond_with_data(
        anthropic_error(
            "rate_limit_error",
            "You have reached your specified API usage limits.",
            details={"error_code": "enforced_spend_limit_reached"},
        ),
        status=429,
        content_type="application/json",
    )
    limited, spent = run(provider_for(httpserver)).error, run(provider_for(httpserver)).error
    assert isinstance(limited, RateLimitedError)
    assert (limited.retryable, limited.retry_after) == (True, 12.0)
    assert isinstance(spent, QuotaExceededError)
    assert (spent.code, spent.retryable, spent.kind) == (
        "enforced_spend_limit_reached",
        False,
        "quota_exceeded",
    )
    assert "API usage limits" in str(spent)


# -- the request ------------------------------------------------------------------------------


def test_headers_with_and_without_a_key(httpserver: HTTPServer) -> None:
    body = fixture_body("anthropic-text.sse")
    serve(httpserver, body)
    keyed = provider_for(httpserver, api_key=" sk-ant-abc\n", extra_headers={"X-Extra": "1"})
    assert run(keyed).error is None
    assert run(provider_for(httpserver, anthropic_version="2099-01-01")).error is None
    with_key, without_key = (entry[0].headers for entry in httpserver.log)
    assert with_key.get("x-api-key") == "sk-ant-abc"
    assert with_key.get("anthropic-version") == "2023-06-01"
    assert with_key.get("Content-Type") == "application/json"
    assert with_key.get("Accept") == "text/event-stream"
    assert with_key.get("X-Extra") == "1"
    assert "Authorization" not in with_key
    assert "x-api-key" not in without_key
    assert without_key.get("anthropic-version") == "2099-01-01"
    assert httpserver.log[0][0].path == PATH


def test_request_rendering_on_the_wire(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, fixture_body("anthropic-text.sse"), record=record)
    call_a, call_b = mint_call_id(), mint_call_id()
    request = ChatRequest(
        model="claude-x",
        messages=(
            ProviderMessage("system", "Be brief."),
            ProviderMessage("user", "Weather in Paris and Rome?"),
            ProviderMessage("user", "Quickly."),  # same role: merged
            ProviderMessage(
                "assistant",
                "Checking both.",
                tool_calls=(
                    ToolCallRequest(call_a, "weather", {"city": "Paris"}),
                    ToolCallRequest(call_b, "weather", {"city": "Rome", "days": [1, 2]}),
                ),
                reasoning=(
                    ReasoningBlock("openai", text="not ours", signature="sig-openai"),
                    ReasoningBlock("anthropic", text="Two cities.", signature="sig-1"),
                    ReasoningBlock("anthropic", redacted_data="REDACTED=="),
                    ReasoningBlock("anthropic", text="unsigned: cut short"),
                ),
            ),
            ProviderMessage("tool", "18 °C", tool_call_id=call_a),
            ProviderMessage("tool", "21 °C", tool_call_id=call_b),  # merged with the one above
            ProviderMessage("user", "Thanks. Anything else?"),  # merged too, after the results
            ProviderMessage("system", "Answer in English."),
        ),
        temperature=0.2,
    )
    assert run(provider_for(httpserver, api_key="k"), request).error is None
    assert record == [
        {
            "model": "claude-x",
            "max_tokens": 8192,
            "system": "Be brief.\n\nAnswer in English.",
            "stream": True,  # no temperature: deprecated by Anthropic (dialects.ANTHROPIC)
            "messages": [
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": "Weather in Paris and Rome?"},
                        {"type": "text", "text": "Quickly."},
                    ],
                },
                {
                    "role": "assistant",
                    "content": [
                        {"type": "thinking", "thinking": "Two cities.", "signature": "sig-1"},
                        {"type": "redacted_thinking", "data": "REDACTED=="},
                        {"type": "text", "text": "Checking both."},
                        {
                            "type": "tool_use",
                            "id": call_a,
                            "name": "weather",
                            "input": {"city": "Paris"},
                        },
                        {
                            "type": "tool_use",
                            "id": call_b,
                            "name": "weather",
                            "input": {"city": "Rome", "days": [1, 2]},
                        },
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": call_a, "content": "18 °C"},
                        {"type": "tool_result", "tool_use_id": call_b, "content": "21 °C"},
                        {"type": "text", "text": "Thanks. Anything else?"},
                    ],
                },
            ],
        }
    ]


def test_rendering_defaults_and_edge_cases() -> None:
    provider = AnthropicProvider("https://api.anthropic.com/v1", None, "claude-default")
    body = provider.render_request(
        ChatRequest(
            model="",
            messages=(
                ProviderMessage("user", "Run it"),
                ProviderMessage("assistant", "", tool_calls=(ToolCallRequest("x.1", "run"),)),
                ProviderMessage("tool", "", tool_call_id="x.1"),
                ProviderMessage("user", "Run it again"),  # a tool result, then text: one message
                ProviderMessage("assistant", "  "),  # whitespace only: no block, message dropped
            ),
            max_tokens=100,
        )
    )
    mapped = anthropic_tool_id("x.1")
    assert body == {
        "model": "claude-default",
        "max_tokens": 100,
        "stream": True,
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "Run it"}]},
            {
                "role": "assistant",
                "content": [{"type": "tool_use", "id": mapped, "name": "run", "input": {}}],
            },
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": mapped},
                    {"type": "text", "text": "Run it again"},
                ],
            },
        ],
    }


READ_FILE_SCHEMA = {
    "type": "object",
    "properties": {"path": {"type": "string", "description": "Relative path."}},
    "required": ["path"],
    "additionalProperties": False,
}


def test_tools_and_a_tool_history_on_the_wire(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, fixture_body("anthropic-text.sse"), record=record)
    call = mint_call_id()
    request = ChatRequest(
        model="",
        messages=(
            ProviderMessage("user", "Read a.txt"),
            ProviderMessage(
                "assistant", "", tool_calls=(ToolCallRequest(call, "read_file", {"path": "a.txt"}),)
            ),
            ProviderMessage("tool", "hello", tool_call_id=call),
            ProviderMessage("user", "Summarise it."),
        ),
        tools=(
            ToolSpec("read_file", "Read a text file.", READ_FILE_SCHEMA),
            ToolSpec("now", "The current time.", {}),
        ),
    )
    assert run(provider_for(httpserver), request).error is None
    assert record == [
        {
            "model": "claude-test",
            "max_tokens": 8192,
            "stream": True,
            "messages": [
                {"role": "user", "content": [{"type": "text", "text": "Read a.txt"}]},
                {
                    "role": "assistant",
                    "content": [
                        {
                            "type": "tool_use",
                            "id": call,  # the local call-<hex> id, unchanged
                            "name": "read_file",
                            "input": {"path": "a.txt"},
                        }
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": call, "content": "hello"},
                        {"type": "text", "text": "Summarise it."},
                    ],
                },
            ],
            "tools": [
                {
                    "name": "read_file",
                    "description": "Read a text file.",
                    "input_schema": READ_FILE_SCHEMA,
                },
                {
                    "name": "now",
                    "description": "The current time.",
                    "input_schema": {"type": "object", "properties": {}},
                },
            ],
        }
    ]
    assert "tool_choice" not in record[0]


def test_no_tools_sends_no_tools_key() -> None:
    provider = AnthropicProvider("https://api.anthropic.com/v1", None, "claude-default")
    body = provider.render_request(ChatRequest(model="", messages=(ProviderMessage("user", "x"),)))
    assert "tools" not in body and "tool_choice" not in body


def test_tool_ids_map_consistently() -> None:
    local = mint_call_id()
    assert anthropic_tool_id(local) == local  # call-<hex> already fits ^[a-zA-Z0-9_-]+$
    assert anthropic_tool_id("toolu_01ABC-x") == "toolu_01ABC-x"
    odd = anthropic_tool_id("call.1/2")
    assert odd.startswith("toolu_") and odd == anthropic_tool_id("call.1/2")
    assert anthropic_tool_id("call.1") != anthropic_tool_id("call/1")  # no collision
    assert anthropic_tool_id("call-1\n") != "call-1\n"
    for made in (odd, anthropic_tool_id(""), anthropic_tool_id("é")):
        assert made and all(ch.isascii() and (ch.isalnum() or ch in "_-") for ch in made)


def test_no_model_anywhere_is_a_config_error(httpserver: HTTPServer) -> None:
    HARNESS.check_no_model_anywhere(httpserver)


def test_base_url_without_scheme_is_a_config_error() -> None:
    outcome = run(AnthropicProvider("api.anthropic.com/v1", "k", "m"))
    assert isinstance(outcome.error, ProviderConfigError)
    assert "https://api.anthropic.com/v1" in str(outcome.error)


def test_key_that_cannot_be_a_header_is_a_config_error_without_the_key(
    httpserver: HTTPServer,
) -> None:
    HARNESS.check_key_that_cannot_be_a_header(httpserver, "sk-ant\nxy")


# -- list_models ------------------------------------------------------------------------------


def test_list_models_follows_pages(httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request(
        "/v1/models", method="GET", query_string={"limit": "1000"}
    ).respond_with_json(
        {
            "data": [{"id": "claude-a", "type": "model"}, {"id": "claude-b", "type": "model"}],
            "has_more": True,
            "first_id": "claude-a",
            "last_id": "claude-b",
        }
    )
    httpserver.expect_ordered_request(
        "/v1/models", method="GET", query_string={"limit": "1000", "after_id": "claude-b"}
    ).respond_with_json(
        {"data": [{"id": "claude-c"}], "has_more": False, "first_id": "claude-c", "last_id": None}
    )
    provider = AnthropicProvider(httpserver.url_for("/v1"), "sk-ant-k")
    assert provider.list_models() == ["claude-a", "claude-b", "claude-c"]
    headers = httpserver.log[0][0].headers
    assert (headers.get("x-api-key"), headers.get("anthropic-version")) == (
        "sk-ant-k",
        "2023-06-01",
    )
    httpserver.check_assertions()


def test_list_models_stops_when_the_server_repeats_a_page(httpserver: HTTPServer) -> None:
    page = {"data": [{"id": "claude-a"}], "has_more": True, "last_id": "claude-a"}
    httpserver.expect_request("/v1/models").respond_with_json(page)
    assert provider_for(httpserver).list_models() == ["claude-a", "claude-a"]
    assert len(httpserver.log) == 2


def test_list_models_errors(httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request("/v1/models").respond_with_data(
        anthropic_error("authentication_error", "invalid x-api-key"),
        status=401,
        content_type="application/json",
    )
    httpserver.expect_ordered_request("/v1/models").respond_with_data("not json")
    httpserver.expect_ordered_request("/v1/models").respond_with_json({"models": []})
    provider = provider_for(httpserver)
    with pytest.raises(ProviderHTTPError) as unauthorized:
        provider.list_models()
    assert (unauthorized.value.status, unauthorized.value.kind) == (401, "auth")
    assert unauthorized.value.detail == "invalid x-api-key"
    with pytest.raises(ProviderError, match="something other than a model list"):
        provider.list_models()
    with pytest.raises(ProviderError, match="something other than a model list"):
        provider.list_models()


# -- end to end through the TurnRuntime ---------------------------------------------------------


def test_thinking_is_stored_and_sent_back_on_the_next_turn(
    httpserver: HTTPServer, tmp_path: Path
) -> None:
    body = fixture_body("anthropic-thinking-text.sse")
    ref = read_fixture(body)
    ((thinking, signature, _),) = ref.reasoning.values()
    record: list = []
    serve(httpserver, body, record=record)
    store = SqliteEventStore(tmp_path / "parley.db")
    try:
        provider = provider_for(httpserver, api_key="sk-ant", default_model="claude-haiku")
        runtime = TurnRuntime(store, OneProvider("claude", provider), retry_policy=RetryPolicy(1))
        first = ConversationExecutionRequest(
            turn_id=mint_id(), session_id=mint_id(), prompt="Two pelican names, briefly."
        )
        outcome = runtime.run(first)
        assert outcome.status == "completed", outcome.error
        assert (outcome.usage.input_tokens, outcome.usage.output_tokens) == (46, 133)

        events = list(store.events(first.session_id))
        assert [e.type_name for e in events] == [
            "turn_started",
            "user_message",
            "context_checked",
            "reasoning",
            "assistant_text",
            "turn_finished",
        ]
        reasoning, answer = events[3].event, events[4].event
        assert isinstance(reasoning, Reasoning) and isinstance(answer, AssistantText)
        assert (reasoning.text, reasoning.signature) == (thinking, signature)
        assert (reasoning.provider_kind, reasoning.redacted_data) == ("anthropic", "")
        assert (answer.text, answer.finish_reason) == (ref.text, "stop")

        second = ConversationExecutionRequest(
            turn_id=mint_id(), session_id=first.session_id, prompt="A third?"
        )
        assert runtime.run(second).status == "completed"
    finally:
        store.close()

    assert len(record) == 2
    assert record[1]["messages"] == [
        {"role": "user", "content": [{"type": "text", "text": "Two pelican names, briefly."}]},
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": thinking, "signature": signature},
                {"type": "text", "text": ref.text},
            ],
        },
        {"role": "user", "content": [{"type": "text", "text": "A third?"}]},
    ]


# -- images ------------------------------------------------------------------------------------


def test_user_message_with_two_images_on_the_wire(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, fixture_body("anthropic-text.sse"), record=record)
    request = ChatRequest(
        model="claude-sonnet-4-5",
        messages=(
            ProviderMessage("system", "Be brief."),
            ProviderMessage("user", "Compare these two.", images=IMAGES),
        ),
    )
    assert run(provider_for(httpserver), request).error is None
    assert record == [
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 8192,
            "system": "Be brief.",
            "stream": True,
            "messages": [
                {
                    "role": "user",
                    "content": [  # images before the text, as Anthropic recommends
                        {
                            "type": "image",
                            "source": {
                                "type": "base64",
                                "media_type": "image/png",
                                "data": PNG_B64,
                            },
                        },
                        {
                            "type": "image",
                            "source": {
                                "type": "base64",
                                "media_type": "image/jpeg",
                                "data": JPEG_B64,
                            },
                        },
                        {"type": "text", "text": "Compare these two."},
                    ],
                }
            ],
        }
    ]


def test_images_merged_after_tool_results_come_after_them_and_before_the_text(
    httpserver: HTTPServer,
) -> None:
    record: list = []
    serve(httpserver, fixture_body("anthropic-text.sse"), record=record)
    call = mint_call_id()
    request = ChatRequest(
        model="",
        messages=(
            ProviderMessage("user", "Look"),
            ProviderMessage("assistant", "", tool_calls=(ToolCallRequest(call, "now", {}),)),
            ProviderMessage("tool", "noon", tool_call_id=call),
            ProviderMessage("user", "And this?", images=IMAGES[:1]),
        ),
    )
    assert run(provider_for(httpserver), request).error is None
    assert record[0]["messages"][-1] == {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": call, "content": "noon"},
            {
                "type": "image",
                "source": {"type": "base64", "media_type": "image/png", "data": PNG_B64},
            },
            {"type": "text", "text": "And this?"},
        ],
    }

"""OllamaProvider against real local HTTP servers.

Every recorded ``/api/chat`` body in fixtures/providers/ollama is replayed whole and in 1-byte
slices, over HTTP/1.0 (the default ``httpserver``: close-delimited body) and HTTP/1.1
(``ScriptedServer``: one HTTP chunk per slice), as ``application/x-ndjson`` with no charset, as
Ollama sends it. Expected values were read off the fixture files by hand (``json.loads`` per line
in a scratch shell), not computed with the code under test. The ``/api/generate`` fixtures are
not chat streams; the documented mid-stream error example is rewritten into the ``/api/chat``
shape in ``test_midstream_error_line_adapted_from_the_generate_example``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
import requests
from pytest_httpserver import HTTPServer

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.application.ports.chat_provider import (
    BadRequestError,
    ChatRequest,
    FinishDelta,
    IncompleteStreamError,
    NotFoundError,
    ProviderConfigError,
    ProviderConnectionError,
    ProviderError,
    ProviderMessage,
    ProviderStreamError,
    ReasoningBlock,
    ReasoningDelta,
    TextDelta,
    ToolCallDelta,
    ToolCallRequest,
    ToolSpec,
    UsageDelta,
)
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import (
    AssistantText,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
    mint_call_id,
    mint_id,
)
from parley.infrastructure.providers.ollama import OllamaProvider, normalize_base_url
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.adapter_harness import (
    HELLO,
    IMAGES,
    JPEG_B64,
    PNG_B64,
    AdapterHarness,
    OneProvider,
    free_port,
    http_chunk,
    no_helper_thread_left_behind,  # noqa: F401  (autouse)
    parallel_reads_history,
    run,
)
from tests.support.sse_server import ScriptedServer, fixture_path

PATH = "/api/chat"
NDJSON = "application/x-ndjson"  # what Ollama sends: no charset
MODEL = "gemma3:1b"


HARNESS = AdapterHarness(OllamaProvider, base_path="", path=PATH, model=MODEL, content_type=NDJSON)
provider_for = HARNESS.provider_for
serve = HARNESS.serve
streaming = HARNESS.streaming_fixture()


def line(payload: dict) -> bytes:
    return json.dumps(payload, ensure_ascii=False).encode("utf-8") + b"\n"


def msg(content: str = "", **message) -> dict:
    return {
        "model": MODEL,
        "created_at": "2025-08-20T13:48:24Z",
        "message": {"role": "assistant", "content": content, **message},
        "done": False,
    }


def final(content: str = "", done_reason: str | None = "stop", **counters) -> dict:
    payload = {**msg(content), "done": True}
    if done_reason is not None:
        payload["done_reason"] = done_reason
    return {**payload, **counters}


def ndjson(*payloads: dict) -> bytes:
    return b"".join(line(p) for p in payloads)


# -- every fixture ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Expected:
    text: str = ""
    thinking: str = ""
    tool_calls: tuple = ()
    finishes: tuple = ("stop",)
    usages: tuple = ()


EXPECTED = {
    "ollama-chat-stream.ndjson": Expected(
        text="Okay, here we go!\n\n1, 2, 3, 4, 5\n",
        usages=(Usage(input_tokens=16, output_tokens=22, total_tokens=38),),
    ),
    # num_predict reached; raw UTF-8 (U+2019 and an emoji) in a body served without a charset.
    "ollama-chat-stream-done-reason-length.ndjson": Expected(
        text="Hello there! I\u2019m doing well, thanks for asking. As an AI, I don\u2019t really "
        "*feel* in the same way humans do, but I\u2019m functioning perfectly and ready to help "
        "you with "
        "whatever you need. 😊 ",
        finishes=("length",),
        usages=(Usage(input_tokens=15, output_tokens=50, total_tokens=65),),
    ),
    # Docs example: a whole tool call without an id, then done_reason "stop".
    "ollama-chat-stream-tools.docs-example.ndjson": Expected(
        tool_calls=((None, "get_weather", {"city": "Tokyo"}),),
        finishes=("tool_calls",),
        usages=(Usage(input_tokens=169, output_tokens=15, total_tokens=184),),
    ),
    # stream:false answer from Ollama Cloud, one line: thinking, a tool call with an id and a
    # function.index, done_reason "stop", and no load/prompt_eval/eval durations.
    "ollama-chat-tools-nonstream-cloud.json": Expected(
        thinking="User asks about weather in San Francisco. Use function getWeather.",
        tool_calls=(("call_mo1wm122", "getWeather", {"location": "San Francisco, CA"}),),
        finishes=("tool_calls",),
        usages=(Usage(input_tokens=145, output_tokens=44, total_tokens=189),),
    ),
}

NOT_REPLAYED = {
    "ollama-chat-stream.headers.txt": "response headers, checked in test_fixture_headers",
    "ollama-chat-tools-unsupported-400.json": "an error body, in test_http_400_from_fixture",
    "ollama-generate-stream.ndjson": "/api/generate, which the adapter does not use",
    "ollama-generate-stream-midstream-error.docs-example.ndjson": (
        "/api/generate; rewritten into the /api/chat shape for the mid-stream error test"
    ),
}


def fixture_body(name: str) -> bytes:
    return fixture_path("providers", "ollama", name).read_bytes()


def test_every_fixture_is_replayed_or_explained() -> None:
    on_disk = {p.name for p in fixture_path("providers", "ollama").iterdir()}
    assert on_disk == set(EXPECTED) | set(NOT_REPLAYED)
    assert not set(EXPECTED) & set(NOT_REPLAYED)


def test_fixture_headers_say_ndjson_without_a_charset() -> None:
    headers = fixture_body("ollama-chat-stream.headers.txt").decode().lower()
    assert "content-type: application/x-ndjson\n" in headers


@pytest.mark.parametrize("slice_size", [None, 1], ids=["whole", "1-byte"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replay(streaming, name: str, slice_size: int | None) -> None:
    expected = EXPECTED[name]
    with streaming(fixture_body(name), slice_size=slice_size) as base_url:
        outcome = run(OllamaProvider(base_url, None, MODEL))
    assert outcome.error is None
    assert outcome.text == expected.text
    assert outcome.thinking == expected.thinking
    assert tuple(outcome.tool_calls) == expected.tool_calls
    assert tuple(outcome.finishes) == expected.finishes
    assert tuple(outcome.usages) == expected.usages
    # usage and finish come last, once
    assert [type(d) for d in outcome.deltas[-2:]] == [UsageDelta, FinishDelta]


def test_served_content_type_has_no_charset(httpserver: HTTPServer) -> None:
    # The premise of the UTF-8 checks: with no charset, requests has nothing to decode by (its
    # .text would guess with charset_normalizer), so the adapter must decode UTF-8 itself.
    serve(httpserver, b"{}\n")
    response = requests.post(httpserver.url_for(PATH), timeout=5)
    assert response.headers["Content-Type"] == NDJSON
    assert response.encoding is None


def test_cloud_tool_call_delta_carries_the_id_and_arguments_json(httpserver: HTTPServer) -> None:
    serve(httpserver, fixture_body("ollama-chat-tools-nonstream-cloud.json"))
    provider = provider_for(httpserver)
    outcome = run(provider)
    assert outcome.tool_deltas == [
        ToolCallDelta(
            index=0,
            call_id="call_mo1wm122",
            name="getWeather",
            arguments_fragment='{"location": "San Francisco, CA"}',
            origin=provider.id_origin,  # whose id it is: sent back only to this server
        )
    ]
    assert outcome.deltas[0] == ReasoningDelta(
        index=0, text="User asks about weather in San Francisco. Use function getWeather."
    )


# -- stream semantics (synthetic lines) ----------------------------------------------------------


def test_each_tool_call_gets_a_fresh_index_across_the_stream(httpserver: HTTPServer) -> None:
    body = ndjson(
        msg("Let me check. "),
        msg(
            tool_calls=[
                {"function": {"index": 0, "name": "a", "arguments": {"x": 1}}},
                {"id": "call_b", "function": {"index": 1, "name": "b", "arguments": {}}},
            ]
        ),
        msg(tool_calls=[{"function": {"index": 0, "name": "c", "arguments": {"s": "é"}}}]),
        final(prompt_eval_count=3, eval_count=4),
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.text == "Let me check. "
    assert [(d.index, d.call_id, d.name, d.arguments_fragment) for d in outcome.tool_deltas] == [
        (0, None, "a", '{"x": 1}'),
        (1, "call_b", "b", "{}"),
        (2, None, "c", '{"s": "é"}'),
    ]
    assert outcome.tool_calls == [
        (None, "a", {"x": 1}),
        ("call_b", "b", {}),
        (None, "c", {"s": "é"}),
    ]
    assert outcome.finishes == ["tool_calls"]


def test_tool_call_with_missing_or_string_arguments(httpserver: HTTPServer) -> None:
    body = ndjson(
        msg(tool_calls=[{"function": {"name": "none"}}]),
        msg(tool_calls=[{"function": {"name": "text", "arguments": '{"k": "v"}'}}]),
        final(),
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.tool_calls == [(None, "none", {}), (None, "text", {"k": "v"})]


@pytest.mark.parametrize(
    ("done_reason", "tool_call", "finish"),
    [
        ("stop", False, "stop"),
        (None, False, "stop"),  # older servers omit done_reason
        ("", False, "stop"),
        ("length", False, "length"),
        ("length", True, "length"),  # cut short: not a finished tool turn
        ("load", False, "load"),
        ("unload", False, "unload"),
        (None, True, "tool_calls"),
    ],
)
def test_done_reason(
    httpserver: HTTPServer, done_reason: str | None, tool_call: bool, finish: str
) -> None:
    first = msg(tool_calls=[{"function": {"name": "t", "arguments": {}}}]) if tool_call else msg()
    serve(httpserver, ndjson(first, final(done_reason=done_reason)))
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.finishes == [finish]


@pytest.mark.parametrize(
    ("counters", "usages"),
    [
        ({}, []),
        ({"eval_count": 7}, [Usage(output_tokens=7)]),
        ({"prompt_eval_count": 5}, [Usage(input_tokens=5)]),
        ({"prompt_eval_count": 5, "eval_count": 7}, [Usage(5, 7, 12)]),
        ({"prompt_eval_count": "5", "eval_count": True, "total_duration": 9}, []),
    ],
)
def test_every_counter_is_optional(httpserver: HTTPServer, counters: dict, usages: list) -> None:
    serve(httpserver, ndjson(msg("hi"), final(**counters)))
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert (outcome.text, outcome.usages, outcome.finishes) == ("hi", usages, ["stop"])


def test_text_on_the_final_object_is_kept_and_empty_content_erases_nothing(
    httpserver: HTTPServer,
) -> None:
    serve(httpserver, ndjson(msg("Hel"), msg(""), msg("lo"), final("!")))
    outcome = run(provider_for(httpserver))
    assert [d.text for d in outcome.deltas if isinstance(d, TextDelta)] == ["Hel", "lo", "!"]


def test_thinking_then_text(httpserver: HTTPServer) -> None:
    body = ndjson(msg(thinking="Let me "), msg(thinking="think."), msg("Answer."), final())
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert (outcome.thinking, outcome.text) == ("Let me think.", "Answer.")
    assert {d.index for d in outcome.deltas if isinstance(d, ReasoningDelta)} == {0}


def test_utf8_without_charset_survives_byte_by_byte(streaming) -> None:
    text = ["naïve ", "café ", "🦅", " Ω\u0085"]
    body = ndjson(*(msg(piece) for piece in text), final())
    with streaming(body, slice_size=1) as base_url:
        outcome = run(OllamaProvider(base_url, None, MODEL))
    assert outcome.error is None
    assert outcome.text == "naïve café 🦅 Ω\u0085"


def test_crlf_lines_and_blank_lines(httpserver: HTTPServer) -> None:
    body = ndjson(msg("a"), final()).replace(b"\n", b"\r\n\r\n")
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert (outcome.error, outcome.text, outcome.finishes) == (None, "a", ["stop"])


def test_bytes_that_are_not_utf8_raise_after_the_text_before(httpserver: HTTPServer) -> None:
    body = line(msg("ok")) + b'{"message":{"content":"caf\xe9"},"done":false}\n' + line(final())
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert "UTF-8" in str(outcome.error)
    assert outcome.text == "ok"


@pytest.mark.parametrize(
    ("bad", "words"),
    [(b"data: {}\n", "not JSON"), (b"[1, 2]\n", "not a JSON object")],
)
def test_line_that_is_not_a_json_object_raises(
    httpserver: HTTPServer, bad: bytes, words: str
) -> None:
    serve(httpserver, line(msg("ok")) + bad + line(final()))
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert words in str(outcome.error)
    assert outcome.text == "ok"


def chat_shaped_generate_midstream_error() -> bytes:
    """The documented ``/api/generate`` mid-stream error example, rewritten into the ``/api/chat``
    shape: each ``response`` becomes ``message.content``; the bare error line stays as is."""
    raw = fixture_body("ollama-generate-stream-midstream-error.docs-example.ndjson")
    out = []
    for text in raw.decode("utf-8").splitlines():
        payload = json.loads(text)
        if "response" in payload:
            piece = payload.pop("response")
            payload = {**payload, "message": {"role": "assistant", "content": piece}}
        out.append(line(payload))
    return b"".join(out)


@pytest.mark.parametrize("slice_size", [None, 1], ids=["whole", "1-byte"])
def test_midstream_error_line_adapted_from_the_generate_example(
    streaming, slice_size: int | None
) -> None:
    with streaming(chat_shaped_generate_midstream_error(), slice_size=slice_size) as base_url:
        outcome = run(OllamaProvider(base_url, None, MODEL))
    assert isinstance(outcome.error, ProviderStreamError)
    # The model runner failed: a server error (retried only before any answer arrived).
    assert outcome.error.kind == "server_error" and outcome.error.retryable
    assert str(outcome.error).endswith(
        "reported an error during the answer: an error was encountered while running the model"
    )
    assert outcome.text == " Yes.Ican"  # what came before the error is delivered
    assert outcome.finishes == []


def test_error_line_without_a_final_newline_still_raises(httpserver: HTTPServer) -> None:
    serve(httpserver, line(msg("x")) + b'{"error":"out of memory"}')
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert "out of memory" in str(outcome.error)


def test_lines_after_done_are_ignored(httpserver: HTTPServer) -> None:
    serve(httpserver, ndjson(msg("a"), final(), msg("late")) + b'{"error":"late"}\n')
    outcome = run(provider_for(httpserver))
    assert (outcome.error, outcome.text, outcome.finishes) == (None, "a", ["stop"])


# -- incomplete streams -------------------------------------------------------------------------


def without_last_line(body: bytes) -> bytes:
    return body[: body.rstrip(b"\n").rindex(b"\n") + 1]


def test_missing_done_is_an_incomplete_stream(streaming) -> None:
    body = without_last_line(fixture_body("ollama-chat-stream.ndjson"))
    with streaming(body) as base_url:
        outcome = run(OllamaProvider(base_url, None, MODEL))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "before its final done:true line" in str(outcome.error)
    assert outcome.text == "Okay, here we go!\n\n1, 2, 3, 4, 5\n"  # what arrived is delivered
    assert (outcome.finishes, outcome.usages) == ([], [])


def test_stream_cut_inside_the_final_line(httpserver: HTTPServer) -> None:
    body = fixture_body("ollama-chat-stream.ndjson")
    serve(httpserver, body[: body.index(b'"done_reason"')])
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "in the middle of a line" in str(outcome.error)
    assert outcome.text == "Okay, here we go!\n\n1, 2, 3, 4, 5\n"


def test_final_object_without_its_newline_is_accepted(httpserver: HTTPServer) -> None:
    serve(httpserver, fixture_body("ollama-chat-stream.ndjson").rstrip(b"\n"))
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.finishes == ["stop"]
    assert outcome.usages == [Usage(16, 22, 38)]


def test_empty_answer(httpserver: HTTPServer) -> None:
    serve(httpserver, b"")
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "empty answer" in str(outcome.error)


CHUNKED_HEAD = HARNESS.chunked_head()


def test_connection_dropped_mid_body_is_an_incomplete_stream() -> None:
    def script(send, sleep):
        send(CHUNKED_HEAD + http_chunk(line(msg("partial"))))

    with ScriptedServer(script) as server:
        outcome = run(provider_for(server))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "broke before the answer was complete" in str(outcome.error)
    assert outcome.text == "partial"


# -- cancellation and stalls --------------------------------------------------------------------


def first_line_then_silence(send, sleep) -> None:
    send(CHUNKED_HEAD + http_chunk(line(msg("Hi"))))
    sleep(10)  # silent; returns early when the client hangs up


def test_cancel_while_the_server_is_silent_returns_promptly_and_closes() -> None:
    HARNESS.check_cancel_while_silent(first_line_then_silence, "Hi")


def test_cancel_before_the_response_head_arrives(httpserver: HTTPServer) -> None:
    HARNESS.check_cancel_before_the_head(httpserver, ndjson(msg("late"), final()))


def test_cancel_already_set_sends_nothing(httpserver: HTTPServer) -> None:
    HARNESS.check_cancel_already_set(httpserver, ndjson(msg("x"), final()))


def test_silent_server_mid_body_raises_timeout() -> None:
    HARNESS.check_silence_mid_body_times_out(first_line_then_silence, "Hi")


def test_connection_refused_names_the_url_and_suggests_ollama_is_not_running() -> None:
    error = HARNESS.check_connection_refused("", "secret-key")
    assert "is Ollama running" in str(error) and "ollama serve" in str(error)
    assert error.retryable


# -- HTTP errors before the stream ------------------------------------------------------------


def test_http_400_from_fixture(httpserver: HTTPServer) -> None:
    httpserver.expect_request(PATH).respond_with_data(
        fixture_body("ollama-chat-tools-unsupported-400.json"),
        status=400,
        content_type="application/json; charset=utf-8",
    )
    error = run(provider_for(httpserver)).error
    assert isinstance(error, BadRequestError)
    assert (error.status, error.detail, error.retryable) == (
        400,
        "registry.ollama.ai/library/gemma3:1b does not support tools",
        False,
    )


def test_unknown_model_suggests_ollama_pull(httpserver: HTTPServer) -> None:
    httpserver.expect_request(PATH).respond_with_json(
        {"error": 'model "llama9" not found, try pulling it first'}, status=404
    )
    error = run(provider_for(httpserver), ChatRequest("llama9", HELLO.messages)).error
    assert isinstance(error, NotFoundError)
    assert error.kind == "not_found"
    assert error.detail.startswith('model "llama9" not found, try pulling it first')
    assert "ollama pull llama9" in str(error)


def test_404_without_a_model_message_questions_the_base_url(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/v1/api/chat").respond_with_data(
        "404 page not found", status=404, content_type="text/plain"
    )
    error = run(OllamaProvider(httpserver.url_for("/v1"), None, MODEL)).error
    assert isinstance(error, NotFoundError)
    assert "404 page not found" in error.detail
    assert "root of an Ollama server" in error.detail and "without /v1" in error.detail


def test_503_is_retryable(httpserver: HTTPServer) -> None:
    httpserver.expect_request(PATH).respond_with_json({"error": "server busy"}, status=503)
    error = run(provider_for(httpserver)).error
    assert isinstance(error, ProviderError) and error.retryable
    assert "server busy" in str(error)


# -- the request ------------------------------------------------------------------------------


def test_request_body_and_headers(httpserver: HTTPServer) -> None:
    record = serve(httpserver, ndjson(msg("ok"), final()))
    request = ChatRequest(
        model="qwen3:8b",
        messages=(
            ProviderMessage("system", "Be brief."),
            ProviderMessage("user", "Multiply"),
            ProviderMessage(
                "assistant",
                "",
                tool_calls=(
                    ToolCallRequest("local-1", "multiply", {"a": 2, "b": [3]}),
                    ToolCallRequest("local-2", "lookup", {"q": "ü"}),
                ),
                reasoning=(
                    ReasoningBlock("ollama", "I should "),
                    ReasoningBlock("anthropic", "not sent", signature="sig"),
                    ReasoningBlock("ollama", "multiply."),
                ),
            ),
            ProviderMessage("tool", "6", tool_call_id="local-1"),
            ProviderMessage("tool", "found", tool_call_id="local-2"),
            ProviderMessage("tool", "orphan", tool_call_id="unknown"),
            ProviderMessage(
                "assistant", "It is 6.", reasoning=(ReasoningBlock("gemini", "", signature="s"),)
            ),
            ProviderMessage("user", "Thanks"),
        ),
        max_tokens=50,
        temperature=0.0,
    )
    provider = OllamaProvider(
        httpserver.url_for("/api/"), " sk-cloud\n", extra_headers={"X-Client": "Parley"}
    )
    assert run(provider, request).error is None
    assert record == [
        {
            "model": "qwen3:8b",
            "messages": [
                {"role": "system", "content": "Be brief."},
                {"role": "user", "content": "Multiply"},
                {
                    "role": "assistant",
                    "content": "",
                    "thinking": "I should multiply.",
                    "tool_calls": [
                        {
                            "id": "local-1",
                            "function": {"name": "multiply", "arguments": {"a": 2, "b": [3]}},
                        },
                        {"id": "local-2", "function": {"name": "lookup", "arguments": {"q": "ü"}}},
                    ],
                },
                {
                    "role": "tool",
                    "content": "6",
                    "tool_name": "multiply",
                    "tool_call_id": "local-1",
                },
                {
                    "role": "tool",
                    "content": "found",
                    "tool_name": "lookup",
                    "tool_call_id": "local-2",
                },
                {"role": "tool", "content": "orphan", "tool_call_id": "unknown"},
                {"role": "assistant", "content": "It is 6."},
                {"role": "user", "content": "Thanks"},
            ],
            "stream": True,
            "options": {"temperature": 0.0, "num_predict": 50},
        }
    ]
    sent = httpserver.log[0][0]
    assert sent.path == PATH
    assert sent.headers.get("Authorization") == "Bearer sk-cloud"
    assert sent.headers.get("X-Client") == "Parley"
    assert sent.headers.get("Accept") == NDJSON
    assert sent.headers.get("Content-Type") == "application/json"
    assert "ü".encode() in sent.get_data()  # raw UTF-8, not \\u escapes


READ_FILE_SCHEMA = {
    "type": "object",
    "properties": {"path": {"type": "string", "description": "Relative path."}},
    "required": ["path"],
}


def test_tools_and_a_parallel_tool_history_on_the_wire(httpserver: HTTPServer) -> None:
    record = serve(httpserver, ndjson(msg("ok"), final()))
    call_a, call_b = mint_call_id(), mint_call_id()
    request = ChatRequest(
        model="",
        messages=parallel_reads_history(call_a, call_b),
        tools=(
            ToolSpec("read_file", "Read a text file.", READ_FILE_SCHEMA),
            ToolSpec("now", "The current time.", {}),
        ),
    )
    assert run(provider_for(httpserver), request).error is None
    assert record == [
        {
            "model": MODEL,
            "messages": [
                {"role": "user", "content": "Read a.txt and b.txt"},
                {
                    "role": "assistant",
                    "content": "",
                    "tool_calls": [
                        {
                            "id": call_a,
                            "function": {"name": "read_file", "arguments": {"path": "a.txt"}},
                        },
                        {
                            "id": call_b,
                            "function": {"name": "read_file", "arguments": {"path": "b.txt"}},
                        },
                    ],
                },
                {"role": "tool", "content": "A", "tool_name": "read_file", "tool_call_id": call_a},
                {"role": "tool", "content": "B", "tool_name": "read_file", "tool_call_id": call_b},
                {"role": "user", "content": "Compare them."},
            ],
            "stream": True,
            "tools": [
                {
                    "type": "function",
                    "function": {
                        "name": "read_file",
                        "description": "Read a text file.",
                        "parameters": READ_FILE_SCHEMA,
                    },
                },
                {
                    "type": "function",
                    "function": {
                        "name": "now",
                        "description": "The current time.",
                        "parameters": {"type": "object", "properties": {}},
                    },
                },
            ],
        }
    ]


def test_no_key_no_options_and_the_default_model(httpserver: HTTPServer) -> None:
    record = serve(httpserver, ndjson(final()))
    assert run(provider_for(httpserver, default_model="llama3.2")).error is None
    assert record == [
        {"model": "llama3.2", "messages": [{"role": "user", "content": "hi"}], "stream": True}
    ]
    assert "Authorization" not in httpserver.log[0][0].headers


def test_no_model_anywhere_is_a_config_error(httpserver: HTTPServer) -> None:
    HARNESS.check_no_model_anywhere(httpserver)


def test_base_url_without_scheme_is_a_config_error() -> None:
    outcome = run(OllamaProvider("localhost:11434", None, MODEL))
    assert isinstance(outcome.error, ProviderConfigError)
    assert "localhost:11434" in str(outcome.error)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("http://localhost:11434", "http://localhost:11434"),
        (" http://localhost:11434/ ", "http://localhost:11434"),
        ("http://localhost:11434/api", "http://localhost:11434"),
        ("http://localhost:11434/api/", "http://localhost:11434"),
        ("https://ollama.com/API", "https://ollama.com"),
        ("https://proxy.example/ollama/api", "https://proxy.example/ollama"),
        ("http://localhost:11434/apis", "http://localhost:11434/apis"),
    ],
)
def test_normalize_base_url(given: str, expected: str) -> None:
    assert normalize_base_url(given) == expected
    assert OllamaProvider(given).base_url == expected


def test_kind_and_default_model() -> None:
    provider = OllamaProvider("http://localhost:11434", default_model="gemma3:1b")
    assert (provider.kind, provider.default_model) == ("ollama", "gemma3:1b")


# -- list_models ------------------------------------------------------------------------------


def test_list_models(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/api/tags", method="GET").respond_with_json(
        {
            "models": [
                {"name": "gemma3:1b", "model": "gemma3:1b", "size": 815319791},
                {"name": "qwen3:8b", "model": "qwen3:8b"},
                {"model": "only-model-field:latest"},
            ]
        }
    )
    provider = OllamaProvider(httpserver.url_for("/api"), "k")
    assert provider.list_models() == ["gemma3:1b", "qwen3:8b", "only-model-field:latest"]
    assert httpserver.log[0][0].headers.get("Authorization") == "Bearer k"


def test_list_models_errors(httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request("/api/tags").respond_with_json(
        {"error": "unauthorized"}, status=401
    )
    httpserver.expect_ordered_request("/api/tags").respond_with_data("not json")
    provider = provider_for(httpserver)
    with pytest.raises(ProviderError) as unauthorized:
        provider.list_models()
    assert (unauthorized.value.kind, unauthorized.value.detail) == ("auth", "unauthorized")
    with pytest.raises(ProviderError, match="something other than a model list"):
        provider.list_models()
    port = free_port()
    with pytest.raises(ProviderConnectionError, match=f"127.0.0.1:{port}/api/tags") as refused:
        OllamaProvider(f"http://127.0.0.1:{port}").list_models()
    assert "is Ollama running" in str(refused.value)


# -- end to end through the turn runtime -------------------------------------------------------


def test_turn_runtime_records_an_ollama_answer(httpserver: HTTPServer, tmp_path: Path) -> None:
    record = serve(httpserver, fixture_body("ollama-chat-stream.ndjson"), slice_size=7)
    store = SqliteEventStore(tmp_path / "parley.db")
    try:
        runtime = TurnRuntime(
            store,
            OneProvider("local-ollama", provider_for(httpserver)),
            retry_policy=RetryPolicy(max_attempts=1),
        )
        request = ConversationExecutionRequest(
            turn_id=mint_id(), session_id=mint_id(), prompt="Count to five.", provider_id="x"
        )
        outcome = runtime.run(request)
        events = list(store.events(request.session_id))
    finally:
        store.close()

    assert outcome.status == "completed", outcome.error
    assert [e.type_name for e in events] == [
        "turn_started",
        "user_message",
        "context_checked",
        "assistant_text",
        "turn_finished",
    ]
    started, user, _checked, answer, finished = (e.event for e in events)
    assert isinstance(started, TurnStarted)
    assert (started.provider_id, started.model) == ("local-ollama", MODEL)
    assert isinstance(user, UserMessage) and user.text == "Count to five."
    assert isinstance(answer, AssistantText)
    assert answer.text == "Okay, here we go!\n\n1, 2, 3, 4, 5\n"
    assert (answer.model, answer.finish_reason, answer.partial) == (MODEL, "stop", False)
    assert isinstance(finished, TurnFinished)
    assert (finished.status, finished.error) == ("completed", "")
    assert finished.usage == Usage(input_tokens=16, output_tokens=22, total_tokens=38)
    assert record == [
        {
            "model": MODEL,
            "messages": [{"role": "user", "content": "Count to five."}],
            "stream": True,
        }
    ]


# -- images ------------------------------------------------------------------------------------


def test_user_message_with_two_images_on_the_wire(httpserver: HTTPServer) -> None:
    record = serve(httpserver, ndjson(msg("ok"), final()))
    request = ChatRequest(
        model="llama3.2-vision",
        messages=(
            ProviderMessage("system", "Be brief."),
            ProviderMessage("user", "Compare these two.", images=IMAGES),
            ProviderMessage("assistant", "Same bird, two formats."),
            ProviderMessage("user", "Thanks"),
        ),
    )
    assert run(provider_for(httpserver), request).error is None
    assert record == [
        {
            "model": "llama3.2-vision",
            "messages": [
                {"role": "system", "content": "Be brief."},
                {"role": "user", "content": "Compare these two.", "images": [PNG_B64, JPEG_B64]},
                {"role": "assistant", "content": "Same bird, two formats."},
                {"role": "user", "content": "Thanks"},
            ],
            "stream": True,
        }
    ]


@pytest.mark.parametrize(
    "error_line,kind",
    [
        ({"error": "an error was encountered while running the model"}, "server_error"),
        ({"error": "llama runner process has terminated: exit status 2"}, "server_error"),
        ({"error": "the input length exceeds the context length"}, "context_too_long"),
        ({"error": "too many requests, please slow down"}, "rate_limited"),
        ({"error": "server overloaded, try again later"}, "overloaded"),
        ({"error": "you have exhausted your usage", "status_code": 429}, "rate_limited"),
        ({"error": "something odd"}, "stream_error"),
    ],
)
def test_a_bare_error_line_is_classified(
    httpserver: HTTPServer, error_line: dict, kind: str
) -> None:
    serve(httpserver, line(msg("Hel")) + line(msg("lo")) + line(error_line))
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert outcome.error.kind == kind
    assert outcome.text == "Hello"


def test_turn_finished_records_the_kind_of_a_bare_error_line(
    httpserver: HTTPServer, tmp_path: Path
) -> None:
    body = line(msg("Partial ")) + line({"error": "the input length exceeds the context length"})
    serve(httpserver, body)
    store = SqliteEventStore(tmp_path / "parley.db")
    try:
        runtime = TurnRuntime(
            store,
            OneProvider("local-ollama", provider_for(httpserver)),
            retry_policy=RetryPolicy(max_attempts=1),
        )
        request = ConversationExecutionRequest(
            turn_id=mint_id(), session_id=mint_id(), prompt="A long one.", provider_id="x"
        )
        outcome = runtime.run(request)
        events = list(store.events(request.session_id))
    finally:
        store.close()
    assert outcome.status == "failed"
    finished = events[-1].event
    assert isinstance(finished, TurnFinished)
    assert finished.error_kind == "context_too_long"
    assert "exceeds the context length" in finished.error
    kept = [e.event for e in events if isinstance(e.event, AssistantText)]
    assert [(k.text, k.partial) for k in kept] == [("Partial ", True)]

"""OpenAICompatibleProvider against real local HTTP servers.

Every recorded stream in fixtures/providers/openai and openai-compatible is replayed whole and in
1-byte slices, over HTTP/1.0 (the default ``httpserver``: close-delimited body) and HTTP/1.1
(``ScriptedServer``: one HTTP chunk per slice). Expected values were read off the fixture files by
hand (with jq), not computed with the parser under test.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass

import pytest
import requests
from pytest_httpserver import HTTPServer

from parley.application.ports.chat_provider import (
    ChatRequest,
    IncompleteStreamError,
    ProviderConfigError,
    ProviderConnectionError,
    ProviderHTTPError,
    ProviderMessage,
    ProviderStreamError,
    ProviderTimeout,
    TextDelta,
    ToolCallDelta,
    ToolCallRequest,
    ToolSpec,
)
from parley.domain.transcript.canonical import Usage, mint_call_id
from parley.infrastructure.providers.dialects import MISTRAL_IDS
from parley.infrastructure.providers.http_stream import error_message_from_body, retry_after_seconds
from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider
from tests.support.adapter_harness import (
    HELLO,
    IMAGES,
    JPEG_B64,
    PNG_B64,
    AdapterHarness,
    free_port,
    http_chunk,
    no_helper_thread_left_behind,  # noqa: F401  (autouse)
    parallel_reads_history,
    run,
)
from tests.support.sse_server import (
    ScriptedServer,
    chunked_script,
    data_events,
    fixture_path,
    openai_text_stream,
    sse_handler,
)

PATH = "/v1/chat/completions"
HARNESS = AdapterHarness(OpenAICompatibleProvider, base_path="/v1", path=PATH, model="test-model")
provider_for = HARNESS.provider_for
serve = HARNESS.serve
streaming = HARNESS.streaming_fixture()


# -- every fixture ----------------------------------------------------------------------------


def wire(local_id: str) -> str:
    """The id a local test server (an unknown Chat Completions server) is sent for a local id:
    nine alphanumerics derived from it (``dialects.OPENAI_COMPATIBLE``)."""
    return MISTRAL_IDS.derive(local_id)


def U(i: int, o: int, t: int, r: int | None = 0, c: int | None = 0) -> Usage:
    return Usage(
        input_tokens=i, output_tokens=o, total_tokens=t, reasoning_tokens=r, cached_tokens=c
    )


@dataclass(frozen=True)
class Expected:
    text: str = ""
    tool_calls: tuple = ()
    finishes: tuple = ()
    usages: tuple = ()
    error: str | None = None  # a ProviderStreamError whose message contains this


EXPECTED = {
    "openai/openai-chat-text-include-usage.sse": Expected(
        text="1, 2, 3, 4, 5", finishes=("stop",), usages=(U(14, 13, 27),)
    ),
    "openai/openai-chat-text-obfuscation.sse": Expected(
        text="The capital of Mexico is Mexico City.", finishes=("stop",), usages=(U(14, 8, 22),)
    ),
    "openai/openai-chat-text-after-tool-result.sse": Expected(
        text=r"The result of \( 1231 \times 2331 \) is \( 2,869,461 \).",
        finishes=("stop",),
        usages=(U(87, 26, 113),),
    ),
    "openai/openai-chat-usage-then-moderation-empty-choices.sse": Expected(
        text="Paris.", finishes=("stop",), usages=(U(13, 11, 24),)
    ),
    "openai/openai-chat-tool-calls-split-args.sse": Expected(
        tool_calls=(("call_1EYWDzueHEp8OsB8jJSEp7WB", "multiply", {"a": 1231, "b": 2331}),),
        finishes=("tool_calls",),
        usages=(U(54, 20, 74),),
    ),
    "openai/openai-chat-tool-calls-split-args-long.sse": Expected(
        tool_calls=(
            (
                "call_CCGIWaMeYWmxOQ91orkmTvzn",
                "final_result",
                {
                    "answers": [
                        {"label": "Capital", "answer": "The capital of Mexico is Mexico City."},
                        {
                            "label": "Weather",
                            "answer": "The weather in Mexico City is currently sunny.",
                        },
                        {"label": "Product Name", "answer": "The product name is Pydantic AI."},
                    ]
                },
            ),
        ),
        finishes=("tool_calls",),
        usages=(U(448, 62, 510),),
    ),
    "openai/openai-chat-parallel-tool-calls-split-args.sse": Expected(
        tool_calls=(
            ("call_NS4iQj14cDFwc0BnrKqDHavt", "get_weather", {"city": "Mexico City"}),
            ("call_SkGkkGDvHQEEk0CGbnAh2AQw", "get_product_name", {}),
        ),
        finishes=("tool_calls",),
        usages=(U(417, 44, 461),),
    ),
    "openai/openai-chat-parallel-tool-calls-empty-args.sse": Expected(
        tool_calls=(
            ("call_q2UyBRP7eXNTzAoR8lEhjc9Z", "get_country", {}),
            ("call_b51ijcpFkDiTQG1bQzsrmtW5", "get_product_name", {}),
        ),
        finishes=("tool_calls",),
        usages=(U(364, 40, 404),),
    ),
    # Payloads only in the recording; wrapped as data: events and given the [DONE] the recorder
    # dropped (Azure sends it).
    "openai/azure-openai-chat-content-filter.chunks.jsonl": Expected(
        text="Capital of Denmark.", finishes=("stop",), usages=(U(15, 78, 93, r=64),)
    ),
    "openai-compatible/openrouter-chat-keepalive-comment.sse": Expected(
        text="test response", finishes=("stop",), usages=(U(586, 3, 589),)
    ),
    # finish_reason "length" arrives twice; then an in-band error object, then [DONE].
    "openai-compatible/openrouter-chat-midstream-error.sse": Expected(
        finishes=("length",), error="Token limit reached"
    ),
    # Tool-call variants: no finish_reason at all in a and b; usage rides on a choices chunk.
    "openai-compatible/openrouter-kimi-tool-call-variant-a.sse": Expected(
        tool_calls=(("0", "llm_version", {}),), usages=(U(57, 17, 74),)
    ),
    "openai-compatible/openrouter-kimi-tool-call-variant-b.sse": Expected(
        tool_calls=(("0", "llm_version", {}),), usages=(U(57, 17, 74),)
    ),
    "openai-compatible/openrouter-kimi-tool-call-variant-c.sse": Expected(
        tool_calls=(("llm_version:0", "llm_version", {}),),
        finishes=("tool_calls",),
        usages=(U(56, 12, 68),),
    ),
    # Reasoning deltas (ignored), the text "maybe", then event: error and no [DONE].
    "openai-compatible/groq-chat-midstream-error-event.sse": Expected(
        text="maybe", error="Tool choice is required, but model did not call a tool"
    ),
}


def fixture_body(name: str) -> bytes:
    raw = fixture_path("providers", *name.split("/")).read_bytes()
    if name.endswith(".chunks.jsonl"):
        return data_events(line for line in raw.decode("utf-8").splitlines() if line.strip())
    return raw


def test_every_stream_fixture_has_an_expectation() -> None:
    on_disk = {
        f"{p.parent.name}/{p.name}"
        for folder in ("openai", "openai-compatible")
        for p in fixture_path("providers", folder).iterdir()
        if p.name.endswith((".sse", ".chunks.jsonl"))
    }
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("slice_size", [None, 1], ids=["whole", "1-byte"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replay(streaming, name: str, slice_size: int | None) -> None:
    expected = EXPECTED[name]
    with streaming(fixture_body(name), slice_size=slice_size) as base_url:
        outcome = run(OpenAICompatibleProvider(base_url, "sk-test", "test-model"))
    if expected.error is None:
        assert outcome.error is None
    else:
        assert isinstance(outcome.error, ProviderStreamError)
        assert expected.error in str(outcome.error)
    assert outcome.text == expected.text
    assert outcome.refusal == ""
    assert tuple(outcome.tool_calls) == expected.tool_calls
    assert tuple(outcome.finishes) == expected.finishes
    assert tuple(outcome.usages) == expected.usages


def test_tool_fragments_get_one_index_per_call(httpserver: HTTPServer) -> None:
    serve(httpserver, fixture_body("openai/openai-chat-parallel-tool-calls-split-args.sse"))
    outcome = run(provider_for(httpserver))
    fragments = [d for d in outcome.deltas if isinstance(d, ToolCallDelta)]
    assert [d.index for d in fragments] == [0] * 6 + [1] * 2
    assert fragments[0].name == "get_weather" and fragments[1].name is None


# -- quirks of OpenAI-compatible servers (synthetic streams) -------------------------------------


def chunk(delta: dict | None = None, finish: str | None = None, **extra) -> dict:
    choices = [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish}]
    return {"object": "chat.completion.chunk", "choices": choices, **extra}


def tool(index: int | None = None, id: str | None = None, name=None, args=None, **fn) -> dict:
    fragment: dict = {"type": "function", "function": dict(fn)}
    if index is not None:
        fragment["index"] = index
    if id is not None:
        fragment["id"] = id
    if name is not None:
        fragment["function"]["name"] = name
    if args is not ...:
        fragment["function"]["arguments"] = args
    return fragment


def test_parallel_calls_sharing_index_zero_are_told_apart_by_id(httpserver: HTTPServer) -> None:
    body = data_events(
        [
            chunk({"tool_calls": [tool(0, "a", "first", "")]}),
            chunk({"tool_calls": [tool(0, None, None, '{"x":')]}),
            chunk({"tool_calls": [tool(0, None, None, "1}")]}),
            chunk({"tool_calls": [tool(0, "b", "second", '{"y": 2}')]}),
            chunk({}, "tool_calls"),
        ]
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.tool_calls == [("a", "first", {"x": 1}), ("b", "second", {"y": 2})]


def test_tool_calls_without_index_and_null_or_object_arguments(httpserver: HTTPServer) -> None:
    body = data_events(
        [
            chunk({"tool_calls": [tool(None, "a", "first", None)]}),
            chunk({"tool_calls": [tool(None, None, None, '{"k": "v"}')]}),
            chunk({"tool_calls": [tool(None, "b", "second", {"n": 3})]}),
            chunk({"tool_calls": [tool(None, "c", "third", ...)]}),
            chunk({}, "tool_calls"),
        ]
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.tool_calls == [
        ("a", "first", {"k": "v"}),
        ("b", "second", {"n": 3}),
        ("c", "third", {}),
    ]


def test_refusal_text_and_duplicate_finish_reason(httpserver: HTTPServer) -> None:
    body = data_events(
        [
            chunk({"role": "assistant", "content": None, "refusal": ""}),
            chunk({"refusal": "I can't "}),
            chunk({"refusal": "help with that."}),
            chunk({}, "stop"),
            chunk({}, "stop"),
        ]
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert (outcome.text, outcome.refusal) == ("", "I can't help with that.")
    assert outcome.finishes == ["stop"]


def test_utf8_without_charset_is_not_read_as_latin1(httpserver: HTTPServer) -> None:
    # OpenRouter sends bare text/event-stream; requests would guess ISO-8859-1 for that.
    text = ["naïve ", "café ", "🦅", " Ω\u0085"]
    serve(httpserver, openai_text_stream(text), slice_size=1, content_type="text/event-stream")
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.text == "naïve café 🦅 Ω\u0085"


def test_bytes_that_are_not_utf8_raise(httpserver: HTTPServer) -> None:
    serve(httpserver, b'data: {"choices":[{"delta":{"content":"caf\xe9"}}]}\n\ndata: [DONE]\n\n')
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert "UTF-8" in str(outcome.error)


def test_chunk_that_is_not_json_raises(httpserver: HTTPServer) -> None:
    serve(httpserver, b"data: {not json\n\ndata: [DONE]\n\n")
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert "not JSON" in str(outcome.error)


def test_unknown_named_event_with_non_json_data_is_skipped(httpserver: HTTPServer) -> None:
    body = b"event: ping\ndata: hello\n\n" + openai_text_stream(["ok"])
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert (outcome.error, outcome.text) == (None, "ok")


# -- incomplete streams -------------------------------------------------------------------------


def test_missing_done_is_an_incomplete_stream(streaming) -> None:
    with streaming(openai_text_stream(["Hel", "lo"], done=False)) as base_url:
        outcome = run(OpenAICompatibleProvider(base_url, None, "m"))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "before [DONE]" in str(outcome.error)
    assert outcome.text == "Hello"  # what arrived is still delivered
    assert outcome.finishes == ["stop"]


def test_stream_cut_inside_an_event(httpserver: HTTPServer) -> None:
    body = openai_text_stream(["Hel", "lo"])
    serve(httpserver, body[: body.index(b'"lo"') + 2])
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "in the middle of an event" in str(outcome.error)
    assert outcome.text == "Hel"


def test_empty_json_answer_names_the_content_type(httpserver: HTTPServer) -> None:
    httpserver.expect_request(PATH).respond_with_data(b"", content_type="application/json")
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "application/json" in str(outcome.error)


CHUNKED_HEAD = HARNESS.chunked_head()


def test_connection_dropped_mid_body_is_an_incomplete_stream() -> None:
    def script(send, sleep):
        send(CHUNKED_HEAD + http_chunk(openai_text_stream(["partial"], done=False)[:150]))

    with ScriptedServer(script) as server:
        outcome = run(provider_for(server))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "broke before the answer was complete" in str(outcome.error)


def test_connection_dropped_after_headers_before_any_byte() -> None:
    with ScriptedServer(lambda send, sleep: send(CHUNKED_HEAD)) as server:
        outcome = run(provider_for(server))
    assert isinstance(outcome.error, ProviderConnectionError)
    assert "dropped before the answer began" in str(outcome.error)


def test_connection_closed_without_any_response() -> None:
    with ScriptedServer(lambda send, sleep: None) as server:
        outcome = run(provider_for(server))
    assert isinstance(outcome.error, ProviderConnectionError)
    assert server.url in str(outcome.error)


# -- chunked-encoding reads stay consistent across pauses ---------------------------------------


@pytest.mark.parametrize(
    "cut",
    [
        pytest.param(lambda framed: framed.index("ö".encode()) + 1, id="inside-a-utf8-char"),
        pytest.param(lambda framed: 1, id="inside-the-chunk-size-line"),
        pytest.param(lambda framed: framed.index(b"\r\n") + 1, id="between-cr-and-lf"),
    ],
)
def test_half_a_chunk_then_a_pause_longer_than_poll_interval(cut) -> None:
    payload = openai_text_stream(["Hello", " wörld"])
    framed = http_chunk(payload) + b"0\r\n\r\n"
    split = cut(framed)

    def script(send, sleep):
        send(CHUNKED_HEAD + framed[:split])
        sleep(0.3)  # six poll intervals with nothing more
        send(framed[split:])
        sleep(1.0)

    with ScriptedServer(script) as server:
        outcome = run(provider_for(server, poll_interval=0.05))
    assert outcome.error is None
    assert outcome.text == "Hello wörld"
    assert outcome.finishes == ["stop"]
    assert outcome.usages == [Usage(input_tokens=5, output_tokens=7, total_tokens=12)]


# -- cancellation and stalls --------------------------------------------------------------------


def first_event_then_silence(send, sleep) -> None:
    body = openai_text_stream(["Hi"], done=False)
    send(CHUNKED_HEAD + http_chunk(body[: body.index(b"\n\n", body.index(b'"Hi"')) + 2]))
    sleep(10)  # silent; returns early when the client hangs up


def test_cancel_while_the_server_is_silent_returns_promptly_and_closes() -> None:
    HARNESS.check_cancel_while_silent(first_event_then_silence, "Hi")


def test_dropping_the_generator_closes_the_connection() -> None:
    with ScriptedServer(first_event_then_silence) as server:
        stream = provider_for(server, poll_interval=0.05).stream(HELLO, threading.Event())
        first = next(d for d in stream if isinstance(d, TextDelta))
        stream.close()
        assert server.client_closed.wait(2)
    assert first.text == "Hi"


def test_cancel_before_the_response_head_arrives(httpserver: HTTPServer) -> None:
    HARNESS.check_cancel_before_the_head(httpserver, openai_text_stream(["late"]))


def test_cancel_already_set_sends_nothing(httpserver: HTTPServer) -> None:
    HARNESS.check_cancel_already_set(httpserver, openai_text_stream(["x"]))


def test_cancel_between_deltas_stops_yielding(httpserver: HTTPServer) -> None:
    serve(httpserver, openai_text_stream(["a", "b", "c"]))
    cancel = threading.Event()
    texts = []
    for delta in provider_for(httpserver).stream(HELLO, cancel):
        if isinstance(delta, TextDelta):
            texts.append(delta.text)
            cancel.set()
    assert texts == ["a"]


def test_silent_server_mid_body_raises_timeout() -> None:
    first = openai_text_stream(["Hi"], done=False)[:120]  # not even one whole event

    def script(send, sleep):
        send(CHUNKED_HEAD + http_chunk(first))
        sleep(5)

    HARNESS.check_silence_mid_body_times_out(script, "")


def test_silent_server_before_the_head_raises_timeout() -> None:
    with ScriptedServer(lambda send, sleep: sleep(5)) as server:
        outcome = run(provider_for(server, read_timeout=0.5, poll_interval=0.05))
    assert isinstance(outcome.error, ProviderTimeout)
    assert f"127.0.0.1:{server.port}" in str(outcome.error)


def test_connection_refused_names_the_url_not_the_key() -> None:
    HARNESS.check_connection_refused("/v1/", "sk-secret")


# -- the request ------------------------------------------------------------------------------


def test_request_body_and_headers_with_a_key(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, openai_text_stream(["ok"]), record=record)
    request = ChatRequest(
        model="gpt-x",
        messages=(
            ProviderMessage("system", "Be brief."),
            ProviderMessage("user", "Multiply"),
            ProviderMessage(
                "assistant",
                "",
                tool_calls=(ToolCallRequest("call-1", "multiply", {"a": 2, "b": [3]}),),
            ),
            ProviderMessage("tool", "6", tool_call_id="call-1"),
        ),
        max_tokens=50,
        temperature=0.0,
    )
    provider = OpenAICompatibleProvider(
        httpserver.url_for("/v1/"), " sk-test\n", extra_headers={"X-Title": "Parley"}
    )
    assert run(provider, request).error is None
    assert record == [
        {
            "model": "gpt-x",
            "messages": [
                {"role": "system", "content": "Be brief."},
                {"role": "user", "content": "Multiply"},
                {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": wire("call-1"),
                            "type": "function",
                            "function": {"name": "multiply", "arguments": '{"a": 2, "b": [3]}'},
                        }
                    ],
                },
                {"role": "tool", "content": "6", "tool_call_id": wire("call-1")},
            ],
            "stream": True,
            "stream_options": {"include_usage": True},
            "max_tokens": 50,
            "temperature": 0.0,
        }
    ]
    sent = httpserver.log[0][0]
    assert sent.path == PATH
    assert sent.headers.get("Authorization") == "Bearer sk-test"
    assert sent.headers.get("X-Title") == "Parley"
    assert sent.headers.get("Accept") == "text/event-stream"


def test_no_key_no_authorization_header_and_default_model(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, openai_text_stream(["ok"]), record=record)
    assert run(provider_for(httpserver, default_model="local-llama")).error is None
    assert record[0]["model"] == "local-llama"
    assert "max_tokens" not in record[0] and "temperature" not in record[0]
    assert "Authorization" not in httpserver.log[0][0].headers


READ_FILE_SCHEMA = {
    "type": "object",
    "properties": {"path": {"type": "string", "description": "Relative path."}},
    "required": ["path"],
    "additionalProperties": False,
}
TOOLS = (
    ToolSpec("read_file", "Read a text file.", READ_FILE_SCHEMA),
    ToolSpec("now", "The current time.", {}),
)


def test_tools_are_advertised_as_functions_without_tool_choice(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, openai_text_stream(["ok"]), record=record)
    request = ChatRequest(model="", messages=(ProviderMessage("user", "hi"),), tools=TOOLS)
    assert run(provider_for(httpserver), request).error is None
    assert record == [
        {
            "model": "test-model",
            "messages": [{"role": "user", "content": "hi"}],
            "stream": True,
            "stream_options": {"include_usage": True},
            "tools": [
                {
                    "type": "function",
                    "function": {
                        "name": "read_file",
                        "description": "Read a text file.",
                        "parameters": READ_FILE_SCHEMA,  # sent as is, additionalProperties too
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
    assert "tool_choice" not in record[0]


def test_no_tools_sends_no_tools_key() -> None:
    provider = OpenAICompatibleProvider("https://api.test/v1", default_model="m")
    body = provider.render_request(ChatRequest(model="", messages=(ProviderMessage("user", "x"),)))
    assert "tools" not in body and "tool_choice" not in body


def test_history_with_parallel_calls_results_and_a_follow_up(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, openai_text_stream(["ok"]), record=record)
    call_a, call_b = mint_call_id(), mint_call_id()
    assert call_a.startswith("call-") and call_a != call_b
    request = ChatRequest(
        model="",
        messages=parallel_reads_history(
            call_a, call_b, assistant_text="Reading both.", follow_up="Now compare them."
        ),
        tools=TOOLS[:1],
    )
    assert run(provider_for(httpserver), request).error is None
    assert record[0]["messages"] == [
        {"role": "user", "content": "Read a.txt and b.txt"},
        {
            "role": "assistant",
            "content": "Reading both.",
            "tool_calls": [
                {
                    "id": wire(call_a),
                    "type": "function",
                    "function": {"name": "read_file", "arguments": '{"path": "a.txt"}'},
                },
                {
                    "id": wire(call_b),
                    "type": "function",
                    "function": {"name": "read_file", "arguments": '{"path": "b.txt"}'},
                },
            ],
        },
        {"role": "tool", "content": "A", "tool_call_id": wire(call_a)},
        {"role": "tool", "content": "B", "tool_call_id": wire(call_b)},
        {"role": "user", "content": "Now compare them."},
    ]
    assert [t["function"]["name"] for t in record[0]["tools"]] == ["read_file"]


def test_no_model_anywhere_is_a_config_error(httpserver: HTTPServer) -> None:
    HARNESS.check_no_model_anywhere(httpserver)


def test_base_url_without_scheme_is_a_config_error() -> None:
    outcome = run(OpenAICompatibleProvider("localhost:8080/v1", None, "m"))
    assert isinstance(outcome.error, ProviderConfigError)
    assert "localhost:8080/v1" in str(outcome.error)


def test_key_that_cannot_be_a_header_is_a_config_error_without_the_key(
    httpserver: HTTPServer,
) -> None:
    HARNESS.check_key_that_cannot_be_a_header(httpserver, "sk-ab\ncd")


# -- HTTP errors before the stream ------------------------------------------------------------


@pytest.mark.parametrize(
    ("fixture", "status", "detail", "kind"),
    [
        (
            "openai-compatible/openrouter-chat-429.json",
            429,
            "Rate limit exceeded: limit_rpm/meta-llama/llama-3.2-3b-instruct/"
            "e8440b11-29fb-4887-a222-eff9ba33dfbf. High demand for "
            "meta-llama/llama-3.2-3b-instruct:free on OpenRouter - limited to 1 requests per "
            "minute. Please retry shortly.",
            "rate_limited",
        ),
        (
            "openai/openai-chat-error-400-unsupported-parameter.json",
            400,
            "Unsupported parameter: 'max_tokens' is not supported with this model. "
            "Use 'max_completion_tokens' instead. [unsupported_parameter]",
            "bad_request",
        ),
        (
            "openai/openai-chat-error-404-model-not-found.reserialized.json",
            404,
            "The model `gpt-5.2-proo` does not exist or you do not have access to it. "
            "[model_not_found]",
            "not_found",
        ),
    ],
)
def test_error_bodies_become_http_errors(
    httpserver: HTTPServer, fixture: str, status: int, detail: str, kind: str
) -> None:
    body = fixture_path("providers", *fixture.split("/")).read_bytes()
    httpserver.expect_request(PATH).respond_with_data(
        body, status=status, content_type="application/json"
    )
    outcome = run(provider_for(httpserver))
    error = outcome.error
    assert isinstance(error, ProviderHTTPError)
    assert (error.status, error.detail, error.retry_after) == (status, detail, None)
    assert str(error).endswith(f"(HTTP {status}): {detail}")
    assert error.kind == kind
    assert error.retryable is (status == 429)


def test_retry_after_header_is_parsed(streaming) -> None:
    body = b'{"error": {"message": "slow down"}}'
    kwargs = {"status": 429, "headers": {"Retry-After": "7"}, "content_type": "application/json"}
    with streaming(body, **kwargs) as base_url:
        error = run(OpenAICompatibleProvider(base_url, None, "m")).error
    assert isinstance(error, ProviderHTTPError)
    assert (error.status, error.detail, error.retry_after) == (429, "slow down", 7.0)


def test_plain_text_and_html_error_bodies(httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request(PATH).respond_with_data(
        "upstream\n  exploded", status=502, content_type="text/plain"
    )
    httpserver.expect_ordered_request(PATH).respond_with_data(
        "<html><body>Service Unavailable</body></html>", status=503, content_type="text/html"
    )
    first, second = run(provider_for(httpserver)).error, run(provider_for(httpserver)).error
    assert isinstance(first, ProviderHTTPError) and isinstance(second, ProviderHTTPError)
    assert (first.status, first.detail, first.retryable) == (502, "upstream exploded", True)
    assert (second.status, second.detail) == (
        503,
        "SERVICE UNAVAILABLE (the server sent an HTML page)",
    )


# -- list_models ------------------------------------------------------------------------------


def test_list_models(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/v1/models", method="GET").respond_with_json(
        {"object": "list", "data": [{"id": "gpt-4o", "object": "model"}, {"id": "o3"}]}
    )
    provider = OpenAICompatibleProvider(httpserver.url_for("/v1"), "sk-k")
    assert provider.list_models() == ["gpt-4o", "o3"]
    assert httpserver.log[0][0].headers.get("Authorization") == "Bearer sk-k"


def test_list_models_errors(httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request("/v1/models").respond_with_json(
        {"error": {"message": "Incorrect API key provided"}}, status=401
    )
    httpserver.expect_ordered_request("/v1/models").respond_with_data("not json")
    provider = provider_for(httpserver)
    with pytest.raises(ProviderHTTPError) as unauthorized:
        provider.list_models()
    assert (unauthorized.value.status, unauthorized.value.detail) == (
        401,
        "Incorrect API key provided",
    )
    with pytest.raises(Exception, match="something other than a model list"):
        provider.list_models()
    port = free_port()
    with pytest.raises(ProviderConnectionError, match=f"127.0.0.1:{port}/v1/models"):
        OpenAICompatibleProvider(f"http://127.0.0.1:{port}/v1").list_models()


# -- helpers ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({}, None),
        ({"Retry-After": "7"}, 7.0),
        ({"retry-after": "1.5"}, 1.5),
        ({"retry-after": "-3"}, 0.0),
        ({"Retry-After": "soon"}, None),
        ({"retry-after-ms": "250", "Retry-After": "9"}, 0.25),
        ({"Retry-After": "Wed, 21 Oct 2015 07:28:30 GMT"}, 30.0),
    ],
)
def test_retry_after_seconds(headers: dict, expected: float | None) -> None:
    now = 1445412480.0  # Wed, 21 Oct 2015 07:28:00 GMT
    assert retry_after_seconds(headers, now=now) == expected


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        (b'{"error": "model \\"x\\" not found"}', 'model "x" not found'),
        (
            b'{"error": {"code": 502, "message": "Provider returned error", '
            b'"metadata": {"raw": "upstream  timeout", "provider_name": "Novita"}}}',
            "Provider returned error \u2014 upstream timeout (upstream provider: Novita)",
        ),
        (b'{"object": "error", "message": "max_tokens too large"}', "max_tokens too large"),
        (b'{"detail": "Not Found"}', "Not Found"),
        (
            b'[{"error": {"code": 429, "message": "Quota", "status": "RESOURCE_EXHAUSTED"}}]',
            "Quota",
        ),
        (b"", "Bad Gateway"),
        (b"  \n", "Bad Gateway"),
        (b"\xff oops", "\ufffd oops"),
    ],
)
def test_error_message_from_body(body: bytes, expected: str) -> None:
    assert error_message_from_body(body, reason="Bad Gateway") == expected


# -- facts about the test servers this file relies on -------------------------------------------


def test_default_httpserver_streams_early_slices_before_later_ones(httpserver: HTTPServer) -> None:
    body = openai_text_stream(["early", "late"])
    first_part = body[: body.index(b"\n\n", body.index(b'"early"')) + 2]
    gate = threading.Event()
    serve(httpserver, body, slice_size=len(first_part), gate=gate, gate_after=1)
    try:
        stream = provider_for(httpserver).stream(HELLO, threading.Event())
        first_text = next(d for d in stream if isinstance(d, TextDelta))
        seen_while_gated = not gate.is_set()
        gate.set()
        rest = list(stream)
    finally:
        gate.set()
    assert (first_text.text, seen_while_gated) == ("early", True)
    assert [d.text for d in rest if isinstance(d, TextDelta)] == ["late"]


def test_default_httpserver_is_http10_close_delimited(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/probe").respond_with_handler(sse_handler(b"data: x\n\n"))
    response = requests.get(httpserver.url_for("/probe"), timeout=5)
    assert (response.raw.version, response.headers.get("Transfer-Encoding")) == (10, None)
    assert response.headers.get("Connection") == "close"
    assert response.content == b"data: x\n\n"


def test_chunked_script_sends_chunked_http11() -> None:
    with ScriptedServer(chunked_script(b"data: x\n\n", slice_size=3)) as server:
        response = requests.get(server.url + "/probe", timeout=5)
        raw_request = server.requests[0]
    assert (response.raw.version, response.headers.get("Transfer-Encoding")) == (11, "chunked")
    assert response.content == b"data: x\n\n"
    assert raw_request.startswith(b"GET /probe HTTP/1.1\r\n")


def test_request_json_is_recorded(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, b"", record=record)
    requests.post(httpserver.url_for(PATH), data=json.dumps({"a": 1}), timeout=5)
    requests.post(httpserver.url_for(PATH), data=b"not json", timeout=5)
    assert record == [{"a": 1}, None]


# -- images ------------------------------------------------------------------------------------


def test_the_image_fixtures_are_a_png_and_a_jpeg() -> None:
    # by the magic bytes' base64, independent of the code under test (shared by all adapters)
    assert PNG_B64.startswith("iVBORw0KGgo")
    assert JPEG_B64.startswith("/9j/")


def test_user_message_with_two_images_on_the_wire(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, openai_text_stream(["ok"]), record=record)
    request = ChatRequest(
        model="gpt-4o",
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
            "model": "gpt-4o",
            "messages": [
                {"role": "system", "content": "Be brief."},
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": "Compare these two."},
                        {
                            "type": "image_url",
                            "image_url": {"url": "data:image/png;base64," + PNG_B64},
                        },
                        {
                            "type": "image_url",
                            "image_url": {"url": "data:image/jpeg;base64," + JPEG_B64},
                        },
                    ],
                },
                {"role": "assistant", "content": "Same bird, two formats."},
                {"role": "user", "content": "Thanks"},  # no images: a plain string
            ],
            "stream": True,
            "stream_options": {"include_usage": True},
        }
    ]


def test_user_message_with_an_image_and_no_text_sends_no_empty_text_part(
    httpserver: HTTPServer,
) -> None:
    record: list = []
    serve(httpserver, openai_text_stream(["ok"]), record=record)
    request = ChatRequest(model="", messages=(ProviderMessage("user", "", images=IMAGES[1:]),))
    assert run(provider_for(httpserver), request).error is None
    assert record[0]["messages"] == [
        {
            "role": "user",
            "content": [
                {"type": "image_url", "image_url": {"url": "data:image/jpeg;base64," + JPEG_B64}}
            ],
        }
    ]

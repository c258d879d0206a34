"""GeminiProvider against real local HTTP servers, and through the real TurnRuntime.

Every recorded ``alt=sse`` stream in fixtures/providers/gemini is replayed whole and in 1-byte
slices, over HTTP/1.0 (the default ``httpserver``: close-delimited body) and HTTP/1.1
(``ScriptedServer``: one HTTP chunk per slice), as bare ``text/event-stream`` (no charset, as
Gemini sends it). Expected values were read off the fixture files by hand (with jq); for the long
thinking stream the full texts also come from ``read_fixture`` below, a reader independent of the
parser under test (split on CRLF CRLF, drop ``data: ``, ``json.loads``), checked against anchors
read by hand.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.application.conversations.retry import RetryPolicy
from parley.application.conversations.turn_runtime import TurnRuntime
from parley.application.ports.chat_provider import (
    ChatRequest,
    IncompleteStreamError,
    PermissionDeniedError,
    ProviderConfigError,
    ProviderError,
    ProviderHTTPError,
    ProviderMessage,
    ProviderStreamError,
    RateLimitedError,
    ReasoningBlock,
    ReasoningDelta,
    ToolCallDelta,
    ToolCallRequest,
    ToolSpec,
    UsageDelta,
)
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import (
    AssistantText,
    ContextChecked,
    Reasoning,
    TurnFinished,
    Usage,
    mint_call_id,
    mint_id,
)
from parley.infrastructure.providers.gemini import (
    GeminiProvider,
    GeminiStreamTranslator,
    gemini_schema,
)
from parley.infrastructure.providers.sse import SSEParser
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from tests.support.adapter_harness import (
    HELLO,
    IMAGES,
    JPEG_B64,
    PNG_B64,
    AdapterHarness,
    OneProvider,
    Outcome,
    http_chunk,
    no_helper_thread_left_behind,  # noqa: F401  (autouse)
    parallel_reads_history,
    run,
)
from tests.support.sse_server import fixture_path, sse_handler

MODEL = "gemini-test"
PATH = f"/v1beta/models/{MODEL}:streamGenerateContent"
SSE = "text/event-stream"  # what Gemini sends: no charset
KEY = "AIza-test-key"

HARNESS = AdapterHarness(
    GeminiProvider, base_path="/v1beta", path=PATH, model=MODEL, content_type=SSE, api_key=KEY
)
provider_for = HARNESS.provider_for
serve = HARNESS.serve
streaming = HARNESS.streaming_fixture()


def fixture_bytes(name: str) -> bytes:
    return fixture_path("providers", "gemini", name).read_bytes()


def read_fixture(name: str) -> list[dict]:
    """The JSON payloads of an ``alt=sse`` fixture, read without the code under test."""
    events = [e for e in fixture_bytes(name).split(b"\r\n\r\n") if e.strip()]
    assert all(e.startswith(b"data: ") for e in events)
    return [json.loads(e.removeprefix(b"data: ")) for e in events]


def fixture_parts(name: str, *, thought: bool) -> str:
    return "".join(
        part.get("text", "")
        for payload in read_fixture(name)
        for part in payload["candidates"][0]["content"]["parts"]
        if bool(part.get("thought")) is thought and "functionCall" not in part
    )


def sse(*payloads: dict | str) -> bytes:
    """Gemini framing: ``data: <json>`` events separated by CRLF CRLF, no terminator."""
    out = []
    for payload in payloads:
        text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
        out.append(f"data: {text}\r\n\r\n")
    return "".join(out).encode("utf-8")


def chunk(*parts: dict, finish: str | None = None, usage: dict | None = None, **cand) -> dict:
    candidate: dict = {"content": {"parts": list(parts), "role": "model"}, "index": 0, **cand}
    if not parts:
        del candidate["content"]
    if finish:
        candidate["finishReason"] = finish
    payload: dict = {"candidates": [candidate], "modelVersion": MODEL}
    if usage is not None:
        payload["usageMetadata"] = usage
    return payload


def U(i: int, o: int | None, t: int, r: int | None = None, c: int | None = None) -> Usage:
    return Usage(
        input_tokens=i, output_tokens=o, total_tokens=t, reasoning_tokens=r, cached_tokens=c
    )


# -- every fixture ----------------------------------------------------------------------------

THINKING_SIGNATURE_HEAD = "CiIB0e2Kb6Syj1a961EfbWv4"  # 6152 characters, ends FZ1EgMKlqm/dH8k=
CALL_SIGNATURE_HEAD = "EpwICpkIAXLI2nxlU6gsWZaZ"  # 1408 characters, ends noBDAXOk15QuFyU=


@dataclass(frozen=True)
class Expected:
    text: str = ""
    thoughts: str = ""
    reasoning_signatures: tuple = ()  # (head, length) per signature
    tool_calls: tuple = ()
    call_signatures: tuple = ()  # (head, length) per call; ("", 0) when none
    finishes: tuple = ()
    usages: tuple = ()


EXPECTED = {
    # Three events; prompt count changes 15 -> 13 on the last one: the last figures win.
    "gemini-sse-text.sse": Expected(
        text="The capital of France is Paris.\n", finishes=("stop",), usages=(U(13, 8, 21),)
    ),
    "gemini-sse-text-utf8.sse": Expected(
        text="The temperature in Paris is 30°C.\n", finishes=("stop",), usages=(U(79, 12, 91),)
    ),
    # One event: a whole functionCall (no id) and finishReason STOP.
    "gemini-sse-function-call.sse": Expected(
        tool_calls=((None, "get_capital", {"country": "France"}),),
        call_signatures=(("", 0),),
        finishes=("tool_calls",),
        usages=(U(52, 5, 57),),
    ),
    # functionCall with a thoughtSignature, then a STOP chunk whose only part is {"text": ""}.
    "gemini-sse-function-call-thought-signature.sse": Expected(
        tool_calls=((None, "get_country", {}),),
        call_signatures=((CALL_SIGNATURE_HEAD, 1408),),
        finishes=("tool_calls",),
        usages=(U(29, 10, 241, r=202),),
    ),
    # Four thought parts, then answer text; the signature rides on the first answer part.
    "gemini-sse-thinking.sse": Expected(
        text=fixture_parts("gemini-sse-thinking.sse", thought=False),
        thoughts=fixture_parts("gemini-sse-thinking.sse", thought=True),
        reasoning_signatures=((THINKING_SIGNATURE_HEAD, 6152),),
        finishes=("stop",),
        usages=(U(34, 469, 1290, r=787),),
    ),
}


def heads(signatures: list[str]) -> tuple:
    return tuple((s[:24], len(s)) if s else ("", 0) for s in signatures)


def test_every_stream_fixture_has_an_expectation() -> None:
    on_disk = {p.name for p in fixture_path("providers", "gemini").glob("*.sse")}
    assert on_disk == set(EXPECTED)


def test_the_independent_reader_agrees_with_the_hand_read_anchors() -> None:
    thinking = EXPECTED["gemini-sse-thinking.sse"]
    assert thinking.thoughts.startswith("**Clarifying User Goals**\n\nI'm currently focused")
    assert thinking.thoughts.count("**") == 8  # four bold headings, one per thought part
    assert thinking.text.startswith("This is a great question! Safely crossing the street")
    assert thinking.text.endswith("Always assume a driver might not see you.")
    assert len(thinking.text) == 1938 and len(thinking.thoughts) == 1575


@pytest.mark.parametrize("slice_size", [None, 1], ids=["whole", "1-byte"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replay(streaming, name: str, slice_size: int | None) -> None:
    expected = EXPECTED[name]
    with streaming(fixture_bytes(name), slice_size=slice_size) as base_url:
        outcome = run(GeminiProvider(base_url, KEY, MODEL))
    assert outcome.error is None
    assert outcome.text == expected.text
    assert outcome.thinking == expected.thoughts
    assert heads(outcome.reasoning_signatures) == expected.reasoning_signatures
    assert outcome.refusal == ""
    assert tuple(outcome.tool_calls) == expected.tool_calls
    assert heads(outcome.call_signatures) == expected.call_signatures
    assert tuple(outcome.finishes) == expected.finishes
    assert tuple(outcome.usages) == expected.usages
    assert isinstance(outcome.deltas[-1], UsageDelta)  # one usage, at the end


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_true_one_byte_feeds_without_the_network(name: str) -> None:
    # Loopback reads may coalesce slices; this feeds the parser exactly one byte at a time
    # (inside the two bytes of "°", between every CR and LF).
    parser, translator = SSEParser(), GeminiStreamTranslator("test")
    outcome = Outcome()
    for byte in fixture_bytes(name):
        for event in parser.feed(bytes([byte])):
            outcome.deltas.extend(translator.handle(event))
    assert parser.finish() is False
    outcome.deltas.extend(translator.end())
    expected = EXPECTED[name]
    assert translator.finished
    assert (outcome.text, outcome.thinking) == (expected.text, expected.thoughts)
    assert tuple(outcome.tool_calls) == expected.tool_calls
    assert (tuple(outcome.finishes), tuple(outcome.usages)) == (expected.finishes, expected.usages)


def test_thinking_stream_order_thoughts_then_signature_then_text(httpserver: HTTPServer) -> None:
    serve(httpserver, fixture_bytes("gemini-sse-thinking.sse"))
    outcome = run(provider_for(httpserver))
    kinds = [type(d).__name__ for d in outcome.deltas]
    assert kinds[:6] == ["ReasoningDelta"] * 5 + ["TextDelta"]
    assert kinds[-2:] == ["FinishDelta", "UsageDelta"]
    assert {d.index for d in outcome.deltas if isinstance(d, ReasoningDelta)} == {0}
    signature = outcome.deltas[4]
    assert isinstance(signature, ReasoningDelta) and signature.text == ""
    assert signature.signature.endswith("FZ1EgMKlqm/dH8k=")


def test_parallel_calls_get_one_index_each_and_keep_their_ids(httpserver: HTTPServer) -> None:
    body = sse(
        chunk({"functionCall": {"name": "a", "args": {"x": 1}, "id": "g-1"}}),
        chunk(
            {"functionCall": {"name": "b", "args": {"y": "ü"}}, "thoughtSignature": "sig-b"},
            {"functionCall": {"name": "c"}},
            finish="STOP",
        ),
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    calls = [d for d in outcome.deltas if isinstance(d, ToolCallDelta)]
    assert [(d.index, d.call_id, d.signature) for d in calls] == [
        (0, "g-1", ""),
        (1, None, "sig-b"),
        (2, None, ""),
    ]
    assert outcome.tool_calls == [("g-1", "a", {"x": 1}), (None, "b", {"y": "ü"}), (None, "c", {})]
    assert outcome.finishes == ["tool_calls"]


def test_signatures_on_thought_parts_and_on_empty_text_parts(httpserver: HTTPServer) -> None:
    body = sse(
        chunk({"text": "Thinking…", "thought": True, "thoughtSignature": "sig-1"}),
        chunk({"text": "Answer"}),
        chunk({"text": "", "thoughtSignature": "sig-2"}, finish="STOP"),  # Gemini 3 style
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    reasoning = [d for d in outcome.deltas if isinstance(d, ReasoningDelta)]
    assert reasoning == [
        ReasoningDelta(index=0, text="Thinking…", signature="sig-1"),
        ReasoningDelta(index=0, signature="sig-2"),
    ]
    assert (outcome.text, outcome.finishes) == ("Answer", ["stop"])


# -- finish reasons, refusals, blocked prompts --------------------------------------------------


def test_safety_stop_with_no_content_is_a_refusal(httpserver: HTTPServer) -> None:
    rating = {"category": "HARM_CATEGORY_DANGEROUS_CONTENT", "probability": "HIGH"}
    body = sse(
        chunk(
            finish="SAFETY",
            safetyRatings=[{**rating, "blocked": True}, {"category": "X", "probability": "LOW"}],
            usage={"promptTokenCount": 9, "totalTokenCount": 9},
        )
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.text == ""
    assert outcome.refusal == (
        "Gemini stopped this answer (SAFETY) and returned no text. "
        "Blocked category: HARM_CATEGORY_DANGEROUS_CONTENT."
    )
    assert outcome.finishes == ["content_filter"]
    assert outcome.usages == [Usage(input_tokens=9, total_tokens=9)]


def test_safety_stop_after_some_text_keeps_the_text_and_adds_no_refusal(
    httpserver: HTTPServer,
) -> None:
    serve(httpserver, sse(chunk({"text": "Step one"}), chunk(finish="SAFETY")))
    outcome = run(provider_for(httpserver))
    assert (outcome.error, outcome.text, outcome.refusal) == (None, "Step one", "")
    assert outcome.finishes == ["content_filter"]


@pytest.mark.parametrize(
    ("reason", "finish", "refused"),
    [
        ("STOP", "stop", False),
        ("MAX_TOKENS", "length", False),
        ("RECITATION", "content_filter", True),
        ("BLOCKLIST", "content_filter", True),
        ("PROHIBITED_CONTENT", "content_filter", True),
        ("SPII", "content_filter", True),
        ("IMAGE_SAFETY", "content_filter", True),
        ("MALFORMED_FUNCTION_CALL", "malformed_function_call", True),
        ("SOMETHING_NEW", "something_new", True),
    ],
)
def test_finish_reason_mapping_with_empty_content(
    httpserver: HTTPServer, reason: str, finish: str, refused: bool
) -> None:
    serve(httpserver, sse(chunk({"text": ""}, finish=reason, finishMessage="")))
    outcome = run(provider_for(httpserver))
    assert outcome.error is None
    assert outcome.finishes == [finish]
    expected = f"Gemini stopped this answer ({reason}) and returned no text." if refused else ""
    assert outcome.refusal == expected


def test_finish_message_is_quoted_in_the_refusal(httpserver: HTTPServer) -> None:
    body = sse(chunk(finish="MALFORMED_FUNCTION_CALL", finishMessage="Malformed call: foo(]"))
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.refusal == (
        "Gemini stopped this answer (MALFORMED_FUNCTION_CALL) and returned no text. "
        "Gemini said: Malformed call: foo(]"
    )


def test_blocked_prompt_is_a_refusal_and_a_content_filter_finish(httpserver: HTTPServer) -> None:
    body = sse(
        {
            "promptFeedback": {"blockReason": "PROHIBITED_CONTENT"},
            "usageMetadata": {"promptTokenCount": 7, "totalTokenCount": 7},
        }
    )
    serve(httpserver, body)
    outcome = run(provider_for(httpserver))
    assert outcome.error is None  # the block is how Gemini ends this stream
    assert outcome.refusal == (
        "Gemini blocked the prompt (PROHIBITED_CONTENT) and returned no answer."
    )
    assert outcome.finishes == ["content_filter"]
    assert outcome.usages == [Usage(input_tokens=7, total_tokens=7)]


# -- errors inside the stream, incomplete streams ---------------------------------------------


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        ("UNAVAILABLE", "overloaded"),
        ("RESOURCE_EXHAUSTED", "rate_limited"),
        ("ODD", "stream_error"),
    ],
)
def test_error_object_inside_the_stream(httpserver: HTTPServer, status: str, kind: str) -> None:
    error = {"error": {"code": 503, "message": "The model is overloaded.", "status": status}}
    serve(httpserver, sse(chunk({"text": "Par"}), error))
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert outcome.error.kind == kind
    # Transient kinds are retryable; the policy resends only if no answer had arrived yet.
    assert outcome.error.retryable is (kind != "stream_error")
    assert str(outcome.error) == (
        f"localhost:{httpserver.port} reported an error during the answer: The model is overloaded."
    )
    assert outcome.text == "Par"


def test_body_ending_without_finish_reason_is_incomplete(streaming) -> None:
    events = fixture_bytes("gemini-sse-text.sse").split(b"\r\n\r\n")
    cut = b"\r\n\r\n".join(events[:2]) + b"\r\n\r\n"  # the last (STOP) event is missing
    with streaming(cut) as base_url:
        outcome = run(GeminiProvider(base_url, KEY, MODEL))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "before Gemini said it was finished (no finishReason)" in str(outcome.error)
    assert outcome.text == "The capital of France"  # what arrived is still delivered
    assert outcome.finishes == []
    assert outcome.usages == [U(15, None, 15)]


def test_body_cut_inside_an_event_is_incomplete(httpserver: HTTPServer) -> None:
    body = fixture_bytes("gemini-sse-text.sse")
    serve(httpserver, body[: body.index(b"is Paris")])
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "in the middle of an event" in str(outcome.error)
    assert outcome.text == "The capital of France"


def test_empty_body_is_incomplete(httpserver: HTTPServer) -> None:
    serve(httpserver, b"")
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, IncompleteStreamError)
    assert "sent an empty answer" in str(outcome.error)


def test_event_that_is_not_json_raises(httpserver: HTTPServer) -> None:
    serve(httpserver, b"data: {oops\r\n\r\n")
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    assert "not JSON" in str(outcome.error)


def test_json_array_body_is_refused_with_a_clear_error(httpserver: HTTPServer) -> None:
    # The endpoint without alt=sse: one JSON array, written piece by piece, application/json.
    body = fixture_bytes("gemini-stream-json-array-tools.json")
    serve(httpserver, body, slice_size=64, content_type="application/json; charset=UTF-8")
    outcome = run(provider_for(httpserver))
    assert isinstance(outcome.error, ProviderStreamError)
    message = str(outcome.error)
    assert "answered with application/json; charset=UTF-8 where an event stream" in message
    assert "?alt=sse" in message
    assert outcome.deltas == []


# -- HTTP errors before the stream -------------------------------------------------------------


def headers_file(name: str) -> dict[str, str]:
    lines = fixture_path("providers", "gemini", name).read_text().splitlines()[1:]
    pairs = (line.split(":", 1) for line in lines if ":" in line)
    skip = {"content-length", "content-type"}  # the test server sets these itself
    return {k.strip(): v.strip() for k, v in pairs if k.strip().lower() not in skip}


def test_403_fixture_is_a_permission_error(httpserver: HTTPServer) -> None:
    body = fixture_bytes("gemini-error-403.json")
    httpserver.expect_request(PATH).respond_with_data(
        body,
        status=403,
        headers=headers_file("gemini-error-403.headers.txt"),
        content_type="application/json; charset=UTF-8",
    )
    outcome = run(provider_for(httpserver, api_key=None))
    error = outcome.error
    assert isinstance(error, PermissionDeniedError)
    detail = (
        "Method doesn't allow unregistered callers (callers without established identity). "
        "Please use API Key or other form of API consumer identity to call this API."
    )
    assert (error.status, error.detail, error.code) == (403, detail, "PERMISSION_DENIED")
    assert (error.kind, error.retryable, error.retry_after) == ("permission", False, None)
    assert str(error).endswith(f"(HTTP 403): {detail}")


@pytest.mark.parametrize(
    ("body", "cls", "detail", "retry_after"),
    [
        pytest.param(
            # Vertex / JSON-array endpoint: the error itself wrapped in an array.
            [
                {
                    "error": {
                        "code": 429,
                        "message": "Resource exhausted. Please try again later.",
                        "status": "RESOURCE_EXHAUSTED",
                    }
                }
            ],
            RateLimitedError,
            "Resource exhausted. Please try again later.",
            None,
            id="array-wrapped",
        ),
        pytest.param(
            # Free tier per-minute limit: says "quota", but Google asks us to wait 32 s.
            {
                "error": {
                    "code": 429,
                    "message": "You exceeded your current quota, please check your plan.",
                    "status": "RESOURCE_EXHAUSTED",
                    "details": [
                        {"@type": "type.googleapis.com/google.rpc.QuotaFailure"},
                        {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "32s"},
                    ],
                }
            },
            RateLimitedError,
            "You exceeded your current quota, please check your plan.",
            32.0,
            id="retry-info",
        ),
        pytest.param(
            # No RetryInfo; "check quota" is Google's wording for a transient per-minute limit,
            # so it is rate limiting (retried), not an exhausted account.
            {
                "error": {
                    "code": 429,
                    "message": "Resource has been exhausted (e.g. check quota).",
                    "status": "RESOURCE_EXHAUSTED",
                }
            },
            RateLimitedError,
            "Resource has been exhausted (e.g. check quota).",
            None,
            id="quota-words",
        ),
    ],
)
def test_429_resource_exhausted(
    httpserver: HTTPServer, body, cls: type, detail: str, retry_after: float | None
) -> None:
    httpserver.expect_request(PATH).respond_with_json(body, status=429)
    error = run(provider_for(httpserver)).error
    assert type(error) is cls
    assert isinstance(error, ProviderHTTPError)
    assert (error.status, error.detail, error.code) == (429, detail, "RESOURCE_EXHAUSTED")
    assert error.retry_after == retry_after
    assert error.retryable is (cls is RateLimitedError)


def test_retry_after_header_wins_over_retry_info(httpserver: HTTPServer) -> None:
    body = {
        "error": {
            "code": 429,
            "message": "quota",
            "status": "RESOURCE_EXHAUSTED",
            "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "9s"}],
        }
    }
    httpserver.expect_request(PATH).respond_with_json(
        body, status=429, headers={"Retry-After": "3"}
    )
    error = run(provider_for(httpserver)).error
    assert isinstance(error, RateLimitedError) and error.retry_after == 3.0


# -- cancellation and stalls --------------------------------------------------------------------

CHUNKED_HEAD = HARNESS.chunked_head()


def first_event_then_silence(send, sleep) -> None:
    send(CHUNKED_HEAD + http_chunk(sse(chunk({"text": "Hi"}))))
    sleep(10)  # silent; returns early when the client hangs up


def test_cancel_while_the_server_is_silent_returns_promptly_and_closes() -> None:
    HARNESS.check_cancel_while_silent(first_event_then_silence, "Hi")


def test_silent_server_mid_body_raises_timeout() -> None:
    HARNESS.check_silence_mid_body_times_out(first_event_then_silence, "Hi")


def test_cancel_already_set_sends_nothing(httpserver: HTTPServer) -> None:
    HARNESS.check_cancel_already_set(httpserver, fixture_bytes("gemini-sse-text.sse"))


# -- the request ------------------------------------------------------------------------------


def test_request_body_url_and_key_header(httpserver: HTTPServer) -> None:
    record: list = []
    request = ChatRequest(
        model="gemini-2.5-pro",
        messages=(
            ProviderMessage("system", "Be brief."),
            ProviderMessage("user", "Weather in Paris and Rome?"),
            ProviderMessage(
                "assistant",
                "Checking.",
                tool_calls=(
                    ToolCallRequest("call-1", "weather", {"city": "Paris"}, signature="sig-call"),
                    ToolCallRequest("call-2", "weather", {"city": "Rome", "days": [1, 2]}),
                ),
                reasoning=(
                    ReasoningBlock("anthropic", "other kind", signature="anthropic-sig"),
                    ReasoningBlock("gemini", "thought summary", signature="sig-text"),
                ),
            ),
            ProviderMessage("tool", "18 °C", tool_call_id="call-1"),
            ProviderMessage("tool", "21 °C", tool_call_id="call-2"),
            ProviderMessage("assistant", "Paris 18 °C, Rome 21 °C."),
            ProviderMessage("user", "Thanks"),
        ),
        max_tokens=256,
        temperature=0.2,
    )
    path = "/v1beta/models/gemini-2.5-pro:streamGenerateContent"
    httpserver.expect_request(path, method="POST").respond_with_handler(
        sse_handler(fixture_bytes("gemini-sse-text.sse"), record=record, content_type=SSE)
    )
    assert run(provider_for(httpserver), request).error is None
    assert record == [
        {
            "contents": [
                {"role": "user", "parts": [{"text": "Weather in Paris and Rome?"}]},
                {
                    "role": "model",
                    "parts": [
                        {"text": "Checking.", "thoughtSignature": "sig-text"},
                        {
                            "functionCall": {"name": "weather", "args": {"city": "Paris"}},
                            "thoughtSignature": "sig-call",
                        },
                        {
                            "functionCall": {
                                "name": "weather",
                                "args": {"city": "Rome", "days": [1, 2]},
                            }
                        },
                    ],
                },
                {
                    "role": "user",
                    "parts": [
                        {"functionResponse": {"name": "weather", "response": {"result": "18 °C"}}},
                        {"functionResponse": {"name": "weather", "response": {"result": "21 °C"}}},
                    ],
                },
                {"role": "model", "parts": [{"text": "Paris 18 °C, Rome 21 °C."}]},
                {"role": "user", "parts": [{"text": "Thanks"}]},
            ],
            "systemInstruction": {"parts": [{"text": "Be brief."}]},
            "generationConfig": {"temperature": 0.2, "maxOutputTokens": 256},
        }
    ]
    sent = httpserver.log[0][0]
    assert sent.path == path
    assert sent.query_string == b"alt=sse"  # the key is never in the URL
    assert KEY not in sent.url and "key" not in sent.args
    assert sent.headers.get("x-goog-api-key") == KEY
    assert sent.headers.get("Accept") == "text/event-stream"
    assert "Authorization" not in sent.headers


def test_minimal_request_has_no_generation_config_and_no_key_header(
    httpserver: HTTPServer,
) -> None:
    record: list = []
    serve(httpserver, fixture_bytes("gemini-sse-text.sse"), record=record)
    assert run(provider_for(httpserver, api_key=None)).error is None
    assert record == [{"contents": [{"role": "user", "parts": [{"text": "hi"}]}]}]
    assert "x-goog-api-key" not in httpserver.log[0][0].headers


def render(*messages: ProviderMessage) -> dict:
    return GeminiProvider("https://g.test/v1beta", KEY, MODEL).render_request(
        ChatRequest(model="", messages=messages)
    )


def test_signature_echo_for_a_call_that_came_with_its_own_signature() -> None:
    # From gemini-sse-function-call-thought-signature.sse: the signature sits on the call.
    signature = read_fixture("gemini-sse-function-call-thought-signature.sse")[0]["candidates"][0][
        "content"
    ]["parts"][0]["thoughtSignature"]
    call = ToolCallRequest("call-1", "get_country", {}, signature=signature)
    body = render(
        ProviderMessage("user", "Which country?"),
        ProviderMessage(
            "assistant",
            "",
            tool_calls=(call,),
            reasoning=(ReasoningBlock("gemini", "", signature=signature),),
        ),
        ProviderMessage("tool", "Mexico", tool_call_id="call-1"),
    )
    assert body["contents"][1] == {
        "role": "model",
        "parts": [
            {"functionCall": {"name": "get_country", "args": {}}, "thoughtSignature": signature}
        ],
    }


def test_reasoning_only_turn_and_empty_texts_are_left_out() -> None:
    body = render(
        ProviderMessage("system", ""),
        ProviderMessage("user", "one"),
        ProviderMessage("assistant", "", reasoning=(ReasoningBlock("gemini", "t", "sig"),)),
        ProviderMessage("user", ""),
        ProviderMessage("user", "two"),
    )
    assert body == {"contents": [{"role": "user", "parts": [{"text": "one"}, {"text": "two"}]}]}


READ_FILE_SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "type": "object",
    "properties": {
        "path": {"type": "string", "description": "Relative path.", "format": "uri"},
        "encoding": {"type": ["string", "null"], "default": "utf-8"},
    },
    "required": ["path"],
    "additionalProperties": False,
}


def test_tools_and_a_parallel_tool_history_on_the_wire(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, fixture_bytes("gemini-sse-text.sse"), record=record)
    call_a, call_b = mint_call_id(), mint_call_id()
    request = ChatRequest(
        model="",
        messages=parallel_reads_history(call_a, call_b),
        tools=(
            ToolSpec("read_file", "Read a text file.", READ_FILE_SCHEMA),
            ToolSpec("now", "The current time.", {"type": "object", "properties": {}}),
        ),
    )
    assert run(provider_for(httpserver), request).error is None
    assert record == [
        {
            "contents": [
                {"role": "user", "parts": [{"text": "Read a.txt and b.txt"}]},
                {
                    "role": "model",
                    "parts": [
                        {"functionCall": {"name": "read_file", "args": {"path": "a.txt"}}},
                        {"functionCall": {"name": "read_file", "args": {"path": "b.txt"}}},
                    ],
                },
                {
                    # Both results in one turn, in call order, then the user's words.
                    "role": "user",
                    "parts": [
                        {"functionResponse": {"name": "read_file", "response": {"result": "A"}}},
                        {"functionResponse": {"name": "read_file", "response": {"result": "B"}}},
                        {"text": "Compare them."},
                    ],
                },
            ],
            "tools": [
                {
                    "functionDeclarations": [
                        {
                            "name": "read_file",
                            "description": "Read a text file.",
                            "parameters": {
                                "type": "object",
                                "properties": {
                                    "path": {"type": "string", "description": "Relative path."},
                                    "encoding": {
                                        "type": "string",
                                        "nullable": True,
                                        "default": "utf-8",
                                    },
                                },
                                "required": ["path"],
                            },
                        },
                        # No properties: declared without parameters.
                        {"name": "now", "description": "The current time."},
                    ]
                }
            ],
        }
    ]
    assert "toolConfig" not in record[0]


def test_no_tools_sends_no_tools_key() -> None:
    assert "tools" not in render(ProviderMessage("user", "x"))


def test_gemini_schema_strips_what_gemini_rejects_at_every_level() -> None:
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:x",
        "title": "Args",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            # Property names are data, not keywords: even these stay.
            "additionalProperties": {"type": "boolean"},
            "$ref": {"type": "string", "const": "fixed"},
            "when": {"type": "string", "format": "date-time", "examples": ["2025-01-01"]},
            "url": {"type": "string", "format": "uri", "pattern": "^https://"},
            "count": {
                "type": "integer",
                "format": "int32",
                "minimum": 0,
                "exclusiveMinimum": 0,
                "enum": [1, 2],
            },
            "mode": {"enum": ["fast", "slow"], "description": "How."},
            "either": {"type": ["string", "integer", "null"]},
            "tags": {
                "type": "array",
                "items": {"type": "object", "properties": {}, "additionalProperties": True},
                "uniqueItems": True,
                "minItems": 1,
            },
            "pair": {"type": "array", "items": [{"type": "string"}, {"type": "number"}]},
            "choice": {
                "anyOf": [{"type": "string", "maxLength": 3}, {"$ref": "#/$defs/x"}],
                "oneOf": [{"type": "string"}],
            },
            "meta": {"type": "object", "propertyNames": {"pattern": "^x"}, "nullable": True},
        },
        "required": ["when"],
        "propertyOrdering": ["when", "url"],
        "$defs": {"x": {"type": "string"}},
    }
    frozen = ToolSpec("t", "d", schema).parameters  # what adapters get: frozen mappings
    assert gemini_schema(frozen) == {
        "title": "Args",
        "type": "object",
        "properties": {
            "additionalProperties": {"type": "boolean"},
            "$ref": {"type": "string", "enum": ["fixed"]},
            "when": {"type": "string", "format": "date-time"},
            "url": {"type": "string", "pattern": "^https://"},
            "count": {"type": "integer", "format": "int32", "minimum": 0},
            "mode": {"enum": ["fast", "slow"], "description": "How.", "type": "string"},
            "either": {
                "anyOf": [{"type": "string"}, {"type": "integer"}],
                "nullable": True,
            },
            "tags": {"type": "array", "items": {"type": "object"}, "minItems": 1},
            "pair": {"type": "array"},
            "choice": {"anyOf": [{"type": "string", "maxLength": 3}, {}]},
            "meta": {"type": "object", "nullable": True},
        },
        "required": ["when"],
        "propertyOrdering": ["when", "url"],
    }
    assert gemini_schema(schema) == gemini_schema(frozen)  # plain dicts work the same
    assert schema["additionalProperties"] is False  # and are not changed
    assert gemini_schema(None) == {} and gemini_schema(True) == {}


def test_tool_result_without_its_call_cannot_be_rendered() -> None:
    with pytest.raises(ProviderError, match="no matching tool call") as caught:
        render(ProviderMessage("user", "x"), ProviderMessage("tool", "r", tool_call_id="call-9"))
    assert not isinstance(caught.value, ProviderConfigError)


def test_model_with_prefix_and_config_errors(httpserver: HTTPServer) -> None:
    provider = GeminiProvider("https://g.test/v1beta/", KEY)
    request = ChatRequest(model="models/gemini-2.0-flash", messages=HELLO.messages)
    assert provider.stream_url(request) == (
        "https://g.test/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse"
    )
    no_model = run(GeminiProvider(httpserver.url_for("/v1beta"), KEY))
    assert isinstance(no_model.error, ProviderConfigError) and "no model" in str(no_model.error)
    bad_url = run(GeminiProvider("generativelanguage.googleapis.com/v1beta", KEY, MODEL))
    assert isinstance(bad_url.error, ProviderConfigError)
    bad_key = run(GeminiProvider(httpserver.url_for("/v1beta"), "AIza\nsecret", MODEL))
    assert isinstance(bad_key.error, ProviderConfigError)
    assert "secret" not in str(bad_key.error)
    assert httpserver.log == []


# -- list_models ------------------------------------------------------------------------------


def model(name: str, *methods: str) -> dict:
    return {"name": f"models/{name}", "supportedGenerationMethods": list(methods)}


def test_list_models_follows_pages_and_keeps_chat_models(httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request(
        "/v1beta/models", method="GET", query_string={"pageSize": "1000"}
    ).respond_with_json(
        {
            "models": [
                model("gemini-2.5-pro", "generateContent", "countTokens"),
                model("text-embedding-004", "embedContent"),
                {"name": "models/no-methods"},
            ],
            "nextPageToken": "page-2",
        }
    )
    httpserver.expect_ordered_request(
        "/v1beta/models", method="GET", query_string={"pageSize": "1000", "pageToken": "page-2"}
    ).respond_with_json(
        {"models": [model("gemini-live", "streamGenerateContent"), model("imagen", "predict")]}
    )
    assert provider_for(httpserver).list_models() == ["gemini-2.5-pro", "gemini-live"]
    assert len(httpserver.log) == 2
    for sent, _ in httpserver.log:
        assert sent.headers.get("x-goog-api-key") == KEY
        assert KEY not in sent.url


def test_list_models_errors(httpserver: HTTPServer) -> None:
    httpserver.expect_ordered_request("/v1beta/models").respond_with_json(
        {
            "error": {
                "code": 400,
                "message": "API key not valid. Please pass a valid API key.",
                "status": "INVALID_ARGUMENT",
            }
        },
        status=400,
    )
    httpserver.expect_ordered_request("/v1beta/models").respond_with_data("not json")
    httpserver.expect_ordered_request("/v1beta/models").respond_with_json(
        {"models": [], "nextPageToken": "same"}
    )
    httpserver.expect_ordered_request("/v1beta/models").respond_with_json(
        {"models": [], "nextPageToken": "same"}
    )
    provider = provider_for(httpserver)
    with pytest.raises(ProviderHTTPError) as invalid:
        provider.list_models()
    assert (invalid.value.status, invalid.value.code) == (400, "INVALID_ARGUMENT")
    with pytest.raises(ProviderError, match="something other than a model list"):
        provider.list_models()
    with pytest.raises(ProviderError, match="same model-list page token twice"):
        provider.list_models()


# -- end to end: TurnRuntime + SQLite + the adapter ----------------------------------------------


def test_turn_runtime_stores_reasoning_then_text_and_echoes_the_signature(
    tmp_path: Path, httpserver: HTTPServer
) -> None:
    record: list = []
    for name in ("gemini-sse-thinking.sse", "gemini-sse-text.sse"):
        # one-shot handlers are used in the order they were added (ordered ones would refuse
        # the window lookup between them)
        httpserver.expect_oneshot_request(PATH, method="POST").respond_with_handler(
            sse_handler(fixture_bytes(name), record=record, content_type=SSE)
        )
    # The second turn sends over 1,024 tokens (the signature), so the runtime asks the model's
    # window once (Gemini's model metadata: the window is inputTokenLimit).
    httpserver.expect_request(f"/v1beta/models/{MODEL}", method="GET").respond_with_json(
        {"name": f"models/{MODEL}", "inputTokenLimit": 1_048_576, "outputTokenLimit": 65_536}
    )
    store = SqliteEventStore(tmp_path / "parley.db")
    try:
        runtime = TurnRuntime(
            store,
            OneProvider("gemini", provider_for(httpserver)),
            retry_policy=RetryPolicy(max_attempts=1),
        )
        session = mint_id()
        first = ConversationExecutionRequest(
            turn_id=mint_id(), session_id=session, prompt="How do I cross the street?"
        )
        outcome = runtime.run(first)
        assert outcome.status == "completed", outcome.error
        expected = EXPECTED["gemini-sse-thinking.sse"]
        events = list(store.events(session))
        assert [e.type_name for e in events] == [
            "turn_started",
            "user_message",
            "context_checked",
            "reasoning",
            "assistant_text",
            "turn_finished",
        ]
        reasoning, answer, finished = (e.event for e in events[3:])
        assert isinstance(reasoning, Reasoning)
        assert (reasoning.provider_kind, reasoning.text) == ("gemini", expected.thoughts)
        assert (reasoning.signature[:24], len(reasoning.signature)) == (
            THINKING_SIGNATURE_HEAD,
            6152,
        )
        assert isinstance(answer, AssistantText)
        assert (answer.text, answer.finish_reason) == (expected.text, "stop")
        assert isinstance(finished, TurnFinished) and finished.status == "completed"
        assert finished.usage == U(34, 469, 1290, r=787)

        second = ConversationExecutionRequest(turn_id=mint_id(), session_id=session, prompt="Why?")
        assert runtime.run(second).status == "completed"
        checks = [
            e.event
            for e in store.events(session)
            if e.turn_id == second.turn_id and isinstance(e.event, ContextChecked)
        ]
        assert [(c.window, c.window_source) for c in checks] == [(1_048_576, "provider")]
    finally:
        store.close()
    assert record[1]["contents"] == [
        {"role": "user", "parts": [{"text": "How do I cross the street?"}]},
        {
            "role": "model",
            "parts": [{"text": expected.text, "thoughtSignature": reasoning.signature}],
        },
        {"role": "user", "parts": [{"text": "Why?"}]},
    ]


# -- images ------------------------------------------------------------------------------------


def test_user_message_with_two_images_on_the_wire(httpserver: HTTPServer) -> None:
    record: list = []
    serve(httpserver, fixture_bytes("gemini-sse-text.sse"), record=record)
    request = ChatRequest(
        model="",
        messages=(
            ProviderMessage("system", "Be brief."),
            ProviderMessage("user", "Compare these two.", images=IMAGES),
            ProviderMessage("assistant", "Same bird, two formats."),
            ProviderMessage("user", "", images=IMAGES[1:]),
        ),
    )
    assert run(provider_for(httpserver), request).error is None
    assert record == [
        {
            "contents": [
                {
                    "role": "user",
                    "parts": [  # images before the text part
                        {"inlineData": {"mimeType": "image/png", "data": PNG_B64}},
                        {"inlineData": {"mimeType": "image/jpeg", "data": JPEG_B64}},
                        {"text": "Compare these two."},
                    ],
                },
                {"role": "model", "parts": [{"text": "Same bird, two formats."}]},
                {
                    "role": "user",
                    "parts": [{"inlineData": {"mimeType": "image/jpeg", "data": JPEG_B64}}],
                },
            ],
            "systemInstruction": {"parts": [{"text": "Be brief."}]},
        }
    ]

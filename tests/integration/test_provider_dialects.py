"""Every request body each preset and kind renders, checked against the vendor's own request
types (issue 14, item 14b), and each dialect's tool-call id rule (item 14).

The shapes: plain text, a system message, one tool call and its result, parallel calls to one
tool, a failed tool, images, reasoning echoed from each provider, calls whose ids came from
another provider (a conversation that moved), an odd imported id, a token cap and a temperature,
and a tool schema with keywords some APIs lack. Each is rendered for every preset and checked:

- OpenAI's ``CompletionCreateParamsStreaming`` (``openai``), Mistral's
  ``ChatCompletionStreamRequest`` (``mistralai``), Anthropic's ``MessageCreateParamsStreaming``
  (``anthropic``), Google's ``Content`` / ``Tool`` / ``GenerationConfig`` (``google-genai``) and
  Ollama's ``ChatRequest`` (``ollama``) — strictly: an unknown key is a failure
  (``tests.support.vendor_types``);
- the id rule of the endpoint, and that every tool result answers a call made before it under
  the same id.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from parley.application.conversations.render import render_chat_request
from parley.application.ports.chat_provider import (
    ChatRequest,
    ImagePart,
    ProviderMessage,
    ProviderStreamError,
    ReasoningBlock,
    TextDelta,
    ToolCallRequest,
    ToolSpec,
)
from parley.domain.transcript.canonical import (
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnStarted,
    UserMessage,
    from_payload,
    mint_call_id,
    to_payload,
)
from parley.infrastructure.providers.anthropic import AnthropicProvider
from parley.infrastructure.providers.dialects import (
    ANTHROPIC_IDS,
    MISTRAL_IDS,
    OPENAI_IDS,
    PRESET_DIALECTS,
    WireIds,
    dialect_for,
    origin_of,
)
from parley.infrastructure.providers.gemini import GeminiProvider
from parley.infrastructure.providers.ollama import OllamaProvider
from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider
from parley.infrastructure.providers.presets import PRESETS
from tests.support.sse_server import ScriptedServer
from tests.support.vendor_types import violations

PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8"
    "BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)
LOCAL_A, LOCAL_B, LOCAL_C = mint_call_id(), mint_call_id(), mint_call_id()
OTHER = "openai https://api.openai.com/v1"  # an origin no adapter below is

TOOLS = (
    ToolSpec(
        "read_file",
        "Read a file",
        {
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "Where", "format": "uri-reference"},
                "limit": {"type": "integer", "minimum": 1, "maximum": 500},
            },
            "required": ["path"],
            "additionalProperties": False,
        },
    ),
    ToolSpec("list_dir", "List a folder", {}),
)


def _call(local: str, name: str = "read_file", **extra: Any) -> ToolCallRequest:
    return ToolCallRequest(local, name, {"path": "a.txt"}, **extra)


SHAPES: dict[str, tuple[ProviderMessage, ...]] = {
    "plain": (ProviderMessage("user", "Hello"),),
    "system": (ProviderMessage("system", "Be brief."), ProviderMessage("user", "Hello")),
    "tool loop": (
        ProviderMessage("user", "Read a.txt"),
        ProviderMessage("assistant", "", tool_calls=(_call(LOCAL_A),)),
        ProviderMessage("tool", "A", tool_call_id=LOCAL_A),
        ProviderMessage("assistant", "It says A."),
        ProviderMessage("user", "Thanks"),
    ),
    "parallel calls": (
        ProviderMessage("user", "Read both"),
        ProviderMessage(
            "assistant", "Reading.", tool_calls=(_call(LOCAL_A), _call(LOCAL_B, "list_dir"))
        ),
        ProviderMessage("tool", "A", tool_call_id=LOCAL_A),
        ProviderMessage("tool", "B", tool_call_id=LOCAL_B),
    ),
    "tool error": (
        ProviderMessage("user", "Read x"),
        ProviderMessage("assistant", "", tool_calls=(_call(LOCAL_A),)),
        ProviderMessage("tool", "No such file: x", tool_call_id=LOCAL_A, is_error=True),
    ),
    "images": (
        ProviderMessage(
            "user",
            "What is this?",
            images=(ImagePart("image/png", PNG, "dot.png"), ImagePart("image/jpeg", PNG)),
        ),
    ),
    "reasoning echoes": (
        ProviderMessage("user", "Think"),
        ProviderMessage(
            "assistant",
            "Done.",
            reasoning=(
                ReasoningBlock("anthropic", "hmm", signature="sig-a"),
                ReasoningBlock("anthropic", redacted_data="opaque"),
                ReasoningBlock("gemini", "", signature="sig-g"),
                ReasoningBlock("ollama", "thinking..."),
                ReasoningBlock("openai", "not sent back"),
            ),
        ),
        ProviderMessage("user", "Again"),
    ),
    "moved between providers": (
        ProviderMessage("user", "Read a, b and c"),
        ProviderMessage(
            "assistant",
            "",
            tool_calls=(
                _call(LOCAL_A, provider_call_id="toolu_01A09q90qw90", provider_origin=OTHER),
                _call(LOCAL_B, provider_call_id="call_" + "x" * 50, provider_origin=OTHER),
                _call(LOCAL_C, provider_call_id="D681PevKs", provider_origin=OTHER),
            ),
        ),
        ProviderMessage("tool", "A", tool_call_id=LOCAL_A),
        ProviderMessage("tool", "B", tool_call_id=LOCAL_B, is_error=True),
        ProviderMessage("tool", "C", tool_call_id=LOCAL_C),
        ProviderMessage("user", "Go on"),
    ),
    "odd imported id": (
        ProviderMessage("user", "Read"),
        ProviderMessage("assistant", "", tool_calls=(_call("call.1/é" + "z" * 60),)),
        ProviderMessage("tool", "A", tool_call_id="call.1/é" + "z" * 60),
    ),
}


def adapters() -> list[tuple[str, Any]]:
    """One adapter per preset (at the preset's own URL, with its dialect) and per bare kind."""
    out = []
    classes = {
        "openai": OpenAICompatibleProvider,
        "anthropic": AnthropicProvider,
        "gemini": GeminiProvider,
        "ollama": OllamaProvider,
    }
    for preset in PRESETS:
        cls = classes[preset.kind]
        dialect = dialect_for(preset.kind, preset.base_url, preset.name)
        out.append((preset.name, cls(preset.base_url, "k", "model-x", dialect=dialect)))
    out.append(("vllm-no-preset", OpenAICompatibleProvider("http://10.0.0.5:8000/v1", None, "m")))
    return out


ADAPTERS = adapters()


def request_for(shape: str) -> ChatRequest:
    return ChatRequest(
        model="", messages=SHAPES[shape], max_tokens=64, temperature=0.2, tools=TOOLS
    )


def vendor_violations(name: str, provider: Any, body: dict) -> list[str]:
    if provider.kind == "anthropic":
        from anthropic.types.message_create_params import MessageCreateParamsStreaming

        return violations(body, MessageCreateParamsStreaming)
    if provider.kind == "ollama":
        from ollama._types import ChatRequest as OllamaChatRequest

        return violations(body, OllamaChatRequest)
    if provider.kind == "gemini":
        from google.genai import types

        out = [f"$.{k}: not a request field" for k in body if k not in _GEMINI_REQUEST]
        for i, content in enumerate(body["contents"]):
            out += violations(content, types.Content, f"$.contents[{i}]")
        if "systemInstruction" in body:
            out += violations(body["systemInstruction"], types.Content, "$.systemInstruction")
        for i, tool in enumerate(body.get("tools", [])):
            out += violations(tool, types.Tool, f"$.tools[{i}]")
        if "generationConfig" in body:
            out += violations(body["generationConfig"], types.GenerationConfig, "$.gen")
        return out
    if provider.dialect.name == "mistral":
        from mistralai.client.models import ChatCompletionStreamRequest

        return violations(body, ChatCompletionStreamRequest)
    from openai.types.chat.completion_create_params import CompletionCreateParamsStreaming

    return violations(body, CompletionCreateParamsStreaming)


# The top-level fields of Gemini's GenerateContentRequest that the adapter may send (the SDK
# has no type for the REST body itself; each field's value is checked with the SDK's type).
_GEMINI_REQUEST = {"contents", "systemInstruction", "tools", "generationConfig"}


def wire_ids(provider: Any, body: dict) -> tuple[list[str], list[str]]:
    """(call ids, result ids) in the order the body carries them."""
    calls: list[str] = []
    results: list[str] = []
    if provider.kind == "anthropic":
        for message in body["messages"]:
            for block in message["content"]:
                if block["type"] == "tool_use":
                    calls.append(block["id"])
                elif block["type"] == "tool_result":
                    results.append(block["tool_use_id"])
    elif provider.kind == "gemini":
        return calls, results  # matched by name; ids only for Gemini's own calls
    else:
        for message in body["messages"]:
            calls += [c["id"] for c in message.get("tool_calls") or []]
            if message["role"] == "tool":
                results.append(message["tool_call_id"])
    return calls, results


@pytest.mark.parametrize("shape", sorted(SHAPES))
@pytest.mark.parametrize("name,provider", ADAPTERS, ids=[n for n, _ in ADAPTERS])
def test_every_rendered_body_passes_the_vendors_own_types(
    name: str, provider: Any, shape: str
) -> None:
    body = provider.render_request(request_for(shape))
    assert vendor_violations(name, provider, body) == []
    calls, results = wire_ids(provider, body)
    rule = provider.dialect.ids
    assert all(rule.accepts(i) for i in calls + results), (rule.name, calls, results)
    assert set(results) <= set(calls)  # every result answers a call, under the call's id
    assert len(set(calls)) == len(calls)


def test_every_preset_has_an_explicit_dialect_of_its_kind() -> None:
    assert set(PRESET_DIALECTS) == {p.name for p in PRESETS}
    for preset in PRESETS:
        assert (
            dialect_for(preset.kind, preset.base_url, preset.name) is PRESET_DIALECTS[preset.name]
        )
        # The host alone gives the same dialect (an entry made before presets existed).
        assert dialect_for(preset.kind, preset.base_url) is PRESET_DIALECTS[preset.name]


@pytest.mark.parametrize("name,provider", ADAPTERS, ids=[n for n, _ in ADAPTERS])
def test_optional_fields_and_token_limit_per_dialect(name: str, provider: Any) -> None:
    body = provider.render_request(request_for("plain"))
    if provider.kind != "openai":
        return
    assert ("stream_options" in body) == (name != "mistral")
    if name == "openai":
        assert body["max_completion_tokens"] == 64 and "max_tokens" not in body
    else:
        assert body["max_tokens"] == 64 and "max_completion_tokens" not in body


def test_the_old_bodies_break_the_vendor_types() -> None:
    # What issue 14 found, shown against the same types: stream_options is not in Mistral's
    # request model, and Ollama's has no field for additionalProperties or minimum.
    from mistralai.client.models import ChatCompletionStreamRequest
    from ollama._types import ChatRequest as OllamaChatRequest

    body = {
        "model": "m",
        "messages": [{"role": "user", "content": "x"}],
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    assert violations(body, ChatCompletionStreamRequest) == [
        "$.stream_options: unknown field of ChatCompletionStreamRequest"
    ]
    tool = {"type": "function", "function": {"name": "f", "parameters": dict(TOOLS[0].parameters)}}
    tool["function"]["parameters"]["properties"] = {"n": {"type": "integer", "minimum": 1}}
    problems = violations({"model": "m", "tools": [tool]}, OllamaChatRequest)
    assert any("additionalProperties" in p for p in problems)
    assert any("minimum" in p for p in problems)


def test_anthropic_is_told_a_tool_failed() -> None:
    body = AnthropicProvider("https://api.anthropic.com/v1", "k", "c").render_request(
        request_for("tool error")
    )
    result = body["messages"][-1]["content"][0]
    assert result["type"] == "tool_result" and result["is_error"] is True
    ok = AnthropicProvider("https://api.anthropic.com/v1", "k", "c").render_request(
        request_for("tool loop")
    )
    assert all("is_error" not in b for m in ok["messages"] for b in m["content"])


def test_gemini_reads_a_failed_tool_as_an_error() -> None:
    body = GeminiProvider("https://g.example/v1beta", "k", "g").render_request(
        request_for("tool error")
    )
    response = body["contents"][-1]["parts"][0]["functionResponse"]
    assert response["response"] == {"error": "No such file: x"}


def test_ollama_keeps_dropped_schema_keywords_in_the_description() -> None:
    body = OllamaProvider("http://localhost:11434", None, "m").render_request(request_for("plain"))
    parameters = body["tools"][0]["function"]["parameters"]
    assert "additionalProperties" not in parameters
    assert parameters["required"] == ["path"]
    path, limit = parameters["properties"]["path"], parameters["properties"]["limit"]
    assert path == {
        "type": "string",
        "description": 'Where (schema: {"format": "uri-reference"})',
    }
    assert limit == {"type": "integer", "description": '(schema: {"maximum": 500, "minimum": 1})'}


# -- ids: each rule, derived ids, and the provider's own id going back -----------------------------


@pytest.mark.parametrize(
    "rule,good,bad",
    [
        (
            MISTRAL_IDS,
            ["D681PevKs", "abcdefghi"],
            ["call-1", "abcdefgh", "abcdefghij", "abc_efghi"],
        ),
        (OPENAI_IDS, ["call_abc", "x" * 40, mint_call_id()], ["x" * 41, ""]),
        (ANTHROPIC_IDS, ["toolu_01A-b", mint_call_id()], ["call.1", "a b", "é", ""]),
    ],
    ids=["mistral", "openai", "anthropic"],
)
def test_each_id_rule_and_its_derived_ids(rule: Any, good: list[str], bad: list[str]) -> None:
    assert all(rule.accepts(i) for i in good)
    assert not any(rule.accepts(i) for i in bad)
    for local in [mint_call_id() for _ in range(200)] + bad:
        derived = rule.derive(local)
        assert rule.accepts(derived), derived
        assert derived == rule.derive(local)  # deterministic: same id on every request
    derived = {rule.derive(mint_call_id()) for _ in range(2000)}
    assert len(derived) == 2000


def test_the_providers_own_id_goes_back_only_to_the_endpoint_that_gave_it() -> None:
    mistral = OpenAICompatibleProvider(
        "https://api.mistral.ai/v1", "k", "m", dialect=dialect_for("openai", "", "mistral")
    )
    origin = mistral.id_origin
    assert origin == origin_of("openai", "https://api.mistral.ai/v1/")
    messages = (
        ProviderMessage("user", "Read"),
        ProviderMessage(
            "assistant",
            "",
            tool_calls=(
                _call(LOCAL_A, provider_call_id="D681PevKs", provider_origin=origin),
                _call(LOCAL_B, provider_call_id="Zq9rT5vW1", provider_origin=OTHER),
            ),
        ),
        ProviderMessage("tool", "A", tool_call_id=LOCAL_A),
        ProviderMessage("tool", "B", tool_call_id=LOCAL_B),
    )
    body = mistral.render_request(ChatRequest("m", messages))
    calls, results = wire_ids(mistral, body)
    assert calls[0] == "D681PevKs"  # Mistral's own id, back to Mistral
    assert calls[1] == MISTRAL_IDS.derive(LOCAL_B)  # another endpoint's id is not sent here
    assert results == calls
    ids = WireIds(mistral.dialect, origin, messages)
    assert ids.for_result(LOCAL_A) == "D681PevKs"


def test_gemini_and_ollama_get_their_own_ids_back_and_no_one_elses() -> None:
    from google.genai import types

    gemini = GeminiProvider("https://g.example/v1beta", "k", "g")
    ollama = OllamaProvider("http://localhost:11434", None, "m")
    for provider in (gemini, ollama):
        messages = (
            ProviderMessage("user", "Read"),
            ProviderMessage(
                "assistant",
                "",
                tool_calls=(
                    _call(LOCAL_A, provider_call_id="own-1", provider_origin=provider.id_origin),
                    _call(LOCAL_B, provider_call_id="theirs-2", provider_origin=OTHER),
                ),
            ),
            ProviderMessage("tool", "A", tool_call_id=LOCAL_A),
            ProviderMessage("tool", "B", tool_call_id=LOCAL_B, is_error=True),
        )
        body = provider.render_request(ChatRequest("m", messages))
        if provider is gemini:
            calls = [p["functionCall"] for p in body["contents"][1]["parts"]]
            responses = [p["functionResponse"] for p in body["contents"][2]["parts"]]
            assert [c.get("id") for c in calls] == ["own-1", None]
            assert [r.get("id") for r in responses] == ["own-1", None]
            assert [r["response"] for r in responses] == [{"result": "A"}, {"error": "B"}]
            for content in body["contents"]:
                assert violations(content, types.Content) == []
        else:
            calls = [c["id"] for c in body["messages"][1]["tool_calls"]]
            assert calls == ["own-1", LOCAL_B]
            assert [m["tool_call_id"] for m in body["messages"][2:]] == calls


def test_the_log_keeps_the_providers_id_and_render_carries_it_and_the_failure() -> None:
    # Old records (without the new fields) still read; new ones round-trip.
    old = from_payload("tool_call", {"call_id": LOCAL_A, "tool": "read_file", "arguments": {}})
    assert isinstance(old, ToolCall) and (old.provider_call_id, old.provider_origin) == ("", "")
    call = ToolCall(
        LOCAL_A, "read_file", {"path": "a"}, provider_call_id="D681PevKs", provider_origin=OTHER
    )
    assert from_payload("tool_call", to_payload(call)) == call
    events = [
        TurnStarted(provider_id="p", model="m"),
        UserMessage("Read"),
        call,
        ToolResult(LOCAL_A, "No such file", False),
    ]
    stored = [StoredEvent(i, "t", "s", "turn", e) for i, e in enumerate(events, 1)]
    request = render_chat_request(stored, current_turn_id="turn", model="m")
    assistant, result = request.messages[1], request.messages[2]
    (rendered,) = assistant.tool_calls
    assert (rendered.call_id, rendered.provider_call_id, rendered.provider_origin) == (
        LOCAL_A,
        "D681PevKs",
        OTHER,
    )
    assert (result.tool_call_id, result.is_error) == (LOCAL_A, True)


# -- item 15 at the adapter: the events before a bad line are delivered, at once -------------------


BAD_AFTER_GOOD = {
    "openai": (
        "text/event-stream",
        b'data: {"choices":[{"index":0,"delta":{"content":"Hel"}}]}\n\n'
        b'data: {"choices":[{"index":0,"delta":{"content":"lo"}}]}\n\n'
        b": \xff\n\n",
    ),
    "ollama": (
        "application/x-ndjson",
        b'{"message":{"role":"assistant","content":"Hel"},"done":false}\n'
        b'{"message":{"role":"assistant","content":"lo"},"done":false}\n'
        b'{"message":{"content":"caf\xe9"}}\n',
    ),
}


@pytest.mark.parametrize("kind", sorted(BAD_AFTER_GOOD))
def test_text_before_a_bad_line_in_the_same_read_is_delivered_then_the_error(kind: str) -> None:
    content_type, chunk = BAD_AFTER_GOOD[kind]
    head = (
        f"HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    ).encode()
    done = threading.Event()

    def script(send, sleep):  # type: ignore[no-untyped-def]
        send(head + b"%x\r\n%s\r\n" % (len(chunk), chunk))
        while not done.is_set():  # then silence, the connection held open
            sleep(0.05)

    with ScriptedServer(script) as server:
        provider: Any = (
            OpenAICompatibleProvider(f"{server.url}/v1", None, "m", read_timeout=30)
            if kind == "openai"
            else OllamaProvider(server.url, None, "m", read_timeout=30)
        )
        texts: list[str] = []
        error: Exception | None = None
        try:
            for delta in provider.stream(ChatRequest("m", SHAPES["plain"]), threading.Event()):
                if isinstance(delta, TextDelta):
                    texts.append(delta.text)
        except Exception as exc:
            error = exc
        finally:
            done.set()
    assert "".join(texts) == "Hello"
    # The stream error itself, raised now, not a stall after the read timeout.
    assert isinstance(error, ProviderStreamError) and "not valid UTF-8" in str(error)

"""The four wire formats, described just enough to script a provider's side of a conversation.

Why it exists: the fault matrix (tests/integration/test_fault_matrix.py) and the CLI tests run the
same cases against every adapter. Each case needs, per provider kind, the same few things: where
the adapter POSTs, what a complete stream looks like, the same stream cut short, the stream with
the provider's own in-stream error object, and an error body in the provider's envelope. Keeping
those here, one ``WireFormat`` per kind, lets a test say *what* happens ("the stream stops after
the first piece") and leave *how each provider spells it* to this module.

Shapes follow the recorded fixtures (tests/fixtures/providers/, see PROVENANCE.md):

- ``openai`` — ``openai-chat-text-include-usage.sse``: a role chunk, one chunk per piece, a
  ``finish_reason`` chunk, a usage chunk with ``choices: []``, then ``data: [DONE]``. In-stream
  error: a ``data:`` chunk ``{"error": {...}}`` (OpenAI's shape; ``type: server_error``);
- ``anthropic`` — ``anthropic-text.sse``: ``message_start`` (input usage), ``content_block_start``,
  a ``ping``, one ``text_delta`` per piece, ``content_block_stop``, ``message_delta`` (stop
  reason, output usage), ``message_stop``. In-stream error: ``event: error`` with an
  ``overloaded_error`` (the documented event; EDGE_CASES.md §2);
- ``ollama`` — ``ollama-chat-stream.ndjson``: one ``done: false`` line per piece, then a
  ``done: true`` line with ``done_reason`` and the counters. In-stream error: a bare
  ``{"error": "..."}`` line (``ollama-generate-stream-midstream-error.docs-example.ndjson``);
- ``gemini`` — ``gemini-sse-text.sse``: CRLF-separated ``data:`` events, each a whole
  ``GenerateContentResponse``; the last carries ``finishReason: STOP`` and the full usage. There
  is no terminator: a stream is complete when a finish reason was seen. In-stream error:
  ``{"error": {"code": 503, "status": "UNAVAILABLE", ...}}``.

"Cut" bodies end after the first text piece, without the provider's terminator (no ``[DONE]``,
no ``message_stop``, no ``done: true`` line, no ``finishReason``), but at an event boundary.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parley.application.ports.chat_provider import ChatProvider
from parley.infrastructure.providers.anthropic import AnthropicProvider
from parley.infrastructure.providers.gemini import GeminiProvider
from parley.infrastructure.providers.ollama import OllamaProvider
from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider
from tests.support.sse_server import openai_text_stream

#: Token counts the complete streams report unless told otherwise (input, output).
DEFAULT_USAGE = (11, 7)


@dataclass(frozen=True)
class WireFormat:
    """One provider kind as seen from the server side (see the module docstring)."""

    kind: str
    #: The adapter class (``cls(base_url, api_key=..., default_model=..., ...)``).
    adapter_class: type
    #: Appended to the server's root URL to make the provider's base URL.
    base_path: str
    #: The request path for a model (query string included), relative to the server root.
    request_path: Callable[[str], str]
    #: The Content-Type a streaming answer has (as the recordings show).
    content_type: str
    #: A complete, properly ended stream of the given text pieces, with usage (input, output).
    stream: Callable[[Sequence[str], tuple[int, int]], bytes]
    #: The same stream cut after the first text piece: no terminator, no usage at the end.
    cut_after_first: Callable[[Sequence[str]], bytes]
    #: A 200 stream that carries ``text_before`` (possibly none), then the provider's own in-stream
    #: error object with ``message`` (a transient one where the provider has such a kind).
    error_stream: Callable[[Sequence[str], str], bytes]
    #: A non-2xx body in the provider's error envelope for (status, message, code).
    error_body: Callable[[int, str, str], bytes]
    #: The header that carries the API key, and how its value is spelled for a key.
    key_header: tuple[str, Callable[[str], str]]
    method: str = "POST"

    def base_url(self, server_url: str) -> str:
        return server_url.rstrip("/") + self.base_path

    def adapter(
        self, server_url: str, *, api_key: str | None = None, model: str = "m", **kw: Any
    ) -> ChatProvider:
        """The adapter pointed at a local server (``kw``: timeouts, poll interval, session)."""
        provider: ChatProvider = self.adapter_class(
            self.base_url(server_url), api_key=api_key, default_model=model, **kw
        )
        return provider


def _json(payload: Any) -> str:
    return json.dumps(payload, ensure_ascii=False)


# -- openai ---------------------------------------------------------------------------------------


def _openai_chunk(delta: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fault",
        "object": "chat.completion.chunk",
        "created": 1755691077,
        "model": "test-model",
        "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": None}],
        "usage": None,
    }


def _openai_events(payloads: Sequence[dict[str, Any]]) -> bytes:
    return "".join(f"data: {_json(p)}\n\n" for p in payloads).encode("utf-8")


def _openai_stream(pieces: Sequence[str], usage: tuple[int, int] = DEFAULT_USAGE) -> bytes:
    return openai_text_stream(list(pieces), model="test-model", usage=usage)


def _openai_cut(pieces: Sequence[str]) -> bytes:
    role = _openai_chunk({"role": "assistant", "content": "", "refusal": None})
    return _openai_events([role, _openai_chunk({"content": pieces[0]})])


def _openai_error_stream(text_before: Sequence[str], message: str) -> bytes:
    role = _openai_chunk({"role": "assistant", "content": "", "refusal": None})
    texts = [_openai_chunk({"content": piece}) for piece in text_before]
    error = {"error": {"message": message, "type": "server_error", "param": None, "code": None}}
    return _openai_events([role, *texts, error])


def _openai_error_body(status: int, message: str, code: str = "") -> bytes:
    if code == "insufficient_quota":
        kind = "insufficient_quota"  # OpenAI repeats the code as the type
    elif status == 429:
        kind = "requests"
    elif status >= 500:
        kind = "server_error"
    else:
        kind = "invalid_request_error"
    error = {"message": message, "type": kind, "param": None, "code": code or None}
    return _json({"error": error}).encode("utf-8")


# -- anthropic ------------------------------------------------------------------------------------


def _anthropic_event(name: str, payload: dict[str, Any]) -> str:
    return f"event: {name}\ndata: {_json(payload)}\n\n"


def _anthropic_head(input_tokens: int) -> list[str]:
    message = {
        "model": "test-model",
        "id": "msg_fault",
        "type": "message",
        "role": "assistant",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {
            "input_tokens": input_tokens,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
            "output_tokens": 1,
        },
    }
    return [_anthropic_event("message_start", {"type": "message_start", "message": message})]


def _anthropic_text_block(pieces: Sequence[str]) -> list[str]:
    start = {
        "type": "content_block_start",
        "index": 0,
        "content_block": {"type": "text", "text": ""},
    }
    events = [_anthropic_event("content_block_start", start)]
    events.append(_anthropic_event("ping", {"type": "ping"}))
    for piece in pieces:
        delta = {"type": "text_delta", "text": piece}
        events.append(
            _anthropic_event(
                "content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}
            )
        )
    return events


def _anthropic_stream(pieces: Sequence[str], usage: tuple[int, int] = DEFAULT_USAGE) -> bytes:
    input_tokens, output_tokens = usage
    events = _anthropic_head(input_tokens) + _anthropic_text_block(pieces)
    events.append(
        _anthropic_event("content_block_stop", {"type": "content_block_stop", "index": 0})
    )
    delta = {
        "type": "message_delta",
        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
        "usage": {
            "input_tokens": input_tokens,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
            "output_tokens": output_tokens,
        },
    }
    events.append(_anthropic_event("message_delta", delta))
    events.append(_anthropic_event("message_stop", {"type": "message_stop"}))
    return "".join(events).encode("utf-8")


def _anthropic_cut(pieces: Sequence[str]) -> bytes:
    events = _anthropic_head(DEFAULT_USAGE[0]) + _anthropic_text_block(pieces[:1])
    return "".join(events).encode("utf-8")


def _anthropic_error_stream(text_before: Sequence[str], message: str) -> bytes:
    events = _anthropic_head(DEFAULT_USAGE[0])
    if text_before:
        events += _anthropic_text_block(text_before)
    error = {
        "type": "error",
        "error": {"details": None, "type": "overloaded_error", "message": message},
        "request_id": "req_fault",
    }
    events.append(_anthropic_event("error", error))
    return "".join(events).encode("utf-8")


_ANTHROPIC_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


def _anthropic_error_body(status: int, message: str, code: str = "") -> bytes:
    default = "api_error" if status >= 500 else "invalid_request_error"
    error: dict[str, Any] = {
        "type": _ANTHROPIC_ERROR_TYPES.get(status, default),
        "message": message,
    }
    if code:
        # Where Anthropic names why a 429 is final (EDGE_CASES.md §2).
        error["details"] = {"error_code": code}
    return _json({"type": "error", "error": error, "request_id": "req_fault"}).encode("utf-8")


# -- ollama ---------------------------------------------------------------------------------------


def _ollama_line(content: str, **extra: Any) -> str:
    payload = {
        "model": "test-model",
        "created_at": "2025-08-20T13:48:24.316155Z",
        "message": {"role": "assistant", "content": content},
        "done": False,
        **extra,
    }
    return _json(payload) + "\n"


def _ollama_stream(pieces: Sequence[str], usage: tuple[int, int] = DEFAULT_USAGE) -> bytes:
    prompt, output = usage
    lines = [_ollama_line(piece) for piece in pieces]
    final = {
        "done_reason": "stop",
        "done": True,
        "total_duration": 171946792,
        "load_duration": 38473250,
        "prompt_eval_count": prompt,
        "prompt_eval_duration": 27608250,
        "eval_count": output,
        "eval_duration": 105611917,
    }
    lines.append(_ollama_line("", **final))
    return "".join(lines).encode("utf-8")


def _ollama_cut(pieces: Sequence[str]) -> bytes:
    return _ollama_line(pieces[0]).encode("utf-8")


def _ollama_error_stream(text_before: Sequence[str], message: str) -> bytes:
    lines = [_ollama_line(piece) for piece in text_before]
    lines.append(_json({"error": message}) + "\n")
    return "".join(lines).encode("utf-8")


def _ollama_error_body(status: int, message: str, code: str = "") -> bytes:
    # Ollama's envelope has no code: only the message travels (``code`` is dropped).
    return _json({"error": message}).encode("utf-8")


# -- gemini ---------------------------------------------------------------------------------------


def _gemini_event(payload: dict[str, Any]) -> str:
    return f"data: {_json(payload)}\r\n\r\n"


def _gemini_chunk(text: str, prompt: int, output: int | None, finish: bool) -> dict[str, Any]:
    candidate: dict[str, Any] = {"content": {"parts": [{"text": text}], "role": "model"}}
    if finish:
        candidate["finishReason"] = "STOP"
    usage: dict[str, Any] = {"promptTokenCount": prompt}
    if output is not None:
        usage["candidatesTokenCount"] = output
        usage["totalTokenCount"] = prompt + output
    else:
        usage["totalTokenCount"] = prompt
    return {
        "candidates": [candidate],
        "usageMetadata": usage,
        "modelVersion": "test-model",
        "responseId": "fault",
    }


def _gemini_stream(pieces: Sequence[str], usage: tuple[int, int] = DEFAULT_USAGE) -> bytes:
    prompt, output = usage
    last = len(pieces) - 1
    events = [
        _gemini_event(_gemini_chunk(p, prompt, output if i == last else None, finish=i == last))
        for i, p in enumerate(pieces)
    ]
    return "".join(events).encode("utf-8")


def _gemini_cut(pieces: Sequence[str]) -> bytes:
    return _gemini_event(_gemini_chunk(pieces[0], DEFAULT_USAGE[0], None, finish=False)).encode(
        "utf-8"
    )


def _gemini_error_stream(text_before: Sequence[str], message: str) -> bytes:
    events = [_gemini_event(_gemini_chunk(p, DEFAULT_USAGE[0], None, False)) for p in text_before]
    events.append(
        _gemini_event({"error": {"code": 503, "message": message, "status": "UNAVAILABLE"}})
    )
    return "".join(events).encode("utf-8")


_GOOGLE_STATUSES = {
    400: "INVALID_ARGUMENT",
    401: "UNAUTHENTICATED",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    408: "DEADLINE_EXCEEDED",
    409: "ABORTED",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    502: "UNAVAILABLE",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
}


def _gemini_error_body(status: int, message: str, code: str = "") -> bytes:
    # Google's envelope (gemini-error-403.json): numeric code, message, RPC status. It has no
    # field for a provider code such as insufficient_quota, so ``code`` is dropped.
    rpc = _GOOGLE_STATUSES.get(status, "UNKNOWN")
    return _json({"error": {"code": status, "message": message, "status": rpc}}).encode("utf-8")


# -- the table ------------------------------------------------------------------------------------


WIRE_FORMATS: Mapping[str, WireFormat] = {
    "openai": WireFormat(
        kind="openai",
        adapter_class=OpenAICompatibleProvider,
        base_path="/v1",
        request_path=lambda model: "/v1/chat/completions",
        content_type="text/event-stream; charset=utf-8",
        stream=_openai_stream,
        cut_after_first=_openai_cut,
        error_stream=_openai_error_stream,
        error_body=_openai_error_body,
        key_header=("Authorization", lambda key: f"Bearer {key}"),
    ),
    "anthropic": WireFormat(
        kind="anthropic",
        adapter_class=AnthropicProvider,
        base_path="/v1",
        request_path=lambda model: "/v1/messages",
        content_type="text/event-stream; charset=utf-8",
        stream=_anthropic_stream,
        cut_after_first=_anthropic_cut,
        error_stream=_anthropic_error_stream,
        error_body=_anthropic_error_body,
        key_header=("x-api-key", lambda key: key),
    ),
    "ollama": WireFormat(
        kind="ollama",
        adapter_class=OllamaProvider,
        base_path="",
        request_path=lambda model: "/api/chat",
        content_type="application/x-ndjson",
        stream=_ollama_stream,
        cut_after_first=_ollama_cut,
        error_stream=_ollama_error_stream,
        error_body=_ollama_error_body,
        key_header=("Authorization", lambda key: f"Bearer {key}"),
    ),
    "gemini": WireFormat(
        kind="gemini",
        adapter_class=GeminiProvider,
        base_path="/v1beta",
        request_path=lambda model: f"/v1beta/models/{model}:streamGenerateContent?alt=sse",
        content_type="text/event-stream",
        stream=_gemini_stream,
        cut_after_first=_gemini_cut,
        error_stream=_gemini_error_stream,
        error_body=_gemini_error_body,
        key_header=("x-goog-api-key", lambda key: key),
    ),
}

KINDS = tuple(WIRE_FORMATS)

"""The ``ChatProvider`` for Google's Gemini API (``streamGenerateContent`` with ``alt=sse``).

Why it exists: Gemini does not speak the Chat Completions format. A request is
``POST {base_url}/models/{model}:streamGenerateContent?alt=sse`` with ``contents`` made of
``parts``; the answer is a stream of whole ``GenerateContentResponse`` objects with no terminator.
This adapter turns that wire format into the port's typed deltas and keeps every Gemini quirk on
this side of the port (tests/fixtures/providers/EDGE_CASES.md §4).

Invariants it keeps:

- the API key travels only in the ``x-goog-api-key`` header, never in the URL or a message;
- bytes from the socket go straight to ``SSEParser`` (Gemini sends bare ``text/event-stream``, no
  charset, and separates events with CRLF CRLF); ``requests`` never decodes text;
- the stream has no terminator, so ``stream`` returns normally only when the body ended *after* a
  candidate ``finishReason`` (or a ``promptFeedback.blockReason``) was seen, or after ``cancel``
  was set. A body that ends without either raises ``IncompleteStreamError``;
- ``functionCall`` parts arrive whole; each gets its own ``ToolCallDelta.index`` (0, 1, … across
  the stream) and its arguments in one fragment. A step with any call finishes as ``tool_calls``
  even though Gemini says ``STOP``;
- ``thought: true`` parts are reasoning (block index 0), never answer text. A ``thoughtSignature``
  is passed on unchanged: on a ``functionCall`` part as ``ToolCallDelta.signature``, on any other
  part as ``ReasoningDelta.signature``;
- a stop for safety (or any reason other than STOP/MAX_TOKENS) with no answer is never silent: a
  ``RefusalDelta`` says what Gemini did, and a blocked prompt likewise;
- ``usageMetadata`` repeats on every chunk; one ``UsageDelta`` with the last figures (field by
  field: a later chunk's figure wins) is yielded when the body ends, also before an
  ``IncompleteStreamError``;
- ``cancel`` is honoured within ``poll_interval`` even while the server is silent, and silence
  longer than ``read_timeout`` raises ``ProviderTimeout`` (``StreamingHTTPCall``, shared with the
  other adapters).

The constructor, the headers, the read loop of ``stream`` and the GET behind ``list_models`` are
``StreamingAdapter`` 's (``infrastructure.providers.http_stream``, shared by the four adapters);
this module supplies the model URL, the request body, the JSON-array refusal, the ``RetryInfo``
reading of a 429, ``GeminiStreamTranslator`` and what makes a terminator-less answer complete.

Rendering the request (``render_request``): user → role ``user``, assistant → role ``model``,
system messages → ``systemInstruction``; assistant tool calls → ``functionCall`` parts carrying
their ``thoughtSignature``; tool results → ``functionResponse`` parts (role ``user``) named after
the call they answer. Images on a user message become ``{"inlineData": {"mimeType", "data"}}``
parts before its text part. Consecutive messages of one role merge into one content (Gemini wants
the roles to alternate, and parallel tool results in one turn). Empty text parts are left out
(the API rejects them). Reasoning blocks from other providers are left out; Gemini's own come back
only as their signature; where it goes, and why, is told in ``model_parts``. Tools go out as
``tools: [{"functionDeclarations": [{"name", "description", "parameters"}]}]`` (only when there
is at least one; no ``toolConfig``, so the mode stays ``AUTO``), each schema passed through
``gemini_schema``: Gemini's ``Schema`` is an OpenAPI 3.0 subset and refuses the rest of JSON
Schema (see ``GEMINI_SCHEMA_FIELDS``). A tool whose schema has no properties is declared without
``parameters``.

The JSON-array form of ``streamGenerateContent`` (no ``alt=sse``; ``application/json``,
fixture ``gemini-stream-json-array-tools.json``) is never asked for. If a server sends it anyway
(a proxy that drops the query string, say), ``stream`` raises a ``ProviderStreamError`` naming the
content type rather than parsing garbage or reporting a vague cut-off.

How failures surface (all from ``stream``; ``list_models`` raises the same, minus the stream ones)::

    ProviderError                 a tool result whose call is not in the history (cannot be named)
     +-- ProviderConfigError      no model, a base URL that is not http(s), a key that cannot be
     |                            sent as a header
     +-- ProviderConnectionError  refused, DNS, TLS, connect timeout, or dropped before any byte
     +-- ProviderTimeout          no byte for ``read_timeout`` seconds (before or during the body)
     +-- ProviderHTTPError        non-2xx status (``http_error_from_response``: Google's
     |                            ``error.status`` is the code); a 429 whose body carries a
     |                            ``RetryInfo`` is a retryable ``RateLimitedError`` with that delay
     +-- ProviderStreamError      ``{"error": ...}`` inside the stream (kind from its status:
     |                            RESOURCE_EXHAUSTED → rate_limited, UNAVAILABLE → overloaded, …),
     |                            an event that is not JSON, bytes that are not UTF-8, a JSON body
     |                            where an event stream was expected
     +-- IncompleteStreamError    the body ended (or broke) before a finishReason
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any
from urllib.parse import quote

from parley.application.ports.chat_provider import (
    ChatRequest,
    Delta,
    FinishDelta,
    ProviderError,
    ProviderHTTPError,
    ProviderMessage,
    ProviderStreamError,
    QuotaExceededError,
    RateLimitedError,
    ReasoningDelta,
    RefusalDelta,
    TextDelta,
    ToolCallDelta,
    ToolSpec,
    UsageDelta,
)
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import Usage, thaw
from parley.domain.usage.context_windows import ModelWindow
from parley.infrastructure.providers.dialects import GEMINI
from parley.infrastructure.providers.http_stream import (
    NO_DETAILS,
    STREAM_ERROR,
    HTTPHead,
    StreamingAdapter,
    clip_message,
    error_message_from_payload,
    host_of,
    http_error_from_response,
    sampling_options,
    token_count,
)
from parley.infrastructure.providers.model_windows import window_from_gemini
from parley.infrastructure.providers.sse import SSEEvent, SSEParser

#: ``kind`` of the ``ReasoningBlock`` s this adapter sends back (and the runtime stores).
PROVIDER_KIND = "gemini"

#: Gemini ``finishReason`` → the port's finish reason. Anything else is passed on lower-cased.
FINISH_REASONS: Mapping[str, str] = {
    "STOP": "stop",
    "MAX_TOKENS": "length",
    "SAFETY": "content_filter",
    "RECITATION": "content_filter",
    "BLOCKLIST": "content_filter",
    "PROHIBITED_CONTENT": "content_filter",
    "SPII": "content_filter",
    "IMAGE_SAFETY": "content_filter",
    "MALFORMED_FUNCTION_CALL": "malformed_function_call",
}

#: Finish reasons that explain themselves even with no answer (the runtime adds a notice for
#: ``length``); every other reason with no answer gets a ``RefusalDelta`` saying what happened.
_SELF_EXPLAINING = frozenset({"STOP", "MAX_TOKENS"})

#: Google RPC status of an error object inside the stream → ``ProviderStreamError.kind``.
STREAM_ERROR_KINDS: Mapping[str, str] = {
    "RESOURCE_EXHAUSTED": "rate_limited",
    "UNAVAILABLE": "overloaded",
    "INTERNAL": "server_error",
    "DEADLINE_EXCEEDED": "server_error",
    "INVALID_ARGUMENT": "bad_request",
    "FAILED_PRECONDITION": "bad_request",
    "PERMISSION_DENIED": "permission",
    "UNAUTHENTICATED": "auth",
    "NOT_FOUND": "not_found",
}

#: Methods a model must support to be offered by ``list_models``.
_CHAT_METHODS = frozenset({"generateContent", "streamGenerateContent"})
#: ``list_models`` stops (with an error) after this many pages; Google sends one or two.
MAX_MODEL_PAGES = 50


# -- the adapter ---------------------------------------------------------------------------------


class GeminiProvider(StreamingAdapter):
    """``ChatProvider`` for ``POST {base_url}/models/{model}:streamGenerateContent?alt=sse``."""

    kind = "gemini"
    example_base_url = "https://generativelanguage.googleapis.com/v1beta"
    api_key_header = "x-goog-api-key"
    api_key_prefix = ""
    early_end = QT_TRANSLATE_NOOP(
        "ProviderError",
        "before Gemini said it was finished (no finishReason); it may be cut short",
    )

    def list_models(self) -> list[str]:
        """Model names from ``GET {base_url}/models`` (every page), without the ``models/``
        prefix, keeping only those that support ``generateContent``; in the server's order."""
        names: list[str] = []
        token = ""
        seen_tokens: set[str] = set()
        for _page in range(MAX_MODEL_PAGES):
            params = {"pageSize": "1000"}
            if token:
                params["pageToken"] = token
            payload, body = self._get_json("models", params)
            if not isinstance(payload, dict):
                raise self._not_a_model_list("models", body)
            models = payload.get("models", [])
            if not isinstance(models, list):
                raise self._not_a_model_list("models")
            names.extend(_chat_model_names(models))
            token = payload.get("nextPageToken") or ""
            if not isinstance(token, str) or not token:
                return names
            if token in seen_tokens:
                raise ProviderError(
                    f"{host_of(self._base_url)} sent the same model-list page token twice; "
                    "stopped reading"
                )
            seen_tokens.add(token)
        raise ProviderError(
            f"{host_of(self._base_url)} sent more than {MAX_MODEL_PAGES} pages of models; "
            "stopped reading"
        )

    def _lookup_window(self, model: str) -> ModelWindow | None:
        """``GET {base_url}/models/{model}``: the window is ``inputTokenLimit``, the output limit
        ``outputTokenLimit`` (``model_windows.window_from_gemini`` says why not their sum)."""
        name = model.removeprefix("models/")
        url = self._window_endpoint(f"models/{quote(name, safe='')}")
        return window_from_gemini(self._window_probe().json(url), model)

    # -- the request ---------------------------------------------------------------------------

    def model_for(self, request: ChatRequest) -> str:
        """The model a request runs on: its own, else the provider's default (stripped: it goes
        into the URL, and a blank name counts as none)."""
        model = (request.model or self._default_model).strip()
        if not model:
            raise self._no_model()
        return model

    def stream_url(self, request: ChatRequest) -> str:
        """``{base}/models/{model}:streamGenerateContent?alt=sse`` (never with the key)."""
        model = self.model_for(request)
        # "gemini-2.5-pro" and "models/gemini-2.5-pro" name the same model; a resource name
        # with another collection ("tunedModels/x") is used as is.
        resource = model if "/" in model else f"models/{model}"
        path = quote(resource, safe="/-._~")
        return self._endpoint(f"{path}:streamGenerateContent") + "?alt=sse"

    def render_request(self, request: ChatRequest) -> dict[str, Any]:
        """The JSON body sent for ``request`` (public so tests and logs can show it)."""
        self.model_for(request)
        contents, system = render_contents(request.messages, origin=self.id_origin)
        body: dict[str, Any] = {"contents": contents}
        if system:
            body["systemInstruction"] = {"parts": system}
        if request.tools:
            body["tools"] = [
                {"functionDeclarations": [function_declaration(t) for t in request.tools]}
            ]
        config = sampling_options(request, max_tokens_key=self.dialect.token_limit_field)
        if config:
            body["generationConfig"] = config
        return body

    # -- internals -------------------------------------------------------------------------

    def _translator(self, host: str) -> GeminiStreamTranslator:
        return GeminiStreamTranslator(host)

    def _http_error(
        self, status: int, body: bytes | None, headers: Mapping[str, str], *, reason: str = ""
    ) -> ProviderHTTPError:
        return gemini_http_error(status, body, headers, reason=reason)

    def _check_head(self, host: str, head: HTTPHead) -> None:
        if _is_json_body(head.content_type):
            raise ProviderStreamError(
                f"{host} answered with {head.content_type} where an event stream "
                "(text/event-stream) was expected: that is the JSON-array form of "
                "streamGenerateContent, which Parley does not read. Check that the base URL "
                "points at the Gemini API, or at a proxy that keeps the ?alt=sse query."
            )

    def _end_of_body(
        self, parser: SSEParser, translator: GeminiStreamTranslator
    ) -> tuple[Iterable[Delta], bool]:
        discarded = parser.finish()
        return translator.end(), discarded

    def _complete(self, translator: GeminiStreamTranslator) -> bool:
        return translator.finished


def _is_json_body(content_type: str) -> bool:
    lowered = content_type.lower()
    return "json" in lowered and "event-stream" not in lowered


def _chat_model_names(models: Iterable[Any]) -> Iterator[str]:
    for entry in models:
        if not isinstance(entry, dict):
            continue
        name = entry.get("name")
        methods = entry.get("supportedGenerationMethods")
        if not isinstance(name, str) or not name or not isinstance(methods, list):
            continue
        if _CHAT_METHODS.intersection(m for m in methods if isinstance(m, str)):
            yield name.removeprefix("models/")


# -- rendering ------------------------------------------------------------------------------------


def render_contents(
    messages: Iterable[ProviderMessage], *, origin: str = ""
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``contents`` and the ``systemInstruction`` parts for ``messages`` (see the module
    docstring). Raises ``ProviderError`` for a tool result whose call is not in the history:
    Gemini matches a ``functionResponse`` to its call by name, and there is none to give.

    A call Gemini gave an id at this endpoint (``origin``) goes back with that id, in its
    ``functionCall`` and its ``functionResponse``; other calls carry none (ids are optional, and
    matched by name). A failed tool's result is ``{"error": ...}``, which Gemini reads as the
    tool's failure; a successful one ``{"result": ...}``."""
    contents: list[dict[str, Any]] = []
    system: list[dict[str, Any]] = []
    names_by_call_id: dict[str, str] = {}
    gemini_ids: dict[str, str] = {}

    def add(role: str, parts: list[dict[str, Any]]) -> None:
        if not parts:
            return
        if contents and contents[-1]["role"] == role:
            contents[-1]["parts"].extend(parts)
        else:
            contents.append({"role": role, "parts": parts})

    for message in messages:
        if message.role == "system":
            if message.content:
                system.append({"text": message.content})
        elif message.role == "assistant":
            for call in message.tool_calls:
                names_by_call_id[call.call_id] = call.name
                if origin and call.provider_origin == origin and call.provider_call_id:
                    gemini_ids[call.call_id] = call.provider_call_id
            add("model", model_parts(message, gemini_ids))
        elif message.role == "tool":
            name = names_by_call_id.get(message.tool_call_id or "")
            if name is None:
                raise ProviderError(
                    f"cannot send the conversation to Gemini: a tool result (call "
                    f"{message.tool_call_id!r}) has no matching tool call before it"
                )
            key = (
                "error" if message.is_error and GEMINI.tool_error_flag == "error_key" else "result"
            )
            response: dict[str, Any] = {"name": name, "response": {key: message.content}}
            gemini_id = gemini_ids.get(message.tool_call_id or "")
            if gemini_id:
                response["id"] = gemini_id
            add("user", [{"functionResponse": response}])
        else:  # "user" (and anything unknown is sent as the user's words)
            parts: list[dict[str, Any]] = [
                {"inlineData": {"mimeType": image.media_type, "data": image.data_b64}}
                for image in message.images
                if message.role == "user"
            ]
            if message.content:
                parts.append({"text": message.content})
            add("user", parts)
    return contents, system


#: The fields of Gemini's ``Schema`` object (v1beta, "a select subset of an OpenAPI 3.0 schema
#: object"), as listed in Google's generated reference for ``google.ai.generativelanguage.v1beta.
#: ISchema`` (docs.cloud.google.com/nodejs/docs/reference/generativelanguage/latest). The API parses
#: the request as a protobuf message, so any other key is a 400 "Invalid JSON payload received.
#: Unknown name ...: Cannot find field" — reported for ``additionalProperties``, ``$schema``,
#: ``const``, ``exclusiveMinimum`` and ``propertyNames`` (github.com/openswarm-ai/openswarm
#: issues/24, nanbingxyz/5ire issues/42, zed-industries/zed issues/44875), and a ``type`` list is
#: "Proto field is not repeating" (zed-industries/zed issues/53919). ``default``, ``title`` and
#: ``example`` are fields, so they stay. Two fields take only some values: ``format`` (below) and
#: ``enum``, a list of strings ("Invalid value ... (TYPE_STRING)"; "enum only allowed for STRING
#: type").
GEMINI_SCHEMA_FIELDS = frozenset(
    {
        "type",
        "format",
        "title",
        "description",
        "nullable",
        "enum",
        "maxItems",
        "minItems",
        "properties",
        "required",
        "minProperties",
        "maxProperties",
        "minLength",
        "maxLength",
        "pattern",
        "example",
        "anyOf",
        "propertyOrdering",
        "default",
        "items",
        "minimum",
        "maximum",
    }
)

#: ``format`` values Gemini accepts: "for NUMBER type: float, double; for INTEGER type: int32,
#: int64; for STRING type: enum, date-time" (the ``Schema`` reference); any other is a 400 "only
#: 'enum' and 'date-time' are supported for STRING type" (google-gemini/gemini-cli issues/3178).
GEMINI_FORMATS = frozenset({"float", "double", "int32", "int64", "enum", "date-time"})


def gemini_schema(schema: Any) -> dict[str, Any]:
    """A JSON Schema rewritten in Gemini's ``Schema`` dialect (pure: returns new plain dicts).

    Keys outside ``GEMINI_SCHEMA_FIELDS`` are dropped at every level (``additionalProperties``,
    ``$schema``, ``$ref``/``$defs``, ``oneOf``/``allOf``, ``exclusiveMinimum``, …); property
    names are never filtered, only the schemas under them. A ``type`` list becomes one type plus
    ``nullable`` (``["string", "null"]``), or an ``anyOf`` of the non-null types; a string
    ``const`` becomes a one-value ``enum``; an ``enum`` with a member that is not a string, and a
    ``format`` outside ``GEMINI_FORMATS``, are left out; an ``enum`` without a ``type`` gets
    ``"string"``; an empty ``properties`` is left out (Gemini: "should be non-empty for OBJECT
    type"). Anything that is not an object schema becomes ``{}``.
    """
    if not isinstance(schema, Mapping):
        return {}
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "properties":
            if isinstance(value, Mapping) and value:
                out[key] = {name: gemini_schema(sub) for name, sub in value.items()}
        elif key == "items":
            if isinstance(value, Mapping):  # a list of schemas (tuple typing) has no equivalent
                out[key] = gemini_schema(value)
        elif key == "anyOf":
            if isinstance(value, (list, tuple)):
                out[key] = [gemini_schema(sub) for sub in value]
        elif key == "type" and isinstance(value, (list, tuple)):
            types = [t for t in value if t != "null"]
            if len(types) == 1:
                out["type"] = types[0]
            elif types and "anyOf" not in schema:
                out["anyOf"] = [{"type": t} for t in types]
            if "null" in value:
                out["nullable"] = True
        elif key == "enum":
            if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
                out[key] = list(value)
        elif key == "format":
            if isinstance(value, str) and value in GEMINI_FORMATS:
                out[key] = value
        elif key in GEMINI_SCHEMA_FIELDS:
            out[key] = thaw(value)
    const = schema.get("const")
    if isinstance(const, str) and "enum" not in out:
        out["enum"] = [const]
    if "enum" in out and "type" not in out:
        out["type"] = "string"
    return out


def function_declaration(tool: ToolSpec) -> dict[str, Any]:
    """One ``functionDeclarations[]`` entry. A schema with no properties is left out: Gemini
    refuses an OBJECT with empty ``properties``, and "for function with no parameters, this can
    be left unset" (Google's ``FunctionDeclaration`` reference)."""
    declaration: dict[str, Any] = {"name": tool.name, "description": tool.description}
    parameters = gemini_schema(tool.parameters)
    if parameters.get("properties"):
        declaration["parameters"] = parameters
    return declaration


def model_parts(
    message: ProviderMessage, gemini_ids: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """The parts of one assistant message: its text, its calls, and its Gemini reasoning
    signature on the first part.

    Why the first part: Gemini puts ``thoughtSignature`` on a content part and wants it back on
    that part. In ``gemini-sse-thinking.sse`` the thought-summary parts carry none; the signature
    arrives on the *first answer-text part* (event 5, "This is a great question! …"), right after
    the thoughts. Parley keeps it as a reasoning block preceding the step's assistant text, and
    keeps that text as one string. So the signature goes on the first part of the model turn: the
    text part, whose text begins with the text of the part the signature came with. (Parley cannot
    split the text back into Gemini's parts; for text, Google recommends echoing the signature but
    does not require it.) A ``functionCall`` part keeps its own signature
    (``ToolCallRequest.signature``): the reasoning signature never replaces it, and is not sent
    again when it is that very call's signature. Only the first Gemini block with a signature is
    used (this adapter streams all reasoning as block 0). A model turn with nothing to send but a
    signature is left out by ``render_contents`` (Gemini rejects empty parts).
    """
    parts: list[dict[str, Any]] = []
    if message.content:
        parts.append({"text": message.content})
    for call in message.tool_calls:
        function_call: dict[str, Any] = {"name": call.name, "args": thaw(call.arguments)}
        if gemini_ids and call.call_id in gemini_ids:
            function_call["id"] = gemini_ids[call.call_id]
        part: dict[str, Any] = {"functionCall": function_call}
        if call.signature:
            part["thoughtSignature"] = call.signature
        parts.append(part)
    call_signatures = {c.signature for c in message.tool_calls if c.signature}
    signature = next(
        (
            block.signature
            for block in message.reasoning
            if block.provider_kind == PROVIDER_KIND
            and block.signature
            and block.signature not in call_signatures
        ),
        "",
    )
    if signature and parts and "thoughtSignature" not in parts[0]:
        parts[0]["thoughtSignature"] = signature
    return parts


# -- wire events -> deltas ------------------------------------------------------------------------


class GeminiStreamTranslator:
    """Turns the SSE events of one ``alt=sse`` stream into deltas (stateful per stream).

    ``handle`` returns the deltas of one event; ``end`` (at the end of the body) returns the
    final ``UsageDelta``; ``finished`` says whether the stream ended as Gemini ends a complete
    answer (a finishReason or a blocked prompt was seen). ``done`` stays False: the stream has no
    terminator, so the adapter reads on to the end of the body.
    """

    def __init__(self, host: str) -> None:
        self.host = host
        self.done = False
        self.finish_reason = ""  # Gemini's own, e.g. "STOP"
        self._usage: Usage | None = None
        self._tool_calls = 0
        self._answered = False  # answer text or a tool call has arrived

    @property
    def finished(self) -> bool:
        return bool(self.finish_reason)

    def handle(self, event: SSEEvent) -> list[Delta]:
        data = event.data.strip()
        if not data:
            return []
        try:
            payload = json.loads(data)
        except ValueError:
            raise ProviderStreamError(
                f"{self.host} sent a stream event that is not JSON: {clip_message(data[:200])!r}"
            ) from None
        # The JSON-array endpoint wraps responses (and errors) in a list; accept that here too.
        items = payload if isinstance(payload, list) else [payload]
        deltas: list[Delta] = []
        for item in items:
            if not isinstance(item, dict):
                raise ProviderStreamError(
                    f"{self.host} sent a stream event that is not a JSON object: "
                    f"{clip_message(data[:200])!r}"
                )
            deltas.extend(self._response(item))
        return deltas

    def end(self) -> list[Delta]:
        """At the end of the body: the last usage figures, if any arrived."""
        return [UsageDelta(self._usage)] if self._usage is not None else []

    # -- internals -------------------------------------------------------------------------

    def _response(self, payload: dict[str, Any]) -> list[Delta]:
        if payload.get("error"):
            raise self._stream_error(payload)
        deltas: list[Delta] = []
        usage = payload.get("usageMetadata")
        if isinstance(usage, dict):
            parsed = usage_from_gemini(usage)
            if parsed is not None:
                self._usage = parsed if self._usage is None else self._usage.merged(parsed)
        candidates = payload.get("candidates")
        if isinstance(candidates, list):
            candidate = _first_candidate(candidates)
            if candidate is not None:
                deltas.extend(self._candidate(candidate))
        feedback = payload.get("promptFeedback")
        if isinstance(feedback, dict):
            deltas.extend(self._prompt_feedback(feedback))
        return deltas

    def _candidate(self, candidate: dict[str, Any]) -> list[Delta]:
        deltas: list[Delta] = []
        content = candidate.get("content")
        parts = content.get("parts") if isinstance(content, dict) else None
        if isinstance(parts, list):
            for part in parts:
                if isinstance(part, dict):
                    deltas.extend(self._part(part))
        reason = candidate.get("finishReason")
        if isinstance(reason, str) and reason and not self.finish_reason:
            self.finish_reason = reason
            if not self._answered and reason not in _SELF_EXPLAINING:
                deltas.append(RefusalDelta(_stopped_sentence(reason, candidate)))
            deltas.append(FinishDelta(self._finish_for(reason)))
        return deltas

    def _part(self, part: dict[str, Any]) -> list[Delta]:
        signature = part.get("thoughtSignature")
        signature = signature if isinstance(signature, str) else ""
        call = part.get("functionCall")
        if isinstance(call, dict):
            name = call.get("name")
            call_id = call.get("id")
            args = call.get("args")
            delta = ToolCallDelta(
                index=self._tool_calls,
                call_id=call_id if isinstance(call_id, str) and call_id else None,
                name=name if isinstance(name, str) and name else None,
                arguments_fragment=json.dumps({} if args is None else args, ensure_ascii=False),
                signature=signature,
            )
            self._tool_calls += 1
            self._answered = True
            return [delta]
        text = part.get("text")
        text = text if isinstance(text, str) else ""
        deltas: list[Delta] = []
        if part.get("thought") is True:
            if text or signature:
                deltas.append(ReasoningDelta(index=0, text=text, signature=signature))
            return deltas
        if signature:
            deltas.append(ReasoningDelta(index=0, signature=signature))
        if text:
            self._answered = True
            deltas.append(TextDelta(text))
        return deltas

    def _prompt_feedback(self, feedback: dict[str, Any]) -> list[Delta]:
        reason = feedback.get("blockReason")
        if not isinstance(reason, str) or not reason or self.finish_reason:
            return []
        self.finish_reason = reason
        details = _said_and_categories(
            feedback.get("blockReasonMessage"), _blocked_categories(feedback)
        )
        sentence = _BLOCKED.format(reason=reason, details=details)
        return [RefusalDelta(sentence), FinishDelta("content_filter")]

    def _finish_for(self, reason: str) -> str:
        if reason == "STOP" and self._tool_calls:
            return "tool_calls"
        return FINISH_REASONS.get(reason, reason.lower())

    def _stream_error(self, payload: dict[str, Any]) -> ProviderStreamError:
        message = error_message_from_payload(payload) or NO_DETAILS
        error = payload.get("error")
        status = error.get("status") if isinstance(error, dict) else None
        kind = STREAM_ERROR_KINDS.get(status, "") if isinstance(status, str) else ""
        return ProviderStreamError(STREAM_ERROR.format(host=self.host, message=message), kind=kind)


def _first_candidate(candidates: list[Any]) -> dict[str, Any] | None:
    """Candidate 0 (Parley asks for one); a candidate without ``index`` counts as 0."""
    for candidate in candidates:
        if isinstance(candidate, dict) and candidate.get("index", 0) == 0:
            return candidate
    return None


def _stopped_sentence(reason: str, candidate: Mapping[str, Any]) -> str:
    details = _said_and_categories(candidate.get("finishMessage"), _blocked_categories(candidate))
    return _STOPPED.format(reason=reason, details=details)


def _said_and_categories(message: Any, categories: list[str]) -> str:
    """What Gemini said about a block, and the blocked categories (each part only if given)."""
    said = message.strip() if isinstance(message, str) else ""
    joined = ", ".join(categories)
    if said and joined:
        return _SAID_AND_CATEGORIES.format(message=said, categories=joined)
    if said:
        return _SAID.format(message=said)
    return _CATEGORIES.format(categories=joined) if joined else ""


# What the person reads when Gemini blocks a prompt or stops an answer (marked for the window).
_BLOCKED = QT_TRANSLATE_NOOP(
    "ProviderError", "Gemini blocked the prompt ({reason}) and returned no answer.{details}"
)
_STOPPED = QT_TRANSLATE_NOOP(
    "ProviderError", "Gemini stopped this answer ({reason}) and returned no text.{details}"
)
_SAID = QT_TRANSLATE_NOOP("ProviderError", " Gemini said: {message}")
_CATEGORIES = QT_TRANSLATE_NOOP("ProviderError", " Blocked category: {categories}.")
_SAID_AND_CATEGORIES = QT_TRANSLATE_NOOP(
    "ProviderError", " Gemini said: {message} Blocked category: {categories}."
)


def _blocked_categories(holder: Mapping[str, Any]) -> list[str]:
    ratings = holder.get("safetyRatings")
    if not isinstance(ratings, list):
        return []
    return [
        r["category"]
        for r in ratings
        if isinstance(r, dict) and r.get("blocked") is True and isinstance(r.get("category"), str)
    ]


def usage_from_gemini(metadata: Mapping[str, Any]) -> Usage | None:
    """``Usage`` from ``usageMetadata``; ``None`` if it holds no figure.

    ``output_tokens`` is ``candidatesTokenCount`` (the answer only): Gemini counts thinking
    separately (``thoughtsTokenCount`` → ``reasoning_tokens``), and its total includes both.
    """
    result = Usage(
        input_tokens=token_count(metadata.get("promptTokenCount")),
        output_tokens=token_count(metadata.get("candidatesTokenCount")),
        total_tokens=token_count(metadata.get("totalTokenCount")),
        reasoning_tokens=token_count(metadata.get("thoughtsTokenCount")),
        cached_tokens=token_count(metadata.get("cachedContentTokenCount")),
    )
    return result if result.to_dict() else None


# -- HTTP errors ------------------------------------------------------------------------------

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)s\s*$")


def gemini_http_error(
    status: int, body: bytes | None, headers: Mapping[str, str], *, reason: str = ""
) -> ProviderHTTPError:
    """``http_error_from_response``, plus one Gemini refinement: a 429 whose body carries a
    ``google.rpc.RetryInfo`` (``retryDelay: "32s"``) is a rate limit Google asks us to wait out,
    so it becomes a retryable ``RateLimitedError`` with that delay — even when its message says
    "quota" (free-tier per-minute limits do), which would otherwise read as an exhausted quota
    that is never retried. A delay longer than the retry policy allows still ends the retrying,
    and the error then says how long Google asked to wait."""
    error = http_error_from_response(status, body, headers, reason=reason)
    if status != 429:
        return error
    delay = _retry_info_delay(body)
    if delay is None:
        return error
    retry_after = error.retry_after if error.retry_after is not None else delay
    if isinstance(error, QuotaExceededError | RateLimitedError):
        return RateLimitedError(status, error.detail, retry_after=retry_after, code=error.code)
    return error


def _retry_info_delay(body: bytes | None) -> float | None:
    try:
        payload = json.loads((body or b"").decode("utf-8", errors="replace"))
    except ValueError:
        return None
    if isinstance(payload, list) and payload:
        payload = payload[0]
    error = payload.get("error") if isinstance(payload, dict) else None
    details = error.get("details") if isinstance(error, dict) else None
    if not isinstance(details, list):
        return None
    for detail in details:
        if not isinstance(detail, dict) or not str(detail.get("@type", "")).endswith(
            "google.rpc.RetryInfo"
        ):
            continue
        match = _DURATION.match(str(detail.get("retryDelay", "")))
        if match:
            return float(match.group(1))
    return None

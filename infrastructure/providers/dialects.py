"""Each provider's dialect: what its request body may carry, and which tool-call ids it accepts.

Why it exists: "OpenAI-compatible" servers are not one API. Mistral's API refuses
``stream_options`` (422 ``extra_forbidden``) and any tool-call id that is not exactly nine
characters ``[a-zA-Z0-9]`` (so do Mistral chat templates served by vLLM, llama.cpp and MLX);
OpenAI caps ids at 40 characters and marks ``max_tokens`` deprecated (o-series models refuse it:
``max_completion_tokens``); Anthropic wants ids matching ``^[a-zA-Z0-9_-]+$`` and
``is_error: true`` on a failed tool result; Gemini reads ``{"error": ...}`` in a function
response as the tool's failure. Instead of an adapter guessing, each kind (and each preset host of
the ``openai`` kind) has one explicit ``Dialect`` here, and the adapters render from it.

Tool-call ids (issue 14, item 14). The canonical log joins calls and results by Parley's locally
minted id (``call-<hex>``); the provider's own id is kept beside it (``ToolCall.provider_call_id``,
with ``provider_origin``: which adapter kind and endpoint produced it), never as the join key. At
the provider boundary ``WireIds`` gives each call of a request its wire id:

- the provider's own id, when the call came from this very origin and the id passes this
  dialect's rule (the provider sees back exactly what it sent; an unknown server's own ids are
  trusted as they are, ``echo_own_ids``);
- else the local id itself, when it passes the rule;
- else a deterministic id derived from the local id (a SHA-256 of it, spelled in the rule's
  alphabet and length), so every request of a conversation renders the same id for the same call,
  across turns and after a move between providers.

A tool result is sent under the wire id of its call (looked up by local id), so a result goes back
under the id the provider gave.

Invariants it keeps: every id ``WireIds`` returns passes its dialect's ``IdRule``; two different
local ids never get the same derived id in one request (a clash, astronomically unlikely, is
resolved by rehashing); a ``Dialect`` is frozen data, no I/O. No errors are raised here.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from parley.application.ports.chat_provider import ProviderMessage, ToolCallRequest

_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class IdRule:
    """What a provider accepts as a tool-call id: a full-match ``pattern``; ``derived_length``
    characters of ``alphabet`` (after ``prefix``) for an id derived from a local one."""

    name: str
    pattern: str
    prefix: str = ""
    derived_length: int = 24
    alphabet: str = _BASE62

    def accepts(self, call_id: str) -> bool:
        return bool(call_id) and re.fullmatch(self.pattern, call_id) is not None

    def derive(self, local_id: str, salt: int = 0) -> str:
        """A compliant id from ``local_id``: always the same for the same id (and ``salt``)."""
        seed = local_id if not salt else f"{local_id}#{salt}"
        number = int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest(), "big")
        chars = []
        base = len(self.alphabet)
        for _ in range(self.derived_length):
            number, digit = divmod(number, base)
            chars.append(self.alphabet[digit])
        return self.prefix + "".join(chars)


#: Mistral's API and Mistral chat templates: "must be a-z, A-Z, 0-9, with a length of 9"
#: (``mistral_common``'s ``ToolCall`` validator). The strictest rule, accepted by every other one.
MISTRAL_IDS = IdRule("mistral", r"[a-zA-Z0-9]{9}", derived_length=9)
#: OpenAI: an id of at most 40 characters ("string too long ... maximum length 40").
OPENAI_IDS = IdRule("openai", r"[\x21-\x7e]{1,40}", prefix="call_", derived_length=24)
#: Anthropic: ``tool_use.id`` must match ``^[a-zA-Z0-9_-]+$``.
ANTHROPIC_IDS = IdRule("anthropic", r"[a-zA-Z0-9_-]+", prefix="toolu_", derived_length=24)
#: Gemini and Ollama take any non-empty string (ids are optional for both).
ANY_IDS = IdRule("any", r"[\x21-\x7e]{1,256}", prefix="call_", derived_length=24)


@dataclass(frozen=True)
class Dialect:
    """One provider's request dialect.

    - ``ids``: the tool-call id rule (``WireIds`` applies it);
    - ``stream_options``: the body may carry ``stream_options: {"include_usage": true}``;
    - ``token_limit_field``: the name the output cap is sent under;
    - ``tool_error_flag``: how a failed tool result is marked: "" not at all (the Chat
      Completions APIs have no flag: the result's text says it), ``is_error`` (Anthropic's
      ``is_error: true``), ``error_key`` (Gemini's ``{"error": ...}`` function response);
    - ``echo_own_ids``: the endpoint's own ids go back even when they fail ``ids`` (a server
      whose rule is unknown accepts the ids it made);
    - ``temperature``: the body may carry a sampling temperature.
    """

    name: str
    ids: IdRule
    stream_options: bool = False
    token_limit_field: str = "max_tokens"
    tool_error_flag: str = ""
    echo_own_ids: bool = False
    temperature: bool = True


OPENAI = Dialect(
    "openai", OPENAI_IDS, stream_options=True, token_limit_field="max_completion_tokens"
)
MISTRAL = Dialect("mistral", MISTRAL_IDS)
#: Any other Chat Completions server (OpenRouter, Groq, vLLM, llama.cpp, LM Studio, …): the
#: legacy ``max_tokens`` every one of them reads, usage requested, and the strictest id rule —
#: a local server may run a Mistral chat template, and nine alphanumerics pass everywhere.
OPENAI_COMPATIBLE = Dialect(
    "openai-compatible", MISTRAL_IDS, stream_options=True, echo_own_ids=True
)
#: Anthropic: no sampling temperature. Claude Opus 4.7 and later answer 400 "temperature is
#: deprecated for this model", API version 2026-10-21 refuses it for every model ("Extra inputs
#: are not permitted"), and the official SDK's request type no longer has the field.
ANTHROPIC = Dialect("anthropic", ANTHROPIC_IDS, tool_error_flag="is_error", temperature=False)
GEMINI = Dialect(
    "gemini", ANY_IDS, token_limit_field="maxOutputTokens", tool_error_flag="error_key"
)
#: Ollama: its server keeps only the JSON Schema keywords its Go structs have and drops the rest
#: without a word; ``ollama.ollama_schema`` simplifies tool schemas knowingly for it.
OLLAMA = Dialect("ollama", ANY_IDS, token_limit_field="num_predict")

#: The dialect of every preset (``presets.PRESETS``), said explicitly: a preset says more than a
#: host (a Mistral entry behind a proxy still speaks Mistral's dialect). The hosted
#: Chat Completions copies (OpenRouter, Groq, DeepSeek, Together) and the local servers take the
#: compatible dialect: each reads ``max_tokens`` and ``stream_options``, and a local server may
#: run a Mistral chat template.
PRESET_DIALECTS: dict[str, Dialect] = {
    "openai": OPENAI,
    "openrouter": OPENAI_COMPATIBLE,
    "groq": OPENAI_COMPATIBLE,
    "deepseek": OPENAI_COMPATIBLE,
    "mistral": MISTRAL,
    "together": OPENAI_COMPATIBLE,
    "lmstudio": OPENAI_COMPATIBLE,
    "llamacpp": OPENAI_COMPATIBLE,
    "vllm": OPENAI_COMPATIBLE,
    "ollama-openai": OPENAI_COMPATIBLE,
    "anthropic": ANTHROPIC,
    "ollama": OLLAMA,
    "gemini": GEMINI,
}
#: Hosts of the ``openai`` kind with a dialect of their own (lowercase host names).
_OPENAI_KIND_HOSTS = {
    "api.openai.com": OPENAI,
    "api.mistral.ai": MISTRAL,
    "codestral.mistral.ai": MISTRAL,
}
_NATIVE = {"anthropic": ANTHROPIC, "gemini": GEMINI, "ollama": OLLAMA}
_OPENAI_KIND_DIALECTS = {OPENAI.name, MISTRAL.name, OPENAI_COMPATIBLE.name}


def dialect_for(kind: str, base_url: str, preset: str = "") -> Dialect:
    """The dialect of an adapter of ``kind`` at ``base_url``, made from ``preset`` ("" none):
    a native kind's own; for the ``openai`` kind the preset's (``PRESET_DIALECTS``), else the
    host's, else ``OPENAI_COMPATIBLE``."""
    if kind in _NATIVE:
        return _NATIVE[kind]
    if preset in PRESET_DIALECTS and PRESET_DIALECTS[preset].name in _OPENAI_KIND_DIALECTS:
        return PRESET_DIALECTS[preset]
    return _OPENAI_KIND_HOSTS.get(_host(base_url), OPENAI_COMPATIBLE)


def origin_of(kind: str, base_url: str) -> str:
    """Names the adapter kind and endpoint that produced a provider id: ``kind`` and the base
    URL without user, password, query or fragment (``openai https://api.mistral.ai/v1``)."""
    try:
        parts = urlsplit(base_url.strip())
        host = (parts.hostname or "").lower()
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return f"{kind} {base_url.strip()}"
    return f"{kind} {parts.scheme.lower()}://{host}{port}{parts.path.rstrip('/')}"


def _host(url: str) -> str:
    try:
        return (urlsplit(url.strip()).hostname or "").lower()
    except ValueError:
        return ""


class WireIds:
    """The wire id of every tool call in one request (see the module docstring)."""

    def __init__(self, dialect: Dialect, origin: str, messages: Iterable[ProviderMessage]):
        self._rule = dialect.ids
        self._echo_any = dialect.echo_own_ids
        self._origin = origin
        self._by_local: dict[str, str] = {}
        self._taken: set[str] = set()
        for message in messages:
            for call in message.tool_calls:
                self.for_call(call)

    def for_call(self, call: ToolCallRequest) -> str:
        """The id sent for ``call`` in an assistant message."""
        known = self._by_local.get(call.call_id)
        if known is not None:
            return known
        if (
            call.provider_call_id
            and call.provider_origin == self._origin
            and (self._echo_any or self._rule.accepts(call.provider_call_id))
            and call.provider_call_id not in self._taken
        ):
            wire = call.provider_call_id
        else:
            wire = self._local(call.call_id)
        self._by_local[call.call_id] = wire
        self._taken.add(wire)
        return wire

    def for_result(self, local_id: str) -> str:
        """The id a tool result is sent under: its call's wire id."""
        known = self._by_local.get(local_id)
        if known is not None:
            return known
        wire = self._local(local_id)
        self._by_local[local_id] = wire
        self._taken.add(wire)
        return wire

    def _local(self, local_id: str) -> str:
        if self._rule.accepts(local_id) and local_id not in self._taken:
            return local_id
        salt = 0
        while (wire := self._rule.derive(local_id, salt)) in self._taken:
            salt += 1
        return wire

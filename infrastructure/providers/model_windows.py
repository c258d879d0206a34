"""What each provider says about a model's context window, read from its documented answers.

Why it exists: the runtime must know a model's window before every call (issue 18), and the
provider is the best witness where it says: a local server knows the window it actually loaded
(LM Studio, llama.cpp, Ollama), a router knows each model it routes (OpenRouter), and Google's and
Anthropic's model metadata carry the limits. This module holds the shapes of those answers (pure
functions from a decoded JSON payload to a ``ModelWindow``), the cache that keeps one answer per
provider endpoint and model, and ``WindowProbe``, the short-timeout GET/POST the adapters ask with.

The shapes, as each vendor documents them (checked 2026-12-03):

- OpenRouter ``GET /api/v1/models``: ``data[]`` of ``{"id", "context_length",
  "top_provider": {"context_length", "max_completion_tokens", "is_moderated"}, ...}``
  (openrouter.ai/docs/models, "Models API Standard");
- vLLM ``GET /v1/models``: ``data[]`` of ``{"id", "max_model_len", ...}`` (``ModelCard`` in
  vLLM's ``vllm/entrypoints/openai/protocol.py``);
- LM Studio ``GET /api/v0/models/{id}`` (REST API v0, LM Studio 0.3.6+): ``{"id", "state":
  "loaded" | "not-loaded", "max_context_length", "loaded_context_length"}``; the loaded length
  is what the server accepts and is preferred (lmstudio.ai/docs/developer/rest/endpoints);
- llama.cpp ``llama-server`` ``GET /props``: ``{"default_generation_settings": {"n_ctx", ...},
  ...}``; newer builds also ``n_ctx`` at the top level. The per-slot ``default_generation_settings
  .n_ctx`` (what one request may use) is preferred;
- Ollama ``POST /api/show {"model"}``: ``{"parameters": "num_ctx 8192\\n...", "model_info":
  {"<arch>.context_length": N, "general.architecture": "<arch>", ...}}``, and ``GET /api/ps``:
  ``{"models": [{"name", "model", "context_length", ...}]}`` for loaded models (docs.ollama.com
  api/show, api/ps);
- Gemini ``GET {base}/models/{model}``: ``{"name", "inputTokenLimit", "outputTokenLimit", ...}``.
  Google's token guide: "gemini-2.0-flash has an input limit of about 1,000,000 tokens and an
  output limit of about 8,000 tokens, which means a context window is 1,000,000 tokens" — so the
  window is ``inputTokenLimit`` (not the sum) and the output limit ``outputTokenLimit``
  (ai.google.dev/gemini-api/docs/tokens, "Context windows");
- Anthropic ``GET /v1/models/{model_id}``: ``ModelInfo {"id", "display_name", "created_at",
  "capabilities", "max_input_tokens", "max_tokens", "type"}`` (platform.claude.com, API
  reference "Get a Model"). Older API versions send neither limit: then ``None``.

Invariants it keeps:

- a window is what the provider said, or nothing: a missing, non-integer or implausible figure
  (below the 256 tokens ``ModelWindow`` accepts) gives ``None``, never a guess; an output limit
  above the window is clipped to it;
- ``WindowProbe`` raises only ``WindowLookupFailed`` (no answer, a non-2xx status, a body that is
  not JSON); the adapter's ``model_window`` turns that into ``None`` and logs it at info;
- the cache keeps a provider's answer (a window, or "it does not say") for the process and a
  failure for ``WINDOW_RETRY_AFTER_S``, per (endpoint, model); it is thread-safe.

No secret is logged: the probe's errors name the URL (never a header) and the status.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from parley.application.ports.chat_provider import WINDOW_RETRY_AFTER_S
from parley.domain.usage.context_windows import ModelWindow, WindowError

if TYPE_CHECKING:
    import requests

#: How long a window lookup may take to connect, and then to answer (seconds): short, because a
#: turn may be waiting on it and the table is a fine answer too.
WINDOW_TIMEOUT_S = 3.0

#: The window Ollama serves a model with when neither the request nor the Modelfile sets
#: ``num_ctx`` and the model is not loaded (so ``/api/ps`` cannot say): 4096 tokens. Ollama's
#: docs (docs/context-length.mdx at ollama commit 948f693, 2026) default by VRAM — under 24 GiB
#: 4k, 24-48 GiB 32k, 48 GiB and more 256k — and ``OLLAMA_CONTEXT_LENGTH`` overrides it. 4096 is
#: the smallest of them, so it errs safe (releases older than these docs used 2048; a server that
#: old reports its real window through ``/api/ps`` once the model is loaded).
OLLAMA_DEFAULT_NUM_CTX = 4096


class WindowLookupFailed(Exception):
    """The provider could not be asked, or did not answer with JSON; the message says why."""


# -- the shapes -----------------------------------------------------------------------------------


def _count(value: Any) -> int | None:
    """A whole, positive token count from a JSON value, else None (booleans are not counts)."""
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        return None
    return value


def make_window(model: str, context: int | None, output: int | None = None) -> ModelWindow | None:
    """A ``ModelWindow`` for ``model``, or None when ``context`` is missing or implausible; an
    output limit above the window is clipped to it, a missing one is 0 (unknown)."""
    if context is None or not model.strip():
        return None
    max_output = min(output, context) if output is not None else 0
    try:
        return ModelWindow(model.strip(), context, max_output)
    except WindowError:
        return None


def entry_for(payload: Any, model: str) -> Mapping[str, Any] | None:
    """The ``data[]`` entry of an OpenAI-style model list whose ``id`` is ``model``."""
    if not isinstance(payload, Mapping) or not isinstance(payload.get("data"), list):
        return None
    for entry in payload["data"]:
        if isinstance(entry, Mapping) and entry.get("id") == model:
            return entry
    return None


def window_from_openrouter(payload: Any, model: str) -> ModelWindow | None:
    """OpenRouter's model list: the model's ``context_length`` (else its top provider's) and
    ``top_provider.max_completion_tokens``."""
    entry = entry_for(payload, model)
    if entry is None:
        return None
    top = entry.get("top_provider")
    top = top if isinstance(top, Mapping) else {}
    context = _count(entry.get("context_length")) or _count(top.get("context_length"))
    return make_window(model, context, _count(top.get("max_completion_tokens")))


def window_from_vllm(payload: Any, model: str) -> ModelWindow | None:
    """vLLM's model list: the model's ``max_model_len``."""
    entry = entry_for(payload, model)
    return None if entry is None else make_window(model, _count(entry.get("max_model_len")))


def window_from_lmstudio(payload: Any, model: str) -> ModelWindow | None:
    """LM Studio's model info: ``loaded_context_length`` when loaded, else
    ``max_context_length``."""
    if not isinstance(payload, Mapping):
        return None
    context = _count(payload.get("loaded_context_length")) or _count(
        payload.get("max_context_length")
    )
    return make_window(model, context)


def window_from_llamacpp(payload: Any, model: str) -> ModelWindow | None:
    """llama.cpp's ``/props``: the slot's ``default_generation_settings.n_ctx``, else the
    top-level ``n_ctx`` of newer builds."""
    if not isinstance(payload, Mapping):
        return None
    settings = payload.get("default_generation_settings")
    settings = settings if isinstance(settings, Mapping) else {}
    return make_window(model, _count(settings.get("n_ctx")) or _count(payload.get("n_ctx")))


_PARAMETER_LINE = re.compile(r"^\s*(num_ctx|num_predict)\s+(-?\d+)\s*$", re.MULTILINE)


def ollama_parameters(text: Any) -> dict[str, int]:
    """``num_ctx`` and ``num_predict`` from ``/api/show``'s ``parameters`` text (the Modelfile's
    PARAMETER lines, one ``name value`` per line); the last of a repeated name wins."""
    if not isinstance(text, str):
        return {}
    return {name: int(value) for name, value in _PARAMETER_LINE.findall(text)}


def ollama_trained_window(show: Mapping[str, Any]) -> int | None:
    """``model_info["<arch>.context_length"]``: the window the model was trained with."""
    info = show.get("model_info")
    if not isinstance(info, Mapping):
        return None
    arch = info.get("general.architecture")
    if isinstance(arch, str) and arch:
        found = _count(info.get(f"{arch}.context_length"))
        if found is not None:
            return found
    for key, value in info.items():  # an architecture key missing: any "*.context_length"
        if isinstance(key, str) and key.endswith(".context_length") and _count(value):
            return _count(value)
    return None


def ollama_loaded_window(ps: Any, model: str) -> int | None:
    """The ``context_length`` ``/api/ps`` reports for ``model`` when it is loaded."""
    if not isinstance(ps, Mapping) or not isinstance(ps.get("models"), list):
        return None
    wanted = {model, model if ":" in model else f"{model}:latest"}
    for entry in ps["models"]:
        if isinstance(entry, Mapping) and (
            entry.get("name") in wanted or entry.get("model") in wanted
        ):
            return _count(entry.get("context_length"))
    return None


def window_from_ollama(show: Any, ps: Any, model: str) -> ModelWindow | None:
    """The window Ollama serves ``model`` with when the request sends no ``num_ctx`` (Parley's
    adapter sends none): the Modelfile's ``num_ctx``, else what ``/api/ps`` says the loaded model
    runs with, else ``OLLAMA_DEFAULT_NUM_CTX``; never more than the trained window (Ollama clips
    ``num_ctx`` to it). The output limit is the Modelfile's ``num_predict`` when positive."""
    if not isinstance(show, Mapping):
        return None
    parameters = ollama_parameters(show.get("parameters"))
    trained = ollama_trained_window(show)
    context = (
        _count(parameters.get("num_ctx"))
        or ollama_loaded_window(ps, model)
        or OLLAMA_DEFAULT_NUM_CTX
    )
    if trained is not None:
        context = min(context, trained)
    return make_window(model, context, _count(parameters.get("num_predict")))


def window_from_gemini(payload: Any, model: str) -> ModelWindow | None:
    """Gemini's model metadata: the window is ``inputTokenLimit``, the output limit
    ``outputTokenLimit`` (see the module docstring)."""
    if not isinstance(payload, Mapping):
        return None
    return make_window(
        model, _count(payload.get("inputTokenLimit")), _count(payload.get("outputTokenLimit"))
    )


def window_from_anthropic(payload: Any, model: str) -> ModelWindow | None:
    """Anthropic's ``ModelInfo``: ``max_input_tokens`` and ``max_tokens`` (absent or 0 on API
    versions that do not report them: then None)."""
    if not isinstance(payload, Mapping):
        return None
    return make_window(
        model, _count(payload.get("max_input_tokens")), _count(payload.get("max_tokens"))
    )


# -- asking ---------------------------------------------------------------------------------------


def server_root(base_url: str) -> str:
    """``scheme://host[:port]`` of a base URL (LM Studio's, llama.cpp's and Ollama's own endpoints
    live at the root, beside the ``/v1`` the OpenAI-compatible API is under)."""
    parts = urlsplit(base_url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WindowLookupFailed(f"{base_url!r} is not an http(s) URL")
    return f"{parts.scheme}://{parts.netloc.rsplit('@', 1)[-1]}"


@dataclass(frozen=True)
class WindowProbe:
    """One short request for a window: the adapter's session and headers, ``timeout`` seconds to
    connect and as many to answer."""

    session: requests.Session
    headers: Mapping[str, str]
    timeout: float = WINDOW_TIMEOUT_S

    def json(self, url: str, body: Mapping[str, Any] | None = None) -> Any:
        """GET ``url`` (POST ``body`` as JSON when given): the decoded answer. Raises
        ``WindowLookupFailed``."""
        import requests

        try:
            if body is None:
                response = self.session.get(
                    url, headers=dict(self.headers), timeout=(self.timeout, self.timeout)
                )
            else:
                response = self.session.post(
                    url,
                    headers=dict(self.headers),
                    data=json.dumps(body).encode("utf-8"),
                    timeout=(self.timeout, self.timeout),
                )
            content = response.content
        except requests.RequestException as exc:
            raise WindowLookupFailed(f"{url}: {type(exc).__name__}") from exc
        if not response.ok:
            raise WindowLookupFailed(f"{url} answered HTTP {response.status_code}")
        try:
            return json.loads(content)
        except ValueError as exc:
            raise WindowLookupFailed(f"{url} did not answer with JSON") from exc


def ask_ollama(probe: WindowProbe, root: str, model: str) -> ModelWindow | None:
    """Ollama's window for ``model`` at ``root``: ``/api/show``, and ``/api/ps`` when it
    answers (a server too old to have it, or one that fails there, just says less)."""
    show = probe.json(f"{root}/api/show", {"model": model})
    try:
        ps = probe.json(f"{root}/api/ps")
    except WindowLookupFailed:
        ps = None
    return window_from_ollama(show, ps, model)


# -- the cache ------------------------------------------------------------------------------------


class WindowCache:
    """Answers per (endpoint, model): a window or "not said" for the process, a failure for
    ``retry_after`` seconds. ``clock`` is ``time.monotonic`` unless a test gives another."""

    def __init__(
        self,
        retry_after: float = WINDOW_RETRY_AFTER_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._retry_after = retry_after
        self._clock = clock
        self._lock = threading.Lock()
        #: key -> (the answer, when a failure may be retried; None: never)
        self._entries: dict[tuple[str, str], tuple[ModelWindow | None, float | None]] = {}

    def get(self, key: tuple[str, str]) -> tuple[bool, ModelWindow | None]:
        """(known, answer): ``known`` False when the provider must be asked (again)."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return False, None
            answer, retry_at = entry
            if retry_at is not None and self._clock() >= retry_at:
                del self._entries[key]
                return False, None
            return True, answer

    def answered(self, key: tuple[str, str], window: ModelWindow | None) -> None:
        with self._lock:
            self._entries[key] = (window, None)

    def failed(self, key: tuple[str, str]) -> None:
        with self._lock:
            self._entries[key] = (None, self._clock() + self._retry_after)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


#: The process-wide cache every adapter uses unless it is given its own.
WINDOW_CACHE = WindowCache()

"""Embedding endpoints over HTTP: the ``Embedder`` port for OpenAI-compatible servers, Ollama and
Gemini, and ``embedder_for`` that picks one for a configured provider.

Why it exists: hybrid retrieval (issue 18) needs vectors of chunks and questions from the model
the user configured. Each adapter speaks one API with ``requests``:

- OpenAI-compatible (``kind`` "openai": OpenAI, OpenRouter, Mistral, Together, LM Studio,
  llama.cpp, vLLM): ``POST {base_url}/embeddings`` ``{"model", "input": [...]}`` ->
  ``data[i].embedding``, put in order by ``data[i].index``. The base URL is the one the provider
  entry already has, ``/v1`` included (the house convention of ``OpenAICompatibleProvider``).
- Ollama: ``POST {base_url}/api/embed`` ``{"model", "input": [...]}`` -> ``embeddings``.
- Gemini: ``POST {base_url}/models/{model}:batchEmbedContents`` with one request per text ->
  ``embeddings[i].values``; the key travels in the ``x-goog-api-key`` header, never the URL.

Invariants it keeps: texts go in batches of ``batch_size`` (64); ``cancel`` is looked at between
batches; every request has a connect and a read timeout; the vectors returned are one per text,
in order, all of one size, or ``KnowledgeError(kind="embedding")`` says what went wrong with the
endpoint's URL and the HTTP status (never the key). ``name`` is the model's name: vectors of two
models never mix in the index.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from typing import Any

import requests

from parley.application.ports.knowledge import Embedder, KnowledgeError
from parley.application.ports.settings_store import ProviderConfig
from parley.domain.texts import QT_TRANSLATE_NOOP

__all__ = [
    "GeminiEmbedder",
    "OllamaEmbedder",
    "OpenAICompatibleEmbedder",
    "embedder_for",
]

BATCH_SIZE = 64
CONNECT_TIMEOUT = 10.0
READ_TIMEOUT = 120.0
_MAX_DETAIL = 300

# Why a file was indexed for word search only (Settings → Projects): marked for the window.
_NO_ANSWER = QT_TRANSLATE_NOOP(
    "Knowledge", "the {api} embeddings endpoint {url} did not answer in time"
)
_UNREACHABLE = QT_TRANSLATE_NOOP(
    "Knowledge", "the {api} embeddings endpoint {url} could not be reached ({error})"
)
_HTTP_ERROR = QT_TRANSLATE_NOOP(
    "Knowledge",
    "the {api} embeddings endpoint {url} answered HTTP {status}: {detail} (model {model})",
)
_NO_ENDPOINT = QT_TRANSLATE_NOOP(
    "Knowledge",
    "{name} ({kind}) has no embeddings endpoint; pick an OpenAI-compatible, Ollama or Gemini "
    "provider for embeddings",
)


class _HttpEmbedder:
    """What the three adapters share: batching, the POST, the error messages."""

    api: str = ""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str = "",
        *,
        batch_size: int = BATCH_SIZE,
        connect_timeout: float = CONNECT_TIMEOUT,
        read_timeout: float = READ_TIMEOUT,
        session: requests.Session | None = None,
    ) -> None:
        if not model.strip():
            raise KnowledgeError("no embedding model is named", kind="embedding")
        self._base_url = base_url.strip().rstrip("/")
        self._model = model.strip()
        self._api_key = api_key
        self._batch_size = max(1, batch_size)
        self._timeouts = (connect_timeout, read_timeout)
        self._session = session or requests.Session()

    @property
    def name(self) -> str:
        return self._model

    def embed(self, texts: Sequence[str], cancel: threading.Event) -> list[list[float]]:
        vectors: list[list[float]] = []
        for start in range(0, len(texts), self._batch_size):
            if cancel.is_set():
                raise KnowledgeError("embedding was cancelled", kind="cancelled")
            batch = list(texts[start : start + self._batch_size])
            got = self._batch(batch)
            if len(got) != len(batch):
                raise KnowledgeError(
                    f"{self._url()} returned {len(got)} embeddings for {len(batch)} texts",
                    kind="embedding",
                )
            vectors.extend(got)
        sizes = {len(v) for v in vectors}
        if len(sizes) > 1 or 0 in sizes:
            raise KnowledgeError(
                f"{self._url()} returned embeddings of different sizes {sorted(sizes)}",
                kind="embedding",
            )
        return vectors

    def _url(self) -> str:
        raise NotImplementedError

    def _body(self, texts: list[str]) -> dict[str, Any]:
        raise NotImplementedError

    def _vectors(self, answer: Any) -> list[list[float]]:
        raise NotImplementedError

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def _batch(self, texts: list[str]) -> list[list[float]]:
        url = self._url()
        try:
            response = self._session.post(
                url, json=self._body(texts), headers=self._headers(), timeout=self._timeouts
            )
        except requests.Timeout as exc:
            raise KnowledgeError(
                _NO_ANSWER.format(api=self.api, url=url), kind="embedding"
            ) from exc
        except requests.RequestException as exc:
            raise KnowledgeError(
                _UNREACHABLE.format(api=self.api, url=url, error=type(exc).__name__),
                kind="embedding",
            ) from exc
        with response:
            if not 200 <= response.status_code < 300:
                raise KnowledgeError(
                    _HTTP_ERROR.format(
                        api=self.api,
                        url=url,
                        status=response.status_code,
                        detail=_detail(response),
                        model=self._model,
                    ),
                    kind="embedding",
                )
            try:
                answer = response.json()
                vectors = self._vectors(answer)
            except (ValueError, KeyError, TypeError, IndexError) as exc:
                raise KnowledgeError(
                    f"the {self.api} embeddings endpoint {url} sent an answer that is not "
                    f"embeddings ({type(exc).__name__}: {str(exc)[:_MAX_DETAIL]})",
                    kind="embedding",
                ) from exc
        return vectors


def _detail(response: requests.Response) -> str:
    """The error's message from a JSON body (``error.message``, ``error``, ``message``), else
    the start of the body."""
    text = response.text[:4000]
    try:
        body = json.loads(text)
    except ValueError:
        return " ".join(text.split())[:_MAX_DETAIL] or (response.reason or "no detail")
    if isinstance(body, dict):
        error = body.get("error", body.get("message"))
        if isinstance(error, dict):
            error = error.get("message", error)
        if error:
            return str(error)[:_MAX_DETAIL]
    return " ".join(text.split())[:_MAX_DETAIL]


def _floats(values: Any) -> list[float]:
    if not isinstance(values, list) or not values:
        raise ValueError("an embedding is not a list of numbers")
    out = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("an embedding is not a list of numbers")
        out.append(float(value))
    return out


class OpenAICompatibleEmbedder(_HttpEmbedder):
    """``POST {base_url}/embeddings`` (base URL with ``/v1``, as the provider entry has it)."""

    api = "OpenAI-compatible"

    def _url(self) -> str:
        return f"{self._base_url}/embeddings"

    def _body(self, texts: list[str]) -> dict[str, Any]:
        return {"model": self._model, "input": texts}

    def _vectors(self, answer: Any) -> list[list[float]]:
        data = answer["data"]
        if not isinstance(data, list):
            raise ValueError("data is not a list")
        ordered = sorted(data, key=lambda item: int(item.get("index", 0)))
        return [_floats(item["embedding"]) for item in ordered]


class OllamaEmbedder(_HttpEmbedder):
    """``POST {base_url}/api/embed`` (base URL the server's root; a trailing ``/api`` or
    ``/v1`` is taken off)."""

    api = "Ollama"

    def __init__(self, base_url: str, model: str, api_key: str = "", **options: Any) -> None:
        url = base_url.strip().rstrip("/")
        for suffix in ("/api", "/v1"):
            if url.lower().endswith(suffix):
                url = url[: -len(suffix)].rstrip("/")
        super().__init__(url, model, api_key, **options)

    def _url(self) -> str:
        return f"{self._base_url}/api/embed"

    def _body(self, texts: list[str]) -> dict[str, Any]:
        return {"model": self._model, "input": texts}

    def _vectors(self, answer: Any) -> list[list[float]]:
        embeddings = answer["embeddings"]
        if not isinstance(embeddings, list):
            raise ValueError("embeddings is not a list")
        return [_floats(item) for item in embeddings]


class GeminiEmbedder(_HttpEmbedder):
    """``POST {base_url}/models/{model}:batchEmbedContents`` (base URL with ``/v1beta``)."""

    api = "Gemini"

    def __init__(self, base_url: str, model: str, api_key: str = "", **options: Any) -> None:
        model = model.strip()
        if model.startswith("models/"):
            model = model[len("models/") :]
        super().__init__(base_url, model, api_key, **options)

    def _url(self) -> str:
        return f"{self._base_url}/models/{self._model}:batchEmbedContents"

    def _headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self._api_key:
            headers["x-goog-api-key"] = self._api_key
        return headers

    def _body(self, texts: list[str]) -> dict[str, Any]:
        return {
            "requests": [
                {"model": f"models/{self._model}", "content": {"parts": [{"text": text}]}}
                for text in texts
            ]
        }

    def _vectors(self, answer: Any) -> list[list[float]]:
        embeddings = answer["embeddings"]
        if not isinstance(embeddings, list):
            raise ValueError("embeddings is not a list")
        return [_floats(item["values"]) for item in embeddings]


def embedder_for(config: ProviderConfig, model: str, api_key: str = "") -> Embedder:
    """The embedder for ``model`` at the provider ``config`` names (its kind, base URL), with
    its key. Anthropic has no embeddings endpoint: ``KnowledgeError(kind="embedding")``."""
    if config.kind == "openai":
        return OpenAICompatibleEmbedder(config.base_url, model, api_key)
    if config.kind == "ollama":
        return OllamaEmbedder(config.base_url, model, api_key)
    if config.kind == "gemini":
        return GeminiEmbedder(config.base_url, model, api_key)
    raise KnowledgeError(_NO_ENDPOINT.format(name=config.name, kind=config.kind), kind="embedding")

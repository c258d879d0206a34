"""The embedding adapters (infrastructure/knowledge/embedders.py) against real HTTP servers on
127.0.0.1 that speak each API: OpenAI-compatible ``/embeddings``, Ollama ``/api/embed``, Gemini
``batchEmbedContents``; batching, order, and the errors people read."""

from __future__ import annotations

import json
import threading

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from parley.application.ports.knowledge import KnowledgeError
from parley.application.ports.settings_store import ProviderConfig
from parley.infrastructure.knowledge.embedders import (
    GeminiEmbedder,
    OllamaEmbedder,
    OpenAICompatibleEmbedder,
    embedder_for,
)


def _vector(text: str) -> list[float]:
    return [float(len(text)), float(sum(map(ord, text)) % 97), 1.0]


def _openai(request: Request) -> Response:
    body = json.loads(request.get_data())
    assert request.headers.get("Authorization") == "Bearer sk-test"
    data = [
        {"object": "embedding", "index": i, "embedding": _vector(text)}
        for i, text in enumerate(body["input"])
    ]
    data.reverse()  # servers may answer out of order: index says where each goes
    return Response(json.dumps({"data": data, "model": body["model"]}), 200, {"X": "1"})


def test_openai_compatible_batches_and_orders_by_index(httpserver: HTTPServer) -> None:
    calls: list[int] = []

    def handler(request: Request) -> Response:
        calls.append(len(json.loads(request.get_data())["input"]))
        return _openai(request)

    httpserver.expect_request("/v1/embeddings", method="POST").respond_with_handler(handler)
    embedder = OpenAICompatibleEmbedder(
        httpserver.url_for("/v1"), "text-embedding-3-small", "sk-test", batch_size=4
    )
    texts = [f"text number {i}" * (i + 1) for i in range(10)]
    vectors = embedder.embed(texts, threading.Event())
    assert vectors == [_vector(t) for t in texts]
    assert calls == [4, 4, 2]
    assert embedder.name == "text-embedding-3-small"


def test_ollama_api_embed(httpserver: HTTPServer) -> None:
    def handler(request: Request) -> Response:
        body = json.loads(request.get_data())
        assert body["model"] == "nomic-embed-text"
        assert "Authorization" not in request.headers
        return Response(json.dumps({"embeddings": [_vector(t) for t in body["input"]]}), 200)

    httpserver.expect_request("/api/embed", method="POST").respond_with_handler(handler)
    # a base URL pasted with /v1 (the OpenAI-compatible address) still reaches /api/embed
    embedder = OllamaEmbedder(httpserver.url_for("/v1"), "nomic-embed-text")
    assert embedder.embed(["a", "bb"], threading.Event()) == [_vector("a"), _vector("bb")]


def test_gemini_batch_embed_contents_with_the_key_in_a_header(httpserver: HTTPServer) -> None:
    def handler(request: Request) -> Response:
        assert request.headers.get("x-goog-api-key") == "g-key"
        assert "key" not in request.args
        body = json.loads(request.get_data())
        texts = [item["content"]["parts"][0]["text"] for item in body["requests"]]
        assert {item["model"] for item in body["requests"]} == {"models/text-embedding-004"}
        return Response(json.dumps({"embeddings": [{"values": _vector(t)} for t in texts]}), 200)

    httpserver.expect_request(
        "/v1beta/models/text-embedding-004:batchEmbedContents", method="POST"
    ).respond_with_handler(handler)
    embedder = GeminiEmbedder(httpserver.url_for("/v1beta"), "models/text-embedding-004", "g-key")
    assert embedder.embed(["x", "yy", "zzz"], threading.Event()) == [
        _vector("x"),
        _vector("yy"),
        _vector("zzz"),
    ]


def test_an_http_error_names_the_endpoint_the_status_and_the_message_not_the_key(
    httpserver: HTTPServer,
) -> None:
    httpserver.expect_request("/v1/embeddings").respond_with_json(
        {"error": {"message": "The model `nope` does not exist"}}, status=404
    )
    embedder = OpenAICompatibleEmbedder(httpserver.url_for("/v1"), "nope", "sk-secret")
    with pytest.raises(KnowledgeError) as caught:
        embedder.embed(["a"], threading.Event())
    message = str(caught.value)
    assert caught.value.kind == "embedding"
    assert "HTTP 404" in message and "/v1/embeddings" in message
    assert "does not exist" in message
    assert "sk-secret" not in message


def test_an_answer_that_is_not_embeddings_is_refused(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/api/embed").respond_with_json({"embeddings": [["a", "b"]]})
    with pytest.raises(KnowledgeError, match="not embeddings") as caught:
        OllamaEmbedder(httpserver.url_for("/"), "m").embed(["a"], threading.Event())
    assert caught.value.kind == "embedding"


def test_fewer_vectors_than_texts_is_refused(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/api/embed").respond_with_json({"embeddings": [[1.0, 2.0]]})
    with pytest.raises(KnowledgeError, match="1 embeddings for 2 texts"):
        OllamaEmbedder(httpserver.url_for("/"), "m").embed(["a", "b"], threading.Event())


def test_a_server_that_is_not_there_is_a_clear_embedding_error() -> None:
    embedder = OpenAICompatibleEmbedder("http://127.0.0.1:9/v1", "m", connect_timeout=2)
    with pytest.raises(KnowledgeError, match=r"could not be reached") as caught:
        embedder.embed(["a"], threading.Event())
    assert caught.value.kind == "embedding"
    assert "127.0.0.1:9/v1/embeddings" in str(caught.value)


def test_cancel_stops_between_batches(httpserver: HTTPServer) -> None:
    cancel = threading.Event()

    def handler(request: Request) -> Response:
        cancel.set()  # the user presses Cancel while the first batch is out
        return _openai(request)

    httpserver.expect_request("/v1/embeddings").respond_with_handler(handler)
    embedder = OpenAICompatibleEmbedder(httpserver.url_for("/v1"), "m", "sk-test", batch_size=2)
    with pytest.raises(KnowledgeError) as caught:
        embedder.embed(["a", "b", "c", "d"], cancel)
    assert caught.value.kind == "cancelled"
    assert len(httpserver.log) == 1


def test_embedder_for_picks_the_api_by_kind_and_refuses_anthropic(httpserver: HTTPServer) -> None:
    httpserver.expect_request("/api/embed").respond_with_json({"embeddings": [[0.5, 0.5]]})
    ollama = ProviderConfig(name="local", kind="ollama", base_url=httpserver.url_for("/"))
    assert embedder_for(ollama, "all-minilm").embed(["q"], threading.Event()) == [[0.5, 0.5]]
    anthropic = ProviderConfig(name="claude", kind="anthropic", base_url="https://x.invalid")
    with pytest.raises(KnowledgeError, match="no embeddings endpoint"):
        embedder_for(anthropic, "m", "k")

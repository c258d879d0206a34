"""Each adapter asks its provider for a model's context window, over a real local HTTP server.

The server answers with the shapes the vendors document (OpenRouter's model list, vLLM's model
list, LM Studio's REST API v0, llama.cpp's ``/props``, Ollama's ``/api/show`` and ``/api/ps``,
Gemini's model metadata, Anthropic's ``ModelInfo``); the real adapters read them through
``requests``. Failures (404, a body that is not JSON, a missing field, no answer, no server) give
``None`` without raising, and the answer is cached per endpoint and model — a failure only for a
while (a test clock moves time; nothing here waits on a real one).
"""

from __future__ import annotations

import json
import socket

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Response

from parley.application.ports.chat_provider import WINDOW_RETRY_AFTER_S
from parley.application.ports.settings_store import ProviderConfig
from parley.domain.usage.context_windows import ModelWindow
from parley.infrastructure.providers.anthropic import AnthropicProvider
from parley.infrastructure.providers.directory import RedactingProvider, build_adapter
from parley.infrastructure.providers.gemini import GeminiProvider
from parley.infrastructure.providers.model_windows import (
    OLLAMA_DEFAULT_NUM_CTX,
    WINDOW_CACHE,
    WindowCache,
)
from parley.infrastructure.providers.ollama import OllamaProvider
from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider
from tests.support.sse_server import ScriptedServer


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def cache(clock: Clock) -> WindowCache:
    return WindowCache(clock=clock)


@pytest.fixture(autouse=True)
def _fresh_process_cache():
    # build_adapter's adapters use the process cache; the test server's port is the same for
    # every test, so each test starts with an empty one.
    WINDOW_CACHE.clear()
    yield
    WINDOW_CACHE.clear()


def openai(httpserver: HTTPServer, cache: WindowCache, preset: str, path: str = "/v1"):
    return OpenAICompatibleProvider(httpserver.url_for(path), preset=preset, window_cache=cache)


def json_response(payload: object, status: int = 200) -> Response:
    return Response(json.dumps(payload), status=status, content_type="application/json")


# -- OpenRouter and vLLM: the model list -----------------------------------------------------------

OPENROUTER_MODELS = {
    "data": [
        {
            "id": "anthropic/claude-3.5-sonnet",
            "canonical_slug": "anthropic/claude-3.5-sonnet",
            "name": "Anthropic: Claude 3.5 Sonnet",
            "created": 1718841600,
            "description": "…",
            "context_length": 200000,
            "architecture": {
                "input_modalities": ["text", "image"],
                "output_modalities": ["text"],
                "tokenizer": "Claude",
                "instruct_type": None,
            },
            "pricing": {"prompt": "0.000003", "completion": "0.000015", "request": "0"},
            "top_provider": {
                "context_length": 200000,
                "max_completion_tokens": 8192,
                "is_moderated": True,
            },
            "per_request_limits": None,
            "supported_parameters": ["tools", "max_tokens", "temperature"],
        },
        {
            "id": "meta-llama/llama-3.3-70b-instruct",
            "name": "Meta: Llama 3.3 70B Instruct",
            "context_length": 131072,
            "pricing": {"prompt": "0.0000001", "completion": "0.00000025"},
            "top_provider": {
                "context_length": 131072,
                "max_completion_tokens": None,
                "is_moderated": False,
            },
        },
    ]
}


def test_openrouter_reports_context_length_and_the_top_providers_output_limit(
    httpserver: HTTPServer, cache: WindowCache
) -> None:
    httpserver.expect_request("/api/v1/models", method="GET").respond_with_json(OPENROUTER_MODELS)
    provider = openai(httpserver, cache, "openrouter", "/api/v1")
    assert provider.model_window("anthropic/claude-3.5-sonnet") == ModelWindow(
        "anthropic/claude-3.5-sonnet", 200_000, 8_192
    )
    # No output limit given (null): the window alone.
    assert provider.model_window("meta-llama/llama-3.3-70b-instruct") == ModelWindow(
        "meta-llama/llama-3.3-70b-instruct", 131_072, 0
    )
    # A model the list does not have: it does not say.
    assert provider.model_window("nobody/nothing") is None


def test_openrouter_is_known_by_its_host_without_a_preset() -> None:
    provider = OpenAICompatibleProvider("https://openrouter.ai/api/v1")
    assert provider._window_server() == "openrouter"
    assert OpenAICompatibleProvider("https://api.openai.com/v1")._window_server() == ""


def test_vllm_reports_max_model_len(httpserver: HTTPServer, cache: WindowCache) -> None:
    httpserver.expect_request("/v1/models").respond_with_json(
        {
            "object": "list",
            "data": [
                {
                    "id": "Qwen/Qwen2.5-7B-Instruct",
                    "object": "model",
                    "owned_by": "vllm",
                    "root": "Qwen/Qwen2.5-7B-Instruct",
                    "max_model_len": 32768,
                }
            ],
        }
    )
    provider = openai(httpserver, cache, "vllm")
    assert provider.model_window("Qwen/Qwen2.5-7B-Instruct") == ModelWindow(
        "Qwen/Qwen2.5-7B-Instruct", 32_768
    )


# -- LM Studio -------------------------------------------------------------------------------------


def test_lmstudio_prefers_the_loaded_context_length(
    httpserver: HTTPServer, cache: WindowCache
) -> None:
    httpserver.expect_request("/api/v0/models/devstral-small-2505-mlx").respond_with_json(
        {
            "id": "devstral-small-2505-mlx",
            "object": "model",
            "type": "llm",
            "publisher": "lmstudio-community",
            "arch": "mistral",
            "compatibility_type": "mlx",
            "quantization": "6bit",
            "state": "loaded",
            "max_context_length": 131072,
            "loaded_context_length": 4096,
        }
    )
    httpserver.expect_request("/api/v0/models/qwen2-vl-7b-instruct").respond_with_json(
        {
            "id": "qwen2-vl-7b-instruct",
            "object": "model",
            "type": "vlm",
            "state": "not-loaded",
            "max_context_length": 32768,
        }
    )
    provider = openai(httpserver, cache, "lmstudio")
    assert provider.model_window("devstral-small-2505-mlx") == ModelWindow(
        "devstral-small-2505-mlx", 4_096
    )
    assert provider.model_window("qwen2-vl-7b-instruct") == ModelWindow(
        "qwen2-vl-7b-instruct", 32_768
    )


def test_lmstudio_falls_back_to_its_model_list(httpserver: HTTPServer, cache: WindowCache) -> None:
    httpserver.expect_request("/api/v0/models/lmstudio-community/gemma-3-12b").respond_with_data(
        "not found", status=404
    )
    httpserver.expect_request("/api/v0/models").respond_with_json(
        {
            "object": "list",
            "data": [
                {
                    "id": "lmstudio-community/gemma-3-12b",
                    "state": "loaded",
                    "max_context_length": 131072,
                    "loaded_context_length": 16384,
                }
            ],
        }
    )
    provider = openai(httpserver, cache, "lmstudio")
    assert provider.model_window("lmstudio-community/gemma-3-12b") == ModelWindow(
        "lmstudio-community/gemma-3-12b", 16_384
    )


# -- llama.cpp -------------------------------------------------------------------------------------


def test_llamacpp_reports_the_slot_n_ctx_from_props(
    httpserver: HTTPServer, cache: WindowCache
) -> None:
    httpserver.expect_request("/props").respond_with_json(
        {
            "default_generation_settings": {"n_ctx": 16384, "params": {"n_predict": -1}},
            "total_slots": 4,
            "model_alias": "unsloth/Qwen3-GGUF",
            "n_ctx": 65536,
            "modalities": {"vision": False, "audio": False},
            "build_info": "b6000",
        }
    )
    provider = openai(httpserver, cache, "llamacpp")
    assert provider.model_window("qwen3") == ModelWindow("qwen3", 16_384)


def test_llamacpp_top_level_n_ctx_when_the_settings_lack_it(
    httpserver: HTTPServer, cache: WindowCache
) -> None:
    httpserver.expect_request("/props").respond_with_json(
        {"default_generation_settings": {"params": {}}, "n_ctx": 8192}
    )
    assert openai(httpserver, cache, "llamacpp").model_window("m") == ModelWindow("m", 8_192)


# -- Ollama ----------------------------------------------------------------------------------------


def ollama_show(parameters: str = "", trained: int = 131072) -> dict:
    return {
        "modelfile": '# Modelfile generated by "ollama show"\nFROM llama3.2\n',
        "parameters": parameters,
        "template": "{{ .Prompt }}",
        "details": {"format": "gguf", "family": "llama", "parameter_size": "3.2B"},
        "model_info": {
            "general.architecture": "llama",
            "general.parameter_count": 3212749888,
            "llama.context_length": trained,
            "llama.embedding_length": 3072,
        },
        "capabilities": ["completion", "tools"],
    }


def test_ollama_num_ctx_from_the_modelfile_is_the_window(
    httpserver: HTTPServer, cache: WindowCache
) -> None:
    httpserver.expect_request(
        "/api/show", method="POST", json={"model": "llama3.2"}
    ).respond_with_json(
        ollama_show('num_ctx 8192\nnum_predict 1024\nstop "<|eot_id|>"', trained=131072)
    )
    httpserver.expect_request("/api/ps").respond_with_json({"models": []})
    provider = OllamaProvider(httpserver.url_for("/"), window_cache=cache)
    assert provider.model_window("llama3.2") == ModelWindow("llama3.2", 8_192, 1_024)


def test_ollama_loaded_model_reports_what_it_runs_with(
    httpserver: HTTPServer, cache: WindowCache
) -> None:
    httpserver.expect_request("/api/show", method="POST").respond_with_json(ollama_show())
    httpserver.expect_request("/api/ps").respond_with_json(
        {
            "models": [
                {
                    "name": "llama3.2:latest",
                    "model": "llama3.2:latest",
                    "size": 5137025024,
                    "digest": "a80c4f17acd5",
                    "details": {"format": "gguf", "family": "llama"},
                    "expires_at": "2026-12-03T20:15:34Z",
                    "size_vram": 5137025024,
                    "context_length": 32768,
                }
            ]
        }
    )
    provider = OllamaProvider(httpserver.url_for("/"), window_cache=cache)
    assert provider.model_window("llama3.2") == ModelWindow("llama3.2", 32_768)


def test_ollama_default_when_nothing_sets_num_ctx_and_never_above_the_trained_window(
    httpserver: HTTPServer, cache: WindowCache
) -> None:
    httpserver.expect_request("/api/show", json={"model": "tiny"}).respond_with_json(
        ollama_show("", trained=131072)
    )
    httpserver.expect_request("/api/show", json={"model": "old"}).respond_with_json(
        ollama_show("num_ctx 65536", trained=2048)
    )
    httpserver.expect_request("/api/ps").respond_with_data("not found", status=404)
    provider = OllamaProvider(httpserver.url_for("/"), window_cache=cache)
    assert provider.model_window("tiny") == ModelWindow("tiny", OLLAMA_DEFAULT_NUM_CTX)
    assert provider.model_window("old") == ModelWindow("old", 2_048)


def test_ollama_behind_its_openai_compatible_v1(httpserver: HTTPServer, cache: WindowCache) -> None:
    httpserver.expect_request("/api/show", json={"model": "qwen3:8b"}).respond_with_json(
        ollama_show("num_ctx 40960", trained=40960)
    )
    httpserver.expect_request("/api/ps").respond_with_json({"models": []})
    provider = openai(httpserver, cache, "ollama-openai")
    assert provider.model_window("qwen3:8b") == ModelWindow("qwen3:8b", 40_960)


# -- Gemini and Anthropic --------------------------------------------------------------------------


def test_gemini_window_is_the_input_limit_and_output_the_output_limit(
    httpserver: HTTPServer, cache: WindowCache
) -> None:
    httpserver.expect_request(
        "/v1beta/models/gemini-2.0-flash", method="GET", headers={"x-goog-api-key": "g-key"}
    ).respond_with_json(
        {
            "name": "models/gemini-2.0-flash",
            "version": "2.0",
            "displayName": "Gemini 2.0 Flash",
            "inputTokenLimit": 1048576,
            "outputTokenLimit": 8192,
            "supportedGenerationMethods": ["generateContent", "countTokens"],
            "temperature": 1,
            "topP": 0.95,
            "topK": 40,
        }
    )
    provider = GeminiProvider(httpserver.url_for("/v1beta"), api_key="g-key", window_cache=cache)
    assert provider.model_window("gemini-2.0-flash") == ModelWindow(
        "gemini-2.0-flash", 1_048_576, 8_192
    )


def test_anthropic_model_info_limits_when_the_api_reports_them(
    httpserver: HTTPServer, cache: WindowCache
) -> None:
    httpserver.expect_request(
        "/v1/models/claude-opus-4-6", headers={"x-api-key": "a-key"}
    ).respond_with_json(
        {
            "id": "claude-opus-4-6",
            "capabilities": {"batch": {"supported": True}},
            "created_at": "2026-02-04T00:00:00Z",
            "display_name": "Claude Opus 4.6",
            "max_input_tokens": 200000,
            "max_tokens": 128000,
            "type": "model",
        }
    )
    httpserver.expect_request("/v1/models/claude-3-5-haiku-latest").respond_with_json(
        {
            "id": "claude-3-5-haiku-20241022",
            "created_at": "2024-10-22T00:00:00Z",
            "display_name": "Claude Haiku 3.5",
            "type": "model",
        }
    )
    provider = AnthropicProvider(httpserver.url_for("/v1"), api_key="a-key", window_cache=cache)
    assert provider.model_window("claude-opus-4-6") == ModelWindow(
        "claude-opus-4-6", 200_000, 128_000
    )
    # An API version without the limits: it does not say (the table answers).
    assert provider.model_window("claude-3-5-haiku-latest") is None


def test_plain_openai_does_not_say_and_asks_nothing(
    httpserver: HTTPServer, cache: WindowCache
) -> None:
    provider = openai(httpserver, cache, "openai")
    assert provider.model_window("gpt-4o") is None
    assert httpserver.log == []


# -- failures: None, never an exception; cached for a while ----------------------------------------


@pytest.mark.parametrize(
    "response",
    [
        Response("no such model", status=404),
        Response("<html>oops</html>", status=200, content_type="text/html"),
        json_response({"default_generation_settings": {"n_ctx": "lots"}}),
        json_response({"default_generation_settings": {}}),
        json_response({"n_ctx": 64}),  # too small to be real
        json_response(["not", "an", "object"]),
        Response("upstream broke", status=502),
    ],
    ids=["404", "html", "string", "missing", "tiny", "list", "502"],
)
def test_a_bad_answer_gives_none(
    httpserver: HTTPServer, cache: WindowCache, response: Response
) -> None:
    httpserver.expect_request("/props").respond_with_response(response)
    assert openai(httpserver, cache, "llamacpp").model_window("m") is None


def test_a_failed_lookup_is_remembered_for_a_while_then_asked_again(
    httpserver: HTTPServer, cache: WindowCache, clock: Clock
) -> None:
    httpserver.expect_oneshot_request("/props").respond_with_data("busy", status=503)
    provider = openai(httpserver, cache, "llamacpp")
    assert provider.model_window("m") is None
    assert provider.model_window("m") is None  # remembered: not asked again
    assert len(httpserver.log) == 1

    httpserver.expect_request("/props").respond_with_json(
        {"default_generation_settings": {"n_ctx": 4096}}
    )
    clock.now += WINDOW_RETRY_AFTER_S - 1
    assert provider.model_window("m") is None
    assert len(httpserver.log) == 1
    clock.now += 1
    assert provider.model_window("m") == ModelWindow("m", 4_096)
    assert len(httpserver.log) == 2


def test_an_answer_is_kept_for_the_process(
    httpserver: HTTPServer, cache: WindowCache, clock: Clock
) -> None:
    httpserver.expect_request("/props").respond_with_json({"n_ctx": 4096})
    provider = openai(httpserver, cache, "llamacpp")
    assert provider.model_window("m") == ModelWindow("m", 4_096)
    clock.now += 10 * WINDOW_RETRY_AFTER_S
    assert provider.model_window("m") == ModelWindow("m", 4_096)
    assert len(httpserver.log) == 1


def test_a_server_that_never_answers_gives_none(cache: WindowCache) -> None:
    def silent(send, sleep) -> None:
        sleep(10)  # returns as soon as the client gives up

    with ScriptedServer(silent) as server:
        provider = OpenAICompatibleProvider(
            f"{server.url}/v1", preset="llamacpp", window_timeout=0.2, window_cache=cache
        )
        assert provider.model_window("m") is None
        assert server.requests and server.requests[0].startswith(b"GET /props ")


def test_no_server_at_all_gives_none(cache: WindowCache) -> None:
    with socket.create_server(("127.0.0.1", 0)) as placeholder:
        port = placeholder.getsockname()[1]
    provider = OllamaProvider(f"http://127.0.0.1:{port}", window_cache=cache)
    assert provider.model_window("llama3.2") is None


# -- through the directory: the preset reaches the adapter; the key wrapper forwards --------------


def test_the_directory_passes_the_preset_and_the_key_wrapper_forwards(
    httpserver: HTTPServer,
) -> None:
    httpserver.expect_request("/props").respond_with_json(
        {"default_generation_settings": {"n_ctx": 12288}}
    )
    config = ProviderConfig(
        name="local",
        kind="openai",
        base_url=httpserver.url_for("/v1"),
        api_key_env="LOCAL_KEY",
        preset="llamacpp",
    )
    adapter = build_adapter(config, {"LOCAL_KEY": "sk-local-secret-1234567890"})
    assert isinstance(adapter, RedactingProvider)
    assert adapter.model_window("my-model") == ModelWindow("my-model", 12_288)
    [(request, _response)] = httpserver.log
    assert request.headers["Authorization"] == "Bearer sk-local-secret-1234567890"

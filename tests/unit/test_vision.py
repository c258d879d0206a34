"""The vision heuristic: which model names take images, which are text only, which are unknown."""

from __future__ import annotations

import pytest

from parley.application.providers.vision import SUGGESTIONS, accepts_images, vision_refusal

VISION = [
    # OpenAI
    ("openai", "gpt-4o"),
    ("openai", "gpt-4o-mini"),
    ("openai", "gpt-4o-2024-08-06"),
    ("openai", "chatgpt-4o-latest"),
    ("openai", "gpt-4.1"),
    ("openai", "gpt-4.1-mini"),
    ("openai", "gpt-4.1-nano"),
    ("openai", "gpt-5"),
    ("openai", "gpt-5-mini"),
    ("openai", "gpt-5.1"),
    ("openai", "gpt-4-turbo"),
    ("openai", "gpt-4-turbo-2024-04-09"),
    ("openai", "gpt-4-vision-preview"),
    ("openai", "gpt-4-1106-vision-preview"),
    ("openai", "o1"),
    ("openai", "o1-2024-12-17"),
    ("openai", "o1-pro"),
    ("openai", "o3"),
    ("openai", "o3-pro"),
    ("openai", "o4-mini"),
    ("openai", "o4-mini-2025-04-16"),
    ("openai", "GPT-4o"),
    ("openai", "  gpt-4o  "),
    # Anthropic
    ("anthropic", "claude-3-opus-20240229"),
    ("anthropic", "claude-3-haiku-20240307"),
    ("anthropic", "claude-3-5-sonnet-20241022"),
    ("anthropic", "claude-3-7-sonnet-latest"),
    ("anthropic", "claude-sonnet-4-20250514"),
    ("anthropic", "claude-opus-4-1"),
    ("anthropic", "claude-haiku-4-5"),
    ("anthropic", "claude-sonnet-4-5-20250929"),
    ("anthropic", "claude-opus-5"),
    ("openai", "us.anthropic.claude-3-5-sonnet-20240620-v1:0"),
    # Gemini
    ("gemini", "gemini-1.5-pro"),
    ("gemini", "gemini-1.5-flash-8b"),
    ("gemini", "gemini-2.0-flash"),
    ("gemini", "gemini-2.5-pro"),
    ("gemini", "gemini-2.5-flash-lite"),
    ("gemini", "gemini-3-flash-preview"),
    ("gemini", "models/gemini-2.0-flash"),
    ("gemini", "gemini-pro-vision"),
    ("gemini", "gemini-exp-1206"),
    # Ollama
    ("ollama", "llava"),
    ("ollama", "llava:13b"),
    ("ollama", "llava-llama3"),
    ("ollama", "llava-phi3:3.8b"),
    ("ollama", "bakllava"),
    ("ollama", "llama3.2-vision"),
    ("ollama", "llama3.2-vision:90b"),
    ("ollama", "llama4:scout"),
    ("ollama", "qwen2.5vl:7b"),
    ("ollama", "qwen2-vl"),
    ("ollama", "qwen3-vl:8b"),
    ("ollama", "gemma3"),
    ("ollama", "gemma3:4b"),
    ("ollama", "gemma3:27b-it-qat"),
    ("ollama", "gemma4:e4b"),
    ("ollama", "medgemma:4b"),
    ("ollama", "minicpm-v"),
    ("ollama", "moondream"),
    ("ollama", "granite3.2-vision"),
    ("ollama", "mistral-small3.1"),
    ("ollama", "mistral-small3.2:24b"),
    ("ollama", "library/llava:latest"),
    ("ollama", "registry.ollama.ai/library/llama3.2-vision:11b"),
    ("ollama", "lukaspetrik/gemma3-tools:12b"),
    # OpenRouter-style and other gateways: matched on the model part
    ("openai", "openai/gpt-4o"),
    ("openai", "anthropic/claude-3.5-sonnet"),
    ("openai", "anthropic/claude-3.5-haiku"),
    ("openai", "google/gemini-2.0-flash-001"),
    ("openai", "google/gemma-3-27b-it:free"),
    ("openai", "meta-llama/llama-3.2-11b-vision-instruct"),
    ("openai", "meta-llama/llama-4-maverick"),
    ("openai", "qwen/qwen2.5-vl-72b-instruct"),
    ("openai", "mistralai/pixtral-12b"),
    ("openai", "mistralai/mistral-small-3.1-24b-instruct"),
    ("openai", "x-ai/grok-2-vision-1212"),
    ("openai", "pixtral-large-latest"),
    ("openai", "mistral-small-latest"),
    ("openai", "mistral-small-2506"),
    ("openai", "microsoft/phi-3.5-vision-instruct"),
    ("openai", "deepseek-v4-flash"),
    ("openai", "meta.llama3-2-11b-instruct-v1:0"),
]

TEXT_ONLY = [
    ("openai", "gpt-3.5-turbo"),
    ("openai", "gpt-3.5-turbo-0125"),
    ("openai", "gpt-35-turbo"),
    ("openai", "gpt-4"),
    ("openai", "gpt-4-0613"),
    ("openai", "gpt-4-32k"),
    ("openai", "gpt-4-0125-preview"),
    ("openai", "gpt-4-1106-preview"),
    ("openai", "gpt-4-turbo-preview"),
    ("openai", "o1-mini"),
    ("openai", "o1-mini-2024-09-12"),
    ("openai", "o1-preview"),
    ("openai", "o3-mini"),
    ("openai", "openai/o3-mini-high"),
    ("openai", "gpt-oss-120b"),
    ("ollama", "gpt-oss:20b"),
    ("openai", "deepseek-chat"),
    ("openai", "deepseek-reasoner"),
    ("openai", "deepseek/deepseek-chat-v3-0324"),
    ("ollama", "deepseek-r1:14b"),
    ("ollama", "deepseek-coder-v2"),
    ("anthropic", "claude-2.1"),
    ("anthropic", "claude-instant-1.2"),
    ("openai", "anthropic.claude-v2:1"),
    ("gemini", "gemini-pro"),
    ("gemini", "gemini-1.0-pro-001"),
    ("ollama", "llama3"),
    ("ollama", "llama3:8b"),
    ("ollama", "llama3.1"),
    ("ollama", "llama3.1:70b"),
    ("ollama", "llama3.2"),
    ("ollama", "llama3.2:1b"),
    ("ollama", "llama3.3"),
    ("ollama", "llama2"),
    ("openai", "meta-llama/llama-3.1-8b-instruct"),
    ("ollama", "mistral"),
    ("ollama", "mistral:7b"),
    ("ollama", "mistral-nemo"),
    ("ollama", "mixtral:8x7b"),
    ("ollama", "mistral-small"),
    ("ollama", "mistral-small:24b"),
    ("ollama", "mistral-large"),
    ("openai", "open-mistral-7b"),
    ("openai", "open-mixtral-8x22b"),
    ("openai", "mistral-small-2501"),
    ("openai", "mistral-large-2411"),
    ("openai", "codestral-latest"),
    ("ollama", "qwen"),
    ("ollama", "qwen2"),
    ("ollama", "qwen2.5"),
    ("ollama", "qwen2.5:7b"),
    ("ollama", "qwen2.5-coder:32b"),
    ("ollama", "qwen3"),
    ("ollama", "qwen3:30b"),
    ("ollama", "qwen3-coder"),
    ("openai", "qwen/qwen-2.5-72b-instruct"),
    ("ollama", "qwq"),
    ("ollama", "gemma"),
    ("ollama", "gemma2:9b"),
    ("ollama", "codegemma"),
    ("ollama", "gemma3:1b"),
    ("ollama", "gemma3:270m"),
    ("openai", "google/gemma-3-1b-it"),
    ("ollama", "phi3"),
    ("ollama", "phi4"),
    ("ollama", "phi4-mini"),
    # a vision family whose name says the image part is gone
    ("ollama", "innerloop/gemma3-4b-text"),
    ("openai", "google/medgemma-27b-text-it"),
]

UNKNOWN = [
    ("openai", ""),
    ("openai", "my-finetune"),
    ("openai", "text-embedding-3-small"),
    ("openai", "gpt-4o-audio-preview"),
    ("openai", "gpt-4o-realtime-preview"),
    ("openai", "gpt-4o-mini-transcribe"),
    ("openai", "gpt-4o-search-preview"),
    ("openai", "deepseek-v4-pro"),
    ("openai", "mistral-large-latest"),
    ("openai", "mistral-small"),
    ("openai", "x-ai/grok-3"),
    ("gemini", "gemini-embedding-001"),
    ("gemini", "gemini-2.5-flash-preview-tts"),
    ("ollama", "gemma3n:e4b"),
    ("ollama", "nomic-embed-text"),
    ("ollama", "qwen3.5"),
    ("ollama", "command-r"),
    ("ollama", "hf.co/someone/Some-Model-GGUF:Q4_K_M"),
    ("anthropic", "some-proxy-model"),
]


@pytest.mark.parametrize(("kind", "model"), VISION)
def test_vision_models_take_images(kind: str, model: str) -> None:
    assert accepts_images(kind, model) is True


@pytest.mark.parametrize(("kind", "model"), TEXT_ONLY)
def test_text_only_models_do_not(kind: str, model: str) -> None:
    assert accepts_images(kind, model) is False


@pytest.mark.parametrize(("kind", "model"), UNKNOWN)
def test_unknown_models_are_none(kind: str, model: str) -> None:
    assert accepts_images(kind, model) is None


def test_the_lists_do_not_overlap() -> None:
    names = [m for _, m in VISION] + [m for _, m in TEXT_ONLY] + [m for _, m in UNKNOWN]
    assert len(names) == len(set(names)) + 1  # "mistral-small" is text-only on Ollama only


def test_bare_mistral_small_depends_on_the_provider_kind() -> None:
    assert accepts_images("ollama", "mistral-small") is False
    assert accepts_images("openai", "mistral-small") is None
    assert accepts_images("OLLAMA", "mistral-small:22b") is False


def test_ollama_tag_is_read_for_the_size_only() -> None:
    assert accepts_images("ollama", "gemma3:1b") is False
    assert accepts_images("ollama", "gemma3:12b") is True
    assert accepts_images("ollama", "gemma3:1b-it-qat") is False
    # an OpenRouter variant tag is not a size
    assert accepts_images("openai", "openai/gpt-4o:extended") is True


def test_refusal_names_the_model_and_says_what_to_do() -> None:
    message = vision_refusal("gpt-3.5-turbo")
    assert "gpt-3.5-turbo" in message
    assert "does not accept images" in message
    assert "choose a vision model such as" in message
    assert "gpt-4o" in message
    assert message.endswith("or remove the image.")


@pytest.mark.parametrize("kind", sorted(SUGGESTIONS))
def test_refusal_suggests_models_of_the_same_kind_that_take_images(kind: str) -> None:
    message = vision_refusal("some-text-model", kind=kind)
    for suggestion in SUGGESTIONS[kind]:
        assert suggestion in message
        assert accepts_images(kind, suggestion) is True


def test_refusal_without_a_model_name_is_still_a_sentence() -> None:
    assert vision_refusal("  ").startswith("The model (no model) does not accept images;")

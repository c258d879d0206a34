"""``resolve_window``: provider report > table > guess, with stand-in providers."""

from __future__ import annotations

import pytest

from parley.application.conversations.context_window import ResolvedWindow, resolve_window
from parley.domain.usage.context_windows import (
    DEFAULT_WINDOWS,
    FALLBACK_CONTEXT_TOKENS,
    ModelWindow,
)


class Reporting:
    """A provider that reports ``window`` for every model, and records what it was asked."""

    def __init__(self, window: ModelWindow | None) -> None:
        self.window = window
        self.asked: list[str] = []

    def model_window(self, model: str) -> ModelWindow | None:
        self.asked.append(model)
        return self.window


class Silent:
    """A provider without the capability."""


class Broken:
    def model_window(self, model: str) -> ModelWindow | None:
        raise RuntimeError("the adapter broke its promise")


class Odd:
    def model_window(self, model: str) -> object:
        return {"context_tokens": 10}


TABLE = (
    ModelWindow("llama3.2*", 131_072),
    ModelWindow("llama3.2*", 16_384, 2_048, provider="home"),
    ModelWindow("gpt-4o*", 128_000, 16_384),
)


def test_the_provider_report_wins_over_the_table() -> None:
    provider = Reporting(ModelWindow("llama3.2", 8_192, 1_024))
    assert resolve_window(provider, "ollama", "llama3.2", TABLE) == ResolvedWindow(
        8_192, 1_024, "provider"
    )
    assert provider.asked == ["llama3.2"]


def test_the_report_wins_even_over_a_row_for_that_provider() -> None:
    provider = Reporting(ModelWindow("llama3.2", 8_192))
    resolved = resolve_window(provider, "home", "llama3.2", TABLE)
    assert (resolved.context_tokens, resolved.source) == (8_192, "provider")


def test_an_output_limit_the_provider_leaves_unknown_comes_from_the_table_if_it_fits() -> None:
    # The report says 32k and nothing about output; the "home" row's 2,048 fits inside.
    provider = Reporting(ModelWindow("llama3.2", 32_768))
    assert resolve_window(provider, "home", "llama3.2", TABLE) == ResolvedWindow(
        32_768, 2_048, "provider"
    )
    # A table output limit larger than the reported window is not borrowed.
    small = Reporting(ModelWindow("gpt-4o", 8_192))
    assert resolve_window(small, "openai", "gpt-4o", TABLE) == ResolvedWindow(8_192, 0, "provider")


@pytest.mark.parametrize("provider", [Reporting(None), Silent(), Broken(), Odd(), None])
def test_without_a_report_the_table_answers(provider: object) -> None:
    assert resolve_window(provider, "openai", "gpt-4o-mini", TABLE) == ResolvedWindow(
        128_000, 16_384, "table"
    )
    # The row for the turn's provider beats the general one (the table's lookup rule).
    assert resolve_window(provider, "home", "llama3.2:3b", TABLE) == ResolvedWindow(
        16_384, 2_048, "table"
    )


def test_neither_report_nor_row_is_a_guess() -> None:
    assert resolve_window(Silent(), "x", "mystery-model", TABLE) == ResolvedWindow(
        FALLBACK_CONTEXT_TOKENS, 0, "guess"
    )
    assert resolve_window(Reporting(None), "x", "mystery-model", ()) == ResolvedWindow(
        FALLBACK_CONTEXT_TOKENS, 0, "guess"
    )


def test_the_default_table_knows_the_usual_models() -> None:
    resolved = resolve_window(Silent(), "anthropic", "claude-sonnet-4-5", DEFAULT_WINDOWS)
    assert resolved == ResolvedWindow(200_000, 64_000, "table")
    # OpenRouter names: vendor/model falls back to the model part.
    resolved = resolve_window(Silent(), "openrouter", "openai/gpt-4o", DEFAULT_WINDOWS)
    assert resolved == ResolvedWindow(128_000, 16_384, "table")


def test_a_resolved_window_is_always_usable() -> None:
    with pytest.raises(ValueError):
        ResolvedWindow(1_000, 2_000, "table")
    with pytest.raises(ValueError):
        ResolvedWindow(0, 0, "guess")
    with pytest.raises(ValueError):
        ResolvedWindow(8_192, 0, "hearsay")

"""The context-window table: its rows, its lookup (the price table's rule) and its defaults."""

from __future__ import annotations

import pytest

from parley.domain.usage.context_windows import (
    DEFAULT_WINDOWS,
    ModelWindow,
    WindowError,
    find_window,
)
from parley.domain.usage.pricing import DEFAULT_PRICES


def test_the_lookup_prefers_the_provider_then_the_exact_name_then_the_longest_glob() -> None:
    rows = (
        ModelWindow("gpt-4*", 8_192),
        ModelWindow("gpt-4o*", 128_000, 16_384),
        ModelWindow("gpt-4o", 64_000),
        ModelWindow("gpt-4o", 32_000, provider="azure"),
    )
    assert find_window(rows, "openai", "gpt-4o-mini").context_tokens == 128_000
    assert find_window(rows, "openai", "GPT-4o").context_tokens == 64_000
    assert find_window(rows, "azure", "gpt-4o").context_tokens == 32_000
    assert find_window(rows, "openrouter", "openai/gpt-4o").context_tokens == 64_000
    assert find_window(rows, "openai", "llama3") is None
    assert find_window(rows, "openai", "") is None


@pytest.mark.parametrize(
    ("row", "says"),
    [
        (lambda: ModelWindow("", 1000), "needs a model"),
        (lambda: ModelWindow("m", 100), "too small"),
        (lambda: ModelWindow("m", 1000, 2000), "output limit"),
        (lambda: ModelWindow("m", 1000.5), "whole number"),  # type: ignore[arg-type]
        (lambda: ModelWindow("m", True), "whole number"),  # type: ignore[arg-type]
        (lambda: ModelWindow(" m", 1000), "spaces"),
    ],
)
def test_a_bad_row_is_refused_with_its_reason(row: object, says: str) -> None:
    with pytest.raises(WindowError, match=says):
        row()  # type: ignore[operator]


def test_every_model_with_a_default_price_has_a_default_window() -> None:
    for price in DEFAULT_PRICES:
        name = price.model_pattern.rstrip("*")
        assert find_window(DEFAULT_WINDOWS, "", name) is not None, price.model_pattern


def test_the_default_windows_are_real_sizes() -> None:
    for row in DEFAULT_WINDOWS:
        assert 4_096 <= row.context_tokens <= 2_000_000, row
        assert row.max_output_tokens == 0 or row.max_output_tokens < row.context_tokens, row

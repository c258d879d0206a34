"""The context fit: room kept for the answer, the one gate, and when compaction is advised."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parley.domain.usage.context_budget import DEFAULT_RESERVE, measure, reserve_for_output


def test_room_for_the_answer_follows_the_request_then_the_model_then_a_default() -> None:
    assert reserve_for_output(128_000, 16_384, requested=1_000) == 1_000
    assert reserve_for_output(128_000, 16_384) == 16_384
    assert reserve_for_output(200_000, 128_000) == 50_000  # a quarter of the window at most
    assert reserve_for_output(128_000) == DEFAULT_RESERVE
    assert reserve_for_output(4_000, requested=100_000) == 2_000  # never over half


def test_a_request_that_passes_the_limit_does_not_fit_and_says_by_how_much() -> None:
    fit = measure(125_000, 128_000, 16_384)
    assert not fit.fits and fit.over_by == 125_000 - (128_000 - 16_384)
    assert fit.needs_compaction
    small = measure(10_000, 128_000, 16_384)
    assert small.fits and not small.needs_compaction and small.over_by == 0
    assert small.fill == pytest.approx(10_000 / 128_000)


def test_compaction_is_advised_before_the_request_stops_fitting() -> None:
    fit = measure(105_000, 128_000, 16_384)  # 82 %: still fits, but past the threshold
    assert fit.fits and fit.needs_compaction


@given(
    st.integers(0, 3_000_000),
    st.integers(256, 2_000_000),
    st.integers(0, 200_000),
    st.floats(0.1, 1.0),
)
def test_whatever_does_not_fit_is_always_advised_to_compact(
    prompt: int, window: int, output: int, threshold: float
) -> None:
    fit = measure(prompt, window, min(output, window), threshold=threshold)
    if not fit.fits:
        assert fit.needs_compaction
    assert fit.prompt_limit >= window // 2


def test_a_nonsense_fit_is_refused() -> None:
    with pytest.raises(ValueError):
        measure(10, 0)
    with pytest.raises(ValueError):
        measure(10, 1000, threshold=2.0)

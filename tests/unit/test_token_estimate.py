"""The token estimate's own rules (the real tokenizers check it in
tests/integration/test_token_estimate_real.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parley.domain.usage.token_estimate import (
    MAX_RATIO,
    MIN_RATIO,
    PER_IMAGE,
    PER_MESSAGE,
    Calibration,
    estimate_messages,
    estimate_text,
)


def test_nothing_costs_nothing_and_words_cost_by_length() -> None:
    assert estimate_text("") == 0
    assert estimate_text("   ") == 1  # a run of blanks
    assert estimate_text("the") == 1
    assert estimate_text("the cat sat") == 3
    assert estimate_text("internationalisation") == 5


def test_digits_symbols_and_scripts_count_more_than_plain_words() -> None:
    assert estimate_text("123456789") == 3
    assert estimate_text("a != b") == 3
    assert estimate_text("Привет") > estimate_text("Privet")
    assert estimate_text("你好世界") >= 4  # one or more per ideograph


@given(st.text(max_size=200), st.text(max_size=50))
def test_adding_text_never_lowers_the_estimate(start: str, more: str) -> None:
    assert estimate_text(start + more) >= estimate_text(start)


@given(st.text(max_size=300))
def test_the_estimate_is_deterministic_and_never_negative(text: str) -> None:
    assert estimate_text(text) == estimate_text(text) >= 0


def test_a_request_adds_framing_per_message_and_a_price_per_image() -> None:
    assert estimate_messages(["the", "cat"]) == 2 * PER_MESSAGE + 2
    assert estimate_messages([], images=2) == 2 * PER_IMAGE


def test_a_first_report_is_believed_then_later_ones_move_it_gradually() -> None:
    first = Calibration().learned(estimated=1000, reported=1500)
    assert first.ratio == pytest.approx(1.5) and first.reports == 1
    assert first.corrected(1000) == 1500
    second = first.learned(estimated=1000, reported=1000)
    assert 1.0 < second.ratio < 1.5  # one report cannot swing it all the way


def test_odd_reports_are_ignored_or_bounded() -> None:
    start = Calibration()
    assert start.learned(1000, None) is start
    assert start.learned(1000, 0) is start
    assert start.learned(0, 500) is start
    assert start.learned(10, 10_000).ratio == MAX_RATIO
    assert start.learned(10_000, 1).ratio == MIN_RATIO


def test_a_calibration_out_of_bounds_is_refused() -> None:
    with pytest.raises(ValueError):
        Calibration(ratio=9.0)
    with pytest.raises(ValueError):
        Calibration(ratio=float("nan"))

"""The price table: which row prices a model, exact Decimal estimates, and how costs read."""

from __future__ import annotations

from decimal import Decimal

import pytest

from parley.domain.transcript.canonical import Usage
from parley.domain.usage.pricing import (
    DEFAULT_PRICES,
    ModelPrice,
    PriceError,
    estimate_cost,
    find_price,
    format_cost,
    format_usage,
    parse_amount,
    sum_usage,
)


def price(pattern: str, inp: str = "1", out: str = "2", provider: str = "") -> ModelPrice:
    return ModelPrice(pattern, Decimal(inp), Decimal(out), provider=provider)


# -- find_price ------------------------------------------------------------------------------------


def test_an_exact_name_beats_any_glob() -> None:
    glob = price("gpt-4o*", "9")
    exact = price("gpt-4o", "1")
    assert find_price([glob, exact], "openai", "gpt-4o") is exact
    assert find_price([exact, glob], "openai", "gpt-4o") is exact
    assert find_price([glob, exact], "openai", "gpt-4o-2024-08-06") is glob


def test_the_longest_glob_wins_whatever_the_order() -> None:
    short = price("gpt-4.1*", "2")
    long = price("gpt-4.1-mini*", "0.4")
    anything = price("*", "100")
    table = [anything, short, long]
    assert find_price(table, "", "gpt-4.1-mini-2025-04-14") is long
    assert find_price(list(reversed(table)), "", "gpt-4.1-mini-2025-04-14") is long
    assert find_price(table, "", "gpt-4.1-2025-04-14") is short
    assert find_price(table, "", "llama3.2") is anything


def test_a_provider_row_beats_a_provider_less_row_even_an_exact_one() -> None:
    general = price("gpt-4o", "2.5")
    router = price("gpt-4o*", "3", provider="openrouter")
    local = price("*", "0", "0", provider="ollama")
    table = [general, router, local]
    assert find_price(table, "openrouter", "gpt-4o") is router
    assert find_price(table, "openai", "gpt-4o") is general
    assert find_price(table, "ollama", "gpt-4o") is local
    assert find_price(table, "OLLAMA", "anything") is local  # names ignore case
    assert find_price([router], "openai", "gpt-4o") is None


def test_ties_go_to_the_first_row_and_case_is_ignored() -> None:
    first = price("GPT-4O", "1")
    second = price("gpt-4o", "2")
    assert find_price([first, second], "", "gpt-4o") is first
    assert find_price([first], "", "Gpt-4o") is first


def test_a_vendor_prefixed_name_falls_back_to_the_bare_model() -> None:
    bare = price("claude-sonnet-4-5*", "3", "15")
    assert find_price([bare], "openrouter", "anthropic/claude-sonnet-4-5") is bare
    prefixed = price("anthropic/claude-sonnet-4-5", "4")
    assert find_price([bare, prefixed], "", "anthropic/claude-sonnet-4-5") is prefixed


def test_no_match_and_no_model_give_none() -> None:
    assert find_price([price("gpt-4o")], "openai", "o3") is None
    assert find_price([price("*")], "openai", "") is None
    assert find_price([], "openai", "gpt-4o") is None


def test_the_default_table_prices_well_known_models() -> None:
    def lookup(model: str) -> tuple[Decimal, Decimal]:
        row = find_price(DEFAULT_PRICES, "", model)
        assert row is not None, model
        return row.input_per_mtok, row.output_per_mtok

    assert lookup("gpt-4o") == (Decimal("2.50"), Decimal("10.00"))
    assert lookup("gpt-4o-mini") == (Decimal("0.15"), Decimal("0.60"))
    assert lookup("gpt-4.1-mini-2025-04-14") == (Decimal("0.40"), Decimal("1.60"))
    assert lookup("claude-sonnet-4-5-20250929") == (Decimal("3.00"), Decimal("15.00"))
    assert lookup("claude-opus-4-1-20250805") == (Decimal("15.00"), Decimal("75.00"))
    assert lookup("claude-opus-4-5-20251101") == (Decimal("5.00"), Decimal("25.00"))
    assert lookup("gemini-2.5-flash") == (Decimal("0.30"), Decimal("2.50"))
    # A dated snapshot priced differently from its alias is not guessed at.
    assert find_price(DEFAULT_PRICES, "", "gpt-4o-2024-05-13") is None
    patterns = [(p.model_pattern, p.provider) for p in DEFAULT_PRICES]
    assert len(patterns) == len(set(patterns))


# -- ModelPrice and amounts ------------------------------------------------------------------------


def test_amounts_are_decimals_and_floats_are_refused() -> None:
    row = ModelPrice("m", "2.50", 10)  # type: ignore[arg-type]
    assert row.input_per_mtok == Decimal("2.50") and str(row.input_per_mtok) == "2.50"
    assert row.output_per_mtok == Decimal(10)
    with pytest.raises(PriceError, match="float"):
        ModelPrice("m", 2.5, Decimal(1))  # type: ignore[arg-type]
    with pytest.raises(PriceError, match="negative"):
        ModelPrice("m", Decimal("-1"), Decimal(1))
    with pytest.raises(PriceError, match="model name or pattern"):
        ModelPrice("  ", Decimal(1), Decimal(1))
    with pytest.raises(PriceError, match="three-letter"):
        ModelPrice("m", Decimal(1), Decimal(1), currency="dollars")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("2.5", "2.5"), (" $0.15 ", "0.15"), ("10", "10"), ("0", "0"), ("1e-3", "0.001")],
)
def test_parse_amount_reads_what_people_type(text: str, expected: str) -> None:
    assert parse_amount(text) == Decimal(expected)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("abc", "not a number"),
        ("", "not a number"),
        ("1,5", "dot"),
        ("-2", "negative"),
        ("NaN", "not a usable price"),
        ("Infinity", "not a usable price"),
    ],
)
def test_parse_amount_refuses_what_is_not_a_price(text: str, reason: str) -> None:
    with pytest.raises(PriceError, match=reason):
        parse_amount(text)


# -- estimate_cost ---------------------------------------------------------------------------------


def test_estimate_is_exact_decimal_arithmetic() -> None:
    row = price("m", "2.50", "10.00")
    cost = estimate_cost(Usage(input_tokens=1234, output_tokens=567), row)
    # 1234 * 2.50 / 1e6 + 567 * 10 / 1e6 = 0.003085 + 0.00567
    assert cost == Decimal("0.008755")
    assert isinstance(cost, Decimal)
    # A float sum would give 0.30000000000000004 here; Decimal keeps it exact.
    thirds = price("m", "0.1", "0.2")
    assert estimate_cost(Usage(input_tokens=1_000_000, output_tokens=1_000_000), thirds) == (
        Decimal("0.3")
    )


def test_unknown_tokens_or_no_price_give_no_estimate() -> None:
    row = price("m")
    assert estimate_cost(Usage(input_tokens=10, output_tokens=None), row) is None
    assert estimate_cost(Usage(input_tokens=None, output_tokens=10), row) is None
    assert estimate_cost(Usage(), row) is None
    assert estimate_cost(None, row) is None
    assert estimate_cost(Usage(input_tokens=10, output_tokens=10), None) is None
    assert estimate_cost(Usage(input_tokens=0, output_tokens=0), row) == Decimal(0)


# -- formatting ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (None, ""),
        (Decimal(0), "$0.00"),
        (Decimal("0.00001"), "<$0.0001"),
        (Decimal("0.0000999"), "<$0.0001"),
        (Decimal("0.0001"), "$0.0001"),
        (Decimal("0.00305"), "$0.0031"),  # half up, not banker's rounding
        (Decimal("0.008755"), "$0.0088"),
        (Decimal("0.5"), "$0.5000"),
        (Decimal("1.005"), "$1.01"),
        (Decimal("1234.5"), "$1,234.50"),
    ],
)
def test_format_cost(amount: Decimal | None, text: str) -> None:
    assert format_cost(amount) == text


def test_format_cost_in_other_currencies() -> None:
    assert format_cost(Decimal("0.0031"), "EUR") == "€0.0031"
    assert format_cost(Decimal("2"), "CHF") == "CHF 2.00"


def test_format_usage_leaves_out_what_is_unknown() -> None:
    usage = Usage(input_tokens=1234, output_tokens=567)
    assert format_usage(usage, Decimal("0.0031"), 4.21) == "1,234 in · 567 out · $0.0031 · 4.2 s"
    assert format_usage(usage, None) == "1,234 in · 567 out"
    assert format_usage(Usage(output_tokens=5), None, 0.04) == "5 out · 0.0 s"
    assert format_usage(None, None, 2.0) == "2.0 s"
    assert format_usage(None, None) == ""


def test_sum_usage_adds_what_was_reported() -> None:
    total = sum_usage(
        [
            Usage(input_tokens=10, output_tokens=5),
            None,
            Usage(input_tokens=1, output_tokens=None, cached_tokens=3),
        ]
    )
    assert total == Usage(input_tokens=11, output_tokens=5, cached_tokens=3)
    assert sum_usage([]) == Usage()

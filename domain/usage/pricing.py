"""What a turn is estimated to cost: a price table, the one lookup rule, exact money arithmetic.

Why it exists: the window shows a discreet footer under each answer ("1,234 in · 567 out ·
$0.0031 · 4.2 s") and Settings → Prices lets the user edit the table behind it. The lookup rule and
the arithmetic live here, once, so the footer, the command line and the tests agree to the digit.

Invariants it keeps:

- money is ``Decimal`` end to end, never ``float``: a ``ModelPrice`` refuses floats, and amounts
  are only rounded when formatted for display;
- an estimate is either honest or absent: ``estimate_cost`` returns ``None`` when the provider did
  not report both token counts or no price row matches — never a guessed zero;
- one lookup rule (``find_price``, which is ``model_rows.best_row``, shared with the context-window
  table): a row for the turn's provider beats a row for any provider; then an exact model name
  beats a glob; then the glob with the most literal characters wins; a tie goes to the row listed
  first. Names compare case-insensitively. A model named ``vendor/model`` (as OpenRouter names
  them) that matches nothing is tried again as ``model``.

The estimate ignores discounts a vendor may apply (cached input, batch) and long-prompt tiers, so
it is an estimate, not an invoice.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, fields
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import Usage
from parley.domain.usage.model_rows import best_row, is_glob

#: Token prices are quoted per this many tokens ("per Mtok").
PER_TOKENS = Decimal(1_000_000)

_CURRENCY = re.compile(r"[A-Z]{3}")
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
_SMALLEST = Decimal("0.0001")


# Why a typed price is refused (Settings → Prices): marked for the window's language.
_DECIMAL_COMMA = QT_TRANSLATE_NOOP("Costs", "{text!r}: write the decimals with a dot, like 2.50")
_NOT_A_NUMBER = QT_TRANSLATE_NOOP("Costs", "{text!r} is not a number; write a price like 2.50")
_NOT_USABLE = QT_TRANSLATE_NOOP("Costs", "{text!r} is not a usable price")
_NEGATIVE = QT_TRANSLATE_NOOP("Costs", "{text!r} is negative; a price is 0 or more")


class PriceError(ValueError):
    """A price row or amount that cannot be used; the message says why."""


def parse_amount(text: object) -> Decimal:
    """A price per million tokens from what a person typed ("2.5", "$0.15", " 10 ") or a stored
    string; raises ``PriceError`` naming the value. Floats are refused (they are not exact)."""
    if isinstance(text, Decimal):
        value = text
    elif isinstance(text, (bool, float)):
        raise PriceError(f"{text!r} is a binary float; give the price as text or a Decimal")
    elif isinstance(text, int):
        value = Decimal(text)
    elif isinstance(text, str):
        cleaned = text.strip().removeprefix("$").strip()
        if "," in cleaned:
            raise PriceError(_DECIMAL_COMMA.format(text=text))
        try:
            value = Decimal(cleaned)
        except InvalidOperation:
            raise PriceError(_NOT_A_NUMBER.format(text=text)) from None
    else:
        raise PriceError(f"{text!r} is not a price")
    if not value.is_finite():
        raise PriceError(_NOT_USABLE.format(text=text))
    if value < 0:
        raise PriceError(_NEGATIVE.format(text=text))
    return value


@dataclass(frozen=True)
class ModelPrice:
    """List price of one model (or a glob of models) in ``currency`` per million tokens.

    ``model_pattern`` is an exact model name or an ``fnmatch`` glob ("gpt-4.1*"); ``provider`` is
    a configured provider's name, or "" for a row that applies whatever the provider."""

    model_pattern: str
    input_per_mtok: Decimal
    output_per_mtok: Decimal
    provider: str = ""
    currency: str = "USD"

    def __post_init__(self) -> None:
        if not isinstance(self.model_pattern, str) or not self.model_pattern.strip():
            raise PriceError("a price row needs a model name or pattern")
        if self.model_pattern != self.model_pattern.strip():
            raise PriceError(f"model pattern {self.model_pattern!r} has surrounding spaces")
        if not isinstance(self.provider, str) or self.provider != self.provider.strip():
            raise PriceError(f"provider {self.provider!r} must be a name without spaces around")
        if not isinstance(self.currency, str) or not _CURRENCY.fullmatch(self.currency):
            raise PriceError(f"currency {self.currency!r} must be a three-letter code like USD")
        for name in ("input_per_mtok", "output_per_mtok"):
            try:
                amount = parse_amount(getattr(self, name))
            except PriceError as exc:
                raise PriceError(f"{self.model_pattern}: {name}: {exc}") from None
            object.__setattr__(self, name, amount)

    @property
    def is_glob(self) -> bool:
        return is_glob(self.model_pattern)


def find_price(prices: Iterable[ModelPrice], provider_id: str, model: str) -> ModelPrice | None:
    """The row that prices ``model`` on ``provider_id`` (the rule is ``model_rows.best_row``)."""
    return best_row(prices, provider_id, model)


def estimate_cost(usage: Usage | None, price: ModelPrice | None) -> Decimal | None:
    """What ``usage`` costs at ``price``; None when either token count is unknown or no price."""
    if usage is None or price is None:
        return None
    if usage.input_tokens is None or usage.output_tokens is None:
        return None
    return (
        Decimal(usage.input_tokens) * price.input_per_mtok
        + Decimal(usage.output_tokens) * price.output_per_mtok
    ) / PER_TOKENS


def format_cost(amount: Decimal | None, currency: str = "USD") -> str:
    """A cost for display: "$0.0031" below one unit, "$12.35" above, "<$0.0001" for a tiny
    non-zero amount, "$0.00" for nothing, "" when unknown."""
    if amount is None:
        return ""
    prefix = _SYMBOLS.get(currency, f"{currency} ")
    if amount == 0:
        return f"{prefix}0.00"
    sign = "-" if amount < 0 else ""
    amount = abs(amount)
    if amount < _SMALLEST:
        return f"{sign}<{prefix}{_SMALLEST}"
    if amount < 1:
        return f"{sign}{prefix}{amount.quantize(_SMALLEST, rounding=ROUND_HALF_UP)}"
    return f"{sign}{prefix}{amount.quantize(Decimal('0.01'), rounding=ROUND_HALF_UP):,}"


def format_usage(
    usage: Usage | None,
    cost: Decimal | None,
    duration_s: float | None = None,
    currency: str = "USD",
) -> str:
    """The footer under an answer: "1,234 in · 567 out · $0.0031 · 4.2 s"; what is unknown is
    left out ("" when nothing is known)."""
    parts: list[str] = []
    if usage is not None and usage.input_tokens is not None:
        parts.append(f"{usage.input_tokens:,} in")
    if usage is not None and usage.output_tokens is not None:
        parts.append(f"{usage.output_tokens:,} out")
    money = format_cost(cost, currency)
    if money:
        parts.append(money)
    if duration_s is not None and duration_s >= 0:
        parts.append(f"{duration_s:.1f} s")
    return " · ".join(parts)


def sum_usage(usages: Iterable[Usage | None]) -> Usage:
    """Field by field, the sum of the figures reported; a field stays None only when no usage
    reported it (so a session total is "at least" when some turns did not say)."""
    totals: dict[str, int | None] = {f.name: None for f in fields(Usage)}
    for usage in usages:
        if usage is None:
            continue
        for name, current in totals.items():
            value = getattr(usage, name)
            if value is not None:
                totals[name] = value if current is None else current + value
    return Usage(**totals)


def _row(pattern: str, input_price: str, output_price: str) -> ModelPrice:
    return ModelPrice(pattern, Decimal(input_price), Decimal(output_price))


#: List prices per million tokens, in US dollars, as published by the vendors on their pricing
#: pages (openai.com/api/pricing, anthropic.com/pricing, ai.google.dev/gemini-api/docs/pricing),
#: checked on 2026-11-30. They are ESTIMATES: vendors change prices, and cached-input and batch
#: discounts and long-prompt tiers (Gemini 2.5 Pro above 200k tokens) are not modelled. Only
#: models whose list price we are sure of are here; the user edits this table in Settings → Prices
#: (once saved, the saved table replaces this one, even if it is empty). Globs cover a model's
#: dated snapshots only ("claude-sonnet-4-5*" is every Sonnet 4.5 snapshot).
DEFAULT_PRICES: tuple[ModelPrice, ...] = (
    # OpenAI
    _row("gpt-4o", "2.50", "10.00"),
    _row("gpt-4o-2024-08-06", "2.50", "10.00"),
    _row("gpt-4o-2024-11-20", "2.50", "10.00"),
    _row("gpt-4o-mini", "0.15", "0.60"),
    _row("gpt-4o-mini-2024-07-18", "0.15", "0.60"),
    _row("gpt-4.1", "2.00", "8.00"),
    _row("gpt-4.1-2025-04-14", "2.00", "8.00"),
    _row("gpt-4.1-mini*", "0.40", "1.60"),
    _row("gpt-4.1-nano*", "0.10", "0.40"),
    _row("gpt-5", "1.25", "10.00"),
    _row("gpt-5-2025-08-07", "1.25", "10.00"),
    _row("gpt-5-mini*", "0.25", "2.00"),
    _row("gpt-5-nano*", "0.05", "0.40"),
    # Anthropic
    _row("claude-3-5-haiku*", "0.80", "4.00"),
    _row("claude-3-7-sonnet*", "3.00", "15.00"),
    _row("claude-sonnet-4-0", "3.00", "15.00"),
    _row("claude-sonnet-4-2025*", "3.00", "15.00"),
    _row("claude-sonnet-4-5*", "3.00", "15.00"),
    _row("claude-haiku-4-5*", "1.00", "5.00"),
    _row("claude-opus-4-0", "15.00", "75.00"),
    _row("claude-opus-4-2025*", "15.00", "75.00"),
    _row("claude-opus-4-1*", "15.00", "75.00"),
    _row("claude-opus-4-5*", "5.00", "25.00"),
    # Google
    _row("gemini-2.5-pro", "1.25", "10.00"),
    _row("gemini-2.5-flash", "0.30", "2.50"),
    _row("gemini-2.5-flash-lite", "0.10", "0.40"),
    _row("gemini-2.0-flash", "0.10", "0.40"),
)

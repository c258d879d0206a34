"""What a team's turns cost: tokens and an estimated cost per member and model, with totals.

Why it exists: ``parley history costs`` and the History window's Costs view answer the same
question from the same rows (``TeamHistory.usage_by_member``) and the same price table; summing
them in one place means the terminal and the window cannot disagree about a figure.

Invariants it keeps:

- pure: no I/O, no Qt; the caller reads the rows and the prices (on a worker) and shows the
  result;
- a cost is estimated with the domain's ``find_price``/``estimate_cost`` for each row (one
  member, one provider's model); a row without a price is counted in ``unpriced`` and adds its
  tokens but no money — an unknown cost is never shown as zero;
- money is summed per currency (two price rows may be in two currencies) and never converted;
- the order is the rows' order (members as the store sorts them, models by first appearance), so
  the two surfaces list them alike.

The same pricing gives each listed conversation its cost (``session_costs``: the History
window's Cost column, ``parley history list``) and narrows a listing to the conversations that
cost at least an amount (``costing_at_least``). That filter runs here, not in SQL: the prices are
settings, not rows, and a store must not need them to answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from parley.application.ports.event_store import (
    EventStore,
    SearchFilters,
    SessionSummary,
    SessionUsage,
)
from parley.application.ports.team_sync import MemberUsageRow
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import Usage
from parley.domain.usage.pricing import ModelPrice, estimate_cost, find_price, format_cost


@dataclass(frozen=True)
class CostLine:
    """One member's finished turns on one provider's model, and what they cost (``cost`` None:
    no price for that model)."""

    member: str
    provider_id: str
    model: str
    turns: int
    input_tokens: int
    output_tokens: int
    cost: Decimal | None
    currency: str

    @property
    def model_name(self) -> str:
        """``provider/model`` (the model alone when the provider is unknown)."""
        return model_name(self.provider_id, self.model)


@dataclass(frozen=True)
class CostTotal:
    """Turns, tokens and money summed under one key (a member, a model, or everything);
    ``costs`` holds one ``(currency, amount)`` per currency met, sorted by currency."""

    key: str
    turns: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    costs: tuple[tuple[str, Decimal], ...] = ()

    @property
    def money(self) -> str:
        """The amounts for display ("$1.20 + €0.30"), "-" when nothing was priced."""
        return money(dict(self.costs))


@dataclass(frozen=True)
class CostSummary:
    """The rows priced, their totals per member and per model, the grand total, and how many
    rows had no price."""

    lines: tuple[CostLine, ...]
    members: tuple[CostTotal, ...]
    models: tuple[CostTotal, ...]
    total: CostTotal
    unpriced: int


def model_name(provider_id: str, model: str) -> str:
    return f"{provider_id}/{model}" if provider_id else model


def money(costs: Mapping[str, Decimal]) -> str:
    """Amounts per currency for display, joined with " + " ("-" when there is none)."""
    return " + ".join(format_cost(v, c) for c, v in sorted(costs.items())) or "-"


def summarize_costs(rows: Iterable[MemberUsageRow], prices: Sequence[ModelPrice]) -> CostSummary:
    """Price each row with ``prices`` and sum per member, per model and overall."""
    lines: list[CostLine] = []
    sums: dict[tuple[str, str], _Sum] = {}
    members: dict[str, None] = {}  # (ordered sets: first seen first)
    models: dict[str, None] = {}
    price_of = _price_finder(prices)
    for row in rows:
        price = price_of(row.provider_id, row.model)
        cost = estimate_cost(Usage(row.input_tokens, row.output_tokens), price)
        line = CostLine(
            member=row.member,
            provider_id=row.provider_id,
            model=row.model,
            turns=row.turns,
            input_tokens=row.input_tokens,
            output_tokens=row.output_tokens,
            cost=cost,
            currency=price.currency if price is not None else "",
        )
        lines.append(line)
        for kind, key, seen in (
            ("member", line.member, members),
            ("model", line.model_name, models),
            ("total", "", None),
        ):
            if seen is not None:
                seen.setdefault(key, None)
            sums.setdefault((kind, key), _Sum()).add(line)
    total = sums.get(("total", ""), _Sum()).total("")
    return CostSummary(
        lines=tuple(lines),
        members=tuple(sums[("member", key)].total(key) for key in members),
        models=tuple(sums[("model", key)].total(key) for key in models),
        total=total,
        unpriced=sum(line.cost is None for line in lines),
    )


def _price_finder(
    prices: Sequence[ModelPrice],
) -> Callable[[str, str], ModelPrice | None]:
    """``find_price`` with one lookup per (provider, model): matching the table's globs is the
    slow part (a listing of 10,000 conversations on three models priced in 1.3 s without it)."""
    found: dict[tuple[str, str], ModelPrice | None] = {}

    def price_of(provider_id: str, model: str) -> ModelPrice | None:
        key = (provider_id, model)
        if key not in found:
            found[key] = find_price(prices, provider_id, model)
        return found[key]

    return price_of


class _Sum:
    """A running total while the rows are read (mutable, private; frozen once done)."""

    def __init__(self) -> None:
        self.turns = self.input_tokens = self.output_tokens = 0
        self.costs: dict[str, Decimal] = {}

    def add(self, line: CostLine) -> None:
        self.turns += line.turns
        self.input_tokens += line.input_tokens
        self.output_tokens += line.output_tokens
        if line.cost is not None:
            self.costs[line.currency] = self.costs.get(line.currency, Decimal(0)) + line.cost

    def total(self, key: str) -> CostTotal:
        return CostTotal(
            key,
            self.turns,
            self.input_tokens,
            self.output_tokens,
            tuple(sorted(self.costs.items())),
        )


@dataclass(frozen=True)
class SessionCost:
    """What one conversation's finished turns cost: ``costs`` holds one ``(currency, amount)``
    per currency met (sorted); ``unpriced`` counts its turns on a model without a price, whose
    cost is unknown (never counted as zero)."""

    costs: tuple[tuple[str, Decimal], ...] = ()
    unpriced: int = 0

    @property
    def money(self) -> str:
        """For display: "$0.42", "$0.42 + ?" when some turns have no price, "?" when none has,
        "-" for a conversation without a finished turn."""
        shown = money(dict(self.costs)) if self.costs else ""
        if not self.unpriced:
            return shown or "-"
        return f"{shown} + ?" if shown else "?"

    def amount(self) -> Decimal:
        """The largest of its amounts (one currency in practice; 0 when nothing was priced):
        what a column sorts on and a "cost at least" filter compares."""
        return max((value for _currency, value in self.costs), default=Decimal(0))

    def at_least(self, minimum: Decimal) -> bool:
        """Whether a known amount, in any of its currencies, reaches ``minimum`` (an unknown
        cost never does: a filter on money must not list what it cannot price)."""
        return any(value >= minimum for _currency, value in self.costs)


def session_costs(
    rows: Iterable[SessionUsage], prices: Sequence[ModelPrice]
) -> dict[str, SessionCost]:
    """Price each conversation's usage rows and sum them per conversation."""
    sums: dict[str, dict[str, Decimal]] = {}
    unpriced: dict[str, int] = {}
    price_of = _price_finder(prices)
    for row in rows:
        amounts = sums.setdefault(row.session_id, {})
        unpriced.setdefault(row.session_id, 0)
        price = price_of(row.provider_id, row.model)
        cost = estimate_cost(Usage(row.input_tokens, row.output_tokens), price)
        if cost is None or price is None:
            unpriced[row.session_id] += row.turns
            continue
        amounts[price.currency] = amounts.get(price.currency, Decimal(0)) + cost
    return {
        sid: SessionCost(tuple(sorted(amounts.items())), unpriced[sid])
        for sid, amounts in sums.items()
    }


def costs_of(
    store: EventStore, session_ids: Sequence[str], prices: Sequence[ModelPrice]
) -> dict[str, SessionCost]:
    """The cost of each of ``session_ids`` (one without a finished turn is left out). Blocking:
    call on a worker."""
    return session_costs(store.session_usage(session_ids), prices) if session_ids else {}


#: Conversations priced per read while a listing is narrowed by cost.
COST_BATCH = 500


def costing_at_least(
    store: EventStore,
    minimum: Decimal,
    prices: Sequence[ModelPrice],
    filters: SearchFilters | None = None,
    *,
    rows: Sequence[SessionSummary] | None = None,
    limit: int | None = None,
) -> tuple[list[SessionSummary], dict[str, SessionCost]]:
    """The conversations matching ``filters`` (or the given ``rows``, in their order) whose
    known cost reaches ``minimum``, at most ``limit`` of them, with their costs. Reads the
    listing once and prices it ``COST_BATCH`` conversations at a time, stopping when ``limit``
    are found. Blocking: call on a worker."""
    if minimum < 0:
        raise ValueError("a minimum cost cannot be negative")
    listed = store.summaries(filters) if rows is None else rows
    kept: list[SessionSummary] = []
    costs: dict[str, SessionCost] = {}
    for batch in _batches(listed, COST_BATCH):
        priced = costs_of(store, [s.id for s in batch], prices)
        for summary in batch:
            cost = priced.get(summary.id)
            if cost is not None and cost.at_least(minimum):
                kept.append(summary)
                costs[summary.id] = cost
                if limit is not None and len(kept) >= limit:
                    return kept, costs
    return kept, costs


# Why a typed "cost at least" is not an amount (the History filter's tooltip): marked.
_NOT_AN_AMOUNT = QT_TRANSLATE_NOOP("Costs", "{text!r} is not an amount: write it like 0.50")
_NEGATIVE = QT_TRANSLATE_NOOP("Costs", "{text!r} is not an amount: write a number of 0 or more")


def parse_amount(text: str) -> Decimal | None:
    """A "cost at least" amount as typed ("0.5", "$2", "1,50"); None for an empty text. Raises
    ``ValueError`` with a sentence for anything else."""
    cleaned = text.strip().lstrip("$€£¥").strip().replace(",", ".")
    if not cleaned:
        return None
    try:
        value = Decimal(cleaned)
    except ArithmeticError:
        raise ValueError(_NOT_AN_AMOUNT.format(text=text.strip())) from None
    if not value.is_finite() or value < 0:
        raise ValueError(_NEGATIVE.format(text=text.strip()))
    return value


def _batches(rows: Sequence[SessionSummary], size: int) -> Iterator[Sequence[SessionSummary]]:
    for start in range(0, len(rows), size):
        yield rows[start : start + size]

"""What a conversation cost, in the listing, and the "cost at least" filter (issue 19): priced in
the application layer from a real SQLite store's turn rows and the price table, and through
``parley history list --min-cost`` on a profile in a temporary folder.

The PostgreSQL side of the same filter is in ``test_team_operators.py`` (a real server); the
window's Cost column and field in ``tests/ui/test_history_costs.py``.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from parley.application.history import costs as costs_module
from parley.application.history.costs import (
    SessionCost,
    costing_at_least,
    costs_of,
    parse_amount,
)
from parley.domain.transcript.canonical import (
    AssistantText,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)
from parley.domain.usage.pricing import ModelPrice
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path
from tests.integration.test_cli import Profile
from tests.support.cli_profile import headless  # noqa: F401 (a fixture)

pytestmark = pytest.mark.usefixtures("headless")

#: $2.50 in and $10 out per million tokens; "mystery" has no price.
PRICES = [ModelPrice("gpt-4o", Decimal("2.50"), Decimal("10.00"))]


def turn(
    store: SqliteEventStore, session: str, turn_id: str, model: str, usage: Usage | None,
    status: str = "completed",
) -> None:  # fmt: skip
    """One turn on ``model``; ``usage`` None leaves it running (no ``turn_finished``)."""
    store.append(session, turn_id, TurnStarted(provider_id="p", model=model), actor="user")
    store.append(session, turn_id, UserMessage(text=f"question {turn_id}"), actor="user")
    if usage is None:
        return
    store.append(session, turn_id, AssistantText(text="Answer.", model=model), actor="assistant")
    store.append(session, turn_id, TurnFinished(status=status, usage=usage), actor="runtime")


def seed(store: SqliteEventStore) -> dict[str, str]:
    """Five conversations, by name:

    - ``dear``: two gpt-4o turns, 100,000 in / 20,000 out each: $0.45 each, $0.90 in all;
    - ``cheap``: one gpt-4o turn, 1,000 / 2,000: $0.0225;
    - ``mixed``: one gpt-4o turn ($0.45) and one on a model without a price;
    - ``unknown``: one turn on a model without a price only;
    - ``empty``: a turn still running (no finished turn: nothing to price).
    """
    ids = {}
    for name in ("dear", "cheap", "mixed", "unknown", "empty"):
        ids[name] = store.create_session(name.title()).id
    big = Usage(100_000, 20_000)
    turn(store, ids["dear"], "d1", "gpt-4o", big)
    turn(store, ids["dear"], "d2", "gpt-4o", big, status="failed")
    turn(store, ids["cheap"], "c1", "gpt-4o", Usage(1000, 2000))
    turn(store, ids["mixed"], "m1", "gpt-4o", big)
    turn(store, ids["mixed"], "m2", "mystery", Usage(5, 5))
    turn(store, ids["unknown"], "u1", "mystery", Usage(5, 5))
    turn(store, ids["empty"], "e1", "gpt-4o", None)
    return ids


@pytest.fixture
def store(tmp_path: Path):
    with SqliteEventStore(tmp_path / "events.db") as opened:
        yield opened


def test_each_conversation_is_priced_from_its_finished_turns(store: SqliteEventStore) -> None:
    ids = seed(store)
    costs = costs_of(store, list(ids.values()), PRICES)
    assert costs[ids["dear"]] == SessionCost((("USD", Decimal("0.9")),), 0)
    assert costs[ids["cheap"]].money == "$0.0225"
    assert costs[ids["mixed"]].money == "$0.4500 + ?"  # known part, and a turn without a price
    assert costs[ids["mixed"]].unpriced == 1
    assert costs[ids["unknown"]].money == "?"  # unknown is never shown as zero
    assert ids["empty"] not in costs  # a running turn has nothing to price yet
    assert costs_of(store, [], PRICES) == {}
    assert costs_of(store, ["no-such-conversation"], PRICES) == {}


def test_cost_at_least_keeps_only_what_reaches_the_amount_in_listing_order(
    store: SqliteEventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = seed(store)
    # Two per read, so the filter crosses batch boundaries and stops early at the limit.
    monkeypatch.setattr(costs_module, "COST_BATCH", 2)
    listed = [s.id for s in store.summaries()]
    rows, costs = costing_at_least(store, Decimal("0.45"), PRICES)
    assert [s.id for s in rows] == [i for i in listed if i in (ids["dear"], ids["mixed"])]
    assert set(costs) == {ids["dear"], ids["mixed"]}
    rows, _ = costing_at_least(store, Decimal("0.45"), PRICES, limit=1)
    assert len(rows) == 1
    # Zero keeps every conversation with a known amount, not the unknown or empty ones.
    rows, _ = costing_at_least(store, Decimal(0), PRICES)
    assert {s.id for s in rows} == {ids["dear"], ids["cheap"], ids["mixed"]}
    # Above everything: nothing; the rows given are narrowed in their own order.
    assert costing_at_least(store, Decimal("5"), PRICES)[0] == []
    given = list(reversed(store.summaries()))
    rows, _ = costing_at_least(store, Decimal("0.01"), PRICES, rows=given)
    assert [s.id for s in rows] == [s.id for s in given if s.id in costs or s.id == ids["cheap"]]
    with pytest.raises(ValueError, match="negative"):
        costing_at_least(store, Decimal("-1"), PRICES)


@pytest.mark.parametrize(
    ("text", "amount"),
    [("0.5", Decimal("0.5")), ("$2", Decimal(2)), ("€ 1,50", Decimal("1.50")), ("  ", None)],
)
def test_an_amount_is_read_as_people_type_it(text: str, amount: Decimal | None) -> None:
    assert parse_amount(text) == amount


@pytest.mark.parametrize("text", ["abc", "-1", "nan", "Infinity", "1.2.3"])
def test_what_is_not_an_amount_is_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(ValueError, match="is not an amount"):
        parse_amount(text)


def test_history_list_shows_each_cost_and_filters_by_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    profile = Profile(tmp_path, capsys)
    JsonSettingsStore(profile.config).set_prices(PRICES)
    with SqliteEventStore(default_db_path(profile.data)) as store:
        ids = seed(store)

    code, out, err = profile.run("history", "list", "--json")
    assert code == 0, err
    rows = {row["id"]: row for row in json.loads(out)}
    assert rows[ids["dear"]]["cost"] == {"USD": "0.90"}
    assert rows[ids["mixed"]]["unpriced_turns"] == 1
    assert rows[ids["unknown"]]["cost"] == {} and rows[ids["empty"]]["cost"] == {}

    code, out, err = profile.run("history", "list", "--min-cost", "0.45", "--json")
    assert code == 0, err
    assert {row["id"] for row in json.loads(out)} == {ids["dear"], ids["mixed"]}
    code, out, err = profile.run("history", "list", "--min-cost", "$0.02", "--limit", "1")
    assert code == 0, err
    assert len(out.splitlines()) == 1 and "$" in out
    code, out, err = profile.run("history", "list", "--min-cost", "0.01", "--search", "c1")
    assert code == 0, err
    assert ids["cheap"] in out and ids["dear"] not in out
    code, out, err = profile.run("history", "list", "--min-cost", "100")
    assert code == 0 and out == "" and "no conversations match" in err
    code, out, err = profile.run("history", "list")
    assert code == 0, err
    assert "$0.9000" in out and "$0.4500 + ?" in out

    code, out, err = profile.run("history", "list", "--min-cost", "lots")
    assert code == 2 and "--min-cost: 'lots' is not an amount" in err and out == ""

"""A compaction stands in for the same turns after its conversation is exported and imported,
or duplicated — though every event gets a new store id on the way.

A ``compaction`` names the events it replaces by their store ids (``replaces = (first, last)``)
and a ``context_checked`` the compaction its request used (``compaction_id``). These tests build
a conversation in a real SQLite store whose ids do not start at 1 (another conversation came
first), compact its first four turns, and check, by turn id, which turns the summary stands in
for when the next request is rendered — before, and after export → import into a fresh store,
and after ``duplicate_session``. Without the rewrite, the imported summary stood in for turns 3-6
(the new ids 10-25) and the duplicate's for nothing (the ids were the original's). A reference
the export cannot resolve (a damaged or partial record) is cleared: the summary applies nowhere,
rather than to the wrong turns.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parley.application.conversations.compaction import applicable_record
from parley.application.conversations.render import RenderedRequest, render_turn_request
from parley.application.history.export import export_session
from parley.application.history.importers import import_data
from parley.domain.transcript.canonical import (
    AssistantText,
    Compaction,
    ContextChecked,
    Fact,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    UserMessage,
)
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore

MODEL = "model-a"
SUMMARY = "Turns one to four, in brief: the user asked four questions and got four answers."
CURRENT = "turn-7"
COMPACTED = ["turn-1", "turn-2", "turn-3", "turn-4"]


@pytest.fixture
def origin(tmp_path: Path) -> Iterator[SqliteEventStore]:
    with SqliteEventStore(tmp_path / "origin" / "parley.db") as store:
        yield store


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[SqliteEventStore]:
    with SqliteEventStore(tmp_path / "fresh" / "parley.db") as store:
        yield store


def append_turn(
    store: SqliteEventStore, session_id: str, n: int, *middle: tuple[Any, str]
) -> list[StoredEvent]:
    """Turn ``n``: started (after turn n-1), the question, ``middle``, the answer, finished."""
    turn = f"turn-{n}"
    follows = f"turn-{n - 1}" if n > 1 else None
    stored = list(
        store.append_many(
            session_id,
            turn,
            [
                (TurnStarted(provider_id="local", model=MODEL, follows_turn_id=follows), "runtime"),
                (UserMessage(text=f"question {n}"), "user"),
            ],
        )
    )
    for event, actor in middle:
        stored.append(store.append(session_id, turn, event, actor=actor))
    stored.append(
        store.append(session_id, turn, AssistantText(text=f"answer {n}", model=MODEL), actor="a")
    )
    stored.append(store.append(session_id, turn, TurnFinished(status="completed"), actor="r"))
    return stored


def build(store: SqliteEventStore) -> str:
    """Six turns, then a seventh whose request rendered a summary of the first four (recorded
    as the runtime records it: the compaction, then the context check naming it)."""
    before = store.create_session("another conversation first")
    for i in range(9):  # so this conversation's ids start at 10, not 1
        store.append(before.id, "t", Fact(text=f"padding {i}"))
    session = store.create_session("a long conversation")
    turns = [append_turn(store, session.id, n) for n in range(1, 7)]
    first, last = turns[0][0].id, turns[3][-1].id
    assert first == 10  # the ids a fresh store would give are not these
    turn = "turn-7"
    store.append_many(
        session.id,
        turn,
        [
            (TurnStarted(provider_id="local", model=MODEL, follows_turn_id="turn-6"), "runtime"),
            (UserMessage(text="question 7"), "user"),
        ],
    )
    compaction = store.append(
        session.id,
        turn,
        Compaction(summary=SUMMARY, model=MODEL, replaces=(first, last), turns=4, trigger="auto"),
        actor="runtime",
    )
    store.append(
        session.id,
        turn,
        ContextChecked(window=8192, prompt_tokens=900, compaction_id=compaction.id),
        actor="runtime",
    )
    store.append(session.id, turn, AssistantText(text="answer 7", model=MODEL), actor="a")
    store.append(session.id, turn, TurnFinished(status="completed"), actor="r")
    return session.id


def stood_in_for(store: SqliteEventStore, session_id: str) -> list[str]:
    """The turns (in log order) whose events the applicable compaction stands in for."""
    events = list(store.events(session_id))
    found = applicable_record(events, events)  # one branch: every event is on the path
    if found is None:
        return []
    _record, replaced = found
    turns: list[str] = []
    for stored in events:
        if stored.id in replaced and stored.turn_id not in turns:
            turns.append(stored.turn_id)
    return turns


def rendered(store: SqliteEventStore, session_id: str) -> RenderedRequest:
    return render_turn_request(store.events(session_id), current_turn_id=CURRENT, model=MODEL)


def the_only(store: SqliteEventStore, session_id: str, kind: type) -> StoredEvent:
    (found,) = [s for s in store.events(session_id) if isinstance(s.event, kind)]
    return found


def sent_text(request: RenderedRequest) -> str:
    return "\n".join(m.content for m in request.request.messages)


def exported(store: SqliteEventStore, session_id: str) -> dict[str, Any]:
    """The JSON export, as a file would hold it."""
    data: dict[str, Any] = json.loads(json.dumps(export_session(store, session_id)))
    return data


def imported(store: SqliteEventStore, data: dict[str, Any]) -> str:
    report = import_data(store, data)
    assert [c.status for c in report.conversations] == ["imported"], report
    return report.conversations[0].session_id


def assert_same_turns_as_original(
    store: SqliteEventStore, session_id: str, original: RenderedRequest
) -> None:
    assert stood_in_for(store, session_id) == COMPACTED
    now = rendered(store, session_id)
    assert now.request.messages == original.request.messages
    compaction = the_only(store, session_id, Compaction)
    assert now.compaction_id == compaction.id
    # The context check still names the summary its request used, under its new id.
    checked = the_only(store, session_id, ContextChecked).event
    assert isinstance(checked, ContextChecked) and checked.compaction_id == compaction.id
    assert store.verify_chain(session_id).ok


def assert_applies_nowhere(store: SqliteEventStore, session_id: str) -> None:
    assert stood_in_for(store, session_id) == []
    request = rendered(store, session_id)
    assert request.compaction_id == 0
    text = sent_text(request)
    assert SUMMARY not in text
    assert all(f"question {n}" in text and f"answer {n}" in text for n in range(1, 7))
    assert store.verify_chain(session_id).ok


def test_the_original_summary_stands_in_for_the_first_four_turns(
    origin: SqliteEventStore,
) -> None:
    session_id = build(origin)
    assert stood_in_for(origin, session_id) == COMPACTED
    text = sent_text(rendered(origin, session_id))
    assert SUMMARY in text
    assert not any(f"question {n}" in text for n in range(1, 5))
    assert all(f"question {n}" in text for n in range(5, 8))


def test_an_imported_export_keeps_its_summary_on_the_same_turns(
    origin: SqliteEventStore, fresh: SqliteEventStore
) -> None:
    session_id = build(origin)
    original = rendered(origin, session_id)

    new_id = imported(fresh, exported(origin, session_id))

    assert new_id == session_id
    assert the_only(fresh, new_id, Compaction).id != the_only(origin, session_id, Compaction).id
    assert_same_turns_as_original(fresh, new_id, original)


def test_importing_into_the_same_store_again_makes_a_copy_with_its_own_ids(
    origin: SqliteEventStore,
) -> None:
    session_id = build(origin)
    original = rendered(origin, session_id)

    copy_id = imported(origin, exported(origin, session_id))

    assert copy_id != session_id  # the conversation is here already: imported as a copy
    assert_same_turns_as_original(origin, copy_id, original)
    assert_same_turns_as_original(origin, session_id, original)


def test_a_duplicate_keeps_its_summary_on_the_same_turns(origin: SqliteEventStore) -> None:
    session_id = build(origin)
    original = rendered(origin, session_id)

    duplicate = origin.duplicate_session(session_id)

    assert_same_turns_as_original(origin, duplicate.id, original)
    assert_same_turns_as_original(origin, session_id, original)  # the original is untouched


def test_an_export_of_the_import_names_the_same_events_as_the_first_export(
    origin: SqliteEventStore, fresh: SqliteEventStore
) -> None:
    session_id = build(origin)
    first = exported(origin, session_id)
    second = exported(fresh, imported(fresh, first))

    def named(export: dict[str, Any]) -> list[tuple[str, str, Any]]:
        """What the compaction and the context check name, resolved within the export."""
        by_id = {e["id"]: e for e in export["events"]}
        names = []
        for event in export["events"]:
            if event["type"] == "compaction":
                names.extend(event["payload"]["replaces"])
            elif event["type"] == "context_checked":
                names.append(event["payload"]["compaction_id"])
        return [
            (by_id[i]["turn_id"], by_id[i]["type"], by_id[i]["payload"].get("summary", ""))
            for i in names
        ]

    assert [e["id"] for e in second["events"]] != [e["id"] for e in first["events"]]
    assert named(second) == named(first)
    assert [(t, kind) for t, kind, _summary in named(first)] == [
        ("turn-1", "turn_started"),
        ("turn-4", "turn_finished"),
        ("turn-7", "compaction"),
    ]


def test_a_partial_earlier_import_is_recognised_though_its_ids_differ(
    origin: SqliteEventStore, fresh: SqliteEventStore
) -> None:
    session_id = build(origin)
    original = rendered(origin, session_id)
    whole = exported(origin, session_id)
    partial = copy.deepcopy(whole)
    partial["events"] = whole["events"][:-2]  # a kill after the context check of turn 7
    assert imported(fresh, partial) == session_id

    report = import_data(fresh, whole)

    (again,) = report.conversations
    assert (again.status, again.session_id) == ("imported", session_id)
    assert "stopped part-way" in again.note
    assert [s.id for s in fresh.list_sessions()] == [session_id]
    assert_same_turns_as_original(fresh, session_id, original)


def _first_event_without_id(data: dict[str, Any]) -> None:
    del data["events"][0]["id"]


def _range_past_the_export(data: dict[str, Any]) -> None:
    (compaction,) = [e for e in data["events"] if e["type"] == "compaction"]
    compaction["payload"]["replaces"][1] = 9999


def _an_id_given_twice(data: dict[str, Any]) -> None:
    fifth = next(e for e in data["events"] if e["turn_id"] == "turn-5")
    fifth["id"] = data["events"][0]["id"]


@pytest.mark.parametrize(
    "damage", [_first_event_without_id, _range_past_the_export, _an_id_given_twice]
)
def test_a_summary_naming_events_the_export_cannot_resolve_applies_nowhere(
    origin: SqliteEventStore, fresh: SqliteEventStore, damage: Any
) -> None:
    session_id = build(origin)
    data = exported(origin, session_id)
    damage(data)

    new_id = imported(fresh, data)

    compaction = the_only(fresh, new_id, Compaction)
    assert isinstance(compaction.event, Compaction)
    assert compaction.event.replaces == ()
    assert compaction.event.summary == SUMMARY  # the record is kept, only its range cleared
    assert_applies_nowhere(fresh, new_id)


def test_a_context_check_naming_a_compaction_the_export_lacks_names_none(
    origin: SqliteEventStore, fresh: SqliteEventStore
) -> None:
    session_id = build(origin)
    data = exported(origin, session_id)
    data["events"] = [e for e in data["events"] if e["type"] != "compaction"]

    new_id = imported(fresh, data)

    checked = the_only(fresh, new_id, ContextChecked).event
    assert isinstance(checked, ContextChecked)
    assert (checked.compaction_id, checked.window, checked.prompt_tokens) == (0, 8192, 900)
    assert_applies_nowhere(fresh, new_id)


def test_a_duplicate_of_a_damaged_summary_applies_nowhere(origin: SqliteEventStore) -> None:
    session = origin.create_session("damaged")
    turns = [append_turn(origin, session.id, n) for n in range(1, 7)]
    # A summary naming an event that is not in this conversation (one of another log).
    append_turn(
        origin,
        session.id,
        7,
        (Compaction(summary=SUMMARY, model=MODEL, replaces=(1, turns[3][-1].id + 10_000)), "r"),
    )
    assert stood_in_for(origin, session.id) == []

    duplicate = origin.duplicate_session(session.id)

    compaction = the_only(origin, duplicate.id, Compaction).event
    assert isinstance(compaction, Compaction) and compaction.replaces == ()
    assert_applies_nowhere(origin, duplicate.id)

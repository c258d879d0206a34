"""The named session operations: what each does to the store and the ``OpChanges`` it returns.

The store is an in-memory stand-in for the port (tests/support/memory_store.py); the window tests
(tests/ui/test_session_operations_ui.py) check that the views follow these values.
"""

from __future__ import annotations

import pytest

from parley.application.ports.event_store import SessionNotFound
from parley.application.sessions import operations as ops
from parley.domain.transcript.canonical import StoredEvent, TurnFinished, UserMessage
from tests.support.memory_store import MemorySessionStore, ScriptedTitleProvider


@pytest.fixture
def store() -> MemorySessionStore:
    return MemorySessionStore()


def test_rename_collapses_whitespace_and_reports_the_title_and_the_list(store) -> None:
    s = store.create_session("Old")
    changes = ops.rename(store, s.id, "  New \n title ")
    assert store.rows[s.id].title == "New title"
    assert changes == ops.OpChanges(ops.RENAME, s.id, title="New title", listing=True)
    assert changes.changed


def test_an_empty_title_is_not_a_rename(store) -> None:
    s = store.create_session("Old")
    changes = ops.rename(store, s.id, "   ")
    assert store.calls == [] and store.rows[s.id].title == "Old"
    assert not changes.changed and changes.session_id == s.id


def test_pin_changes_the_order_only(store) -> None:
    s = store.create_session("A")
    changes = ops.pin(store, s.id, True)
    assert store.rows[s.id].pinned
    assert changes.order and changes.listing
    assert changes.title is None and not changes.deleted and not changes.project


def test_duplicate_reports_the_copy_it_created(store) -> None:
    s = store.create_session("Plan", project_id="p1")
    changes = ops.duplicate(store, s.id)
    assert changes.created is not None and changes.created.title == "Plan (copy)"
    assert changes.session_id == changes.created.id != s.id
    assert changes.created.project_id == "p1" and changes.listing


@pytest.mark.parametrize(("given", "stored"), [("p1", "p1"), ("", None), (None, None)])
def test_move_to_project_reports_where_to(store, given, stored) -> None:
    s = store.create_session("A", project_id="old")
    changes = ops.move_to_project(store, s.id, given)
    assert store.rows[s.id].project_id == stored
    assert changes.project and changes.project_id == stored and changes.listing


def test_hide_and_restore_touch_no_store_and_delete_does(store) -> None:
    s = store.create_session("A")
    hidden = ops.hide(s.id)
    assert hidden.deleted and hidden.undoable and hidden.listing
    back = ops.restore(s.id)
    assert back.restored and not back.deleted
    assert store.calls == []
    gone = ops.delete(store, s.id)
    assert s.id not in store.rows
    assert gone.deleted and not gone.undoable and gone.session_id == s.id


def test_an_operation_on_a_missing_conversation_raises(store) -> None:
    with pytest.raises(SessionNotFound):
        ops.pin(store, "nope", True)


def _log(*statuses: str) -> list[StoredEvent]:
    events = [StoredEvent(0, "t", "s", "t0", UserMessage("hi"))]
    for n, status in enumerate(statuses, 1):
        events.append(StoredEvent(n, "t", "s", f"t{n}", TurnFinished(status)))
    return events


@pytest.mark.parametrize(
    ("statuses", "shown", "stored", "wanted"),
    [
        (("completed",), "", "", True),
        (("completed",), "Derived", "Derived", True),
        (("failed", "completed"), "Derived", "Derived", True),  # a failed try before is fine
        (("completed", "completed"), "Derived", "Derived", False),  # not the first answer
        (("failed",), "", "", False),
        (("completed",), "Typed by me", "Derived", False),  # the user typed a title
    ],
)
def test_when_a_title_is_generated(statuses, shown, stored, wanted) -> None:
    assert ops.wants_generated_title(_log(*statuses), shown=shown, stored=stored) is wanted


def test_a_generated_title_replaces_only_a_title_parley_made(store) -> None:
    s = store.create_session("what is the capital")
    provider = ScriptedTitleProvider("Title: “Capital of France”.")
    changes = ops.generated_title(
        store, provider, s.id, model="m", prompt="what is the capital", answer="Paris",
        replaceable=("what is the capital",),
    )  # fmt: skip
    assert store.rows[s.id].title == "Capital of France"
    assert changes.title == "Capital of France" and changes.listing
    assert "what is the capital" in (changes.replaces or ())
    assert len(provider.requests) == 1


def test_a_generated_title_never_replaces_one_the_user_set_meanwhile(store) -> None:
    s = store.create_session("Mine")
    changes = ops.generated_title(
        store, ScriptedTitleProvider("Capital of France"), s.id, model="m", prompt="q",
        answer="a", replaceable=("q",),
    )  # fmt: skip
    assert store.rows[s.id].title == "Mine"
    assert not changes.changed
    assert [c[0] for c in store.calls] == ["get_session"]


@pytest.mark.parametrize(
    ("changes", "shown", "expected"),
    [
        (ops.OpChanges(ops.RENAME, "s", title="New"), "Old", "New"),
        (ops.OpChanges(ops.RENAME, "s", title="Same"), "Same", None),
        (ops.OpChanges(ops.PIN, "s", order=True), "Old", None),
        (ops.OpChanges(ops.GENERATE_TITLE, "s", title="Gen", replaces=("", "q")), "q", "Gen"),
        (ops.OpChanges(ops.GENERATE_TITLE, "s", title="Gen", replaces=("", "q")), "", "Gen"),
        (ops.OpChanges(ops.GENERATE_TITLE, "s", title="Gen", replaces=("", "q")), "Mine", None),
    ],
)
def test_title_to_show(changes, shown, expected) -> None:
    assert ops.title_to_show(changes, shown) == expected

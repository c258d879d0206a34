"""Branches: the tree of turns, the path shown, and what a provider is sent."""

from __future__ import annotations

from parley.application.conversations.render import render_chat_request
from parley.domain.transcript.branches import (
    ROOT,
    BranchTree,
    events_on_path,
    follows_for_new_turn,
    follows_for_sibling,
)
from parley.domain.transcript.canonical import (
    AssistantText,
    Event,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    UserMessage,
)


class Log:
    """A conversation built event by event, as the store would record it."""

    def __init__(self) -> None:
        self.events: list[StoredEvent] = []

    def add(self, turn_id: str, event: Event) -> None:
        n = len(self.events) + 1
        self.events.append(
            StoredEvent(
                id=n,
                ts="2026-11-30T00:00:00Z",
                session_id="s",
                turn_id=turn_id,
                event=event,
            )
        )

    def turn(self, turn_id: str, text: str, answer: str, follows: str | None, **kw) -> None:
        self.add(turn_id, TurnStarted(provider_id="p", model="m", follows_turn_id=follows, **kw))
        self.add(turn_id, UserMessage(text=text))
        self.add(turn_id, AssistantText(text=answer, model="m"))
        self.add(turn_id, TurnFinished(status="completed"))


def _tree_log() -> Log:
    # t1 ─┬─ t2 ── t4
    #     └─ t3            (t3 regenerated t2)
    log = Log()
    log.turn("t1", "hello", "hi", ROOT)
    log.turn("t2", "question", "answer A", "t1")
    log.turn("t3", "question", "answer B", "t1")
    log.turn("t4", "follow-up", "more", "t2")
    return log


def test_latest_path_follows_the_latest_child_at_each_level():
    tree = BranchTree(_tree_log().events)
    assert tree.path_through(None) == ("t1", "t3")
    assert tree.leaf(None) == "t3"


def test_selecting_a_sibling_shows_its_path_down_to_its_latest_leaf():
    tree = BranchTree(_tree_log().events)
    assert tree.path_through("t2") == ("t1", "t2", "t4")
    assert tree.path_to("t4") == ("t1", "t2", "t4")


def test_positions_count_siblings_and_name_neighbours():
    tree = BranchTree(_tree_log().events)
    first, second = tree.position("t2"), tree.position("t3")
    assert (first.index, first.count, first.previous, first.next) == (1, 2, None, "t3")
    assert (second.index, second.count, second.previous, second.next) == (2, 2, "t2", None)
    assert second.label == "2 / 2"
    assert set(tree.positions(("t1", "t2", "t4"))) == {"t2"}  # only turns with siblings


def test_new_turns_follow_the_leaf_and_siblings_share_a_parent():
    tree = BranchTree(_tree_log().events)
    assert follows_for_new_turn(tree, "t2") == "t4"
    assert follows_for_new_turn(tree, None) == "t3"
    assert follows_for_sibling(tree, "t4") == "t2"
    assert follows_for_sibling(tree, "t1") == ROOT
    assert follows_for_new_turn(BranchTree(()), None) == ROOT


def test_events_on_path_keep_only_that_path():
    log = _tree_log()
    kept = events_on_path(log.events, ("t1", "t2", "t4"))
    assert {s.turn_id for s in kept} == {"t1", "t2", "t4"}


def test_legacy_logs_without_follows_are_linear_and_a_retry_is_a_sibling():
    log = Log()
    log.turn("a", "one", "1", None)
    log.turn("b", "two", "", None)
    log.turn("c", "two", "2", None, retry_of="b")
    log.turn("d", "three", "3", None)
    tree = BranchTree(log.events)
    assert tree.parent == {"a": None, "b": "a", "c": "a", "d": "c"}
    assert tree.path_through(None) == ("a", "c", "d")


def test_an_unknown_parent_keeps_the_turn_visible_as_a_root():
    log = Log()
    log.turn("x", "orphan", "still here", "missing-turn")
    assert BranchTree(log.events).path_through(None) == ("x",)


def test_provider_receives_only_the_current_turns_path():
    log = _tree_log()
    log.add("t5", TurnStarted(provider_id="p", model="m", follows_turn_id="t2"))
    log.add("t5", UserMessage(text="edited follow-up"))
    request = render_chat_request(log.events, current_turn_id="t5", model="m")
    contents = [(m.role, m.content) for m in request.messages]
    assert contents == [
        ("user", "hello"),
        ("assistant", "hi"),
        ("user", "question"),
        ("assistant", "answer A"),
        ("user", "edited follow-up"),
    ]


def test_rendering_a_past_turn_leaves_out_later_turns():
    log = _tree_log()
    request = render_chat_request(log.events, current_turn_id="t2", model="m")
    assert [m.content for m in request.messages] == ["hello", "hi", "question", "answer A"]

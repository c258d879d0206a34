"""Compaction planning: which turns a new compaction replaces, and which recorded compaction
applies to a path (branch-aware, whole turns, folding)."""

from __future__ import annotations

from parley.application.conversations.compaction import applicable, plan
from parley.domain.transcript.branches import BranchTree, events_on_path
from parley.domain.transcript.canonical import (
    AssistantText,
    Compaction,
    Event,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    UserMessage,
)


class Log:
    def __init__(self) -> None:
        self.events: list[StoredEvent] = []

    def add(self, turn: str, event: Event) -> StoredEvent:
        stored = StoredEvent(len(self.events) + 1, "2026-12-03T00:00:00Z", "s", turn, event)
        self.events.append(stored)
        return stored

    def turn(self, turn: str, follows: str, text: str, answer: str) -> None:
        self.add(turn, TurnStarted(provider_id="p", model="m", follows_turn_id=follows))
        self.add(turn, UserMessage(text))
        self.add(turn, AssistantText(answer, model="m"))
        self.add(turn, TurnFinished(status="completed"))

    def path(self, turn: str) -> list[StoredEvent]:
        return events_on_path(self.events, BranchTree(self.events).path_to(turn))


def linear(n: int) -> Log:
    log = Log()
    for i in range(1, n + 1):
        log.turn(f"t{i}", f"t{i - 1}" if i > 1 else "", f"question {i}", f"answer {i}")
    return log


def test_a_plan_replaces_whole_old_turns_and_keeps_the_recent_ones() -> None:
    log = linear(6)
    found = plan(log.events, log.path("t6"), "t6", keep_last_turns=2)
    assert found is not None
    assert found.turn_ids == ("t1", "t2", "t3")
    first = next(s.id for s in log.events if s.turn_id == "t1")
    last = [s.id for s in log.events if s.turn_id == "t3"][-1]
    assert (found.first_id, found.last_id) == (first, last)
    assert "question 1" in found.transcript and "answer 3" in found.transcript
    assert "question 4" not in found.transcript


def test_nothing_to_replace_is_no_plan() -> None:
    log = linear(3)
    assert plan(log.events, log.path("t3"), "t3", keep_last_turns=2) is None


def test_a_plan_stops_at_its_size_and_leaves_the_rest_for_the_next() -> None:
    log = linear(6)
    found = plan(log.events, log.path("t6"), "t6", keep_last_turns=0, max_transcript_chars=60)
    assert found is not None and found.turn_ids[0] == "t1" and len(found.turn_ids) < 5


def test_a_compaction_applies_only_to_paths_through_the_turns_it_replaced() -> None:
    log = linear(4)
    found = plan(log.events, log.path("t4"), "t4", keep_last_turns=1)
    assert found is not None and found.turn_ids == ("t1", "t2")
    log.add("t4", found.event("the summary", "m"))
    # a sibling of t2 (an edit of the second message) branches off before the replaced range ends
    log.turn("t2b", "t1", "edited question 2", "another answer")
    assert applicable(log.events, log.path("t2b")) is None
    # regenerating t4 keeps t1-t2 on the path: the compaction still applies
    log.turn("t4b", "t3", "question 4", "regenerated")
    applied = applicable(log.events, log.path("t4b"))
    assert applied is not None
    compaction, replaced = applied
    assert compaction.summary == "the summary"
    assert {s.turn_id for s in log.events if s.id in replaced} == {"t1", "t2"}


def test_events_of_another_branch_inside_the_id_range_are_never_replaced() -> None:
    log = Log()
    log.turn("t1", "", "q1", "a1")
    log.turn("x1", "", "other branch", "other answer")  # recorded between t1 and t2
    log.turn("t2", "t1", "q2", "a2")
    log.turn("t3", "t2", "q3", "a3")
    found = plan(log.events, log.path("t3"), "t3", keep_last_turns=0)
    assert found is not None and found.turn_ids == ("t1", "t2")
    assert "other branch" not in found.transcript
    log.add("t3", found.event("s", "m"))
    _, replaced = applicable(log.events, log.path("t3")) or (None, frozenset())
    assert {s.turn_id for s in log.events if s.id in replaced} == {"t1", "t2"}


def test_a_second_compaction_folds_the_first_in() -> None:
    log = linear(5)
    first = plan(log.events, log.path("t5"), "t5", keep_last_turns=3)
    assert first is not None and first.turn_ids == ("t1",)
    log.add("t5", first.event("summary one", "m"))
    second = plan(log.events, log.path("t5"), "t5", keep_last_turns=1)
    assert second is not None and second.turn_ids == ("t2", "t3")
    assert second.previous_summary == "summary one"
    assert second.first_id == first.first_id  # one summary covers the whole prefix
    log.add("t5", second.event("summary two", "m"))
    compaction, _ = applicable(log.events, log.path("t5")) or (None, None)
    assert compaction is not None and compaction.summary == "summary two"


def test_tool_calls_and_results_reach_the_summariser() -> None:
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m", follows_turn_id=""))
    log.add("t1", UserMessage("list the files"))
    log.add("t1", ToolCall(call_id="c1", tool="list_files", arguments={"path": "."}))
    log.add("t1", ToolResult(call_id="c1", result="a.txt\nb.txt", success=True))
    log.add("t1", AssistantText("There are two files.", model="m"))
    log.turn("t2", "t1", "q2", "a2")
    found = plan(log.events, log.path("t2"), "t2", keep_last_turns=0)
    assert found is not None
    assert 'list_files {"path": "."}' in found.transcript and "a.txt" in found.transcript


def test_a_damaged_compaction_record_is_ignored() -> None:
    log = linear(3)
    log.add("t3", Compaction(summary="s", model="m", replaces=(999, 1000)))
    log.add("t3", Compaction(summary="s", model="m", replaces=(5,)))
    assert applicable(log.events, log.path("t3")) is None


def test_a_compaction_recorded_inside_a_replaced_turn_does_not_make_it_chosen_again() -> None:
    """Found under Xvfb: a turn that failed after recording a compaction was re-summarised at
    every later call, because its own compaction event kept it from counting as summarised."""
    from parley.application.conversations.compaction import plan as plan_next
    from parley.domain.transcript.canonical import (
        AssistantText,
        Compaction,
        StoredEvent,
        TurnStarted,
        UserMessage,
    )

    events: list[StoredEvent] = []

    def add(turn: str, event: object) -> StoredEvent:
        stored = StoredEvent(len(events) + 1, "2026-12-03T00:00:00Z", "s", turn, event)  # type: ignore[arg-type]
        events.append(stored)
        return stored

    previous = ""
    for n in range(1, 5):
        turn = f"t{n}"
        add(turn, TurnStarted("p", "m", follows_turn_id=previous))
        add(turn, UserMessage(f"question {n}"))
        if n == 2:  # turn 2 summarised turn 1 while it ran
            add(turn, Compaction("summary of t1", "m", (1, 3), turns=1))
        add(turn, AssistantText(f"answer {n}", model="m"))
        previous = turn
    # A compaction in turn 4 summarised turns 1-2 (folding turn 2's).
    last_of_t2 = max(s.id for s in events if s.turn_id == "t2")
    add("t4", Compaction("summary of t1-t2", "m", (1, last_of_t2), turns=2))
    add("t5", TurnStarted("p", "m", follows_turn_id="t4"))
    nxt = plan_next(events, events, "t5", keep_last_turns=1)
    assert nxt is not None
    assert nxt.turn_ids == ("t3",)  # not t1 or t2 again
    assert nxt.previous_summary == "summary of t1-t2"
    assert nxt.folded_turns == 2


def test_files_a_summarised_turn_produced_are_still_listed_to_the_model() -> None:
    """The manigent principle: a compaction never takes away what the model was told is valid.
    The files earlier turns saved travel as session notes with the *current* message, which no
    compaction replaces — so they reach the model even when the turn that saved them is only a
    summary now."""
    from parley.application.conversations.compose import TurnDraft, compose_turn
    from parley.application.conversations.render import render_turn_request
    from parley.domain.transcript.canonical import (
        AssistantText,
        Compaction,
        Notice,
        StoredEvent,
        TurnFinished,
        TurnStarted,
        UserMessage,
    )

    events: list[StoredEvent] = []

    def add(turn: str, event: object) -> None:
        events.append(
            StoredEvent(len(events) + 1, "2026-12-03T00:00:00Z", "s", turn, event)  # type: ignore[arg-type]
        )

    previous = ""
    for n in range(1, 5):
        turn = f"t{n}"
        add(turn, TurnStarted("p", "m", follows_turn_id=previous))
        add(turn, UserMessage(f"question {n}"))
        add(turn, AssistantText(f"answer {n}", model="m"))
        if n == 1:
            add(turn, Notice("Saved 1 file(s)", files=("/home/u/out/report.md",)))
        add(turn, TurnFinished("completed"))
        previous = turn
    last_of_t2 = max(s.id for s in events if s.turn_id == "t2")
    add("t4", Compaction("The user asked four questions.", "m", (1, last_of_t2), turns=2))

    composed = compose_turn(
        TurnDraft(
            text="and now?", provider_id="p", model="m", session_id="s", current_turn_id="t4"
        ),
        events,
    )
    request = composed.request
    assert request is not None
    assert "/home/u/out/report.md" in request.session_notes
    # Record the new turn as the runtime would, and render what the model is sent.
    add(
        request.turn_id,
        TurnStarted("p", "m", follows_turn_id="t4", session_notes=request.session_notes),
    )
    add(request.turn_id, UserMessage("and now?"))
    rendered = render_turn_request(events, current_turn_id=request.turn_id, model="m")
    sent = [m.content for m in rendered.request.messages]
    assert sent[0].startswith("[Summary of the earlier conversation")
    assert not any("question 1" in text for text in sent)  # the turn itself is summarised
    assert "/home/u/out/report.md" in sent[-1]  # its file is still listed, with this message

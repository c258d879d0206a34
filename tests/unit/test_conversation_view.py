"""The conversation model (``application.conversation_view``): one reducer from events to items.

Qt-free. What is checked:

1. the same log gives the same items whether it arrives live (event by event, answer text
   streamed in arbitrary chunks, branches selected on the way, an old state reduced again) or at
   once, and ``changes`` always turns the old items into the new ones (property tests over
   generated logs);
2. the items of realistic conversations, pinned as explicit expected lists;
3. the three former disagreements (notice, failure, stop) resolved as ADR-007 and the reducer's
   docstring say;
4. usage and cost sums over the shown path.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parley.application.conversation_view import (
    Answer,
    AttachmentLine,
    Attachments,
    Notice,
    Outcome,
    ReasoningPart,
    Rope,
    TextPart,
    ToolCard,
    Totals,
    UserMessage,
    add_usage,
    appended_text,
    apply_text,
    changes,
    empty,
    from_events,
    items,
    path,
    reduce,
    select,
)
from parley.domain.transcript.branches import BranchPosition
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    AttachmentAdded,
    Event,
    GateOpened,
    Reasoning,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
)
from parley.domain.transcript.canonical import Notice as NoticeEvent
from parley.domain.transcript.canonical import UserMessage as UserMessageEvent
from parley.domain.usage.pricing import ModelPrice, format_cost, sum_usage

# -- building logs --------------------------------------------------------------------------------


class Log:
    """A conversation as the store records it: ids from 1, one session."""

    def __init__(self) -> None:
        self.events: list[StoredEvent] = []

    def add(self, turn_id: str, event: Event) -> StoredEvent:
        stored = StoredEvent(
            id=len(self.events) + 1,
            ts="2026-12-01T10:00:00Z",
            session_id="s",
            turn_id=turn_id,
            event=event,
        )
        self.events.append(stored)
        return stored


def live(events: list[StoredEvent], prices=()):
    state = empty(prices)
    for stored in events:
        state = reduce(state, stored)
    return state


def text(value: str) -> Rope:
    return Rope.of(value)


SANDBOX = {"mechanism": "bubblewrap", "writes": "sandbox-write", "network": False}
PRICES = (ModelPrice("gpt-4o", Decimal("2.50"), Decimal("10.00")),)


# -- 2. pinned conversations -----------------------------------------------------------------------


def test_a_question_and_its_answer():
    log = Log()
    log.add("t1", TurnStarted(provider_id="openai", model="gpt-4o", follows_turn_id=""))
    log.add("t1", UserMessageEvent(text="What is 2 + 2?"))
    log.add("t1", AssistantText(text="4.", model="gpt-4o", finish_reason="stop"))
    usage = Usage(input_tokens=1000, output_tokens=100)
    log.add("t1", TurnFinished(status="completed", usage=usage, duration_s=1.5))
    cost = Decimal("0.0035")  # 1000 * 2.50 / 1e6 + 100 * 10.00 / 1e6

    expected = (
        UserMessage("t1/user/2", "t1", "What is 2 + 2?", 2),
        Answer("t1/answer/0", "t1", "gpt-4o", (TextPart(text("4."), "gpt-4o", 3, False, "stop"),)),
        Outcome(
            key="t1/end/4",
            turn_id="t1",
            status="completed",
            result="ok",
            event_id=4,
            usage=usage,
            cost=cost,
            duration_s=1.5,
        ),
    )
    assert items(from_events(log.events, prices=PRICES)) == expected
    assert items(live(log.events, PRICES)) == expected
    state = from_events(log.events, prices=PRICES)
    assert state.total == Totals(usage=usage, cost=cost, turns=1, unpriced=0)
    assert state.leaf == "t1"
    assert expected[2].summary == ""


def _tool_turn() -> Log:
    log = Log()
    log.add(
        "t1",
        TurnStarted(
            provider_id="local", model="qwen", follows_turn_id="", attachments=("/home/u/a.csv",)
        ),
    )
    log.add("t1", UserMessageEvent(text="Count the rows of a.csv"))
    log.add(
        "t1",
        AttachmentAdded(
            name="a.csv", media_type="text/csv", size=120, source_path="/home/u/a.csv", text="x"
        ),
    )
    log.add("t1", Reasoning(text="I should run wc.", model="qwen"))
    log.add("t1", AssistantText(text="Let me count.", model="qwen", finish_reason="tool_calls"))
    log.add("t1", ToolCall(call_id="c1", tool="run_command", arguments={"command": "wc -l a.csv"}))
    log.add(
        "t1",
        ActionVerdict(
            call_id="c1",
            tool="run_command",
            effect="read",
            rule="read-only",
            reason="reads a file",
            decision="ran",
            confinement=SANDBOX,
        ),
    )
    log.add("t1", ToolResult(call_id="c1", result="3 a.csv", success=True))
    log.add("t1", AssistantText(text="It has 3 rows.", model="qwen", finish_reason="stop"))
    log.add("t1", NoticeEvent(text="Saved 1 file(s) to /w/out: n.txt.", files=("/w/out/n.txt",)))
    log.add("t1", TurnFinished(status="completed", usage=Usage(input_tokens=10, output_tokens=5)))
    return log


def test_a_turn_with_a_file_reasoning_a_sandboxed_tool_call_and_a_notice():
    log = _tool_turn()
    ev = {s.id: s.event for s in log.events}
    expected = (
        UserMessage("t1/user/2", "t1", "Count the rows of a.csv", 2),
        Attachments("t1/files", "t1", (AttachmentLine("a.csv", "/home/u/a.csv", ev[3], 3),)),
        Answer(
            "t1/answer/0",
            "t1",
            "qwen",
            (
                ReasoningPart("I should run wc.", "qwen", 4),
                TextPart(text("Let me count."), "qwen", 5, False, "tool_calls"),
            ),
        ),
        ToolCard("t1/tool/c1", "t1", "c1", ev[6], (ev[7],), ev[8], (6, 7, 8)),
        Answer(
            "t1/answer/1",
            "t1",
            "qwen",
            (TextPart(text("It has 3 rows."), "qwen", 9, False, "stop"),),
            continues=True,
        ),
        Notice(
            "t1/notice/10", "t1", "Saved 1 file(s) to /w/out: n.txt.", "info", ("/w/out/n.txt",), 10
        ),
        Outcome(
            key="t1/end/11",
            turn_id="t1",
            status="completed",
            result="ok",
            event_id=11,
            usage=Usage(input_tokens=10, output_tokens=5),
        ),
    )
    assert items(from_events(log.events)) == expected
    assert items(live(log.events)) == expected
    card = expected[3]
    assert isinstance(card, ToolCard)
    assert card.tool == "run_command" and card.decision == "ran"
    assert dict(card.confinement) == SANDBOX


def test_the_file_line_waits_for_its_record_and_a_refused_action_has_no_confinement():
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m", attachments=("/d/x.pdf", "/d/y.png")))
    log.add("t1", UserMessageEvent(text="read these"))
    state = live(log.events)
    assert items(state)[1] == Attachments(
        "t1/files", "t1", (AttachmentLine("x.pdf", "/d/x.pdf"), AttachmentLine("y.png", "/d/y.png"))
    )
    bad = log.add(
        "t1", AttachmentAdded(name="y.png", error="not an image", error_kind="unreadable")
    )
    log.add("t1", ToolCall(call_id="c", tool="run_command", arguments={"command": "rm -rf /"}))
    log.add(
        "t1",
        ActionVerdict(
            call_id="c",
            tool="run_command",
            effect="destructive",
            rule="deny",
            reason="deletes everything",
            decision="refused",
            confinement=SANDBOX,
        ),
    )
    state = live(log.events)
    files = items(state)[1]
    assert isinstance(files, Attachments)
    assert files.lines == (
        AttachmentLine("x.pdf", "/d/x.pdf"),
        AttachmentLine("y.png", "/d/y.png", bad.event, bad.id),
    )
    assert files.lines[1].failed
    card = items(state)[2]
    assert isinstance(card, ToolCard) and card.decision == "refused"
    assert card.confinement == {}
    assert items(state) == items(from_events(log.events))


def _branched() -> Log:
    # t1 ─┬─ t2 (failed)
    #     └─ t3 (retry of t2) ── t4
    log = Log()
    log.add("t1", TurnStarted(provider_id="openai", model="gpt-4o", follows_turn_id=""))
    log.add("t1", UserMessageEvent(text="hi"))
    log.add("t1", AssistantText(text="hello", model="gpt-4o"))
    log.add("t1", TurnFinished(status="completed", usage=Usage(input_tokens=100, output_tokens=10)))
    log.add("t2", TurnStarted(provider_id="openai", model="gpt-4o", follows_turn_id="t1"))
    log.add("t2", UserMessageEvent(text="summarise"))
    log.add(
        "t2",
        TurnFinished(status="failed", error="HTTP 503: overloaded", error_kind="server"),
    )
    log.add(
        "t3",
        TurnStarted(provider_id="openai", model="gpt-4o", follows_turn_id="t1", retry_of="t2"),
    )
    log.add("t3", UserMessageEvent(text="summarise", source="retry"))
    log.add("t3", AssistantText(text="A summary.", model="gpt-4o"))
    log.add("t3", TurnFinished(status="completed", usage=Usage(input_tokens=200, output_tokens=20)))
    log.add("t4", TurnStarted(provider_id="openai", model="gpt-4o", follows_turn_id="t3"))
    log.add("t4", UserMessageEvent(text="thanks"))
    log.add("t4", AssistantText(text="You're welcome.", model="gpt-4o"))
    log.add("t4", TurnFinished(status="completed", usage=Usage(input_tokens=300, output_tokens=5)))
    return log


def test_branches_show_one_path_with_its_position_and_a_retried_failure_is_not_retryable():
    log = _branched()
    state = live(log.events, PRICES)
    assert path(state) == ("t1", "t3", "t4")
    shown = items(state)
    assert [i.key for i in shown] == [
        "t1/user/2",
        "t1/answer/0",
        "t1/end/4",
        "t3/user/9",
        "t3/answer/0",
        "t3/end/11",
        "t4/user/13",
        "t4/answer/0",
        "t4/end/15",
    ]
    assert shown[3] == UserMessage(
        "t3/user/9", "t3", "summarise", 9, "retry", BranchPosition(2, 2, "t2", None)
    )
    assert items(from_events(log.events, prices=PRICES)) == shown

    back = select(state, "t2")
    assert path(back) == ("t1", "t2")
    expected_tail = (
        UserMessage("t2/user/6", "t2", "summarise", 6, "user", BranchPosition(1, 2, None, "t3")),
        Outcome(
            key="t2/end/7",
            turn_id="t2",
            status="failed",
            result="failed",
            event_id=7,
            error="HTTP 503: overloaded",
            error_kind="server",
            partial_kept=False,
            retryable=False,  # t3 retried it
        ),
    )
    assert items(back)[3:] == expected_tail
    assert expected_tail[1].summary == "Failed: HTTP 503: overloaded"
    assert items(back) == items(from_events(log.events, selected="t2", prices=PRICES))
    # Switching back: only the turns that differ change.
    diff = changes(back, state)
    assert diff.start == 3
    assert [i.key for i in diff.removed] == ["t2/user/6", "t2/end/7"]
    assert [i.key for _, i in diff.added] == [i.key for i in shown[3:]]


def test_selecting_an_unknown_turn_changes_nothing():
    state = live(_branched().events)
    assert items(select(state, "nope")) == items(state)


# -- 3. the former disagreements -------------------------------------------------------------------


def test_a_notice_is_one_item_in_log_order_live_and_reopened():
    """Decision 1: a notice is a ``Notice`` item at its place in the log. A notice recorded while
    a step streams (a provider retry) goes before the streamed text, where reopening puts it."""
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m"))
    log.add("t1", UserMessageEvent(text="q"))
    state = live(log.events)
    state = apply_text(state, "t1", "Hello, ")
    notice = log.add("t1", NoticeEvent(text="Retrying in 1 s (attempt 2 of 3)", level="warning"))
    state = reduce(state, notice)
    state = apply_text(state, "t1", "world.")
    streamed = items(state)
    assert [type(i).__name__ for i in streamed] == ["UserMessage", "Notice", "Answer"]
    assert streamed[2] == Answer("t1/answer/0", "t1", "m", (TextPart(text("Hello, world."), "m"),))
    for event in (
        AssistantText(text="Hello, world.", model="m"),
        NoticeEvent(text="The answer was cut off.", level="warning"),
        TurnFinished(status="completed"),
    ):
        state = reduce(state, log.add("t1", event))
    reopened = items(from_events(log.events))
    assert items(state) == reopened
    assert [type(i).__name__ for i in reopened] == [
        "UserMessage",
        "Notice",
        "Answer",
        "Notice",
        "Outcome",
    ]
    assert reopened[1] == Notice(
        "t1/notice/3", "t1", "Retrying in 1 s (attempt 2 of 3)", "warning", (), 3
    )


def test_a_failed_turn_gets_its_outcome_live_from_the_event_alone():
    """Decision 2: how a turn ended comes from ``turn_finished``, the same live and reopened."""
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m"))
    log.add("t1", UserMessageEvent(text="q"))
    log.add("t1", TurnFinished(status="failed", error="401: bad key", error_kind="auth"))
    state = live(log.events)
    outcome = items(state)[-1]
    assert outcome == Outcome(
        key="t1/end/3",
        turn_id="t1",
        status="failed",
        result="failed",
        event_id=3,
        error="401: bad key",
        error_kind="auth",
        retryable=True,
    )
    assert (outcome.summary, outcome.level) == ("Failed: 401: bad key", "error")
    assert items(from_events(log.events)) == items(state)


@pytest.mark.parametrize(
    ("streamed", "expected_line"),
    [("Half an ans", "(stopped — partial answer kept)"), ("", "(stopped)")],
)
def test_a_stopped_turn_has_exactly_one_line(streamed, expected_line):
    """Decision 3: the partial text is marked on its part; one ``Outcome`` says how it ended."""
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m"))
    log.add("t1", UserMessageEvent(text="q"))
    state = apply_text(live(log.events), "t1", streamed)
    if streamed:
        state = reduce(state, log.add("t1", AssistantText(text=streamed, model="m", partial=True)))
    state = reduce(state, log.add("t1", TurnFinished(status="cancelled")))
    shown = items(state)
    assert shown == items(from_events(log.events))
    outcomes = [i for i in shown if isinstance(i, Outcome)]
    assert len(outcomes) == 1
    assert outcomes[0].summary == expected_line
    assert outcomes[0].level == "notice" and not outcomes[0].retryable
    notices = [i for i in shown if isinstance(i, Notice)]
    assert notices == []
    if streamed:
        (answer,) = [i for i in shown if isinstance(i, Answer)]
        assert answer.parts == (TextPart(text(streamed), "m", 3, partial=True),)


def test_a_failure_mid_stream_keeps_the_partial_text_and_says_only_failed():
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m"))
    log.add("t1", UserMessageEvent(text="q"))
    log.add("t1", AssistantText(text="Part", model="m", partial=True))
    log.add("t1", TurnFinished(status="failed", error="connection reset"))
    outcome = items(from_events(log.events))[-1]
    assert isinstance(outcome, Outcome)
    assert outcome.partial_kept and outcome.summary == "Failed: connection reset"


def test_streamed_text_the_log_never_stored_is_dropped_when_the_turn_ends():
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m"))
    log.add("t1", UserMessageEvent(text="q"))
    state = apply_text(live(log.events), "t1", "lost")
    state = reduce(state, log.add("t1", TurnFinished(status="interrupted")))
    assert items(state) == items(from_events(log.events))
    assert not any(isinstance(i, Answer) for i in items(state))
    assert apply_text(state, "t1", "late") is state  # a finished turn takes no more text


# -- 4. usage sums ---------------------------------------------------------------------------------


def test_the_conversation_total_is_the_sum_over_the_shown_path():
    log = _branched()
    state = live(log.events, PRICES)
    # t1 + t3 + t4 (t2 failed with no usage and is not on the path anyway)
    assert state.total.usage == Usage(input_tokens=600, output_tokens=35)
    assert state.total.tokens == 635
    assert state.total.turns == 3 and state.total.unpriced == 0
    assert state.total.cost == Decimal("0.0018500")  # 600 * 2.5e-6 + 35 * 1e-5
    # Usage.merged would have said 300 in / 5 out: the last turn, not the sum.
    assert Usage().merged(Usage(100, 10)).merged(Usage(300, 5)) == Usage(300, 5)
    back = select(state, "t2")
    assert back.total == Totals(usage=Usage(input_tokens=100, output_tokens=10),
                                cost=Decimal("0.00035"), turns=2, unpriced=0)  # fmt: skip
    assert from_events(log.events, selected="t2", prices=PRICES).total == back.total


def test_unpriced_and_unreported_turns():
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="unknown-model"))
    log.add("t1", TurnFinished(status="completed", usage=Usage(input_tokens=7, output_tokens=3)))
    log.add("t2", TurnStarted(provider_id="p", model="gpt-4o", follows_turn_id="t1"))
    log.add("t2", TurnFinished(status="completed"))  # the provider said nothing
    total = from_events(log.events, prices=PRICES).total
    assert total == Totals(usage=Usage(input_tokens=7, output_tokens=3), cost=None, turns=2,
                           unpriced=1)  # fmt: skip
    assert empty().total.tokens is None


usages = st.builds(
    Usage,
    *[st.one_of(st.none(), st.integers(0, 10**6)) for _ in range(5)],
)


@given(st.lists(usages, max_size=6))
def test_add_usage_agrees_with_the_domain_sum(values):
    total = Usage()
    for value in values:
        total = add_usage(total, value)
    assert total == sum_usage(values)


# -- the rope and the diff -------------------------------------------------------------------------


@given(st.lists(st.text(max_size=5), max_size=20), st.integers(0, 120))
def test_a_rope_is_its_text_however_it_was_chunked(chunks, offset):
    rope = Rope.of("")
    for chunk in chunks:
        rope = rope.plus(chunk)
    whole = "".join(chunks)
    assert rope.text == whole and rope.length == len(whole)
    assert rope.since(offset) == whole[offset:]
    assert rope == Rope.of(whole)
    assert rope.plus("x").extends(rope)
    assert rope.plus("x").since(rope.length) == "x"
    if whole:  # the same text chunked once is not the same rope underneath
        assert not Rope.of(whole).plus("x").extends(rope)


def test_streamed_text_is_reported_as_appended_text():
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m"))
    log.add("t1", UserMessageEvent(text="q"))
    first = apply_text(live(log.events), "t1", "Steps:\n")
    second = apply_text(first, "t1", "1. one")
    diff = changes(first, second)
    assert diff.start == 1 and not diff.added and not diff.removed
    ((index, old, new),) = diff.changed
    assert index == 1
    assert appended_text(old, new) == "1. one"
    assert appended_text(items(first)[0], new) is None


# -- 1. live, chunked and at once agree (property) -------------------------------------------------

DECISIONS = ("ran", "allowed", "asked", "refused", "rejected", "skipped")
STATUSES = ("completed", "cancelled", "failed", "timed_out", "interrupted")


@st.composite
def conversations(draw):
    """A log and one way it may have arrived live: ("event", stored) | ("text", turn, chunk) |
    ("select", turn)."""
    log = Log()
    ops: list[tuple] = []
    turns: list[str] = []

    def event(turn_id, ev):
        ops.append(("event", log.add(turn_id, ev)))

    def stream(turn_id, body):
        cuts = sorted(draw(st.lists(st.integers(0, len(body)), max_size=4)))
        last = 0
        for cut in [*cuts, len(body)]:
            ops.append(("text", turn_id, body[last:cut]))
            last = cut

    for n in range(draw(st.integers(1, 5))):
        turn_id = f"t{n}"
        place = draw(st.sampled_from(["next", "any", "legacy", "retry"]))
        follows: str | None = turns[-1] if turns else ""
        retry_of = None
        if place == "any":
            follows = draw(st.sampled_from(["", *turns]))
        elif place == "legacy":
            follows = None
        elif place == "retry" and turns:
            retry_of = draw(st.sampled_from(turns))
            follows = draw(st.sampled_from([None, "", *turns]))
        files = tuple(draw(st.lists(st.sampled_from(["/d/a.txt", "/d/b.pdf"]), max_size=2)))
        model = draw(st.sampled_from(["gpt-4o", "other"]))
        event(
            turn_id,
            TurnStarted(
                provider_id="p",
                model=model,
                follows_turn_id=follows,
                retry_of=retry_of,
                attachments=files,
            ),
        )
        turns.append(turn_id)
        event(turn_id, UserMessageEvent(text=f"question {n}"))
        for path_ in files:
            if draw(st.booleans()):
                event(
                    turn_id,
                    AttachmentAdded(
                        name=path_.rsplit("/", 1)[-1],
                        source_path=draw(st.sampled_from([path_, ""])),
                        error=draw(st.sampled_from(["", "unreadable"])),
                    ),
                )
        stopped = False
        for step in range(draw(st.integers(0, 3))):
            if draw(st.booleans()):
                event(turn_id, NoticeEvent(text=f"retry {step}", level="warning"))
            body = draw(st.text(alphabet="ab \n*`#|", max_size=24))
            mid_notice = draw(st.booleans()) and len(body) > 1
            if mid_notice:
                stream(turn_id, body[:1])
                event(turn_id, NoticeEvent(text="during the stream"))
                stream(turn_id, body[1:])
            else:
                stream(turn_id, body)
            if draw(st.booleans()):
                event(turn_id, Reasoning(text=draw(st.sampled_from(["", "think"])), model=model))
            if draw(st.integers(0, 5)) == 0:  # stopped here: the partial text is kept
                if body:
                    event(turn_id, AssistantText(text=body, model=model, partial=True))
                stopped = True
                break
            if body or draw(st.booleans()):
                event(turn_id, AssistantText(text=body, model=model, finish_reason="stop"))
            calls = [f"{turn_id}-c{step}-{k}" for k in range(draw(st.integers(0, 2)))]
            for call_id in calls:
                event(turn_id, ToolCall(call_id=call_id, tool="run_command", arguments={"k": 1}))
            for call_id in calls:
                for _ in range(draw(st.integers(0, 2))):
                    event(
                        turn_id,
                        ActionVerdict(
                            call_id=call_id,
                            tool="run_command",
                            effect="read",
                            rule="r",
                            reason="why",
                            decision=draw(st.sampled_from(DECISIONS)),
                            confinement=draw(st.sampled_from([{}, SANDBOX])),
                        ),
                    )
                if draw(st.booleans()):
                    event(turn_id, ToolResult(call_id=call_id, result="out", success=True))
                if draw(st.booleans()):
                    event(turn_id, GateOpened(gate="g", reason="r"))
        if draw(st.booleans()):  # text streamed but not stored yet (or never: the turn ends)
            stream(turn_id, draw(st.text(alphabet="xy", min_size=1, max_size=6)))
        ending = draw(st.sampled_from([*STATUSES, None]))
        if stopped:
            ending = "cancelled"
        if ending is not None:
            usage = draw(usages)
            event(
                turn_id,
                TurnFinished(status=ending, usage=usage, error="e" if ending == "failed" else ""),
            )
        if turns and draw(st.integers(0, 3)) == 0:
            ops.append(("select", draw(st.sampled_from([*turns, "unknown"]))))
    if draw(st.booleans()):  # an event of a turn that never started
        event("ghost", NoticeEvent(text="orphan"))
    return log, ops


def _expected(log_events, state):
    """What opening the log at once shows, with the text streamed so far applied."""
    at_once = from_events(log_events, selected=state.anchor, prices=PRICES)
    if state.streaming is not None:
        turn_id, rope = state.streaming
        at_once = apply_text(at_once, turn_id, rope.text)
    return at_once


def _apply(old_items, diff):
    """What a view does with ``changes``: keep the start, drop the removed, re-render the
    changed in place, insert the added."""
    removed = {i.key for i in diff.removed}
    tail = [i for i in old_items[diff.start :] if i.key not in removed]
    replaced = {old.key: new for _, old, new in diff.changed}
    tail = [replaced.get(i.key, i) for i in tail]
    for index, item in diff.added:
        tail.insert(index - diff.start, item)
    return (*old_items[: diff.start], *tail)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(conversations())
def test_live_chunked_and_at_once_give_the_same_items(conversation):
    log, ops = conversation
    state = empty(PRICES)
    seen: list[StoredEvent] = []
    history = [state]
    for op in ops:
        before = state
        if op[0] == "event":
            seen.append(op[1])
            state = reduce(state, op[1])
        elif op[0] == "text":
            state = apply_text(state, op[1], op[2])
        else:
            state = select(state, op[1])
        history.append(state)
        expected = _expected(seen, state)
        assert items(state) == items(expected)
        assert state.total == expected.total
        assert state.leaf == expected.leaf
        assert _apply(items(before), changes(before, state)) == items(state)
        keys = [i.key for i in items(state)]
        assert len(keys) == len(set(keys))
    assert items(state) == items(_expected(log.events, state))
    # Reducing an old state again (a fork) is as good as reducing it the first time.
    middle = len(history) // 2
    forked = history[middle]
    for op in ops[middle:]:
        if op[0] == "event":
            forked = reduce(forked, op[1])
        elif op[0] == "text":
            forked = apply_text(forked, op[1], op[2])
        else:
            forked = select(forked, op[1])
    assert items(forked) == items(state)
    assert forked.total == state.total


# -- 5. what the views ask of the items: footers, tool-card words, facts, scripted turns ----------


def test_the_footer_is_the_turns_figures_and_empty_when_it_reported_none():
    state = from_events(_tool_turn().events, prices=PRICES)
    outcome = state.items[-1]
    assert isinstance(outcome, Outcome)
    assert outcome.footer == "10 in · 5 out · 0.0 s"
    log = Log()
    log.add("t1", TurnStarted(provider_id="openai", model="gpt-4o"))
    usage = Usage(input_tokens=1000, output_tokens=100)
    log.add("t1", TurnFinished(status="completed", usage=usage, duration_s=2))
    (priced,) = items(from_events(log.events, prices=PRICES))
    assert isinstance(priced, Outcome) and priced.cost == Decimal("0.0035")
    assert priced.footer == f"1,000 in · 100 out · {format_cost(Decimal('0.0035'))} · 2.0 s"
    bare = Log()
    bare.add("t1", TurnStarted(provider_id="x", model="y"))
    bare.add("t1", TurnFinished(status="cancelled"))
    (stopped,) = items(from_events(bare.events))
    assert isinstance(stopped, Outcome) and stopped.footer == "" and stopped.summary == "(stopped)"


def test_a_tool_cards_words_come_from_its_item():
    from parley.application.conversation_view.wording import (
        argument_summary,
        card_confinement,
        card_details,
        card_status,
    )

    state = from_events(_tool_turn().events)
    (card,) = [i for i in state.items if isinstance(i, ToolCard)]
    assert argument_summary(card) == "wc -l a.csv"
    assert card_status(card) == ("ran ✓", "success")
    assert card_confinement(card) == ("sandboxed: bubblewrap, sandbox-write, no network", "muted")
    details = card_details(card)
    assert details[:2] == ["arguments:", "  command: wc -l a.csv"]
    assert details[-2:] == ["result:", "  3 a.csv"]
    waiting = ToolCard("k", "t1", "c2")  # a damaged log: a card with no call and no verdict
    assert card_status(waiting) == ("checking…", "muted")
    assert argument_summary(waiting) == "(the call was not recorded)"
    assert card_confinement(waiting) == ("", "")
    refused = ToolCard(
        "k",
        "t1",
        "c3",
        verdicts=(
            ActionVerdict(
                call_id="c3",
                tool="run_command",
                effect="write",
                rule="r",
                reason="no",
                decision="refused",
                confinement=SANDBOX,
            ),
        ),
    )
    assert card_status(refused) == ("refused", "error") and card_confinement(refused) == ("", "")


def test_the_facts_the_chat_asks_for():
    from parley.application.conversation_view import queries

    state = from_events(_tool_turn().events)
    assert queries.question(state, "t1") == "Count the rows of a.csv"
    assert queries.question(state, "nope") is None
    assert queries.last_answer(state) == "Let me count.It has 3 rows."
    assert queries.setup(state) == queries.TurnSetup("local", "qwen", "")
    assert queries.setup(empty()) is None
    streaming = apply_text(reduce(empty(), _tool_turn().events[0]), "t1", "So far")
    assert queries.last_answer(streaming) == "So far"


def test_a_scripted_turn_is_the_log_the_runtime_would_record():
    from parley.application.conversation_view import scripted

    state = scripted.ask(empty(), "t1", "Hello?", model="m", attachments=("/a/x.pdf",))
    state = apply_text(state, "t1", "Hi ")
    state = apply_text(state, "t1", "there.")
    assert scripted.start(state, "t1") is state  # begun already
    ended = scripted.finish(state, "t1", "cancelled", model="m")
    assert scripted.finish(ended, "t1", "completed") is ended  # ended already
    kinds = [type(i).__name__ for i in ended.items]
    assert kinds == ["UserMessage", "Attachments", "Answer", "Outcome"]
    answer, outcome = ended.items[2], ended.items[3]
    assert isinstance(answer, Answer) and answer.text == "Hi there." and not answer.streaming
    assert isinstance(outcome, Outcome) and outcome.summary == "(stopped — partial answer kept)"
    # The same log reopened gives the same items.
    assert items(from_events(ended._index.events)) == items(ended)
    # A second turn follows the first (one path).
    second = scripted.ask(ended, "t2", "More?")
    assert path(second) == ("t1", "t2")


def test_an_mcp_tools_card_summarises_its_arguments():
    """An MCP tool has its own argument names: the collapsed card still says what the call is
    about (scalars as ``key=value``, nested values elided), on one short line."""
    from parley.application.conversation_view.wording import argument_summary

    call = ToolCall(
        call_id="c",
        tool="mcp__github__create_issue",
        arguments={"repo": "octo/hello", "labels": ["bug"], "title": "Crash on start"},
    )
    card = ToolCard("k", "t1", "c", call=call)
    assert argument_summary(card) == "repo=octo/hello, title=Crash on start, labels=…"
    long = ToolCard(
        "k", "t1", "c", call=ToolCall(call_id="c", tool="x", arguments={"q": "a" * 200})
    )
    assert len(argument_summary(long)) == 78 and argument_summary(long).endswith("…")
    empty = ToolCard("k", "t1", "c", call=ToolCall(call_id="c", tool="x", arguments={}))
    assert argument_summary(empty) == ""

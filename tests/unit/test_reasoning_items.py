"""The model's reasoning in the conversation model: which header an answer shows over it and
how long the model thought, from the log's timestamps (issue 16). Qt-free.

What is checked: a step that only thinks (then calls a tool) is timed from the step's start —
the turn's last event before it — to the reasoning's record; a step that also streamed text is
not timed (its reasoning is recorded when the stream ends, so the span counts the text); an
encrypted block says so; a log without usable timestamps says "Reasoning"; and live (streamed
text, then events one by one) always equals the same log opened at once, with ``changes``
keeping the streamed text's fast path once the reasoning has joined the answer.
"""

from __future__ import annotations

import pytest

from parley.application.conversation_view import (
    Answer,
    ReasoningPart,
    appended_text,
    apply_text,
    changes,
    empty,
    from_events,
    items,
    reduce,
)
from parley.application.conversation_view.items import REDACTED_TEXT, thought_label
from parley.domain.transcript.canonical import (
    AssistantText,
    Event,
    Notice,
    Reasoning,
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

    def add(self, turn_id: str, event: Event, at: str | int) -> StoredEvent:
        ts = at if isinstance(at, str) else f"2026-12-01T10:{at // 60:02d}:{at % 60:02d}Z"
        stored = StoredEvent(len(self.events) + 1, ts, "s", turn_id, event)
        self.events.append(stored)
        return stored


def answers(state) -> list[Answer]:
    return [i for i in items(state) if isinstance(i, Answer)]


def live(events: list[StoredEvent]):
    state = empty()
    for stored in events:
        state = reduce(state, stored)
    return state


def _tool_turn() -> Log:
    """Step 1 thinks for 14 s and calls a tool; step 2 thinks 5 s after the result, answers."""
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="claude"), 0)
    log.add("t1", UserMessage(text="How many rows?"), 0)
    log.add("t1", Reasoning(text="I should count.", model="claude", signature="sig"), 14)
    log.add("t1", ToolCall(call_id="c1", tool="read_file", arguments={"path": "a"}), 14)
    log.add("t1", ToolResult(call_id="c1", result="3 rows", success=True), 16)
    log.add("t1", Reasoning(text="Three rows.", model="claude"), 21)
    log.add("t1", AssistantText(text="It has 3 rows.", model="claude"), 21)
    log.add("t1", TurnFinished(status="completed"), 21)
    return log


def test_a_thinking_step_is_timed_from_its_start_and_a_step_with_text_is_not():
    log = _tool_turn()
    first, second = answers(from_events(log.events))
    assert first.reasoning == (ReasoningPart("I should count.", "claude", 3, False, 14.0),)
    assert first.reasoning_label == "Thought for 14 s"
    assert first.reasoning_text == "I should count."
    assert first.text == ""  # reasoning is never part of the answer's text
    # The second step also answered: its reasoning's record came when its text had streamed.
    assert second.reasoning == (ReasoningPart("Three rows.", "claude", 6, False, None),)
    assert second.reasoning_label == "Reasoning"
    assert second.text == "It has 3 rows."
    assert answers(live(log.events)) == [first, second]


def test_live_with_streamed_text_equals_opened_at_once_at_every_step():
    log = _tool_turn()
    state = empty()
    for stored in log.events:
        if isinstance(stored.event, Reasoning) and stored.event.text == "Three rows.":
            # The second step's text streams before its reasoning and text are recorded.
            for chunk in ("It has ", "3 rows."):
                state = apply_text(state, "t1", chunk)
        state = reduce(state, stored)
        at_once = from_events(log.events[: stored.id])
        if state.streaming is not None:
            at_once = apply_text(at_once, *[state.streaming[0], state.streaming[1].text])
        assert items(state) == items(at_once)


def test_reasoning_recorded_while_text_streams_keeps_the_fast_path():
    """The reasoning joins the streaming answer before its text: the next chunk is still only
    appended text (the view never lays the body out again per chunk)."""
    log = Log()
    state = empty()
    state = reduce(state, log.add("t1", TurnStarted(provider_id="p", model="m"), 0))
    state = reduce(state, log.add("t1", UserMessage(text="Hi"), 0))
    state = apply_text(state, "t1", "Hello")
    before = state
    state = reduce(state, log.add("t1", Reasoning(text="Greet back.", model="m"), 9))
    diff = changes(before, state)
    assert [new.key for _, _, new in diff.changed] == ["t1/answer/0"] and not diff.added
    (answer,) = answers(state)
    assert [type(p).__name__ for p in answer.parts] == ["ReasoningPart", "TextPart"]
    assert answer.reasoning_label == "Thought for 9 s"  # (no text is stored yet)
    after = apply_text(state, "t1", ", you")
    (old,), (new,) = answers(state), answers(after)
    assert appended_text(old, new) == ", you"
    state = reduce(after, log.add("t1", AssistantText(text="Hello, you", model="m"), 9))
    (answer,) = answers(state)
    assert answer.reasoning_label == "Reasoning" and answer.text == "Hello, you"
    assert items(state) == items(from_events(log.events))


def test_streamed_text_never_stored_does_not_change_what_the_log_says():
    log = Log()
    state = empty()
    for stored in (
        log.add("t1", TurnStarted(provider_id="p", model="m"), 0),
        log.add("t1", UserMessage(text="Hi"), 0),
    ):
        state = reduce(state, stored)
    state = apply_text(state, "t1", "lost")
    state = reduce(state, log.add("t1", Reasoning(text="Hmm.", model="m"), 3))
    state = reduce(state, log.add("t1", TurnFinished(status="failed", error="x"), 4))
    (answer,) = answers(state)
    assert answer.reasoning_label == "Thought for 3 s" and answer.text == ""
    assert items(state) == items(from_events(log.events))


def test_a_step_is_timed_from_the_last_event_before_it_a_retry_notice_included():
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m"), 0)
    log.add("t1", UserMessage(text="Hi"), 1)
    log.add("t1", Notice(text="Retrying in 2 s", level="warning"), 5)
    log.add("t1", Reasoning(text="Think.", model="m"), 70)
    log.add("t1", ToolCall(call_id="c", tool="read_file"), 70)
    (answer,) = answers(from_events(log.events))
    assert answer.reasoning_label == "Thought for 1 min 5 s"


def test_encrypted_reasoning_says_so_and_shows_no_text():
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m"), 0)
    log.add("t1", UserMessage(text="Hi"), 0)
    log.add("t1", Reasoning(text="", model="m", redacted_data="opaque"), 4)
    log.add("t1", Reasoning(text="", model="m", redacted_data="opaque 2"), 4)
    log.add("t1", AssistantText(text="Hello.", model="m"), 4)
    (answer,) = answers(from_events(log.events))
    assert all(p.redacted for p in answer.reasoning)
    assert answer.reasoning_label == "Reasoning (encrypted by the provider)"
    assert answer.reasoning_text == f"{REDACTED_TEXT}\n\n{REDACTED_TEXT}"
    # A visible block beside an encrypted one: the visible one names the header.
    log.add("t2", TurnStarted(provider_id="p", model="m", follows_turn_id="t1"), 5)
    log.add("t2", UserMessage(text="Again"), 5)
    log.add("t2", Reasoning(text="", model="m", redacted_data="opaque"), 7)
    log.add("t2", Reasoning(text="Visible.", model="m"), 7)
    log.add("t2", ToolCall(call_id="c", tool="read_file"), 7)
    second = answers(from_events(log.events))[-1]
    assert second.reasoning_label == "Thought for 2 s"
    assert second.reasoning_text == f"{REDACTED_TEXT}\n\nVisible."


@pytest.mark.parametrize("ts", ["", "yesterday"])
def test_no_usable_timestamp_means_no_time(ts):
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m"), ts)
    log.add("t1", UserMessage(text="Hi"), ts)
    log.add("t1", Reasoning(text="Think.", model="m"), 9)
    (answer,) = answers(from_events(log.events))
    assert answer.reasoning_label == "Reasoning"


def test_an_answer_without_reasoning_has_no_header():
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m"), 0)
    log.add("t1", UserMessage(text="Hi"), 0)
    log.add("t1", AssistantText(text="Hello.", model="m"), 2)
    (answer,) = answers(from_events(log.events))
    assert answer.reasoning == () and answer.reasoning_label == "" and answer.reasoning_text == ""


@pytest.mark.parametrize(
    ("seconds", "label"),
    [
        (None, "Reasoning"),
        (0.0, "Thought for a moment"),
        (0.9, "Thought for a moment"),
        (1.0, "Thought for 1 s"),
        (14.7, "Thought for 14 s"),
        (59.9, "Thought for 59 s"),
        (60, "Thought for 1 min"),
        (125, "Thought for 2 min 5 s"),
    ],
)
def test_thought_labels(seconds, label):
    assert thought_label(seconds) == label

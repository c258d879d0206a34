"""The transcript draws differences: after any sequence of states, what it shows is what drawing
the last state from scratch shows (ADR-007).

Generated logs (the reducer's own property-test strategy: turns, branches, tool calls, notices,
files, retries, every way a turn ends, text streamed in arbitrary chunks, branch switches on the
way) are fed to a real ``TranscriptView`` one state at a time through ``apply``; after every
step its text must equal a second view's ``show_state`` of the same state (while an answer
streams, the view must hold exactly its text), and after the last step its HTML too. This is
what catches a diff the view applies wrongly (a removed item left drawn, an item drawn in the
wrong place, a streamed answer not finished).
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings

from parley.application.conversation_view import (
    Answer,
    apply_text,
    empty,
    from_events,
    reduce,
    select,
)
from parley.ui.transcript import TranscriptView
from parley.ui.transcript.frames import body_source
from tests.unit.test_conversation_view import PRICES, conversations


def _body(view: TranscriptView) -> str:
    """The document's HTML; a code block's Copy link number is an identity, not content (a view
    that drew more numbers later blocks higher), so numbers are left out."""
    html = view.toHtml()
    return re.sub(r"parley-copy:\d+", "parley-copy:N", html[html.index("<body") :])


def _text(view: TranscriptView) -> str:
    """The document's text."""
    return view.toPlainText()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(conversations())
def test_drawing_each_difference_shows_what_drawing_at_once_shows(qapp, conversation):
    _log, ops = conversation
    live, fresh = TranscriptView(window_turns=1000), TranscriptView(window_turns=1000)
    try:
        state = empty(PRICES)
        live.show_state(state)
        for op in ops:
            if op[0] == "event":
                state = reduce(state, op[1])
            elif op[0] == "text":
                state = apply_text(state, op[1], op[2])
            else:
                state = select(state, op[1])
            live.apply(state)
            last = state.items[-1] if len(state) else None
            if isinstance(last, Answer) and last.streaming:
                # Mid-stream, the open block is grown in place by ``ui.rendering`` and may differ
                # from a layout at once until the answer is stored (its parity test checks the
                # end): here, the view must hold exactly the answer's text.
                assert live._segment is not None
                assert live._segment.source == body_source(last), op
                continue
            fresh.show_state(state)
            assert _text(live) == _text(fresh), op
        last = state.items[-1] if len(state) else None
        if not (isinstance(last, Answer) and last.streaming):
            assert _body(live) == _body(fresh)
    finally:
        for view in (live, fresh):
            view.deleteLater()


def test_live_changes_below_earlier_batches_land_at_the_end(qapp):
    from parley.domain.transcript.canonical import (
        AssistantText,
        StoredEvent,
        TurnFinished,
        TurnStarted,
        UserMessage,
    )
    from parley.domain.transcript.canonical import Notice as NoticeEvent

    events: list[StoredEvent] = []

    def add(turn_id: str, event) -> StoredEvent:  # type: ignore[no-untyped-def]
        stored = StoredEvent(
            id=len(events) + 1, ts="", session_id="s", turn_id=turn_id, event=event
        )
        events.append(stored)
        return stored

    for n in range(8):
        add(f"t{n}", TurnStarted(provider_id="p", model="m"))
        add(f"t{n}", UserMessage(text=f"Question {n}"))
        add(f"t{n}", AssistantText(text=f"Answer {n}", model="m"))
        add(f"t{n}", TurnFinished(status="completed"))
    live = TranscriptView(window_turns=3)
    try:
        state = from_events(events)
        live.show_state(state)
        assert live.load_earlier()  # turns 2 to 4 now sit in a batch above turns 5 to 7
        state = reduce(state, add("t8", TurnStarted(provider_id="p", model="m")))
        state = reduce(state, add("t8", UserMessage(text="Live question")))
        state = apply_text(state, "t8", "Streamed ")
        live.apply(state)
        # A notice recorded while the step streams goes before the streamed text: a cut.
        state = reduce(state, add("t8", NoticeEvent(text="Retrying", level="warning")))
        live.apply(apply_text(state, "t8", "text"))
        state = reduce(
            apply_text(state, "t8", "text"),
            add("t8", AssistantText(text="Streamed text", model="m")),
        )
        live.apply(reduce(state, add("t8", TurnFinished(status="completed"))))
        lines = [line for line in live.toPlainText().splitlines() if line.strip()]
        assert lines[0] == "↑ Show 4 earlier messages"
        assert lines.index("Question 2") < lines.index("Question 7") < lines.index("Retrying")
        assert lines[-5:] == ["You", "Live question", "Retrying", "m", "Streamed text"]
        assert live.toPlainText().count("Streamed") == 1
    finally:
        live.deleteLater()

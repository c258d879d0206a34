"""The conversation model's view of context (issue 18): compaction dividers, the context fill, a
turn's retrieved sources and attachments that are searched rather than sent.

Qt-free. What is checked:

1. a compaction that applies to the shown path is one divider where the turns it replaced were,
   those turns hidden behind it (shown again by ``reveal``, a way of looking, not an event);
   on a branch whose turns it did not replace there is no divider;
2. the same log gives the same items live (event by event, with branch switches and reveals on
   the way, an old state reduced again) and at once — with compactions planned by the real
   planner (``compaction.plan``) recorded inside a turn (auto) or after it (``/compact``);
3. the shown path's latest ``context_checked`` is the fill, per branch, stale after ``/compact``;
4. ``retrieval_performed`` gives the turn's answers their sources, and the cited ones.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parley.application.conversation_view import (
    Answer,
    CompactionDivider,
    ContextFill,
    UserMessage,
    apply_text,
    changes,
    empty,
    from_events,
    items,
    path,
    queries,
    reduce,
    reveal,
    select,
    turn_events,
)
from parley.application.conversations.compaction import plan
from parley.domain.transcript.canonical import (
    AssistantText,
    AttachmentAdded,
    Compaction,
    ContextChecked,
    RetrievalPerformed,
    StoredEvent,
    TurnFinished,
    TurnStarted,
)
from parley.domain.transcript.canonical import UserMessage as UserMessageEvent
from parley.domain.transcript.excerpts import Excerpt
from parley.ui.transcript.attachment_text import describe
from tests.unit.test_conversation_view import Log, _apply, live


def _turn(log: Log, turn_id: str, follows: str, question: str, answer: str) -> None:
    log.add(turn_id, TurnStarted(provider_id="p", model="m", follows_turn_id=follows))
    log.add(turn_id, UserMessageEvent(text=question))
    log.add(turn_id, AssistantText(text=answer, model="m"))
    log.add(turn_id, TurnFinished(status="completed"))


def _four_turns() -> Log:
    log = Log()
    follows = ""
    for n in range(4):
        _turn(log, f"t{n}", follows, f"q{n}", f"a{n}")
        follows = f"t{n}"
    return log  # ids: t0 1-4, t1 5-8, t2 9-12, t3 13-16


def _kinds(state) -> list[str]:
    return [f"{i.kind}:{i.turn_id}" for i in items(state)]


# -- 1. the divider --------------------------------------------------------------------------------


def test_a_manual_compaction_is_one_divider_where_the_replaced_turns_were():
    log = _four_turns()
    log.add("t3", Compaction(summary="S", model="m", replaces=(1, 8), turns=2, trigger="manual"))
    state = live(log.events)
    assert _kinds(state) == [
        "compaction:t0",
        "user:t2",
        "answer:t2",
        "outcome:t2",
        "user:t3",
        "answer:t3",
        "outcome:t3",
    ]
    divider = items(state)[0]
    assert divider == CompactionDivider(
        key="t0/compaction/17",
        turn_id="t0",
        summary="S",
        model="m",
        event_id=17,
        replaced_turns=("t0", "t1"),
        turns=2,
        trigger="manual",
    )
    assert divider.details == "2 turns · by m · with /compact"
    assert divider.toggle_label == "Show original messages"
    assert items(state) == items(from_events(log.events))
    # The turns are still the path's (only hidden): the total and the path count them.
    assert path(state) == ("t0", "t1", "t2", "t3")


def test_an_auto_compaction_recorded_inside_the_turn_that_needed_it():
    log = _four_turns()
    log.add("t4", TurnStarted(provider_id="p", model="m", follows_turn_id="t3"))
    log.add("t4", UserMessageEvent(text="q4"))
    log.add("t4", Compaction(summary="S", model="m", replaces=(1, 12), turns=3, trigger="auto"))
    before = live(log.events[:-1])
    after = reduce(before, log.events[-1])
    assert _kinds(after) == [
        "compaction:t0",
        "user:t3",
        "answer:t3",
        "outcome:t3",
        "user:t4",
    ]
    assert items(after)[0].details == "3 turns · by m · automatically"
    assert items(after) == items(from_events(log.events))
    # What a view does with the difference gives the new items.
    assert _apply(items(before), changes(before, after)) == items(after)


def test_reveal_shows_the_original_turns_under_the_divider_and_hides_them_again():
    log = _four_turns()
    log.add("t3", Compaction(summary="S", model="m", replaces=(1, 8), trigger="manual"))
    state = live(log.events)
    shown = reveal(state)
    assert _kinds(shown) == [
        "compaction:t0",
        "user:t0",
        "answer:t0",
        "outcome:t0",
        "user:t1",
        "answer:t1",
        "outcome:t1",
        "user:t2",
        "answer:t2",
        "outcome:t2",
        "user:t3",
        "answer:t3",
        "outcome:t3",
    ]
    divider = items(shown)[0]
    assert divider.revealed and divider.toggle_label == "Hide original messages"
    assert divider.details == "2 turns · by m · with /compact"  # (no count recorded: hidden)
    assert _apply(items(state), changes(state, shown)) == items(shown)
    assert items(reveal(shown, False)) == items(state)
    # Reopened with the same view: the same items.
    assert items(from_events(log.events, revealed=shown.revealed)) == items(shown)
    # No compaction on the path: nothing to reveal.
    plain = live(_four_turns().events)
    assert reveal(plain) is plain


def test_a_compaction_applies_only_to_the_branch_whose_turns_it_replaced():
    log = _four_turns()
    log.add("t3", Compaction(summary="S", model="m", replaces=(1, 8), trigger="manual"))
    # An edit of t1's question: a sibling of t1, following t0.
    _turn(log, "t1b", "t0", "q1 edited", "a1b")
    state = live(log.events)
    assert path(state) == ("t0", "t1b")
    assert "compaction:t0" not in _kinds(state)
    assert _kinds(state)[:2] == ["user:t0", "answer:t0"]
    assert items(state) == items(from_events(log.events))
    back = select(state, "t3")
    assert _kinds(back)[0] == "compaction:t0"
    assert items(back) == items(from_events(log.events, selected="t3"))
    assert _apply(items(state), changes(state, back)) == items(back)
    # Regenerating a later turn (a sibling of t3) keeps the compaction: its turns are there.
    _turn(log, "t3b", "t2", "q3", "another a3")
    again = reduce(
        reduce(reduce(reduce(back, log.events[-4]), log.events[-3]), log.events[-2]), log.events[-1]
    )
    assert path(again) == ("t0", "t1", "t2", "t3b")
    assert _kinds(again)[:2] == ["compaction:t0", "user:t2"]
    assert items(again) == items(from_events(log.events))


def test_a_later_compaction_that_folds_an_earlier_one_replaces_its_divider():
    log = _four_turns()
    log.add("t2", Compaction(summary="S1", model="m", replaces=(1, 4), trigger="manual"))
    state = live(log.events)
    assert items(state)[0].summary == "S1"
    assert items(state)[0].replaced_turns == ("t0",)
    log.add("t3", Compaction(summary="S2", model="m", replaces=(1, 12), trigger="manual"))
    state = reduce(state, log.events[-1])
    assert _kinds(state) == ["compaction:t0", "user:t3", "answer:t3", "outcome:t3"]
    assert items(state)[0].summary == "S2"
    assert items(state)[0].replaced_turns == ("t0", "t1", "t2")
    assert items(state) == items(from_events(log.events))


def test_a_damaged_compaction_is_as_if_it_were_not_there():
    log = _four_turns()
    log.add("t3", Compaction(summary="S", model="m", replaces=(99, 100)))
    log.add("t3", Compaction(summary="S", model="m", replaces=()))
    assert items(live(log.events)) == items(live(_four_turns().events))


# -- 2. live and at once agree (generated conversations, real plans) -------------------------------


@st.composite
def compacted_conversations(draw):
    """A branched log with compactions planned by ``compaction.plan`` on the path at the time,
    and the ways it may have arrived: ("event", stored) | ("text", turn, chunk) | ("select",
    turn) | ("reveal", shown)."""
    log = Log()
    ops: list[tuple] = []
    turns: list[str] = []
    shown_leaf: str | None = None

    def event(turn_id, ev):
        ops.append(("event", log.add(turn_id, ev)))

    def compaction(current: str, trigger: str) -> None:
        state = from_events(log.events, selected=current)
        shown = [s for t in path(state) for s in turn_events(state, t)]
        planned = plan(log.events, shown, current, keep_last_turns=draw(st.integers(0, 2)))
        if planned is not None:
            event(current, planned.event(f"summary {len(ops)}", "m", trigger))

    for n in range(draw(st.integers(1, 7))):
        turn_id = f"t{n}"
        follows = draw(st.sampled_from(["", *turns])) if draw(st.booleans()) else shown_leaf
        event(turn_id, TurnStarted(provider_id="p", model="m", follows_turn_id=follows or ""))
        turns.append(turn_id)
        shown_leaf = turn_id
        event(turn_id, UserMessageEvent(text=f"question {n}"))
        if draw(st.integers(0, 3)) == 0:
            compaction(turn_id, "auto")
        if draw(st.booleans()):
            event(turn_id, ContextChecked(window=1000, prompt_tokens=draw(st.integers(0, 1200))))
        if draw(st.booleans()):
            excerpt = Excerpt(1, "sha", "r.pdf", "text", "page 1", "page", 1)
            event(turn_id, RetrievalPerformed(query="q", excerpts=(excerpt.to_mapping(),)))
        body = draw(st.sampled_from(["a", "see [1]", "[1][2] b"]))
        ops.append(("text", turn_id, body[:2]))
        ops.append(("text", turn_id, body[2:]))
        event(turn_id, AssistantText(text=body, model="m"))
        event(turn_id, TurnFinished(status="completed"))
        if draw(st.integers(0, 2)) == 0:
            compaction(turn_id, "manual")
        if draw(st.integers(0, 3)) == 0:
            target = draw(st.sampled_from(turns))
            ops.append(("select", target))
            shown_leaf = target
        if draw(st.integers(0, 3)) == 0:
            ops.append(("reveal", draw(st.booleans())))
    return log, ops


def _step(state, op):
    if op[0] == "event":
        return reduce(state, op[1])
    if op[0] == "text":
        return apply_text(state, op[1], op[2])
    if op[0] == "select":
        return select(state, op[1])
    return reveal(state, op[1])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(compacted_conversations())
def test_live_and_reopened_show_the_same_dividers_fills_and_sources(conversation):
    _log, ops = conversation
    state = empty()
    seen: list[StoredEvent] = []
    history = [state]
    for op in ops:
        before = state
        if op[0] == "event":
            seen.append(op[1])
        state = _step(state, op)
        history.append(state)
        at_once = from_events(seen, selected=state.anchor, revealed=state.revealed)
        if state.streaming is not None:
            at_once = apply_text(at_once, state.streaming[0], state.streaming[1].text)
        assert items(state) == items(at_once)
        assert queries.context_fill(state) == queries.context_fill(at_once)
        assert _apply(items(before), changes(before, state)) == items(state)
        keys = [i.key for i in items(state)]
        assert len(keys) == len(set(keys))
        dividers = [i for i in items(state) if isinstance(i, CompactionDivider)]
        assert len(dividers) <= 1
        if dividers and not dividers[0].revealed:  # the replaced turns are hidden
            hidden = set(dividers[0].replaced_turns)
            assert not [i for i in items(state)[1:] if i.turn_id in hidden]
    middle = len(history) // 2
    forked = history[middle]
    for op in ops[middle:]:
        forked = _step(forked, op)
    assert items(forked) == items(state)


# -- 3. the fill -----------------------------------------------------------------------------------


def test_the_fill_is_the_shown_paths_latest_measurement():
    log = _four_turns()
    assert queries.context_fill(live(log.events)) is None
    log.add("t2", ContextChecked(window=128_000, prompt_tokens=48_000, window_source="provider"))
    log.add("t3", ContextChecked(window=128_000, prompt_tokens=110_000, window_source="guess"))
    _turn(log, "t3b", "t2", "q3 again", "a3b")  # a sibling of t3 with no measurement
    state = live(log.events)
    fill = queries.context_fill(state)
    assert fill is not None and fill.turn_id == "t2"  # t3b's path: t2's measurement
    assert fill.label == "38% of 128k"
    assert fill.level() == "ok"
    assert "reported by the server" in fill.tooltip
    high = queries.context_fill(select(state, "t3"))
    assert high is not None and high.prompt_tokens == 110_000
    assert high.level() == "warn" and high.level(0.9) == "ok"
    assert "Settings → Prices" in high.tooltip
    assert ContextFill(window=1000, prompt_tokens=990).level() == "full"
    # /compact after it: the measurement is of a request that is now smaller.
    log.add("t3", Compaction(summary="S", model="m", replaces=(1, 8), trigger="manual"))
    compacted = reduce(select(state, "t3"), log.events[-1])
    stale = queries.context_fill(compacted)
    assert stale is not None and stale.stale and "summarised" in stale.tooltip


# -- 4. sources and searched attachments -----------------------------------------------------


def _retrieval_turn() -> Log:
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m", attachments=("/d/report.pdf",)))
    log.add("t1", UserMessageEvent(text="What is on the last pages?"))
    log.add(
        "t1",
        AttachmentAdded(
            name="report.pdf",
            sha256="abc",
            media_type="application/pdf",
            chars=400_000,
            units=117,
            unit="pages",
            source_path="/d/report.pdf",
            retrieval=True,
        ),
    )
    excerpts = (
        Excerpt(1, "abc", "report.pdf", "first", "page 117", "page", 117),
        Excerpt(2, "abc", "report.pdf", "second", "page 116", "page", 116),
        Excerpt(3, "abc", "report.pdf", "third", "page 3", "page", 3),
    )
    log.add("t1", RetrievalPerformed(query="q", excerpts=tuple(e.to_mapping() for e in excerpts)))
    log.add("t1", AssistantText(text="It ends with a table [3] and a note [1, 9].", model="m"))
    log.add("t1", TurnFinished(status="completed"))
    return log


def test_an_answer_gets_the_turns_sources_and_knows_which_it_cites():
    log = _retrieval_turn()
    state = live(log.events)
    answer = next(i for i in items(state) if isinstance(i, Answer))
    assert [s.number for s in answer.sources] == [1, 2, 3]
    assert [s.label for s in answer.cited] == ["report.pdf, page 3", "report.pdf, page 117"]
    assert answer.cited[0].document == "abc" and answer.cited[0].unit_number == 3
    assert answer.sources[0].event_id == 4
    assert items(state) == items(from_events(log.events))
    # While it streams, the answer has its sources already (the retrieval came first).
    streaming = apply_text(live(log.events[:4]), "t1", "see [2]")
    assert [s.label for s in items(streaming)[-1].cited] == ["report.pdf, page 116"]
    # The attachment a citation opens.
    record = queries.attachment_record(state, "abc")
    assert record is not None and record.id == 3
    assert queries.attachment_record(state, "nope") is None


def test_an_answer_without_retrieval_cites_nothing():
    log = _four_turns()
    answer = next(i for i in items(live(log.events)) if isinstance(i, Answer))
    assert answer.sources == () and answer.cited == ()


def test_a_searched_attachment_says_so_instead_of_being_sent():
    state = live(_retrieval_turn().events)
    line = next(i for i in items(state) if i.kind == "attachments").lines[0]
    words = describe(line)
    assert words.details == "PDF · 117 pages · searched for each question"
    assert words.problem == ""
    assert isinstance(items(state)[0], UserMessage)


def test_a_windows_size_reads_as_models_are_named():
    from parley.application.conversation_view.items import short_tokens

    assert [short_tokens(n) for n in (512, 8_192, 32_768, 128_000, 131_072, 200_000)] == [
        "512",
        "8k",
        "32k",
        "128k",
        "128k",
        "200k",
    ]
    assert [short_tokens(n) for n in (1_000_000, 1_048_576, 2_000_000, 1_500_000)] == [
        "1M",
        "1M",
        "2M",
        "1.5M",
    ]

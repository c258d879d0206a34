"""The conversation model's cost per event and per streamed chunk (ADR-007, issue 13).

What it measures, on the UI-free reducer only (``application.conversation_view``), in one run so
the ratios compare like with like:

- **per event, live**: ``reduce`` over a realistic log (turns of a question, reasoning, text, a
  tool call with its verdict and result, a notice every tenth turn, a finish with usage; every
  25th turn a regeneration, i.e. a new branch that replaces the last turn on the path). The
  figure is the mean cost of the *last* 1,000 events of a 1,000-event log and of a 100,000-event
  log: the reducer must not get slower as the conversation grows (ratio ≈ 1);
- **per chunk, streaming**: ``apply_text`` with 16-character chunks, then what a view does with
  it (``changes`` and ``appended_text``), over 1,000 chunks in both cases: the last 1,000 chunks
  of a 100,000-character answer, and every chunk of 16 successive 1,000-character answers (the
  same number of chunks, so the same garbage-collector passes fall inside both measurements;
  timing only the 62 chunks of one short answer would flatter it by about 2x);
- **open at once**: ``from_events`` of the 10,000- and 100,000-event logs (for the record; the
  window's budget for opening 10,000 events is 100 ms including layout).

Budget (asserted by exit status): both ratios at most 1.5.

    .venv/bin/python benchmarks/conversation_reducer.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parley.application.conversation_view import (
    appended_text,
    apply_text,
    changes,
    empty,
    from_events,
    reduce,
)
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    Event,
    Notice,
    Reasoning,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)

RATIO_BUDGET = 1.5
CHUNK = 16


def build_log(n_events: int) -> list[StoredEvent]:
    events: list[StoredEvent] = []

    def add(turn_id: str, event: Event) -> None:
        events.append(StoredEvent(len(events) + 1, "2026-12-01T00:00:00Z", "s", turn_id, event))

    parent = ""
    before_last = ""
    turn = 0
    while len(events) < n_events:
        turn += 1
        turn_id = f"t{turn}"
        regenerate = turn % 25 == 0 and turn > 1
        follows = before_last if regenerate else parent
        add(turn_id, TurnStarted(provider_id="openai", model="gpt-4o", follows_turn_id=follows))
        add(turn_id, UserMessage(text=f"Question {turn}: how do I count lines?"))
        add(turn_id, Reasoning(text="The user wants wc.", model="gpt-4o"))
        add(turn_id, AssistantText(text="Let me check.\n", model="gpt-4o"))
        call = f"c{turn}"
        add(turn_id, ToolCall(call_id=call, tool="run_command", arguments={"command": "wc -l"}))
        add(
            turn_id,
            ActionVerdict(
                call_id=call,
                tool="run_command",
                effect="read",
                rule="read-only",
                reason="reads",
                decision="ran",
                confinement={"mechanism": "bubblewrap", "writes": "", "network": False},
            ),
        )
        add(turn_id, ToolResult(call_id=call, result="42 file.txt", success=True))
        add(turn_id, AssistantText(text="It has **42** lines.", model="gpt-4o"))
        if turn % 10 == 0:
            add(turn_id, Notice(text="The answer was cut off.", level="warning"))
        add(
            turn_id,
            TurnFinished(
                status="completed",
                usage=Usage(input_tokens=1200, output_tokens=80),
                duration_s=2.0,
            ),
        )
        before_last, parent = (before_last, turn_id) if regenerate else (parent, turn_id)
    return events[:n_events]


def per_event_tail(events: list[StoredEvent], tail: int = 1000) -> float:
    """Seconds per event over the last ``tail`` events of ``events`` reduced one by one."""
    gc.collect()
    state = empty()
    cut = len(events) - tail
    for stored in events[:cut]:
        state = reduce(state, stored)
    start = time.perf_counter()
    for stored in events[cut:]:
        state = reduce(state, stored)
    return (time.perf_counter() - start) / tail


def per_chunk(chars: int, measured: int = 1000) -> float:
    """Seconds per 16-character chunk (``apply_text``, then ``changes`` and ``appended_text`` as
    a view would) over ``measured`` chunks streamed into answers of ``chars`` characters: the
    last ``measured`` chunks of one long answer, or every chunk of as many successive short
    answers (each its own turn) as it takes. Both cases time the same number of chunks, so the
    same number of allocations and garbage-collector passes fall inside the measurement."""
    per_answer = chars // CHUNK
    answers = max(1, -(-measured // per_answer))
    piece = ("word " * 4)[:CHUNK]
    gc.collect()
    state = empty()
    spent = 0.0
    timed = 0
    n = 0
    for answer in range(answers):
        turn_id = f"a{answer}"
        for event in (
            TurnStarted(
                provider_id="p", model="m", follows_turn_id=f"a{answer - 1}" if answer else ""
            ),
            UserMessage(text="go on"),
        ):
            n += 1
            state = reduce(state, StoredEvent(n, "2026-12-01T00:00:00Z", "s", turn_id, event))
        skip = max(0, per_answer - measured) if answers == 1 else 0
        for _ in range(skip):
            state = apply_text(state, turn_id, piece)
        start = time.perf_counter()
        for _ in range(per_answer - skip):
            new = apply_text(state, turn_id, piece)
            diff = changes(state, new)
            for _index, old, item in diff.changed:
                appended_text(old, item)
            state = new
        spent += time.perf_counter() - start
        timed += per_answer - skip
        for event in (
            AssistantText(text=piece * per_answer, model="m"),
            TurnFinished(status="completed"),
        ):
            n += 1
            state = reduce(state, StoredEvent(n, "2026-12-01T00:00:00Z", "s", turn_id, event))
    return spent / timed


def open_at_once(events: list[StoredEvent]) -> float:
    start = time.perf_counter()
    from_events(events)
    return time.perf_counter() - start


def best(fn, repeat: int) -> float:
    return min(fn() for _ in range(repeat))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    c1 = best(lambda: per_chunk(1_000), args.repeat)
    c100 = best(lambda: per_chunk(100_000), args.repeat)
    small, large, mid = build_log(1_000), build_log(100_000), build_log(10_000)
    e1 = best(lambda: per_event_tail(small), args.repeat)
    e100 = best(lambda: per_event_tail(large), args.repeat)
    o10 = best(lambda: open_at_once(mid), args.repeat)
    o100 = best(lambda: open_at_once(large), args.repeat)

    rows = [
        ("reduce, per event (last 1,000 of 1k events)", e1 * 1e6, "µs"),
        ("reduce, per event (last 1,000 of 100k events)", e100 * 1e6, "µs"),
        ("apply_text + changes, per 16-char chunk (1k chars)", c1 * 1e6, "µs"),
        ("apply_text + changes, per 16-char chunk (100k chars)", c100 * 1e6, "µs"),
        ("from_events, 10k events", o10 * 1e3, "ms"),
        ("from_events, 100k events", o100 * 1e3, "ms"),
    ]
    for label, value, unit in rows:
        print(f"{label:<56} {value:9.1f} {unit}")
    event_ratio, chunk_ratio = e100 / e1, c100 / c1
    print(f"{'per-event ratio 100k / 1k':<56} {event_ratio:9.2f} (budget ≤ {RATIO_BUDGET})")
    print(f"{'per-chunk ratio 100k / 1k':<56} {chunk_ratio:9.2f} (budget ≤ {RATIO_BUDGET})")
    ok = event_ratio <= RATIO_BUDGET and chunk_ratio <= RATIO_BUDGET
    print("OK" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

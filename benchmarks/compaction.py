"""What compaction costs besides its one model call, on a 1,000-turn conversation (issue 18).

What it measures, with no provider and no database (the renderer reads events in memory, as the
runtime does: it loads the log once per turn):

- **render after compaction**: ``render_turn_request`` for turn 1,001 of a conversation whose
  first 998 turns one compaction replaces — what every call of a long conversation costs. The
  baseline is the same conversation rendered without the compaction (everything sent);
- **measure**: ``estimate_request`` of the rendered request, cold (the first time its messages
  are seen) and warm (the next call of the same turn: the messages are cached by content);
- **plan**: ``compaction.plan`` over the 1,000 turns (what deciding the next compaction costs).

Budget (exit status): render after compaction under 20 ms (p50) on this machine.

    .venv/bin/python benchmarks/compaction.py [--turns 1000] [--repeat 21]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parley.application.conversations import context_guard
from parley.application.conversations.compaction import plan
from parley.application.conversations.context_guard import estimate_request
from parley.application.conversations.render import render_turn_request
from parley.domain.transcript.canonical import (
    AssistantText,
    Compaction,
    ContextChecked,
    Event,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)

BUDGET_MS = 20.0


def build(turns: int, *, compacted: bool) -> list[StoredEvent]:
    events: list[StoredEvent] = []

    def add(turn_id: str, event: Event) -> StoredEvent:
        stored = StoredEvent(len(events) + 1, "2026-12-03T00:00:00Z", "s", turn_id, event)
        events.append(stored)
        return stored

    previous = ""
    first_id = 0
    for n in range(1, turns + 1):
        turn = f"t{n:05d}"
        started = add(turn, TurnStarted("p", "m", follows_turn_id=previous))
        first_id = first_id or started.id
        add(turn, UserMessage(f"Question {n}: " + "what about the quarterly figures? " * 12))
        add(turn, ContextChecked(window=128_000, prompt_tokens=1_000))
        add(turn, AssistantText("An answer with some detail. " * 30, model="m"))
        add(turn, TurnFinished("completed", usage=Usage(100, 200)))
        if compacted and n == turns - 1:
            last_replaced = [s.id for s in events if s.turn_id == f"t{turns - 2:05d}"][-1]
            add(
                turn,
                Compaction("A summary of the earlier turns. " * 60, "m", (first_id, last_replaced)),
            )
        previous = turn
    current = f"t{turns + 1:05d}"
    add(current, TurnStarted("p", "m", follows_turn_id=previous))
    add(current, UserMessage("And the next one?"))
    return events


def timed(work: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        out.append((time.perf_counter() - start) * 1000)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1_000)
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    current = f"t{args.turns + 1:05d}"
    with_summary = build(args.turns, compacted=True)
    without = build(args.turns, compacted=False)

    def render(events: list[StoredEvent]) -> Callable[[], object]:
        return lambda: render_turn_request(events, current_turn_id=current, model="m")

    after = statistics.median(timed(render(with_summary), args.repeat))
    before = statistics.median(timed(render(without), args.repeat))
    rendered = render_turn_request(with_summary, current_turn_id=current, model="m").request
    everything = render_turn_request(without, current_turn_id=current, model="m").request
    context_guard._estimate.cache_clear()
    cold = timed(lambda: estimate_request(rendered), 1)[0]
    warm = statistics.median(timed(lambda: estimate_request(rendered), args.repeat))
    context_guard._estimate.cache_clear()
    cold_all = timed(lambda: estimate_request(everything), 1)[0]
    planning = statistics.median(
        timed(lambda: plan(without, without, current), max(3, args.repeat // 4))
    )
    print(f"{args.turns:,} turns, {len(without):,} events")
    print(
        f"render after compaction: {after:.2f} ms p50 ({len(rendered.messages)} messages); "
        f"without compaction {before:.2f} ms ({len(everything.messages):,} messages): "
        f"ratio {after / before:.2f}"
    )
    print(
        f"measure (estimate) after compaction: cold {cold:.2f} ms, warm {warm:.3f} ms; "
        f"the whole uncompacted request cold {cold_all:.1f} ms"
    )
    print(f"plan the next compaction over every turn: {planning:.1f} ms")
    ok = after < BUDGET_MS
    print(f"budget: render after compaction < {BUDGET_MS:g} ms: {'ok' if ok else 'OVER'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

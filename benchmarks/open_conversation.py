"""Opening a long conversation: what the store costs before the first paint (issue 8).

Issue 8's budget is "open a 10,000-event conversation < 100 ms to first paint", and a turn's
start (the runtime re-reads the log before calling the provider) should not cost a full decode.
This measures the store's part of both, on a worker-like thread (one long-lived worker thread, as
``WorkerBridge`` uses, so its read connection is open already), over a real ``SqliteEventStore``
file holding two conversations of ``--turns`` turns (default 2,500: ``turn_started``,
``user_message``, ``assistant_text``, ``turn_finished`` each, so 10,000 events and 5,000
messages), written through the store's own ``append``:

- **linear**: every turn follows the one before it;
- **branched**: the same, but every ``--branch-every``-th turn (default 250) was regenerated: a
  sibling turn follows the same turn, and the conversation goes on from the newer one.

For each conversation, medians of ``--rounds`` rounds (default 5), in ms:

- (a) ``events()`` **cold**: on a store object that has not read it yet (a fresh object per
  round: nothing cached; the decode is what it was before the cache, plus keeping the result);
- (b) ``events()`` **warm**: the same call again on that object (the cache answers after one
  indexed query that checks the database still ends where the cache does);
- (b') ``events()`` **after 2 appends**: the runtime's turn start, ``turn_started`` and
  ``user_message`` appended through the same object, then ``events()`` (the cache was extended
  by the appends);
- (b'') ``events()`` **after another process appended**: 2 events appended through a second store
  object on the same file (as ``parley ask`` would), then ``events()`` on the first (reads and
  decodes only the 2 new rows);
- (c) **tail open**: ``turn_index()`` + the shown path (``BranchTree`` built from the index
  through StoredEvent-shaped entries, ``path_through`` the latest leaf) + ``events_of_turns`` of
  the path's last 40 turns — what the window needs for its first paint; also shown split.

Baseline in the same run, on the same worker thread: a raw ``sqlite3`` ``SELECT payload FROM
events WHERE session_id = ?`` with ``json.loads`` of each payload (no event objects at all).
Ratios are each figure / baseline. The file is small and hot in the page cache.

    .venv/bin/python benchmarks/open_conversation.py [--turns 2500] [--rounds 5]
        [--branch-every 250] [--dir DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

TAIL_TURNS = 40

QUESTION = (
    "Could you explain how the write-ahead log keeps readers and the writer apart, and what "
    "happens to a reader that started before the last checkpoint? Keep it short. "
)
ANSWER = (
    "In **WAL mode** the writer appends pages to the `-wal` file instead of the database.\n\n"
    "- A reader records the last valid frame when its transaction starts (its *end mark*) and "
    "ignores frames after it, so it sees one consistent snapshot.\n"
    "- A checkpoint copies frames back into the database but never past the oldest reader's "
    "end mark, so a long reader only delays the checkpoint; it never sees a torn page.\n\n"
    "```python\nconn.execute('PRAGMA journal_mode = WAL')\n```\n"
)


def write_conversation(store: Any, title: str, turns: int, branch_every: int) -> str:
    """A conversation of ``turns`` turns (4 events each) through ``store.append``; with
    ``branch_every`` > 0 every so many turns gets a regenerated sibling (which replaces a normal
    turn, so the event count stays 4 * ``turns``)."""
    from parley.domain.transcript.canonical import (
        AssistantText,
        TurnFinished,
        TurnStarted,
        Usage,
        UserMessage,
        mint_id,
    )

    session = store.create_session(title)
    parent_of: dict[str, str] = {}
    parent = ""
    last_turn = ""
    for n in range(turns):
        turn = mint_id()
        regenerate = branch_every > 0 and n % branch_every == branch_every - 1 and last_turn
        follows = parent_of[last_turn] if regenerate else parent
        store.append(
            session.id,
            turn,
            TurnStarted(
                provider_id="bench", model="bench-model", surface="cowork", follows_turn_id=follows
            ),
            actor="user",
        )
        store.append(session.id, turn, UserMessage(text=f"{n}: {QUESTION}"), actor="user")
        store.append(
            session.id,
            turn,
            AssistantText(text=ANSWER, model="bench-model", finish_reason="stop"),
            actor="assistant",
        )
        store.append(
            session.id,
            turn,
            TurnFinished(
                status="completed", usage=Usage(input_tokens=40, output_tokens=120), duration_s=1.5
            ),
            actor="runtime",
        )
        parent_of[turn] = follows
        parent = turn
        last_turn = turn
    return session.id


def tree_by_shim(entries: Sequence[Any]) -> Any:
    """``BranchTree`` built from ``turn_index`` entries with today's constructor, through
    StoredEvent-shaped stand-ins (the tree reads only ``turn_id`` and the ``TurnStarted`` links of
    each; building a ``TurnStarted`` per turn is most of the cost)."""
    from parley.domain.transcript.branches import BranchTree
    from parley.domain.transcript.canonical import StoredEvent, TurnStarted

    return BranchTree(
        StoredEvent(
            id=e.first_event_id,
            ts="",
            session_id="",
            turn_id=e.turn_id,
            event=TurnStarted(
                provider_id="", model="", follows_turn_id=e.follows_turn_id, retry_of=e.retry_of
            ),
        )
        for e in entries
    )


def tree_from_index(entries: Sequence[Any]) -> Any:
    """``BranchTree.from_index``: the tree from the turn index alone."""
    from parley.domain.transcript.branches import BranchTree

    return BranchTree.from_index(entries)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=2500, help="turns per conversation (x4)")
    parser.add_argument("--rounds", type=int, default=5, help="repetitions (median reported)")
    parser.add_argument("--branch-every", type=int, default=250, help="a sibling every N turns")
    parser.add_argument("--dir", default=None, help="where the database goes (default: temp)")
    args = parser.parse_args()

    from parley.domain.transcript.canonical import TurnStarted, UserMessage, mint_id
    from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore

    print(
        f"open-conversation benchmark - {datetime.now(UTC):%Y-%m-%d}, {os.cpu_count()} cores,"
        f" {platform.machine()}, Python {platform.python_version()}, SQLite"
        f" {sqlite3.sqlite_version}, {platform.system()} {platform.release()}"
    )
    started = time.perf_counter()
    worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bench-worker")

    def on_worker(fn: Callable[[], Any]) -> tuple[float, Any]:
        """Run ``fn`` on the worker thread; (seconds it took there, its result)."""

        def timed() -> tuple[float, Any]:
            t = time.perf_counter()
            result = fn()
            return time.perf_counter() - t, result

        return worker.submit(timed).result()

    with tempfile.TemporaryDirectory(prefix="parley-bench-", dir=args.dir) as tmp:
        path = Path(tmp) / "parley.db"
        with SqliteEventStore(path) as writer:
            conversations = {
                "linear": write_conversation(writer, "linear", args.turns, 0),
                "branched": write_conversation(writer, "branched", args.turns, args.branch_every),
            }
        print(
            f"wrote 2 conversations of {4 * args.turns} events ({2 * args.turns} messages) in"
            f" {time.perf_counter() - started:.1f} s; branched: a sibling every"
            f" {args.branch_every} turns; tail = the path's last {TAIL_TURNS} turns"
        )
        raw = on_worker(lambda: sqlite3.connect(path, check_same_thread=False))[1]
        other = SqliteEventStore(path)  # "another process": its own connections and cache
        try:
            for name, sid in conversations.items():
                times: dict[str, list[float]] = {
                    k: []
                    for k in (
                        "baseline",
                        "cold",
                        "warm",
                        "after_own",
                        "after_other",
                        "index",
                        "tree",
                        "shim",
                        "tail",
                        "open",
                    )
                }
                sizes: dict[str, int] = {}
                for _ in range(args.rounds):

                    def baseline(sid: str = sid) -> int:
                        rows = raw.execute(
                            "SELECT payload FROM events WHERE session_id = ?", (sid,)
                        ).fetchall()
                        return len([json.loads(r[0]) for r in rows])

                    seconds, sizes["events"] = on_worker(baseline)
                    times["baseline"].append(seconds)

                    store = SqliteEventStore(path)
                    try:
                        on_worker(lambda store=store: store.session_exists("warm-up"))
                        seconds, got = on_worker(lambda store=store, sid=sid: store.events(sid))
                        times["cold"].append(seconds)
                        assert len(got) >= sizes["events"]
                        seconds, again = on_worker(lambda store=store, sid=sid: store.events(sid))
                        times["warm"].append(seconds)
                        assert again == got

                        turn = mint_id()

                        def start_turn(store: Any = store, sid: str = sid, turn: str = turn) -> Any:
                            store.append(
                                sid, turn, TurnStarted(provider_id="b", model="m"), actor="user"
                            )
                            store.append(sid, turn, UserMessage(text="again"), actor="user")

                        on_worker(start_turn)
                        seconds, now = on_worker(lambda store=store, sid=sid: store.events(sid))
                        times["after_own"].append(seconds)
                        assert len(now) == len(got) + 2

                        start_turn(other, sid, mint_id())
                        seconds, now = on_worker(lambda store=store, sid=sid: store.events(sid))
                        times["after_other"].append(seconds)
                        assert len(now) == len(got) + 4

                        def open_tail(
                            store: Any = store, sid: str = sid, times: dict = times
                        ) -> tuple[int, int]:
                            t0 = time.perf_counter()
                            index = store.turn_index(sid)
                            t1 = time.perf_counter()
                            tree = tree_from_index(index)
                            path = tree.path_through(None)
                            t2 = time.perf_counter()
                            shown = store.events_of_turns(sid, path[-TAIL_TURNS:])
                            t3 = time.perf_counter()
                            shim = tree_by_shim(index)
                            assert shim.parent == tree.parent
                            times["shim"].append(time.perf_counter() - t3)
                            times["index"].append(t1 - t0)
                            times["tree"].append(t2 - t1)
                            times["tail"].append(t3 - t2)
                            return len(index), len(shown)

                        fresh = SqliteEventStore(path)  # nothing cached, as on a first open
                        try:
                            on_worker(lambda fresh=fresh: fresh.session_exists("warm-up"))
                            seconds, (turns, shown) = on_worker(
                                lambda fresh=fresh, sid=sid: open_tail(fresh, sid)
                            )
                            seconds -= times["shim"][-1]  # measured inside, not part of (c)
                        finally:
                            fresh.close()
                        times["open"].append(seconds)
                        sizes["turns"], sizes["shown"] = turns, shown
                    finally:
                        store.close()

                base = statistics.median(times["baseline"])
                print()
                print(
                    f"{name}: {sizes['events']}+ events, {sizes['turns']} turns; tail shown ="
                    f" {sizes['shown']} events (ms, median of {args.rounds}; x = / baseline)"
                )
                rows = (
                    ("baseline: raw SELECT payload + json.loads", "baseline"),
                    ("(a) events() cold", "cold"),
                    ("(b) events() warm (cache)", "warm"),
                    ("(b') events() after 2 own appends", "after_own"),
                    ("(b'') events() after 2 appends by another store", "after_other"),
                    ("(c) tail open: index + tree + events_of_turns", "open"),
                    ("      turn_index()", "index"),
                    ("      BranchTree.from_index + path_through", "tree"),
                    (f"      events_of_turns(last {TAIL_TURNS} turns)", "tail"),
                    ("      (BranchTree today, via TurnStarted shims)", "shim"),
                )
                for label, key in rows:
                    value = statistics.median(times[key])
                    print(
                        f"  {label:<50} {value * 1000:8.2f}  x{value / base:6.3f}"
                        f"  [{min(times[key]) * 1000:.2f} - {max(times[key]) * 1000:.2f}]"
                    )
                cold = statistics.median(times["cold"])
                print(
                    f"  ratios: cold / warm = {cold / statistics.median(times['warm']):.0f}x;"
                    f" cold / tail open = {cold / statistics.median(times['open']):.0f}x"
                )
        finally:
            other.close()
            raw.close()
            worker.shutdown()
    print(f"\ntotal {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

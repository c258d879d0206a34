"""History: the SQLite event store's append and read-back speed, against raw ``sqlite3``.

What it measures, single thread, in a temporary directory:

- append throughput (events/s) of ``SqliteEventStore.append`` for ``assistant_text`` events of
  about 200 characters, each in its own transaction as the store does it; baseline: raw
  ``sqlite3`` INSERTs of the very same JSON payloads into a plain two-column table (same
  ``journal_mode=WAL`` and ``synchronous=NORMAL``, one autocommit INSERT per event). Also shown, for
  scale, the same raw INSERTs in one transaction per round. Rounds alternate between the three so
  drift hits all of them alike; the median round is reported;
- reading back the resulting ``--events``-event conversation (default 10,000) with
  ``events(session_id)`` on a freshly opened store object (rows decoded into ``StoredEvent``
  objects; the store keeps decoded events in memory, so a second call on the same object is
  reported apart as "events() again") against a raw ``SELECT`` of
  the same rows and columns from the store's own table (``fetchall``, no decoding), and the raw
  ``SELECT`` plus ``json.loads`` of each payload (to split SQLite, JSON and event building).

- **bytes written per streamed-answer checkpoint** as the answer grows from 1 KB to
  ``--answer-kb`` (default 200 KB): a turn is started through the store, then its answer is
  checkpointed with ``checkpoint_partial`` in pieces of ``--chunk`` characters (default 2,400: what
  0.3 s of a 2,000 tokens/s stream carries, since the runtime checkpoints at most every 0.3 s, only
  the new text). Bytes written = what this process passed to ``write``/``pwrite`` during the call
  (``wchar`` in ``/proc/self/io``: the WAL frames, plus the database file when SQLite's automatic
  WAL checkpoint runs), also shown in WAL frames (4 KiB page + 24-byte header). Baseline in the
  same run: the O(answer) design, a raw ``sqlite3`` table rewritten with the whole answer so far
  at each checkpoint (``INSERT OR REPLACE``, same WAL and ``synchronous=NORMAL``). The store must
  stay flat (O(chunk)) while the baseline grows with the answer.

Ratios are store / raw (throughput: how many times slower; read: how many times longer). The
files are small and hot in the page cache: neither a cold disk nor ``fsync`` cost on a slow disk is
measured (``synchronous=NORMAL`` in WAL mode does not fsync on each commit). Bytes written are
Linux-only (``/proc/self/io``); elsewhere that part is skipped.

    .venv/bin/python benchmarks/history.py [--events 10000] [--rounds 5] [--dir DIR]
        [--chunk 2400] [--answer-kb 200]
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
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

_WORDS = (
    "the answer streams into the transcript while the event log keeps every piece; "
    "`def parse(s: str) -> datetime:` returns an aware value → store it as UTC. "
)


def texts(count: int) -> list[str]:
    """``count`` distinct texts of 200 characters."""
    out = []
    for i in range(count):
        base = f"[{i}] " + _WORDS * 3
        out.append(base[:200])
    return out


def filesystem_of(path: Path) -> str:
    best, kind = "", "?"
    try:
        for line in Path("/proc/mounts").read_text().splitlines():
            _dev, mount, fstype, *_ = line.split()
            if str(path).startswith(mount) and len(mount) > len(best):
                best, kind = mount, fstype
    except OSError:
        pass
    return kind


def raw_connection(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")
    conn.execute(
        "CREATE TABLE IF NOT EXISTS plain (id INTEGER PRIMARY KEY, session_id TEXT, payload TEXT)"
    )
    return conn


def written_bytes() -> int | None:
    """Bytes this process has passed to write()/pwrite() so far (Linux), or None."""
    try:
        for line in Path("/proc/self/io").read_text().splitlines():
            if line.startswith("wchar:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def checkpoint_bytes(store: object, root: Path, chunk: int, answer: int) -> None:
    """Bytes written per ``checkpoint_partial`` as the answer grows, against rewriting the whole
    answer at each checkpoint (see the module docstring)."""
    from parley.domain.transcript.canonical import TurnStarted, UserMessage, mint_id

    if written_bytes() is None:
        print("\nbytes per checkpoint: skipped (no /proc/self/io on this system)")
        return
    session = store.create_session("streaming")  # type: ignore[attr-defined]
    turn = mint_id()
    store.append(session.id, turn, TurnStarted(provider_id="p", model="m"), actor="runtime")  # type: ignore[attr-defined]
    store.append(session.id, turn, UserMessage(text="write a long answer"), actor="user")  # type: ignore[attr-defined]
    whole = raw_connection(root / "whole.db")
    whole.execute(
        "CREATE TABLE partial_whole (session_id TEXT, turn_id TEXT, text TEXT,"
        " PRIMARY KEY (session_id, turn_id)) WITHOUT ROWID"
    )
    piece = (_WORDS * (chunk // len(_WORDS) + 1))[:chunk]
    marks = [1_000, 10_000, 50_000, 100_000, 200_000, answer]
    marks = sorted({m for m in marks if m <= answer})
    rows: list[tuple[int, int, float, int, float, float]] = []  # size, store B, frames, base B, µs
    so_far = ""
    while len(so_far) < answer:
        so_far += piece
        before = written_bytes() or 0
        t = time.perf_counter()
        store.checkpoint_partial(session.id, turn, piece)  # type: ignore[attr-defined]
        took = time.perf_counter() - t
        store_bytes = (written_bytes() or 0) - before
        added = store_bytes / (4096 + 24)  # WAL frames: a 4 KiB page and its header
        before = written_bytes() or 0
        t = time.perf_counter()
        whole.execute(
            "INSERT OR REPLACE INTO partial_whole (session_id, turn_id, text) VALUES (?, ?, ?)",
            (session.id, turn, so_far),
        )
        base_took = time.perf_counter() - t
        rows.append(
            (len(so_far), store_bytes, added, (written_bytes() or 0) - before, took, base_took)
        )
    whole.close()
    print()
    print(
        f"streamed answer checkpoints of {chunk:,} characters ({len(rows)} checkpoints to"
        f" {len(so_far) / 1000:,.0f} KB); bytes written per checkpoint, median of the"
        " checkpoints up to each size [max]; a WAL frame is one 4 KiB page"
    )
    print(
        f"  {'answer so far':>14} {'store':>18} {'WAL frames':>11} {'µs':>6}"
        f"   {'rewrite whole answer':>22} {'µs':>6}  ratio"
    )
    lines = [
        "| answer so far | store: bytes written per checkpoint | WAL frames | whole-answer"
        " rewrite (baseline) | store / baseline |",
        "|---|---|---|---|---|",
    ]
    low = 0
    for mark in marks:
        window = [r for r in rows if low < r[0] <= mark + chunk - 1] or rows[-1:]
        low = mark + chunk - 1
        s_bytes = statistics.median(r[1] for r in window)
        s_max = max(r[1] for r in window)
        frames = statistics.median(r[2] for r in window)
        b_bytes = statistics.median(r[3] for r in window)
        s_us = statistics.median(r[4] for r in window) * 1e6
        b_us = statistics.median(r[5] for r in window) * 1e6
        print(
            f"  {mark / 1000:>11,.0f} KB {s_bytes:>9,.0f} [{s_max:>7,.0f}] {frames:>11.1f}"
            f" {s_us:>6.0f}   {b_bytes:>22,.0f} {b_us:>6.0f}  {s_bytes / b_bytes:.3f}"
        )
        lines.append(
            f"| {mark / 1000:,.0f} KB | {s_bytes / 1000:,.1f} KB (max {s_max / 1000:,.1f}) |"
            f" {frames:.1f} | {b_bytes / 1000:,.1f} KB | {s_bytes / b_bytes:.3f} |"
        )
    first = statistics.median(r[1] for r in rows[:10])
    last = statistics.median(r[1] for r in rows[-10:])
    print(
        f"  store: {last / first:.2f}x the bytes per checkpoint at {len(so_far) / 1000:,.0f} KB"
        f" as at {rows[9][0] / 1000:,.0f} KB (flat = O(chunk)); the SQL parameters carry"
        f" {len(piece.encode()):,} bytes of text each time"
    )
    print()
    print("\n".join(lines))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=10_000, help="events appended (and read)")
    parser.add_argument("--rounds", type=int, default=5, help="append rounds (events split)")
    parser.add_argument("--reads", type=int, default=5, help="read-back repetitions")
    parser.add_argument("--dir", default=None, help="where the databases go (default: temp)")
    parser.add_argument(
        "--chunk", type=int, default=2400, help="characters per streamed-answer checkpoint"
    )
    parser.add_argument(
        "--answer-kb", type=int, default=200, help="the streamed answer grows to this size"
    )
    args = parser.parse_args()

    from parley.domain.transcript.canonical import AssistantText, mint_id, to_payload
    from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore

    print(
        f"history benchmark - {os.cpu_count()} cores, {platform.machine()}, Python"
        f" {platform.python_version()}, SQLite {sqlite3.sqlite_version}, {platform.system()}"
        f" {platform.release()}"
    )
    per_round = args.events // args.rounds
    events = [
        AssistantText(text=t, model="bench-model", finish_reason="stop")
        for t in texts(per_round * args.rounds)
    ]
    payloads = [
        json.dumps(to_payload(e), ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        for e in events
    ]
    print(
        f"{len(events)} assistant_text events, payload {statistics.mean(map(len, payloads)):.0f}"
        f" characters on average, {args.rounds} rounds of {per_round}"
    )

    with tempfile.TemporaryDirectory(prefix="parley-bench-", dir=args.dir) as tmp:
        root = Path(tmp)
        print(f"databases in {root} ({filesystem_of(root.resolve())})")
        store = SqliteEventStore(root / "store.db")
        raw = raw_connection(root / "raw.db")
        batched = raw_connection(root / "batched.db")
        try:
            session = store.create_session("bench")
            turn = mint_id()
            rates: dict[str, list[float]] = {"store": [], "raw": [], "raw, one txn": []}
            for r in range(args.rounds):
                chunk = slice(r * per_round, (r + 1) * per_round)

                t = time.perf_counter()
                for event in events[chunk]:
                    store.append(session.id, turn, event, actor="assistant")
                rates["store"].append(per_round / (time.perf_counter() - t))

                t = time.perf_counter()
                for payload in payloads[chunk]:
                    raw.execute(
                        "INSERT INTO plain (session_id, payload) VALUES (?, ?)",
                        (session.id, payload),
                    )
                rates["raw"].append(per_round / (time.perf_counter() - t))

                t = time.perf_counter()
                batched.execute("BEGIN")
                for payload in payloads[chunk]:
                    batched.execute(
                        "INSERT INTO plain (session_id, payload) VALUES (?, ?)",
                        (session.id, payload),
                    )
                batched.execute("COMMIT")
                rates["raw, one txn"].append(per_round / (time.perf_counter() - t))

            print()
            print("append (events/s, median of rounds; min-max in brackets)")
            for name, values in rates.items():
                print(
                    f"  {name:<14} {statistics.median(values):10.0f}"
                    f"  [{min(values):.0f} - {max(values):.0f}]"
                )
            store_rate = statistics.median(rates["store"])
            raw_rate = statistics.median(rates["raw"])
            print(
                f"  ratio: the store appends {raw_rate / store_rate:.2f}x slower than raw"
                f" autocommit INSERTs ({statistics.median(rates['raw, one txn']) / store_rate:.1f}x"
                f" slower than raw INSERTs in one transaction);"
                f" {1e6 / store_rate:.0f} µs per store append"
            )

            total = len(store.events(session.id))
            reader = sqlite3.connect(root / "store.db")
            select = (
                "SELECT id, ts, session_id, turn_id, type, actor, work_item, payload FROM events"
                " WHERE session_id = ? AND id > ? ORDER BY id"
            )
            times: dict[str, list[float]] = {
                "events()": [],
                "raw SELECT": [],
                "SELECT+json": [],
                "events() again": [],
            }
            for _ in range(args.reads):
                # A fresh store object each time: ``events`` keeps decoded events in memory, and
                # the first read of a conversation (opening it) is the one that counts.
                with SqliteEventStore(root / "store.db") as fresh:
                    t = time.perf_counter()
                    got = fresh.events(session.id)
                    times["events()"].append(time.perf_counter() - t)
                    assert len(got) == total
                    t = time.perf_counter()
                    got = fresh.events(session.id)
                    times["events() again"].append(time.perf_counter() - t)
                    assert len(got) == total

                t = time.perf_counter()
                rows = reader.execute(select, (session.id, 0)).fetchall()
                times["raw SELECT"].append(time.perf_counter() - t)
                assert len(rows) == total

                t = time.perf_counter()
                rows = reader.execute(select, (session.id, 0)).fetchall()
                decoded = [json.loads(row[7]) for row in rows]
                times["SELECT+json"].append(time.perf_counter() - t)
                assert len(decoded) == total
            reader.close()

            print()
            print(f"read back a {total}-event conversation (ms, median of {args.reads}; min)")
            for name, values in times.items():
                print(
                    f"  {name:<14} {statistics.median(values) * 1000:10.1f}"
                    f"  (min {min(values) * 1000:.1f})"
                )
            full = statistics.median(times["events()"])
            base = statistics.median(times["raw SELECT"])
            with_json = statistics.median(times["SELECT+json"])
            print(
                f"  ratio: events() takes {full / base:.1f}x the raw SELECT"
                f" ({full / with_json:.1f}x SELECT+json.loads);"
                f" {full / total * 1e6:.1f} µs per event, of which"
                f" {(full - with_json) / total * 1e6:.1f} µs building the event objects"
            )
            again = statistics.median(times["events() again"])
            print(
                f"  events() again on the same store object (its in-memory cache, if any):"
                f" {again * 1000:.1f} ms, {again / base:.2f}x the raw SELECT"
            )
            print(
                "  budget, issue 8: open a 10,000-event conversation in < 100 ms to first paint"
                f" (reading alone takes {full * 1000:.0f} ms here)"
            )
            checkpoint_bytes(store, root, args.chunk, args.answer_kb * 1000)
        finally:
            store.close()
            raw.close()
            batched.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

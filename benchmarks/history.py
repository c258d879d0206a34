"""History: the SQLite event store's append and read-back speed, against raw ``sqlite3``.

What it measures, single thread, in a temporary directory:

- append throughput (events/s) of ``SqliteEventStore.append`` for ``assistant_text`` events of
  about 200 characters, each in its own transaction as the store does it; baseline: raw
  ``sqlite3`` INSERTs of the very same JSON payloads into a plain two-column table (same
  ``journal_mode=WAL`` and ``synchronous=NORMAL``, one autocommit INSERT per event). Also shown, for
  scale, the same raw INSERTs in one transaction per round. Rounds alternate between the three so
  drift hits all of them alike; the median round is reported;
- reading back the resulting ``--events``-event conversation (default 10,000) with
  ``events(session_id)`` (rows decoded into ``StoredEvent`` objects) against a raw ``SELECT`` of
  the same rows and columns from the store's own table (``fetchall``, no decoding), and the raw
  ``SELECT`` plus ``json.loads`` of each payload (to split SQLite, JSON and event building).

Ratios are store / raw (throughput: how many times slower; read: how many times longer). The
files are small and hot in the page cache: neither a cold disk nor ``fsync`` cost on a slow disk is
measured (``synchronous=NORMAL`` in WAL mode does not fsync on each commit).

    .venv/bin/python benchmarks/history.py [--events 10000] [--rounds 5] [--dir DIR]
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=10_000, help="events appended (and read)")
    parser.add_argument("--rounds", type=int, default=5, help="append rounds (events split)")
    parser.add_argument("--reads", type=int, default=5, help="read-back repetitions")
    parser.add_argument("--dir", default=None, help="where the databases go (default: temp)")
    args = parser.parse_args()

    from domain.transcript.canonical import AssistantText, mint_id, to_payload
    from infrastructure.storage.sqlite_event_store import SqliteEventStore

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
            times: dict[str, list[float]] = {"events()": [], "raw SELECT": [], "SELECT+json": []}
            for _ in range(args.reads):
                t = time.perf_counter()
                got = store.events(session.id)
                times["events()"].append(time.perf_counter() - t)
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
            print(
                "  budget, issue 8: open a 10,000-event conversation in < 100 ms to first paint"
                f" (reading alone takes {full * 1000:.0f} ms here)"
            )
        finally:
            store.close()
            raw.close()
            batched.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

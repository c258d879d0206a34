"""Syncing with a real PostgreSQL team store: push throughput (direct and through the fault
proxy) and how long a new device takes to pull a member's whole history.

Why it exists: issue 19 asks what a desktop's sync costs against a real server. Measured here,
on a throwaway cluster started the way the tests start theirs (``benchmarks/team_scale.Server``),
with the real schema (``init_team``), a real member role (row-level security in force), the real
engine (``SyncEngine``), the real SQLite ledger and the real adapter (``PostgresEventStore``):

- **push**: a desktop holding ``--turns`` whole turns (4 events each) pushes them all
  (``run_once``, batches of 500 events), once straight to the server and once through
  ``tests/support/fault_proxy.FaultProxy`` with no fault (what the proxy's threads cost), and
  once through the proxy with the tests' noisy plan (cuts, resets, delays, stalls, lost COMMIT
  replies) — repeating ``run_once`` until it succeeds — and once through the proxy holding
  every chunk 15 ms each way (a ~30 ms round trip; ``--turns``/40 turns, then all ``--turns``
  turns: a push is a constant number of round trips per batch of 500, so the small run mostly
  measures a sync's fixed cost): events per second;
- **pull**: ``--pull-events`` events (4 per turn, in ``--sessions`` conversations) are pushed
  fast by a synthetic device (``TeamStore.push`` in batches of 500, no SQLite), then a new
  desktop of the same member pulls them all (``run_once``, batches of 500): seconds and events
  per second.

    .venv/bin/python benchmarks/team_sync.py [--turns 1000] [--pull-events 100000]
        [--sessions 50] [--seed 1]

Prints ``BENCH {json}``.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.team_scale import Server
from parley.application.ports.team_sync import OutgoingEvent
from parley.domain.transcript.canonical import (
    AssistantText,
    TurnFinished,
    TurnStarted,
    UserMessage,
    mint_id,
)
from parley.infrastructure.team.postgres_store import PostgresEventStore
from parley.infrastructure.team.roles import add_member, init_team
from tests.support.fault_proxy import FaultPlan, FaultProxy
from tests.support.postgres import Cluster
from tests.support.team_store import Desktop

DATABASE = "postgres"
MEMBER, PASSWORD = "bench_member", "bench-member-secret"


def member_dsn(cluster: Cluster, port: int | None = None) -> str:
    dsn = cluster.dsn(MEMBER, PASSWORD, DATABASE)
    return dsn if port is None else dsn.replace(f"port={cluster.port}", f"port={port}")


def push_rate(
    cluster: Cluster, folder: Path, turns: int, port: int | None, label: str
) -> dict[str, float]:
    """A desktop with ``turns`` turns pushes them all; runs until one run succeeds."""
    with PostgresEventStore(member_dsn(cluster, port), device_id="x", timeout=5) as team:
        d = Desktop(folder / f"push-{label}.db", team, batch=500)
        team.device_id = d.ledger.device_id
        for n in range(turns):
            d.turn(f"push-{label}-{n % 20}", f"words of turn {n} " * 8)
        started = time.perf_counter()
        report = d.sync()
        runs, pushed, pulled = 1, report.pushed, report.pulled
        while not report.ok and runs < 2000:
            runs += 1
            report = d.sync()
            pushed += report.pushed
            pulled += report.pulled
        seconds = time.perf_counter() - started
        d.close()
    if not report.ok:
        raise SystemExit(f"the push did not get through in {runs} runs: {report}")
    events = turns * 4
    # ``pulled``: the same run also pulls what the member's earlier desktops pushed (each run
    # here is a desktop of its own), which counts in ``seconds`` too.
    return {"events": events, "seconds": round(seconds, 2),
            "events_per_s": round(events / seconds), "runs": runs, "pulled": pulled}  # fmt: skip


def generate(cluster: Cluster, events: int, sessions: int, rng: random.Random) -> float:
    """Push ``events`` events of a synthetic device in batches of 500; seconds it took."""
    started = time.perf_counter()
    seq = 0
    batch: list[OutgoingEvent] = []
    follows = {f"pull-{s}": "" for s in range(sessions)}
    with PostgresEventStore(member_dsn(cluster), device_id="generator") as team:
        while seq < events:
            session = f"pull-{rng.randrange(sessions)}"
            turn = mint_id()
            parts = [
                (TurnStarted(provider_id="p", model="m", follows_turn_id=follows[session]), "user"),
                (UserMessage(text=f"question {seq} " * 10), "user"),
                (AssistantText(text=f"answer {seq} " * 40, model="m"), "assistant"),
                (TurnFinished(status="completed"), "assistant"),
            ]
            follows[session] = turn
            for event, actor in parts:
                seq += 1
                batch.append(
                    OutgoingEvent(
                        origin_device="generator",
                        origin_seq=seq,
                        session_id=session,
                        turn_id=turn,
                        ts=f"2026-12-01T00:00:00.{seq % 1000000:06d}Z",
                        actor=actor,
                        event=event,
                        title=session,
                    )
                )
            if len(batch) >= 500 or seq >= events:
                team.push(batch)
                batch = []
    return time.perf_counter() - started


def pull_time(cluster: Cluster, folder: Path) -> dict[str, float]:
    with PostgresEventStore(member_dsn(cluster), device_id="x", timeout=10) as team:
        d = Desktop(folder / "new-device.db", team, batch=500)
        team.device_id = d.ledger.device_id
        started = time.perf_counter()
        report = d.sync()
        seconds = time.perf_counter() - started
        assert report.ok, report
        held = d.event_count()
        d.close()
    return {"events": held, "seconds": round(seconds, 1), "events_per_s": round(held / seconds)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=1000)
    parser.add_argument("--pull-events", type=int, default=100_000)
    parser.add_argument("--sessions", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="parley-bench-sync-"))
    folder = Path(tempfile.mkdtemp(prefix="parley-bench-sync-work-"))
    server = Server(root)
    try:
        server.initdb()
        cluster = server.start()
        init_team(cluster.admin_dsn(DATABASE))
        add_member(cluster.admin_dsn(DATABASE), MEMBER, PASSWORD)
        result: dict[str, object] = {
            "push_direct": push_rate(cluster, folder, args.turns, None, "direct")
        }
        with FaultProxy((cluster.host, cluster.port)) as proxy:
            result["push_proxy_healthy"] = push_rate(
                cluster, folder, args.turns, proxy.port, "healthy"
            )
            proxy.plan = FaultPlan(seed=args.seed, rate=0.01, after_commit=0.3)
            result["push_proxy_noisy"] = push_rate(cluster, folder, args.turns, proxy.port, "noisy")
            result["push_proxy_noisy"]["faults"] = dict(proxy.counters)  # type: ignore[index]
            # A wide-area link: every chunk held 15 ms each way (about 30 ms per round trip).
            proxy.plan = FaultPlan(rate=1.0, weights=(("delay", 1.0),), delay=(0.015, 0.015))
            turns = max(1, args.turns // 40)
            result["push_proxy_rtt_30ms"] = push_rate(cluster, folder, turns, proxy.port, "wan")
            # The same link with the whole backlog: a push costs a constant number of round
            # trips per batch, so the small run above mostly measures one sync's fixed cost.
            result["push_proxy_rtt_30ms_backlog"] = push_rate(
                cluster, folder, args.turns, proxy.port, "wan-backlog"
            )
        seconds = generate(cluster, args.pull_events, args.sessions, random.Random(args.seed))
        result["generate"] = {"events": args.pull_events, "seconds": round(seconds, 1)}
        result["pull_new_device"] = pull_time(cluster, folder)
        print("BENCH " + json.dumps(result), flush=True)
    finally:
        server.stop()
        shutil.rmtree(root, ignore_errors=True)
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

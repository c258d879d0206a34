"""One simulated desktop as a process of its own, syncing with a real PostgreSQL team store.

Why it exists: the team-sync tests through a faulty network (``tests/integration/
test_sync_postgres_faults.py``) need desktops that run concurrently and can be killed with
``kill -9`` at any moment, as a real app can: each is ``python -m tests.support.sync_desktop
CONFIG_JSON``, with its own SQLite profile (so its own device id, kept in the store across
restarts), its own pool of connections to the team store, and its own journal.

What one run does, for ``rounds`` rounds: record a whole turn (in one of its own conversations,
new or continued, or in one of the member's shared conversations once it holds it), write the
turn to the journal (a JSON line, after the store committed it: the journal is what the desktop
*knows* it recorded), then run one sync. A sync may fail as ``unreachable`` (the network);
anything else — ``refused``, ``schema``, ``local``, a quarantined conversation — ends the
process with code 3 and the report on stderr. With ``until_quiet`` it then syncs until a run
ends cleanly having pushed and pulled nothing (or ``quiet_deadline`` passes: code 4). The last
line on stdout is ``done`` and a JSON summary.

``kill_push``: at the Nth push the process kills itself with SIGKILL at a random moment —
while the push is on the wire or right after the server answered, before the answer is used.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

from parley.domain.transcript.branches import BranchTree
from parley.infrastructure.team.postgres_store import PostgresEventStore
from tests.support.team_store import Desktop


def _arm_kill_in_push(team: PostgresEventStore, nth: int, rng: random.Random) -> None:
    push = team.push
    calls = [0]

    def killing_push(events: Any) -> tuple[int, ...]:
        calls[0] += 1
        if calls[0] != nth:
            return push(events)
        if rng.random() < 0.6:
            # Die while the push is in flight: before, during or after the server's commit.
            threading.Timer(rng.uniform(0.0, 0.02), os.kill, (os.getpid(), signal.SIGKILL)).start()
        result = push(events)
        os.kill(os.getpid(), signal.SIGKILL)  # committed; the reply is never used
        return result

    team.push = killing_push  # type: ignore[method-assign]


def run(config: dict[str, Any]) -> int:
    rng = random.Random(config["seed"])
    team = PostgresEventStore(
        config["dsn"], device_id="pending", pool_size=2, timeout=float(config.get("timeout", 3))
    )
    desktop = Desktop(Path(config["db"]), team, batch=int(config.get("batch", 50)))
    team.device_id = desktop.ledger.device_id  # the store's own, kept across restarts
    if config.get("kill_push"):
        _arm_kill_in_push(team, int(config["kill_push"]), rng)
    device = desktop.ledger.device_id
    journal = open(config["journal"], "a", encoding="utf-8")  # noqa: SIM115
    kinds: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    print("ready", device, flush=True)

    def sync_once() -> Any:
        report = desktop.sync()
        kinds[report.error_kind or "ok"] += 1
        if report.error:
            errors[report.error.split(": ", 1)[-1][:70]] += 1
        if (report.error_kind not in ("", "unreachable")) or report.quarantined:
            print(f"sync failed: {report}", file=sys.stderr, flush=True)
            os._exit(3)
        return report

    own = [s for s in config.get("own", [])]
    for n in range(int(config.get("rounds", 0))):
        present = [s for s in config.get("shared", []) if desktop.store.session_exists(s)]
        if present and rng.random() < 0.5:
            session = rng.choice(present)
        elif own and rng.random() < 0.7:
            session = rng.choice(own)
        else:
            session = f"{config['prefix']}-{device[:8]}-{n}-{rng.randrange(10**6)}"
            own.append(session)
        follows = ""
        if desktop.store.session_exists(session):
            turns = list(BranchTree(desktop.store.events(session)).order)
            follows = rng.choice(turns) if turns else ""
        turn = desktop.turn(session, f"{device[:6]} round {n} «ü»", follows=follows, title="t")
        journal.write(
            json.dumps({"device": device, "session": session, "turn": turn, "follows": follows})
            + "\n"
        )
        journal.flush()
        sync_once()
        if config.get("pause"):
            time.sleep(rng.uniform(0, float(config["pause"])))
    quiet = True
    if config.get("until_quiet"):
        deadline = time.monotonic() + float(config.get("quiet_deadline", 60))
        quiet = False
        while time.monotonic() < deadline:
            report = sync_once()
            if report.ok and report.pushed == 0 and report.pulled == 0:
                quiet = True
                break
            if not report.ok:
                time.sleep(0.1)
    summary = {"device": device, "syncs": dict(kinds), "errors": dict(errors), "quiet": quiet}
    desktop.close()
    team.close()
    print("done", json.dumps(summary), flush=True)
    return 0 if quiet else 4


if __name__ == "__main__":
    sys.exit(run(json.loads(sys.argv[1])))

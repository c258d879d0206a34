"""What the operating-system sandbox costs a command (issue 12): ``run_command`` of ``true``.

What it measures. The real ``LocalToolExecutor.execute`` of ``run_command`` ``true`` in a
temporary workspace, from the call to its return (process start, bash, output drain, exit):
once unconfined (the baseline, in the same run) and once inside bubblewrap under each
confinement (read-only, sandbox-write, workspace-write, network). The runs are interleaved (one
of each per round) so both see the same machine. Median and p90 of ``--runs`` rounds (default 50)
are printed with the difference and the ratio to the baseline. The budget: at most 30 ms more
than unconfined, median.

Usage: ``python benchmarks/sandbox_overhead.py [--runs 50]``. Needs bubblewrap (Linux).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parley.application.ports.tools import ToolContext
from parley.domain.actions.confinement import (
    BUBBLEWRAP,
    READ_ONLY,
    SANDBOX_WRITE,
    UNCONFINED,
    WORKSPACE_WRITE,
    Confinement,
)
from parley.domain.actions.model import PASS, ProposedAction, Verdict
from parley.infrastructure.tools.confinement import Bubblewrap
from parley.infrastructure.tools.executor import LocalToolExecutor

BUDGET_MS = 30.0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    sandbox = Bubblewrap()
    if not sandbox.mechanism():
        print(f"skipped: {sandbox.reason}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        workspace = Path(tmp, "workspace")
        box = Path(tmp, "sandbox")
        workspace.mkdir()
        box.mkdir()
        context = ToolContext(workspace=workspace, sandbox=box, session_id="bench")
        executor = LocalToolExecutor(sandbox=sandbox)
        action = ProposedAction("c1", "run_command", {"command": "true"})
        verdict = Verdict("c1", "run_command", PASS, "ok", target="sandbox:.")
        cases = {
            "unconfined (baseline)": UNCONFINED,
            "read-only": Confinement(BUBBLEWRAP, READ_ONLY, False),
            "sandbox-write": Confinement(BUBBLEWRAP, SANDBOX_WRITE, False),
            "workspace-write": Confinement(BUBBLEWRAP, WORKSPACE_WRITE, False),
            "workspace-write + network": Confinement(BUBBLEWRAP, WORKSPACE_WRITE, True),
        }
        times: dict[str, list[float]] = {name: [] for name in cases}
        for _ in range(3):  # warm the page cache and the probe
            for confinement in cases.values():
                executor.execute(action, verdict, context, confinement)
        for _ in range(args.runs):
            for name, confinement in cases.items():
                started = time.perf_counter()
                outcome = executor.execute(action, verdict, context, confinement)
                times[name].append((time.perf_counter() - started) * 1000)
                if not outcome.success:
                    print(f"{name}: failed: {outcome.result}")
                    return 1
    base = statistics.median(times["unconfined (baseline)"])
    print(f"run_command 'true', {args.runs} interleaved rounds (ms)")
    print(f"{'case':28} {'median':>8} {'p90':>8} {'+median':>8} {'ratio':>6}")
    worst = 0.0
    for name, values in times.items():
        median = statistics.median(values)
        p90 = statistics.quantiles(values, n=10)[-1]
        extra = median - base
        worst = max(worst, extra)
        print(f"{name:28} {median:8.1f} {p90:8.1f} {extra:+8.1f} {median / base:6.2f}x")
    verdict_text = "met" if worst <= BUDGET_MS else "NOT met"
    print(f"budget: at most {BUDGET_MS:.0f} ms more than unconfined (median): {verdict_text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

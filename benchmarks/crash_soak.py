"""Crash soak: ``kill -9`` a real ``parley ask`` mid-answer many times over one profile.

Why it exists: ``tests/integration/test_crash_recovery.py`` runs 50 rounds on every ``make test``;
this runs as many as asked (default 500), with a different seed each time unless one is given, to
look for the rare kill point that the fixed rounds miss. Each round is the harness's round
(``tests/support/crash_harness.py``): start ``parley ask --json`` against a local streaming server,
wait until its turn started, sleep a random time within the answer, SIGKILL it, then open the
database as the next start would and check ``integrity_check``, that every acknowledged event is
there unchanged, that the turn is closed exactly once (recovered as interrupted with its
checkpointed text, a prefix of the answer), that the hash chain holds and nothing is duplicated.
At the end, every conversation of every round is checked again.

Not run by ``make test`` or ``make bench``; POSIX only (SIGKILL).

    .venv/bin/python benchmarks/crash_soak.py [--rounds 500] [--seed N] [--pieces 24]
                                              [--delay 0.02] [--dir DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tests.support.crash_harness import CrashHarness  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--pieces", type=int, default=24, help="SSE text chunks per answer")
    parser.add_argument("--delay", type=float, default=0.02, help="seconds between chunks")
    parser.add_argument("--dir", default=None, help="keep the profile here (default: a temp dir)")
    args = parser.parse_args()
    if sys.platform == "win32":
        print("crash_soak needs POSIX signals (SIGKILL)", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    root = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="parley-crash-soak-"))
    print(f"crash soak: {args.rounds} rounds, seed {seed}, profile in {root}", flush=True)
    interrupted = completed = with_text = 0
    kept: list[int] = []
    durations: list[float] = []
    started = time.monotonic()
    with CrashHarness(root, pieces=args.pieces, delay=args.delay) as harness:
        for n in range(1, args.rounds + 1):
            t0 = time.monotonic()
            try:
                result = harness.run_round(rng)
            except AssertionError as exc:
                print(f"round {n} FAILED (seed {seed}): {exc}", file=sys.stderr)
                return 1
            durations.append(time.monotonic() - t0)
            if result.interrupted:
                interrupted += 1
                if result.partial_chars:
                    with_text += 1
                    kept.append(result.partial_chars)
            else:
                completed += 1
            if n % 50 == 0:
                print(f"  {n} rounds, {time.monotonic() - started:.0f} s", flush=True)
        harness.check_all()
    total = len(harness.answer)
    print(
        f"{args.rounds} rounds in {time.monotonic() - started:.1f} s "
        f"(median {statistics.median(durations) * 1000:.0f} ms a round): all checks held"
    )
    print(f"  killed before the turn finished: {interrupted} ({with_text} with checkpointed text)")
    print(f"  finished before the kill:        {completed}")
    if kept:
        print(
            f"  checkpointed text kept: median {statistics.median(kept):.0f} of {total} chars, "
            f"max {max(kept)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

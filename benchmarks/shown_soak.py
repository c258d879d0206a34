"""Shown-vs-stored soak: ``kill -9`` a real ``parley ask`` at random moments, pauses included.

Why it exists: issue 14's promise is "nothing on screen for more than 0.3 s is missing from the
store", also while the provider is silent. ``benchmarks/crash_soak.py`` checks what the store
*acknowledged*; this checks what the user *saw*: each round runs ``parley ask`` in plain-text mode
(stdout is the screen), kills it at a random moment within 1.2x the answer (so also around its
completion), recovers as the next start does, and compares the text shown at least 0.3 s before
the kill with the stored answer (``CrashHarness.run_shown_round``). Half the rounds stream over a
provider that falls silent for ``--pause`` seconds mid-answer. Integrity, the hash chain and
"closed exactly once" are checked every round and for every conversation at the end.

Not run by ``make test``; POSIX only (SIGKILL). Exit 1 on any failed check or any character shown
beyond the bound and lost.

    .venv/bin/python benchmarks/shown_soak.py [--rounds 300] [--seed N] [--pause 1.5] [--dir DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tests.support.crash_harness import SHOWN_BOUND_S, CrashHarness  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--pieces", type=int, default=24, help="SSE text chunks per answer")
    parser.add_argument("--delay", type=float, default=0.02, help="seconds between chunks")
    parser.add_argument("--pause", type=float, default=1.5, help="a silence mid-answer (s)")
    parser.add_argument("--dir", default=None, help="keep the profiles here (default: temp)")
    args = parser.parse_args()
    if sys.platform == "win32":
        print("shown_soak needs POSIX signals (SIGKILL)", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    root = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="parley-shown-soak-"))
    print(f"shown soak: {args.rounds} rounds, seed {seed}, profiles in {root}", flush=True)
    killed = lost_rounds = lost_chars = 0
    unsaved_recent: list[int] = []  # shown within the bound before the kill, not stored
    started = time.monotonic()
    with ExitStack() as stack:
        steady = stack.enter_context(
            CrashHarness(root / "steady", pieces=args.pieces, delay=args.delay)
        )
        pausing = stack.enter_context(
            CrashHarness(
                root / "pausing",
                pieces=args.pieces,
                delay=args.delay,
                pause_after=args.pieces // 2 + 1,
                pause=args.pause,
            )
        )
        for n in range(1, args.rounds + 1):
            harness = pausing if n % 2 else steady
            try:
                result = harness.run_shown_round(rng)
            except AssertionError as exc:
                print(f"round {n} FAILED (seed {seed}): {exc}", file=sys.stderr)
                return 1
            if result.killed:
                killed += 1
                unsaved_recent.append(max(0, result.shown_chars - result.stored_chars))
            if result.lost_beyond_bound:
                lost_rounds += 1
                lost_chars += result.lost_beyond_bound
                print(f"round {n}: {result}", file=sys.stderr)
            if n % 50 == 0:
                print(f"  {n} rounds, {time.monotonic() - started:.0f} s", flush=True)
        steady.check_all()
        pausing.check_all()
    print(f"{args.rounds} rounds in {time.monotonic() - started:.1f} s; {killed} killed mid-turn")
    print(
        f"  shown more than {SHOWN_BOUND_S} s before the kill and lost: {lost_chars} chars "
        f"in {lost_rounds} rounds"
    )
    if unsaved_recent:
        print(
            f"  shown but not stored (all within the bound): median "
            f"{statistics.median(unsaved_recent):.0f}, max {max(unsaved_recent)} chars"
        )
    print("  integrity, hash chains, one turn_finished per turn: all held")
    return 1 if lost_chars else 0


if __name__ == "__main__":
    sys.exit(main())

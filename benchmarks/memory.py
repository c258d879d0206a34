"""Memory: Parley's idle footprint after start, and after opening a 5,000-message conversation,
as ratios against a bare PySide6 window measured in the same run.

Why it exists: issue 8 budgets idle memory at <= 2.5x a bare window. This script measures it the
way a user's task manager would, for the whole process tree: Parley's attachment reader and tool
executors are child processes (only while they work), so every descendant is counted too.

What it measures, each in a fresh ``sys.executable benchmarks/_launch.py ... --hold`` process that
stays up while this process reads ``/proc`` (see ``_launch.py``):

(a) ``bare``  - a plain ``QMainWindow`` of the same size, started the same way: the baseline;
(b) ``cold``  - Parley on a fresh, empty profile (the welcome panel), idle after start;
(c) ``warm``  - Parley on a profile of 1,000 short conversations plus one of 200 messages that
                ``window.json`` reopens at start (so its Markdown is rendered), idle after start;
(d) ``open``  - the same ``warm`` process after it opened a conversation of 5,000 messages
                (``MainWindow.open_session``, as a click does), idle again.

"Idle" is ``--idle-ms`` after the window's first paint and readiness (or after the opened
conversation was laid out). Figures, summed over the process and all its descendants (Linux
``/proc`` only): VmRSS from ``/proc/<pid>/status``; PSS (shared pages divided among the processes
sharing them) and USS (private pages: ``Private_Clean + Private_Dirty``) from
``/proc/<pid>/smaps_rollup`` when the kernel has it. This process does not import Qt, so Qt's
libraries are not shared with it (which would lower the child's PSS). Modes run interleaved,
``--runs`` rounds after one warm-up round (which also compiles the ``.pyc`` files, into a temporary
``PYTHONPYCACHEPREFIX``: see ``startup.py``); medians are printed. The budget is checked on RSS.

    .venv/bin/python benchmarks/memory.py [--runs 3] [--sessions 1000] [--messages 5000]
        [--idle-ms 1000] [--display]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from startup import LAUNCH, REPO, TIMES, child_env, header, long_conversation, make_profile

BUDGET = 2.5
READ_TIMEOUT_S = 60


# -- /proc -----------------------------------------------------------------------------------------


def _ppid(pid: int) -> int | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # "pid (comm) state ppid ...": comm may hold spaces and parentheses; split after the last ")".
    return int(stat[stat.rindex(")") + 2 :].split()[1])


def process_tree(root: int) -> list[int]:
    """``root`` and every descendant that is alive now."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            parent = _ppid(int(entry.name))
            if parent is not None:
                children.setdefault(parent, []).append(int(entry.name))
    tree, todo = [], [root]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo.extend(children.get(pid, ()))
    return tree


def _kib_fields(path: Path, names: tuple[str, ...]) -> dict[str, int]:
    values: dict[str, int] = {}
    try:
        for line in path.read_text().splitlines():
            key, _, rest = line.partition(":")
            if key in names:
                values[key] = int(rest.split()[0])
    except (OSError, ValueError, IndexError):
        pass
    return values


def tree_memory(root: int) -> dict[str, float]:
    """Summed over ``root``'s tree: processes, and RSS, PSS and USS in MiB (PSS/USS NaN when
    ``smaps_rollup`` cannot be read)."""
    pids = process_tree(root)
    rss = pss = uss = 0
    have_rollup = True
    for pid in pids:
        rss += _kib_fields(Path(f"/proc/{pid}/status"), ("VmRSS",)).get("VmRSS", 0)
        rollup = _kib_fields(
            Path(f"/proc/{pid}/smaps_rollup"), ("Pss", "Private_Clean", "Private_Dirty")
        )
        if "Pss" not in rollup:
            have_rollup = False
            continue
        pss += rollup["Pss"]
        uss += rollup.get("Private_Clean", 0) + rollup.get("Private_Dirty", 0)
    nan = float("nan")
    return {
        "processes": len(pids),
        "rss": rss / 1024,
        "pss": pss / 1024 if have_rollup else nan,
        "uss": uss / 1024 if have_rollup else nan,
    }


# -- one child -------------------------------------------------------------------------------------


class Child:
    """A ``_launch.py --hold`` process: started, asked for its ``BENCH`` lines, told to quit."""

    def __init__(self, args: list[str], display: bool, idle_ms: int, pycache: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(LAUNCH), *args, "--hold", "--idle-ms", str(idle_ms)],
            env=child_env(display, pycache),
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def result(self) -> dict:
        """The child's next ``BENCH`` line (other output is skipped)."""
        deadline = time.monotonic() + READ_TIMEOUT_S
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                err = self.proc.stderr.read() if self.proc.stderr else ""
                raise RuntimeError(f"child exited ({self.proc.wait()}):\n{err}")
            if line.startswith("BENCH "):
                result = json.loads(line[6:])
                if result.get("error"):
                    raise RuntimeError(f"child: {result['error']}")
                return result
        raise RuntimeError("no answer from the child")

    def send(self, command: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()

    def close(self) -> None:
        try:
            self.send("quit")
            self.proc.wait(timeout=15)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()  # this child only: we started it
            self.proc.wait()


def measure_round(
    profiles: dict[str, list[str]], open_id: str, display: bool, idle_ms: int, pycache: Path
) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for name in ("bare", "cold", "warm"):
        child = Child(profiles[name], display, idle_ms, pycache)
        try:
            started = child.result()
            out[name] = {**tree_memory(started["pid"]), "modules": started.get("modules", [])}
            if started.get("ready_note"):
                out[name]["note"] = started["ready_note"]
            if name == "warm":
                child.send(f"open {open_id}")
                opened = child.result()
                out["open"] = {
                    **tree_memory(started["pid"]),
                    "opened_ms": opened["opened_ms"],
                    "modules": opened.get("modules", []),
                }
        finally:
            child.close()
    return out


def fmt(value: float, width: int = 8) -> str:
    return f"{value:{width}.1f}" if value == value else f"{'n/a':>{width}}"  # NaN != NaN


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="counted rounds (default 3)")
    parser.add_argument("--sessions", type=int, default=1000, help="short conversations (warm)")
    parser.add_argument("--messages", type=int, default=5000, help="the conversation opened")
    parser.add_argument("--idle-ms", type=int, default=3000, help="idle time before measuring")
    parser.add_argument("--display", action="store_true", help="use the real display platform")
    args = parser.parse_args()
    started = time.perf_counter()

    header("memory benchmark")
    print(f"platform: {'display' if args.display else 'offscreen'}; runs: {args.runs} (+1 warm-up)")
    if not Path("/proc/self/status").exists():
        print("needs Linux /proc")
        return 2
    rows: dict[str, list[dict]] = {"bare": [], "cold": [], "warm": [], "open": []}
    with tempfile.TemporaryDirectory(prefix="parley-mem-") as tmp:
        root = Path(tmp)
        t = time.perf_counter()
        data, config, reopened = make_profile(root / "warm", args.sessions, 200)
        from parley.infrastructure.storage.sqlite_event_store import (
            SqliteEventStore,
            default_db_path,
        )
        from parley.ui.window_state import WINDOW_STATE_FILE, WindowState, save_window_state

        with SqliteEventStore(default_db_path(data)) as store:
            big = long_conversation(store, args.messages, f"{args.messages} messages")
        print(
            f"built the profile ({args.sessions} conversations, one of 200 messages reopened at"
            f" start, one of {args.messages} to open) in {time.perf_counter() - t:.1f} s"
        )
        fresh = iter(range(1_000_000))
        for round_no in range(args.runs + 1):
            # The window saves window.json on exit, naming the conversation it showed last (the
            # big one): put the 200-message one back, so every warm start reopens the same.
            save_window_state(config / WINDOW_STATE_FILE, WindowState(last_session_id=reopened))
            cold = root / f"cold-{next(fresh)}"
            profiles = {
                "bare": ["bare"],
                "cold": [
                    "parley",
                    *("--data-dir", str(cold / "data"), "--config-dir", str(cold / "config")),
                    *("--expect-sessions", "0"),
                ],
                "warm": [
                    "parley",
                    *("--data-dir", str(data), "--config-dir", str(config)),
                    *("--expect-sessions", str(args.sessions + 2), "--expect-chat-page"),
                    *("--expect-open", reopened),
                ],
            }
            measured = measure_round(profiles, big, args.display, args.idle_ms, root / "pycache")
            if round_no:  # round 0 warms the disk cache and .pyc files
                for name, value in measured.items():
                    rows[name].append(value)

    medians: dict[str, dict[str, float]] = {}
    for name, runs in rows.items():
        medians[name] = {
            key: statistics.median(r[key] for r in runs)
            for key in ("processes", "rss", "pss", "uss")
        }
    bare = medians["bare"]
    labels = {
        "bare": "bare QMainWindow, idle",
        "cold": "Parley cold (empty profile), idle",
        "warm": "Parley warm (1,000 + 200 reopened), idle",
        "open": f"Parley after opening {args.messages:,} messages",
    }
    print()
    print(
        f"{'':43} {'procs':>5} {'RSS MiB':>8} {'PSS MiB':>8} {'USS MiB':>8}"
        f" {'RSS/bare':>8} {'USS/bare':>8}"
    )
    for name, m in medians.items():
        print(
            f"{labels[name]:43} {m['processes']:5.0f} {fmt(m['rss'])} {fmt(m['pss'])}"
            f" {fmt(m['uss'])} {m['rss'] / bare['rss']:7.2f}x {m['uss'] / bare['uss']:7.2f}x"
        )
    spread = {
        name: max(r["rss"] for r in runs) - min(r["rss"] for r in runs)
        for name, runs in rows.items()
    }
    print(
        "RSS spread between runs (max - min), MiB: "
        + ", ".join(f"{name} {value:.1f}" for name, value in spread.items())
    )
    opened_ms = statistics.median(r["opened_ms"] for r in rows["open"])
    print(f"opening the {args.messages:,}-message conversation took {opened_ms:.0f} ms (median)")
    for name in ("cold", "warm", "open"):
        loaded = sorted({m for r in rows[name] for m in r.get("modules", [])})
        print(f"loaded in {name}: {', '.join(loaded) or 'none of the heavy packages'}")
        for note in sorted({r["note"] for r in rows[name] if r.get("note")}):
            print(f"  note: {note}")

    print()
    print(f"budget (issue 8): idle RSS <= {BUDGET}x the bare window")
    for name in ("cold", "warm"):
        ratio = medians[name]["rss"] / bare["rss"]
        print(f"  {name}: {ratio:.2f}x -> {'within' if ratio <= BUDGET else 'OVER'} budget")

    print()
    print("for docs/performance.md:")
    print()
    print("| | processes | RSS | PSS | USS | **RSS / bare** | USS / bare |")
    print("|---|---|---|---|---|---|---|")
    for name, m in medians.items():
        print(
            f"| {labels[name]} | {m['processes']:.0f} | {m['rss']:.1f} MiB | {m['pss']:.1f} MiB |"
            f" {m['uss']:.1f} MiB | **{m['rss'] / bare['rss']:.2f}{TIMES}** |"
            f" {m['uss'] / bare['uss']:.2f}{TIMES} |"
        )
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

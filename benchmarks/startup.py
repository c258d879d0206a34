"""Start-up: process launch to the main window's first paint, cold and warm, as ratios.

What it measures, each in a fresh ``sys.executable benchmarks/_launch.py ...`` process (see that
file for how the child times itself):

(a) ``bare``  - a plain PySide6 ``QMainWindow`` of the same size, started the same way: the
                baseline every other figure is divided by;
(b) ``cold``  - Parley through its real entry point (``ui.cli.main``, no command) on a fresh,
                empty profile (new temporary data and config dirs for every run): the first-start
                welcome panel. "Ready" = the welcome panel is up (nothing to load);
(c) ``warm``  - Parley on a profile holding 1,000 short conversations (4 events each) plus one of
                200 messages (code-heavy Markdown answers) that ``window.json`` names as the last
                one open, and one provider whose URL points at a closed local port (a returning
                user; the model-list request fails at once instead of waiting on a network).
                "Ready" = the list shows all 1,001 rows, the chat page is up and the transcript
                has laid out the restored conversation (Markdown rendering included).

Launch time is taken in this process with ``time.monotonic_ns()`` right before ``Popen`` and passed
to the child in the environment; that clock is system-wide, so the figure includes interpreter
start-up, imports, building the services and the window, and layout up to the first paint event.

Bytecode: the children may write ``.pyc`` files (to a temporary ``PYTHONPYCACHEPREFIX``, not the
tree) even where the environment sets ``PYTHONDONTWRITEBYTECODE``: an installed Parley starts from
``.pyc`` files, and compiling every module from source at each start is not what users wait for.
Modes run interleaved (one warm-up round first, not counted), ``--runs`` rounds; min and median
are printed, and ratios Parley/bare of the medians. The budget (issue 8) is start <= 3x the bare
window, checked on the first paint and on "ready". Qt runs on the offscreen platform unless
``--display`` is given. Last, each Parley mode is run once under ``python -X importtime`` (the
real start, imports made on workers during start included) and its largest imports printed, with
the heavy packages each mode had loaded once idle. Memory is ``benchmarks/memory.py``'s job.

    .venv/bin/python benchmarks/startup.py [--runs 5] [--sessions 1000] [--messages 200]
        [--display]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TIMES = "\N{MULTIPLICATION SIGN}"
LAUNCH = Path(__file__).resolve().parent / "_launch.py"
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

#: The answers of the long conversation: headings, lists, inline and fenced code, a table, math.
ANSWERS = (
    """\
### Step {i}: read the file in chunks

Use a generator so memory stays flat (≈ 64 KiB per chunk), even for a 10 GB file:

```python
def read_chunks_{i}(path: str, size: int = 65_536) -> Iterator[bytes]:
    with open(path, "rb") as fh:
        while chunk := fh.read(size):
            yield chunk  # {i}: one chunk at a time
```

- `size` must be > 0; `fh.read(0)` returns `b""` and the loop ends at once.
- Wrap it in `itertools.islice` to stop early.
""",
    """\
Here is how the options compare for case **{i}**:

| option | memory | speed |
|---|---|---|
| `read()` | whole file | fastest for small files |
| `readline()` | one line | slow on long lines |
| chunks | constant | good everywhere |

The cost is roughly $O(n)$ in time and $O(1)$ in memory, i.e. \\(T(n) \\approx c \\cdot n\\).
""",
    """\
1. Open a transaction (`BEGIN IMMEDIATE`) so writers queue instead of failing.
2. Insert the rows in batches of 500 with `executemany`.
3. Commit, then run `PRAGMA optimize` once at the end.

```sql
CREATE INDEX IF NOT EXISTS idx_events_session_{i} ON events(session_id, id);
SELECT count(*) FROM events WHERE session_id = ?;
```

> WAL mode lets readers continue while the writer commits.
""",
)
QUESTION = "Question {i}: how would you handle this case? Please show code and keep it short."


def long_conversation(store, messages: int, title: str = "A long conversation") -> str:
    """A conversation of ``messages`` messages (question, answer, question, ...) with realistic
    Markdown answers; returns its id."""
    from parley.domain.transcript.canonical import (
        AssistantText,
        TurnFinished,
        TurnStarted,
        Usage,
        UserMessage,
        mint_id,
    )

    session = store.create_session(title)
    for i in range((messages + 1) // 2):
        turn = mint_id()
        store.append(session.id, turn, TurnStarted(provider_id="local", model="bench-model"))
        store.append(session.id, turn, UserMessage(text=QUESTION.format(i=i)))
        if 2 * i + 1 < messages:
            text = ANSWERS[i % len(ANSWERS)].format(i=i).strip()
            store.append(
                session.id,
                turn,
                AssistantText(text=text, model="bench-model", finish_reason="stop"),
            )
        store.append(
            session.id,
            turn,
            TurnFinished(status="completed", usage=Usage(100, 150), duration_s=2.0),
        )
    return session.id


def make_profile(
    root: Path, sessions: int, long_messages: int = 0, reopen_long: bool = True
) -> tuple[Path, Path, str]:
    """A profile with ``sessions`` conversations of 4 events each, one provider (closed port)
    and, with ``long_messages``, one more conversation of that many messages, written last;
    ``reopen_long`` makes ``window.json`` name it as the conversation open at the last exit.
    Returns (data dir, config dir, the long conversation's id or "")."""
    from parley.application.ports.settings_store import ProviderConfig
    from parley.domain.transcript.canonical import (
        AssistantText,
        TurnFinished,
        TurnStarted,
        Usage,
        UserMessage,
        mint_id,
    )
    from parley.infrastructure.config.json_settings_store import JsonSettingsStore
    from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path
    from parley.ui.window_state import WINDOW_STATE_FILE, WindowState, save_window_state

    data, config = root / "data", root / "config"
    long_id = ""
    with SqliteEventStore(default_db_path(data)) as store:
        for i in range(sessions):
            session = store.create_session(f"Conversation {i}: how do I parse ISO dates in Python?")
            turn = mint_id()
            store.append(session.id, turn, TurnStarted(provider_id="local", model="bench-model"))
            store.append(
                session.id, turn, UserMessage(text=f"Question {i}: parse 2026-11-30T12:00Z?")
            )
            store.append(
                session.id,
                turn,
                AssistantText(
                    text="Use `datetime.fromisoformat(s.replace('Z', '+00:00'))`.\n" * 3,
                    model="bench-model",
                    finish_reason="stop",
                ),
            )
            store.append(
                session.id,
                turn,
                TurnFinished(status="completed", usage=Usage(12, 40), duration_s=1.5),
            )
        if long_messages:
            long_id = long_conversation(
                store, long_messages, f"A conversation of {long_messages} messages"
            )
    with socket.create_server(("127.0.0.1", 0)) as probe:
        closed_port = probe.getsockname()[1]  # closed again below: connections are refused
    JsonSettingsStore(config).add_provider(
        ProviderConfig(
            name="local",
            kind="openai",
            base_url=f"http://127.0.0.1:{closed_port}/v1",
            default_model="bench-model",
        )
    )
    if long_id and reopen_long:
        save_window_state(config / WINDOW_STATE_FILE, WindowState(last_session_id=long_id))
    return data, config, long_id


def child_env(display: bool, pycache: Path) -> dict[str, str]:
    """The child's environment: offscreen unless ``display``, this checkout first on the path,
    and compiled bytecode kept under ``pycache`` (see ``main``)."""
    env = dict(os.environ)
    # A user's Parley loads its modules from .pyc files. If the environment forbids writing
    # them, every child would compile all of Parley from source at every start (over 100 ms
    # here): let the children write them, to a folder of the benchmark's own, not the tree.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    # Import Parley from the checkout this script is in (not wherever the venv's editable
    # install points), so a copy of the tree can be measured against another.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    if not display:
        env["QT_QPA_PLATFORM"] = "offscreen"
    env["PARLEY_BENCH_T0_NS"] = str(time.monotonic_ns())
    return env


def launch(
    args: list[str], display: bool, pycache: Path, python_flags: tuple[str, ...] = ()
) -> dict:
    """Run one child to completion; its ``BENCH`` result (with ``stderr`` when flags are given)."""
    env = child_env(display, pycache)
    proc = subprocess.run(
        [sys.executable, *python_flags, str(LAUNCH), *args],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    for line in proc.stdout.splitlines():
        if line.startswith("BENCH "):
            result = json.loads(line[6:])
            if python_flags:
                result["stderr"] = proc.stderr
            return result
    raise RuntimeError(f"child {args} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")


def parse_importtime(stderr: str) -> list[tuple[int, int, str]]:
    """(cumulative µs, self µs, module with its nesting indent) from ``-X importtime`` output."""
    rows = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, cumulative_us, name = line[len("import time:") :].split("|", 2)
        rows.append((int(cumulative_us), int(self_us), name.rstrip()))
    return rows


def machine() -> str:
    """One line naming the machine and the software versions (no Qt import in this process)."""
    pyside = "?"
    for dist in ("PySide6", "PySide6_Essentials"):
        try:
            pyside = metadata.version(dist)
            break
        except metadata.PackageNotFoundError:
            continue
    mem = ""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                mem = f", {int(line.split()[1]) / 1024 / 1024:.0f} GiB RAM"
    except OSError:
        pass
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{os.cpu_count()} cores ({cpu}){mem}, {platform.machine()}, "
        f"Python {platform.python_version()}, PySide6 {pyside}, "
        f"{platform.system()} {platform.release()}"
    )


def header(title: str) -> None:
    print(f"{title} - {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}")
    print(f"machine: {machine()}")


def summary(values: list[float]) -> tuple[float, float]:
    return min(values), statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="counted rounds (default 5)")
    parser.add_argument("--sessions", type=int, default=1000, help="short conversations (warm)")
    parser.add_argument("--messages", type=int, default=200, help="the reopened conversation")
    parser.add_argument("--display", action="store_true", help="use the real display platform")
    args = parser.parse_args()
    started = time.perf_counter()

    header("startup benchmark")
    print(f"platform: {'display' if args.display else 'offscreen'}; runs: {args.runs} (+1 warm-up)")
    with tempfile.TemporaryDirectory(prefix="parley-bench-") as tmp:
        root = Path(tmp)
        pycache = root / "pycache"  # filled by the warm-up round, as a first start would
        t = time.perf_counter()
        warm_data, warm_config, long_id = make_profile(root / "warm", args.sessions, args.messages)
        print(
            f"built the warm profile ({args.sessions} conversations + one of {args.messages}"
            f" messages, reopened at start) in {time.perf_counter() - t:.1f} s"
        )
        fresh = iter(range(1_000_000))

        def cold_args() -> list[str]:
            # A new, empty profile every time: "cold" is a first start, never a second one.
            profile = root / f"cold-{next(fresh)}"
            return [
                "parley",
                *("--data-dir", str(profile / "data"), "--config-dir", str(profile / "config")),
                "--expect-sessions",
                "0",
            ]

        warm_args = [
            "parley",
            *("--data-dir", str(warm_data), "--config-dir", str(warm_config)),
            *("--expect-sessions", str(args.sessions + 1), "--expect-chat-page"),
            *("--expect-open", long_id),
        ]
        modes = {"bare": lambda: ["bare"], "cold": cold_args, "warm": lambda: warm_args}
        results: dict[str, list[dict]] = {name: [] for name in modes}
        for round_no in range(args.runs + 1):
            for name, child_args in modes.items():
                result = launch(child_args(), args.display, pycache)
                if round_no:  # round 0 warms the disk cache and .pyc files
                    results[name].append(result)

        importtime = {
            name: launch(modes[name](), args.display, pycache, ("-X", "importtime"))
            for name in ("cold", "warm")
        }

    print()
    print(
        f"{'mode':>5} | {'first paint ms':>17} | {'script start':>12} | {'ready ms':>17} |"
        f" {'ready paint ms':>14} | page at first paint"
    )
    print(f"{'':>5} | {'min':>8} {'median':>8} | {'median ms':>12} | {'min':>8} {'median':>8} |")
    medians: dict[str, dict[str, float]] = {}
    for name, runs in results.items():
        paint = summary([r["first_paint_ms"] for r in runs])
        script = statistics.median(r["script_ms"] for r in runs)
        ready_values = [r["ready_ms"] for r in runs if r.get("ready_ms") is not None]
        ready = summary(ready_values) if ready_values else None
        ready_paints = [r["ready_paint_ms"] for r in runs if r.get("ready_paint_ms") is not None]
        ready_paint = statistics.median(ready_paints) if ready_paints else None
        pages = sorted({r.get("page_at_first_paint", "-") for r in runs})
        ready_text = f"{ready[0]:8.1f} {ready[1]:8.1f}" if ready else f"{'-':>8} {'-':>8}"
        ready_paint_text = f"{ready_paint:14.1f}" if ready_paint else f"{'-':>14}"
        print(
            f"{name:>5} | {paint[0]:8.1f} {paint[1]:8.1f} | {script:12.1f} | {ready_text} |"
            f" {ready_paint_text} | {', '.join(pages)}"
        )
        medians[name] = {
            "paint_min": paint[0],
            "paint": paint[1],
            "script": script,
            "ready": ready[1] if ready else float("nan"),
            "ready_paint": ready_paint or float("nan"),
        }
        for note in sorted({r["ready_note"] for r in runs if r.get("ready_note")}):
            print(f"       note: {note}")

    bare = medians["bare"]
    ratios: dict[str, dict[str, float]] = {}
    print()
    print("ratios Parley / bare window, medians (budget, issue 8: start <= 3x)")
    for name in ("cold", "warm"):
        m = medians[name]
        ratios[name] = {
            "paint": m["paint"] / bare["paint"],
            "paint_min": m["paint_min"] / bare["paint_min"],
            "after_script": (m["paint"] - m["script"]) / (bare["paint"] - bare["script"]),
            "ready": m["ready"] / bare["paint"],
        }
        r = ratios[name]
        verdict = "within" if max(r["paint"], r["ready"]) <= 3.0 else "OVER"
        print(
            f"  {name}: first paint {r['paint']:.2f}x ({r['paint_min']:.2f}x of the minimums);"
            f" script start -> paint {r['after_script']:.2f}x; ready {r['ready']:.2f}x"
            f" -> {verdict} budget"
        )

    print()
    print("heavy packages and lazy modules loaded once idle after start:")
    for name in ("cold", "warm"):
        loaded = sorted({m for r in results[name] for m in r.get("modules", [])})
        print(f"  {name}: {', '.join(loaded) or 'none'}")

    for name, result in importtime.items():
        rows = parse_importtime(result["stderr"])
        print()
        print(
            f"{name} start under python -X importtime (one run; importtime inflates these):"
            f" {len(rows)} modules, first paint {result['first_paint_ms']:.0f} ms"
        )
        print(f"  top 12 cumulative (indent = nesting)\n  {'cumul. ms':>9} {'self ms':>8}  module")
        for cumulative, self_us, module in sorted(rows, reverse=True)[:12]:
            print(f"  {cumulative / 1000:9.1f} {self_us / 1000:8.1f}  {module}")
        print("  top 8 by self time (the module's own body)")
        for cumulative, self_us, module in sorted(rows, key=lambda r: r[1], reverse=True)[:8]:
            print(f"  {cumulative / 1000:9.1f} {self_us / 1000:8.1f}  {module.strip()}")

    print()
    print("for docs/performance.md:")
    print()
    c, w = ratios["cold"], ratios["warm"]
    mc, mw = medians["cold"], medians["warm"]
    table = [
        (
            "| | bare `QMainWindow` | Parley cold (empty profile) |",
            "Parley warm (1,000 + reopened) |",
        ),
        ("|---|---|---|---|", ""),
        (
            f"| **first paint, Parley / bare (median)** | 1 | **{c['paint']:.2f}{TIMES}** |",
            f"**{w['paint']:.2f}{TIMES}** |",
        ),
        (
            f"| first paint, Parley / bare (min) | 1 | {c['paint_min']:.2f}{TIMES} |",
            f"{w['paint_min']:.2f}{TIMES} |",
        ),
        (
            f"| **ready, Parley / bare first paint (median)** | 1 | **{c['ready']:.2f}{TIMES}** |",
            f"**{w['ready']:.2f}{TIMES}** (conversation laid out) |",
        ),
        (
            f"| script start -> paint, Parley / bare | 1 | {c['after_script']:.2f}{TIMES} |",
            f"{w['after_script']:.2f}{TIMES} |",
        ),
        (
            f"| first paint, median | {bare['paint']:.0f} ms | {mc['paint']:.0f} ms |",
            f"{mw['paint']:.0f} ms |",
        ),
        (f"| ready, median | - | {mc['ready']:.0f} ms |", f"{mw['ready']:.0f} ms |"),
    ]
    for left, right in table:
        print(f"{left} {right}".rstrip())
    print(f"\n({time.perf_counter() - started:.0f} s in all)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

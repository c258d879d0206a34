"""Start-up: process launch to the main window's first paint, and idle memory, as ratios.

What it measures, each in a fresh ``sys.executable benchmarks/_launch.py ...`` process (see that
file for how the child times itself):

(a) ``bare``   - a plain PySide6 ``QMainWindow`` of the same size, started the same way: the
                 baseline every other figure is divided by;
(b) ``empty``  - Parley through its real entry point (``ui.cli.main``, no command) on a fresh,
                 empty profile (temporary data and config dirs): the first-start welcome panel;
(c) ``1000``   - Parley on a profile holding 1,000 conversations (4 events each, written through
                 ``SqliteEventStore``) and one provider whose URL points at a closed local port
                 (a returning user; the model-list request fails at once instead of waiting on a
                 network). "Ready" there means the conversation list shows all 1,000 rows and the
                 chat page is up.

Launch time is taken in this process with ``time.monotonic_ns()`` right before ``Popen`` and passed
to the child in the environment; that clock is system-wide, so the figure includes interpreter
start-up, imports, building the services and the window, and layout up to the first paint event.
Idle RSS is the child's VmRSS 500 ms after its first paint (Linux only).

Modes run interleaved (one warm-up round first, not counted), ``--runs`` rounds; min and median
are printed, and ratios Parley/bare of the medians (and of the minimums). Qt runs on the offscreen
platform unless ``--display`` is given. Last, ``python -X importtime -c "import ui.main_window"``
is run once and its ten largest cumulative import times printed.

    .venv/bin/python benchmarks/startup.py [--runs 5] [--sessions 1000] [--display]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
LAUNCH = Path(__file__).resolve().parent / "_launch.py"
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))


def make_profile(root: Path, sessions: int) -> tuple[Path, Path]:
    """A profile with ``sessions`` conversations of 4 events each and one provider (closed port)."""
    from application.ports.settings_store import ProviderConfig
    from domain.transcript.canonical import (
        AssistantText,
        TurnFinished,
        TurnStarted,
        Usage,
        UserMessage,
        mint_id,
    )
    from infrastructure.config.json_settings_store import JsonSettingsStore
    from infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path

    data, config = root / "data", root / "config"
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
    return data, config


def launch(args: list[str], display: bool) -> dict:
    env = dict(os.environ)
    if not display:
        env["QT_QPA_PLATFORM"] = "offscreen"
    env["PARLEY_BENCH_T0_NS"] = str(time.monotonic_ns())
    proc = subprocess.run(
        [sys.executable, str(LAUNCH), *args],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    for line in proc.stdout.splitlines():
        if line.startswith("BENCH "):
            return json.loads(line[6:])
    raise RuntimeError(f"child {args} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")


def import_times() -> list[tuple[int, int, str]]:
    """(cumulative µs, self µs, module) for each module ``import ui.main_window`` loads."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import ui.main_window"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    rows = []
    for line in proc.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        self_us, cumulative_us, name = line[len("import time:") :].split("|", 2)
        rows.append((int(cumulative_us), int(self_us), name.rstrip()))
    return rows


def machine() -> str:
    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import qVersion

    return (
        f"{os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}, "
        f"PySide6 {pyside_version} / Qt {qVersion()}, {platform.system()} {platform.release()}"
    )


def summary(values: list[float]) -> tuple[float, float]:
    return min(values), statistics.median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="counted rounds (default 5)")
    parser.add_argument("--sessions", type=int, default=1000, help="conversations in (c)")
    parser.add_argument("--display", action="store_true", help="use the real display platform")
    args = parser.parse_args()

    print(f"startup benchmark - {machine()}")
    print(f"platform: {'display' if args.display else 'offscreen'}; runs: {args.runs} (+1 warm-up)")
    with tempfile.TemporaryDirectory(prefix="parley-bench-") as tmp:
        root = Path(tmp)
        t = time.perf_counter()
        full_data, full_config = make_profile(root / "full", args.sessions)
        print(f"built the {args.sessions}-conversation profile in {time.perf_counter() - t:.1f} s")
        modes = {
            "bare": ["bare"],
            "empty": [
                "parley",
                *("--data-dir", str(root / "empty" / "data")),
                *("--config-dir", str(root / "empty" / "config")),
                *("--expect-sessions", "0"),
            ],
            str(args.sessions): [
                "parley",
                *("--data-dir", str(full_data), "--config-dir", str(full_config)),
                *("--expect-sessions", str(args.sessions), "--expect-chat-page"),
            ],
        }
        results: dict[str, list[dict]] = {name: [] for name in modes}
        for round_no in range(args.runs + 1):
            for name, child_args in modes.items():
                result = launch(child_args, args.display)
                if round_no:  # round 0 warms the disk cache and .pyc files
                    results[name].append(result)

    print()
    print(f"{'mode':>6} | {'first paint ms':>17} | {'script start ms':>15} | {'ready ms':>17} |")
    print(
        f"{'':>6} | {'min':>8} {'median':>8} | {'median':>15} | {'min':>8} {'median':>8} |", end=""
    )
    print(f" {'idle RSS MiB (median)':>21} | page at first paint")
    medians: dict[str, dict[str, float]] = {}
    for name, runs in results.items():
        paint = summary([r["first_paint_ms"] for r in runs])
        script = statistics.median(r["script_ms"] for r in runs)
        ready_values = [r["ready_ms"] for r in runs if r.get("ready_ms") is not None]
        ready = summary(ready_values) if ready_values else None
        rss_values = [r["rss_kib"] for r in runs if r.get("rss_kib")]
        rss = statistics.median(rss_values) / 1024 if rss_values else float("nan")
        pages = sorted({r.get("page_at_first_paint", "-") for r in runs})
        ready_text = f"{ready[0]:8.1f} {ready[1]:8.1f}" if ready else f"{'-':>8} {'-':>8}"
        print(
            f"{name:>6} | {paint[0]:8.1f} {paint[1]:8.1f} | {script:15.1f} | {ready_text} |"
            f" {rss:21.1f} | {', '.join(pages)}"
        )
        medians[name] = {"paint_min": paint[0], "paint": paint[1], "rss": rss, "script": script}
        notes = {r["ready_note"] for r in runs if r.get("ready_note")}
        for note in notes:
            print(f"       note: {note}")

    bare = medians["bare"]
    print()
    print("ratios Parley / bare window (budget, issue 8: start <= 3x, idle RSS <= 2.5x)")
    for name in list(medians)[1:]:
        m = medians[name]
        after_script = (m["paint"] - m["script"]) / (bare["paint"] - bare["script"])
        print(
            f"  {name:>6}: first paint {m['paint'] / bare['paint']:.2f}x median"
            f" ({m['paint_min'] / bare['paint_min']:.2f}x min);"
            f" script start -> paint {after_script:.2f}x; idle RSS {m['rss'] / bare['rss']:.2f}x"
        )

    print()
    rows = import_times()
    print('import time of "import ui.main_window" (python -X importtime, one run; importtime')
    print("itself inflates these), top 10 cumulative (indent = nesting):")
    print(f"  {'cumulative ms':>13} {'self ms':>8}  module")
    for cumulative, self_us, name in sorted(rows, reverse=True)[:10]:
        print(f"  {cumulative / 1000:13.1f} {self_us / 1000:8.1f}  {name}")
    print("top 10 by self time (the module's own body, without what it imports):")
    for cumulative, self_us, name in sorted(rows, key=lambda r: r[1], reverse=True)[:10]:
        print(f"  {cumulative / 1000:13.1f} {self_us / 1000:8.1f}  {name.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

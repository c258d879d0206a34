"""The systemd user timer that runs scheduled tasks without the window.

Two checks: the unit files Parley writes pass ``systemd-analyze verify`` (and a broken one does
not, so the check can fail); and a task really fires from a real systemd user timer. This machine
(like CI) has no user session bus, so the second test starts a private ``systemd --user`` in a
mount namespace of its own (``unshare -m``, as root: a tmpfs over ``/run/systemd`` says "booted
with systemd" to that manager only), installs the timer with ``parley schedule add`` — the real
``systemctl --user daemon-reload`` and ``enable --now`` — and waits for the next minute's run to
be in the history. Nothing of the machine's own systemd is touched: the units live under the
test's ``XDG_CONFIG_HOME``, the manager's sockets under its ``XDG_RUNTIME_DIR``."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.infrastructure.schedules.cron import CroniterSchedule
from parley.infrastructure.schedules.systemd import SystemdUserTimer, on_calendar, unit_name
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path
from tests.support.sse_server import openai_text_stream, sse_handler

REPO = Path(__file__).resolve().parents[2]
SYSTEMD = next(
    (p for p in ("/usr/lib/systemd/systemd", "/lib/systemd/systemd") if Path(p).exists()), ""
)


def _verify(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["systemd-analyze", "verify", *map(str, paths)],
        capture_output=True, text=True, timeout=60,
        env={**os.environ, "SYSTEMD_LOG_COLOR": "0"},
    )  # fmt: skip


@pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="needs systemd-analyze (systemd)"
)
def test_the_unit_files_pass_systemd_analyze_verify(tmp_path: Path) -> None:
    timer = SystemdUserTimer(tmp_path / "data", tmp_path / "config", units=tmp_path / "units")
    service_path, timer_path = map(Path, timer.write_units(["0 8 * * 1-5", "0 0 1,15 * 5"]))

    done = _verify(service_path, timer_path)

    assert done.returncode == 0, done.stderr
    mine = [line for line in done.stderr.splitlines() if timer.unit in line]
    assert mine == []
    service = service_path.read_text()
    assert f"ExecStart={sys.executable} -m parley.ui.cli --data-dir {tmp_path / 'data'}" in service
    assert "schedule run-due" in service and "Type=exec" in service
    calendars = [
        line.removeprefix("OnCalendar=")
        for line in timer_path.read_text().splitlines()
        if line.startswith("OnCalendar=")
    ]
    assert calendars == [
        "Mon,Tue,Wed,Thu,Fri *-*-* 08:00:00",
        "Fri *-*-* 00:00:00",  # cron: the 1st, the 15th *or* a Friday
        "*-*-01,15 00:00:00",
    ]
    assert "Persistent=true" in timer_path.read_text()
    assert timer.unit == unit_name(tmp_path / "data") != unit_name(tmp_path / "other")

    # The check can fail: a unit with a mistake in it is reported.
    broken = tmp_path / "broken" / service_path.name
    broken.parent.mkdir()
    broken.write_text(service.replace("Type=exec", "Type=sometimes"))
    assert "sometimes" in _verify(broken).stderr


_ELAPSE = re.compile(r"(?:Next elapse|Iter\. #\d+): \w+ (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC")


@pytest.mark.skipif(
    shutil.which("systemd-analyze") is None, reason="needs systemd-analyze (systemd)"
)
@pytest.mark.parametrize(
    "expression",
    [
        "0 8 * * 1-5",
        "*/20 9-17 * * mon-fri",
        "30 6 1,15 * 0",
        "15 */6 * 2,8 *",
        "@daily",
        "5 4 * * 7",
    ],
)
def test_the_timer_wakes_at_every_time_the_cron_expression_fires(expression: str) -> None:
    """systemd's own reading of the timer's calendars (``systemd-analyze calendar``) includes
    each of the next times croniter gives for the expression (both in UTC here)."""
    specs = [f"{c} UTC" for c in on_calendar(expression)]
    done = subprocess.run(
        ["systemd-analyze", "calendar", "--iterations=60", *specs],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    wakes = {datetime.fromisoformat(t).replace(tzinfo=UTC) for t in _ELAPSE.findall(done.stdout)}
    start = datetime.now(UTC) + timedelta(minutes=2)  # both "now"s are a moment apart
    fires = CroniterSchedule(UTC).next_after(expression, start, 20)
    horizon = min(max(wakes), max(fires))
    assert [f for f in fires if f <= horizon and f not in wakes] == []
    assert len([f for f in fires if f <= horizon]) >= 3


def _private_systemd_reason() -> str:
    if not sys.platform.startswith("linux"):
        return "systemd user timers are Linux only"
    if not SYSTEMD or shutil.which("systemctl") is None:
        return "needs systemd (package systemd)"
    if shutil.which("unshare") is None:
        return "needs unshare (package util-linux)"
    if os.geteuid() != 0:
        return "a private systemd --user in a mount namespace needs root"
    return ""


DRIVER = textwrap.dedent(
    """
    set -u
    mount -t tmpfs tmpfs /run/systemd || exit 90
    mkdir -p /run/systemd/system
    "$SYSTEMD" --user >"$ROOT/manager.log" 2>&1 &
    manager=$!
    trap 'kill $manager 2>/dev/null; wait $manager 2>/dev/null' EXIT
    for i in $(seq 50); do
        systemctl --user is-system-running >/dev/null 2>&1 && break
        state=$(systemctl --user is-system-running 2>/dev/null)
        [ "$state" = degraded ] && break
        sleep 0.1
    done
    "$PYTHON" -m parley.ui.cli --data-dir "$ROOT/data" --config-dir "$ROOT/config" \\
        schedule add --cron '* * * * *' --name Ping 'Say pong' || exit 91
    for i in $(seq 100); do
        "$PYTHON" -m parley.ui.cli --data-dir "$ROOT/data" --config-dir "$ROOT/config" \\
            schedule log --json >"$ROOT/log.json" 2>/dev/null
        grep -q '"completed"' "$ROOT/log.json" && break
        sleep 1
    done
    systemctl --user list-timers --all --no-pager >"$ROOT/timers.txt" 2>&1
    cat "$ROOT/log.json"
    """
)


@pytest.mark.slow
def test_a_task_fires_from_a_real_systemd_user_timer(
    tmp_path: Path, httpserver: HTTPServer
) -> None:
    reason = _private_systemd_reason()
    if reason:
        pytest.skip(reason)
    requests: list = []
    httpserver.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["pong"]), record=requests)
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PARLEY_", "DBUS_"))}
    env.update(
        ROOT=str(tmp_path), SYSTEMD=SYSTEMD, PYTHON=sys.executable,
        XDG_RUNTIME_DIR=str(tmp_path / "run"), XDG_CONFIG_HOME=str(tmp_path / "xdg"),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
    )  # fmt: skip
    (tmp_path / "run").mkdir(mode=0o700)
    config = tmp_path / "config"
    added = subprocess.run(
        [sys.executable, "-m", "parley.ui.cli", "--data-dir", str(tmp_path / "data"),
         "--config-dir", str(config), "providers", "add", "local", "--base-url",
         httpserver.url_for("/v1"), "--default-model", "m"],
        capture_output=True, text=True, env=env, cwd=REPO, timeout=60,
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    # What the service reads its environment from (the keyring: none on this machine).
    (config / "schedule.env").write_text("PYTHON_KEYRING_BACKEND=keyring.backends.fail.Keyring\n")

    done = subprocess.run(
        ["unshare", "-m", "bash", "-c", DRIVER],
        capture_output=True, text=True, env=env, cwd=REPO, timeout=180,
    )  # fmt: skip
    if done.returncode == 90:
        pytest.skip("cannot mount a private /run/systemd here (a container without CAP_SYS_ADMIN)")

    assert done.returncode == 0, (done.stderr, (tmp_path / "manager.log").read_text())
    assert "the systemd user timer parley-schedule-" in done.stderr  # installed by `add`
    runs = json.loads((tmp_path / "log.json").read_text())
    assert [(r["task"], r["kind"], r["status"]) for r in runs] == [
        ("Ping", "scheduled", "completed")
    ]
    assert len(requests) == 1
    unit = unit_name(tmp_path / "data")
    assert unit in (tmp_path / "timers.txt").read_text()
    store = SqliteEventStore(default_db_path(tmp_path / "data"))
    try:
        started = store.events(runs[0]["session_id"])[0].event
    finally:
        store.close()
    assert (started.type_name, started.surface) == ("turn_started", "schedule")


def test_the_service_runs_the_bundles_own_program_when_frozen(monkeypatch, tmp_path: Path) -> None:
    from parley.infrastructure.schedules.systemd import run_due_command

    tail = ["--data-dir", str(tmp_path / "d"), "--config-dir", str(tmp_path / "c")]
    assert run_due_command(tmp_path / "d", tmp_path / "c") == [
        sys.executable, "-m", "parley.ui.cli", *tail, "schedule", "run-due"
    ]  # fmt: skip
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert run_due_command(tmp_path / "d", tmp_path / "c") == [
        sys.executable, *tail, "schedule", "run-due"
    ]  # fmt: skip

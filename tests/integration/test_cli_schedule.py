"""``parley schedule``: in process for the commands a person types, and as real subprocesses for
``run-due`` (what the OS timer starts), against a local OpenAI-compatible server, with the
profile in a temporary folder. Two ``run-due`` processes started together run an occurrence
once; its conversation is in the history with ``surface="schedule"``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.domain.schedules.model import ScheduledTask
from parley.infrastructure.schedules.sqlite_store import SqliteScheduleStore
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path
from parley.ui.cli import main
from tests.support.cli_profile import headless  # noqa: F401 (a fixture)
from tests.support.sse_server import openai_text_stream, sse_handler

REPO = Path(__file__).resolve().parents[2]
CHAT = "/v1/chat/completions"


@pytest.fixture
def dirs(tmp_path: Path, httpserver: HTTPServer, capsys, headless) -> list[str]:  # noqa: F811
    words = ["--data-dir", str(tmp_path / "data"), "--config-dir", str(tmp_path / "config")]
    code = main(
        [*words, "providers", "add", "local", "--base-url", httpserver.url_for("/v1"),
         "--default-model", "m"]
    )  # fmt: skip
    assert code == 0
    capsys.readouterr()
    return words


def run(dirs: list[str], capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    try:
        code = main([*dirs, *args])
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def test_add_list_log_disable_and_remove(dirs: list[str], capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = run(
        dirs, capsys, "schedule", "add", "--cron", "0 8 * * 1-5", "--name", "Morning",
        "--timeout", "120", "--catch-up", "--no-timer", "Summarise my notes",
    )  # fmt: skip
    assert code == 0, err
    task_id = out.strip()
    assert re.fullmatch(r"[0-9a-f]{12}", task_id)
    assert "'Morning' next runs" in err
    assert "timer" not in err  # --no-timer: the OS scheduler is left alone

    code, out, _ = run(dirs, capsys, "schedule", "list", "--json")
    (listed,) = json.loads(out)
    assert (listed["id"], listed["cron"], listed["timeout_s"], listed["catch_up"]) == (
        task_id, "0 8 * * 1-5", 120.0, True
    )  # fmt: skip
    next_run = datetime.fromisoformat(listed["next_run"]).astimezone()
    assert (next_run.hour, next_run.minute) == (8, 0) and next_run.weekday() < 5

    code, out, _ = run(dirs, capsys, "schedule", "list")
    assert "Morning" in out and "0 8 * * 1-5" in out and "never" in out

    assert run(dirs, capsys, "schedule", "disable", "Morning")[0] == 0
    code, out, _ = run(dirs, capsys, "schedule", "list")
    assert " off " in out

    code, out, err = run(dirs, capsys, "schedule", "log")
    assert (code, out) == (0, "") and "no runs yet" in err

    code, _out, err = run(dirs, capsys, "schedule", "remove", task_id)
    assert code == 0 and "removed 'Morning'" in err
    code, out, _ = run(dirs, capsys, "schedule", "list", "--json")
    assert json.loads(out) == []


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--cron", "0 8 * *", "x"], "has 4 fields"),
        (["--cron", "70 8 * * *", "x"], "not a valid cron expression"),
        (["--cron", "0 8 * * *", "--project", "Nope", "x"], "no project 'Nope'"),
        (["--cron", "0 8 * * *", "--provider", "elsewhere", "x"], "elsewhere"),
        (["--cron", "0 8 * * *", "--timeout", "0", "x"], "not a number of seconds"),
        (["--cron", "0 8 * * *", "   "], "the prompt is empty"),
    ],
)
def test_a_task_that_cannot_be_is_a_usage_error_and_nothing_is_stored(
    dirs: list[str],
    capsys,
    args: list[str],
    words: str,  # type: ignore[no-untyped-def]
) -> None:
    code, _out, err = run(dirs, capsys, "schedule", "add", "--no-timer", *args)
    assert code == 2
    assert words in err
    assert run(dirs, capsys, "schedule", "list", "--json")[1].strip() == "[]"


def test_run_now_runs_a_task_in_this_terminal(
    dirs: list[str],
    capsys,
    httpserver: HTTPServer,  # type: ignore[no-untyped-def]
) -> None:
    httpserver.expect_request(CHAT).respond_with_handler(sse_handler(openai_text_stream(["Hi."])))
    task_id = run(dirs, capsys, "schedule", "add", "--cron", "0 3 1 1 *", "--no-timer", "Hi")[1]
    code, out, err = run(dirs, capsys, "schedule", "run-now", task_id.strip())
    assert code == 0, err
    session = re.search(r"session ([0-9a-f]{32})", out)
    assert session is not None
    code, out, _ = run(dirs, capsys, "schedule", "log", "--json")
    (logged,) = json.loads(out)
    assert (logged["kind"], logged["status"], logged["session_id"]) == (
        "manual", "completed", session.group(1)
    )  # fmt: skip


# -- run-due as the OS timer runs it ---------------------------------------------------------------


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PARLEY_")}
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
    env.pop("DBUS_SESSION_BUS_ADDRESS", None)  # no desktop notification from a test
    return env


def _due_task(data: Path, name: str = "Every minute") -> ScheduledTask:
    """A task that is due now: every minute, created an hour ago."""
    task = ScheduledTask(
        id=name.lower().replace(" ", "-")[:12], name=name, cron="* * * * *", prompt="Ping",
        created_at=datetime.now(UTC) - timedelta(hours=1),
    )  # fmt: skip
    SqliteScheduleStore.in_folder(data).add_task(task)
    return task


def _run_due(dirs: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "parley.ui.cli", *dirs, "schedule", "run-due", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
        cwd=REPO,
    )


def _wait_second_of_minute() -> None:
    """Start away from a minute's end, so "now" is one occurrence for every process."""
    if datetime.now().second > 45:
        time.sleep(61 - datetime.now().second)


def test_run_due_runs_what_is_due_and_its_conversation_is_in_the_history(
    dirs: list[str], tmp_path: Path, httpserver: HTTPServer
) -> None:
    requests: list = []
    httpserver.expect_request(CHAT).respond_with_handler(
        sse_handler(openai_text_stream(["Pong."]), record=requests)
    )
    task = _due_task(tmp_path / "data")
    _wait_second_of_minute()

    proc = _run_due(dirs)
    out, err = proc.communicate(timeout=60)

    assert proc.returncode == 0, err
    (run_record,) = json.loads(out)
    assert (run_record["task_id"], run_record["status"], run_record["kind"]) == (
        task.id, "completed", "scheduled"
    )  # fmt: skip
    assert len(requests) == 1
    store = SqliteEventStore(default_db_path(tmp_path / "data"))
    try:
        events = store.events(run_record["session_id"])
    finally:
        store.close()
    started = events[0].event
    assert started.type_name == "turn_started"
    assert (started.surface, started.unattended) == ("schedule", True)
    assert events[-1].event.type_name == "turn_finished"


def test_two_run_due_processes_run_an_occurrence_once(
    dirs: list[str], tmp_path: Path, httpserver: HTTPServer
) -> None:
    requests: list = []
    # A slow answer keeps the first run going while the second process looks.
    httpserver.expect_request(CHAT).respond_with_handler(
        sse_handler(openai_text_stream(["One ", "two ", "three."]), slice_size=40, delay=0.05,
                    record=requests)
    )  # fmt: skip
    task = _due_task(tmp_path / "data")
    _wait_second_of_minute()

    procs = [_run_due(dirs) for _ in range(2)]
    results = [p.communicate(timeout=60) for p in procs]

    assert [p.returncode for p in procs] == [0, 0], [r[1] for r in results]
    ran = [json.loads(out) for out, _err in results]
    assert sorted(len(r) for r in ran) == [0, 1]  # one process ran it, the other found it taken
    assert len(requests) == 1
    runs = SqliteScheduleStore.in_folder(tmp_path / "data").runs(task.id)
    assert [(r.status, r.kind) for r in runs] == [("completed", "scheduled")]


def test_paused_schedules_run_nothing_until_resumed(
    dirs: list[str], tmp_path: Path, httpserver: HTTPServer, capsys
) -> None:  # type: ignore[no-untyped-def]
    requests: list = []
    httpserver.expect_request(CHAT).respond_with_handler(
        sse_handler(openai_text_stream(["Pong."]), record=requests)
    )
    task = _due_task(tmp_path / "data")
    code, _out, err = run(dirs, capsys, "schedule", "pause")
    assert code == 0 and "paused" in err
    code, _out, err = run(dirs, capsys, "schedule", "list")
    assert code == 0 and "scheduled runs are paused" in err
    _wait_second_of_minute()

    # The OS timer's run-due (a real process) finds nothing due while paused.
    proc = _run_due(dirs)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert json.loads(out) == [] and requests == []
    assert not SqliteScheduleStore.in_folder(tmp_path / "data").runs(task.id)

    code, _out, err = run(dirs, capsys, "schedule", "resume")
    assert code == 0 and "go on" in err
    proc = _run_due(dirs)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert [r["status"] for r in json.loads(out)] == ["completed"] and len(requests) == 1

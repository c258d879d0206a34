"""Scheduled runs end to end in process: the real composition root (``build_services``), the
SQLite schedule store, croniter, and the turn runtime against a local OpenAI-compatible server.
The clock of the use cases is injected, so "08:00 on Monday" is any moment of the test.

What is checked is what a person would find afterwards: one conversation per run in the
history, recorded with ``surface="schedule"``, unattended, run to completion under the task's
limits; the run's status, cost and refusals in the log; a missed run caught up once, or
recorded as missed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.domain.transcript.canonical import ActionVerdict, AssistantText, TurnStarted
from parley.domain.usage.pricing import ModelPrice
from parley.ui.bootstrap import Services, build_services
from parley.ui.cli import main
from tests.support.cli_profile import headless  # noqa: F401 (a fixture)
from tests.support.sse_server import openai_text_stream
from tests.support.tool_turns import Model, tool_call_stream

MONDAY_0800 = datetime(2026, 12, 7, 8, 0, tzinfo=UTC)


class Clock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def profile(tmp_path: Path, httpserver: HTTPServer, headless) -> tuple[Services, Clock]:  # noqa: F811
    data, config = tmp_path / "data", tmp_path / "config"
    code = main(
        ["--data-dir", str(data), "--config-dir", str(config), "providers", "add", "local",
         "--base-url", httpserver.url_for("/v1"), "--default-model", "m"]
    )  # fmt: skip
    assert code == 0
    services = build_services(data, config)
    services.settings.set_prices([ModelPrice("m", Decimal("1"), Decimal("2"))])
    assert services.schedules is not None
    clock = Clock(MONDAY_0800 - timedelta(days=3))
    services.schedules.clock = clock
    # The cron expressions of these tests are read in UTC, whatever the machine's zone.
    from parley.infrastructure.schedules.cron import CroniterSchedule

    services.schedules.cron = CroniterSchedule(UTC)
    yield services, clock
    services.close()


def test_a_due_task_runs_once_and_its_conversation_is_in_the_history(
    profile: tuple[Services, Clock], httpserver: HTTPServer
) -> None:
    services, clock = profile
    schedules = services.schedules
    assert schedules is not None
    model = Model(httpserver, openai_text_stream(["Good ", "morning."], model="m", usage=(100, 50)))
    task = schedules.add(cron="0 8 * * 1-5", prompt="Say good morning", name="Morning", max_steps=7)
    clock.now = MONDAY_0800 + timedelta(seconds=12)

    first = schedules.run_due()
    again = schedules.run_due()  # the same occurrence, looked at again

    assert again == ()
    assert len(first) == 1
    run = first[0]
    assert (run.task_id, run.scheduled_at, run.kind, run.status) == (
        task.id, MONDAY_0800, "scheduled", "completed"
    )  # fmt: skip
    # 100 in at $1/Mtok + 50 out at $2/Mtok
    assert run.cost == "0.0002 USD"
    assert len(model.requests) == 1
    # The conversation is in the history, recorded as a scheduled, unattended run to completion.
    record = services.store.get_session(run.session_id)
    assert record.title.startswith("Morning · ")
    events = [s.event for s in services.store.events(run.session_id)]
    started = next(e for e in events if isinstance(e, TurnStarted))
    assert started.surface == "schedule"
    assert started.unattended is True
    assert started.agent_role == "task"
    assert started.max_steps == 7  # the completion ceiling: run_to_completion with the task's cap
    assert started.timeout_sec == 600.0
    assert "".join(e.text for e in events if isinstance(e, AssistantText)) == "Good morning."
    # ... and in the log, and among the conversations the Scheduled section lists.
    assert [r.session_id for r in schedules.log()] == [run.session_id]
    assert schedules.scheduled_sessions() == {run.session_id}


def test_a_missed_run_catches_up_once_and_one_that_does_not_is_logged_missed(
    profile: tuple[Services, Clock], httpserver: HTTPServer
) -> None:
    services, clock = profile
    schedules = services.schedules
    assert schedules is not None
    model = Model(httpserver, openai_text_stream(["Caught up."], model="m"))
    catch = schedules.add(cron="0 8 * * *", prompt="Daily digest", name="Digest", catch_up=True)
    skip = schedules.add(cron="0 8 * * *", prompt="Stand-up note", name="Standup")
    # The machine was off all weekend and came back on Monday at 11:00.
    clock.now = MONDAY_0800 + timedelta(hours=3)

    runs = schedules.run_due()
    later = schedules.run_due()

    assert [(r.task_id, r.kind, r.status, r.scheduled_at) for r in runs] == [
        (catch.id, "catch_up", "completed", MONDAY_0800)
    ]
    assert later == ()
    assert len(model.requests) == 1  # three missed mornings, one run
    log = {r.task_id: r for r in schedules.log()}
    assert log[skip.id].status == "skipped"
    assert log[skip.id].session_id == ""
    assert "missed" in log[skip.id].error


def test_an_unattended_run_refuses_what_would_ask_and_records_it(
    profile: tuple[Services, Clock], httpserver: HTTPServer, tmp_path: Path
) -> None:
    services, clock = profile
    schedules = services.schedules
    assert schedules is not None
    workspace = tmp_path / "work"
    workspace.mkdir()
    victim = workspace / "keep.txt"
    victim.write_text("precious")
    model = Model(
        httpserver,
        tool_call_stream(("run_command", {"command": f"rm -f {victim}", "cwd": "workspace"})),
        openai_text_stream(["I could not delete it."], model="m"),
    )
    task = schedules.add(
        cron="*/5 * * * *", prompt="Tidy the folder", tools="all", workspace=str(workspace)
    )
    clock.now = MONDAY_0800 + timedelta(seconds=3)

    (run,) = schedules.run_due()

    assert run.task_id == task.id
    assert victim.read_text() == "precious"  # nobody was asked, so nothing ran
    assert run.refused == 1
    verdicts = [
        s.event for s in services.store.events(run.session_id) if isinstance(s.event, ActionVerdict)
    ]
    assert [v.decision for v in verdicts] == ["refused"]
    assert len(model.requests) == 2  # the refusal went back to the model, which answered


def test_a_task_whose_provider_is_gone_is_recorded_not_started(
    profile: tuple[Services, Clock], httpserver: HTTPServer
) -> None:
    services, clock = profile
    schedules = services.schedules
    assert schedules is not None
    httpserver.expect_request("/v1/chat/completions").respond_with_data(
        openai_text_stream(["x"]), content_type="text/event-stream"
    )
    task = schedules.add(cron="0 8 * * *", prompt="Hello", project="", provider="local")
    services.settings.remove_provider("local")
    clock.now = MONDAY_0800 + timedelta(seconds=1)
    sessions_before = len(services.store.list_sessions())

    (run,) = schedules.run_due()

    assert run.task_id == task.id
    assert run.status == "not_started"
    assert "'local' is no longer configured" in run.error
    assert run.session_id == ""
    assert len(services.store.list_sessions()) == sessions_before  # nothing in the history


def test_adding_a_task_checks_it_first(profile: tuple[Services, Clock]) -> None:
    from parley.domain.schedules.model import ScheduleError

    services, _clock = profile
    schedules = services.schedules
    assert schedules is not None
    for kwargs, words in (
        ({"cron": "0 25 * * *"}, "not a valid cron"),
        ({"cron": "0 8 * * *", "project": "nope"}, "no project 'nope'"),
        ({"cron": "0 8 * * *", "provider": "elsewhere"}, "elsewhere"),
        ({"cron": "0 8 * * *", "prompt": "/skill missing do it"}, "missing"),
    ):
        with pytest.raises(ScheduleError, match=words):
            schedules.add(**{"prompt": "Hello", **kwargs})
    assert list(schedules.store.tasks()) == []

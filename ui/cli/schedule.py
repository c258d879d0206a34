"""``parley schedule``: tasks that run a prompt on a cron schedule, with or without the window.

Why it exists: "every weekday at 8, summarise yesterday's notes" should happen whether Parley's
window is open or not. ``add`` stores a task (checked first: its cron expression, project,
provider and prompt) and turns on the operating system's timer (a systemd user timer on Linux),
which runs ``run-due`` every minute; ``run-due`` runs what is due (``application.schedules``).
``list``, ``log``, ``run-now``, ``enable``/``disable``, ``remove`` and ``timer`` manage them.

Invariants it keeps:

- a task that cannot be (a cron expression that does not parse, an unknown project or provider)
  is a usage error (exit 2) and nothing is stored;
- an occurrence runs once even when the OS timer, the window and a person's ``run-now`` race
  (the store's claim, ``ScheduleStore.claim``);
- ``run-due`` and ``run-now`` exit 0 when every run they ran completed (or there was none),
  1 when one failed, 128 + a signal when stopped: Ctrl+C or SIGTERM (``systemctl stop``) cancels
  the runs, which keep their partial answers and are recorded cancelled;
- the timer is installed only by ``add`` (unless ``--no-timer``) and ``timer install``; once
  installed, every change to the tasks rewrites it for the enabled ones (none: it is removed);
- stdout carries only what was asked (tables, JSON, session ids); notes go to stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from parley.application.schedules.ports import CronError
from parley.application.schedules.service import ScheduleService, TaskView
from parley.domain.schedules.model import (
    DEFAULT_MAX_STEPS,
    DEFAULT_TIMEOUT_S,
    TOOL_CHOICES,
    RunRecord,
    ScheduleError,
)
from parley.ui.bootstrap import Services
from parley.ui.cli.common import EXIT_FAILED, EXIT_OK, UsageError, print_json

#: How often a ``run-due`` that still has runs going looks for what became due meanwhile (s).
WATCH_S = 20.0


def add_schedule_parser(commands: Any, text: Callable[[str], str], seconds: Any) -> None:
    """Declare ``parley schedule …`` (called by ``ui.cli.parser``)."""
    schedule = commands.add_parser(
        "schedule", help="run prompts on a cron schedule (add, list, remove, run-now, log)"
    )
    sub = schedule.add_subparsers(dest="schedule_command", metavar="SUBCOMMAND")
    add = sub.add_parser("add", help="add a task: a prompt run on a cron schedule")
    add.add_argument("prompt", type=text, help="what the model is asked at each run")
    add.add_argument(
        "--cron", required=True, type=text, help='five fields, local time: "0 8 * * 1-5"'
    )
    add.add_argument("--name", default="", type=text, help="(default: the prompt's first words)")
    add.add_argument("--project", default="", type=text, help="run in this project (id or name)")
    add.add_argument(
        "--provider", default="", type=text, help="(default: the project's or default)"
    )
    add.add_argument("--model", default="", type=text, help="(default: the provider's default)")
    add.add_argument(
        "--timeout",
        type=seconds,
        default=DEFAULT_TIMEOUT_S,
        help=f"wall-clock limit of a run in seconds ({DEFAULT_TIMEOUT_S:.0f})",
    )
    add.add_argument(
        "--max-steps",
        type=int,
        default=DEFAULT_MAX_STEPS,
        help=f"model steps a run may take at most ({DEFAULT_MAX_STEPS})",
    )
    add.add_argument(
        "--tools",
        choices=TOOL_CHOICES,
        default="none",
        help="tools offered in the workspace (none); what would need asking is refused",
    )
    add.add_argument("--workspace", default="", help="the folder tools act in (or the project's)")
    add.add_argument(
        "--catch-up",
        action="store_true",
        help="a run missed while the computer was off runs once at the next start",
    )
    add.add_argument("--disabled", action="store_true", help="store it turned off")
    add.add_argument(
        "--no-timer",
        action="store_true",
        help="do not install the operating system's timer (tasks then run while the window is "
        "open, or by parley schedule run-due)",
    )
    slist = sub.add_parser("list", help="the tasks, their next run and last status")
    slist.add_argument("--json", action="store_true")
    remove = sub.add_parser("remove", help="remove a task (its runs stay in the log)")
    remove.add_argument("task", type=text, help="id or name")
    for verb in ("enable", "disable"):
        toggle = sub.add_parser(verb, help=f"{verb} a task")
        toggle.add_argument("task", type=text, help="id or name")
    now = sub.add_parser("run-now", help="run a task now, in this terminal")
    now.add_argument("task", type=text, help="id or name")
    now.add_argument("--json", action="store_true")
    due = sub.add_parser(
        "run-due", help="run what is due now (what the operating system's timer calls)"
    )
    due.add_argument("--json", action="store_true")
    log = sub.add_parser("log", help="the runs, newest first: status, cost, conversation")
    log.add_argument("task", nargs="?", default="", type=text, help="one task (id or name)")
    log.add_argument("--limit", type=int, default=20)
    log.add_argument("--json", action="store_true")
    nxt = sub.add_parser("next", help="the next times a cron expression fires")
    nxt.add_argument("cron", type=text)
    nxt.add_argument("--count", type=int, default=3)
    sub.add_parser(
        "pause", help="pause every scheduled run (the timer's and the window's; run-now still runs)"
    )
    sub.add_parser(
        "resume", help="resume them; what was missed meanwhile runs once if its task catches up"
    )
    timer = sub.add_parser("timer", help="the operating system's timer: status, install, remove")
    timer.add_argument("action", choices=["status", "install", "remove"], nargs="?",
                       default="status")  # fmt: skip


def run_schedule(
    services: Services, args: argparse.Namespace, parser: argparse.ArgumentParser
) -> int:
    service = services.schedules
    if service is None:
        raise UsageError("scheduled tasks are not available with this profile")
    command = args.schedule_command
    if command is None:
        parser.parse_args(["schedule", "--help"])
        return EXIT_OK
    try:
        handler = _COMMANDS[command]
        return handler(services, service, args)
    except ScheduleError as exc:
        raise UsageError(str(exc)) from exc


def _add(services: Services, service: ScheduleService, args: argparse.Namespace) -> int:
    if not args.prompt.strip():
        raise UsageError("the prompt is empty")
    if args.max_steps < 1:
        raise UsageError("--max-steps must be 1 or more")
    task = service.add(
        cron=args.cron,
        prompt=args.prompt,
        name=args.name,
        project=args.project,
        provider=args.provider,
        model=args.model,
        timeout_s=args.timeout,
        max_steps=args.max_steps,
        tools=args.tools,
        workspace=str(os.path.abspath(os.path.expanduser(args.workspace)))
        if args.workspace
        else "",
        catch_up=args.catch_up,
        enabled=not args.disabled,
    )
    print(task.id)
    upcoming = service.next_runs(task.cron, 1)
    if upcoming and task.enabled:
        _say(f"parley: {task.name!r} next runs {_local(upcoming[0])}")
    if not args.no_timer and task.enabled:
        _follow(services, service, install=True)
    return EXIT_OK


def _list(services: Services, service: ScheduleService, args: argparse.Namespace) -> int:
    views = service.tasks()
    if args.json:
        print_json([_task_dict(v) for v in views])
        return EXIT_OK
    if not views:
        _say('parley: no scheduled tasks yet (parley schedule add --cron "0 8 * * 1-5" "…")')
        return EXIT_OK
    if service.paused():
        _say("parley: scheduled runs are paused (parley schedule resume to go on)")
    rows = [("ID", "NAME", "CRON", "NEXT RUN", "LAST RUN", "STATUS")]
    for view in views:
        last = view.last_run
        rows.append(
            (
                view.task.id,
                view.task.name,
                view.task.cron,
                _local(view.next_run) if view.next_run else "off",
                _local(last.scheduled_at) if last else "never",
                last.status if last else "",
            )
        )
    _table(rows)
    return EXIT_OK


def _remove(services: Services, service: ScheduleService, args: argparse.Namespace) -> int:
    task = service.remove(args.task)
    _say(f"parley: removed {task.name!r} ({task.id}); its runs stay in the log")
    _follow(services, service, install=False)
    return EXIT_OK


def _enable(services: Services, service: ScheduleService, args: argparse.Namespace) -> int:
    enabled = args.schedule_command == "enable"
    task = service.set_enabled(args.task, enabled)
    _say(f"parley: {task.name!r} is {'on' if enabled else 'off'}")
    _follow(services, service, install=False)
    return EXIT_OK


def _run_now(services: Services, service: ScheduleService, args: argparse.Namespace) -> int:
    due = service.claim_now(args.task)
    cancel = threading.Event()
    from parley.ui.cli.signals import TurnSignals

    with TurnSignals(cancel) as signals:
        _say(f"parley: running {due.task.name!r}")
        records = _wait(lambda: (service.run(due, cancel),))
    return _report(records, args.json, signals.exit_code)


def _run_due(services: Services, service: ScheduleService, args: argparse.Namespace) -> int:
    cancel = threading.Event()
    from parley.ui.cli.signals import TurnSignals

    def ended(record: RunRecord) -> None:
        _notify(service, record)

    with TurnSignals(cancel) as signals:
        records = _wait(lambda: service.run_due(cancel, ended, watch_s=WATCH_S))
    return _report(records, args.json, signals.exit_code)


def idle_run_due(args: argparse.Namespace) -> bool:
    """``run-due`` with nothing due: True, having printed what it would (``[]`` with
    ``--json``), so the command can end before the profile is opened (the OS timer runs it
    every minute; most minutes have nothing to do)."""
    from parley.ui.bootstrap import scheduled_work_due

    if scheduled_work_due(args.data_dir):
        return False
    if args.json:
        print_json([])
    return True


def _log(services: Services, service: ScheduleService, args: argparse.Namespace) -> int:
    runs = service.log(args.task, max(args.limit, 0))
    names = {t.id: t.name for t in service.store.tasks()}
    if args.json:
        print_json([_run_dict(r, names.get(r.task_id, "")) for r in runs])
        return EXIT_OK
    if not runs:
        _say("parley: no runs yet")
        return EXIT_OK
    rows = [("WHEN", "TASK", "KIND", "STATUS", "COST", "SESSION", "NOTE")]
    for run in runs:
        note = run.error or (f"{len(run.files)} file(s)" if run.files else "")
        if run.refused:
            note = f"{note}; {run.refused} action(s) refused".lstrip("; ")
        rows.append(
            (
                _local(run.scheduled_at),
                names.get(run.task_id, run.task_id + " (removed)"),
                "-" if run.status == "skipped" else run.kind,
                run.status,
                run.cost or "-",
                run.session_id or "-",
                note[:60],
            )
        )
    _table(rows)
    return EXIT_OK


def _next(services: Services, service: ScheduleService, args: argparse.Namespace) -> int:
    try:
        times = service.next_runs(args.cron, max(1, min(args.count, 50)))
    except CronError as exc:
        raise UsageError(str(exc)) from exc
    for when in times:
        print(_local(when))
    return EXIT_OK


def _timer(services: Services, service: ScheduleService, args: argparse.Namespace) -> int:
    scheduler = services.os_scheduler
    if scheduler is None:
        raise UsageError("no operating-system scheduler is available here")
    action = args.action
    if action == "install":
        report = service.sync_timer(scheduler, install=True) or scheduler.status()
    elif action == "remove":
        report = scheduler.remove()
    else:
        report = scheduler.status()
    for path in report.files:
        print(path)
    _say(f"parley: {report.message}")
    return EXIT_OK if report.ok or action == "status" else EXIT_FAILED


_COMMANDS: dict[str, Callable[[Services, ScheduleService, argparse.Namespace], int]] = {
    "add": _add,
    "list": _list,
    "remove": _remove,
    "enable": _enable,
    "disable": _enable,
    "run-now": _run_now,
    "run-due": _run_due,
    "log": _log,
    "next": _next,
    "timer": _timer,
    "pause": lambda _services, service, _args: _pause(service, paused=True),
    "resume": lambda _services, service, _args: _pause(service, paused=False),
}


def _pause(service: ScheduleService, *, paused: bool) -> int:
    service.set_paused(paused)
    _say(
        "parley: scheduled runs are paused (parley schedule resume to go on)"
        if paused
        else "parley: scheduled runs go on"
    )
    return EXIT_OK


# -- helpers ---------------------------------------------------------------------------------------


def _wait(job: Callable[[], tuple[RunRecord, ...]]) -> tuple[RunRecord, ...]:
    """Run ``job`` on a worker and wait on a flag, so a stop signal on this thread only sets
    the cancel event (as ``parley ask`` does)."""
    result: list[tuple[RunRecord, ...]] = []
    failure: list[BaseException] = []
    done = threading.Event()

    def work() -> None:
        try:
            result.append(job())
        except BaseException as exc:
            failure.append(exc)
        finally:
            done.set()

    threading.Thread(target=work, name="schedule-runs", daemon=True).start()
    while not done.wait(0.1):
        pass
    if failure:
        raise failure[0]
    return result[0]


def _report(records: tuple[RunRecord, ...], as_json: bool, signal_code: int | None) -> int:
    if as_json:
        print_json([_run_dict(r, "") for r in records])
    for record in records:
        if not as_json and record.session_id:
            print(f"session {record.session_id}")
        note = f": {record.error}" if record.error else ""
        cost = f", {record.cost}" if record.cost else ""
        _say(f"parley: run of {record.task_id} {record.status}{cost}{note}")
    if signal_code is not None:
        return signal_code
    return EXIT_OK if all(r.status == "completed" for r in records) else EXIT_FAILED


def _notify(service: ScheduleService, record: RunRecord) -> None:
    """A desktop notification when a run the OS timer started ends (a hint: never fails)."""
    if not os.environ.get("DBUS_SESSION_BUS_ADDRESS"):
        return
    try:
        from parley.ui.notifications import send_fdo_notification

        name = service.store.task(record.task_id).name
        send_fdo_notification(f"Parley: {name}", _outcome_line(record))
    except Exception:  # a notification is a hint; the run is recorded either way
        return


def _outcome_line(record: RunRecord) -> str:
    cost = f" · {record.cost}" if record.cost else ""
    return f"Scheduled run {record.status}{cost}"


def _follow(services: Services, service: ScheduleService, *, install: bool) -> None:
    """Keep the OS timer in step with the enabled tasks (``ScheduleService.sync_timer``)."""
    scheduler = services.os_scheduler
    if scheduler is None:
        return
    report = service.sync_timer(scheduler, install=install)
    if report is not None:
        _say(f"parley: {report.message}")


def _task_dict(view: TaskView) -> dict[str, Any]:
    task = view.task
    return {
        "id": task.id,
        "name": task.name,
        "cron": task.cron,
        "prompt": task.prompt,
        "project": task.project,
        "provider": task.provider,
        "model": task.model,
        "timeout_s": task.timeout_s,
        "max_steps": task.max_steps,
        "tools": task.tools,
        "workspace": task.workspace,
        "catch_up": task.catch_up,
        "enabled": task.enabled,
        "created_at": task.created_at.isoformat(),
        "next_run": view.next_run.isoformat() if view.next_run else None,
        "last_status": view.last_run.status if view.last_run else None,
    }


def _run_dict(run: RunRecord, name: str) -> dict[str, Any]:
    return {
        "task_id": run.task_id,
        "task": name,
        "scheduled_at": run.scheduled_at.isoformat(),
        "kind": run.kind,
        "status": run.status,
        "started_at": run.started_at.isoformat() if run.started_at else None,
        "ended_at": run.ended_at.isoformat() if run.ended_at else None,
        "session_id": run.session_id,
        "cost": run.cost,
        "input_tokens": run.input_tokens,
        "output_tokens": run.output_tokens,
        "error": run.error,
        "files": list(run.files),
        "refused": run.refused,
    }


def _local(when: datetime) -> str:
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def _table(rows: Sequence[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())


def _say(line: str) -> None:
    print(line, file=sys.stderr)

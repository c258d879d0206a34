"""``OsScheduler`` as a systemd user timer: runs are fired without the window open (Linux).

Why it exists: a task set for 08:00 must run whether Parley's window is open or not. On Linux the
user's service manager does that: a ``.timer`` wakes a ``.service`` that runs ``parley schedule
run-due`` for this profile. (macOS's launchd and Windows' Task Scheduler are described in
``docs/user-guide/scheduled-tasks.md``; they are not written by this code.)

The timer wakes the service at (a superset of) the enabled tasks' times, and ``run-due``
decides with croniter which occurrences are due: the timer never has to be cron-exact, only
never late. Each task's expression becomes one ``OnCalendar=`` line (two when it restricts both
the day of the month and the day of the week: cron fires when *either* matches, systemd when
both do) from croniter's own expansion of the fields (``on_calendar``); a field systemd cannot
say (cron's ``L``, ``W``, ``#``) becomes ``*``, a superset. So the service starts only when
something may be due (a process start per occurrence, not per minute: ~0.4 s of CPU each,
measured in the ADR), ``Persistent=true`` starts it once at boot when a time passed while the
machine was off (the catch-up), and the timer is rewritten whenever the tasks change (``install``
with the enabled tasks' expressions; none: it is removed).

Invariants it keeps:

- the units are named after the profile (``parley-schedule-<hash of the data folder>``), so two
  profiles (or a test's) never overwrite each other's, and they name the exact interpreter and
  the ``--data-dir``/``--config-dir`` of the profile that wrote them;
- the service is ``Type=exec`` with no start timeout: a run is bounded by its own ``timeout``, and
  while it runs systemd does not start a second ``run-due`` (that one watches for what becomes
  due meanwhile: ``ScheduleService.run_due(watch_s=…)``); ``EnvironmentFile=-`` reads API keys
  kept in environment variables from ``<config>/schedule.env`` if it exists;
- ``install`` and ``remove`` never raise for a system without a user bus (a container, an SSH
  session without lingering): the files are written and the report says what to run, or that
  the window's own scheduler runs tasks while it is open.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from croniter import CroniterError, croniter

from parley.application.schedules.ports import OsSchedulerReport
from parley.domain.texts import QT_TRANSLATE_NOOP

#: How long one ``systemctl`` call may take before it is given up (seconds).
SYSTEMCTL_TIMEOUT_S = 20.0


def unit_dir() -> Path:
    """Where systemd looks for the user's own units: ``$XDG_CONFIG_HOME/systemd/user``."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "systemd" / "user"


def unit_name(data_dir: Path) -> str:
    """``parley-schedule-<12 hex>``: one per profile (its data folder's absolute path)."""
    digest = hashlib.sha256(str(Path(data_dir).expanduser().absolute()).encode()).hexdigest()
    return f"parley-schedule-{digest[:12]}"


def _quote(word: str) -> str:
    """A word for a unit's ``ExecStart=``: systemd's own quoting is close to the shell's for
    these words; ``%`` is a specifier there and is doubled."""
    return shlex.quote(word).replace("%", "%%")


def run_due_command(data_dir: Path, config_dir: Path, python: str | None = None) -> list[str]:
    """The command the service runs: this interpreter and the package's CLI (or, in a frozen
    standalone bundle, the bundle's own program, which is the CLI), then the profile."""
    frozen = python is None and getattr(sys, "frozen", False)
    program = [sys.executable] if frozen else [python or sys.executable, "-m", "parley.ui.cli"]
    return [
        *program,
        "--data-dir",
        str(Path(data_dir).expanduser().absolute()),
        "--config-dir",
        str(Path(config_dir).expanduser().absolute()),
        "schedule",
        "run-due",
    ]


def service_text(name: str, command: Sequence[str], config_dir: Path) -> str:
    env_file = Path(config_dir).expanduser().absolute() / "schedule.env"
    return (
        "# Written by Parley (parley schedule): runs this profile's scheduled tasks when due.\n"
        "# Rewritten when tasks change; removed when none is enabled.\n"
        "[Unit]\n"
        "Description=Parley scheduled tasks (run what is due)\n"
        "\n"
        "[Service]\n"
        "Type=exec\n"
        f"ExecStart={' '.join(_quote(w) for w in command)}\n"
        f"EnvironmentFile=-{_quote(str(env_file))}\n"
        "TimeoutStartSec=infinity\n"
        "Nice=5\n"
    )


_DAYS = ("Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
#: What a timer says when an expression cannot be read: every minute (a superset of anything).
EVERY_MINUTE = "*-*-* *:*:00"


def _field(values: Sequence[object]) -> str:
    """One field of a calendar: the values (two digits) or ``*`` when any value, or a value
    systemd cannot say, is in it."""
    if not values or not all(isinstance(v, int) for v in values):
        return "*"
    return ",".join(f"{v:02d}" for v in sorted({int(str(v)) for v in values}))


def on_calendar(expression: str) -> tuple[str, ...]:
    """systemd ``OnCalendar=`` values that fire at least whenever cron ``expression`` does
    (module docstring), in local time like the expression."""
    try:
        minute, hour, dom, month, dow = croniter(" ".join(expression.split())).expanded[:5]
    except (CroniterError, ValueError, KeyError):
        return (EVERY_MINUTE,)
    time_part = f"{_field(hour)}:{_field(minute)}:00"
    days, months = _field(dom), _field(month)
    weekdays = (
        ",".join(dict.fromkeys(_DAYS[int(str(v))] for v in sorted(dow, key=str)))
        if dow and all(isinstance(v, int) for v in dow)
        else ""
    )
    if weekdays and days != "*":  # cron: either matches; systemd: both must
        return (f"{weekdays} *-{months}-* {time_part}", f"*-{months}-{days} {time_part}")
    prefix = f"{weekdays} " if weekdays else ""
    return (f"{prefix}*-{months}-{days} {time_part}",)


def timer_text(name: str, expressions: Sequence[str]) -> str:
    calendars = dict.fromkeys(c for e in expressions for c in on_calendar(e))
    lines = "".join(f"OnCalendar={c}\n" for c in calendars)
    return (
        "# Written by Parley (parley schedule): wakes the service when a task may be due; the\n"
        "# service decides from the tasks' cron expressions. Rewritten when tasks change.\n"
        "[Unit]\n"
        "Description=Parley scheduled tasks\n"
        "\n"
        "[Timer]\n"
        f"{lines}"
        "AccuracySec=1s\n"
        "Persistent=true\n"
        f"Unit={name}.service\n"
        "\n"
        "[Install]\n"
        "WantedBy=timers.target\n"
    )


class SystemdUserTimer:
    """The ``OsScheduler`` port as a systemd user timer (module docstring)."""

    name = "systemd user timer"

    def __init__(
        self,
        data_dir: Path,
        config_dir: Path,
        *,
        units: Path | None = None,
        python: str | None = None,
        systemctl: str = "systemctl",
    ) -> None:
        self._data = Path(data_dir)
        self._config = Path(config_dir)
        self._units = units or unit_dir()
        self._python = python
        self._systemctl = systemctl
        self.unit = unit_name(self._data)

    @property
    def service_path(self) -> Path:
        return self._units / f"{self.unit}.service"

    @property
    def timer_path(self) -> Path:
        return self._units / f"{self.unit}.timer"

    def write_units(self, expressions: Sequence[str]) -> tuple[str, ...]:
        """Write the two unit files (the timer for ``expressions``); their paths."""
        self._units.mkdir(parents=True, exist_ok=True)
        command = run_due_command(self._data, self._config, self._python)
        self.service_path.write_text(service_text(self.unit, command, self._config))
        self.timer_path.write_text(timer_text(self.unit, expressions))
        return (str(self.service_path), str(self.timer_path))

    def install(self, expressions: Sequence[str]) -> OsSchedulerReport:
        if not expressions:
            return self.remove()
        if not sys.platform.startswith("linux"):
            return OsSchedulerReport(False, _NOT_LINUX)
        files = self.write_units(expressions)
        # restart: an active timer reads its new OnCalendar= lines only when started again.
        problem = (
            self._systemctl_run("daemon-reload")
            or self._systemctl_run("enable", f"{self.unit}.timer")
            or self._systemctl_run("restart", f"{self.unit}.timer")
        )
        if problem:
            return OsSchedulerReport(
                False,
                _NOT_ON.format(folder=self.timer_path.parent, problem=problem, unit=self.unit),
                files,
            )
        return OsSchedulerReport(True, _ON.format(unit=self.unit), files)

    def remove(self) -> OsSchedulerReport:
        existed = self.timer_path.exists() or self.service_path.exists()
        problem = ""
        if existed and sys.platform.startswith("linux"):
            problem = self._systemctl_run("disable", "--now", f"{self.unit}.timer")
        for path in (self.timer_path, self.service_path):
            path.unlink(missing_ok=True)
        if existed and not problem:
            problem = self._systemctl_run("daemon-reload")
        if not existed:
            return OsSchedulerReport(True, _NONE_INSTALLED)
        if problem:
            return OsSchedulerReport(False, _FILES_REMOVED.format(problem=problem))
        return OsSchedulerReport(True, _REMOVED.format(unit=self.unit))

    def status(self) -> OsSchedulerReport:
        if not self.timer_path.exists():
            return OsSchedulerReport(False, _NOT_INSTALLED)
        files = (str(self.service_path), str(self.timer_path))
        problem = self._systemctl_run("is-active", "--quiet", f"{self.unit}.timer")
        if problem:
            return OsSchedulerReport(False, _NOT_ACTIVE.format(problem=problem), files)
        return OsSchedulerReport(True, _ACTIVE.format(unit=self.unit), files)

    def _systemctl_run(self, *args: str) -> str:
        """Run ``systemctl --user ARGS``; "" on success, else why not (one line)."""
        program = shutil.which(self._systemctl)
        if program is None:
            return _NO_SYSTEMCTL
        try:
            done = subprocess.run(
                [program, "--user", *args],
                capture_output=True,
                text=True,
                timeout=SYSTEMCTL_TIMEOUT_S,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"systemctl --user {' '.join(args)} failed: {exc}"
        if done.returncode == 0:
            return ""
        said = " ".join((done.stderr or done.stdout).split()) or f"exit {done.returncode}"
        return f"systemctl --user {args[0]}: {said}"


_NOT_LINUX = QT_TRANSLATE_NOOP(
    "Schedules",
    "the operating system's timer is written only on Linux (systemd); on macOS and Windows see "
    "docs/user-guide/scheduled-tasks.md (launchd, Task Scheduler). Until then tasks run while "
    "Parley's window is open.",
)
# What the Scheduled page says about the timer: marked for the window's language.
_NOT_ON = QT_TRANSLATE_NOOP(
    "Schedules",
    "the timer's units are written ({folder}) but systemd could not turn them on: {problem}. In "
    "a desktop session run: systemctl --user daemon-reload && systemctl --user enable --now "
    "{unit}.timer — until then tasks run only while Parley's window is open.",
)
_ON = QT_TRANSLATE_NOOP("Schedules", "the systemd user timer {unit}.timer is on")
_NONE_INSTALLED = QT_TRANSLATE_NOOP("Schedules", "no timer was installed")
_FILES_REMOVED = QT_TRANSLATE_NOOP(
    "Schedules", "the timer's files are removed; systemd said: {problem}"
)
_REMOVED = QT_TRANSLATE_NOOP("Schedules", "the systemd user timer {unit}.timer is removed")
_NOT_INSTALLED = QT_TRANSLATE_NOOP("Schedules", "no systemd user timer is installed")
_NOT_ACTIVE = QT_TRANSLATE_NOOP("Schedules", "the timer is written but not active ({problem})")
_ACTIVE = QT_TRANSLATE_NOOP("Schedules", "{unit}.timer is active")
_NO_SYSTEMCTL = QT_TRANSLATE_NOOP("Schedules", "systemctl is not installed")

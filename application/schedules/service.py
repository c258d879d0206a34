"""The use cases of scheduled tasks: add, list, remove, enable, run now, run what is due, log.

Why it exists: ``parley schedule …``, the window's Scheduled page and its in-app scheduler all
do the same few things to the same store; the rules live here once, without Qt or SQLite. A run
is a turn like any other (``request.build_run_request``) handed to the turn runtime on the
calling thread; this module only adds the bookkeeping around it: the claim that makes each
occurrence run once, the conversation it wrote to, its status, cost, files and refusals.

Invariants it keeps:

- an occurrence runs once, whoever finds it due: the store's ``claim`` of ``(task,
  scheduled_at)`` is taken before the run starts, and only the caller that took it runs it;
- a task is checked before it is stored: its cron expression parses, its project exists (named by
  id or name, stored by id), its provider is configured, its prompt composes;
- a run that cannot be built (its project or provider gone) is recorded ``not_started`` with the
  reason and never reaches the history; a run whose turn fails is recorded with the turn's own
  status and error, in its conversation;
- the clock is injected (``clock``), so due, catch-up and the log are tested at any moment;
- a run that raises does not take the others with it (``run_due`` records it ``failed``).

Errors: ``ScheduleError`` and its kinds (``application.schedules.ports``) for what a person
asked that cannot be; ``ScheduleStoreError`` from the store.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from parley.application.conversations.outcome import TurnOutcome
from parley.application.ports.settings_store import SettingsStore, UnknownProvider
from parley.application.ports.skill_library import SkillLibrary
from parley.application.schedules.ports import (
    CronSchedule,
    OsScheduler,
    OsSchedulerReport,
    ScheduleStore,
    UnknownTask,
)
from parley.application.schedules.request import RunNotBuilt, build_run_request
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.schedules.due import DEFAULT_GRACE, Due, due_tasks
from parley.domain.schedules.model import (
    DEFAULT_MAX_STEPS,
    DEFAULT_TIMEOUT_S,
    RunRecord,
    ScheduledTask,
    ScheduleError,
)
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.canonical import ActionVerdict, Notice, StoredEvent
from parley.domain.usage.pricing import estimate_cost, find_price

#: Runs a frozen request to its end on the calling thread: ``TurnRuntime.run`` with a listener.
TurnRunner = Callable[[ConversationExecutionRequest, threading.Event, "RunListener"], TurnOutcome]
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def due_now(
    store: ScheduleStore, cron: CronSchedule, now: datetime, grace: timedelta = DEFAULT_GRACE
) -> tuple[Due, ...]:
    """What is due at ``now`` (to run or to record missed), claiming nothing: the quick look
    ``run-due`` takes before it opens the rest of the profile. Nothing while the schedule is
    paused: the occurrences passed meanwhile count as missed once it resumes (a task that
    catches up runs once then)."""
    if store.paused():
        return ()
    return due_tasks(
        tuple(store.tasks()),
        store.anchors(),
        now=now,
        latest_at_or_before=cron.latest_at_or_before,
        grace=grace,
    )


class RunListener:
    """The runtime's listener for a scheduled run: keeps what the log shows of it (the files it
    saved, the actions the unattended gate refused). Called on the run's thread."""

    def __init__(self) -> None:
        self.files: list[str] = []
        self.refused = 0

    def on_event(self, stored: StoredEvent) -> None:
        event = stored.event
        if isinstance(event, Notice) and event.files:
            self.files.extend(event.files)
        elif isinstance(event, ActionVerdict) and event.decision in ("refused", "deny", "denied"):
            self.refused += 1

    def on_text(self, turn_id: str, text: str) -> None:
        pass


@dataclass(frozen=True)
class TaskView:
    """A task as lists show it: the task, its next occurrence and its last run."""

    task: ScheduledTask
    next_run: datetime | None
    last_run: RunRecord | None


class ScheduleService:
    """The use cases (module docstring). ``run_turn`` runs a request to its end."""

    def __init__(
        self,
        store: ScheduleStore,
        cron: CronSchedule,
        settings: SettingsStore,
        run_turn: TurnRunner,
        *,
        skills: SkillLibrary | None = None,
        clock: Clock = utc_now,
        grace: timedelta = DEFAULT_GRACE,
    ) -> None:
        self.store = store
        self.cron = cron
        self._settings = settings
        self._run_turn = run_turn
        self._skills = skills
        self.clock = clock
        self.grace = grace

    # -- tasks ---------------------------------------------------------------------------------

    def add(
        self,
        *,
        cron: str,
        prompt: str,
        name: str = "",
        project: str = "",
        provider: str = "",
        model: str = "",
        timeout_s: float = DEFAULT_TIMEOUT_S,
        max_steps: int = DEFAULT_MAX_STEPS,
        tools: str = "none",
        workspace: str = "",
        catch_up: bool = False,
        enabled: bool = True,
    ) -> ScheduledTask:
        """Check and store a new task (module docstring); raises ``ScheduleError``."""
        self.cron.check(cron)
        project_id = self._project_id(project) if project else ""
        if provider:
            try:
                self._settings.provider(provider)
            except UnknownProvider as exc:
                raise ScheduleError(str(exc)) from exc
        elif not project_id and self._settings.default_provider() is None:
            raise ScheduleError("no provider is configured: add one first (parley providers add)")
        task = ScheduledTask(
            id=uuid.uuid4().hex[:12],
            name=name.strip() or _name_from(prompt),
            cron=cron,
            prompt=prompt,
            created_at=self.clock(),
            project=project_id,
            provider=provider,
            model=model,
            timeout_s=timeout_s,
            max_steps=max_steps,
            tools=tools,
            workspace=workspace,
            catch_up=catch_up,
            enabled=enabled,
        )
        try:
            build_run_request(task, task.created_at, settings=self._settings, skills=self._skills)
        except RunNotBuilt as exc:
            raise ScheduleError(str(exc)) from exc
        self.store.add_task(task)
        return task

    def find(self, key: str) -> ScheduledTask:
        """A task by id, id prefix (unique) or name (case-insensitive); ``UnknownTask``."""
        tasks = list(self.store.tasks())
        for task in tasks:
            if task.id == key:
                return task
        named = [t for t in tasks if t.name.lower() == key.strip().lower()]
        if len(named) == 1:
            return named[0]
        prefixed = [t for t in tasks if key and t.id.startswith(key)]
        if len(prefixed) == 1:
            return prefixed[0]
        known = ", ".join(f"{t.id} ({t.name})" for t in tasks) or "none yet"
        raise UnknownTask(f"no scheduled task {key!r}; tasks: {known}")

    def remove(self, key: str) -> ScheduledTask:
        task = self.find(key)
        self.store.remove_task(task.id)
        return task

    def set_enabled(self, key: str, enabled: bool) -> ScheduledTask:
        """Turn a task on or off. Turned on again, it does not catch up on what passed while it
        was off: its anchor moves to now."""
        task = self.find(key)
        changed = replace(task, enabled=enabled)
        if enabled and not task.enabled:
            changed = replace(changed, created_at=max(task.created_at, self.clock()))
        self.store.update_task(changed)
        return changed

    def tasks(self) -> tuple[TaskView, ...]:
        """Every task with its next occurrence (enabled ones) and last run."""
        now = self.clock()
        last: dict[str, RunRecord] = {}
        for run in self.store.runs():
            last.setdefault(run.task_id, run)
        views = []
        for task in self.store.tasks():
            upcoming = self.cron.next_after(task.cron, now, 1) if task.enabled else ()
            views.append(TaskView(task, upcoming[0] if upcoming else None, last.get(task.id)))
        return tuple(views)

    def next_runs(self, cron: str, count: int = 3) -> tuple[datetime, ...]:
        """The next ``count`` occurrences of ``cron`` from now; raises ``CronError``."""
        self.cron.check(cron)
        return tuple(self.cron.next_after(cron, self.clock(), count))

    def log(self, key: str = "", limit: int | None = 50) -> tuple[RunRecord, ...]:
        task_id = self.find(key).id if key else ""
        return tuple(self.store.runs(task_id, limit))

    def sync_timer(self, scheduler: OsScheduler, *, install: bool) -> OsSchedulerReport | None:
        """Make the OS timer follow the enabled tasks: rewrite it for their expressions (remove
        it when none is enabled). Without ``install``, only a timer already installed is
        touched (a person who never asked for one, or runs ``--no-timer``, gets none)."""
        expressions = tuple(dict.fromkeys(t.cron for t in self.store.tasks() if t.enabled))
        if not install and not scheduler.status().files:
            return None
        return scheduler.install(expressions)

    def scheduled_sessions(self) -> frozenset[str]:
        """The conversations scheduled runs wrote to (the sidebar's Scheduled section)."""
        return frozenset(r.session_id for r in self.store.runs() if r.session_id)

    # -- runs ----------------------------------------------------------------------------------

    def claim_due(self) -> tuple[Due, ...]:
        """Claim every occurrence due now; return those this caller claimed: the ones it must
        run, and the missed ones it recorded as skipped (``Due.runs`` False). Blocking (the
        store): call it off the UI thread."""
        self.store.recover_abandoned()
        now = self.clock()
        found = due_now(self.store, self.cron, now, self.grace)
        mine: list[Due] = []
        for due in found:
            if due.runs:
                run = RunRecord(due.task.id, due.scheduled_at, kind=due.kind)
                if self.store.claim(run):
                    mine.append(due)
            elif self.store.claim(
                RunRecord(
                    due.task.id,
                    due.scheduled_at,
                    kind="scheduled",
                    status="skipped",
                    ended_at=now,
                    error=MISSED,
                )
            ):
                mine.append(due)
        return tuple(mine)

    def paused(self) -> bool:
        """Whether scheduled runs are paused (a manual Run now still runs)."""
        return self.store.paused()

    def set_paused(self, paused: bool) -> None:
        """Pause or resume every scheduled run of the profile (OS timer and window alike)."""
        self.store.set_paused(paused)

    def claim_now(self, key: str) -> Due:
        """Claim a manual run of a task, now (``run-now``, the page's Run now)."""
        task = self.find(key)
        when = self.clock()
        while not self.store.claim(RunRecord(task.id, when, kind="manual")):
            when += timedelta(microseconds=1)  # two presses in the same instant: both run
        return Due(task, when, "manual")

    def run(self, due: Due, cancel: threading.Event | None = None) -> RunRecord:
        """Run a claimed occurrence to its end on this thread; record and return how it ended."""
        task, when = due.task, due.scheduled_at
        kind = due.kind if due.kind in ("scheduled", "catch_up", "manual") else "scheduled"
        started = self.clock()
        base = RunRecord(task.id, when, kind=kind, started_at=started)
        try:
            request = build_run_request(task, when, settings=self._settings, skills=self._skills)
        except (RunNotBuilt, ScheduleError) as exc:
            record = replace(base, status="not_started", ended_at=self.clock(), error=str(exc))
            self.store.finish(record)
            return record
        self.store.set_session(task.id, when, request.session_id)
        listener = RunListener()
        try:
            outcome = self._run_turn(request, cancel or threading.Event(), listener)
        except Exception as exc:  # the runtime records its own failures; this is a last resort
            record = replace(
                base,
                status="failed",
                ended_at=self.clock(),
                session_id=request.session_id,
                error=f"{type(exc).__name__}: {exc}",
            )
            self.store.finish(record)
            return record
        status = outcome.status if outcome.status in _TURN_STATUSES else "failed"
        price = find_price(self._settings.prices(), outcome.provider_id, outcome.model)
        cost = estimate_cost(outcome.usage, price)
        record = replace(
            base,
            status=status,
            ended_at=self.clock(),
            session_id=outcome.session_id or request.session_id,
            cost="" if cost is None else f"{cost}{'' if price is None else ' ' + price.currency}",
            input_tokens=outcome.usage.input_tokens,
            output_tokens=outcome.usage.output_tokens,
            error=outcome.unsaved or outcome.error,
            files=tuple(dict.fromkeys(listener.files)),
            refused=listener.refused,
        )
        self.store.finish(record)
        return record

    def run_due(
        self,
        cancel: threading.Event | None = None,
        on_done: Callable[[RunRecord], None] | None = None,
        *,
        watch_s: float | None = None,
    ) -> tuple[RunRecord, ...]:
        """Claim what is due now and run it, each claimed occurrence on a thread of its own;
        return when all have ended (``run-due``).

        With ``watch_s``, while runs are still going, look again every ``watch_s`` seconds and
        start what has become due meanwhile: the OS timer does not start a second ``run-due``
        while one is active, so a long run must not make the next minute's task late."""
        cancel = cancel or threading.Event()
        results: list[RunRecord] = []
        lock = threading.Lock()
        ended = threading.Event()  # set by each run as it ends: the watch stops at the last

        def done(record: RunRecord) -> None:
            ended.set()
            if on_done is not None:
                on_done(record)

        threads = self._start_all(self.claim_due(), cancel, done, results, lock)
        deadline = time.monotonic() + (watch_s or 0.0)
        while watch_s is not None and not cancel.is_set():
            threads = [t for t in threads if t.is_alive()]
            if not threads:
                break
            ended.wait(max(0.0, deadline - time.monotonic()))
            ended.clear()
            if time.monotonic() >= deadline:
                deadline = time.monotonic() + watch_s
                threads += self._start_all(self.claim_due(), cancel, done, results, lock)
        for thread in threads:
            thread.join()
        return tuple(results)

    def _start_all(
        self,
        dues: Sequence[Due],
        cancel: threading.Event,
        on_done: Callable[[RunRecord], None] | None,
        results: list[RunRecord],
        lock: threading.Lock,
    ) -> list[threading.Thread]:

        def one(due: Due) -> None:
            try:
                record = self.run(due, cancel)
            except Exception as exc:  # the store failed: say so in the result, go on
                record = RunRecord(
                    due.task.id, due.scheduled_at, kind="scheduled", status="failed",
                    error=f"{type(exc).__name__}: {exc}",
                )  # fmt: skip
            with lock:
                results.append(record)
            if on_done is not None:
                on_done(record)

        threads = [
            threading.Thread(target=one, args=(d,), name=f"schedule-{d.task.id}", daemon=True)
            for d in dues
            if d.runs
        ]
        for thread in threads:
            thread.start()
        return threads

    def _project_id(self, key: str) -> str:
        projects = list(self._settings.projects())
        for project in projects:
            if project.id == key or project.name.lower() == key.strip().lower():
                return project.id
        known = ", ".join(p.name for p in projects) or "none yet (Settings → Projects)"
        raise ScheduleError(f"no project {key!r}; projects: {known}")


#: Why a skipped run did not run (the log's note).
MISSED = QT_TRANSLATE_NOOP(
    "Schedules", "missed while nothing was running (the task does not catch up)"
)

_TURN_STATUSES = ("completed", "failed", "timed_out", "cancelled", "interrupted")


def _name_from(prompt: str) -> str:
    line = next((" ".join(s.split()) for s in prompt.splitlines() if s.strip()), "task")
    return line if len(line) <= 40 else line[:39].rstrip() + "…"

"""Scheduled tasks in the main window: the menu entry, the page, the in-app scheduler, the
sidebar's Scheduled section and the notification when a run ends.

Why it exists: the window must run tasks while it is open (``InAppScheduler``), show them
(``ScheduledPage``), list their conversations apart from the person's own (the sidebar's
"Scheduled" section: conversations whose first turn's surface is ``schedule``) and say when a
run ends (the window's ``Notifier``). This controller wires those to ``Services.schedules``;
every store call goes through the window's ``WorkerBridge.submit``, never on the UI thread.

Invariants it keeps:

- without ``Services.schedules`` (a profile opened read-only) nothing is added to the window;
- after any change (a task added, turned on or off, removed, a run started or ended) the page
  and the sidebar are refreshed from the store, on a worker;
- a run this window ran (or recorded missed) is said once when it ends: a desktop notification
  with the task's name, status and cost, and the window's status line; a run the OS timer ran
  is only shown (``parley schedule run-due`` notified the desktop itself).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from parley.application.schedules.service import ScheduleService, TaskView
from parley.application.sessions.operations import relist
from parley.domain.schedules.due import Due
from parley.domain.schedules.model import RunRecord
from parley.ui.i18n.composed import translate_text
from parley.ui.scheduled.add_dialog import AddTaskDialog, TaskForm
from parley.ui.scheduled.page import ScheduledPage
from parley.ui.scheduled.scheduler import InAppScheduler

if TYPE_CHECKING:
    from parley.ui.bootstrap import Services
    from parley.ui.main_window import MainWindow

log = logging.getLogger(__name__)

#: How many runs the page lists.
RUNS_SHOWN = 200


class ScheduledController(QObject):
    """See the module docstring."""

    def __init__(self, window: MainWindow, services: Services, *, start: bool = True) -> None:
        super().__init__(window)
        self.w = window
        self.services = services
        self.service: ScheduleService | None = services.schedules
        self.page: ScheduledPage | None = None
        self.dialog: AddTaskDialog | None = None
        self.scheduler: InAppScheduler | None = None
        self.action: QAction | None = None
        self._names: dict[str, str] = {}
        self._task_filter = ""
        self._sidebar_sessions: frozenset[str] = frozenset()
        self._generation = 0
        self._pause_reads = 0  # reads of the store's pause flag (the newest one is offered)
        self._pause_wired = False
        if self.service is None:
            return
        self.action = self._add_menu_entry()
        self.scheduler = InAppScheduler(self.service, window.bridge.submit, window)
        self.scheduler.sig_run_started.connect(self._run_started)
        self.scheduler.sig_run_finished.connect(self._run_finished)
        self.scheduler.sig_other_finished.connect(self._other_finished)
        if start:  # after the first paint: the first look (the catch-up) reads the store
            window.after_first_paint(self._start)

    def _start(self) -> None:
        self.refresh_sidebar()
        if self.scheduler is not None:
            self.scheduler.start()
        self._offer_pause()

    def _offer_pause(self) -> None:
        """The tray's "Pause schedules": checked as the store says (read on a worker), and a
        toggle written to the store, which the OS timer's ``run-due`` reads too."""
        from parley.ui.desktop_integration import Desktop, with_desktop

        service = self.service
        if service is None:
            return
        self._pause_reads += 1
        seq = self._pause_reads

        def toggled(paused: bool) -> None:
            self._submit(lambda: service.set_paused(paused), lambda _r: self.refresh())

        def offer(paused: bool) -> None:
            if seq != self._pause_reads:
                return  # a newer read is on its way: it says what the store says now

            def use(desktop: Desktop) -> None:
                desktop.offer_schedule_pause(paused)
                if not self._pause_wired:
                    self._pause_wired = True
                    desktop.sig_pause_schedules_toggled.connect(toggled)

            with_desktop(self.w, use)

        self._submit(service.paused, offer)

    # -- the window ------------------------------------------------------------------------------

    def _add_menu_entry(self) -> QAction:
        """ "Scheduled tasks…" in the History menu (found by its title, as the menu controller
        spells and translates it; a menu of its own if there is none)."""
        action = QAction(
            QCoreApplication.translate("ScheduledController", "&Scheduled tasks…"), self.w
        )
        action.setObjectName("open-scheduled")
        action.triggered.connect(lambda _checked=False: self.open_page())
        bar = self.w.menuBar()
        history = {"Histor&y", QCoreApplication.translate("MenuController", "Histor&y")}
        for top in bar.actions():
            menu = top.menu()
            if isinstance(menu, QMenu) and top.text() in history:
                menu.addSeparator()
                menu.addAction(action)
                return action
        bar.addMenu(QCoreApplication.translate("ScheduledController", "&Scheduled")).addAction(
            action
        )
        return action

    def open_page(self) -> ScheduledPage:
        """Show the Scheduled page (built on first use) and load it."""
        if self.page is None:
            page = ScheduledPage(self.w)
            page.sig_add_requested.connect(self.open_add_dialog)
            page.sig_run_now_requested.connect(self.run_now)
            page.sig_enable_requested.connect(self.set_enabled)
            page.sig_remove_requested.connect(self.remove)
            page.sig_open_session_requested.connect(self.open_session)
            page.sig_task_selected.connect(self._select)
            self.page = page
            self._load_timer_status()
        self.page.show()
        self.page.raise_()
        self.refresh()
        return self.page

    def open_session(self, session_id: str) -> None:
        """Open a run's conversation in the main window, brought to the front."""
        self.w.open_session(session_id)
        self.w.show()
        self.w.raise_()
        self.w.activateWindow()

    def refresh(self) -> None:
        """Load the tasks and the runs (on a worker) into the page, if it is open."""
        service = self.service
        if service is None or self.page is None:
            return
        task_filter = self._task_filter
        # Loads run on a pool of workers and may end out of order: only the latest is shown.
        self._generation += 1
        generation = self._generation

        def load() -> tuple[tuple[TaskView, ...], tuple[RunRecord, ...]]:
            views = service.tasks()
            # The runs of the selected task; of every task when it is gone (just removed).
            shown = task_filter if any(v.task.id == task_filter for v in views) else ""
            return views, tuple(service.store.runs(shown, RUNS_SHOWN))

        self._submit(load, lambda result: self._loaded(result, generation))

    def _loaded(
        self, result: tuple[tuple[TaskView, ...], tuple[RunRecord, ...]], generation: int
    ) -> None:
        if generation != self._generation:
            return  # a later load is on its way
        views, runs = result
        self._names = {v.task.id: v.task.name for v in views}
        if self.page is not None:
            self.page.show_tasks(views)
            self.page.show_runs(runs, self._names)

    def _select(self, task_id: str) -> None:
        self._task_filter = task_id if task_id in self._names else ""
        self.refresh()

    def refresh_sidebar(self, *, relisting: bool = False) -> None:
        """Put the conversations a schedule started in the sidebar's "Scheduled" section; with
        ``relisting``, list the conversations again even if that set did not change (a run
        ended: its conversation changed).

        They are read from the run log, which names each run's conversation as it starts: one
        query. Reading every conversation's first turn for its ``surface`` instead took 5.6 s
        of a worker at each start with 10,000 conversations (``surfaces`` serves one
        conversation at a time, e.g. the history's labels)."""
        service = self.service
        if service is None:
            return

        def load() -> frozenset[str]:
            return service.scheduled_sessions()

        self._submit(load, lambda s: self._sidebar_loaded(s, relisting))

    def _sidebar_loaded(self, sessions: frozenset[str], relisting: bool = False) -> None:
        if sessions == self._sidebar_sessions and not relisting:
            return  # nothing moved: no relisting (most starts have no scheduled runs at all)
        self._sidebar_sessions = sessions
        self.w.session_list.set_scheduled(
            sessions, QCoreApplication.translate("ScheduledController", "Scheduled")
        )
        self.w.operations.announce(relist())

    def _load_timer_status(self) -> None:
        scheduler = self.services.os_scheduler
        if scheduler is None:
            return

        def say(report: Any) -> None:
            if self.page is None:
                return
            if report.ok:
                self.page.show_timer(
                    QCoreApplication.translate(
                        "ScheduledController",
                        "Tasks run on time even while Parley is closed ({what}).",
                    ).format(what=translate_text(report.message))
                )
            else:
                self.page.show_timer(
                    QCoreApplication.translate(
                        "ScheduledController",
                        "Tasks run while this window is open. The operating system's timer is "
                        "not on: {why}",
                    ).format(why=translate_text(report.message))
                )

        self._submit(scheduler.status, say)

    # -- intent ----------------------------------------------------------------------------------

    def open_add_dialog(self) -> AddTaskDialog:
        service = self.service
        assert service is not None
        projects = [(p.id, p.name) for p in self.w.settings.projects]
        providers = [p.name for p in self.w.settings.providers]
        dialog = AddTaskDialog(
            service.next_runs,
            projects=projects,
            providers=providers,
            parent=self.page or self.w,
        )
        dialog.sig_submitted.connect(lambda form: self._add(dialog, form))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _add(self, dialog: AddTaskDialog, form: TaskForm) -> None:
        service = self.service
        assert service is not None
        scheduler = self.services.os_scheduler

        def add() -> str:
            service.add(
                cron=form.cron,
                prompt=form.prompt,
                name=form.name,
                project=form.project,
                provider=form.provider,
                model=form.model,
                timeout_s=form.timeout_s,
                tools=form.tools,
                catch_up=form.catch_up,
            )
            # The OS timer runs it while the window is closed (if this system can).
            report = service.sync_timer(scheduler, install=True) if scheduler else None
            return report.message if report is not None else ""

        def added(message: str) -> None:
            dialog.accept()
            self.refresh()
            self._load_timer_status()
            if message:
                log.info("scheduled tasks: %s", message)

        self._submit(add, added, lambda exc: dialog.show_error(str(exc)))

    def run_now(self, task_id: str) -> None:
        if self.scheduler is not None:
            self.scheduler.run_now(task_id, lambda exc: self._failed(str(exc)))

    def set_enabled(self, task_id: str, enabled: bool) -> None:
        service = self.service
        assert service is not None
        self._submit(lambda: self._changed(service.set_enabled(task_id, enabled)), self._done)

    def remove(self, task_id: str) -> None:
        service = self.service
        assert service is not None
        self._submit(lambda: self._changed(service.remove(task_id)), self._done)

    def _changed(self, result: object) -> object:
        """(On a worker) after a change: an installed OS timer follows the enabled tasks."""
        scheduler = self.services.os_scheduler
        if self.service is not None and scheduler is not None:
            self.service.sync_timer(scheduler, install=False)
        return result

    def _done(self, _result: object) -> None:
        self.refresh()
        self._load_timer_status()

    # -- runs ------------------------------------------------------------------------------------

    def _run_started(self, due: Due) -> None:
        self.w._show_status(
            QCoreApplication.translate(
                "ScheduledController", "Scheduled task “{name}” is running…"
            ).format(name=due.task.name)
        )
        self.refresh()
        self.refresh_sidebar()

    def _run_finished(self, record: RunRecord) -> None:
        name = self._names.get(record.task_id, "")
        if not name and self.service is not None:
            service = self.service
            self._submit(
                lambda: service.store.task(record.task_id).name,
                lambda found: self._say_finished(record, found),
                lambda _exc: self._say_finished(
                    record, QCoreApplication.translate("ScheduledController", "a removed task")
                ),
            )
        else:
            self._say_finished(record, name)
        self.refresh()
        self.refresh_sidebar(relisting=True)

    def _other_finished(self, _record: RunRecord) -> None:
        """The OS timer's run ended (it notified the desktop itself): show it."""
        self.refresh()
        self.refresh_sidebar(relisting=True)

    def _say_finished(self, record: RunRecord, name: str) -> None:
        status = {
            "completed": QCoreApplication.translate("ScheduledController", "completed"),
            "failed": QCoreApplication.translate("ScheduledController", "failed"),
            "timed_out": QCoreApplication.translate("ScheduledController", "timed out"),
            "cancelled": QCoreApplication.translate("ScheduledController", "was cancelled"),
            "interrupted": QCoreApplication.translate("ScheduledController", "was interrupted"),
            "not_started": QCoreApplication.translate("ScheduledController", "could not start"),
            "skipped": QCoreApplication.translate("ScheduledController", "was missed"),
        }.get(record.status, record.status)
        cost = f" · {record.cost.split(' ')[0]}" if record.cost else ""
        title = QCoreApplication.translate(
            "ScheduledController", "Scheduled task “{name}” {status}"
        ).format(name=name, status=status)
        body = (
            translate_text(record.error)
            or QCoreApplication.translate(
                "ScheduledController", "Its conversation is in the Scheduled section."
            )
        ) + cost
        from parley.ui.notifications import notify_when_away

        notify_when_away(self.w, self.w.feedback.notifier, title, body)
        self.w._show_status(title, error=record.status not in ("completed", "skipped"))

    def _failed(self, message: str) -> None:
        self.w._show_status(message, error=True)

    def _submit(
        self,
        job: Callable[[], Any],
        on_done: Callable[[Any], object],
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        self.w.bridge.submit(job, on_done, on_error or (lambda exc: self._failed(str(exc))))

    def shutdown(self) -> None:
        """The window closes: stop looking and cancel the runs under way (they are recorded)."""
        if self.scheduler is not None:
            self.scheduler.shutdown()
        if self.page is not None:
            self.page.close()

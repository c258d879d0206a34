"""The Scheduled page: the tasks, when each runs next, how its runs went, and their conversations.

Why it exists: a task that runs while nobody watches must be easy to check on — did this
morning's run work, what did it cost, what did it write — and to change: run it now, turn it off,
remove it, add another. This window shows what the owner (``ScheduledController``) loaded and
turns clicks into requests; it reads no store itself.

Invariants it keeps:

- rendering is not intent: ``show_tasks``/``show_runs``/``show_timer`` never emit a request;
- the buttons that act on a task are enabled only while a task is selected, and the toggle says
  what it will do (Turn off / Turn on);
- a run opens its conversation (double-click, Enter or Open conversation) only when it has one
  (a run that could not start has none: its row says why).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from parley.application.schedules.service import TaskView
from parley.domain.schedules.model import RunRecord
from parley.ui.i18n.composed import translate_text

TASK_ROLE = Qt.ItemDataRole.UserRole + 1
SESSION_ROLE = Qt.ItemDataRole.UserRole + 2
ENABLED_ROLE = Qt.ItemDataRole.UserRole + 3


def _local(when: datetime | None) -> str:
    return when.astimezone().strftime("%a %d %b %H:%M") if when else ""


class _RunList(QTreeWidget):
    """The runs; Enter opens the current run's conversation."""

    sig_open = Signal(str)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        item = self.currentItem()
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and item is not None:
            session = str(item.data(0, SESSION_ROLE) or "")
            if session:
                self.sig_open.emit(session)
                event.accept()
                return
        super().keyPressEvent(event)


class ScheduledPage(QWidget):
    """See the module docstring. A window of its own (like History)."""

    sig_add_requested = Signal()
    sig_run_now_requested = Signal(str)
    """Run this task now: ``task_id``."""
    sig_enable_requested = Signal(str, bool)
    """Turn a task on or off: ``(task_id, enabled)``."""
    sig_remove_requested = Signal(str)
    sig_open_session_requested = Signal(str)
    """Open a run's conversation in the main window: ``session_id``."""
    sig_task_selected = Signal(str)
    """The selection changed (``""``: none): the owner loads that task's runs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("scheduled-page")
        self.setWindowTitle(self.tr("Scheduled tasks — Parley"))
        self.resize(900, 600)

        heading = QLabel(self.tr("Scheduled tasks"))
        font = QFont(heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        heading.setFont(font)
        self.timer_label = QLabel()
        self.timer_label.setObjectName("scheduled-timer")
        self.timer_label.setWordWrap(True)
        self.timer_label.setTextFormat(Qt.TextFormat.PlainText)
        self.timer_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)

        self.add_button = QPushButton(self.tr("Add task…"))
        self.add_button.setObjectName("scheduled-add")
        self.run_button = QPushButton(self.tr("Run now"))
        self.run_button.setObjectName("scheduled-run-now")
        self.toggle_button = QPushButton(self.tr("Turn off"))
        self.toggle_button.setObjectName("scheduled-toggle")
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setObjectName("scheduled-remove")
        buttons = QHBoxLayout()
        for button in (self.add_button, self.run_button, self.toggle_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)

        self.tasks = QTreeWidget()
        self.tasks.setObjectName("scheduled-tasks")
        self.tasks.setAccessibleName(self.tr("Scheduled tasks"))
        self.tasks.setRootIsDecorated(False)
        self.tasks.setHeaderLabels(
            [self.tr("Task"), self.tr("Schedule"), self.tr("Next run"), self.tr("Last run"),
             self.tr("Status")]
        )  # fmt: skip
        self.tasks.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tasks.setColumnWidth(0, 220)
        self.tasks.setColumnWidth(1, 120)
        self.tasks.setColumnWidth(2, 150)
        self.tasks.setColumnWidth(3, 150)
        self.empty_label = QLabel(
            self.tr(
                "No scheduled tasks yet. Add one to have a prompt run on a schedule — "
                "every weekday at 8, every hour — even while this window is closed."
            )
        )
        self.empty_label.setObjectName("scheduled-empty")
        self.empty_label.setWordWrap(True)
        self.empty_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.empty_label.hide()  # until the first load says there is nothing

        self.runs_label = QLabel(self.tr("Runs"))
        self.runs_label.setFont(QFont(font.family(), -1, QFont.Weight.Bold))
        self.runs = _RunList()
        self.runs.setObjectName("scheduled-runs")
        self.runs.setAccessibleName(self.tr("Runs"))
        self.runs.setRootIsDecorated(False)
        self.runs.setHeaderLabels(
            [self.tr("When"), self.tr("Task"), self.tr("How"), self.tr("Status"),
             self.tr("Cost"), self.tr("Files"), self.tr("Note")]
        )  # fmt: skip
        self.runs.setColumnWidth(0, 150)
        self.runs.setColumnWidth(1, 170)
        self.runs.setColumnWidth(2, 80)
        self.runs.setColumnWidth(3, 90)
        self.runs.setColumnWidth(4, 80)
        self.runs.setColumnWidth(5, 50)
        self.open_button = QPushButton(self.tr("Open conversation"))
        self.open_button.setObjectName("scheduled-open")

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(buttons)
        top_layout.addWidget(self.tasks)
        top_layout.addWidget(self.empty_label)
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        runs_head = QHBoxLayout()
        runs_head.addWidget(self.runs_label)
        runs_head.addStretch(1)
        runs_head.addWidget(self.open_button)
        bottom_layout.addLayout(runs_head)
        bottom_layout.addWidget(self.runs)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(bottom)
        splitter.setSizes([300, 300])
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.timer_label)
        layout.addWidget(splitter, 1)

        self.add_button.clicked.connect(self.sig_add_requested)
        self.run_button.clicked.connect(self._run_now)
        self.toggle_button.clicked.connect(self._toggle)
        self.remove_button.clicked.connect(self._remove)
        self.open_button.clicked.connect(self._open_current)
        self.tasks.currentItemChanged.connect(self._selection_changed)
        self.runs.itemDoubleClicked.connect(lambda item, _c: self._open(item))
        self.runs.currentItemChanged.connect(lambda *_a: self._update_buttons())
        self.runs.sig_open.connect(self.sig_open_session_requested)
        self._rebuilding = False
        #: The removal question last shown (tests answer it here).
        self.confirm: QMessageBox | None = None
        self._update_buttons()

    # -- rendering -------------------------------------------------------------------------------

    def show_tasks(self, views: Sequence[TaskView]) -> None:
        """Show the tasks; the selected one stays selected when it is still there."""
        keep = self.selected_task()
        self._rebuilding = True
        try:
            self.tasks.clear()
            for view in views:
                task, last = view.task, view.last_run
                item = QTreeWidgetItem(
                    [
                        task.name,
                        task.cron,
                        _local(view.next_run) if task.enabled else self.tr("off"),
                        _local(last.scheduled_at) if last else self.tr("never"),
                        self._status_text(last) if last else "",
                    ]
                )
                item.setData(0, TASK_ROLE, task.id)
                item.setData(0, ENABLED_ROLE, task.enabled)
                item.setToolTip(0, task.prompt)
                if not task.enabled:
                    for column in range(5):
                        item.setForeground(
                            column, self.palette().color(QPalette.ColorRole.PlaceholderText)
                        )
                self.tasks.addTopLevelItem(item)
                if task.id == keep:
                    self.tasks.setCurrentItem(item)
        finally:
            self._rebuilding = False
        self.empty_label.setVisible(not views)
        self.tasks.setVisible(bool(views))
        self._update_buttons()

    def show_runs(self, runs: Sequence[RunRecord], names: dict[str, str]) -> None:
        self.runs.clear()
        for run in runs:
            note = translate_text(run.error)
            if run.refused:
                refused = self.tr("{n} action(s) refused").format(n=run.refused)
                note = f"{note}; {refused}" if note else refused
            item = QTreeWidgetItem(
                [
                    _local(run.scheduled_at),
                    names.get(run.task_id, self.tr("(removed)")),
                    "" if run.status == "skipped" else self._kind_text(run.kind),
                    self._status_text(run),
                    run.cost.split(" ")[0] if run.cost else "",
                    str(len(run.files)) if run.files else "",
                    note,
                ]
            )
            item.setData(0, SESSION_ROLE, run.session_id)
            item.setToolTip(6, note)
            if run.files:
                item.setToolTip(5, "\n".join(run.files))
            self.runs.addTopLevelItem(item)
        self._update_buttons()

    def show_timer(self, text: str) -> None:
        self.timer_label.setText(text)

    def _status_text(self, run: RunRecord) -> str:
        return {
            "running": self.tr("running…"),
            "completed": self.tr("completed"),
            "failed": self.tr("failed"),
            "timed_out": self.tr("timed out"),
            "cancelled": self.tr("cancelled"),
            "interrupted": self.tr("interrupted"),
            "skipped": self.tr("missed"),
            "not_started": self.tr("not started"),
        }.get(run.status, run.status)

    def _kind_text(self, kind: str) -> str:
        return {
            "scheduled": self.tr("on time"),
            "catch_up": self.tr("caught up"),
            "manual": self.tr("by hand"),
        }.get(kind, kind)

    # -- reading ---------------------------------------------------------------------------------

    def selected_task(self) -> str:
        item = self.tasks.currentItem()
        return str(item.data(0, TASK_ROLE)) if item is not None else ""

    def task_rows(self) -> list[list[str]]:
        """What the task list shows, row by row (tests and scripts)."""
        return [
            [item.text(c) for c in range(5)]
            for i in range(self.tasks.topLevelItemCount())
            if (item := self.tasks.topLevelItem(i)) is not None
        ]

    def run_rows(self) -> list[list[str]]:
        return [
            [item.text(c) for c in range(7)]
            for i in range(self.runs.topLevelItemCount())
            if (item := self.runs.topLevelItem(i)) is not None
        ]

    # -- intent ----------------------------------------------------------------------------------

    def _selection_changed(self, *_args: object) -> None:
        self._update_buttons()
        if not self._rebuilding:
            self.sig_task_selected.emit(self.selected_task())

    def _update_buttons(self) -> None:
        item = self.tasks.currentItem()
        has = item is not None
        for button in (self.run_button, self.toggle_button, self.remove_button):
            button.setEnabled(has)
        enabled = bool(item.data(0, ENABLED_ROLE)) if item is not None else True
        self.toggle_button.setText(self.tr("Turn off") if enabled else self.tr("Turn on"))
        run = self.runs.currentItem()
        self.open_button.setEnabled(run is not None and bool(run.data(0, SESSION_ROLE)))

    def _run_now(self) -> None:
        if task := self.selected_task():
            self.sig_run_now_requested.emit(task)

    def _toggle(self) -> None:
        item = self.tasks.currentItem()
        if item is not None:
            self.sig_enable_requested.emit(
                str(item.data(0, TASK_ROLE)), not bool(item.data(0, ENABLED_ROLE))
            )

    def _remove(self) -> None:
        """Ask first (without blocking): a task is not brought back by Undo."""
        item = self.tasks.currentItem()
        if item is None:
            return
        task_id = str(item.data(0, TASK_ROLE))
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Remove scheduled task"),
            self.tr("Remove “{name}”? It will not run again; its past runs and their "
                    "conversations stay.").format(name=item.text(0)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self,
        )  # fmt: skip
        box.setObjectName("scheduled-remove-confirm")
        yes = box.button(QMessageBox.StandardButton.Yes)
        yes.setText(self.tr("Remove"))
        yes.clicked.connect(lambda: self.sig_remove_requested.emit(task_id))
        self.confirm = box
        box.open()

    def _open_current(self) -> None:
        item = self.runs.currentItem()
        if item is not None:
            self._open(item)

    def _open(self, item: QTreeWidgetItem) -> None:
        session = str(item.data(0, SESSION_ROLE) or "")
        if session:
            self.sig_open_session_requested.emit(session)

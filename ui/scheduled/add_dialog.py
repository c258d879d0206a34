"""The Add scheduled task dialog: what to ask, when, where, and for how long.

Why it exists: a cron expression is easy to get wrong ("0 8 * * 1-5" or "8 0 * * 1-5"?), so the
field is checked as it is typed and the next three times it would fire are shown under it, in
local time. Nothing is stored here: Add hands the values to the owner (``sig_submitted``), which
stores the task on a worker and either closes the dialog or shows why not (``show_error``).

Invariants it keeps:

- Add is enabled only while the name-less essentials are there: a cron expression that parses
  and a prompt that is not blank;
- the next times come from the same cron adapter the schedulers use (``next_runs``), never from
  a second reading of the expression; computing them is arithmetic, not I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from parley.domain.schedules.model import DEFAULT_TIMEOUT_S, ScheduleError


@dataclass(frozen=True)
class TaskForm:
    """What the dialog held when Add was pressed."""

    name: str
    cron: str
    prompt: str
    project: str
    provider: str
    model: str
    timeout_s: float
    tools: str
    catch_up: bool


class AddTaskDialog(QDialog):
    """See the module docstring."""

    sig_submitted = Signal(object)
    """Add was pressed with valid fields: ``TaskForm``."""

    def __init__(
        self,
        next_runs: Callable[[str], Sequence[datetime]],
        *,
        projects: Sequence[tuple[str, str]] = (),
        providers: Sequence[str] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._next_runs = next_runs
        self.setObjectName("add-scheduled-task")
        self.setWindowTitle(self.tr("Add scheduled task"))
        self.setMinimumWidth(520)

        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("task-name")
        self.name_edit.setPlaceholderText(self.tr("(the prompt's first words)"))
        self.cron_edit = QLineEdit("0 8 * * 1-5")
        self.cron_edit.setObjectName("task-cron")
        self.cron_edit.setAccessibleName(self.tr("Schedule (cron expression)"))
        self.cron_hint = QLabel()
        self.cron_hint.setObjectName("task-cron-next")
        self.cron_hint.setWordWrap(True)
        self.cron_hint.setTextFormat(Qt.TextFormat.PlainText)
        self.prompt_edit = QPlainTextEdit()
        self.prompt_edit.setObjectName("task-prompt")
        self.prompt_edit.setAccessibleName(self.tr("Prompt"))
        self.prompt_edit.setPlaceholderText(
            self.tr("What the model is asked at each run, e.g. Summarise what changed in my notes.")
        )
        self.prompt_edit.setMinimumHeight(90)
        self.project_picker = QComboBox()
        self.project_picker.setObjectName("task-project")
        self.project_picker.addItem(self.tr("No project"), "")
        for project_id, name in projects:
            self.project_picker.addItem(name, project_id)
        self.provider_picker = QComboBox()
        self.provider_picker.setObjectName("task-provider")
        self.provider_picker.addItem(self.tr("Default provider"), "")
        for name in providers:
            self.provider_picker.addItem(name, name)
        self.model_edit = QLineEdit()
        self.model_edit.setObjectName("task-model")
        self.model_edit.setPlaceholderText(self.tr("(the provider's default model)"))
        self.timeout_spin = QDoubleSpinBox()
        self.timeout_spin.setObjectName("task-timeout")
        self.timeout_spin.setDecimals(0)
        self.timeout_spin.setRange(10, 7 * 24 * 3600)
        self.timeout_spin.setValue(DEFAULT_TIMEOUT_S)
        self.timeout_spin.setSuffix(self.tr(" s"))
        self.tools_picker = QComboBox()
        self.tools_picker.setObjectName("task-tools")
        for label, value in (
            (self.tr("No tools"), "none"),
            (self.tr("Read files in the project's folder"), "read"),
            (self.tr("All tools (what would need asking is refused)"), "all"),
        ):
            self.tools_picker.addItem(label, value)
        self.catch_up_box = QCheckBox(
            self.tr("If the computer was off, run once at the next start")
        )
        self.catch_up_box.setObjectName("task-catch-up")
        self.error_label = QLabel()
        self.error_label.setObjectName("task-error")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #c0392b")
        self.error_label.hide()

        form = QFormLayout()
        form.addRow(self.tr("Name"), self.name_edit)
        form.addRow(self.tr("Schedule"), self.cron_edit)
        form.addRow("", self.cron_hint)
        form.addRow(self.tr("Prompt"), self.prompt_edit)
        form.addRow(self.tr("Project"), self.project_picker)
        form.addRow(self.tr("Provider"), self.provider_picker)
        form.addRow(self.tr("Model"), self.model_edit)
        form.addRow(self.tr("Time limit"), self.timeout_spin)
        form.addRow(self.tr("Tools"), self.tools_picker)
        form.addRow("", self.catch_up_box)
        syntax = QLabel(
            self.tr(
                "Cron: minute hour day-of-month month day-of-week, in local time. "
                "0 8 * * 1-5 is 08:00 on weekdays; */30 * * * * every half hour."
            )
        )
        syntax.setWordWrap(True)
        syntax.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.add_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.add_button.setText(self.tr("Add"))
        self.add_button.setObjectName("task-add")
        self.buttons.accepted.connect(self._submit)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(syntax)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)

        self.cron_edit.textChanged.connect(self._check)
        self.prompt_edit.textChanged.connect(self._check)
        self._check()

    @property
    def cron_ok(self) -> bool:
        return self._cron_ok

    def _check(self) -> None:
        """Check the cron field as typed and show its next three times (or why it is wrong)."""
        try:
            times = self._next_runs(self.cron_edit.text())
        except ScheduleError as exc:
            self._cron_ok = False
            self.cron_hint.setText(str(exc))
            self.cron_hint.setStyleSheet("color: #c0392b")
        else:
            self._cron_ok = True
            shown = ", ".join(t.astimezone().strftime("%a %d %b %H:%M") for t in times)
            self.cron_hint.setText(
                self.tr("Next: {times}").format(times=shown) if shown else self.tr("Never fires")
            )
            self.cron_hint.setStyleSheet("")
        self.add_button.setEnabled(self._cron_ok and bool(self.prompt_edit.toPlainText().strip()))

    def form(self) -> TaskForm:
        return TaskForm(
            name=self.name_edit.text().strip(),
            cron=self.cron_edit.text().strip(),
            prompt=self.prompt_edit.toPlainText().strip(),
            project=str(self.project_picker.currentData() or ""),
            provider=str(self.provider_picker.currentData() or ""),
            model=self.model_edit.text().strip(),
            timeout_s=float(self.timeout_spin.value()),
            tools=str(self.tools_picker.currentData() or "none"),
            catch_up=self.catch_up_box.isChecked(),
        )

    def _submit(self) -> None:
        if not self.add_button.isEnabled():
            return
        self.error_label.hide()
        self.add_button.setEnabled(False)  # until the owner answers
        self.sig_submitted.emit(self.form())

    def show_error(self, message: str) -> None:
        """The owner could not store the task: say why; the fields stay as typed."""
        self.error_label.setText(message)
        self.error_label.show()
        self._check()

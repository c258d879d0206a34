"""The History window's filter bar: search text, date range, provider, model, workspace,
project, turn status, action verdict and "has tool calls", as one ``SearchFilters``.

Why it exists: the filters are a panel of their own; the window only needs to know when they
changed (``sig_changed``, to schedule a reload) and what they say (``filters()``, once per load).

Invariants it keeps:

- the "any" combos (provider, model, workspace, project) stay editable: a value not offered may
  still be typed; the values offered only grow (a filtered listing must not hide the others), and
  offering values never changes what a combo holds nor counts as a change;
- a date bound is a local calendar day turned into a stored-style UTC timestamp, the "until" day
  included to its last microsecond.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta

from PySide6.QtCore import QDate, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.event_store import SearchFilters, SessionSummary
from parley.ui.qt_items import present

_STATUSES = (
    ("Any status", ""),
    ("Has a failed turn", "failed"),
    ("Has a cancelled turn", "cancelled"),
    ("Has an interrupted turn", "interrupted"),
    ("Has a timed-out turn", "timed_out"),
    ("Has a completed turn", "completed"),
)
_VERDICTS = (
    ("Any verdict", ""),
    ("Has a refused action", "refused"),
    ("Has an action that asked", "asked"),
    ("Has a rejected action", "rejected"),
    ("Has a dropped action", "dropped"),
    ("Has an action allowed by the user", "allowed"),
)


class FilterBar(QWidget):
    """The two rows of filters above the History window's table."""

    sig_changed = Signal()
    """A filter changed (text typed, a box checked, a date or a choice picked)."""

    def __init__(self, providers: Sequence[str] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("history-filters")
        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("history-search")
        self.search_edit.setPlaceholderText("Search titles and content")
        self.search_edit.setClearButtonEnabled(True)
        today = QDate.currentDate()
        self.since_check = QCheckBox("Since")
        self.since_edit = QDateEdit(today.addMonths(-1))
        self.until_check = QCheckBox("Until")
        self.until_edit = QDateEdit(today)
        for edit in (self.since_edit, self.until_edit):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setEnabled(False)
        self.provider_box = _any_combo("Any provider", "filter-provider")
        self.set_providers(providers)
        self.model_box = _any_combo("Any model", "filter-model")
        self.workspace_box = _any_combo("Any workspace", "filter-workspace")
        self.project_box = _any_combo("Any project", "filter-project")
        self.status_box = _choice_combo(_STATUSES, "filter-status")
        self.verdict_box = _choice_combo(_VERDICTS, "filter-verdict")
        self.tools_check = QCheckBox("Has tool calls")
        self.tools_check.setObjectName("filter-tools")

        first = QHBoxLayout()
        first.addWidget(self.search_edit, 1)
        first.addWidget(self.since_check)
        first.addWidget(self.since_edit)
        first.addWidget(self.until_check)
        first.addWidget(self.until_edit)
        second = QHBoxLayout()
        for box in (self.provider_box, self.model_box, self.workspace_box, self.project_box):
            second.addWidget(box, 1)
        second.addWidget(self.status_box)
        second.addWidget(self.verdict_box)
        second.addWidget(self.tools_check)
        # No margins of its own: the rows sit in the window's layout as if added to it directly.
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.addLayout(first)
        rows.addLayout(second)
        self._wire()

    def _wire(self) -> None:
        changed = self.sig_changed.emit
        self.search_edit.textChanged.connect(lambda _t: changed())
        for check, edit in (
            (self.since_check, self.since_edit),
            (self.until_check, self.until_edit),
        ):
            check.toggled.connect(edit.setEnabled)
            check.toggled.connect(lambda _on: changed())
            edit.dateChanged.connect(lambda _d: changed())
        for box in (self.provider_box, self.model_box, self.workspace_box, self.project_box):
            box.currentTextChanged.connect(lambda _t: changed())
        for box in (self.status_box, self.verdict_box):
            box.currentIndexChanged.connect(lambda _i: changed())
        self.tools_check.toggled.connect(lambda _on: changed())

    def set_providers(self, names: Sequence[str]) -> None:
        """Offer these provider names in the provider filter (any other may still be typed)."""
        _offer(self.provider_box, names)

    def filters(self) -> SearchFilters:
        """The filter bar as ``SearchFilters`` (read on the UI thread, once per load)."""
        return SearchFilters(
            since=_utc_bound(self.since_edit.date(), end=False)
            if self.since_check.isChecked()
            else "",
            until=_utc_bound(self.until_edit.date(), end=True)
            if self.until_check.isChecked()
            else "",
            provider=self.provider_box.currentText().strip(),
            model=self.model_box.currentText().strip(),
            workspace=self.workspace_box.currentText().strip(),
            project_id=self.project_box.currentText().strip(),
            status=self.status_box.currentData() or "",
            has_tool_calls=self.tools_check.isChecked(),
            verdict=self.verdict_box.currentData() or "",
        )

    def offer_choices(self, rows: Sequence[SessionSummary]) -> None:
        """Add what a complete listing holds to the filter combos (choices only grow: a filtered
        listing must not hide the other values)."""
        for box, found in (
            (self.model_box, {m for s in rows for m in s.models}),
            (self.workspace_box, {w for s in rows for w in s.workspaces}),
            (self.project_box, {s.project_id for s in rows if s.project_id}),
        ):
            have = {box.itemText(i) for i in range(box.count())} - {""}
            _offer(box, sorted(have | found))


def _utc_bound(day: QDate, *, end: bool) -> str:
    """The start (or end) of a local calendar day as a stored-style UTC timestamp."""
    start = datetime.combine(date(day.year(), day.month(), day.day()), time.min).astimezone()
    moment = start + timedelta(days=1, microseconds=-1) if end else start
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _any_combo(placeholder: str, object_name: str) -> QComboBox:
    box = QComboBox()
    box.setObjectName(object_name)
    box.setEditable(True)
    box.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
    box.addItem("")
    present(box.lineEdit(), "line edit of an editable combo box").setPlaceholderText(placeholder)
    box.setMinimumContentsLength(10)
    return box


def _choice_combo(choices: Sequence[tuple[str, str]], object_name: str) -> QComboBox:
    box = QComboBox()
    box.setObjectName(object_name)
    for label, value in choices:
        box.addItem(label, value)
    return box


def _offer(box: QComboBox, values: Sequence[str]) -> None:
    """Offer ``values`` in an "any" combo without changing what it holds."""
    current = box.currentText()
    wanted = ["", *values]
    have = [box.itemText(i) for i in range(box.count())]
    if have == wanted:
        return
    box.blockSignals(True)
    box.clear()
    box.addItems(wanted)
    box.setCurrentText(current)
    box.blockSignals(False)

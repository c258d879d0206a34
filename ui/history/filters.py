"""The History window's filter bar: search text, date range, provider, model, workspace,
project, turn status, action verdict, "has tool calls" and — on a team store — the member, as one
``SearchFilters``.

Why it exists: the filters are a panel of their own; the window only needs to know when they
changed (``sig_changed``, to schedule a reload) and what they say (``filters()``, once per load).

A "cost at least" field (in the second row) narrows the listing to conversations whose estimated
cost reaches an amount: it is not a store filter (the prices are settings), so it is read apart
from ``filters()``, by ``min_cost()``; text that is not an amount marks the field and filters
nothing, saying why in its tooltip.

The look (issue 16): one compact row — a search field with a search icon and its own clear
button, a date range, the model, the status, and a "Filters" toggle that shows the less used
ones (provider, workspace, project, action verdict, tool calls, custom dates) in a second row.
The toggle says how many of those are set, so a hidden filter is never forgotten, and
``clear()`` puts every filter back (the empty state's "Clear filters").

Invariants it keeps:

- the "any" combos (provider, model, workspace, project) stay editable: a value not offered may
  still be typed; the values offered only grow (a filtered listing must not hide the others), and
  offering values never changes what a combo holds nor counts as a change;
- the member filter is shown only while a team store is (``set_team``) and counts only then: a
  member typed for one store never narrows another's listing; switching stores empties it and the
  members offered;
- a date bound is a local calendar day turned into a stored-style UTC timestamp, the "until" day
  included to its last microsecond.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from parley.application.history.costs import parse_amount
from parley.application.ports.event_store import SearchFilters, SessionSummary
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.icons import icon
from parley.ui.qt_items import present
from parley.ui.settings_pages.look import TOOL_STYLE, icon_or

#: The date range's quick choices: label, days back from today (None = any time, -1 = custom).
_RANGES: tuple[tuple[str, int | None], ...] = (
    (QT_TRANSLATE_NOOP("HistoryFilters", "Any time"), None),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Today"), 0),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Last 7 days"), 6),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Last 30 days"), 29),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Last 12 months"), 364),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Custom range…"), -1),
)
_CUSTOM = len(_RANGES) - 1

_COST_TIP = QT_TRANSLATE_NOOP(
    "HistoryFilters",
    "Only conversations whose estimated cost is at least this amount (e.g. 0.50), priced with "
    "Settings → Prices; a conversation without a price is left out",
)

_STATUSES = (
    (QT_TRANSLATE_NOOP("HistoryFilters", "Any status"), ""),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Has a failed turn"), "failed"),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Has a cancelled turn"), "cancelled"),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Has an interrupted turn"), "interrupted"),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Has a timed-out turn"), "timed_out"),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Has a completed turn"), "completed"),
)
_VERDICTS = (
    (QT_TRANSLATE_NOOP("HistoryFilters", "Any verdict"), ""),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Has a refused action"), "refused"),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Has an action that asked"), "asked"),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Has a rejected action"), "rejected"),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Has a dropped action"), "dropped"),
    (QT_TRANSLATE_NOOP("HistoryFilters", "Has an action allowed by the user"), "allowed"),
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
        self.search_edit.setPlaceholderText(translate("FilterBar", "Search titles and content"))
        self.search_edit.setAccessibleName(translate("FilterBar", "Search conversations"))
        self.search_edit.addAction(icon("search"), QLineEdit.ActionPosition.LeadingPosition)
        # Our own clear button (Lucide's x, in the theme's colour), shown only with text.
        self.clear_search_action = QAction(icon("x"), translate("FilterBar", "Clear search"), self)
        self.clear_search_action.setToolTip(translate("FilterBar", "Clear search"))
        self.clear_search_action.triggered.connect(self.search_edit.clear)
        self.search_edit.addAction(
            self.clear_search_action, QLineEdit.ActionPosition.TrailingPosition
        )
        # After adding: the line edit's button follows the action's *changes* only.
        self.clear_search_action.setVisible(False)
        self.search_edit.textChanged.connect(
            lambda text: self.clear_search_action.setVisible(bool(text))
        )
        self.search_edit.setMinimumWidth(self.fontMetrics().horizontalAdvance("x" * 14))
        today = QDate.currentDate()
        self.range_box = QComboBox()
        self.range_box.setObjectName("filter-range")
        self.range_box.setAccessibleName(translate("FilterBar", "Date range"))
        self.range_box.setToolTip(translate("FilterBar", "When the conversation's turns started"))
        self.range_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.range_box.setMinimumContentsLength(10)
        calendar = icon_or("calendar", "history")
        for label, _days in _RANGES:
            self.range_box.addItem(calendar, translate("HistoryFilters", label))
        self.since_check = QCheckBox(translate("FilterBar", "Since"))
        self.since_check.setAccessibleName(translate("FilterBar", "Limit to turns since a date"))
        self.since_edit = QDateEdit(today.addMonths(-1))
        self.since_edit.setAccessibleName(translate("FilterBar", "Since date"))
        self.until_check = QCheckBox(translate("FilterBar", "Until"))
        self.until_check.setAccessibleName(translate("FilterBar", "Limit to turns until a date"))
        self.until_edit = QDateEdit(today)
        self.until_edit.setAccessibleName(translate("FilterBar", "Until date"))
        for edit in (self.since_edit, self.until_edit):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setEnabled(False)
        self.provider_box = _any_combo(translate("FilterBar", "Any provider"), "filter-provider")
        self.provider_box.setAccessibleName(translate("FilterBar", "Provider"))
        self.set_providers(providers)
        self.model_box = _any_combo(translate("FilterBar", "Any model"), "filter-model")
        self.model_box.setAccessibleName(translate("FilterBar", "Model"))
        self.workspace_box = _any_combo(translate("FilterBar", "Any workspace"), "filter-workspace")
        self.workspace_box.setAccessibleName(translate("FilterBar", "Workspace"))
        self.project_box = _any_combo(translate("FilterBar", "Any project"), "filter-project")
        self.project_box.setAccessibleName(translate("FilterBar", "Project"))
        self.member_box = _any_combo(translate("FilterBar", "Any member"), "filter-member")
        self.member_box.setAccessibleName(translate("FilterBar", "Member"))
        self.member_box.setToolTip(
            translate("FilterBar", "Whose conversations (a team store's members)")
        )
        self.member_box.setVisible(False)
        self._team = False
        self.status_box = _choice_combo(_STATUSES, "filter-status")
        self.status_box.setAccessibleName(translate("FilterBar", "Turn status"))
        self.status_box.setMinimumContentsLength(11)
        self.verdict_box = _choice_combo(_VERDICTS, "filter-verdict")
        self.verdict_box.setAccessibleName(translate("FilterBar", "Action verdict"))
        self.verdict_box.setMinimumContentsLength(10)
        self.tools_check = QCheckBox(translate("FilterBar", "Has tool calls"))
        self.tools_check.setObjectName("filter-tools")
        self.cost_edit = QLineEdit()
        self.cost_edit.setObjectName("filter-min-cost")
        self.cost_edit.setPlaceholderText(translate("FilterBar", "Cost at least"))
        self.cost_edit.setAccessibleName(translate("FilterBar", "Cost at least"))
        self.cost_edit.setToolTip(translate("HistoryFilters", _COST_TIP))
        self.cost_edit.setClearButtonEnabled(True)
        self.cost_edit.setMaximumWidth(self.fontMetrics().horizontalAdvance("x" * 16))
        self.more_button = QToolButton()
        self.more_button.setObjectName("more-filters")
        self.more_button.setCheckable(True)
        self.more_button.setIcon(icon_or("sliders-horizontal", "chevron-down"))
        self.more_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.more_button.setStyleSheet(TOOL_STYLE)
        self.more_button.setToolTip(
            translate(
                "FilterBar", "More filters: provider, workspace, project, verdict, cost, dates"
            )
        )
        self.more_button.setAccessibleName(translate("FilterBar", "More filters"))

        first = QHBoxLayout()
        first.setSpacing(6)
        first.addWidget(self.search_edit, 3)
        first.addWidget(self.range_box)
        first.addWidget(self.model_box, 1)
        first.addWidget(self.member_box, 1)
        first.addWidget(self.status_box)
        first.addWidget(self.more_button)
        self.more_panel = QWidget()
        self.more_panel.setObjectName("history-more-filters")
        # Two short lines rather than one long one: the bar fits 1024 px at 200 % zoom.
        panel = QVBoxLayout(self.more_panel)
        panel.setContentsMargins(0, 0, 0, 0)
        panel.setSpacing(6)
        second = QHBoxLayout()
        second.setSpacing(6)
        for box in (self.provider_box, self.workspace_box, self.project_box):
            second.addWidget(box, 1)
        second.addWidget(self.verdict_box, 1)
        third = QHBoxLayout()
        third.setSpacing(6)
        third.addWidget(self.tools_check)
        third.addSpacing(12)
        third.addWidget(self.cost_edit)
        third.addSpacing(12)
        for widget in (self.since_check, self.since_edit, self.until_check, self.until_edit):
            third.addWidget(widget)
        third.addStretch(1)
        panel.addLayout(second)
        panel.addLayout(third)
        self.more_panel.setVisible(False)
        # No margins of its own: the rows sit in the window's layout as if added to it directly.
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        rows.setSpacing(6)
        rows.addLayout(first)
        rows.addWidget(self.more_panel)
        self._show_more_count()
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
        for box in (
            self.provider_box,
            self.model_box,
            self.workspace_box,
            self.project_box,
            self.member_box,
        ):
            box.currentTextChanged.connect(lambda _t: changed())
        for box in (self.status_box, self.verdict_box):
            box.currentIndexChanged.connect(lambda _i: changed())
        self.tools_check.toggled.connect(lambda _on: changed())
        self.cost_edit.textChanged.connect(lambda _t: self._on_cost_typed())
        self.range_box.currentIndexChanged.connect(self._on_range)
        self.more_button.toggled.connect(self.more_panel.setVisible)
        for check in (self.since_check, self.until_check, self.tools_check):
            check.toggled.connect(lambda _on: self._on_dates_touched())
        for box in (self.provider_box, self.workspace_box, self.project_box):
            box.currentTextChanged.connect(lambda _t: self._show_more_count())
        self.verdict_box.currentIndexChanged.connect(lambda _i: self._show_more_count())

    # -- the compact row ---------------------------------------------------------------------

    def _on_range(self, index: int) -> None:
        """A quick date range sets the since/until fields (one reload: signals held)."""
        days = _RANGES[index][1] if 0 <= index < len(_RANGES) else None
        if days == -1:
            self.more_button.setChecked(True)  # the custom dates live in the second row
            if not (self.since_check.isChecked() or self.until_check.isChecked()):
                self.since_check.setChecked(True)
            self.since_edit.setFocus()
            return
        self._setting_range = True
        try:
            for widget in (self.since_check, self.since_edit, self.until_check):
                widget.blockSignals(True)
            self.since_check.setChecked(days is not None)
            self.since_edit.setEnabled(days is not None)
            if days is not None:
                self.since_edit.setDate(QDate.currentDate().addDays(-days))
            self.until_check.setChecked(False)
            self.until_edit.setEnabled(False)
        finally:
            for widget in (self.since_check, self.since_edit, self.until_check):
                widget.blockSignals(False)
            self._setting_range = False
        self._show_more_count()
        self.sig_changed.emit()

    def _on_dates_touched(self) -> None:
        """A date typed or ticked in the second row makes the range "Custom"."""
        if not getattr(self, "_setting_range", False) and (
            self.since_check.isChecked() or self.until_check.isChecked()
        ):
            self.range_box.blockSignals(True)
            self.range_box.setCurrentIndex(_CUSTOM)
            self.range_box.blockSignals(False)
        elif not (self.since_check.isChecked() or self.until_check.isChecked()):
            self.range_box.blockSignals(True)
            self.range_box.setCurrentIndex(0)
            self.range_box.blockSignals(False)
        self._show_more_count()

    def hidden_filter_count(self) -> int:
        """How many of the second row's filters are set (the toggle shows it)."""
        return sum(
            (
                bool(self.provider_box.currentText().strip()),
                bool(self.workspace_box.currentText().strip()),
                bool(self.project_box.currentText().strip()),
                bool(self.verdict_box.currentData()),
                self.tools_check.isChecked(),
                self.min_cost() is not None,
            )
        )

    def _show_more_count(self) -> None:
        count = self.hidden_filter_count()
        self.more_button.setText(
            translate("FilterBar", "Filters · {count}").format(count=count)
            if count
            else translate("FilterBar", "Filters")
        )
        self.more_button.setAccessibleDescription(
            translate("FilterBar", "{count} more filter(s) set").format(count=count)
            if count
            else translate("FilterBar", "No more filters set")
        )

    def is_filtered(self) -> bool:
        """Whether any filter (search text and cost included) narrows the listing."""
        return (
            self.filters() != SearchFilters()
            or bool(self.search_edit.text().strip())
            or self.min_cost() is not None
        )

    def min_cost(self) -> Decimal | None:
        """The "cost at least" amount (None: empty, or not an amount)."""
        try:
            return parse_amount(self.cost_edit.text())
        except ValueError:
            return None

    def _on_cost_typed(self) -> None:
        """Mark a text that is not an amount (and say why); reload only when what the field
        means changed (typing "0." on the way to "0.5" changes nothing)."""
        try:
            parse_amount(self.cost_edit.text())
            problem = ""
        except ValueError as exc:
            problem = translate_text(str(exc))
        self.cost_edit.setProperty("invalid", bool(problem))
        self.cost_edit.setStyleSheet("QLineEdit { border: 1px solid #d93025; }" if problem else "")
        self.cost_edit.setToolTip(problem or translate("HistoryFilters", _COST_TIP))
        meaning = self.min_cost()
        if meaning != getattr(self, "_cost_meaning", None):
            self._cost_meaning = meaning
            self.sig_changed.emit()
        self._show_more_count()

    def clear(self) -> None:
        """Put every filter back to "any" and empty the search (one ``sig_changed``)."""
        widgets = (
            self.search_edit,
            self.range_box,
            self.since_check,
            self.until_check,
            self.since_edit,
            self.until_edit,
            self.provider_box,
            self.model_box,
            self.workspace_box,
            self.project_box,
            self.member_box,
            self.status_box,
            self.verdict_box,
            self.tools_check,
            self.cost_edit,
        )
        for widget in widgets:
            widget.blockSignals(True)
        try:
            self.search_edit.clear()
            self.range_box.setCurrentIndex(0)
            for check, edit in (
                (self.since_check, self.since_edit),
                (self.until_check, self.until_edit),
            ):
                check.setChecked(False)
                edit.setEnabled(False)
            for box in (
                self.provider_box,
                self.model_box,
                self.workspace_box,
                self.project_box,
                self.member_box,
            ):
                box.setCurrentText("")
            self.status_box.setCurrentIndex(0)
            self.verdict_box.setCurrentIndex(0)
            self.tools_check.setChecked(False)
            self.cost_edit.clear()
            self.cost_edit.setStyleSheet("")
            self.cost_edit.setToolTip(translate("HistoryFilters", _COST_TIP))
            self._cost_meaning = None
        finally:
            for widget in widgets:
                widget.blockSignals(False)
        self.clear_search_action.setVisible(False)
        self._show_more_count()
        self.sig_changed.emit()

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
            member=self.member_box.currentText().strip() if self._team else "",
        )

    def set_team(self, on: bool) -> None:
        """Show the member filter (a team store is shown) or hide it; either way it starts
        empty, with no members offered (another store has other members). No ``sig_changed``:
        the window reloads for the new store anyway."""
        self._team = on
        self.member_box.blockSignals(True)
        self.member_box.clear()
        self.member_box.addItem("")
        self.member_box.setCurrentText("")
        self.member_box.blockSignals(False)
        self.member_box.setVisible(on)

    def offer_members(self, names: Sequence[str]) -> None:
        """Add these members to the member filter's choices (they only grow)."""
        box = self.member_box
        have = {box.itemText(i) for i in range(box.count())} - {""}
        _offer(box, sorted(have | {n for n in names if n}))

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
    box.setMinimumContentsLength(8)
    return box


def _choice_combo(choices: Sequence[tuple[str, str]], object_name: str) -> QComboBox:
    box = QComboBox()
    box.setObjectName(object_name)
    for label, value in choices:
        box.addItem(translate("HistoryFilters", label), value)
    # As wide as a short choice, not the longest: the bar stays one row at 1024 px.
    box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    box.setMinimumContentsLength(16)
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

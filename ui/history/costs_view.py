"""The History window's Costs view: a team store's turns, tokens and estimated cost per member and
per model, with the total (issue 19).

Why it exists: an operator's question "who spent what, on which model" is answered from the
store's sums (``TeamHistory.usage_by_member``) priced with the price table, by the same helper as
``parley history costs`` (``application.history.costs.summarize_costs``). This is only the
showing: the window reads and sums on a worker and hands the result here.

Invariants it keeps: it never reads the store itself; it says which filters the figures are for
(the window's, at the time of the read); a row without a price shows "-" and the note says how
many there are — an unknown cost is never shown as zero; it is a plain, non-modal window (the
History window stays usable) and one per History window.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from parley.application.history.costs import CostSummary, CostTotal
from parley.application.ports.event_store import SearchFilters
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.settings_pages import InlineError
from parley.ui.settings_pages.look import HINT_STYLE, title_label

_HEADERS = (
    QT_TRANSLATE_NOOP("CostsView", "Turns"),
    QT_TRANSLATE_NOOP("CostsView", "Tokens in"),
    QT_TRANSLATE_NOOP("CostsView", "Tokens out"),
    QT_TRANSLATE_NOOP("CostsView", "Est. cost"),
)


class CostsView(QDialog):
    """Per-member and per-model totals (see the module docstring)."""

    sig_shown = Signal(object)
    """A summary is shown: the ``CostSummary``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("history-costs")
        self.setWindowTitle(translate("CostsView", "Parley — Costs"))
        self.setModal(False)
        self.resize(760, 560)
        self.summary: CostSummary | None = None
        self.scope = QLabel("")
        self.scope.setObjectName("costs-scope")
        self.scope.setWordWrap(True)
        self.scope.setStyleSheet(HINT_STYLE)
        self.total = QLabel("")
        self.total.setObjectName("costs-total")
        self.total.setAccessibleName(translate("CostsView", "Total"))
        self.total.setWordWrap(True)
        self.note = QLabel("")
        self.note.setObjectName("costs-note")
        self.note.setWordWrap(True)
        self.note.setStyleSheet(HINT_STYLE)
        self.error = InlineError(translate("CostsView", "Costs error"))
        self.members = _table("Member", "costs-members")
        self.models = _table("Model", "costs-models")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        column = QVBoxLayout(self)
        column.setContentsMargins(16, 12, 16, 12)
        column.addWidget(title_label(translate("CostsView", "Costs"), 1.2))
        column.addWidget(self.scope)
        column.addWidget(self.total)
        column.addWidget(self.error)
        column.addWidget(title_label(translate("CostsView", "Per member"), 1.0))
        column.addWidget(self.members, 1)
        column.addWidget(title_label(translate("CostsView", "Per model"), 1.0))
        column.addWidget(self.models, 1)
        column.addWidget(self.note)
        column.addWidget(buttons)

    def show_loading(self, where: str, filters: SearchFilters) -> None:
        """Say what is being summed (the store and the filters) while the worker reads."""
        self.error.clear_message()
        self.scope.setText(f"{where} · {describe(filters)}")
        self.total.setText(translate("CostsView", "Reading…"))

    def show_summary(self, summary: CostSummary) -> None:
        self.summary = summary
        self.error.clear_message()
        total = summary.total
        self.total.setText(
            translate("CostsView", "No finished turns match these filters.")
            if not summary.lines
            else translate(
                "CostsView",
                "Total: {turns} · {tokens_in:,} tokens in · {tokens_out:,} tokens out · {cost}",
            ).format(
                turns=_turns(total.turns),
                tokens_in=total.input_tokens,
                tokens_out=total.output_tokens,
                cost=translate("CostsView", "estimated {money}").format(money=total.money)
                if total.costs
                else translate("CostsView", "no price known for these models"),
            )
        )
        _fill(self.members, summary.members)
        _fill(self.models, summary.models)
        self.note.setText(
            translate(
                "CostsView",
                "{count} had no price (Settings → Prices): their tokens are counted, their cost "
                "is not.",
            ).format(count=_rows(summary.unpriced))
            if summary.unpriced
            else translate("CostsView", "Estimated with the price table in Settings → Prices.")
        )
        self.sig_shown.emit(summary)

    def show_error(self, text: str) -> None:
        self.total.setText("")
        self.error.show_error(text)


def describe(filters: SearchFilters) -> str:
    """The filters that narrow the sums, in words ("all finished turns" when none)."""
    parts = [
        label.format(value=value)
        for label, value in (
            (translate("CostsView", "member {value}"), filters.member),
            (translate("CostsView", "since {value}"), filters.since[:10]),
            (translate("CostsView", "until {value}"), filters.until[:10]),
            (translate("CostsView", "provider {value}"), filters.provider),
            (translate("CostsView", "model {value}"), filters.model),
            (translate("CostsView", "project {value}"), filters.project_id),
            (translate("CostsView", "workspace {value}"), filters.workspace),
            (translate("CostsView", "status {value}"), filters.status),
            (translate("CostsView", "verdict {value}"), filters.verdict),
        )
        if value
    ]
    if filters.has_tool_calls:
        parts.append(translate("CostsView", "with tool calls"))
    if not parts:
        return translate("CostsView", "all finished turns")
    return translate("CostsView", "finished turns, {filters}").format(filters=", ".join(parts))


def _table(first: str, name: str) -> QTableWidget:
    table = QTableWidget(0, 1 + len(_HEADERS))
    table.setObjectName(name)
    table.setAccessibleName(
        translate("costs_view", "Costs per {lower}").format(lower=first.lower())
    )
    table.setHorizontalHeaderLabels([first, *(translate("CostsView", h) for h in _HEADERS)])
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setAlternatingRowColors(True)
    table.setShowGrid(False)
    table.verticalHeader().setVisible(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for column in range(1, 1 + len(_HEADERS)):
        header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
    return table


def _fill(table: QTableWidget, totals: Sequence[CostTotal]) -> None:
    table.setRowCount(len(totals))
    right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
    for row, total in enumerate(totals):
        cells = (
            total.key or translate("CostsView", "(unknown)"),
            f"{total.turns:,}",
            f"{total.input_tokens:,}",
            f"{total.output_tokens:,}",
            total.money,
        )
        for column, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if column:
                item.setTextAlignment(right)
            table.setItem(row, column, item)


def _turns(n: int) -> str:
    if n == 1:
        return translate("CostsView", "{count:,} turn").format(count=n)
    return translate("CostsView", "{count:,} turns").format(count=n)


def _rows(n: int) -> str:
    if n == 1:
        return translate("CostsView", "{count:,} member/model row").format(count=n)
    return translate("CostsView", "{count:,} member/model rows").format(count=n)

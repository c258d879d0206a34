"""The History window's table: one row per saved conversation, formatted only when painted.

Why it exists: thousands of conversations must list, scroll and sort at once; a ``QTableView``
over this model (a plain list of ``SessionSummary``) keeps that cheap.

Invariants it keeps:

- a cell is formatted in ``data`` (only for the cells the view paints), never ahead of time;
- ``append_rows`` adds rows without a reset, so scroll position and selection stay;
- sorting reorders the loaded rows in memory and keeps the persistent indexes (the selection) on
  the same conversations;
- ``COLUMNS`` is the one description of a column: header, shown text and sort key;
- the Member column (last in ``COLUMNS``; the window moves it after the title and shows it only
  on a team store) says whose each conversation is, from ``set_owners`` — read with the rows on
  the worker; "" where no owner is known;
- the Cost column is the conversation's estimated cost, from ``set_costs`` (priced on the worker
  with the rows, like the owners): "$0.42", "$0.42 + ?" when some turns have no price, "?" when
  none has, "-" without a finished turn; it sorts by the known amount;
- the Status column says one word per conversation (Completed, Failed, Stopped, Denied, No
  turns), drawn as a coloured badge by ``StatusDelegate``: failures come with the row, the
  stopped and denied marks arrive later (``set_marks``, read on a worker) and only repaint.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from parley.application.history.costs import SessionCost
from parley.application.ports.event_store import SessionSummary
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.settings_pages.look import BADGES, paint_badge

_AnyIndex = QModelIndex | QPersistentModelIndex


@functools.lru_cache(maxsize=8192)
def local_time(ts: str) -> str:
    """A stored UTC timestamp as local ``YYYY-MM-DD HH:MM`` ("" if unreadable)."""
    if not ts:
        return ""
    try:
        moment = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return ts
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _workspaces(s: SessionSummary) -> str:
    return ", ".join(Path(w).name or w for w in s.workspaces)


@dataclass(frozen=True)
class Column:
    """One table column: its header, how a row is shown in it, how it sorts."""

    header: str
    show: Callable[[SessionSummary], str]
    key: Callable[[SessionSummary], Any]
    numeric: bool = False


def base_status(s: SessionSummary) -> str:
    """What the row itself says: ``failed`` (a failed, timed-out or interrupted turn),
    ``completed``, or ``empty`` (no turn yet); the stopped and denied marks come later."""
    if s.failures:
        return "failed"
    return "completed" if s.turns else "empty"


#: Badge order when a conversation has several: the most telling first.
STATUS_ORDER = ("failed", "denied", "stopped", "completed", "empty")


COLUMNS: tuple[Column, ...] = (
    Column(
        QT_TRANSLATE_NOOP("HistoryTable", "Title"),
        lambda s: s.title or "(untitled)",
        lambda s: s.title.casefold(),
    ),
    Column(
        "Status",
        lambda s: BADGES[base_status(s)].words,
        lambda s: STATUS_ORDER.index(base_status(s)),
    ),
    Column(
        QT_TRANSLATE_NOOP("HistoryTable", "Workspace"),
        _workspaces,
        lambda s: _workspaces(s).casefold(),
    ),
    Column(
        QT_TRANSLATE_NOOP("HistoryTable", "First activity"),
        lambda s: local_time(s.created_at),
        lambda s: s.created_at,
    ),
    Column(
        QT_TRANSLATE_NOOP("HistoryTable", "Last activity"),
        lambda s: local_time(s.updated_at),
        lambda s: s.updated_at,
    ),
    Column(
        QT_TRANSLATE_NOOP("HistoryTable", "Models"),
        lambda s: ", ".join(s.models),
        lambda s: ", ".join(s.models).casefold(),
    ),
    Column(
        QT_TRANSLATE_NOOP("HistoryTable", "Turns"),
        lambda s: f"{s.turns:,}",
        lambda s: s.turns,
        numeric=True,
    ),
    Column(
        QT_TRANSLATE_NOOP("HistoryTable", "Tokens in"),
        lambda s: f"{s.input_tokens:,}",
        lambda s: s.input_tokens,
        numeric=True,
    ),
    Column(
        QT_TRANSLATE_NOOP("HistoryTable", "Tokens out"),
        lambda s: f"{s.output_tokens:,}",
        lambda s: s.output_tokens,
        numeric=True,
    ),
    # Shown and sorted from the model's costs (``set_costs``): see ``data`` and ``_sorted``.
    Column(QT_TRANSLATE_NOOP("HistoryTable", "Cost"), lambda _s: "", lambda _s: 0, numeric=True),
    Column(
        QT_TRANSLATE_NOOP("HistoryTable", "Failures"),
        lambda s: f"{s.failures:,}",
        lambda s: s.failures,
        numeric=True,
    ),
    # Shown and sorted from the model's owners (``set_owners``): see ``data`` and ``_sorted``.
    Column(QT_TRANSLATE_NOOP("HistoryTable", "Member"), lambda _s: "", lambda _s: ""),
)
(
    TITLE,
    STATUS,
    WORKSPACE,
    FIRST,
    LAST,
    MODELS,
    TURNS,
    TOKENS_IN,
    TOKENS_OUT,
    COST,
    FAILURES,
    MEMBER,
) = range(len(COLUMNS))

SESSION_ID_ROLE = Qt.ItemDataRole.UserRole
#: The Status column's state name (``completed``, ``failed``, ``stopped``, ``denied``, ``empty``).
STATUS_ROLE = Qt.ItemDataRole.UserRole + 1


class SessionTableModel(QAbstractTableModel):
    """Conversations as rows; formatting happens in ``data`` (only for painted cells)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[SessionSummary] = []
        self._snippets: dict[str, str] = {}
        self._sort: tuple[int, Qt.SortOrder] | None = None
        self._stopped: frozenset[str] = frozenset()
        self._denied: frozenset[str] = frozenset()
        self._owners: dict[str, str] = {}
        self._costs: dict[str, SessionCost] = {}

    # -- content ---------------------------------------------------------------------------

    def set_rows(
        self, rows: Sequence[SessionSummary], snippets: dict[str, str] | None = None
    ) -> None:
        """Replace every row (sorted as the view asked)."""
        self.beginResetModel()
        self._rows = self._sorted(list(rows))
        self._snippets = dict(snippets or {})
        self.endResetModel()

    def append_rows(self, rows: Sequence[SessionSummary]) -> None:
        """Add rows at the end without a reset (scroll position and selection stay)."""
        if not rows:
            return
        start = len(self._rows)
        self.beginInsertRows(QModelIndex(), start, start + len(rows) - 1)
        self._rows.extend(rows)
        self.endInsertRows()

    def set_owners(self, owners: Mapping[str, str], *, add: bool = False) -> None:
        """Whose each conversation is (a team store's); ``add`` keeps the owners already known
        (the rest of a listing); repaints the Member column only."""
        self._owners = {**self._owners, **owners} if add else dict(owners)
        if self._rows:
            self.dataChanged.emit(self.index(0, MEMBER), self.index(len(self._rows) - 1, MEMBER))

    def set_costs(self, costs: Mapping[str, SessionCost], *, add: bool = False) -> None:
        """What each conversation cost (priced with the rows); ``add`` keeps the costs already
        known (the rest of a listing); repaints the Cost column only."""
        self._costs = {**self._costs, **costs} if add else dict(costs)
        if self._rows:
            self.dataChanged.emit(self.index(0, COST), self.index(len(self._rows) - 1, COST))

    def cost(self, session_id: str) -> SessionCost | None:
        """The conversation's cost (None: not priced yet, or no finished turn)."""
        return self._costs.get(session_id)

    def owner(self, session_id: str) -> str:
        """The conversation's owner ("" when not known: this computer's history)."""
        return self._owners.get(session_id, "")

    def set_marks(
        self, stopped: set[str] | frozenset[str], denied: set[str] | frozenset[str]
    ) -> None:
        """Which conversations have a stopped (cancelled) turn and which had an action denied
        (refused by the gate or rejected by the user); repaints the Status column only."""
        self._stopped, self._denied = frozenset(stopped), frozenset(denied)
        if self._rows:
            self.dataChanged.emit(
                self.index(0, STATUS), self.index(len(self._rows) - 1, STATUS), [STATUS_ROLE]
            )

    def status(self, s: SessionSummary) -> str:
        """The word the Status column shows for ``s`` (see ``STATUS_ORDER``)."""
        if s.failures:
            return "failed"
        if s.id in self._denied:
            return "denied"
        if s.id in self._stopped:
            return "stopped"
        return base_status(s)

    def statuses(self, s: SessionSummary) -> list[str]:
        """Every state ``s`` has, most telling first (the tooltip lists them)."""
        found = {base_status(s)}
        if s.id in self._denied:
            found.add("denied")
        if s.id in self._stopped:
            found.add("stopped")
        if len(found) > 1:
            found.discard("completed")
        return [name for name in STATUS_ORDER if name in found]

    def rows(self) -> list[SessionSummary]:
        return list(self._rows)

    def ids(self) -> list[str]:
        return [s.id for s in self._rows]

    def summary_at(self, row: int) -> SessionSummary | None:
        return self._rows[row] if 0 <= row < len(self._rows) else None

    def row_of(self, session_id: str) -> int:
        return next((i for i, s in enumerate(self._rows) if s.id == session_id), -1)

    def remove(self, session_id: str) -> bool:
        row = self.row_of(session_id)
        if row < 0:
            return False
        self.beginRemoveRows(QModelIndex(), row, row)
        del self._rows[row]
        self.endRemoveRows()
        return True

    def is_sorted_by_default(self) -> bool:
        """True when rows are in the store's order (most recently updated first)."""
        return self._sort is None or self._sort == (LAST, Qt.SortOrder.DescendingOrder)

    # -- QAbstractTableModel ----------------------------------------------------------------

    def rowCount(self, parent: _AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return translate("HistoryTable", COLUMNS[section].header)
        return None

    def data(self, index: _AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        summary = self._rows[index.row()]
        column = COLUMNS[index.column()]
        if index.column() == STATUS:
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
                return BADGES[self.status(summary)].words
            if role == STATUS_ROLE:
                return self.status(summary)
        if role == Qt.ItemDataRole.DisplayRole:
            if index.column() == COST:
                cost = self.cost(summary.id)
                return cost.money if cost is not None else "-"
            return self.owner(summary.id) if index.column() == MEMBER else column.show(summary)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == SESSION_ID_ROLE:
            return summary.id
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(summary, index.column())
        return None

    def _tooltip(self, s: SessionSummary, column: int) -> str:
        if column == STATUS:
            words = {
                "failed": translate(
                    "HistoryTable", "{count:,} turn(s) failed, timed out or were interrupted"
                ).format(count=s.failures),
                "denied": translate(
                    "HistoryTable", "an action was refused by the gate or rejected by you"
                ),
                "stopped": translate("HistoryTable", "a turn was stopped before it finished"),
                "completed": translate("HistoryTable", "every turn completed"),
                "empty": translate("HistoryTable", "no turn yet"),
            }
            return "\n".join(words[name] for name in self.statuses(s))
        if column == WORKSPACE:
            return "\n".join(s.workspaces)
        if column in (FIRST, LAST):
            return s.created_at if column == FIRST else s.updated_at
        if column == COST:
            cost = self.cost(s.id)
            if cost is not None and cost.unpriced:
                return (
                    f"{cost.unpriced:,} turn(s) on a model without a price: set one in "
                    "Settings → Prices"
                )
            return "Estimated from the tokens and Settings → Prices"
        lines = [s.title or "(untitled)", f"id {s.id}"]
        if s.project_id:
            lines.append(f"project {s.project_id}")
        snippet = self._snippets.get(s.id)
        if snippet:
            lines.append(snippet)
        return "\n".join(lines)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not 0 <= column < len(COLUMNS):
            return
        self._sort = (column, order)
        self.layoutAboutToBeChanged.emit()
        persistent = self.persistentIndexList()
        kept = [(index, self._rows[index.row()].id) for index in persistent]
        self._rows = self._sorted(self._rows)
        if kept:
            where = {s.id: i for i, s in enumerate(self._rows)}
            self.changePersistentIndexList(
                [index for index, _sid in kept],
                [self.index(where[sid], index.column()) for index, sid in kept],
            )
        self.layoutChanged.emit()

    def _sorted(self, rows: list[SessionSummary]) -> list[SessionSummary]:
        if self._sort is None:
            return rows
        column, order = self._sort
        key: Callable[[SessionSummary], Any] = COLUMNS[column].key
        if column == STATUS:
            key = lambda s: STATUS_ORDER.index(self.status(s))  # noqa: E731
        elif column == MEMBER:
            key = lambda s: self.owner(s.id).casefold()  # noqa: E731
        elif column == COST:
            key = lambda s: self._cost_key(s.id)  # noqa: E731
        return sorted(rows, key=key, reverse=order == Qt.SortOrder.DescendingOrder)

    def _cost_key(self, session_id: str) -> Any:
        cost = self._costs.get(session_id)
        return cost.amount() if cost is not None else -1


class StatusDelegate(QStyledItemDelegate):
    """Paints the Status column's word as a coloured, rounded badge (the word is the data, so a
    screen reader and a copy get it too)."""

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        kind = index.data(STATUS_ROLE)
        if kind not in BADGES:
            super().paint(painter, option, index)
            return
        # The row's background and selection, without the text.
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = option.widget
        style = widget.style() if widget is not None else None
        if style is not None:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        rect = option.rect.adjusted(6, 3, -4, -3)
        paint_badge(painter, rect, BADGES[kind], option.palette)

"""The History window's table: one row per saved conversation, formatted only when painted.

Why it exists: thousands of conversations must list, scroll and sort at once; a ``QTableView``
over this model (a plain list of ``SessionSummary``) keeps that cheap.

Invariants it keeps:

- a cell is formatted in ``data`` (only for the cells the view paints), never ahead of time;
- ``append_rows`` adds rows without a reset, so scroll position and selection stay;
- sorting reorders the loaded rows in memory and keeps the persistent indexes (the selection) on
  the same conversations;
- ``COLUMNS`` is the one description of a column: header, shown text and sort key.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QWidget

from parley.application.ports.event_store import SessionSummary

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


COLUMNS: tuple[Column, ...] = (
    Column("Title", lambda s: s.title or "(untitled)", lambda s: s.title.casefold()),
    Column("Workspace", _workspaces, lambda s: _workspaces(s).casefold()),
    Column("First activity", lambda s: local_time(s.created_at), lambda s: s.created_at),
    Column("Last activity", lambda s: local_time(s.updated_at), lambda s: s.updated_at),
    Column("Models", lambda s: ", ".join(s.models), lambda s: ", ".join(s.models).casefold()),
    Column("Turns", lambda s: f"{s.turns:,}", lambda s: s.turns, numeric=True),
    Column("Tokens in", lambda s: f"{s.input_tokens:,}", lambda s: s.input_tokens, numeric=True),
    Column("Tokens out", lambda s: f"{s.output_tokens:,}", lambda s: s.output_tokens, numeric=True),
    Column("Failures", lambda s: f"{s.failures:,}", lambda s: s.failures, numeric=True),
)
TITLE, WORKSPACE, FIRST, LAST, MODELS, TURNS, TOKENS_IN, TOKENS_OUT, FAILURES = range(len(COLUMNS))

SESSION_ID_ROLE = Qt.ItemDataRole.UserRole


class SessionTableModel(QAbstractTableModel):
    """Conversations as rows; formatting happens in ``data`` (only for painted cells)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[SessionSummary] = []
        self._snippets: dict[str, str] = {}
        self._sort: tuple[int, Qt.SortOrder] | None = None

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
            return COLUMNS[section].header
        return None

    def data(self, index: _AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        summary = self._rows[index.row()]
        column = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.show(summary)
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == SESSION_ID_ROLE:
            return summary.id
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(summary, index.column())
        return None

    def _tooltip(self, s: SessionSummary, column: int) -> str:
        if column == WORKSPACE:
            return "\n".join(s.workspaces)
        if column in (FIRST, LAST):
            return s.created_at if column == FIRST else s.updated_at
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
        return sorted(rows, key=COLUMNS[column].key, reverse=order == Qt.SortOrder.DescendingOrder)

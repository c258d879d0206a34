"""Qt lookups that the stubs type as optional but that cannot miss where they are called.

``QTableWidget.item(row, column)``, ``QTreeWidget.topLevelItem(i)``, ``QTreeWidgetItem.child(j)``
and friends return ``None`` for an index out of range or an empty cell. Where the caller walks
indexes it got from the same widget (or filled every cell itself), ``None`` would be a bug: these
helpers say so with a clear error instead of an ``AttributeError`` on ``None`` further on.
"""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtWidgets import QTableWidget, QTableWidgetItem, QTreeWidget, QTreeWidgetItem

_T = TypeVar("_T")


def present(value: _T | None, what: str) -> _T:
    """``value``; a ``LookupError`` naming ``what`` if Qt returned ``None``."""
    if value is None:
        raise LookupError(f"Qt returned no {what}")
    return value


def cell(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    """The item of a cell that was filled (every row of the tables here fills every column)."""
    return present(table.item(row, column), f"item at row {row}, column {column}")


def top_level_items(tree: QTreeWidget) -> list[QTreeWidgetItem]:
    """The top-level rows of ``tree``, in order."""
    return [
        present(tree.topLevelItem(i), f"top-level row {i}") for i in range(tree.topLevelItemCount())
    ]


def children(item: QTreeWidgetItem) -> list[QTreeWidgetItem]:
    """The child rows of ``item``, in order."""
    return [present(item.child(j), f"child row {j}") for j in range(item.childCount())]

"""The shortcuts sheet: every keyboard shortcut in a table, filtered as the user types.

Why it exists: shortcuts nobody can find are shortcuts nobody uses. The sheet (Ctrl+/) lists the
one table in ``ui.shortcuts`` — never a copy — so it cannot disagree with what the window binds.
The send key depends on the user's setting; the dialog is built for one (``send_key``).

Invariants it keeps: keys are shown in the platform's native form (⌘ on macOS, "Enter" for the
Return key); filtering only hides rows, it never changes the table; Esc closes the sheet.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from parley.ui.i18n import translate
from parley.ui.qt_items import cell
from parley.ui.shortcuts import Shortcut, shortcuts_for


def display_keys(keys: str) -> str:
    """Portable key text as the user sees it: native modifiers, "Enter" for Return."""
    native = QKeySequence(keys).toString(QKeySequence.SequenceFormat.NativeText)
    return (native or keys).replace("Return", "Enter")


class ShortcutsDialog(QDialog):
    """A read-only, filterable table of the shortcuts: action and keys."""

    def __init__(self, send_key: str = "ctrl+enter", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("ShortcutsDialog", "Keyboard shortcuts"))
        self.setObjectName("shortcuts-dialog")
        self._rows: tuple[Shortcut, ...] = shortcuts_for(send_key)

        self.search = QLineEdit(self)
        self.search.setObjectName("shortcuts-filter")
        self.search.setPlaceholderText(translate("ShortcutsDialog", "Filter shortcuts"))
        self.search.setAccessibleName(translate("ShortcutsDialog", "Filter shortcuts"))
        self.search.setClearButtonEnabled(True)

        self.table = QTableWidget(len(self._rows), 2, self)
        self.table.setObjectName("shortcuts-table")
        self.table.setAccessibleName(translate("ShortcutsDialog", "Keyboard shortcuts"))
        self.table.setHorizontalHeaderLabels(
            [translate("ShortcutsDialog", "Action"), translate("ShortcutsDialog", "Keys")]
        )
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        for row, shortcut in enumerate(self._rows):
            keys = translate("ShortcutsDialog", " or ").join(
                display_keys(k) for k in shortcut.all_keys()
            )
            # The table's English is marked for translation in ui/shortcuts.py ("Shortcuts").
            description = translate("Shortcuts", shortcut.description)
            action = QTableWidgetItem(translate("Shortcuts", shortcut.action))
            action.setToolTip(description)
            action.setData(Qt.ItemDataRole.AccessibleDescriptionRole, description)
            key_item = QTableWidgetItem(keys)
            key_item.setToolTip(description)
            self.table.setItem(row, 0, action)
            self.table.setItem(row, 1, key_item)

        self.empty = QLabel(translate("ShortcutsDialog", "No shortcut matches."), self)
        self.empty.setObjectName("shortcuts-empty")
        self.empty.hide()

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        # Enter in the filter field must not close the sheet.
        close.setAutoDefault(False)
        close.setDefault(False)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.empty)
        layout.addWidget(buttons)
        self.resize(520, 560)

        self.search.textChanged.connect(self.set_filter)
        self.search.setFocus()

    def set_filter(self, text: str) -> None:
        """Show only the rows whose action, keys or description contain ``text`` (any case)."""
        needle = text.strip().casefold()
        shown = 0
        for row, shortcut in enumerate(self._rows):
            haystack = " ".join(
                (
                    shortcut.action,
                    shortcut.description,
                    cell(self.table, row, 0).text(),
                    cell(self.table, row, 0).toolTip(),
                    *shortcut.all_keys(),
                    cell(self.table, row, 1).text(),
                )
            ).casefold()
            visible = not needle or needle in haystack
            self.table.setRowHidden(row, not visible)
            shown += visible
        self.empty.setVisible(shown == 0)

    def visible_actions(self) -> list[str]:
        """The actions of the rows shown, top to bottom."""
        return [
            self._rows[row].action
            for row in range(self.table.rowCount())
            if not self.table.isRowHidden(row)
        ]

    def keys_for(self, action: str) -> str:
        """The keys column of ``action``'s row, as shown."""
        for row, shortcut in enumerate(self._rows):
            if shortcut.action == action:
                return cell(self.table, row, 1).text()
        raise KeyError(action)

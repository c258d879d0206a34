"""Which history the History window shows: this computer's, or the team store's (issue 19).

Why it exists: an operator (or a member on a second desktop) browses the team's PostgreSQL store
with the same window — it is an ``EventStore`` too, so listing, search, the timeline, verify and
export work through the same port. This widget is the picker in the window's header and the
inline line that says why the team store could not be opened; the window does the opening, on a
worker.

Invariants it keeps: the picker offers the team store only when one is set up; the address
shown never holds a password (``TeamSettings`` refuses one); an error is shown beside the picker,
not in a dialog, and goes away with the next choice.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QWidget

from parley.ui.settings_pages import InlineError

LOCAL = "local"
TEAM = "team"


class StorePicker(QWidget):
    """The picker ("This computer" or "Team store (address)") and its inline error."""

    sig_chosen = Signal(str)
    """The person picked a store: ``LOCAL`` or ``TEAM``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QComboBox()
        self.box.setObjectName("history-store")
        self.box.setAccessibleName("History store")
        self.box.setToolTip("Whose history to browse: this computer's, or the team store's")
        self.box.addItem("This computer", LOCAL)
        self.error = InlineError("History store error")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.box)
        layout.addWidget(self.error, 1)
        self.box.activated.connect(lambda i: self.sig_chosen.emit(str(self.box.itemData(i))))
        self.setVisible(False)  # until a team store is offered

    def offer_team(self, address: str) -> None:
        """Offer the team store at ``address`` ("" withdraws it)."""
        index = self.box.findData(TEAM)
        if not address:
            if index >= 0:
                self.box.removeItem(index)
            self.setVisible(False)
            return
        label = f"Team store ({address.split('://', 1)[-1]})"
        if index >= 0:
            self.box.setItemText(index, label)
        else:
            self.box.addItem(label, TEAM)
        # The full address as the item's tooltip (the label drops the scheme).
        self.box.setItemData(self.box.findData(TEAM), address, Qt.ItemDataRole.ToolTipRole)
        self.setVisible(True)

    @property
    def chosen(self) -> str:
        return str(self.box.currentData() or LOCAL)

    def choose(self, kind: str) -> None:
        """Select ``kind`` (as a click would) and say so."""
        index = self.box.findData(kind)
        if index >= 0:
            self.box.setCurrentIndex(index)
            self.sig_chosen.emit(kind)

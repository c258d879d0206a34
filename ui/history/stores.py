"""Which history the History window shows: this computer's, or a team store's (issue 19).

Why it exists: an operator (or a member on a second desktop) browses the team's PostgreSQL store
with the same window — it is an ``EventStore`` too, so listing, search, the timeline, verify and
export work through the same port. This widget is the picker in the window's header and the
inline line that says why a store could not be opened; the window does the opening, on a
worker.

The entries: "This computer"; "Team store (address)", the store this desktop joined, when one
is set up; the addresses opened in this session ("address", most recent first); and "Open a
team store…" (``OPEN``), which asks for another address, when the window can open one.

Invariants it keeps: the joined store comes right after "This computer"; an address shown never
holds a password (``TeamSettings`` and ``team_url_problem`` refuse one); an error is shown beside
the picker, not in a dialog, and goes away with the next choice; choosing ``OPEN`` and then
cancelling puts the picker back on the store still shown (``revert``).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QWidget

from parley.ui.i18n import translate
from parley.ui.settings_pages import InlineError

LOCAL = "local"
TEAM = "team"
OPEN = "open"
#: An address opened in this session is picked as this prefix followed by the address.
ADDRESS = "address:"


class StorePicker(QWidget):
    """The picker (see the module docstring) and its inline error."""

    sig_chosen = Signal(str)
    """The person picked a store: ``LOCAL``, ``TEAM``, ``OPEN``, or ``ADDRESS`` + an address."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QComboBox()
        self.box.setObjectName("history-store")
        self.box.setAccessibleName(translate("StorePicker", "History store"))
        self.box.setToolTip(
            translate("StorePicker", "Whose history to browse: this computer's, or a team store's")
        )
        self.box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.box.addItem(translate("StorePicker", "This computer"), LOCAL)
        self._shown = LOCAL
        self.error = InlineError(translate("StorePicker", "History store error"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.box)
        layout.addWidget(self.error, 1)
        self.box.activated.connect(self._activated)
        self.setVisible(False)  # until a team store is offered

    def _activated(self, index: int) -> None:
        kind = str(self.box.itemData(index))
        if kind != OPEN:
            self._shown = kind
        self.sig_chosen.emit(kind)

    def offer_open(self, on: bool) -> None:
        """Offer (or withdraw) "Open a team store…"."""
        index = self.box.findData(OPEN)
        if on and index < 0:
            self.box.addItem(translate("StorePicker", "Open a team store…"), OPEN)
            self.box.setItemData(
                self.box.count() - 1,
                "Read a team store with your own role (an operator's, or a member's)",
                Qt.ItemDataRole.ToolTipRole,
            )
        elif not on and index >= 0:
            self.box.removeItem(index)
        self._show_if_useful()

    def add_address(self, address: str) -> str:
        """Offer ``address`` (opened in this session) just before "Open a team store…", once;
        returns its kind (``ADDRESS`` + address)."""
        kind = ADDRESS + address
        if self.box.findData(kind) < 0:
            index = self.box.findData(OPEN)
            at = index if index >= 0 else self.box.count()
            self.box.insertItem(at, address.split("://", 1)[-1].split("?", 1)[0], kind)
            self.box.setItemData(at, address, Qt.ItemDataRole.ToolTipRole)
        self._show_if_useful()
        return kind

    def remove_address(self, address: str) -> None:
        """Stop offering ``address`` (its store was closed)."""
        index = self.box.findData(ADDRESS + address)
        if index >= 0:
            self.box.removeItem(index)
        self._show_if_useful()

    def addresses(self) -> list[str]:
        """The addresses opened in this session, in the picker's order."""
        kinds = (str(self.box.itemData(i)) for i in range(self.box.count()))
        return [k.removeprefix(ADDRESS) for k in kinds if k.startswith(ADDRESS)]

    def revert(self) -> None:
        """Back on the store still shown, without saying so (a cancelled "Open…")."""
        index = self.box.findData(self._shown)
        self.box.setCurrentIndex(max(index, 0))

    def _show_if_useful(self) -> None:
        self.setVisible(self.box.count() > 1)

    def offer_team(self, address: str) -> None:
        """Offer the team store at ``address`` ("" withdraws it)."""
        index = self.box.findData(TEAM)
        if not address:
            if index >= 0:
                self.box.removeItem(index)
            self._show_if_useful()
            return
        label = translate("HistoryStores", "Team store ({address})").format(
            address=address.split("://", 1)[-1]
        )
        if index >= 0:
            self.box.setItemText(index, label)
        else:
            self.box.insertItem(1, label, TEAM)
        # The full address as the item's tooltip (the label drops the scheme).
        self.box.setItemData(self.box.findData(TEAM), address, Qt.ItemDataRole.ToolTipRole)
        self._show_if_useful()

    @property
    def chosen(self) -> str:
        return str(self.box.currentData() or LOCAL)

    def choose(self, kind: str) -> None:
        """Select ``kind`` (as a click would) and say so."""
        index = self.box.findData(kind)
        if index >= 0:
            self.box.setCurrentIndex(index)
            self._activated(index)

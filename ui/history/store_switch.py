"""Which store the History window reads, and the opening of team stores on a worker (issue 19).

Why it exists: the window can show this computer's history, the team store this desktop joined
(opened with the opener the main window gave, ``set_team_store``), or any team store an operator
names ("Open a team store…": ``open_store_dialog``, opened through ``team_access``). Choosing,
opening, keeping and closing those stores is one job; the window only shows the store this
object hands it (``sig_use``).

Invariants it keeps:

- nothing here opens, reads or closes a store on the UI thread: opening goes through the
  window's ``submit``, and closing (``close_opened``, also at quit) runs on a thread of its own
  (a pool's close may wait for its workers);
- only the newest choice counts: a store that finishes opening after another choice was made is
  kept for later but not shown;
- a failure to open is said beside the picker (``StorePicker.error``), which goes back to the
  store still shown; the password typed leaves the dialog's field as soon as it is taken;
- a store opened by address is kept for the session (the picker offers it again) and opened
  once: opening the same address again replaces it and closes the old one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
from PySide6.QtWidgets import QDialog, QWidget

from parley.application.ports.event_store import EventStore
from parley.ui.history.open_store_dialog import OpenStoreDialog
from parley.ui.history.stores import ADDRESS, LOCAL, OPEN, TEAM, StorePicker
from parley.ui.history.team_access import OpenedStore, TeamAccess
from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text
from parley.ui.team_connection import close_store
from parley.ui.widgets.session_search import Submit


class StoreSwitch(QObject):
    """The stores the History window may show, and the choosing between them."""

    sig_use = Signal(object)
    """Show this ``EventStore`` from now on."""

    sig_busy = Signal(str)
    """Opening a store: what to say while it opens ("": done, or it failed)."""

    def __init__(
        self, local: EventStore, picker: StorePicker, submit: Submit, window: QWidget
    ) -> None:
        super().__init__(window)
        self.local = local
        self.picker = picker
        self._submit = submit
        self._window = window
        #: The joined store: its address, who opens it (blocking: on a worker), and once open, it.
        self._team_address = ""
        self._team_opener: Callable[[], EventStore] | None = None
        self._team_store: EventStore | None = None
        #: Opening stores by address (an operator's): how, and those opened, by address.
        self.access: TeamAccess | None = None
        self._opened: dict[str, EventStore] = {}
        self.dialog: OpenStoreDialog | None = None
        self._seq = 0
        self._shown: EventStore = local
        picker.sig_chosen.connect(self.choose)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._close_at_quit)

    # -- what is offered -------------------------------------------------------------------------

    def set_team_store(self, address: str, opener: Callable[[], EventStore] | None) -> None:
        """Offer the joined store at ``address`` (``opener`` opens it, blocking: on a worker);
        "" withdraws it (back to this computer's if it was shown)."""
        changed = address != self._team_address
        on_joined = self.picker.chosen == TEAM or (
            self._team_store is not None and self._shown is self._team_store
        )
        if changed:
            self._team_store = None  # another store (or none): open it again when chosen
        self._team_address, self._team_opener = address, opener if address else None
        self.picker.offer_team(address)
        if changed and on_joined:
            self.picker.choose(LOCAL)  # the store shown is no longer the team's

    def set_access(self, access: TeamAccess | None) -> None:
        """Let the picker open any team store by address (None withdraws the entry)."""
        self.access = access
        self.picker.offer_open(access is not None)

    # -- choosing ----------------------------------------------------------------------------------

    @Slot(str)
    def choose(self, kind: str) -> None:
        """Show the store the picker names (opening the joined one first, on a worker)."""
        self.picker.error.clear_message()
        self._seq += 1
        seq = self._seq
        if kind == OPEN:
            self.ask()
            return
        if kind.startswith(ADDRESS):
            self._use(self._opened.get(kind.removeprefix(ADDRESS), self.local))
            return
        if kind != TEAM:
            self._use(self.local)
            return
        if self._team_store is not None:
            self._use(self._team_store)
            return
        opener = self._team_opener
        if opener is None:
            self.picker.error.show_error(
                translate("StoreSwitch", "No team store is set up (Settings → Team).")
            )
            return
        self.sig_busy.emit(translate("StoreSwitch", "Opening the team store…"))

        def opened(store: EventStore) -> None:
            self._team_store = store
            if seq == self._seq:
                self._use(store)

        def failed(exc: BaseException) -> None:
            if seq == self._seq:
                self.sig_busy.emit("")
                self.picker.error.show_error(
                    translate("StoreSwitch", "Cannot open the team store: {exc}").format(
                        exc=translate_text(str(exc))
                    )
                )

        self._submit(opener, opened, failed)

    def _use(self, store: EventStore) -> None:
        self._shown = store
        self.sig_use.emit(store)

    # -- opening by address ------------------------------------------------------------------------

    def ask(self, address: str = "") -> OpenStoreDialog:
        """Ask for a team store's address and password (window-modal, not blocking); opened on
        a worker when given, the picker put back when cancelled."""
        if self.dialog is not None:
            self.dialog.deleteLater()
        dialog = self.dialog = OpenStoreDialog(self._window, address=address)

        def done(result: int) -> None:
            password = dialog.take_password()  # out of the widget, whatever the answer
            if result == QDialog.DialogCode.Accepted:
                self.open(dialog.address, password, remember=dialog.remember)
            else:
                self.picker.revert()

        dialog.finished.connect(done)
        dialog.open()
        return dialog

    def open(self, address: str, password: str = "", *, remember: bool = False) -> None:
        """Open the team store at ``address`` on a worker ("" password: the stored one) and show
        it; a failure is said beside the picker, which goes back to the store still shown."""
        access = self.access
        self.picker.error.clear_message()
        if access is None:
            self.picker.error.show_error(
                translate("StoreSwitch", "This window cannot open a team store.")
            )
            self.picker.revert()
            return
        self._seq += 1
        seq = self._seq
        self.sig_busy.emit(translate("StoreSwitch", "Opening the team store…"))

        def opened(result: OpenedStore) -> None:
            old = self._opened.get(result.address)
            self._opened[result.address] = result.store
            if old is not None:  # opened again (another password): the old one goes
                self._submit(lambda: close_store(old), lambda _r: None, lambda _e: None)
            if seq != self._seq:
                return
            self.sig_busy.emit("")
            self.picker.choose(self.picker.add_address(result.address))
            if result.note:
                self.picker.error.show_error(
                    translate("StoreSwitch", "Opened; {note}").format(
                        note=translate_text(result.note)
                    )
                )

        def failed(exc: BaseException) -> None:
            if seq == self._seq:
                self.sig_busy.emit("")
                self.picker.error.show_error(
                    translate("StoreSwitch", "Not opened — {exc}").format(
                        exc=translate_text(str(exc))
                    )
                )
                self.picker.revert()

        self._submit(lambda: access.open(address, password, remember), opened, failed)

    def close_opened(self) -> threading.Thread | None:
        """Forget the stores opened by address and close them on a thread of its own (a pool's
        close may wait for its workers), returned to be joined (None: none was open). Showing
        one of them, the window goes back to this computer's history."""
        stores, self._opened = list(self._opened.values()), {}
        for address in self.picker.addresses():
            self.picker.remove_address(address)
        if self._shown in stores:
            self.picker.choose(LOCAL)
        if not stores:
            return None

        def close_all() -> None:
            for store in stores:
                close_store(store)

        closer = threading.Thread(
            target=close_all,
            name="parley-history-close",
            daemon=True,
        )
        closer.start()
        return closer

    @Slot()
    def _close_at_quit(self) -> None:
        self.close_opened()

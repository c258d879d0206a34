"""The History window: every saved conversation in a sortable, filterable table, for operators.

Why it exists: an operator needs to answer "what happened?" across many conversations — which
ones failed, which ran tools, where the gate refused or asked, what a conversation cost — and then
look at one in full (its timeline), check that its record is intact (hash chain), export it, or
delete it. The main window is for talking; this window is for looking back.

Invariants it keeps:

- the UI thread never touches the store: listing, searching, loading a timeline, exporting,
  verifying and deleting all run through ``submit`` (``WorkerBridge.submit``) and come back as
  callbacks on the UI thread;
- only the newest request of each kind is shown: listings and timelines carry a sequence number
  and a result that is not the latest is dropped, so a slow old query never overwrites a new one;
- thousands of rows stay cheap: the table (``ui.history.table``) formats only painted cells, row
  heights are fixed (no per-row measuring) and no column is sized to its contents; the first
  ``FIRST_PAGE`` rows are shown before the rest are read, and the rest are appended (not reset)
  when the order allows;
- the window is one instance per main window, hidden on close and raised when asked again;
- ``application.history.export`` is imported on the first export (``ui.history.export``), not
  with this module: the main window imports this one at start (issue 8);
- the look is the main window's (issue 16): a titled header with the count and icon buttons
  (each with a tooltip and an accessible name), the compact filter bar, rows tall enough to
  read with the status as a worded badge, and an empty state that says why the table is empty
  — no history yet, or nothing matching the filters (with "Clear filters");
- the team store (issue 19) is browsed through the same port: the store picker
  (``ui.history.stores``) swaps the store every load reads, after opening it on a worker with the
  opener the main window gave (``set_team_store``); the team store is read-only here (Delete is
  off) and a failure to open it is said inline beside the picker;
- an operator opens any team store by address and password ("Open a team store…",
  ``open_store_dialog``; opened on a worker through ``team_access``, given by
  ``set_team_access``); which store is shown, and the opening and closing of stores, is
  ``store_switch``'s job; the password leaves the dialog's field as soon as it is taken and is
  never shown;
- on a store that answers ``TeamHistory`` the table shows a Member column (owners read with the
  rows, on the worker), the filters a member filter, and the header's Costs button opens the
  per-member and per-model sums (``costs_view``) for the current filters.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QSize,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.event_store import (
    ChainReport,
    EventStore,
    SearchFilters,
    SearchHit,
    SessionSummary,
)
from parley.application.ports.team_sync import TeamHistory
from parley.domain.transcript.canonical import StoredEvent
from parley.domain.usage.pricing import ModelPrice
from parley.ui.history.costs_view import CostsView
from parley.ui.history.empty_state import EmptyState
from parley.ui.history.export import choose_target, export_formats, render_export, write_atomically
from parley.ui.history.filters import FilterBar
from parley.ui.history.loading import FIRST_PAGE, Marks, load_marks
from parley.ui.history.open_store_dialog import OpenStoreDialog
from parley.ui.history.store_switch import StoreSwitch
from parley.ui.history.stores import StorePicker
from parley.ui.history.table import (
    COLUMNS,
    COST,
    FAILURES,
    FIRST,
    LAST,
    MEMBER,
    MODELS,
    STATUS,
    TITLE,
    TOKENS_IN,
    TOKENS_OUT,
    TURNS,
    WORKSPACE,
    SessionTableModel,
    StatusDelegate,
)
from parley.ui.history.team_access import OwnedListing, TeamAccess, load_owned
from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text
from parley.ui.settings_pages.look import HINT_STYLE, TOOL_STYLE, icon_or, title_label
from parley.ui.widgets.session_search import DEBOUNCE_MS, Submit
from parley.ui.widgets.timeline import TimelineView


class HistoryWindow(QMainWindow):
    """Browse, filter and inspect saved conversations. See the module docstring."""

    sig_loaded = Signal(int, bool)
    """Rows for the current filters are shown: ``(row count, complete)``."""

    sig_timeline_shown = Signal(str, int)
    """A conversation's timeline is shown: ``(session id, number of events)``."""

    sig_exported = Signal(str)
    """An export was written: the file's path."""

    sig_chain_verified = Signal(object)
    """A conversation's hash chain was checked: ``ChainReport``."""

    sig_session_deleted = Signal(str)
    """A conversation was deleted from the store: its id."""

    sig_error = Signal(str)
    """Something the user asked for failed: the message shown."""

    def __init__(
        self,
        store: EventStore,
        submit: Submit,
        parent: QWidget | None = None,
        *,
        providers: Sequence[str] = (),
        debounce_ms: int = DEBOUNCE_MS,
        prices: Callable[[], Sequence[ModelPrice]] = tuple,
    ) -> None:
        super().__init__(parent)
        # Read on the worker with each listing (Settings → Prices may have changed since).
        self._prices = prices
        self._store = store
        self._local_store = store
        self.costs_view: CostsView | None = None
        self._costs_seq = 0
        self._submit = submit
        self.setWindowTitle(translate("HistoryWindow", "Parley — History"))
        self.resize(1200, 760)
        self._load_seq = 0
        self._timeline_seq = 0
        self._timeline_session = ""
        self._hits: dict[str, list[SearchHit]] = {}
        self.loading = False
        self._stale_on_show = False
        self.last_chain_report: ChainReport | None = None
        self._message: QMessageBox | None = None

        self.filter_bar = FilterBar(providers)
        bar = self.filter_bar
        # The filter widgets, under the names callers and tests have always used.
        self.search_edit, self.status_box, self.verdict_box = (
            bar.search_edit,
            bar.status_box,
            bar.verdict_box,
        )
        self.since_check, self.since_edit = bar.since_check, bar.since_edit
        self.until_check, self.until_edit = bar.until_check, bar.until_edit
        self.provider_box, self.model_box = bar.provider_box, bar.model_box
        self.workspace_box, self.project_box = bar.workspace_box, bar.project_box
        self.tools_check = bar.tools_check
        self.model = SessionTableModel(self)
        self.table = QTableView()
        self.table.setObjectName("history-table")
        self.table.setAccessibleName(translate("HistoryWindow", "Conversations"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setShowGrid(False)
        rows = self.table.verticalHeader()
        rows.setVisible(False)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.setItemDelegateForColumn(STATUS, StatusDelegate(self.table))
        self._size_columns()
        self.table.installEventFilter(self)  # a zoom resizes rows and columns with the font
        self.table.viewport().installEventFilter(self)  # a narrow window hides two columns
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(LAST, Qt.SortOrder.DescendingOrder)

        self.timeline = TimelineView()
        # The timeline's parts, named for a screen reader where the widget left them unnamed.
        for part, name in ((self.timeline.tree, "Timeline"), (self.timeline.detail, "Event")):
            if not part.accessibleName():
                part.setAccessibleName(name)
        # Its heading wraps: one long line (the id) must not make the window wider than the
        # screen at 200 % zoom.
        self.timeline.heading.setWordWrap(True)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.timeline)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)

        self.count_label = QLabel("")
        self.count_label.setObjectName("history-count")
        self.count_label.setStyleSheet(HINT_STYLE)
        self.count_label.setAccessibleName(
            translate("HistoryWindow", "Number of conversations shown")
        )
        self.empty_state = EmptyState(self.table.viewport())
        self.empty_state.clear_button.clicked.connect(self.clear_filters)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(16, 12, 16, 8)
        layout.setSpacing(8)
        self._header = QHBoxLayout()
        self._header.setSpacing(4)
        heading = title_label(translate("HistoryWindow", "History"), 1.3)
        self._header.addWidget(heading, 0, Qt.AlignmentFlag.AlignBaseline)
        self._header.addSpacing(8)
        self._header.addWidget(self.count_label, 0, Qt.AlignmentFlag.AlignBaseline)
        self._header.addSpacing(12)
        self.store_picker = StorePicker()
        self.stores = StoreSwitch(store, self.store_picker, submit, self)
        self.stores.sig_use.connect(self._use_store)
        self.stores.sig_busy.connect(self._busy)
        self._header.addWidget(self.store_picker, 1)
        self._header.addStretch(1)
        layout.addLayout(self._header)
        layout.addWidget(self.filter_bar)
        layout.addWidget(splitter, 1)
        self.setCentralWidget(central)

        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(debounce_ms)
        self._reload_timer.timeout.connect(self.reload)
        self._build_actions()
        self.filter_bar.sig_changed.connect(self._schedule_reload)
        header = self.table.horizontalHeader()
        header.moveSection(header.visualIndex(MEMBER), header.visualIndex(STATUS))
        header.setSectionHidden(MEMBER, True)  # a team store's (``_use_store``)

        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)
        self.table.doubleClicked.connect(lambda _i: self.timeline.tree.setFocus())
        self.reload()

    # -- building ----------------------------------------------------------------------------------

    def _build_actions(self) -> None:
        def action(text: str, slot: Callable[[], Any], shortcut: Any = None) -> QAction:
            act = QAction(text, self)
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(lambda _checked=False: slot())
            return act

        self.refresh_action = action(
            translate("HistoryWindow", "&Refresh"), self.reload, QKeySequence.StandardKey.Refresh
        )
        self.export_selected_action = action(
            translate("HistoryWindow", "Export &selected conversation(s)…"),
            self.export_selected,
            "Ctrl+E",
        )
        self.export_shown_action = action(
            translate("HistoryWindow", "Export all &shown…"), self.export_shown
        )
        self.export_all_action = action(
            translate("HistoryWindow", "Export &everything…"), self.export_all
        )
        self.verify_action = action(
            translate("HistoryWindow", "&Verify record"), self.verify_selected
        )
        self.costs_action = action(
            translate("HistoryWindow", "&Costs per member and model…"), self.show_costs
        )
        self.costs_action.setEnabled(False)  # a team store's
        self.delete_action = action(
            translate("HistoryWindow", "&Delete conversation…"),
            self.delete_selected,
            QKeySequence.StandardKey.Delete,
        )
        # Delete acts on the table only: in a filter field the key edits text.
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.table.addAction(self.delete_action)
        self.next_match_action = action(
            translate("HistoryWindow", "&Next match"), self.next_match, "F3"
        )
        self.close_action = action(
            translate("HistoryWindow", "&Close"), self.close, QKeySequence.StandardKey.Close
        )
        # Esc closes it too, as it does a dialog (an open popup or menu takes its Esc first).
        self.close_action.setShortcuts(
            [*QKeySequence.keyBindings(QKeySequence.StandardKey.Close), QKeySequence("Esc")]
        )
        menu = self.menuBar().addMenu(translate("HistoryWindow", "&History"))
        entries = [
            self.refresh_action,
            None,
            self.export_selected_action,
            self.export_shown_action,
            self.export_all_action,
            None,
            self.verify_action,
            self.delete_action,
            self.costs_action,
            None,
            self.next_match_action,
            None,
            self.close_action,
        ]
        for act in entries:
            if act is None:
                menu.addSeparator()
            else:
                menu.addAction(act)
        # Icon buttons in the header (the menu keeps the words and the shortcuts).
        for act, name, fallback, tip in (
            (self.refresh_action, "refresh-cw", "refresh-cw", "Refresh (F5)"),
            (self.verify_action, "shield-check", "shield", "Verify the record's hash chain"),
            (self.delete_action, "trash-2", "x", "Delete the conversation (Delete)"),
            (self.costs_action, "coins", "table", "Costs per member and model (a team store)"),
        ):
            act.setIcon(icon_or(name, fallback))
            act.setToolTip(tip)
        self.export_selected_action.setIcon(icon_or("download", "file-text"))
        self.export_button = QToolButton()
        self.export_button.setObjectName("history-export")
        self.export_button.setIcon(self.export_selected_action.icon())
        self.export_button.setToolTip(
            translate(
                "HistoryWindow",
                "Export: the selected conversations (Ctrl+E), all shown, or everything",
            )
        )
        self.export_button.setAccessibleName(translate("HistoryWindow", "Export"))
        self.export_button.setAccessibleDescription(
            translate(
                "HistoryWindow", "A menu: the selected conversations, all shown, or everything"
            )
        )
        export_menu = QMenu(self.export_button)
        export_menu.addActions(
            [self.export_selected_action, self.export_shown_action, self.export_all_action]
        )
        self.export_button.setMenu(export_menu)
        self.export_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.action_buttons: list[QToolButton] = []
        for act, name in (
            (self.refresh_action, "Refresh"),
            (None, ""),
            (self.verify_action, "Verify record"),
            (self.delete_action, "Delete conversation"),
            (self.costs_action, "Costs per member and model"),
        ):
            if act is None:
                button = self.export_button
            else:
                button = QToolButton()
                button.setDefaultAction(act)
                button.setAccessibleName(name)
                button.setToolTip(act.toolTip())
            button.setAutoRaise(True)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
            button.setStyleSheet(TOOL_STYLE)
            button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            self.action_buttons.append(button)
            self._header.addWidget(button)
        self._size_icons()

    def _size_columns(self) -> None:
        """Row height and column widths from the font: readable rows (about 1.9 lines), and
        columns that still fit their text at 200 % zoom."""
        metrics = self.table.fontMetrics()
        self.table.verticalHeader().setDefaultSectionSize(round(metrics.height() * 1.9) + 4)
        columns = self.table.horizontalHeader()
        columns.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        columns.setSectionResizeMode(TITLE, QHeaderView.ResizeMode.Stretch)
        columns.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        columns.setMinimumSectionSize(metrics.horizontalAdvance("0") * 6)
        char = metrics.horizontalAdvance("0")
        widths = (
            (STATUS, metrics.horizontalAdvance("Completed") + metrics.height() + 24),
            (WORKSPACE, char * 14),
            (FIRST, metrics.horizontalAdvance("2026-12-31 23:59") + 20),
            (LAST, metrics.horizontalAdvance("2026-12-31 23:59") + 20),
            (MODELS, char * 18),
            (MEMBER, char * 14),
        )
        for column, width in widths:
            columns.resizeSection(column, width)
        for column in (TURNS, TOKENS_IN, TOKENS_OUT, COST, FAILURES):
            columns.resizeSection(
                column, max(char * 8, metrics.horizontalAdvance("Tokens out") + 20)
            )
        self._fit_columns()

    #: Columns a narrow window hides first (the title keeps room to be read); a wider window
    #: shows them again.
    _OPTIONAL = (FIRST, WORKSPACE, TOKENS_IN, TOKENS_OUT)

    def _fit_columns(self) -> None:
        """Hide First activity, then Workspace, then the token columns, while the title would get
        less than about 28 characters (a narrow window, a 200 % zoom); show them again when there
        is room. The figures stay in the timeline's heading and the tooltips."""
        header = self.table.horizontalHeader()
        room = self.table.viewport().width()
        wanted = self.table.fontMetrics().horizontalAdvance("x") * 28
        fixed = sum(
            header.sectionSize(c)
            for c in range(len(COLUMNS))
            if c != TITLE and c not in self._OPTIONAL and not header.isSectionHidden(c)
        )
        left = room - fixed
        for column in self._OPTIONAL:
            header.setSectionHidden(column, False)
        for column in self._OPTIONAL:
            shown = sum(
                header.sectionSize(c) for c in self._OPTIONAL if not header.isSectionHidden(c)
            )
            if left - shown < wanted:
                header.setSectionHidden(column, True)

    def _size_icons(self) -> None:
        side = max(16, round(self.fontMetrics().height() * 1.15))
        for button in getattr(self, "action_buttons", []):
            button.setIconSize(QSize(side, side))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.table and event.type() == QEvent.Type.FontChange:
            self._size_columns()
            self._size_icons()
        elif watched is self.table.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_columns()  # the viewport's size is the final one (the table's is not)
        return super().eventFilter(watched, event)

    def clear_filters(self) -> None:
        """Every filter back to "any" and the search emptied (the empty state's button)."""
        self.filter_bar.clear()
        self.search_edit.setFocus()

    def _show_empty_state(self) -> None:
        """Say why the table is empty — no history at all, or nothing matching — or hide."""
        if self.model.rowCount() or self.loading:
            self.empty_state.hide()
            return
        if self.filter_bar.is_filtered():
            text = self.search_edit.text().strip()
            self.empty_state.show_text(
                translate("HistoryWindow", "No conversations match"),
                (
                    translate(
                        "HistoryWindow", "Nothing matches “{text}” with these filters."
                    ).format(text=text)
                    if text
                    else translate("HistoryWindow", "Nothing matches these filters.")
                )
                + " "
                + translate(
                    "HistoryWindow", "Try other words, a wider date range, or clear the filters."
                ),
                offer_clear=True,
            )
        else:
            self.empty_state.show_text(
                translate("HistoryWindow", "No history yet"),
                translate(
                    "HistoryWindow",
                    "Every conversation you have in Parley is recorded here: each turn, the model "
                    "that answered, tool calls and the permission decisions, with tokens and "
                    "failures. Start a chat in the main window and it appears here, ready to "
                    "search, "
                    "verify and export.",
                ),
                offer_clear=False,
            )

    def set_providers(self, names: Sequence[str]) -> None:
        """Offer these provider names in the provider filter (any other may still be typed)."""
        self.filter_bar.set_providers(names)

    # -- which store -------------------------------------------------------------------------------

    def set_team_store(self, address: str, opener: Callable[[], EventStore] | None) -> None:
        """Offer the team store at ``address`` in the picker (``opener`` opens it, blocking: it
        is called on a worker); "" withdraws it (back to this computer's if it was shown)."""
        self.stores.set_team_store(address, opener)

    def set_team_access(self, access: TeamAccess | None) -> None:
        """Let the picker open any team store by address ("Open a team store…"), through
        ``access`` (None withdraws the entry)."""
        self.stores.set_access(access)

    def ask_for_store(self, address: str = "") -> OpenStoreDialog:
        """Ask for a team store's address and password (``StoreSwitch.ask``)."""
        return self.stores.ask(address)

    def open_store(self, address: str, password: str = "", *, remember: bool = False) -> None:
        """Open the team store at ``address`` on a worker and show it (``StoreSwitch.open``)."""
        self.stores.open(address, password, remember=remember)

    @property
    def showing_team_store(self) -> bool:
        return self._store is not self._local_store

    def _busy(self, text: str) -> None:
        self.count_label.setText(text or _count(self.model.rowCount(), "conversation"))

    def _use_store(self, store: EventStore) -> None:
        """Show ``store``'s history (every later read goes to it)."""
        self._store = store
        team = store is not self._local_store
        self.delete_action.setEnabled(not team)  # the team store is browsed, not edited here
        members = isinstance(store, TeamHistory)  # whose each conversation is, and costs
        self.table.horizontalHeader().setSectionHidden(MEMBER, not members)
        self._fit_columns()
        self.filter_bar.set_team(members)
        self.costs_action.setEnabled(members)
        if self.costs_view is not None and not members:
            self.costs_view.hide()
        self.model.set_owners({})
        self.model.set_rows([], {})
        self._timeline_session = ""
        self.timeline.clear()
        self.reload()

    # -- filters and loading -----------------------------------------------------------------------

    def filters(self) -> SearchFilters:
        """The filter bar as ``SearchFilters`` (read on the UI thread, once per load)."""
        return self.filter_bar.filters()

    def _schedule_reload(self) -> None:
        self._reload_timer.start()

    @Slot()
    def reload(self) -> None:
        """Read the conversations matching the filter bar (on a worker) and show them: the first
        ``FIRST_PAGE`` rows at once, then the rest."""
        self._reload_timer.stop()
        self._load_seq += 1
        seq = self._load_seq
        store, text, filters = self._store, self.search_edit.text(), self.filters()
        prices, min_cost = self._prices, self.filter_bar.min_cost()
        self.loading = True
        self.count_label.setText(translate("HistoryWindow", "Loading…"))
        limit = None if text.strip() else FIRST_PAGE

        def first_page(owned: OwnedListing) -> None:
            if seq != self._load_seq:
                return  # a newer load started
            self._show_listing(owned, first=True)
            if not owned.listing.complete:
                self._submit(
                    lambda: load_owned(store, text, filters, prices=prices, min_cost=min_cost),
                    lambda rest: self._show_listing(rest) if seq == self._load_seq else None,
                    lambda exc: self._load_failed(seq, exc),
                )

        self._submit(
            lambda: load_owned(store, text, filters, limit, prices=prices, min_cost=min_cost),
            first_page,
            lambda exc: self._load_failed(seq, exc),
        )
        if self.costs_view is not None and self.costs_view.isVisible():
            self._load_costs()  # the sums follow the filters while they are shown

    def _show_listing(self, owned: OwnedListing, *, first: bool = False) -> None:
        listing, owners = owned.listing, owned.owners or {}
        current = self.current_session_id()
        shown = self.model.ids()
        if (
            not first
            and shown
            and self.model.is_sorted_by_default()
            and [s.id for s in listing.rows[: len(shown)]] == shown
        ):
            # The rest of what is shown: append, so scroll position and selection stay.
            self.model.set_owners(owners, add=True)
            self.model.set_costs(listing.costs, add=True)
            self.model.append_rows(listing.rows[len(shown) :])
        else:
            self.model.set_owners(owners)
            self.model.set_costs(listing.costs)
            self.model.set_rows(listing.rows, listing.snippets)
            self._hits = listing.hits
            if current:
                self.select_session(current)
            self._show_matches()
        self.loading = not listing.complete
        if listing.complete:
            self.filter_bar.offer_choices(listing.rows)
            self.filter_bar.offer_members(sorted(set(owners.values())))
            self._load_marks()
        self._show_empty_state()
        count = self.model.rowCount()
        self.count_label.setText(_count(count, "conversation") + ("…" if self.loading else ""))
        self.sig_loaded.emit(count, listing.complete)

    # -- costs -------------------------------------------------------------------------------------

    def show_costs(self) -> CostsView | None:
        """Open the Costs view for the current store and filters (a team store's sums)."""
        if not isinstance(self._store, TeamHistory):
            self._error(
                translate(
                    "HistoryWindow",
                    "Costs are summed on a team store: pick one in the store picker.",
                )
            )
            return None
        if self.costs_view is None:
            self.costs_view = CostsView(self)
        self.costs_view.show()
        self.costs_view.raise_()
        self._load_costs()
        return self.costs_view

    def _load_costs(self) -> None:
        """Sum the store's finished turns per member and model for the filters (on a worker)."""
        from parley.application.history.costs import CostSummary, summarize_costs

        view, store, filters = self.costs_view, self._store, self.filters()
        if view is None or not isinstance(store, TeamHistory):
            return
        self._costs_seq += 1
        seq, access = self._costs_seq, self.stores.access
        view.show_loading(self.store_picker.box.currentText(), filters)

        def read() -> CostSummary:
            prices = access.prices() if access is not None else ()
            return summarize_costs(store.usage_by_member(filters), prices)

        def failed(exc: BaseException) -> None:
            if seq == self._costs_seq:
                view.show_error(
                    translate("HistoryWindow", "Cannot sum the costs: {exc}").format(
                        exc=translate_text(str(exc))
                    )
                )

        def shown(summary: CostSummary) -> None:
            if seq == self._costs_seq:
                view.show_summary(summary)

        self._submit(read, shown, failed)

    def _load_marks(self) -> None:
        """Read which shown conversations were stopped or had an action denied (on a worker,
        after the rows are up); the Status column repaints when they come."""
        seq, store, filters = self._load_seq, self._store, self.filters()

        def shown(marks: Marks) -> None:
            if seq == self._load_seq:
                self.model.set_marks(marks.stopped, marks.denied)

        self._submit(lambda: load_marks(store, filters), shown, lambda _exc: None)

    def _load_failed(self, seq: int, exc: BaseException) -> None:
        if seq != self._load_seq:
            return
        self.loading = False
        self.count_label.setText("")
        if self.showing_team_store:  # said beside the picker, where the choice was made
            self.store_picker.error.show_error(
                translate("HistoryWindow", "Cannot read the team store: {exc}").format(
                    exc=translate_text(str(exc))
                )
            )
        self._error(
            translate("HistoryWindow", "Cannot read the history: {exc}").format(
                exc=translate_text(str(exc))
            )
        )

    # -- selection and timeline --------------------------------------------------------------------

    def current_session_id(self) -> str:
        summary = self.model.summary_at(self.table.currentIndex().row())
        return summary.id if summary is not None else ""

    def selected_session_ids(self) -> list[str]:
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        ids = [s.id for s in (self.model.summary_at(r) for r in rows) if s is not None]
        return ids or ([self.current_session_id()] if self.current_session_id() else [])

    def select_session(self, session_id: str) -> bool:
        """Make ``session_id`` the current row (its timeline loads); False if it is not shown."""
        row = self.model.row_of(session_id)
        if row < 0:
            return False
        index = self.model.index(row, TITLE)
        self.table.setCurrentIndex(index)
        self.table.scrollTo(index)
        return True

    def select_row(self, row: int) -> None:
        index = self.model.index(row, TITLE)
        if index.isValid():
            self.table.setCurrentIndex(index)

    @Slot(QModelIndex, QModelIndex)
    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        summary = self.model.summary_at(current.row())
        # No current row happens for a moment while rows are replaced; the timeline stays.
        if summary is None or summary.id == self._timeline_session:
            return
        self.open_timeline(summary)

    def open_timeline(self, summary: SessionSummary) -> None:
        """Load one conversation's events on a worker and show them in the timeline."""
        self._timeline_seq += 1
        seq = self._timeline_seq
        self._timeline_session = summary.id
        self.timeline.clear(
            translate("HistoryWindow", "Loading “{value}”…").format(
                value=summary.title or "(untitled)"
            )
        )
        store, session_id = self._store, summary.id

        def shown(events: list[StoredEvent]) -> None:
            if seq != self._timeline_seq:
                return
            heading = (
                f"{summary.title or '(untitled)'} — {_count(len(events), 'event')}"
                f" · {_count(summary.turns, 'turn')}"
                f" · {summary.input_tokens:,} in / {summary.output_tokens:,} out tokens"
                f" · {summary.failures:,} failed · id {summary.id}"
            )
            self.timeline.set_events(events, heading)
            self._show_matches()
            self.sig_timeline_shown.emit(session_id, len(events))

        def failed(exc: BaseException) -> None:
            if seq == self._timeline_seq:
                self.timeline.clear(
                    translate("HistoryWindow", "Cannot read this conversation: {exc}").format(
                        exc=translate_text(str(exc))
                    )
                )

        self._submit(lambda: list(store.events(session_id)), shown, failed)

    def _show_matches(self) -> None:
        """Give the shown timeline its conversation's search hits (the first is selected);
        nothing changes when they are the ones it already has."""
        if not self._timeline_session or self.timeline.model.rowCount() == 0:
            return
        hits = self._hits.get(self._timeline_session, [])
        matches = [(hit.event_id, hit.snippet) for hit in hits]
        if matches != self.timeline.matches():
            self.timeline.set_matches(matches)

    def next_match(self) -> None:
        """Select the next event of the shown conversation that matches the search (F3)."""
        self.timeline.next_match()

    # -- export ------------------------------------------------------------------------------------

    def export_selected(self, path: str | Path | None = None, fmt: str = "") -> None:
        """Export the selected conversation(s) (JSON; Markdown or HTML when available)."""
        ids = self.selected_session_ids()
        if not ids:
            self._error(translate("HistoryWindow", "Select a conversation to export."))
            return
        summary = self.model.summary_at(self.model.row_of(ids[0]))
        name = (summary.title if summary is not None and len(ids) == 1 else "") or "conversations"
        target = self._target(path, fmt, name)
        if target is not None:
            store, (chosen, chosen_fmt) = self._store, target
            self._write_export(lambda: render_export(store, ids, chosen_fmt), chosen)

    def export_shown(self, path: str | Path | None = None, fmt: str = "") -> None:
        """Export every conversation the filters show (the filtered selection), in table order."""
        ids = self.model.ids()
        if not ids:
            self._error(translate("HistoryWindow", "No conversation is shown."))
            return
        target = self._target(path, fmt, "conversations")
        if target is not None:
            store, (chosen, chosen_fmt) = self._store, target
            self._write_export(lambda: render_export(store, ids, chosen_fmt), chosen)

    def export_all(self, path: str | Path | None = None, fmt: str = "") -> None:
        """Export every saved conversation, whatever the filters (listed on the worker)."""
        target = self._target(path, fmt, "parley-history")
        if target is not None:
            store, (chosen, chosen_fmt) = self._store, target
            self._write_export(
                lambda: render_export(store, [r.id for r in store.list_sessions()], chosen_fmt),
                chosen,
            )

    def _target(self, path: str | Path | None, fmt: str, name: str) -> tuple[Path, str] | None:
        """Where and how to export (see ``choose_target``); None when cancelled or the format is
        not available."""
        target = choose_target(self, path, fmt, name)
        if target is not None and target[1] not in export_formats().values():
            self._error(
                translate(
                    "HistoryWindow", "This Parley cannot export {value} yet; use JSON."
                ).format(value=target[1])
            )
            return None
        return target

    def _write_export(self, render: Callable[[], str], path: Path) -> None:
        self.statusBar().showMessage(
            translate("HistoryWindow", "Exporting to {path}…").format(path=path)
        )

        def done(written: Path) -> None:
            self.statusBar().showMessage(
                translate("HistoryWindow", "Exported to {written}").format(written=written), 10_000
            )
            self.sig_exported.emit(str(written))

        self._submit(
            lambda: write_atomically(path, render()),
            done,
            lambda exc: self._error(
                translate("HistoryWindow", "Cannot export to {path}: {exc}").format(
                    path=path, exc=translate_text(str(exc))
                )
            ),
        )

    # -- verify and delete -------------------------------------------------------------------------

    def verify_selected(self) -> None:
        """Recompute the current conversation's hash chain (on a worker) and say what it found."""
        session_id = self.current_session_id()
        if not session_id:
            self._error(translate("HistoryWindow", "Select a conversation to verify."))
            return
        store = self._store

        def shown(report: ChainReport) -> None:
            self.last_chain_report = report
            if report.ok:
                text = translate(
                    "HistoryWindow", "The record is intact: {count} events checked."
                ).format(count=report.events_checked)
            else:
                text = translate(
                    "HistoryWindow",
                    "The record does not verify: event {event} — {reason} ({count} events "
                    "checked).",
                ).format(
                    event=report.first_bad_event_id,
                    reason=translate_text(report.reason),
                    count=report.events_checked,
                )
            self.statusBar().showMessage(text, 15_000)
            self._inform(translate("HistoryWindow", "Verify record"), text, ok=report.ok)
            self.sig_chain_verified.emit(report)

        self._submit(
            lambda: store.verify_chain(session_id),
            shown,
            lambda exc: self._error(
                translate("HistoryWindow", "Cannot verify: {exc}").format(
                    exc=translate_text(str(exc))
                )
            ),
        )

    def delete_selected(self, *, confirm: bool = True) -> None:
        """Delete the current conversation after asking (on a worker)."""
        summary = self.model.summary_at(self.table.currentIndex().row())
        if summary is None:
            self._error(translate("HistoryWindow", "Select a conversation to delete."))
            return
        if confirm and not self._confirm(
            translate("HistoryWindow", "Delete conversation"),
            translate(
                "HistoryWindow",
                "Delete “{value}” and all of its {turns} turns? This cannot be undone.",
            ).format(value=summary.title or "(untitled)", turns=summary.turns),
        ):
            return
        store, session_id = self._store, summary.id

        def deleted(count: int) -> None:
            row = self.model.row_of(session_id)
            self.model.remove(session_id)
            if self._timeline_session == session_id:
                self._timeline_session = ""
                self.timeline.clear()
            if self.model.rowCount():
                self.select_row(min(max(row, 0), self.model.rowCount() - 1))
            self.count_label.setText(_count(self.model.rowCount(), "conversation"))
            self._show_empty_state()
            self.statusBar().showMessage(
                translate("HistoryWindow", "Deleted “{title}” ({count} events).").format(
                    title=summary.title, count=count
                ),
                10_000,
            )
            self.sig_session_deleted.emit(session_id)

        self._submit(
            lambda: store.delete_session(session_id),
            deleted,
            lambda exc: self._error(
                translate("HistoryWindow", "Cannot delete: {exc}").format(
                    exc=translate_text(str(exc))
                )
            ),
        )

    def _confirm(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(
            self,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def _inform(self, title: str, text: str, *, ok: bool) -> None:
        if self._message is not None:
            self._message.close()
        icon = QMessageBox.Icon.Information if ok else QMessageBox.Icon.Warning
        self._message = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        self._message.open()  # not modal to the app: the window stays usable

    def _error(self, text: str) -> None:
        self.statusBar().showMessage(text, 15_000)
        self.sig_error.emit(text)

    # -- window ------------------------------------------------------------------------------------

    def present(self) -> None:
        """Show (or raise) the window; a re-opened window reads the history again."""
        if self.isVisible():
            self.raise_()
            self.activateWindow()
            return
        self.show()
        self.raise_()
        self.activateWindow()

    def showEvent(self, event: QShowEvent) -> None:
        if self._stale_on_show and not event.spontaneous():
            self._stale_on_show = False
            self.reload()  # conversations may have changed while the window was hidden
        super().showEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._message is not None:
            self._message.close()
        self.hide()
        self._stale_on_show = True
        event.ignore()  # kept for the next Ctrl+H; the main window owns it


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"

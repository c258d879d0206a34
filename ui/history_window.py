"""The history window: every saved conversation in a sortable, filterable table, for operators.

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
- thousands of rows stay cheap: the table is a ``QTableView`` over ``SessionTableModel`` (a plain
  list of ``SessionSummary``), cells are formatted only when the view paints them, row heights are
  fixed (no per-row measuring) and no column is sized to its contents; the first
  ``FIRST_PAGE`` rows are shown before the rest are read, and the rest are appended (not reset)
  when the order allows;
- sorting reorders the loaded rows in memory (on the UI thread, a few milliseconds for thousands)
  and keeps the selection;
- the window is one instance per main window, hidden on close and raised when asked again;
- ``application.history.export`` (and the document renderers under it) is imported on the first
  export, not with this module: the main window imports this one at start (issue 8).
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QDate,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from application.ports.event_store import (
    ChainReport,
    EventStore,
    SearchFilters,
    SearchHit,
    SessionSummary,
)
from domain.transcript.canonical import StoredEvent
from ui.qt_items import present
from ui.widgets.session_search import DEBOUNCE_MS, Submit
from ui.widgets.timeline import TimelineView

#: Rows read and shown first; the rest follow in a second read.
FIRST_PAGE = 200
#: Most content hits read when the search field narrows the table.
SEARCH_HIT_LIMIT = 5000

_AnyIndex = QModelIndex | QPersistentModelIndex
_STATUSES = (
    ("Any status", ""),
    ("Has a failed turn", "failed"),
    ("Has a cancelled turn", "cancelled"),
    ("Has an interrupted turn", "interrupted"),
    ("Has a timed-out turn", "timed_out"),
    ("Has a completed turn", "completed"),
)
_VERDICTS = (
    ("Any verdict", ""),
    ("Has a refused action", "refused"),
    ("Has an action that asked", "asked"),
    ("Has a rejected action", "rejected"),
    ("Has a dropped action", "dropped"),
    ("Has an action allowed by the user", "allowed"),
)


# -- the table -----------------------------------------------------------------------------------


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


# -- loading (runs on a worker) --------------------------------------------------------------------


@dataclass(frozen=True)
class Listing:
    """What one load gave: the rows, content-search snippets, and whether more rows follow.
    ``hits`` holds each conversation's content hits in conversation order (when searching)."""

    rows: list[SessionSummary]
    snippets: dict[str, str] = field(default_factory=dict)
    complete: bool = True
    hits: dict[str, list[SearchHit]] = field(default_factory=dict)


def load_listing(
    store: EventStore, text: str, filters: SearchFilters, limit: int | None = None
) -> Listing:
    """Conversations matching ``filters`` and, when ``text`` is given, whose title contains it or
    whose content ``store.search`` matches (content search reads at most ``SEARCH_HIT_LIMIT``
    hits). ``limit`` reads only the first rows (``complete`` says whether that was all)."""
    needle = text.strip()
    if not needle:
        rows = list(store.summaries(filters, limit=limit))
        return Listing(rows, complete=limit is None or len(rows) < limit)
    hits = store.search(needle, filters, limit=SEARCH_HIT_LIMIT)
    snippets: dict[str, str] = {}
    by_session: dict[str, list[SearchHit]] = {}
    for hit in hits:
        snippets.setdefault(hit.session_id, hit.snippet)
        by_session.setdefault(hit.session_id, []).append(hit)
    for found in by_session.values():
        found.sort(key=lambda h: h.event_id)
    folded = needle.casefold()
    rows = [s for s in store.summaries(filters) if s.id in snippets or folded in s.title.casefold()]
    return Listing(rows, snippets, hits=by_session)


def _export_formats() -> dict[str, str]:
    """File-dialog filter → format name, for what ``application.history.export`` can write."""
    from application.history import export as history_export  # first export only

    formats = {"JSON (*.json)": "json"}
    if callable(getattr(history_export, "export_markdown", None)):
        formats["Markdown (*.md)"] = "md"
    if callable(getattr(history_export, "export_html", None)):
        formats["HTML (*.html)"] = "html"
    return formats


def render_export(store: EventStore, session_ids: Sequence[str], fmt: str) -> str:
    """The text of an export of ``session_ids`` in ``fmt`` (json, md or html), as the command
    line writes it: one conversation is one document, several are one collection (a JSON array,
    or one Markdown or HTML file). Runs on a worker."""
    from application.history import export as history_export  # first export only

    ids = list(session_ids)
    if fmt in ("md", "html"):
        name = "export_markdown" if fmt == "md" else "export_html"
        if len(ids) != 1 and callable(getattr(history_export, f"{name}_all", None)):
            return getattr(history_export, f"{name}_all")(store, ids)
        render = getattr(history_export, name)
        return ("\n\n---\n\n" if fmt == "md" else "\n").join(render(store, sid) for sid in ids)
    if len(ids) == 1:
        data: Any = history_export.export_session(store, ids[0])
    elif callable(getattr(history_export, "export_sessions", None)):
        data = history_export.export_sessions(store, ids)
    else:
        data = [history_export.export_session(store, sid) for sid in ids]
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def write_atomically(path: Path, text: str) -> Path:
    """Write ``text`` next to ``path`` and move it into place (no half-written export)."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)
    return path


# -- the window ------------------------------------------------------------------------------------


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
    box.setMinimumContentsLength(10)
    return box


def _choice_combo(choices: Sequence[tuple[str, str]], object_name: str) -> QComboBox:
    box = QComboBox()
    box.setObjectName(object_name)
    for label, value in choices:
        box.addItem(label, value)
    return box


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
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._submit = submit
        self.setWindowTitle("Parley — History")
        self.resize(1200, 760)
        self._load_seq = 0
        self._timeline_seq = 0
        self._timeline_session = ""
        self._hits: dict[str, list[SearchHit]] = {}
        self.loading = False
        self._stale_on_show = False
        self.last_chain_report: ChainReport | None = None
        self._message: QMessageBox | None = None

        self._build_filters(providers)
        self.model = SessionTableModel(self)
        self.table = QTableView()
        self.table.setObjectName("history-table")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setShowGrid(False)
        rows = self.table.verticalHeader()
        rows.setVisible(False)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 8)
        columns = self.table.horizontalHeader()
        columns.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        columns.setSectionResizeMode(TITLE, QHeaderView.ResizeMode.Stretch)
        for column, width in ((WORKSPACE, 120), (FIRST, 130), (LAST, 130), (MODELS, 150)):
            columns.resizeSection(column, width)
        for column in (TURNS, TOKENS_IN, TOKENS_OUT, FAILURES):
            columns.resizeSection(column, 80)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(LAST, Qt.SortOrder.DescendingOrder)

        self.timeline = TimelineView()
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.timeline)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.addLayout(self._filter_rows[0])
        layout.addLayout(self._filter_rows[1])
        layout.addWidget(splitter, 1)
        self.setCentralWidget(central)
        self.count_label = QLabel("")
        self.count_label.setObjectName("history-count")
        self.statusBar().addPermanentWidget(self.count_label)

        self._reload_timer = QTimer(self)
        self._reload_timer.setSingleShot(True)
        self._reload_timer.setInterval(debounce_ms)
        self._reload_timer.timeout.connect(self.reload)
        self._build_actions()
        self._wire_filters()
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row)
        self.table.doubleClicked.connect(lambda _i: self.timeline.tree.setFocus())
        self.reload()

    # -- building ----------------------------------------------------------------------------------

    def _build_filters(self, providers: Sequence[str]) -> None:
        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("history-search")
        self.search_edit.setPlaceholderText("Search titles and content")
        self.search_edit.setClearButtonEnabled(True)
        today = QDate.currentDate()
        self.since_check = QCheckBox("Since")
        self.since_edit = QDateEdit(today.addMonths(-1))
        self.until_check = QCheckBox("Until")
        self.until_edit = QDateEdit(today)
        for edit in (self.since_edit, self.until_edit):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setEnabled(False)
        self.provider_box = _any_combo("Any provider", "filter-provider")
        self.set_providers(providers)
        self.model_box = _any_combo("Any model", "filter-model")
        self.workspace_box = _any_combo("Any workspace", "filter-workspace")
        self.project_box = _any_combo("Any project", "filter-project")
        self.status_box = _choice_combo(_STATUSES, "filter-status")
        self.verdict_box = _choice_combo(_VERDICTS, "filter-verdict")
        self.tools_check = QCheckBox("Has tool calls")
        self.tools_check.setObjectName("filter-tools")

        first = QHBoxLayout()
        first.addWidget(self.search_edit, 1)
        first.addWidget(self.since_check)
        first.addWidget(self.since_edit)
        first.addWidget(self.until_check)
        first.addWidget(self.until_edit)
        second = QHBoxLayout()
        for box in (self.provider_box, self.model_box, self.workspace_box, self.project_box):
            second.addWidget(box, 1)
        second.addWidget(self.status_box)
        second.addWidget(self.verdict_box)
        second.addWidget(self.tools_check)
        self._filter_rows = (first, second)

    def _build_actions(self) -> None:
        def action(text: str, slot: Callable[[], Any], shortcut: Any = None) -> QAction:
            act = QAction(text, self)
            if shortcut is not None:
                act.setShortcut(QKeySequence(shortcut))
            act.triggered.connect(lambda _checked=False: slot())
            return act

        self.refresh_action = action("&Refresh", self.reload, QKeySequence.StandardKey.Refresh)
        self.export_selected_action = action(
            "Export &selected conversation(s)…", self.export_selected, "Ctrl+E"
        )
        self.export_shown_action = action("Export all &shown…", self.export_shown)
        self.export_all_action = action("Export &everything…", self.export_all)
        self.verify_action = action("&Verify record", self.verify_selected)
        self.delete_action = action(
            "&Delete conversation…", self.delete_selected, QKeySequence.StandardKey.Delete
        )
        # Delete acts on the table only: in a filter field the key edits text.
        self.delete_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.table.addAction(self.delete_action)
        self.next_match_action = action("&Next match", self.next_match, "F3")
        self.close_action = action("&Close", self.close, QKeySequence.StandardKey.Close)
        # Esc closes it too, as it does a dialog (an open popup or menu takes its Esc first).
        self.close_action.setShortcuts(
            [*QKeySequence.keyBindings(QKeySequence.StandardKey.Close), QKeySequence("Esc")]
        )
        menu = self.menuBar().addMenu("&History")
        entries = [
            self.refresh_action,
            None,
            self.export_selected_action,
            self.export_shown_action,
            self.export_all_action,
            None,
            self.verify_action,
            self.delete_action,
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
        bar = self.addToolBar("History")
        bar.setObjectName("history-toolbar")
        bar.setMovable(False)
        bar.addActions(
            [
                self.refresh_action,
                self.export_selected_action,
                self.verify_action,
                self.delete_action,
            ]
        )

    def _wire_filters(self) -> None:
        self.search_edit.textChanged.connect(lambda _t: self._schedule_reload())
        for check, edit in (
            (self.since_check, self.since_edit),
            (self.until_check, self.until_edit),
        ):
            check.toggled.connect(edit.setEnabled)
            check.toggled.connect(lambda _on: self._schedule_reload())
            edit.dateChanged.connect(lambda _d: self._schedule_reload())
        for box in (self.provider_box, self.model_box, self.workspace_box, self.project_box):
            box.currentTextChanged.connect(lambda _t: self._schedule_reload())
        for box in (self.status_box, self.verdict_box):
            box.currentIndexChanged.connect(lambda _i: self._schedule_reload())
        self.tools_check.toggled.connect(lambda _on: self._schedule_reload())

    def set_providers(self, names: Sequence[str]) -> None:
        """Offer these provider names in the provider filter (any other may still be typed)."""
        _offer(self.provider_box, names)

    # -- filters and loading -----------------------------------------------------------------------

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
        )

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
        self.loading = True
        self.count_label.setText("Loading…")
        limit = None if text.strip() else FIRST_PAGE

        def first_page(listing: Listing) -> None:
            if seq != self._load_seq:
                return  # a newer load started
            self._show_listing(listing, first=True)
            if not listing.complete:
                self._submit(
                    lambda: load_listing(store, text, filters),
                    lambda rest: self._show_listing(rest) if seq == self._load_seq else None,
                    lambda exc: self._load_failed(seq, exc),
                )

        self._submit(
            lambda: load_listing(store, text, filters, limit),
            first_page,
            lambda exc: self._load_failed(seq, exc),
        )

    def _show_listing(self, listing: Listing, *, first: bool = False) -> None:
        current = self.current_session_id()
        shown = self.model.ids()
        if (
            not first
            and shown
            and self.model.is_sorted_by_default()
            and [s.id for s in listing.rows[: len(shown)]] == shown
        ):
            # The rest of what is shown: append, so scroll position and selection stay.
            self.model.append_rows(listing.rows[len(shown) :])
        else:
            self.model.set_rows(listing.rows, listing.snippets)
            self._hits = listing.hits
            if current:
                self.select_session(current)
            self._show_matches()
        self.loading = not listing.complete
        if listing.complete:
            self._offer_choices(listing.rows)
        count = self.model.rowCount()
        self.count_label.setText(_count(count, "conversation") + ("…" if self.loading else ""))
        self.sig_loaded.emit(count, listing.complete)

    def _load_failed(self, seq: int, exc: BaseException) -> None:
        if seq != self._load_seq:
            return
        self.loading = False
        self.count_label.setText("")
        self._error(f"Cannot read the history: {exc}")

    def _offer_choices(self, rows: Sequence[SessionSummary]) -> None:
        """Add what the listing holds to the filter combos (choices only grow: a filtered listing
        must not hide the other values)."""
        for box, found in (
            (self.model_box, {m for s in rows for m in s.models}),
            (self.workspace_box, {w for s in rows for w in s.workspaces}),
            (self.project_box, {s.project_id for s in rows if s.project_id}),
        ):
            have = {box.itemText(i) for i in range(box.count())} - {""}
            _offer(box, sorted(have | found))

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
        self.timeline.clear(f"Loading “{summary.title or '(untitled)'}”…")
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
                self.timeline.clear(f"Cannot read this conversation: {exc}")

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
            self._error("Select a conversation to export.")
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
            self._error("No conversation is shown.")
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
        """Where and how to export: the given path (format from ``fmt`` or its suffix), or what
        the user picks in a save dialog. None when cancelled or the format is not available."""
        formats = _export_formats()
        if path is None:
            safe = "".join(c if c.isalnum() or c in " -_." else "_" for c in name).strip()
            chosen, selected = QFileDialog.getSaveFileName(
                self,
                "Export",
                str(Path.home() / f"{(safe or 'export')[:60]}.json"),
                ";;".join(formats),
            )
            if not chosen:
                return None
            target = Path(chosen)
            fmt = formats.get(selected) or _format_of(target)
            if not target.suffix:
                target = target.with_suffix("." + fmt)
        else:
            target = Path(path)
            fmt = fmt or _format_of(target)
        if fmt not in formats.values():
            self._error(f"This Parley cannot export {fmt} yet; use JSON.")
            return None
        return target, fmt

    def _write_export(self, render: Callable[[], str], path: Path) -> None:
        self.statusBar().showMessage(f"Exporting to {path}…")

        def done(written: Path) -> None:
            self.statusBar().showMessage(f"Exported to {written}", 10_000)
            self.sig_exported.emit(str(written))

        self._submit(
            lambda: write_atomically(path, render()),
            done,
            lambda exc: self._error(f"Cannot export to {path}: {exc}"),
        )

    # -- verify and delete -------------------------------------------------------------------------

    def verify_selected(self) -> None:
        """Recompute the current conversation's hash chain (on a worker) and say what it found."""
        session_id = self.current_session_id()
        if not session_id:
            self._error("Select a conversation to verify.")
            return
        store = self._store

        def shown(report: ChainReport) -> None:
            self.last_chain_report = report
            if report.ok:
                text = f"The record is intact: {report.events_checked} events checked."
            else:
                text = (
                    f"The record does not verify: event {report.first_bad_event_id} — "
                    f"{report.reason} ({report.events_checked} events checked)."
                )
            self.statusBar().showMessage(text, 15_000)
            self._inform("Verify record", text, ok=report.ok)
            self.sig_chain_verified.emit(report)

        self._submit(
            lambda: store.verify_chain(session_id),
            shown,
            lambda exc: self._error(f"Cannot verify: {exc}"),
        )

    def delete_selected(self, *, confirm: bool = True) -> None:
        """Delete the current conversation after asking (on a worker)."""
        summary = self.model.summary_at(self.table.currentIndex().row())
        if summary is None:
            self._error("Select a conversation to delete.")
            return
        if confirm and not self._confirm(
            "Delete conversation",
            f"Delete “{summary.title or '(untitled)'}” and all of its {summary.turns} turns? "
            "This cannot be undone.",
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
            self.statusBar().showMessage(f"Deleted “{summary.title}” ({count} events).", 10_000)
            self.sig_session_deleted.emit(session_id)

        self._submit(
            lambda: store.delete_session(session_id),
            deleted,
            lambda exc: self._error(f"Cannot delete: {exc}"),
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


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def _format_of(path: Path) -> str:
    suffix = path.suffix.lower().lstrip(".")
    return {"markdown": "md", "htm": "html"}.get(suffix, suffix or "json")

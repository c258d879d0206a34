"""History window: thousands of conversations in the table, against a bare ``QTableView``.

What it measures, offscreen unless ``--display``, over a real ``SqliteEventStore`` holding
``--sessions`` conversations (default 5,000) written through the store's own API
(``create_session`` and ``append``: one or two turns each, 5 to 13 events per conversation, some
failing, some with tool calls, verdicts and attachments; one of them is a long conversation of
``--long-events`` events; ``--dir`` keeps the database for the next run, which then skips writing
it):

- **first rows**: from constructing ``HistoryWindow`` (real ``WorkerBridge``, the store read on its
  workers) to the first paint of the table's viewport with rows in it; and to the whole listing
  shown (every row in the model);
- **UI-thread stalls**: a 5 ms ``PreciseTimer`` on the UI thread records when it fires; the largest
  gap between two firings is the longest time the UI thread could not serve events. Reported for
  the load (construction to whole listing), the scroll, the sort and the timeline;
- **scroll**: from the top, page by page (``scrollbar.setValue(value + pageStep)`` then
  ``processEvents()``, so each page is painted) to the bottom: total time, median per page, and
  the largest gap; then one ``scrollToTop``/``scrollToBottom`` jump each;
- **sort**: a click's worth of sorting (``sortByColumn``) by title, then by tokens in, with a paint;
- **timeline**: selecting a row in the middle of the table to its timeline shown (events read on
  a worker, the tree filled) and painted; the same for the long conversation;
- **search**: typing a query into the filter bar's search field to the narrowed listing shown
  (content search and title match on a worker; includes the 250 ms debounce).

Baseline, in the same run: a bare ``QTableView`` (same viewport size, same fixed row height, no
grid) over a minimal ``QAbstractTableModel`` whose rows are the very same summaries already
formatted as tuples of strings in memory (no store, no worker, no lazy formatting); its
"first rows" is construction + model + show to its first viewport paint. Ratios are Parley / bare.
Parley's first rows include reading the first page from SQLite on a worker; the bare table's do
not, so that ratio says what the store and the window cost together.

Each measurement is repeated ``--rounds`` times with a fresh window (Parley and bare alternating,
after one unreported warm-up round of each) and the median is printed (min-max in brackets).

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/history_window.py \\
        [--sessions 5000] [--rounds 3] [--dir DIR] [--display]
"""

from __future__ import annotations

import argparse
import os
import platform
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

TIMEOUT_S = 120.0


# -- the history ----------------------------------------------------------------------------------


def generate(store: Any, count: int) -> int:
    """Write ``count`` conversations through the store's API; return the events written."""
    from parley.domain.transcript.canonical import (
        ActionVerdict,
        AssistantText,
        AttachmentAdded,
        Notice,
        ToolCall,
        ToolResult,
        TurnFinished,
        TurnStarted,
        Usage,
        UserMessage,
        mint_call_id,
        mint_id,
    )

    written = 0
    models = ("gpt-4o-mini", "claude-sonnet", "llama3.1:8b", "qwen2.5-coder")
    for i in range(count):
        sid = store.create_session(f"Conversation {i:05d}: parsing dates, part {i % 97}").id
        events: list[tuple[str, Any]] = []
        for turn in range(1 + i % 2):
            tid = mint_id()
            model = models[i % len(models)]
            events.append((tid, TurnStarted(provider_id=f"provider-{i % 3}", model=model)))
            events.append(
                (tid, UserMessage(text=f"Question {turn} in {i}: how do I parse ISO dates?"))
            )
            if i % 20 == 0 and turn == 0:
                events.append(
                    (
                        tid,
                        AttachmentAdded(
                            name="dates.csv",
                            sha256=f"{i:064x}",
                            media_type="text/csv",
                            size=2048,
                            extractor="csv",
                            chars=2000,
                            text="date,value\n2026-01-01,1\n",
                        ),
                    )
                )
            if i % 4 == 0 and turn == 0:
                call = mint_call_id()
                decision = "refused" if i % 12 == 0 else "ran"
                events.append((tid, ToolCall(call, "run_command", {"command": "ls -la src"})))
                events.append(
                    (
                        tid,
                        ActionVerdict(call, "run_command", "read", "R1", "lists", decision),
                    )
                )
                events.append((tid, ToolResult(call, "a.py\nb.py", decision == "ran")))
            if i % 9 == 0 and turn == 0:
                events.append((tid, Notice(text="the provider went away", level="error")))
                events.append((tid, TurnFinished(status="failed", error="reset", duration_s=0.3)))
                continue
            events.append(
                (tid, AssistantText(text=f"Use datetime.fromisoformat ({i})", model=model))
            )
            events.append(
                (
                    tid,
                    TurnFinished(
                        status="completed",
                        usage=Usage(input_tokens=500 + i, output_tokens=80 + turn),
                        duration_s=1.5,
                    ),
                )
            )
        for tid, event in events:
            store.append(sid, tid, event)
        written += len(events)
    return written


LONG_TITLE = "Long conversation"


def generate_long(store: Any, events: int) -> str:
    """One conversation of about ``events`` events (turns of 4 events, each with an answer of
    about 1,000 characters); returns its id."""
    from parley.domain.transcript.canonical import (
        AssistantText,
        TurnFinished,
        TurnStarted,
        Usage,
        UserMessage,
        mint_id,
    )

    sid = store.create_session(LONG_TITLE).id
    answer = "Use datetime.fromisoformat and keep every value in UTC. " * 18
    for turn in range(max(1, events // 4)):
        tid = mint_id()
        store.append(sid, tid, TurnStarted(provider_id="provider-0", model="gpt-4o-mini"))
        store.append(sid, tid, UserMessage(text=f"Question {turn}: and what about time zones?"))
        store.append(sid, tid, AssistantText(text=f"{turn}: {answer}", model="gpt-4o-mini"))
        store.append(
            sid,
            tid,
            TurnFinished(status="completed", usage=Usage(900, 250), duration_s=2.0),
        )
    return sid


# -- probes ---------------------------------------------------------------------------------------


class GapProbe:
    """A 5 ms precise timer on the UI thread; ``largest()`` is the longest wait between firings."""

    def __init__(self) -> None:
        from PySide6.QtCore import Qt, QTimer

        self._timer = QTimer()
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.setInterval(5)
        self._timer.timeout.connect(self._tick)
        self._last = 0.0
        self._largest = 0.0

    def _tick(self) -> None:
        now = time.perf_counter()
        self._largest = max(self._largest, now - self._last)
        self._last = now

    def start(self) -> None:
        self._last = time.perf_counter()
        self._largest = 0.0
        self._timer.start()

    def stop(self) -> float:
        """Stop; the largest gap in seconds, counting the time since the last firing."""
        self._tick()
        self._timer.stop()
        return self._largest


class PaintWatch:
    """Records when a widget is next painted."""

    def __init__(self, widget: Any) -> None:
        from PySide6.QtCore import QEvent, QObject

        watch = self

        class _Filter(QObject):
            def eventFilter(self, obj: Any, event: Any) -> bool:
                if event.type() == QEvent.Type.Paint and watch.armed():
                    watch.painted = time.perf_counter()
                return False

        self.painted = 0.0
        self.condition: Callable[[], bool] = lambda: True
        self._filter = _Filter()
        widget.installEventFilter(self._filter)

    def armed(self) -> bool:
        return not self.painted and self.condition()

    def arm(self, condition: Callable[[], bool] = lambda: True) -> None:
        self.painted = 0.0
        self.condition = condition


def pump_until(app: Any, done: Callable[[], bool], what: str) -> None:
    deadline = time.perf_counter() + TIMEOUT_S
    while not done():
        app.processEvents()
        if time.perf_counter() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        time.sleep(0.0005)


def settle(app: Any, seconds: float = 0.2) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.002)


def scroll_through(app: Any, view: Any) -> tuple[float, float, int]:
    """Page down from the top to the bottom; (total s, median page s, pages)."""
    bar = view.verticalScrollBar()
    bar.setValue(0)
    app.processEvents()
    pages: list[float] = []
    start = time.perf_counter()
    while bar.value() < bar.maximum():
        t = time.perf_counter()
        bar.setValue(bar.value() + bar.pageStep())
        app.processEvents()
        pages.append(time.perf_counter() - t)
    return time.perf_counter() - start, statistics.median(pages) if pages else 0.0, len(pages)


def jump(app: Any, view: Any) -> float:
    t = time.perf_counter()
    view.scrollToTop()
    app.processEvents()
    view.scrollToBottom()
    app.processEvents()
    return time.perf_counter() - t


def timed_sort(app: Any, view: Any, column: int, order: Any) -> float:
    t = time.perf_counter()
    view.sortByColumn(column, order)
    view.viewport().repaint()
    app.processEvents()
    return time.perf_counter() - t


# -- the two tables --------------------------------------------------------------------------------


def bare_model_class() -> type:
    from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

    class BareModel(QAbstractTableModel):
        """Rows as tuples of strings; sorts them in place."""

        def __init__(self, rows: list[tuple[str, ...]], headers: Sequence[str]) -> None:
            super().__init__()
            self._rows = rows
            self._headers = list(headers)

        def rowCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
            return 0 if parent.isValid() else len(self._rows)

        def columnCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
            return 0 if parent.isValid() else len(self._headers)

        def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
            if role == Qt.ItemDataRole.DisplayRole:
                return self._rows[index.row()][index.column()]
            return None

        def headerData(self, section: int, orientation: Any, role: int = 0) -> Any:
            if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
                return self._headers[section]
            return None

        def sort(self, column: int, order: Any = Qt.SortOrder.AscendingOrder) -> None:
            self.layoutAboutToBeChanged.emit()
            self._rows.sort(key=lambda r: r[column], reverse=order == Qt.SortOrder.DescendingOrder)
            self.layoutChanged.emit()

    return BareModel


def run_bare(app: Any, rows: list[tuple[str, ...]], headers: Sequence[str], size: Any,
             row_height: int) -> dict[str, float]:  # fmt: skip
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QHeaderView, QTableView

    probe = GapProbe()
    out: dict[str, float] = {}
    probe.start()
    t0 = time.perf_counter()
    view = QTableView()
    watch = PaintWatch(view.viewport())
    watch.arm()
    model = bare_model_class()(list(rows), headers)
    view.setModel(model)
    view.setShowGrid(False)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    view.verticalHeader().setDefaultSectionSize(row_height)
    view.setSortingEnabled(True)
    view.resize(size)
    view.show()
    pump_until(app, lambda: bool(watch.painted), "the bare table's first paint")
    out["first rows"] = watch.painted - t0
    out["whole listing"] = out["first rows"]
    out["load gap"] = probe.stop()
    settle(app)

    probe.start()
    out["scroll"], out["page"], pages = scroll_through(app, view)
    out["scroll gap"] = probe.stop()
    out["pages"] = pages
    out["jump"] = jump(app, view)

    probe.start()
    out["sort title"] = timed_sort(app, view, 0, Qt.SortOrder.AscendingOrder)
    out["sort tokens"] = timed_sort(app, view, 6, Qt.SortOrder.DescendingOrder)
    out["sort gap"] = probe.stop()
    view.close()
    view.deleteLater()
    settle(app, 0.05)
    return out


def run_parley(app: Any, store: Any, long_id: str) -> tuple[dict[str, float], Any, int]:
    from PySide6.QtCore import Qt

    from parley.ui.bridge import WorkerBridge
    from parley.ui.history import LAST, TITLE, TOKENS_IN, HistoryWindow

    bridge = WorkerBridge(None)  # type: ignore[arg-type]  # background jobs only
    probe = GapProbe()
    out: dict[str, float] = {}
    loaded: list[tuple[float, int, bool]] = []
    probe.start()
    t0 = time.perf_counter()
    win = HistoryWindow(store, bridge.submit)
    win.sig_loaded.connect(lambda n, complete: loaded.append((time.perf_counter(), n, complete)))
    watch = PaintWatch(win.table.viewport())
    watch.arm(lambda: win.model.rowCount() > 0)
    win.show()
    pump_until(app, lambda: bool(watch.painted), "the first rows painted")
    out["first rows"] = watch.painted - t0
    pump_until(app, lambda: bool(loaded) and loaded[-1][2], "the whole listing")
    out["whole listing"] = loaded[-1][0] - t0
    out["load gap"] = probe.stop()
    rows = win.model.rowCount()
    settle(app)

    probe.start()
    out["scroll"], out["page"], pages = scroll_through(app, win.table)
    out["scroll gap"] = probe.stop()
    out["pages"] = pages
    out["jump"] = jump(app, win.table)

    probe.start()
    out["sort title"] = timed_sort(app, win.table, TITLE, Qt.SortOrder.AscendingOrder)
    out["sort tokens"] = timed_sort(app, win.table, TOKENS_IN, Qt.SortOrder.DescendingOrder)
    out["sort gap"] = probe.stop()
    win.table.sortByColumn(LAST, Qt.SortOrder.DescendingOrder)
    settle(app, 0.05)

    shown: list[tuple[float, int]] = []
    win.sig_timeline_shown.connect(lambda _sid, n: shown.append((time.perf_counter(), n)))
    tree_watch = PaintWatch(win.timeline.tree.viewport())
    tree_watch.arm(lambda: bool(shown))
    probe.start()
    t = time.perf_counter()
    win.select_row(rows // 2)
    pump_until(app, lambda: bool(tree_watch.painted), "the timeline painted")
    out["timeline"] = tree_watch.painted - t
    out["timeline events"] = shown[-1][1]
    out["timeline gap"] = probe.stop()

    shown.clear()
    tree_watch.arm(lambda: bool(shown))
    probe.start()
    t = time.perf_counter()
    win.select_session(long_id)
    pump_until(app, lambda: bool(tree_watch.painted), "the long timeline painted")
    out["long timeline"] = tree_watch.painted - t
    out["long timeline events"] = shown[-1][1]
    out["long timeline gap"] = probe.stop()

    # The search field narrows the table: content search plus title match, on a worker.
    loaded.clear()
    probe.start()
    t = time.perf_counter()
    win.search_edit.setText("part 42")
    pump_until(app, lambda: bool(loaded) and loaded[-1][2], "the search listing")
    out["search"] = loaded[-1][0] - t  # includes the 250 ms debounce
    out["search rows"] = loaded[-1][1]
    out["search gap"] = probe.stop()

    headers = [win.model.headerData(c, Qt.Orientation.Horizontal) for c in range(9)]
    size = win.table.size()
    row_height = win.table.verticalHeader().defaultSectionSize()
    all_rows = list(store.summaries())
    win.hide()
    win.deleteLater()
    bridge.shutdown()
    settle(app, 0.05)
    return out, (headers, size, row_height, all_rows), rows


def formatted(rows: Sequence[Any]) -> list[tuple[str, ...]]:
    from parley.ui.history import COLUMNS

    return [tuple(column.show(s) for column in COLUMNS) for s in rows]


# -- main -----------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=5000, help="conversations in the store")
    parser.add_argument(
        "--long-events", type=int, default=2000, help="events in the one long conversation"
    )
    parser.add_argument("--rounds", type=int, default=3, help="fresh windows per table kind")
    parser.add_argument("--dir", default=None, help="keep the database here (reused next run)")
    parser.add_argument("--display", action="store_true", help="use the real display")
    args = parser.parse_args()
    if not args.display:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6 import __version__ as pyside_version
    from PySide6.QtCore import qVersion
    from PySide6.QtWidgets import QApplication

    from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore

    app = QApplication.instance() or QApplication([])
    print(
        f"history window benchmark - {os.cpu_count()} cores, {platform.machine()}, Python"
        f" {platform.python_version()}, PySide6 {pyside_version} / Qt {qVersion()}, SQLite"
        f" {sqlite3.sqlite_version}, platform {app.platformName()}"
    )
    tmp = None
    if args.dir:
        folder = Path(args.dir)
        folder.mkdir(parents=True, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="parley-bench-")
        folder = Path(tmp.name)
    store = SqliteEventStore(folder / f"history-{args.sessions}.db")
    try:
        have = store.list_sessions()
        if not have:
            t = time.perf_counter()
            written = generate(store, args.sessions - 1)
            long_id = generate_long(store, args.long_events)
            written += len(store.events(long_id))
            took = time.perf_counter() - t
            print(
                f"wrote {args.sessions:,} conversations ({written:,} events) through the"
                f" store in {took:.1f} s ({written / took:,.0f} events/s)"
            )
        elif len(have) == args.sessions:
            long_id = next(r.id for r in have if r.title == LONG_TITLE)
            print(f"reusing {len(have):,} conversations in {folder}")
        else:
            raise SystemExit(f"{folder} holds {len(have)} conversations, not {args.sessions}")

        parley: list[dict[str, float]] = []
        bare: list[dict[str, float]] = []
        shape = None
        for round_no in range(args.rounds + 1):  # round 0 warms up (fonts, styles, caches)
            result, shape, rows = run_parley(app, store, long_id)
            assert rows == args.sessions, (rows, args.sessions)
            headers, size, row_height, summaries = shape
            bare_result = run_bare(app, formatted(summaries), headers, size, row_height)
            if round_no:
                parley.append(result)
                bare.append(bare_result)
        report(parley, bare, args.sessions, shape)
    finally:
        store.close()
        if tmp is not None:
            tmp.cleanup()
    return 0


def _med(runs: list[dict[str, float]], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def _span(runs: list[dict[str, float]], key: str, scale: float = 1000) -> str:
    values = [r[key] * scale for r in runs]
    return f"{statistics.median(values):8.1f}  [{min(values):.1f}-{max(values):.1f}]"


def report(parley: list[dict[str, float]], bare: list[dict[str, float]], sessions: int,
           shape: Any) -> None:  # fmt: skip
    _headers, size, row_height, _rows = shape
    print(
        f"{sessions:,} conversations; table viewport {size.width()}x{size.height()}, rows"
        f" {row_height} px, {int(_med(parley, 'pages'))} pages;"
        f" {len(parley)} rounds, median [min-max], ms"
    )
    print(f"{'':34}{'Parley':>26}{'bare QTableView':>28}{'ratio':>8}")
    lines = [
        ("first rows painted", "first rows"),
        ("whole listing shown", "whole listing"),
        ("largest UI gap while loading", "load gap"),
        ("scroll top to bottom, by page", "scroll"),
        ("  median page (scroll + paint)", "page"),
        ("  largest UI gap while scrolling", "scroll gap"),
        ("jump top, then bottom", "jump"),
        ("sort by title", "sort title"),
        ("sort by tokens in", "sort tokens"),
        ("  largest UI gap while sorting", "sort gap"),
    ]
    for label, key in lines:
        ratio = _med(parley, key) / max(_med(bare, key), 1e-9)
        print(f"{label:<34}{_span(parley, key):>26}{_span(bare, key):>28}{ratio:7.2f}x")
    events = int(_med(parley, "timeline events"))
    print(f"{'open a timeline (' + str(events) + ' events)':<34}{_span(parley, 'timeline'):>26}")
    print(f"{'  largest UI gap meanwhile':<34}{_span(parley, 'timeline gap'):>26}")
    events = int(_med(parley, "long timeline events"))
    print(
        f"{'open a timeline (' + f'{events:,}' + ' events)':<34}"
        f"{_span(parley, 'long timeline'):>26}"
    )
    print(f"{'  largest UI gap meanwhile':<34}{_span(parley, 'long timeline gap'):>26}")
    rows = int(_med(parley, "search rows"))
    print(f"{'search text → listing (' + str(rows) + ' rows)':<34}{_span(parley, 'search'):>26}")
    print(f"{'  largest UI gap meanwhile':<34}{_span(parley, 'search gap'):>26}")
    print("(search includes the 250 ms debounce; the bare table has no store and no worker)")


if __name__ == "__main__":
    raise SystemExit(main())

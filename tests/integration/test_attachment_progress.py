"""Progress and Cancel for a long attachment read (issue 16), through real child processes.

The child reports pages done of total on stderr (``worker.ProgressLines``); the reader hands those
to ``read``'s ``on_progress`` while it waits, and a set ``cancel`` kills the child at once with the
result ``cancelled``. The PDF tests read a real 300-page PDF written by the test with pypdf, in a
real worker, so they depend on the PDF extractor calling ``report_progress`` per page (checked at
integration). The channel itself is also tested with a tiny fake worker that reports through the
same sink, so a change in an extractor cannot hide a broken channel. No timings are asserted
beyond "promptly" (seconds, not the read's length)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.reader import (
    _PROJECT_ROOT,
    PROGRESS_PREFIX,
    SubprocessAttachmentReader,
    _child_environment,
)
from parley.infrastructure.attachments.store import ContentStore
from parley.infrastructure.attachments.worker import ProgressLines

LIMITS = AttachmentLimits()
PAGES = 300
SHEETS = 120


def reports_progress(extractor: str) -> bool:
    """Whether ``extractors/<extractor>.py`` calls ``report_progress`` (added by another change;
    until it is, the tests of that format's real reading are skipped, not failed)."""
    source = Path(__file__).parents[2] / "infrastructure/attachments/extractors" / f"{extractor}.py"
    return "report_progress(" in source.read_text(encoding="utf-8")


needs_pdf_progress = pytest.mark.skipif(
    not reports_progress("pdf"),
    reason="INTEGRATION CHECK: extractors/pdf.py does not call report_progress per page yet",
)
needs_xlsx_progress = pytest.mark.skipif(
    not reports_progress("xlsx"),
    reason="INTEGRATION CHECK: extractors/xlsx.py does not call report_progress per sheet yet",
)


def write_pdf(path: Path, pages: int) -> Path:
    """A PDF of ``pages`` pages, each with one line of text (``Page N of M``), made with pypdf."""
    from pypdf import PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DecodedStreamObject,
        DictionaryObject,
        NameObject,
        NumberObject,
    )

    writer = PdfWriter()
    font = writer._add_object(
        DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Font"),
                NameObject("/Subtype"): NameObject("/Type1"),
                NameObject("/BaseFont"): NameObject("/Helvetica"),
            }
        )
    )
    for number in range(1, pages + 1):
        page = writer.add_blank_page(width=612, height=792)
        stream = DecodedStreamObject()
        words = " ".join(f"word{number}x{i}" for i in range(40))
        stream.set_data(
            f"BT /F1 12 Tf 72 720 Td (Page {number} of {pages}) Tj ET\n"
            f"BT /F1 8 Tf 72 700 Td ({words}) Tj ET".encode()
        )
        page[NameObject("/Contents")] = writer._add_object(stream)
        page[NameObject("/Resources")] = DictionaryObject(
            {
                NameObject("/Font"): DictionaryObject({NameObject("/F1"): font}),
                NameObject("/ProcSet"): ArrayObject([NameObject("/PDF"), NameObject("/Text")]),
            }
        )
        page[NameObject("/Rotate")] = NumberObject(0)
    with path.open("wb") as fh:
        writer.write(fh)
    return path


def write_xlsx(path: Path, sheets: int) -> Path:
    """A workbook of ``sheets`` sheets, each with a small table (openpyxl)."""
    from openpyxl import Workbook

    book = Workbook()
    first = book.active
    assert first is not None
    book.remove(first)
    for number in range(1, sheets + 1):
        sheet = book.create_sheet(f"S{number}")
        sheet.append(["sheet", "row", "value"])
        for row in range(1, 21):
            sheet.append([number, row, row * number])
    book.save(path)
    return path


class RecordingReader(SubprocessAttachmentReader):
    """The real reader, remembering every child it starts (to check that one was killed)."""

    def __init__(self, store: ContentStore, **kwargs: object) -> None:
        super().__init__(store, **kwargs)  # type: ignore[arg-type]
        self.started: list[subprocess.Popen] = []

    def _start_child(self, preload: tuple[str, ...]) -> subprocess.Popen:
        proc = super()._start_child(preload)
        self.started.append(proc)
        return proc


#: A fake worker: reads the request like the real one, then reports ``pages`` of ``total`` (0:
#: unknown) through the real sink (``ProgressLines`` via ``set_progress_sink``/``report_progress``),
#: one every ``delay`` s, and prints a result. It stands in for an extractor, not the channel.
FAKE_WORKER = """
import json, sys, time
sys.path.insert(0, sys.argv[1])
from parley.infrastructure.attachments.extractors.common import report_progress, set_progress_sink
from parley.infrastructure.attachments.worker import ProgressLines
request = json.loads(sys.stdin.buffer.read())
pages, delay, total = int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
sink = ProgressLines(sys.stderr.buffer)
set_progress_sink(sink)
sys.stderr.buffer.write(b"a library says something\\n")
for n in range(1, pages + 1):
    time.sleep(delay)
    report_progress(n, total)
sink.flush()
sys.stdout.write(json.dumps({"extractor": "fake", "text": "done", "units": pages,
                             "unit": "pages"}))
"""


class FakeWorkerReader(RecordingReader):
    """The real reader (pipes, threads, limits, cancel) driving ``FAKE_WORKER``."""

    def __init__(
        self, store: ContentStore, pages: int, delay: float, total: int | None = None
    ) -> None:
        super().__init__(store)
        self.pages, self.delay = pages, delay
        self.total = pages if total is None else total

    def _start_child(self, preload: tuple[str, ...]) -> subprocess.Popen:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-I",
                "-c",
                FAKE_WORKER,
                _PROJECT_ROOT,
                str(self.pages),
                str(self.delay),
                str(self.total),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=os.name == "posix",
            env=_child_environment(),
        )
        self.started.append(proc)
        return proc


@pytest.fixture
def store(tmp_path: Path) -> ContentStore:
    return ContentStore(tmp_path / "data")


@pytest.fixture
def reader(store: ContentStore) -> Iterator[RecordingReader]:
    r = RecordingReader(store)
    yield r
    r.close()


@pytest.fixture(scope="module")
def long_pdf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_pdf(tmp_path_factory.mktemp("pdf") / "long-300-pages.pdf", PAGES)


def gone(proc: subprocess.Popen) -> bool:
    """The child is dead and reaped: its pid no longer names a process of ours."""
    if proc.returncode is None:
        return False
    try:
        os.kill(proc.pid, 0)
    except ProcessLookupError:
        return True
    return False


class Calls:
    """``on_progress`` calls, from whichever thread makes them."""

    def __init__(self, on_first: Callable[[], None] | None = None) -> None:
        self.items: list[tuple[int, int]] = []
        self._first = on_first
        self.lock = threading.Lock()

    def __call__(self, done: int, total: int) -> None:
        with self.lock:
            self.items.append((done, total))
            first = len(self.items) == 1
        if first and self._first is not None:
            self._first()


def assert_increasing(calls: list[tuple[int, int]], total: int) -> None:
    assert calls, "no progress arrived"
    assert {t for _, t in calls} == {total}
    dones = [d for d, _ in calls]
    assert dones == sorted(dones) and len(set(dones)) == len(dones), dones
    assert all(1 <= d <= total for d in dones)


# -- the sink in the child ---------------------------------------------------------------------


def test_progress_lines_are_throttled_and_end_with_the_last() -> None:
    out = io.BytesIO()
    sink = ProgressLines(out, interval_s=3600)  # nothing but the first and the last get through
    for n in range(1, 301):
        sink(n, 300)
    sink.flush()
    lines = out.getvalue().splitlines()
    assert lines == [PROGRESS_PREFIX + b"1 300", PROGRESS_PREFIX + b"300 300"]


def test_progress_held_back_is_sent_at_the_end_when_the_total_is_unknown() -> None:
    out = io.BytesIO()
    sink = ProgressLines(out, interval_s=3600)
    for n in range(1, 8):
        sink(n, 0)
    sink.flush()
    assert out.getvalue().splitlines() == [PROGRESS_PREFIX + b"1 0", PROGRESS_PREFIX + b"7 0"]


def test_progress_is_at_most_about_ten_lines_a_second(store: ContentStore, tmp_path: Path) -> None:
    path = tmp_path / "doc.txt"
    path.write_text("x")
    fake = FakeWorkerReader(store, pages=200, delay=0.005)  # about 1 s of pages
    calls = Calls()
    started = time.monotonic()
    try:
        got = fake.read(path, LIMITS, threading.Event(), on_progress=calls)
    finally:
        fake.close()
    took = time.monotonic() - started
    assert got.ok and got.text == "done", (got.error_kind, got.error)
    assert_increasing(calls.items, 200)
    assert calls.items[-1] == (200, 200)
    assert len(calls.items) <= 10 * took + 2


# -- the real PDF reader (needs report_progress in the PDF extractor) -------------------------


@needs_pdf_progress
def test_a_long_pdf_reports_its_pages_in_order(reader: RecordingReader, long_pdf: Path) -> None:
    calls = Calls()
    got = reader.read(long_pdf, LIMITS, threading.Event(), on_progress=calls)
    assert got.ok, (got.error_kind, got.error)
    assert got.units == PAGES and got.unit == "pages"
    assert f"Page {PAGES} of {PAGES}" in got.text
    assert_increasing(calls.items, PAGES)
    assert calls.items[-1] == (PAGES, PAGES)


@needs_pdf_progress
def test_cancel_kills_the_child_at_once_and_says_cancelled(
    reader: RecordingReader, long_pdf: Path
) -> None:
    cancel = threading.Event()
    calls = Calls(on_first=cancel.set)  # cancel as soon as the reading is under way
    started = time.monotonic()
    got = reader.read(long_pdf, LIMITS, cancel, on_progress=calls)
    took = time.monotonic() - started

    assert got.error_kind == "cancelled"
    assert got.error == f"reading {long_pdf.name} was cancelled"
    assert got.text == "" and got.chars == 0
    assert calls.items and calls.items[0][1] == PAGES
    child = reader.started[0]
    assert gone(child)  # killed and reaped before read returned
    assert took < 10

    # Nothing of the cancelled reading was kept: the next read reads the whole file.
    again = reader.read(long_pdf, LIMITS, threading.Event())
    assert again.ok and again.units == PAGES


@needs_xlsx_progress
def test_a_workbook_reports_its_sheets_in_order_and_cancel_stops_it(
    reader: RecordingReader, tmp_path: Path
) -> None:
    book = write_xlsx(tmp_path / "many-sheets.xlsx", SHEETS)
    calls = Calls()
    got = reader.read(book, LIMITS, threading.Event(), on_progress=calls)
    assert got.ok and got.units == SHEETS and got.unit == "sheets", (got.error_kind, got.error)
    assert_increasing(calls.items, SHEETS)
    assert calls.items[-1] == (SHEETS, SHEETS)

    other = write_xlsx(tmp_path / "other.xlsx", SHEETS + 1)  # not remembered: a real child reads
    cancel = threading.Event()
    got = reader.read(other, LIMITS, cancel, on_progress=Calls(on_first=cancel.set))
    # The workbook may be read before the kill lands; when it is not, the child is gone.
    if got.error_kind:
        assert got.error_kind == "cancelled" and got.text == ""
    assert all(gone(p) or p.poll() is None for p in reader.started)  # reaped, or a waiting spare


# -- the channel, with a fake worker -----------------------------------------------------------


def test_cancel_through_the_channel_kills_the_child_promptly(
    store: ContentStore, tmp_path: Path
) -> None:
    path = tmp_path / "slow.txt"
    path.write_text("slow")
    fake = FakeWorkerReader(store, pages=1000, delay=0.05)  # 50 s if not stopped
    cancel = threading.Event()
    calls = Calls(on_first=lambda: threading.Timer(0.2, cancel.set).start())
    started = time.monotonic()
    try:
        got = fake.read(path, LIMITS, cancel, on_progress=calls)
    finally:
        fake.close()
    assert got.error_kind == "cancelled"
    assert time.monotonic() - started < 5
    assert gone(fake.started[0])
    assert_increasing(calls.items, 1000)


def test_time_limit_still_stops_a_child_that_reports_progress(
    store: ContentStore, tmp_path: Path
) -> None:
    path = tmp_path / "slow.txt"
    path.write_text("slow")
    fake = FakeWorkerReader(store, pages=1000, delay=0.05)
    try:
        got = fake.read(path, replace(LIMITS, time_limit_s=1.0), threading.Event())
    finally:
        fake.close()
    assert got.error_kind == "timeout" and "longer than 1 s" in got.error
    assert gone(fake.started[0])


def test_two_readers_of_one_file_share_one_child_and_one_cancel_leaves_the_other(
    store: ContentStore, tmp_path: Path
) -> None:
    path = tmp_path / "shared.txt"
    path.write_text("shared")
    fake = FakeWorkerReader(store, pages=30, delay=0.03)
    first_cancel = threading.Event()
    first_calls, second_calls = Calls(), Calls()
    results: dict[str, object] = {}

    def first() -> None:
        results["first"] = fake.read(path, LIMITS, first_cancel, on_progress=first_calls)

    thread = threading.Thread(target=first)
    thread.start()
    deadline = time.monotonic() + 10
    while not first_calls.items and time.monotonic() < deadline:
        time.sleep(0.01)
    canceller = threading.Timer(0.1, first_cancel.set)  # the composer's read goes away...
    canceller.start()
    second = fake.read(path, LIMITS, threading.Event(), on_progress=second_calls)  # ...the turn's
    thread.join(10)

    assert getattr(results["first"], "error_kind", None) == "cancelled"
    assert second.ok and second.text == "done"
    assert second_calls.items[-1] == (30, 30)
    assert [p.poll() for p in fake.started].count(0) == 1  # one child read it, for both
    # A finished reading is remembered: asking again starts no child (the spare is started
    # after the child's read, so wait for it first).
    deadline = time.monotonic() + 10
    while len(fake.started) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    before = len(fake.started)
    assert fake.read(path, LIMITS, threading.Event()).text == "done"
    time.sleep(0.2)  # a spare may start after a child read, never after a remembered one
    assert len(fake.started) == before
    fake.close()


def test_close_stops_a_reading_under_way(store: ContentStore, tmp_path: Path) -> None:
    path = tmp_path / "slow.txt"
    path.write_text("slow")
    fake = FakeWorkerReader(store, pages=1000, delay=0.05)
    results: list[object] = []
    calls = Calls()
    thread = threading.Thread(
        target=lambda: results.append(fake.read(path, LIMITS, threading.Event(), calls))
    )
    thread.start()
    deadline = time.monotonic() + 10
    while not calls.items and time.monotonic() < deadline:
        time.sleep(0.01)
    fake.close()  # the window closing: the services close the reader
    thread.join(5)
    assert getattr(results[0], "error_kind", None) == "cancelled"
    assert all(gone(p) for p in fake.started)

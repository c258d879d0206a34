"""The chip of a file being read shows how far the reading is, and its ✕ stops it (issue 16).

Real window, real widgets, the real reader (pipes, threads, limits, cancel) driving a tiny fake
worker that reports pages through the real progress sink (``tests/integration/
test_attachment_progress.py``), so the pace is known: the extractors' own progress calls are
tested there, with real documents."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from parley.domain.transcript.canonical import AttachmentAdded
from parley.infrastructure.attachments.store import ContentStore
from parley.ui.controllers.attachments import SHOW_READING_MS
from parley.ui.widgets.attachment_chips import AttachmentChip, progress_text
from tests.integration.test_attachment_progress import FakeWorkerReader, gone
from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready


@pytest.fixture
def use_reader(services, monkeypatch):
    """Make the window's runtime read with ``reader`` (the one the controller and Send use)."""
    readers: list[FakeWorkerReader] = []

    def use(pages: int, delay: float, total: int | None = None) -> FakeWorkerReader:
        reader = FakeWorkerReader(
            ContentStore(services.data_dir), pages=pages, delay=delay, total=total
        )
        readers.append(reader)
        monkeypatch.setattr(services.runtime, "_attachments", reader)
        return reader

    yield use
    for reader in readers:
        reader.close()


def _attach(window, tmp_path: Path, name: str) -> AttachmentChip:
    path = tmp_path / name
    path.write_bytes(b"%PDF-1.4\n% a stand-in: the fake worker does not open it\n")
    window.composer.add_attachments([path])
    chip = window.composer.chips.chip(path)
    assert chip is not None
    return chip


def test_a_long_read_shows_pages_done_of_total_and_the_cross_stops_it(
    qtbot, window, use_reader, tmp_path
):
    reader = use_reader(pages=1000, delay=0.02)  # 20 s if nobody stops it
    chip = _attach(window, tmp_path, "long.pdf")
    assert chip.reading is None  # nothing shown for the first SHOW_READING_MS

    qtbot.waitUntil(lambda: chip.reading is not None and chip.reading[0] > 0, timeout=5000)
    first = chip.reading
    assert first is not None and first[1] == 1000
    assert chip.detail_text() == progress_text(chip.path, *first)
    assert chip.detail_text().startswith("Reading… ") and "/ 1,000 pages" in chip.detail_text()
    assert not chip.progress_bar.isHidden()
    assert chip.progress_bar.maximum() == 1000 and chip.progress_bar.value() == first[0]
    assert chip.remove_button.toolTip() == "Stop reading and remove long.pdf"
    qtbot.waitUntil(lambda: (chip.reading or (0, 0))[0] > first[0], timeout=5000)  # it moves on

    child = reader.started[0]
    assert child.poll() is None  # the child is reading
    with qtbot.waitSignal(window.composer.chips.sig_removed, timeout=2000):
        qtbot.mouseClick(chip.remove_button, Qt.MouseButton.LeftButton)
    assert window.composer.attachments() == []
    assert window.attachments.reads == {}
    qtbot.waitUntil(lambda: gone(child), timeout=3000)  # killed and reaped at once


def test_an_unknown_total_shows_a_moving_bar(qtbot, window, use_reader, tmp_path):
    use_reader(pages=1000, delay=0.02, total=0)
    chip = _attach(window, tmp_path, "book.pdf")
    qtbot.waitUntil(lambda: chip.reading is not None, timeout=5000)
    assert not chip.progress_bar.isHidden()
    assert (chip.progress_bar.minimum(), chip.progress_bar.maximum()) == (0, 0)  # indeterminate
    assert chip.detail_text() == "Reading…"
    qtbot.mouseClick(chip.remove_button, Qt.MouseButton.LeftButton)


def test_a_quick_read_never_shows_reading_and_ends_as_type_and_size(
    qtbot, window, use_reader, tmp_path, monkeypatch
):
    reader = use_reader(pages=3, delay=0.0)
    # The first read starts an interpreter (that alone can take SHOW_READING_MS); later ones get
    # the spare the reader keeps ready.
    _attach(window, tmp_path, "warm.pdf")
    qtbot.waitUntil(lambda: window.attachments.reads == {} and bool(reader._spares), timeout=10000)
    chip = _attach(window, tmp_path, "short.pdf")
    shown: list[tuple[int, int]] = []
    original = chip.set_reading

    def spy(done: int, total: int) -> None:
        shown.append((done, total))
        original(done, total)

    monkeypatch.setattr(chip, "set_reading", spy)
    qtbot.waitUntil(lambda: window.attachments.reads == {}, timeout=5000)
    qtbot.wait(SHOW_READING_MS + 100)
    assert shown == []
    assert chip.progress_bar.isHidden()
    qtbot.waitUntil(lambda: chip.detail_text().startswith("PDF · "), timeout=5000)
    assert "Reading" not in chip.detail_text()


def test_sending_while_a_file_is_read_sends_it_when_the_reading_ends(
    qtbot, local_provider, window, services, use_reader, tmp_path
):
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Read it."]))
    )
    wait_ready(qtbot, window)
    reader = use_reader(pages=40, delay=0.03)  # about 1.2 s
    chip = _attach(window, tmp_path, "report.pdf")
    qtbot.waitUntil(lambda: chip.reading is not None, timeout=5000)
    window.composer.editor.setPlainText("Summarise it")
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=20000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
    outcome = finished.args[0]
    assert outcome.status == "completed", outcome.error
    assert window.composer.attachments() == []
    added = [
        s.event
        for s in services.store.events(outcome.session_id)
        if isinstance(s.event, AttachmentAdded)
    ]
    assert len(added) == 1 and added[0].text == "done" and not added[0].error_kind
    # The turn waited for the reading the composer had started: one child read the file.
    assert [p.poll() for p in reader.started].count(0) == 1
    qtbot.waitUntil(lambda: window.attachments.reads == {}, timeout=5000)


def test_a_folder_of_files_is_read_two_at_a_time_not_all_at_once(
    qtbot, window, use_reader, tmp_path, monkeypatch
):
    """Attaching many files at once (a folder) starts at most ``READS_AT_ONCE`` reader children
    together, each with its own memory limit; the rest wait their turn and all are read."""
    import threading

    from parley.ui.controllers.attachments import READS_AT_ONCE

    reader = use_reader(pages=5, delay=0.05)  # ~0.25 s a file
    running, most = 0, 0
    lock = threading.Lock()
    real_read = reader.read

    def counted(*args, **kwargs):
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        try:
            return real_read(*args, **kwargs)
        finally:
            with lock:
                running -= 1

    monkeypatch.setattr(reader, "read", counted)
    paths = []
    for n in range(6):
        path = tmp_path / f"part-{n}.pdf"
        path.write_bytes(b"%PDF-1.4\n% a stand-in\n")
        paths.append(path)
    window.composer.add_attachments(paths)
    qtbot.waitUntil(lambda: not window.attachments.reads, timeout=15000)
    assert len(reader.started) >= 6  # every file was read
    assert READS_AT_ONCE == 2 and 1 <= most <= 2

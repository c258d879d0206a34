"""``SubprocessAttachmentReader`` hands files to a spare child started after the previous read.

The spare is for speed only, so what these tests check is that nothing else changed: reads that
go through spares give exactly what a fresh reader gives, a spare that died is replaced rather
than blamed on the file, cancel still kills the child that holds the file, and ``close`` leaves no
process behind. Real child processes and real fixture documents; no timings are asserted."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
from parley.infrastructure.attachments.store import ContentStore
from tests.support.sse_server import fixture_path

DOCS = fixture_path("documents")
FILES = [
    DOCS / "pdf-multipage-4pages.pdf",
    DOCS / "pdf-exact-text-crazyones.pdf",
    DOCS / "xlsx-two-sheets-uuid.xlsx",
    DOCS / "docx-headings-table-image.docx",
    DOCS / "csv-quoted-newlines.csv",
    DOCS / "png-hopper-128.png",
]
LIMITS = AttachmentLimits()


@pytest.fixture
def store(tmp_path: Path) -> ContentStore:
    return ContentStore(tmp_path / "data")


@pytest.fixture
def reader(store: ContentStore) -> Iterator[SubprocessAttachmentReader]:
    r = SubprocessAttachmentReader(store)
    yield r
    r.close()


def wait_for(condition: Callable[[], object], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the condition did not hold in time")
        time.sleep(0.01)


def spare_of(reader: SubprocessAttachmentReader) -> subprocess.Popen:
    """The reader's spare child, once it has been started (the test may look inside)."""
    wait_for(lambda: reader._spares)
    return reader._spares[0]


def test_reads_through_spares_equal_reads_by_fresh_readers(
    reader: SubprocessAttachmentReader, store: ContentStore
) -> None:
    through_spares = []
    for path in FILES:
        through_spares.append(reader.read(path, LIMITS, threading.Event()))
        spare_of(reader)  # the next file goes to the spare this read left behind

    fresh = []
    for path in FILES:
        one_off = SubprocessAttachmentReader(store)
        fresh.append(one_off.read(path, LIMITS, threading.Event()))
        one_off.close()

    assert all(r.ok for r in fresh), [r.error for r in fresh]
    assert through_spares == fresh


def test_a_spare_that_died_is_replaced_and_the_file_is_read(
    reader: SubprocessAttachmentReader,
) -> None:
    reader.read(FILES[1], LIMITS, threading.Event())
    spare = spare_of(reader)
    spare.kill()
    spare.wait(5)

    got = reader.read(FILES[0], LIMITS, threading.Event())

    # Handing the file to the dead spare would report it as killed ("memory") or damaged.
    assert got.ok, (got.error_kind, got.error)
    assert "Hello, here is some text without a meaning" in got.text


def test_cancel_kills_the_spare_that_holds_the_file(reader: SubprocessAttachmentReader) -> None:
    reader.read(FILES[1], LIMITS, threading.Event())
    spare = spare_of(reader)
    cancel = threading.Event()
    timer = threading.Timer(0.3, cancel.set)
    timer.start()
    try:
        got = reader.read(DOCS / "pdf-large-117pages.pdf", LIMITS, cancel)
    finally:
        timer.cancel()

    assert got.error_kind == "cancelled"
    assert got.error == "reading pdf-large-117pages.pdf was cancelled"
    assert spare.returncode is not None  # killed and reaped, not left parsing


def test_close_leaves_no_child_behind(reader: SubprocessAttachmentReader) -> None:
    reader.read(FILES[1], LIMITS, threading.Event())
    spare = spare_of(reader)
    assert spare.poll() is None  # alive, waiting for a file

    reader.close()

    assert spare.returncode is not None
    assert reader._spares == []
    # A closed reader still reads, with a child of its own.
    assert reader.read(FILES[1], LIMITS, threading.Event()).ok

"""``KnowledgeFolderIndexer`` over real folders: real documents from the shared fixtures, read by
the real out-of-process ``SubprocessAttachmentReader`` into a real ``ContentStore``, indexed into
the in-memory knowledge index of ``tests.support.knowledge``.

It proves what the indexer promises (its module docstring): which files a walk takes, that only
new and changed files are read, deletions leave the collection, a file that cannot be read is a
member carrying the reader's error, hostile files are refused the reader's way, Cancel stops
between files and inside a read, a missing folder changes nothing and one run per collection.
"""

from __future__ import annotations

import os
import shutil
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parley.application.knowledge.folders import (
    FolderBusy,
    FolderError,
    FolderIndexSummary,
    KnowledgeFolderIndexer,
    scan_folder,
)
from parley.application.ports.attachments import (
    AttachmentLimits,
    ExtractedAttachment,
    ProgressCallback,
)
from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
from parley.infrastructure.attachments.store import ContentStore
from tests.support.knowledge import MemoryKnowledge

DOCS = Path("/work/shared/fixtures/documents")
if not DOCS.is_dir():  # the same corpus is checked in
    DOCS = Path(__file__).resolve().parents[1] / "fixtures" / "documents"

PROJECT = "project-1"


@pytest.fixture(scope="module")
def reader(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SubprocessAttachmentReader]:
    reader = SubprocessAttachmentReader(ContentStore(tmp_path_factory.mktemp("data")))
    yield reader
    reader.close()


@pytest.fixture
def knowledge() -> MemoryKnowledge:
    return MemoryKnowledge()


@pytest.fixture
def indexer(
    reader: SubprocessAttachmentReader, knowledge: MemoryKnowledge
) -> KnowledgeFolderIndexer:
    return KnowledgeFolderIndexer(knowledge, knowledge, reader)


def copy_in(folder: Path, *names: str, into: str = "") -> list[Path]:
    target = folder / into
    target.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy(DOCS / name, target / name)) for name in names]


def names(knowledge: MemoryKnowledge, folder: Path) -> list[str]:
    return [str(Path(m.path).relative_to(folder)) for m in knowledge.members(PROJECT)]


def run(indexer: KnowledgeFolderIndexer, folder: Path, **kwargs: Any) -> FolderIndexSummary:
    return indexer.index_folder(PROJECT, folder, threading.Event(), **kwargs)


def test_a_folder_is_indexed_and_searched_with_what_is_skipped_counted(
    indexer: KnowledgeFolderIndexer, knowledge: MemoryKnowledge, tmp_path: Path
) -> None:
    folder = tmp_path / "knowledge"
    copy_in(folder, "pdf-multipage-4pages.pdf", "docx-headings-table-image.docx")
    copy_in(folder, "csv-quoted-newlines.csv", into="tables")
    (folder / "notes.md").write_text("# Notes\n\nThe zephyr budget is 1234 euros.\n")
    # Skipped: hidden file and folder, an image, an Office lock file, a link out of the folder.
    (folder / ".secret.txt").write_text("hidden zephyr")
    (folder / ".git").mkdir()
    (folder / ".git" / "config.txt").write_text("hidden zephyr too")
    copy_in(folder, "png-hopper-128.png")
    (folder / "~$lock.docx").write_bytes(b"lock")
    outside = tmp_path / "outside.txt"
    outside.write_text("outside zephyr")
    (folder / "link.txt").symlink_to(outside)
    (folder / "inner-link.txt").symlink_to(folder / "notes.md")  # inside: taken

    seen: list[tuple[int, int, str]] = []
    summary = run(indexer, folder, on_progress=lambda *p: seen.append(p))

    assert names(knowledge, folder) == [
        "docx-headings-table-image.docx",
        "inner-link.txt",
        "notes.md",
        "pdf-multipage-4pages.pdf",
        "tables/csv-quoted-newlines.csv",
    ]
    assert (summary.added, summary.failed, summary.removed, summary.unchanged) == (5, 0, 0, 0)
    assert summary.skipped == 5 and not summary.cancelled and summary.over_cap == 0
    members = knowledge.members(PROJECT)
    assert all(m.sha256 and m.chunks > 0 and not m.error_kind for m in members)
    assert summary.chunks > 0
    # The two links to the same text are one document (content-addressed).
    by_name = {Path(m.path).name: m for m in members}
    assert by_name["inner-link.txt"].sha256 == by_name["notes.md"].sha256
    assert by_name["notes.md"].size == (folder / "notes.md").stat().st_size
    # Progress: each file before it is read, then the end.
    assert [p[:2] for p in seen] == [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    assert seen[0][2].endswith("docx-headings-table-image.docx") and seen[-1][2] == ""
    # What was indexed is searchable through the collection, with its page.
    found = knowledge.search("zephyr budget", collections=[PROJECT]).chunks
    assert found and "1234 euros" in found[0].text
    assert not any("hidden" in c.text or "outside" in c.text for c in found)
    pdf = knowledge.search("Kjift gefburn", collections=[PROJECT], limit=50).chunks
    assert {c.location for c in pdf if c.unit == "page"} >= {"page 1", "page 4"}
    assert {c.source_path for c in pdf} == {str(folder / "pdf-multipage-4pages.pdf")}


def test_only_new_and_changed_files_are_read_and_gone_ones_removed(
    indexer: KnowledgeFolderIndexer, knowledge: MemoryKnowledge, tmp_path: Path
) -> None:
    folder = tmp_path / "knowledge"
    copy_in(folder, "pdf-multipage-4pages.pdf", "csv-utf8-bom.csv")
    (folder / "a.txt").write_text("alpha first version\n")
    first = run(indexer, folder)
    assert first.added == 3
    indexed = list(knowledge.indexed)

    again = run(indexer, folder)
    assert (again.added, again.updated, again.removed, again.unchanged) == (0, 0, 0, 3)
    assert not again.changed and knowledge.indexed == indexed  # nothing read again
    assert again.signature == first.signature

    (folder / "a.txt").write_text("alpha second version with the word quokka\n")
    (folder / "csv-utf8-bom.csv").unlink()
    (folder / "b.txt").write_text("bravo\n")
    third = run(indexer, folder)
    assert (third.added, third.updated, third.removed, third.unchanged) == (1, 1, 1, 1)
    assert third.signature != first.signature
    assert names(knowledge, folder) == ["a.txt", "b.txt", "pdf-multipage-4pages.pdf"]
    [hit] = knowledge.search("quokka", collections=[PROJECT]).chunks
    assert hit.source_path == str(folder / "a.txt")


def test_files_that_cannot_be_read_are_members_with_the_readers_error(
    indexer: KnowledgeFolderIndexer, knowledge: MemoryKnowledge, tmp_path: Path
) -> None:
    folder = tmp_path / "knowledge"
    copy_in(
        folder,
        "docx-encrypted-password.docx",
        "pdf-password-required.pdf",
        "docx-truncated.docx",
        "pdf-scanned-no-text-3pages.pdf",
        "pdf-exact-text-crazyones.pdf",
    )
    summary = run(indexer, folder)
    assert (summary.added, summary.failed) == (1, 4)
    kinds = {
        Path(m.path).name: (m.error_kind, m.sha256, m.chunks) for m in knowledge.members(PROJECT)
    }
    assert kinds["docx-encrypted-password.docx"] == ("encrypted", "", 0)
    assert kinds["pdf-password-required.pdf"] == ("encrypted", "", 0)
    assert kinds["docx-truncated.docx"][0] == "damaged"
    assert kinds["pdf-scanned-no-text-3pages.pdf"][0] == "no_text"
    assert kinds["pdf-exact-text-crazyones.pdf"][0] == ""
    errors = {Path(m.path).name: m.error for m in knowledge.members(PROJECT)}
    assert "password" in errors["docx-encrypted-password.docx"].lower()
    # Unchanged failed files are not read again, unless asked (Index now).
    assert run(indexer, folder).unchanged == 5
    retried = run(indexer, folder, retry_failed=True)
    assert (retried.failed, retried.unchanged) == (4, 1)


def test_hostile_and_oversized_files_are_refused_the_readers_way(
    reader: SubprocessAttachmentReader, knowledge: MemoryKnowledge, tmp_path: Path
) -> None:
    folder = tmp_path / "knowledge"
    folder.mkdir()
    bomb = folder / "bomb.docx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        with zf.open("word/document.xml", "w") as fh:
            fh.write(b'<?xml version="1.0"?><w:document><w:body>')
            for _ in range(64):
                fh.write(b" " * (1024 * 1024))  # 64 MiB of spaces: a ratio far over the limit
            fh.write(b"</w:body></w:document>")
    assert bomb.stat().st_size < 1024 * 1024
    (folder / "big.txt").write_text("word " * 30_000)  # 150,000 bytes
    (folder / "small.txt").write_text("fine and small\n")
    limits = AttachmentLimits(max_file_bytes=100_000)
    indexer = KnowledgeFolderIndexer(knowledge, knowledge, reader, limits)
    assert indexer.read_limits.max_file_bytes == 100_000
    assert indexer.read_limits.max_chars > limits.max_chars  # a folder's book is read whole

    summary = run(indexer, folder)
    kinds = {Path(m.path).name: m.error_kind for m in knowledge.members(PROJECT)}
    assert kinds == {"bomb.docx": "unsafe", "big.txt": "too_large", "small.txt": ""}
    assert (summary.added, summary.failed) == (1, 2)


def test_cancel_between_files_stops_and_the_next_run_goes_on(
    indexer: KnowledgeFolderIndexer, knowledge: MemoryKnowledge, tmp_path: Path
) -> None:
    folder = tmp_path / "knowledge"
    for letter in "abcd":
        (folder / f"{letter}.txt").parent.mkdir(exist_ok=True)
        (folder / f"{letter}.txt").write_text(f"file {letter}\n")
    cancel = threading.Event()

    def progress(done: int, _total: int, _path: str) -> None:
        if done == 2:
            cancel.set()  # the person presses Cancel while the third file is about to be read

    summary = indexer.index_folder(PROJECT, folder, cancel, progress)
    assert summary.cancelled and summary.added == 2
    assert summary.describe().startswith("Stopped: 2 added")
    assert names(knowledge, folder) == ["a.txt", "b.txt"]
    rest = run(indexer, folder)
    assert (rest.added, rest.unchanged) == (2, 2)


class CancelOnFirstPage:
    """The real reader; the run's ``cancel`` is set as soon as the reader reports a page (the
    person pressed Cancel while a long PDF was being read)."""

    def __init__(self, reader: SubprocessAttachmentReader, cancel: threading.Event) -> None:
        self.reader, self.cancel = reader, cancel
        self.results: list[ExtractedAttachment] = []

    def read(
        self,
        path: Path,
        limits: AttachmentLimits,
        cancel: threading.Event,
        on_progress: ProgressCallback | None = None,
    ) -> ExtractedAttachment:
        got = self.reader.read(path, limits, cancel, lambda done, total: self.cancel.set())
        self.results.append(got)
        return got


def test_cancel_inside_a_read_kills_it_and_records_nothing(
    reader: SubprocessAttachmentReader, knowledge: MemoryKnowledge, tmp_path: Path
) -> None:
    folder = tmp_path / "knowledge"
    (folder).mkdir()
    (folder / "a.txt").write_text("first\n")
    copy_in(folder, "pdf-large-117pages.pdf")
    cancel = threading.Event()
    wrapped = CancelOnFirstPage(reader, cancel)
    indexer = KnowledgeFolderIndexer(knowledge, knowledge, wrapped)
    summary = indexer.index_folder(PROJECT, folder, cancel)
    assert summary.cancelled and summary.added == 1
    assert wrapped.results[-1].error_kind == "cancelled"
    assert names(knowledge, folder) == ["a.txt"]  # the PDF is not recorded, not even as failed


def test_a_missing_folder_changes_nothing_and_forget_empties(
    indexer: KnowledgeFolderIndexer, knowledge: MemoryKnowledge, tmp_path: Path
) -> None:
    folder = tmp_path / "knowledge"
    folder.mkdir()
    (folder / "a.txt").write_text("alpha\n")
    run(indexer, folder)
    moved = tmp_path / "elsewhere"
    folder.rename(moved)
    with pytest.raises(FolderError, match="does not exist"):
        run(indexer, folder)
    assert len(knowledge.members(PROJECT)) == 1
    (tmp_path / "a-file").write_text("x")
    with pytest.raises(FolderError, match="not a folder"):
        run(indexer, tmp_path / "a-file")
    assert indexer.forget(PROJECT) == 1
    assert knowledge.members(PROJECT) == ()


def test_one_run_per_collection_at_a_time(indexer: KnowledgeFolderIndexer, tmp_path: Path) -> None:
    folder = tmp_path / "knowledge"
    folder.mkdir()
    (folder / "a.txt").write_text("alpha\n")
    refused: list[BaseException] = []

    def progress(_done: int, _total: int, path: str) -> None:
        if path:
            assert indexer.is_running(PROJECT)
            try:
                run(indexer, folder)
            except FolderBusy as exc:
                refused.append(exc)
            # Another collection may run meanwhile.
            assert indexer.index_folder("other", folder, threading.Event()).added == 1

    run(indexer, folder, on_progress=progress)
    assert len(refused) == 1 and not indexer.is_running(PROJECT)


def test_the_walk_is_capped_in_a_stable_order(tmp_path: Path) -> None:
    folder = tmp_path / "knowledge"
    for name in ("c.txt", "a.txt", "sub/b.txt", "d.txt"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(name)
    (folder / "sub" / "loop").symlink_to(folder)  # a link to a folder is never followed
    scan = scan_folder(folder, max_files=3)
    assert [Path(f.path).relative_to(folder).as_posix() for f in scan.files] == [
        "a.txt",
        "c.txt",
        "d.txt",
    ]
    assert scan.over_cap == 1 and scan.skipped == 1
    os.utime(folder / "a.txt", (1_000_000, 1_000_000))
    assert scan_folder(folder, max_files=3).signature != scan.signature


def test_with_the_real_sqlite_index_a_folder_is_searched_by_page_and_kept_current(
    reader: SubprocessAttachmentReader, tmp_path: Path
) -> None:
    sqlite_index = pytest.importorskip("parley.infrastructure.knowledge.sqlite_index")
    index = sqlite_index.SqliteKnowledgeIndex(tmp_path / "knowledge.sqlite3")
    try:
        indexer = KnowledgeFolderIndexer(index, index, reader)
        folder = tmp_path / "knowledge"
        copy_in(folder, "pdf-multipage-4pages.pdf", "docx-encrypted-password.docx")
        (folder / "notes.md").write_text("# Notes\n\nThe quokka budget is 1234 euros.\n")
        first = indexer.index_folder(PROJECT, folder, threading.Event())
        assert (first.added, first.failed) == (2, 1)
        members = {Path(m.path).name: m for m in index.members(PROJECT)}
        assert members["docx-encrypted-password.docx"].error_kind == "encrypted"
        assert members["pdf-multipage-4pages.pdf"].chunks >= 4
        [hit, *_] = index.search("quokka budget", collections=[PROJECT]).chunks
        assert "1234 euros" in hit.text and hit.source_path == str(folder / "notes.md")
        pages = index.search("Kjift gefburn", collections=[PROJECT], limit=10).chunks
        assert {c.number for c in pages if c.unit == "page"} >= {1, 4}
        # Unchanged: nothing read; then a deletion leaves the search.
        again = indexer.index_folder(PROJECT, folder, threading.Event())
        assert (again.unchanged, again.added, again.updated) == (3, 0, 0)
        (folder / "notes.md").unlink()
        gone = indexer.index_folder(PROJECT, folder, threading.Event())
        assert gone.removed == 1
        assert index.search("quokka", collections=[PROJECT]).chunks == ()
        assert indexer.forget(PROJECT) == 2 and index.members(PROJECT) == ()
    finally:
        index.close()

"""``ContentStore`` on a real temporary data folder.

Covers the ``<data>/attachments/ab/cdef…`` layout, that the stored bytes are exactly the hashed
bytes, dedupe (the same bytes under any name are stored once), read-only stored files, no
temporary file left behind on success or failure, the size guard of ``put(max_bytes=…)``, the
repair of a damaged stored copy, concurrent puts of the same bytes, and the errors of ``get``.
"""

from __future__ import annotations

import hashlib
import os
import stat
import threading
from pathlib import Path

import pytest

from parley.infrastructure.attachments.store import ContentStore, FileTooLarge


@pytest.fixture
def store(tmp_path: Path) -> ContentStore:
    return ContentStore(tmp_path / "data")


def files_in(store: ContentStore) -> list[Path]:
    return sorted(p for p in store.directory.rglob("*") if p.is_file())


def test_put_stores_the_bytes_under_their_sha256(store: ContentStore, tmp_path: Path) -> None:
    data = b"quarterly numbers\n" * 1000
    source = tmp_path / "report.txt"
    source.write_bytes(data)
    sha, size = store.put(source)
    assert sha == hashlib.sha256(data).hexdigest()
    assert size == len(data)
    where = store.path_of(sha)
    assert where == tmp_path / "data" / "attachments" / sha[:2] / sha[2:]
    assert where.read_bytes() == data
    assert store.get(sha) == data
    assert files_in(store) == [where]


def test_stored_files_are_read_only(store: ContentStore, tmp_path: Path) -> None:
    source = tmp_path / "a.bin"
    source.write_bytes(b"abc")
    sha, _ = store.put(source)
    mode = stat.S_IMODE(store.path_of(sha).stat().st_mode)
    assert mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) == 0
    assert mode & stat.S_IRUSR


def test_same_bytes_under_other_names_are_stored_once(store: ContentStore, tmp_path: Path) -> None:
    first = tmp_path / "one.pdf"
    second = tmp_path / "elsewhere" / "two.pdf"
    second.parent.mkdir()
    first.write_bytes(b"%PDF-1.4 same bytes")
    second.write_bytes(b"%PDF-1.4 same bytes")
    sha1, _ = store.put(first)
    before = store.path_of(sha1).stat()
    sha2, _ = store.put(second)
    assert sha1 == sha2
    assert len(files_in(store)) == 1
    after = store.path_of(sha1).stat()
    assert (before.st_ino, before.st_mtime_ns) == (after.st_ino, after.st_mtime_ns)


def test_different_bytes_get_different_files(store: ContentStore, tmp_path: Path) -> None:
    shas = set()
    for i in range(5):
        source = tmp_path / f"f{i}.txt"
        source.write_text(f"file {i}")
        shas.add(store.put(source)[0])
    assert len(shas) == 5 and len(files_in(store)) == 5


def test_empty_file(store: ContentStore, tmp_path: Path) -> None:
    source = tmp_path / "empty"
    source.write_bytes(b"")
    sha, size = store.put(source)
    assert (sha, size) == (hashlib.sha256(b"").hexdigest(), 0)
    assert store.get(sha) == b""


def test_max_bytes_guard_stores_nothing(store: ContentStore, tmp_path: Path) -> None:
    source = tmp_path / "grown.bin"
    source.write_bytes(b"x" * 5000)
    with pytest.raises(FileTooLarge):
        store.put(source, max_bytes=4096)
    assert files_in(store) == []
    assert store.put(source, max_bytes=5000)[1] == 5000


def test_missing_source_raises_and_leaves_no_temporary_file(
    store: ContentStore, tmp_path: Path
) -> None:
    with pytest.raises(FileNotFoundError):
        store.put(tmp_path / "nope.txt")
    assert files_in(store) == []


def test_a_damaged_stored_copy_is_replaced(store: ContentStore, tmp_path: Path) -> None:
    source = tmp_path / "a.txt"
    source.write_bytes(b"the real content")
    sha, _ = store.put(source)
    where = store.path_of(sha)
    os.chmod(where, 0o644)
    where.write_bytes(b"trunc")  # e.g. a disk error or a crash of an older version
    assert store.put(source) == (sha, 16)
    assert where.read_bytes() == b"the real content"
    assert stat.S_IMODE(where.stat().st_mode) & stat.S_IWUSR == 0


def test_concurrent_puts_of_the_same_bytes(store: ContentStore, tmp_path: Path) -> None:
    source = tmp_path / "shared.bin"
    source.write_bytes(os.urandom(256 * 1024))
    results: list[tuple[str, int]] = []
    errors: list[BaseException] = []

    def put() -> None:
        try:
            results.append(store.put(source))
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=put) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(set(results)) == 1
    assert len(files_in(store)) == 1
    assert store.get(results[0][0]) == source.read_bytes()


def test_get_and_path_of_errors(store: ContentStore) -> None:
    unknown = "0" * 64
    with pytest.raises(FileNotFoundError):
        store.get(unknown)
    assert store.path_of(unknown).name == "0" * 62
    for bad in ("", "abc", "G" * 64, "A" * 64, "../" + "0" * 61):
        with pytest.raises(ValueError):
            store.path_of(bad)

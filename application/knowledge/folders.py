"""Keeping a project's knowledge folder indexed: ``KnowledgeFolderIndexer``.

Why it exists: a project can name a folder whose documents every turn of the project may be
answered from (issue 18). Something must walk that folder, read what is new or changed through
the same out-of-process attachment reader a turn uses (so a hostile file is refused the same
way), put the text in the knowledge index and keep the collection's member list equal to the
folder. The Settings page ("Index now") and the window's watcher both run this, on a worker.

Invariants it keeps:

- the walk (``scan``) takes regular files under the folder, in sorted order, depth first; it
  skips hidden files and folders (a name starting with "."), Office lock files ("~$…"), images
  (a knowledge folder is text), symbolic links to folders (never followed: no loops, no
  duplicates) and links to files outside the folder; past ``max_files`` (5,000) files it stops
  taking them and counts the rest (``over_cap``) — the same first files whichever run looks;
- a file is read again only when its size or modification time differ from its member's (or its
  member's document is no longer in the index, or ``retry_failed`` asks to read failed files
  again); a member whose file is gone — or no longer taken by the walk — is removed;
- every file is read with the attachment limits (``AttachmentLimits``; only ``max_chars`` is
  raised to ``KnowledgeLimits.max_chars``: a folder's book is indexed whole, not cut at what a
  turn may send); a file the reader refuses (too large, encrypted, damaged, unsafe, …) becomes a
  member with that ``error_kind`` and message and no document, so Settings can say why;
- ``cancel`` stops the run between files, and within a read (the reader kills its child) or an
  indexing (the index removes the half-indexed document); the file being read when it was set
  is left as it was (not recorded), and the summary says ``cancelled``;
- a missing or unreadable folder is a ``FolderError`` and changes nothing: a disconnected drive
  must not empty the collection; ``forget`` is the explicit way to empty it;
- one run per collection at a time per indexer (``FolderBusy`` for a second one).

Progress: ``on_progress(files done, files to read, current path)`` before each file is read and
once at the end (``current`` ""), on the calling thread (or the reader's: keep it quick).

Errors::

    FolderError          the folder cannot be walked (missing, not a folder, no permission)
     +-- FolderBusy      the collection is already being indexed
    KnowledgeError       (the port's) the index failed for every file: kind "storage" is raised
                         as is; "too_large"/"embedding" for one document are recorded on its
                         member instead

Pure application code: no Qt, no SQLite; the reader and the index come in through their ports.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits, AttachmentReader
from parley.application.ports.knowledge import (
    CollectionMember,
    DocumentText,
    KnowledgeCollections,
    KnowledgeError,
    KnowledgeIndex,
    KnowledgeLimits,
)
from parley.domain.texts import QT_TRANSLATE_NOOP

#: The most files one folder contributes; the rest are counted and named in the summary.
MAX_FILES = 5_000

# What a person reads after indexing (Settings → Projects, a notification): marked for the
# window's language; ``FolderIndexSummary.describe(tr)`` takes the window's translation.
# The counted words are plain marks ("{count} failed" would match any text ending so).
_ADDED = QT_TRANSLATE_NOOP("Knowledge", "added")
_UPDATED = QT_TRANSLATE_NOOP("Knowledge", "updated")
_REMOVED = QT_TRANSLATE_NOOP("Knowledge", "removed")
_FAILED = QT_TRANSLATE_NOOP("Knowledge", "failed")
_UNCHANGED = QT_TRANSLATE_NOOP("Knowledge", "unchanged")
_NO_FILES = QT_TRANSLATE_NOOP("Knowledge", "no files")
_CHUNKS = QT_TRANSLATE_NOOP("Knowledge", "{text}; {chunks:,} chunks indexed")
_OVER_CAP = QT_TRANSLATE_NOOP(
    "Knowledge", "{text}; {over_cap:,} files past the limit of {limit:,} were left out"
)
_STOPPED = QT_TRANSLATE_NOOP("Knowledge", "Stopped: {text}")
_NOT_A_FOLDER = QT_TRANSLATE_NOOP(
    "Knowledge", "the knowledge folder {root} does not exist or is not a folder"
)
_UNREADABLE = QT_TRANSLATE_NOOP(
    "Knowledge", "the knowledge folder {root} cannot be read ({detail})"
)
_BUSY = QT_TRANSLATE_NOOP("Knowledge", "the knowledge folder {folder} is already being indexed")
_IMAGE = QT_TRANSLATE_NOOP("Knowledge", "{name} is an image; a knowledge folder indexes text")


def _same(text: str) -> str:
    return text


#: Suffixes of images: a knowledge folder indexes text, so they are not even read.
IMAGE_SUFFIXES = frozenset(
    {
        ".png",
        ".jpg",
        ".jpeg",
        ".gif",
        ".webp",
        ".bmp",
        ".tif",
        ".tiff",
        ".heic",
        ".heif",
        ".avif",
        ".ico",
    }
)

#: Two modification times closer than this are the same (a float read back from a store).
_MTIME_SLACK = 1e-6

FolderProgress = Callable[[int, int, str], None]
"""``(files done, files to read, current path)``; ``current`` is "" at the end."""


class FolderError(Exception):
    """The knowledge folder cannot be walked; nothing was changed."""


class FolderBusy(FolderError):
    """The collection is already being indexed (one run at a time)."""


@dataclass(frozen=True)
class FolderFile:
    """A file the walk took: its absolute path, size in bytes and modification time."""

    path: str
    size: int
    mtime: float


@dataclass(frozen=True)
class FolderScan:
    """What the walk found: the files taken (sorted), how many entries it skipped (hidden,
    images, links, entries it could not look at) and how many files were past the cap."""

    folder: str
    files: tuple[FolderFile, ...]
    skipped: int = 0
    over_cap: int = 0

    @property
    def signature(self) -> str:
        """A digest of every taken file's (path, size, mtime) and the count past the cap: equal
        signatures mean the folder looks the same to the indexer."""
        digest = hashlib.sha256(f"{self.folder}\0{self.over_cap}\n".encode())
        for file in self.files:
            digest.update(f"{file.path}\0{file.size}\0{file.mtime!r}\n".encode())
        return digest.hexdigest()


@dataclass(frozen=True)
class FolderIndexSummary:
    """What one run did. ``chunks`` counts the chunks of the documents this run indexed;
    ``failed`` the files read this run that could not be indexed (their members say why)."""

    collection: str
    folder: str
    added: int = 0
    updated: int = 0
    removed: int = 0
    failed: int = 0
    unchanged: int = 0
    chunks: int = 0
    skipped: int = 0
    over_cap: int = 0
    cancelled: bool = False
    #: The scan's signature (``FolderScan.signature``): what the folder looked like.
    signature: str = ""

    @property
    def changed(self) -> bool:
        """Whether the collection's members changed."""
        return bool(self.added or self.updated or self.removed or self.failed)

    def describe(self, tr: Callable[[str], str] = _same) -> str:
        """One line for people: "3 added, 1 updated, 1 failed, 12 unchanged; 140 chunks".
        ``tr`` translates each marked template (the window passes its own; English by
        default)."""
        parts = [
            f"{count} {tr(label)}"
            for count, label in (
                (self.added, _ADDED),
                (self.updated, _UPDATED),
                (self.removed, _REMOVED),
                (self.failed, _FAILED),
                (self.unchanged, _UNCHANGED),
            )
            if count
        ]
        text = ", ".join(parts) or tr(_NO_FILES)
        if self.chunks:
            text = tr(_CHUNKS).format(text=text, chunks=self.chunks)
        if self.over_cap:
            text = tr(_OVER_CAP).format(text=text, over_cap=self.over_cap, limit=MAX_FILES)
        if self.cancelled:
            text = tr(_STOPPED).format(text=text)
        return text


def scan_folder(folder: str | Path, max_files: int = MAX_FILES) -> FolderScan:
    """Walk ``folder`` (see the module docstring); blocking. Raises ``FolderError``."""
    root = Path(folder).expanduser()
    try:
        if not root.is_dir():
            raise FolderError(_NOT_A_FOLDER.format(root=root))
        real_root = root.resolve(strict=True)
        os.listdir(root)
    except OSError as exc:
        raise FolderError(_UNREADABLE.format(root=root, detail=exc)) from exc
    taken: list[FolderFile] = []
    skipped = over_cap = 0
    stack = [root]
    while stack:
        directory = stack.pop()
        try:
            with os.scandir(directory) as listing:
                entries = sorted(listing, key=lambda e: e.name)
        except OSError:
            skipped += 1  # a sub-folder we may not look into
            continue
        subfolders: list[Path] = []
        for entry in entries:
            name = entry.name
            if name.startswith(".") or name.startswith("~$"):
                skipped += 1
                continue
            try:
                if entry.is_symlink():
                    if entry.is_dir(follow_symlinks=True):
                        skipped += 1  # links to folders are never followed
                        continue
                    target = Path(entry.path).resolve(strict=True)
                    if not target.is_relative_to(real_root):
                        skipped += 1  # a link that leads out of the folder
                        continue
                elif entry.is_dir(follow_symlinks=False):
                    subfolders.append(Path(entry.path))
                    continue
                info = entry.stat(follow_symlinks=True)
            except OSError:
                skipped += 1  # vanished, a broken link, no permission
                continue
            if not stat.S_ISREG(info.st_mode) or Path(name).suffix.lower() in IMAGE_SUFFIXES:
                skipped += 1
                continue
            if len(taken) >= max_files:
                over_cap += 1
                continue
            taken.append(FolderFile(entry.path, info.st_size, info.st_mtime))
        # Depth first, in name order: push the sub-folders reversed so the first pops first.
        stack.extend(reversed(subfolders))
    return FolderScan(str(root), tuple(taken), skipped, over_cap)


class KnowledgeFolderIndexer:
    """Indexes folders into collections (module docstring). Blocking: call on a worker."""

    def __init__(
        self,
        index: KnowledgeIndex,
        collections: KnowledgeCollections,
        reader: AttachmentReader,
        limits: AttachmentLimits | None = None,
        knowledge_limits: KnowledgeLimits | None = None,
        max_files: int = MAX_FILES,
    ) -> None:
        self._index = index
        self._collections = collections
        self._reader = reader
        self._knowledge_limits = knowledge_limits or KnowledgeLimits()
        base = limits or AttachmentLimits()
        self._limits = dataclasses.replace(base, max_chars=self._knowledge_limits.max_chars)
        self._max_files = max_files
        self._running: set[str] = set()
        self._lock = threading.Lock()

    @property
    def read_limits(self) -> AttachmentLimits:
        """The limits files are read with (the attachment limits, ``max_chars`` raised)."""
        return self._limits

    def scan(self, folder: str | Path) -> FolderScan:
        """Walk ``folder`` with this indexer's cap (cheap: no file is opened)."""
        return scan_folder(folder, self._max_files)

    def is_running(self, collection: str) -> bool:
        with self._lock:
            return collection in self._running

    def index_folder(
        self,
        collection: str,
        folder: str | Path,
        cancel: threading.Event,
        on_progress: FolderProgress | None = None,
        *,
        scan: FolderScan | None = None,
        retry_failed: bool = False,
    ) -> FolderIndexSummary:
        """Bring ``collection`` in line with ``folder`` (module docstring). ``scan``: a walk
        just made (the watcher's), to avoid walking twice."""
        with self._lock:
            if collection in self._running:
                raise FolderBusy(_BUSY.format(folder=folder))
            self._running.add(collection)
        try:
            return self._run(collection, folder, cancel, on_progress, scan, retry_failed)
        finally:
            with self._lock:
                self._running.discard(collection)

    def forget(self, collection: str) -> int:
        """Remove every member of ``collection`` (the project's folder was cleared, or the
        project deleted); returns how many there were."""
        members = self._collections.members(collection)
        for member in members:
            self._collections.remove_member(collection, member.path)
        return len(members)

    # -- internal ------------------------------------------------------------------------------

    def _run(
        self,
        collection: str,
        folder: str | Path,
        cancel: threading.Event,
        on_progress: FolderProgress | None,
        scan: FolderScan | None,
        retry_failed: bool,
    ) -> FolderIndexSummary:
        found = scan if scan is not None else self.scan(folder)
        members = {m.path: m for m in self._collections.members(collection)}
        taken = {f.path for f in found.files}
        removed = 0
        for path in sorted(set(members) - taken):
            self._collections.remove_member(collection, path)
            removed += 1
        to_read: list[tuple[FolderFile, bool]] = []  # (file, is it new)
        unchanged = 0
        for file in found.files:
            member = members.get(file.path)
            if member is None:
                to_read.append((file, True))
            elif self._stale(member, file, retry_failed):
                to_read.append((file, False))
            else:
                unchanged += 1
        summary = FolderIndexSummary(
            collection=collection,
            folder=found.folder,
            removed=removed,
            unchanged=unchanged,
            skipped=found.skipped,
            over_cap=found.over_cap,
            signature=found.signature,
        )
        total = len(to_read)
        added = updated = failed = chunks_indexed = 0
        for done, (file, new) in enumerate(to_read):
            if cancel.is_set():
                break
            if on_progress is not None:
                on_progress(done, total, file.path)
            outcome = self._index_file(collection, file, cancel)
            if outcome is None:  # stopped while reading or indexing it
                break
            ok, chunks = outcome
            if not ok:
                failed += 1
            elif new:
                added += 1
            else:
                updated += 1
            chunks_indexed += chunks
        cancelled = cancel.is_set()
        if on_progress is not None and not cancelled:
            on_progress(total, total, "")
        return dataclasses.replace(
            summary,
            added=added,
            updated=updated,
            failed=failed,
            chunks=chunks_indexed,
            cancelled=cancelled,
        )

    def _stale(self, member: CollectionMember, file: FolderFile, retry_failed: bool) -> bool:
        if member.size != file.size or abs(member.mtime - file.mtime) > _MTIME_SLACK:
            return True
        if member.error_kind:
            return retry_failed
        return bool(member.sha256) and not self._index.has_document(member.sha256)

    def _index_file(
        self, collection: str, file: FolderFile, cancel: threading.Event
    ) -> tuple[bool, int] | None:
        """Read and index one file and record its member: ``(indexed, chunks)``, or None when
        ``cancel`` stopped it (nothing recorded)."""
        path = Path(file.path)
        result = self._reader.read(path, self._limits, cancel)
        if result.error_kind == "cancelled" or cancel.is_set():
            return None

        def failed(kind: str, message: str) -> tuple[bool, int]:
            self._collections.put_member(
                collection,
                CollectionMember(file.path, file.size, file.mtime, error_kind=kind, error=message),
            )
            return False, 0

        if result.error_kind:
            return failed(result.error_kind, result.error)
        if result.image_media_type:
            return failed("unsupported", _IMAGE.format(name=result.name))
        document = DocumentText(
            sha256=result.sha256,
            name=result.name,
            text=result.text,
            media_type=result.media_type,
            unit=result.unit,
            source_path=file.path,
        )
        try:
            indexed = self._index.index_document(document, cancel, limits=self._knowledge_limits)
        except KnowledgeError as exc:
            if exc.kind == "cancelled" or cancel.is_set():
                return None
            if exc.kind == "storage":
                raise  # the index itself failed: every other file would too
            if exc.kind == "embedding" and self._index.has_document(result.sha256):
                # The lexical index was kept: the file is searchable, but say what failed.
                self._collections.put_member(
                    collection,
                    CollectionMember(
                        file.path,
                        file.size,
                        file.mtime,
                        sha256=result.sha256,
                        error_kind="embedding",
                        error=str(exc),
                    ),
                )
                return True, 0
            return failed(exc.kind, str(exc))
        self._collections.put_member(
            collection,
            CollectionMember(
                file.path, file.size, file.mtime, sha256=indexed.sha256, chunks=indexed.chunks
            ),
        )
        return True, indexed.chunks

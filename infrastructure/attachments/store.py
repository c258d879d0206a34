"""Content-addressed storage of attached files: ``ContentStore``.

Why it exists: the conversation log refers to an attachment by the sha256 of its bytes, so
history shows exactly what was sent even after the original file is moved, edited or deleted, and
the same file attached twice costs its bytes once.

Invariants it keeps:

- Layout: ``<root>/attachments/<first two hex digits>/<remaining 62 hex digits>``; ``root`` is
  Parley's data folder.
- The bytes hashed are the bytes stored: :meth:`ContentStore.put` copies the source once into a
  temporary file in the target folder while hashing it, ``fsync``\\s it, makes it read-only and
  renames it into place (``os.replace``), so a reader never sees a partial file and a crash leaves
  at most a stray ``.tmp-*`` file. A file already stored with the same hash and size is kept (the
  new copy is dropped); one with the wrong size (damaged) is replaced.
- Stored files are read-only (mode 0444); the store never modifies or deletes one.

- :meth:`ContentStore.put_bytes` keeps the same promises for bytes held in memory (an MCP
  resource's text): the same layout, temporary file, ``fsync``, read-only mode and rename.

Errors: :meth:`put` (and :meth:`put_bytes`) raises ``OSError`` when the source cannot be read or
the store written, and :class:`FileTooLarge` when ``max_bytes`` is given and the source has more
bytes (it may have grown since it was measured); :meth:`get` raises ``FileNotFoundError`` for an
unknown hash; a string that is not 64 lowercase hex digits raises ``ValueError`` (a bug in the
caller).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import BinaryIO

_HASH = re.compile(r"[0-9a-f]{64}")
_CHUNK = 1024 * 1024


class FileTooLarge(Exception):
    """The source had more than ``max_bytes`` bytes; nothing was stored."""

    def __init__(self, size_at_least: int) -> None:
        super().__init__(f"more than {size_at_least:,} bytes")
        self.size_at_least = size_at_least


class ContentStore:
    """Implements ``application.ports.attachments.AttachmentStore``."""

    def __init__(self, root: Path) -> None:
        self._dir = Path(root) / "attachments"

    @property
    def directory(self) -> Path:
        return self._dir

    def path_of(self, sha256: str) -> Path:
        if not _HASH.fullmatch(sha256):
            raise ValueError(f"not a sha256 hex digest: {sha256!r}")
        return self._dir / sha256[:2] / sha256[2:]

    def get(self, sha256: str) -> bytes:
        path = self.path_of(sha256)
        if not path.is_file():
            raise FileNotFoundError(f"no stored attachment {sha256}")
        return path.read_bytes()

    def put(self, path: Path, max_bytes: int | None = None) -> tuple[str, int]:
        with Path(path).open("rb") as src:
            return self._put(src, max_bytes)

    def put_bytes(self, data: bytes) -> tuple[str, int]:
        """Store ``data`` (already in memory) under its sha256; return (sha256, size)."""
        return self._put(io.BytesIO(bytes(data)), None)

    def _put(self, src: BinaryIO, max_bytes: int | None) -> tuple[str, int]:
        self._dir.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256()
        size = 0
        fd, tmp_name = tempfile.mkstemp(prefix=".tmp-", dir=self._dir)
        tmp = Path(tmp_name)
        try:
            with os.fdopen(fd, "wb") as out:
                while chunk := src.read(_CHUNK):
                    size += len(chunk)
                    if max_bytes is not None and size > max_bytes:
                        raise FileTooLarge(max_bytes)
                    digest.update(chunk)
                    out.write(chunk)
                out.flush()
                os.fsync(out.fileno())
            sha = digest.hexdigest()
            target = self.path_of(sha)
            try:
                existing = target.stat()
            except FileNotFoundError:
                existing = None
            if existing is not None and existing.st_size == size:
                return sha, size
            target.parent.mkdir(parents=True, exist_ok=True)
            os.chmod(tmp, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
            os.replace(tmp, target)
            self._fsync_dir(target.parent)
            return sha, size
        finally:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()

    @staticmethod
    def _fsync_dir(folder: Path) -> None:
        if os.name != "posix":
            return
        try:
            fd = os.open(folder, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(fd)
        except OSError:
            pass
        finally:
            os.close(fd)

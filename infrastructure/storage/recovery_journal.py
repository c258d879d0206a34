"""The recovery journal: answer text the database refused, kept in small files beside it.

Why it exists: a streamed answer is checkpointed into the database as it arrives, but the database
can refuse a write (its write lock held by another process past the busy timeout, a full disk, a
file-size limit, an I/O error). Text already on the user's screen must not be lost then (issue
14, item 1; ADR-008): it goes to ``<db>.recovery/<key>.jsonl`` instead, one file per turn, and the
next start (``SqliteEventStore.recover_interrupted``) adds it to the turn after the checkpoints
the database did take. A turn's journal is a run of segment files ``<key>.<n>.jsonl`` of at most
``SEGMENT_BYTES`` each, so a file-size limit (``RLIMIT_FSIZE``) that stopped the database does not
stop the journal.

Invariants it keeps:

- one JSON line per piece, appended and ``fsync``-ed before ``add`` returns: a piece reported kept
  survives a crash or ``kill -9``; a line cut by a crash (never reported kept) is skipped on read;
- the files are private (mode 0600, as the database holds the same text) and named by a digest
  of (session, turn), so no id can steer a path;
- every line names its session and turn, and only matching lines are read back;
- ``remove`` is called only once the text is in the log (the turn's ``assistant_text`` or its
  recovered closing records committed); a file that cannot be removed is logged, never fatal.

Errors: ``add`` raises ``OSError`` (the caller turns it into an ``EventStoreError`` that says the
text could be kept nowhere); reading never raises for a torn or foreign line.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path

log = logging.getLogger(__name__)

#: The journal folder's suffix beside the database file.
RECOVERY_SUFFIX = ".recovery"

#: Most bytes of one segment file (a longer text is split over several).
SEGMENT_BYTES = 64 * 1024


def recovery_dir(db_path: Path) -> Path:
    """Where the journal of the database at ``db_path`` lives."""
    return db_path.with_name(db_path.name + RECOVERY_SUFFIX)


class RecoveryJournal:
    """Per-turn append-only files of text the database refused (see the module docstring)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def path(self, session_id: str, turn_id: str) -> Path:
        """The turn's first segment (what the user is told: the others sit beside it)."""
        return self._segment(self._key(session_id, turn_id), 0)

    @staticmethod
    def _key(session_id: str, turn_id: str) -> str:
        return hashlib.sha256(f"{session_id}\0{turn_id}".encode()).hexdigest()[:32]

    def _segment(self, key: str, number: int) -> Path:
        return self.folder / f"{key}.{number:06d}.jsonl"

    def _segments(self, key: str) -> list[Path]:
        try:
            return sorted(self.folder.glob(f"{key}.*.jsonl"))
        except OSError:
            return []

    def add(self, session_id: str, turn_id: str, text: str, *, fresh: bool = False) -> None:
        """Append ``text`` to the turn's journal, durably; ``fresh`` starts the journal anew (the
        first piece journaled by a store: a leftover journal holds text already in the log)."""
        key = self._key(session_id, turn_id)
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        segments = self._segments(key)
        if fresh:
            for old in segments:
                old.unlink()
            segments = []
        number = max(0, len(segments) - 1)
        size = segments[-1].stat().st_size if segments else 0
        for line in self._lines_for(session_id, turn_id, text):
            if size and size + len(line) > SEGMENT_BYTES:
                number, size = number + 1, 0
            self._write(self._segment(key, number), line)
            size += len(line)

    @staticmethod
    def _lines_for(session_id: str, turn_id: str, text: str) -> list[bytes]:
        """``text`` as JSON lines of at most about ``SEGMENT_BYTES`` / 2 each (JSON escapes may
        grow a character to 12 bytes, so pieces are cut by characters conservatively)."""
        step = max(1, SEGMENT_BYTES // 2 // 12)
        return [
            (
                json.dumps(
                    {"session_id": session_id, "turn_id": turn_id, "text": text[i : i + step]}
                )
                + "\n"
            ).encode("utf-8")
            for i in range(0, len(text), step)
        ]

    @staticmethod
    def _write(path: Path, line: bytes) -> None:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            data = line
            while data:
                written = os.write(fd, data)
                data = data[written:]
            os.fsync(fd)
        finally:
            os.close(fd)

    def text(self, session_id: str, turn_id: str) -> str:
        """The turn's journaled text, in order ("" when it has none)."""
        return "".join(
            text
            for segment in self._segments(self._key(session_id, turn_id))
            for sid, tid, text in self._lines(segment)
            if (sid, tid) == (session_id, turn_id)
        )

    def keys(self) -> list[tuple[str, str]]:
        """(session, turn) of every journal present."""
        try:
            files = sorted(self.folder.glob("*.000000.jsonl"))
        except OSError:
            return []
        keys = []
        for file in files:
            lines = self._lines(file)
            if lines:
                keys.append((lines[0][0], lines[0][1]))
            else:  # empty or torn at its first line: nothing was ever reported kept
                for segment in self._segments(file.name.split(".")[0]):
                    self._unlink(segment)
        return keys

    def remove(self, session_id: str, turn_id: str) -> None:
        for segment in self._segments(self._key(session_id, turn_id)):
            self._unlink(segment)

    @staticmethod
    def _unlink(path: Path) -> None:
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove the recovery journal %s: %s", path, exc)

    @staticmethod
    def _lines(path: Path) -> list[tuple[str, str, str]]:
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as exc:
            log.warning("could not read the recovery journal %s: %s", path, exc)
            return []
        out = []
        for line in raw.split(b"\n"):
            try:
                record = json.loads(line)
                out.append((record["session_id"], record["turn_id"], record["text"]))
            except (ValueError, KeyError, TypeError):
                continue  # a line cut by a crash: it was never reported kept
        return [r for r in out if all(isinstance(v, str) for v in r)]

"""Which processes have the event store open, so that recovery never closes a turn still running.

Why it exists: on start, ``recover_interrupted`` closes turns that a crash or ``kill -9`` left
without ``turn_finished``. The window and ``parley ask`` may use one profile at the same time (that
is supported, so a second instance is *not* refused), and a turn another live process is streaming
right now looks exactly like an interrupted one in the database. So every store object registers
an *owner*: a token written on each turn it starts (``turns.owner``), backed by a file in
``<db>.owners/`` that the process keeps locked for as long as the store is open. The operating
system drops the lock when the process dies, however it dies, so "can I take the lock?" is an
exact liveness test with no pid reuse to fool it.

Invariants it keeps:

- an owner file exists under its final name only while locked: it is created and locked under a
  temporary name and then renamed into place (POSIX), so a checker never mistakes a starting
  process for a dead one;
- ``is_alive`` errs on the side of "alive" when it cannot tell (a lock it cannot test): recovery
  is then only postponed to a later start, never done to a live turn;
- the files of dead owners are removed by whoever finds them dead;
- the lock's descriptor is not inherited by programs the process starts (Python opens files
  non-inheritable, PEP 446), so a tool command still running after a crash does not keep a dead
  owner "alive".

POSIX uses ``fcntl.flock``; Windows, where a file held open by a process cannot be deleted, tests
liveness by trying to delete the file.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import time
from pathlib import Path

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    # No fcntl on Windows: None tells the lock helpers to fall back; mypy checks as on POSIX,
    # where the module is never None, hence the ignore.
    fcntl = None  # type: ignore[assignment]


#: Age after which an unlocked temporary owner file is a leftover of a killed process.
_TMP_GRACE_S = 60.0


def owners_dir(db_path: Path) -> Path:
    """The folder holding the owner files of the database at ``db_path``."""
    return db_path.with_name(db_path.name + ".owners")


class OwnerLease:
    """This store object's owner token and its locked file; ``release`` on close."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.token = f"{os.getpid()}-{secrets.token_hex(6)}"
        self._fd: int | None = None
        directory.mkdir(parents=True, exist_ok=True)
        final = directory / self.token
        if fcntl is not None:
            temp = directory / f".{self.token}.tmp"
            fd = os.open(temp, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                os.write(fd, f"{os.getpid()}\n".encode())
                os.replace(temp, final)
            except BaseException:
                os.close(fd)
                with contextlib.suppress(OSError):
                    os.unlink(temp)
                raise
        else:  # pragma: no cover - Windows: an open file cannot be deleted by another process
            fd = os.open(final, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
            os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd

    def is_alive(self, token: str | None) -> bool:
        """Whether the store object that wrote ``token`` is still open in a live process."""
        if not token:
            return False
        if token == self.token:
            return self._fd is not None
        if "/" in token or "\\" in token or token.startswith("."):
            return False  # not a token we wrote; nobody can own it
        return self._is_held(self.directory / token)

    def sweep(self) -> int:
        """Remove the files of every dead owner (and temporary files a kill left behind), not
        only those a running turn names; returns how many went."""
        removed = 0
        try:
            names = [p.name for p in self.directory.iterdir()]
        except OSError:
            return 0
        for name in names:
            if name == self.token:
                continue
            if name.startswith(".") and name.endswith(".tmp"):
                # A temporary file is locked a moment after it is created: only old ones are
                # candidates, so a store being opened right now is never swept away.
                path = self.directory / name
                try:
                    young = time.time() - path.stat().st_mtime < _TMP_GRACE_S
                except OSError:
                    continue
                if not young and not self._is_held(path):
                    removed += 1
            elif not self.is_alive(name):
                removed += 1
        return removed

    def _is_held(self, path: Path) -> bool:
        """Whether a live process holds ``path``'s lock; a file nobody holds is removed."""
        if fcntl is None:  # pragma: no cover - Windows
            try:
                os.unlink(path)
            except FileNotFoundError:
                return False
            except OSError:
                return True
            return False
        try:
            fd = os.open(path, os.O_RDWR)
        except FileNotFoundError:
            return False
        except OSError:
            return True
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return True  # held (BlockingIOError), or cannot tell: leave it
            with contextlib.suppress(OSError):
                os.unlink(path)
            return False
        finally:
            os.close(fd)

    def release(self) -> None:
        """Remove this owner's file and drop its lock. Idempotent."""
        if self._fd is None:
            return
        os.close(self._fd)  # first: Windows cannot delete a file that is open
        self._fd = None
        with contextlib.suppress(OSError):
            os.unlink(self.directory / self.token)

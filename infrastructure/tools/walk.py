"""Opening files beneath a root without ever leaving it: the component walk.

Why it exists: checking ``os.path.realpath(p)`` and then opening ``p`` is a check-then-use race.
Between the two, anything that can write in the tree (a command the turn ran, another program)
can swap a directory for a symlink to ``/``, and the open goes wherever the link now says. Linux
has a race-free answer, ``openat2(RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS)``, which Python does not
expose; this module does the same job by hand. It starts from a directory file descriptor (the
*start*: the workspace, the turn's sandbox, the promotion destination) and opens one path
component at a time, ``os.open(name, O_NOFOLLOW | O_DIRECTORY | O_CLOEXEC, dir_fd=parent_fd)``,
holding each directory open while it looks inside it.

Invariant it keeps: every file or directory it opens, creates or renames is reached from the
start's descriptor through a chain of real directory entries, each opened with ``O_NOFOLLOW``
relative to the descriptor of the one before it. A symlink, a ``..`` or a directory swapped for a
link between a check and a use can only make a walk *fail* (``ELOOP``, ``ENOTDIR``, ``ENOENT``);
it can never lead it outside the start.

Two modes, chosen per call:

- **strict** (``follow=False``, the default): a symlink at any component is refused
  (:class:`LinkRefused`). Writes, promotion and every descent of :func:`walk_tree` use it.
- **beneath** (``follow=True``): a symlink's text is read with ``readlinkat`` on the held parent
  and walked in place, as ``RESOLVE_BENEATH`` would: a ``..`` in it goes back to a directory the
  walk already holds (never the filesystem's ``..``), so it cannot climb above the start
  (:class:`Escapes`); an absolute link is followed only when it names a path under
  ``root_path`` (the start's own real path), and is then walked from the start's descriptor.
  More than :data:`MAX_LINKS` links is a loop. Reads of a target the caller named use it, so a
  link that stays inside keeps working.

Opening never blocks and never opens a special file: the last component is ``lstat``-ed first
and a FIFO, socket or device is refused unopened (:class:`NotRegular`); every open also carries
``O_NONBLOCK | O_NOCTTY`` in case one is swapped in between, and the type is checked again with
``fstat``. New files are created with ``O_CREAT | O_EXCL | O_NOFOLLOW`` relative to a directory
descriptor, so an existing name (a planted link included) is never written through.

What it does not stop: a directory the walk holds open that is *renamed* to a place outside the
start (a move, not a link) while the walk is inside it; that needs write access to both places.
The start's own path is trusted: :func:`open_root` opens it once, following links in it, as the
user (or Parley) configured it. POSIX only (``dir_fd``); elsewhere :func:`open_root` raises
:class:`WalkError` with ``ENOSYS``.

Errors: every refusal is an ``OSError`` subclass, so code that handles ``OSError`` still handles
it; ``str()`` is a sentence and ``.rel`` is the start-relative POSIX path where the walk stopped.
Other ``OSError`` (no permission, I/O error) propagate as they are::

    OSError
     └── WalkError              the walk refused (ENOSYS: no dir_fd support)
          ├── BadName           EINVAL   empty, ".", "..", absolute or NUL-holding component
          ├── Escapes           EXDEV    a followed link leads above the start or outside it
          ├── LinkRefused       ELOOP    a symlink in strict mode, or a loop of links
          ├── Missing           ENOENT   a component does not exist
          ├── NotADirectory     ENOTDIR  a component that must be a directory is not one
          ├── NotRegular        EFTYPE*  a FIFO, socket or device (never opened), or a directory
          │                              where a file was wanted (*EINVAL where EFTYPE is absent)
          └── HardLinked        EMLINK   a regular file with more than one name (st_nlink > 1)
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

#: Symlinks followed in one beneath-mode walk before it is called a loop (Linux's limit).
MAX_LINKS = 40
#: Times a walk looks again at one component that changed between its ``lstat`` and its open
#: (or that it made and found gone).
MAX_RETRIES = 100

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
DIR_FLAGS = os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC | _NONBLOCK
READ_FLAGS = os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _NOCTTY | _CLOEXEC
CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _NOCTTY | _CLOEXEC


class WalkError(OSError):
    """The walk refused; ``rel`` is the start-relative path where it stopped."""

    code = errno.EINVAL

    def __init__(self, message: str, rel: str = "") -> None:
        super().__init__(self.code, message)
        self.rel = rel

    def __str__(self) -> str:
        return str(self.strerror)


class BadName(WalkError):
    code = errno.EINVAL


class Escapes(WalkError):
    code = errno.EXDEV


class LinkRefused(WalkError):
    code = errno.ELOOP


class Missing(WalkError):
    code = errno.ENOENT


class NotADirectory(WalkError):
    code = errno.ENOTDIR


class NotRegular(WalkError):
    code = getattr(errno, "EFTYPE", errno.EINVAL)


class HardLinked(WalkError):
    code = errno.EMLINK


@dataclass(frozen=True)
class Opened:
    """An open descriptor the caller must close, what ``fstat`` said of it, and where it really
    is below the start (links resolved; ``()`` is the start itself)."""

    fd: int
    st: os.stat_result
    rel: tuple[str, ...]


def supported() -> bool:
    """Whether this platform lets ``os.open`` and friends work relative to a directory fd."""
    return os.open in os.supports_dir_fd and _NOFOLLOW != 0 and _DIRECTORY != 0


def open_root(path: str | os.PathLike[str]) -> int:
    """A descriptor of the directory ``path`` (links in ``path`` itself are followed)."""
    if not supported():
        raise WalkError("opening files relative to a directory needs a POSIX system")
    return os.open(path, os.O_RDONLY | _DIRECTORY | _CLOEXEC)


def split(rel: str) -> tuple[str, ...]:
    """``"a/b/c"`` -> ``("a", "b", "c")``; ``""`` and ``"."`` -> ``()``; refuses ``..``, an
    absolute path and NUL (:class:`BadName`)."""
    if rel in ("", "."):
        return ()
    if rel.startswith("/") or "\x00" in rel:
        raise BadName(f"{rel!r} is not a relative path", rel)
    parts = tuple(part for part in rel.split("/") if part not in ("", "."))
    if ".." in parts:
        raise BadName(f"{rel!r} has a '..' component", rel)
    return parts


def _checked(parts: Sequence[str]) -> list[str]:
    for part in parts:
        if part in ("", ".", "..") or "/" in part or "\x00" in part:
            raise BadName(f"{part!r} is not a plain name", "/".join(parts))
    return list(parts)


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device file"
    if stat.S_ISDIR(mode):
        return "a directory"
    return "not a regular file"


def _inside(text: str, root_path: str | None) -> list[str] | None:
    """The components of the absolute link text ``text`` below ``root_path``, or ``None``."""
    if root_path is None:
        return None
    normal = os.path.normpath(text)
    root = os.path.normpath(root_path)
    if normal == root:
        return []
    prefix = root.rstrip("/") + "/"
    if not normal.startswith(prefix):
        return None
    return [part for part in normal[len(prefix) :].split("/") if part]


def open_at(
    start_fd: int,
    parts: Sequence[str],
    *,
    follow: bool = False,
    create: bool = False,
    directory: bool = False,
    root_path: str | None = None,
    mode: int = 0o777,
) -> Opened:
    """Open ``start/<parts>`` by walking (see the module docstring).

    The last component may be a directory or a regular file (``directory=True``: only a
    directory). ``create=True`` makes missing directories on the way, and the last one when
    ``directory`` is set, with ``mkdirat`` and then opens them with ``O_NOFOLLOW``, so a link
    planted between the two makes the walk fail rather than follow it."""
    names = deque(_checked(parts))
    stack = [os.dup(start_fd)]  # the directories held, from the start down to the current one
    where: list[str] = []  # the names of stack[1:]
    links = 0
    retries = 0
    result: Opened | None = None
    try:
        while names:
            name = names.popleft()
            if name in ("", "."):
                continue
            if name == "..":  # only ever from a followed link's text
                if len(stack) == 1:
                    raise Escapes(f"{'/'.join(where) or '.'}: a link leads above the start")
                os.close(stack.pop())
                where.pop()
                continue
            here = "/".join([*where, name])
            last = not names
            want_dir = directory or not last
            parent = stack[-1]
            fd = -1
            link = False
            try:
                if want_dir:
                    fd = os.open(name, DIR_FLAGS, dir_fd=parent)
                else:
                    st = os.stat(name, dir_fd=parent, follow_symlinks=False)
                    if stat.S_ISLNK(st.st_mode):
                        link = True
                    elif stat.S_ISDIR(st.st_mode):
                        fd = os.open(name, DIR_FLAGS, dir_fd=parent)
                    elif stat.S_ISREG(st.st_mode):
                        fd = os.open(name, READ_FLAGS, dir_fd=parent)
                    else:
                        raise NotRegular(f"{here} is {_kind(st.st_mode)}", here)
            except WalkError:
                raise
            except OSError as error:
                if error.errno == errno.ENOENT:
                    if create and want_dir and retries < MAX_RETRIES:
                        retries += 1
                        with contextlib.suppress(FileExistsError):
                            os.mkdir(name, mode, dir_fd=parent)
                        names.appendleft(name)
                        continue
                    raise Missing(f"{here} does not exist", here) from None
                if error.errno not in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                    raise
                try:
                    now = os.stat(name, dir_fd=parent, follow_symlinks=False)
                except FileNotFoundError:
                    raise Missing(f"{here} does not exist", here) from None
                if stat.S_ISLNK(now.st_mode):
                    link = True
                elif want_dir and not stat.S_ISDIR(now.st_mode):
                    raise NotADirectory(f"{here} is not a directory", here) from None
                elif retries < MAX_RETRIES:  # it changed between the two looks: look again
                    retries += 1
                    names.appendleft(name)
                    continue
                else:
                    raise
            if link:
                if not follow:
                    raise LinkRefused(f"{here} is a symbolic link", here)
                links += 1
                if links > MAX_LINKS:
                    raise LinkRefused(f"{here}: too many symbolic links (a loop)", here)
                text = os.readlink(name, dir_fd=parent)
                if text.startswith("/"):
                    inside = _inside(text, root_path)
                    if inside is None:
                        raise Escapes(f"{here} is a link to {text}, outside the start", here)
                    while len(stack) > 1:
                        os.close(stack.pop())
                    where.clear()
                    names.extendleft(reversed(inside))
                else:
                    names.extendleft(reversed(text.split("/")))
                continue
            try:
                st = os.fstat(fd)
            except OSError:
                os.close(fd)
                raise
            retries = 0  # a bound per component, not per walk
            if stat.S_ISDIR(st.st_mode):
                stack.append(fd)
                where.append(name)
                continue
            if not stat.S_ISREG(st.st_mode) or not last:  # swapped in after the lstat
                os.close(fd)
                raise NotRegular(f"{here} is {_kind(st.st_mode)}", here)
            result = Opened(fd, st, (*where, name))
        if result is None:
            top = stack.pop()
            result = Opened(top, os.fstat(top), tuple(where))
        return result
    finally:
        for held in stack:
            os.close(held)


def open_dir(
    start_fd: int,
    parts: Sequence[str],
    *,
    follow: bool = False,
    create: bool = False,
    root_path: str | None = None,
) -> int:
    """A descriptor of the directory ``start/<parts>`` (see :func:`open_at`)."""
    opened = open_at(
        start_fd, parts, follow=follow, create=create, directory=True, root_path=root_path
    )
    return opened.fd


def open_regular(
    start_fd: int,
    parts: Sequence[str],
    *,
    follow: bool = False,
    root_path: str | None = None,
    hard_links: bool = False,
) -> Opened:
    """A regular file opened for reading; a directory is :class:`NotRegular`, and a file with
    more than one name is :class:`HardLinked` unless ``hard_links``."""
    opened = open_at(start_fd, parts, follow=follow, root_path=root_path)
    check_regular(opened, hard_links=hard_links)
    return opened


def check_regular(opened: Opened, *, hard_links: bool = False) -> None:
    """Close ``opened`` and raise unless it is a regular file (with one name, by default)."""
    rel = "/".join(opened.rel) or "."
    if not stat.S_ISREG(opened.st.st_mode):
        os.close(opened.fd)
        raise NotRegular(f"{rel} is {_kind(opened.st.st_mode)}", rel)
    if opened.st.st_nlink > 1 and not hard_links:
        os.close(opened.fd)
        raise HardLinked(f"{rel} has {opened.st.st_nlink} hard links", rel)


def scan(dir_fd: int) -> list[os.DirEntry[str]]:
    """The entries of the open directory ``dir_fd``, sorted by name. Their ``stat``/``is_*``
    work relative to ``dir_fd``: use them only while it is open."""
    with os.scandir(dir_fd) as it:
        return sorted(it, key=lambda entry: entry.name)


def walk_tree(
    start_fd: int, *, skip: frozenset[str] = frozenset()
) -> Iterator[tuple[tuple[str, ...], int, list[os.DirEntry[str]]]]:
    """Breadth-first ``(rel, dir_fd, sorted entries)`` for ``start`` and every directory below
    it, never through a symlink and never into a directory named in ``skip``. Each directory is
    reopened from ``start_fd`` in strict mode (one open per component: no descriptor is held
    across directories, so neither depth nor width exhausts them); one that cannot be opened
    (gone, turned into a link, unreadable) is skipped. ``dir_fd`` is closed after its yield."""
    pending: deque[tuple[str, ...]] = deque([()])
    while pending:
        rel = pending.popleft()
        try:
            fd = open_at(start_fd, rel, directory=True).fd
        except OSError:
            continue
        try:
            try:
                entries = scan(fd)
            except OSError:
                continue
            yield rel, fd, entries
            for entry in entries:
                try:
                    if entry.name not in skip and entry.is_dir(follow_symlinks=False):
                        pending.append((*rel, entry.name))
                except OSError:
                    continue
        finally:
            os.close(fd)


def create_exclusive(dir_fd: int, name: str, mode: int = 0o600) -> int:
    """A new file ``name`` in ``dir_fd``, opened for writing; ``FileExistsError`` when the name
    is taken by anything, a symlink (even a dangling one) included."""
    _checked([name])
    return os.open(name, CREATE_FLAGS, mode, dir_fd=dir_fd)


def replace_atomically(dir_fd: int, name: str, data: bytes, mode: int = 0o644) -> None:
    """Write ``data`` to a new temporary file in ``dir_fd`` (``O_EXCL``, ``fsync``, ``mode``),
    then ``rename`` it over ``name`` in the same directory: whatever was at ``name`` (a link
    included) is replaced, never written through."""
    _checked([name])
    for _ in range(100):
        temporary = f".parley-{secrets.token_hex(8)}.tmp"
        try:
            fd = create_exclusive(dir_fd, temporary)
        except FileExistsError:
            continue
        break
    else:  # pragma: no cover - 100 collisions of 64 random bits
        raise FileExistsError(errno.EEXIST, "no free temporary name", name)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            os.fchmod(handle.fileno(), mode)
        os.replace(temporary, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary, dir_fd=dir_fd)
        raise

"""The one place the real filesystem is looked at before a tool turn: ``FilesystemInspector``.

Why it exists: the validator and the effect classifier (``domain.actions``) are pure; they decide
from a closed :class:`~domain.actions.model.StateSnapshot`. This adapter builds that snapshot once
per turn: the workspace's files and directories, every link and where it really points (symlinks
are resolved here, on the real filesystem, never by comparing strings), the sandbox's files with
their digests, the write-protected prefixes, and the bare command names that resolve to a trusted
system binary under the ``PATH`` tools actually run with.

Invariants it keeps:

- **Walk.** Breadth-first from the resolved workspace root, entries sorted by name, with
  ``os.scandir``; a symlinked directory is never descended into. At most ``max_entries``
  (50,000) entries and ``max_depth`` (30) levels are looked at. What the walk did not reach is
  simply *absent* from the snapshot, so the validator treats it as "not found" (it fails closed:
  a path it cannot see is never proven safe). Whether the last walk was capped, and why, is in
  :attr:`FilesystemInspector.last_walk` (the snapshot has no field for it).
- **Paths** are workspace- (or sandbox-) relative POSIX strings; the workspace root itself is
  ``"."``.
- **Symlinks.** Every symlink met is in ``links``, mapped to ``os.path.realpath`` of it
  (``strict=False``: a dangling link resolves to where its target *would* be) made relative to
  the root (``"."`` for a link to the root), or ``None`` when that lies outside the workspace (a
  link to an outside file, a directory link to ``..``, a dangling link to a not-yet-existing
  outside path) or when it is a loop (``os.stat`` says ``ELOOP``). A symlink's own path is never
  in ``workspace_files``/``workspace_dirs``; its target is listed under the target's own path
  when the walk reached it. Paths *under* a symlinked directory are not listed (the validator
  resolves them through ``links``). The executor re-checks the real path at execution time, so a
  link (or an outside hop of a link chain) that changes after the snapshot cannot escape either.
- **Hard links.** A regular file with ``st_nlink > 1`` is an alias of content that may live
  outside. If the walk found *all* ``st_nlink`` names of that inode (same device and inode), it
  is an ordinary file; otherwise every name of it that was found goes to ``links`` as ``None``
  (the builder cannot prove the content is the workspace's own) and out of ``workspace_files``.
- **Sandbox.** ``sandbox_files`` maps each regular file (symlinks and special files are skipped)
  to its sha256; a file over ``max_hash_bytes`` (8 MiB) gets :data:`UNHASHED_PREFIX` plus its
  size instead, a value that never equals a real digest, so "identical content" can never be
  claimed for it. At most ``max_sandbox_entries`` (10,000) entries are looked at.
- **Protected.** ``.git/hooks`` and ``.git/config`` always; every ``protected_roots`` entry
  (Parley's data and config folders) that lies inside the workspace, as a relative prefix; ``"."``
  when the workspace itself lies inside one (everything is protected); every directory of the
  workspace or the sandbox that looks like a git directory by content (:func:`git_directories`:
  ``HEAD`` plus ``objects/`` or ``refs/``, e.g. a bare repository), as a whole — its ``config``,
  ``hooks/`` and ``info/attributes`` can make a later ``git status`` run a program.
- **Trusted commands.** For each name in :data:`CANDIDATE_COMMANDS`, ``shutil.which`` under the
  tools' ``PATH`` (:func:`~infrastructure.tools.sandbox.tool_path`: :data:`MINIMAL_PATH`, after
  the workspace venv's ``bin`` when it exists, exactly as the executor runs), then
  ``os.path.realpath``. The name is trusted only if that real file lies under one of
  :data:`TRUSTED_DIRS` (themselves resolved), is not group- or world-writable, sits in a
  directory that is not group- or world-writable, and is either owned by root or not writable by
  the current user. The *first* hit on the ``PATH`` decides, as it would for the shell: an
  untrusted ``cat`` ahead of ``/bin/cat`` makes ``cat`` untrusted. The process's own ``PATH`` is
  never consulted.

Errors: unreadable directories are skipped (their contents are absent; counted in
``last_walk``); a missing workspace or sandbox yields empty sets. Nothing is raised for the
filesystem's state; a bug raises.
"""

from __future__ import annotations

import errno
import hashlib
import os
import shutil
import stat
import sys
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from parley.domain.actions.model import StateSnapshot
from parley.infrastructure.tools.sandbox import MINIMAL_PATH, tool_path

#: Command names looked up for ``trusted_commands``. Interpreters that run arbitrary strings
#: (``sh``, ``bash``, ``env``, ``xargs``, ``sudo``) are deliberately absent; ``python3`` and
#: ``git`` are present because the classifier judges their arguments.
CANDIDATE_COMMANDS = (
    "awk",
    "basename",
    "cat",
    "chmod",
    "cmp",
    "cp",
    "cut",
    "date",
    "df",
    "diff",
    "dirname",
    "du",
    "echo",
    "false",
    "file",
    "find",
    "git",
    "grep",
    "head",
    "hostname",
    "id",
    "jq",
    "ls",
    "md5sum",
    "mkdir",
    "mv",
    "nl",
    "od",
    "printf",
    "pwd",
    "python3",
    "readlink",
    "realpath",
    "rg",
    "rm",
    "sed",
    "seq",
    "sha256sum",
    "shasum",
    "sort",
    "stat",
    "tac",
    "tail",
    "tee",
    "touch",
    "tr",
    "tree",
    "true",
    "uname",
    "uniq",
    "wc",
    "which",
    "whoami",
    "xxd",
)

#: System directories a trusted binary must really live under (after ``realpath``).
TRUSTED_DIRS: tuple[str, ...] = (
    "/usr/bin",
    "/bin",
    "/usr/local/bin",
    "/usr/sbin",
    "/sbin",
    *(("/opt/homebrew/bin",) if sys.platform == "darwin" else ()),
)

#: Prefixes no action may write to, whatever the workspace.
ALWAYS_PROTECTED = (".git/hooks", ".git/config")

#: ``sandbox_files`` value for a file too big to hash: ``"unhashed:size=<bytes>"``.
UNHASHED_PREFIX = "unhashed:size="

ROOT = "."


@dataclass(frozen=True)
class WalkReport:
    """What the last workspace walk covered (for logs and tests; not part of the snapshot)."""

    entries: int = 0
    truncated: bool = False
    reason: str = ""
    unreadable_dirs: int = 0


class FilesystemInspector:
    """``WorkspaceInspector`` over the local filesystem (see the module docstring)."""

    def __init__(
        self,
        protected_roots: Sequence[Path] = (),
        *,
        venv_dir_for: Callable[[Path], Path | None] | None = None,
        search_path: str = MINIMAL_PATH,
        candidates: Sequence[str] = CANDIDATE_COMMANDS,
        trusted_dirs: Sequence[str] = TRUSTED_DIRS,
        max_entries: int = 50_000,
        max_depth: int = 30,
        max_sandbox_entries: int = 10_000,
        max_hash_bytes: int = 8 * 1024 * 1024,
        confinement: Callable[[], str] | None = None,
    ) -> None:
        """``venv_dir_for(workspace)`` must give the same venv as ``ToolContext.venv_dir`` so the
        lookup ``PATH`` is the one the executor uses; ``search_path`` likewise (tests only)."""
        self._protected_roots = tuple(Path(p) for p in protected_roots)
        self._venv_dir_for = venv_dir_for
        self._search_path = search_path
        self._candidates = tuple(candidates)
        self._trusted_dirs = tuple(os.path.realpath(d) for d in trusted_dirs)
        self._max_entries = max_entries
        self._max_depth = max_depth
        self._max_sandbox_entries = max_sandbox_entries
        self._max_hash_bytes = max_hash_bytes
        # The sandbox mechanism the executor will enforce (``Bubblewrap.mechanism``: probed once,
        # here on the turn's worker), or "" when none is wired or available.
        self._confinement = confinement
        self.last_walk = WalkReport()

    # -- the port -------------------------------------------------------------------------------

    def snapshot(
        self,
        *,
        workspace: Path,
        sandbox: Path,
        advertised_tools: tuple[str, ...],
        gate_mode: str,
        unattended: bool,
    ) -> StateSnapshot:
        root = os.path.realpath(os.fspath(workspace))
        sandbox_root = os.path.realpath(os.fspath(sandbox))
        files, dirs, links = self._walk_workspace(root)
        sandbox_files, sandbox_dirs, sandbox_links = self._walk_sandbox(sandbox_root)
        git_dirs = git_directories(files, dirs) + git_directories(sandbox_files, sandbox_dirs)
        venv = self._venv_dir_for(Path(root)) if self._venv_dir_for else None
        return StateSnapshot(
            workspace_root=root,
            sandbox_root=sandbox_root,
            workspace_files=frozenset(files),
            workspace_dirs=frozenset(dirs),
            links=links,
            sandbox_files=sandbox_files,
            sandbox_dirs=frozenset(sandbox_dirs),
            sandbox_links=sandbox_links,
            protected=tuple(dict.fromkeys((*self._protected(root), *git_dirs))),
            advertised_tools=advertised_tools,
            gate_mode=gate_mode,
            unattended=unattended,
            trusted_commands=self.trusted_commands(tool_path(venv, self._search_path)),
            confinement=self._confinement() if self._confinement is not None else "",
        )

    # -- workspace ------------------------------------------------------------------------------

    def _walk_workspace(self, root: str) -> tuple[set[str], set[str], dict[str, str | None]]:
        files: set[str] = set()
        dirs: set[str] = set()
        links: dict[str, str | None] = {}
        inodes: dict[tuple[int, int], tuple[int, list[str]]] = {}
        entries = 0
        unreadable = 0
        truncated = ""
        depth_capped = False
        if not os.path.isdir(root):
            self.last_walk = WalkReport()
            return files, dirs, links
        dirs.add(ROOT)
        queue: deque[tuple[str, str, int]] = deque([(root, "", 0)])
        while queue and not truncated:
            path, rel, depth = queue.popleft()
            try:
                with os.scandir(path) as it:
                    children = sorted(it, key=lambda e: e.name)
            except OSError:
                unreadable += 1
                continue
            for entry in children:
                if entries >= self._max_entries:
                    truncated = f"more than {self._max_entries} entries"
                    break
                entries += 1
                child_rel = f"{rel}/{entry.name}" if rel else entry.name
                try:
                    if entry.is_symlink():
                        links[child_rel] = _link_target(entry.path, root)
                    elif entry.is_dir(follow_symlinks=False):
                        dirs.add(child_rel)
                        if depth + 1 < self._max_depth:
                            queue.append((entry.path, child_rel, depth + 1))
                        else:
                            depth_capped = True  # listed, but its contents are absent
                    elif entry.is_file(follow_symlinks=False):
                        st = entry.stat(follow_symlinks=False)
                        files.add(child_rel)
                        if st.st_nlink > 1:
                            key = (st.st_dev, st.st_ino)
                            inodes.setdefault(key, (st.st_nlink, []))[1].append(child_rel)
                except OSError:
                    continue  # vanished or unreadable between scandir and stat: absent
        for nlink, names in inodes.values():
            if len(names) < nlink:
                for name in names:
                    files.discard(name)
                    links[name] = None
        reason = truncated or (f"deeper than {self._max_depth} levels" if depth_capped else "")
        self.last_walk = WalkReport(
            entries=entries, truncated=bool(reason), reason=reason, unreadable_dirs=unreadable
        )
        return files, dirs, links

    def _protected(self, root: str) -> tuple[str, ...]:
        protected = list(ALWAYS_PROTECTED)
        for candidate in self._protected_roots:
            real = os.path.realpath(os.fspath(candidate))
            if _is_within(root, real):
                protected.append(ROOT)
            else:
                rel = _relative_inside(real, root)
                if rel is not None:
                    protected.append(rel)
        return tuple(dict.fromkeys(protected))

    # -- sandbox --------------------------------------------------------------------------------

    def _walk_sandbox(self, root: str) -> tuple[dict[str, str], set[str], dict[str, str | None]]:
        files: dict[str, str] = {}
        dirs: set[str] = set()
        links: dict[str, str | None] = {}
        if not os.path.isdir(root):
            return files, dirs, links
        entries = 0
        queue: deque[tuple[str, str]] = deque([(root, "")])
        while queue and entries < self._max_sandbox_entries:
            path, rel = queue.popleft()
            try:
                with os.scandir(path) as it:
                    children = sorted(it, key=lambda e: e.name)
            except OSError:
                continue
            for entry in children:
                if entries >= self._max_sandbox_entries:
                    break
                entries += 1
                child_rel = f"{rel}/{entry.name}" if rel else entry.name
                try:
                    if entry.is_symlink():
                        # A command (cp -P, ln -s) may have left a link here: where it leads
                        # decides every later path through it.
                        links[child_rel] = _link_target(entry.path, root)
                        continue
                    if entry.is_dir(follow_symlinks=False):
                        dirs.add(child_rel)
                        queue.append((entry.path, child_rel))
                    elif entry.is_file(follow_symlinks=False):
                        files[child_rel] = self._digest(entry.path)
                except OSError:
                    continue
        return files, dirs, links

    def _digest(self, path: str) -> str:
        fd = os.open(
            path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        )
        with os.fdopen(fd, "rb") as handle:
            st = os.fstat(handle.fileno())
            if not stat.S_ISREG(st.st_mode) or st.st_size > self._max_hash_bytes:
                return f"{UNHASHED_PREFIX}{st.st_size}"
            digest = hashlib.sha256()
            for chunk in iter(lambda: handle.read(1024 * 1024), b""):
                digest.update(chunk)
            return digest.hexdigest()

    # -- trusted commands -----------------------------------------------------------------------

    def trusted_commands(self, search_path: str | None = None) -> dict[str, str]:
        """Name -> real path of each candidate whose first hit on ``search_path`` is trusted."""
        path = self._search_path if search_path is None else search_path
        trusted: dict[str, str] = {}
        for name in self._candidates:
            found = shutil.which(name, path=path)
            if found is None:
                continue
            real = os.path.realpath(found)
            if self._is_trusted_binary(real):
                trusted[name] = real
        return trusted

    def _is_trusted_binary(self, real: str) -> bool:
        if not any(_is_within(real, d) and real != d for d in self._trusted_dirs):
            return False
        try:
            st = os.stat(real)
            parent = os.stat(os.path.dirname(real))
        except OSError:
            return False
        if not stat.S_ISREG(st.st_mode) or not os.access(real, os.X_OK):
            return False
        if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return False
        if parent.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            return False
        return st.st_uid == 0 or not os.access(real, os.W_OK)


def git_directories(files: Iterable[str], dirs: Iterable[str]) -> tuple[str, ...]:
    """Directories (relative, sorted) that look like a git directory by content: a file ``HEAD``
    next to a directory ``objects`` or ``refs`` — a bare repository, or a ``.git`` under another
    name. git run inside one (or pointed at it) takes it as the repository and obeys its
    ``config`` (``core.fsmonitor``, ``core.worktree``, drivers), its ``hooks/`` and its
    ``info/attributes``; the whole directory is protected so nothing the model runs or writes
    can change them. (git itself needs both ``objects`` and ``refs``; one is enough here.)
    Names are compared case-folded, as a case-insensitive filesystem would."""
    folded_dirs = {_fold(d) for d in dirs}
    found: set[str] = set()
    for path in files:
        parent, _, base = path.rpartition("/")
        if _fold(base) != "head":
            continue
        if any(_fold(f"{parent}/{m}" if parent else m) in folded_dirs for m in ("objects", "refs")):
            found.add(parent or ROOT)
    return tuple(sorted(found))


def _fold(path: str) -> str:
    return unicodedata.normalize("NFC", path).casefold()


def _link_target(path: str, root: str) -> str | None:
    """Where the symlink ``path`` really leads, relative to ``root``; ``None`` if outside or a
    loop (a loop never resolves, and mapping it to itself could send a resolver round forever)."""
    try:
        os.stat(path)
    except OSError as error:
        if error.errno == errno.ELOOP:
            return None
    return _relative_inside(os.path.realpath(path), root)


def _is_within(path: str, root: str) -> bool:
    """``path`` is ``root`` or below it (both absolute, real)."""
    try:
        return os.path.commonpath((path, root)) == root
    except ValueError:  # different drives
        return False


def _relative_inside(real: str, root: str) -> str | None:
    """``real`` relative to ``root`` as POSIX (``"."`` for the root), or ``None`` if outside."""
    if not _is_within(real, root):
        return None
    rel = os.path.relpath(real, root)
    return ROOT if rel == os.curdir else Path(rel).as_posix()

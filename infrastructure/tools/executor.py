"""Runs one validated, allowed built-in tool call: ``LocalToolExecutor``.

Why it exists: the runtime decides (validator, classifier and gate in ``domain.actions``); this
adapter only executes, on the local machine, what was decided, and turns the result into text the
model can read. It never re-decides policy, but it re-checks the two facts an attacker could
change between the snapshot and the execution: that the real path of a target still lies inside
its root, and that the venv it installs into is not Parley's own.

Invariants it keeps:

- **Targets.** Paths come from ``verdict.target`` only (``"workspace:<rel>"`` or
  ``"sandbox:<rel>"``; a bare ``<rel>`` means the tool's default root: the workspace for reads,
  the sandbox for ``write_file`` and ``run_command``'s ``cwd``), never from the model's raw
  arguments. An absolute or ``..`` path, or one whose ``realpath`` lies outside its root, is a
  failed outcome. ``write_file`` writes only into the sandbox. ``install_package`` takes the
  package requirement from ``verdict.target``; ``run_command`` takes the command text from the
  action's ``command`` argument (what the gate classified and the user saw).
- **Reads** (``read_file``, ``list_dir``, ``search_files``) never follow a symlink out of the
  root, read only regular files, and are capped: ``context.read_cap_bytes`` per file (truncation
  is said in the text), :data:`LIST_CAP` entries, :data:`SEARCH_MATCH_CAP` matches over at most
  :data:`SEARCH_FILE_CAP` files of at most :data:`SEARCH_SIZE_CAP` bytes each (binary files, those
  with a NUL byte or invalid UTF-8, are skipped by search and reported as binary by read_file).
  ``search_files`` treats the pattern as a regular expression, or as a plain substring when it is
  not a valid one, and skips ``.git``.
- **Writes** create parent directories inside the sandbox (re-checked after creation, so a
  symlinked directory planted by a command cannot redirect them) and are atomic (a temporary file
  in the same directory, ``fsync``, ``os.replace``; a symlink at the destination is replaced, not
  followed). At most :data:`WRITE_CAP` bytes.
- **Processes** (``run_command``, ``install_package``) run as ``["/bin/sh", "-c", command]`` or an
  argument vector, never through a shell string of Python's, in a new session (their own process
  group), with stdin from ``/dev/null`` and an environment built from nothing: ``PATH`` (the
  minimal one, after the workspace venv's ``bin`` when it exists), ``HOME`` (a fresh temporary
  folder, removed afterwards), ``LANG=C.UTF-8``, ``TERM=dumb``, ``VIRTUAL_ENV`` when the venv
  exists, and for pip its no-input/no-version-check switches. No other variable is inherited, so
  no API key or secret reaches a tool. stdout and stderr are merged and read incrementally; only
  ``context.output_cap_bytes`` are kept (the rest is counted and discarded, and the truncation is
  said). On timeout the whole process group gets SIGKILL; after a normal exit any process the
  command left behind in its group is killed too. The text always states the exit code.
- **install_package** creates the venv with ``<python> -m venv`` on first use, refuses a
  ``venv_dir`` that is missing or that is, contains, or lies inside ``sys.prefix`` /
  ``sys.base_prefix``, refuses a requirement that is not a plain name (optionally with extras and
  one version clause; no URL, path or option), and runs ``<venv>/bin/python -m pip install
  --no-input <pip_args> -- <name>``. ``pip_args`` (constructor) lets tests install offline
  (``--no-index --find-links <dir>``).
- **promote** copies the sandbox's regular files (symlinks and special files are skipped; the
  tree is never followed through a symlink) into ``destination`` keeping their relative layout;
  a clash keeps both (``name (2).ext``, ``name (3).ext``, …; names are reserved with ``O_EXCL``, so
  nothing is overwritten); the sandbox is never deleted or changed.

Errors: every expected failure (missing file, escape, timeout, non-zero exit, pip failure, an
unknown tool) is a ``ToolOutcome`` with ``success=False`` and a message the model can act on;
``OSError`` from the filesystem becomes such an outcome too. Only a bug raises, and ``promote``,
which lets an ``OSError`` of the destination (disk full, no permission) propagate after copying
what it could, so the runtime keeps the sandbox and says so. POSIX only:
``run_command`` and ``install_package`` report a failure on Windows.
"""

from __future__ import annotations

import codecs
import contextlib
import hashlib
import os
import posixpath
import re
import selectors
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from application.ports.tools import ToolContext, ToolOutcome
from domain.actions.model import ProposedAction, Verdict
from infrastructure.tools.sandbox import MINIMAL_PATH, tool_path, venv_python

WORKSPACE = "workspace"
SANDBOX = "sandbox"

LIST_CAP = 1000
SEARCH_MATCH_CAP = 200
SEARCH_FILE_CAP = 20_000
SEARCH_SIZE_CAP = 1024 * 1024
SEARCH_LINE_CHARS = 300
WRITE_CAP = 16 * 1024 * 1024
BINARY_SNIFF_BYTES = 8192
#: After the shell exits, how long to keep draining output held open by leftover children.
DRAIN_GRACE_S = 1.0

_REQUIREMENT = re.compile(
    r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?"
    r"(?:\[[A-Za-z0-9._-]+(?:,[A-Za-z0-9._-]+)*\])?"
    r"(?:(?:==|!=|<=|>=|~=|<|>)[A-Za-z0-9.*+!_-]+)?"
)


class _Refused(Exception):
    """An expected failure whose message goes to the model as it is."""


@dataclass(frozen=True)
class _RunResult:
    exit_code: int | None
    output: bytes
    total_bytes: int
    timed_out: bool
    seconds: float


class LocalToolExecutor:
    """``ToolExecutor`` on the local machine (see the module docstring)."""

    def __init__(
        self,
        *,
        python: str | None = None,
        pip_args: Sequence[str] = (),
        install_timeout_s: float = 300.0,
        base_path: str = MINIMAL_PATH,
    ) -> None:
        """``python`` creates workspace venvs (default: the interpreter running Parley, whose
        ``venv`` module bases the new venv on the underlying installation, not on Parley's venv);
        ``pip_args`` go before the requirement (tests: ``--no-index --find-links DIR``)."""
        self._python = python or sys.executable
        self._pip_args = tuple(pip_args)
        self._install_timeout_s = install_timeout_s
        self._base_path = base_path

    # -- the port -------------------------------------------------------------------------------

    def execute(
        self, action: ProposedAction, verdict: Verdict, context: ToolContext
    ) -> ToolOutcome:
        handlers = {
            "read_file": self._read_file,
            "list_dir": self._list_dir,
            "search_files": self._search_files,
            "write_file": self._write_file,
            "run_command": self._run_command,
            "install_package": self._install_package,
        }
        handler = handlers.get(action.tool)
        if handler is None:
            return ToolOutcome(f"Unknown tool {action.tool!r}.", success=False)
        try:
            return handler(action, verdict, context)
        except _Refused as refused:
            return ToolOutcome(str(refused), success=False)
        except OSError as error:
            return ToolOutcome(f"{action.tool} failed: {_describe_os_error(error)}", success=False)

    def promote(self, context: ToolContext, destination: Path) -> list[Path]:
        sandbox = os.path.realpath(context.sandbox)
        promoted: list[Path] = []
        if not os.path.isdir(sandbox):
            return promoted
        destination = Path(destination)
        destination.mkdir(parents=True, exist_ok=True)
        for rel in _regular_files(sandbox):
            source = os.path.join(sandbox, *rel.split("/"))
            parent = _unique_dir(destination, rel.split("/")[:-1])
            target = _copy_unique(source, parent, rel.rsplit("/", 1)[-1])
            if target is not None:
                promoted.append(target)
        return promoted

    # -- reading --------------------------------------------------------------------------------

    def _read_file(
        self, action: ProposedAction, verdict: Verdict, context: ToolContext
    ) -> ToolOutcome:
        label, real = _locate(verdict.target, context, default=WORKSPACE)
        if os.path.isdir(real):
            raise _Refused(f"{label} is a directory; use list_dir to see what it holds.")
        fd = _open_regular(real, label)
        with os.fdopen(fd, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            cap = max(0, context.read_cap_bytes)
            data = handle.read(cap + 1)
        truncated = len(data) > cap
        data = data[:cap]
        text = _decode_text(data, final=not truncated)
        if text is None:
            return ToolOutcome(
                f"{label} is a binary file ({size} bytes); its content is not shown.",
                success=False,
            )
        if not data:
            return ToolOutcome(f"{label} is empty.", success=True)
        if truncated:
            text += f"\n[truncated: showing the first {len(data)} of {size} bytes of {label}]"
        return ToolOutcome(text, success=True)

    def _list_dir(
        self, action: ProposedAction, verdict: Verdict, context: ToolContext
    ) -> ToolOutcome:
        label, real = _locate(verdict.target, context, default=WORKSPACE)
        if not os.path.isdir(real):
            raise _Refused(f"{label} is not a directory.")
        with os.scandir(real) as it:
            entries = sorted(it, key=lambda e: e.name)
        lines: list[str] = []
        for entry in entries[:LIST_CAP]:
            try:
                if entry.is_symlink():
                    lines.append(f"{entry.name} -> {os.readlink(entry.path)} (symlink)")
                elif entry.is_dir(follow_symlinks=False):
                    lines.append(f"{entry.name}/")
                else:
                    size = entry.stat(follow_symlinks=False).st_size
                    lines.append(f"{entry.name}  {size} bytes")
            except OSError:
                lines.append(f"{entry.name}  (unreadable)")
        header = f"{label} ({len(entries)} entries)"
        if not entries:
            return ToolOutcome(f"{label} is an empty directory.", success=True)
        if len(entries) > LIST_CAP:
            lines.append(f"[truncated: showing the first {LIST_CAP} of {len(entries)} entries]")
        return ToolOutcome("\n".join([header, *lines]), success=True)

    def _search_files(
        self, action: ProposedAction, verdict: Verdict, context: ToolContext
    ) -> ToolOutcome:
        pattern = action.arguments.get("pattern")
        if not isinstance(pattern, str) or not pattern:
            raise _Refused("search_files needs a non-empty 'pattern' string.")
        try:
            regex = re.compile(pattern)
            how = "regular expression"
        except re.error:
            regex = re.compile(re.escape(pattern))
            how = "plain text (not a valid regular expression)"
        namespace, _rel = _split_target(verdict.target, WORKSPACE)
        label, real = _locate(verdict.target, context, default=WORKSPACE)
        root = _root_of(namespace, context)
        if os.path.isfile(real):
            candidates: list[str] = [real]
        elif os.path.isdir(real):
            candidates = list(_walk_files(real, SEARCH_FILE_CAP + 1))
        else:
            raise _Refused(f"{label} does not exist.")
        matches: list[str] = []
        more = False
        skipped = 0
        for path in candidates[:SEARCH_FILE_CAP]:
            lines = _text_lines(path)
            if lines is None:
                skipped += 1
                continue
            shown = Path(os.path.relpath(path, root)).as_posix()
            for number, line in enumerate(lines, start=1):
                if regex.search(line):
                    if len(matches) >= SEARCH_MATCH_CAP:
                        more = True
                        break
                    matches.append(f"{shown}:{number}: {line[:SEARCH_LINE_CHARS]}")
            if more:
                break
        header = f"{len(matches)} match(es) for {pattern!r} ({how}) under {label}"
        notes: list[str] = []
        if more:
            notes.append(f"[truncated: stopped at {SEARCH_MATCH_CAP} matches]")
        if len(candidates) > SEARCH_FILE_CAP:
            notes.append(f"[truncated: searched only the first {SEARCH_FILE_CAP} files]")
        if skipped:
            notes.append(f"[skipped {skipped} binary or oversized file(s)]")
        return ToolOutcome("\n".join([header, *matches, *notes]), success=True)

    # -- writing --------------------------------------------------------------------------------

    def _write_file(
        self, action: ProposedAction, verdict: Verdict, context: ToolContext
    ) -> ToolOutcome:
        namespace, rel = _split_target(verdict.target, SANDBOX)
        if namespace != SANDBOX:
            raise _Refused("write_file writes only into the sandbox.")
        if rel == ".":
            raise _Refused("write_file needs a file name inside the sandbox.")
        content = action.arguments.get("content", "")
        if not isinstance(content, str):
            raise _Refused("write_file needs 'content' as a string.")
        data = content.encode("utf-8")
        if len(data) > WRITE_CAP:
            raise _Refused(f"write_file content is larger than {WRITE_CAP} bytes.")
        root = os.path.realpath(context.sandbox)
        if not os.path.isdir(root):
            raise _Refused("the turn's sandbox does not exist.")
        parent_rel, _, name = rel.rpartition("/")
        parent = os.path.join(root, *parent_rel.split("/")) if parent_rel else root
        os.makedirs(parent, exist_ok=True)
        if not _is_within(os.path.realpath(parent), root):
            raise _Refused(f"sandbox:{parent_rel} leads outside the sandbox; nothing was written.")
        destination = os.path.join(parent, name)
        if os.path.isdir(destination) and not os.path.islink(destination):
            raise _Refused(f"sandbox:{rel} is a directory; nothing was written.")
        fd, temporary = tempfile.mkstemp(prefix=".parley-", suffix=".tmp", dir=parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temporary, 0o644)
            os.replace(temporary, destination)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        digest = hashlib.sha256(data).hexdigest()
        return ToolOutcome(
            f"Wrote {len(data)} bytes to sandbox:{rel}.", success=True, created=((rel, digest),)
        )

    # -- processes ------------------------------------------------------------------------------

    def _run_command(
        self, action: ProposedAction, verdict: Verdict, context: ToolContext
    ) -> ToolOutcome:
        if os.name != "posix":
            raise _Refused("run_command is available on POSIX systems only.")
        command = action.arguments.get("command")
        if not isinstance(command, str) or not command.strip():
            raise _Refused("run_command needs a non-empty 'command' string.")
        label, cwd = _locate(verdict.target, context, default=SANDBOX)
        if not os.path.isdir(cwd):
            raise _Refused(f"the working directory {label} is not a directory.")
        result = self._run(
            ["/bin/sh", "-c", command],
            cwd=cwd,
            env=self._environment(context.venv_dir),
            timeout_s=context.command_timeout_s,
            cap=context.output_cap_bytes,
        )
        return _process_outcome(f"$ {command}\n(in {label})", result, context.output_cap_bytes)

    def _install_package(
        self, action: ProposedAction, verdict: Verdict, context: ToolContext
    ) -> ToolOutcome:
        if os.name != "posix":
            raise _Refused("install_package is available on POSIX systems only.")
        requirement = verdict.target.strip()
        if not _REQUIREMENT.fullmatch(requirement):
            raise _Refused(
                f"{requirement!r} is not a plain package name (letters, digits, '.', '_', '-',"
                " optional [extras] and one version clause such as ==1.2); nothing was installed."
            )
        venv = self._checked_venv(context.venv_dir)
        timeout_s = max(context.command_timeout_s, self._install_timeout_s)
        python = venv_python(venv)
        steps: list[str] = []
        if not python.exists():
            venv.parent.mkdir(parents=True, exist_ok=True)
            created = self._run(
                [self._python, "-m", "venv", str(venv)],
                cwd=str(venv.parent),
                env=self._environment(None),
                timeout_s=timeout_s,
                cap=context.output_cap_bytes,
            )
            if created.timed_out or created.exit_code != 0 or not python.exists():
                return _process_outcome(
                    f"creating the workspace environment {venv}", created, context.output_cap_bytes
                )
            steps.append(f"Created the workspace environment {venv}.")
        env = self._environment(venv)
        env.update(PIP_NO_INPUT="1", PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_COLOR="1")
        result = self._run(
            [str(python), "-m", "pip", "install", "--no-input", *self._pip_args, "--", requirement],
            cwd=str(venv),
            env=env,
            timeout_s=timeout_s,
            cap=context.output_cap_bytes,
        )
        heading = "\n".join([*steps, f"pip install {requirement} (into {venv})"])
        return _process_outcome(heading, result, context.output_cap_bytes)

    def _checked_venv(self, venv_dir: Path | None) -> Path:
        if venv_dir is None:
            raise _Refused("no per-workspace environment is configured; nothing was installed.")
        venv = Path(os.path.realpath(venv_dir))
        for own in {os.path.realpath(sys.prefix), os.path.realpath(sys.base_prefix)}:
            if _is_within(str(venv), own) or _is_within(own, str(venv)):
                raise _Refused(
                    f"refusing to install into {venv}: it is (or overlaps) Parley's own"
                    " Python environment."
                )
        return venv

    def _environment(self, venv_dir: Path | None) -> dict[str, str]:
        env = {
            "PATH": tool_path(venv_dir, self._base_path),
            "LANG": "C.UTF-8",
            "TERM": "dumb",
        }
        if venv_dir is not None and venv_python(venv_dir).exists():
            env["VIRTUAL_ENV"] = str(venv_dir)
        return env

    def _run(
        self,
        argv: list[str],
        *,
        cwd: str,
        env: Mapping[str, str],
        timeout_s: float,
        cap: int,
    ) -> _RunResult:
        home = tempfile.mkdtemp(prefix="parley-home-")
        try:
            return _run_capped(
                argv, cwd=cwd, env={**env, "HOME": home}, timeout_s=timeout_s, cap=cap
            )
        finally:
            shutil.rmtree(home, ignore_errors=True)


# -- process plumbing ---------------------------------------------------------------------------


def _run_capped(
    argv: list[str], *, cwd: str, env: Mapping[str, str], timeout_s: float, cap: int
) -> _RunResult:
    started = time.monotonic()
    process = subprocess.Popen(  # argv, not a shell string; env built from nothing
        argv,
        cwd=cwd,
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        close_fds=True,
    )
    assert process.stdout is not None
    fd = process.stdout.fileno()
    os.set_blocking(fd, False)
    kept = bytearray()
    total = 0
    timed_out = False
    eof = False
    deadline = started + max(0.0, timeout_s)
    drain_until: float | None = None
    with selectors.DefaultSelector() as selector:
        selector.register(fd, selectors.EVENT_READ)
        while True:
            now = time.monotonic()
            exited = process.poll() is not None
            if exited and drain_until is None:
                drain_until = now + DRAIN_GRACE_S
            if exited and eof:
                break
            limit = drain_until if drain_until is not None else deadline
            if now >= limit:
                if not exited:
                    timed_out = True
                    _kill_group(process.pid)
                break  # exited: stop draining output held open by leftover children
            if eof:  # output closed, process still running: wait for it, up to the deadline
                time.sleep(min(0.05, limit - now))
                continue
            if not selector.select(timeout=min(0.1, limit - now)):
                continue
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                continue
            if not chunk:
                eof = True
                selector.unregister(fd)
                continue
            total += len(chunk)
            room = cap - len(kept)
            if room > 0:
                kept += chunk[:room]
    _kill_group(process.pid)  # leftovers that still hold the group (background jobs)
    try:
        exit_code = process.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL was sent to the group
        exit_code = None
    process.stdout.close()
    if timed_out:
        exit_code = None
    return _RunResult(exit_code, bytes(kept), total, timed_out, time.monotonic() - started)


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def _process_outcome(heading: str, result: _RunResult, cap: int) -> ToolOutcome:
    text = result.output.decode("utf-8", errors="replace")
    parts = [heading]
    if result.timed_out:
        parts.append(
            f"timed out after {result.seconds:.1f} s; the command and its children were killed"
        )
    elif result.exit_code is not None and result.exit_code < 0:
        parts.append(f"exit code: {result.exit_code} (killed by signal {-result.exit_code})")
    else:
        parts.append(f"exit code: {result.exit_code}")
    parts.append(text if text else "(no output)")
    if result.total_bytes > len(result.output):
        parts.append(
            f"[output truncated: kept the first {len(result.output)} of {result.total_bytes}"
            f" bytes (cap {cap})]"
        )
    success = not result.timed_out and result.exit_code == 0
    return ToolOutcome("\n".join(parts), success=success)


# -- paths --------------------------------------------------------------------------------------


def _split_target(target: str, default: str) -> tuple[str, str]:
    namespace, sep, rest = target.partition(":")
    if sep and namespace in (WORKSPACE, SANDBOX):
        raw = rest
    else:
        namespace, raw = default, target
    if raw.startswith("/") or "\\" in raw or "\x00" in raw:
        raise _Refused(f"{target!r} is not a relative path inside the {namespace}.")
    rel = posixpath.normpath(raw) if raw else "."
    if rel == ".." or rel.startswith("../"):
        raise _Refused(f"{target!r} leads outside the {namespace}.")
    return namespace, rel


def _root_of(namespace: str, context: ToolContext) -> str:
    return os.path.realpath(context.workspace if namespace == WORKSPACE else context.sandbox)


def _locate(target: str, context: ToolContext, *, default: str) -> tuple[str, str]:
    """(``"namespace:rel"`` label, real absolute path), re-checked to be inside its root."""
    namespace, rel = _split_target(target, default)
    root = _root_of(namespace, context)
    label = f"{namespace}:{'' if rel == '.' else rel}"
    joined = root if rel == "." else os.path.join(root, *rel.split("/"))
    real = os.path.realpath(joined)
    if not _is_within(real, root):
        raise _Refused(f"{label} resolves outside the {namespace}; it was not touched.")
    if not os.path.lexists(joined):
        raise _Refused(f"{label} does not exist.")
    return label, real


def _is_within(path: str, root: str) -> bool:
    try:
        return os.path.commonpath((path, root)) == root
    except ValueError:
        return False


def _open_regular(real: str, label: str) -> int:
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(real, flags)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise _Refused(f"{label} is not a regular file.")
    return fd


def _decode_text(data: bytes, *, final: bool) -> str | None:
    """UTF-8 text, or ``None`` for binary (a NUL byte, or bytes that are not UTF-8)."""
    if b"\x00" in data[:BINARY_SNIFF_BYTES]:
        return None
    try:
        # Incremental: a character cut by the read cap is not an error.
        return codecs.getincrementaldecoder("utf-8")().decode(data, final=final)
    except UnicodeDecodeError:
        return None


def _walk_files(top: str, limit: int) -> list[str]:
    """Regular files under ``top`` (sorted, breadth-first, no symlinks, no ``.git``)."""
    found: list[str] = []
    pending = [top]
    while pending and len(found) < limit:
        current = pending.pop(0)
        try:
            with os.scandir(current) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_symlink():
                    continue
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != ".git":
                        pending.append(entry.path)
                elif entry.is_file(follow_symlinks=False):
                    found.append(entry.path)
                    if len(found) >= limit:
                        break
            except OSError:
                continue
    return found


def _text_lines(path: str) -> list[str] | None:
    try:
        fd = os.open(
            path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
        )
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_size > SEARCH_SIZE_CAP:
            return None
        data = handle.read(SEARCH_SIZE_CAP + 1)
    if len(data) > SEARCH_SIZE_CAP:
        return None
    text = _decode_text(data, final=True)
    return None if text is None else text.splitlines()


def _regular_files(root: str) -> list[str]:
    """Sandbox-relative POSIX paths of the regular files under ``root`` (no symlinks followed)."""
    found: list[str] = []
    pending: list[tuple[str, str]] = [(root, "")]
    while pending:
        current, rel = pending.pop(0)
        try:
            with os.scandir(current) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            child = f"{rel}/{entry.name}" if rel else entry.name
            try:
                if entry.is_symlink():
                    continue
                if entry.is_dir(follow_symlinks=False):
                    pending.append((entry.path, child))
                elif entry.is_file(follow_symlinks=False):
                    found.append(child)
            except OSError:
                continue
    return found


def _variant(name: str, n: int) -> str:
    """``report.txt`` -> ``report (n).txt``; ``.env`` -> ``.env (n)``."""
    stem, dot, suffix = name.rpartition(".")
    if not dot or not stem:
        return f"{name} ({n})"
    return f"{stem} ({n}).{suffix}"


def _unique_dir(destination: Path, parts: list[str]) -> Path:
    """``destination/<parts>``, creating directories; a part that exists as a non-directory gets
    the first free ``name (n)`` directory instead."""
    current = destination
    for part in parts:
        n = 1
        while True:
            candidate = current / (part if n == 1 else f"{part} ({n})")
            try:
                candidate.mkdir()
            except FileExistsError:
                if candidate.is_dir():
                    break
                n += 1
                continue
            break
        current = candidate
    return current


def _copy_unique(source: str, parent: Path, name: str) -> Path | None:
    """Copy ``source`` to the first free ``parent/name`` / ``parent/name (n)``; never overwrites."""
    for n in range(1, 10_000):
        candidate = parent / (name if n == 1 else _variant(name, n))
        try:
            handle = open(candidate, "xb")  # noqa: SIM115 - closed below; O_EXCL reserves it
        except FileExistsError:
            continue
        try:
            with handle, open(source, "rb") as original:
                shutil.copyfileobj(original, handle)
            os.chmod(candidate, stat.S_IMODE(os.stat(source).st_mode) & 0o777)
        except BaseException:
            with contextlib.suppress(OSError):
                candidate.unlink()
            raise
        return candidate
    return None


def _describe_os_error(error: OSError) -> str:
    name = f" ({error.filename})" if error.filename else ""
    return f"{error.strerror or error}{name}"

"""Runs one validated, allowed built-in tool call: ``LocalToolExecutor``.

Why it exists: the runtime decides (validator, classifier and gate in ``domain.actions``); this
adapter only executes, on the local machine, what was decided, and turns the result into text the
model can read. It never re-decides policy, but it does not trust what an attacker could change
between the snapshot and the execution: the file tools open every target by walking from its
root one component at a time (:mod:`infrastructure.tools.walk`), so no symlink, ``..`` or
directory swapped for a link can lead them outside it, and it re-checks that the venv it
installs into is not Parley's own.

Invariants it keeps:

- **Targets.** Paths come from ``verdict.target`` only (``"workspace:<rel>"`` or
  ``"sandbox:<rel>"``; a bare ``<rel>`` means the tool's default root: the workspace for reads,
  the sandbox for ``write_file`` and ``run_command``'s ``cwd``), never from the model's raw
  arguments. An absolute or ``..`` path is a failed outcome. Files and folders are opened with
  ``os.open(name, O_NOFOLLOW | …, dir_fd=parent)`` from a descriptor of the root, never by
  path (only ``run_command``'s ``cwd``, which a process needs as a path, is still checked with
  ``realpath``). ``write_file`` writes only into the sandbox. ``install_package`` takes the
  package requirement from ``verdict.target``; ``run_command`` takes the command text from the
  action's ``command`` argument (what the gate classified and the user saw).
- **Reads** (``read_file``, ``list_dir``, ``search_files``) follow a symlink in the named
  target only beneath its root (a link whose text leads out, even through ``..``, is "resolves
  outside"; a loop is refused), never descend through a symlink below the target, read only
  regular files (a FIFO, socket or device is refused without being opened, and every open is
  ``O_NONBLOCK``), and refuse a regular file with more than one name (``st_nlink > 1``: a hard
  link may be the content of a file outside; read_file says so, search_files skips and counts
  it). Names with a control character are shown escaped (``ascii``). They are capped:
  ``context.read_cap_bytes`` per file (truncation is said in the text), :data:`LIST_CAP`
  entries, :data:`SEARCH_MATCH_CAP` matches over at most :data:`SEARCH_FILE_CAP` files of at
  most :data:`SEARCH_SIZE_CAP` bytes each (binary files, those with a NUL byte or invalid UTF-8,
  are skipped by search and reported as binary by read_file).
  ``search_files`` treats the pattern as a regular expression, or as a plain substring when it is
  not a valid one, and skips ``.git``.
- **Writes** create parent directories inside the sandbox by walking (``mkdirat``, then an
  ``O_NOFOLLOW`` open), so a symlink at any component, planted before or during the write, makes
  it fail and nothing is written; they are atomic (a temporary file made with ``O_EXCL`` in the
  parent's descriptor, ``fsync``, ``os.replace`` between the same descriptor; a symlink at the
  destination is replaced, not followed). At most :data:`WRITE_CAP` bytes.
- **Processes** (``run_command``, ``install_package``) run under a ``Confinement``
  (``domain.actions.confinement``): inside bubblewrap (``infrastructure.tools.confinement``) when
  it is enforced — the executor refuses an enforced confinement it cannot enforce, it never falls
  back to running unconfined — and directly only when the runtime says none is available (the
  person was asked). ``run_command`` runs ``[bash, "--noprofile", "--norc", "-c", command]``
  with bash from a fixed root-owned path (never ``/bin/sh``: dash parses differently from what
  the classifier models); ``install_package`` runs an argument vector. Each runs in a new session
  (its own process group), with stdin from ``/dev/null`` and an environment built from nothing:
  ``PATH`` (the minimal one, after the workspace venv's ``bin`` when it exists), ``HOME`` (an
  empty folder: inside the sandbox's private ``/tmp``, or a fresh temporary folder removed
  afterwards), ``LANG=C.UTF-8``, ``TERM=dumb``, git's defanging settings
  (:func:`git_environment`), ``VIRTUAL_ENV`` when the venv exists, and for pip its
  no-input/no-version-check switches. No other variable is inherited, so no API key or secret
  reaches a tool. stdout and stderr are merged and read incrementally; only
  ``context.output_cap_bytes`` are kept (the rest is counted and discarded, and the truncation is
  said). On timeout the whole process group gets SIGKILL (the sandbox dies with it); after a
  normal exit any process the command left behind is killed too. The text always states the exit
  code and the confinement.
- **install_package** creates the venv with ``<python> -m venv`` on first use, refuses a
  ``venv_dir`` that is missing or that is, contains, or lies inside ``sys.prefix`` /
  ``sys.base_prefix``, refuses a requirement that is not a plain name (optionally with extras and
  one version clause; no URL, path or option), and runs ``<venv>/bin/python -m pip install
  --no-input <pip_args> -- <name>``. ``pip_args`` (constructor) lets tests install offline
  (``--no-index --find-links <dir>``).
- **promote** copies the sandbox's regular files (symlinks and special files are skipped; the
  tree is walked by descriptor and never through a symlink) into ``destination`` keeping their
  relative layout. A destination inside the workspace is reached by walking from the workspace
  without following any link: a ``parley-output`` that is a link (or a link above it) is refused
  with an ``OSError`` and nothing is copied; an output folder elsewhere (the user's setting) is
  opened as configured. Below it, folders are made with ``mkdirat`` and entered with
  ``O_NOFOLLOW``; one that exists as a file or a link gets ``name (2)``. A clash keeps both
  (``name (2).ext``, ``name (3).ext``, …; copies are created with ``O_EXCL | O_NOFOLLOW`` in the
  folder's descriptor, so nothing is overwritten or written through a link); hard-linked
  sandbox files are copied (their content is what the sandbox shows); the sandbox is never
  deleted or changed.

Errors: every expected failure (missing file, escape, timeout, non-zero exit, pip failure, an
unknown tool) is a ``ToolOutcome`` with ``success=False`` and a message the model can act on;
``OSError`` from the filesystem becomes such an outcome too. Only a bug raises, and ``promote``,
which lets an ``OSError`` of the destination (disk full, no permission, a linked
``parley-output``) propagate after copying what it could, so the runtime keeps the sandbox and
says so. POSIX only (the file tools need ``dir_fd``):
``run_command`` and ``install_package`` report a failure on Windows.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
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
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from parley.application.ports.tools import ToolContext, ToolOutcome
from parley.domain.actions.confinement import (
    ENVIRONMENT_WRITE,
    SANDBOX_WRITE,
    UNCONFINED,
    Confinement,
)
from parley.domain.actions.model import ProposedAction, Verdict
from parley.infrastructure.tools import walk
from parley.infrastructure.tools.confinement import (
    SANDBOX_HOME,
    Bubblewrap,
    ConfinementUnavailable,
    find_system_program,
)
from parley.infrastructure.tools.sandbox import MINIMAL_PATH, tool_path, venv_python

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


#: Where the one shell Parley models is looked for (root-owned, never from PATH). Commands run as
#: ``bash --noprofile --norc -c`` — never ``/bin/sh``, which is dash on Debian and Ubuntu and
#: parses differently from what the classifier models (``&>``, quoting).
BASH_PATHS = ("/bin/bash", "/usr/bin/bash")

#: git reads configuration that can name programs (``core.fsmonitor``, hooks, pagers, external
#: diff, ``ext::`` transports): a repository planted in the workspace or the sandbox must not
#: make ``git status`` run it. These are command-line-level overrides (``GIT_CONFIG_COUNT``,
#: git >= 2.31), so they beat any repository's own config.
GIT_OVERRIDES = (
    ("core.fsmonitor", "false"),
    ("core.hooksPath", "/dev/null"),
    ("core.pager", "cat"),
    ("core.editor", "false"),
    ("sequence.editor", "false"),
    ("core.askPass", ""),
    ("core.sshCommand", "ssh"),
    ("credential.helper", ""),
    ("safe.bareRepository", "explicit"),
    ("protocol.ext.allow", "never"),
    ("uploadpack.packObjectsHook", ""),
    ("log.showSignature", "false"),
    ("gpg.program", "false"),
    ("core.alternateRefsCommand", "true"),
)
#: Added when the command has no network: no transport at all, so a planted remote (a local
#: path with a hostile ``uploadpack``, a lazy partial-clone fetch) cannot start a program.
GIT_OFFLINE_OVERRIDES = (("protocol.allow", "never"),)


def git_environment(*, network: bool = False) -> dict[str, str]:
    """Environment variables that run git defanged (with the executor's fresh, empty HOME): no
    system config, an empty global one, the overrides in
    :data:`GIT_OVERRIDES` (and :data:`GIT_OFFLINE_OVERRIDES` without the network), no pager, no
    prompt, no optional index writes.

    Not stoppable this way (git 2.39): drivers a hostile repository config names itself
    (``diff.<x>.textconv``, ``diff.<x>.command``, ``filter.<x>.clean``, ``diff.external``). The
    model cannot plant such a config (``.git`` and bare-repository layouts are protected); one
    already in the workspace runs inside the sandbox like any command."""
    overrides = GIT_OVERRIDES if network else GIT_OVERRIDES + GIT_OFFLINE_OVERRIDES
    env = {
        "GIT_CONFIG_NOSYSTEM": "1",
        # No GIT_CONFIG_GLOBAL: HOME is always a fresh empty folder, so the global config is
        # empty by construction. Pointing it at /dev/null let `git config --global` (run as
        # root without a sandbox) replace /dev/null with a regular file by its lock-and-rename.
        "GIT_ATTR_NOSYSTEM": "1",
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_PAGER": "cat",
        "PAGER": "cat",
        "GIT_OPTIONAL_LOCKS": "0",
        "GIT_CONFIG_COUNT": str(len(overrides)),
    }
    for index, (key, value) in enumerate(overrides):
        env[f"GIT_CONFIG_KEY_{index}"] = key
        env[f"GIT_CONFIG_VALUE_{index}"] = value
    return env


def find_bash(paths: Sequence[str] = BASH_PATHS) -> str | None:
    """The first root-owned, executable bash at a fixed path, or ``None``."""
    return find_system_program(paths)


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
        sandbox: Bubblewrap | None = None,
        protected_roots: Sequence[Path] = (),
        bash: str | None = None,
    ) -> None:
        """``python`` creates workspace venvs (default: the base interpreter under the one running
        Parley, so a venv made inside the sandbox does not depend on Parley's own venv);
        ``pip_args`` go before the requirement (tests: ``--no-index --find-links DIR``).
        ``sandbox``: the operating-system sandbox processes run in (``None``: none, so only an
        unconfined run is possible — the gate then asks before every command).
        ``protected_roots``: Parley's own data and settings, kept read-only inside a writable
        workspace. ``bash``: the shell (default: :func:`find_bash`)."""
        self._python = python or os.path.realpath(getattr(sys, "_base_executable", sys.executable))
        self._pip_args = tuple(pip_args)
        self._install_timeout_s = install_timeout_s
        self._base_path = base_path
        self._sandbox = sandbox
        self._protected_roots = tuple(Path(p) for p in protected_roots)
        self._bash = bash if bash is not None else find_bash()

    # -- the port -------------------------------------------------------------------------------

    def execute(
        self,
        action: ProposedAction,
        verdict: Verdict,
        context: ToolContext,
        confinement: Confinement | None = None,
    ) -> ToolOutcome:
        files = {
            "read_file": self._read_file,
            "list_dir": self._list_dir,
            "search_files": self._search_files,
            "write_file": self._write_file,
        }
        processes = {"run_command": self._run_command, "install_package": self._install_package}
        if action.tool not in files and action.tool not in processes:
            return ToolOutcome(f"Unknown tool {action.tool!r}.", success=False)
        try:
            if action.tool in processes:
                run = processes[action.tool]
                return run(action, verdict, context, self._confinement(action, confinement))
            return files[action.tool](action, verdict, context)
        except ConfinementUnavailable as unavailable:
            return ToolOutcome(
                f"Not run: the sandbox this action was allowed under is not available"
                f" ({unavailable}).",
                success=False,
            )
        except _Refused as refused:
            return ToolOutcome(str(refused), success=False)
        except OSError as error:
            return ToolOutcome(f"{action.tool} failed: {_describe_os_error(error)}", success=False)

    def promote(self, context: ToolContext, destination: Path) -> list[Path]:
        promoted: list[Path] = []
        try:
            sandbox_fd = walk.open_root(os.path.realpath(context.sandbox))
        except (FileNotFoundError, NotADirectoryError):
            return promoted
        try:
            files = _regular_files(sandbox_fd)
            destination = Path(destination)
            destination_fd = _open_destination(context, destination)
            try:
                chosen: dict[tuple[str, ...], str] = {}
                for rel in files:
                    parent_fd, mapped = _unique_dir(destination_fd, rel[:-1], chosen)
                    try:
                        name = _copy_unique(sandbox_fd, rel, parent_fd, rel[-1])
                    finally:
                        os.close(parent_fd)
                    if name is not None:
                        promoted.append(destination.joinpath(*mapped, name))
            finally:
                os.close(destination_fd)
        finally:
            os.close(sandbox_fd)
        return promoted

    # -- reading --------------------------------------------------------------------------------

    def _read_file(
        self, action: ProposedAction, verdict: Verdict, context: ToolContext
    ) -> ToolOutcome:
        label, opened = _open_target(verdict.target, context, default=WORKSPACE)
        if stat.S_ISDIR(opened.st.st_mode):
            os.close(opened.fd)
            raise _Refused(f"{label} is a directory; use list_dir to see what it holds.")
        fd = _open_regular(opened, label)
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
        label, opened = _open_target(
            verdict.target, context, default=WORKSPACE, special="is not a directory"
        )
        try:
            if not stat.S_ISDIR(opened.st.st_mode):
                raise _Refused(f"{label} is not a directory.")
            entries = walk.scan(opened.fd)
            lines: list[str] = []
            for entry in entries[:LIST_CAP]:
                name = _shown(entry.name)
                try:
                    if entry.is_symlink():
                        text = os.readlink(entry.name, dir_fd=opened.fd)
                        lines.append(f"{name} -> {_shown(text)} (symlink)")
                    elif entry.is_dir(follow_symlinks=False):
                        lines.append(f"{name}/")
                    else:
                        size = entry.stat(follow_symlinks=False).st_size
                        lines.append(f"{name}  {size} bytes")
                except OSError:
                    lines.append(f"{name}  (unreadable)")
        finally:
            os.close(opened.fd)
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
        label, opened = _open_target(verdict.target, context, default=WORKSPACE)
        matches: list[str] = []
        more = over = False
        skipped = hard_linked = 0

        def collect(rel: tuple[str, ...], lines: list[str] | None) -> bool:
            """Add the matching lines of one file; False once the match cap is reached."""
            nonlocal skipped, more
            if lines is None:
                skipped += 1
                return True
            shown = _shown("/".join(rel))
            for number, line in enumerate(lines, start=1):
                if regex.search(line):
                    if len(matches) >= SEARCH_MATCH_CAP:
                        more = True
                        return False
                    matches.append(f"{shown}:{number}: {line[:SEARCH_LINE_CHARS]}")
            return True

        if not stat.S_ISDIR(opened.st.st_mode):
            collect(opened.rel, _text_lines(_open_regular(opened, label)))
        else:
            try:
                with contextlib.closing(_walk_files(opened.fd)) as files:
                    for count, (rel, dir_fd, name) in enumerate(files):
                        if count >= SEARCH_FILE_CAP:
                            over = True
                            break
                        try:
                            file = walk.open_regular(dir_fd, [name])
                        except walk.HardLinked:
                            hard_linked += 1
                            continue
                        except OSError:  # gone, or no longer a regular file
                            skipped += 1
                            continue
                        if not collect((*opened.rel, *rel), _text_lines(file.fd)):
                            break
            finally:
                os.close(opened.fd)
        header = f"{len(matches)} match(es) for {pattern!r} ({how}) under {label}"
        notes: list[str] = []
        if more:
            notes.append(f"[truncated: stopped at {SEARCH_MATCH_CAP} matches]")
        if over:
            notes.append(f"[truncated: searched only the first {SEARCH_FILE_CAP} files]")
        if skipped:
            notes.append(f"[skipped {skipped} binary or oversized file(s)]")
        if hard_linked:
            notes.append(
                f"[skipped {hard_linked} hard-linked file(s): a file with more than one name may"
                " be the content of a file elsewhere, so it is not searched (read_file refuses it"
                " too)]"
            )
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
        try:
            root_fd = walk.open_root(os.path.realpath(context.sandbox))
        except (FileNotFoundError, NotADirectoryError):
            raise _Refused("the turn's sandbox does not exist.") from None
        *parents, name = rel.split("/")
        try:
            try:
                parent_fd = walk.open_dir(root_fd, parents, create=True)
            except walk.LinkRefused as error:
                raise _Refused(
                    f"sandbox:{error.rel} is a symbolic link; write_file never writes through a"
                    " link (it could lead outside the sandbox), so nothing was written."
                ) from None
            except walk.NotADirectory as error:
                raise _Refused(
                    f"sandbox:{error.rel} is not a directory; nothing was written."
                ) from None
        finally:
            os.close(root_fd)
        try:
            try:
                st = os.stat(name, dir_fd=parent_fd, follow_symlinks=False)
            except FileNotFoundError:
                st = None
            if st is not None and stat.S_ISDIR(st.st_mode):
                raise _Refused(f"sandbox:{rel} is a directory; nothing was written.")
            walk.replace_atomically(parent_fd, name, data, 0o644)
        finally:
            os.close(parent_fd)
        digest = hashlib.sha256(data).hexdigest()
        return ToolOutcome(
            f"Wrote {len(data)} bytes to sandbox:{rel}.", success=True, created=((rel, digest),)
        )

    # -- processes ------------------------------------------------------------------------------

    def _confinement(self, action: ProposedAction, given: Confinement | None) -> Confinement:
        """What a process runs under: as given; by default sandbox-write without network (the
        environment for installs) when a sandbox is wired and available, else unconfined."""
        if given is not None:
            return given
        mechanism = self._sandbox.mechanism() if self._sandbox is not None else ""
        if not mechanism:
            return UNCONFINED
        writes = ENVIRONMENT_WRITE if action.tool == "install_package" else SANDBOX_WRITE
        return Confinement(mechanism, writes, action.tool == "install_package")

    def _run_command(
        self,
        action: ProposedAction,
        verdict: Verdict,
        context: ToolContext,
        confinement: Confinement,
    ) -> ToolOutcome:
        if os.name != "posix":
            raise _Refused("run_command is available on POSIX systems only.")
        command = action.arguments.get("command")
        if not isinstance(command, str) or not command.strip():
            raise _Refused("run_command needs a non-empty 'command' string.")
        if self._bash is None:
            raise _Refused(
                "run_command needs bash at /bin/bash or /usr/bin/bash (the one shell Parley"
                " models); it is not installed, so nothing was run."
            )
        label, cwd = _locate(verdict.target, context, default=SANDBOX)
        if not os.path.isdir(cwd):
            raise _Refused(f"the working directory {label} is not a directory.")
        result = self._run(
            [self._bash, "--noprofile", "--norc", "-c", command],
            cwd=cwd,
            env=self._environment(context.venv_dir, network=confinement.network),
            timeout_s=context.command_timeout_s,
            cap=context.output_cap_bytes,
            confinement=confinement,
            context=context,
        )
        heading = f"$ {command}\n(in {label}; {confinement.label()})"
        return _process_outcome(heading, result, context.output_cap_bytes)

    def _install_package(
        self,
        action: ProposedAction,
        verdict: Verdict,
        context: ToolContext,
        confinement: Confinement,
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
            # Created here (empty) so the sandbox can mount exactly this folder writable.
            venv.mkdir(parents=True, exist_ok=True)
            created = self._run(
                [self._python, "-m", "venv", str(venv)],
                cwd=str(venv),
                env=self._environment(None),
                timeout_s=timeout_s,
                cap=context.output_cap_bytes,
                confinement=confinement,
                context=context,
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
            confinement=confinement,
            context=context,
        )
        heading = "\n".join(
            [*steps, f"pip install {requirement} (into {venv}; {confinement.label()})"]
        )
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

    def _environment(self, venv_dir: Path | None, *, network: bool = False) -> dict[str, str]:
        env = {
            "PATH": tool_path(venv_dir, self._base_path),
            "LANG": "C.UTF-8",
            "TERM": "dumb",
            **git_environment(network=network),
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
        confinement: Confinement,
        context: ToolContext,
    ) -> _RunResult:
        if confinement.enforced:
            if self._sandbox is None:
                raise ConfinementUnavailable("no sandbox is wired into this executor")
            wrapped = self._sandbox.wrap(
                argv,
                confinement=confinement,
                workspace=context.workspace,
                sandbox=context.sandbox,
                cwd=Path(cwd),
                venv=context.venv_dir,
                protected=self._protected(context.workspace),
                read_only=self._pip_paths(),
            )
            # The home folder is an empty directory inside the sandbox's private /tmp.
            return _run_capped(
                wrapped, cwd=cwd, env={**env, "HOME": SANDBOX_HOME}, timeout_s=timeout_s, cap=cap
            )
        home = tempfile.mkdtemp(prefix="parley-home-")
        try:
            return _run_capped(
                argv, cwd=cwd, env={**env, "HOME": home}, timeout_s=timeout_s, cap=cap
            )
        finally:
            shutil.rmtree(home, ignore_errors=True)

    def _protected(self, workspace: Path) -> list[Path]:
        """What stays read-only inside a writable workspace: git's hooks and config (code git
        runs) and Parley's own data and settings."""
        root = Path(os.path.realpath(workspace))
        paths = [root / ".git" / "hooks", root / ".git" / "config", root / ".git" / "info"]
        for own in self._protected_roots:
            real = Path(os.path.realpath(own))
            if real == root or real.is_relative_to(root):
                paths.append(real)
        return paths

    def _pip_paths(self) -> list[Path]:
        """Local folders named in ``pip_args`` (``--find-links DIR``), visible read-only."""
        found: list[Path] = []
        for arg in self._pip_args:
            value = arg.split("=", 1)[-1]
            if value.startswith("/") and os.path.exists(value):
                found.append(Path(value))
        return found


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
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(timeout=max(0.0, limit - now))
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


def _open_target(
    target: str, context: ToolContext, *, default: str, special: str = "is not a regular file"
) -> tuple[str, walk.Opened]:
    """(``"namespace:rel"`` label, the target opened by walking from its root): a directory or a
    regular file, the caller closes it. A link inside the root is followed beneath it (a ``..``
    in it never climbs above the root); one that leads out, a loop, a missing component or a
    special file (``special`` says what the model is told; it is never opened) is refused."""
    namespace, rel = _split_target(target, default)
    label = f"{namespace}:{'' if rel == '.' else rel}"
    root = _root_of(namespace, context)
    try:
        root_fd = walk.open_root(root)
    except (FileNotFoundError, NotADirectoryError):
        raise _Refused(f"{label} does not exist.") from None
    try:
        return label, walk.open_at(root_fd, walk.split(rel), follow=True, root_path=root)
    except walk.BadName:
        raise _Refused(f"{target!r} is not a relative path inside the {namespace}.") from None
    except walk.Escapes:
        raise _Refused(f"{label} resolves outside the {namespace}; it was not touched.") from None
    except walk.LinkRefused:
        raise _Refused(f"{label} is a loop of symbolic links; it was not touched.") from None
    except (walk.Missing, walk.NotADirectory):
        raise _Refused(f"{label} does not exist.") from None
    except walk.NotRegular:
        raise _Refused(f"{label} {special}.") from None
    finally:
        os.close(root_fd)


def _open_regular(opened: walk.Opened, label: str) -> int:
    """``opened``'s descriptor when it is a regular file with a single name; otherwise it is
    closed and refused. A file with several names (hard links) may be the content of a file
    outside the root (``ln /etc/shadow x``), so read_file and search_files both refuse it."""
    try:
        walk.check_regular(opened)
    except walk.HardLinked:
        raise _Refused(_hard_link_refusal(label, opened.st.st_nlink)) from None
    except walk.NotRegular:
        raise _Refused(f"{label} is not a regular file.") from None
    return opened.fd


def _hard_link_refusal(label: str, names: int) -> str:
    root = label.partition(":")[0]
    return (
        f"{label} is a hard link (one of {names} names of the same file); its content may belong"
        f" to a file outside the {root}, so it is not read (search_files skips it too)."
    )


def _shown(name: str) -> str:
    """``name`` as the model sees it: quoted and escaped when it holds a control character (a
    newline could forge a line of output) or bytes that are not UTF-8."""
    if any(ord(c) < 32 or ord(c) == 127 or 0xD800 <= ord(c) <= 0xDFFF for c in name):
        return ascii(name)
    return name


def _decode_text(data: bytes, *, final: bool) -> str | None:
    """UTF-8 text, or ``None`` for binary (a NUL byte, or bytes that are not UTF-8)."""
    if b"\x00" in data[:BINARY_SNIFF_BYTES]:
        return None
    try:
        # Incremental: a character cut by the read cap is not an error.
        return codecs.getincrementaldecoder("utf-8")().decode(data, final=final)
    except UnicodeDecodeError:
        return None


def _walk_files(start_fd: int) -> Generator[tuple[tuple[str, ...], int, str], None, None]:
    """``(rel, dir_fd, name)`` of each regular file under ``start_fd`` (sorted, breadth-first, no
    symlinks followed, no ``.git``); ``dir_fd`` stays open only until the next directory."""
    for rel, dir_fd, entries in walk.walk_tree(start_fd, skip=frozenset({".git"})):
        for entry in entries:
            try:
                regular = entry.is_file(follow_symlinks=False)
            except OSError:
                continue
            if regular:
                yield (*rel, entry.name), dir_fd, entry.name


def _text_lines(fd: int) -> list[str] | None:
    """The lines of the open regular file ``fd`` (closed here), or ``None`` for a binary or
    oversized one."""
    with os.fdopen(fd, "rb") as handle:
        st = os.fstat(handle.fileno())
        if not stat.S_ISREG(st.st_mode) or st.st_size > SEARCH_SIZE_CAP:
            return None
        data = handle.read(SEARCH_SIZE_CAP + 1)
    if len(data) > SEARCH_SIZE_CAP:
        return None
    text = _decode_text(data, final=True)
    return None if text is None else text.splitlines()


def _regular_files(root_fd: int) -> list[tuple[str, ...]]:
    """The sandbox-relative paths of the regular files under ``root_fd`` (no symlinks
    followed)."""
    found: list[tuple[str, ...]] = []
    for rel, _dir_fd, entries in walk.walk_tree(root_fd):
        for entry in entries:
            try:
                if entry.is_file(follow_symlinks=False):
                    found.append((*rel, entry.name))
            except OSError:
                continue
    return found


def _variant(name: str, n: int) -> str:
    """``report.txt`` -> ``report (n).txt``; ``.env`` -> ``.env (n)``."""
    stem, dot, suffix = name.rpartition(".")
    if not dot or not stem:
        return f"{name} ({n})"
    return f"{stem} ({n}).{suffix}"


def _open_destination(context: ToolContext, destination: Path) -> int:
    """The promotion destination, opened as a directory and made when missing. Inside the
    workspace it is reached by walking from the workspace in strict mode: a link as
    ``parley-output`` or as any folder between it and the workspace is refused
    (:class:`walk.LinkRefused`, an ``OSError``), never followed. Elsewhere (an output folder
    the user configured) the folder's own path is the user's choice and is opened as it is."""
    wanted = os.path.abspath(destination)
    workspace = os.path.abspath(context.workspace)
    for base in dict.fromkeys((workspace, os.path.realpath(workspace))):
        rel = os.path.relpath(wanted, base)
        if rel == ".." or rel.startswith("../"):
            continue
        root_fd = walk.open_root(base)
        try:
            return walk.open_dir(root_fd, walk.split(rel), create=True)
        except walk.LinkRefused as error:
            raise walk.LinkRefused(
                f"{os.path.join(base, error.rel)} is a symbolic link; the turn's files are never"
                " copied through a link, so nothing was copied",
                error.rel,
            ) from None
        except walk.WalkError as error:
            raise type(error)(
                f"cannot copy the turn's files into {wanted}: {error}", error.rel
            ) from None
        finally:
            os.close(root_fd)
    os.makedirs(wanted, exist_ok=True)
    return walk.open_root(wanted)


def _unique_dir(
    destination_fd: int, parts: tuple[str, ...], chosen: dict[tuple[str, ...], str]
) -> tuple[int, tuple[str, ...]]:
    """A descriptor of ``destination/<parts>`` and the names used, making directories with
    ``mkdirat`` and entering them with ``O_NOFOLLOW``: a part that exists as anything but a real
    directory (a file, a symlink) gets the first free ``name (n)`` directory instead. ``chosen``
    remembers the name picked for each sandbox folder, so its files land together."""
    fd = os.dup(destination_fd)
    mapped: tuple[str, ...] = ()
    try:
        for index, part in enumerate(parts):
            key = parts[: index + 1]
            known = chosen.get(key)
            for n in range(1, 10_000):
                name = known if known is not None else (part if n == 1 else f"{part} ({n})")
                with contextlib.suppress(FileExistsError):
                    os.mkdir(name, 0o777, dir_fd=fd)
                try:
                    child = os.open(name, walk.DIR_FLAGS, dir_fd=fd)
                except OSError as error:
                    if error.errno not in (errno.ELOOP, errno.ENOTDIR, errno.ENOENT):
                        raise
                    known = None  # a link or a file (or ours, swapped since): the next name
                    continue
                break
            else:
                raise FileExistsError(errno.EEXIST, "no free folder name", part)
            chosen[key] = name
            os.close(fd)
            fd = child
            mapped = (*mapped, name)
    except BaseException:
        os.close(fd)
        raise
    return fd, mapped


def _copy_unique(sandbox_fd: int, rel: tuple[str, ...], parent_fd: int, name: str) -> str | None:
    """Copy the sandbox file ``rel`` (opened by walking, no link followed) to the first free
    ``name`` / ``name (n)`` in ``parent_fd``, created with ``O_EXCL | O_NOFOLLOW``: nothing is
    ever overwritten or written through a link. ``None``: the source is no longer a regular
    file, or no name was free."""
    try:
        source = walk.open_regular(sandbox_fd, rel, hard_links=True)
    except walk.WalkError:
        return None
    with os.fdopen(source.fd, "rb") as original:
        for n in range(1, 10_000):
            candidate = name if n == 1 else _variant(name, n)
            try:
                out = walk.create_exclusive(parent_fd, candidate)
            except FileExistsError:
                continue
            try:
                with os.fdopen(out, "wb") as handle:
                    shutil.copyfileobj(original, handle)
                    os.fchmod(handle.fileno(), stat.S_IMODE(source.st.st_mode) & 0o777)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(candidate, dir_fd=parent_fd)
                raise
            return candidate
    return None


def _describe_os_error(error: OSError) -> str:
    name = f" ({error.filename})" if error.filename else ""
    return f"{error.strerror or error}{name}"

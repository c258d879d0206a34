"""The operating-system sandbox every ``run_command`` and ``install_package`` runs in.

Why it exists: the classifier advises what to ask; this module makes "harmless" and "contained"
true even when the classifier is wrong. On Linux it wraps a process in bubblewrap (``bwrap``, the
sandbox Flatpak uses), built for one :class:`domain.actions.confinement.Confinement`:

- a new, empty root: only the system's program directories (``/usr``, ``/bin``, ``/lib*``,
  ``/sbin``, ``/etc``) are mounted, read-only; ``/etc``'s root-only secrets are masked; the
  interpreter Parley creates venvs with is mounted read-only when it lives elsewhere (pyenv);
- the user's home, other users' homes, ``/srv``, ``/mnt``, ``/var``, ``/opt`` and everything else
  are simply absent; the workspace, the turn's sandbox and the workspace's venv are mounted at
  their own paths: read-only, or read-write as the confinement says (protected paths such as
  ``.git/hooks`` and ``.git/config`` are mounted read-only again on top of a writable workspace);
- ``/tmp`` and ``/var/tmp`` are private and empty, ``/proc`` is the sandbox's own (a new pid
  namespace), ``/dev`` is a minimal one;
- no network (a new network namespace) unless the confinement grants it; new user, ipc, uts and
  cgroup namespaces where the kernel allows; no capabilities; a new session (no terminal
  injection); the sandbox dies with Parley (``--die-with-parent``) and with its own pid 1.

Invariants it keeps:

- :meth:`Bubblewrap.mechanism` is ``"bubblewrap"`` only after a real sandboxed ``true`` ran with
  the same options the tools get (no network, a new pid namespace); otherwise ``""`` with
  :attr:`Bubblewrap.reason` saying why. The probe runs once, off the UI thread (the inspector calls
  it on the turn's worker);
- :meth:`Bubblewrap.wrap` never widens what the confinement says, and raises
  :class:`ConfinementUnavailable` instead of returning an unconfined command line;
- the bubblewrap binary is taken from a fixed, root-owned system path, never from ``PATH``.

Errors::

    ConfinementUnavailable(RuntimeError)   the sandbox is not available (reason in the message)

Not here: macOS ``sandbox-exec`` and Windows. On those systems :meth:`mechanism` is ``""``, so
the gate asks before every command, and the window and CLI say that nothing is sandboxed.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterable, Sequence
from pathlib import Path

from parley.application.ports.tools import SandboxStatus
from parley.domain.actions.confinement import (
    BUBBLEWRAP,
    ENVIRONMENT_WRITE,
    SANDBOX_WRITE,
    WORKSPACE_WRITE,
    Confinement,
)

#: Where bubblewrap is looked for; only a root-owned file there counts.
BWRAP_PATHS = ("/usr/bin/bwrap", "/bin/bwrap", "/usr/local/bin/bwrap")
#: The system's program directories, mounted read-only (a symlink stays a symlink: merged /usr).
SYSTEM_DIRS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc")
#: Root-only secrets under /etc, masked even though /etc is mounted (tests and CI run as root).
MASKED_FILES = ("/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/sudoers")
MASKED_DIRS = ("/etc/ssl/private", "/etc/sudoers.d")
#: The home directory a sandboxed process sees (inside the private /tmp).
SANDBOX_HOME = "/tmp/home"
PROBE_TIMEOUT_S = 10.0


class ConfinementUnavailable(RuntimeError):
    """The operating-system sandbox cannot be used (the message says why)."""


def find_bubblewrap(paths: Iterable[str] = BWRAP_PATHS) -> str | None:
    """The first root-owned, executable bubblewrap at a fixed system path, or ``None``."""
    return find_system_program(paths)


def find_system_program(paths: Iterable[str]) -> str | None:
    """The first of ``paths`` that is a root-owned, executable regular file, or ``None``: the
    programs the sandbox depends on are never looked up on ``PATH``."""
    for candidate in paths:
        try:
            st = os.stat(candidate)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode) and st.st_uid == 0 and os.access(candidate, os.X_OK):
            return candidate
    return None


class Bubblewrap:
    """The Linux sandbox (see the module docstring). Thread-safe; one per process is enough."""

    def __init__(
        self,
        bwrap: str | None = None,
        *,
        python_prefixes: Sequence[str] | None = None,
        bin_sh: str | None = None,
    ) -> None:
        """``bwrap``: the binary (default: :func:`find_bubblewrap`). ``python_prefixes``: extra
        directories mounted read-only so venvs work (default: the base prefix of the Python
        running Parley, when outside the system directories). ``bin_sh``: mount this shell at
        ``/bin/sh`` and ``/usr/bin/sh`` inside the sandbox (tests run the corpus under dash and
        under bash this way); ``None`` keeps the system's."""
        self._bwrap = bwrap if bwrap is not None else find_bubblewrap()
        if python_prefixes is None:
            python_prefixes = _python_prefixes()
        self._python_prefixes = tuple(
            p for p in python_prefixes if os.path.isdir(p) and not _under_system(p)
        )
        self._bin_sh = bin_sh
        self._lock = threading.Lock()
        self._probed = False
        self._mechanism = ""
        self._reason = ""

    @property
    def reason(self) -> str:
        """Why the sandbox is not available ("" when it is, or before the first probe)."""
        self.mechanism()
        return self._reason

    def mechanism(self) -> str:
        """``"bubblewrap"`` when a sandboxed process really ran here, else ``""`` (probed once)."""
        with self._lock:
            if not self._probed:
                self._mechanism, self._reason = self._probe()
                self._probed = True
            return self._mechanism

    def status(self) -> SandboxStatus:
        """``CommandSandbox``: the probe's answer, and the package to install when bubblewrap
        is simply missing."""
        mechanism = self.mechanism()
        if mechanism:
            return SandboxStatus(mechanism)
        missing = sys.platform.startswith("linux") and find_bubblewrap() is None
        return SandboxStatus("", self.reason, "bubblewrap" if missing else "")

    def _probe(self) -> tuple[str, str]:
        if not sys.platform.startswith("linux"):
            return "", f"no sandbox is supported on {sys.platform} yet"
        if self._bwrap is None:
            return "", (
                "bubblewrap is not installed (install the 'bubblewrap' package, e.g."
                " 'sudo apt-get install bubblewrap')"
            )
        probe = Path("/")
        argv = self.wrap(
            ["true"],
            confinement=Confinement(BUBBLEWRAP, SANDBOX_WRITE, False),
            workspace=probe,
            sandbox=probe,
            cwd=probe,
            probing=True,
        )
        try:
            done = subprocess.run(
                argv,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                timeout=PROBE_TIMEOUT_S,
                env={"PATH": "/usr/bin:/bin"},
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            return "", f"bubblewrap could not start a sandbox: {error}"
        if done.returncode != 0:
            said = done.stdout.decode("utf-8", "replace").strip().splitlines()
            return "", (
                "bubblewrap could not start a sandbox here"
                + (f": {said[-1]}" if said else f" (exit code {done.returncode})")
                + " (user namespaces may be disabled)"
            )
        return BUBBLEWRAP, ""

    def wrap(
        self,
        argv: Sequence[str],
        *,
        confinement: Confinement,
        workspace: Path,
        sandbox: Path,
        cwd: Path,
        venv: Path | None = None,
        protected: Iterable[Path] = (),
        read_only: Iterable[Path] = (),
        probing: bool = False,
    ) -> list[str]:
        """The command line that runs ``argv`` under ``confinement`` (see the module docstring).

        ``protected``: paths under a writable workspace mounted read-only again (those that
        exist). ``read_only``: further paths made visible read-only (pip's local index in tests).
        """
        if confinement.mechanism != BUBBLEWRAP:
            raise ConfinementUnavailable(f"not a bubblewrap confinement: {confinement.label()}")
        if not probing and not self.mechanism():
            raise ConfinementUnavailable(self._reason)
        assert self._bwrap is not None
        args = [self._bwrap, "--unshare-all"]
        if confinement.network:
            args.append("--share-net")
        args += ["--die-with-parent", "--new-session", "--cap-drop", "ALL"]
        for directory in SYSTEM_DIRS:
            if os.path.islink(directory):
                args += ["--symlink", os.readlink(directory), directory]
            elif os.path.isdir(directory):
                args += ["--ro-bind", directory, directory]
        for secret in MASKED_FILES:
            if os.path.lexists(secret):
                args += ["--ro-bind", "/dev/null", secret]
        for secret in MASKED_DIRS:
            if os.path.isdir(secret):
                args += ["--tmpfs", secret, "--remount-ro", secret]
        if self._bin_sh:
            for sh in ("/bin/sh", "/usr/bin/sh"):
                if os.path.lexists(sh):
                    args += ["--ro-bind", self._bin_sh, os.path.realpath(sh)]
        args += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--tmpfs", "/var/tmp"]
        args += ["--dir", SANDBOX_HOME]
        for prefix in self._python_prefixes:
            args += ["--ro-bind", prefix, prefix]
        for extra in read_only:
            real = os.path.realpath(extra)
            if os.path.exists(real):
                args += ["--ro-bind", real, real]
        if not probing:
            ws = os.path.realpath(workspace)
            sb = os.path.realpath(sandbox)
            writes = confinement.writes
            args += ["--bind" if writes == WORKSPACE_WRITE else "--ro-bind", ws, ws]
            if writes == WORKSPACE_WRITE and os.path.isdir(os.path.join(ws, ".git")):
                # .git becomes a mount point of its own, so it cannot be renamed away and
                # replaced by a directory (or a ``gitdir:`` file) with a hostile config.
                dot_git = os.path.join(ws, ".git")
                if not os.path.islink(dot_git):
                    args += ["--bind", dot_git, dot_git]
            for rel in confinement.hidden:
                # A hard link to a file outside: its content must not be there at all.
                path = os.path.join(ws, *rel.split("/"))
                if _is_regular_file(path):
                    args += ["--ro-bind", "/dev/null", path]
            # The sandbox is mounted after the workspace, so a sandbox inside a read-only
            # workspace is still writable when the confinement says so (and vice versa).
            sandbox_rw = writes in (SANDBOX_WRITE, WORKSPACE_WRITE, ENVIRONMENT_WRITE)
            args += ["--bind" if sandbox_rw else "--ro-bind", sb, sb]
            if venv is not None and os.path.isdir(venv):
                real_venv = os.path.realpath(venv)
                rw = writes == ENVIRONMENT_WRITE
                args += ["--bind" if rw else "--ro-bind", real_venv, real_venv]
            if writes == WORKSPACE_WRITE:
                for protected_path in protected:
                    real = os.path.realpath(protected_path)
                    if os.path.exists(real):
                        args += ["--ro-bind", real, real]
            args += ["--chdir", os.path.realpath(cwd)]
        args += ["--", *argv]
        return args


def _is_regular_file(path: str) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _python_prefixes() -> tuple[str, ...]:
    # Workspace venvs are created from the base installation (``venv`` follows base_prefix), so
    # that is what a venv's python needs to see; Parley's own venv stays invisible.
    return (os.path.realpath(sys.base_prefix),)


def _under_system(path: str) -> bool:
    real = os.path.realpath(path)
    return any(
        real == d or real.startswith(d + "/") for d in ("/usr", "/bin", "/sbin", "/lib", "/etc")
    )

"""The effect classifier and the permission gate: what running a command would do, and whether to
run it, ask first, or refuse.

Why it exists: ``run_command`` and ``install_package`` are the two tools that can reach beyond the
workspace. Every call is classified *harmless* (read-only programs from trusted system paths with
safe arguments, touching only the workspace and the sandbox), *contained* (writes only inside the
sandbox), *unknown*, *dangerous* (deletes outside the sandbox, privilege escalation, a pipe into a
shell, download-and-run, writes outside the sandbox or to protected paths such as ``.git/hooks``
or Parley's own data and config) or *refused* (never runs: deleting ``/``, the home directory or
the workspace root; writing to a block device). :func:`gate` turns the effect and the frozen
request's gate mode into RUN, ASK or REFUSE.

Invariants it keeps:

- pure and deterministic: the effect is a function of (command, cwd target, snapshot) only; no
  I/O, no model call, nothing the model says besides the command itself is read (an argument such
  as ``"requires_approval": false`` never reaches this module);
- the command line is split on every shell operator and substitution (``domain.actions.shell``);
  every simple command must pass, the worst part decides; a line that cannot be parsed is
  *unknown*; wrappers (``bash -c``, ``eval``, ``env``, ``xargs``, ``timeout`` …) are unwrapped and
  what they run is judged, and a wrapper binary must itself be trusted;
- *harmless* needs: a program on the allow-list (:data:`HARMLESS_PROGRAMS`), named bare and listed
  in ``StateSnapshot.trusted_commands`` (or by exactly the absolute path listed there) — a basename
  alone (``./cat``, ``/tmp/x/cat``) is never trusted; every option on that program's own
  allow-list (an option not listed — ``find -exec``, ``rg --pre``, ``git -c``, ``sort -o`` … — is
  not harmless); every path argument resolving, through the snapshot's links, inside the workspace
  or the sandbox; no environment-variable prefix; no run-time value (``$X``, ``$(...)``, a glob
  that may start with ``-``) where an option could be injected. When in doubt: *unknown*;
- writes are *contained* only when every target resolves inside the sandbox and outside the
  protected prefixes (``.git`` anywhere, ``StateSnapshot.protected``); a known target elsewhere is
  *dangerous*; a target known only at run time is *unknown* (a delete of one is *dangerous*);
- nothing lowers an effect: unwrapping, the tail scan of unknown programs for a hidden ``rm`` or
  ``sudo``, and the download-and-run check can only raise it;
- :func:`gate`: read tools and validated sandbox writes run; refused stays refused; without an
  operating-system sandbox (``confined=False``) every ``run_command``/``install_package`` asks;
  with one, ``auto`` runs a ``run_command`` unless it is *dangerous* or names a network program
  (``network=True``: only a person can give it the network), because the sandbox
  (``domain.actions.confinement``) bounds anything short of dangerous to the turn's sandbox;
  ``install_package`` and ``confirm`` always ask; an unattended turn never asks — it refuses what
  would be asked. The classifier advises; the operating system enforces (ADR-003).

Rules (``Effect.rule``, stable): see :data:`RULES`.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import dataclasses
import functools
import posixpath
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from parley.domain.actions import paths, shell
from parley.domain.actions.model import (
    ASK,
    CONTAINED,
    DANGEROUS,
    EFFECTS,
    EXEC_TOOLS,
    HARMLESS,
    READ_TOOLS,
    REFUSE,
    REFUSED,
    RUN,
    UNKNOWN,
    WRITE_TOOLS,
    Effect,
    StateSnapshot,
)
from parley.domain.actions.shell import SimpleCommand, Word
from parley.domain.texts import QT_TRANSLATE_NOOP

# -- rules ----------------------------------------------------------------------------------------

RULES = {
    "shell.empty": "an empty command (refused)",
    "shell.nul": "a NUL character in the command (refused)",
    "shell.unparseable": "a construct the splitter does not model (unknown)",
    "shell.unparseable_risky": "a construct the splitter does not model, naming a program that"
    " deletes, moves, changes permissions or escalates (dangerous)",
    "shell.control_flow": "if/while/for/case… (unknown)",
    "word.tilde": "a word the shell rewrites with the home directory, e.g. x=~ (unknown)",
    "cwd.invalid": "the cwd target is not sandbox:/workspace: (unknown)",
    "cmd.harmless": "every part is a read-only, trusted, allow-listed program (harmless)",
    "cmd.contained": "writes only inside the sandbox (contained)",
    "cmd.not_allowlisted": "a program not on the allow-list (unknown)",
    "cmd.untrusted_binary": "not a bare name resolved to a trusted system path (unknown)",
    "cmd.unsafe_argument": "an option that is not on the program's allow-list (unknown)",
    "cmd.dynamic_argument": "a value only known at run time where it matters (unknown)",
    "cmd.dynamic_name": "a program name only known at run time (unknown)",
    "cmd.cwd_change": "cd/pushd/popd/source to somewhere not proven inside (unknown)",
    "env.prefix": "an environment-variable prefix or assignment (unknown)",
    "env.code_injection": "LD_PRELOAD, BASH_ENV, GIT_SSH_COMMAND, PATH… (dangerous)",
    "path.outside_read": "reads outside the workspace and the sandbox (unknown)",
    "path.link_outside": "a recursive read or glob could follow a link outside (unknown)",
    "write.unresolved": "a write target only known at run time (unknown)",
    "write.outside_sandbox": "writes outside the sandbox (dangerous)",
    "write.protected": "writes to, or names, a protected path (dangerous)",
    "write.block_device": "writes to a disk device (refused)",
    "delete.outside_sandbox": "deletes or moves something outside the sandbox (dangerous)",
    "delete.unresolved": "deletes a target only known at run time (dangerous)",
    "delete.catastrophic": "deletes /, the home directory or the workspace root (refused)",
    "perm.outside_sandbox": "changes permissions or owners outside the sandbox (dangerous)",
    "link.create": "creates a link (unknown); to outside the workspace (dangerous)",
    "git.not_read_only": "a git subcommand that changes a repository (unknown)",
    "git.writes_repository": "a git subcommand that changes the workspace's repository (dangerous)",
    "git.repository_dir": "git run inside a directory that looks like a git directory (unknown)",
    "exec.privilege_escalation": "sudo, doas, su, pkexec… (dangerous)",
    "exec.pipe_to_shell": "an interpreter reading its program from a pipe (dangerous)",
    "exec.download_and_run": "a network download together with an interpreter (dangerous)",
    "exec.system_control": "shutdown, reboot… (dangerous)",
    "exec.disk_format": "mkfs, fdisk, wipefs… (dangerous)",
    "install.third_party_code": "installing a package runs third-party code (unknown)",
    "install.invalid": "not a plain PyPI requirement (refused)",
}

_ORDER = {level: i for i, level in enumerate(EFFECTS)}

# -- the reasons a person reads (the permission dialog, a tool card) ----------------------------
# Marked for the window's language (``domain.texts``); the record and the command line stay English.
# Verbs a reason starts with (``{verb}``), marked so a reason's verb is translated too.
_VERBS = (
    QT_TRANSLATE_NOOP("GateReason", "writes"),
    QT_TRANSLATE_NOOP("GateReason", "deletes"),
    QT_TRANSLATE_NOOP("GateReason", "redirects output to"),
)
# A verb of several words is matched lazily as one word: its reasons are marked whole too.
_REDIRECT_REASONS = (
    QT_TRANSLATE_NOOP("GateReason", "redirects output to {path}, which {detail}"),
    QT_TRANSLATE_NOOP("GateReason", "redirects output to {path} (inside the sandbox)"),
    QT_TRANSLATE_NOOP(
        "GateReason", "redirects output to {path}: outside the sandbox, into the workspace itself"
    ),
    QT_TRANSLATE_NOOP("GateReason", "redirects output to {path}, under the protected {prefix}"),
    QT_TRANSLATE_NOOP("GateReason", "redirects output to the disk device {device}"),
)
_D_PROCSUB = QT_TRANSLATE_NOOP("GateReason", "a process substitution")
_D_HOME = QT_TRANSLATE_NOOP("GateReason", "is in the home directory")
_D_RUNTIME = QT_TRANSLATE_NOOP("GateReason", "is only known at run time")
_D_EMPTY = QT_TRANSLATE_NOOP("GateReason", "is an empty path")
_D_RELATIVE = QT_TRANSLATE_NOOP("GateReason", "is relative to a directory {lost}")
_D_DOTDOT = QT_TRANSLATE_NOOP("GateReason", "has '..' after the pattern {part!r} (a link?)")
_D_OUTSIDE = QT_TRANSLATE_NOOP("GateReason", "is outside the workspace and the sandbox")
_D_LEADS = QT_TRANSLATE_NOOP("GateReason", "leads outside ({message})")
_D_ABOVE_ROOT = QT_TRANSLATE_NOOP("GateReason", "may match '..' above the root")
_D_LINK = QT_TRANSLATE_NOOP("GateReason", "may match the link {link!r} that leads outside")
_R_INSTALL = QT_TRANSLATE_NOOP(
    "GateReason", "installing {requirement} downloads and runs third-party code"
)
_R_DYNAMIC_PATH = QT_TRANSLATE_NOOP("GateReason", "the path {path} {detail}")
_R_OUTSIDE_READ = QT_TRANSLATE_NOOP(
    "GateReason", "{path} {detail}; reading outside the workspace and the sandbox needs permission"
)
_R_LINK_OUTSIDE = QT_TRANSLATE_NOOP(
    "GateReason",
    "reading {path} recursively may follow the link {link!r}, which leads outside the workspace",
)
_R_DISK_DEVICE = QT_TRANSLATE_NOOP("GateReason", "{verb} the disk device {device}")
_R_WHICH = QT_TRANSLATE_NOOP("GateReason", "{verb} {path}, which {detail}")
_R_PROTECTED = QT_TRANSLATE_NOOP("GateReason", "{verb} {path}, under the protected {prefix}")
_R_INSIDE = QT_TRANSLATE_NOOP("GateReason", "{verb} {path} (inside the sandbox)")
_R_INTO_WORKSPACE = QT_TRANSLATE_NOOP(
    "GateReason", "{verb} {path}: outside the sandbox, into the workspace itself"
)
_R_IS_OUTSIDE = QT_TRANSLATE_NOOP("GateReason", "is outside the sandbox")
_R_WORKSPACE_ROOT = QT_TRANSLATE_NOOP("GateReason", "{verb} the workspace root")
_R_OUTSIDE_PAREN = QT_TRANSLATE_NOOP("GateReason", "{verb} {path} (outside the sandbox)")
_R_UNDER_PROTECTED = QT_TRANSLATE_NOOP("GateReason", "{verb} {path}, under a protected path")
_R_EMPTY = QT_TRANSLATE_NOOP("GateReason", "the command is empty")
_R_NUL = QT_TRANSLATE_NOOP("GateReason", "the command contains a NUL character")
_R_BAD_CWD = QT_TRANSLATE_NOOP("GateReason", "the working directory {cwd!r} is not valid")
_R_UNPARSEABLE_RISKY = QT_TRANSLATE_NOOP(
    "GateReason", "cannot be judged ({error}) and it names {name}"
)
_R_UNPARSEABLE = QT_TRANSLATE_NOOP("GateReason", "cannot be judged: {error}")
_R_NESTED = QT_TRANSLATE_NOOP("GateReason", "commands nested too deeply")
_R_DOWNLOAD_RUN = QT_TRANSLATE_NOOP(
    "GateReason", "downloads with {fetcher} and runs code with {runner}"
)
_R_READ_ONLY = QT_TRANSLATE_NOOP("GateReason", "read-only: {programs}")
_R_TOO_LONG = QT_TRANSLATE_NOOP("GateReason", "too deeply nested or too long to judge")
_R_INJECTION = QT_TRANSLATE_NOOP(
    "GateReason", "sets {var}, which can make a program load or run other code"
)
_R_ENV = QT_TRANSLATE_NOOP("GateReason", "sets the environment variable {var}")
_R_CONTROL = QT_TRANSLATE_NOOP("GateReason", "control flow ({control}) is not judged")
_R_TILDE = QT_TRANSLATE_NOOP("GateReason", "a word starts with ~ (the home directory)")
_R_DYNAMIC_NAME = QT_TRANSLATE_NOOP("GateReason", "the program {program} is only known at run time")
_R_ESCALATION = QT_TRANSLATE_NOOP("GateReason", "{name} runs a command with other privileges")
_R_UNTRUSTED = QT_TRANSLATE_NOOP(
    "GateReason", "{program} is not a bare name resolved to a trusted system program ({why})"
)
_R_FED = QT_TRANSLATE_NOOP("GateReason", "{name} runs whatever {fed_by} feeds it")
_R_UNTRUSTED_WRAPPER = QT_TRANSLATE_NOOP("GateReason", "{wrapper} is not a trusted system program")
_R_SYSTEM = QT_TRANSLATE_NOOP("GateReason", "{name} controls the whole system")
_R_DISK_FORMAT = QT_TRANSLATE_NOOP("GateReason", "{name} formats or partitions disks")
_R_NOT_ALLOWLISTED = QT_TRANSLATE_NOOP("GateReason", "{name} is not on the allow-list")
_R_CD_UNNAMED = QT_TRANSLATE_NOOP("GateReason", "cd to a directory that is not named inside")
_R_CD_LEAVES = QT_TRANSLATE_NOOP("GateReason", "cd {path} leaves the workspace")
_R_GIT_NOT_RO = QT_TRANSLATE_NOOP("GateReason", "git {sub} is not a read-only subcommand")
_R_GIT_REFS = QT_TRANSLATE_NOOP("GateReason", "git {sub} {flag} may change refs")
_R_GIT_CREATES = QT_TRANSLATE_NOOP("GateReason", "git {sub} with a name creates it")
_R_GIT_REMOTE = QT_TRANSLATE_NOOP("GateReason", "git remote beyond -v may change or fetch")
_R_CP_LINK = QT_TRANSLATE_NOOP("GateReason", "cp copies the link {link!r} as a link")
_R_LINK_SANDBOX = QT_TRANSLATE_NOOP(
    "GateReason", "a link in the sandbox could later redirect reads or writes"
)
_R_LN_OUTSIDE = QT_TRANSLATE_NOOP("GateReason", "ln links to {source}, outside the workspace")
# The harmless level's reasons (a tool card shows them).
# Why a package name is refused (before "Give a package name from PyPI…").
_PKG_EMPTY = QT_TRANSLATE_NOOP("GateReason", "the package name is empty")
_PKG_CONTROL = QT_TRANSLATE_NOOP("GateReason", "the package name contains a control character")
_PKG_OPTION = QT_TRANSLATE_NOOP("GateReason", "{text!r} is an option, not a package name")
_PKG_URL = QT_TRANSLATE_NOOP("GateReason", "{text!r} is a URL or a VCS reference, not a PyPI name")
_PKG_PATH = QT_TRANSLATE_NOOP("GateReason", "{text!r} is a path, not a PyPI name")
_PKG_MALFORMED = QT_TRANSLATE_NOOP(
    "GateReason",
    "{text!r} is not a PyPI requirement (a name, optional [extras], optional version "
    "such as >=1.2)",
)
_H_RUNS_NOTHING = QT_TRANSLATE_NOOP("GateReason", "{wrapper} runs nothing")
_H_ONLY_READS = QT_TRANSLATE_NOOP("GateReason", "{name} only reads")
_H_PRINTS = QT_TRANSLATE_NOOP("GateReason", "{name} only prints its arguments")
_H_PRINTF = QT_TRANSLATE_NOOP("GateReason", "printf only prints")
_H_GIT_LISTS = QT_TRANSLATE_NOOP("GateReason", "git {sub} lists")
_H_GIT_REMOTE = QT_TRANSLATE_NOOP("GateReason", "git remote -v lists")
_H_GIT_READS = QT_TRANSLATE_NOOP("GateReason", "git {sub} only reads")
_H_CD = QT_TRANSLATE_NOOP("GateReason", "cd {path}")
_R_CD_DIFFERS = QT_TRANSLATE_NOOP("GateReason", "cd {path}: {why}")

#: Programs that may be *harmless* (each with its own option allow-list below).
HARMLESS_PROGRAMS = frozenset(
    {
        "cat", "head", "tail", "wc", "ls", "pwd", "echo", "printf", "true", "false", ":",
        "grep", "egrep", "fgrep", "rg", "find", "sort", "uniq", "diff", "cmp", "file", "stat",
        "date", "whoami", "id", "uname", "hostname", "which", "basename", "dirname", "realpath",
        "readlink", "nl", "cut", "tr", "md5sum", "sha1sum", "sha224sum", "sha256sum",
        "sha384sum", "sha512sum", "b2sum", "cksum", "shasum", "tac", "rev", "seq", "du", "df",
        "tree", "od", "git", "python", "python3", "cd",
    }
)  # fmt: skip

#: Programs that may be *contained* when every target is inside the sandbox.
CONTAINED_PROGRAMS = frozenset(
    {"mkdir", "touch", "cp", "mv", "rm", "rmdir", "unlink", "tee", "chmod", "chown", "chgrp",
     "dd", "truncate", "xxd"}
)  # fmt: skip

#: Shell builtins: the shell runs them itself, there is no binary to trust.
_BUILTINS = frozenset({"echo", "printf", "pwd", "true", "false", ":", "cd"})

_INTERPRETER_RE = re.compile(
    r"(python|pypy)[0-9.]*|perl[0-9.]*|ruby[0-9.]*|node(js)?|deno|bun|php[0-9.]*|lua(jit)?[0-9.]*"
    r"|rscript|tclsh[0-9.]*|wish|pwsh|powershell|osascript|java|jshell|irb|ghci|guile|racket"
)
_FETCHERS = frozenset(
    {"curl", "wget", "fetch", "aria2c", "axel", "http", "https", "httpie", "lwp-download",
     "lwp-request", "get", "nc", "ncat", "netcat", "socat", "ftp", "tftp", "scp", "sftp",
     "rsync", "telnet", "openssl"}
)  # fmt: skip
_RUNNERS = frozenset({"eval", "source", ".", "exec"})
_CWD_CHANGERS = frozenset({"cd", "pushd", "popd", "source", "."})
_SYSTEM_CONTROL = frozenset(
    {"shutdown", "reboot", "halt", "poweroff", "init", "telinit", "systemctl", "launchctl",
     "kexec"}
)  # fmt: skip
_DISK_TOOLS_RE = re.compile(r"mkfs(\..*)?|mke2fs|mkswap|fdisk|sfdisk|cfdisk|gdisk|parted|wipefs")
_BLOCK_DEVICE_RE = re.compile(
    r"/dev/(sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|md\d|dm-\d|mapper/"
    r"|loop\d|sr\d)"
)
_INJECTION_VARS = re.compile(
    r"LD_\w+|DYLD_\w+|BASH_ENV|ENV|PATH|IFS|CDPATH|PROMPT_COMMAND|PS4|SHELLOPTS|BASHOPTS"
    r"|GIT_\w+|PAGER|MANPAGER|EDITOR|VISUAL|PYTHON\w+|PERL5?\w*|NODE_OPTIONS|NODE_PATH"
    r"|RUBYOPT|RUBYLIB|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|LESSOPEN|LESSCLOSE|RIPGREP_CONFIG_PATH"
    r"|GREP_OPTIONS|TAR_OPTIONS|SSH_ASKPASS|SUDO_ASKPASS|BROWSER|TMPDIR|HOME|XDG_\w+"
)
_CATASTROPHIC_WORDS = frozenset(
    {"/", "/*", "~", "~/", "~/*", "$HOME", "${HOME}", "$HOME/", "$HOME/*", "${HOME}/",
     "/home", "/Users", "/root", "/usr", "/etc", "/var", "/bin", "/lib", "/boot", "/opt"}
)  # fmt: skip
_READ_DEVICES = frozenset({"/dev/null", "/dev/stdin", "-"})
_WRITE_DEVICES = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr"})

_MAX_DEPTH = 8
#: At most this many *nested* simple commands (what wrappers, scripts and tail scans run) are
#: judged per classification; past it the rest is *unknown*, so no input can make the classifier
#: slow. Every top-level command is always judged (their number is bounded by the line's length).
_MAX_STEPS = 1000
#: A tail scan looks for a hidden program among this many leading arguments.
_TAIL_SCAN_WORDS = 64


def _ascii_digits(text: str) -> bool:
    """``-5`` style counts: ASCII digits only (``str.isdigit`` also takes ``٣`` or ``²``, which
    the programs themselves reject, so an option value could shift onto a path)."""
    return bool(text) and text.isascii() and text.isdigit()


@functools.lru_cache(maxsize=1024)
def _is_interpreter(name: str) -> bool:
    return name in shell.SHELLS or bool(_INTERPRETER_RE.fullmatch(name.lower()))


def _worse(a: Effect | None, b: Effect | None) -> Effect | None:
    """The more concerning of two effects; on a tie the first (so the order of parts decides)."""
    if a is None:
        return b
    if b is None:
        return a
    return b if _ORDER[b.level] > _ORDER[a.level] else a


def _worst(effects: Iterable[Effect | None]) -> Effect | None:
    result: Effect | None = None
    for effect in effects:
        result = _worse(result, effect)
    return result


# -- where a word leads ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Loc:
    kind: str  # "sandbox" | "workspace" | "outside" | "dynamic" | "device"
    parts: tuple[str, ...] = ()
    detail: str = ""
    glob: bool = False

    @property
    def rel(self) -> str:
        return paths.join(self.parts)

    @property
    def label(self) -> str:
        return f"{self.kind}:{self.rel}" if self.kind in (paths.SANDBOX, paths.WORKSPACE) else ""


@dataclass(frozen=True)
class _Base:
    """What the classifier needs from a snapshot, computed once per snapshot."""

    links: paths.LinkIndex
    sandbox_links: paths.LinkIndex
    sandbox_write_links: paths.LinkIndex  # the sandbox's links and the workspace's (promotion)
    roots: tuple[tuple[str, str], ...]  # (absolute root, namespace), longest first
    trusted: dict[str, str]
    protected: tuple[str, ...]


@functools.lru_cache(maxsize=32)
def _base(snapshot: StateSnapshot) -> _Base:
    roots = []
    for root, namespace in (
        (snapshot.workspace_root, paths.WORKSPACE),
        (snapshot.sandbox_root, paths.SANDBOX),
    ):
        if root and root.startswith("/"):
            norm = posixpath.normpath(root)
            roots.append(("" if norm == "/" else norm, namespace))
    roots.sort(key=lambda r: -len(r[0]))
    merged = paths.merged_links(snapshot.links, snapshot.sandbox_links)
    return _Base(
        links=paths.LinkIndex(snapshot.links),
        sandbox_links=paths.LinkIndex(snapshot.sandbox_links),
        sandbox_write_links=paths.LinkIndex(merged),
        roots=tuple(roots),
        trusted=dict(snapshot.trusted_commands),
        protected=tuple(snapshot.protected),
    )


class _Ctx:
    """One classification: the snapshot's facts plus the working directories the command may be
    in (``cd`` inside the workspace adds one; ``cd`` anywhere else loses track of it). Every cwd
    kept is both the physical directory and bash's logical ``$PWD``: a ``cd`` after which the two
    would differ (:meth:`logical_differs`) loses track too."""

    def __init__(self, snapshot: StateSnapshot, cwd: tuple[str, tuple[str, ...]]) -> None:
        self.snapshot = snapshot
        self.base = _base(snapshot)
        self.cwds: list[tuple[str, tuple[str, ...]]] = [cwd]
        self.cwd_lost = ""
        self.steps = 0

    # A word, resolved against every cwd the command may be in.
    def locate(self, word: Word, *, write: bool = False) -> list[_Loc]:
        if word.procsub:
            return [_Loc("device", detail=_D_PROCSUB)]
        if word.tilde:
            return [_Loc("outside", detail=_D_HOME)]
        if word.dynamic or word.brace:
            return [_Loc("dynamic", detail=_D_RUNTIME)]
        text = word.text
        if not text:
            return [_Loc("dynamic", detail=_D_EMPTY)]
        if text.startswith("/"):
            locs = [self._absolute(text, word.glob, write)]
        elif self.cwd_lost:
            return [_Loc("dynamic", detail=_D_RELATIVE.format(lost=self.cwd_lost))]
        else:
            locs = [self._walk(ns, base, text, word.glob, write) for ns, base in self.cwds]
        parts = text.split("/") if word.glob else []
        for k, part in enumerate(parts):
            if any(c in part for c in "*?[") and ".." in parts[k + 1 :]:
                # `*/../x`: the walk drops the pattern before seeing what it matches; the shell
                # expands it first, and a link it matches moves where `..` leads. Where the walk
                # went stays judged too (`rm -rf */..` is still the workspace root).
                locs.append(_Loc("outside", detail=_D_DOTDOT.format(part=part)))
                break
        return locs

    def _absolute(self, text: str, glob: bool, write: bool) -> _Loc:
        for root, namespace in self.base.roots:
            if text == root or text.startswith(root + "/"):
                return self._walk(namespace, (), text[len(root) :], glob, write)
        return _Loc("outside", detail=_D_OUTSIDE)

    def links_for(self, namespace: str, write: bool) -> paths.LinkIndex:
        """Workspace paths go through the workspace's links; sandbox paths through the sandbox's,
        and, when written, through the workspace's too (the sandbox is promoted into place later,
        where those links are)."""
        if namespace == paths.WORKSPACE:
            return self.base.links
        return self.base.sandbox_write_links if write else self.base.sandbox_links

    def logical_differs(self, word: Word) -> str:
        """Why bash's logical ``cd WORD`` (``x/..`` cancels lexically) may end somewhere other
        than the physical walk :meth:`locate` follows, or "" when the two agree from every cwd.
        They differ when a ``..`` pops a link (``cd link/..`` goes back, the walk goes to the
        link's parent) and when the target holds a link (the new ``$PWD`` keeps it, so a later
        ``cd ..`` pops it)."""
        text = word.text
        starts: list[tuple[str, tuple[str, ...], str]] = [
            (ns, base, text) for ns, base in self.cwds
        ]
        if text.startswith("/"):
            top: tuple[str, ...] = ()
            starts = [
                (ns, top, text[len(root) :])
                for root, ns in self.base.roots
                if text == root or text.startswith(root + "/")
            ][:1]
        for namespace, base, rel in starts:
            try:
                logical = paths.lexical(base, rel, root_name=namespace)
                physical = paths.walk(base, rel, self.links_for(namespace, False))
            except paths.PathError as error:
                return error.message
            if logical != physical:
                return (
                    f"bash's logical cd goes to {namespace}:{paths.join(logical)}, through a "
                    f"link that leads to {namespace}:{paths.join(physical)}"
                )
        return ""

    def _walk(
        self, namespace: str, base: Sequence[str], text: str, glob: bool, write: bool
    ) -> _Loc:
        links = self.links_for(namespace, write)
        try:
            parts = paths.walk(base, text, links, root_name=namespace)
        except paths.PathError as error:
            return _Loc("outside", detail=_D_LEADS.format(message=error.message))
        namespace, parts = self._remap(namespace, parts)
        if glob:
            for i, part in enumerate(parts):
                if any(c in part for c in "*?["):
                    if part.startswith("."):  # ".*" may match ".."
                        if i == 0:
                            return _Loc("outside", detail=_D_ABOVE_ROOT)
                        parts = parts[: i - 1]
                    else:
                        parts = parts[:i]
                    link = links.first_under(parts, outside_only=True)
                    if link:
                        return _Loc("outside", detail=_D_LINK.format(link=link))
                    return _Loc(namespace, parts, glob=True)
        return _Loc(namespace, parts)

    def _remap(self, namespace: str, parts: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
        """A workspace path that lies in a sandbox nested inside the workspace is a sandbox path."""
        if namespace != paths.WORKSPACE:
            return namespace, parts
        ws = next((r for r, ns in self.base.roots if ns == paths.WORKSPACE), None)
        sb = next((r for r, ns in self.base.roots if ns == paths.SANDBOX), None)
        if ws is None or sb is None or not sb.startswith(ws + "/"):
            return namespace, parts
        absolute = ws + "/" + "/".join(parts) if parts else ws
        if absolute == sb or absolute.startswith(sb + "/"):
            return paths.SANDBOX, paths.split(absolute[len(sb) :])
        return namespace, parts

    def protected(self, loc: _Loc) -> str:
        prefixes = self.base.protected
        if loc.kind == paths.SANDBOX:
            prefixes = tuple(p for p in prefixes if paths.split(p))  # "." protects the workspace
        return paths.is_protected(loc.parts, prefixes)

    def trusted(self, word: Word, name: str) -> bool:
        if not word.literal:
            return False
        text = word.text
        if "/" in text:
            return self.base.trusted.get(name) == text
        return name in _BUILTINS or text in self.base.trusted


# -- what a word does ----------------------------------------------------------------------------


def _read(ctx: _Ctx, word: Word, *, recursive: bool = False) -> Effect | None:
    """``None`` when reading ``word`` stays inside; otherwise why not."""
    if word.literal and word.text in _READ_DEVICES:
        return None
    worst: Effect | None = None
    for loc in ctx.locate(word):
        if loc.kind == "device":
            continue
        if loc.kind == "dynamic":
            worst = _worse(
                worst,
                Effect(
                    UNKNOWN,
                    "cmd.dynamic_argument",
                    _R_DYNAMIC_PATH.format(path=word.raw, detail=loc.detail),
                ),
            )
        elif loc.kind == "outside":
            worst = _worse(
                worst,
                Effect(
                    UNKNOWN,
                    "path.outside_read",
                    _R_OUTSIDE_READ.format(path=word.raw, detail=loc.detail),
                ),
            )
        elif recursive:
            link = ctx.links_for(loc.kind, False).first_under(loc.parts, outside_only=True)
            if link:
                worst = _worse(
                    worst,
                    Effect(
                        UNKNOWN,
                        "path.link_outside",
                        _R_LINK_OUTSIDE.format(path=word.raw, link=link),
                    ),
                )
    return worst


def _write(ctx: _Ctx, word: Word, verb: str = "writes") -> Effect:
    if word.literal and word.text in _WRITE_DEVICES:
        return Effect(HARMLESS, "cmd.harmless", f"{verb} {word.text}")
    if word.literal and _BLOCK_DEVICE_RE.match(word.text):
        return Effect(
            REFUSED, "write.block_device", _R_DISK_DEVICE.format(verb=verb, device=word.text)
        )
    worst: Effect | None = None
    for loc in ctx.locate(word, write=True):
        worst = _worse(worst, _write_loc(ctx, word, loc, verb))
    assert worst is not None
    return worst


def _write_loc(ctx: _Ctx, word: Word, loc: _Loc, verb: str) -> Effect:
    if loc.kind == "device":
        return Effect(HARMLESS, "cmd.harmless", f"{verb} a process substitution")
    if loc.kind == "dynamic":
        return Effect(
            UNKNOWN,
            "write.unresolved",
            _R_WHICH.format(verb=verb, path=word.raw, detail=loc.detail),
        )
    if loc.kind == "outside":
        return Effect(
            DANGEROUS,
            "write.outside_sandbox",
            _R_WHICH.format(verb=verb, path=word.raw, detail=loc.detail),
        )
    prefix = ctx.protected(loc)
    if prefix:
        return Effect(
            DANGEROUS,
            "write.protected",
            _R_PROTECTED.format(verb=verb, path=loc.label, prefix=prefix),
        )
    if loc.kind == paths.SANDBOX:
        return Effect(CONTAINED, "cmd.contained", _R_INSIDE.format(verb=verb, path=loc.label))
    return Effect(
        DANGEROUS,
        "write.outside_sandbox",
        _R_INTO_WORKSPACE.format(verb=verb, path=loc.label),
    )


def _delete(ctx: _Ctx, word: Word, verb: str = "deletes") -> Effect:
    raw = word.raw.rstrip("/") or "/"
    if word.raw in _CATASTROPHIC_WORDS or raw in _CATASTROPHIC_WORDS or word.text == "/":
        return Effect(REFUSED, "delete.catastrophic", f"{verb} {word.raw}")
    if word.literal and _BLOCK_DEVICE_RE.match(word.text):
        return Effect(
            REFUSED, "write.block_device", _R_DISK_DEVICE.format(verb=verb, device=word.text)
        )
    worst: Effect | None = None
    for loc in ctx.locate(word, write=True):
        if loc.kind == "dynamic":
            effect = Effect(
                DANGEROUS,
                "delete.unresolved",
                _R_WHICH.format(verb=verb, path=word.raw, detail=loc.detail),
            )
        elif loc.kind in ("outside", "device"):
            effect = Effect(
                DANGEROUS,
                "delete.outside_sandbox",
                _R_WHICH.format(verb=verb, path=word.raw, detail=loc.detail or _R_IS_OUTSIDE),
            )
        elif loc.kind == paths.WORKSPACE and not loc.parts:
            effect = Effect(REFUSED, "delete.catastrophic", _R_WORKSPACE_ROOT.format(verb=verb))
        elif loc.kind == paths.WORKSPACE:
            effect = Effect(
                DANGEROUS,
                "delete.outside_sandbox",
                _R_OUTSIDE_PAREN.format(verb=verb, path=loc.label),
            )
        elif ctx.protected(loc):
            effect = Effect(
                DANGEROUS, "write.protected", _R_UNDER_PROTECTED.format(verb=verb, path=loc.label)
            )
        else:
            effect = Effect(CONTAINED, "cmd.contained", _R_INSIDE.format(verb=verb, path=loc.label))
        worst = _worse(worst, effect)
    assert worst is not None
    return worst


# -- option scanning -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Spec:
    """A program's option allow-list. Short options are letters; long ones are written without
    ``--``. ``reads``/``writes`` name options (``-f``, ``--file``) whose value is a path."""

    short: str = ""
    short_valued: str = ""
    long: frozenset[str] = frozenset()
    long_valued: frozenset[str] = frozenset()
    reads: frozenset[str] = frozenset()
    writes: frozenset[str] = frozenset()
    recursive: frozenset[str] = frozenset()
    pattern_options: frozenset[str] = frozenset()  # options that supply the pattern (grep -e)
    numeric: bool = False  # head -20
    positional: str = "paths"  # paths | none | text | pattern_paths | in_out
    always_recursive: bool = False


@dataclass
class _Scan:
    flags: list[str]
    values: list[tuple[str, Word]]
    positionals: list[Word]
    bad: str = ""
    bad_word: Word | None = None  # set when ``bad`` is a run-time value in option position


def _split_long(word: Word) -> tuple[str, str, str]:
    name, eq, value = word.text.partition("=")
    return name, eq, value


def _scan(args: Sequence[Word], spec: _Spec) -> _Scan:
    scan = _Scan([], [], [])
    i = 0
    end_of_options = False
    while i < len(args):
        w = args[i]
        t = w.text
        if end_of_options or not w.may_be_option or (w.literal and t == "-"):
            scan.positionals.append(w)
            i += 1
            continue
        if not w.literal:
            scan.bad = f"{w.raw} is only known at run time and could be read as an option"
            scan.bad_word = w
            return scan
        if t == "--":
            end_of_options = True
            i += 1
            continue
        if t.startswith("--"):
            name, eq, value = _split_long(w)
            key = name[2:]
            if eq and key in spec.long_valued:
                scan.values.append((name, dataclasses.replace(w, text=value, raw=value)))
                i += 1
            elif not eq and key in spec.long:
                scan.flags.append(name)
                i += 1
            elif not eq and key in spec.long_valued and i + 1 < len(args):
                scan.values.append((name, args[i + 1]))
                i += 2
            else:
                scan.bad = f"the option {name} is not allowed"
                return scan
            continue
        if spec.numeric and _ascii_digits(t[1:]):
            scan.flags.append(t)
            i += 1
            continue
        cluster = t[1:]
        j = 0
        consumed = 1
        while j < len(cluster):
            ch = cluster[j]
            if ch in spec.short:
                scan.flags.append("-" + ch)
                j += 1
            elif ch in spec.short_valued:
                rest = cluster[j + 1 :]
                if rest:
                    scan.values.append(("-" + ch, dataclasses.replace(w, text=rest, raw=rest)))
                elif i + 1 < len(args):
                    scan.values.append(("-" + ch, args[i + 1]))
                    consumed = 2
                else:
                    scan.bad = f"the option -{ch} needs a value"
                    return scan
                break
            else:
                scan.bad = f"the option -{ch} is not allowed"
                return scan
        i += consumed
    return scan


def _fs(names: str) -> frozenset[str]:
    """A frozenset from whitespace-separated names (keeps the option tables compact)."""
    return frozenset(names.split())


_HASH_SPEC = _Spec(short="bltz", long=_fs("binary text tag zero quiet status"))

SPECS: dict[str, _Spec] = {
    "cat": _Spec(
        short="AbeEnstTuv",
        long=_fs(
            "show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting"
        ),
    ),
    "head": _Spec(
        short="qvz",
        short_valued="nc",
        long=_fs("quiet silent verbose zero-terminated"),
        long_valued=_fs("lines bytes"),
        numeric=True,
    ),
    "tail": _Spec(
        short="qvz",
        short_valued="nc",
        long=_fs("quiet silent verbose zero-terminated"),
        long_valued=_fs("lines bytes"),
        numeric=True,
    ),
    "wc": _Spec(
        short="clmwL",
        long=_fs("bytes chars lines words max-line-length"),
        long_valued=_fs("total"),
    ),
    "ls": _Spec(
        short="aAbBcCdfFgGhiklmnNopqQrRsStuUvxXZ1",
        short_valued="wIT",
        long=_fs(
            "all almost-all classify directory human-readable inode color numeric-uid-gid reverse "
            "recursive size group-directories-first full-time no-group si file-type"
        ),
        long_valued=_fs(
            "color sort time time-style ignore hide width format indicator-style quoting-style "
            "block-size"
        ),
        recursive=_fs("-R --recursive"),
    ),
    "pwd": _Spec(short="LP", positional="none"),
    "whoami": _Spec(positional="none"),
    "id": _Spec(short="gGnruz", long=_fs("group groups name real user zero")),
    "hostname": _Spec(short="fsi", long=_fs("fqdn short"), positional="none"),
    "uname": _Spec(
        short="asnrvmpio",
        long=_fs(
            "all kernel-name nodename kernel-release kernel-version machine processor "
            "hardware-platform operating-system"
        ),
        positional="none",
    ),
    "which": _Spec(short="as", positional="text"),
    "grep": _Spec(
        short="EFGPiyvwxcLloqsbHhnTZzUaIrR",
        short_valued="efmABCdD",
        long=_fs(
            "extended-regexp fixed-strings basic-regexp perl-regexp ignore-case no-ignore-case "
            "invert-match word-regexp line-regexp count files-with-matches files-without-match "
            "only-matching quiet silent no-messages byte-offset with-filename no-filename "
            "line-number initial-tab null null-data text recursive dereference-recursive color "
            "colour"
        ),
        long_valued=_fs(
            "regexp file max-count after-context before-context context include exclude "
            "exclude-dir exclude-from color colour label binary-files devices directories"
        ),
        reads=_fs("-f --file --exclude-from"),
        recursive=_fs("-r -R --recursive --dereference-recursive"),
        pattern_options=_fs("-e -f --regexp --file"),
        positional="pattern_paths",
    ),
    "rg": _Spec(
        short="iSsnNlcwxvuFoUHIpqa0",
        short_valued="egtTABCmMdjrfE",
        long=_fs(
            "ignore-case smart-case case-sensitive line-number no-line-number files-with-matches "
            "files-without-match count count-matches word-regexp line-regexp invert-match "
            "fixed-strings only-matching hidden no-ignore no-ignore-vcs no-ignore-dot "
            "no-ignore-parent with-filename no-filename heading no-heading json files vimgrep "
            "column no-messages multiline unrestricted quiet text null trim type-list stats "
            "sort-files no-config passthru byte-offset pretty crlf glob-case-insensitive "
            "include-zero"
        ),
        long_valued=_fs(
            "regexp glob iglob type type-not after-context before-context context max-count "
            "max-depth max-filesize threads sort sortr replace encoding color colors max-columns "
            "file ignore-file path-separator engine context-separator field-match-separator"
        ),
        reads=_fs("-f --file --ignore-file"),
        pattern_options=_fs("-e -f --regexp --file --files --type-list"),
        positional="pattern_paths",
        always_recursive=True,
    ),
    "sort": _Spec(
        short="bdfgiMhnRrsuVzc",
        short_valued="ktSo",
        long=_fs(
            "ignore-leading-blanks dictionary-order ignore-case general-numeric-sort "
            "ignore-nonprinting month-sort human-numeric-sort numeric-sort random-sort reverse "
            "stable unique version-sort zero-terminated check"
        ),
        long_valued=_fs("key field-separator buffer-size parallel output sort"),
        writes=_fs("-o --output"),
    ),
    "uniq": _Spec(
        short="cdDiuz",
        short_valued="fsw",
        long=_fs("count repeated unique ignore-case zero-terminated all-repeated group"),
        long_valued=_fs("skip-fields skip-chars check-chars all-repeated group"),
        positional="in_out",
    ),
    "diff": _Spec(
        short="qsuyNaibwBEZTtrpd",
        short_valued="UCxXSFWI",
        long=_fs(
            "brief report-identical-files unified context recursive new-file text ignore-case "
            "ignore-all-space ignore-space-change ignore-blank-lines side-by-side color "
            "no-dereference strip-trailing-cr minimal speed-large-files suppress-common-lines "
            "expand-tabs initial-tab unidirectional-new-file ignore-trailing-space "
            "show-c-function"
        ),
        long_valued=_fs(
            "unified context exclude exclude-from starting-file label color width "
            "ignore-matching-lines from-file to-file show-function-line"
        ),
        reads=_fs("-X --exclude-from --from-file --to-file"),
        recursive=_fs("-r --recursive"),
    ),
    "cmp": _Spec(short="blsz", short_valued="in", long=_fs("print-bytes verbose quiet silent")),
    "file": _Spec(
        short="bhiNkrsL0",
        long=_fs(
            "brief mime mime-type mime-encoding no-dereference dereference keep-going raw "
            "special-files no-pad print0"
        ),
    ),
    "stat": _Spec(
        short="Lft",
        short_valued="c",
        long=_fs("dereference file-system terse"),
        long_valued=_fs("format printf cached"),
    ),
    "basename": _Spec(
        short="az",
        short_valued="s",
        long=_fs("multiple zero"),
        long_valued=_fs("suffix"),
        positional="text",
    ),
    "dirname": _Spec(short="z", long=_fs("zero"), positional="text"),
    "realpath": _Spec(
        short="emLPqsz",
        long=_fs(
            "canonicalize-existing canonicalize-missing logical physical quiet strip no-symlinks "
            "zero"
        ),
        long_valued=_fs("relative-to relative-base"),
        reads=_fs("--relative-to --relative-base"),
    ),
    "readlink": _Spec(
        short="femnqsvz",
        long=_fs(
            "canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent "
            "verbose zero"
        ),
    ),
    "nl": _Spec(
        short="p",
        short_valued="bdfhilnsvw",
        long_valued=_fs(
            "body-numbering section-delimiter footer-numbering header-numbering line-increment "
            "join-blank-lines number-format number-separator starting-line-number number-width"
        ),
    ),
    "cut": _Spec(
        short="snz",
        short_valued="bcdf",
        long=_fs("complement only-delimited zero-terminated"),
        long_valued=_fs("bytes characters delimiter fields output-delimiter"),
    ),
    "tr": _Spec(
        short="cCdst",
        long=_fs("complement delete squeeze-repeats truncate-set1"),
        positional="text",
    ),
    "md5sum": _HASH_SPEC,
    "sha1sum": _HASH_SPEC,
    "sha224sum": _HASH_SPEC,
    "sha256sum": _HASH_SPEC,
    "sha384sum": _HASH_SPEC,
    "sha512sum": _HASH_SPEC,
    "b2sum": _HASH_SPEC,
    "cksum": _Spec(
        short="", long=_fs("tag raw zero untagged"), long_valued=_fs("algorithm length")
    ),
    "shasum": _Spec(
        short="btU0",
        short_valued="a",
        long=_fs("binary text UNIVERSAL 01"),
        long_valued=_fs("algorithm"),
    ),
    "tac": _Spec(
        short="br", short_valued="s", long=_fs("before regex"), long_valued=_fs("separator")
    ),
    "rev": _Spec(),
    "seq": _Spec(
        short="w",
        short_valued="fs",
        long=_fs("equal-width"),
        long_valued=_fs("format separator"),
        positional="text",
    ),
    "du": _Spec(
        short="abchklmsSx0",
        short_valued="dtB",
        long=_fs(
            "all apparent-size bytes total human-readable si summarize separate-dirs "
            "one-file-system null count-links inodes"
        ),
        long_valued=_fs("max-depth block-size exclude threshold time-style"),
        always_recursive=True,
    ),
    "df": _Spec(
        short="ahiklPTx",
        short_valued="tB",
        long=_fs("all human-readable inodes local portability print-type si total"),
        long_valued=_fs("block-size type exclude-type output"),
    ),
    "tree": _Spec(
        short="adfipsughDFqNvtrCnAJx",
        short_valued="LIP",
        long=_fs("noreport dirsfirst filesfirst du prune charset"),
        long_valued=_fs("charset filelimit timefmt sort"),
        always_recursive=True,
    ),
    "od": _Spec(
        short="bcdfilosvx",
        short_valued="AjNStw",
        long_valued=_fs("address-radix skip-bytes read-bytes strings format width"),
        long=_fs("output-duplicates traditional"),
    ),
    # -- contained-capable -----------------------------------------------------------------------
    "tee": _Spec(short="aip", long=_fs("append ignore-interrupts"), positional="writes"),
    "mkdir": _Spec(
        short="pv",
        short_valued="m",
        long=_fs("parents verbose"),
        long_valued=_fs("mode"),
        positional="writes",
    ),
    "touch": _Spec(
        short="acmhf",
        short_valued="dtr",
        long=_fs("no-create no-dereference"),
        long_valued=_fs("date reference time"),
        reads=_fs("-r --reference"),
        positional="writes",
    ),
    "rm": _Spec(
        short="fiIrRdv",
        long=_fs("force recursive dir verbose one-file-system preserve-root interactive"),
        long_valued=_fs("interactive"),
        positional="deletes",
    ),
    "rmdir": _Spec(
        short="pv", long=_fs("parents verbose ignore-fail-on-non-empty"), positional="deletes"
    ),
    "unlink": _Spec(positional="deletes"),
    "truncate": _Spec(
        short="co",
        short_valued="rs",
        long=_fs("no-create io-blocks"),
        long_valued=_fs("reference size"),
        reads=_fs("-r --reference"),
        positional="writes",
    ),
    "xxd": _Spec(short="aCEeiruhdbp", short_valued="cglosn", positional="in_out"),
}

_CP_SPEC = _Spec(
    short="aRrfinpuvTxHLPd",
    short_valued="tS",
    long=_fs(
        "archive recursive force interactive no-clobber preserve update verbose "
        "no-target-directory dereference no-dereference one-file-system remove-destination "
        "strip-trailing-slashes attributes-only reflink no-preserve"
    ),
    long_valued=_fs("target-directory suffix preserve sparse reflink backup no-preserve"),
    recursive=_fs("-a -R -r --archive --recursive"),
)
_MV_SPEC = _Spec(
    short="finuvbT",
    short_valued="tS",
    long=_fs(
        "force interactive no-clobber update verbose strip-trailing-slashes no-target-directory"
    ),
    long_valued=_fs("target-directory suffix backup"),
)
_LN_SPEC = _Spec(
    short="sfinvrTPLb",
    short_valued="tS",
    long=_fs(
        "symbolic force interactive no-dereference verbose relative no-target-directory logical "
        "physical"
    ),
    long_valued=_fs("target-directory suffix backup"),
)
_CHMOD_SPEC = _Spec(
    short="Rvcfh",
    long=_fs("recursive verbose changes silent quiet no-dereference preserve-root"),
    long_valued=_fs("reference from"),
    reads=_fs("--reference"),
)
_GIT_READ_ONLY = frozenset(
    {"status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree", "blame", "shortlog",
     "describe", "grep", "branch", "tag", "remote", "cat-file", "rev-list", "show-ref",
     "whatchanged", "count-objects", "version", "check-ignore", "name-rev", "merge-base",
     "diff-tree", "diff-files", "diff-index", "for-each-ref"}
)  # fmt: skip
_GIT_GLOBAL_FLAGS = frozenset(
    {"--no-pager", "-P", "--no-optional-locks", "--literal-pathspecs", "--no-replace-objects",
     "--glob-pathspecs", "--noglob-pathspecs", "--icase-pathspecs", "--version", "--help"}
)  # fmt: skip
_GIT_DENIED_PREFIXES = (
    "--output", "--ext-diff", "--textconv", "--open-files-in-pager", "--exec", "--upload-pack",
    "--receive-pack", "--config", "--no-index", "--contents", "--run", "--paginate", "--git-dir",
    "--work-tree", "--edit", "--filters", "--batch-command", "--show-signature",
    "--ignore-revs-file", "-O",
)  # fmt: skip
_GIT_BRANCH_FLAGS = frozenset(
    {"--list", "-l", "-a", "-r", "-v", "-vv", "--all", "--remotes", "--verbose",
     "--show-current", "--no-color", "--color", "--no-column", "--column", "-i", "--ignore-case"}
)  # fmt: skip
_GIT_BRANCH_VALUED = (
    "--merged",
    "--no-merged",
    "--contains",
    "--no-contains",
    "--sort",
    "--format",
    "--points-at",
    "-n",
)


@dataclass(frozen=True)
class _GitOptions:
    """A read-only git subcommand's option allow-list, taken from git 2.39's own option tables
    (``git <cmd> --git-completion-helper``, ``git <cmd> -h``, the diff and rev-list man pages).

    Short options: ``flags`` take no value (and may be clustered, ``-nw``); ``valued`` take the
    rest of their word as text (``-U3``, ``-Sfoo``, ``-M50%``) — a value given as the next word
    is then judged as a path like any argument, which can only be stricter; ``reads`` take a
    file git opens (``grep -f F``, ``blame -S F``, ``ls-files -X F``): stuck or the next word,
    path-checked. Long options (written without ``--``) in ``long`` may carry ``=text``; a value
    given as the next word is, again, judged as a path. ``long_reads`` name a file git reads.
    An option not listed here, or an abbreviation of one (git's parse-options accepts
    ``--open`` for ``--open-files-in-pager``), is not harmless."""

    flags: str = ""
    valued: str = ""
    reads: str = ""
    long: frozenset[str] = frozenset()
    long_reads: frozenset[str] = frozenset()
    numeric: bool = False  # -5


#: Options whose value is a file and that were never harmless: path-checked (a write outside the
#: sandbox or to a protected path is *dangerous*, a read outside *unknown*), and *unknown* at
#: best — they write a file (``--output``) or feed a file to git's parser (``-O<orderfile>``,
#: ``blame --contents``/``--ignore-revs-file``).
_GIT_FILE_WRITES = frozenset({"--output"})
_GIT_FILE_READS_UNKNOWN = frozenset({"-O", "--contents", "--ignore-revs-file"})

_GIT_DIFF_LONG = _fs(
    "patch no-patch unified function-context no-function-context raw patch-with-raw "
    "patch-with-stat numstat shortstat dirstat cumulative dirstat-by-file check summary name-only "
    "name-status stat stat-width stat-name-width stat-graph-width stat-count compact-summary "
    "no-compact-summary binary full-index no-full-index color no-color ws-error-highlight abbrev "
    "no-abbrev src-prefix dst-prefix line-prefix no-prefix inter-hunk-context "
    "output-indicator-new output-indicator-old output-indicator-context break-rewrites "
    "find-renames irreversible-delete find-copies find-copies-harder no-find-copies-harder "
    "no-renames rename-empty no-rename-empty follow no-follow minimal no-minimal "
    "ignore-all-space ignore-space-change ignore-space-at-eol ignore-cr-at-eol "
    "ignore-blank-lines ignore-matching-lines no-ignore-matching-lines indent-heuristic "
    "no-indent-heuristic patience histogram diff-algorithm anchored word-diff word-diff-regex "
    "color-words color-moved no-color-moved color-moved-ws no-color-moved-ws relative "
    "no-relative text no-text exit-code no-exit-code quiet no-quiet no-ext-diff no-textconv "
    "ignore-submodules submodule ita-invisible-in-index ita-visible-in-index pickaxe-all "
    "pickaxe-regex rotate-to skip-to find-object diff-filter"
)
_GIT_REV_LONG = _fs(
    "abbrev-commit no-abbrev-commit after all all-match ancestry-path author author-date-order "
    "basic-regexp before bisect boundary branches cc cherry cherry-mark cherry-pick children "
    "clear-decorations combined-all-paths committer count date date-order decorate "
    "decorate-refs decorate-refs-exclude no-decorate dense diff-merges no-diff-merges do-walk "
    "encoding exclude exclude-first-parent-only expand-tabs no-expand-tabs extended-regexp "
    "first-parent fixed-strings format full-diff full-history glob graph grep grep-reflog "
    "header in-commit-order invert-grep left-only left-right log-size max-age max-count "
    "max-parents merge merges min-age min-parents no-max-parents no-merges no-min-parents "
    "no-notes no-walk not notes show-notes standard-notes no-standard-notes oneline parents "
    "perl-regexp pretty reflog regexp-ignore-case relative-date remerge-diff remotes "
    "remove-empty reverse right-only root show-linear-break show-pulls simplify-by-decoration "
    "simplify-merges since since-as-filter single-worktree skip source no-source sparse stdin "
    "tags timestamp topo-order until use-mailmap no-use-mailmap mailmap no-mailmap walk-reflogs "
    "ignore-missing no-commit-id commit-header no-commit-header objects objects-edge "
    "objects-edge-aggressive unpacked object-names no-object-names disk-usage indexed-objects "
    "exclude-promisor-objects missing filter no-filter filter-print-omitted "
    "filter-provided-objects bisect-all bisect-vars always cached staged merge-base base ours "
    "theirs"
)
#: log, show, diff, rev-list … (the revision walker plus the diff options). ``-L`` (a line range
#: in a file) is deliberately absent; ``-O<orderfile>`` is a read (see _GIT_FILE_READS_UNKNOWN).
_GIT_REV_OPTIONS = _GitOptions(
    flags="pusRzabwWDcmtrivqhEFPg0123",
    valued="nUSGlMCBX",
    reads="O",
    long=_GIT_DIFF_LONG | _GIT_REV_LONG | _fs("output"),
    numeric=True,
)
_GIT_OPTIONS: dict[str, _GitOptions] = {
    **dict.fromkeys(
        ("log", "show", "whatchanged", "rev-list", "diff", "diff-tree", "diff-files", "diff-index"),
        _GIT_REV_OPTIONS,
    ),
    "shortlog": dataclasses.replace(
        _GIT_REV_OPTIONS,
        flags="pusRzabWDmtriqhEFPgcnse",
        valued="USGlMCBXw",
        long=_GIT_REV_OPTIONS.long | _fs("numbered summary email group"),
    ),
    "status": _GitOptions(
        flags="vsbz",
        valued="uM",
        long=_fs(
            "verbose short branch show-stash ahead-behind porcelain long null untracked-files "
            "ignored ignore-submodules column no-renames find-renames renames no-verbose "
            "no-short no-branch no-show-stash no-ahead-behind no-porcelain no-long no-null "
            "no-untracked-files no-ignored no-ignore-submodules no-column"
        ),
    ),
    "grep": _GitOptions(
        flags="viwaIrEGFPnhHlLzocpWq",
        valued="CBAem",
        reads="f",
        long=_fs(
            "cached untracked exclude-standard recurse-submodules invert-match ignore-case "
            "word-regexp text no-textconv recursive max-depth extended-regexp basic-regexp "
            "fixed-strings perl-regexp line-number column full-name files-with-matches "
            "name-only files-without-match only-matching count color break heading context "
            "before-context after-context threads show-function function-context and or not "
            "quiet all-match max-count no-cached no-untracked no-exclude-standard "
            "no-recurse-submodules no-invert-match no-ignore-case no-word-regexp no-text "
            "no-recursive no-extended-regexp no-basic-regexp no-fixed-strings no-perl-regexp "
            "no-line-number no-column no-full-name no-files-with-matches no-name-only "
            "no-files-without-match no-only-matching no-count no-color no-break no-heading "
            "no-context no-before-context no-after-context no-threads no-show-function "
            "no-function-context no-or no-quiet no-all-match no-max-count"
        ),
        numeric=True,
    ),
    "blame": _GitOptions(
        flags="bfnpctlsewh",
        valued="CM",
        reads="S",
        long=_fs(
            "incremental root show-stats progress score-debug show-name show-number porcelain "
            "line-porcelain show-email ignore-rev color-lines color-by-age minimal abbrev "
            "no-incremental no-root no-show-stats no-progress no-score-debug no-show-name "
            "no-show-number no-porcelain no-line-porcelain no-show-email no-ignore-rev "
            "no-color-lines no-color-by-age no-minimal no-abbrev date reverse first-parent "
            "encoding no-textconv contents ignore-revs-file"
        ),
    ),
    "ls-files": _GitOptions(
        flags="ztvfcdmoiskuh",
        valued="x",
        reads="X",
        long=_fs(
            "cached deleted modified others ignored stage killed directory eol "
            "empty-directory unmerged resolve-undo exclude exclude-standard full-name "
            "recurse-submodules error-unmatch with-tree abbrev debug deduplicate sparse format "
            "no-empty-directory"
        ),
        long_reads=_fs("exclude-from exclude-per-directory"),
    ),
    "ls-tree": _GitOptions(
        flags="drtzlh",
        long=_fs(
            "long name-only name-status object-only full-name full-tree format abbrev "
            "no-full-name no-full-tree no-abbrev"
        ),
    ),
    "cat-file": _GitOptions(
        flags="eptszh",
        long=_fs(
            "allow-unknown-type use-mailmap mailmap no-mailmap no-use-mailmap batch "
            "batch-check batch-all-objects buffer no-buffer follow-symlinks unordered"
        ),
    ),
    "show-ref": _GitOptions(
        flags="dqh",
        valued="s",
        long=_fs("tags heads verify head dereference hash abbrev quiet exclude-existing"),
    ),
    "count-objects": _GitOptions(flags="vHh", long=_fs("verbose human-readable")),
    "version": _GitOptions(long=_fs("build-options")),
    "check-ignore": _GitOptions(flags="qvznh", long=_fs("quiet verbose stdin non-matching")),
    "name-rev": _GitOptions(
        flags="h",
        long=_fs("name-only tags refs exclude all stdin annotate-stdin undefined always"),
    ),
    "merge-base": _GitOptions(
        flags="ah", long=_fs("all octopus independent is-ancestor fork-point")
    ),
    "for-each-ref": _GitOptions(
        flags="sph",
        long=_fs(
            "shell perl python tcl count format color sort points-at merged no-merged contains "
            "no-contains ignore-case"
        ),
    ),
    # --dirty and --broken refresh (and may write) the index or run git diff-index: not listed.
    "describe": _GitOptions(
        flags="h",
        long=_fs(
            "contains debug all tags long first-parent abbrev exact-match candidates match "
            "exclude always no-abbrev"
        ),
    ),
    # rev-parse parses by hand; --git-dir stays out (it was never allowed).
    "rev-parse": _GitOptions(
        flags="qh",
        long=_fs(
            "verify quiet short abbrev-ref symbolic symbolic-full-name all branches tags remotes "
            "glob exclude since after until before default prefix revs-only no-revs flags "
            "no-flags sq sq-quote not local-env-vars path-format show-object-format "
            "show-superproject-working-tree shared-index-path absolute-git-dir git-common-dir "
            "git-path is-inside-work-tree is-inside-git-dir is-bare-repository "
            "is-shallow-repository show-toplevel show-prefix show-cdup parseopt "
            "stop-at-non-option keep-dashdash stuck-long disambiguate"
        ),
        long_reads=_fs("resolve-git-dir"),
    ),
}

#: What makes a directory a git directory to git itself (``is_git_directory``): ``HEAD`` plus
#: ``objects/`` and ``refs/``. Judged more strictly here: ``HEAD`` and either of the two.
_GIT_DIR_MARKERS = ("objects", "refs")


# -- the classifier --------------------------------------------------------------------------------


def classify_command(command: str, *, cwd_target: str, snapshot: StateSnapshot) -> Effect:
    """What running ``command`` with the working directory ``cwd_target`` would do."""
    if not isinstance(command, str) or not command.strip():
        return Effect(REFUSED, "shell.empty", _R_EMPTY)
    if "\x00" in command:
        return Effect(REFUSED, "shell.nul", _R_NUL)
    cwd = paths.parse_target(cwd_target or "sandbox:.")
    if cwd is None:
        return Effect(UNKNOWN, "cwd.invalid", _R_BAD_CWD.format(cwd=cwd_target))
    parsed = shell.parse(command)
    if not parsed.ok:
        return _unparseable(command, parsed.error)
    ctx = _Ctx(snapshot, cwd)
    return _classify_parsed(ctx, parsed, 0)


#: Programs that, named anywhere in a line the splitter cannot model, make it *dangerous*
#: (asked) rather than *unknown* (run inside the sandbox): what deletes, moves, changes
#: permissions, escalates or controls the system.
_RISKY_IN_UNPARSEABLE = (
    frozenset({"rm", "rmdir", "unlink", "shred", "mv", "dd", "truncate", "chmod", "chown",
               "chgrp", "ln", "find", "xargs", "tee", "install", "rsync"})
    | shell.ESCALATION
    | _SYSTEM_CONTROL
)  # fmt: skip
_TOKEN_SPLIT = re.compile(r"[\s;&|()<>`$\"'{}=]+")


def _unparseable(command: str, error: str) -> Effect:
    """A line :func:`shell.parse` does not model: *unknown*, unless a token names a risky
    program, which makes it *dangerous* (a best-effort scan; it can only raise the effect)."""
    for token in _TOKEN_SPLIT.split(command):
        name = token.rsplit("/", 1)[-1]
        if name in _RISKY_IN_UNPARSEABLE or _DISK_TOOLS_RE.fullmatch(name):
            return Effect(
                DANGEROUS,
                "shell.unparseable_risky",
                _R_UNPARSEABLE_RISKY.format(error=error, name=name),
            )
    return Effect(UNKNOWN, "shell.unparseable", _R_UNPARSEABLE.format(error=error))


def _classify_parsed(ctx: _Ctx, parsed: shell.ParsedCommand, depth: int) -> Effect:
    if not parsed.ok:
        return Effect(UNKNOWN, "shell.unparseable", _R_UNPARSEABLE.format(error=parsed.error))
    if depth > _MAX_DEPTH:
        return Effect(UNKNOWN, "shell.unparseable", _R_NESTED)
    effects: list[Effect] = []
    for cmd in parsed.commands:
        effects.append(_classify_simple(ctx, cmd, depth))
    names = _program_names(parsed, ctx, 0)
    fetched = sorted(names & _FETCHERS)
    runners = sorted(n for n in names if _is_interpreter(n) or n in _RUNNERS or n.startswith("<"))
    if fetched and runners:
        effects.append(
            Effect(
                DANGEROUS,
                "exec.download_and_run",
                _R_DOWNLOAD_RUN.format(fetcher=fetched[0], runner=runners[0]),
            )
        )
    worst = _worst(effects)
    assert worst is not None
    if worst.level == HARMLESS:
        programs = sorted({n for n in names if not n.startswith("<")})
        return Effect(HARMLESS, "cmd.harmless", _R_READ_ONLY.format(programs=", ".join(programs)))
    return worst


def _program_names(parsed: shell.ParsedCommand, ctx: _Ctx, depth: int) -> set[str]:
    """Every program a parse may start (through wrappers and scripts); ``<dynamic>`` for a name
    known only at run time, ``<local>`` for an untrusted path such as ``./x``."""
    names: set[str] = set()
    if depth > _MAX_DEPTH:
        return names
    for cmd in parsed.commands:
        current: SimpleCommand | None = cmd
        hops = 0
        while current is not None and current.words and hops <= _MAX_DEPTH:
            hops += 1
            word = current.words[0]
            if not word.literal:
                names.add("<dynamic>")
                break
            name = shell.basename(word)
            names.add(name)
            if "/" in word.text and not ctx.trusted(word, name):
                names.add("<local>")
            unwrapped = shell.unwrap(current)
            if unwrapped is None:
                break
            if unwrapped.kind == "script" and unwrapped.script is not None:
                names |= _program_names(unwrapped.script, ctx, depth + 1)
            current = unwrapped.command
    return names


def _classify_simple(ctx: _Ctx, cmd: SimpleCommand, depth: int) -> Effect:
    if depth:
        ctx.steps += 1
    if depth > _MAX_DEPTH or ctx.steps > _MAX_STEPS:
        return Effect(UNKNOWN, "shell.unparseable", _R_TOO_LONG)
    parts: list[Effect | None] = []
    for assignment in cmd.assignments:
        var = assignment.raw.split("=", 1)[0].rstrip("+")
        if _INJECTION_VARS.fullmatch(var):
            parts.append(
                Effect(
                    DANGEROUS,
                    "env.code_injection",
                    _R_INJECTION.format(var=var),
                )
            )
        else:
            parts.append(Effect(UNKNOWN, "env.prefix", _R_ENV.format(var=var)))
    for redirection in cmd.redirections:
        parts.append(_redirect(ctx, redirection))
    if cmd.control:
        parts.append(Effect(UNKNOWN, "shell.control_flow", _R_CONTROL.format(control=cmd.control)))
    if cmd.words:
        parts.append(_classify_words(ctx, cmd, depth))
        # A word the shell rewrites with the home directory (``~``, ``x=~``) means something
        # other than what was read, wherever it sits (an option's value too): never harmless.
        if any(word.tilde for word in cmd.words[1:]):
            parts.append(Effect(UNKNOWN, "word.tilde", _R_TILDE))
    elif not cmd.assignments:
        parts.append(Effect(HARMLESS, "cmd.harmless", "only redirections"))
    worst = _worst(parts)
    return worst or Effect(HARMLESS, "cmd.harmless", "nothing to run")


def _redirect(ctx: _Ctx, redirection: shell.Redirection) -> Effect | None:
    kind = redirection.kind
    if kind in ("dup", "data"):
        return None
    if kind == "read":
        return _read(ctx, redirection.target)
    return _write(ctx, redirection.target, "redirects output to")


def _classify_words(ctx: _Ctx, cmd: SimpleCommand, depth: int) -> Effect:
    word = cmd.words[0]
    if not word.literal:
        return Effect(UNKNOWN, "cmd.dynamic_name", _R_DYNAMIC_NAME.format(program=word.raw))
    name = shell.basename(word)
    if name in shell.ESCALATION:
        return Effect(DANGEROUS, "exec.privilege_escalation", _R_ESCALATION.format(name=name))
    stdin_program = _reads_program_from_stdin(cmd, name)
    if stdin_program:
        return Effect(DANGEROUS, "exec.pipe_to_shell", stdin_program)
    trusted = ctx.trusted(word, name)
    unwrapped = shell.unwrap(cmd)
    if unwrapped is not None:
        return _classify_unwrapped(ctx, cmd, unwrapped, trusted, depth)
    if name in _CWD_CHANGERS and name != "cd":
        ctx.cwd_lost = ctx.cwd_lost or f"changed by {name}"
    effect = _semantics(ctx, cmd, name, depth)
    if _ORDER[effect.level] <= _ORDER[CONTAINED] and not trusted:
        return Effect(
            UNKNOWN,
            "cmd.untrusted_binary",
            _R_UNTRUSTED.format(program=word.text, why=effect.reason),
        )
    return effect


def _reads_program_from_stdin(cmd: SimpleCommand, name: str) -> str:
    """Why ``cmd`` is an interpreter reading its program from a pipe ("" when it is not)."""
    if not _is_interpreter(name):
        return ""
    fed = cmd.pipe_in or cmd.context == "process_out"
    fed_by = "a pipe"
    for redirection in cmd.redirections:
        if redirection.kind == "data" or (
            redirection.kind == "read" and redirection.target.procsub
        ):
            fed, fed_by = True, "a redirection"
    if not fed:
        return ""
    args = cmd.words[1:]
    if name in shell.SHELLS and any(
        w.literal and w.text.startswith("-") and not w.text.startswith("--") and "c" in w.text
        for w in args
    ):
        return ""  # sh -c 'script': the script is an argument (judged when unwrapped)
    script_args = [w for w in args if not (w.literal and w.text.startswith("-"))]
    stdin_markers = [w for w in args if w.literal and w.text in ("-", "-s", "/dev/stdin")]
    if not script_args or stdin_markers:
        return _R_FED.format(name=name, fed_by=fed_by)
    return ""


def _classify_unwrapped(
    ctx: _Ctx, cmd: SimpleCommand, unwrapped: shell.Unwrapped, trusted: bool, depth: int
) -> Effect:
    wrapper = unwrapped.wrapper
    parts: list[Effect | None] = []
    if unwrapped.kind == "escalation":
        return Effect(DANGEROUS, "exec.privilege_escalation", unwrapped.reason)
    if unwrapped.kind == "opaque":
        parts.append(Effect(UNKNOWN, "cmd.not_allowlisted", unwrapped.reason))
        parts.append(_tail_scan(ctx, cmd, depth))
    elif unwrapped.kind == "script" and unwrapped.script is not None:
        parts.append(_classify_parsed(ctx, unwrapped.script, depth + 1))
    elif unwrapped.kind == "command" and unwrapped.command is not None:
        parts.append(_classify_simple(ctx, unwrapped.command, depth + 1))
    for read in unwrapped.reads:
        parts.append(_read(ctx, read))
    if not trusted and wrapper not in shell.BUILTIN_WRAPPERS:
        parts.append(
            Effect(UNKNOWN, "cmd.untrusted_binary", _R_UNTRUSTED_WRAPPER.format(wrapper=wrapper))
        )
    worst = _worst(parts)
    return worst or Effect(HARMLESS, "cmd.harmless", _H_RUNS_NOTHING.format(wrapper=wrapper))


def _tail_scan(ctx: _Ctx, cmd: SimpleCommand, depth: int) -> Effect | None:
    """In an unknown program's arguments, a later word naming a dangerous program may be a
    command it runs (``strace rm -rf /``): judge the tail from there; only a dangerous or refused
    answer counts (this can raise an effect, never lower it)."""
    if depth > 2:
        return None
    worst: Effect | None = None
    scanned = 0
    for k in range(1, min(len(cmd.words), _TAIL_SCAN_WORDS)):
        word = cmd.words[k]
        if not word.literal:
            continue
        name = shell.basename(word)
        if not (
            name in shell.ESCALATION
            or name in CONTAINED_PROGRAMS
            or name in shell.WRAPPERS
            or name in _SYSTEM_CONTROL
            or _is_interpreter(name)
            or _DISK_TOOLS_RE.fullmatch(name)
        ):
            continue
        scanned += 1
        if scanned > 2:  # bounded: each tail is scanned again, one level deeper
            break
        tail = dataclasses.replace(cmd, words=cmd.words[k:], assignments=(), redirections=())
        effect = _classify_simple(ctx, tail, depth + 1)
        if _ORDER[effect.level] >= _ORDER[DANGEROUS]:
            worst = _worse(worst, effect)
    return worst


# -- per-program semantics -------------------------------------------------------------------------


def _semantics(ctx: _Ctx, cmd: SimpleCommand, name: str, depth: int) -> Effect:
    args = list(cmd.words[1:])
    handler = _HANDLERS.get(name)
    if handler is not None:
        return handler(ctx, name, args, depth)
    spec = SPECS.get(name)
    if spec is not None:
        return _run_spec(ctx, name, args, spec)
    if (
        (name in ("python", "python3") or re.fullmatch(r"python3\.\d+", name))
        and len(args) == 1
        and args[0].literal
        and args[0].text in ("-V", "--version", "-VV")
    ):
        return Effect(HARMLESS, "cmd.harmless", f"{name} {args[0].text}")
    if name in _SYSTEM_CONTROL:
        return Effect(DANGEROUS, "exec.system_control", _R_SYSTEM.format(name=name))
    if _DISK_TOOLS_RE.fullmatch(name):
        return Effect(DANGEROUS, "exec.disk_format", _R_DISK_FORMAT.format(name=name))
    return _unknown_program(ctx, cmd, name, depth)


def _unknown_program(ctx: _Ctx, cmd: SimpleCommand, name: str, depth: int) -> Effect:
    parts: list[Effect | None] = [
        Effect(UNKNOWN, "cmd.not_allowlisted", _R_NOT_ALLOWLISTED.format(name=name))
    ]
    for word in cmd.words[1:]:
        if not word.literal:
            continue
        candidates = [word.text]
        if word.text.startswith("-") and "=" in word.text:
            candidates.append(word.text.split("=", 1)[1])
        for text in candidates:
            if not text or text.startswith("-"):
                continue
            for loc in ctx.locate(dataclasses.replace(word, text=text)):
                if loc.kind in (paths.SANDBOX, paths.WORKSPACE) and ctx.protected(loc):
                    parts.append(
                        Effect(
                            DANGEROUS,
                            "write.protected",
                            f"{name} is given the protected path {loc.label} and may write it",
                        )
                    )
    parts.append(_tail_scan(ctx, cmd, depth))
    worst = _worst(parts)
    assert worst is not None
    return worst


def _unsafe(name: str, why: str) -> Effect:
    return Effect(UNKNOWN, "cmd.unsafe_argument", f"{name}: {why}")


def _run_spec(ctx: _Ctx, name: str, args: Sequence[Word], spec: _Spec) -> Effect:
    scan = _scan(args, spec)
    if scan.bad and scan.bad_word is not None and spec.positional == "deletes":
        return _delete(ctx, scan.bad_word, f"{name} deletes")
    if scan.bad:
        return _unsafe(name, scan.bad)
    recursive = spec.always_recursive or any(f in spec.recursive for f in scan.flags)
    parts: list[Effect | None] = []
    pattern_given = False
    for option, value in scan.values:
        if option in spec.reads:
            parts.append(_read(ctx, value))
        elif option in spec.writes:
            parts.append(_write(ctx, value))
        if option in spec.pattern_options:
            pattern_given = True
        if option in ("-d", "--directories") and name == "grep" and value.text == "recurse":
            recursive = True
    if any(f in spec.pattern_options for f in scan.flags):
        pattern_given = True
    positionals = scan.positionals
    mode = spec.positional
    path_words: list[Word] = []
    if mode == "none":
        if positionals:
            return _unsafe(name, f"takes no arguments, got {positionals[0].raw}")
    elif mode == "text":
        pass
    elif mode == "pattern_paths":
        path_words = positionals if pattern_given else positionals[1:]
        if not pattern_given and not positionals:
            return _unsafe(name, "no pattern")
    elif mode == "in_out":
        if len(positionals) > 2:
            return _unsafe(name, "too many arguments")
        path_words = positionals[:1]
        if len(positionals) == 2:
            parts.append(_write(ctx, positionals[1]))
    elif mode == "writes":
        if not positionals and name != "tee":
            return _unsafe(name, "no file named")
        parts.extend(_write(ctx, w, f"{name} writes") for w in positionals)
    elif mode == "deletes":
        if not positionals:
            return _unsafe(name, "no file named")
        parts.extend(_delete(ctx, w, f"{name} deletes") for w in positionals)
    else:
        path_words = positionals
    for w in path_words:
        parts.append(_read(ctx, w, recursive=recursive))
    if recursive and not path_words and mode in ("paths", "pattern_paths"):
        parts.append(_read(ctx, Word(".", "."), recursive=True))
    worst = _worst(parts)
    if worst is None or worst.level == HARMLESS:
        return Effect(HARMLESS, "cmd.harmless", _H_ONLY_READS.format(name=name))
    return worst


def _h_echo(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    return Effect(HARMLESS, "cmd.harmless", _H_PRINTS.format(name=name))


def _h_printf(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    if args and (args[0].may_be_option and not (args[0].literal and args[0].text == "--")):
        return _unsafe(name, "printf -v assigns a shell variable; a leading option is not allowed")
    return Effect(HARMLESS, "cmd.harmless", _H_PRINTF)


def _h_cd(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    rest = [w for w in args if not (w.literal and w.text in ("-L", "-P", "--"))]
    if len(rest) != 1 or not rest[0].literal or rest[0].text == "-":
        ctx.cwd_lost = ctx.cwd_lost or "changed by cd"
        return Effect(UNKNOWN, "cmd.cwd_change", _R_CD_UNNAMED)
    locs = ctx.locate(rest[0])
    if any(loc.kind not in (paths.SANDBOX, paths.WORKSPACE) or loc.glob for loc in locs):
        ctx.cwd_lost = ctx.cwd_lost or f"changed by cd {rest[0].raw}"
        return Effect(UNKNOWN, "cmd.cwd_change", _R_CD_LEAVES.format(path=rest[0].raw))
    differs = ctx.logical_differs(rest[0])
    if differs:
        ctx.cwd_lost = ctx.cwd_lost or f"changed by cd {rest[0].raw}"
        return Effect(
            UNKNOWN, "cmd.cwd_change", _R_CD_DIFFERS.format(path=rest[0].raw, why=differs)
        )
    for loc in locs:
        if (loc.kind, loc.parts) not in ctx.cwds:
            ctx.cwds.append((loc.kind, loc.parts))
    return Effect(HARMLESS, "cmd.harmless", _H_CD.format(path=rest[0].raw))


def _h_date(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    spec = _Spec(
        short="uRI",
        short_valued="drf",
        long=_fs("utc universal rfc-email iso-8601 debug"),
        long_valued=_fs("date reference file iso-8601 rfc-3339"),
        reads=_fs("-r --reference -f --file"),
        positional="text",
    )
    plain = [w for w in args if not (w.literal and w.text.startswith("-I"))]
    scan = _scan(plain, spec)
    if scan.bad:
        return _unsafe(name, scan.bad)
    if any(not (w.literal and w.text.startswith("+")) for w in scan.positionals):
        return _unsafe(name, "an argument that is not +FORMAT would set the clock")
    return _run_spec(ctx, name, plain, spec)


def _h_find(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    no_value = {
        "-print", "-print0", "-ls", "-empty", "-true", "-false", "-prune", "-quit", "-readable",
        "-writable", "-executable", "-nouser", "-nogroup", "-depth", "-mount", "-xdev",
        "-noleaf", "-daystart", "-not", "-a", "-o", "-and", "-or", "!", "(", ")", ",",
        "-delete",
    }  # fmt: skip
    valued = {
        "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex",
        "-type", "-xtype", "-size", "-perm", "-user", "-group", "-uid", "-gid", "-links",
        "-inum", "-mtime", "-atime", "-ctime", "-mmin", "-amin", "-cmin", "-maxdepth",
        "-mindepth", "-regextype", "-used", "-fstype", "-printf", "-lname", "-ilname",
        "-newermt", "-newerat", "-newerct",
    }  # fmt: skip
    path_valued = {"-newer", "-anewer", "-cnewer", "-samefile"}
    write_valued = {"-fprint", "-fprint0", "-fls", "-fprintf"}
    exec_like = {"-exec", "-execdir", "-ok", "-okdir"}
    i = 0
    while i < len(args) and args[i].literal and args[i].text in ("-P",):
        i += 1
    if i < len(args) and args[i].literal and args[i].text in ("-H", "-L", "-D", "-O", "-follow"):
        return _unsafe(name, f"{args[i].text} is not allowed")
    starts: list[Word] = []
    while i < len(args):
        w = args[i]
        if w.may_be_option or (w.literal and w.text in ("(", "!", ")", ",")):
            break
        starts.append(w)
        i += 1
    if not starts:
        starts = [Word(".", ".")]
    parts: list[Effect | None] = []
    deletes = False
    while i < len(args):
        w = args[i]
        if not w.literal:
            return _unsafe(name, f"{w.raw} is only known at run time and could be a primary")
        t = w.text
        if t in no_value:
            deletes = deletes or t == "-delete"
            i += 1
        elif t in valued or t in path_valued or t in write_valued:
            if i + 1 >= len(args):
                return _unsafe(name, f"{t} needs a value")
            value = args[i + 1]
            if t in path_valued:
                parts.append(_read(ctx, value))
            elif t in write_valued:
                parts.append(_write(ctx, value, f"find {t}"))
            i += 2 if t != "-fprintf" else 3
        elif t in exec_like:
            end = i + 1
            while end < len(args) and not (args[end].literal and args[end].text in (";", "+")):
                end += 1
            inner_words = [
                Word("", "{}", dynamic=True) if "{}" in a.text else a for a in args[i + 1 : end]
            ]
            parts.append(_unsafe(name, f"{t} runs another program"))
            if not inner_words:
                return _unsafe(name, f"{t} without a command")
            inner = SimpleCommand(words=tuple(inner_words))
            parts.append(_classify_simple(ctx, inner, depth + 1))
            i = end + 1
        else:
            return _unsafe(name, f"the primary {t} is not allowed")
    for start in starts:
        if deletes:
            parts.append(_delete(ctx, start, "find -delete deletes under"))
        else:
            parts.append(_read(ctx, start, recursive=True))
    worst = _worst(parts)
    if worst is None or worst.level == HARMLESS:
        return Effect(HARMLESS, "cmd.harmless", "find only reads")
    return worst


def _h_git(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    i = 0
    repo_cwd: Word | None = None
    while i < len(args):
        w = args[i]
        if not w.literal:
            return _unsafe(name, f"{w.raw} is only known at run time")
        t = w.text
        if t in _GIT_GLOBAL_FLAGS:
            i += 1
        elif t == "-C" and i + 1 < len(args):
            repo_cwd = args[i + 1]
            i += 2
        elif t.startswith("-"):
            return _unsafe(name, f"the global option {t} is not allowed")
        else:
            break
    if i >= len(args):
        return Effect(HARMLESS, "cmd.harmless", "git without a subcommand prints its help")
    sub = args[i].text
    rest = args[i + 1 :]
    parts: list[Effect | None] = []
    sub_ctx = ctx
    if repo_cwd is not None:
        locs = ctx.locate(repo_cwd)
        bad = _read(ctx, repo_cwd)
        if bad is not None or any(
            loc.kind not in (paths.SANDBOX, paths.WORKSPACE) or loc.glob for loc in locs
        ):
            why = bad.reason if bad is not None else "not a directory inside"
            return _unsafe(name, f"-C {repo_cwd.raw}: {why}")
        sub_ctx = _Ctx(ctx.snapshot, (locs[0].kind, locs[0].parts))
        sub_ctx.cwds = [(loc.kind, loc.parts) for loc in locs]
    if sub in _GIT_READ_ONLY and any(ns == paths.SANDBOX for ns, _ in sub_ctx.cwds):
        snapshot = ctx.snapshot
        if _git_dirs(snapshot)[1] or any(
            ".git" in paths.split(p) for p in (*snapshot.sandbox_dirs, *snapshot.sandbox_files)
        ):
            return Effect(
                UNKNOWN,
                "git.not_read_only",
                "the sandbox holds a git repository whose configuration (pager, hooks, "
                "fsmonitor) earlier commands could have written",
            )
    if sub in _GIT_READ_ONLY:
        inside = _git_dir_around(sub_ctx)
        if inside:
            return Effect(
                UNKNOWN,
                "git.repository_dir",
                f"git would run inside {inside}, which looks like a git repository's own "
                "directory (HEAD, objects, refs): git would use it as the repository, with its "
                "config, which can name programs to run",
            )
    if sub not in _GIT_READ_ONLY:
        in_workspace = any(ns == paths.WORKSPACE for ns, _ in sub_ctx.cwds) or sub_ctx.cwd_lost
        if in_workspace:
            return Effect(
                DANGEROUS,
                "git.writes_repository",
                f"git {sub} is not a read-only subcommand; in the workspace it may change the "
                "repository (its .git is protected)",
            )
        return Effect(UNKNOWN, "git.not_read_only", _R_GIT_NOT_RO.format(sub=sub))
    options = _GIT_OPTIONS.get(sub)
    if options is not None:
        return _git_read_only(sub_ctx, name, sub, rest, options)
    end_of_options = False
    positionals: list[Word] = []
    flags: list[str] = []
    k = 0
    while k < len(rest):
        w = rest[k]
        if not w.literal:
            if not end_of_options and w.may_be_option:
                return _unsafe(name, f"{w.raw} is only known at run time")
            positionals.append(w)
            k += 1
            continue
        t = w.text
        if end_of_options or not t.startswith("-") or t == "-":
            positionals.append(w)
        elif t == "--":
            end_of_options = True
        else:
            if any(t == p or t.startswith(p) for p in _GIT_DENIED_PREFIXES):
                return _unsafe(name, f"the option {t} is not allowed")
            flags.append(t)
        k += 1
    if sub in ("branch", "tag"):
        listing = (
            any(f in ("--list", "-l") for f in flags)
            or (sub == "branch" and not positionals)
            or (sub == "tag" and not positionals and not flags)
        )
        for f in flags:
            base = f.split("=", 1)[0]
            if f not in _GIT_BRANCH_FLAGS and base not in _GIT_BRANCH_VALUED:
                return Effect(UNKNOWN, "git.not_read_only", _R_GIT_REFS.format(sub=sub, flag=f))
        if not listing:
            return Effect(UNKNOWN, "git.not_read_only", _R_GIT_CREATES.format(sub=sub))
        return Effect(HARMLESS, "cmd.harmless", _H_GIT_LISTS.format(sub=sub))
    if sub == "remote":
        if positionals or any(f not in ("-v", "--verbose") for f in flags):
            return Effect(UNKNOWN, "git.not_read_only", _R_GIT_REMOTE)
        return Effect(HARMLESS, "cmd.harmless", _H_GIT_REMOTE)
    for w in positionals:
        parts.append(_read(sub_ctx, w))
    worst = _worst(parts)
    if worst is None or worst.level == HARMLESS:
        return Effect(HARMLESS, "cmd.harmless", _H_GIT_READS.format(sub=sub))
    return worst


@functools.lru_cache(maxsize=32)
def _git_dirs(
    snapshot: StateSnapshot,
) -> tuple[frozenset[tuple[str, ...]], frozenset[tuple[str, ...]]]:
    """The workspace's and the sandbox's directories that look like a git directory by content
    (``HEAD`` plus ``objects/`` or ``refs/``: a bare repository, or a ``.git`` under any name), as
    folded path components. git run inside one uses it as the repository, config and all."""

    def find(files: Iterable[str], dirs: Iterable[str]) -> frozenset[tuple[str, ...]]:
        folded_dirs = {tuple(paths.fold(p) for p in paths.split(d)) for d in dirs}
        found = set()
        for f in files:
            parts = tuple(paths.fold(p) for p in paths.split(f))
            if parts and parts[-1] == "head":
                parent = parts[:-1]
                if any((*parent, marker) in folded_dirs for marker in _GIT_DIR_MARKERS):
                    found.add(parent)
        return frozenset(found)

    return (
        find(snapshot.workspace_files, snapshot.workspace_dirs),
        find(snapshot.sandbox_files, snapshot.sandbox_dirs),
    )


def _git_dir_around(ctx: _Ctx) -> str:
    """The label of a git directory one of ``ctx``'s working directories is in ("" if none):
    a ``.git`` component, or a directory that looks like one by content (``_git_dirs``)."""
    workspace, sandbox = _git_dirs(ctx.snapshot)
    for namespace, parts in ctx.cwds:
        found = workspace if namespace == paths.WORKSPACE else sandbox
        folded = tuple(paths.fold(p) for p in parts)
        for i in range(len(folded) + 1):
            if folded[:i] in found or (i and folded[i - 1] in paths.ALWAYS_PROTECTED_COMPONENTS):
                return f"{namespace}:{paths.join(parts[:i])}"
    return ""


def _git_read_only(
    ctx: _Ctx, name: str, sub: str, rest: Sequence[Word], options: _GitOptions
) -> Effect:
    """A read-only git subcommand's arguments against its option allow-list: every option must
    be listed, every file an option names is path-checked, every other argument is judged as a
    path (revisions such as ``HEAD~1`` stay inside by construction)."""
    parts: list[Effect | None] = []
    path_words: list[Word] = []

    def file_value(option: str, value: Word) -> None:
        if value.may_be_option and value.text.startswith("-"):
            parts.append(
                _unsafe(name, f"{sub} {option} is given {value.raw}, which looks like an option")
            )
        if option in _GIT_FILE_WRITES:
            parts.append(_write(ctx, value, f"git {sub} {option} writes"))
        else:
            parts.append(_read(ctx, value))
        if option in _GIT_FILE_WRITES or option in _GIT_FILE_READS_UNKNOWN:
            parts.append(_unsafe(name, f"{sub} {option} {value.raw} hands git a file to use"))

    end_of_options = False
    k = 0
    while k < len(rest):
        w = rest[k]
        k += 1
        t = w.text
        if end_of_options or not w.may_be_option or (w.literal and t == "-"):
            path_words.append(w)
            continue
        if not w.literal:
            return _unsafe(name, f"{w.raw} is only known at run time and could be an option")
        if t in ("--", "--end-of-options"):
            end_of_options = True
            continue
        if t.startswith("--"):
            option, eq, value = t.partition("=")
            key = option[2:]
            is_file = (
                key in options.long_reads
                or option in _GIT_FILE_WRITES
                or option in _GIT_FILE_READS_UNKNOWN
            )
            if key not in options.long and key not in options.long_reads:
                return _unsafe(name, f"the option {option} of git {sub} is not allowed")
            if is_file and eq:
                file_value(option, dataclasses.replace(w, text=value, raw=value))
            elif is_file and k < len(rest):
                file_value(option, rest[k])
                k += 1
            elif is_file:
                return _unsafe(name, f"the option {option} needs a file")
            continue
        if options.numeric and _ascii_digits(t[1:]):
            continue
        cluster = t[1:]
        for j, letter in enumerate(cluster):
            if letter in options.flags:
                continue
            if letter in options.valued:
                break
            if letter in options.reads:
                stuck = cluster[j + 1 :]
                if stuck:
                    file_value("-" + letter, dataclasses.replace(w, text=stuck, raw=stuck))
                elif k < len(rest):
                    file_value("-" + letter, rest[k])
                    k += 1
                else:
                    return _unsafe(name, f"the option -{letter} needs a file")
                break
            return _unsafe(name, f"the option -{letter} of git {sub} is not allowed")
    for word in path_words:
        parts.append(_read(ctx, word))
    worst = _worst(parts)
    if worst is None or worst.level == HARMLESS:
        return Effect(HARMLESS, "cmd.harmless", _H_GIT_READS.format(sub=sub))
    return worst


def _h_cp_mv(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    spec = _CP_SPEC if name == "cp" else _MV_SPEC
    scan = _scan(args, spec)
    if scan.bad and scan.bad_word is not None and name == "mv":
        return _delete(ctx, scan.bad_word, "mv moves away")
    if scan.bad:
        return _unsafe(name, scan.bad)
    target_dir = next((v for o, v in scan.values if o in ("-t", "--target-directory")), None)
    sources = list(scan.positionals)
    if target_dir is None:
        if len(sources) < 2:
            return _unsafe(name, "needs a source and a destination")
        target_dir = sources.pop()
    recursive = any(f in spec.recursive for f in scan.flags)
    parts: list[Effect | None] = [_write(ctx, target_dir, f"{name} writes to")]
    for source in sources:
        if name == "mv":
            parts.append(_delete(ctx, source, "mv moves away"))
        else:
            parts.append(_read(ctx, source, recursive=recursive))
            if recursive:
                for loc in ctx.locate(source):
                    index = ctx.links_for(loc.kind, False)
                    link = index.first_under(loc.parts, outside_only=False)
                    if loc.kind in (paths.SANDBOX, paths.WORKSPACE) and link:
                        parts.append(Effect(UNKNOWN, "link.create", _R_CP_LINK.format(link=link)))
    worst = _worst(parts)
    assert worst is not None
    return worst


def _h_ln(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    scan = _scan(args, _LN_SPEC)
    if scan.bad:
        return _unsafe(name, scan.bad)
    positionals = list(scan.positionals)
    target_dir = next((v for o, v in scan.values if o in ("-t", "--target-directory")), None)
    if target_dir is None and len(positionals) >= 2:
        target_dir = positionals.pop()
    parts: list[Effect | None] = [Effect(UNKNOWN, "link.create", _R_LINK_SANDBOX)]
    if target_dir is not None:
        parts.append(_write(ctx, target_dir, "ln creates"))
    for source in positionals:
        if _read(ctx, source) is not None:
            parts.append(Effect(DANGEROUS, "link.create", _R_LN_OUTSIDE.format(source=source.raw)))
    worst = _worst(parts)
    assert worst is not None
    return worst


def _h_chmod(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    words = list(args)
    mode_word: Word | None = None
    if name == "chmod":
        for k, w in enumerate(words):
            if (
                w.literal
                and len(w.text) > 1
                and w.text[0] == "-"
                and set(w.text[1:]) <= set("rwxXst")
            ):
                mode_word = words.pop(k)
                break
    scan = _scan(words, _CHMOD_SPEC)
    if scan.bad:
        return _unsafe(name, scan.bad)
    targets = list(scan.positionals)
    has_reference = any(o == "--reference" for o, _ in scan.values)
    if mode_word is None and not has_reference:
        if not targets:
            return _unsafe(name, "no mode")
        targets.pop(0)
    if not targets:
        return _unsafe(name, "no file named")
    parts: list[Effect | None] = [_read(ctx, v) for o, v in scan.values if o == "--reference"]
    for target in targets:
        effect = _write(ctx, target, f"{name} changes")
        if effect.rule == "write.outside_sandbox":
            effect = Effect(DANGEROUS, "perm.outside_sandbox", effect.reason)
        parts.append(effect)
    worst = _worst(parts)
    assert worst is not None
    return worst


def _h_dd(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    parts: list[Effect | None] = []
    for w in args:
        if not w.literal or "=" not in w.text:
            return _unsafe(name, f"the operand {w.raw} is not understood")
        key, value = w.text.split("=", 1)
        operand = dataclasses.replace(w, text=value, raw=value)
        if key == "if":
            parts.append(_read(ctx, operand))
        elif key == "of":
            parts.append(_write(ctx, operand, "dd writes"))
        elif key not in (
            "bs",
            "ibs",
            "obs",
            "cbs",
            "count",
            "skip",
            "seek",
            "conv",
            "status",
            "iflag",
            "oflag",
        ):
            return _unsafe(name, f"the operand {key}= is not understood")
    worst = _worst(parts)
    return worst or Effect(HARMLESS, "cmd.harmless", "dd copies stdin to stdout")


def _h_rm(ctx: _Ctx, name: str, args: list[Word], depth: int) -> Effect:
    if any(w.literal and w.text == "--no-preserve-root" for w in args):
        return Effect(REFUSED, "delete.catastrophic", "rm --no-preserve-root")
    return _run_spec(ctx, name, args, SPECS[name])


_HANDLERS: dict[str, Callable[[_Ctx, str, list[Word], int], Effect]] = {
    "echo": _h_echo,
    "true": _h_echo,
    "false": _h_echo,
    ":": _h_echo,
    "printf": _h_printf,
    "cd": _h_cd,
    "date": _h_date,
    "find": _h_find,
    "git": _h_git,
    "cp": _h_cp_mv,
    "mv": _h_cp_mv,
    "ln": _h_ln,
    "chmod": _h_chmod,
    "chown": _h_chmod,
    "chgrp": _h_chmod,
    "dd": _h_dd,
    "rm": _h_rm,
    "egrep": lambda ctx, name, args, depth: _run_spec(ctx, name, args, SPECS["grep"]),
    "fgrep": lambda ctx, name, args, depth: _run_spec(ctx, name, args, SPECS["grep"]),
}


# -- mkdir of existing directories (the validator's NO_OP) -----------------------------------------


def existing_directories(
    command: str, *, cwd_target: str, snapshot: StateSnapshot
) -> tuple[str, ...]:
    """When ``command`` is exactly ``mkdir [-p] [-v] DIR...`` and every DIR already exists as a
    directory in the cwd's namespace, their targets; otherwise ``()``."""
    cwd = paths.parse_target(cwd_target or "sandbox:.")
    parsed = shell.parse(command) if isinstance(command, str) else None
    if cwd is None or parsed is None or not parsed.ok or len(parsed.commands) != 1:
        return ()
    cmd = parsed.commands[0]
    if cmd.assignments or cmd.redirections or cmd.control or not cmd.words:
        return ()
    if not cmd.words[0].literal or cmd.words[0].text != "mkdir":
        return ()
    scan = _scan(cmd.words[1:], _Spec(short="pv", long=_fs("parents verbose")))
    if scan.bad or not scan.positionals or not all(w.literal for w in scan.positionals):
        return ()
    ctx = _Ctx(snapshot, cwd)
    found: list[str] = []
    for word in scan.positionals:
        locs = ctx.locate(word)
        if len(locs) != 1 or locs[0].glob:
            return ()
        loc = locs[0]
        dirs = snapshot.sandbox_dirs if loc.kind == paths.SANDBOX else snapshot.workspace_dirs
        if loc.kind not in (paths.SANDBOX, paths.WORKSPACE):
            return ()
        if loc.parts and loc.rel not in dirs:
            return ()
        found.append(loc.label)
    return tuple(found)


# -- install_package ------------------------------------------------------------------------------

_REQ_NAME = r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?"
_REQ_EXTRAS = r"\[\s*" + _REQ_NAME + r"(?:\s*,\s*" + _REQ_NAME + r")*\s*\]"
_REQ_VERSION = r"(?:===|==|!=|~=|<=|>=|<|>)\s*[A-Za-z0-9.*+!_-]+"
_REQUIREMENT = re.compile(
    rf"({_REQ_NAME})\s*({_REQ_EXTRAS})?\s*({_REQ_VERSION}(?:\s*,\s*{_REQ_VERSION})*)?"
)


def parse_requirement(name: object) -> tuple[str, str, str]:
    """``(normalised requirement, rule, message)``: the requirement on success (rule ""), or the
    rule that rejects it: a URL, a path, an option, a VCS reference, markers, anything else."""
    if not isinstance(name, str) or not name.strip():
        return "", "package.empty", _PKG_EMPTY
    text = name.strip()
    if any(ord(c) < 32 for c in text):
        return "", "package.malformed", _PKG_CONTROL
    if text.startswith("-"):
        return "", "package.option", _PKG_OPTION.format(text=text)
    lowered = text.lower()
    if "://" in text or lowered.startswith(("git+", "hg+", "svn+", "bzr+")) or "@" in text:
        return "", "package.url", _PKG_URL.format(text=text)
    if (
        "/" in text
        or "\\" in text
        or text.startswith((".", "~"))
        or lowered.endswith((".whl", ".tar.gz", ".zip", ".tgz"))
    ):
        return "", "package.path", _PKG_PATH.format(text=text)
    match = _REQUIREMENT.fullmatch(text)
    if match is None:
        return (
            "",
            "package.malformed",
            _PKG_MALFORMED.format(text=text),
        )
    base = re.sub(r"[-_.]+", "-", match.group(1)).lower()
    extras = re.sub(r"\s+", "", match.group(2) or "").lower()
    version = re.sub(r"\s+", "", match.group(3) or "")
    return f"{base}{extras}{version}", "", ""


def classify_install(name: str, snapshot: StateSnapshot) -> Effect:
    """Installing runs the package's own code (build hooks, then whatever imports it): *unknown*
    at best, never harmless. Anything but a plain PyPI requirement is *refused*."""
    requirement, rule, message = parse_requirement(name)
    if rule:
        return Effect(REFUSED, "install.invalid", message)
    return Effect(
        UNKNOWN,
        "install.third_party_code",
        _R_INSTALL.format(requirement=requirement),
    )


# -- the gate ------------------------------------------------------------------------------------


def gate(
    tool: str,
    effect: Effect | None,
    *,
    gate_mode: str,
    unattended: bool,
    confined: bool = False,
    network: bool = False,
) -> str:
    """RUN, ASK or REFUSE for one validated action (see the module docstring).

    ``confined``: an operating-system sandbox will enforce the confinement
    (``domain.actions.confinement``); without one every command asks. ``network``: the action
    names a network program, which only a person can allow.
    """
    if tool in READ_TOOLS or tool in WRITE_TOOLS:
        return RUN
    level = effect.level if effect is not None and effect.level in _ORDER else UNKNOWN
    if tool not in EXEC_TOOLS and effect is None:
        level = UNKNOWN
    if level == REFUSED:
        return REFUSE
    decision = ASK  # confirm, an unknown mode, no sandbox, or an effect that needs permission
    # The sandbox makes the worst case of anything short of "dangerous" a write inside the turn's
    # sandbox, so the classifier's "unknown" (cannot prove it) no longer needs a yes.
    sandboxed_auto = gate_mode == "auto" and tool == "run_command" and confined and not network
    if sandboxed_auto and level in (HARMLESS, CONTAINED, UNKNOWN):
        decision = RUN
    if decision == ASK and unattended:
        return REFUSE
    return decision

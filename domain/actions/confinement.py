"""What an operating-system sandbox lets a command touch: the ``Confinement`` of one action.

Why it exists: the classifier (``domain.actions.effects``) *advises* — it decides what to ask and
it is what operators read — but a lexer that re-implements a shell will keep losing to inputs
nobody thought of. Containment is therefore enforced by the operating system (bubblewrap on
Linux, see ``infrastructure.tools.confinement``), and this module decides, purely, *how tight*
that enforcement is for one action, so the gate, the permission prompt, the tool card and the
``action_verdict`` record all name the same thing.

The confinements, from tightest to widest::

    read-only         the system, the workspace and the sandbox are read-only; /tmp is private
    sandbox-write     as read-only, but the turn's sandbox is writable
    workspace-write   as sandbox-write, and the workspace too (protected paths stay read-only)
    environment-write as sandbox-write, and the workspace's Python environment (install_package)
    + network         only when the person allowed this exact action and it names a network tool

On every one of them the user's home is hidden (but for the workspace), ``/proc`` is the
sandbox's own, and the process dies with Parley. ``mechanism`` is ``"none"`` when no sandbox is
available: nothing is enforced, and :func:`domain.actions.effects.gate` then asks before every
command.

Invariants it keeps:

- pure and deterministic: a function of (tool, command, effect, decision, mechanism) only;
- nothing the model writes can widen a confinement: automatic runs are never given the network
  or the workspace; only a person's yes does, and the prompt showed them what it would allow;
- an automatic run of a *harmless* command is read-only, of anything else sandbox-write.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from parley.domain.actions import shell
from parley.domain.actions.model import HARMLESS
from parley.domain.texts import QT_TRANSLATE_NOOP

#: The sandbox mechanisms Parley knows; ``NONE`` means nothing is enforced.
BUBBLEWRAP = "bubblewrap"
NONE = "none"

READ_ONLY = "read-only"
SANDBOX_WRITE = "sandbox-write"
WORKSPACE_WRITE = "workspace-write"
ENVIRONMENT_WRITE = "environment-write"
WRITES = (READ_ONLY, SANDBOX_WRITE, WORKSPACE_WRITE, ENVIRONMENT_WRITE)

#: Programs whose purpose is the network: a command naming one needs a person's yes, which gives
#: it network access (an automatic run never has any).
NETWORK_PROGRAMS = frozenset(
    {"curl", "wget", "fetch", "aria2c", "axel", "http", "https", "httpie", "lwp-download",
     "lwp-request", "nc", "ncat", "netcat", "socat", "ftp", "tftp", "scp", "sftp", "ssh",
     "rsync", "telnet", "openssl", "ping", "dig", "nslookup", "host", "pip", "pip3", "uv",
     "pipx", "poetry", "npm", "npx", "pnpm", "yarn", "bun", "cargo", "go", "gem", "bundle",
     "composer", "apt", "apt-get", "brew", "conda", "mamba", "docker", "podman", "gh",
     "huggingface-cli"}
)  # fmt: skip
#: git subcommands that talk to a remote.
GIT_NETWORK = frozenset({"clone", "fetch", "pull", "push", "ls-remote", "submodule", "archive"})
#: ``git remote`` only talks to a remote with these (``git remote -v`` does not).
GIT_REMOTE_NETWORK = frozenset({"update", "show", "prune", "set-head"})
_PIP_LIKE = re.compile(r"pip[0-9.]*")


# The sentence the permission prompt and the tool card show, marked for the window's language.
_NOT_SANDBOXED = QT_TRANSLATE_NOOP(
    "Confinement",
    "Not sandboxed: no sandbox is available on this system, so the command runs with"
    " your permissions and can reach anything you can.",
)
_SANDBOXED = QT_TRANSLATE_NOOP(
    "Confinement", "Sandboxed ({mechanism}): {reach}, {net}; your home folder is hidden."
)
_NOT_SANDBOXED_LABEL = QT_TRANSLATE_NOOP("Confinement", "not sandboxed")
_WITH_NETWORK = QT_TRANSLATE_NOOP("Confinement", "with network access")
_WITHOUT_NETWORK = QT_TRANSLATE_NOOP("Confinement", "without network access")
_REACH = {
    READ_ONLY: QT_TRANSLATE_NOOP("Confinement", "can read the workspace but change nothing"),
    SANDBOX_WRITE: QT_TRANSLATE_NOOP("Confinement", "can write only in this turn's sandbox folder"),
    WORKSPACE_WRITE: QT_TRANSLATE_NOOP(
        "Confinement", "can change files in the workspace (not .git/hooks or .git/config)"
    ),
    ENVIRONMENT_WRITE: QT_TRANSLATE_NOOP(
        "Confinement", "can write only the workspace's Python environment"
    ),
}


@dataclass(frozen=True)
class Confinement:
    """How one action is confined (see the module docstring)."""

    mechanism: str
    writes: str
    network: bool
    #: Workspace-relative names the sandbox masks with an empty file: hard links whose other
    #: names lie outside the workspace (to the kernel a hard link is workspace content, so only
    #: hiding the name keeps, say, a link to ``~/.ssh/id_rsa`` from being read or appended to).
    hidden: tuple[str, ...] = ()

    @property
    def enforced(self) -> bool:
        return self.mechanism != NONE

    def label(self) -> str:
        """Compact, stable: ``bubblewrap, sandbox-write, no network`` / ``not sandboxed``."""
        if not self.enforced:
            return _NOT_SANDBOXED_LABEL
        return f"{self.mechanism}, {self.writes}, {'network' if self.network else 'no network'}"

    def describe(self) -> str:
        """One sentence for the permission prompt and the tool card."""
        if not self.enforced:
            return _NOT_SANDBOXED
        reach = _REACH[self.writes]
        net = _WITH_NETWORK if self.network else _WITHOUT_NETWORK
        return _SANDBOXED.format(mechanism=self.mechanism, reach=reach, net=net)

    def as_record(self) -> Mapping[str, object]:
        record: dict[str, object] = {
            "mechanism": self.mechanism,
            "writes": self.writes,
            "network": self.network,
        }
        if self.hidden:
            record["hidden"] = list(self.hidden)
        return record


UNCONFINED = Confinement(NONE, WORKSPACE_WRITE, True)


def needs_network(tool: str, command: str) -> bool:
    """Whether the action runs a program (or a git subcommand) whose purpose is the network.

    Judged on the programs the line would start, wrappers unwrapped (``env``, ``xargs``,
    ``timeout``, ``bash -c`` …). It can only make an action *ask* (and, once allowed, get the
    network); it never lowers an effect. A line the splitter cannot model is judged on its
    blank-separated tokens, so a ``curl`` hidden in a loop still counts.
    """
    if tool == "install_package":
        return True
    if tool != "run_command":
        return False
    parsed = shell.parse(command)
    if not parsed.ok:
        tokens = re.split(r"[\s;&|()<>`$\"'{}]+", command)
        return any(_network_name(t.rsplit("/", 1)[-1]) for t in tokens) or (
            "git" in tokens and any(t in GIT_NETWORK | GIT_REMOTE_NETWORK for t in tokens)
        )
    return any(_simple_needs_network(simple, 0) for simple in parsed.commands)


def _network_name(name: str) -> bool:
    return name in NETWORK_PROGRAMS or bool(_PIP_LIKE.fullmatch(name))


def _simple_needs_network(cmd: shell.SimpleCommand, depth: int) -> bool:
    if not cmd.words or depth > shell.MAX_DEPTH:
        return depth > shell.MAX_DEPTH
    name = shell.basename(cmd.words[0])
    if _network_name(name):
        return True
    if name == "git":
        texts = [w.text for w in cmd.words[1:]]
        if any(t in GIT_NETWORK for t in texts):
            return True
        return "remote" in texts and any(t in GIT_REMOTE_NETWORK for t in texts)
    inner = shell.unwrap(cmd)
    if inner is None:
        return False
    if inner.command is not None:
        return _simple_needs_network(inner.command, depth + 1)
    if inner.script is not None:
        return any(_simple_needs_network(c, depth + 1) for c in inner.script.commands) or (
            not inner.script.ok
        )
    return False


def confinement_for(
    tool: str,
    command: str,
    effect_level: str,
    *,
    asked: bool,
    mechanism: str,
    hidden: tuple[str, ...] = (),
) -> Confinement:
    """The confinement one allowed action runs under (see the module docstring).

    ``asked``: a person allowed it (after a prompt, or by an allowance for the conversation);
    otherwise the gate ran it on its own. ``hidden``: see :attr:`Confinement.hidden`
    (:func:`names_to_hide` gives them from the snapshot).
    """
    if mechanism == NONE or not mechanism:
        return UNCONFINED
    hidden = tuple(sorted(set(hidden)))
    if tool == "install_package":
        return Confinement(mechanism, ENVIRONMENT_WRITE, True, hidden)
    if asked:
        return Confinement(mechanism, WORKSPACE_WRITE, needs_network(tool, command), hidden)
    if effect_level == HARMLESS:
        return Confinement(mechanism, READ_ONLY, False, hidden)
    return Confinement(mechanism, SANDBOX_WRITE, False, hidden)


def names_to_hide(links: Mapping[str, str | None]) -> tuple[str, ...]:
    """The workspace names that lead outside it (``StateSnapshot.links`` mapped to ``None``).

    Symlinks among them need no mask (their targets are not in the sandbox); the executor masks
    only those that are regular files, i.e. hard links."""
    return tuple(sorted(name for name, target in links.items() if target is None))

"""The capabilities a tool turn needs from the world: look, act, and ask.

Why it exists: the runtime decides (validator, classifier, gate — pure, in ``domain.actions``);
infrastructure looks at the filesystem and executes; the UI or the terminal asks the user. These
ports keep each side to its job, and let the runtime be tested with real executors in a temporary
workspace.

Invariants it keeps:

- ``WorkspaceInspector.snapshot`` is the only place symlinks are resolved and binaries are looked
  up; it is called once per turn;
- ``ToolExecutor.execute`` runs exactly one action that already passed the validator and the gate,
  using the verdict's normalised ``target`` (never the model's raw path);
- ``PermissionAsker.ask`` is called on the runtime's worker thread and blocks until the user
  answers; a cancel, a timeout or a closed window is ``DENY``.

Errors: an executor reports failure in its ``ToolOutcome`` (``success=False`` with a message the
model can read); it raises only for a bug, which the runtime records as a failed tool result.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from parley.domain.actions.confinement import Confinement
from parley.domain.actions.model import Effect, ProposedAction, StateSnapshot, Verdict

ALLOW_ONCE = "allow_once"
ALLOW_SESSION = "allow_session"  # this exact command, for the rest of this conversation
ALLOW_ALWAYS = "allow_always"  # an MCP tool only: stored as ``run`` in the server's policies
DENY = "deny"


@dataclass(frozen=True)
class ToolContext:
    """Where and how a turn's tools run."""

    workspace: Path
    sandbox: Path
    session_id: str
    command_timeout_s: float = 60.0
    output_cap_bytes: int = 64 * 1024
    read_cap_bytes: int = 256 * 1024
    venv_dir: Path | None = None


@dataclass(frozen=True)
class ToolOutcome:
    """What a tool did: the text the model receives, and whether it worked. ``created`` lists
    sandbox-relative paths written (with their sha256) so the turn's snapshot can grow."""

    result: str
    success: bool
    created: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class PermissionRequest:
    """What the user is asked to allow: the exact action, its effect and the rule behind it."""

    session_id: str
    call_id: str
    tool: str
    summary: str
    effect: Effect
    #: How the action would run if allowed (shown in the prompt); ``None`` for a tool that is
    #: not a process.
    confinement: Confinement | None = None
    #: For a Model Context Protocol tool (else ""/empty): the server, the tool's own name, its
    #: arguments as pretty JSON, and what the server *claims* about it ("read-only", …).
    mcp_server: str = ""
    mcp_tool: str = ""
    arguments_json: str = ""
    claims: tuple[str, ...] = ()

    @property
    def is_mcp(self) -> bool:
        """True for an MCP tool's call: the prompt offers "Always allow this tool" too."""
        return bool(self.mcp_server)


class WorkspaceInspector(Protocol):
    def snapshot(
        self,
        *,
        workspace: Path,
        sandbox: Path,
        advertised_tools: tuple[str, ...],
        gate_mode: str,
        unattended: bool,
    ) -> StateSnapshot:
        """The closed snapshot for one turn (resolves symlinks and trusted binaries)."""
        ...


class ToolExecutor(Protocol):
    def execute(
        self,
        action: ProposedAction,
        verdict: Verdict,
        context: ToolContext,
        confinement: Confinement | None = None,
    ) -> ToolOutcome:
        """Run one validated, allowed action; a process runs under ``confinement`` (``None``:
        sandbox-write without network when a sandbox is available). An executor that cannot
        enforce an enforced confinement refuses the action rather than run it unconfined."""
        ...

    def promote(self, context: ToolContext, destination: Path) -> list[Path]:
        """Copy the sandbox's files into ``destination`` (on successful completion)."""
        ...


class PermissionAsker(Protocol):
    def ask(self, request: PermissionRequest, cancel: threading.Event) -> str:
        """``ALLOW_ONCE``, ``ALLOW_SESSION`` or ``DENY`` (and, for an MCP tool's request,
        ``ALLOW_ALWAYS``); blocks the calling (worker) thread."""
        ...


@dataclass(frozen=True)
class SandboxStatus:
    """Whether commands run in an operating-system sandbox here: ``mechanism`` ("bubblewrap"),
    or ``""`` with ``reason`` saying why not; ``missing_package`` names the system package that
    would provide one when it is simply not installed ("" otherwise)."""

    mechanism: str
    reason: str = ""
    missing_package: str = ""

    @property
    def available(self) -> bool:
        return bool(self.mechanism)


class CommandSandbox(Protocol):
    """The operating-system sandbox commands run in, as the surfaces report it."""

    def status(self) -> SandboxStatus:
        """Whether it is there, and why not. The first call may probe (start a process): call
        it off the UI thread; later calls reuse the answer."""
        ...

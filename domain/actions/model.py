"""What an action, a snapshot of the world, a verdict and an effect ARE.

Why it exists: every tool call the model proposes passes a gate before it runs. The gate's inputs
and outputs are plain frozen values defined here, so the validator (``domain.actions.validator``)
and the effect classifier (``domain.actions.effects``) can be pure functions: the same input
always gives the identical verdict, with no I/O and no model call.

Invariants it keeps:

- everything is frozen; mappings are read-only and collections are tuples or frozensets;
- a ``StateSnapshot`` is closed: it is built once per turn (by infrastructure, which resolves
  symlinks on the real filesystem) and only ever *grows* by what the turn itself creates
  (``with_created``), which returns a new snapshot;
- paths inside a snapshot are workspace- or sandbox-relative POSIX strings, already normalised and
  resolved when the snapshot was built; the validator never touches a filesystem.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from parley.domain.transcript.canonical import freeze

# -- verdicts of the validator ------------------------------------------------------------------

PASS = "pass"
"""The action is valid: it may go on to the effect classifier and the gate."""

NO_OP = "no_op"
"""The action is already satisfied (identical content, existing directory): skip it, say why."""

REJECT_RETRY = "reject_retry"
"""A hard-invalid referent the model can fix: send the feedback back, let it try again."""

DECISIONS = (PASS, NO_OP, REJECT_RETRY)

# -- effects of the classifier, from least to most concerning -----------------------------------

HARMLESS = "harmless"  # read-only, trusted binary, safe arguments
CONTAINED = "contained"  # writes only inside the turn's sandbox
UNKNOWN = "unknown"  # cannot tell: treated as needing permission
DANGEROUS = "dangerous"  # deletes outside the sandbox, escalation, download-and-run, …
REFUSED = "refused"  # never runs, whatever the gate mode

EFFECTS = (HARMLESS, CONTAINED, UNKNOWN, DANGEROUS, REFUSED)

# -- what the gate does -------------------------------------------------------------------------

RUN = "run"
ASK = "ask"
REFUSE = "refuse"

#: The built-in tools. Read-only ones work inside the workspace; ``write_file`` writes into the
#: turn's sandbox; ``run_command`` and ``install_package`` are classified and gated.
READ_TOOLS = ("read_file", "list_dir", "search_files")
WRITE_TOOLS = ("write_file",)
EXEC_TOOLS = ("run_command", "install_package")
BUILTIN_TOOLS = READ_TOOLS + WRITE_TOOLS + EXEC_TOOLS


@dataclass(frozen=True)
class ProposedAction:
    """One tool call as the model proposed it. ``arguments_error`` is set (and ``arguments`` is
    empty) when the model's arguments were not a JSON object."""

    call_id: str
    tool: str
    arguments: Mapping[str, Any] = field(default_factory=dict, hash=False)
    arguments_error: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "arguments", freeze(dict(self.arguments)))


@dataclass(frozen=True)
class StateSnapshot:
    """The world as the gate sees it for one turn (see the module docstring).

    ``workspace_files`` / ``workspace_dirs``: workspace-relative paths that exist (regular files and
    directories reached without leaving the workspace). ``links``: every symlink (and hard-link
    alias the builder could detect) under the workspace, mapped to its resolved workspace-relative
    target, or ``None`` when it resolves (or would resolve, once created) outside the workspace.
    ``sandbox_files``: sandbox-relative path -> sha256 of the content already there (the turn's own
    writes and what was promoted before). ``protected``: workspace-relative prefixes no action may
    write to (``.git/hooks``, Parley's own data and config when they sit inside the workspace).
    ``sandbox_links``: like ``links``, for the sandbox (sandbox-relative keys and targets; ``None``
    when a link leads outside the sandbox). A command an earlier turn ran may have left a symlink
    there; the builder lists it so a later path through it is judged by where it leads.
    """

    workspace_root: str
    sandbox_root: str
    workspace_files: frozenset[str] = frozenset()
    workspace_dirs: frozenset[str] = frozenset()
    links: Mapping[str, str | None] = field(default_factory=dict, hash=False)
    sandbox_files: Mapping[str, str] = field(default_factory=dict, hash=False)
    sandbox_dirs: frozenset[str] = frozenset()
    protected: tuple[str, ...] = ()
    advertised_tools: tuple[str, ...] = ()
    gate_mode: str = "auto"
    unattended: bool = False
    #: Bare command names the builder resolved, with the minimal PATH tools run under, to an
    #: executable inside a trusted system directory: name -> absolute path. A name missing here
    #: (or given as ``./cat``, ``/tmp/x/cat``) is never trusted.
    trusted_commands: Mapping[str, str] = field(default_factory=dict, hash=False)
    #: Paths created by this turn (sandbox-relative), in order; only ever grows.
    created: tuple[str, ...] = ()
    sandbox_links: Mapping[str, str | None] = field(default_factory=dict, hash=False)
    #: The operating-system sandbox commands will run in (``"bubblewrap"``), or ``""`` when none
    #: is available on this machine: then every command asks (``domain.actions.confinement``).
    confinement: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "links", MappingProxyType(dict(self.links)))
        object.__setattr__(self, "trusted_commands", MappingProxyType(dict(self.trusted_commands)))
        object.__setattr__(self, "sandbox_files", MappingProxyType(dict(self.sandbox_files)))
        object.__setattr__(self, "sandbox_links", MappingProxyType(dict(self.sandbox_links)))
        object.__setattr__(self, "workspace_files", frozenset(self.workspace_files))
        object.__setattr__(self, "workspace_dirs", frozenset(self.workspace_dirs))
        object.__setattr__(self, "sandbox_dirs", frozenset(self.sandbox_dirs))
        object.__setattr__(self, "protected", tuple(self.protected))
        object.__setattr__(self, "advertised_tools", tuple(self.advertised_tools))
        object.__setattr__(self, "created", tuple(self.created))

    def with_created(self, path: str, sha256: str) -> StateSnapshot:
        """The snapshot after this turn wrote ``path`` (sandbox-relative) with that content."""
        files = dict(self.sandbox_files)
        files[path] = sha256
        parts = path.split("/")[:-1]
        dirs = set(self.sandbox_dirs)
        dirs.update("/".join(parts[: i + 1]) for i in range(len(parts)))
        created = self.created if path in self.created else (*self.created, path)
        return dataclasses.replace(
            self, sandbox_files=files, sandbox_dirs=frozenset(dirs), created=created
        )

    def refreshed_by(self, fresh: StateSnapshot) -> StateSnapshot:
        """This turn's snapshot after the filesystem was looked at again (a command ran).

        What is on disk now comes from ``fresh`` (files, directories, links, protected paths,
        trusted commands); the turn's own history stays monotone: every path the turn created,
        and so told the model about, stays listed with its last known content, even if a command
        removed it since (reading it then fails plainly at execution, never silently elsewhere).
        """
        files = dict(fresh.sandbox_files)
        for path in self.created:
            if path not in files and path in self.sandbox_files:
                files[path] = self.sandbox_files[path]
        dirs = set(fresh.sandbox_dirs)
        for path in self.created:
            parts = path.split("/")[:-1]
            dirs.update("/".join(parts[: i + 1]) for i in range(len(parts)))
        created = self.created + tuple(p for p in fresh.created if p not in self.created)
        return dataclasses.replace(
            fresh,
            sandbox_files=files,
            sandbox_dirs=frozenset(dirs),
            created=created,
            advertised_tools=self.advertised_tools,
            gate_mode=self.gate_mode,
            unattended=self.unattended,
        )


@dataclass(frozen=True)
class Verdict:
    """The validator's decision about one action.

    ``rule`` names the rule that decided (stable, for the record and tests); ``reason`` is the
    deterministic, actionable feedback (for REJECT_RETRY it names the bad referent, the valid set
    or the nearest valid names, and what to do); ``target`` is the normalised referent (the
    resolved relative path, the package name) that execution must use.
    """

    call_id: str
    tool: str
    decision: str
    rule: str
    reason: str = ""
    target: str = ""


@dataclass(frozen=True)
class Effect:
    """What running a command would do, and the rule that says so."""

    level: str
    rule: str
    reason: str

"""The immutable snapshot of one turn.

Why it exists: at submit time the UI thread reads the composer, the model picker, the workspace
and the gate setting *once* and freezes them into a ``ConversationExecutionRequest`` (a schedule
builds one the same way when a task is due). From then on nothing reads a widget again, so changing
the model, the title or the workspace while an answer streams cannot touch the running turn.

The history is not in the request: the runtime renders every model call from the event log
(``application/conversations/render.py``), so there is one source of what the model saw. Every
field has a reader; the table in ADR-005 ("The request's fields, each with its job") lists who sets
and who reads each one.

Invariants it keeps:

- it is frozen, and so is everything it holds: lists handed in are copied into tuples, ``extras`` is
  copied into a read-only mapping;
- ``surface`` names what started the turn (``SURFACES``: the window, ``parley ask``, a schedule;
  ``cowork`` is what turns recorded before surfaces were named say); never blank;
- ``run_to_completion`` turns run under ``completion_max_steps`` instead of ``max_steps``
  (``effective_max_steps``): the runtime ends such a turn as failed, kind ``step_limit``, when
  the cap is reached before the model gave its final answer;
- ``allowed_tools`` keeps ``None`` ("every enabled tool") distinct from ``()`` ("no tool at all");
- ``mcp_servers`` names the MCP servers whose tools the turn may offer (names only: their
  configurations are application data the runtime reads when the turn starts), in order, once each;
- ``mcp_resources`` names the MCP resources attached to the turn like files (server and URI, each
  pair once, in order); the runtime reads them when the turn starts, as it reads files;
- ``retrieval_attachments`` is a subset of ``attachments`` (the ones to search, not send whole);
  ``context_threshold`` is a share of the window, 0.1-1.0;
- ``turn_id`` and ``session_id`` are never empty or blank;
- ``user_content`` is the one place that decides how the parts of the user message are joined.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

#: Joins the instruction prefix (from ``/skill`` and ``/agent``) to the rest of the user content.
INSTRUCTION_SEPARATOR = "\n\n---\n\n"

#: The gate modes a turn may run under: act without asking (the effect classifier may still ask),
#: or ask before every action.
GATE_MODES = ("auto", "confirm")

#: What started a turn, as ``turn_started.surface`` records it: the window, ``parley ask``, a
#: schedule (an unattended task). The sidebar's Scheduled section lists conversations started on
#: ``SURFACE_SCHEDULE`` (``application/conversations/surfaces.py``).
SURFACE_WINDOW = "window"
SURFACE_CLI = "cli"
SURFACE_SCHEDULE = "schedule"
SURFACES = (SURFACE_WINDOW, SURFACE_CLI, SURFACE_SCHEDULE)
#: The surface of a request that names none, and of every turn recorded before surfaces were named.
SURFACE_UNNAMED = "cowork"

_ROLES = ("system", "user", "assistant", "tool")


@dataclass(frozen=True)
class ChatMessage:
    """One message as the user saw it (role and plain text): what ``history_messages`` reads
    back from a log, e.g. to check an import."""

    role: str
    content: str

    def __post_init__(self) -> None:
        if self.role not in _ROLES:
            raise ValueError(f"unknown message role {self.role!r}; expected one of {_ROLES}")
        if not isinstance(self.content, str):
            raise ValueError("message content must be a string")


def compose_user_content(
    body: str, *, instruction_prefix: str = "", review_note: str = "", session_notes: str = ""
) -> str:
    """Join the parts of a user message, in this order: review note, blank line, instruction
    prefix, ``INSTRUCTION_SEPARATOR``, body, blank line, session notes.

    A part that is empty or blank is left out together with its joiner, so an empty body with
    session notes gives just the notes (no leading blank line). The turn runtime uses this both
    when a turn runs and when a past turn is rendered again from the event log, so the two agree.
    """
    content = body
    if session_notes.strip():
        content = f"{content}\n\n{session_notes}" if content else session_notes
    if instruction_prefix.strip():
        content = f"{instruction_prefix}{INSTRUCTION_SEPARATOR}{content}"
    if review_note.strip():
        content = f"{review_note}\n\n{content}"
    return content


def _require_id(name: str, value: object) -> None:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} must be a non-empty string, got {value!r}")


def _as_path(name: str, value: object) -> Path | None:
    if value is None:
        return None
    if isinstance(value, (str, Path)):
        if isinstance(value, str) and not value.strip():
            return None
        return Path(value)
    raise ValueError(f"{name} must be a path or a string, got {type(value).__name__}")


def _require_path(name: str, value: object) -> Path:
    path = _as_path(name, value)
    if path is None:
        # An empty attachment names no file; keeping it would put None among the paths.
        raise ValueError(f"{name} must be a non-empty path, got {value!r}")
    return path


@dataclass(frozen=True)
class McpResourceRef:
    """One resource of an MCP server attached to a turn: the server's name, the resource's URI
    (its identity on that server) and the name it is shown under ("": the URI's last part)."""

    server: str
    uri: str
    name: str = ""

    def __post_init__(self) -> None:
        for label in ("server", "uri"):
            value = getattr(self, label)
            if not isinstance(value, str) or not value.strip():
                raise ValueError(f"an MCP resource needs a {label}, got {value!r}")
            object.__setattr__(self, label, value.strip())
        if not isinstance(self.name, str):
            raise ValueError(f"an MCP resource's name must be a string, got {self.name!r}")
        object.__setattr__(self, "name", self.name.strip())

    @property
    def shown_name(self) -> str:
        """The name people read: the resource's own, else the URI's last non-empty part."""
        return self.name or uri_tail(self.uri)

    @classmethod
    def coerce(cls, value: McpResourceRef | Mapping[str, Any] | tuple[str, ...]) -> McpResourceRef:
        """Accept a ``McpResourceRef``, a ``{"server", "uri", "name"}`` mapping or a
        ``(server, uri)`` / ``(server, uri, name)`` tuple."""
        if isinstance(value, McpResourceRef):
            return value
        if isinstance(value, Mapping):
            unknown = set(value) - {"server", "uri", "name"}
            if unknown:
                raise ValueError(f"unknown MCP resource field(s): {', '.join(sorted(unknown))}")
            return cls(value.get("server", ""), value.get("uri", ""), value.get("name", ""))
        if isinstance(value, tuple) and len(value) in (2, 3):
            return cls(*value)
        raise ValueError(f"cannot read an MCP resource from {type(value).__name__}")


def uri_tail(uri: str) -> str:
    """The last non-empty part of a URI's path (``file:///a/b.md`` -> ``b.md``), else the URI."""
    path = uri.split("?", 1)[0].split("#", 1)[0]
    parts = [p for p in path.replace("\\", "/").split("/") if p and not p.endswith(":")]
    return parts[-1] if parts else uri


@dataclass(frozen=True)
class ConversationExecutionRequest:
    """Everything one turn needs, fixed at submit time. See the module docstring."""

    # identity
    turn_id: str
    session_id: str
    # what started the turn (SURFACES); recorded in turn_started, read by the Scheduled section
    surface: str = SURFACE_UNNAMED
    project_id: str | None = None
    title: str = ""
    # where the turn goes in the conversation's tree (domain.transcript.branches): the turn it
    # follows ("" = the start), or None = after the latest path (the runtime resolves it)
    follows_turn_id: str | None = None
    # what the user asked
    prompt: str = ""
    instruction_prefix: str = ""
    review_note: str = ""
    attachments: tuple[Path, ...] = ()
    # MCP resources attached like files (server and URI; duplicates dropped)
    mcp_resources: tuple[McpResourceRef, ...] = ()
    # which model ("" = the provider's default)
    provider_id: str = ""
    model: str = ""
    # standing instructions
    project_context: str = ""
    session_notes: str = ""
    # scope and limits
    allowed_tools: tuple[str, ...] | None = None
    # the MCP servers enabled for this turn, by name ("" names nothing; duplicates dropped)
    mcp_servers: tuple[str, ...] = ()
    max_steps: int = 30
    # a task that runs to completion goes on through tool steps up to completion_max_steps
    # (effective_max_steps); reaching it first fails the turn with error_kind "step_limit"
    completion_max_steps: int = 200
    run_to_completion: bool = False
    gate_mode: str = "auto"
    agent_role: str = ""
    # files: the workspace the tools act in, and where a completed turn's files are promoted
    # (None: <workspace>/parley-output). The per-turn sandbox is not the request's to choose: the
    # composition root places it under the data folder (writes there run without asking).
    workspace: Path | None = None
    home_output_root: Path | None = None
    # unattended runs
    unattended: bool = False
    timeout_sec: float | None = None
    # context (issue 18): the share of the window at which earlier turns are summarised, and
    # the model that writes the summary ("" = the turn's own provider / model)
    context_threshold: float = 0.8
    compaction_provider_id: str = ""
    compaction_model: str = ""
    # knowledge: attachments the user chose to have searched rather than sent whole (each also
    # in ``attachments``), and the knowledge collections (a project's folder) searched each turn
    retrieval_attachments: tuple[Path, ...] = ()
    knowledge_collections: tuple[str, ...] = ()
    # the collections were still being indexed when the turn was sent (its retrieval says so)
    knowledge_incomplete: bool = False
    # how many excerpts a turn is given at most (Settings → Context & knowledge)
    retrieval_limit: int = 8
    extras: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        _require_id("turn_id", self.turn_id)
        _require_id("session_id", self.session_id)
        if not isinstance(self.surface, str) or not self.surface.strip():
            raise ValueError(f"surface must name what started the turn, got {self.surface!r}")
        if self.follows_turn_id is not None and not isinstance(self.follows_turn_id, str):
            raise ValueError("follows_turn_id must be a turn id, '' (the start) or None")
        if self.gate_mode not in GATE_MODES:
            raise ValueError(f"gate_mode must be one of {GATE_MODES}, got {self.gate_mode!r}")
        for name in ("max_steps", "completion_max_steps", "retrieval_limit"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a positive integer, got {value!r}")
        if self.timeout_sec is not None and (
            isinstance(self.timeout_sec, bool)
            or not isinstance(self.timeout_sec, (int, float))
            or not self.timeout_sec > 0
        ):
            raise ValueError(f"timeout_sec must be positive or None, got {self.timeout_sec!r}")
        if isinstance(self.allowed_tools, str):
            # A bare string would silently become a tuple of characters.
            raise ValueError("allowed_tools must be a sequence of tool names or None, not a string")
        if isinstance(self.mcp_servers, str):
            raise ValueError("mcp_servers must be a sequence of server names, not a string")
        if isinstance(self.mcp_resources, (str, McpResourceRef)):
            raise ValueError("mcp_resources must be a sequence of MCP resources")
        if (
            isinstance(self.context_threshold, bool)
            or not isinstance(self.context_threshold, (int, float))
            or not 0.1 <= self.context_threshold <= 1.0
        ):
            raise ValueError(
                f"context_threshold must be a share of the window, 0.1-1.0, got "
                f"{self.context_threshold!r}"
            )
        if isinstance(self.knowledge_collections, str):
            raise ValueError("knowledge_collections must be a sequence of names, not a string")

        # frozen=True forbids normal assignment; object.__setattr__ is the sanctioned way to
        # normalise fields while the instance is being built.
        set_ = object.__setattr__
        attachments = tuple(_require_path("attachment", a) for a in _iter(self.attachments))
        set_(self, "attachments", attachments)
        chosen = tuple(_require_path("attachment", a) for a in _iter(self.retrieval_attachments))
        strangers = [str(p) for p in chosen if p not in attachments]
        if strangers:
            raise ValueError(f"retrieval_attachments must be attachments too: {strangers}")
        set_(self, "retrieval_attachments", tuple(dict.fromkeys(chosen)))
        names = (str(name).strip() for name in _iter(self.knowledge_collections))
        set_(self, "knowledge_collections", tuple(dict.fromkeys(n for n in names if n)))
        set_(self, "surface", self.surface.strip())
        # One per (server, URI): the same resource attached twice is read and sent once.
        refs: dict[tuple[str, str], McpResourceRef] = {}
        for raw in _iter(self.mcp_resources):
            ref = McpResourceRef.coerce(raw)
            refs.setdefault((ref.server, ref.uri), ref)
        set_(self, "mcp_resources", tuple(refs.values()))
        if self.allowed_tools is not None:
            set_(self, "allowed_tools", tuple(str(t) for t in self.allowed_tools))
        servers = (str(name).strip() for name in _iter(self.mcp_servers))
        set_(self, "mcp_servers", tuple(dict.fromkeys(n for n in servers if n)))
        set_(self, "workspace", _as_path("workspace", self.workspace))
        set_(self, "home_output_root", _as_path("home_output_root", self.home_output_root))
        if not isinstance(self.extras, Mapping):
            raise ValueError("extras must be a mapping")
        set_(self, "extras", MappingProxyType(dict(self.extras)))

    # -- derived facts -------------------------------------------------------------------------

    @property
    def effective_max_steps(self) -> int:
        """The step cap this turn runs under: the completion ceiling when running to completion."""
        return self.completion_max_steps if self.run_to_completion else self.max_steps

    def user_content(self, body: str) -> str:
        """The exact user message the model receives for ``body`` (see ``compose_user_content``)."""
        return compose_user_content(
            body,
            instruction_prefix=self.instruction_prefix,
            review_note=self.review_note,
            session_notes=self.session_notes,
        )


def _iter(value: Iterable[Any] | None) -> Iterable[Any]:
    if value is None:
        return ()
    if isinstance(value, (str, bytes)):
        raise ValueError("expected a sequence, got a single string")
    return value

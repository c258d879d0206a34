"""Compose a turn: from what the user typed and picked to the frozen execution request.

Why it exists: at submit time the window (or the command line) hands over what its widgets hold —
the text, the model picker, the workspace, the gate — plus *where* the turn goes (after the path
being viewed, or as a sibling of a turn being regenerated, edited or retried). Everything that is
policy happens here, once, without Qt: slash directives (``/skill``, ``/agent``, ``/model``,
``/new``…), the instruction prefix composed from skill and agent files, the project's shared
instructions, the files the conversation produced (session notes), the review note when the
model or agent changed, and the turn's place in the conversation's tree of branches.

Invariants it keeps:

- nothing is sent when a directive is wrong: an unknown skill or agent, an unknown command or a
  ``/model`` nobody configured raises ``ComposeError`` with a message for an inline error, and
  the caller keeps the user's text;
- the body the model sees is the prompt without its directives; the prefix is exactly
  ``domain.agents.skills.compose_prefix`` and travels as ``instruction_prefix``;
- the review note is computed against the turn this one follows (the previous turn *on the path*),
  so regenerating with another model is reviewed too, and switching branches never compares with
  a turn the model will not see;
- a regenerate or retry sends what the original turn sent (its text, its skills, its files); an
  edit sends the new text with the original files;
- pure: it reads only its arguments, so the same inputs give the same request (bar the fresh ids).

Errors::

    ComposeError            a message for the user; ``kind`` says which check refused
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from parley.domain.agents.conversation_execution_request import (
    SURFACE_UNNAMED,
    SURFACES,
    ConversationExecutionRequest,
    McpResourceRef,
)
from parley.domain.agents.directives import ParsedPrompt, parse_directives
from parley.domain.agents.review import TurnIdentity, review_note
from parley.domain.agents.skills import SkillDoc, compose_prefix
from parley.domain.transcript.branches import (
    BranchTree,
    events_on_path,
    follows_for_new_turn,
    follows_for_sibling,
)
from parley.domain.transcript.canonical import (
    AttachmentAdded,
    Notice,
    StoredEvent,
    TurnStarted,
    UserMessage,
    mint_id,
)

#: How a turn relates to the conversation: a new message, or a sibling of ``target_turn_id``.
PLACES = ("new", "regenerate", "edit", "retry")
#: At most this many produced files are listed in the session notes (the newest ones).
MAX_NOTED_FILES = 40


class ComposeError(Exception):
    """The turn cannot be sent as typed; ``str(exc)`` is the inline message."""

    def __init__(self, message: str, *, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class TurnDraft:
    """What the widgets held at submit time."""

    text: str
    provider_id: str
    model: str
    session_id: str | None = None
    title: str = ""
    attachments: tuple[Path, ...] = ()
    workspace: Path | None = None
    allowed_tools: tuple[str, ...] | None = None
    #: the MCP servers chosen for this conversation (the Tools popover; the project's by default)
    mcp_servers: tuple[str, ...] = ()
    #: MCP resources attached like files (the composer's chips, ``--resource``)
    mcp_resources: tuple[McpResourceRef, ...] = ()
    gate_mode: str = "auto"
    project_id: str | None = None
    project_instructions: str = ""
    #: what sends it: "window" or "cli" (the user message's ``source`` and, when it is one of
    #: ``SURFACES``, the turn's ``surface``)
    source: str = "window"
    #: where the turn goes: "new" after the path through ``current_turn_id``; otherwise a
    #: sibling of ``target_turn_id``
    place: str = "new"
    target_turn_id: str = ""
    current_turn_id: str | None = None
    #: attachments the user chose to have searched rather than sent whole (chips' menu)
    retrieval_attachments: tuple[Path, ...] = ()
    #: the knowledge collections searched every turn (the project's folder, by project id)
    knowledge_collections: tuple[str, ...] = ()
    #: the project's folder was still being indexed at submit time
    knowledge_incomplete: bool = False
    #: when earlier turns are summarised, and by whom (Settings → Context; "" = this model)
    context_threshold: float = 0.8
    compaction_provider_id: str = ""
    compaction_model: str = ""
    #: how many excerpts a turn is given at most
    retrieval_limit: int = 8


@dataclass(frozen=True)
class ComposedTurn:
    """The outcome: ``request`` to run (None when the text held only commands), the commands to
    carry out first (``new``, ``clear``, ``help``), and the model ``/model`` chose (or "")."""

    request: ConversationExecutionRequest | None
    commands: tuple[str, ...] = ()
    provider_id: str = ""
    model: str = ""


def compose_turn(
    draft: TurnDraft,
    events: Sequence[StoredEvent],
    *,
    skills: Sequence[SkillDoc] = (),
    models: Sequence[tuple[str, str]] = (),
    tree: BranchTree | None = None,
) -> ComposedTurn:
    """Build the turn's request. ``events`` is the conversation's log (empty for a new one);
    ``skills`` every skill and agent known; ``models`` the (provider, model) pairs configured;
    ``tree`` the log's ``BranchTree`` when the caller already has it (it must be of ``events``)."""
    if draft.place not in PLACES:
        raise ValueError(f"place must be one of {PLACES}, got {draft.place!r}")
    tree = tree if tree is not None else BranchTree(events)
    started = {s.turn_id: s.event for s in events if isinstance(s.event, TurnStarted)}
    extras: dict[str, str] = {"source": draft.source}
    attachments = draft.attachments
    resources = draft.mcp_resources
    searched = draft.retrieval_attachments

    if draft.place in ("regenerate", "retry"):
        original = _original(draft.target_turn_id, started, events)
        text_prompt, prefix, agent = original.prompt, original.prefix, original.agent
        attachments = original.attachments
        resources = original.resources
        searched = original.searched
        parsed = ParsedPrompt((), text_prompt)
        if draft.place == "retry":
            extras["retry_of"] = draft.target_turn_id
    else:
        parsed = parse_directives(draft.text)
        if parsed.problem is not None:
            raise ComposeError(parsed.problem.message, kind=parsed.problem.kind)
        agent_doc = _find(skills, "agent", parsed.agent) if parsed.agent else None
        skill_docs = [_find(skills, "skill", name) for name in parsed.skills]
        prefix = compose_prefix(agent_doc, skill_docs)
        agent = parsed.agent
        text_prompt = parsed.body
        if draft.place == "edit":
            original = _original(draft.target_turn_id, started, events)
            attachments = tuple(dict.fromkeys((*original.attachments, *draft.attachments)))
            resources = (*original.resources, *draft.mcp_resources)  # the request dedupes
            searched = tuple(dict.fromkeys((*original.searched, *draft.retrieval_attachments)))

    provider_id, model = draft.provider_id, draft.model
    if parsed.model:
        provider_id, model = _resolve_model(parsed.model, models)
    commands = tuple(
        d.command for d in parsed.directives if d.command not in ("skill", "agent", "model")
    )
    new_conversation = any(c in ("new", "clear") for c in commands)
    if not text_prompt.strip() and not attachments and not resources:
        if parsed.skills or parsed.agent:
            raise ComposeError(
                "Add your message after the directives, for example: /skill NAME your question",
                kind="empty",
            )
        if parsed.directives:  # only commands or a /model switch: nothing to send
            return ComposedTurn(None, commands, provider_id if parsed.model else "", model)
        raise ComposeError("Type a message first.", kind="empty")

    if new_conversation:
        events, tree, started = (), BranchTree(()), {}
    if draft.place == "new":
        follows = follows_for_new_turn(tree, None if new_conversation else draft.current_turn_id)
    else:
        if draft.target_turn_id not in tree:
            raise ComposeError("That message is no longer in this conversation.", kind="gone")
        follows = follows_for_sibling(tree, draft.target_turn_id)
    path = tree.path_to(follows) if follows else ()
    shown = events_on_path(events, path)

    previous = started.get(follows) if follows else None
    note = ""
    if previous is not None:
        note = review_note(
            TurnIdentity(previous.provider_id, previous.model, previous.agent_role),
            TurnIdentity(provider_id, model, agent),
        )
    session_id = None if new_conversation else draft.session_id
    request = ConversationExecutionRequest(
        turn_id=mint_id(),
        session_id=session_id or mint_id(),
        surface=draft.source if draft.source in SURFACES else SURFACE_UNNAMED,
        project_id=draft.project_id,
        title="" if new_conversation else draft.title,
        follows_turn_id=follows,
        prompt=text_prompt,
        instruction_prefix=prefix,
        review_note=note,
        attachments=attachments,
        retrieval_attachments=tuple(p for p in searched if p in attachments),
        knowledge_collections=draft.knowledge_collections,
        knowledge_incomplete=draft.knowledge_incomplete and bool(draft.knowledge_collections),
        context_threshold=draft.context_threshold,
        compaction_provider_id=draft.compaction_provider_id,
        compaction_model=draft.compaction_model,
        retrieval_limit=draft.retrieval_limit,
        provider_id=provider_id,
        model=model,
        project_context=draft.project_instructions,
        session_notes=session_notes(shown),
        allowed_tools=draft.allowed_tools,
        mcp_servers=draft.mcp_servers,
        mcp_resources=resources,
        gate_mode=draft.gate_mode,
        agent_role=agent,
        workspace=draft.workspace,
        extras=extras,
    )
    return ComposedTurn(request, commands, provider_id if parsed.model else "", model)


def session_notes(events: Sequence[StoredEvent]) -> str:
    """The files the conversation produced (on this path), newest last, as a short note."""
    files: list[str] = []
    for stored in events:
        if isinstance(stored.event, Notice) and stored.event.files:
            files.extend(stored.event.files)
    files = list(dict.fromkeys(files))[-MAX_NOTED_FILES:]
    if not files:
        return ""
    lines = "\n".join(f"- {f}" for f in files)
    return f"[Session notes] Files produced earlier in this conversation:\n{lines}"


@dataclass(frozen=True)
class _Original:
    prompt: str
    prefix: str
    agent: str
    attachments: tuple[Path, ...]
    #: the MCP resources the turn read (its ``attachment_added`` records of resources; a turn
    #: that failed before reading them has none)
    resources: tuple[McpResourceRef, ...] = ()
    #: the files the user chose to have searched rather than sent whole (read back from the
    #: turn's ``attachment_added`` records marked ``retrieval`` for a file it attached)
    searched: tuple[Path, ...] = ()


def _original(
    turn_id: str, started: dict[str, TurnStarted], events: Sequence[StoredEvent]
) -> _Original:
    ts = started.get(turn_id)
    prompt = next(
        (s.event.text for s in events if s.turn_id == turn_id and isinstance(s.event, UserMessage)),
        None,
    )
    if ts is None or prompt is None:
        raise ComposeError("That message is no longer in this conversation.", kind="gone")
    resources = tuple(
        McpResourceRef(s.event.mcp_server, s.event.uri, s.event.name)
        for s in events
        if s.turn_id == turn_id
        and isinstance(s.event, AttachmentAdded)
        and s.event.mcp_server
        and s.event.uri
    )
    files = tuple(Path(p) for p in ts.attachments)
    searched = tuple(
        Path(s.event.source_path)
        for s in events
        if s.turn_id == turn_id
        and isinstance(s.event, AttachmentAdded)
        and s.event.retrieval
        and not s.event.uri
        and Path(s.event.source_path) in files
    )
    return _Original(
        prompt,
        ts.instruction_prefix,
        ts.agent_role,
        files,
        resources,
        searched,
    )


def _find(skills: Sequence[SkillDoc], kind: str, name: str) -> SkillDoc:
    for doc in skills:
        if doc.kind == kind and doc.name == name.lower():
            return doc
    known = sorted(d.name for d in skills if d.kind == kind)
    close = difflib.get_close_matches(name.lower(), known, n=1)
    if close:
        hint = f" — did you mean '{close[0]}'?"
    elif known:
        hint = f" — known {kind}s: {', '.join(known[:8])}"
    else:
        hint = f" — there are no {kind}s yet (Settings → Skills & Agents)"
    raise ComposeError(f"Unknown {kind} '{name}'{hint}", kind=f"unknown_{kind}")


def _resolve_model(name: str, models: Sequence[tuple[str, str]]) -> tuple[str, str]:
    """``/model NAME``: a model name one provider offers (as typed, so an OpenRouter-style
    ``vendor/model`` id matches itself first), else ``provider/model``."""
    exact = [(p, m) for p, m in models if m == name]
    if exact:
        return exact[0]
    if "/" in name:
        provider, _, model = name.partition("/")
        if (provider, model) in models:
            return provider, model
    folded = [(p, m) for p, m in models if m.lower() == name.lower()]
    if folded:
        return folded[0]
    close = difflib.get_close_matches(name, sorted({m for _, m in models}), n=1)
    hint = f" — did you mean '{close[0]}'?" if close else ""
    raise ComposeError(f"No configured provider offers the model '{name}'{hint}", kind="model")

"""The canonical event log: what happened in a conversation, in Parley's own words.

Why it exists: the durable record of a conversation is an append-only list of these events, never a
provider-shaped ``messages`` array. Provider requests are rendered from the events at call time, so
the same history can be sent to any provider, audited, searched and exported.

Invariants it keeps:

- every event is a frozen dataclass; mappings and lists inside it are frozen too
  (``MappingProxyType`` and tuples), so an event read from the log cannot be edited in memory by
  accident;
- every event type has exactly one wire name in ``EVENT_TYPES``;
- ``from_payload`` is strict: an unknown type name, an unknown field, a missing required field or a
  value of the wrong JSON kind is a ``ValueError`` that names it — never a guess;
- tool-call ids are minted locally (``mint_call_id``) and are the only join key; a call may keep
  the provider's own id beside it (``ToolCall.provider_call_id``, with ``provider_origin``) so
  the adapter that gave it can be sent it back, but nothing here joins on it;
- fields added to an event later have defaults, so every record written before them still
  reads (``turn_finished.error_kind``, ``tool_call.provider_call_id`` / ``provider_origin``,
  ``attachment_added.encoding`` / ``encoding_confidence``, ``attachment_added.mcp_server`` /
  ``uri`` / ``retrieval``, ``compaction.turns`` / ``trigger``).

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import dataclasses
import functools
import secrets
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

# -- freezing helpers ------------------------------------------------------------------------------


def freeze(value: Any) -> Any:
    """Deep-freeze JSON-like data: dicts become read-only mappings, lists become tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The inverse of ``freeze``: plain dicts and lists, ready for ``json.dumps``."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


def mint_call_id() -> str:
    """A locally minted tool-call id, ``call-<24 hex digits>``."""
    return f"call-{secrets.token_hex(12)}"


def mint_id() -> str:
    """A fresh opaque id for sessions and turns (32 hex digits)."""
    return secrets.token_hex(16)


# -- value objects -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Usage:
    """Token counts reported by a provider; ``None`` means the provider did not say."""

    input_tokens: int | None = None
    output_tokens: int | None = None
    total_tokens: int | None = None
    reasoning_tokens: int | None = None
    cached_tokens: int | None = None

    def to_dict(self) -> dict[str, int]:
        return {k: v for k, v in dataclasses.asdict(self).items() if v is not None}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Usage:
        usage: Usage = _build(cls, "usage", data)
        return usage

    def merged(self, other: Usage) -> Usage:
        """Field by field, ``other`` wins where it has a figure: for *updates of the same
        figures* (one provider call reporting its counts as they grow). Never for adding up
        calls or turns: that is ``plus``."""
        return Usage(
            **{
                f.name: getattr(other, f.name)
                if getattr(other, f.name) is not None
                else getattr(self, f.name)
                for f in dataclasses.fields(self)
            }
        )

    def plus(self, other: Usage) -> Usage:
        """Field by field, the sum (for totals over turns); a field neither side reported stays
        ``None``, and a figure on one side only counts as it is."""
        return Usage(
            **{
                f.name: None
                if getattr(self, f.name) is None and getattr(other, f.name) is None
                else (getattr(self, f.name) or 0) + (getattr(other, f.name) or 0)
                for f in dataclasses.fields(self)
            }
        )


# -- the events ----------------------------------------------------------------------------------


class Event:
    """Base of every canonical event. Subclasses set ``type_name`` (the wire name)."""

    type_name: ClassVar[str] = ""

    if typing.TYPE_CHECKING:
        # Every event is a dataclass (each subclass is decorated): saying so here lets
        # ``dataclasses.fields`` take any ``Event`` without a cast. No runtime effect.
        __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    def __post_init__(self) -> None:
        # Events built directly in code may be handed a plain dict or list (or a read-only view of
        # a caller's dict, or a tuple holding lists); deep-freeze those too so "frozen" holds
        # whichever way an event was made (object.__setattr__ because frozen).
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, (Mapping, list, tuple)):
                object.__setattr__(self, f.name, freeze(value))


@dataclass(frozen=True)
class TurnStarted(Event):
    """A turn began. Records everything the turn runs under, so the exact request can be rendered
    again later: model, standing instructions, limits. (What the user typed is ``UserMessage``.)"""

    type_name: ClassVar[str] = "turn_started"
    provider_id: str
    model: str
    surface: str = "cowork"
    project_id: str | None = None
    title: str = ""
    instruction_prefix: str = ""
    review_note: str = ""
    session_notes: str = ""
    project_context: str = ""
    attachments: tuple[str, ...] = ()
    allowed_tools: tuple[str, ...] | None = None
    max_steps: int = 30
    gate_mode: str = "auto"
    enforce_rules: bool = True
    agent_role: str = ""
    unattended: bool = False
    timeout_sec: float | None = None
    follows_turn_id: str | None = None
    retry_of: str | None = None
    workspace: str = ""
    #: The MCP servers whose tools the turn offered (by name; older events have none).
    mcp_servers: tuple[str, ...] = ()


@dataclass(frozen=True)
class UserMessage(Event):
    """What the user typed, exactly as the bubble shows it."""

    type_name: ClassVar[str] = "user_message"
    text: str
    source: str = "user"


@dataclass(frozen=True)
class AssistantText(Event):
    """The text of one model step. ``finish_reason`` is the provider's stop reason ("" if none),
    ``partial`` marks text kept from a step that was cancelled or failed mid-stream."""

    type_name: ClassVar[str] = "assistant_text"
    text: str
    model: str
    finish_reason: str = ""
    partial: bool = False


@dataclass(frozen=True)
class Reasoning(Event):
    """The model's reasoning (thinking) for one step, kept for the record and, where the provider
    requires it, sent back on the next request. ``provider_kind`` names whose format the opaque
    ``signature`` / ``redacted_data`` are in; other providers never receive them."""

    type_name: ClassVar[str] = "reasoning"
    text: str
    model: str
    provider_kind: str = ""
    signature: str = ""
    redacted_data: str = ""


@dataclass(frozen=True)
class ToolCall(Event):
    """The model asked to run a tool. ``call_id`` is minted locally (the join key).
    ``arguments_error`` says why the model's arguments could not be read (then ``arguments`` is
    empty); ``signature`` is an opaque provider token echoed back with the call (Gemini's
    ``thoughtSignature``); ``provider_call_id`` is the provider's own id for the call and
    ``provider_origin`` the adapter kind and endpoint that gave it ("" when unknown)."""

    type_name: ClassVar[str] = "tool_call"
    call_id: str
    tool: str
    arguments: Mapping[str, Any] = field(default_factory=dict, hash=False)
    arguments_error: str = ""
    signature: str = ""
    provider_call_id: str = ""
    provider_origin: str = ""


@dataclass(frozen=True)
class ToolResult(Event):
    """What a tool returned (or why it failed)."""

    type_name: ClassVar[str] = "tool_result"
    call_id: str
    result: str
    success: bool


@dataclass(frozen=True)
class ActionVerdict(Event):
    """The gate's decision about one proposed action, with the rule and reason behind it."""

    type_name: ClassVar[str] = "action_verdict"
    call_id: str
    tool: str
    effect: str
    rule: str
    reason: str
    decision: str
    source: str = "validator"
    model: str = ""
    input: Mapping[str, Any] = field(default_factory=dict, hash=False)
    #: How the action runs (``Confinement.as_record()``: mechanism, writes, network) when it runs
    #: or is asked about; empty for tools that are not processes and for records written before
    #: the sandbox existed.
    confinement: Mapping[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class GateOpened(Event):
    """The user was asked to allow an action."""

    type_name: ClassVar[str] = "gate_opened"
    gate: str
    reason: str


@dataclass(frozen=True)
class Fact(Event):
    """A durable fact the conversation established."""

    type_name: ClassVar[str] = "fact"
    text: str


@dataclass(frozen=True)
class Compaction(Event):
    """A summary that stands in for the events ``replaces = (first_id, last_id)`` of its branch
    when history is rendered (``application/conversations/compaction.py``). ``turns`` counts the
    turns it replaced; ``trigger`` says why it was written: ``auto`` (the request passed the
    threshold or did not fit) or ``manual`` (``/compact``); older records have neither. ``usage``
    is what the summarising call cost (an automatic compaction's is also in its turn's usage; a
    manual one belongs to no turn, so this is its only record)."""

    type_name: ClassVar[str] = "compaction"
    summary: str
    model: str
    replaces: tuple[int, ...] = ()
    turns: int = 0
    trigger: str = ""
    usage: Usage = field(default_factory=Usage)


@dataclass(frozen=True)
class ContextChecked(Event):
    """A model call's request measured against the model's window just before it was sent.

    ``window`` and ``window_source`` (``provider``, ``table``, ``guess``) say which window;
    ``prompt_tokens`` is the calibrated estimate of the request as sent, ``estimated_tokens`` the
    raw estimate (so a calibration can be learned again from the log), ``reserved_output`` what
    was kept for the answer; ``compaction_id`` is the id of the ``compaction`` event the request
    rendered in place of earlier turns (0: none) — the record of which summary the model read."""

    type_name: ClassVar[str] = "context_checked"
    window: int
    prompt_tokens: int
    window_source: str = ""
    estimated_tokens: int = 0
    reserved_output: int = 0
    compaction_id: int = 0


@dataclass(frozen=True)
class RetrievalPerformed(Event):
    """The excerpts retrieved for a turn from indexed documents (attachments too large to send
    whole, a project's knowledge folder), exactly as the model was given them.

    ``query`` is what was searched; ``method`` is ``bm25`` or ``hybrid``; ``excerpts`` holds one
    mapping per excerpt in the order sent (``domain/transcript/excerpts.py`` reads and writes
    them: number, document sha256, name, location, unit, unit number, score, text). ``note``
    says when the index was incomplete (still indexing) or could not be searched."""

    type_name: ClassVar[str] = "retrieval_performed"
    query: str
    excerpts: tuple[Mapping[str, Any], ...] = field(default=(), hash=False)
    method: str = "bm25"
    note: str = ""


@dataclass(frozen=True)
class AttachmentAdded(Event):
    """A file (or an MCP server's resource) attached to the turn and what reading it gave.
    ``sha256`` names the stored copy; ``text`` is exactly what the model was given from it
    (already capped; ``truncated`` says so); ``units``/``unit`` count pages, sheets or slides;
    ``image_media_type`` marks an image sent as an image part; ``error_kind``/``error`` say why
    it could not be read. A resource has ``mcp_server`` and ``uri`` set (and ``source_path`` is
    its URI too); a file has both "" (as has every record written before resources)."""

    type_name: ClassVar[str] = "attachment_added"
    name: str
    sha256: str = ""
    media_type: str = ""
    size: int = 0
    extractor: str = ""
    chars: int = 0
    truncated: bool = False
    error: str = ""
    text: str = ""
    units: int = 0
    unit: str = ""
    image_media_type: str = ""
    error_kind: str = ""
    source_path: str = ""
    #: The text encoding when it was *guessed* (no BOM, no declaration, not valid UTF-8), by its
    #: common name ("windows-1252"), with how sure the guess was (0-1); "" and 0.0 otherwise,
    #: and in every record written before guesses were recorded.
    encoding: str = ""
    encoding_confidence: float = 0.0
    #: The MCP server the resource came from, and its URI; "" for a file.
    mcp_server: str = ""
    uri: str = ""
    #: True when the text was too large to send whole (or the user chose so): it was indexed
    #: for retrieval, ``text`` is "" and ``chars`` the whole text's length, and each turn gets
    #: the excerpts that match it (``retrieval_performed``). False in every older record.
    retrieval: bool = False

    @property
    def is_mcp_resource(self) -> bool:
        return bool(self.uri)


@dataclass(frozen=True)
class Notice(Event):
    """Something the user should know that is not part of the answer (level: info/warning/error).
    ``files`` lists the paths of files the turn saved, when that is what the notice says (they
    become the conversation's session notes)."""

    type_name: ClassVar[str] = "notice"
    text: str
    level: str = "info"
    files: tuple[str, ...] = ()


@dataclass(frozen=True)
class TurnFinished(Event):
    """The turn ended. Exactly one per turn. ``status``: completed, cancelled, failed, timed_out,
    interrupted. ``error_kind`` is the failure's typed kind (``ProviderError.kind``: ``auth``,
    ``rate_limited``, ``server_error``, ``context_too_long``, …; ``timeout``, ``internal``,
    ``interrupted``, ``answer_too_long``, ``attachments``), so operators can filter on it; ""
    when the turn did not fail."""

    type_name: ClassVar[str] = "turn_finished"
    status: str
    usage: Usage = field(default_factory=Usage)
    duration_s: float = 0.0
    error: str = ""
    error_kind: str = ""

    STATUSES: ClassVar[tuple[str, ...]] = (
        "completed",
        "cancelled",
        "failed",
        "timed_out",
        "interrupted",
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.status not in self.STATUSES:
            raise ValueError(
                f"unknown turn status {self.status!r}; expected one of {self.STATUSES}"
            )


EVENT_TYPES: Mapping[str, type[Event]] = MappingProxyType(
    {
        cls.type_name: cls
        for cls in (
            TurnStarted,
            UserMessage,
            AttachmentAdded,
            Reasoning,
            AssistantText,
            ToolCall,
            ToolResult,
            ActionVerdict,
            GateOpened,
            Notice,
            Fact,
            Compaction,
            ContextChecked,
            RetrievalPerformed,
            TurnFinished,
        )
    }
)


@dataclass(frozen=True)
class StoredEvent:
    """An event as the log holds it: integer id, UTC timestamp (ISO 8601), session, turn, actor,
    and — when the store keeps a hash chain — the event's link to the one before it."""

    id: int
    ts: str
    session_id: str
    turn_id: str
    event: Event
    work_item: str | None = None
    actor: str = ""
    prev_hash: str | None = field(default=None, compare=False)
    hash: str | None = field(default=None, compare=False)

    @property
    def type_name(self) -> str:
        return event_type(self.event)


# -- (de)serialisation ---------------------------------------------------------------------------


def event_type(event: Event) -> str:
    """The wire name of ``event`` (``user_message``, ``assistant_text``, …)."""
    name = type(event).type_name
    if EVENT_TYPES.get(name) is not type(event):
        raise ValueError(f"{type(event).__name__} is not a registered event type")
    return name


def to_payload(event: Event) -> dict[str, Any]:
    """The event's fields as plain JSON-ready data."""
    event_type(event)
    out: dict[str, Any] = {}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if isinstance(value, Usage):
            value = value.to_dict()
        out[f.name] = thaw(value)
    return out


def from_payload(type_name: object, payload: object) -> Event:
    """Rebuild an event from its wire name and payload, strictly (see the module docstring).

    Both arguments are typed ``object``: they come from files and databases unchecked, and
    anything that is not a known name and a JSON object is refused here with ``ValueError``."""
    if not isinstance(type_name, str) or (cls := EVENT_TYPES.get(type_name)) is None:
        raise ValueError(f"unknown event type {type_name!r}")
    if not isinstance(payload, Mapping):
        raise ValueError(f"{type_name}: payload must be an object, got {type(payload).__name__}")
    event: Event = _build(cls, type_name, payload)
    return event


_NoneType = type(None)


@functools.cache
def _type_hints(cls: type) -> dict[str, Any]:
    # Resolving string annotations is most of the cost of reading an event; classes never change.
    return typing.get_type_hints(cls)


def _build(cls: type, label: str, payload: Mapping[str, Any]) -> Any:
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(str(name) for name in set(payload) - set(fields))
    if unknown:
        raise ValueError(f"{label}: unknown field(s) {', '.join(unknown)}")
    missing = sorted(
        name
        for name, f in fields.items()
        if name not in payload
        and f.default is dataclasses.MISSING
        and f.default_factory is dataclasses.MISSING
    )
    if missing:
        raise ValueError(f"{label}: missing field(s) {', '.join(missing)}")
    hints = _type_hints(cls)
    kwargs = {name: _coerce(label, name, hints[name], value) for name, value in payload.items()}
    try:
        return cls(**kwargs)
    except TypeError as exc:  # pragma: no cover - guarded by the checks above
        raise ValueError(f"{label}: {exc}") from exc


def _coerce(label: str, name: str, hint: Any, value: Any) -> Any:
    """Check ``value`` against the field's annotation and convert containers to frozen forms."""
    options = typing.get_args(hint) if _is_union(hint) else (hint,)
    for option in options:
        ok, converted = _try(option, value)
        if ok:
            return converted
    raise ValueError(
        f"{label}: field {name!r} has the wrong kind of value ({type(value).__name__})"
    )


def _is_union(hint: Any) -> bool:
    return typing.get_origin(hint) in (typing.Union, types.UnionType)


def _try(option: Any, value: Any) -> tuple[bool, Any]:
    origin = typing.get_origin(option)
    if option is _NoneType:
        return value is None, None
    if option is Any:
        return True, freeze(value)
    if option is bool:
        return isinstance(value, bool), value
    if option is int:
        return isinstance(value, int) and not isinstance(value, bool), value
    if option is float:
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return False, None
        try:
            return True, float(value)
        except OverflowError:  # an int too large for a float is the wrong kind, not a crash
            return False, None
    if option is str:
        return isinstance(value, str), value
    if option is Usage:
        if isinstance(value, Usage):
            return True, value
        if isinstance(value, Mapping):
            return True, Usage.from_dict(value)
        return False, None
    if origin is tuple:
        (item_type, *_rest) = typing.get_args(option)
        if not isinstance(value, (list, tuple)):
            return False, None
        items = []
        for item in value:
            ok, converted = _try(item_type, item)
            if not ok:
                return False, None
            items.append(converted)
        return True, tuple(items)
    if option is Mapping or origin is Mapping:
        if not isinstance(value, Mapping):
            return False, None
        return True, freeze(value)
    return False, None

"""Bring conversations into Parley: its own JSON export, and ChatGPT's and Claude's data exports.

Why it exists: a person's history should move with them. A Parley export loads back exactly (a
backup, another machine, another profile); a ChatGPT or Claude export becomes ordinary canonical
events, so imported conversations can be listed, searched, exported and continued like any other.

Formats accepted (``import_file`` tells them apart by shape; a ``.zip`` of the whole data export is
read too, from its ``conversations.json``):

Parley (``parley history export --format json``)::

    {"format": "parley-session", "version": 1,
     "session": {"id", "title", "created_at", "updated_at", "project_id"},
     "chain": {...},                                  # optional; a broken chain is noted
     "events": [{"type", "turn_id", "actor", "work_item", "payload", ...}, ...]}

  or a JSON array of such objects (``--all``). Every payload is read strictly
  (``canonical.from_payload``); one bad event refuses that conversation, not the file. The session
  id is kept unless a conversation here has it already; then a new id is minted and the report says
  so. Event ids are the store's own; the ids a ``compaction`` (``replaces``) or a
  ``context_checked`` (``compaction_id``) names are rewritten from the export's ``id`` of each
  event to the new ones (one that matches no earlier event is cleared: the summary then applies
  nowhere); each event keeps its ``ts`` (see "times" below).

ChatGPT (``conversations.json`` of "Export data")::

    [{"id" | "conversation_id": str, "title": str, "create_time": float (epoch seconds),
      "current_node": node id, "default_model_slug": str (optional),
      "mapping": {node_id: {"id", "parent": node id | null, "children": [node id, ...],
                            "message": null | {"author": {"role": "system" | "user" |
                                "assistant" | "tool"}, "create_time": float | null,
                                "recipient": "all" | tool name,
                                "content": {"content_type": "text" | "multimodal_text" | …,
                                            "parts": [str | {...}, ...]},
                                "metadata": {"model_slug"?,
                                    "attachments"?: [{"name", "size", "mimeType"}],
                                    "is_visually_hidden_from_conversation"?}}}},
     ...]

  The conversation is a tree (edits and regenerations branch it); only the displayed path is
  kept: from ``current_node`` up through ``parent`` to the root, reversed (without
  ``current_node``, the newest leaf). On that path, user and assistant messages with text become
  turns; everything else (system and tool messages, hidden context, tool invocations, code,
  browsing, reasoning summaries, empty messages) is skipped and counted. Image and file parts are
  not in ``conversations.json``: their names are kept as unread attachments.

Claude (``conversations.json`` of "Export data")::

    [{"uuid": str, "name": str, "created_at": ISO 8601, "updated_at": ISO 8601,
      "chat_messages": [{"uuid", "sender": "human" | "assistant", "text": str,
                         "content": [{"type": "text", "text": str} | {"type": other, ...}],
                         "created_at": ISO 8601, "parent_message_uuid"?: str,
                         "attachments": [{"file_name", "file_type", "file_size",
                                          "extracted_content"}],
                         "files": [{"file_name"}]}, ...]},
     ...]

  Text is the ``text`` blocks of ``content`` (or ``text`` when there are none); other blocks
  (tool use, thinking, …) are left out and counted. When messages carry ``parent_message_uuid``
  (a branched conversation), only the path to ``current_leaf_message_uuid`` (else the newest
  message) is kept. An attachment's extracted text is kept as the attachment's text, exactly as
  Claude had it; ``files`` keep only their names.

Invariants it keeps:

- each imported user/assistant exchange is one turn: ``turn_started`` (provider ``chatgpt-import``
  or ``claude-import``, the model from the message's ``model_slug`` when the export names it, else
  ``unknown``), ``user_message`` (source ``import``), its ``attachment_added`` events,
  ``assistant_text`` for each answer, ``turn_finished(completed)``; the first turn also holds a
  ``fact`` naming the source: "Imported from ChatGPT export (conversation id …, N messages, M
  skipped, …)";
- re-importing is idempotent: the session id is derived from the source and the source's
  conversation id, so a conversation already imported whole is skipped with a note (delete it to
  import it again);
- unknown fields are ignored (exports change); what cannot be understood is an error that says
  what was expected: ``ImportFormatError`` for the file, a ``failed`` entry for one conversation
  (the others still import);
- a conversation is written whole or not at all: it is built and checked in memory first, then
  written in one store transaction (``EventStore.import_session``), so a failure or a kill
  part-way leaves nothing;
- re-importing recognises a partial earlier attempt (left by a kill before imports were atomic):
  a conversation under the same id with fewer events (ChatGPT, Claude) or holding a strict prefix
  of the export's events (Parley) is replaced by the whole one, in the same transaction, and the
  report says so;
- times are the original ones, not the import's: a Parley event keeps its ``ts``; a ChatGPT
  message its ``create_time`` (epoch seconds), a Claude message its ``created_at``; the turn's
  other events take the time of the message before them, and the first turn starts at the
  conversation's ``create_time`` / ``created_at`` (or its first message, if earlier). Times are
  clamped to never go back within a conversation (the store refuses that): a missing,
  unreadable or earlier time becomes the previous event's time; a conversation with no time at
  all is stamped "now" by the store. The session's ``created_at`` and ``updated_at`` are those
  of its first and last events.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import zipfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from parley.application.conversations.turn_runtime import derive_title
from parley.application.history.export import EXPORT_FORMAT, EXPORT_FORMAT_VERSION
from parley.application.ports.event_store import EventStore
from parley.domain.transcript.canonical import (
    AssistantText,
    AttachmentAdded,
    Event,
    Fact,
    TurnFinished,
    TurnStarted,
    UserMessage,
    from_payload,
    mint_id,
    to_payload,
)
from parley.domain.transcript.event_refs import with_new_ids

CHATGPT_PROVIDER = "chatgpt-import"
CLAUDE_PROVIDER = "claude-import"
UNKNOWN_MODEL = "unknown"
IMPORT_SOURCE = "import"
NOT_EXPORTED = "not_exported"

SOURCE_LABELS = {
    "parley": "Parley export",
    "chatgpt": "ChatGPT export",
    "claude": "Claude export",
}


class ImportFormatError(ValueError):
    """The file is not an export this module reads; the message says what was expected."""


@dataclass(frozen=True)
class ImportedConversation:
    """What became of one conversation of the file. ``status``: imported, skipped or failed."""

    status: str
    source_id: str
    title: str
    session_id: str = ""
    events: int = 0
    messages: int = 0
    skipped_messages: int = 0
    note: str = ""


@dataclass(frozen=True)
class ImportReport:
    """The whole import: which kind of export it was, and every conversation's outcome."""

    source: str
    conversations: tuple[ImportedConversation, ...] = ()

    @property
    def label(self) -> str:
        return SOURCE_LABELS.get(self.source, "empty export")

    def with_status(self, status: str) -> tuple[ImportedConversation, ...]:
        return tuple(c for c in self.conversations if c.status == status)

    @property
    def imported(self) -> tuple[ImportedConversation, ...]:
        return self.with_status("imported")

    @property
    def skipped(self) -> tuple[ImportedConversation, ...]:
        return self.with_status("skipped")

    @property
    def failed(self) -> tuple[ImportedConversation, ...]:
        return self.with_status("failed")


class _Refused(Exception):
    """One conversation cannot be imported; the message says why."""


@dataclass
class _Plan:
    """A conversation built in memory, ready to be written."""

    session_id: str
    title: str
    project_id: str | None
    # turn_id, event, actor, work_item, ts (None: the store stamps "now")
    events: list[tuple[str, Event, str, str | None, str | None]]
    messages: int = 0
    skipped: int = 0
    note: str = ""
    #: The id is derived from the source (ChatGPT, Claude): one there means imported before.
    derived_id: bool = False
    #: Write over the conversation of this id: a partial earlier import of the same one.
    replace: bool = False
    #: Each event's id in the export (Parley; None: missing): the ids a compaction or a context
    #: check names are rewritten to the new ones when written (``EventStore.import_session``).
    source_ids: tuple[int | None, ...] = ()


# -- reading the file -----------------------------------------------------------------------------


def read_export_file(path: Path) -> Any:
    """The JSON data of ``path`` (a ``conversations.json``, a Parley export, or a ``.zip`` that
    holds one). Raises ``ImportFormatError`` for anything else; ``OSError`` if it cannot be read."""
    path = Path(path)
    if zipfile.is_zipfile(path):
        try:
            with zipfile.ZipFile(path) as archive:
                names = [n for n in archive.namelist() if not n.endswith("/")]
                chosen = [n for n in names if n.rsplit("/", 1)[-1] == "conversations.json"]
                if not chosen:
                    chosen = [n for n in names if n.lower().endswith(".json")]
                if len(chosen) != 1:
                    raise ImportFormatError(
                        f"{path.name} is a zip archive without a single conversations.json"
                    )
                raw = archive.read(chosen[0])
        except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError) as exc:
            raise ImportFormatError(f"{path.name} is a damaged zip archive: {exc}") from exc
    else:
        raw = path.read_bytes()
    return parse_export(raw, path.name)


def parse_export(raw: bytes | str, name: str = "the file") -> Any:
    """``raw`` as JSON, or ``ImportFormatError`` saying it is not."""
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
        return json.loads(text)
    except UnicodeDecodeError as exc:
        raise ImportFormatError(f"{name} is not UTF-8 text, so not a JSON export: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise ImportFormatError(f"{name} is not JSON: {exc}") from exc


def detect_source(data: Any, name: str = "the file") -> str:
    """``parley``, ``chatgpt`` or ``claude`` ("" for an empty list), by the data's shape."""
    if isinstance(data, Mapping):
        if data.get("format") == EXPORT_FORMAT:
            return "parley"
        keys = ", ".join(sorted(str(k) for k in data)[:8]) or "none"
        raise ImportFormatError(
            f"{name} is not an export Parley can import: an object with keys {keys}; expected a "
            f'Parley export ("format": "{EXPORT_FORMAT}") or a conversations.json list from '
            "ChatGPT or Claude"
        )
    if not isinstance(data, list):
        raise ImportFormatError(
            f"{name} is not an export Parley can import: a JSON {type(data).__name__}; expected "
            "a list of conversations"
        )
    if not data:
        return ""
    first = data[0]
    if isinstance(first, Mapping):
        if first.get("format") == EXPORT_FORMAT:
            return "parley"
        if "mapping" in first:
            return "chatgpt"
        if "chat_messages" in first:
            return "claude"
        keys = ", ".join(sorted(str(k) for k in first)[:8]) or "none"
        found = f"its first item has keys {keys}"
    else:
        found = f"its first item is a JSON {type(first).__name__}"
    raise ImportFormatError(
        f"{name} is a list Parley cannot import: {found}; expected ChatGPT conversations (with "
        f'"mapping"), Claude conversations (with "chat_messages") or Parley exports'
    )


def import_file(store: EventStore, path: Path) -> ImportReport:
    """Import every conversation in ``path`` (see the module docstring for the formats)."""
    path = Path(path)
    return import_data(store, read_export_file(path), path.name)


def import_data(store: EventStore, data: Any, name: str = "the file") -> ImportReport:
    """Import already-parsed export data."""
    source = detect_source(data, name)
    if source == "parley":
        return import_parley(store, data)
    if source == "chatgpt":
        return import_chatgpt(store, data)
    if source == "claude":
        return import_claude(store, data)
    return ImportReport(source="")


# -- writing --------------------------------------------------------------------------------------


def _write(store: EventStore, plan: _Plan) -> int:
    """Create the conversation with every event in one store transaction: all of it, or after a
    kill or a store failure, nothing (``EventStore.import_session``)."""
    return store.import_session(
        plan.title,
        session_id=plan.session_id,
        project_id=plan.project_id,
        events=plan.events,
        replace=plan.replace,
        source_ids=plan.source_ids,
    )


def _earlier_attempt(store: EventStore, plan: _Plan) -> _Plan | None:
    """``plan`` adjusted for what an earlier import left under its id: ``None`` when that
    conversation is whole (nothing to do), the plan marked ``replace`` when it is a partial
    attempt (a kill during an import before imports were atomic), else the plan as it is."""
    if not store.session_exists(plan.session_id):
        return plan
    existing = list(store.events(plan.session_id))
    if plan.derived_id:  # the same source conversation: fewer events = it stopped part-way
        if len(existing) >= len(plan.events):
            return None
    else:  # a Parley export: partial only if what is there is a strict prefix of it
        # Compared without the event ids compactions and context checks name: they are the
        # export's in the plan and this store's in what was written.
        shape = [(t, type(e).__name__, _unnamed(e)) for t, e, _a, _w, _ts in plan.events]
        found = [(e.turn_id, type(e.event).__name__, _unnamed(e.event)) for e in existing]
        if len(found) >= len(shape) or found != shape[: len(found)]:
            session_id = mint_id()  # a conversation of its own here: the import is a copy
            note = f"a conversation with id {plan.session_id} exists here; imported as {session_id}"
            return dataclasses.replace(
                plan, session_id=session_id, note="; ".join(n for n in (plan.note, note) if n)
            )
    note = (
        f"an earlier import of it stopped part-way ({len(existing)} of {len(plan.events)} "
        "events); it was imported again, whole"
    )
    return dataclasses.replace(
        plan, replace=True, note="; ".join(n for n in (plan.note, note) if n)
    )


def _unnamed(event: Event) -> dict[str, Any]:
    """``event``'s payload with the event ids it names cleared (``event_refs.with_new_ids``)."""
    return to_payload(with_new_ids(event, {}))


_Builder = Callable[[EventStore, Any, int], "_Plan | ImportedConversation"]


def _run(store: EventStore, source: str, items: Sequence[Any], build: _Builder) -> ImportReport:
    results: list[ImportedConversation] = []
    for index, item in enumerate(items):
        source_id, title = _identity(item, index)
        try:
            plan = build(store, item, index)
        except _Refused as exc:
            results.append(ImportedConversation("failed", source_id, title, note=str(exc)))
            continue
        if isinstance(plan, ImportedConversation):  # skipped before anything was built
            results.append(plan)
            continue
        adjusted = _earlier_attempt(store, plan)
        if adjusted is None:
            results.append(
                ImportedConversation(
                    "skipped",
                    source_id,
                    plan.title,
                    session_id=plan.session_id,
                    note=f"already imported as {plan.session_id}",
                )
            )
            continue
        plan = adjusted
        count = _write(store, plan)
        results.append(
            ImportedConversation(
                "imported",
                source_id,
                plan.title,
                session_id=plan.session_id,
                events=count,
                messages=plan.messages,
                skipped_messages=plan.skipped,
                note=plan.note,
            )
        )
    return ImportReport(source, tuple(results))


def _identity(item: Any, index: int) -> tuple[str, str]:
    """A conversation's id and title in its source, for the report (best effort)."""
    if not isinstance(item, Mapping):
        return f"#{index + 1}", ""
    session = item.get("session")
    if isinstance(session, Mapping):  # a Parley export
        return _text(session.get("id")) or f"#{index + 1}", _text(session.get("title"))
    source_id = _text(item.get("conversation_id")) or _text(item.get("id"))
    source_id = source_id or _text(item.get("uuid")) or f"#{index + 1}"
    return source_id, _text(item.get("title")) or _text(item.get("name"))


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def import_session_id(source: str, source_id: str) -> str:
    """The session id an imported conversation gets: derived from where it came from, so the
    same conversation imported twice lands on the same id (and is skipped the second time)."""
    return hashlib.sha256(f"{source}:{source_id}".encode()).hexdigest()[:32]


# -- Parley's own export --------------------------------------------------------------------------


def import_parley(store: EventStore, data: Any) -> ImportReport:
    """Load Parley JSON exports (one object or a list) back into ``store``."""
    items = data if isinstance(data, list) else [data]
    return _run(store, "parley", items, _parley_plan)


def _parley_plan(store: EventStore, item: Any, index: int) -> _Plan:
    if not isinstance(item, Mapping) or item.get("format") != EXPORT_FORMAT:
        raise _Refused(f'item {index + 1} is not a Parley export ("format": "{EXPORT_FORMAT}")')
    version = item.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _Refused(f"item {index + 1} has no valid format version")
    if version > EXPORT_FORMAT_VERSION:
        raise _Refused(
            f"it was written by a newer Parley (format version {version}; this one reads "
            f"{EXPORT_FORMAT_VERSION})"
        )
    session = item.get("session")
    if not isinstance(session, Mapping):
        raise _Refused('it has no "session" object')
    original = session.get("id")
    if not isinstance(original, str) or not original:
        raise _Refused("its session has no id")
    title = _text(session.get("title"))
    project_id = session.get("project_id")
    if project_id is not None and not isinstance(project_id, str):
        raise _Refused("its session's project_id is not text")
    raw_events = item.get("events")
    if not isinstance(raw_events, list):
        raise _Refused('it has no "events" list')
    times = [_time_of(raw.get("ts")) if isinstance(raw, Mapping) else None for raw in raw_events]
    clock = _Clock(next((t for t in times if t is not None), None))
    events: list[tuple[str, Event, str, str | None, str | None]] = []
    source_ids: list[int | None] = []
    for n, raw in enumerate(raw_events, start=1):
        where = f"event {n}"
        if not isinstance(raw, Mapping):
            raise _Refused(f"{where} is not an object")
        type_name, turn_id = raw.get("type"), raw.get("turn_id")
        actor, work_item = raw.get("actor", ""), raw.get("work_item")
        where = f"event {n} ({type_name!r}, id {raw.get('id')!r})"
        if not isinstance(turn_id, str):
            raise _Refused(f"{where} has no turn_id")
        if not isinstance(actor, str) or not (work_item is None or isinstance(work_item, str)):
            raise _Refused(f"{where} has an actor or work_item that is not text")
        try:
            event = from_payload(type_name, raw.get("payload"))
        except ValueError as exc:
            raise _Refused(f"{where} cannot be read: {exc}") from exc
        events.append((turn_id, event, actor, work_item, clock(times[n - 1])))
        old_id = raw.get("id")
        known = isinstance(old_id, int) and not isinstance(old_id, bool)
        source_ids.append(old_id if known else None)

    notes = []
    chain = item.get("chain")
    if isinstance(chain, Mapping) and chain.get("ok") is False:
        notes.append(
            f"the export says its hash chain was broken at event "
            f"{chain.get('first_bad_event_id')} ({chain.get('reason', '')}); imported as it is"
        )
    session_id = original  # another id if a different conversation has it (_earlier_attempt)
    messages = sum(isinstance(e, UserMessage | AssistantText) for _t, e, _a, _w, _ts in events)
    return _Plan(
        session_id,
        title,
        project_id,
        events,
        messages,
        0,
        "; ".join(notes),
        source_ids=tuple(source_ids),
    )


# -- shared by ChatGPT and Claude -----------------------------------------------------------------


@dataclass
class _Message:
    role: str  # "user" or "assistant"
    text: str
    model: str = ""
    attachments: list[AttachmentAdded] = field(default_factory=list)
    when: datetime | None = None


@dataclass
class _Turn:
    user: _Message | None = None
    answers: list[_Message] = field(default_factory=list)


def _conversation_plan(
    *,
    source: str,
    provider_id: str,
    source_id: str,
    title: str,
    created: str,
    created_at: datetime | None,
    messages: Sequence[_Message],
    skipped: int,
    left_out: int,
    default_model: str,
) -> _Plan:
    turns: list[_Turn] = []
    for message in messages:
        if message.role == "user" or not turns:
            turns.append(_Turn())
        if message.role == "user":
            turns[-1].user = message
        else:
            turns[-1].answers.append(message)
    label = SOURCE_LABELS[source]
    detail = [f"conversation id {source_id}", f"{len(messages)} messages", f"{skipped} skipped"]
    if left_out:
        detail.append(f"{left_out} non-text parts left out")
    if created:
        detail.append(f"created {created}")
    fact = Fact(f"Imported from {label} ({', '.join(detail)})")

    first = next((m.when for m in messages if m.when is not None), None)
    # The conversation's creation, or its first message's time if that is earlier.
    clock = _Clock(min((t for t in (created_at, first) if t is not None), default=None))
    events: list[tuple[str, Event, str, str | None, str | None]] = []
    for number, turn in enumerate(turns):
        turn_id = mint_id()
        model = next((a.model for a in turn.answers if a.model), "") or default_model
        opening = turn.user or turn.answers[0]
        # None: the time before it (for the first turn, the conversation's start)
        turn_events: list[tuple[Event, datetime | None]] = [
            (TurnStarted(provider_id=provider_id, model=model), opening.when if number else None)
        ]
        if number == 0:
            turn_events.append((fact, None))
        if turn.user is not None:
            turn_events.append(
                (UserMessage(text=turn.user.text, source=IMPORT_SOURCE), turn.user.when)
            )
            turn_events.extend((a, None) for a in turn.user.attachments)
        turn_events.extend(
            (AssistantText(text=a.text, model=a.model or model, finish_reason=""), a.when)
            for a in turn.answers
        )
        turn_events.append((TurnFinished(status="completed"), None))
        events.extend((turn_id, e, IMPORT_SOURCE, None, clock(when)) for e, when in turn_events)

    first_prompt = next((m.text for m in messages if m.role == "user"), "")
    title = title.strip() or derive_title(first_prompt) or "Imported conversation"
    return _Plan(
        session_id=import_session_id(source, source_id),
        title=title,
        project_id=None,
        events=events,
        messages=len(messages),
        skipped=skipped,
        derived_id=True,
    )


def _unread_attachment(name: str, size: Any, media_type: Any, label: str) -> AttachmentAdded:
    return AttachmentAdded(
        name=name or "attachment",
        media_type=_text(media_type),
        size=_size_of(size),
        extractor=IMPORT_SOURCE,
        error=f"the {label} holds only the file's name, not its content",
        error_kind=NOT_EXPORTED,
    )


def _size_of(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _time_of(value: Any) -> datetime | None:
    """An export's time as an aware UTC datetime: epoch seconds (ChatGPT) or an ISO 8601 string
    (Claude, Parley; no offset means UTC); None when absent or unreadable."""
    try:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return datetime.fromtimestamp(value, UTC)
        if isinstance(value, str) and value.strip():
            when = datetime.fromisoformat(value.strip())
            when = when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)
            return when if when.year >= 1000 else None
    except (OverflowError, OSError, ValueError):
        return None
    return None


class _Clock:
    """Hands out an imported conversation's event times in order, never going back: an event
    without a time, or with one earlier than the event before it, gets that event's time.
    ``None`` (no time known at all yet) lets the store stamp "now"."""

    def __init__(self, start: datetime | None) -> None:
        self.last = start

    def __call__(self, when: datetime | None) -> str | None:
        if when is None or (self.last is not None and when < self.last):
            when = self.last
        self.last = when
        return None if when is None else when.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _epoch_to_iso(value: Any) -> str:
    if isinstance(value, int | float) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(value, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        except (OverflowError, OSError, ValueError):
            return ""
    return ""


# -- ChatGPT --------------------------------------------------------------------------------------


def import_chatgpt(store: EventStore, conversations: Sequence[Any]) -> ImportReport:
    """Import ChatGPT's ``conversations.json`` (a list of conversations)."""
    return _run(store, "chatgpt", conversations, _chatgpt_plan)


def _chatgpt_plan(store: EventStore, conv: Any, index: int) -> _Plan | ImportedConversation:
    if not isinstance(conv, Mapping):
        raise _Refused(f"item {index + 1} is not a conversation object")
    mapping = conv.get("mapping")
    if not isinstance(mapping, Mapping) or not mapping:
        raise _Refused('it has no "mapping" of messages')
    source_id = _text(conv.get("conversation_id")) or _text(conv.get("id"))
    if not source_id:
        digest = hashlib.sha256(json.dumps(conv, sort_keys=True, default=str).encode())
        source_id = "sha256-" + digest.hexdigest()[:24]
    title = _text(conv.get("title"))

    messages: list[_Message] = []
    skipped = left_out = 0
    for node in _chatgpt_path(mapping, conv.get("current_node")):
        message = node.get("message")
        if not isinstance(message, Mapping):
            continue  # the root (and other empty nodes) hold no message
        author = message.get("author")
        role = author.get("role") if isinstance(author, Mapping) else None
        content = message.get("content")
        content = content if isinstance(content, Mapping) else {}
        metadata = message.get("metadata")
        metadata = metadata if isinstance(metadata, Mapping) else {}
        if (
            role not in ("user", "assistant")
            or metadata.get("is_visually_hidden_from_conversation")
            or (role == "assistant" and message.get("recipient", "all") != "all")
            or content.get("content_type") not in ("text", "multimodal_text")
        ):
            skipped += 1
            continue
        parts = content.get("parts")
        parts = parts if isinstance(parts, list) else []
        texts = [p for p in parts if isinstance(p, str)]
        left_out += len(parts) - len(texts)
        text = "\n".join(t for t in texts if t)
        attachments = []
        if role == "user" and isinstance(metadata.get("attachments"), list):
            attachments = [
                _unread_attachment(
                    _text(a.get("name")), a.get("size"), a.get("mimeType"), "ChatGPT export"
                )
                for a in metadata["attachments"]
                if isinstance(a, Mapping)
            ]
        if not text.strip() and not attachments:
            skipped += 1
            continue
        model = _text(metadata.get("model_slug")) if role == "assistant" else ""
        when = _time_of(message.get("create_time"))
        messages.append(_Message(role, text, model, attachments, when))
    if not messages:
        return ImportedConversation(
            "skipped", source_id, title, note="no user or assistant text on the displayed path"
        )
    return _conversation_plan(
        source="chatgpt",
        provider_id=CHATGPT_PROVIDER,
        source_id=source_id,
        title=title,
        created=_epoch_to_iso(conv.get("create_time")),
        created_at=_time_of(conv.get("create_time")),
        messages=messages,
        skipped=skipped,
        left_out=left_out,
        default_model=_text(conv.get("default_model_slug")) or UNKNOWN_MODEL,
    )


def _chatgpt_path(mapping: Mapping[str, Any], current: Any) -> list[Mapping[str, Any]]:
    """The displayed branch: from ``current`` (else the newest leaf) up to the root, root first."""
    if not isinstance(current, str) or current not in mapping:
        current = _newest_leaf(mapping)
    path: list[Mapping[str, Any]] = []
    seen: set[str] = set()
    node_id: Any = current
    while isinstance(node_id, str) and node_id in mapping:
        if node_id in seen:
            raise _Refused(f"its message tree loops at node {node_id}")
        seen.add(node_id)
        node = mapping[node_id]
        if not isinstance(node, Mapping):
            raise _Refused(f"node {node_id} is not an object")
        path.append(node)
        node_id = node.get("parent")
    path.reverse()
    return path


def _newest_leaf(mapping: Mapping[str, Any]) -> str:
    best, best_time = "", float("-inf")
    for node_id, node in mapping.items():
        if not isinstance(node, Mapping) or node.get("children"):
            continue
        message = node.get("message")
        when = message.get("create_time") if isinstance(message, Mapping) else None
        when = when if isinstance(when, int | float) and not isinstance(when, bool) else 0.0
        if when >= best_time:
            best, best_time = str(node_id), when
    return best


# -- Claude ---------------------------------------------------------------------------------------


def import_claude(store: EventStore, conversations: Sequence[Any]) -> ImportReport:
    """Import Claude's ``conversations.json`` (a list of conversations)."""
    return _run(store, "claude", conversations, _claude_plan)


def _claude_plan(store: EventStore, conv: Any, index: int) -> _Plan | ImportedConversation:
    if not isinstance(conv, Mapping):
        raise _Refused(f"item {index + 1} is not a conversation object")
    chat = conv.get("chat_messages")
    if not isinstance(chat, list):
        raise _Refused('it has no "chat_messages" list')
    source_id = _text(conv.get("uuid"))
    if not source_id:
        digest = hashlib.sha256(json.dumps(conv, sort_keys=True, default=str).encode())
        source_id = "sha256-" + digest.hexdigest()[:24]
    title = _text(conv.get("name"))

    messages: list[_Message] = []
    skipped = left_out = 0
    for message in _claude_path(chat, conv.get("current_leaf_message_uuid")):
        sender = message.get("sender")
        if sender not in ("human", "assistant"):
            skipped += 1
            continue
        blocks = message.get("content")
        texts: list[str] = []
        if isinstance(blocks, list) and blocks:
            for block in blocks:
                if (
                    isinstance(block, Mapping)
                    and block.get("type") == "text"
                    and isinstance(block.get("text"), str)
                ):
                    texts.append(block["text"])
                else:
                    left_out += 1
        if not texts and isinstance(message.get("text"), str):
            texts = [message["text"]]
        text = "\n\n".join(t for t in texts if t)
        attachments: list[AttachmentAdded] = []
        if sender == "human":
            attachments = _claude_attachments(message)
        if not text.strip() and not attachments:
            skipped += 1
            continue
        role = "user" if sender == "human" else "assistant"
        when = _time_of(message.get("created_at"))
        messages.append(_Message(role, text, "", attachments, when))
    if not messages:
        return ImportedConversation(
            "skipped", source_id, title, note="no human or assistant text in the conversation"
        )
    return _conversation_plan(
        source="claude",
        provider_id=CLAUDE_PROVIDER,
        source_id=source_id,
        title=title,
        created=_text(conv.get("created_at")),
        created_at=_time_of(conv.get("created_at")),
        messages=messages,
        skipped=skipped,
        left_out=left_out,
        default_model=_text(conv.get("model")) or UNKNOWN_MODEL,
    )


def _claude_path(chat: list[Any], leaf: Any) -> list[Mapping[str, Any]]:
    """Messages in order; for a branched conversation, only the path to the displayed leaf."""
    messages = [m for m in chat if isinstance(m, Mapping)]
    by_id = {m["uuid"]: m for m in messages if isinstance(m.get("uuid"), str)}
    if not any(isinstance(m.get("parent_message_uuid"), str) for m in messages):
        return messages
    if not isinstance(leaf, str) or leaf not in by_id:
        # The newest message (ISO timestamps sort as text); the later one in the file on a tie.
        newest = max(range(len(messages)), key=lambda i: (_text(messages[i].get("created_at")), i))
        leaf = messages[newest].get("uuid")
    path: list[Mapping[str, Any]] = []
    seen: set[str] = set()
    node_id: Any = leaf
    while isinstance(node_id, str) and node_id in by_id:
        if node_id in seen:
            raise _Refused(f"its messages loop at {node_id}")
        seen.add(node_id)
        path.append(by_id[node_id])
        node_id = by_id[node_id].get("parent_message_uuid")
    path.reverse()
    return path


def _claude_attachments(message: Mapping[str, Any]) -> list[AttachmentAdded]:
    out: list[AttachmentAdded] = []
    for item in message.get("attachments") or ():
        if not isinstance(item, Mapping):
            continue
        name = _text(item.get("file_name")) or "attachment"
        text = _text(item.get("extracted_content"))
        if not text:
            out.append(
                _unread_attachment(
                    name, item.get("file_size"), item.get("file_type"), "Claude export"
                )
            )
            continue
        out.append(
            AttachmentAdded(
                name=name,
                media_type=_text(item.get("file_type")),
                size=_size_of(item.get("file_size")),
                extractor=IMPORT_SOURCE,
                chars=len(text),
                text=text,
            )
        )
    for item in message.get("files") or ():
        if isinstance(item, Mapping):
            out.append(
                _unread_attachment(_text(item.get("file_name")), None, None, "Claude export")
            )
    return out

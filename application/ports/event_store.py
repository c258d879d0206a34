"""The capability to keep the canonical event log of every conversation.

Why it exists: the runtime, the history use cases, the CLI and the window all read and write the
same durable record through this port; SQLite is one adapter (PostgreSQL may be another).

Invariants it keeps:

- ``append`` is append-only: events are never updated or deleted through this port;
- events of a session come back in append order, with strictly increasing integer ids;
- an appended event is durable when ``append`` returns (one committed transaction per append;
  ``append_many``: one for all its events, so they land together or not at all);
- text checkpointed while an answer streams is dropped only when the text is in the log
  (``assistant_text``), or by the next start's recovery, which puts them in the log;
- payloads are stored and read through ``domain.transcript.canonical`` (strict parsing), so an
  unreadable row is an error, not a guess;
- a conversation's own settings (title, pinned, project, the branch last looked at) are mutable,
  but changing them is not activity: ``updated_at`` moves only when an event is appended, so the
  "recent first" order reflects what was said, not what was clicked;
- ``turn_index`` and ``events_of_turns`` answer from the same log as ``events``: the index holds
  exactly the links ``BranchTree`` would read from the ``turn_started`` events, so a window can
  lay out the tail of a long conversation without reading all of it.

Errors::

    EventStoreError            the store could not do what was asked
     +-- SessionNotFound       no session has that id
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from parley.domain.transcript.canonical import Event, StoredEvent


class EventStoreError(Exception):
    """The event store failed; the message says how."""


class SessionNotFound(EventStoreError):
    """No session has the given id."""

    def __init__(self, session_id: str) -> None:
        super().__init__(f"no conversation with id {session_id!r}")
        self.session_id = session_id


@dataclass(frozen=True)
class SessionRecord:
    """A conversation's row: id, title, ISO 8601 UTC timestamps, optional project, whether it is
    pinned, and ``current_turn_id``: the leaf turn of the branch path the user last looked at
    (see ``domain.transcript.branches``; "" = the latest path)."""

    id: str
    title: str
    created_at: str
    updated_at: str
    project_id: str | None = None
    pinned: bool = False
    current_turn_id: str = ""


@dataclass(frozen=True)
class TurnIndexEntry:
    """A turn's place in the conversation's tree, as its ``turn_started`` recorded it:
    ``follows_turn_id`` ("" = starts from the top, ``None`` = a legacy log: follows the turn
    recorded before it), ``retry_of`` (the turn a legacy retry replaced), and ``first_event_id``,
    the id of its ``turn_started`` event (entries come in that order: the log's)."""

    turn_id: str
    follows_turn_id: str | None
    retry_of: str | None
    first_event_id: int


@dataclass(frozen=True)
class SearchFilters:
    """Narrow a search or a listing. Dates are ISO 8601 (UTC) strings compared as text; ``status``
    is a turn status (failed, cancelled, interrupted, timed_out, completed); ``verdict`` is an
    action decision (refused, asked, …); ``member``: the conversation's owner on a team store
    (a PostgreSQL role; "" = everyone the reader may see; a local store has one owner and
    ignores it)."""

    since: str = ""
    until: str = ""
    provider: str = ""
    model: str = ""
    project_id: str = ""
    workspace: str = ""
    status: str = ""
    has_tool_calls: bool = False
    verdict: str = ""
    member: str = ""


@dataclass(frozen=True)
class SearchHit:
    """One matching event: where it is, and a snippet with the matched words between the
    ``highlight`` markers (``[`` and ``]`` unless the caller asked otherwise)."""

    session_id: str
    session_title: str
    event_id: int
    turn_id: str
    type_name: str
    ts: str
    snippet: str


@dataclass(frozen=True)
class SessionSummary:
    """A conversation as the history window lists it."""

    id: str
    title: str
    created_at: str
    updated_at: str
    project_id: str | None
    workspaces: tuple[str, ...]
    models: tuple[str, ...]
    turns: int
    input_tokens: int
    output_tokens: int
    failures: int


@dataclass(frozen=True)
class SessionUsage:
    """The finished turns of one conversation on one provider's model: how many, and their
    tokens (what a conversation's cost is estimated from, with the price table)."""

    session_id: str
    provider_id: str
    model: str
    turns: int
    input_tokens: int
    output_tokens: int


@dataclass(frozen=True)
class ChainReport:
    """The result of checking a session's hash chain: ``ok``, or the first event that breaks it
    and why."""

    session_id: str
    ok: bool
    events_checked: int
    first_bad_event_id: int | None = None
    reason: str = ""


class EventStore(Protocol):
    """Durable, append-only event log per conversation (session)."""

    def create_session(
        self,
        title: str = "",
        *,
        session_id: str | None = None,
        project_id: str | None = None,
        pinned: bool = False,
    ) -> SessionRecord:
        """Create a conversation; a given ``session_id`` that exists already is an error."""
        ...

    def get_session(self, session_id: str) -> SessionRecord:
        """The conversation's record; raises ``SessionNotFound``."""
        ...

    def session_exists(self, session_id: str) -> bool:
        """True when a conversation has this id."""
        ...

    def list_sessions(self, limit: int | None = None) -> Sequence[SessionRecord]:
        """Conversations, most recently updated first."""
        ...

    def rename_session(self, session_id: str, title: str) -> None:
        """Change a conversation's title; raises ``SessionNotFound``."""
        ...

    def set_pinned(self, session_id: str, pinned: bool) -> None:
        """Pin or unpin a conversation (``updated_at`` unchanged); raises ``SessionNotFound``."""
        ...

    def set_current_turn(self, session_id: str, turn_id: str) -> None:
        """Remember the leaf turn of the branch path the user looks at ("" = the latest path).
        Selecting a branch is not activity: ``updated_at`` is unchanged. Raises
        ``SessionNotFound``, or ``EventStoreError`` for a turn the conversation does not have."""
        ...

    def set_project(self, session_id: str, project_id: str | None) -> None:
        """Move a conversation into a project (``None``: out of any); ``updated_at`` unchanged;
        raises ``SessionNotFound``."""
        ...

    def duplicate_session(self, session_id: str, *, title: str | None = None) -> SessionRecord:
        """A new conversation (fresh id, same project, not pinned) holding a copy of every event
        of ``session_id``: same turn ids, times and payloads (the event ids a ``compaction`` or a
        ``context_checked`` names become the copy's), its own valid hash chain, searchable
        like any other. Title: ``title``, else "<title> (copy)". Raises ``SessionNotFound``, or
        ``EventStoreError`` while a turn of the conversation is still running."""
        ...

    def append(
        self,
        session_id: str,
        turn_id: str,
        event: Event,
        *,
        actor: str = "",
        work_item: str | None = None,
        ts: str | None = None,
    ) -> StoredEvent:
        """Append one event (durably) and return it as stored; raises ``SessionNotFound``.

        ``ts``: for imports only: the original ISO 8601 UTC time; must not be earlier than the
        session's last event, else ``EventStoreError``. It becomes the session's ``updated_at``
        (on the session's first event, its ``created_at`` too)."""
        ...

    def append_many(
        self,
        session_id: str,
        turn_id: str,
        entries: Sequence[tuple[Event, str]],
        *,
        new_session: tuple[str, str | None] | None = None,
    ) -> Sequence[StoredEvent]:
        """Append ``entries`` (event, actor) to one turn in one transaction: all durably, or
        none (``turn_started`` and its ``user_message`` land together). ``new_session`` (title,
        project id): create the conversation in that same transaction (an error if it exists).
        Returns them as stored; raises ``SessionNotFound``."""
        ...

    def import_session(
        self,
        title: str,
        *,
        session_id: str,
        project_id: str | None,
        events: Sequence[tuple[str, Event, str, str | None, str | None]],
        replace: bool = False,
        source_ids: Sequence[int | None] = (),
    ) -> int:
        """Create a conversation holding ``events`` — (turn id, event, actor, work item, ISO 8601
        time) each, times as for ``append(ts=…)`` — in one transaction: all of it or, after a
        kill or a failure, nothing. ``replace``: first delete the conversation of that id (a
        partial earlier import), in the same transaction. ``source_ids`` (one per event, or
        none): the ids the events had where they came from; the event ids a ``compaction`` or a
        ``context_checked`` names are rewritten to the new ids, and a name that matches no
        earlier event of the import is cleared (``domain/transcript/event_refs``). Returns the
        number of events."""
        ...

    def events(self, session_id: str, *, after_id: int = 0) -> Sequence[StoredEvent]:
        """The conversation's events in append order, optionally only those after ``after_id``."""
        ...

    def turn_index(self, session_id: str) -> Sequence[TurnIndexEntry]:
        """Every turn of the conversation with its tree links, in log order (the order of their
        ``turn_started`` events); raises ``SessionNotFound``. Cheap: no event is decoded."""
        ...

    def events_of_turns(self, session_id: str, turn_ids: Sequence[str]) -> Sequence[StoredEvent]:
        """The events of the given turns only, in append order (an unknown turn id adds
        nothing); raises ``SessionNotFound``. Events outside any turn are not included."""
        ...

    # -- history for operators (issue 6) ---------------------------------------------------------

    def search(
        self, query: str, filters: SearchFilters | None = None, *, limit: int = 100
    ) -> Sequence[SearchHit]:
        """Full-text search over messages, answers, tool calls and results, attachment text and
        notices; newest first. An empty query lists matching events by filters only."""
        ...

    def summaries(
        self, filters: SearchFilters | None = None, *, limit: int | None = None
    ) -> Sequence[SessionSummary]:
        """Conversations with their figures, most recently updated first."""
        ...

    def session_usage(self, session_ids: Sequence[str]) -> Sequence[SessionUsage]:
        """The finished turns' tokens of each of ``session_ids`` per provider and model (an
        unknown id, or one the reader may not see, adds nothing); in no promised order."""
        ...

    def verify_chain(self, session_id: str) -> ChainReport:
        """Recompute the session's hash chain; raises ``SessionNotFound``."""
        ...

    def delete_session(self, session_id: str) -> int:
        """Remove a conversation and its events through the one retention path; returns the
        number of events removed; raises ``SessionNotFound``."""
        ...

    def checkpoint_partial(self, session_id: str, turn_id: str, text: str) -> str:
        """Durably add ``text`` (the answer streamed since the last checkpoint) to the turn's
        partial answer, in O(len(text)); dropped only when the turn's ``assistant_text`` lands
        (the text is in the log then). If the database refuses it, it is kept elsewhere for the
        next start to replay: the return value is then where ("" = in the database). Raises
        ``EventStoreError`` when the text could be kept nowhere."""
        ...

    def recover_interrupted(self) -> Sequence[str]:
        """Close every turn left without ``turn_finished`` (a crash or kill): append its
        checkpointed partial text as ``assistant_text(partial=True)`` and
        ``turn_finished(status="interrupted")``. Returns the recovered turn ids."""
        ...

    def close(self) -> None:
        """Release connections held by the calling thread's store object."""
        ...

"""Named operations on conversations, each returning what it changed.

Why it exists: renaming, pinning, duplicating, moving to a project, deleting and titling a
conversation used to be window methods that wrote to the store and then refreshed the sidebar,
the title field and the open conversation by hand, each calling the others' refreshes. Here each
one is a use case with a name: it does its store work (blocking: the UI runs it on a worker) and
returns an ``OpChanges`` — a small frozen value saying which conversation changed and what about
it. The UI emits that value once, and every view decides from it alone whether to refresh (the
shape of Anki's ``CollectionOp`` / ``OpChanges``).

Invariants it keeps:

- no Qt and no threads here: every function is a plain call on the ``EventStore`` port (and, for
  titles, a ``ChatProvider``), so it is tested with an in-memory store;
- an operation that changes nothing says so (``OpChanges.changed`` is False): an empty title is
  not a rename; a generated title never replaces one the user set meanwhile;
- the changes value is the only result: views never read the store to find out what an
  operation did;
- when to ask the model for a title is decided here (``wants_generated_title``), not in a widget:
  after the conversation's first completed answer, unless the user typed a title of their own.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

from parley.application.conversations.titles import generate_title
from parley.application.ports.chat_provider import ChatProvider
from parley.application.ports.event_store import EventStore, SessionRecord
from parley.domain.transcript.canonical import StoredEvent, TurnFinished

RENAME = "rename"
PIN = "pin"
DUPLICATE = "duplicate"
MOVE = "move to project"
HIDE = "delete (undoable)"
RESTORE = "undo delete"
DELETE = "delete"
DELETED_IN_HISTORY = "delete in the History window"
GENERATE_TITLE = "generate title"
RELIST = "list conversations"


@dataclass(frozen=True)
class OpChanges:
    """What one operation changed, for the views to decide whether to refresh.

    - ``session_id``: the conversation it was about ("" for none in particular);
    - ``title``: its new title, or ``None`` if the title did not change; ``replaces``: for a
      generated title, the titles it may replace on screen (one the user typed stays);
    - ``listing``: the conversation list (membership, a row's title or its section) changed;
    - ``order``: the list's order changed (pinning);
    - ``project``: the conversation moved; ``project_id`` is where to (``None``: no project);
    - ``deleted``: the conversation is gone from view — hidden behind Undo (``undoable``) or
      deleted for real; ``restored``: an undoable deletion was undone;
    - ``created``: a new conversation this operation made (a duplicate).
    """

    operation: str
    session_id: str = ""
    title: str | None = None
    replaces: tuple[str, ...] | None = None
    listing: bool = False
    order: bool = False
    project: bool = False
    project_id: str | None = None
    deleted: bool = False
    undoable: bool = False
    restored: bool = False
    created: SessionRecord | None = None

    @property
    def changed(self) -> bool:
        """Whether anything a view shows changed."""
        return (
            self.title is not None
            or self.listing
            or self.order
            or self.project
            or self.deleted
            or self.restored
            or self.created is not None
        )


def clean_title(title: str) -> str:
    """A typed title as it is kept: one line, single spaces."""
    return " ".join(title.split())


def rename(store: EventStore, session_id: str, title: str) -> OpChanges:
    """Give the conversation ``title`` (whitespace collapsed); an empty one changes nothing."""
    title = clean_title(title)
    if not title:
        return OpChanges(RENAME, session_id)
    store.rename_session(session_id, title)
    return OpChanges(RENAME, session_id, title=title, listing=True)


def pin(store: EventStore, session_id: str, pinned: bool) -> OpChanges:
    """Pin or unpin the conversation (the list's order changes, nothing else)."""
    store.set_pinned(session_id, pinned)
    return OpChanges(PIN, session_id, listing=True, order=True)


def duplicate(store: EventStore, session_id: str) -> OpChanges:
    """Copy the conversation; the copy is ``created`` (the original is unchanged)."""
    copy = store.duplicate_session(session_id)
    return OpChanges(DUPLICATE, copy.id, listing=True, order=True, created=copy)


def move_to_project(store: EventStore, session_id: str, project_id: str | None) -> OpChanges:
    """Move the conversation into ``project_id`` ("" or ``None``: out of any project)."""
    project_id = project_id or None
    store.set_project(session_id, project_id)
    return OpChanges(MOVE, session_id, listing=True, project=True, project_id=project_id)


def hide(session_id: str) -> OpChanges:
    """The conversation leaves every view while its deletion can still be undone (nothing is
    stored: the deletion happens when the offer expires, through ``delete``)."""
    return OpChanges(HIDE, session_id, listing=True, deleted=True, undoable=True)


def restore(session_id: str) -> OpChanges:
    """An undoable deletion was undone: the conversation comes back to the list."""
    return OpChanges(RESTORE, session_id, listing=True, restored=True)


def delete(store: EventStore, session_id: str) -> OpChanges:
    """Delete the conversation and its events for real."""
    store.delete_session(session_id)
    return OpChanges(DELETE, session_id, listing=True, deleted=True)


def deleted_elsewhere(session_id: str) -> OpChanges:
    """Another view (the History window) deleted the conversation itself."""
    return OpChanges(DELETED_IN_HISTORY, session_id, listing=True, deleted=True)


def relist() -> OpChanges:
    """Something outside these operations changed the list (a turn recorded a new conversation,
    or its activity moved one up): the list is read again."""
    return OpChanges(RELIST, listing=True, order=True)


# -- generated titles ------------------------------------------------------------------------------


def completed_answers(events: Sequence[StoredEvent]) -> int:
    """How many turns of the log ended with a completed answer."""
    return sum(
        1 for e in events if isinstance(e.event, TurnFinished) and e.event.status == "completed"
    )


def wants_generated_title(events: Sequence[StoredEvent], *, shown: str, stored: str) -> bool:
    """Whether to ask the model for a title now: right after the conversation's first completed
    answer (a failed try before it is fine), and only if the title shown is empty or the one
    Parley derived (``stored``) — never over a title the user typed."""
    if completed_answers(events) != 1:
        return False
    shown = shown.strip()
    return not shown or shown == stored


def generated_title(
    store: EventStore,
    provider: ChatProvider,
    session_id: str,
    *,
    model: str,
    prompt: str,
    answer: str,
    replaceable: Sequence[str],
    cancel: threading.Event | None = None,
) -> OpChanges:
    """Ask the model for a title (blocking) and keep it — only if the stored title is still one
    Parley made (empty or in ``replaceable``): one the user set meanwhile, in this window or
    another, stays. ``replaces`` of the result names what the new title may replace on screen."""
    title = generate_title(provider, model, prompt, answer, cancel or threading.Event())
    current = store.get_session(session_id).title
    if not title or current not in ("", *replaceable):
        return OpChanges(GENERATE_TITLE, session_id)
    store.rename_session(session_id, title)
    return OpChanges(
        GENERATE_TITLE,
        session_id,
        title=title,
        replaces=tuple(dict.fromkeys(("", current, *replaceable))),
        listing=True,
    )


def title_to_show(changes: OpChanges, shown: str) -> str | None:
    """What the title field should show after ``changes`` (``None``: leave it): a rename always
    shows; a generated title only replaces an empty field or a title Parley made."""
    if changes.title is None:
        return None
    if changes.replaces is not None and shown.strip() not in changes.replaces:
        return None
    return changes.title if changes.title != shown else None

"""Branches: a conversation is a tree of turns, and the user sees (and the model is sent) one path.

Why it exists: regenerating an answer or editing an earlier message must not delete anything. Each
``turn_started`` records the turn it follows (``follows_turn_id``); a regenerated or edited turn
follows the same turn as the one it replaces, so the two are *siblings*. The transcript shows one
path from the first turn to a leaf, with "< 2 / 3 >" arrows where a turn has siblings; the provider
request of a turn is rendered from that turn's own path only.

Invariants it keeps:

- ``follows_turn_id`` is ``ROOT`` ("") for a turn that starts the conversation (or a branch from its
  very start), a turn id otherwise. ``None`` only appears in logs written before branches existed:
  such a turn follows the turn recorded before it (a linear conversation), except a legacy retry
  (``retry_of`` set), which is a sibling of the turn it retried;
- a turn whose recorded parent is unknown (a damaged or hand-edited log) is treated as a root
  rather than dropped: nothing the user wrote disappears from view;
- children keep their log order, so "the latest branch" is the last one recorded, and every
  function here is deterministic for a given log;
- events outside any turn (none today; a future session-level event) are on every path.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from parley.domain.transcript.canonical import StoredEvent, TurnStarted

#: ``follows_turn_id`` of a turn that follows no other turn.
ROOT = ""


class TurnLink(Protocol):
    """What the tree needs of a turn (a turn index row is one; read-only is enough)."""

    @property
    def turn_id(self) -> str: ...
    @property
    def follows_turn_id(self) -> str | None: ...
    @property
    def retry_of(self) -> str | None: ...


@dataclass(frozen=True)
class BranchPosition:
    """Where a turn sits among its siblings: ``index`` of ``count`` (1-based), and the turn ids
    of its left and right neighbours (None at either end)."""

    index: int
    count: int
    previous: str | None = None
    next: str | None = None

    @property
    def label(self) -> str:
        """``2 / 3`` (what the transcript shows between its arrows)."""
        return f"{self.index} / {self.count}"


class BranchTree:
    """The tree of a conversation's turns, built once from its events (in log order)."""

    def __init__(self, events: Iterable[StoredEvent]) -> None:
        self.parent: dict[str, str | None] = {}
        self.children: dict[str | None, list[str]] = {None: []}
        self.order: list[str] = []
        self._previous: str | None = None
        for stored in events:
            event = stored.event
            if isinstance(event, TurnStarted):
                self._add(stored.turn_id, event.follows_turn_id, event.retry_of)

    @classmethod
    def from_index(cls, links: Iterable[TurnLink]) -> BranchTree:
        """The same tree from a turn index (the store's ``turns`` rows, in log order): no event
        has to be read or decoded to know a conversation's shape."""
        tree = cls(())
        for link in links:
            tree._add(link.turn_id, link.follows_turn_id, link.retry_of)
        return tree

    def _add(self, turn_id: str, follows: str | None, retry_of: str | None) -> None:
        if turn_id in self.parent:  # a repeated turn_started: the first one counts
            return
        if follows is not None:
            parent: str | None = follows or None
        elif retry_of and retry_of in self.parent:
            parent = self.parent[retry_of]
        else:
            parent = self._previous
        if parent is not None and parent not in self.parent:
            parent = None  # unknown parent: keep the turn visible as a root
        self.parent[turn_id] = parent
        self.children.setdefault(parent, []).append(turn_id)
        self.children.setdefault(turn_id, [])
        self.order.append(turn_id)
        self._previous = turn_id

    def __contains__(self, turn_id: object) -> bool:
        return turn_id in self.parent

    @property
    def is_empty(self) -> bool:
        return not self.order

    def siblings(self, turn_id: str) -> Sequence[str]:
        """The turns that follow the same turn as ``turn_id`` (itself included), in log order."""
        return tuple(self.children.get(self.parent.get(turn_id), ()))

    def position(self, turn_id: str) -> BranchPosition:
        siblings = self.siblings(turn_id)
        index = siblings.index(turn_id)
        return BranchPosition(
            index=index + 1,
            count=len(siblings),
            previous=siblings[index - 1] if index > 0 else None,
            next=siblings[index + 1] if index + 1 < len(siblings) else None,
        )

    def positions(self, path: Iterable[str]) -> dict[str, BranchPosition]:
        """The branch position of every turn on ``path`` that has siblings."""
        return {t: self.position(t) for t in path if len(self.siblings(t)) > 1}

    def path_to(self, turn_id: str) -> tuple[str, ...]:
        """The turns from the first one down to ``turn_id`` (empty if unknown)."""
        if turn_id not in self.parent:
            return ()
        path: list[str] = []
        node: str | None = turn_id
        seen: set[str] = set()
        while node is not None and node not in seen:  # a cycle cannot be recorded; be safe
            seen.add(node)
            path.append(node)
            node = self.parent.get(node)
        return tuple(reversed(path))

    def latest_leaf(self, start: str | None = None) -> str | None:
        """From ``start`` (None: the top), follow the latest child down to a leaf."""
        node = start
        while True:
            kids = self.children.get(node, [])
            if not kids:
                return node
            node = kids[-1]

    def path_through(self, turn_id: str | None) -> tuple[str, ...]:
        """The path shown when ``turn_id`` is selected: down to it, then on along the latest
        children to a leaf. ``None`` or an unknown id gives the latest path of the tree."""
        if turn_id is None or turn_id not in self.parent:
            leaf = self.latest_leaf()
            return self.path_to(leaf) if leaf is not None else ()
        leaf = self.latest_leaf(turn_id)
        return self.path_to(leaf or turn_id)

    def leaf(self, current: str | None = None) -> str | None:
        """The last turn of the path through ``current`` (what a new turn would follow)."""
        path = self.path_through(current)
        return path[-1] if path else None


def events_on_path(events: Iterable[StoredEvent], path: Iterable[str]) -> list[StoredEvent]:
    """The events of the turns on ``path`` (in log order), plus events outside any turn."""
    events = list(events)
    on_path = set(path)
    started = {s.turn_id for s in events if isinstance(s.event, TurnStarted)}
    return [s for s in events if s.turn_id in on_path or s.turn_id not in started]


def follows_for_new_turn(tree: BranchTree, current: str | None) -> str:
    """``follows_turn_id`` for a new turn sent after the path through ``current``."""
    leaf = tree.leaf(current)
    return leaf if leaf is not None else ROOT


def follows_for_sibling(tree: BranchTree, turn_id: str) -> str:
    """``follows_turn_id`` for a new turn that replaces ``turn_id`` (regenerate, edit, retry)."""
    parent = tree.parent.get(turn_id)
    return parent if parent is not None else ROOT

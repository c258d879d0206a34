"""The conversation model: one reducer from stored events (and streamed text) to shown items.

Why it exists: the same event used to be interpreted in three places that disagreed — live
(``MainWindow._on_event``), on reopen (``TranscriptView._lay_out_group``) and on a theme change (a
replay of recorded widget calls). This module is now the only place an event is interpreted for
display. A live turn, a reopened conversation, a theme or zoom change and a branch switch all go
through ``reduce`` / ``apply_text`` / ``select`` and end as the same ``items``; a view renders the
items once and then only ``changes(old, new)``.

The operations (all pure: a state is never changed, each returns a new one):

- ``empty(prices)`` / ``from_events(events, selected, prices)``: a conversation opened at once;
- ``reduce(state, stored)``: one more event appended to the log (live);
- ``apply_text(state, turn_id, chunk)``: answer text streamed in, not yet stored;
- ``select(state, turn_id)``: show the path through another branch (not an event: looking at a
  branch is not activity, ADR-005);
- ``reveal(state, shown)``: show (or hide again) the turns a compaction summarised (not an
  event either: like ``select``, a way of looking);
- ``items(state)``, ``state.total``, ``state.leaf``, ``changes(old, new)``, ``appended_text``.

Decisions (the one interpretation of each former disagreement):

1. **A notice is an item of its own, in log order, everywhere.** Live it used to be
   ``add_notice`` (a line after the streamed text, splitting the answer), on reopen a status line
   before the answer (the step's text is recorded after it). Now it is always a ``Notice`` item at
   its place in the log. The streamed text of a step is provisional and always sits where its
   ``assistant_text`` will be recorded — at the end: an event recorded while a step streams (a
   retry notice, the step's reasoning) goes *before* the streamed text, exactly as on reopen.
   So an answer is never split around a notice, live or reopened.
2. **How a turn ended comes only from its ``turn_finished``.** Live, a failure used to reach the
   transcript only through the window's ``end_answer`` (and not at all in some paths), on reopen
   from the event. Now ``turn_finished`` becomes one ``Outcome`` item — result ok / stopped /
   failed / interrupted, the error kind and text, whether it can be retried (failed or timed out,
   and no turn retried it yet), the turn's usage, cost and duration (the footer) — identically
   live and reopened. The window's ``TurnOutcome`` no longer draws anything in the transcript.
3. **A stopped turn has exactly one line.** On reopen the partial ``assistant_text`` added
   "(stopped — partial answer kept)" and the ``turn_finished`` then "(stopped)". Now
   ``AssistantText.partial`` only marks its ``TextPart`` (``partial=True``); the single
   ``Outcome`` says "(stopped — partial answer kept)" when the turn kept answer text, else
   "(stopped)" (``Outcome.summary``). A failure mid-stream likewise keeps its partial text and
   says only "Failed: …".

Other rules:

- the path shown is ``BranchTree.path_through(anchor)``; every new turn becomes the anchor (a turn
  just started is what the user looks at), ``select`` sets it; ``from_events(selected=None)``
  anchors on the last turn started, so live and at-once agree;
- items are grouped by turn in path order, and in log order within a turn; a tool call's verdicts
  and result update its card wherever it is; ``attachment_added`` fills its line under the user
  message (matched by path, then name, then the first file still waiting);
- streamed text that the log never stores is dropped when its turn finishes (the log is the
  truth: reopening would not show it either); stored text replaces streamed text;
- reasoning is an answer part, before the step's text (the view shows it as a collapsed header
  over the answer): its time is from the step's start (the turn's last event that is not the
  model's output) to its record, and unknown (None) in an answer with stored text — the runtime
  records reasoning when the step's stream ends, so that span would include the text's time
  (streamed text does not count: it may never be stored, and the log alone decides);
- ``gate_opened``, ``fact`` and ``context_checked`` are not items (the verdicts carry the gate's
  question; the exports show them); the shown path's latest ``context_checked`` is
  ``state.fill`` (``queries.context_fill``); events of a turn whose ``turn_started`` was never
  seen (a damaged log) are counted in ``state.unplaced``, not shown;
- **a compaction is one divider, where the turns it replaced were.** Which compaction applies to
  the shown path, and which of its events it stands in for, is
  ``application.conversations.compaction.applicable_record`` (the renderer's answer, never
  re-derived here): the path's turns whose every event it replaced are hidden behind one
  ``CompactionDivider`` placed at the first of them, unless ``reveal`` shows them again (the
  divider stays above them). It is decided on the path, not on the turn that recorded it: a
  branch whose turns it did not replace shows no divider, and live and reopened agree (a
  compaction recorded live lays the path out again from its divider: a rare event);
- ``retrieval_performed`` gives its excerpts to the turn's answers after it (``Answer.sources``;
  ``Answer.cited`` are those its text cites as ``[n]``); an answer open when it is recorded
  gets them too;
- sums (``state.total``) are the SUM over the shown path's finished turns, field by field
  (``items.add_usage``; ``Usage.merged`` replaces and is not used here).

Cost: amortised O(1) per event and per chunk. Items are a persistent list (each state shares all
but its newest nodes with the previous one); streamed text is a ``Rope``; updating a tool card
costs the number of items after it (the rest of its step). A branch switch costs the items of the
turns that change. Bookkeeping that is not part of a state's value (the tree, per-turn events)
lives in an index owned by the newest state; reducing an older state again is allowed and correct
(it rebuilds its own index from the events it has seen: O(events) for that fork).

Qt-free (this is ``application``).
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from decimal import Decimal
from functools import cached_property

from parley.application.conversation_view.items import (
    OUTCOME_RESULTS,
    Answer,
    AnswerPart,
    AttachmentLine,
    Attachments,
    CompactionDivider,
    Item,
    Notice,
    Outcome,
    ReasoningPart,
    Rope,
    Source,
    TextPart,
    ToolCard,
    Totals,
    UserMessage,
)
from parley.application.conversations.compaction import applicable_record
from parley.domain.transcript.branches import BranchPosition, BranchTree
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    AttachmentAdded,
    Compaction,
    ContextChecked,
    Reasoning,
    RetrievalPerformed,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
)
from parley.domain.transcript.canonical import Notice as NoticeEvent
from parley.domain.transcript.canonical import UserMessage as UserMessageEvent
from parley.domain.transcript.excerpts import excerpts_of
from parley.domain.usage.pricing import ModelPrice, estimate_cost, find_price

# -- the persistent item list ---------------------------------------------------------------------


class _Node:
    """One item and everything before it (a cons list, newest first)."""

    __slots__ = ("item", "prev", "size")

    def __init__(self, item: Item, prev: _Node | None) -> None:
        self.item = item
        self.prev = prev
        self.size: int = prev.size + 1 if prev is not None else 1


def _size(node: _Node | None) -> int:
    return node.size if node is not None else 0


def _update(head: _Node | None, stop: _Node | None, key: str, item: Item) -> _Node | None:
    """``head`` with the item keyed ``key`` (after ``stop``) replaced by ``item``; None if no
    such item. Costs the number of items after it."""
    after: list[Item] = []
    node = head
    while node is not None and node is not stop:
        if node.item.key == key:
            new = _Node(item, node.prev)
            for later in reversed(after):
                new = _Node(later, new)
            return new
        after.append(node.item)
        node = node.prev
    return None


def _find(head: _Node | None, stop: _Node | None, key: str) -> Item | None:
    node = head
    while node is not None and node is not stop:
        if node.item.key == key:
            return node.item
        node = node.prev
    return None


# -- the index (bookkeeping owned by the newest state) --------------------------------------------


class _Tree(BranchTree):
    """``BranchTree`` grown one ``turn_started`` at a time (the same rules, ADR-005)."""

    def add(self, turn_id: str, started: TurnStarted) -> None:
        self._add(turn_id, started.follows_turn_id, started.retry_of)


class _Turn:
    __slots__ = ("cost", "events", "fill", "finished", "started", "usage")

    def __init__(self, started: TurnStarted) -> None:
        self.started = started
        self.events: list[StoredEvent] = []
        self.finished = False
        self.usage: Usage | None = None
        self.cost: Decimal | None = None
        self.fill: StoredEvent | None = None  # the turn's latest ``context_checked``


class _Lay:
    """How far a shown turn's layout has got: answers opened, answer texts stored, files
    listed, and when its current step began (the timestamp of its last event that is not the
    model's output: a reasoning's time is counted from it)."""

    __slots__ = ("answers", "files", "sources", "step_ts", "texts")

    def __init__(self) -> None:
        self.answers = 0
        self.texts = 0
        self.files = False
        self.step_ts = ""
        self.sources: tuple[Source, ...] = ()  # the excerpts retrieved so far in the turn


_NEW, _EVENT, _UNPLACED = "new", "event", "unplaced"
_stamps = itertools.count(1)


class _Index:
    def __init__(self, prices: Sequence[ModelPrice]) -> None:
        self.stamp = 0
        self.prices = tuple(prices)
        self._price_cache: dict[tuple[str, str], ModelPrice | None] = {}
        self.events: list[StoredEvent] = []
        self.tree = _Tree(())
        self.turns: dict[str, _Turn] = {}
        self.retried: set[str] = set()
        self.unplaced = 0
        # The shown path, and per turn on it: where its items begin, its layout, the sums so far.
        self.path: list[str] = []
        self.where: dict[str, int] = {}
        self.starts: list[_Node | None] = []
        self.lays: list[_Lay] = []
        self.sums: list[Totals] = []
        # Per turn on the path: the latest ``context_checked`` up to it.
        self.fills: list[StoredEvent | None] = []
        # The compactions recorded (any branch), which one applies to the shown path, the turns
        # of the path it hides (``hidden``) and the divider standing in for them, placed at the
        # turn ``divider_at``; the compactions whose turns the user chose to see (``revealed``).
        self.compactions: list[StoredEvent] = []
        self.applied: StoredEvent | None = None
        self.hidden: frozenset[str] = frozenset()
        self.hidden_order: tuple[str, ...] = ()  # the same turns, in path order
        self.divider_at: str | None = None
        self.revealed: frozenset[int] = frozenset()

    def price(self, started: TurnStarted) -> ModelPrice | None:
        key = (started.provider_id, started.model)
        if key not in self._price_cache:
            self._price_cache[key] = find_price(self.prices, *key)
        return self._price_cache[key]

    def record(self, stored: StoredEvent) -> str:
        """Keep ``stored`` (no layout): whether it started a turn, belongs to one, or neither."""
        self.events.append(stored)
        event, turn_id = stored.event, stored.turn_id
        turn = self.turns.get(turn_id)
        if isinstance(event, TurnStarted) and turn is None:
            self.tree.add(turn_id, event)
            turn = self.turns[turn_id] = _Turn(event)
            turn.events.append(stored)
            if event.retry_of:
                self.retried.add(event.retry_of)
            return _NEW
        if turn is None:
            self.unplaced += 1
            return _UNPLACED
        turn.events.append(stored)
        if isinstance(event, TurnFinished):
            turn.finished = True
            turn.usage = event.usage
            turn.cost = estimate_cost(event.usage, self.price(turn.started))
        elif isinstance(event, ContextChecked):
            turn.fill = stored
        elif isinstance(event, Compaction):
            self.compactions.append(stored)
        return _EVENT

    def branch(self, turn_id: str) -> BranchPosition | None:
        if len(self.tree.siblings(turn_id)) < 2:
            return None
        return self.tree.position(turn_id)

    def resum(self, start: int) -> None:
        """The sums and the latest fill of the path's turns from ``start`` on."""
        for pos in range(start, len(self.path)):
            base = self.sums[pos - 1] if pos else Totals()
            turn = self.turns[self.path[pos]]
            if turn.finished and turn.usage is not None:
                base = base.plus(turn.usage, turn.cost)
            self.sums[pos] = base
            previous = self.fills[pos - 1] if pos else None
            self.fills[pos] = turn.fill if turn.fill is not None else previous

    def event_by_id(self, event_id: int) -> StoredEvent | None:
        """A recorded event by its id (the log is in id order: a binary search)."""
        at = bisect.bisect_left(self.events, event_id, key=lambda s: s.id)
        if at < len(self.events) and self.events[at].id == event_id:
            return self.events[at]
        return None

    def compaction_for(self, path: Sequence[str]) -> tuple[StoredEvent | None, tuple[str, ...]]:
        """Which recorded compaction applies to ``path`` (``compaction.applicable_record``: the
        renderer's own answer) and the
        turns of the path it hides (each of whose events it replaced), in path order."""
        ends = [
            c.event.replaces[1]
            for c in self.compactions
            if isinstance(c.event, Compaction) and len(c.event.replaces) == 2
        ]
        if not ends:
            return None, ()
        reach = max(ends)
        # Only the turns that begin within some compaction's range can be replaced (the path's
        # turns start in id order): the rest of the path is not read.
        prefix: list[str] = []
        path_events: list[StoredEvent] = []
        for turn_id in path:
            events = self.turns[turn_id].events
            if events[0].id > reach:
                break
            prefix.append(turn_id)
            path_events.extend(events)
        ends_of: dict[int, StoredEvent] = {}
        for c in self.compactions:
            assert isinstance(c.event, Compaction)
            for event_id in c.event.replaces:
                stored = self.event_by_id(event_id)
                if stored is not None:
                    ends_of[stored.id] = stored
        found = applicable_record([*self.compactions, *ends_of.values()], path_events)
        if found is None:
            return None, ()
        applied, replaced = found
        hidden: list[str] = []
        for turn_id in prefix:
            own = [s.id for s in self.turns[turn_id].events if not isinstance(s.event, Compaction)]
            if own and all(i in replaced for i in own):
                hidden.append(turn_id)
        return (applied, tuple(hidden)) if hidden else (None, ())

    def apply_compaction(self, path: Sequence[str]) -> None:
        self.applied, self.hidden_order = self.compaction_for(path)
        self.hidden = frozenset(self.hidden_order)
        self.divider_at = self.hidden_order[0] if self.hidden_order else None

    def divider(self) -> CompactionDivider:
        applied = self.applied
        assert applied is not None and isinstance(applied.event, Compaction)
        event = applied.event
        replaced = self.hidden_order
        assert self.divider_at is not None
        return CompactionDivider(
            key=f"{self.divider_at}/compaction/{applied.id}",
            turn_id=self.divider_at,
            summary=event.summary,
            model=event.model,
            event_id=applied.id,
            replaced_turns=replaced,
            turns=event.turns,
            trigger=event.trigger,
            revealed=applied.id in self.revealed,
        )

    def concealed(self, turn_id: str) -> bool:
        """Whether ``turn_id``'s events are hidden behind the divider (not revealed)."""
        return (
            turn_id in self.hidden
            and self.applied is not None
            and self.applied.id not in self.revealed
        )


# -- laying out one event -------------------------------------------------------------------------


def _place(ix: _Index, head: _Node | None, pos: int, stored: StoredEvent) -> _Node | None:
    """``head`` with ``stored`` (an event of the turn at ``pos`` on the path) laid out."""
    event, turn_id, event_id = stored.event, stored.turn_id, stored.id
    lay, stop = ix.lays[pos], ix.starts[pos]
    if not isinstance(event, Reasoning | AssistantText):
        lay.step_ts = stored.ts  # the model's next call starts after this event
    if isinstance(event, UserMessageEvent):
        head = _Node(
            UserMessage(
                f"{turn_id}/user/{event_id}",
                turn_id,
                event.text,
                event_id,
                event.source,
                ix.branch(turn_id),
            ),
            head,
        )
        paths = ix.turns[turn_id].started.attachments
        if paths and not lay.files:
            lay.files = True
            lines = tuple(AttachmentLine(_file_name(p), p) for p in paths)
            head = _Node(Attachments(f"{turn_id}/files", turn_id, lines), head)
        return head
    if isinstance(event, AttachmentAdded):
        key = f"{turn_id}/files"
        found = _find(head, stop, key) if lay.files else None
        if isinstance(found, Attachments):
            item = replace(found, lines=_fill(found.lines, event, event_id))
            return _update(head, stop, key, item)
        lay.files = True
        return _Node(Attachments(key, turn_id, _fill((), event, event_id)), head)
    if isinstance(event, Reasoning):
        seconds = _seconds_between(lay.step_ts, stored.ts)
        part: AnswerPart = ReasoningPart(
            event.text, event.model, event_id, not event.text, None if not event.text else seconds
        )
        return _add_part(ix, head, pos, turn_id, part)
    if isinstance(event, AssistantText):
        if event.text:
            lay.texts += 1
        part = TextPart(
            Rope.of(event.text), event.model, event_id, event.partial, event.finish_reason
        )
        return _add_part(ix, head, pos, turn_id, part)
    if isinstance(event, ToolCall | ActionVerdict | ToolResult):
        key = f"{turn_id}/tool/{event.call_id}"
        card = _find(head, stop, key)
        if not isinstance(card, ToolCard):
            card = ToolCard(key, turn_id, event.call_id)
        ids = (*card.event_ids, event_id)
        if isinstance(event, ToolCall):
            new = replace(card, call=event, event_ids=ids)
        elif isinstance(event, ActionVerdict):
            new = replace(card, verdicts=(*card.verdicts, event), event_ids=ids)
        else:
            new = replace(card, result=event, event_ids=ids)
        updated = _update(head, stop, key, new) if card.event_ids else None
        return updated if updated is not None else _Node(new, head)
    if isinstance(event, RetrievalPerformed):
        lay.sources = tuple(Source(e, event_id) for e in excerpts_of(event.excerpts))
        top = head.item if head is not None and head is not stop else None
        if isinstance(top, Answer) and top.turn_id == turn_id:
            assert head is not None
            return _Node(replace(top, sources=lay.sources), head.prev)
        return head
    if isinstance(event, NoticeEvent):
        notice = Notice(
            f"{turn_id}/notice/{event_id}", turn_id, event.text, event.level, event.files, event_id
        )
        return _Node(notice, head)
    if isinstance(event, TurnFinished):
        started = ix.turns[turn_id].started
        result = OUTCOME_RESULTS.get(event.status, "failed")
        outcome = Outcome(
            key=f"{turn_id}/end/{event_id}",
            turn_id=turn_id,
            status=event.status,
            result=result,
            event_id=event_id,
            error=event.error,
            error_kind=event.error_kind,
            partial_kept=lay.texts > 0 and result != "ok",
            retryable=event.status in ("failed", "timed_out") and turn_id not in ix.retried,
            usage=event.usage,
            cost=estimate_cost(event.usage, ix.price(started)),
            duration_s=event.duration_s,
        )
        return _Node(outcome, head)
    # turn_started (shown through the user message), gate_opened, fact, context_checked, and
    # compaction (its divider comes from the path: ``_Index.compaction_for``)
    return head


def _seconds_between(start: str, end: str) -> float | None:
    """Seconds from one ISO 8601 timestamp to another (None when either is missing or bad)."""
    if not start or not end:
        return None
    try:
        span = datetime.fromisoformat(end) - datetime.fromisoformat(start)
    except (ValueError, TypeError):  # (TypeError: one naive, one aware)
        return None
    seconds = span.total_seconds()
    return seconds if seconds >= 0 else None


def _file_name(path: str) -> str:
    name = path.replace("\\", "/").rstrip("/").rsplit("/", 1)[-1]
    return name or path


def _fill(
    lines: tuple[AttachmentLine, ...], event: AttachmentAdded, event_id: int
) -> tuple[AttachmentLine, ...]:
    """The lines with the one ``event`` reports on filled in (or a new line)."""
    waiting = [i for i, line in enumerate(lines) if line.event is None]
    index = next(
        (i for i in waiting if event.source_path and lines[i].path == event.source_path), None
    )
    if index is None:
        index = next((i for i in waiting if lines[i].name == event.name), None)
    if index is None and waiting:
        index = waiting[0]
    if index is None:
        return (*lines, AttachmentLine(event.name, event.source_path, event, event_id))
    line = replace(lines[index], event=event, event_id=event_id)
    return (*lines[:index], line, *lines[index + 1 :])


def _add_part(
    ix: _Index, head: _Node | None, pos: int, turn_id: str, part: AnswerPart
) -> _Node | None:
    """An answer part joins the answer just above, or opens the turn's next answer."""
    top = head.item if head is not None and head is not ix.starts[pos] else None
    if isinstance(top, Answer) and top.turn_id == turn_id:
        assert head is not None
        parts = top.parts
        # A step that also gave answer text recorded its reasoning when its stream ended, so the
        # reasoning's time would count the text's: it is not known. (Stored text only: streamed
        # text may never be stored, and what is shown must follow from the log alone.)
        if _stored_text(part):
            parts = tuple(
                replace(p, seconds=None)
                if isinstance(p, ReasoningPart) and p.seconds is not None
                else p
                for p in parts
            )
        elif (
            isinstance(part, ReasoningPart)
            and part.seconds is not None
            and any(_stored_text(p) for p in parts)
        ):
            part = replace(part, seconds=None)
        return _Node(replace(top, parts=(*parts, part)), head.prev)
    lay = ix.lays[pos]
    n = lay.answers
    lay.answers += 1
    model = part.model or ix.turns[turn_id].started.model
    answer = Answer(f"{turn_id}/answer/{n}", turn_id, model, (part,), n > 0, lay.sources)
    return _Node(answer, head)


def _stored_text(part: AnswerPart) -> bool:
    return isinstance(part, TextPart) and part.event_id is not None and bool(part.rope.length)


def _streaming_top(head: _Node | None) -> Answer | None:
    top = head.item if head is not None else None
    return top if isinstance(top, Answer) and top.streaming else None


def _detach(ix: _Index, head: _Node | None) -> _Node | None:
    """``head`` without the streamed (unstored) text at its end, if there is any."""
    top = _streaming_top(head)
    if top is None:
        return head
    assert head is not None
    if len(top.parts) == 1:
        ix.lays[-1].answers -= 1
        return head.prev
    return _Node(replace(top, parts=top.parts[:-1]), head.prev)


def _attach(ix: _Index, head: _Node | None, streaming: tuple[str, Rope] | None) -> _Node | None:
    """``head`` with the streamed text at its end, when its turn is the last one shown."""
    if streaming is None or not ix.path or ix.path[-1] != streaming[0]:
        return head
    turn_id, rope = streaming
    part = TextPart(rope, ix.turns[turn_id].started.model)
    return _add_part(ix, head, len(ix.path) - 1, turn_id, part)


def _rebuild(
    ix: _Index,
    head: _Node | None,
    keep: int,
    suffix: Sequence[str],
    streaming: tuple[str, Rope] | None,
    *,
    recheck: bool = False,
) -> _Node | None:
    """Keep the first ``keep`` turns of the path, then lay out ``suffix`` after them.

    Which compaction applies is asked again when the path loses turns (a branch switch, a new
    branch, an opening) or ``recheck`` says so (a compaction was recorded); a turn only
    appended cannot change it (a compaction replaces turns recorded before it). When the answer
    changes, the path is laid out again from the first turn whose showing changes."""
    head = _detach(ix, head)
    if ix.compactions and (recheck or keep < len(ix.path) or not ix.path):
        path = [*ix.path[:keep], *suffix]
        before = (ix.applied, ix.hidden_order)
        ix.apply_compaction(path)
        if before != (ix.applied, ix.hidden_order):
            old_at = [ix.where[t] for t in before[1] if t in ix.where]
            new_at = [path.index(t) for t in ix.hidden_order]
            lowest = min([*old_at, *new_at], default=keep)
            if lowest < keep:
                keep, suffix = lowest, path[lowest:]
    if keep < len(ix.path):
        head = ix.starts[keep]
        for turn_id in ix.path[keep:]:
            del ix.where[turn_id]
        del ix.path[keep:], ix.starts[keep:], ix.lays[keep:], ix.sums[keep:], ix.fills[keep:]
    for turn_id in suffix:
        pos = len(ix.path)
        ix.path.append(turn_id)
        ix.where[turn_id] = pos
        ix.starts.append(head)
        ix.lays.append(_Lay())
        ix.sums.append(Totals())
        ix.fills.append(None)
        if turn_id == ix.divider_at:
            head = _Node(ix.divider(), head)
        if ix.concealed(turn_id):
            continue
        for stored in ix.turns[turn_id].events:
            head = _place(ix, head, pos, stored)
    ix.resum(keep)
    return _attach(ix, head, streaming)


def _common(path: Sequence[str], other: Sequence[str]) -> int:
    n = 0
    for a, b in zip(path, other, strict=False):
        if a != b:
            break
        n += 1
    return n


# -- the state ------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class ConversationState:
    """What a conversation shows at one moment. Read ``items(state)``, ``total``, ``leaf``;
    never build one directly (``empty``, ``from_events``)."""

    _head: _Node | None
    total: Totals
    #: The last turn of the shown path (what a new turn follows), None when there is none.
    leaf: str | None
    #: The turn the shown path goes through (the last one started, or the one selected).
    anchor: str | None
    #: The turn whose text is streaming and that text, not yet stored (None when none).
    streaming: tuple[str, Rope] | None
    #: Events seen, and events of no known turn among them (not shown).
    events_seen: int
    unplaced: int
    _index: _Index
    _stamp: int
    #: The compactions whose replaced turns are shown again (``reveal``), by event id.
    revealed: frozenset[int] = frozenset()
    #: The shown path's latest ``context_checked`` (``queries.context_fill`` reads it), and the
    #: compaction that applies to the path (None: none).
    fill: StoredEvent | None = None
    compaction: StoredEvent | None = None

    @cached_property
    def items(self) -> tuple[Item, ...]:
        out: list[Item] = []
        node = self._head
        while node is not None:
            out.append(node.item)
            node = node.prev
        out.reverse()
        return tuple(out)

    def __len__(self) -> int:
        return _size(self._head)


def _state(
    ix: _Index,
    head: _Node | None,
    anchor: str | None,
    streaming: tuple[str, Rope] | None,
) -> ConversationState:
    stamp = next(_stamps)
    ix.stamp = stamp
    return ConversationState(
        _head=head,
        total=ix.sums[-1] if ix.sums else Totals(),
        leaf=ix.path[-1] if ix.path else None,
        anchor=anchor,
        streaming=streaming,
        events_seen=len(ix.events),
        unplaced=ix.unplaced,
        _index=ix,
        _stamp=stamp,
        revealed=ix.revealed,
        fill=ix.fills[-1] if ix.fills else None,
        compaction=ix.applied,
    )


def empty(prices: Iterable[ModelPrice] = ()) -> ConversationState:
    """A conversation with nothing in it (``prices``: the table costs are estimated with)."""
    return _state(_Index(tuple(prices)), None, None, None)


def from_events(
    events: Iterable[StoredEvent],
    selected: str | None = None,
    prices: Iterable[ModelPrice] = (),
    *,
    revealed: Iterable[int] = (),
) -> ConversationState:
    """A conversation opened at once: its log (every branch, in log order), showing the path
    through ``selected`` (the session's chosen turn; None or unknown: the last turn started);
    ``revealed``: the compactions whose replaced turns are shown (by event id)."""
    ix = _Index(tuple(prices))
    ix.revealed = frozenset(revealed)
    last = None
    for stored in events:
        if ix.record(stored) is _NEW:
            last = stored.turn_id
    anchor = selected if selected in ix.turns else last
    path = ix.tree.path_through(anchor) if anchor is not None else ()
    head = _rebuild(ix, None, 0, path, None)
    return _state(ix, head, anchor, None)


def _owned(state: ConversationState) -> ConversationState:
    """``state`` if it owns its index; else an equal state with an index of its own (a fork)."""
    if state._index.stamp == state._stamp:
        return state
    old = state._index
    forked = from_events(
        old.events[: state.events_seen], state.anchor, old.prices, revealed=state.revealed
    )
    if state.streaming is not None:
        forked = _stream(forked, *state.streaming)
    return forked


def reduce(state: ConversationState, stored: StoredEvent) -> ConversationState:
    """``state`` with one more event of its log (in log order)."""
    state = _owned(state)
    ix, head, anchor, streaming = state._index, state._head, state.anchor, state.streaming
    what = ix.record(stored)
    turn_id, event = stored.turn_id, stored.event
    if what is _NEW:
        parent = ix.tree.parent[turn_id]
        if parent is None:
            keep, suffix = 0, [turn_id]
        elif parent in ix.where:
            keep, suffix = ix.where[parent] + 1, [turn_id]
        else:  # a turn after one not shown: the path to it
            full = ix.tree.path_to(turn_id)
            keep = _common(ix.path, full)
            suffix = list(full[keep:])
        head = _rebuild(ix, head, keep, suffix, streaming)
        anchor = turn_id
        retried = event.retry_of if isinstance(event, TurnStarted) else None
        if retried and retried in ix.where:  # it stays shown, and is no longer retryable
            at = ix.where[retried]
            head = _rebuild(ix, head, at, ix.path[at:], streaming)
    elif what is _EVENT:
        ends_stream = (
            streaming is not None
            and streaming[0] == turn_id
            and isinstance(event, AssistantText | TurnFinished)
        )
        after = None if ends_stream else streaming
        pos = ix.where.get(turn_id)
        if pos is not None:
            if ix.concealed(turn_id):
                pass  # behind the divider (a damaged or interleaved log): shown when revealed
            elif pos == len(ix.path) - 1:
                head = _place(ix, _detach(ix, head), pos, stored)
                head = _attach(ix, head, after)
            else:  # an event of an earlier turn on the path (a damaged or interleaved log)
                head = _rebuild(ix, head, pos, ix.path[pos:], after)
            if isinstance(event, TurnFinished | ContextChecked):
                ix.resum(pos)
        if isinstance(event, Compaction):
            head = _rebuild(ix, head, len(ix.path), (), after, recheck=True)
        streaming = after
    return _state(ix, head, anchor, streaming)


def reduce_all(state: ConversationState, events: Iterable[StoredEvent]) -> ConversationState:
    for stored in events:
        state = reduce(state, stored)
    return state


def apply_text(state: ConversationState, turn_id: str, chunk: str) -> ConversationState:
    """``state`` with answer text streamed into ``turn_id`` (ignored for a turn that is unknown
    or finished)."""
    if not chunk:
        return state
    turn = state._index.turns.get(turn_id) if state._index.stamp == state._stamp else None
    if turn is None:
        state = _owned(state)
        turn = state._index.turns.get(turn_id)
    if turn is None or turn.finished:
        return state
    streaming = state.streaming
    rope = (
        streaming[1].plus(chunk)
        if streaming is not None and streaming[0] == turn_id
        else Rope.of(chunk)
    )
    return _stream(state, turn_id, rope)


def _stream(state: ConversationState, turn_id: str, rope: Rope) -> ConversationState:
    ix, head = state._index, state._head
    top = _streaming_top(head)
    if top is not None and top.turn_id == turn_id:
        assert head is not None
        last = top.parts[-1]
        assert isinstance(last, TextPart)
        parts = (*top.parts[:-1], TextPart(rope, last.model))
        head = _Node(replace(top, parts=parts), head.prev)
    else:
        head = _attach(ix, _detach(ix, head), (turn_id, rope))
    return _state(ix, head, state.anchor, (turn_id, rope))


def select(state: ConversationState, turn_id: str) -> ConversationState:
    """Show the path through ``turn_id`` (down to it, then along the latest branches); an unknown
    turn changes nothing."""
    state = _owned(state)
    ix = state._index
    if turn_id not in ix.turns:
        return state
    full = ix.tree.path_through(turn_id)
    keep = _common(ix.path, full)
    head = _rebuild(ix, state._head, keep, full[keep:], state.streaming)
    return _state(ix, head, turn_id, state.streaming)


def reveal(state: ConversationState, shown: bool = True) -> ConversationState:
    """Show (``shown``) or hide again the turns the shown path's compaction summarised; the
    divider stays above them. Nothing changes when no compaction applies to the path. A way of
    looking, not an event (like ``select``): kept in the state, not in the log."""
    state = _owned(state)
    ix = state._index
    applied = ix.applied
    if applied is None or (applied.id in ix.revealed) == shown:
        return state
    ix.revealed = ix.revealed | {applied.id} if shown else ix.revealed - {applied.id}
    at = ix.where[ix.divider_at] if ix.divider_at is not None else len(ix.path)
    head = _rebuild(ix, state._head, at, ix.path[at:], state.streaming)
    return _state(ix, head, state.anchor, state.streaming)


def items(state: ConversationState) -> tuple[Item, ...]:
    """Everything the conversation shows, in order."""
    return state.items


def path(state: ConversationState) -> tuple[str, ...]:
    """The turns shown, first to last."""
    return tuple(_owned(state)._index.path)


def turn_events(state: ConversationState, turn_id: str) -> tuple[StoredEvent, ...]:
    """The stored events of one turn (for actions on it: copy, edit, open an attachment)."""
    turn = _owned(state)._index.turns.get(turn_id)
    return tuple(turn.events) if turn is not None else ()


# -- what changed ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Changes:
    """How to turn ``old``'s items into ``new``'s: the first ``start`` items are the same objects
    in both; after them, remove the ``removed`` items (by key), re-render each ``changed`` item
    (its index in the new items, the old and the new value) and insert each ``added`` item at its
    index in the new items (ascending order)."""

    start: int
    removed: tuple[Item, ...] = ()
    changed: tuple[tuple[int, Item, Item], ...] = ()
    added: tuple[tuple[int, Item], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.removed or self.changed or self.added)


def changes(old: ConversationState, new: ConversationState) -> Changes:
    """What differs between two states (of the same conversation). Costs the number of items
    that differ (plus those after them), not the length of the conversation."""
    a, b = old._head, new._head
    gone: list[Item] = []
    came: list[Item] = []
    while _size(a) > _size(b):
        assert a is not None
        gone.append(a.item)
        a = a.prev
    while _size(b) > _size(a):
        assert b is not None
        came.append(b.item)
        b = b.prev
    while a is not b:
        assert a is not None and b is not None
        gone.append(a.item)
        came.append(b.item)
        a, b = a.prev, b.prev
    start = _size(a)
    before = {item.key: item for item in gone}
    changed: list[tuple[int, Item, Item]] = []
    added: list[tuple[int, Item]] = []
    for index, item in enumerate(reversed(came), start):
        previous = before.pop(item.key, None)
        if previous is None:
            added.append((index, item))
        elif previous is not item:
            changed.append((index, previous, item))
    removed = tuple(item for item in reversed(gone) if item.key in before)
    return Changes(start, removed, tuple(changed), tuple(added))


def appended_text(old: Item, new: Item) -> str | None:
    """When ``new`` is ``old`` with streamed text appended (and nothing else changed), that
    text; else None (re-render the item)."""
    if not (isinstance(old, Answer) and isinstance(new, Answer)):
        return None
    if len(old.parts) != len(new.parts) or not old.parts or old.key != new.key:
        return None
    if any(p is not q for p, q in zip(old.parts[:-1], new.parts[:-1], strict=True)):
        return None
    before, after = old.parts[-1], new.parts[-1]
    if not (isinstance(before, TextPart) and isinstance(after, TextPart)):
        return None
    if not (before.streaming and after.streaming and after.rope.extends(before.rope)):
        return None
    return after.rope.since(before.rope.length)

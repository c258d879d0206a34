"""Compaction: the oldest turns of a branch summarised by a model, the summary standing in for them
when a request is rendered — and nothing deleted.

Why it exists: a conversation must be able to go on after its history no longer fits the model's
window (issue 18). The log keeps every event; a ``Compaction`` event (``domain/transcript``) says
"render this summary in place of the events ``replaces = (first_id, last_id)``". This module plans
which turns a new compaction replaces, builds the request that asks a model for the summary, and
tells the renderer which recorded compaction applies to a path.

Invariants it keeps:

- **branch-aware**: a compaction applies to a path only if the turns it replaced are on that path
  (they are always a prefix of it: the first turns of the branch); the events it drops are that
  path's events within the id range, never another branch's events recorded in between. Because
  the test is on the replaced turns, not on the turn that recorded the compaction, a compaction
  survives regenerating or editing a later turn;
- **whole turns only**: a plan never splits a turn (one turn larger than the transcript budget is
  replaced whole, the summariser reading its beginning and told how much it does not see),
  never includes the current turn, and keeps the last ``keep_last_turns`` turns before it
  verbatim (the model still sees the recent exchange word for word); a plan that would replace
  nothing is no plan (None);
- **folding**: a new compaction over a path that already has one starts at the first event of the
  path and includes the earlier summary in what it summarises, so one summary always covers the
  whole replaced prefix and the renderer needs only the latest applicable compaction;
- what the model was told is valid is never compacted away: session notes (the files the turns
  produced) travel with the *current* turn's user message (``turn_started.session_notes``), which
  a plan never includes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from parley.application.ports.chat_provider import ChatRequest, ProviderMessage
from parley.domain.transcript.canonical import (
    AssistantText,
    AttachmentAdded,
    Compaction,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnStarted,
    UserMessage,
)

KEEP_LAST_TURNS = 2
#: What one summary may be asked to read (characters of transcript); older turns beyond it are
#: left for the next compaction, which folds this one's summary in.
MAX_TRANSCRIPT_CHARS = 240_000
#: A tool result or an attachment's text is shown to the summariser up to this many characters.
MAX_PIECE_CHARS = 4_000
SUMMARY_MAX_TOKENS = 2_000

SUMMARY_INSTRUCTION = (
    "You compress the earlier part of a conversation so that it can continue without it. Write a "
    "faithful, dense summary in the conversation's language, in plain prose and short lists. "
    "Keep: every decision made and its reason; facts, figures, names and definitions established; "
    "the user's goals, preferences and constraints; questions still open and promises made; the "
    "names and paths of files read, attached, created or changed; which tools were used and what "
    "they returned or why they failed. Drop pleasantries and repetition. Do not invent anything, "
    "do not answer open questions, do not address the user. If an earlier summary is given, fold "
    "it in: your summary replaces it."
)

SUMMARY_HEADING = "[Summary of the earlier conversation, written by {model} — it replaces {turns}]"


@dataclass(frozen=True)
class CompactionPlan:
    """Which events a new compaction replaces and what the summariser reads."""

    first_id: int
    last_id: int
    turn_ids: tuple[str, ...]
    transcript: str
    previous_summary: str = ""
    #: turns an earlier summary (``previous_summary``) already stood in for, now folded in
    folded_turns: int = 0

    def request(self, model: str, max_tokens: int = SUMMARY_MAX_TOKENS) -> ChatRequest:
        """The request that asks ``model`` for the summary (at most ``max_tokens`` long)."""
        parts = []
        if self.previous_summary:
            parts.append(f"Earlier summary:\n{self.previous_summary}")
        parts.append(f"Conversation to summarise:\n{self.transcript}")
        return ChatRequest(
            model=model,
            messages=(
                ProviderMessage("system", SUMMARY_INSTRUCTION),
                ProviderMessage("user", "\n\n".join(parts)),
            ),
            max_tokens=max_tokens,
        )

    def event(self, summary: str, model: str, trigger: str = "auto") -> Compaction:
        return Compaction(
            summary=summary,
            model=model,
            replaces=(self.first_id, self.last_id),
            turns=len(self.turn_ids) + self.folded_turns,
            trigger=trigger,
        )


def _turn_order(path_events: Sequence[StoredEvent]) -> list[str]:
    order: list[str] = []
    for stored in path_events:
        if isinstance(stored.event, TurnStarted) and stored.turn_id not in order:
            order.append(stored.turn_id)
    return order


def applicable(
    all_events: Sequence[StoredEvent], path_events: Sequence[StoredEvent]
) -> tuple[Compaction, frozenset[int]] | None:
    """The compaction that applies to ``path_events`` (the latest-ending one whose replaced turns
    are on the path) and the ids of the path's events it stands in for; None if there is none."""
    found = applicable_record(all_events, path_events)
    if found is None:
        return None
    stored, replaced = found
    assert isinstance(stored.event, Compaction)
    return stored.event, replaced


def applicable_record(
    all_events: Sequence[StoredEvent], path_events: Sequence[StoredEvent]
) -> tuple[StoredEvent, frozenset[int]] | None:
    """``applicable``, with the compaction as stored (its id is what a request records)."""
    on_path = {s.turn_id for s in path_events}
    by_id = {s.id: s for s in all_events}
    best: tuple[int, int, StoredEvent] | None = None
    for stored in all_events:
        event = stored.event
        if not isinstance(event, Compaction) or len(event.replaces) != 2:
            continue
        first_id, last_id = event.replaces
        first, last = by_id.get(first_id), by_id.get(last_id)
        if first is None or last is None or first_id > last_id:
            continue  # a damaged record: render as if it were not there
        if first.turn_id not in on_path or last.turn_id not in on_path:
            continue  # it summarised another branch
        rank = (last_id, stored.id)
        if best is None or rank > best[:2]:
            best = (last_id, stored.id, stored)
    if best is None:
        return None
    record = best[2]
    assert isinstance(record.event, Compaction)
    first_id, last_id = record.event.replaces
    replaced = frozenset(
        s.id
        for s in path_events
        if first_id <= s.id <= last_id and not isinstance(s.event, Compaction)
    )
    return record, replaced


def plan(
    all_events: Sequence[StoredEvent],
    path_events: Sequence[StoredEvent],
    current_turn_id: str,
    *,
    keep_last_turns: int = KEEP_LAST_TURNS,
    max_transcript_chars: int = MAX_TRANSCRIPT_CHARS,
) -> CompactionPlan | None:
    """The next compaction for the path to ``current_turn_id``: the oldest turns not yet
    summarised, up to ``max_transcript_chars`` of transcript, keeping the last
    ``keep_last_turns`` turns before the current one. None when there is nothing to replace."""
    turns = [t for t in _turn_order(path_events) if t != current_turn_id]
    candidates = turns[: max(0, len(turns) - max(0, keep_last_turns))]
    if not candidates:
        return None
    existing = applicable(all_events, path_events)
    already = existing[1] if existing is not None else frozenset()
    previous = existing[0].summary if existing is not None else ""
    chosen: list[str] = []
    pieces: list[str] = []
    size = len(previous)
    for turn in candidates:
        turn_events = [
            s for s in path_events if s.turn_id == turn and not isinstance(s.event, Compaction)
        ]
        if turn_events and all(s.id in already for s in turn_events):
            continue  # summarised already: its summary is ``previous``
        text = _turn_text(turn_events)
        if chosen and size + len(text) > max_transcript_chars:
            break
        chosen.append(turn)
        pieces.append(text)
        size += len(text)
    if not chosen:
        return None
    replaced_turns = set(chosen)
    ids = [s.id for s in path_events if s.turn_id in replaced_turns]
    if already:
        ids.extend(already)  # one summary covers the whole prefix (folding)
    transcript = "\n\n".join(pieces)
    room = max(1_000, max_transcript_chars - len(previous))
    if len(transcript) > room:  # one turn larger than the whole budget: the summariser reads
        transcript = _cut(transcript, room)  # its beginning, and is told how much is missing
    folded = {s.turn_id for s in path_events if s.id in already} - replaced_turns
    return CompactionPlan(
        first_id=min(ids),
        last_id=max(ids),
        turn_ids=tuple(chosen),
        transcript=transcript,
        previous_summary=previous,
        folded_turns=len(folded),
    )


def _cut(text: str, limit: int = MAX_PIECE_CHARS) -> str:
    if len(text) <= limit:
        return text
    return text[:limit] + f" […{len(text) - limit} more characters]"


def _turn_text(events: Sequence[StoredEvent]) -> str:
    """One turn as the summariser reads it."""
    lines: list[str] = []
    answer = ""
    for stored in events:
        event = stored.event
        if isinstance(event, UserMessage):
            lines.append(f"User: {event.text}")
        elif isinstance(event, AttachmentAdded):
            where = event.source_path or event.name
            if event.error_kind:
                lines.append(f"(attachment {where} could not be read: {event.error})")
            else:
                lines.append(f"(attachment {where}:\n{_cut(event.text)})")
        elif isinstance(event, AssistantText):
            answer += event.text
        elif isinstance(event, ToolCall):
            if answer:
                lines.append(f"Assistant: {answer}")
                answer = ""
            arguments = json.dumps(
                dict(event.arguments), ensure_ascii=False, sort_keys=True, default=str
            )
            lines.append(f"Tool call {event.tool} {_cut(arguments, 1_000)}")
        elif isinstance(event, ToolResult):
            outcome = "result" if event.success else "failed"
            lines.append(f"Tool {outcome}: {_cut(event.result)}")
    if answer:
        lines.append(f"Assistant: {answer}")
    return "\n".join(lines)


def heading(compaction: Compaction, turns: int) -> str:
    """The line the model reads above a summary."""
    what = "1 earlier turn" if turns == 1 else f"{turns} earlier turns"
    return SUMMARY_HEADING.format(model=compaction.model or "a model", turns=what)

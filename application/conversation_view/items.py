"""What a conversation shows: the items of the conversation model (see ``reducer.py``).

Why it exists: the transcript, the window's token label, and (where they overlap) the exports
need one answer to "what does this conversation look like". These frozen values are that answer;
widgets render them and never look at an event themselves.

Invariants it keeps:

- every item is a frozen dataclass whose containers are tuples (events inside are frozen too);
- every item has a ``key`` that is unique in a conversation's items and stable for the life of the
  thing it shows (the same answer keeps its key while it streams, when its text is stored, and
  when the conversation is opened again), so a view can match old and new items by key;
- streamed text is a ``Rope``: appending a chunk is O(1) and shares everything before it, so an
  answer of 100,000 characters costs the same per chunk as one of 1,000;
- wording shared by every surface (how a turn ended, what a compaction divider says, how full the
  context window is) is here, not in a widget.

Qt-free (this is ``application``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, ClassVar

from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.domain.transcript.branches import BranchPosition
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AttachmentAdded,
    ContextChecked,
    ToolCall,
    ToolResult,
    Usage,
)
from parley.domain.transcript.excerpts import Excerpt, cited_numbers
from parley.domain.usage.pricing import format_usage

# -- streamed text -------------------------------------------------------------------------------


class Rope:
    """Append-only text shared between versions: ``plus`` is O(1) and never copies what came
    before; ``text`` joins the pieces once (cached); ``since(n)`` gives only what was appended
    after the first ``n`` characters (O(pieces appended since)). Equal when the texts are equal,
    however they were chunked."""

    __slots__ = ("_chunk", "_joined", "_prev", "length")

    def __init__(self, prev: Rope | None, chunk: str) -> None:
        self._prev = prev
        self._chunk = chunk
        self.length: int = (prev.length if prev is not None else 0) + len(chunk)
        self._joined: str | None = None

    @staticmethod
    def of(text: str) -> Rope:
        return Rope(None, text)

    def plus(self, chunk: str) -> Rope:
        return Rope(self, chunk) if chunk else self

    @property
    def text(self) -> str:
        if self._joined is None:
            pieces: list[str] = []
            node: Rope | None = self
            while node is not None:
                if node._joined is not None:
                    pieces.append(node._joined)
                    break
                pieces.append(node._chunk)
                node = node._prev
            pieces.reverse()
            self._joined = "".join(pieces)
        return self._joined

    def since(self, offset: int) -> str:
        """The text after its first ``offset`` characters."""
        if offset <= 0:
            return self.text
        pieces: list[str] = []
        node: Rope | None = self
        while node is not None and node.length > offset:
            start = node.length - len(node._chunk)
            pieces.append(node._chunk[max(0, offset - start) :])
            node = node._prev
        pieces.reverse()
        return "".join(pieces)

    def extends(self, other: Rope) -> bool:
        """Whether this rope is ``other`` with pieces appended (the same object underneath)."""
        node: Rope | None = self
        while node is not None and node.length > other.length:
            node = node._prev
        return node is other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rope):
            return NotImplemented
        return self is other or (self.length == other.length and self.text == other.text)

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Rope({self.text!r})"


# -- the parts of an answer ----------------------------------------------------------------------


@dataclass(frozen=True)
class ReasoningPart:
    """The model's reasoning for one step (``redacted``: the provider sent it encrypted).

    ``seconds``: how long the model thought, from its step's start (the turn's last event
    before the step) to the reasoning's record — known only when that span is the thinking
    alone: the runtime records a step's reasoning when the step's stream ends, so a step that
    also streamed answer text would count the text's time too, and its reasoning's time is
    unknown (None; so is a log without timestamps)."""

    text: str
    model: str
    event_id: int
    redacted: bool = False
    seconds: float | None = None

    @property
    def label(self) -> str:
        """The collapsed one-line header: "Thought for 14 s", "Reasoning", or the redacted
        wording."""
        if self.redacted:
            return _REDACTED_LABEL
        return thought_label(self.seconds)


@dataclass(frozen=True)
class TextPart:
    """The answer text of one step. ``event_id`` is None while the text is streamed and not yet
    stored; ``partial`` marks text kept from a step that was stopped or failed mid-stream."""

    rope: Rope
    model: str
    event_id: int | None = None
    partial: bool = False
    finish_reason: str = ""

    @property
    def text(self) -> str:
        return self.rope.text

    @property
    def streaming(self) -> bool:
        return self.event_id is None


AnswerPart = ReasoningPart | TextPart

#: What an encrypted (redacted) reasoning block shows when expanded.
REDACTED_TEXT = QT_TRANSLATE_NOOP(
    "ConversationItems",
    "(The provider sent this reasoning encrypted: it is kept, but cannot be shown.)",
)
_REDACTED_LABEL = QT_TRANSLATE_NOOP("ConversationItems", "Reasoning (encrypted by the provider)")
_REASONING = QT_TRANSLATE_NOOP("ConversationItems", "Reasoning")
_THOUGHT_MOMENT = QT_TRANSLATE_NOOP("ConversationItems", "Thought for a moment")
_THOUGHT_S = QT_TRANSLATE_NOOP("ConversationItems", "Thought for {seconds} s")
_THOUGHT_MIN_S = QT_TRANSLATE_NOOP("ConversationItems", "Thought for {minutes} min {seconds} s")
_THOUGHT_MIN = QT_TRANSLATE_NOOP("ConversationItems", "Thought for {minutes} min")


def thought_label(seconds: float | None) -> str:
    """ "Thought for 14 s" / "Thought for 2 min 5 s" / "Thought for a moment" (under a second);
    "Reasoning" when the time is unknown."""
    if seconds is None:
        return _REASONING
    whole = int(seconds)
    if whole < 1:
        return _THOUGHT_MOMENT
    if whole < 60:
        return _THOUGHT_S.format(seconds=whole)
    minutes, rest = divmod(whole, 60)
    if rest:
        return _THOUGHT_MIN_S.format(minutes=minutes, seconds=rest)
    return _THOUGHT_MIN.format(minutes=minutes)


@dataclass(frozen=True)
class Source:
    """One excerpt a turn's answer was given (``retrieval_performed``): what a citation ``[n]``
    points at. ``excerpt`` is the record's excerpt (document sha256, name, unit and number,
    text); ``event_id`` the retrieval's event."""

    excerpt: Excerpt
    event_id: int

    @property
    def number(self) -> int:
        return self.excerpt.number

    @property
    def label(self) -> str:
        """``report.pdf, page 117``."""
        return self.excerpt.label

    @property
    def document(self) -> str:
        return self.excerpt.document

    @property
    def unit(self) -> str:
        return self.excerpt.unit

    @property
    def unit_number(self) -> int:
        return self.excerpt.unit_number


# -- the items -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class UserMessage:
    """What the user typed; ``branch`` is the switcher ("< 2 / 3 >") when the turn has
    siblings."""

    kind: ClassVar[str] = "user"
    key: str
    turn_id: str
    text: str
    event_id: int
    source: str = "user"
    branch: BranchPosition | None = None


@dataclass(frozen=True)
class AttachmentLine:
    """One attached file: its name (and path) until reading it is recorded, then that record."""

    name: str
    path: str = ""
    event: AttachmentAdded | None = None
    event_id: int | None = None

    @property
    def failed(self) -> bool:
        return self.event is not None and bool(self.event.error_kind or self.event.error)


@dataclass(frozen=True)
class Attachments:
    """The files of a turn, listed under its user message."""

    kind: ClassVar[str] = "attachments"
    key: str
    turn_id: str
    lines: tuple[AttachmentLine, ...]


@dataclass(frozen=True)
class Answer:
    """Assistant output not interrupted by anything else: reasoning and text parts in the order
    recorded. ``continues``: not the turn's first answer (it follows a tool card or a notice, and
    shows no header)."""

    kind: ClassVar[str] = "answer"
    key: str
    turn_id: str
    model: str
    parts: tuple[AnswerPart, ...]
    continues: bool = False
    #: The excerpts the turn retrieved before this answer (``retrieval_performed``), in the
    #: order the model was given them; ``[n]`` in the text cites ``sources[n]``.
    sources: tuple[Source, ...] = ()

    @property
    def cited(self) -> tuple[Source, ...]:
        """The sources the answer's text cites (``[n]``), in first-cited order; a number with
        no source is left out. Computed from the text each time (cheap against drawing it)."""
        if not self.sources:
            return ()
        by_number = {s.number: s for s in self.sources}
        return tuple(by_number[n] for n in cited_numbers(self.text) if n in by_number)

    @property
    def text(self) -> str:
        """The answer text (text parts only, reasoning left out)."""
        return "".join(p.text for p in self.parts if isinstance(p, TextPart))

    @property
    def streaming(self) -> bool:
        last = self.parts[-1] if self.parts else None
        return isinstance(last, TextPart) and last.streaming

    @property
    def reasoning(self) -> tuple[ReasoningPart, ...]:
        """The reasoning parts, in order (none: the answer shows no reasoning header)."""
        return tuple(p for p in self.parts if isinstance(p, ReasoningPart))

    @property
    def reasoning_label(self) -> str:
        """The one-line header over the answer's reasoning ("" when it has none): "Thought for
        14 s" (the longest known time of its parts), "Reasoning" when no time is known,
        "Reasoning (encrypted by the provider)" when every part is redacted."""
        parts = self.reasoning
        if not parts:
            return ""
        if all(p.redacted for p in parts):
            return parts[0].label
        known = [p.seconds for p in parts if p.seconds is not None and not p.redacted]
        return thought_label(max(known) if known else None)

    @property
    def reasoning_text(self) -> str:
        """What the header expands to: each part's text, a redacted part as one line saying
        so; parts apart by a blank line."""
        return "\n\n".join(
            REDACTED_TEXT if p.redacted else p.text.strip() for p in self.reasoning
        ).strip()


@dataclass(frozen=True)
class ToolCard:
    """One tool call and what became of it: the gate's verdicts (with the confinement each
    recorded) and the result. ``call`` is None only in a damaged log (a verdict or result whose
    call was not recorded): it is still shown."""

    kind: ClassVar[str] = "tool"
    key: str
    turn_id: str
    call_id: str
    call: ToolCall | None = None
    verdicts: tuple[ActionVerdict, ...] = ()
    result: ToolResult | None = None
    event_ids: tuple[int, ...] = ()

    @property
    def tool(self) -> str:
        if self.call is not None:
            return self.call.tool
        return self.verdicts[0].tool if self.verdicts else "?"

    @property
    def decision(self) -> str:
        """The latest verdict's decision ("" while the gate has not decided)."""
        return self.verdicts[-1].decision if self.verdicts else ""

    @property
    def confinement(self) -> Mapping[str, Any]:
        """How the action runs (the latest verdict's ``confinement`` record) when it runs or is
        asked about; empty for a refused action, a tool that is not a process, an old record."""
        if not self.verdicts or self.decision not in ("ran", "allowed", "asked"):
            return {}
        return self.verdicts[-1].confinement


@dataclass(frozen=True)
class Notice:
    """Something the user should know that is not part of the answer (level info, warning or
    error; ``files``: the files a turn saved, when that is what it says)."""

    kind: ClassVar[str] = "notice"
    key: str
    turn_id: str
    text: str
    level: str = "info"
    files: tuple[str, ...] = ()
    event_id: int = 0


# How a turn that did not complete reads (``Outcome.summary``), marked for the window's language.
_STOPPED = QT_TRANSLATE_NOOP("TurnOutcome", "(stopped)")
_STOPPED_KEPT = QT_TRANSLATE_NOOP("TurnOutcome", "(stopped — partial answer kept)")
_INTERRUPTED = QT_TRANSLATE_NOOP(
    "TurnOutcome", "(interrupted — Parley closed while this answer was streaming)"
)
_TIMED_OUT = QT_TRANSLATE_NOOP("TurnOutcome", "Timed out.")
_TIMED_OUT_WHY = QT_TRANSLATE_NOOP("TurnOutcome", "Timed out: {error}")
_FAILED = QT_TRANSLATE_NOOP("TurnOutcome", "Failed.")
_FAILED_WHY = QT_TRANSLATE_NOOP("TurnOutcome", "Failed: {error}")

#: How a recorded status reads as an outcome (``Outcome.result``).
OUTCOME_RESULTS: Mapping[str, str] = {
    "completed": "ok",
    "cancelled": "stopped",
    "failed": "failed",
    "timed_out": "failed",
    "interrupted": "interrupted",
}


@dataclass(frozen=True)
class Outcome:
    """How a turn ended (its ``turn_finished``), with what it used: ``result`` is ok, stopped,
    failed or interrupted; ``partial_kept``: the turn's answer text (or part of it) was kept;
    ``retryable``: a failure that may be sent again and has not been retried yet; ``cost`` is
    None when the model has no price or the provider gave no token counts."""

    kind: ClassVar[str] = "outcome"
    key: str
    turn_id: str
    status: str
    result: str
    event_id: int
    error: str = ""
    error_kind: str = ""
    partial_kept: bool = False
    retryable: bool = False
    usage: Usage = field(default_factory=Usage)
    cost: Decimal | None = None
    duration_s: float = 0.0

    @property
    def summary(self) -> str:
        """The one line every surface shows under a turn that did not complete ("" when it
        did)."""
        if self.result == "ok":
            return ""
        if self.result == "stopped":
            return _STOPPED_KEPT if self.partial_kept else _STOPPED
        if self.result == "interrupted":
            return _INTERRUPTED
        if self.status == "timed_out":
            return _TIMED_OUT_WHY.format(error=self.error) if self.error else _TIMED_OUT
        return _FAILED_WHY.format(error=self.error) if self.error else _FAILED

    @property
    def level(self) -> str:
        """``notice`` for a stop or an interruption, ``error`` for a failure, ``""`` for ok."""
        return {"ok": "", "failed": "error"}.get(self.result, "notice")

    @property
    def footer(self) -> str:
        """The small line under the turn: tokens, cost, time ("" when the turn reported none of
        them: a log written without usage or timing)."""
        u = self.usage
        reported = u.input_tokens is not None or u.output_tokens is not None
        if not reported and self.cost is None and self.duration_s <= 0:
            return ""
        return format_usage(u, self.cost, self.duration_s)


@dataclass(frozen=True)
class CompactionDivider:
    """Earlier turns of the shown path summarised (a ``compaction`` that applies to the path):
    one divider where those turns were, the turns hidden behind it unless ``revealed``.

    ``turn_id`` is the first turn it stands in for (the divider sits where that turn began);
    ``replaced_turns`` are the turns it stands in for, in path order; ``turns`` how many (the
    record's count, else the turns hidden); ``trigger`` ``auto``, ``manual`` or "" (an older
    record); ``event_id`` the ``compaction`` event's id."""

    kind: ClassVar[str] = "compaction"
    key: str
    turn_id: str
    summary: str
    model: str
    event_id: int
    replaced_turns: tuple[str, ...]
    turns: int = 0
    trigger: str = ""
    revealed: bool = False

    TITLE: ClassVar[str] = "Earlier messages summarised"

    @property
    def details(self) -> str:
        """``12 turns · by gpt-4o · automatically`` — what the collapsed divider says after its
        title. (The window composes the same line in its language from the fields.)"""
        count = self.turns or len(self.replaced_turns)
        parts = [f"{count} turn{'' if count == 1 else 's'}"]
        if self.model:
            parts.append(f"by {self.model}")
        how = {"auto": "automatically", "manual": "with /compact"}.get(self.trigger, "")
        if how:
            parts.append(how)
        return " · ".join(parts)

    @property
    def toggle_label(self) -> str:
        """The action that shows (or hides again) the turns the summary replaced."""
        return "Hide original messages" if self.revealed else "Show original messages"


Item = UserMessage | Attachments | Answer | ToolCard | Notice | Outcome | CompactionDivider


# -- how full the context window is --------------------------------------------------------------

#: Past this share of the window the gauge warns (the runtime's default threshold too).
WARN_AT = 0.8
#: Past this share it is nearly full.
FULL_AT = 0.95

_WINDOW_SOURCES: Mapping[str, str] = {
    "provider": QT_TRANSLATE_NOOP("ContextGauge", "reported by the server"),
    "table": QT_TRANSLATE_NOOP("ContextGauge", "from the table of context windows"),
    "guess": QT_TRANSLATE_NOOP("ContextGauge", "a guess — set it in Settings → Prices"),
}
_UNKNOWN_SOURCE = QT_TRANSLATE_NOOP("ContextGauge", "of unknown origin")
_FILL_LABEL = QT_TRANSLATE_NOOP("ContextGauge", "{percent}% of {window}")
_FILL_TOKENS = QT_TRANSLATE_NOOP(
    "ContextGauge", "{tokens:,} of {window:,} tokens in the context window ({percent}%)"
)
_FILL_SOURCE = QT_TRANSLATE_NOOP("ContextGauge", "Window size: {source}")
_FILL_RESERVED = QT_TRANSLATE_NOOP("ContextGauge", "{tokens:,} tokens kept for the answer")
_FILL_STALE = QT_TRANSLATE_NOOP(
    "ContextGauge",
    "Measured before earlier messages were summarised; the next message measures again.",
)


@dataclass(frozen=True)
class ContextFill:
    """The shown path's latest measurement of a request against its model's window (its last
    ``context_checked``). ``stale``: a compaction that applies to the path was recorded after
    it (``/compact``), so the next request will be smaller than this says."""

    window: int
    prompt_tokens: int
    window_source: str = ""
    reserved_output: int = 0
    event_id: int = 0
    turn_id: str = ""
    stale: bool = False

    @classmethod
    def of(cls, event: ContextChecked, event_id: int, turn_id: str, stale: bool) -> ContextFill:
        return cls(
            window=event.window,
            prompt_tokens=event.prompt_tokens,
            window_source=event.window_source,
            reserved_output=event.reserved_output,
            event_id=event_id,
            turn_id=turn_id,
            stale=stale,
        )

    @property
    def fraction(self) -> float:
        """Prompt tokens over the window (0 when the window is unknown), not capped at 1."""
        return self.prompt_tokens / self.window if self.window > 0 else 0.0

    @property
    def percent(self) -> int:
        return round(self.fraction * 100)

    def level(self, warn_at: float = WARN_AT) -> str:
        """``ok``, ``warn`` (past ``warn_at``) or ``full`` (past ``FULL_AT``) — a palette role
        for the gauge to colour by."""
        if self.fraction >= max(FULL_AT, warn_at):
            return "full"
        if self.fraction >= warn_at:
            return "warn"
        return "ok"

    @property
    def source_words(self) -> str:
        """Where the window's size came from, for people."""
        return _WINDOW_SOURCES.get(self.window_source, _UNKNOWN_SOURCE)

    @property
    def label(self) -> str:
        """``38% of 128k``."""
        return _FILL_LABEL.format(percent=self.percent, window=short_tokens(self.window))

    @property
    def tooltip(self) -> str:
        return "\n".join(self.tooltip_lines)

    @property
    def tooltip_lines(self) -> tuple[str, ...]:
        """The lines of ``tooltip`` (each a marked text, so the window translates each)."""
        lines = [
            _FILL_TOKENS.format(
                tokens=self.prompt_tokens, window=self.window, percent=self.percent
            ),
            _FILL_SOURCE.format(source=self.source_words),
        ]
        if self.reserved_output:
            lines.append(_FILL_RESERVED.format(tokens=self.reserved_output))
        if self.stale:
            lines.append(_FILL_STALE)
        return tuple(lines)


def short_tokens(count: int) -> str:
    """A window's size in a few characters, as models are named: ``128k`` (128,000 or
    131,072), ``32k`` (32,768), ``1M`` (1,000,000 or 1,048,576), ``200k``, ``512``."""
    if count >= 1_000_000:
        binary = count % 1_000_000 and not count % 1_048_576
        return f"{count / (1_048_576 if binary else 1_000_000):.1f}M".replace(".0M", "M")
    if count >= 1_000:
        binary = count % 1_000 and not count % 1_024
        return f"{round(count / (1_024 if binary else 1_000))}k"
    return str(count)


# -- sums ----------------------------------------------------------------------------------------


def add_usage(a: Usage, b: Usage) -> Usage:
    """Field by field, ``a + b``; a field stays None only when neither reported it. (Unlike
    ``Usage.merged``, which keeps ``b``'s figure: a replacement, not a sum.)"""
    return Usage(
        input_tokens=_add(a.input_tokens, b.input_tokens),
        output_tokens=_add(a.output_tokens, b.output_tokens),
        total_tokens=_add(a.total_tokens, b.total_tokens),
        reasoning_tokens=_add(a.reasoning_tokens, b.reasoning_tokens),
        cached_tokens=_add(a.cached_tokens, b.cached_tokens),
    )


def _add(a: int | None, b: int | None) -> int | None:
    if a is None:
        return b
    return a if b is None else a + b


@dataclass(frozen=True)
class Totals:
    """What the shown path's finished turns used, summed: tokens field by field, the cost of the
    priced turns (None when none was priced), how many finished turns there are and how many of
    them reported tokens but could not be priced (then ``cost`` is a lower bound)."""

    usage: Usage = field(default_factory=Usage)
    cost: Decimal | None = None
    turns: int = 0
    unpriced: int = 0

    def plus(self, usage: Usage, cost: Decimal | None) -> Totals:
        reported = usage.input_tokens is not None or usage.output_tokens is not None
        return Totals(
            usage=add_usage(self.usage, usage),
            cost=self.cost if cost is None else (cost if self.cost is None else self.cost + cost),
            turns=self.turns + 1,
            unpriced=self.unpriced + (1 if cost is None and reported else 0),
        )

    @property
    def tokens(self) -> int | None:
        """Input plus output tokens (None when no turn reported either)."""
        u = self.usage
        if u.input_tokens is None and u.output_tokens is None:
            return None
        return (u.input_tokens or 0) + (u.output_tokens or 0)

"""Readable exports of saved conversations: Markdown and a single self-contained HTML page.

Why it exists: an operator hands a conversation to someone who does not run Parley (a reviewer, a
ticket, an archive). The JSON export is the faithful record; these documents are the same record
made readable — every message, every tool call with its arguments, verdicts and result, every
attachment, notice and turn outcome — so nothing that happened is hidden by the prettier form.

Invariants it keeps:

- the documents are rendered from the canonical events only (``StoredEvent`` and the session's
  record), never from settings, the environment or the keyring, so they cannot carry an API key
  (the event log never holds one: keys are read at call time and redacted from provider errors);
- nothing is dropped: an event type this module does not lay out specially is still shown, as its
  type and payload;
- HTML: every piece of recorded text is escaped (``html.escape``), the page needs no scripts and no
  network (inline CSS; a Content-Security-Policy that forbids scripts and remote loads, so even a
  rendering mistake cannot run code or phone home), and tool calls, attachments' text and
  reasoning are ``<details>`` sections that open without JavaScript;
- Markdown: message text is kept as written (it is usually Markdown already); everything else that
  is recorded text (arguments, results, reasoning, attachment text, errors) goes in a fenced block
  whose fence is longer than any backtick run inside it, so recorded text cannot end the block or
  the ``<details>`` around it;
- a compaction is shown where it was recorded (from that turn on the model read the summary), as
  a section "Earlier messages summarised" naming the turns it stands in for — only those on its
  own branch, as ``application/conversations/compaction.py`` applies it — and each replaced turn
  says which turn summarised it; the replaced turns themselves are still shown in full;
- a retrieval lists its excerpts under its turn by number, label and score (those the answer
  cites marked), their text collapsible; a context check is one line of figures. The one-line
  wordings (``context_text``, ``compaction_text``, ``retrieval_text``, ``sources_text``) are
  shared by the History timeline and the command line;
- pure functions of their inputs (no I/O): ``export.py`` reads the store, this renders.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parley.application.conversations.surfaces import surface_label
from parley.application.ports.event_store import ChainReport, SessionRecord
from parley.domain.actions.confinement import Confinement
from parley.domain.transcript.branches import BranchTree
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    AttachmentAdded,
    Compaction,
    ContextChecked,
    Event,
    Fact,
    GateOpened,
    Notice,
    Reasoning,
    RetrievalPerformed,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    UserMessage,
    thaw,
    to_payload,
)
from parley.domain.transcript.excerpts import Excerpt, cited_numbers, excerpts_of

UNTITLED = "(untitled)"


@dataclass(frozen=True)
class SessionDocument:
    """What a document is rendered from: the session's record, its events in append order and,
    when the store checked it, the state of its hash chain."""

    session: SessionRecord
    events: Sequence[StoredEvent]
    chain: ChainReport | None = None


# -- one-line summaries (``parley history show --events``) ----------------------------------------


def one_line(text: str, width: int = 100) -> str:
    """``text`` on one line (runs of whitespace become one space), cut to ``width`` with "…"."""
    flat = " ".join(text.split())
    return flat if len(flat) <= width else flat[: max(width - 1, 0)] + "…"


def recorded_confinement(record: Mapping[str, Any]) -> Confinement | None:
    """A verdict's recorded confinement (``ActionVerdict.confinement``), or ``None`` when none was
    recorded (a tool that is not a process, or a record written before the sandbox existed)."""
    if not record:
        return None
    return Confinement(
        str(record.get("mechanism") or "none"),
        str(record.get("writes") or ""),
        bool(record.get("network")),
    )


def confinement_text(record: Mapping[str, Any]) -> str:
    """The recorded confinement in words, the one wording every surface uses: ``sandboxed:
    bubblewrap, sandbox-write, no network`` or ``not sandboxed``; ``""`` when none was recorded."""
    confinement = recorded_confinement(record)
    if confinement is None:
        return ""
    if not confinement.enforced:
        return confinement.label()
    return f"sandboxed: {confinement.label()}"


def event_summary(event: Event, width: int = 100) -> str:
    """A one-line description of ``event`` for listings."""
    if isinstance(event, TurnStarted):
        text = f"{event.provider_id} · {event.model}"
        if event.retry_of:
            text += f" · retry of {event.retry_of[:8]}"
        if event.follows_turn_id:
            text += f" · follows {event.follows_turn_id[:8]}"
        if event.agent_role:
            text += f" · agent {event.agent_role}"
        if surface_label(event.surface):
            text += f" · {surface_label(event.surface)}"
        if event.review_note:
            text += " · review note"
    elif isinstance(event, UserMessage):
        text = event.text
    elif isinstance(event, AttachmentAdded):
        text = f"{event.name} ({event.media_type or 'unknown type'}, {event.size} bytes)"
        if event.uri:  # an MCP server's resource
            text += f" · MCP server {event.mcp_server or '?'} · {event.uri}"
        if event.error:
            text += f" · not read: {event.error}"
        elif event.retrieval:
            text += f" · {retrieval_attachment_text(event)}"
    elif isinstance(event, Reasoning):
        text = event.text or "(redacted)"
    elif isinstance(event, AssistantText):
        text = ("(partial) " if event.partial else "") + event.text
    elif isinstance(event, ToolCall):
        detail = event.arguments_error or _compact_json(event.arguments)
        text = f"{event.tool} {detail} [{event.call_id}]"
    elif isinstance(event, ToolResult):
        text = f"{'ok' if event.success else 'failed'} [{event.call_id}] {event.result}"
    elif isinstance(event, ActionVerdict):
        confined = confinement_text(event.confinement)
        confined = f" · {confined} ·" if confined else ""
        text = f"{event.tool}: {event.decision} ({event.rule}){confined} {event.reason}"
    elif isinstance(event, GateOpened):
        text = f"{event.gate}: {event.reason}"
    elif isinstance(event, Notice):
        text = f"{event.level}: {event.text}"
    elif isinstance(event, Fact):
        text = event.text
    elif isinstance(event, Compaction):
        text = f"{compaction_text(event)}: {event.summary}"
    elif isinstance(event, ContextChecked):
        text = context_text(event)
    elif isinstance(event, RetrievalPerformed):
        text = retrieval_text(event)
    elif isinstance(event, TurnFinished):
        text = _finish_line(event)
    else:  # pragma: no cover - every registered type is handled above
        text = _compact_json(to_payload(event))
    return one_line(text, width)


# -- context, compaction and retrieval in words (every surface uses these) -------------------------

_WINDOW_SOURCES = {
    "provider": "window from provider",
    "table": "window from the model table",
    "guess": "window guessed",
}
_TRIGGERS = {"auto": "auto", "manual": "manual (/compact)"}


def context_text(event: ContextChecked) -> str:
    """``41,230 of 128,000 tokens (32%) · window from provider``, then what was kept for the
    answer and the summary the request used, when recorded."""
    if event.window > 0:
        share = round(100 * event.prompt_tokens / event.window)
        parts = [f"{event.prompt_tokens:,} of {event.window:,} tokens ({share}%)"]
    else:
        parts = [f"{event.prompt_tokens:,} tokens (window unknown)"]
    if event.window_source:
        parts.append(_WINDOW_SOURCES.get(event.window_source, f"window from {event.window_source}"))
    if event.reserved_output:
        parts.append(f"{event.reserved_output:,} kept for the answer")
    if event.compaction_id:
        parts.append(f"with the summary of event {event.compaction_id}")
    return " · ".join(parts)


def replaced_range(event: Compaction) -> str:
    """``events 12-87`` (the ids a compaction stands in for); "" when none are recorded."""
    if len(event.replaces) == 2:
        return f"events {event.replaces[0]}-{event.replaces[1]}"
    return ""


def compaction_text(event: Compaction) -> str:
    """``summarised 12 turns (events 1-87) · by gpt-4o-mini · auto``."""
    what = f"summarised {_plural(event.turns, 'turn')}" if event.turns else "summarised"
    where = replaced_range(event)
    if where:
        what += f" ({where})" if event.turns else f" {where}"
    parts = [what, f"by {event.model or 'an unnamed model'}"]
    if event.trigger:
        parts.append(_TRIGGERS.get(event.trigger, event.trigger))
    return " · ".join(parts)


def compaction_notice(event: Compaction) -> str:
    """What a person is told when a turn compacted (``parley ask``, on stderr)."""
    turns = _plural(event.turns, "earlier turn") if event.turns else "earlier turns"
    if event.trigger == "manual":
        return f"Summarised {turns} (/compact)"
    return f"Summarised {turns} to fit the model's window"


def _short_location(excerpt: Excerpt) -> str:
    if excerpt.unit == "page" and excerpt.unit_number:
        return f"p. {excerpt.unit_number}"
    return excerpt.location


def excerpt_places(excerpts: Sequence[Excerpt]) -> str:
    """``report.pdf p. 117, p. 3; notes.md`` — each document once, in the order first given."""
    places: dict[str, list[str]] = {}
    for excerpt in excerpts:
        where = places.setdefault(excerpt.name, [])
        short = _short_location(excerpt)
        if short and short not in where:
            where.append(short)
    return "; ".join(
        f"{name} {', '.join(where)}" if where else name for name, where in places.items()
    )


def retrieval_text(event: RetrievalPerformed) -> str:
    """``5 excerpts · bm25 · report.pdf p. 117, p. 116`` (and the note, when there is one)."""
    excerpts = excerpts_of(event.excerpts)
    parts = [_plural(len(excerpts), "excerpt") if excerpts else "no excerpts", event.method]
    if excerpts:
        parts.append(excerpt_places(excerpts))
    if event.note:
        parts.append(event.note)
    return " · ".join(p for p in parts if p)


def excerpt_line(excerpt: Excerpt) -> str:
    """``[1] report.pdf, page 117 · score 12.4``."""
    return f"[{excerpt.number}] {excerpt.label} · score {excerpt.score:.3g}"


def retrieval_attachment_text(event: AttachmentAdded) -> str:
    """How an attachment answered from retrieval is described (its text is not in the record)."""
    return f"indexed for retrieval ({event.chars:,} characters; excerpts sent per question)"


def sources_text(excerpts: Sequence[Excerpt], answer: str) -> str:
    """The sources line after an answer: the excerpts it cites (``Sources: [1] report.pdf, page
    117 · [3] …``), or, when it cites none, the excerpts it was given; "" when none were."""
    if not excerpts:
        return ""
    cited = cited_numbers(answer)
    chosen = [e for n in cited for e in excerpts if e.number == n]
    if chosen:
        return "Sources: " + " · ".join(f"[{e.number}] {e.label}" for e in chosen)
    return "Excerpts given (none cited): " + " · ".join(f"[{e.number}] {e.label}" for e in excerpts)


# -- shared helpers -------------------------------------------------------------------------------


def _compact_json(value: Any) -> str:
    return json.dumps(thaw(value), ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _pretty_json(value: Any) -> str:
    return json.dumps(thaw(value), ensure_ascii=False, indent=2, sort_keys=True)


def _usage_text(event: TurnFinished) -> str:
    usage = event.usage
    parts = []
    if usage.input_tokens is not None:
        parts.append(f"{usage.input_tokens} in")
    if usage.output_tokens is not None:
        parts.append(f"{usage.output_tokens} out")
    if usage.reasoning_tokens:
        parts.append(f"{usage.reasoning_tokens} reasoning")
    if usage.cached_tokens:
        parts.append(f"{usage.cached_tokens} cached")
    return f"{' · '.join(parts)} tokens" if parts else ""


def _finish_line(event: TurnFinished, *, with_error: bool = True) -> str:
    parts = [event.status, f"{event.duration_s:.2f} s"]
    usage = _usage_text(event)
    if usage:
        parts.append(usage)
    if event.error and with_error:
        parts.append(event.error)
    return " · ".join(parts)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} bytes"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KiB"
    return f"{n / (1024 * 1024):.1f} MiB"


def _attachment_line(event: AttachmentAdded) -> str:
    parts = [event.media_type or "unknown type", _size(event.size)]
    if event.uri:  # an MCP server's resource: where it came from
        parts[:0] = [f"MCP server {event.mcp_server or '?'}", event.uri]
    if event.units and event.unit:
        parts.append(f"{event.units} {event.unit}")
    if event.sha256:
        parts.append(f"sha256 {event.sha256}")
    if event.truncated:
        parts.append("text truncated")
    if event.retrieval:
        parts.append(retrieval_attachment_text(event))
    return ", ".join(parts)


def _branch_notes(events: Sequence[StoredEvent]) -> dict[str, str]:
    """Per turn, how it sits in the conversation's tree of branches (``domain.transcript.
    branches``): "branch 2 of 3" when it has siblings (a regenerated or edited turn), and which
    turn it follows when that is not simply the one printed before it. Turns are named by their
    number in the document, so a reader can follow a branch without ids."""
    tree = BranchTree(events)
    numbers = {turn_id: n for n, turn_id in enumerate(tree.order, start=1)}
    notes: dict[str, str] = {}
    previous: str | None = None
    for turn_id in tree.order:
        parts = []
        siblings = tree.siblings(turn_id)
        if len(siblings) > 1:
            parts.append(f"branch {siblings.index(turn_id) + 1} of {len(siblings)}")
        parent = tree.parent.get(turn_id)
        if parent != previous:
            parts.append(f"follows turn {numbers[parent]}" if parent else "starts from the top")
        if parts:
            notes[turn_id] = " · ".join(parts)
        previous = turn_id
    return notes


@dataclass(frozen=True)
class _Replaced:
    """What one compaction stands in for, as the document numbers turns."""

    turn_numbers: tuple[int, ...]
    events: int


@dataclass(frozen=True)
class _Compactions:
    by_event: dict[int, _Replaced]
    #: Per turn, the numbers of the turns whose compaction summarised it.
    summarised_in: dict[str, tuple[int, ...]]


def _compactions(events: Sequence[StoredEvent]) -> _Compactions:
    """Each compaction's replaced turns: the events within its ``replaces`` range that are on its
    own branch (the path to the turn that recorded it), so another branch's events recorded in
    between are never counted as summarised (``application/conversations/compaction.py``)."""
    tree = BranchTree(events)
    numbers = {turn_id: n for n, turn_id in enumerate(tree.order, start=1)}
    by_event: dict[int, _Replaced] = {}
    summarised_in: dict[str, list[int]] = {}
    for stored in events:
        event = stored.event
        if not isinstance(event, Compaction) or len(event.replaces) != 2:
            continue
        first, last = event.replaces
        path = set(tree.path_to(stored.turn_id)) or set(tree.order)
        replaced = [
            s
            for s in events
            if first <= s.id <= last and s.turn_id in path and not isinstance(s.event, Compaction)
        ]
        turns = tuple(dict.fromkeys(s.turn_id for s in replaced if s.turn_id in numbers))
        by_event[stored.id] = _Replaced(tuple(numbers[t] for t in turns), len(replaced))
        for turn_id in turns:
            where = summarised_in.setdefault(turn_id, [])
            number = numbers.get(stored.turn_id)
            if number is not None and number not in where:
                where.append(number)
    return _Compactions(by_event, {k: tuple(v) for k, v in summarised_in.items()})


def _turn_span(numbers: Sequence[int]) -> str:
    """``turn 3``, ``turns 1-10`` (consecutive) or ``turns 1, 2, 4``."""
    if len(numbers) == 1:
        return f"turn {numbers[0]}"
    if list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"turns {numbers[0]}-{numbers[-1]}"
    return "turns " + ", ".join(str(n) for n in numbers)


def _compaction_scope(event: Compaction, replaced: _Replaced | None) -> str:
    """``Stands in for turns 1-10 (events 1-87) · by gpt-4o-mini · auto``: what the model read
    this summary in place of, from the turn that recorded it on."""
    where = replaced_range(event)
    if replaced is not None and replaced.turn_numbers:
        scope = f"Stands in for {_turn_span(replaced.turn_numbers)}"
        scope += f" ({where})" if where else ""
    elif where:
        scope = f"Stands in for {where} (not found in this record)"
    else:
        scope = "No replaced range was recorded"
    parts = [scope, f"by {event.model or 'an unnamed model'}"]
    if event.trigger:
        parts.append(_TRIGGERS.get(event.trigger, event.trigger))
    return " · ".join(parts)


def _summarised_note(numbers: Sequence[int]) -> str:
    if not numbers:
        return ""
    which = ", ".join(str(n) for n in numbers)
    return f"summarised in turn{'s' if len(numbers) > 1 else ''} {which}"


def _cited_by_turn(events: Sequence[StoredEvent]) -> dict[str, frozenset[int]]:
    """Per turn, the excerpt numbers its answer cites (``[n]``)."""
    answers: dict[str, list[str]] = {}
    for stored in events:
        if isinstance(stored.event, AssistantText):
            answers.setdefault(stored.turn_id, []).append(stored.event.text)
    return {turn: frozenset(cited_numbers("".join(texts))) for turn, texts in answers.items()}


def _setup_notes(event: TurnStarted) -> list[str]:
    """What the turn ran under beyond the model: who started it (scheduled, command line),
    agent, skills prefix, review note."""
    notes = []
    if surface_label(event.surface):
        notes.append(surface_label(event.surface))
    if event.agent_role:
        notes.append(f"agent {event.agent_role}")
    skills = [line[len("# Skill: ") :] for line in event.instruction_prefix.splitlines()
              if line.startswith("# Skill: ")]  # fmt: skip
    if skills:
        notes.append("skills " + ", ".join(skills))
    if event.review_note:
        notes.append("review note sent (the model or agent changed)")
    return notes


def _chain_line(chain: ChainReport | None) -> str:
    if chain is None:
        return ""
    if chain.ok:
        return f"verified ({chain.events_checked} events)"
    where = f" at event {chain.first_bad_event_id}" if chain.first_bad_event_id is not None else ""
    return f"BROKEN{where}: {chain.reason}"


@dataclass
class _Call:
    """A tool call with what became of it (its verdicts and result), gathered by ``call_id``."""

    call: ToolCall | None = None
    verdicts: list[ActionVerdict] = field(default_factory=list)
    result: ToolResult | None = None


def _calls_by_id(events: Sequence[StoredEvent]) -> dict[str, _Call]:
    calls: dict[str, _Call] = {}
    for stored in events:
        event = stored.event
        if isinstance(event, ToolCall):
            calls.setdefault(event.call_id, _Call()).call = event
        elif isinstance(event, ActionVerdict):
            calls.setdefault(event.call_id, _Call()).verdicts.append(event)
        elif isinstance(event, ToolResult):
            calls.setdefault(event.call_id, _Call()).result = event
    return calls


def _call_outcome(entry: _Call) -> str:
    """``run · ok`` / ``refused · failed`` / ``no result``: the last decision and the result."""
    parts = []
    if entry.verdicts:
        parts.append(entry.verdicts[-1].decision)
    if entry.result is None:
        parts.append("no result")
    else:
        parts.append("ok" if entry.result.success else "failed")
    return " · ".join(parts)


@dataclass(frozen=True)
class _Figures:
    turns: int
    models: tuple[str, ...]
    input_tokens: int
    output_tokens: int
    failures: int


def _figures(events: Sequence[StoredEvent]) -> _Figures:
    turns = failures = tokens_in = tokens_out = 0
    models: list[str] = []
    for stored in events:
        event = stored.event
        if isinstance(event, TurnStarted):
            turns += 1
            label = f"{event.provider_id} · {event.model}"
            if label not in models:
                models.append(label)
        elif isinstance(event, TurnFinished):
            tokens_in += event.usage.input_tokens or 0
            tokens_out += event.usage.output_tokens or 0
            if event.status != "completed":
                failures += 1
    return _Figures(turns, tuple(models), tokens_in, tokens_out, failures)


def session_anchor(session_id: str) -> str:
    """The id of a conversation's section in a multi-conversation document."""
    return "session-" + re.sub(r"[^A-Za-z0-9_-]", "-", session_id)


# -- Markdown -------------------------------------------------------------------------------------


def _fence(text: str, info: str = "text") -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    body = text if text.endswith("\n") or not text else text + "\n"
    return f"{ticks}{info}\n{body}{ticks}"


_FENCE_OPEN = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(?:[^`]|(?!\1)`+)*?\1(?!`)")
_TAG_START = re.compile(r"<(?=[A-Za-z/!?])")


def _md_text(text: str) -> str:
    """Message text as Markdown, kept as written except where it could break the document: a
    ``<`` that would open an HTML tag or comment outside code is written ``&lt;`` (it renders as
    ``<``; an unclosed ``<!--`` or ``<details>`` would otherwise swallow what follows), and a code
    block left open (a partial answer cut mid-block) is closed."""
    out: list[str] = []
    fence = ""
    for line in text.split("\n"):
        opened = _FENCE_OPEN.match(line)
        if fence:
            if (
                opened
                and opened.group(1)[0] == fence[0]
                and len(opened.group(1)) >= len(fence)
                and not line[opened.end() :].strip()
            ):
                fence = ""
            out.append(line)
        elif opened and not (opened.group(1)[0] == "`" and "`" in line[opened.end() :]):
            fence = opened.group(1)
            out.append(line)
        else:
            out.append(_escape_tags_outside_code(line))
    if fence:
        out.append(fence)
    return "\n".join(out)


def _escape_tags_outside_code(line: str) -> str:
    parts, last = [], 0
    for span in _CODE_SPAN.finditer(line):
        parts.append(_TAG_START.sub("&lt;", line[last : span.start()]))
        parts.append(span.group(0))
        last = span.end()
    parts.append(_TAG_START.sub("&lt;", line[last:]))
    return "".join(parts)


def _md_details(summary: str, body: str) -> list[str]:
    # Blank lines around the body let Markdown inside <details> be parsed (GitHub, CommonMark).
    return ["<details>", f"<summary>{html.escape(summary)}</summary>", "", body, "", "</details>"]


def _md_inline_code(text: str) -> str:
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _md_call(entry: _Call, call_id: str) -> list[str]:
    call = entry.call
    tool = call.tool if call is not None else (entry.verdicts[0].tool if entry.verdicts else "?")
    body: list[str] = [f"Call id: {_md_inline_code(call_id)}", ""]
    if call is not None:
        if call.arguments_error:
            body += ["Arguments could not be read:", "", _fence(call.arguments_error), ""]
        else:
            body += ["Arguments:", "", _fence(_pretty_json(call.arguments), "json"), ""]
    for verdict in entry.verdicts:
        line = (
            f"Verdict: **{verdict.decision}** · effect {_md_inline_code(verdict.effect)} · rule "
            f"{_md_inline_code(verdict.rule)} · by {verdict.source}"
        )
        confined = confinement_text(verdict.confinement)
        if confined:
            line += f" · {_md_inline_code(confined)}"
        body += [line, "", _fence(verdict.reason), ""]
    if entry.result is not None:
        state = "succeeded" if entry.result.success else "failed"
        body += [f"Result ({state}):", "", _fence(entry.result.result), ""]
    else:
        body += ["No result was recorded.", ""]
    return _md_details(f"Tool call: {tool} · {_call_outcome(entry)}", "\n".join(body).rstrip())


def _md_quote(text: str) -> list[str]:
    return [f"> {line}" if line else ">" for line in (text or "(empty)").split("\n")]


def _md_retrieval(event: RetrievalPerformed, cited: frozenset[int]) -> list[str]:
    """The excerpts a turn was given, each with its label (and whether the answer cites it);
    their text in one collapsible section."""
    excerpts = excerpts_of(event.excerpts)
    query = _md_text(one_line(event.query, 10_000))
    block = [f"**Excerpts retrieved** ({event.method}, {_plural(len(excerpts), 'excerpt')}) for: "
             f"{query}"]  # fmt: skip
    if event.note:
        block += ["", f"_Note: {_md_text(one_line(event.note, 10_000))}_"]
    if not excerpts:
        return block
    block.append("")
    for excerpt in excerpts:
        mark = " · **cited**" if excerpt.number in cited else ""
        block.append(f"- {_md_text(one_line(excerpt_line(excerpt), 10_000))}{mark}")
    body: list[str] = []
    for excerpt in excerpts:
        body += [f"[{excerpt.number}] {_md_text(one_line(excerpt.label, 10_000))}", ""]
        body += [_fence(excerpt.text), ""]
    summary = f"Text of the {_plural(len(excerpts), 'excerpt')} given to the model"
    return [*block, "", *_md_details(summary, "\n".join(body).rstrip())]


def _md_session(doc: SessionDocument, level: int) -> list[str]:
    h = "#" * level
    session = doc.session
    figures = _figures(doc.events)
    lines = [f"{h} {_md_text(one_line(session.title, 10_000)) or UNTITLED}", ""]
    meta = [
        f"- Conversation: {_md_inline_code(session.id)}",
        f"- Created: {session.created_at} · updated: {session.updated_at}",
    ]
    if session.project_id:
        meta.append(f"- Project: {_md_inline_code(session.project_id)}")
    if figures.models:
        meta.append(f"- Models: {', '.join(figures.models)}")
    meta.append(
        f"- Turns: {figures.turns} · tokens: {figures.input_tokens} in, "
        f"{figures.output_tokens} out · not completed: {figures.failures}"
    )
    meta.append(f"- Events: {len(doc.events)}")
    chain = _chain_line(doc.chain)
    if chain:
        meta.append(f"- Hash chain: {chain}")
    lines += [*meta, ""]

    calls = _calls_by_id(doc.events)
    branches = _branch_notes(doc.events)
    compactions = _compactions(doc.events)
    cited = _cited_by_turn(doc.events)
    shown: set[str] = set()
    turn_no = 0
    for stored in doc.events:
        event = stored.event
        block: list[str] = []
        if isinstance(event, TurnStarted):
            turn_no += 1
            block = [
                f"{h}# Turn {turn_no} · {event.provider_id} · {event.model}",
                "",
                f"_{stored.ts} · turn {_md_inline_code(stored.turn_id)}_",
            ]
            if stored.turn_id in branches:
                block[-1] += f" · {branches[stored.turn_id]}"
            for note in _setup_notes(event):
                block[-1] += f" · {_md_text(note)}"
            if event.retry_of:
                block[-1] += f" · retry of {_md_inline_code(event.retry_of)}"
            workspace = getattr(event, "workspace", "")  # recorded since the history issue
            if workspace:
                block[-1] += f" · workspace {_md_inline_code(workspace)}"
            summarised = _summarised_note(compactions.summarised_in.get(stored.turn_id, ()))
            if summarised:
                block[-1] += f" · {summarised}"
        elif isinstance(event, UserMessage):
            block = [f"**You** · {stored.ts}", "", _md_text(event.text)]
        elif isinstance(event, AttachmentAdded):
            block = [f"**Attachment:** {_md_inline_code(event.name)} ({_attachment_line(event)})"]
            if event.error:
                block += ["", f"Not read ({event.error_kind or 'error'}):", "", _fence(event.error)]
            if event.text:
                summary = f"Extracted text of {event.name} ({len(event.text)} characters)"
                block += ["", *_md_details(summary, _fence(event.text))]
        elif isinstance(event, Reasoning):
            body = _fence(event.text) if event.text else "_(the provider sent it redacted)_"
            block = _md_details(f"Reasoning ({event.model})", body)
        elif isinstance(event, AssistantText):
            who = "**Assistant**" + (f" ({event.model})" if event.model else "")
            if event.partial:
                who += " _(partial: the step did not finish)_"
            block = [f"{who} · {stored.ts}", "", _md_text(event.text)]
        elif isinstance(event, ToolCall | ActionVerdict | ToolResult):
            call_id = event.call_id
            if call_id not in shown:
                shown.add(call_id)
                block = _md_call(calls[call_id], call_id)
        elif isinstance(event, GateOpened):
            reason = _md_text(one_line(event.reason, 10_000))
            block = [f"> **Permission asked** ({event.gate}): {reason}"]
        elif isinstance(event, Notice):
            text = _md_text(one_line(event.text, 10_000))
            block = [f"> **{event.level.capitalize()}:** {text}"]
        elif isinstance(event, Fact):
            block = [f"> **Fact:** {_md_text(one_line(event.text, 10_000))}"]
        elif isinstance(event, Compaction):
            scope = _compaction_scope(event, compactions.by_event.get(stored.id))
            block = [
                f"{h}## Earlier messages summarised",
                "",
                f"_{_md_text(scope)} · {stored.ts}_",
                "",
                *_md_quote(_md_text(event.summary)),
            ]
        elif isinstance(event, ContextChecked):
            block = [f"_Context: {context_text(event)}_"]
        elif isinstance(event, RetrievalPerformed):
            block = _md_retrieval(event, cited.get(stored.turn_id, frozenset()))
        elif isinstance(event, TurnFinished):
            block = [f"_Turn finished: {_finish_line(event, with_error=False)}_"]
            if event.error:
                block += ["", "Error:", "", _fence(event.error)]
            block += ["", "---"]
        else:  # pragma: no cover - every registered type is handled above
            block = [f"`{stored.type_name}`", "", _fence(_pretty_json(to_payload(event)), "json")]
        if block:
            lines += [*block, ""]
    return lines


def markdown_document(doc: SessionDocument) -> str:
    """One conversation as Markdown."""
    return "\n".join(_md_session(doc, 1)).rstrip() + "\n"


def markdown_collection(
    docs: Sequence[SessionDocument], title: str = "Parley conversations"
) -> str:
    """Several conversations as one Markdown file, with a table of contents."""
    lines = [f"# {title}", "", f"{_plural(len(docs), 'conversation')}.", ""]
    for doc in docs:
        figures = _figures(doc.events)
        lines.append(
            f"- [{_md_text(one_line(doc.session.title, 200)) or UNTITLED}]"
            f"(#{session_anchor(doc.session.id)}) · "
            f"{doc.session.updated_at} · {_plural(figures.turns, 'turn')}"
        )
    lines.append("")
    for doc in docs:
        lines += [f'<a id="{session_anchor(doc.session.id)}"></a>', ""]
        lines += _md_session(doc, 2)
    return "\n".join(lines).rstrip() + "\n"


# -- HTML -----------------------------------------------------------------------------------------

_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

_CSS = """
:root { color-scheme: light dark; --fg: #1d1f23; --bg: #fbfbfa; --muted: #666b73;
  --line: #dcdde0; --user: #eef3fb; --assistant: #ffffff; --code: #f3f3f1; --warn: #8a5a00;
  --error: #b3261e; --ok: #1e7b34; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e6e3; --bg: #17181a; --muted: #9aa0a8;
  --line: #34363a; --user: #1f2735; --assistant: #202124; --code: #26282b; --warn: #e0b04a;
  --error: #ff8a80; --ok: #81c995; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 52rem; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
h1 { font-size: 1.6rem; margin: 0 0 .5rem; }
h2 { font-size: 1.15rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line);
  padding-bottom: .25rem; }
article + article { margin-top: 3rem; border-top: 3px double var(--line); padding-top: 1rem; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem;
  color: var(--muted); font-size: .9rem; margin: 0 0 1rem; }
dl.meta dt { font-weight: 600; } dl.meta dd { margin: 0; }
.when, .turn-id { color: var(--muted); font-size: .8rem; font-weight: normal; }
.msg { border: 1px solid var(--line); border-radius: 8px; padding: .6rem .8rem; margin: .6rem 0; }
.msg.user { background: var(--user); } .msg.assistant { background: var(--assistant); }
.who { font-weight: 600; font-size: .85rem; margin-bottom: .25rem; }
.text, pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
pre { background: var(--code); padding: .5rem .6rem; border-radius: 6px;
  font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
details { border: 1px solid var(--line); border-radius: 8px; margin: .6rem 0;
  padding: .3rem .8rem; }
details[open] { padding-bottom: .6rem; }
summary { cursor: pointer; font-size: .9rem; }
details h3 { font-size: .85rem; margin: .7rem 0 .25rem; color: var(--muted); }
.verdict { margin: .3rem 0; font-size: .9rem; }
.ok { color: var(--ok); } .failed, .error { color: var(--error); } .warning { color: var(--warn); }
.notice, .fact, .gate { font-size: .9rem; margin: .5rem 0; padding-left: .6rem;
  border-left: 3px solid var(--line); }
.finished { color: var(--muted); font-size: .85rem; margin: .6rem 0 0; }
.compaction { margin: .8rem 0; padding: .3rem .8rem; border-left: 3px solid var(--warn); }
.compaction h3 { font-size: .95rem; margin: 0 0 .25rem; }
.scope, .context { color: var(--muted); font-size: .85rem; margin: .3rem 0; }
.retrieval { font-size: .9rem; margin: .6rem 0; padding-left: .6rem;
  border-left: 3px solid var(--line); }
.retrieval ol { margin: .3rem 0; padding-left: 1.6rem; }
nav ol { padding-left: 1.2rem; }
code { font: 13px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
@media print { details { break-inside: avoid; } }
""".strip()


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _html_details(summary: str, body: str, css: str) -> str:
    return f'<details class="{css}"><summary>{summary}</summary>{body}</details>'


def _html_call(entry: _Call, call_id: str) -> str:
    call = entry.call
    tool = call.tool if call is not None else (entry.verdicts[0].tool if entry.verdicts else "?")
    outcome = _call_outcome(entry)
    state = "ok" if entry.result is not None and entry.result.success else "failed"
    parts = [f"<p>Call id <code>{_e(call_id)}</code></p>"]
    if call is not None:
        if call.arguments_error:
            parts.append(
                f"<h3>Arguments could not be read</h3><pre>{_e(call.arguments_error)}</pre>"
            )
        else:
            parts.append(f"<h3>Arguments</h3><pre>{_e(_pretty_json(call.arguments))}</pre>")
    for verdict in entry.verdicts:
        parts.append(
            f'<p class="verdict"><strong>{_e(verdict.decision)}</strong> · effect '
            f"<code>{_e(verdict.effect)}</code> · rule <code>{_e(verdict.rule)}</code> · by "
            f"{_e(verdict.source)}{_html_confinement(verdict)}<br>{_e(verdict.reason)}</p>"
        )
    if entry.result is not None:
        label = "succeeded" if entry.result.success else "failed"
        parts.append(f'<h3>Result (<span class="{state}">{label}</span>)</h3>')
        parts.append(f"<pre>{_e(entry.result.result)}</pre>")
    else:
        parts.append("<p>No result was recorded.</p>")
    summary = f'Tool call <code>{_e(tool)}</code> · <span class="{state}">{_e(outcome)}</span>'
    return _html_details(summary, "".join(parts), "tool")


def _html_confinement(verdict: ActionVerdict) -> str:
    confinement = recorded_confinement(verdict.confinement)
    if confinement is None:
        return ""
    css = "confinement" if confinement.enforced else "confinement warning"
    return f' · <span class="{css}">{_e(confinement_text(verdict.confinement))}</span>'


def _html_retrieval(event: RetrievalPerformed, cited: frozenset[int]) -> str:
    """The excerpts a turn was given: a numbered list of labels, each excerpt's text behind its
    own ``<details>``."""
    excerpts = excerpts_of(event.excerpts)
    parts = [
        f"<p><strong>Excerpts retrieved</strong> ({_e(event.method)}, "
        f"{_plural(len(excerpts), 'excerpt')}) for <q>{_e(event.query)}</q></p>"
    ]
    if event.note:
        parts.append(f'<p class="warning">{_e(event.note)}</p>')
    if excerpts:
        items = []
        for excerpt in excerpts:
            mark = ' · <strong class="ok">cited</strong>' if excerpt.number in cited else ""
            items.append(
                f'<li value="{excerpt.number}">{_e(excerpt.label)} · score '
                f"{excerpt.score:.3g}{mark}"
                + _html_details(
                    "Text given to the model", f"<pre>{_e(excerpt.text)}</pre>", "excerpt"
                )
                + "</li>"
            )
        parts.append(f'<ol class="excerpts">{"".join(items)}</ol>')
    return f'<div class="retrieval">{"".join(parts)}</div>'


def _html_session(doc: SessionDocument, heading: str) -> str:
    session = doc.session
    figures = _figures(doc.events)
    meta = [
        ("Conversation", f"<code>{_e(session.id)}</code>"),
        ("Created", _e(session.created_at)),
        ("Updated", _e(session.updated_at)),
    ]
    if session.project_id:
        meta.append(("Project", f"<code>{_e(session.project_id)}</code>"))
    if figures.models:
        meta.append(("Models", _e(", ".join(figures.models))))
    meta.append(
        (
            "Turns",
            f"{figures.turns} · tokens {figures.input_tokens} in, {figures.output_tokens} out"
            f" · not completed: {figures.failures}",
        )
    )
    meta.append(("Events", str(len(doc.events))))
    chain = _chain_line(doc.chain)
    if chain:
        css = "ok" if doc.chain is not None and doc.chain.ok else "error"
        meta.append(("Hash chain", f'<span class="{css}">{_e(chain)}</span>'))
    out = [
        f"<{heading}>{_e(session.title or UNTITLED)}</{heading}>",
        '<dl class="meta">' + "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in meta) + "</dl>",
    ]

    calls = _calls_by_id(doc.events)
    branches = _branch_notes(doc.events)
    compactions = _compactions(doc.events)
    cited = _cited_by_turn(doc.events)
    shown: set[str] = set()
    turn_no = 0
    in_turn = False
    for stored in doc.events:
        event = stored.event
        if isinstance(event, TurnStarted):
            if in_turn:
                out.append("</section>")
            turn_no += 1
            in_turn = True
            retry = f" · retry of {_e(event.retry_of[:8])}" if event.retry_of else ""
            if stored.turn_id in branches:
                retry += f" · {_e(branches[stored.turn_id])}"
            for note in _setup_notes(event):
                retry += f" · {_e(note)}"
            workspace = getattr(event, "workspace", "")  # recorded since the history issue
            if workspace:
                retry += f" · workspace {_e(workspace)}"
            summarised = _summarised_note(compactions.summarised_in.get(stored.turn_id, ()))
            if summarised:
                retry += f" · {_e(summarised)}"
            out.append(
                f'<section class="turn"><h2>Turn {turn_no} · {_e(event.provider_id)} · '
                f'{_e(event.model)} <span class="when">{_e(stored.ts)}</span> '
                f'<span class="turn-id">{_e(stored.turn_id[:8])}{retry}</span></h2>'
            )
        elif isinstance(event, UserMessage):
            out.append(
                f'<div class="msg user"><div class="who">You <span class="when">'
                f'{_e(stored.ts)}</span></div><div class="text">{_e(event.text)}</div></div>'
            )
        elif isinstance(event, AttachmentAdded):
            body = f"<p>{_e(_attachment_line(event))}</p>"
            if event.error:
                body += f'<p class="error">Not read ({_e(event.error_kind or "error")}): '
                body += f"{_e(event.error)}</p>"
            if event.text:
                body += f"<h3>Extracted text ({len(event.text)} characters)</h3>"
                body += f"<pre>{_e(event.text)}</pre>"
            out.append(_html_details(f"Attachment <code>{_e(event.name)}</code>", body, "attach"))
        elif isinstance(event, Reasoning):
            body = f"<pre>{_e(event.text)}</pre>" if event.text else "<p>(sent redacted)</p>"
            out.append(_html_details(f"Reasoning ({_e(event.model)})", body, "reasoning"))
        elif isinstance(event, AssistantText):
            model = f" ({_e(event.model)})" if event.model else ""
            partial = " (partial: the step did not finish)" if event.partial else ""
            out.append(
                f'<div class="msg assistant"><div class="who">Assistant{model}'
                f'{partial} <span class="when">{_e(stored.ts)}</span></div>'
                f'<div class="text">{_e(event.text)}</div></div>'
            )
        elif isinstance(event, ToolCall | ActionVerdict | ToolResult):
            if event.call_id not in shown:
                shown.add(event.call_id)
                out.append(_html_call(calls[event.call_id], event.call_id))
        elif isinstance(event, GateOpened):
            out.append(
                f'<p class="gate"><strong>Permission asked</strong> ({_e(event.gate)}): '
                f"{_e(event.reason)}</p>"
            )
        elif isinstance(event, Notice):
            out.append(
                f'<p class="notice {_e(event.level)}"><strong>{_e(event.level.capitalize())}:'
                f"</strong> {_e(event.text)}</p>"
            )
        elif isinstance(event, Fact):
            out.append(f'<p class="fact"><strong>Fact:</strong> {_e(event.text)}</p>')
        elif isinstance(event, Compaction):
            scope = _compaction_scope(event, compactions.by_event.get(stored.id))
            out.append(
                '<div class="compaction"><h3>Earlier messages summarised</h3>'
                f'<p class="scope">{_e(scope)} <span class="when">{_e(stored.ts)}</span></p>'
                f'<div class="text">{_e(event.summary)}</div></div>'
            )
        elif isinstance(event, ContextChecked):
            out.append(f'<p class="context">Context: {_e(context_text(event))}</p>')
        elif isinstance(event, RetrievalPerformed):
            out.append(_html_retrieval(event, cited.get(stored.turn_id, frozenset())))
        elif isinstance(event, TurnFinished):
            css = "ok" if event.status == "completed" else "error"
            usage = _usage_text(event)
            line = f'<span class="{css}">{_e(event.status)}</span> · {event.duration_s:.2f} s'
            if usage:
                line += f" · {_e(usage)}"
            out.append(f'<p class="finished">{line}</p>')
            if event.error:
                out.append(f'<pre class="error">{_e(event.error)}</pre>')
        else:  # pragma: no cover - every registered type is handled above
            out.append(
                f"<p><code>{_e(stored.type_name)}</code></p>"
                f"<pre>{_e(_pretty_json(to_payload(event)))}</pre>"
            )
    if in_turn:
        out.append("</section>")
    return "\n".join(out)


def _html_page(title: str, body: str) -> str:
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="Parley">\n'
        f"<title>{_e(title)}</title>\n<style>\n{_CSS}\n</style>\n</head>\n"
        f"<body>\n<main>\n{body}\n</main>\n</body>\n</html>\n"
    )


def html_document(doc: SessionDocument) -> str:
    """One conversation as a self-contained HTML page."""
    body = (
        f'<article id="{session_anchor(doc.session.id)}">\n{_html_session(doc, "h1")}\n</article>'
    )
    return _html_page(doc.session.title or UNTITLED, body)


def html_collection(docs: Sequence[SessionDocument], title: str = "Parley conversations") -> str:
    """Several conversations as one self-contained HTML page, with a table of contents."""
    toc = "".join(
        f'<li><a href="#{session_anchor(d.session.id)}">{_e(d.session.title or UNTITLED)}</a> '
        f'<span class="when">{_e(d.session.updated_at)}</span></li>'
        for d in docs
    )
    parts = [
        f"<h1>{_e(title)}</h1>",
        f"<nav><p>{_plural(len(docs), 'conversation')}.</p><ol>{toc}</ol></nav>",
    ]
    for doc in docs:
        parts.append(
            f'<article id="{session_anchor(doc.session.id)}">\n{_html_session(doc, "h1")}\n'
            "</article>"
        )
    return _html_page(title, "\n".join(parts))

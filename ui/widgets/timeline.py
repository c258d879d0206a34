"""One conversation's timeline for operators: every event in order, readable, raw JSON a click away.

Why it exists: the history window must show *what happened* in a conversation — messages,
attachments (hash and what was extracted), tool calls with their arguments, the gate's verdicts
(effect, rule, decision, who decided, the sandbox a command ran in), results, notices, errors,
usage and duration per turn, how full the model's window was, which summary stood in for earlier
turns and which excerpts of which documents the model was given — in words a person reads,
without hiding the record itself: the raw payload of any event is one toggle away and is exactly
``canonical.to_payload(event)``.

Invariants it keeps:

- one top-level row per stored event, in the order given (the store's append order); nothing is
  merged, dropped or reordered;
- a row's children (its detail lines) are built lazily the first time the view asks for them and
  cached, so a long conversation costs one short summary per *visible* row;
- the widget renders and forwards intent only: it never reads the store (the window loads the
  events on a worker and hands them over).
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from parley.application.history.documents import (
    compaction_text,
    confinement_text,
    context_text,
    retrieval_attachment_text,
    retrieval_text,
)
from parley.domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    AttachmentAdded,
    Compaction,
    ContextChecked,
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
from parley.domain.transcript.excerpts import excerpts_of
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.widgets.attachment_chips import human_size

#: Longest one-line summary or child value shown in the tree (the side panel shows everything).
LINE_CHARS = 160

_TYPE_LABELS = {
    "turn_started": QT_TRANSLATE_NOOP("TimelineView", "Turn started"),
    "user_message": QT_TRANSLATE_NOOP("TimelineView", "User message"),
    "attachment_added": QT_TRANSLATE_NOOP("TimelineView", "Attachment"),
    "reasoning": QT_TRANSLATE_NOOP("TimelineView", "Reasoning"),
    "assistant_text": QT_TRANSLATE_NOOP("TimelineView", "Answer"),
    "tool_call": QT_TRANSLATE_NOOP("TimelineView", "Tool call"),
    "tool_result": QT_TRANSLATE_NOOP("TimelineView", "Tool result"),
    "action_verdict": QT_TRANSLATE_NOOP("TimelineView", "Verdict"),
    "gate_opened": QT_TRANSLATE_NOOP("TimelineView", "Permission asked"),
    "notice": QT_TRANSLATE_NOOP("TimelineView", "Notice"),
    "fact": QT_TRANSLATE_NOOP("TimelineView", "Fact"),
    "compaction": QT_TRANSLATE_NOOP("TimelineView", "Compaction"),
    "context_checked": QT_TRANSLATE_NOOP("TimelineView", "Context check"),
    "retrieval_performed": QT_TRANSLATE_NOOP("TimelineView", "Retrieval"),
    "turn_finished": QT_TRANSLATE_NOOP("TimelineView", "Turn finished"),
}

_AnyIndex = QModelIndex | QPersistentModelIndex


def one_line(text: str, limit: int = LINE_CHARS) -> str:
    """``text`` on one line (newlines shown as ``⏎``), cut to ``limit`` characters with ``…``."""
    flat = " ⏎ ".join(part.strip() for part in text.strip().splitlines() if part.strip())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def type_label(stored: StoredEvent) -> str:
    """The event type in words (``Tool call``, ``Verdict``…)."""
    label = _TYPE_LABELS.get(stored.type_name)
    return translate("TimelineView", label) if label else stored.type_name


def short_time(ts: str) -> str:
    """``2026-11-30T18:13:07.123456Z`` → ``2026-11-30 18:13:07`` (UTC, as stored)."""
    return ts[:19].replace("T", " ")


def _usage_text(finished: TurnFinished) -> str:
    usage = finished.usage
    if usage.input_tokens is None and usage.output_tokens is None:
        return ""
    return translate("TimelineView", "{input} in / {output} out tokens").format(
        input=usage.input_tokens or 0, output=usage.output_tokens or 0
    )


def _args_text(call: ToolCall) -> str:
    if call.arguments_error:
        return translate("TimelineView", "(arguments could not be read)")
    arguments = thaw(call.arguments)
    return ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in arguments.items())


def event_summary(stored: StoredEvent) -> str:
    """One line saying what the event is, for a person."""
    event = stored.event
    if isinstance(event, TurnStarted):
        model = event.model or translate("TimelineView", "default model")
        parts = [f"{event.provider_id} · {model}"]
        if event.retry_of:
            parts.append(
                translate("TimelineView", "retry of {turn}").format(turn=event.retry_of[:8])
            )
        if event.follows_turn_id:  # a branch: which turn this one continues
            parts.append(
                translate("TimelineView", "follows {turn}").format(turn=event.follows_turn_id[:8])
            )
        if event.agent_role:
            parts.append(translate("TimelineView", "agent {role}").format(role=event.agent_role))
        if event.review_note:
            parts.append(translate("TimelineView", "review note"))
        if event.attachments:
            parts.append(
                translate("TimelineView", "{count} attachment(s)").format(
                    count=len(event.attachments)
                )
            )
        parts.append(translate("TimelineView", "gate {mode}").format(mode=event.gate_mode))
        return one_line(" · ".join(parts))
    if isinstance(event, UserMessage):
        return one_line(event.text)
    if isinstance(event, AttachmentAdded):
        return one_line(_attachment_summary(event))
    if isinstance(event, Reasoning):
        return one_line(event.text or translate("TimelineView", "(redacted reasoning)"))
    if isinstance(event, AssistantText):
        partial = translate("TimelineView", " (partial)") if event.partial else ""
        model = event.model or translate("TimelineView", "assistant")
        return one_line(f"{model}{partial}: {event.text}")
    if isinstance(event, ToolCall):
        return one_line(f"{event.tool}({_args_text(event)})")
    if isinstance(event, ActionVerdict):
        effect = (
            translate("TimelineView", " · effect {effect}").format(effect=event.effect)
            if event.effect
            else ""
        )
        confined = confinement_text(event.confinement)
        confined = f" · {confined}" if confined else ""
        return one_line(
            translate(
                "TimelineView",
                "{decision} · {tool}{effect}{confined} · rule {rule} · decided by {source}",
            ).format(
                decision=event.decision,
                tool=event.tool,
                effect=effect,
                confined=confined,
                rule=event.rule,
                source=event.source,
            )
        )
    if isinstance(event, ToolResult):
        state = (
            translate("TimelineView", "ok")
            if event.success
            else translate("TimelineView", "failed")
        )
        return one_line(f"{state}: {event.result}")
    if isinstance(event, GateOpened):
        return one_line(f"{event.gate}: {translate_text(event.reason)}")
    if isinstance(event, Notice):
        return one_line(f"{event.level}: {translate_text(event.text)}")
    if isinstance(event, Fact):
        return one_line(event.text)
    if isinstance(event, Compaction):
        return one_line(f"{compaction_text(event)}: {event.summary}")
    if isinstance(event, ContextChecked):
        return one_line(context_text(event))
    if isinstance(event, RetrievalPerformed):
        return one_line(
            translate("TimelineView", "{what} · for: {query}").format(
                what=retrieval_text(event), query=event.query
            )
        )
    if isinstance(event, TurnFinished):
        parts = [
            event.status,
            translate("TimelineView", "{seconds:.1f} s").format(seconds=event.duration_s),
        ]
        usage = _usage_text(event)
        if usage:
            parts.append(usage)
        if event.error:
            parts.append(translate_text(event.error))
        return one_line(" · ".join(parts))
    return one_line(json.dumps(to_payload(event), ensure_ascii=False))


def _attachment_summary(event: AttachmentAdded) -> str:
    parts = [event.name]
    if event.size:
        parts.append(human_size(event.size))
    if event.sha256:
        parts.append(f"sha256 {event.sha256[:12]}")
    if event.error or event.error_kind:
        why = translate_text(event.error) if event.error else event.error_kind
        parts.append(translate("TimelineView", "not sent: {error}").format(error=why))
    elif event.image_media_type:
        parts.append(
            translate("TimelineView", "sent as {type} image").format(type=event.image_media_type)
        )
    elif event.retrieval:
        parts.append(retrieval_attachment_text(event))
    else:
        extracted = translate("TimelineView", "{chars} characters extracted").format(
            chars=event.chars
        )
        if event.extractor:
            extracted += translate("TimelineView", " by {extractor}").format(
                extractor=event.extractor
            )
        if event.truncated:
            extracted += translate("TimelineView", " (truncated)")
        parts.append(extracted)
    return " · ".join(parts)


def event_details(stored: StoredEvent) -> list[tuple[str, str]]:
    """Every field worth reading, as ``(label, full value)`` pairs, in a sensible order."""
    event = stored.event
    rows: list[tuple[str, str]] = []
    if isinstance(event, ToolCall):
        rows.append(("tool", event.tool))
        rows.append(("call id", event.call_id))
        if event.arguments_error:
            rows.append(("arguments error", event.arguments_error))
        for key, value in dict(event.arguments).items():
            plain = thaw(value)
            text = plain if isinstance(plain, str) else json.dumps(plain, ensure_ascii=False)
            rows.append((f"argument {key}", text))
    elif isinstance(event, ActionVerdict):
        rows.extend(
            [
                ("decision", event.decision),
                ("decided by", event.source + (f" ({event.model})" if event.model else "")),
                ("effect", event.effect),
                ("rule", event.rule),
                ("reason", event.reason),
                ("tool", event.tool),
                ("call id", event.call_id),
            ]
        )
        if event.confinement:
            rows.append(("confinement", confinement_text(event.confinement)))
        if event.input:
            rows.append(("input", json.dumps(thaw(event.input), ensure_ascii=False)))
    elif isinstance(event, AttachmentAdded):
        rows.extend(
            [
                ("name", event.name),
                ("sha256", event.sha256),
                ("media type", event.image_media_type or event.media_type),
                ("size", f"{human_size(event.size)} ({event.size} bytes)" if event.size else ""),
                ("extractor", event.extractor),
                (
                    "extracted",
                    f"{event.chars} characters" + (" (truncated)" if event.truncated else ""),
                ),
                ("units", f"{event.units} {event.unit}" if event.units else ""),
                ("error", " · ".join(p for p in (event.error_kind, event.error) if p)),
                ("source path", event.source_path),
                ("retrieval", retrieval_attachment_text(event) if event.retrieval else ""),
                ("text given to the model", event.text),
            ]
        )
    elif isinstance(event, Compaction):
        rows.extend(_compaction_rows(event))
    elif isinstance(event, ContextChecked):
        rows.extend(_context_rows(event))
    elif isinstance(event, RetrievalPerformed):
        rows.extend(_retrieval_rows(event))
    elif isinstance(event, TurnFinished):
        rows.extend(
            [
                ("status", event.status),
                ("duration", f"{event.duration_s:.3f} s"),
                ("usage", json.dumps(event.usage.to_dict())),
                ("error", event.error),
            ]
        )
    else:
        for key, value in to_payload(event).items():
            if value in ("", None, [], {}, ()):
                continue
            plain = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            rows.append((key.replace("_", " "), plain))
    rows = [(label, value) for label, value in rows if value not in ("", None)]
    envelope = [("event id", str(stored.id)), ("time (UTC)", stored.ts), ("turn", stored.turn_id)]
    if stored.actor:
        envelope.append(("actor", stored.actor))
    if stored.work_item:
        envelope.append(("work item", stored.work_item))
    return rows + envelope


_TRIGGERS = {"auto": "auto (the request neared the window)", "manual": "manual (/compact)"}


def _compaction_rows(event: Compaction) -> list[tuple[str, str]]:
    rows = [
        ("summary", event.summary),
        ("summarised by", event.model),
        ("trigger", _TRIGGERS.get(event.trigger, event.trigger)),
        ("turns replaced", str(event.turns) if event.turns else ""),
    ]
    if len(event.replaces) == 2:
        rows.append(("first event replaced", str(event.replaces[0])))
        rows.append(("last event replaced", str(event.replaces[1])))
    return rows


def _context_rows(event: ContextChecked) -> list[tuple[str, str]]:
    source = {"provider": "from the provider", "table": "from the model table", "guess": "guessed"}
    window = f"{event.window:,} tokens" if event.window else "unknown"
    if event.window_source:
        window += f" ({source.get(event.window_source, event.window_source)})"
    share = f" ({round(100 * event.prompt_tokens / event.window)}% of the window)"
    rows = [
        ("request", f"{event.prompt_tokens:,} tokens" + (share if event.window else "")),
        ("window", window),
        ("raw estimate", f"{event.estimated_tokens:,} tokens" if event.estimated_tokens else ""),
        (
            "kept for the answer",
            f"{event.reserved_output:,} tokens" if event.reserved_output else "",
        ),
    ]
    if event.window:
        left = event.window - event.prompt_tokens - event.reserved_output
        rows.append(("room left", f"{left:,} tokens"))
    rows.append(("summary used", f"event {event.compaction_id}" if event.compaction_id else "none"))
    return rows


def _retrieval_rows(event: RetrievalPerformed) -> list[tuple[str, str]]:
    excerpts = excerpts_of(event.excerpts)
    rows = [
        ("query", event.query),
        ("method", event.method),
        ("note", event.note),
        ("excerpts", str(len(excerpts))),
    ]
    if len(excerpts) < len(event.excerpts):
        rows.append(("unreadable excerpts", str(len(event.excerpts) - len(excerpts))))
    for excerpt in excerpts:
        rows.append((f"[{excerpt.number}]", f"{excerpt.label} · score {excerpt.score:.3g}"))
        if excerpt.source_path:
            rows.append((f"[{excerpt.number}] file", excerpt.source_path))
        rows.append((f"[{excerpt.number}] document", excerpt.document))
        rows.append((f"[{excerpt.number}] text", excerpt.text))
    return rows


def detail_text(stored: StoredEvent) -> str:
    """The side panel's readable text: a heading, then every detail in full."""
    lines = [f"{type_label(stored)} — {short_time(stored.ts)} UTC", ""]
    for label, value in event_details(stored):
        value_lines = value.splitlines() or [""]
        if len(value_lines) == 1:
            lines.append(f"{label}: {value_lines[0]}")
        else:
            lines.append(f"{label}:")
            lines.extend(f"    {line}" for line in value_lines)
    return "\n".join(lines)


def raw_json(stored: StoredEvent) -> str:
    """``to_payload(event)`` pretty-printed: the record itself."""
    return json.dumps(to_payload(stored.event), indent=2, ensure_ascii=False)


class TimelineModel(QAbstractItemModel):
    """Events as top-level rows (time, type, summary); their detail lines as children.

    Internal ids: a top-level index carries 0; a child of event row ``r`` carries ``r + 1``.
    """

    HEADERS = ("Time (UTC)", "Type", "What happened")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._events: list[StoredEvent] = []
        self._summaries: dict[int, str] = {}
        self._details: dict[int, list[tuple[str, str]]] = {}

    # -- content ---------------------------------------------------------------------------

    def set_events(self, events: Sequence[StoredEvent]) -> None:
        self.beginResetModel()
        self._events = list(events)
        self._summaries.clear()
        self._details.clear()
        self.endResetModel()

    def events(self) -> list[StoredEvent]:
        return list(self._events)

    def event_at(self, index: _AnyIndex) -> StoredEvent | None:
        """The event of a row or of one of its detail lines."""
        if not index.isValid():
            return None
        row = index.row() if index.internalId() == 0 else index.internalId() - 1
        return self._events[row] if 0 <= row < len(self._events) else None

    def summary(self, row: int) -> str:
        if row not in self._summaries:
            self._summaries[row] = event_summary(self._events[row])
        return self._summaries[row]

    def _detail_rows(self, row: int) -> list[tuple[str, str]]:
        if row not in self._details:
            self._details[row] = event_details(self._events[row])
        return self._details[row]

    # -- QAbstractItemModel -----------------------------------------------------------------

    def index(self, row: int, column: int, parent: _AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= len(self.HEADERS) or row < 0:
            return QModelIndex()
        if not parent.isValid():
            if row >= len(self._events):
                return QModelIndex()
            return self.createIndex(row, column, 0)
        if parent.internalId() != 0 or row >= len(self._detail_rows(parent.row())):
            return QModelIndex()
        return self.createIndex(row, column, parent.row() + 1)

    # QAbstractItemModel.parent is overloaded (QObject.parent() and parent(index)); a model
    # overrides only the index form, which mypy reports as an incompatible override.
    def parent(self, index: _AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: _AnyIndex = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._events)
        if parent.internalId() != 0 or parent.column() != 0:
            return 0
        return len(self._detail_rows(parent.row()))

    def hasChildren(self, parent: _AnyIndex = QModelIndex()) -> bool:  # noqa: B008
        if not parent.isValid():
            return bool(self._events)
        # Every event has at least its envelope (id, time, turn): no need to build the details.
        return parent.internalId() == 0 and parent.column() == 0

    def columnCount(self, parent: _AnyIndex = QModelIndex()) -> int:  # noqa: B008
        return len(self.HEADERS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.HEADERS[section]
        return None

    def data(self, index: _AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return None
        column = index.column()
        if index.internalId() == 0:
            stored = self._events[index.row()]
            if column == 0:
                return short_time(stored.ts)
            if column == 1:
                return type_label(stored)
            if role == Qt.ItemDataRole.ToolTipRole:
                return None
            return self.summary(index.row())
        label, value = self._detail_rows(index.internalId() - 1)[index.row()]
        if column == 1:
            return label
        if column == 2:
            return value if role == Qt.ItemDataRole.ToolTipRole else one_line(value)
        return None


class TimelineView(QWidget):
    """The timeline tree on the left, the selected event in full on the right."""

    sig_event_selected = Signal(object)
    """The user selected an event (or one of its detail lines): ``StoredEvent``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = TimelineModel(self)
        self.tree = QTreeView()
        self.tree.setObjectName("timeline")
        self.tree.setModel(self.model)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setAllColumnsShowFocus(True)
        header = self.tree.header()
        header.resizeSection(0, 190)
        header.resizeSection(1, 110)
        header.setStretchLastSection(True)

        self.heading = QLabel(
            translate("TimelineView", "Select a conversation to see its timeline.")
        )
        self.heading.setObjectName("timeline-heading")
        self.raw_toggle = QCheckBox(translate("TimelineView", "Raw JSON"))
        self.raw_toggle.setObjectName("raw-json")
        self.raw_toggle.setToolTip(
            translate("TimelineView", "Show the event exactly as the log stores it")
        )
        self.detail = QPlainTextEdit()
        self.detail.setObjectName("event-detail")
        self.detail.setReadOnly(True)
        self.detail.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._readable_font = QFont(self.detail.font())
        self._fixed_font = fixed

        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(translate("TimelineView", "Event")))
        bar.addStretch(1)
        bar.addWidget(self.raw_toggle)
        side_layout.addLayout(bar)
        # Search matches: the current hit's snippet (highlights in bold) and "next match".
        self.match_label = QLabel("")
        self.match_label.setObjectName("timeline-match")
        self.match_label.setTextFormat(Qt.TextFormat.RichText)
        self.match_label.setWordWrap(True)
        self.next_match_button = QPushButton(translate("TimelineView", "Next match"))
        self.next_match_button.setObjectName("next-match")
        self.next_match_button.setToolTip(
            translate("TimelineView", "Go to the next event matching the search (F3)")
        )
        self.next_match_button.clicked.connect(lambda _checked=False: self.next_match())
        match_bar = QHBoxLayout()
        match_bar.addWidget(self.match_label, 1)
        match_bar.addWidget(self.next_match_button)
        side_layout.addLayout(match_bar)
        self._matches: list[tuple[int, str]] = []
        self._match_index = -1
        self._show_match_bar()
        side_layout.addWidget(self.detail, 1)

        splitter = QSplitter()
        splitter.addWidget(self.tree)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(splitter, 1)

        self._current: StoredEvent | None = None
        self.tree.selectionModel().selectionChanged.connect(self._on_selection)
        self.raw_toggle.toggled.connect(lambda _on: self._render_detail())

    def set_events(self, events: Sequence[StoredEvent], heading: str = "") -> None:
        """Show ``events`` (in the order given); the first event is selected."""
        self.model.set_events(events)
        self.heading.setText(heading or f"{len(events)} events")
        self._current = None
        self._matches, self._match_index = [], -1
        self._show_match_bar()
        if events:
            self.select_row(0)
        else:
            self._render_detail()

    def clear(self, heading: str = "Select a conversation to see its timeline.") -> None:
        self.model.set_events([])
        self._matches, self._match_index = [], -1
        self._show_match_bar()
        self.heading.setText(heading)
        self._current = None
        self._render_detail()

    def select_row(self, row: int) -> None:
        index = self.model.index(row, 0)
        if index.isValid():
            self.tree.setCurrentIndex(index)

    def row_of_event(self, event_id: int) -> int:
        return next((i for i, e in enumerate(self.model.events()) if e.id == event_id), -1)

    def select_event(self, event_id: int) -> bool:
        """Select and scroll to the event with this id; False if it is not shown."""
        row = self.row_of_event(event_id)
        if row < 0:
            return False
        self.select_row(row)
        self.tree.scrollTo(self.model.index(row, 0))
        return True

    # -- search matches ----------------------------------------------------------------------

    def set_matches(self, matches: Sequence[tuple[int, str]]) -> None:
        """The shown conversation's search hits, ``(event id, snippet)`` in conversation order;
        the first one is selected. An empty list hides the match bar."""
        self._matches = [m for m in matches if self.row_of_event(m[0]) >= 0]
        self._match_index = -1
        if self._matches:
            self.show_match(0)
        else:
            self._show_match_bar()

    def matches(self) -> list[tuple[int, str]]:
        return list(self._matches)

    def match_index(self) -> int:
        """Which of ``matches()`` is shown (-1 when none)."""
        return self._match_index

    def show_match(self, index: int) -> None:
        if not 0 <= index < len(self._matches):
            return
        self._match_index = index
        self.select_event(self._matches[index][0])
        self._show_match_bar()

    def next_match(self) -> None:
        """Step to the next hit in this conversation (wrapping round)."""
        if self._matches:
            self.show_match((self._match_index + 1) % len(self._matches))

    def _show_match_bar(self) -> None:
        shown = bool(self._matches)
        self.match_label.setVisible(shown)
        self.next_match_button.setVisible(shown)
        self.next_match_button.setEnabled(len(self._matches) > 1)
        if not shown:
            self.match_label.setText("")
            return
        _event_id, snippet = self._matches[self._match_index]
        self.match_label.setText(
            translate("TimelineView", "Match {number} of {count}: {snippet}").format(
                number=self._match_index + 1,
                count=len(self._matches),
                snippet=snippet_html(snippet),
            )
        )

    def current_event(self) -> StoredEvent | None:
        return self._current

    def detail_shown(self) -> str:
        return self.detail.toPlainText()

    @Slot(QItemSelection, QItemSelection)
    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        stored = self.model.event_at(self.tree.currentIndex())
        if stored is self._current:
            return
        self._current = stored
        self._render_detail()
        if stored is not None:
            self.sig_event_selected.emit(stored)

    def _render_detail(self) -> None:
        stored = self._current
        if stored is None:
            self.detail.setPlainText("")
            return
        if self.raw_toggle.isChecked():
            self.detail.setFont(self._fixed_font)
            self.detail.setPlainText(raw_json(stored))
        else:
            self.detail.setFont(self._readable_font)
            self.detail.setPlainText(detail_text(stored))


def snippet_html(snippet: str) -> str:
    """A search snippet as rich text: the matched words (between ``[`` and ``]``) in bold."""
    return html.escape(snippet).replace("[", "<b>").replace("]", "</b>")

"""The History timeline shows issue 18's records: context checks with their figures, a compaction's
summary and the range it replaced, a retrieval's query and every excerpt (label, score, text) —
read back from a real SQLite store, shown in the real widget."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from parley.domain.transcript.canonical import StoredEvent, to_payload
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from parley.ui.widgets.timeline import TimelineView
from tests.unit.test_history_render import EXCERPT_1, EXCERPT_2, QUERY, SUMMARY, _turns


@pytest.fixture
def recorded(tmp_path: Path) -> list[StoredEvent]:
    with SqliteEventStore(tmp_path / "parley.db") as store:
        session = store.create_session("Quarterly").id
        for turn_id, event in _turns():
            store.append(session, turn_id, event)
        return list(store.events(session))


@pytest.fixture
def view(qtbot, recorded: list[StoredEvent]) -> TimelineView:
    widget = TimelineView()
    qtbot.addWidget(widget)
    widget.set_events(recorded, "Quarterly")
    return widget


def _row(view: TimelineView, type_name: str, nth: int = 0) -> int:
    rows = [r for r, e in enumerate(view.model.events()) if e.type_name == type_name]
    return rows[nth]


def _children(view: TimelineView, row: int) -> list[tuple[str, str, str]]:
    """Each detail line of a row: label, the text shown, and its tooltip (the whole value)."""
    model = view.model
    parent = model.index(row, 0)
    out = []
    for r in range(model.rowCount(parent)):
        shown = model.index(r, 2, parent)
        out.append(
            (
                model.data(model.index(r, 1, parent)),
                model.data(shown),
                model.data(shown, Qt.ItemDataRole.ToolTipRole),
            )
        )
    return out


def test_types_and_one_line_summaries(view: TimelineView) -> None:
    model = view.model
    labels = {e.type_name: model.data(model.index(r, 1)) for r, e in enumerate(model.events())}
    assert labels["retrieval_performed"] == "Retrieval"
    assert labels["context_checked"] == "Context check"
    assert labels["compaction"] == "Compaction"

    def summary(type_name: str, nth: int = 0) -> str:
        return str(model.data(model.index(_row(view, type_name, nth), 2)))

    assert summary("retrieval_performed") == (
        f"2 excerpts · bm25 · annual <report>.pdf p. 117, p. 3 · for: {QUERY}"
    )
    assert summary("context_checked") == (
        "41,230 of 128,000 tokens (32%) · window from provider · 4,096 kept for the answer"
    )
    assert summary("compaction").startswith("summarised 1 turn (events 1-16) · by summary-model")
    retrieval_attachment = summary("attachment_added", 1)
    assert "indexed for retrieval (812,345 characters" in retrieval_attachment


def test_a_retrieval_lists_each_excerpt_with_its_text_collapsed_under_it(
    view: TimelineView,
) -> None:
    row = _row(view, "retrieval_performed")
    assert not view.tree.isExpanded(view.model.index(row, 0))  # collapsed until asked
    lines = _children(view, row)
    by_label = {label: (shown, tip) for label, shown, tip in lines}

    assert by_label["query"][0] == QUERY
    assert by_label["method"][0] == "bm25"
    assert by_label["[1]"][0] == "annual <report>.pdf, page 117 · score 12.5"
    assert by_label["[2]"][0] == "annual <report>.pdf, page 3 · score 4.25"
    assert by_label["[1] text"][1] == EXCERPT_1 and by_label["[2] text"][1] == EXCERPT_2
    assert by_label["[1] document"][0] == "cd" * 32
    order = [label for label, _s, _t in lines]
    assert order.index("[1]") < order.index("[1] text") < order.index("[2]")

    view.select_row(row)
    detail = view.detail_shown()
    assert detail.startswith("Retrieval — ")
    assert f"query: {QUERY}" in detail and f"[1] text: {EXCERPT_1}" in detail
    view.raw_toggle.setChecked(True)
    current = view.current_event()
    assert current is not None and json.loads(view.detail_shown()) == to_payload(current.event)


def test_a_compaction_shows_its_summary_and_the_range_it_replaced(view: TimelineView) -> None:
    view.select_row(_row(view, "compaction"))
    detail = view.detail_shown()

    assert detail.startswith("Compaction — ")
    for line in (
        f"summary: {SUMMARY}",
        "summarised by: summary-model",
        "trigger: auto (the request neared the window)",
        "turns replaced: 1",
        "first event replaced: 1",
        "last event replaced: 16",
    ):
        assert line in detail, line
    # the range's ends are events of this conversation, shown in the same timeline
    assert view.select_event(16)
    current = view.current_event()
    assert current is not None and current.type_name == "turn_finished"


def test_a_context_check_shows_its_figures(view: TimelineView) -> None:
    view.select_row(_row(view, "context_checked"))
    first = view.detail_shown()
    for line in (
        "request: 41,230 tokens (32% of the window)",
        "window: 128,000 tokens (from the provider)",
        "raw estimate: 39,800 tokens",
        "kept for the answer: 4,096 tokens",
        "room left: 82,674 tokens",
        "summary used: none",
    ):
        assert line in first, line

    view.select_row(_row(view, "context_checked", 1))
    second = view.detail_shown()
    compaction = next(e for e in view.model.events() if e.type_name == "compaction")
    assert "window: 8,192 tokens (from the model table)" in second
    assert f"summary used: event {compaction.id}" in second

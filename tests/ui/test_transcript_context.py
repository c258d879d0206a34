"""What the transcript shows of context (issue 18): the compaction divider, an answer's sources and
its citations, and the attachment viewer opened at the cited page.

Real widgets (pytest-qt), real clicks on the links drawn; the cited document is the shared
117-page PDF read by Parley's own PDF reader and cut by the knowledge chunker, so the excerpts,
their pages and the markers the viewer looks for are what a real turn has.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from PySide6.QtCore import Qt

from parley.application.conversation_view import (
    Answer,
    apply_text,
    empty,
    from_events,
    reduce,
    reveal,
    select,
)
from parley.application.knowledge.chunking import chunk_text
from parley.application.ports.attachments import AttachmentLimits
from parley.domain.transcript.canonical import (
    AssistantText,
    AttachmentAdded,
    Compaction,
    RetrievalPerformed,
    TurnFinished,
    TurnStarted,
)
from parley.domain.transcript.canonical import UserMessage as UserMessageEvent
from parley.domain.transcript.excerpts import Excerpt
from parley.infrastructure.attachments.extractors import extract_file
from parley.ui.attachment_viewer import AttachmentViewer
from parley.ui.transcript import TranscriptView
from parley.ui.transcript.frames import body_source
from parley.ui.transcript.view import Citation
from tests.unit.test_conversation_view import Log
from tests.unit.test_conversation_view_context import _four_turns, compacted_conversations

PDF = Path("/work/shared/fixtures/documents/pdf-large-117pages.pdf")


def _click(qtbot, view: TranscriptView, prefix: str, index: int = 0) -> str:
    """Click the ``index``-th link drawn whose href starts with ``prefix``; its href."""
    links = view.link_rects(prefix)
    assert len(links) > index, (prefix, links)
    href, rect = links[index]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    return href


@pytest.fixture
def view(qtbot):
    widget = TranscriptView(window_turns=1000)
    widget.resize(800, 600)
    qtbot.addWidget(widget)
    widget.show()
    # What the chat controller does with the request (it owns the state).
    widget.sig_reveal_requested.connect(lambda shown: widget.apply(reveal(widget.state, shown)))
    return widget


# -- the divider -----------------------------------------------------------------------------------


def test_the_divider_opens_to_the_summary_and_shows_the_original_messages(qtbot, view):
    log = _four_turns()
    log.add(
        "t3",
        Compaction(
            summary="The user asked q0 and q1.\nBoth were answered.",
            model="m",
            replaces=(1, 8),
            turns=2,
            trigger="manual",
        ),
    )
    view.show_state(from_events(log.events))
    assert view.divider_text() == (
        "▸ Earlier messages summarised  · 2 turns · by m · with /compact   Show original messages"
    )
    assert "q0" not in view.toPlainText() and "a1" not in view.toPlainText()
    assert "q2" in view.toPlainText()

    _click(qtbot, view, "parley-summary:")
    assert view.divider_text().startswith("▾ Earlier messages summarised")
    assert view.divider_text().endswith("The user asked q0 and q1.\nBoth were answered.")
    _click(qtbot, view, "parley-summary:")
    assert "Both were answered" not in view.divider_text()

    _click(qtbot, view, "parley-originals:")
    assert view.state.revealed
    assert view.message_text("t0", "user") == "q0"
    assert view.message_text("t1") == "a1"
    assert view.divider_text().endswith("Hide original messages")
    text = view.toPlainText()
    assert text.index("Earlier messages summarised") < text.index("q0") < text.index("q2")
    # Drawn from the state at once, the same document.
    fresh = TranscriptView(window_turns=1000)
    try:
        fresh.show_state(view.state)
        assert fresh.toPlainText() == view.toPlainText()
    finally:
        fresh.deleteLater()

    _click(qtbot, view, "parley-originals:")
    assert "q0" not in view.toPlainText()
    assert view.divider_text().endswith("Show original messages")


def test_the_summary_stays_open_when_the_original_messages_are_shown(qtbot, view):
    log = _four_turns()
    log.add("t3", Compaction(summary="Summary text.", model="m", replaces=(1, 8)))
    view.show_state(from_events(log.events))
    _click(qtbot, view, "parley-summary:")
    _click(qtbot, view, "parley-originals:")
    assert view.divider_text().endswith("Summary text.")
    assert "q0" in view.toPlainText()


def test_scrolling_to_an_event_behind_the_divider_shows_the_original_messages(qtbot, view):
    log = _four_turns()
    log.add("t3", Compaction(summary="S", model="m", replaces=(1, 8), trigger="manual"))
    view.show_state(from_events(log.events))
    assert "q1" not in view.toPlainText()
    assert view.scroll_to_event(6)  # t1's question
    assert view.state.revealed
    assert view.textCursor().selectedText() == "q1"
    assert not view.scroll_to_event(999)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(compacted_conversations())
def test_drawing_each_difference_with_dividers_and_sources_shows_what_drawing_at_once_shows(
    qapp, conversation
):
    _log, ops = conversation
    live, fresh = TranscriptView(window_turns=1000), TranscriptView(window_turns=1000)
    try:
        state = empty()
        live.show_state(state)
        for op in ops:
            if op[0] == "event":
                state = reduce(state, op[1])
            elif op[0] == "text":
                state = apply_text(state, op[1], op[2])
            elif op[0] == "select":
                state = select(state, op[1])
            else:
                state = reveal(state, op[1])
            live.apply(state)
            last = state.items[-1] if len(state) else None
            if isinstance(last, Answer) and last.streaming:
                assert live._segment is not None
                assert live._segment.source == body_source(last), op
                continue
            fresh.show_state(state)
            assert live.toPlainText() == fresh.toPlainText(), op
    finally:
        for widget in (live, fresh):
            widget.deleteLater()


# -- sources and citations -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def report() -> tuple[str, tuple[Excerpt, ...]]:
    """The 117-page PDF as Parley's reader gives it, and three excerpts the knowledge chunker
    cuts from it: from pages 117, 116 and 3."""
    extraction = extract_file(PDF, PDF.name, AttachmentLimits())
    assert extraction.units == 117 and "--- page 117 ---" in extraction.text
    chunks = chunk_text(extraction.text, extraction.unit)
    wanted = []
    for page in (117, 116, 3):
        chunk = next(c for c in chunks if c.number == page and len(c.text.strip()) > 40)
        wanted.append(chunk)
    sha = hashlib.sha256(PDF.read_bytes()).hexdigest()
    excerpts = tuple(
        Excerpt(n, sha, PDF.name, c.text, c.location, c.unit, c.number)
        for n, c in enumerate(wanted, 1)
    )
    return extraction.text, excerpts


def _cited_log(excerpts: tuple[Excerpt, ...], *, searched: bool, text: str = "") -> Log:
    log = Log()
    log.add("t1", TurnStarted(provider_id="p", model="m", attachments=(str(PDF),)))
    log.add("t1", UserMessageEvent(text="What do the last pages say?"))
    log.add(
        "t1",
        AttachmentAdded(
            name=PDF.name,
            sha256=excerpts[0].document,
            media_type="application/pdf",
            size=PDF.stat().st_size,
            chars=len(text) or 137_000,
            text="" if searched else text,
            units=117,
            unit="pages",
            source_path=str(PDF),
            retrieval=searched,
        ),
    )
    log.add("t1", RetrievalPerformed(query="q", excerpts=tuple(e.to_mapping() for e in excerpts)))
    log.add("t1", AssistantText(text="The index ends it [1], after the figures [2].", model="m"))
    log.add("t1", TurnFinished(status="completed"))
    return log


def test_an_answer_lists_the_sources_it_cites_and_links_its_citations(qtbot, view, report):
    _text, excerpts = report
    view.show_state(from_events(_cited_log(excerpts, searched=True).events))
    assert view.message_text("t1") == "The index ends it [1], after the figures [2]."
    text = view.toPlainText()
    assert (
        f"Sources: [1] {PDF.name}, page 117  ·  [2] {PDF.name}, page 116" in text
    )  # page 3 was retrieved but not cited
    assert "page 3" not in text
    key = "t1/answer/0"
    hrefs = [href for href, _ in view.link_rects("parley-cite:")]
    # [1] and [2] in the text, then the two sources under it.
    assert hrefs == [f"parley-cite:{key}/1", f"parley-cite:{key}/2"] * 2
    assert "searched for each question" in view.attachment_lines("t1")[0]


def test_streamed_then_stored_the_answer_gets_its_sources_line(qtbot, view, report):
    _text, excerpts = report
    log = _cited_log(excerpts, searched=True)
    state = from_events(log.events[:4])
    view.show_state(state)
    state = apply_text(state, "t1", "The index ends it [1]")
    view.apply(state)
    assert "Sources:" not in view.toPlainText()
    for stored in log.events[4:]:
        state = reduce(state, stored)
        view.apply(state)
    assert f"Sources: [1] {PDF.name}, page 117" in view.toPlainText()


def test_clicking_a_citation_opens_the_viewer_at_the_excerpts_of_a_searched_file(
    qtbot, view, report
):
    _text, excerpts = report
    view.show_state(from_events(_cited_log(excerpts, searched=True).events))
    asked: list[Citation] = []
    view.sig_citation_requested.connect(asked.append)
    href = _click(qtbot, view, "parley-cite:", 3)  # [2] in the sources line
    assert href.endswith("/2")
    assert len(asked) == 1
    citation = asked[0]
    assert citation.source.number == 2 and citation.source.unit_number == 116
    assert citation.attachment is not None and citation.attachment.id == 3
    assert [e.number for e in citation.excerpts] == [1, 2, 3]

    viewer = AttachmentViewer(citation.attachment.event, excerpts=citation.excerpts)
    qtbot.addWidget(viewer)
    viewer.show()
    assert viewer.show_place("page", 116, citation.source.excerpt.text)
    shown = viewer.shown_text()
    assert shown.startswith(f"--- page 117 --- excerpt [1]\n{excerpts[0].text}")
    assert "searched for each question" in viewer.note.text()
    start, end = viewer.highlighted
    assert shown[start:end] == excerpts[1].text.strip()
    assert shown.rfind("--- page 116 --- excerpt [2]", 0, start) > shown.find("--- page 117 ---")
    # Scrolled to the page's heading: the first line shown is the heading of excerpt [2].
    corner = viewer.text_view.viewport().rect().topLeft()
    top = viewer.text_view.cursorForPosition(corner).block().text()
    assert top == "--- page 116 --- excerpt [2]"


def test_a_citation_opens_a_whole_file_at_its_page_with_the_excerpt_highlighted(
    qtbot, window, report
):
    whole, excerpts = report
    log = _cited_log(excerpts, searched=False, text=whole)
    window.transcript.show_state(from_events(log.events))
    _click(qtbot, window.transcript, "parley-cite:", 0)  # [1] in the text: page 117
    qtbot.waitUntil(lambda: bool(window.attachment_viewers), timeout=3000)
    viewer = window.attachment_viewers[-1]
    # What the model was given (a carriage return shown as the line break it is).
    whole = re.sub(r"\r\n?|[\u2028\u2029]", "\n", whole)
    assert viewer.shown_text() == whole
    assert viewer.place == ("page", 117)
    start, end = viewer.highlighted
    assert whole[start:end] == re.sub(r"\r\n?|[\u2028\u2029]", "\n", excerpts[0].text).strip()
    # The page is in view: the first line shown is after page 116 and not after the excerpt.
    qtbot.waitUntil(lambda: viewer.text_view.verticalScrollBar().value() > 0, timeout=3000)
    corner = viewer.text_view.viewport().rect().topLeft()
    top = viewer.text_view.cursorForPosition(corner).position()
    assert whole.find("--- page 116 ---") < top <= start
    viewer.close()

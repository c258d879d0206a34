"""Exports understand branches: every turn is kept, and each says where it sits in the tree."""

from __future__ import annotations

from parley.application.history.documents import SessionDocument, html_document, markdown_document
from parley.application.ports.event_store import SessionRecord
from parley.domain.transcript.branches import ROOT
from parley.domain.transcript.canonical import TurnStarted, UserMessage
from tests.unit.test_branches import Log

SESSION = SessionRecord("s", "Branches", "2026-11-30T00:00:00Z", "2026-11-30T00:00:00Z")


def _doc() -> SessionDocument:
    log = Log()
    log.turn("t1", "hello", "hi", ROOT)
    log.turn("t2", "question", "answer A", "t1")
    log.turn("t3", "question", "answer B", "t1")
    started = TurnStarted(
        provider_id="p",
        model="m2",
        follows_turn_id="t2",
        agent_role="critic",
        review_note="[Review note] x",
        instruction_prefix="# Agent: critic\n\nx\n\n# Skill: terse\n\ny",
    )
    log.add("t4", started)
    log.add("t4", UserMessage(text="follow-up on A"))
    return SessionDocument(SESSION, log.events)


def test_markdown_export_keeps_every_branch_and_labels_it():
    text = markdown_document(_doc())
    assert "answer A" in text and "answer B" in text  # nothing dropped
    assert "branch 1 of 2" in text and "branch 2 of 2" in text
    assert "follows turn 2" in text  # turn 4 continues the first branch, not turn 3
    assert "agent critic" in text and "skills terse" in text and "review note sent" in text


def test_html_export_labels_branches_too():
    page = html_document(_doc())
    assert page.count("branch 2 of 2") == 1 and "follows turn 2" in page

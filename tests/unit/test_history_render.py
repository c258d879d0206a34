"""Markdown and HTML exports rendered from hand-built events (``application.history.documents``).

Every message, attachment, reasoning block and tool call (arguments, verdicts, result) must be in
both documents; HTML must escape what was recorded (a ``<script>`` in a message stays text) and
stand alone (no scripts, no remote loads); and a key planted in the environment never shows up.
"""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from parley.application.history.documents import (
    SessionDocument,
    compaction_notice,
    event_summary,
    html_collection,
    html_document,
    markdown_collection,
    markdown_document,
    session_anchor,
    sources_text,
)
from parley.application.history.export import render_transcript
from parley.application.ports.event_store import ChainReport, SessionRecord
from parley.domain.transcript.canonical import (
    EVENT_TYPES,
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
    Usage,
    UserMessage,
)
from parley.domain.transcript.excerpts import Excerpt, excerpts_of

SESSION = SessionRecord(
    id="5e55a1d0" * 4,
    title="Quarterly <b>notes</b> & figures",
    created_at="2026-11-02T09:00:00.000000Z",
    updated_at="2026-11-02T09:05:00.000000Z",
)
T1, T2 = "a1" * 16, "b2" * 16
CANARY = "sk-canary-render-0123456789abcdef"

SCRIPT_MESSAGE = 'Summarise this <script>alert("pwned")</script> & tell me the total'
ATTACHMENT_TEXT = "Q3 revenue: 1,204,000\nQ3 costs: 980,000 <confidential>"
REASONING_TEXT = "The user wants a total; read the sheet first."
ANSWER_1 = "I'll read the sheet first."
ANSWER_2 = "The total is **224,000** (revenue minus costs) [1]."
REPORT = "annual <report>.pdf"
QUERY = "What does the report say about Q3 revenue?"
EXCERPT_1 = "Q3 revenue rose to 1,204,000 <b>units</b> in the last quarter."
EXCERPT_2 = "Appendix: the method behind the revenue figures."
SUMMARY = "Earlier: the Q3 total was computed."
RESULT_WITH_FENCE = "line one\n```\nnot the end of the block\n```\nline four"
PROMPT_2 = "Now delete the draft folder"
REFUSAL_REASON = "deleting outside the workspace is never allowed"
PARTIAL = "I could not"
ERROR = "provider said: 503 Service Unavailable"


def excerpt_records() -> tuple[dict[str, Any], ...]:
    return (
        Excerpt(1, "cd" * 32, REPORT, EXCERPT_1, "page 117", "page", 117, 12.5).to_mapping(),
        Excerpt(2, "cd" * 32, REPORT, EXCERPT_2, "page 3", "page", 3, 4.25).to_mapping(),
    )


def _turns() -> list[tuple[str, Event]]:
    first = _first_turn()
    compaction_id = len(first) + 3  # the third event of the second turn (ids count from 1)
    return [*first, *_second_turn(replaces=(1, len(first)), compaction_id=compaction_id)]


def _first_turn() -> list[tuple[str, Event]]:
    return [
        (T1, TurnStarted(provider_id="local", model="test-model")),
        (T1, UserMessage(text=SCRIPT_MESSAGE)),
        (
            T1,
            AttachmentAdded(
                name="q3 <sheet>.csv",
                sha256="ab" * 32,
                media_type="text/csv",
                size=2048,
                extractor="csv",
                chars=len(ATTACHMENT_TEXT),
                text=ATTACHMENT_TEXT,
                units=1,
                unit="sheets",
            ),
        ),
        (
            T1,
            AttachmentAdded(
                name=REPORT,
                sha256="cd" * 32,
                media_type="application/pdf",
                size=4_200_000,
                extractor="pdf",
                chars=812_345,
                units=117,
                unit="pages",
                retrieval=True,
            ),
        ),
        (T1, RetrievalPerformed(query=QUERY, excerpts=excerpt_records(), method="bm25")),
        (
            T1,
            ContextChecked(
                window=128_000,
                prompt_tokens=41_230,
                window_source="provider",
                estimated_tokens=39_800,
                reserved_output=4_096,
            ),
        ),
        (T1, Reasoning(text=REASONING_TEXT, model="test-model", provider_kind="anthropic")),
        (T1, AssistantText(text=ANSWER_1, model="test-model", finish_reason="tool_calls")),
        (
            T1,
            ToolCall(
                call_id="call-read1",
                tool="read_file",
                arguments={"path": "q3.csv", "max_lines": 40},
            ),
        ),
        (
            T1,
            ActionVerdict(
                call_id="call-read1",
                tool="read_file",
                effect="read",
                rule="read-in-workspace",
                reason="reading inside the workspace is allowed",
                decision="run",
            ),
        ),
        (T1, GateOpened(gate="permission", reason="read q3.csv — reading a file")),
        (T1, ToolResult(call_id="call-read1", result=RESULT_WITH_FENCE, success=True)),
        (T1, Notice(text="Retried once after a timeout", level="warning")),
        (T1, Fact(text="The fiscal year starts in April")),
        (T1, AssistantText(text=ANSWER_2, model="test-model", finish_reason="stop")),
        (
            T1,
            TurnFinished(
                status="completed",
                usage=Usage(input_tokens=120, output_tokens=45, total_tokens=165),
                duration_s=3.25,
            ),
        ),
    ]


def _second_turn(replaces: tuple[int, int], compaction_id: int) -> list[tuple[str, Event]]:
    return [
        (T2, TurnStarted(provider_id="local", model="other-model")),
        (T2, UserMessage(text=PROMPT_2)),
        (
            T2,
            Compaction(
                summary=SUMMARY, model="summary-model", replaces=replaces, turns=1, trigger="auto"
            ),
        ),
        (
            T2,
            ContextChecked(
                window=8_192,
                prompt_tokens=2_000,
                window_source="table",
                compaction_id=compaction_id,
            ),
        ),
        (
            T2,
            ToolCall(
                call_id="call-rm2",
                tool="run_command",
                arguments={},
                arguments_error="Unterminated string at column 12",
            ),
        ),
        (
            T2,
            ActionVerdict(
                call_id="call-rm2",
                tool="run_command",
                effect="delete",
                rule="no-delete-outside",
                reason=REFUSAL_REASON,
                decision="refused",
            ),
        ),
        (T2, ToolResult(call_id="call-rm2", result="Refused: not allowed", success=False)),
        (T2, AssistantText(text=PARTIAL, model="other-model", partial=True)),
        (T2, TurnFinished(status="failed", duration_s=1.5, error=ERROR)),
    ]


def stored_events() -> list[StoredEvent]:
    out = []
    for n, (turn_id, event) in enumerate(_turns(), start=1):
        out.append(
            StoredEvent(
                id=n,
                ts=f"2026-11-02T09:{n:02d}:00.000000Z",
                session_id=SESSION.id,
                turn_id=turn_id,
                event=event,
            )
        )
    return out


@pytest.fixture
def doc() -> SessionDocument:
    return SessionDocument(SESSION, stored_events(), ChainReport(SESSION.id, True, 21))


def texts_that_must_appear() -> list[str]:
    return [
        SCRIPT_MESSAGE,
        PROMPT_2,
        ANSWER_1,
        ANSWER_2,
        PARTIAL,
        REASONING_TEXT,
        ATTACHMENT_TEXT,
        "q3 <sheet>.csv",
        "text/csv",
        "ab" * 32,
        "read_file",
        "run_command",
        "call-read1",
        "call-rm2",
        '"path": "q3.csv"',
        '"max_lines": 40',
        "Unterminated string at column 12",
        "reading inside the workspace is allowed",
        REFUSAL_REASON,
        "refused",
        "read-in-workspace",
        "not the end of the block",
        "Refused: not allowed",
        "Retried once after a timeout",
        "The fiscal year starts in April",
        "read q3.csv — reading a file",
        SUMMARY,
        "Earlier messages summarised",
        QUERY,
        "report>.pdf, page 117",
        EXCERPT_1,
        EXCERPT_2,
        "41,230 of 128,000 tokens (32%) · window from provider",
        "indexed for retrieval (812,345 characters",
        ERROR,
        "completed",
        "failed",
        "test-model",
        "other-model",
    ]


# -- Markdown -------------------------------------------------------------------------------------


def test_markdown_holds_every_message_attachment_and_tool_call(doc: SessionDocument) -> None:
    text = markdown_document(doc)

    for expected in texts_that_must_appear():
        assert md_form(expected) in text, expected
    assert text.startswith("# Quarterly &lt;b>notes&lt;/b> & figures\n")
    assert "## Turn 1 · local · test-model" in text and "## Turn 2 · local · other-model" in text
    assert "Hash chain: verified (21 events)" in text
    assert "120 in · 45 out tokens" in text
    # tool calls, the attachment's text, reasoning and the excerpts' text are collapsible
    assert text.count("<details>") == text.count("</details>") == 5
    assert "<summary>Tool call: read_file · run · ok</summary>" in text
    assert "<summary>Tool call: run_command · refused · failed</summary>" in text


def md_form(text: str) -> str:
    """How message text appears in Markdown: a ``<`` that would open a tag becomes ``&lt;``."""
    return text.replace("<script>", "&lt;script>").replace("</script>", "&lt;/script>")


def test_markdown_keeps_message_text_but_cannot_be_broken_by_it() -> None:
    tricky = [
        "Here is HTML: <details><summary>x</summary> and an open comment <!-- oops",
        "Keep `<b>` in code and 3 < 4 as it is",
        "A partial answer cut mid-block:\n```python\nif a < b:\n    print('<tag>')",
    ]
    events = [
        StoredEvent(1, "2026-11-02T09:00:00Z", SESSION.id, T1, TurnStarted("p", "m")),
        StoredEvent(2, "2026-11-02T09:00:01Z", SESSION.id, T1, UserMessage(tricky[0])),
        StoredEvent(3, "2026-11-02T09:00:02Z", SESSION.id, T1, AssistantText(tricky[1], "m")),
        StoredEvent(4, "2026-11-02T09:00:03Z", SESSION.id, T1, AssistantText(tricky[2], "m")),
        StoredEvent(5, "2026-11-02T09:00:04Z", SESSION.id, T1, TurnFinished("completed")),
    ]
    text = markdown_document(SessionDocument(SESSION, events))

    assert "&lt;details>&lt;summary>x&lt;/summary> and an open comment &lt;!-- oops" in text
    assert "<details>" not in text and "<!--" not in text
    assert "Keep `<b>` in code and 3 < 4 as it is" in text
    # the open code block is closed before the turn's end, which stays outside it
    assert "```python\nif a < b:\n    print('<tag>')\n```\n" in text
    assert text.rstrip().endswith("_Turn finished: completed · 0.00 s_\n\n---")


def test_markdown_fences_outlast_backticks_in_recorded_text(doc: SessionDocument) -> None:
    text = markdown_document(doc)
    # the result holds a ``` line, so its block is fenced with four backticks
    assert "````text\n" + RESULT_WITH_FENCE + "\n````" in text


def test_markdown_shows_a_broken_chain(doc: SessionDocument) -> None:
    broken = ChainReport(SESSION.id, False, 7, first_bad_event_id=7, reason="hash mismatch")
    text = markdown_document(SessionDocument(doc.session, doc.events, broken))
    assert "Hash chain: BROKEN at event 7: hash mismatch" in text


def test_markdown_collection_has_a_table_of_contents(doc: SessionDocument) -> None:
    other = SessionRecord("0" * 32, "", "2026-11-01T00:00:00Z", "2026-11-01T00:00:00Z")
    text = markdown_collection([doc, SessionDocument(other, [])])

    assert text.startswith("# Parley conversations\n")
    assert f"- [Quarterly &lt;b>notes&lt;/b> & figures](#{session_anchor(SESSION.id)})" in text
    assert f"- [(untitled)](#{session_anchor(other.id)})" in text
    assert f'<a id="{session_anchor(SESSION.id)}"></a>' in text
    assert "## Quarterly &lt;b>notes" in text and "### Turn 1" in text
    for expected in texts_that_must_appear():
        assert md_form(expected) in text, expected


# -- HTML -----------------------------------------------------------------------------------------


def test_html_holds_every_message_attachment_and_tool_call_escaped(doc: SessionDocument) -> None:
    page = html_document(doc)

    for expected in texts_that_must_appear():
        assert html.escape(expected) in page, expected
    # tool calls, both attachments, reasoning and each excerpt's text open and close
    assert page.count("<details") == page.count("</details>") == 7
    assert page.count('<details class="tool">') == 2


def test_html_escapes_recorded_text(doc: SessionDocument) -> None:
    page = html_document(doc)

    assert "<script" not in page.lower()
    assert "&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt;" in page
    assert "<title>Quarterly &lt;b&gt;notes&lt;/b&gt; &amp; figures</title>" in page
    assert "<b>notes</b>" not in page
    assert "&lt;confidential&gt;" in page


def test_html_stands_alone(doc: SessionDocument) -> None:
    page = html_document(doc)

    assert page.startswith("<!DOCTYPE html>")
    assert '<meta charset="utf-8">' in page
    assert "<style>" in page
    assert "default-src 'none'" in page  # no scripts, no remote loads even by mistake
    assert not re.search(r"<(script|link|img|iframe|object|embed)\b", page, re.IGNORECASE)
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page, re.IGNORECASE)


def test_html_collection_has_sections_and_a_table_of_contents(doc: SessionDocument) -> None:
    other = SessionRecord("0" * 32, "Second", "2026-11-01T00:00:00Z", "2026-11-01T00:00:00Z")
    page = html_collection([doc, SessionDocument(other, [])])

    assert page.count("<article") == 2
    assert f'<a href="#{session_anchor(SESSION.id)}">' in page
    assert f'<article id="{session_anchor(other.id)}">' in page
    assert "<script" not in page.lower()


# -- secrets --------------------------------------------------------------------------------------


def test_a_planted_key_never_appears(doc: SessionDocument, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", CANARY)
    monkeypatch.setenv("PARLEY_TEST_KEY", CANARY)

    for text in (
        markdown_document(doc),
        html_document(doc),
        markdown_collection([doc]),
        html_collection([doc]),
    ):
        assert CANARY not in text
        assert CANARY[:12] not in text


# -- one-line summaries ---------------------------------------------------------------------------


def test_every_event_type_has_a_one_line_summary() -> None:
    events = stored_events()
    covered = {e.type_name for e in events}
    assert covered == set(EVENT_TYPES)
    for stored in events:
        line = event_summary(stored.event, width=60)
        assert "\n" not in line and 0 < len(line) <= 60, stored.type_name
    assert event_summary(events[0].event) == "local · test-model"
    assert event_summary(events[8].event).startswith('read_file {"max_lines":40,"path":"q3.csv"}')
    assert event_summary(events[-1].event) == f"failed · 1.50 s · {ERROR}"


# -- context checks, compaction and retrieval (issue 18) ------------------------------------------


def test_new_events_read_as_one_line_each() -> None:
    by_type = {s.type_name: s.event for s in stored_events()}
    context = [s.event for s in stored_events() if isinstance(s.event, ContextChecked)]

    assert event_summary(context[0]) == (
        "41,230 of 128,000 tokens (32%) · window from provider · 4,096 kept for the answer"
    )
    assert event_summary(context[1]) == (
        "2,000 of 8,192 tokens (24%) · window from the model table · with the summary of event 19"
    )
    assert event_summary(by_type["retrieval_performed"]) == (
        "2 excerpts · bm25 · annual <report>.pdf p. 117, p. 3"
    )
    assert event_summary(by_type["compaction"]) == (
        f"summarised 1 turn (events 1-16) · by summary-model · auto: {SUMMARY}"
    )
    assert event_summary(ContextChecked(window=0, prompt_tokens=900)) == (
        "900 tokens (window unknown)"
    )
    noted = RetrievalPerformed(query="q", note="still indexing: 40 of 117 pages so far")
    assert event_summary(noted) == "no excerpts · bm25 · still indexing: 40 of 117 pages so far"


def test_markdown_shows_the_summary_where_it_applies_and_the_turns_it_replaced(
    doc: SessionDocument,
) -> None:
    text = markdown_document(doc)
    turn_2 = text.index("## Turn 2")

    section = text.index("### Earlier messages summarised")
    assert section > turn_2  # in the turn that recorded it, from where the model read it
    assert "_Stands in for turn 1 (events 1-16) · by summary-model · auto ·" in text
    assert f"\n> {SUMMARY}\n" in text
    # the replaced turn says it was summarised later (nothing is hidden or deleted)
    header_1 = text[: text.index("**You**")]
    assert "summarised in turn 2" in header_1
    assert "summarised in turn" not in text[turn_2 : text.index("**You**", turn_2)]


def test_markdown_lists_excerpts_under_their_turn_with_labels_and_citations(
    doc: SessionDocument,
) -> None:
    text = markdown_document(doc)

    heading = "**Excerpts retrieved** (bm25, 2 excerpts) for: " + QUERY
    assert heading in text and text.index(heading) < text.index("## Turn 2")
    assert "- [1] annual &lt;report>.pdf, page 117 · score 12.5 · **cited**" in text
    assert "- [2] annual &lt;report>.pdf, page 3 · score 4.25\n" in text  # not cited
    assert "<summary>Text of the 2 excerpts given to the model</summary>" in text
    assert f"```text\n{EXCERPT_1}\n```" in text
    assert "_Context: 41,230 of 128,000 tokens (32%) · window from provider" in text
    assert "indexed for retrieval (812,345 characters; excerpts sent per question)" in text


def test_html_shows_compaction_excerpts_and_context_escaped(doc: SessionDocument) -> None:
    page = html_document(doc)

    assert '<div class="compaction"><h3>Earlier messages summarised</h3>' in page
    assert "Stands in for turn 1 (events 1-16) · by summary-model · auto" in page
    assert page.index("Earlier messages summarised") > page.index("Turn 2 · local")
    assert (
        '<li value="1">annual &lt;report&gt;.pdf, page 117 · score 12.5 · '
        '<strong class="ok">cited</strong>'
    ) in page
    assert '<li value="2">annual &lt;report&gt;.pdf, page 3 · score 4.25<details' in page
    assert f"<pre>{html.escape(EXCERPT_1)}</pre>" in page and "<b>units</b>" not in page
    assert f"for <q>{html.escape(QUERY)}</q>" in page
    assert '<p class="context">Context: 41,230 of 128,000 tokens (32%)' in page


def _branched_with_compaction(replaces: tuple[int, int]) -> list[StoredEvent]:
    """Turn 1, turn 2a, its regenerated sibling 2b, then turn 3 after 2b whose compaction
    covers ids 1-9: the 2a events (ids 4-6) lie inside the range but on another branch."""
    ta, tb, tc, td = "1" * 32, "2" * 32, "3" * 32, "4" * 32
    plan = [
        (ta, TurnStarted("p", "m")),
        (ta, UserMessage("first")),
        (ta, TurnFinished("completed")),
        (tb, TurnStarted("p", "m", follows_turn_id=ta)),
        (tb, UserMessage("second")),
        (tb, TurnFinished("completed")),
        (tc, TurnStarted("p", "m", follows_turn_id=ta, retry_of=tb)),
        (tc, UserMessage("second")),
        (tc, TurnFinished("completed")),
        (td, TurnStarted("p", "m", follows_turn_id=tc)),
        (td, UserMessage("third")),
        (td, Compaction(summary="so far", model="m", replaces=replaces, turns=2, trigger="manual")),
        (td, TurnFinished("completed")),
    ]
    return [
        StoredEvent(n, f"2026-11-02T10:{n:02d}:00Z", SESSION.id, turn, event)
        for n, (turn, event) in enumerate(plan, start=1)
    ]


def test_a_compaction_counts_only_its_own_branch() -> None:
    text = markdown_document(SessionDocument(SESSION, _branched_with_compaction((1, 9))))

    assert "_Stands in for turns 1, 3 (events 1-9) · by m · manual (/compact) ·" in text
    turn_2 = text[text.index("## Turn 2") : text.index("## Turn 3")]
    assert "summarised" not in turn_2  # the other branch was not summarised
    turn_3 = text[text.index("## Turn 3") : text.index("## Turn 4")]
    assert "summarised in turn 4" in turn_3


def test_a_compaction_whose_events_are_not_in_the_record_says_so() -> None:
    # a copy whose ids were renumbered: the recorded range names events this record lacks
    text = markdown_document(SessionDocument(SESSION, _branched_with_compaction((501, 509))))
    assert "_Stands in for events 501-509 (not found in this record) · by m" in text
    assert "summarised in turn" not in text


def test_plain_transcript_shows_summary_excerpts_and_context() -> None:
    text = render_transcript(SESSION, stored_events())

    assert "\n[earlier messages summarised] summarised 1 turn (events 1-16)" in text
    assert f"auto\n{SUMMARY}\n" in text
    assert f"[excerpts] 2 retrieved (bm25) for: {QUERY}\n" in text
    assert "    [1] annual <report>.pdf, page 117 · score 12.5\n" in text
    assert EXCERPT_1 not in text  # the excerpts' text stays in the exports and the timeline
    assert "[context] 41,230 of 128,000 tokens (32%) · window from provider" in text


def test_sources_line_names_what_the_answer_cites() -> None:
    excerpts = excerpts_of(excerpt_records())

    assert sources_text(excerpts, "Revenue rose [1].") == (
        "Sources: [1] annual <report>.pdf, page 117"
    )
    assert sources_text(excerpts, "See [2] and [1, 2].") == (
        "Sources: [2] annual <report>.pdf, page 3 · [1] annual <report>.pdf, page 117"
    )
    assert sources_text(excerpts, "No citation here.") == (
        "Excerpts given (none cited): [1] annual <report>.pdf, page 117 · "
        "[2] annual <report>.pdf, page 3"
    )
    assert sources_text((), "Revenue rose [1].") == ""
    assert compaction_notice(Compaction("s", "m", (1, 9), turns=12, trigger="auto")) == (
        "Summarised 12 earlier turns to fit the model's window"
    )
    assert compaction_notice(Compaction("s", "m", (1, 9), turns=1, trigger="manual")) == (
        "Summarised 1 earlier turn (/compact)"
    )

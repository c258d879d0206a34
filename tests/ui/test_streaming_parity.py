"""A streamed answer lays out exactly like the same answer laid out at once (saved, reopened).

Every CommonMark spec example and every GFM table and strikethrough example
(``tests/fixtures/markdown/``, see its README) goes through a real ``TranscriptView`` twice: at
once (``show_events``, as a reopened conversation) and streamed (``append_text``, every chunk laid
out as the screen-pace timer would), in several chunkings: 1 character, 7 characters, line by
line, random sizes. The two documents must have the same plain text, the same HTML
(``QTextDocument.toHtml``) and the same laid-out height. Then the divergences issue 13 found, and
the math cases, one test each.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from parley.domain.transcript.canonical import (
    AssistantText,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    UserMessage,
)
from parley.ui.transcript import TranscriptView

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "markdown"


def _examples(name: str) -> list[tuple[str, str]]:
    """(title, Markdown input) of each example of a markdown-it fixture file."""
    lines = (FIXTURES / name).read_text(encoding="utf-8").split("\n")
    examples: list[tuple[str, str]] = []
    i, title = 0, ""
    while i < len(lines):
        if lines[i] != ".":
            if lines[i].strip():
                title = lines[i].strip()
            i += 1
            continue
        end = lines.index(".", i + 1)
        source = "\n".join(lines[i + 1 : end])
        close = lines.index(".", end + 1)  # the expected HTML: not ours to compare
        examples.append((f"{name}: {title}", source + "\n"))
        i, title = close + 1, ""
    return examples


SPEC = _examples("commonmark_spec.md")
GFM = _examples("tables.md") + _examples("strikethrough.md")
ALL = SPEC + GFM
GROUPS = 6


def _chunks_1(text: str, seed: int) -> list[str]:
    return list(text)


def _chunks_7(text: str, seed: int) -> list[str]:
    return [text[i : i + 7] for i in range(0, len(text), 7)]


def _chunks_lines(text: str, seed: int) -> list[str]:
    return text.splitlines(keepends=True)


def _chunks_random(text: str, seed: int) -> list[str]:
    rng = random.Random(seed)
    out, pos = [], 0
    while pos < len(text):
        size = rng.randint(1, 12)
        out.append(text[pos : pos + size])
        pos += size
    return out


CHUNKINGS: dict[str, Callable[[str, int], list[str]]] = {
    "1-char": _chunks_1,
    "7-char": _chunks_7,
    "lines": _chunks_lines,
    "random": _chunks_random,
}


def _stored(seq: int, event) -> StoredEvent:
    return StoredEvent(
        id=seq, ts="2026-12-03T10:00:00Z", session_id="s1", turn_id="t1", event=event
    )


def _turn(answer: str) -> list[StoredEvent]:
    return [
        _stored(1, TurnStarted(provider_id="local", model="m")),
        _stored(2, UserMessage(text="q")),
        _stored(3, AssistantText(text=answer, model="m")),
        _stored(4, TurnFinished(status="completed")),
    ]


def _snapshot(view: TranscriptView) -> tuple[str, str, float]:
    """The document's text and HTML, and the laid-out height of the answer's message (the rest
    of the document is the same in both paths but for the first line, which a reopened
    conversation keeps for its "Show earlier" link)."""
    html = view.toHtml()
    answer = view._message_order[-1].frame
    height = view.document().documentLayout().frameBoundingRect(answer).height()
    return view.toPlainText(), html[html.index("<body") :], height


def _at_once(view: TranscriptView, text: str) -> tuple[str, str, float]:
    view.clear_conversation()
    view.show_events(_turn(text))
    return _snapshot(view)


def _streamed(view: TranscriptView, chunks: list[str], tail: str = "") -> tuple[str, str, float]:
    view.clear_conversation()
    view.add_user_message("q", turn_id="t1")
    view.begin_answer("t1", "m")
    for chunk in chunks:
        view.append_text("t1", chunk)
        view._flush()  # lay out every chunk, as if each came a frame apart
    view.end_answer("t1", "completed")
    return _snapshot(view)


@pytest.fixture(scope="module")
def views(qapp):
    pair = []
    for _ in range(2):
        view = TranscriptView()
        view.resize(700, 500)
        view.show()
        pair.append(view)
    yield pair
    for view in pair:
        view.close()
        view.deleteLater()


def _differences(views, examples, chunking: str) -> list[str]:
    whole_view, streamed_view = views
    split = CHUNKINGS[chunking]
    failures = []
    for number, (title, text) in enumerate(examples):
        whole = _at_once(whole_view, text)
        streamed = _streamed(streamed_view, split(text, number))
        for name, a, b in zip(("text", "html", "height"), whole, streamed, strict=True):
            if a != b:
                failures.append(f"{title} [{chunking}]: {name} differs for {text!r}")
                break
    return failures


@pytest.mark.parametrize("group", range(GROUPS))
@pytest.mark.parametrize("chunking", list(CHUNKINGS))
def test_every_spec_example_streams_like_at_once(views, chunking, group):
    examples = ALL[group::GROUPS]
    failures = _differences(views, examples, chunking)
    assert not failures, "\n".join(failures[:20]) + f"\n({len(failures)} of {len(examples)})"


def test_the_fixtures_hold_every_example():
    assert len(SPEC) == 652
    assert len(GFM) >= 50


# -- the divergences issue 13 found, and math ---------------------------------------------------


def _one_piece(view: TranscriptView, text: str) -> tuple[str, str, float]:
    """The answer laid out from one ``render_markdown`` of the whole text, one fragment (how a
    saved answer was laid out before issue 13): what the pieces must add up to."""
    view.clear_conversation()
    view.add_user_message("q", turn_id="t1")
    message = view._open_message("t1", "assistant", "m")
    message.source = text
    message.scanner.pos = len(text)  # no boundaries: the whole text is one piece
    view._render(message, final=True)
    return _snapshot(view)


def _same_streamed_and_at_once(views, text: str) -> None:
    one = _one_piece(views[0], text)
    for chunking in CHUNKINGS:
        whole = _at_once(views[0], text)
        assert (whole[0], whole[2]) == (one[0], one[2])  # (the first line differs: see _snapshot)
        streamed = _streamed(views[1], CHUNKINGS[chunking](text, 1))
        assert streamed[0] == whole[0], chunking
        assert streamed[2] == whole[2], chunking  # the height: no extra empty block
        assert streamed[1] == whole[1], chunking


@pytest.mark.parametrize(
    "text",
    [
        "Steps:\n\n1. one\n2. two\n3. three\n",
        "Steps:\n- one\n- two\n",
        "# Heading\n\n- one\n- two\n",
        "$$\nx^2\n$$\n\n- one\n- two\n",
        "\\[\nx = 1\n\\]\n\n- one\n",
        "text\n\n---\n\n- one\n- two\n",
        "| a | b |\n|---|---|\n| 1 | |\n\nafter\n",
        "| a | b |\n|---|---|\n| 1 | |\n\n- one\n",
        "```\n```\n\nafter\n",
        "```python\n```\n\n- item\n",
    ],
    ids=[
        "list-after-paragraph",
        "list-right-after-paragraph",
        "list-after-heading",
        "list-after-math-block",
        "list-after-bracket-math",
        "list-after-rule",
        "table-empty-last-cell",
        "table-empty-last-cell-then-list",
        "empty-code-block",
        "empty-code-block-then-list",
    ],
)
def test_named_divergences_stream_like_at_once(views, text):
    _same_streamed_and_at_once(views, text)


def test_text_after_a_closing_bracket_is_kept(views):
    text = "\\[\nx = 1\n\\] and this sentence vanishes\n"
    plain, _, _ = _at_once(views[0], text)
    assert "x = 1" in plain
    assert "and this sentence vanishes" in plain
    _same_streamed_and_at_once(views, text)


def test_escaped_brackets_are_not_math(views):
    plain, html, _ = _at_once(views[0], "See note \\[1\\] and \\[2\\].\n")
    assert "See note [1] and [2]." in plain
    assert "serif" not in html.replace("Sans Serif", "")
    # a line of its own too
    plain, html, _ = _at_once(views[0], "\\[1\\]\n")
    assert "\n[1]\n" in plain and "serif" not in html.replace("Sans Serif", "")


def test_display_math_in_brackets_is_still_math(views):
    plain, html, _ = _at_once(views[0], "\\[\nx^2 + y^2\n\\]\n")
    assert "x² + y²" in plain and "font-family:'serif'" in html
    plain, html, _ = _at_once(views[0], "\\[ a \\le b \\]\n")
    assert "a ≤ b" in plain and "font-family:'serif'" in html


def test_bmod_is_shown_as_mod(views):
    plain, _, _ = _at_once(views[0], "$a \\bmod b$ and $a \\pmod{n}$\n")
    assert "\\bmod" not in plain and "a mod b" in plain
    assert "\\pmod" not in plain and "(mod n)" in plain


def _one_piece_differences(views, examples) -> list[str]:
    failures = []
    for title, text in examples:
        pieces = _at_once(views[0], text)
        one = _one_piece(views[1], text)
        if (pieces[0], pieces[2]) != (one[0], one[2]):
            failures.append(f"{title}: laid out in pieces differs from one piece for {text!r}")
    return failures


def test_every_example_laid_out_in_pieces_looks_like_one_render(views):
    """The pieces (cut at block boundaries, as streaming and reopening both do) add up to what
    one render of the whole answer gives: text and height (the HTML too, but for the
    document's first line: see ``_snapshot``)."""
    failures = _one_piece_differences(views, ALL)
    assert not failures, "\n".join(failures[:20]) + f"\n({len(failures)} of {len(ALL)})"


# -- long answers: group frames, run tables and lists, split paragraphs -------------------------


def _long_answer() -> str:
    parts = ["Intro paragraph.\n\n"]
    for i in range(12):
        parts.append(f"## Part {i}\n\nSome text about part {i} with **bold** and `code`.\n\n")
        parts.append("".join(f"- point {i}.{k}\n" for k in range(3)) + "\n")
        parts.append("".join(f"{k + 1}. loose {k}\n\n" for k in range(11)))
        parts.append(
            '```python\ndef f():\n    """Doc\n    string."""\n'
            + "".join(f"    v{k} = {k}\n" for k in range(14))
            + "```\n\n"
        )
        parts.append(
            "| a | b |\n|---|--:|\n" + "".join(f"| r{k} | {k * 7} |\n" for k in range(11)) + "\n"
        )
        parts.append(" ".join(f"Sentence {k} of a long paragraph." for k in range(40)) + "\n\n")
    return "".join(parts)


@pytest.mark.parametrize("chunking", ["7-char", "random"])
def test_a_long_answer_streams_like_at_once(views, chunking, monkeypatch):
    """Long enough for every device that keeps streaming flat: group frames (wrapped, too),
    code and table runs, list runs, a paragraph split where Qt wrapped it. Small sizes so that
    each happens many times."""
    monkeypatch.setattr("parley.ui.rendering.answer_body.GROUP_PIECES", 3)
    monkeypatch.setattr("parley.ui.rendering.answer_body.GROUPS_PER_WRAP", 2)
    monkeypatch.setattr("parley.ui.rendering.live_tail.RUN_LINES", 4)
    monkeypatch.setattr("parley.ui.rendering.live_tail.SPLIT_LINES", 1)
    monkeypatch.setattr("parley.ui.rendering.live_table.RUN_ROWS", 3)
    monkeypatch.setattr("parley.ui.rendering.live_list.RUN_ITEMS", 3)
    monkeypatch.setattr("parley.ui.rendering.live_base.RUNS_PER_GROUP", 2)
    text = _long_answer()
    whole = _at_once(views[0], text)
    streamed = _streamed(views[1], CHUNKINGS[chunking](text, 3))
    assert streamed[0] == whole[0]
    assert streamed[2] == whole[2]
    assert streamed[1] == whole[1]
    # and the groups keep every block where one piece would put it (the same height and
    # lines; only the flat blocks between groups add empty lines to the plain text)
    one = _one_piece(views[0], text)
    assert one[2] == whole[2]
    assert _lines(one[0]) == _lines(whole[0])


def _lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line.strip()]

"""The chunker (application/knowledge/chunking.py): chunks at the structure the readers mark,
never inside a word, never across two pages; they cover the text in order."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parley.application.knowledge.chunking import (
    Chunk,
    ChunkLimitExceeded,
    chunk_text,
    normalize_unit,
)

_PAGE_MARK = re.compile(r"^--- page \d+ ---$", re.M)


def _covered(text: str, chunks: tuple[Chunk, ...]) -> None:
    """Each chunk is the text at its offset, trimmed; they are in order, do not overlap."""
    position = 0
    for index, chunk in enumerate(chunks):
        assert chunk.ordinal == index
        assert chunk.text == text[chunk.start : chunk.start + len(chunk.text)]
        assert chunk.text == chunk.text.strip()
        assert chunk.start >= position
        position = chunk.start + len(chunk.text)


def _outside_chunks(text: str, chunks: tuple[Chunk, ...]) -> str:
    kept = [False] * len(text)
    for chunk in chunks:
        for i in range(chunk.start, chunk.start + len(chunk.text)):
            kept[i] = True
    return "".join(c for c, k in zip(text, kept, strict=True) if not k)


def test_pages_are_cut_at_their_markers_and_carry_their_number() -> None:
    text = "--- page 1 ---\nFirst page.\n\n--- page 2 ---\nSecond page.\n\n--- page 117 ---\nLast."
    chunks = chunk_text(text, "pages")
    assert [(c.text, c.location, c.unit, c.number) for c in chunks] == [
        ("First page.", "page 1", "page", 1),
        ("Second page.", "page 2", "page", 2),
        ("Last.", "page 117", "page", 117),
    ]


def test_pdf_annotation_and_form_sections_are_their_own_parts() -> None:
    text = "--- page 1 ---\nBody\n\n--- annotations ---\np1: a note\n\n--- form fields ---\nName: X"
    chunks = chunk_text(text, "page")
    assert [(c.text, c.location, c.number) for c in chunks] == [
        ("Body", "page 1", 1),
        ("p1: a note", "annotations", 0),
        ("Name: X", "form fields", 0),
    ]


def test_slides_keep_their_title_line_and_hidden_slides_are_found() -> None:
    text = (
        "## Slide 1: Intro\n\nHello\n\n## Slide 2\n\n## Slide 3 (hidden)\n\nSecret\n\n"
        "## Slide 4: Plan (hidden)\n\nSteps"
    )
    chunks = chunk_text(text, "slides")
    assert [(c.location, c.number, c.heading, c.text) for c in chunks] == [
        ("slide 1", 1, "Intro", "## Slide 1: Intro\n\nHello"),
        ("slide 3", 3, "", "## Slide 3 (hidden)\n\nSecret"),
        ("slide 4", 4, "Plan", "## Slide 4: Plan (hidden)\n\nSteps"),
    ]


def test_sheets_are_named_by_their_sheet() -> None:
    text = "## Sheet: Budget\n\n| a | b |\n\n## Sheet: Old (hidden)\n\n| c |"
    chunks = chunk_text(text, "sheets")
    assert [(c.location, c.unit, c.heading) for c in chunks] == [
        ("sheet Budget", "sheet", "Budget"),
        ("sheet Old", "sheet", "Old"),
    ]


def test_headings_start_sections_but_not_inside_fenced_code() -> None:
    text = "Intro\n\n# Results\n\nGood.\n\n```sh\n# not a heading\n```\n\n## Method\n\nSteps."
    chunks = chunk_text(text, "", chunk_chars=1000)
    assert [(c.location, c.heading) for c in chunks] == [
        ("", ""),
        ("section Results", "Results"),
        ("section Method", "Method"),
    ]
    assert "# not a heading" in chunks[1].text


def test_small_paragraphs_are_merged_up_to_the_target() -> None:
    paragraphs = [f"Paragraph {i} has a few words." for i in range(30)]
    text = "\n\n".join(paragraphs)
    chunks = chunk_text(text, "", chunk_chars=200)
    assert 1 < len(chunks) < 30
    assert all(len(c.text) <= 200 for c in chunks)
    _covered(text, chunks)
    assert _outside_chunks(text, chunks).strip() == ""


def test_a_long_paragraph_is_cut_at_sentence_ends() -> None:
    text = " ".join(f"Sentence number {i} ends here." for i in range(100))
    chunks = chunk_text(text, "", chunk_chars=300)
    assert len(chunks) > 5
    assert all(c.text.endswith("here.") for c in chunks)


def test_cjk_text_without_spaces_is_cut_between_characters() -> None:
    text = "这是一个用来测试的句子" * 100
    chunks = chunk_text(text, "", chunk_chars=100)
    assert all(len(c.text) <= 100 for c in chunks)
    assert "".join(c.text for c in chunks) == text


def test_one_huge_word_is_cut_only_far_past_the_target() -> None:
    word = "x" * 1000
    chunks = chunk_text(f"start {word} end", "", chunk_chars=100)
    assert [len(c.text) for c in chunks] == [5, 200, 200, 200, 200, 200, 3]


def test_too_many_chunks_is_refused() -> None:
    text = "\n\n".join(f"--- page {i} ---\nText {i}" for i in range(1, 20))
    with pytest.raises(ChunkLimitExceeded):
        chunk_text(text, "page", max_chunks=5)


def test_units_are_read_in_the_singular() -> None:
    assert [normalize_unit(u) for u in ("pages", "slide", "Sheets", "", "rows")] == [
        "page",
        "slide",
        "sheet",
        "",
        "",
    ]


_words = st.text(alphabet="abcdefghijklmnopqrstuvwxyzäöü0123456789.,!?", min_size=1, max_size=40)
_separators = st.sampled_from([" ", " ", " ", "\n", "\n\n", ". ", "\n \n"])


@st.composite
def _page_text(draw: st.DrawFn) -> tuple[str, list[set[str]]]:
    """Pages of words; returns the text and each page's words."""
    pages: list[str] = []
    words_per_page: list[set[str]] = []
    for number in range(1, draw(st.integers(1, 6)) + 1):
        words = draw(st.lists(_words, min_size=0, max_size=80))
        body = ""
        for word in words:
            body += word + draw(_separators)
        pages.append(f"--- page {number} ---\n{body}")
        words_per_page.append(set(words))
    return "\n\n".join(pages), words_per_page


@given(_page_text(), st.integers(20, 400))
def test_page_chunks_cover_the_text_in_order_never_split_a_word_nor_span_two_pages(
    case: tuple[str, list[set[str]]], target: int
) -> None:
    text, _ = case
    chunks = chunk_text(text, "page", chunk_chars=target)
    _covered(text, chunks)
    # everything outside the chunks is whitespace or a page marker line
    assert _PAGE_MARK.sub("", _outside_chunks(text, chunks)).strip() == ""
    for chunk in chunks:
        assert "--- page" not in chunk.text  # never spans two pages
        # its page is the last marker before it
        before = [int(n) for n in re.findall(r"^--- page (\d+) ---$", text[: chunk.start], re.M)]
        assert chunk.number == before[-1]
        # never inside a word: the characters just outside the chunk are not word characters
        end = chunk.start + len(chunk.text)
        assert chunk.start == 0 or text[chunk.start - 1].isspace()
        assert end == len(text) or text[end].isspace()
        assert len(chunk.text) <= target or " " not in chunk.text.replace("\n", " ")


@given(st.text(max_size=3000), st.sampled_from(["", "page", "slide", "sheet"]))
def test_any_text_chunks_without_error_and_in_order(text: str, unit: str) -> None:
    chunks = chunk_text(text, unit, chunk_chars=50)
    _covered(text, chunks)

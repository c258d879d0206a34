"""The fidelity scorer (``tests/support/fidelity.py``) judges the way its docstring says.

Why it exists: the outside-corpus test and ``benchmarks/fidelity.py`` trust this scorer to tell
faithful text from damaged text for every tool alike; each behaviour it promises is pinned here
with small texts whose right answer is plain.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.fidelity import (
    SIM_MIN,
    Expectation,
    char_similarity,
    load_expectations,
    normalise,
    score,
    word_similarity,
)

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "outside"


def test_normalise_removes_markup_but_keeps_case_and_words() -> None:
    text = (
        "--- page 1 ---\n# Title\n\n- **bold** item\n| a | b\\|c |\n| --- | --- |\n| 1 | 2<br>3 |"
    )
    assert normalise(text) == "Title bold item a b|c 1 2 3"
    assert normalise("WORLD") != normalise("World")


def test_normalise_folds_compatibility_forms() -> None:
    assert normalise("ﬁction Ｂｕｙｅｒ：") == "fiction Buyer:"  # noqa: RUF001
    assert normalise("[Example](http://example.com) ![alt](x.png)") == "Example alt"


def test_phrases_must_all_be_found() -> None:
    expectation = Expectation("pdf", phrases=("Hello World", "Goodbye"))
    assert score("Hello\n  World\nGoodbye", expectation).passed
    missing = score("HelloWorld Goodbye", expectation)
    assert not missing.passed
    assert (missing.phrases_found, missing.phrases_total) == (1, 2)
    assert "Hello World" in missing.reason


def test_absent_strings_are_checked_on_the_raw_text() -> None:
    expectation = Expectation("pdf", phrases=("fiction",), absent=("ﬁ",))
    assert score("a fiction", expectation).passed
    assert not score("a ﬁction", expectation).passed  # NFKC would hide the ligature


def test_patterns_accept_each_faithful_rendering() -> None:
    expectation = Expectation("docx", patterns=(r"\(?II[.)] expect II\b",))
    assert score("II. expect II", expectation).passed
    assert score("(II) expect II", expectation).passed
    dropped = score("- expect II", expectation)
    assert not dropped.passed and dropped.phrases_total == 1


def test_a_tools_bracketed_notes_are_not_document_text() -> None:
    expectation = Expectation("html", expected_text="Leertest")
    noted = "# Leertest\n\n[1 hidden element was left out: text a browser would not show]"
    assert score(noted, expectation).passed
    assert not score("# Leertest\n\nhallo echo, the hidden words", expectation).passed
    own = Expectation("docx", phrases=("[Grab your reader's attention]",))
    assert score("[Grab your reader's attention]", own).passed  # the document's own line stays
    assert not score("[something else]", own).passed
    cut = Expectation("docx", phrases=("[Grab your reader's",))  # a phrase cut at 160 characters
    assert score("[Grab your reader's attention]", cut).passed


def test_cell_records_match_markdown_tables_and_delimited_lines() -> None:
    expectation = Expectation("csv", cells=(("a", "b", "c"), ("1", "", "3")))
    markdown = "| a | b | c |\n| --- | --- | --- |\n| 1 |  | 3 |"
    assert score(markdown, expectation).passed
    assert score("a\tb\tc\n1\t\t3", expectation).passed
    swapped = score("| a | b | c |\n| 3 | | 1 |", expectation)
    assert not swapped.passed
    assert (swapped.cells_found, swapped.cells_total) == (1, 2)


def test_an_unknown_cell_splits_a_record_but_keeps_the_order() -> None:
    expectation = Expectation("xlsx", cells=(("x", None, "z"),))
    assert score("| x | anything | z |", expectation).passed
    assert not score("| z | anything | x |", expectation).passed


def test_similarities_fall_for_split_and_glued_words() -> None:
    want = normalise("NOTICE OF PUBLIC HEARING The purpose of this hearing is to provide")
    split = normalise("NOTI CE OF PUBLI C HEARI NG The pur pose of t his heari ng i s t o provi de")
    glued = normalise("NOTICEOFPUBLICHEARING Thepurposeofthishearingistoprovide")
    assert char_similarity(want, want) == word_similarity(want, want) == 1.0
    assert word_similarity(want, split) < SIM_MIN <= char_similarity(want, split)
    assert word_similarity(want, glued) < SIM_MIN


def test_expected_text_decides_with_both_similarities() -> None:
    expected = "The quick brown fox jumps over the lazy dog. " * 4
    expectation = Expectation("text", expected_text=expected)
    good = score(expected.replace("lazy", "lazy,"), expectation)
    assert good.passed and good.char_sim is not None and good.char_sim > 0.95
    mojibake = score(expected.encode("utf-8").decode("cp1252").replace("o", "Ã¶"), expectation)
    assert not mojibake.passed
    half = score(expected[: len(expected) // 3], expectation)
    assert not half.passed and "similarity" in half.reason


def test_a_refusal_fails_a_readable_document_and_passes_a_broken_one() -> None:
    readable = Expectation("pdf", phrases=("Hello",))
    refused = score("", readable, error_kind="damaged")
    assert not refused.passed and "refused (damaged)" in refused.reason
    broken = Expectation("pdf", readable=False, error_kind="encrypted")
    assert score("", broken, error_kind="encrypted").passed
    assert not score("some text", broken).passed
    empty = Expectation("docx", readable=False, error_kind="no_text")
    assert score("  \n", empty).passed  # a tool that returns nothing for an empty document


def test_the_corpus_expectations_load_and_are_well_formed() -> None:
    expected = load_expectations(CORPUS)
    raw = json.loads((CORPUS / "expected.json").read_text(encoding="utf-8"))["documents"]
    assert len(expected) == len(raw) >= 120
    for name, expectation in expected.items():
        assert (CORPUS / name).is_file(), name
        has_check = (
            expectation.phrases
            or expectation.patterns
            or expectation.cells
            or expectation.expected_text
        )
        assert has_check or not expectation.readable, f"{name} expects nothing"
        assert expectation.readable or expectation.error_kind, name

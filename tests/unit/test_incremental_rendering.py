"""The pieces of growing a streamed answer's open block in place (issue 13)."""

from __future__ import annotations

from parley.ui.rendering.incremental import clean_inline, table_rows
from parley.ui.rendering.markdown import render_markdown, stable_prefix_length


def test_display_math_ends_at_its_closing_dollars():
    text = "$$\n$$\n$$\n\n$$"
    cut = stable_prefix_length(text)
    split = render_markdown(text[:cut]).html + render_markdown(text[cut:]).html
    assert split == render_markdown(text).html


def test_a_paragraph_is_cut_only_where_nothing_is_open():
    assert clean_inline("some **bold** and `code` text")
    assert not clean_inline("some **bold")
    assert not clean_inline("a `code")


def test_table_rows_give_each_cell():
    rows = table_rows("| a | b |\n", "|---|--:|\n", "| 1 | **2** |\n| 3 |\n")
    assert rows == [["1", "<strong>2</strong>"], ["3", ""]]

"""Markdown to Qt rich text: formatting, highlighting, safety, math, and the stable prefix.

The stable-prefix property is the one streaming relies on: laying out the stable prefix once and
the rest later must look exactly like laying out the whole text at once, wherever the stream was
cut. It is checked over a corpus sliced at every position, and with hypothesis over generated
Markdown and random chunkings.
"""

# ruff: noqa: RUF001  (the expected math is made of look-alike Unicode characters on purpose)
from __future__ import annotations

import re

from hypothesis import example, given, settings
from hypothesis import strategies as st

from parley.ui.rendering.markdown import (
    DARK,
    HIGHLIGHT_LIMIT,
    LIGHT,
    CodeBlock,
    render_markdown,
    stable_prefix_length,
    tex_to_unicode,
)

CODE_HEAVY = """# Squares

Here is **the** function, with `inline` code:

```python
def square(x):
    # blank line inside the fence follows

    return x * x
```

1. first item

2. second item, loose
   continued

- bullet
  - nested bullet

    indented inside the item

> a quote
> over two lines

| n | n² |
|--:|:--:|
| 1 | 1 |
| 2 | 4 |

$$
\\sum_{i=1}^{n} i^2 = \\frac{n(n+1)(2n+1)}{6}
$$

    indented code

    still the same block

~~~js
const a = 1;

console.log(a);
~~~
Text right after a fence, with $x^2$ and \\(\\alpha\\) and a [link](https://example.org).

```
unterminated at the end
"""

CORPUS = [
    CODE_HEAVY,
    "para one\nstill one\n\npara two\n\n\n\npara three",
    "- a\n- b\n\n- c\n\nafter the list\n",
    "1. one\n\n   more of one\n2. two\n\nend",
    "* x\n\n+ y\n\nz",
    "```\na\n\n\nb\n```\n\n```\nc\n```\nd\n\ne",
    "$$\na\n\nb\n$$\n\nafter math\n",
    "\\[\nx^2\n\\]\n\nafter display\n",
    "| a | b |\n|---|---|\n| 1 | 2 |\n\n| 3 | 4 |\n",
    "Setext\n===\n\nx\n---\n\n***\n",
    "> q\n\n> r\n\ns",
    "text\n```py\nprint(1)\n```\n\n    code\n\n\n    more code\nback",
    "```\nnever closed\n\nstill code",
]


def _pieces(text: str, cuts: list[int]) -> list[str]:
    """What the transcript lays out for ``text`` streamed in chunks ending at ``cuts``: the
    stable prefix of what is pending after each chunk, then the rest at the end."""
    committed = 0
    pieces: list[str] = []
    for cut in [*sorted(cuts), len(text)]:
        if cut < committed:
            continue
        stable = stable_prefix_length(text[committed:cut])
        if stable:
            pieces.append(text[committed : committed + stable])
            committed += stable
    pieces.append(text[committed:])
    return pieces


def _render_pieces(pieces: list[str]) -> str:
    html, blocks = [], 0
    for piece in pieces:
        rendered = render_markdown(piece, code_index_start=blocks)
        html.append(rendered.html)
        blocks += len(rendered.code_blocks)
    return "".join(html)


# -- formatting ------------------------------------------------------------------------------------


def test_headings_lists_tables_quotes_links_and_inline_code():
    html = render_markdown(
        "# Title\n\n## Sub\n\n- a\n- b\n\n1. x\n\n> quoted\n\n| h1 | h2 |\n|---|--:|\n| c | d |"
        "\n\nSee [the docs](https://example.org/a?b=1&c=2) and `x < y`, **bold**, *it*, ~~no~~."
    ).html
    assert "<h1>Title</h1>" in html and "<h2>Sub</h2>" in html
    assert "<ul>" in html and ">a</li>" in html and "<ol>" in html
    assert '<li style="line-height:140%">a</li>' in html  # prose is airy; code is not
    assert f'bgcolor="{LIGHT.quote_bar}"' in html and "quoted" in html  # the quote bar
    assert '<th bgcolor="' in html and '<td align="right">d</td>' in html
    assert '<a href="https://example.org/a?b=1&amp;c=2"' in html
    assert f'<code style="background-color:{LIGHT.inline_code_background}">x &lt; y</code>' in html
    assert "<strong>bold</strong>" in html and "<em>it</em>" in html and "<s>no</s>" in html
    assert "class=" not in html  # Qt's rich text has no CSS classes


def test_fenced_code_is_highlighted_and_each_block_has_a_copy_link():
    rendered = render_markdown(
        "```python\ndef f():\n    return 1\n```\n\ntext\n\n```nosuchlanguage\n<b>x</b>\n```\n\n"
        "    indented\n",
        code_index_start=5,
    )
    assert rendered.code_blocks == (
        CodeBlock("python", "def f():\n    return 1"),
        CodeBlock("nosuchlanguage", "<b>x</b>"),
        CodeBlock("", "indented"),
    )
    html = rendered.html
    # Copy is an icon and its word, both linking to the block: two anchors per block.
    assert re.findall(r'href="parley-copy:(\d+)"', html) == ["5", "5", "6", "6", "7", "7"]
    assert html.count("Copy</a>") == 3 and html.count('<img src="parley-icon:copy"') == 3
    python = html[: html.index(">text</p>")]
    assert '<span style="color: #008000; font-weight: bold">def</span>' in python  # a keyword
    assert f'bgcolor="{LIGHT.code_background}"' in python and "<pre" in python
    unknown = html[html.index("nosuchlanguage") :]
    assert "&lt;b&gt;x&lt;/b&gt;" in unknown and '<span style="color: #' not in unknown


def test_very_long_code_is_shown_plain():
    code = "x = 1\n" * (HIGHLIGHT_LIMIT // 6 + 10)
    html = render_markdown(f"```python\n{code}```").html
    assert '<span style="color: #' not in html
    assert render_markdown(f"```python\n{code}```").code_blocks[0].code == code.rstrip("\n")


def test_raw_html_is_escaped_and_only_web_and_mail_links_are_links():
    html = render_markdown(
        "<script>alert(1)</script>\n\nHi <b onclick='x()'>there</b> "
        "[bad](javascript:alert(1)) [file](file:///etc/passwd) [rel](other.html) "
        "[mail](mailto:a@b.org) <https://auto.example>\n\n![pic](https://img.example/p.png)"
    ).html
    assert "<script" not in html and "&lt;script&gt;" in html
    assert "<b onclick" not in html and "&lt;b onclick" in html
    assert "javascript:" not in html.replace("[bad](javascript:alert(1))", "")
    assert 'href="javascript' not in html and 'href="file' not in html
    assert 'href="other.html"' not in html
    assert ">bad<" not in html  # shown as typed, not a link
    assert "rel" in html and "file" in html
    assert '<a href="mailto:a@b.org"' in html
    assert '<a href="https://auto.example"' in html
    assert "<img" not in html and "🖼 pic" in html  # images are not fetched


def test_money_is_not_math_and_reference_definitions_are_not_links():
    html = render_markdown("It costs $5 and $10.\n\n[x]\n\n[x]: https://example.org").html
    assert "$5 and $10" in html
    assert 'href="https://example.org"' not in html


def test_dark_switches_every_colour_and_the_code_style():
    text = "> q\n\n```python\ndef f(): pass\n```\n\n[l](https://x.org) `c`"
    light, dark = render_markdown(text).html, render_markdown(text, dark=True).html
    for colour in (DARK.code_background, DARK.quote_bar, DARK.link, DARK.inline_code_background):
        assert colour in dark and colour not in light
    keyword = re.search(r'<span style="([^"]*)">def</span>', dark)
    assert keyword is not None and keyword.group(1) not in light


# -- math ------------------------------------------------------------------------------------------


def test_common_tex_becomes_readable_unicode():
    cases = {
        r"\alpha + \beta \cdot \gamma": "α + β · γ",
        r"a \times b \le c \ge d \neq e": "a × b ≤ c ≥ d ≠ e",
        r"\infty": "∞",
        r"\sum_{i=1}^{n} x_i": "∑ᵢ₌₁ⁿ xᵢ",
        r"\int_0^1 f": "∫₀¹ f",
        r"\sqrt{x}": "√(x)",
        r"\sqrt{x+1}": "√(x+1)",
        r"\frac{a}{b}": "a⁄b",
        r"\frac{a+1}{b}": "(a+1)/(b)",
        r"x^2 + y^{10}": "x² + y¹⁰",
        r"e^{i\pi}": "e^(iπ)",
        r"\mathbb{R}^n \to \mathbb{N}": "ℝⁿ → ℕ",
        r"\text{if } x": "if x",
        r"\foo{bar} + \unknown": r"\foo{bar} + \unknown",
        r"\left( x \right)": "( x )",
    }
    for tex, expected in cases.items():
        assert tex_to_unicode(tex) == expected, tex


def test_math_is_shown_in_an_italic_serif_span_and_display_math_centred():
    html = render_markdown(
        "Inline $x^2$ and \\(\\alpha\\).\n\n$$\n\\frac{1}{2}\n$$\n\n\\[\n\\beta\n\\]\n"
    ).html
    assert html.count("font-family:serif; font-style:italic") == 4
    assert ">x²</span>" in html and ">α</span>" in html
    assert re.search(r'<p align="center"><span [^>]*>1⁄2</span></p>', html)
    assert re.search(r'<p align="center"><span [^>]*>β</span></p>', html)


# -- the stable prefix -----------------------------------------------------------------------------


def test_stable_prefix_examples():
    assert stable_prefix_length("para") == 0  # an incomplete line decides nothing
    assert stable_prefix_length("para\n") == 0  # the paragraph may go on
    assert stable_prefix_length("para\n\nnext") == len("para\n\n")
    assert stable_prefix_length("```\na\n\nb") == 0  # blank line inside an open fence
    assert stable_prefix_length("```\na\n```\nb") == len("```\na\n```\n")  # closed fence
    assert stable_prefix_length("- a\n\n") == 0  # the list may continue (and turn loose)
    assert stable_prefix_length("- a\n\n- b\n\n") == 0
    assert stable_prefix_length("- a\n\nafter\n") == len("- a\n\n")
    assert stable_prefix_length("- a\n\n  more of a\n") == 0
    assert stable_prefix_length("$$\nx\n\ny") == 0
    assert stable_prefix_length("$$\nx\n$$\n\nz") == len("$$\nx\n$$\n\n")


def test_rendering_the_stable_prefix_then_the_rest_equals_rendering_at_once_at_every_cut():
    for text in CORPUS:
        whole = render_markdown(text).html
        for cut in range(len(text) + 1):
            stable = stable_prefix_length(text[:cut])
            assert text[:cut].startswith(text[:stable])
            head = render_markdown(text[:stable])
            rest = render_markdown(text[stable:], code_index_start=len(head.code_blocks))
            assert head.html + rest.html == whole, (text, cut)


def test_streaming_one_character_at_a_time_lays_out_the_same_html():
    for text in CORPUS:
        pieces = _pieces(text, list(range(len(text))))
        assert "".join(pieces) == text
        assert _render_pieces(pieces) == render_markdown(text).html
    # ...and the code-heavy answer really is laid out in many pieces, not one.
    assert len(_pieces(CODE_HEAVY, list(range(len(CODE_HEAVY))))) > 8


_FRAGMENTS = [
    "para",
    "more text with *emphasis",
    "closing* and `code`",
    "- item",
    "  - nested",
    "1. ordered",
    "    indented",
    "```python",
    "```",
    "~~~",
    "x = 1",
    "$$",
    "\\[",
    "\\]",
    "> quote",
    "| a | b |",
    "|---|---|",
    "# heading",
    "---",
    "$x^2$ inline",
    "",
    "",
]


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(st.sampled_from(_FRAGMENTS), min_size=1, max_size=25),
    cuts=st.lists(st.integers(min_value=0, max_value=400), max_size=30),
)
# Found by hypothesis: "$$" after a paragraph line does not open display math (the fence that
# follows does), while "\[" there does.
@example(lines=["para", "$$", "```python", "$$", "", "para"], cuts=[])
@example(lines=["para", "\\[", "\\]"], cuts=[])
def test_any_markdown_streamed_in_any_chunks_lays_out_like_at_once(lines, cuts):
    text = "\n".join(lines)
    pieces = _pieces(text, [c for c in cuts if c <= len(text)])
    assert "".join(pieces) == text
    assert _render_pieces(pieces) == render_markdown(text).html

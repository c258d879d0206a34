"""Markdown answers as Qt rich text: formatted, highlighted, safe, and cheap to stream.

Why it exists: models answer in Markdown (headings, lists, tables, fenced code, TeX math). The
transcript shows it through ``QTextDocument``, which understands only a subset of HTML4/CSS (no
classes, no flexbox, inline ``style`` on spans and blocks, ``bgcolor`` on tables), so this module
turns Markdown into exactly that subset, with every colour taken from one palette per theme.

Invariants it keeps:

- the model's text is never interpreted as HTML: raw HTML is escaped (``html=False``), and only
  ``http``/``https``/``mailto`` links become links (anything else is shown as its text) — and,
  when the caller gives ``citations``, a citation ``[3]`` / ``[1, 4]`` whose every number it
  names becomes a link to the href it gives (the excerpts a turn retrieved, issue 18);
- ``render_markdown(text).code_blocks[n]`` is the exact code of the block whose header has the
  ``parley-copy:<n + code_index_start>`` link, in document order;
- ``stable_prefix_length(text)`` only ever ends where later text cannot change what came before,
  so ``render(P) + render(R)`` equals ``render(P + R)`` for the prefix ``P`` it returns and any
  rest ``R``: the transcript appends stable blocks once and re-renders only the unstable tail.
  To make this hold, link reference definitions (``[x]: http://…``, which can change text laid
  out before them) are not recognised: they are shown as typed;
- pure Python, no Qt import: unit-testable without a display;
- markdown-it, its plugins and Pygments are imported on the first render, not with this module:
  the window imports it at start but an empty window renders nothing (issue 8, start-up budget).
  ``_parser()`` builds the one parser once and caches it; ``_highlight`` imports Pygments when a
  code block with a language is first shown.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parley.ui.i18n import translate
from parley.ui.rendering.blocks import BlockScanner, stable_prefix_length
from parley.ui.rendering.tex import tex_to_unicode

if TYPE_CHECKING:  # annotations only: the libraries themselves load on the first render
    from markdown_it import MarkdownIt
    from markdown_it.renderer import RendererHTML
    from markdown_it.rules_block import StateBlock
    from markdown_it.rules_inline import StateInline
    from markdown_it.token import Token
    from markdown_it.utils import OptionsDict

#: Above this many characters a code block is shown without highlighting: Pygments is linear but
#: slow (tens of ms per 100 KB), and while an answer streams the open block at the end is
#: re-rendered on every screen refresh. A plain block of any size stays cheap.
HIGHLIGHT_LIMIT = 20_000

#: The link scheme of a code block's "Copy" link; the path is the block's index.
COPY_SCHEME = "parley-copy"

#: The image a code block's Copy link shows before its word: a document resource the transcript
#: registers (``ui.transcript.glyphs``) in the theme's link colour, sized with the font.
COPY_ICON = "parley-icon:copy"

#: Prose line height, in per cent of the font's (paragraphs, list items, the user's text): the
#: airy reading of ChatGPT and Claude (1.5 to 1.75) without spreading code or tables.
LINE_HEIGHT = 140

__all__ = ["BlockScanner", "stable_prefix_length", "tex_to_unicode"]  # (their home moved)

_SAFE_LINK = re.compile(r"^(https?://|mailto:)", re.IGNORECASE)


@dataclass(frozen=True)
class Palette:
    """Every colour the transcript uses, for one theme (one table per theme, nothing scattered)."""

    text: str
    background: str
    muted: str
    user: str
    assistant: str
    notice: str
    error: str
    success: str
    link: str
    code_background: str
    code_header_background: str
    code_text: str
    inline_code_background: str
    quote_bar: str
    quote_text: str
    table_border: str
    table_header_background: str
    math: str
    card_background: str
    card_border: str
    card_title: str
    pygments_style: str
    user_tint: str  # the soft block behind the user's messages
    user_label: str  # "You" above them (the model's name above an answer is ``assistant``)


LIGHT = Palette(
    text="#1f2328",
    background="#ffffff",
    muted="#666666",
    user="#2f6fde",
    assistant="#5b6675",
    notice="#a86b00",
    error="#c0392b",
    success="#1c8a5a",
    link="#2f6fde",
    code_background="#f6f8fa",
    code_header_background="#eaeef2",
    code_text="#1f2328",
    inline_code_background="#eff1f3",
    quote_bar="#d0d7de",
    quote_text="#57606a",
    table_border="#d0d7de",
    table_header_background="#f6f8fa",
    math="#1f2328",
    card_background="#f6f7f9",
    card_border="#c8ccd2",
    card_title="#333333",
    pygments_style="default",
    user_tint="#eef2f8",
    user_label="#5b6675",
)

DARK = Palette(
    text="#e6edf3",
    background="#17181a",  # the dark theme's Base: the page and the transcript are one surface
    muted="#9198a1",
    user="#6ea8fe",
    assistant="#a3acb8",
    notice="#e3b341",
    error="#ff7b72",
    success="#4cc38a",
    link="#6ea8fe",
    code_background="#0d1117",
    code_header_background="#262c36",
    code_text="#e6edf3",
    inline_code_background="#343941",
    quote_bar="#3d444d",
    quote_text="#9198a1",
    table_border="#3d444d",
    table_header_background="#262c36",
    math="#e6edf3",
    card_background="#2b2d31",
    card_border="#4a4e55",
    card_title="#e6edf3",
    pygments_style="github-dark",
    user_tint="#2a2f38",
    user_label="#a3acb8",
)


#: The high-contrast theme: white and yellow on black, borders instead of tinted surfaces, every
#: text colour at least 7:1 against the black page (WCAG AAA; tests/ui/test_high_contrast.py).
CONTRAST = Palette(
    text="#ffffff",
    background="#000000",
    muted="#e0e0e0",
    user="#ffff00",
    assistant="#ffffff",
    notice="#ffff00",
    error="#ff9a9a",
    success="#7cff9e",
    link="#ffff00",
    code_background="#000000",
    code_header_background="#000000",
    code_text="#ffffff",
    inline_code_background="#000000",
    quote_bar="#ffffff",
    quote_text="#ffffff",
    table_border="#ffffff",
    table_header_background="#000000",
    math="#ffffff",
    card_background="#000000",
    card_border="#ffffff",
    card_title="#ffffff",
    pygments_style="github-dark",
    user_tint="#000000",
    user_label="#ffff00",
)

_high_contrast = False
"""Whether the application's theme is the high-contrast one. One per process, like the
application's palette: ``ThemeManager`` sets it when it applies a theme, before it tells the
views (which then draw again with ``palette_for``)."""


def set_high_contrast(on: bool) -> None:
    global _high_contrast
    _high_contrast = on


def palette_for(dark: bool) -> Palette:
    """The transcript's colours for the theme in effect (high contrast overrides light/dark)."""
    if _high_contrast:
        return CONTRAST
    return DARK if dark else LIGHT


@dataclass(frozen=True)
class CodeBlock:
    """One fenced (or indented) code block: its language as written (may be "") and its code."""

    language: str
    code: str


@dataclass(frozen=True)
class RenderedMarkdown:
    """Qt rich-text HTML and the code blocks it shows, in document order."""

    html: str
    code_blocks: tuple[CodeBlock, ...] = ()


def render_markdown(
    text: str,
    *,
    dark: bool = False,
    code_index_start: int = 0,
    code_header: bool = True,
    citations: Mapping[int, str] | None = None,
) -> RenderedMarkdown:
    """Render ``text`` (Markdown) as Qt rich text. ``code_index_start`` numbers the Copy links
    of the code blocks from there (a message rendered in pieces keeps one numbering);
    ``code_header=False`` leaves out the language and Copy row above each block (for copying
    the message as plain text); ``citations`` maps excerpt numbers to the href a citation
    ``[n]`` links to (none: ``[n]`` is text)."""
    env: dict[str, Any] = {
        "palette": palette_for(dark),
        "code_header": code_header,
        "code_blocks": [],
        "code_index_start": code_index_start,
        "links": [],
        "citations": citations or {},
    }
    body = _parser().render(text, env)
    return RenderedMarkdown(html=body, code_blocks=tuple(env["code_blocks"]))


# -- the Markdown parser and its Qt-flavoured renderer --------------------------------------------


def _paren_math(state: StateInline, silent: bool) -> bool:
    r"""``\(…\)`` inline and ``\[…\]`` display math inside a paragraph (LaTeX style)."""
    src, pos = state.src, state.pos
    if not (src.startswith("\\(", pos) or src.startswith("\\[", pos)):
        return False
    display = src[pos + 1] == "["
    close = "\\]" if display else "\\)"
    end = src.find(close, pos + 2)
    if end < 0 or not src[pos + 2 : end].strip():
        return False
    if display and not _looks_like_math(src[pos + 2 : end]):
        return False  # "\\[1\\]": escaped brackets (a citation), not a formula
    if not silent:
        token = state.push("math_inline_double" if display else "math_inline", "math", 0)
        token.content = src[pos + 2 : end]
        token.markup = "\\[" if display else "\\("
    state.pos = end + 2
    return True


_CITATION = re.compile(r"\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?![(:])")


def _citation(state: StateInline, silent: bool) -> bool:
    """``[3]`` or ``[1, 4]`` (or ``[1][4]``) — a citation of retrieved excerpts — when every
    number is one the caller named (``env["citations"]``); never a link ``[1](…)`` nor
    ``[1]:``."""
    known = state.env.get("citations") if isinstance(state.env, dict) else None
    if not known or state.src[state.pos] != "[":
        return False
    match = _CITATION.match(state.src, state.pos)
    if match is None:
        return False
    numbers = [int(n) for n in match.group(1).split(",")]
    if any(n not in known for n in numbers):
        return False
    if not silent:
        token = state.push("citation", "", 0)
        token.meta = {"numbers": numbers}
    state.pos = match.end()
    return True


def _render_citation(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    known = env.get("citations") or {}
    colour = _pal(env).link
    links = [
        f'<a href="{html.escape(known[n])}" style="color:{colour}; text-decoration:none">{n}</a>'
        for n in tokens[idx].meta["numbers"]
    ]
    return "[" + ", ".join(links) + "]"


def _bracket_math_block(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    r"""A display-math block that starts a line with ``\[`` and ends at the line with ``\]``."""
    begin = state.bMarks[start] + state.tShift[start]
    if state.sCount[start] - state.blkIndent >= 4:
        return False
    if not state.src.startswith("\\[", begin):
        return False
    first = state.src[begin + 2 : state.eMarks[start]]
    line = start
    if "\\]" in first:
        content = first[: first.index("\\]")]
        if first[first.index("\\]") + 2 :].strip() or not _looks_like_math(content):
            return False  # text after the math on the same line: leave it to the inline rule
    else:
        parts = [first]
        while True:
            line += 1
            if line >= end:
                return False
            text = state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]
            if "\\]" in text:
                if text[text.index("\\]") + 2 :].strip():
                    # Text follows the closing bracket: a paragraph holding display math (the
                    # inline rule shows the formula on its own line and keeps the text).
                    return False
                parts.append(text[: text.index("\\]")])
                break
            parts.append(text)
        content = "\n".join(parts)
    if silent:
        return True
    state.line = line + 1
    token = state.push("math_block", "math", 0)
    token.block = True
    token.content = content
    token.markup = "\\["
    token.map = [start, state.line]
    return True


_MATH_SIGN = re.compile(r"[\\^_=+<>{}]|[A-Za-z]\s*[-*/]\s*[A-Za-z0-9]")


def _looks_like_math(content: str) -> bool:
    r"""Whether ``\[content\]`` on one line is a formula rather than escaped brackets around a
    note or a citation (``\[1\]``, ``\[citation needed\]``): a formula has a command, a script,
    a relation, an operator or a brace."""
    return bool(_MATH_SIGN.search(content))


#: What ``warm_up`` renders: a little of each common language, so their lexers are compiled.
_WARM_UP_SAMPLE = (
    "\n\n".join(
        f"```{language}\n{code}\n```"
        for language, code in (
            ("python", "def f(x: int) -> str:\n    return f'{x}'  # note"),
            ("javascript", "const f = (x) => `${x}`; // note"),
            ("typescript", "function f(x: number): string { return String(x); }"),
            ("bash", 'for f in *.txt; do echo "$f"; done'),
            ("sql", "SELECT id, name FROM t WHERE id = 1 ORDER BY name;"),
            ("json", '{"a": [1, 2.5, true, null]}'),
            ("html", '<div class="a">x</div>'),
            ("java", "class A { int f() { return 1; } }"),
            ("go", "func f() int { return 1 }"),
            ("rust", "fn f() -> i32 { 1 }"),
        )
    )
    + "\n\n| a | b |\n|---|---|\n| 1 | $x^2$ |\n"
)


def warm_up() -> None:
    """Import the parser and the highlighter and compile the common languages' lexers, off the
    UI thread (the window calls it on a worker after start), so the first conversation opened
    does not pay ~100 ms of imports and regex compilation on the UI thread."""
    for dark in (False, True):
        render_markdown(_WARM_UP_SAMPLE, dark=dark)


@functools.cache
def _parser() -> MarkdownIt:
    """The one configured parser, built (and markdown-it imported) on the first render."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    md = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])
    # "$5 and $10" stays money: no digits or spaces right inside the dollars.
    dollarmath_plugin(md, allow_space=False, allow_digits=False, double_inline=True)
    md.inline.ruler.before("escape", "math_paren", _paren_math)
    md.inline.ruler.before("link", "citation", _citation)
    md.block.ruler.before(
        "fence", "math_bracket", _bracket_math_block, {"alt": ["paragraph", "blockquote"]}
    )
    # See the module docstring: a definition written later could turn earlier text into a link.
    md.disable("reference")
    for name, rule in _RULES.items():
        md.add_render_rule(name, rule)
    return md


def _pal(env: dict[str, Any]) -> Palette:
    return env["palette"]


def _fence(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    token = tokens[idx]
    language = token.info.strip().split()[0] if token.info.strip() else ""
    return _code_block(token.content, language, env)


def _indented_code(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    return _code_block(tokens[idx].content, "", env)


def _code_block(code: str, language: str, env: dict[str, Any]) -> str:
    palette = _pal(env)
    code = code.removesuffix("\n")
    blocks: list[CodeBlock] = env["code_blocks"]
    index = env["code_index_start"] + len(blocks)
    blocks.append(CodeBlock(language, code))
    body = _highlight(code, language, palette)
    label = html.escape(language) if language else "code"
    # The header: the language, and Copy as an icon with its word (as ChatGPT's "Copy code"),
    # both one link (two anchors, one href: the icon is an image, the word stays findable).
    copy_word = html.escape(translate("Markdown", "Copy"))
    link = f'href="{COPY_SCHEME}:{index}" style="color:{palette.link}; text-decoration:none"'
    header = (
        f'<tr><td bgcolor="{palette.code_header_background}" style="padding:4px 10px">'
        f'<span style="color:{palette.muted}; font-size:small">{label}</span></td>'
        f'<td align="right" bgcolor="{palette.code_header_background}"'
        f' style="padding:4px 10px"><span style="font-size:small">'
        f'<a {link}><img src="{COPY_ICON}" style="vertical-align:middle" /></a>'
        f"<a {link}>\u00a0{copy_word}</a></span></td></tr>"
        if env["code_header"]
        else ""
    )
    # Code keeps its lines (``<pre>``: no wrapping); a longer line widens the block past the
    # column and the view scrolls sideways (a QTextDocument cannot scroll one block alone).
    return (
        f'<table width="100%" cellspacing="0" cellpadding="10" border="0"'
        f' bgcolor="{palette.code_background}">{header}'
        f'<tr><td colspan="2"><pre style="color:{palette.code_text}">{body}</pre></td></tr>'
        "</table>\n"
    )


def _highlight(code: str, language: str, palette: Palette) -> str:
    if not language or len(code) > HIGHLIGHT_LIMIT:
        return html.escape(code)
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound

    try:
        lexer = get_lexer_by_name(language, stripnl=False, ensurenl=False)
    except ClassNotFound:
        return html.escape(code)
    formatter = HtmlFormatter(noclasses=True, nowrap=True, style=palette.pygments_style)
    return highlight(code, lexer, formatter).removesuffix("\n")


def _code_inline(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    palette = _pal(env)
    return (
        f'<code style="background-color:{palette.inline_code_background}">'
        f"{html.escape(tokens[idx].content)}</code>"
    )


def _link_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    href = str(tokens[idx].attrGet("href") or "")
    safe = bool(_SAFE_LINK.match(href))
    env["links"].append(safe)
    if not safe:
        return ""  # not a web or mail link: its text is shown, nothing is linked
    title = tokens[idx].attrGet("title")
    title_attr = f' title="{html.escape(str(title))}"' if title else ""
    return f'<a href="{html.escape(href)}"{title_attr} style="color:{_pal(env).link}">'


def _link_close(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    return "</a>" if env["links"] and env["links"].pop() else ""


def _image(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    # Remote images are not fetched (privacy, and the UI thread does no network I/O): the
    # alt text is shown, linked when the address is a web address.
    token = tokens[idx]
    alt = html.escape(self.renderInlineAsText(token.children or [], options, env) or "image")
    src = str(token.attrGet("src") or "")
    if _SAFE_LINK.match(src):
        return f'<a href="{html.escape(src)}" style="color:{_pal(env).link}">🖼 {alt}</a>'
    return f"🖼 {alt}"


def _blockquote_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    # Qt draws no left border on blocks: a two-cell table draws the quote bar.
    palette = _pal(env)
    return (
        '<table cellspacing="0" cellpadding="0" border="0"><tr>'
        f'<td width="4" bgcolor="{palette.quote_bar}"></td>'
        f'<td style="padding-left:10px; color:{palette.quote_text}">\n'
    )


def _blockquote_close(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    return "</td></tr></table>\n"


def _table_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    palette = _pal(env)
    return (
        f'<table border="1" cellspacing="0" cellpadding="6" style="border-collapse:collapse;'
        f" border-style:solid; border-color:{palette.table_border};"
        f' margin-top:8px; margin-bottom:8px">\n'
    )


def _cell_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    token = tokens[idx]
    style = str(token.attrGet("style") or "")
    align = style.removeprefix("text-align:") if style.startswith("text-align:") else ""
    attrs = f' align="{align}"' if align in ("left", "right", "center") else ""
    if token.tag == "th":
        attrs += f' bgcolor="{_pal(env).table_header_background}"'
    return f"<{token.tag}{attrs}>"


def _paragraph_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    # (A tight list's paragraphs are hidden: renderToken gives "" for them.)
    return self.renderToken(tokens, idx, options, env).replace(
        "<p", f'<p style="line-height:{LINE_HEIGHT}%"', 1
    )


def _list_item_open(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    return self.renderToken(tokens, idx, options, env).replace(
        "<li", f'<li style="line-height:{LINE_HEIGHT}%"', 1
    )


def _math_span(tex: str, env: dict[str, Any], *, display: bool) -> str:
    text = tex_to_unicode(tex)
    if not display:
        text = text.replace("\n", " ")
    body = html.escape(text).replace("\n", "<br />")
    return (
        f'<span style="font-family:serif; font-style:italic; color:{_pal(env).math}">{body}</span>'
    )


def _math_inline(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    return _math_span(tokens[idx].content, env, display=False)


def _math_inline_double(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    # Display math inside a paragraph: on a line of its own (a paragraph cannot hold a block).
    return "<br />" + _math_span(tokens[idx].content, env, display=True) + "<br />"


def _math_block(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    return f'<p align="center">{_math_span(tokens[idx].content.strip(), env, display=True)}</p>\n'


def _math_block_label(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    token = tokens[idx]
    label = html.escape(str(token.info))
    math = _math_span(token.content.strip(), env, display=True)
    return f'<p align="center">{math} ({label})</p>\n'


def _hr(
    self: RendererHTML, tokens: Sequence[Token], idx: int, options: OptionsDict, env: Any
) -> str:
    return "<hr />\n"


_RULES = {
    "fence": _fence,
    "code_block": _indented_code,
    "code_inline": _code_inline,
    "link_open": _link_open,
    "link_close": _link_close,
    "image": _image,
    "blockquote_open": _blockquote_open,
    "blockquote_close": _blockquote_close,
    "table_open": _table_open,
    "th_open": _cell_open,
    "td_open": _cell_open,
    "math_inline": _math_inline,
    "math_inline_double": _math_inline_double,
    "math_block": _math_block,
    "math_block_label": _math_block_label,
    "hr": _hr,
    "citation": _render_citation,
    "paragraph_open": _paragraph_open,
    "list_item_open": _list_item_open,
}

"""HTML attachments: the text a browser would show, with light Markdown for headings, lists and
tables.

Why it exists: a web page holds more text than it shows. Scripts, styles, templates and
elements hidden with ``display:none``, ``visibility:hidden`` or the ``hidden`` attribute are
invisible to the person who attaches the page but would reach the model word for word, which
makes hidden text an easy route for instructions smuggled into a document ("ignore the user and
…"). So the text here is what a browser renders, and what was left out is said.

Invariants it keeps:

- Never in the text: ``<script>``, ``<style>``, ``<noscript>``, ``<template>``, ``<svg>``,
  ``<math>``, ``<iframe>``; ``<head>`` content, the ``<title>`` included (it names the tab, it
  is not on the page; inscriptis and html2text leave it out too); elements with the ``hidden``
  attribute, an inline style with ``display:none`` or ``visibility:hidden``, or a simple
  selector (``tag``, ``.class``, ``#id``, ``tag.class``) that a top-level ``<style>`` rule
  hides that way (``@media`` blocks are not applied); the values of ``<input type="hidden">``.
  Everything inside a hidden element is hidden with it. End tags find their element among the
  innermost 256 open ones (bounded work on tag soup).
- How many hidden elements that held text were left out is said once, at the end
  ("[3 hidden elements were left out: text a browser would not show]").
- Visible text is kept as written (whitespace collapsed as a browser does, ``<pre>`` kept);
  ``aria-hidden`` content is visible on screen, so it is kept.
- List items are ``- `` (``<ul>``) or numbered as a browser numbers them (``<ol start>``,
  ``reversed``, ``type`` 1/a/A/i/I, ``<li value>``); nested lists are indented.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments import texts as T
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
)
from parley.infrastructure.attachments.extractors.common import Extraction, roman_numeral
from parley.infrastructure.attachments.extractors.text import _read

_INDENT = "\x01"
"""Marks one column of list indentation until the lines are stripped (then it becomes a space);
the same character is removed from the page's own text (a control character, never visible)."""

_VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)
# Elements whose start closes an open <p> (as the HTML parsing rules do).
_CLOSES_P = frozenset(
    {
        "address",
        "article",
        "aside",
        "blockquote",
        "details",
        "div",
        "dl",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hr",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "table",
        "ul",
    }
)
_SCAN = 256
"""How deep an end tag looks for its element; a stray end tag past that is ignored."""
_HIDING_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b", re.I)
_STYLE_BLOCK = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.I | re.S)
_CSS_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_SIMPLE_SELECTOR = re.compile(r"^([a-z][a-z0-9-]*)?(?:([.#])([\w-]+))?$", re.I)


@dataclass(frozen=True)
class _HidingRules:
    """Simple selectors that a page's own ``<style>`` blocks hide."""

    tags: frozenset[str] = frozenset()
    classes: frozenset[str] = frozenset()
    ids: frozenset[str] = frozenset()
    tag_classes: frozenset[tuple[str, str]] = frozenset()

    def hides(self, tag: str, attrs: dict[str, str]) -> bool:
        if tag in self.tags or attrs.get("id", "") in self.ids:
            return True
        classes = attrs.get("class", "").split()
        return any(c in self.classes or (tag, c) in self.tag_classes for c in classes)


def _top_level_rules(css: str) -> list[tuple[str, str]]:
    """``(selectors, declarations)`` of the rules outside any ``@`` block."""
    rules: list[tuple[str, str]] = []
    depth = 0
    start = 0
    selector = ""
    in_at = 0  # depth at which an @-block opened (0: none)
    for i, ch in enumerate(css):
        if ch == "{":
            depth += 1
            if depth == 1:
                selector = css[start:i].strip()
                if selector.startswith("@"):
                    in_at = 1
            start = i + 1
        elif ch == "}":
            if depth == 1 and not in_at:
                rules.append((selector, css[start:i]))
            if depth == 1:
                in_at = 0
            depth = max(0, depth - 1)
            start = i + 1
        elif ch == ";" and depth == 0:
            start = i + 1  # an @import or @charset statement
    return rules


def _hiding_rules(markup: str) -> _HidingRules:
    tags: set[str] = set()
    classes: set[str] = set()
    ids: set[str] = set()
    tag_classes: set[tuple[str, str]] = set()
    for block in _STYLE_BLOCK.findall(markup):
        for selectors, declarations in _top_level_rules(_CSS_COMMENT.sub("", block)):
            if not _HIDING_STYLE.search(declarations.strip()):
                continue
            for selector in selectors.split(","):
                match = _SIMPLE_SELECTOR.match(selector.strip())
                if not match or not selector.strip():
                    continue
                tag, kind, name = match.group(1), match.group(2), match.group(3)
                tag = (tag or "").lower()
                if tag and kind == ".":
                    tag_classes.add((tag, name))
                elif kind == ".":
                    classes.add(name)
                elif kind == "#" and not tag:
                    ids.add(name)
                elif tag and not kind:
                    tags.add(tag)
    return _HidingRules(frozenset(tags), frozenset(classes), frozenset(ids), frozenset(tag_classes))


def _number(n: int, kind: str) -> str:
    """``n`` written as an ``<ol type>`` counts: ``1``, ``a``/``A``, ``i``/``I``."""
    if kind in ("a", "A") and n > 0:
        letters = ""
        while n > 0:
            n, rest = divmod(n - 1, 26)
            letters = chr(ord("a") + rest) + letters
        return letters.upper() if kind == "A" else letters
    if kind in ("i", "I") and 0 < n < 4000:
        roman = roman_numeral(n)
        return roman.upper() if kind == "I" else roman
    return str(n)


def _int(value: str | None) -> int | None:
    try:
        return int((value or "").strip())
    except ValueError:
        return None


@dataclass
class _List:
    """An open ``<ul>``/``<ol>``: where its item markers are in the output, to be numbered when
    it closes (a reversed list counts down from its number of items)."""

    ordered: bool
    indent: int
    start: int | None = None
    reversed: bool = False
    kind: str = "1"
    items: list[tuple[int, int | None, str]] = field(default_factory=list)  # (part, value, type)


@dataclass
class _Open:
    """An open element: its tag, and whether it hides what is inside it."""

    tag: str
    hidden: bool = False


class _HtmlText(HTMLParser):
    """Visible text of an HTML page with headings, paragraphs, list items and table rows."""

    _SKIP = frozenset({"script", "style", "noscript", "template", "svg", "math", "iframe", "title"})
    _COUNTED_SKIPS = frozenset({"noscript", "template"})  # hidden *text*, not code
    _BLOCKS = frozenset(
        {
            "p",
            "div",
            "section",
            "article",
            "main",
            "header",
            "footer",
            "nav",
            "aside",
            "blockquote",
            "figure",
            "figcaption",
            "form",
            "table",
            "ul",
            "ol",
            "dl",
            "dt",
            "dd",
            "address",
            "details",
            "summary",
            "hr",
            "caption",
        }
    )

    def __init__(self, rules: _HidingRules | None = None) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden_count = 0
        self._rules = rules or _HidingRules()
        self._stack: list[_Open] = []
        self._hidden = 0  # open elements that hide their content (including skipped ones)
        self._hidden_text = False  # the outermost hidden element has held text so far
        self._hidden_counts = False  # … and it is hidden *text*, not a script or a style
        self._in_head = False
        self._pre = 0
        self._first_cell = True
        self._lists: list[_List] = []

    # -- the element stack (hidden regions need their ends) --------------------------------

    def _push(self, tag: str, hidden: bool, skipped: bool = False) -> None:
        if hidden and not self._hidden:  # the outermost hidden element: count it if it has text
            self._hidden_text = False
            self._hidden_counts = not skipped or tag in self._COUNTED_SKIPS
        self._stack.append(_Open(tag, hidden))
        if hidden:
            self._hidden += 1

    def _pop_to(self, tag: str) -> bool:
        """Close ``tag`` and what is open inside it; False when it is not open (among the
        innermost :data:`_SCAN` elements: a page of endless unclosed tags stays linear)."""
        for i in range(len(self._stack) - 1, max(-1, len(self._stack) - 1 - _SCAN), -1):
            if self._stack[i].tag == tag:
                while len(self._stack) > i:
                    self._close(self._stack.pop())
                return True
        return False

    def _close(self, item: _Open) -> None:
        if item.hidden:
            self._hidden -= 1
            if not self._hidden and self._hidden_text and self._hidden_counts:
                self.hidden_count += 1
        elif item.tag in ("ol", "ul"):
            self._end_list()

    def _implied_ends(self, tag: str) -> None:
        """Close what a start tag implies is finished (``<p>`` before a block, ``<li>`` before
        the next item, cells before the next cell or row)."""
        top = self._stack[-1].tag if self._stack else ""
        if tag in _CLOSES_P and top == "p":
            self._pop_to("p")
        elif tag == "li":
            self._close_inside(("li",), ("ul", "ol"))
        elif tag in ("dt", "dd"):
            self._close_inside(("dt", "dd"), ("dl",))
        elif tag in ("td", "th"):
            self._close_inside(("td", "th"), ("tr", "table"))
        elif tag == "tr":
            self._close_inside(("tr", "td", "th"), ("table", "tbody", "thead", "tfoot"))
        elif tag == "option":
            self._close_inside(("option",), ("select", "datalist", "optgroup"))

    def _close_inside(self, closes: tuple[str, ...], scope: tuple[str, ...]) -> None:
        for i in range(len(self._stack) - 1, max(-1, len(self._stack) - 1 - _SCAN), -1):
            tag = self._stack[i].tag
            if tag in scope:
                return
            if tag in closes:
                while len(self._stack) > i:
                    self._close(self._stack.pop())
                return

    # -- parser callbacks -------------------------------------------------------------------

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, {k: v or "" for k, v in attrs}, void=tag in _VOID)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, {k: v or "" for k, v in attrs}, void=True)

    def _start(self, tag: str, attrs: dict[str, str], void: bool) -> None:
        if tag == "head":
            self._in_head = True
            return
        if tag == "body":
            self._in_head = False
            return
        self._implied_ends(tag)
        hides = (
            "hidden" in attrs
            or bool(_HIDING_STYLE.search(attrs.get("style", "").strip()))
            or self._rules.hides(tag, attrs)
        )
        if tag == "input" and attrs.get("type", "").lower() == "hidden":
            if attrs.get("value", "").strip() and not self._hidden:
                self.hidden_count += 1
            return
        if void:
            if not (hides or self._hidden or self._in_head):
                self._open_block(tag, attrs)
            return
        skipped = tag in self._SKIP
        self._push(tag, hides or skipped, skipped and not hides)
        if self._hidden or self._in_head:
            return
        self._open_block(tag, attrs)

    def _open_block(self, tag: str, attrs: dict[str, str]) -> None:
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self.parts.append("\n\n" + "#" * int(tag[1]) + " ")
        elif tag in ("ul", "ol"):
            self._start_list(tag, attrs)
        elif tag in self._BLOCKS:
            self.parts.append("\n\n")
        elif tag == "li":
            self._item(attrs)
        elif tag == "tr":
            self.parts.append("\n")
            self._first_cell = True
        elif tag in ("td", "th"):
            if not self._first_cell:
                self.parts.append(" | ")
            self._first_cell = False
        elif tag == "br":
            self.parts.append("\n")
        elif tag == "pre":
            self.parts.append("\n\n")
            self._pre += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "head":
            self._in_head = False
            return
        if tag in _VOID:
            return
        visible = not self._hidden and not self._in_head
        if not self._pop_to(tag):
            return
        if not visible:
            return
        if tag in ("ul", "ol"):
            if not self._lists:  # a nested list ends where its parent's next item starts
                self.parts.append("\n\n")
        elif (len(tag) == 2 and tag[0] == "h" and tag[1] in "123456") or tag in self._BLOCKS:
            self.parts.append("\n\n")
        elif tag == "pre":
            self._pre = max(0, self._pre - 1)
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        data = data.replace(_INDENT, "")
        if self._hidden:
            if data.strip():
                self._hidden_text = True
            return
        if self._in_head:
            return
        self.parts.append(data if self._pre else re.sub(r"\s+", " ", data))

    # -- lists --------------------------------------------------------------------------------

    def _start_list(self, tag: str, attrs: dict[str, str]) -> None:
        parent = self._lists[-1] if self._lists else None
        indent = 0
        if parent is not None:
            indent = parent.indent + (3 if parent.ordered else 2)
        else:
            self.parts.append("\n\n")
        if tag == "ol":
            kind = attrs.get("type", "1")
            self._lists.append(
                _List(
                    True,
                    indent,
                    start=_int(attrs.get("start")),
                    reversed="reversed" in attrs,
                    kind=kind if kind in ("1", "a", "A", "i", "I") else "1",
                )
            )
        else:
            self._lists.append(_List(False, indent))

    def _item(self, attrs: dict[str, str]) -> None:
        current = self._lists[-1] if self._lists else None
        indent = _INDENT * (current.indent if current else 0)
        if current is None or not current.ordered:
            self.parts.append(f"\n{indent}- ")
            return
        self.parts.append("")  # numbered when the list closes
        kind = attrs.get("type", "")
        current.items.append(
            (len(self.parts) - 1, _int(attrs.get("value")), kind if kind in "1aAiI" else "")
        )

    def _end_list(self) -> None:
        if not self._lists:
            return
        done = self._lists.pop()
        if not done.ordered:
            return
        step = -1 if done.reversed else 1
        count = done.start
        if count is None:
            count = len(done.items) if done.reversed else 1
        indent = _INDENT * done.indent
        for index, value, kind in done.items:
            if value is not None:
                count = value
            self.parts[index] = f"\n{indent}{_number(count, kind or done.kind)}. "
            count += step

    def close(self) -> None:
        super().close()
        while self._stack:
            self._close(self._stack.pop())
        while self._lists:
            self._end_list()

    # -- the result ---------------------------------------------------------------------------

    def text(self) -> str:
        out: list[str] = []
        for raw in "".join(self.parts).split("\n"):
            bare = raw.strip().lstrip(_INDENT)
            depth = len(raw.strip()) - len(bare)
            bare = bare.strip()
            if bare in ("-", "#", "##", "###", "####", "#####", "######"):
                continue
            marker = _MARKER.match(bare)
            if marker:  # "-  text" (the item's own leading space) -> "- text"
                bare = f"{marker.group(1)} {bare[marker.end() :]}"
            line = " " * depth + bare
            if not line and (not out or not out[-1]):
                continue
            out.append(line)
        return "\n".join(out).rstrip()  # leading blank lines were never added


_MARKER = re.compile(r"(-|[0-9]+\.|[a-zA-Z]+\.)\s+")


def html_to_text(markup: str) -> str:
    """The visible text of ``markup`` (see the module docstring)."""
    return _visible(markup).text()


def visible_text(markup: str) -> tuple[str, int]:
    """The visible text of ``markup`` and how many hidden elements that held text were left
    out (for a caller that says so itself, e.g. once for a whole EPUB)."""
    parser = _visible(markup)
    return parser.text(), parser.hidden_count


def hidden_note(count: int, where: str = "") -> str:
    """The bracketed note for ``count`` hidden elements left out (``where``: " (in …)")."""
    were = "was" if count == 1 else "were"
    counted = _plural(count, "hidden element")
    return f"[{counted} {were} left out{where}: text a browser would not show]"


def _visible(markup: str) -> _HtmlText:
    parser = _HtmlText(_hiding_rules(markup))
    parser.feed(markup)
    parser.close()
    return parser


_META_CHARSET = re.compile(
    rb"""<meta[^>]{0,512}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]{1,40})""", re.I
)


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" if n == 1 else f"{n:,} {word}s"


def extract_html(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """HTML: the text a browser would show in the page; the charset comes from the BOM,
    else the ``<meta charset>``, else detection (a guess is named with its confidence)."""
    head = path.read_bytes()[:4096]
    match = _META_CHARSET.search(head)
    declared = match.group(1).decode("ascii", "ignore") if match else ""
    read = _read(path, name, declared)
    parser = _visible(read.text)
    text = parser.text()
    if not text.strip():
        if parser.hidden_count:
            raise ReadFailure(
                "no_text",
                T.counted(T.HTML_ONLY_HIDDEN, parser.hidden_count, name=name),
            )
        raise ReadFailure("no_text", T.NO_VISIBLE_TEXT.format(name=name))
    if parser.hidden_count:
        text += "\n\n" + hidden_note(parser.hidden_count)
    return read.extraction(extractor=f"html ({read.codec})", text=read.with_note(text))

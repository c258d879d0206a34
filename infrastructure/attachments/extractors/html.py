"""HTML attachments: the text a browser would show, with light Markdown for headings, lists and
tables.

Invariant: scripts and styles never reach the text.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
)
from parley.infrastructure.attachments.extractors.common import Extraction
from parley.infrastructure.attachments.extractors.text import _read_text


class _HtmlText(HTMLParser):
    """Visible text of an HTML page with headings, paragraphs, list items and table rows."""

    _SKIP = frozenset({"script", "style", "noscript", "template", "svg", "math", "iframe"})
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
            "title",
        }
    )

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0
        self._in_head = False
        self._pre = 0
        self._first_cell = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            self._skip += 1
            return
        if tag == "head":
            self._in_head = True
        elif tag == "body":
            self._in_head = False
        if self._skip or self._in_head:
            return
        if len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self.parts.append("\n\n" + "#" * int(tag[1]) + " ")
        elif tag in self._BLOCKS:
            self.parts.append("\n\n")
        elif tag == "li":
            self.parts.append("\n- ")
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

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._SKIP:
            return
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if tag in self._SKIP:
            self._skip = max(0, self._skip - 1)
            return
        if tag == "head":
            self._in_head = False
            return
        if self._skip or self._in_head:
            return
        if (len(tag) == 2 and tag[0] == "h" and tag[1] in "123456") or tag in self._BLOCKS:
            self.parts.append("\n\n")
        elif tag == "pre":
            self._pre = max(0, self._pre - 1)
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if self._skip or self._in_head:
            return
        self.parts.append(data if self._pre else re.sub(r"\s+", " ", data))

    def text(self) -> str:
        lines = [line.strip() for line in "".join(self.parts).split("\n")]
        out: list[str] = []
        for line in lines:
            if line in ("-", "#", "##", "###", "####", "#####", "######"):
                continue
            if line.startswith("- "):
                line = "- " + line[2:].lstrip()
            if not line and (not out or not out[-1]):
                continue
            out.append(line)
        return "\n".join(out).strip()


def html_to_text(markup: str) -> str:
    parser = _HtmlText()
    parser.feed(markup)
    parser.close()
    return parser.text()


_META_CHARSET = re.compile(
    rb"""<meta[^>]{0,512}?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]{1,40})""", re.I
)


def extract_html(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """HTML: the text, not the markup (scripts and styles dropped); the charset comes from the
    BOM, else the ``<meta charset>``, else detection."""
    head = path.read_bytes()[:4096]
    match = _META_CHARSET.search(head)
    declared = match.group(1).decode("ascii", "ignore") if match else ""
    markup, codec = _read_text(path, name, declared)
    text = html_to_text(markup)
    if not text.strip():
        raise ReadFailure("no_text", f"{name} has no visible text")
    return Extraction(extractor=f"html ({codec})", text=text)

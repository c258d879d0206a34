"""Word list numbers as Word shows them ("1)", "a.", "ii)", "1.2.3", "1st"), from
``word/numbering.xml``.

Why it exists: a numbered list read as "- This" loses the numbers a document refers to ("see
step 3", "clause 2.b"). Word does not store the numbers: each paragraph names a list (``numId``)
and a level (``ilvl``); the list's abstract definition gives each level a start value, a number
format and a label template (``%1.%2)``). This module replays the counting in document order.

Invariants it keeps:

- Counters belong to the abstract definition, so paragraphs of two ``w:num`` that share one
  continue each other's numbering; a ``w:num`` with a ``startOverride`` restarts its level the
  first time it is used (how Word implements "restart numbering").
- Counting a level restarts every deeper level, unless that level's ``lvlRestart`` says
  otherwise (``0``: never); a shallower level that was skipped counts as shown once, at its
  start value (so "a" under a never-used "1." is followed by "2.", as Word does).
- A bullet level gives "-" (the bullet glyph is often a private-use Symbol-font character); a
  level with format ``none`` gives its literal label text (may be empty).
- Unknown formats fall back to decimal: a number is never dropped. Standard library only; the
  caller passes a part already parsed with ``detect.safe_xml``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.etree.ElementTree import Element

from parley.infrastructure.attachments.extractors.common import _local, roman_numeral

LEVELS = 9
_PLACEHOLDER = re.compile(r"%([1-9])")
_CARDINAL = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
)
_ORDINAL = (
    "zeroth",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
    "thirteenth",
    "fourteenth",
    "fifteenth",
    "sixteenth",
    "seventeenth",
    "eighteenth",
    "nineteenth",
    "twentieth",
)


@dataclass(frozen=True)
class Level:
    """One level of a list definition."""

    start: int = 1
    fmt: str = "decimal"
    text: str = ""
    restart: int | None = None  # lvlRestart: None = after any shallower level, 0 = never
    legal: bool = False  # isLgl: every number of the label shown as decimal


def _attr(el: Element, local: str) -> str:
    for key, value in el.attrib.items():
        if _local(key) == local:
            return value
    return ""


def _child_val(el: Element, local: str) -> str | None:
    for child in el:
        if _local(child.tag) == local:
            return _attr(child, "val")
    return None


def _int(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None else default
    except ValueError:
        return default


_DEFAULT = Level()
_UNDEFINED = Level(fmt="", text="")
"""A level the definition does not define: the paragraph is shown as a plain list item."""


def _level(lvl: Element, base: Level | None = None) -> Level:
    """A ``w:lvl``; a level that names no ``w:start`` starts at 0 (the OOXML default)."""
    base = base or _DEFAULT
    text = _child_val(lvl, "lvlText")
    restart = _child_val(lvl, "lvlRestart")
    legal = _child_val(lvl, "isLgl")
    return Level(
        start=_int(_child_val(lvl, "start"), base.start if base is not _DEFAULT else 0),
        fmt=_child_val(lvl, "numFmt") or base.fmt,
        text=text if text is not None else base.text,
        restart=_int(restart, 0) if restart is not None else base.restart,
        legal=(legal not in ("0", "false")) if legal is not None else base.legal,
    )


def _letters(n: int) -> str:
    """Word's alphabetic numbering: a..z, then aa..zz, aaa.. (the letter repeated)."""
    if n <= 0:
        return str(n)
    return chr(ord("a") + (n - 1) % 26) * ((n - 1) // 26 + 1)


def _roman(n: int) -> str:
    return roman_numeral(n)


def _ordinal_suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def format_number(n: int, fmt: str) -> str:
    """``n`` in the OOXML number format ``fmt`` (ST_NumberFormat); unknown formats: decimal."""
    if fmt == "decimalZero":
        return f"{n:02d}" if 0 <= n < 10 else str(n)
    if fmt == "lowerLetter":
        return _letters(n)
    if fmt == "upperLetter":
        return _letters(n).upper()
    if fmt == "lowerRoman":
        return _roman(n)
    if fmt == "upperRoman":
        return _roman(n).upper()
    if fmt == "ordinal":
        return _ordinal_suffix(n)
    if fmt == "cardinalText":
        return _CARDINAL[n].capitalize() if 0 <= n < len(_CARDINAL) else str(n)
    if fmt == "ordinalText":
        return _ORDINAL[n].capitalize() if 0 <= n < len(_ORDINAL) else _ordinal_suffix(n)
    if fmt == "decimalEnclosedParen":
        return f"({n})"
    if fmt == "decimalEnclosedCircle" and 1 <= n <= 20:
        return chr(0x2460 + n - 1)
    if fmt == "none":
        return ""
    return str(n)


class Numbering:
    """The lists of one document; :meth:`label` is called once per numbered paragraph, in
    document order, and returns the label Word shows for it."""

    def __init__(self, root: Element | None) -> None:
        self.abstract: dict[str, list[Level]] = {}
        self.nums: dict[str, tuple[str, dict[int, tuple[int | None, Level | None]]]] = {}
        self.counters: dict[str, list[int | None]] = {}
        self.used: set[str] = set()
        style_links: dict[str, str] = {}  # list style name -> the abstractNum defining it
        num_style_links: dict[str, str] = {}  # abstractNum id -> the list style it uses
        if root is None:
            return
        for el in root:
            tag = _local(el.tag)
            if tag == "abstractNum":
                levels = [_UNDEFINED] * LEVELS
                abstract_id = _attr(el, "abstractNumId")
                link = _child_val(el, "styleLink")
                if link:
                    style_links[link] = abstract_id
                link = _child_val(el, "numStyleLink")
                if link:
                    num_style_links[abstract_id] = link
                for lvl in el:
                    if _local(lvl.tag) == "lvl":
                        ilvl = _int(_attr(lvl, "ilvl"), 0)
                        if 0 <= ilvl < LEVELS:
                            levels[ilvl] = _level(lvl)
                self.abstract[abstract_id] = levels
            elif tag == "num":
                abstract_id = _child_val(el, "abstractNumId") or ""
                overrides: dict[int, tuple[int | None, Level | None]] = {}
                for over in el:
                    if _local(over.tag) != "lvlOverride":
                        continue
                    ilvl = _int(_attr(over, "ilvl"), -1)
                    if not 0 <= ilvl < LEVELS:
                        continue
                    start = _child_val(over, "startOverride")
                    over_lvl = next((c for c in over if _local(c.tag) == "lvl"), None)
                    overrides[ilvl] = (
                        _int(start, 1) if start is not None else None,
                        None if over_lvl is None else _level(over_lvl),
                    )
                self.nums[_attr(el, "numId")] = (abstract_id, overrides)

        # a list that uses a list style (numStyleLink) takes the levels, and the counters, of
        # the definition that style links to (styleLink)
        self.aliases = {
            aid: style_links[link]
            for aid, link in num_style_links.items()
            if style_links.get(link, aid) != aid and style_links[link] in self.abstract
        }

    def _levels(self, num_id: str) -> tuple[str, list[Level]] | None:
        found = self.nums.get(num_id)
        if found is None or found[0] not in self.abstract:
            return None
        abstract_id, overrides = found
        abstract_id = self.aliases.get(abstract_id, abstract_id)
        levels = list(self.abstract[abstract_id])
        for ilvl, (_start, lvl) in overrides.items():
            if lvl is not None:
                levels[ilvl] = lvl
        return abstract_id, levels

    def label(self, num_id: str, ilvl: int) -> str | None:
        """The label of the next paragraph of list ``num_id`` at level ``ilvl`` ("1)", "a.",
        "-" for a bullet, "" for an unnumbered level), or None for an unknown list."""
        found = self._levels(num_id)
        if found is None:
            return None
        abstract_id, levels = found
        ilvl = max(0, min(ilvl, LEVELS - 1))
        counters = self.counters.setdefault(abstract_id, [None] * LEVELS)
        if num_id not in self.used:
            self.used.add(num_id)
            for over_lvl, (start, _lvl) in self.nums[num_id][1].items():
                if start is not None:
                    counters[over_lvl] = start - 1
        for shallower in range(ilvl):  # a skipped level counts as shown at its start value
            if counters[shallower] is None:
                counters[shallower] = levels[shallower].start
        current = counters[ilvl]
        counters[ilvl] = levels[ilvl].start if current is None else current + 1
        for deeper in range(ilvl + 1, LEVELS):
            restart = levels[deeper].restart
            if restart is None or (restart != 0 and ilvl < restart):
                counters[deeper] = None
        level = levels[ilvl]
        if level is _UNDEFINED:
            return None
        if level.fmt == "bullet":
            return "-"

        def number(match: re.Match[str]) -> str:
            k = int(match.group(1)) - 1
            value = counters[k]
            if value is None:
                value = levels[k].start
            fmt = "decimal" if level.legal else levels[k].fmt
            return format_number(value, fmt)

        return _PLACEHOLDER.sub(number, level.text).strip()

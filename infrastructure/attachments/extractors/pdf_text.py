"""pypdf's text extraction of one page, with two corrections made while it reads the content
stream, and the position of each piece of text it produced.

Why it exists: pypdf reads most pages faithfully, but it ignores marked content's
``/ActualText`` (PDF 32000-1, 14.9.4: the text a span of glyphs stands for — a font may map a
glyph to a space while the span says it is a decimal point), and it compares the gaps of a
``TJ`` array (thousandths of a text-space unit) with a Type 3 font's space width in *glyph*
units, so a kerning of 17 thousandths in a font whose ``FontMatrix`` is 1/58 becomes a space
inside a word (``Symp toms``). pypdf's operator visitor sees each operator's operands before
pypdf acts on them, so both are corrected there: the strings of an ``/ActualText`` span are
replaced by the replacement text (the first by the text, the others by nothing), and a Type 3
font's ``TJ`` gaps are converted to the glyph units pypdf compares them with. The text visitor
records where each piece of output starts on the page, which :func:`out_of_order` judges.

Invariants it keeps:

- Without an ``/ActualText`` span or a Type 3 font the operands are not touched: the text is
  exactly pypdf's.
- Nothing here raises for a malformed operand; an operand it does not understand is left alone.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field
from typing import Any

from parley.infrastructure.attachments.extractors.common import _fatal

__all__ = ["PageVisitor", "Piece", "out_of_order"]

_SHOW = (b"Tj", b"TJ", b"'", b'"')


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) else None


def _decode_text_string(value: Any) -> str | None:
    """A PDF text string (UTF-16 with a BOM, UTF-8 with a BOM, else PDFDocEncoding)."""
    if isinstance(value, bytes):
        raw = bytes(value)
        if raw.startswith(codecs.BOM_UTF16_BE):
            return raw[2:].decode("utf-16-be", "replace")
        if raw.startswith(codecs.BOM_UTF16_LE):
            return raw[2:].decode("utf-16-le", "replace")
        if raw.startswith(codecs.BOM_UTF8):
            return raw[3:].decode("utf-8", "replace")
        try:
            from pypdf.generic import create_string_object

            return str(create_string_object(raw))
        except Exception as exc:  # a string pypdf cannot decode is not used
            if _fatal(exc):
                raise
            return raw.decode("latin-1")
    if isinstance(value, str):
        return str(value)
    return None


def _type3_scales(resources: Any, depth: int = 0) -> dict[str, float]:
    """Font name -> the factor that turns a TJ gap (thousandths of text space) into the glyph
    units pypdf measures a Type 3 font's widths in; only fonts whose factor is not 1. Form
    XObjects' fonts are included (one level), since the visitor sees their operators too."""
    scales: dict[str, float] = {}
    try:
        fonts = resources.get("/Font")
        fonts = fonts.get_object() if fonts is not None else {}
        for name, ref in fonts.items():
            font = ref.get_object()
            if font.get("/Subtype") != "/Type3":
                continue
            matrix = font.get("/FontMatrix")
            a = _number(matrix[0]) if matrix is not None and len(matrix) == 6 else None
            if a is not None and a > 0 and abs(1000 * a - 1) > 1e-6:
                scales[str(name)] = 1 / (1000 * a)
        if depth == 0:
            xobjects = resources.get("/XObject")
            xobjects = xobjects.get_object() if xobjects is not None else {}
            for ref in xobjects.values():
                xobject = ref.get_object()
                inner = xobject.get("/Resources") if xobject.get("/Subtype") == "/Form" else None
                if inner is not None:
                    for key, value in _type3_scales(inner.get_object(), 1).items():
                        scales.setdefault(key, value)
    except Exception as exc:  # a malformed font dictionary: no correction
        if _fatal(exc):
            raise
        return scales
    return scales


@dataclass
class Piece:
    """A piece of pypdf's output text and where on the page (user space) it starts."""

    text: str
    x: float
    y: float
    size: float  # the text's height (font size times the matrices' vertical scale)


@dataclass
class PageVisitor:
    """Visitors for ``PageObject.extract_text`` (see the module docstring); one per page."""

    page: Any
    pieces: list[Piece] = field(default_factory=list)
    _scales: dict[str, float] = field(default_factory=dict)
    _properties: Any = None
    _spans: list[bool] = field(default_factory=list)  # per open marked-content sequence
    _actual_depth: int = -1  # the stack depth of the open /ActualText span, -1 for none
    _pending: str = ""
    _scale: float = 1.0

    def __post_init__(self) -> None:
        try:
            resources = self.page.get("/Resources")
            resources = resources.get_object() if resources is not None else {}
            self._scales = _type3_scales(resources)
            properties = resources.get("/Properties")
            self._properties = properties.get_object() if properties is not None else None
        except Exception as exc:  # no resources: nothing to correct
            if _fatal(exc):
                raise
            self._scales = {}

    def kwargs(self) -> dict[str, Any]:
        """The keyword arguments for ``extract_text``: the operator visitor only for a page
        that has something to correct (a visitor on every operator costs about 8 % of pypdf's
        time)."""
        if self._scales or _mentions_actual_text(self.page):
            return {"visitor_operand_before": self.before, "visitor_text": self.text}
        return {"visitor_text": self.text}

    # ------------------------------------------------------------ operators

    def _actual_text(self, operands: list[Any]) -> str | None:
        if len(operands) < 2:
            return None
        props = operands[1]
        try:
            if not hasattr(props, "get") and self._properties is not None:
                props = self._properties.get(props)
                props = props.get_object() if props is not None else None
            if props is None or not hasattr(props, "get"):
                return None
            return _decode_text_string(props.get("/ActualText"))
        except Exception as exc:  # a malformed property list carries no text
            if _fatal(exc):
                raise
            return None

    def before(self, operator: bytes, operands: Any, cm: Any, tm: Any) -> None:
        if operator == b"Tf":
            name = str(operands[0]) if operands else ""
            self._scale = self._scales.get(name, 1.0)
        elif operator == b"BDC":
            actual = self._actual_text(operands)
            self._spans.append(actual is not None)
            if actual is not None and self._actual_depth < 0:
                self._actual_depth = len(self._spans)
                self._pending = actual
        elif operator == b"BMC":
            self._spans.append(False)
        elif operator == b"EMC":
            if self._spans:
                self._spans.pop()
            if self._actual_depth > len(self._spans):
                self._actual_depth = -1
                self._pending = ""
        elif operator in _SHOW and isinstance(operands, list) and operands:
            if self._actual_depth >= 0:
                self._replace(operator, operands)
            elif operator == b"TJ" and self._scale != 1.0:
                self._rescale(operands)

    def _take(self) -> str:
        text, self._pending = self._pending, ""
        return text

    def _replace(self, operator: bytes, operands: list[Any]) -> None:
        """The strings of an /ActualText span shown as its replacement text, once."""
        if operator == b"TJ":
            array = operands[0]
            if isinstance(array, list):
                for i, item in enumerate(array):
                    if isinstance(item, (str, bytes)) and not _is_name(item):
                        array[i] = self._take()
                    elif isinstance(item, (int, float)):
                        array[i] = 0.0
            return
        index = 2 if operator == b'"' else 0
        if len(operands) > index and isinstance(operands[index], (str, bytes)):
            operands[index] = self._take()

    def _rescale(self, operands: list[Any]) -> None:
        array = operands[0]
        if isinstance(array, list):
            for i, item in enumerate(array):
                if isinstance(item, (int, float)) and not isinstance(item, bool):
                    array[i] = float(item) * self._scale

    # ------------------------------------------------------------ text

    def text(self, text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if not text:
            return
        try:
            _, b, _, d, e, f = (float(v) for v in tm)
            ca, cb, cc, cd, ce, cf = (float(v) for v in cm)
            x = e * ca + f * cc + ce
            y = e * cb + f * cd + cf
            height = abs(float(size) * (d * cd + b * cc)) or abs(float(size))
        except Exception as exc:  # no position: the piece is not judged
            if _fatal(exc):
                raise
            return
        self.pieces.append(Piece(text, x, y, height))


def _stream_data(value: Any) -> list[bytes]:
    """The decoded data of a stream or an array of streams (pypdf caches the decoding)."""
    value = value.get_object() if value is not None else None
    if value is None:
        return []
    if isinstance(value, list):
        return [b for item in value for b in _stream_data(item)]
    return [value.get_data()] if hasattr(value, "get_data") else []


def _mentions_actual_text(page: Any) -> bool:
    """Whether the page's content, its form XObjects' or its named property lists say
    ``/ActualText`` (True when unsure)."""
    try:
        if any(b"/ActualText" in data for data in _stream_data(page.get("/Contents"))):
            return True
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else {}
        properties = resources.get("/Properties")
        properties = properties.get_object() if properties is not None else {}
        if any("/ActualText" in ref.get_object() for ref in properties.values()):
            return True
        xobjects = resources.get("/XObject")
        xobjects = xobjects.get_object() if xobjects is not None else {}
        for ref in xobjects.values():
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Form" and b"/ActualText" in xobject.get_data():
                return True
    except Exception as exc:  # a page pypdf will fail on anyway, or a malformed resource
        if _fatal(exc):
            raise
        return True
    return False


def _is_name(item: Any) -> bool:
    from pypdf.generic import NameObject

    return isinstance(item, NameObject)


_WINDOW = 120
"""Lines before a line that :func:`out_of_order` compares it with (bounds the work on a page of
thousands of lines)."""


_MIN_CHARS = 4
"""Characters (not white space) of a line that :func:`out_of_order` judges."""


def out_of_order(pieces: list[Piece]) -> bool:
    """True when pypdf's order puts a real share of the page's text out of reading order.
    Two lines conflict when the later one is more than two lines *above* the earlier one in
    the same column (footnotes or a title drawn before the body); the misplaced text
    is what is left out to resolve every conflict, the line with the most conflicts first
    (fewer characters on a tie). A footer drawn first or a header drawn last is then one
    misplaced line, not the whole page; a jump up to a column further right is how two columns
    are read and is no conflict."""
    # Labels of a figure or a chart (a letter or a number each) are placed anywhere and read
    # in any order; only lines of a few characters or more are judged.
    lines = [line for line in _lines(pieces) if line.chars >= _MIN_CHARS]
    if len(lines) < 2:
        return False
    conflicts: dict[int, set[int]] = {}
    for j, line in enumerate(lines):
        for i in range(max(0, j - _WINDOW), j):
            if not _follows(lines[i], line):
                conflicts.setdefault(i, set()).add(j)
                conflicts.setdefault(j, set()).add(i)
    misplaced = 0
    while conflicts:
        worst = max(conflicts, key=lambda k: (len(conflicts[k]), -lines[k].chars))
        misplaced += lines[worst].chars
        for other in conflicts.pop(worst):
            others = conflicts.get(other)
            if others is not None:
                others.discard(worst)
                if not others:
                    del conflicts[other]
    total = sum(line.chars for line in lines)
    return misplaced >= 10 and misplaced >= 0.15 * total


def _follows(earlier: _Line, line: _Line) -> bool:
    """Whether ``line`` may be read after ``earlier``: it is not more than two lines above it
    in the same column (lines of a column start within two text heights of each other; where
    a line ends is not known, so a centred or indented line is not judged against the body)."""
    size = max(line.size, earlier.size)
    return not (line.y > earlier.y + 2 * size and abs(line.x - earlier.x) <= 2 * size)


@dataclass
class _Line:
    x: float
    y: float
    size: float
    chars: int


def _lines(pieces: list[Piece]) -> list[_Line]:
    """The output's lines (split at line breaks), each placed where its first piece starts."""
    lines: list[_Line] = []
    current: _Line | None = None
    for piece in pieces:
        parts = piece.text.split("\n")
        for n, part in enumerate(parts):
            if n > 0:
                current = None
            solid = len(part.strip())
            if not solid:
                continue
            size = piece.size if piece.size > 0 else 10.0
            if current is None:
                current = _Line(piece.x, piece.y, size, 0)
                lines.append(current)
            current.chars += solid
    return lines

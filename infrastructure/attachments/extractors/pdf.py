"""PDF attachments: the text layer page by page, marked ``--- page N ---``, then the annotations
and form-field values a reader would see.

Why it exists: a PDF is glyphs on a page, not text; every extractor gets some pages wrong. pypdf
reads most pages fast and faithfully, so it reads every page (with the corrections of
``pdf_text``: ``/ActualText``, Type 3 word gaps); a page whose text fails a check of
``pdf_quality`` (garbled characters, words run together or split apart, a transcript's line
numbers as one block) or whose order goes back up a column (``pdf_text.out_of_order``) is read
again by a second extractor (pdfminer.six, ``pdf_miner``) or by pypdf's layout mode, and the
more plausible text is kept. A file pypdf cannot open at all (no usable cross-reference table)
is read by pdfminer.six alone. Each page read is reported with ``report_progress``.

Invariants:

- A page that fails becomes a note while the others are kept; a page whose characters still look
  wrong after the second extractor keeps its text under a note saying so (never silently).
- An empty-password PDF is opened, a real password is ``encrypted``; a PDF with no text layer,
  no annotation text and no filled form field is ``no_text`` (a PDF whose only text is a note or
  a form value is read, not called scanned).
- Reading stops at ``max_pages`` and once the character cap is passed; the second extractor runs
  only on pages that failed a check, so a sound PDF costs what pypdf costs.
- Presentation forms (``ﬁ``, Arabic and Hebrew presentation forms) become their plain letters;
  nothing else is normalised.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments import texts as T
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
)
from parley.infrastructure.attachments.extractors.common import (
    Extraction,
    _detail,
    _fatal,
    cap_text,
    report_progress,
)
from parley.infrastructure.attachments.extractors.pdf_miner import (
    MinerBomb,
    MinerError,
    MinerPages,
    miner_version,
)
from parley.infrastructure.attachments.extractors.pdf_quality import (
    garble_measure,
    line_number_block,
    normalise_presentation_forms,
    spacing_measure,
)
from parley.infrastructure.attachments.extractors.pdf_text import PageVisitor, out_of_order

_MAX_ANNOTATIONS = 2_000
"""Annotations, and form fields, listed at most (a note says when more were left out)."""

_MORE = f"[… more were left out: at most {_MAX_ANNOTATIONS:,} are listed]"

_MAX_WASTED = 5
"""Re-readings by pdfminer.six in a row that were not kept, after which it is not asked again."""

_MAX_FIELD_CHARS = 20_000
"""Characters of one form field's value shown at most (a text field can hold a whole book)."""

_PYPDF = "pypdf"
_MINER = "pdfminer"
_LAYOUT = "pypdf layout"


def _garbled_note(number: int) -> str:
    return (
        f"[page {number}: the characters extracted from this page look wrong (the PDF's fonts "
        "do not map to Unicode); treat its text as unreliable]"
    )


@dataclass(frozen=True)
class _Page:
    """One page's outcome: its text (or note) and which extractor produced it."""

    body: str  # what follows the page marker
    chars: int  # characters of real text (0 for a note-only page)
    source: str  # _PYPDF, _MINER or _LAYOUT; "" when nothing was read
    failed: bool = False
    bomb: bool = False


# ---------------------------------------------------------------- choosing a page's text


def _solid(text: str) -> int:
    """Characters that are not white space (what a re-read must not lose)."""
    return sum(1 for ch in text if not ch.isspace())


def _lines(text: str) -> int:
    """Lines with text (blank lines not counted)."""
    return sum(1 for line in text.split("\n") if line.strip())


def _tidy_layout(text: str) -> str:
    """pypdf's layout text without its blank lines, trailing blanks and wide gaps."""
    lines = [re.sub(r" {3,}", "  ", line.rstrip()) for line in text.split("\n")]
    return "\n".join(line for line in lines if line.strip())


def _second_opinion(
    text: str,
    number: int,
    miner: Callable[[], str | None],
    layout: Callable[[], str | None],
    disordered: bool = False,
) -> tuple[str, str]:
    """The text to keep for page ``number`` whose pypdf text is ``text``, and its source; a
    garbled page that no extractor reads plausibly keeps its text under a note. ``disordered``
    says that pypdf's order put text above what came before it in the same column
    (``pdf_text.out_of_order``)."""
    garble = garble_measure(text)
    if garble.garbled:
        alt = miner()
        if alt is not None and not garble_measure(alt).garbled and alt.strip():
            return alt, _MINER
        return f"{_garbled_note(number)}\n{text}", _PYPDF
    spacing = spacing_measure(text)
    asked = False
    alt = None
    if spacing.run_together or spacing.split:
        alt, asked = miner(), True
        if (
            alt is not None
            and _solid(alt) >= 0.9 * _solid(text)
            and spacing_measure(alt).badness < 0.5 * spacing.badness
            and not garble_measure(alt).garbled
        ):
            return alt, _MINER
    if disordered:
        # pdfminer orders the page by its layout; kept when it has the same text (within 10 %)
        # in about as many lines (a table's rows cut into columns of cells make many more),
        # and spaces its words no worse.
        if not asked:
            alt = miner()
        if (
            alt is not None
            and 0.9 * _solid(text) <= _solid(alt) <= 1.1 * _solid(text)
            and _lines(alt) <= 1.25 * _lines(text) + 2
            and spacing_measure(alt).badness <= spacing.badness + 0.01
            and not garble_measure(alt).garbled
        ):
            return alt, _MINER
    if line_number_block(text):
        alt = layout()
        if alt is not None and not line_number_block(alt) and _solid(alt) >= 0.9 * _solid(text):
            return alt, _LAYOUT
    return text, _PYPDF


# ---------------------------------------------------------------- annotations and form fields


def _plain(value: Any) -> str:
    """A PDF string, name or array as display text ("" for nothing worth showing)."""
    if value is None:
        return ""
    if isinstance(value, list):
        return ", ".join(part for part in (_plain(v) for v in value) if part)
    text = str(value)
    if text.startswith("/"):  # a name: a check box's state or a radio button's choice
        text = text[1:]
        return "" if text == "Off" else text
    return text.replace("\r\n", "\n").replace("\r", "\n").strip()


def _rich_text(value: Any) -> str:
    """The text of an annotation's rich-text (XHTML) contents, tags removed."""
    text = re.sub(r"<[^>]*>", " ", _plain(value))
    return re.sub(r"[ \t]+", " ", text).strip()


def _annotation_lines(reader: Any, limit: int) -> list[str]:
    """``page N, <kind> by <author>: contents`` for each annotation with text on the first
    ``limit`` pages (links and form widgets are not annotations a reader wrote)."""
    lines: list[str] = []
    for index in range(limit):
        try:
            annots = reader.pages[index].get("/Annots")
            annots = annots.get_object() if annots is not None else []
            for ref in annots or []:
                annot = ref.get_object()
                subtype = _plain(annot.get("/Subtype"))
                if subtype in ("Link", "Widget"):
                    continue
                if subtype == "Popup":
                    parent = annot.get("/Parent")
                    if parent is not None and _plain(parent.get_object().get("/Contents")):
                        continue  # the parent note carries the same text
                contents = _plain(annot.get("/Contents")) or _rich_text(annot.get("/RC"))
                if not contents:
                    continue
                author = _plain(annot.get("/T"))
                kind = {"Text": "note", "FreeText": "text box", "Popup": "note"}.get(
                    subtype, subtype.lower() or "annotation"
                )
                who = f" by {author}" if author else ""
                lines.append(f"page {index + 1}, {kind}{who}: {contents}")
                if len(lines) >= _MAX_ANNOTATIONS:
                    return [*lines, _MORE]
        except Exception as exc:
            if _fatal(exc):
                raise
            lines.append(f"[page {index + 1}: its annotations could not be read]")
    return lines


def _field_lines(reader: Any) -> list[str]:
    """``name: value`` for each filled AcroForm field (empty fields, unchecked boxes and
    signatures are left out: they hold nothing to read)."""
    try:
        fields = reader.get_fields() or {}
    except Exception as exc:
        if _fatal(exc):
            raise
        return ["[the form fields could not be read]"]
    lines: list[str] = []
    for name, field in fields.items():
        if field.get("/FT") == "/Sig" or ("/Kids" in field and field.get("/V") is None):
            continue
        value = _plain(field.get("/V"))
        if len(value) > _MAX_FIELD_CHARS:
            value = (
                f"{value[:_MAX_FIELD_CHARS]} [… the rest of this field's {len(value):,} "
                "characters was left out]"
            )
        if value:
            lines.append(f"{name}: {value}")
        if len(lines) >= _MAX_ANNOTATIONS:
            return [*lines, _MORE]
    return lines


def _extras(reader: Any, limit: int) -> str:
    """The annotations and form-field section that follows the pages ("" when there is none)."""
    parts: list[str] = []
    notes = _annotation_lines(reader, limit)
    if notes:
        parts.append("--- annotations ---\n" + "\n".join(notes))
    fields = _field_lines(reader)
    if fields:
        parts.append("--- form fields ---\n" + "\n".join(fields))
    return "\n\n".join(parts)


# ---------------------------------------------------------------- opening


def _open_pypdf(path: Path, name: str) -> tuple[Any, int]:
    """The pypdf reader and the page count; ``ReadFailure`` for encryption and safety limits,
    ``_Unopened`` when pypdf cannot parse the file (pdfminer.six may still)."""
    import pypdf
    from pypdf.errors import DependencyError, LimitReachedError

    try:
        reader = pypdf.PdfReader(str(path), strict=False)
        if reader.is_encrypted:
            try:
                opened = reader.decrypt("")
            except DependencyError as exc:
                raise ReadFailure(
                    "unsupported", T.PDF_ENCRYPTION.format(name=name, detail=exc)
                ) from None
            if not opened:
                raise ReadFailure(
                    "encrypted",
                    T.PDF_PASSWORD.format(name=name),
                )
        return reader, len(reader.pages)
    except ReadFailure:
        raise
    except LimitReachedError as exc:
        raise ReadFailure("unsafe", T.PDF_LIMITS.format(name=name, detail=exc)) from None
    except Exception as exc:
        if _fatal(exc):
            raise
        raise _Unopened(_detail(exc)) from None


class _Unopened(Exception):
    """pypdf could not open the file; the message is its one-line reason."""


# ---------------------------------------------------------------- the extractor


def extract_pdf(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """PDF with pypdf, pdfminer.six where pypdf's text fails a check; see the module docstring."""
    import pypdf
    from pypdf.errors import LimitReachedError

    miner = MinerPages(path)
    try:
        try:
            reader, total = _open_pypdf(path, name)
        except _Unopened as unopened:
            return _extract_with_miner(miner, name, limits, str(unopened))
        if total == 0:
            raise ReadFailure("damaged", T.NO_PAGES.format(name=name))
        limit = min(total, limits.max_pages)

        def read_page(index: int) -> tuple[str, bool]:
            try:
                page = reader.pages[index]
                visitor = PageVisitor(page)
                text = page.extract_text(**visitor.kwargs()) or ""
                return text, out_of_order(visitor.pieces)
            except LimitReachedError:
                raise
            except Exception as exc:
                if isinstance(exc, MemoryError):
                    raise
                raise _PageFailed(_detail(exc)) from None

        def has_fonts(index: int) -> bool:
            return _has_fonts(reader.pages[index])

        def read_layout(index: int) -> str | None:
            try:
                text = reader.pages[index].extract_text(extraction_mode="layout") or ""
            except Exception as exc:
                if isinstance(exc, MemoryError):
                    raise
                return None
            return _tidy_layout(normalise_presentation_forms(text))

        pages = _read_pages(
            limit, limits, read_page, has_fonts, miner, read_layout, LimitReachedError
        )
        extras = _extras(reader, len(pages))
        return _assemble(name, pages, total, limit, limits, extras, f"pypdf {pypdf.__version__}")
    finally:
        miner.close()


def _has_fonts(page: Any) -> bool:
    """Whether a page's resources name a font, directly or in a form XObject (a scanned page
    has only images); True when unsure."""
    try:
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else {}
        if "/Font" in resources:
            return True
        xobjects = resources.get("/XObject")
        xobjects = xobjects.get_object() if xobjects is not None else {}
        return any(x.get_object().get("/Subtype") == "/Form" for x in xobjects.values())
    except Exception as exc:
        if _fatal(exc):
            raise
        return True


class _PageFailed(Exception):
    """A page could not be read by pypdf; the message is the one-line reason."""


class _Rereader:
    """pdfminer.six for re-reading single pages, given up after :data:`_MAX_WASTED` re-readings
    in a row that were not kept: a file whose every page defeats both extractors then costs one
    extractor, not two."""

    def __init__(self, miner: MinerPages) -> None:
        self._miner = miner
        self._wasted = 0
        self._asked = False

    def text(self, index: int) -> str | None:
        """Page ``index`` as pdfminer.six reads it; None if it cannot, or is no longer asked."""
        if self._wasted >= _MAX_WASTED:
            return None
        self._asked = True
        try:
            return normalise_presentation_forms(self._miner.text(index))
        except MinerError:
            return None

    def settle(self, kept: bool) -> None:
        """Record whether the page just finished kept the re-reading it asked for."""
        if self._asked:
            self._wasted = 0 if kept else self._wasted + 1
        self._asked = False


def _read_pages(
    limit: int,
    limits: AttachmentLimits,
    read_page: Callable[[int], tuple[str, bool]],
    has_fonts: Callable[[int], bool],
    miner: MinerPages,
    read_layout: Callable[[int], str | None],
    bomb_error: type[BaseException],
) -> list[_Page]:
    """Each page up to ``limit`` (or until the character cap is passed), checked and, where a
    check fails, read again (see :func:`_second_opinion`)."""
    pages: list[_Page] = []
    chars = 0
    rereader = _Rereader(miner)
    for index in range(limit):
        number = index + 1
        failure = ""
        disordered = False
        try:
            raw, disordered = read_page(index)
            text = normalise_presentation_forms(raw).strip("\n")
        except _PageFailed as exc:
            text, failure = "", str(exc)
        except Exception as exc:
            if not isinstance(exc, bomb_error):
                raise
            pages.append(
                _Page(
                    f"[page {number} was not read: its data decompresses beyond the safety limit]",
                    0,
                    "",
                    failed=True,
                    bomb=True,
                )
            )
            report_progress(number, limit)
            continue
        if failure or not text.strip():
            # pypdf read nothing here: the other extractor may (a font pypdf cannot parse). A
            # page without fonts (a scan) has no text for anyone: pdfminer is not asked.
            alt = rereader.text(index) if failure or has_fonts(index) else None
            if alt is not None and alt.strip():
                if garble_measure(alt).garbled:
                    alt = f"{_garbled_note(number)}\n{alt}"
                page = _Page(alt, len(alt), _MINER)
            elif failure:
                page = _Page(f"[page {number} could not be read: {failure}]", 0, "", failed=True)
            else:
                page = _Page("[no text on this page]", 0, _PYPDF)
        else:
            body, source = _second_opinion(
                text,
                number,
                partial(rereader.text, index),
                partial(read_layout, index),
                disordered,
            )
            page = _Page(body, len(body), source)
        rereader.settle(page.source == _MINER)
        pages.append(page)
        report_progress(number, limit)
        chars += page.chars
        if chars > limits.max_chars and number < limit:
            break
    return pages


def _extract_with_miner(
    miner: MinerPages, name: str, limits: AttachmentLimits, pypdf_error: str
) -> Extraction:
    """Every page with pdfminer.six, for a file pypdf cannot open; if pdfminer cannot either,
    the file is ``damaged`` with pypdf's reason."""
    try:
        total = miner.count(100_000)
    except MinerBomb as exc:
        raise ReadFailure(
            "unsafe",
            T.PDF_BOMB.format(name=name, detail=exc),
        ) from None
    except MinerError:
        total = 0
    if total == 0:
        raise ReadFailure("damaged", T.PDF_TRUNCATED.format(name=name, detail=pypdf_error))
    limit = min(total, limits.max_pages)
    pages: list[_Page] = []
    chars = 0
    for index in range(limit):
        number = index + 1
        try:
            text = normalise_presentation_forms(miner.text(index))
        except MinerBomb:
            pages.append(
                _Page(
                    f"[page {number} was not read: its data decompresses beyond the safety limit]",
                    0,
                    "",
                    failed=True,
                    bomb=True,
                )
            )
            report_progress(number, limit)
            continue
        except MinerError as exc:
            pages.append(_Page(f"[page {number} could not be read: {exc}]", 0, "", failed=True))
            report_progress(number, limit)
            continue
        if not text.strip():
            pages.append(_Page("[no text on this page]", 0, _MINER))
            report_progress(number, limit)
            continue
        if garble_measure(text).garbled:
            text = f"{_garbled_note(number)}\n{text}"
        pages.append(_Page(text, len(text), _MINER))
        report_progress(number, limit)
        chars += len(text)
        if chars > limits.max_chars and number < limit:
            break
    return _assemble(
        name,
        pages,
        total,
        limit,
        limits,
        "",
        f"{miner_version()} (pypdf could not open it: {pypdf_error})",
        all_miner=True,
    )


def _describe(base: str, pages: list[_Page], all_miner: bool) -> str:
    """The extractor description: ``pypdf 7.1.1`` plus where another reading was used."""
    if all_miner:
        return base
    notes = []
    for source, label in ((_MINER, miner_version()), (_LAYOUT, "layout mode")):
        numbers = [str(i + 1) for i, page in enumerate(pages) if page.source == source]
        if not numbers:
            continue
        shown = ", ".join(numbers[:8]) + (
            f" and {len(numbers) - 8} more" if len(numbers) > 8 else ""
        )
        notes.append(f"{label} on page{'s' if len(numbers) > 1 else ''} {shown}")
    return f"{base} ({'; '.join(notes)})" if notes else base


def _assemble(
    name: str,
    pages: list[_Page],
    total: int,
    limit: int,
    limits: AttachmentLimits,
    extras: str,
    extractor: str,
    *,
    all_miner: bool = False,
) -> Extraction:
    """The attachment text from the pages read, or the ``ReadFailure`` when nothing was."""
    read = len(pages)
    failed = sum(page.failed for page in pages)
    bombs = sum(page.bomb for page in pages)
    ok_pages = read - failed
    blank = sum(1 for page in pages if not page.failed and page.chars == 0)
    if ok_pages == 0 and not extras:
        if bombs:
            raise ReadFailure(
                "unsafe",
                T.PDF_PAGES_BOMB.format(name=name),
            )
        raise ReadFailure("damaged", T.counted(T.PDF_NO_PAGE_READ, read, name=name))
    if blank == ok_pages and not extras:
        if failed:
            raise ReadFailure(
                "damaged",
                T.counted(T.PDF_FAILED_NO_LAYER, failed, name=name),
            )
        raise ReadFailure(
            "no_text",
            T.counted(T.SCANNED_PDF, total, name=name),
        )
    text = "\n\n".join(f"--- page {i + 1} ---\n{page.body}" for i, page in enumerate(pages))
    if extras:
        text = f"{text}\n\n{extras}"
    unread = ""
    if read < limit:
        unread = f"pages {read + 1}-{total} were not read (the character limit was reached)"
    elif total > limit:
        unread = f"only the first {limit:,} of {total:,} pages were read (the page limit)"
    text, truncated = cap_text(text, limits.max_chars, unread)
    return Extraction(
        extractor=_describe(extractor, pages, all_miner),
        text=text,
        truncated=truncated,
        units=total,
        unit="pages",
    )

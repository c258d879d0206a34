"""One extractor per format, one module each: a stored file in, the text a model should see out.

Why it exists: each format hides its text differently (PDF pages, Word runs inside tracked
insertions, spreadsheet cells with formulas, slide shapes and notes, CSV quoting, HTML markup).
This module turns each into plain text with light Markdown (headings, ``- `` list items, tables),
and says plainly what it could not read. It runs in the worker *child process* (see
``worker.py``): nothing here is trusted to be fast or small, the process limits are the backstop.

Invariants it keeps:

- :func:`extract_file` returns an :class:`Extraction` whose ``error_kind``/``error`` say why a
  file could not be read (a ``ReadFailure`` from any step becomes that; each extractor maps its
  library's errors). What still escapes (``MemoryError``, ``RecursionError``, a library error
  nobody anticipated) is reported by the worker as ``memory``/``unsafe``/``damaged``.
- The type comes from the content (``detect.sniff``/``classify_zip``), never from the
  extension alone; ZIP packages pass ``zipcheck.check_zip`` before anything opens them and OOXML
  parts pass ``zipcheck.scan_xml_parts`` (no DTD, no entities, bounded depth) before any XML
  parser sees them. DOCX, EPUB container/OPF and the package parts used for detection are
  parsed with defusedxml (DTDs forbidden), XLSX parts too; python-pptx's lxml
  parser sees only parts the scan passed. The stored copy has no extension, so libraries get a
  file object or the path as a string, never a name to judge by.
- The text, HTML and JSON extractors return the full text; :func:`extract_file` caps it.
- Text is capped at ``limits.max_chars`` by :func:`cap_text`, which appends a visible note
  ("[… truncated: the first 200,000 of 512,331 characters]"); PDFs stop reading pages once the
  cap is passed and stop at ``max_pages``; sheets stop at ``max_rows`` rows; decks at
  ``max_pages`` slides; each cut is noted in the text and sets ``truncated``.
- Per format: PDF pages are marked ``--- page N ---`` and a page that fails to extract becomes a
  note while the others are kept; an empty-password PDF is opened, a real password is
  ``encrypted``; a PDF with no text layer is ``no_text``. DOCX includes tracked insertions
  (``w:ins``, ``w:moveTo``) and drops deletions (``w:del``, ``w:moveFrom``), and adds headers,
  footers, text boxes, footnotes, endnotes and comments; Strict OOXML is read too (elements are
  matched by local name). XLSX shows cached values, not formulas, and says how many formulas have
  no cached value. Images give no text: ``image_media_type`` and the size in ``extractor``.

Errors: as ``Extraction.error_kind``: ``unsupported``, ``encrypted``, ``damaged``, ``no_text``,
``undecodable``, ``unsafe`` (the kinds of ``application.ports.attachments``).
"""

from __future__ import annotations

import dataclasses
import zipfile
from collections.abc import Callable
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments import texts as T
from parley.infrastructure.attachments.detect import (
    HEAD_BYTES,
    IMAGE_KINDS,
    READABLE,
    ZIP_KINDS,
    Detected,
    ReadFailure,
    classify_ole2,
    classify_zip,
    refusal,
    sniff,
)
from parley.infrastructure.attachments.extractors.common import (
    _NOTE_SLACK,
    Extraction,
    _detail,
    cap_text,
)
from parley.infrastructure.attachments.extractors.docx import extract_docx
from parley.infrastructure.attachments.extractors.epub import extract_epub
from parley.infrastructure.attachments.extractors.html import extract_html
from parley.infrastructure.attachments.extractors.image import extract_image
from parley.infrastructure.attachments.extractors.office_msg import extract_msg
from parley.infrastructure.attachments.extractors.pdf import extract_pdf
from parley.infrastructure.attachments.extractors.pptx import extract_pptx
from parley.infrastructure.attachments.extractors.text import (
    extract_csv,
    extract_json,
    extract_text,
)
from parley.infrastructure.attachments.extractors.xlsx import extract_xlsx

__all__ = ["Extraction", "detect_file", "extract_file"]
from parley.infrastructure.attachments.zipcheck import check_zip, scan_xml_parts

# ---------------------------------------------------------------- dispatch

_EXTRACTORS: dict[
    str, tuple[str, Callable[[Path, str, AttachmentLimits, Detected], Extraction]]
] = {
    "pdf": ("pypdf", extract_pdf),
    "docx": ("docx-xml", extract_docx),
    "xlsx": ("xlsx-xml", extract_xlsx),
    "pptx": ("python-pptx", extract_pptx),
    "epub": ("epub", extract_epub),
    "text": ("text", extract_text),
    "markdown": ("text", extract_text),
    "csv": ("csv", extract_csv),
    "tsv": ("csv", extract_csv),
    "json": ("json", extract_json),
    "html": ("html", extract_html),
    "msg": ("olefile", extract_msg),
    **{kind: ("pillow", extract_image) for kind in IMAGE_KINDS},
}
assert set(_EXTRACTORS) == READABLE


def detect_file(path: Path, name: str, limits: AttachmentLimits) -> Detected:
    """The content type of a stored file, with ZIP packages checked (and OOXML XML scanned)."""
    with path.open("rb") as fh:
        head = fh.read(HEAD_BYTES)
    found = sniff(head, name)
    if found.kind == "ole2":
        found = classify_ole2(path.read_bytes(), name)
    if found.kind in ZIP_KINDS:
        check_zip(path, name, limits)
        try:
            with zipfile.ZipFile(path) as zf:
                found = classify_zip(zf, name)
                if found.kind in ("docx", "xlsx", "pptx"):
                    malformed: list[tuple[str, str]] = []
                    scan_xml_parts(zf, name, malformed=malformed)
                    if malformed:
                        found = dataclasses.replace(found, malformed_parts=tuple(malformed))
        except (zipfile.BadZipFile, OSError, EOFError) as exc:
            raise ReadFailure(
                "damaged", T.CANNOT_READ.format(name=name, detail=_detail(exc))
            ) from None
    return found


def _with_note(extractor: str, note: str) -> str:
    if not note:
        return extractor
    if extractor.endswith(")"):
        return f"{extractor[:-1]}; {note})"
    return f"{extractor} ({note})"


def extract_file(path: Path, name: str, limits: AttachmentLimits) -> Extraction:
    """Detect and read one stored file (``name`` is the original file name, a hint only)."""
    found: Detected | None = None
    extractor = "detect"
    try:
        found = detect_file(path, name, limits)
        if found.kind not in READABLE:
            raise refusal(found, name)
        extractor, function = _EXTRACTORS[found.kind]
        try:
            result = function(path, name, limits, found)
        except Exception as exc:
            if not found.malformed_parts or (
                isinstance(exc, ReadFailure) and exc.kind != "damaged"
            ):
                raise
            # A part the extractor needed is the broken one: say which, as before.
            part, detail = found.malformed_parts[0]
            raise ReadFailure(
                "damaged", T.NOT_WELL_FORMED.format(name=name, part=part, detail=detail)
            ) from None
        # Parts the extractor did not already name in a note of its own.
        unsaid = [part for part, _ in found.malformed_parts if part not in result.text]
        if unsaid and not result.error_kind:
            parts = ", ".join(unsaid)
            result.text = (
                f"{result.text}\n\n[not read: {parts} (not well-formed XML); the rest of the "
                "document is complete]"
            )
            result.extractor = _with_note(result.extractor, "a damaged part skipped")
    except ReadFailure as failure:
        message = failure.message
        if message.startswith("the part "):  # from a helper that does not know the file name
            message = f"{name}: {message}"
        result = Extraction(extractor=extractor, error_kind=failure.kind, error=message)
    if found is not None:
        result.media_type = result.media_type or found.media_type
        if found.note and found.kind in READABLE:
            result.extractor = _with_note(result.extractor, found.note)
    if result.error_kind:
        result.text = ""
    elif len(result.text) > limits.max_chars + _NOTE_SLACK:  # formats that do not cap themselves
        result.text, _ = cap_text(result.text, limits.max_chars)
        result.truncated = True
    return result

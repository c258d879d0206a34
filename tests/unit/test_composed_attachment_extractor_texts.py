"""Why an attachment could not be read is recognised as a marked text (issue 20).

The extractors compose a ``ReadFailure``'s message in English (they may run in a child process);
the window shows it translated by matching it against the templates marked in
``parley.infrastructure.attachments.texts``. These tests make the real extractors fail on real
bad files and check that each message is one of those templates filled — the most specific
template that matches, as ``translate_text`` picks it. No Qt application is needed.
"""

from __future__ import annotations

import string
import zipfile
from pathlib import Path

import pytest

from parley.application.ports.attachments import AttachmentLimits
from parley.domain.texts import marked
from parley.infrastructure.attachments import texts as T
from parley.infrastructure.attachments.extractors import extract_file
from parley.ui.i18n.composed import _compile

LIMITS = AttachmentLimits()


def _failure(path: Path) -> str:
    """The error the real reader gives for ``path`` (it must give one)."""
    result = extract_file(path, path.name, LIMITS)
    assert result.error_kind, result.text[:200]
    return result.error


def _best_template(text: str) -> str | None:
    """The marked template of context AttachmentError the text was made from (most literal)."""
    best: tuple[int, str] | None = None
    for source, context in marked().items():
        if context != "AttachmentError":
            continue
        if source == text:
            return source
        pattern = _compile(source)
        if pattern is None or not pattern.fullmatch(text):
            continue
        literal = len(_literal(source))
        if best is None or literal > best[0]:
            best = (literal, source)
    return None if best is None else best[1]


def _literal(source: str) -> str:
    return "".join(lit for lit, *_ in string.Formatter().parse(source))


_W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
_CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/word/document.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'
)
_ROOT_RELS = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
    'relationships/officeDocument" Target="word/document.xml"/></Relationships>'
)


def _docx(path: Path, document: str) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", _CONTENT_TYPES)
        zf.writestr("_rels/.rels", _ROOT_RELS)
        zf.writestr("word/document.xml", document)
    return path


def test_a_docx_without_text_says_so(tmp_path: Path) -> None:
    path = _docx(tmp_path / "report.docx", f'<w:document xmlns:w="{_W}"><w:body/></w:document>')
    message = _failure(path)
    assert message == T.NO_TEXT.format(name="report.docx")
    assert _best_template(message) == T.NO_TEXT


def test_a_docx_with_a_broken_part_names_it(tmp_path: Path) -> None:
    path = _docx(tmp_path / "report.docx", f'<w:document xmlns:w="{_W}"><w:body>')
    message = _failure(path)
    assert message.startswith("report.docx: the part word/document.xml is not well-formed XML")
    assert _best_template(message) == T.NOT_WELL_FORMED


def test_an_empty_text_file_says_it_is_empty(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"")
    message = _failure(path)
    assert message == T.EMPTY.format(name="notes.txt")
    assert _best_template(message) == T.EMPTY


def test_a_garbage_pdf_says_it_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "paper.pdf"
    path.write_bytes(b"%PDF-1.7\n" + b"\x00garbage\xff" * 50)
    message = _failure(path)
    assert message.startswith("paper.pdf is damaged or truncated and cannot be opened (")
    assert _best_template(message) == T.PDF_TRUNCATED


def test_a_garbage_image_says_it_is_damaged(tmp_path: Path) -> None:
    path = tmp_path / "photo.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 40)
    message = _failure(path)
    assert message.startswith("photo.png is a damaged image (")
    assert _best_template(message) == T.DAMAGED_IMAGE


def test_an_html_page_of_hidden_elements_counts_them(tmp_path: Path) -> None:
    path = tmp_path / "page.html"
    path.write_text(
        "<html><body><div hidden>one</div><div style='display:none'>two</div></body></html>",
        encoding="utf-8",
    )
    message = _failure(path)
    assert (
        message
        == "page.html has no visible text (only 2 hidden elements, which a browser would not show)"
    )
    assert _best_template(message) == T.HTML_ONLY_HIDDEN[1]


def test_an_empty_html_page_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "blank.html"
    path.write_text("<html><body>   </body></html>", encoding="utf-8")
    message = _failure(path)
    assert message == T.NO_VISIBLE_TEXT.format(name="blank.html")
    assert _best_template(message) == T.NO_VISIBLE_TEXT


@pytest.mark.parametrize(
    ("forms", "count", "expected"),
    [
        (T.PPTX_NO_TEXT, 1, "deck.pptx has no text (1 slide)"),
        (T.PPTX_NO_TEXT, 1200, "deck.pptx has no text (1,200 slides)"),
        (
            T.SCANNED_PDF,
            3,
            "deck.pptx: scanned PDF (3 pages) with no text layer; OCR is not supported",
        ),
    ],
)
def test_counted_texts_keep_the_english_of_before(
    forms: tuple[str, str], count: int, expected: str
) -> None:
    message = T.counted(forms, count, name="deck.pptx")
    assert message == expected
    assert _best_template(message) == forms[0 if count == 1 else 1]

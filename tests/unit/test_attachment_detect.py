"""Type detection by content, strict text decoding, the ZIP checks and the text caps, in process.

``sniff`` gets only a file's first bytes and its name; the name is a hint (text flavour, a ZIP's
likely kind) and a contradicting extension is reported in ``Detected.note``. ``classify_zip``
settles what a checked ZIP holds. ``decode_text`` decodes strictly or says which byte failed.
The subprocess reader is covered in ``tests/integration``; these run without a child process.
"""

from __future__ import annotations

import codecs
import io
import random
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.detect import (
    ReadFailure,
    classify_ole2,
    classify_zip,
    decode_text,
    refusal,
    sniff,
    utf16_without_bom,
)
from parley.infrastructure.attachments.extractors.common import cap_text, md_escape, md_table
from parley.infrastructure.attachments.zipcheck import check_zip, scan_xml_parts

DOCS = Path(__file__).resolve().parents[1] / "fixtures" / "documents"
PNG = b"\x89PNG\r\n\x1a\n" + bytes(24)
JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00"
OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)


def head(name: str) -> bytes:
    return (DOCS / name).read_bytes()[:65536]


# ------------------------------------------------------------------ sniff


@pytest.mark.parametrize(
    ("data", "name", "kind", "media"),
    [
        (b"%PDF-1.7\n%\xe2\xe3", "a.pdf", "pdf", "application/pdf"),
        (b"junk before the header %PDF-1.4\n", "a.pdf", "pdf", "application/pdf"),
        (b"# checks b'%PDF-' headers\n", "pdfcheck.py", "text", "text/x-python"),
        (PNG, "a.png", "png", "image/png"),
        (JPEG, "a.jpeg", "jpeg", "image/jpeg"),
        (b"GIF89a\x01\x00", "a.gif", "gif", "image/gif"),
        (b"RIFF\x10\x00\x00\x00WEBPVP8 ", "a.webp", "webp", "image/webp"),
        (b"PK\x03\x04" + bytes(26), "a.docx", "docx", ""),
        (b"PK\x03\x04" + bytes(26), "a.xlsm", "xlsx", ""),
        (b"PK\x03\x04" + bytes(26), "a.epub", "epub", "application/epub+zip"),
        (b"PK\x03\x04" + bytes(26), "archive", "zip", "application/zip"),
        (OLE2, "a.doc", "ole2", ""),
        (b"II*\x00\x08\x00", "scan.tif", "tiff", "image/tiff"),
        (b"\x1f\x8b\x08\x00", "a.gz", "archive", ""),
        (b"{\\rtf1\\ansi", "a.rtf", "rtf", "application/rtf"),
        (b"\x7fELF\x02\x01\x01", "tool", "executable", ""),
        (b"hello\x00\x01\x02\x00\xff binary", "blob.bin", "binary", ""),
        (b"print('hi')\n", "x.py", "text", "text/x-python"),
        (b"# Title\n", "README.md", "markdown", "text/markdown"),
        (b"a,b\n1,2\n", "x.csv", "csv", "text/csv"),
        (b"a\tb\n", "x.tsv", "tsv", "text/tab-separated-values"),
        (b'{"a": 1}', "x.json", "json", "application/json"),
        (b"\n  <!DOCTYPE html><html><body>x", "page", "html", "text/html"),
        (b"<html><body>hi</body></html>", "page.htm", "html", "text/html"),
        (b"just words", "notes", "text", "text/plain"),
    ],
)
def test_sniff_by_content(data: bytes, name: str, kind: str, media: str) -> None:
    found = sniff(data, name)
    assert found.kind == kind
    if media:
        assert found.media_type == media
    assert found.label


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (codecs.BOM_UTF8 + b"abc", "utf-8-sig"),
        (codecs.BOM_UTF16_LE + "abc".encode("utf-16-le"), "utf-16"),
        (codecs.BOM_UTF16_BE + "abc".encode("utf-16-be"), "utf-16"),
        (codecs.BOM_UTF32_LE + "abc".encode("utf-32-le"), "utf-32"),
        ("plain old text, long enough".encode("utf-16-le"), "utf-16-le"),
        ("plain old text, long enough".encode("utf-16-be"), "utf-16-be"),
        ("plain old text, long enough".encode("utf-32-le"), "utf-32-le"),
    ],
)
def test_text_encodings_found_by_bom_or_nul_pattern(data: bytes, encoding: str) -> None:
    found = sniff(data, "x.txt")
    assert (found.kind, found.encoding) == ("text", encoding)


def test_utf16_be_fixture_without_bom_is_recognised() -> None:
    data = head("txt-utf16be-no-bom.txt")
    assert not data.startswith((codecs.BOM_UTF16_BE, codecs.BOM_UTF16_LE))
    assert utf16_without_bom(data) == "utf-16-be"
    assert sniff(data, "fake.txt").encoding == "utf-16-be"


@pytest.mark.parametrize(
    ("fixture", "kind"),
    [
        ("pdf-broken-xref.pdf", "pdf"),
        ("png-hopper-128.png", "png"),
        ("jpeg-hopper-128.jpg", "jpeg"),
        ("gif-hopper-128.gif", "gif"),
        ("webp-hopper-128.webp", "webp"),
        ("docx-encrypted-password.docx", "ole2"),
        ("csv-utf16be-bom.csv", "csv"),
        ("html-utf16le-bom.html", "html"),
    ],
)
def test_real_fixtures_sniff_as_their_format(fixture: str, kind: str) -> None:
    assert sniff(head(fixture), fixture).kind == kind


def test_the_extension_is_only_a_hint() -> None:
    assert sniff(PNG, "noextension").kind == "png"
    assert sniff(head("pdf-broken-xref.pdf"), "photo.jpg").kind == "pdf"


@pytest.mark.parametrize(
    ("data", "name", "note"),
    [
        (PNG, "report.pdf", "report.pdf is actually a PNG image"),
        (b"%PDF-1.4\n", "minutes.docx", "minutes.docx is actually a PDF document"),
        (JPEG, "photo.png", "photo.png is actually a JPEG image"),
        (b"plain words", "scan.pdf", "scan.pdf is actually a text file"),
        (b"\x7fELF\x02", "notes.txt", "notes.txt is actually an executable program"),
        (PNG, "notes.csv", "notes.csv is actually a PNG image"),
    ],
)
def test_a_lying_extension_is_reported(data: bytes, name: str, note: str) -> None:
    assert sniff(data, name).note == note


@pytest.mark.parametrize(
    ("data", "name"),
    [
        (PNG, "image.png"),
        (JPEG, "photo.jpg"),
        (JPEG, "photo.JPEG"),
        (b"%PDF-1.4", "a.pdf"),
        (PNG, "unknown.bin"),
        (PNG, "no_extension"),
        (b"<html><body>x</body></html>", "page.txt"),
        (b"a,b\n", "data.txt"),
    ],
)
def test_an_honest_or_unknown_extension_gets_no_note(data: bytes, name: str) -> None:
    assert sniff(data, name).note == ""


# ------------------------------------------------------------------ refusals


def test_refusals_name_the_file_and_the_way_out() -> None:
    old_word = refusal(classify_ole2(OLE2, "minutes.doc"), "minutes.doc")
    assert old_word.kind == "unsupported"
    assert "minutes.doc is a legacy Office 97-2003 file" in old_word.message
    assert ".docx" in old_word.message
    locked = classify_ole2(OLE2 + "EncryptedPackage".encode("utf-16-le"), "budget.xlsx")
    assert locked.kind == "ooxml-encrypted"
    failure = refusal(locked, "budget.xlsx")
    assert failure.kind == "encrypted"
    assert failure.message.startswith("budget.xlsx is protected by a password")
    tiff = refusal(sniff(b"II*\x00", "scan.tif"), "scan.tif")
    assert "PNG, JPEG, GIF or WEBP" in tiff.message


# ------------------------------------------------------------------ classify_zip


def make_zip(members: dict[str, bytes | str]) -> zipfile.ZipFile:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return zipfile.ZipFile(io.BytesIO(buffer.getvalue()))


def ooxml(main: str, content_type: str, rel_ns: str = "") -> dict[str, bytes | str]:
    rel_ns = rel_ns or "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    return {
        "[Content_Types].xml": (
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            f'<Override PartName="/{main}" ContentType="{content_type}"/></Types>'
        ),
        "_rels/.rels": (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{rel_ns}/officeDocument" Target="{main}"/>'
            "</Relationships>"
        ),
        main: "<x/>",
    }


OOXML_CT = "application/vnd.openxmlformats-officedocument."


@pytest.mark.parametrize(
    ("members", "kind"),
    [
        (ooxml("word/document.xml", OOXML_CT + "wordprocessingml.document.main+xml"), "docx"),
        (ooxml("xl/workbook.xml", OOXML_CT + "spreadsheetml.sheet.main+xml"), "xlsx"),
        (ooxml("ppt/presentation.xml", OOXML_CT + "presentationml.presentation.main+xml"), "pptx"),
        (
            ooxml(
                "word/document.xml",
                OOXML_CT + "wordprocessingml.document.main+xml",
                "http://purl.oclc.org/ooxml/officeDocument/relationships",
            ),
            "docx",
        ),
        (ooxml("Documents/1/FixedDoc.xml", "application/vnd.ms-package.xps"), "ooxml-other"),
        ({"mimetype": "application/epub+zip", "META-INF/container.xml": "<c/>"}, "epub"),
        ({"mimetype": "application/vnd.oasis.opendocument.text"}, "odf"),
        ({"readme.txt": "hi"}, "zip"),
    ],
)
def test_classify_zip_by_its_parts(members: dict, kind: str) -> None:
    assert classify_zip(make_zip(members), "file.docx").kind == kind


def test_classify_zip_reports_a_docx_named_xlsx() -> None:
    members = ooxml("word/document.xml", OOXML_CT + "wordprocessingml.document.main+xml")
    found = classify_zip(make_zip(members), "numbers.xlsx")
    assert found.kind == "docx"
    assert found.note == "numbers.xlsx is actually a Word document (DOCX)"


def test_classify_zip_refuses_a_missing_main_part_and_a_dtd() -> None:
    members = ooxml("word/document.xml", OOXML_CT + "wordprocessingml.document.main+xml")
    del members["word/document.xml"]
    with pytest.raises(ReadFailure) as missing:
        classify_zip(make_zip(members), "a.docx")
    assert missing.value.kind == "damaged"
    members = ooxml("word/document.xml", OOXML_CT + "wordprocessingml.document.main+xml")
    members["_rels/.rels"] = '<!DOCTYPE r [<!ENTITY e "x">]>' + str(members["_rels/.rels"])
    with pytest.raises(ReadFailure) as dtd:
        classify_zip(make_zip(members), "a.docx")
    assert dtd.value.kind == "unsafe"


# ------------------------------------------------------------------ decode_text


def test_decode_text_strict_paths() -> None:
    assert decode_text("héllo".encode(), "a.txt") == ("héllo", "utf-8")
    assert decode_text(codecs.BOM_UTF8 + b"x", "a.txt") == ("x", "utf-8-sig")
    assert decode_text(codecs.BOM_UTF16_LE + "hé".encode("utf-16-le"), "a.txt")[0] == "hé"
    text, codec = decode_text((DOCS / "txt-utf16be-no-bom.txt").read_bytes(), "a.txt")
    assert codec == "utf-16-be" and text.startswith("This is a test document")
    assert decode_text(b"caf\xe9", "a.html", declared="iso-8859-1") == ("café", "iso8859-1")


def test_decode_text_detects_a_legacy_encoding() -> None:
    text, codec = decode_text((DOCS / "csv-cp932-shift-jis.csv").read_bytes(), "a.csv")
    assert codec == "cp932"
    assert "髙橋淳" in text


def test_decode_text_reports_what_it_cannot_decode() -> None:
    noise = b"hello " + random.Random(1).randbytes(4000).replace(b"\0", b"\x01")
    with pytest.raises(ReadFailure) as failure:
        decode_text(noise, "notes.txt")
    assert failure.value.kind == "undecodable"
    assert "notes.txt is not valid UTF-8 (first invalid byte at offset" in failure.value.message


def test_decode_text_refuses_a_broken_bom_file() -> None:
    with pytest.raises(ReadFailure) as failure:
        decode_text(codecs.BOM_UTF16_LE + b"a\x00\x00\xd8", "a.txt")  # a lone high surrogate
    assert failure.value.kind == "undecodable"


# ------------------------------------------------------------------ zipcheck (in process)


def write_zip(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


def test_check_zip_passes_a_real_office_file() -> None:
    summary = check_zip(
        DOCS / "pptx-6slides-table-chart-uuid.pptx", "deck.pptx", AttachmentLimits()
    )
    assert summary.entries > 10 and summary.uncompressed > summary.compressed


def test_check_zip_ratio_entries_and_total(tmp_path: Path) -> None:
    limits = AttachmentLimits()
    bomb = write_zip(tmp_path / "a.zip", {"zeros.xml": b"\0" * (4 * 1024 * 1024)})
    with pytest.raises(ReadFailure, match="zip bomb") as ratio:
        check_zip(bomb, "a.zip", limits)
    assert ratio.value.kind == "unsafe"
    many = write_zip(tmp_path / "b.zip", {f"f{i}": b"" for i in range(12)})
    with pytest.raises(ReadFailure, match="12 archive entries"):
        check_zip(many, "b.zip", replace(limits, max_zip_entries=10))
    small_total = replace(limits, max_zip_uncompressed_bytes=1000)
    with pytest.raises(ReadFailure, match="inflate to more than 1,000 bytes"):
        check_zip(write_zip(tmp_path / "c.zip", {"x": bytes(range(256)) * 8}), "c", small_total)


def test_check_zip_refuses_duplicate_names_and_a_missing_directory(tmp_path: Path) -> None:
    path = tmp_path / "dup.zip"
    with pytest.warns(UserWarning), zipfile.ZipFile(path, "w") as zf:
        zf.writestr("a.xml", "<a/>")
        zf.writestr("a.xml", "<b/>")
    with pytest.raises(ReadFailure, match="twice"):
        check_zip(path, "dup.zip", AttachmentLimits())
    cut = tmp_path / "cut.zip"
    cut.write_bytes(path.read_bytes()[:40])
    with pytest.raises(ReadFailure, match="central directory") as missing:
        check_zip(cut, "cut.zip", AttachmentLimits())
    assert missing.value.kind == "damaged"


def test_scan_xml_parts(tmp_path: Path) -> None:
    good = write_zip(tmp_path / "g.zip", {"a.xml": b"<a><b/></a>", "img.png": b"\0<!DOCTYPE"})
    with zipfile.ZipFile(good) as zf:
        assert scan_xml_parts(zf, "g") == 1  # the PNG is not XML and is not scanned
    cases = {
        "<!DOCTYPE a><a/>": ("unsafe", "DTD"),
        "<a>" * 300 + "</a>" * 300: ("unsafe", "levels deep"),
        "<a><b></a>": ("damaged", "not well-formed"),
    }
    for xml, (kind, words) in cases.items():
        path = write_zip(tmp_path / "x.zip", {"word/document.xml": xml.encode()})
        with zipfile.ZipFile(path) as zf, pytest.raises(ReadFailure) as failure:
            scan_xml_parts(zf, "x.docx")
        assert failure.value.kind == kind and words in failure.value.message
    utf16 = write_zip(
        tmp_path / "u.zip",
        {"a.xml": '<?xml version="1.0" encoding="UTF-16"?><!DOCTYPE a><a/>'.encode("utf-16")},
    )
    with zipfile.ZipFile(utf16) as zf, pytest.raises(ReadFailure, match="DTD"):
        scan_xml_parts(zf, "u")


# ------------------------------------------------------------------ caps and tables


def test_cap_text_notes_the_cut() -> None:
    assert cap_text("short", 10) == ("short", False)
    text, cut = cap_text("x" * 512_331, 200_000)
    assert cut and text.endswith("\n\n[… truncated: the first 200,000 of 512,331 characters]")
    assert text.startswith("x" * 200_000 + "\n")
    text, cut = cap_text("abc", 10, "pages 3-9 were not read")
    assert (text, cut) == ("abc\n\n[… truncated: pages 3-9 were not read]", True)


def test_markdown_table_escaping() -> None:
    assert md_escape("a|b\r\nc") == "a\\|b<br>c"
    assert md_table([["h1", "h2"], ["only one"]]) == ("| h1 | h2 |\n| --- | --- |\n| only one |  |")
    assert md_table([]) == ""

"""Every real document in ``tests/fixtures/documents`` read through ``SubprocessAttachmentReader``.

What each must yield comes from ``PROVENANCE.md`` beside the files ("Asserted" by the source
repository's own tests, "Observed" with the same library versions). Each file goes the whole way:
stored content-addressed, detected by content (the stored copy has no extension), parsed in the
worker child process, capped. ``test_every_fixture_has_an_expectation`` keeps the table complete.

Comparisons: ``snippets`` are checked after :func:`squash` (runs of whitespace become one space),
because PDF text layout (line breaks inside a sentence) is not what the sources assert;
``lines`` are checked as exact whole lines. The two exact-output fixtures are compared strictly:
``pdf-exact-text-crazyones.pdf`` equals its ``.expected.txt`` once the ``--- page 1 ---`` marker
line is removed and trailing whitespace is stripped from each line and from the end;
``csv-quoted-newlines.csv`` parses back (Markdown table, ``<br>`` for a newline inside a cell) to
exactly the records of its ``.expected.json``.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from parley.application.ports.attachments import AttachmentLimits, ExtractedAttachment
from parley.infrastructure.attachments import ContentStore, SubprocessAttachmentReader

DOCS = Path(__file__).resolve().parents[1] / "fixtures" / "documents"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"


@dataclass(frozen=True)
class Expect:
    media_type: str
    error_kind: str = ""
    error_has: tuple[str, ...] = ()
    units: int = 0
    unit: str = ""
    snippets: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()
    image: str = ""  # image media type
    size_px: str = ""  # "WxH" as displayed
    min_chars: int = 0
    extractor_has: str = ""
    extra: dict = field(default_factory=dict)


def squash(text: str) -> str:
    return " ".join(text.split())


TEXT_ELEMENTS = (
    "This is a test document to use for unit tests.",
    "Doylestown, PA 18901",
    "Important points:",
    "Hamburgers are delicious",
    "Dogs are the best",
    "I love fuzzy blankets",
)
PDF = "application/pdf"

EXPECTED: dict[str, Expect] = {
    # ---- PDF
    "pdf-multipage-4pages.pdf": Expect(
        PDF,
        units=4,
        unit="pages",
        min_chars=14_000,
        snippets=(
            "Hello, here is some text without a meaning. This text should show what a printed "
            "text will look like at this place.",
        ),
        lines=("--- page 1 ---", "--- page 4 ---"),
    ),
    "pdf-multipage-invoice-3pages.pdf": Expect(
        PDF,
        units=3,
        unit="pages",
        snippets=("ZAVA AUTO REPAIR", "Collision Repair", "Insured name Gabriel Diaz Year 2022"),
        extra={"page 2": ("Bruce Wayne", "Batmobile", "211,522")},
    ),
    "pdf-formatting-various-2pages.pdf": Expect(
        PDF,
        units=2,
        unit="pages",
        snippets=("This is the header text.", "This is the footer text.", "Footnote appears here"),
    ),
    # pypdf's own expected text keeps the ligatures (ﬁ, ﬀ); Parley gives their letters (issue 15).
    "pdf-exact-text-crazyones.pdf": Expect(
        PDF, units=1, unit="pages", snippets=("misfits", "differently"), absent=("ﬁ", "ﬀ")
    ),
    "pdf-exact-text-crazyones.expected.txt": Expect(
        "text/plain", lines=("The Crazy Ones",), extractor_has="utf-8"
    ),
    "pdf-cjk-rtl-multilang.pdf": Expect(
        PDF,
        units=1,
        unit="pages",
        lines=(
            "English:",
            "Hello World",
            "مرحبا بالعالم",
            "Привет, мир",
            "你好世界",
            "สวัสดีชาวโลก",
            "こんにちは世界",
        ),
    ),
    "pdf-arabic-rtl.pdf": Expect(PDF, units=1, unit="pages", snippets=("habibi", "حَبيبي")),
    "pdf-encrypted-empty-user-password-aes256.pdf": Expect(
        PDF, units=1, unit="pages", lines=("pdf encryption test", "password: asdfzxcv")
    ),
    "pdf-encrypted-empty-user-password-rc4.pdf": Expect(
        PDF, units=1, unit="pages", lines=("pdf encryption test", "password: asdfzxcv")
    ),
    "pdf-password-required.pdf": Expect(
        PDF, error_kind="encrypted", error_has=("protected by a password",)
    ),
    "pdf-password-four-spaces.pdf": Expect(
        PDF, error_kind="encrypted", error_has=("protected by a password",)
    ),
    "pdf-scanned-no-text-3pages.pdf": Expect(
        PDF,
        error_kind="no_text",
        error_has=("scanned PDF (3 pages) with no text layer; OCR is not supported",),
    ),
    "pdf-scanned-no-text-ocr-sample.pdf": Expect(
        PDF,
        error_kind="no_text",
        error_has=("scanned PDF (1 page) with no text layer; OCR is not supported",),
    ),
    "pdf-scanned-with-ocr-layer.pdf": Expect(
        PDF, units=6, unit="pages", min_chars=12_000, snippets=("SIEGE OF VICKSBURG",)
    ),
    "pdf-broken-xref.pdf": Expect(PDF, units=1, unit="pages", lines=("test example",)),
    "pdf-damaged-bad-page-19pages.pdf": Expect(
        PDF,
        units=19,
        unit="pages",
        # Pages 2, 12 and 13 defeat pypdf; pdfminer.six reads their body text, and the page
        # whose unmapped running head dominates is flagged (issue 15).
        snippets=(
            "1309.61",
            "AUTHORITY: 21 U.S.C. 811, 812, 871(b)",
            "(1) Chloral. When packaged in a sealed",
            "[page 2: the characters extracted from this page look wrong",
        ),
        lines=("--- page 19 ---",),
        extractor_has="pdfminer.six",
    ),
    "pdf-large-117pages.pdf": Expect(
        PDF,
        units=117,
        unit="pages",
        min_chars=130_000,
        snippets=("Einführung in die Geometrie und Topologie",),
        lines=("--- page 117 ---",),
    ),
    # ---- DOCX
    "docx-headings-table-image.docx": Expect(
        DOCX,
        snippets=("314b0a30-5b04-470b-b9f7-eed2c2bec74a",),
        lines=(
            "# AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation",
            "# Abstract",
            "# Introduction",
            "## d666f1f7-46cb-42bd-9a39-9a39cf2a509f",
        ),
        extra={"table row": "49e168b7-d2ae-407f-a055-2167576f39a1"},
    ),
    "docx-lists-table-header-footer-footnote.docx": Expect(
        DOCX,
        snippets=(
            "Footnote appears here",
            "This is a footnote.",
            "This is the header text.",
            "This is the footer text.",
            "Here is a text box",
            "Here is a citation:",
            "Figure 1 This is a caption for Figure 1",
            "(Kramer)",
            "This is a hyperlink",
        ),
        lines=(
            "Here is a list:",
            "- Bullet 1",
            "- Bullet 2",
            "- Bullet 3",
            "Here is a numbered list:",
            "1) Number bullet 1",
            "3) Number bullet 3",
            "| Row 1 Col 1 | Row 1 Col 2 | Row 1 Col 3 |",
            "| Row 2 Col 1 | Row 2 Col 2 | Row 2 Col 3 |",
            "[Header] This is the header text.",
            "[Footer] This is the footer text.",
            "[^2]: This is a footnote.",
        ),
    ),
    "docx-comments.docx": Expect(
        DOCX,
        snippets=(
            "This is a test comment. 12df-321a",
            "Yet another comment in the doc. 55yiyi-asd09",
            "314b0a30-5b04-470b-b9f7-eed2c2bec74a",
        ),
        lines=("## Comments",),
    ),
    "docx-footnote-endnote.docx": Expect(
        DOCX,
        lines=(
            "Endnotes and footnotes test",
            "Paragraph 1[^1]",
            "[^1]: This is a footnote",
            "[^e1]: This is an endnote",
        ),
        snippets=("Paragraph 2",),
    ),
    "docx-headers-footers-unicode.docx": Expect(
        DOCX,
        lines=(
            "This is a fairly simple word document, over two pages, with headers and footers.",
            "GBP - £",
            "EUR - €",
            "L'Avare ou l'École du mensonge",
            "This is page two. Les Précieuses ridicules. The end.",
            "[Header] This is a simple header, with a € euro symbol in it.",
            "[Footer] The footer, with Molière, has Unicode in it.",
        ),
    ),
    "docx-tracked-changes.docx": Expect(
        DOCX,
        lines=(
            "This is a test of reviewing",
            "This text has been inserted, and should be included",
        ),
        absent=("deleted",),
    ),
    "docx-tracked-changes-word365.docx": Expect(
        DOCX,
        snippets=("Lorem dolor sit amet ipsum, consectetuer adipiscing elit.",),
        absent=("ipsum dolor sit amet",),
    ),
    "docx-chinese.docx": Expect(
        DOCX,
        lines=(
            "这是一个用来测试nodejs解析Word文档.doccccc",
            "This is a test for parsing the Word file in node.",
        ),
    ),
    "docx-truncated.docx": Expect(
        DOCX, error_kind="damaged", error_has=("truncated or not a valid ZIP",)
    ),
    "docx-strict-ooxml.docx": Expect(DOCX, lines=("Test",)),
    "docx-encrypted-password.docx": Expect(
        "application/x-ooxml-encrypted",
        error_kind="encrypted",
        error_has=("protected by a password",),
    ),
    # ---- XLSX
    "xlsx-formulas-3sheets.xlsx": Expect(
        XLSX,
        units=3,
        unit="sheets",
        snippets=("Sample Excel Worksheet", "Numbers and their Squares"),
        lines=(
            "## Sheet: Feuil1",
            "## Sheet: Feuil2",
            "## Sheet: Feuil3",
            "|  | 3 | 9 |",
            "|  | 14 | 196 |",
            "| Written and saved in Microsoft Excel X for Mac Service Release 1. |  |  |",
        ),
        absent=("9.0", "196.0", "=+B", "no cached value"),
    ),
    "xlsx-two-sheets-uuid.xlsx": Expect(
        XLSX,
        units=2,
        unit="sheets",
        snippets=("6ff4173b-42a5-4784-9b19-f49caff4d93d", "affc7dad-52dc-4b98-9b5d-51e65d8a8ad0"),
        lines=(
            "## Sheet: Sheet1",
            "## Sheet: 09060124-b5e7-4717-9d07-3c046eb",
            "| Alpha | Beta | Gamma | Delta |",
            "| ColA | ColB | ColC | ColD |",
        ),
    ),
    "xlsx-encrypted-password.xlsx": Expect(
        "application/x-ooxml-encrypted",
        error_kind="encrypted",
        error_has=("protected by a password",),
    ),
    # ---- PPTX
    "pptx-10slides-notes-chart-table.pptx": Expect(
        PPTX,
        units=10,
        unit="slides",
        snippets=(
            "This slide is hidden",
            "FirstBullet",
            "Slide2TextBox",
            "R1c1",
            "This is some WordART",
            "NotesTableSlide2",
            "SLIDE3ChartTitle",
        ),
        lines=(
            "## Slide 2: Slide2Header",
            "## Slide 3: Slide3Header",
            "Notes: NotesForSlide2",
            "Notes: Notes for slide3",
        ),
        absent=("Click to edit Master", "Second level"),
    ),
    "pptx-6slides-table-chart-uuid.pptx": Expect(
        PPTX,
        units=6,
        unit="slides",
        snippets=(
            "2cdda5c8-e50e-4db4-b5f0-9722a649f455",
            "04191ea8-5c73-4215-a1d3-1cfb43aaaf12",
            "44bf7d06-5e7a-4a40-a2e1-a2e42ef28c8a",
            "1b92870d-e3b5-4e65-8153-919f4ff45592",
            "AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation",
            "Chart: a3f6004b-6f4f-4ea8-bee3-3741f4dc385f",
            "2003",
            "[image: This phrase of the caption is Human-written.]",
        ),
    ),
    "pptx-malformed.pptx": Expect(
        PPTX,
        units=1,
        unit="slides",
        lines=("## Slide 1: Test Slide", "[Date] Problem Date Placeholder"),
    ),
    # ---- CSV / text / HTML / EPUB
    "csv-utf8-bom.csv": Expect(
        "text/csv",
        lines=("| foo | bar | baz |", "| 1 | 2 | 3 |", "| 4 | 5 | ʤ |"),
        absent=("\ufeff",),
        extractor_has="utf-8-sig",
    ),
    "csv-quoted-newlines.csv": Expect("text/csv", lines=("| a | b |",)),
    "csv-quoted-newlines.expected.json": Expect("application/json", extractor_has="json"),
    "csv-utf16be-bom.csv": Expect(
        "text/csv",
        lines=(
            "| Stanley Cups |  |  |",
            "| Team | Location | Stanley Cups |",
            "| Blues | STL | 1 |",
            "| Flyers | PHI | 2 |",
            "| Maple Leafs | TOR | 13 |",
        ),
    ),
    "csv-cp932-shift-jis.csv": Expect(
        "text/csv",
        lines=(
            "| 名前 | 年齢 | 住所 |",
            "| 佐藤太郎 | 30 | 東京 |",
            "| 三木英子 | 25 | 大阪 |",
            "| 髙橋淳 | 35 | 名古屋 |",
        ),
        extractor_has="cp932",
    ),
    "txt-utf16le-bom.txt": Expect("text/plain", snippets=TEXT_ELEMENTS, extractor_has="utf-16"),
    "txt-utf16be-no-bom.txt": Expect(
        "text/plain", snippets=TEXT_ELEMENTS, absent=("吀",), extractor_has="utf-16-be"
    ),
    "html-blog-utf8.html": Expect(
        "text/html",
        snippets=(
            "Large language models (LLMs) are powerful tools that can generate natural language "
            "texts for various applications, such as chatbots, summarization, translation, and "
            "more. GPT-4 is currently the state of the art LLM in the world. Is model selection "
            "irrelevant? What about inference parameters?",
            "an example where high cost can easily prevent a generic complex",
        ),
        absent=("<div", "<script", "</p>", 'setAttribute("data-theme"', "main.5d28c826.js"),
    ),
    "html-utf16le-bom.html": Expect(
        "text/html", lines=("This is a sample text",), extractor_has="utf-16"
    ),
    "epub-two-chapters.epub": Expect(
        "application/epub+zip",
        lines=(
            "**Authors:** Test Author",
            "# Chapter 1: Test Content",
            "- A bullet point",
            "- Another point",
            "# Chapter 2: More Content",
        ),
        snippets=(
            "A test EPUB document for MarkItDown testing",
            "This is a test paragraph with some formatting",
            "different style",
            "This is a blockquote for testing",
        ),
    ),
    "PROVENANCE.md": Expect("text/markdown", snippets=("Document fixtures: provenance",)),
    # ---- images
    "png-hopper-128.png": Expect("image/png", image="image/png", size_px="128x128"),
    "jpeg-hopper-128.jpg": Expect("image/jpeg", image="image/jpeg", size_px="128x128"),
    "jpeg-exif-orientation-6.jpg": Expect("image/jpeg", image="image/jpeg", size_px="128x128"),
    "jpeg-exif-orientation-8-2x1.jpg": Expect("image/jpeg", image="image/jpeg", size_px="1x2"),
    "jpeg-exif-metadata-document-photo.jpg": Expect(
        "image/jpeg", image="image/jpeg", size_px="1615x1967"
    ),
    "jpeg-vision-text-and-shapes.jpg": Expect("image/jpeg", image="image/jpeg", size_px="1692x948"),
    "gif-hopper-128.gif": Expect("image/gif", image="image/gif", size_px="128x128"),
    "webp-hopper-128.webp": Expect("image/webp", image="image/webp", size_px="128x128"),
}

TIMINGS: dict[str, float] = {}


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> ContentStore:
    return ContentStore(tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module")
def reader(store: ContentStore) -> SubprocessAttachmentReader:
    return SubprocessAttachmentReader(store)


def read(reader: SubprocessAttachmentReader, name: str) -> ExtractedAttachment:
    started = time.monotonic()
    result = reader.read(DOCS / name, AttachmentLimits(), threading.Event())
    TIMINGS[name] = time.monotonic() - started
    return result


def test_every_fixture_has_an_expectation() -> None:
    on_disk = {p.name for p in DOCS.iterdir() if p.is_file()}
    assert on_disk == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_reads_as_documented(
    reader: SubprocessAttachmentReader, store: ContentStore, name: str
) -> None:
    want = EXPECTED[name]
    got = read(reader, name)
    data = (DOCS / name).read_bytes()

    # stored content-addressed, whatever the outcome of parsing
    assert got.name == name
    assert got.size == len(data)
    assert store.get(got.sha256) == data
    assert got.media_type == want.media_type

    if want.error_kind:
        assert (got.error_kind, got.ok) == (want.error_kind, False), got.error
        for part in want.error_has:
            assert part in got.error
        assert name in got.error
        assert got.text == "" and got.chars == 0
        return

    assert got.ok, f"{got.error_kind}: {got.error}"
    assert got.error == ""
    assert (got.units, got.unit) == (want.units, want.unit)
    assert got.chars == len(got.text)
    assert not got.truncated
    assert got.extractor
    if want.extractor_has:
        assert want.extractor_has in got.extractor
    if want.image:
        assert got.image_media_type == want.image
        assert got.text == "" and got.chars == 0
        assert want.size_px in got.extractor
        return
    assert got.image_media_type == ""
    assert got.text.strip()
    assert len(got.text) >= want.min_chars
    flat = squash(got.text)
    for snippet in want.snippets:
        assert squash(snippet) in flat, snippet
    lines = {line.rstrip() for line in got.text.split("\n")}
    for line in want.lines:
        assert line in lines, line
    for text in want.absent:
        assert text not in got.text, text
    if "page 2" in want.extra:
        page2 = got.text.split("--- page 2 ---", 1)[1].split("--- page 3 ---", 1)[0]
        for snippet in want.extra["page 2"]:
            assert snippet in page2
    if "table row" in want.extra:
        rows = [ln for ln in got.text.split("\n") if ln.startswith("|")]
        assert any(want.extra["table row"] in row for row in rows)


def test_crazyones_text_is_exactly_the_expected_file(reader: SubprocessAttachmentReader) -> None:
    got = read(reader, "pdf-exact-text-crazyones.pdf")
    expected = (DOCS / "pdf-exact-text-crazyones.expected.txt").read_text(encoding="utf-8")
    lines = got.text.split("\n")
    assert lines[0] == "--- page 1 ---"

    def normal(text: str) -> str:
        return "\n".join(line.rstrip() for line in text.split("\n")).rstrip()

    # The expected file keeps pypdf's ligature characters; Parley gives their letters.
    expected = expected.replace("ﬁ", "fi").replace("ﬀ", "ff")
    assert normal("\n".join(lines[1:])) == normal(expected)
    assert len(expected.split("\n")) == 18


def _parse_markdown_table(text: str) -> list[dict[str, str]]:
    """Inverse of the CSV rendering: ``| a | b |`` rows, one space of padding, ``\\|`` for a
    pipe and ``<br>`` for a newline inside a cell."""

    def cells(line: str) -> list[str]:
        assert line.startswith("| ") and line.endswith(" |")
        body = line[2:-2]
        out, cur, i = [], "", 0
        while i < len(body):
            if body.startswith("\\|", i):
                cur += "|"
                i += 2
            elif body.startswith(" | ", i):
                out.append(cur)
                cur = ""
                i += 3
            else:
                cur += body[i]
                i += 1
        out.append(cur)
        return [c.replace("<br>", "\n") for c in out]

    rows = text.split("\n")
    header = cells(rows[0])
    assert rows[1] == "|" + " --- |" * len(header)
    return [dict(zip(header, cells(row), strict=True)) for row in rows[2:]]


def test_csv_quoted_newlines_match_the_expected_records(reader: SubprocessAttachmentReader) -> None:
    got = read(reader, "csv-quoted-newlines.csv")
    expected = json.loads((DOCS / "csv-quoted-newlines.expected.json").read_text("utf-8"))
    assert _parse_markdown_table(got.text) == expected


def test_same_file_twice_is_stored_once(
    reader: SubprocessAttachmentReader, store: ContentStore, tmp_path: Path
) -> None:
    copy = tmp_path / "renamed-copy.pdf"
    copy.write_bytes((DOCS / "pdf-broken-xref.pdf").read_bytes())
    first = read(reader, "pdf-broken-xref.pdf")
    second = reader.read(copy, AttachmentLimits(), threading.Event())
    assert first.sha256 == second.sha256
    assert second.name == "renamed-copy.pdf"
    stored = [p for p in store.directory.rglob("*") if p.is_file() and p.name == first.sha256[2:]]
    assert len(stored) == 1


def test_report_timings(capsys: pytest.CaptureFixture[str]) -> None:
    """Not an assertion about speed: with ``PARLEY_ATTACHMENT_TIMINGS=1`` prints what each
    fixture took."""
    if not TIMINGS or not os.environ.get("PARLEY_ATTACHMENT_TIMINGS"):
        pytest.skip("set PARLEY_ATTACHMENT_TIMINGS=1 to print the timings")
    with capsys.disabled():
        print("\nattachment fixture timings (store + child process + parse):")
        for name, seconds in sorted(TIMINGS.items(), key=lambda kv: -kv[1]):
            print(f"  {seconds:6.2f} s  {name}")

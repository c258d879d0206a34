"""PDF decompression bombs and page progress (issue 15).

Why it exists: pypdf stops a FlateDecode stream at 75 MB of output, but pdfminer.six (the second
extractor, and the only one for a file pypdf cannot open) had no limit: a 1 MB stream of 1 GB of
spaces filled the reader child's 1 GB address space and ended as a ``memory`` error after 8.5 s.
These tests build such a file with the standard library (a deflate block of 16 MB of spaces,
full-flushed so it can be repeated 64 times, and the Adler-32 of the whole) and check that both
paths end with a specific ``unsafe`` refusal, quickly, through the real reader child; that a bomb
on one page leaves the other pages read; and that the reader reports its progress once a page.

Invariants it keeps: the bomb files are built in a temporary folder (never committed); the
expected outcome is a refusal naming the decompression limit, never a crash of the parent.
"""

from __future__ import annotations

import threading
import time
import zlib
from pathlib import Path

import pytest

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments import ContentStore, SubprocessAttachmentReader
from parley.infrastructure.attachments.extractors import detect_file
from parley.infrastructure.attachments.extractors.common import set_progress_sink
from parley.infrastructure.attachments.extractors.pdf import extract_pdf
from parley.infrastructure.attachments.extractors.pdf_miner import (
    MAX_STREAM_BYTES,
    MinerBomb,
    MinerPages,
    _CappedZlib,
)

REGRESS = Path(__file__).resolve().parents[1] / "fixtures" / "regress" / "pdf"
DOCS = Path(__file__).resolve().parents[1] / "fixtures" / "documents"

GIB = 1 << 30
_CHUNK = b" " * (1 << 24)


def deflate_bomb(size: int, head: bytes) -> bytes:
    """A zlib stream of ``head`` and then ``size`` spaces (``size`` a multiple of 16 MB), made
    in well under a second: one full-flushed deflate block of 16 MB of spaces repeated."""
    assert size % len(_CHUNK) == 0
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    first = deflate.compress(head) + deflate.flush(zlib.Z_FULL_FLUSH)
    block = deflate.compress(_CHUNK) + deflate.flush(zlib.Z_FULL_FLUSH)
    end = deflate.flush()
    check = zlib.adler32(head)
    for _ in range(size // len(_CHUNK)):
        check = zlib.adler32(_CHUNK, check)
    return b"\x78\xda" + first + block * (size // len(_CHUNK)) + end + check.to_bytes(4, "big")


def pdf_with(contents: list[bytes], *, xref: bool) -> bytes:
    """A PDF with one page per (already deflated) content stream; without ``xref`` it has no
    cross-reference table or ``startxref`` (pypdf cannot open it; pdfminer.six rebuilds it)."""
    pages = len(contents)
    font = 3 + 2 * pages
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>"
        % (b" ".join(b"%d 0 R" % (3 + 2 * i) for i in range(pages)), pages),
    ]
    for i, stream in enumerate(contents):
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            b"/Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>" % (font, 4 + 2 * i)
        )
        objects.append(
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream)
            + stream
            + b"\nendstream"
        )
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    trailer = b"trailer\n<< /Size %d /Root 1 0 R >>\n" % (len(objects) + 1)
    if xref:
        start = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
        out += trailer + b"startxref\n%d\n%%%%EOF\n" % start
    else:
        out += trailer + b"%%EOF\n"
    return bytes(out)


def text_stream(text: str) -> bytes:
    return zlib.compress(f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET\n".encode())


@pytest.fixture(scope="module")
def bomb() -> bytes:
    return deflate_bomb(GIB, b"BT /F1 12 Tf 72 720 Td (Hello bomb) Tj ET\n")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory, bomb: bytes) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("bombs")
    made = {
        "bomb-xref.pdf": pdf_with([bomb], xref=True),
        "bomb-no-xref.pdf": pdf_with([bomb], xref=False),
        "page2-bomb-no-xref.pdf": pdf_with([text_stream("Safe first page"), bomb], xref=False),
        "page2-bomb-xref.pdf": pdf_with([text_stream("Safe first page"), bomb], xref=True),
    }
    for name, data in made.items():
        (folder / name).write_bytes(data)
    return {name: folder / name for name in made}


@pytest.fixture(scope="module")
def reader(tmp_path_factory: pytest.TempPathFactory) -> SubprocessAttachmentReader:
    reader = SubprocessAttachmentReader(ContentStore(tmp_path_factory.mktemp("store")))
    yield reader
    reader.close()


def test_the_bomb_is_small_and_real(bomb: bytes) -> None:
    assert len(bomb) < 1_100_000
    inflate = zlib.decompressobj()
    assert inflate.decompress(bomb, 64).startswith(b"BT /F1 12 Tf")


@pytest.mark.parametrize("name", ["bomb-xref.pdf", "bomb-no-xref.pdf"])
def test_a_deflate_bomb_is_refused_as_unsafe_by_either_extractor(
    reader: SubprocessAttachmentReader, files: dict[str, Path], name: str
) -> None:
    started = time.monotonic()
    got = reader.read(files[name], AttachmentLimits(), threading.Event())
    assert got.error_kind == "unsafe", (got.error_kind, got.error)
    assert "decompress" in got.error and "safety limit" in got.error
    assert time.monotonic() - started < 20  # stopped at the cap, not at the memory limit


@pytest.mark.parametrize("name", ["page2-bomb-xref.pdf", "page2-bomb-no-xref.pdf"])
def test_a_bomb_on_one_page_leaves_the_others_read(
    reader: SubprocessAttachmentReader, files: dict[str, Path], name: str
) -> None:
    got = reader.read(files[name], AttachmentLimits(), threading.Event())
    assert got.ok, got.error
    assert "Safe first page" in got.text
    assert "[page 2 was not read: its data decompresses beyond the safety limit]" in got.text


def test_pdfminer_stops_at_the_cap(files: dict[str, Path]) -> None:
    miner = MinerPages(files["bomb-no-xref.pdf"])
    try:
        with pytest.raises(MinerBomb, match=f"{MAX_STREAM_BYTES:,} bytes"):
            miner.text(0)
    finally:
        miner.close()


def test_the_capped_zlib_keeps_zlibs_answers_below_the_cap() -> None:
    capped = _CappedZlib()
    data = b"plain text " * 1000
    assert capped.decompress(zlib.compress(data)) == data
    with pytest.raises(zlib.error):  # a cut stream, as zlib.decompress says
        capped.decompress(zlib.compress(data)[:-20])
    inflate = capped.decompressobj()
    assert inflate.decompress(zlib.compress(data)) == data


def _progress(path: Path) -> list[tuple[int, int]]:
    calls: list[tuple[int, int]] = []
    limits = AttachmentLimits()
    set_progress_sink(lambda done, total: calls.append((done, total)))
    try:
        result = extract_pdf(path, path.name, limits, detect_file(path, path.name, limits))
    finally:
        set_progress_sink(None)
    assert result.text
    return calls


def test_progress_is_reported_once_a_page() -> None:
    assert _progress(DOCS / "pdf-multipage-4pages.pdf") == [(1, 4), (2, 4), (3, 4), (4, 4)]


def test_progress_is_reported_by_the_pdfminer_path(files: dict[str, Path]) -> None:
    assert _progress(files["page2-bomb-no-xref.pdf"]) == [(1, 2), (2, 2)]

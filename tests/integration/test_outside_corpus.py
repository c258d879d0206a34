"""The outside corpus (``tests/fixtures/outside``) read through ``SubprocessAttachmentReader``.

Why it exists: issue 15 asks that attachments be read as faithfully as the best extractors, judged
against what *other* projects' test suites expect of their own documents (pdfminer.six,
pdfplumber, PDFBox, markitdown, mammoth, docx2python, python-pptx, xlsx2csv, csvkit,
csv-spectrum, inscriptis, charset_normalizer; origins and licences in ``PROVENANCE.md``). Each
document goes the whole way (stored, detected by content, parsed in the worker child) and is
judged by ``tests/support/fidelity.py`` (phrases, cell records, character and word similarity,
thresholds documented there) — the same scorer ``benchmarks/fidelity.py`` uses for markitdown
and pdfplumber.

Invariants it keeps: every document of ``expected.json`` is read; one that fails today is listed
in :data:`KNOWN_FAILURES` with its defect and marked ``xfail(strict=True)``, so a fix makes the
test fail until the entry is removed (the list only shrinks by being right); no readable document
is refused (``error_kind`` set) except those listed in :data:`KNOWN_REFUSALS`; a deliberately
unreadable one is refused with its expected kind.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from parley.application.ports.attachments import AttachmentLimits, ExtractedAttachment
from parley.infrastructure.attachments import ContentStore, SubprocessAttachmentReader
from tests.support.fidelity import load_expectations, score

CORPUS = Path(__file__).resolve().parents[1] / "fixtures" / "outside"
EXPECTED = load_expectations(CORPUS)

KNOWN_FAILURES: dict[str, str] = {
    "pdfbox-FC60_Times.pdf": "Arabic in visual (reversed) order",
}
"""Documents Parley does not yet read faithfully: name -> the defect, in a few words."""

KNOWN_REFUSALS: frozenset[str] = frozenset()
"""Readable documents Parley refuses today (each is in :data:`KNOWN_FAILURES` too)."""

READERS = 4
"""Documents read at once, each in its own child process. Most of a read is waiting (a child's
start, the reader's polling), so four at a time on two cores read the corpus in about half the
time one at a time takes."""


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ExtractedAttachment]:
    """Every corpus document read once through the real reader (:data:`READERS` at a time)."""
    reader = SubprocessAttachmentReader(ContentStore(tmp_path_factory.mktemp("outside")))

    def read(name: str) -> ExtractedAttachment:
        return reader.read(CORPUS / name, AttachmentLimits(), threading.Event())

    try:
        with ThreadPoolExecutor(READERS) as pool:
            return dict(zip(sorted(EXPECTED), pool.map(read, sorted(EXPECTED)), strict=True))
    finally:
        reader.close()


def _params() -> list[object]:
    return [
        pytest.param(
            name,
            id=name,
            marks=[pytest.mark.xfail(strict=True, reason=KNOWN_FAILURES[name])]
            if name in KNOWN_FAILURES
            else [],
        )
        for name in sorted(EXPECTED)
    ]


@pytest.mark.parametrize("name", _params())
def test_document_is_read_as_its_source_expects(
    outcomes: dict[str, ExtractedAttachment], name: str
) -> None:
    expectation = EXPECTED[name]
    result = outcomes[name]
    if not expectation.readable:
        assert result.error_kind == expectation.error_kind, (
            f"expected {expectation.error_kind!r}, got {result.error_kind!r}: "
            f"{result.error or result.text[:200]!r}"
        )
        return
    outcome = score(result.text, expectation, result.error_kind)
    assert outcome.passed, f"{outcome.reason} ({result.error or result.text[:300]!r})"


def test_no_readable_document_is_refused(outcomes: dict[str, ExtractedAttachment]) -> None:
    refused = {
        name: f"{outcomes[name].error_kind}: {outcomes[name].error}"
        for name, expectation in EXPECTED.items()
        if expectation.readable and outcomes[name].error_kind
    }
    assert set(refused) == KNOWN_REFUSALS, {
        "refused, not listed": {n: m for n, m in refused.items() if n not in KNOWN_REFUSALS},
        "listed, now read": sorted(KNOWN_REFUSALS - set(refused)),
    }


def test_known_lists_name_corpus_documents() -> None:
    assert set(KNOWN_FAILURES) <= set(EXPECTED)
    assert set(KNOWN_FAILURES) >= KNOWN_REFUSALS


def test_every_corpus_file_has_an_expectation() -> None:
    own = {"expected.json", "PROVENANCE.md", "collect.py"}
    files = {
        p.name for p in CORPUS.iterdir() if p.is_file() and not p.name.endswith(".expected.txt")
    }
    assert files - own == set(EXPECTED)

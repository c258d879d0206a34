"""Parley's token estimate against real tokenizers it did not write: OpenAI's ``o200k_base``
(GPT-4o and later) and ``cl100k_base`` (GPT-4, GPT-3.5), over prose in 14 languages, code, HTML
and Markdown from the outside fixtures (tests/fixtures/outside, the shared documents).

What must hold: against the current vocabulary the estimate is never far below the real count
(a request judged to fit must fit) and, over the whole corpus, errs high; against the older one,
which spends far more tokens on non-Latin scripts, one calibration step from a reported count
brings the estimate of the same kind of text close.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parley.domain.usage.token_estimate import Calibration, estimate_text
from tests.support.bpe_files import encodings

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "fixtures"


def _corpus() -> list[tuple[str, str]]:
    files = sorted((ROOT / "tests" / "fixtures" / "outside").glob("*.expected.txt"))
    files += sorted((ROOT / "domain" / "actions").glob("*.py"))
    files += [
        SHARED / "documents" / "html-blog-utf8.html",
        SHARED / "providers" / "EDGE_CASES.md",
    ]
    texts = [(f.name, f.read_text(encoding="utf-8", errors="replace")) for f in files if f.exists()]
    return [(name, text) for name, text in texts if len(text) >= 200]


@pytest.fixture(scope="module")
def real() -> dict[str, object]:
    return encodings()


def _count(encoding: object, text: str) -> int:
    return len(encoding.encode(text, disallowed_special=()))  # type: ignore[attr-defined]


def test_against_o200k_the_estimate_is_never_far_below_and_errs_high_overall(real: dict) -> None:
    corpus = _corpus()
    assert len(corpus) >= 30
    estimated = actual = 0
    for name, text in corpus:
        mine, theirs = estimate_text(text), _count(real["o200k_base"], text)
        assert mine >= 0.75 * theirs, f"{name}: estimated {mine}, o200k counts {theirs}"
        assert mine <= 2.0 * theirs, f"{name}: estimated {mine}, o200k counts {theirs}"
        estimated += mine
        actual += theirs
    assert estimated >= actual


def test_a_calibrated_estimate_comes_close_to_the_older_vocabulary(real: dict) -> None:
    texts = dict(_corpus())
    hebrew = texts["cn-sample-hebrew-2.txt.expected.txt"]
    russian = texts["cn-sample-russian.txt.expected.txt"]
    old = real["cl100k_base"]
    # a conversation in Russian: the first call's report teaches the ratio for the next one
    half = len(russian) // 2
    first, second = russian[:half], russian[half:]
    calibration = Calibration().learned(estimate_text(first), _count(old, first))
    guess = calibration.corrected(estimate_text(second))
    assert abs(guess - _count(old, second)) <= 0.15 * _count(old, second)
    # uncalibrated, Hebrew under the old vocabulary is where the estimate is lowest
    assert estimate_text(hebrew) < _count(old, hebrew)

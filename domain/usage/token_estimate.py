"""How many tokens a request will cost before it is sent: an estimate, corrected by what the
provider reported for the calls before it.

Why it exists: the runtime must know, before every call, whether the rendered request fits the
model's window (``context_windows.py``), and the fill gauge shows the same figure. No tokenizer is
available offline for most model families (OpenAI's BPE files, Anthropic's and Google's counters
are downloads or API calls), so Parley estimates, then learns: each call's reported input tokens
(``Usage.input_tokens``) against the estimate of that same request give a ratio, kept per model
(``Calibration``), that scales the next estimate.

Invariants it keeps:

- the estimate is deterministic (same text, same count) and monotone: adding text never lowers it;
- it errs high rather than low on the texts that tokenise badly (code, digits, non-Latin scripts):
  a gauge that says 95 % at 100 % would let a request fail;
- a calibration ratio stays within ``[MIN_RATIO, MAX_RATIO]`` and moves gradually (one odd report,
  e.g. cached input counted differently, cannot swing it), and a report of 0 tokens is ignored.

The rule, per text: a CJK ideograph, kana or hangul counts ``PER_CJK``; a word counts one token
per ``CHARS_PER_TOKEN`` ASCII letters (at least one), a letter of any other script counting as
``OTHER_LETTER_WEIGHT`` ASCII letters; a run of digits one per ``DIGITS_PER_TOKEN`` (vocabularies
split numbers into short groups); a run of punctuation and symbols one per ``SYMBOLS_PER_TOKEN``.
A single blank is free; a run of blanks counts one; a line break ``NEWLINE``. A message adds
``PER_MESSAGE``.

Checked against real tokenizers (``tests/integration/test_token_estimate_real.py``: OpenAI's
``cl100k_base`` and ``o200k_base`` over prose in 14 languages, code, HTML and Markdown): against
``o200k_base`` the estimate is 0.87-1.9 times the real count; against the older ``cl100k_base``,
which spends far more tokens on non-Latin scripts, it can be half the real count for Hebrew or
Arabic — which the calibration corrects after the first call.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

CHARS_PER_TOKEN = 4.0
DIGITS_PER_TOKEN = 3.0
#: Punctuation and symbols next to each other merge in BPE vocabularies ("):", "->", "==").
SYMBOLS_PER_TOKEN = 2.0
#: A CJK character is one token in the newest vocabularies and often more in older ones.
PER_CJK = 1.5
#: Letters outside ASCII (accented Latin, Cyrillic, Greek, Arabic, Hebrew, Devanagari…) take
#: fewer characters per token: one counts as this many ASCII letters.
OTHER_LETTER_WEIGHT = 2.0
#: A line break (with the indentation after it, which merges) is a token of its own.
NEWLINE = 0.5
PER_MESSAGE = 4
#: An image part, whatever its size: providers bill images from ~85 to ~1,600 tokens; the upper
#: figure keeps the estimate on the safe side.
PER_IMAGE = 1_600

MIN_RATIO = 0.5
MAX_RATIO = 2.5
#: How much of a new report a calibration takes in (exponential smoothing).
LEARNING_RATE = 0.5


def _is_cjk(char: str) -> bool:
    code = ord(char)
    return (
        0x3040 <= code <= 0x30FF  # kana
        or 0x3400 <= code <= 0x4DBF  # CJK extension A
        or 0x4E00 <= code <= 0x9FFF  # CJK unified ideographs
        or 0xAC00 <= code <= 0xD7AF  # hangul syllables
        or 0xF900 <= code <= 0xFAFF  # CJK compatibility ideographs
        or 0x20000 <= code <= 0x2FFFF  # supplementary ideographs
    )


def estimate_text(text: str) -> int:
    """The estimated tokens of ``text`` alone (the module's rule)."""
    tokens = 0.0
    letters = 0.0  # weighted: an ASCII letter 1, any other letter OTHER_LETTER_WEIGHT
    digits = 0
    symbols = 0
    spaces = 0  # blanks in a row: a run of two or more (indentation, alignment) is a token

    def end_run() -> float:
        nonlocal letters, digits, symbols
        count = 0.0
        if letters:
            count += max(1.0, math.ceil(letters / CHARS_PER_TOKEN))
        if digits:
            count += math.ceil(digits / DIGITS_PER_TOKEN)
        if symbols:
            count += math.ceil(symbols / SYMBOLS_PER_TOKEN)
        letters = digits = symbols = 0
        return count

    for char in text:
        if char == " " or char == "\t":
            spaces += 1
            if spaces == 2:
                tokens += 1
        else:
            spaces = 0
        if char.isdigit():
            if letters or symbols:
                tokens += end_run()
            digits += 1
        elif char.isalpha() and not _is_cjk(char):
            if digits or symbols:  # "v2beta", "(self": letters tokenise apart
                tokens += end_run()
            letters += 1 if char.isascii() else OTHER_LETTER_WEIGHT
        elif letters and unicodedata.category(char) in ("Mn", "Mc"):
            letters += OTHER_LETTER_WEIGHT  # a combining mark (a vowel sign) joins its letter
        elif char.isspace():
            tokens += end_run()
            if char == "\n":
                tokens += NEWLINE
        elif _is_cjk(char):
            tokens += end_run() + PER_CJK
        else:
            if letters or digits:
                tokens += end_run()
            symbols += 1
    tokens += end_run()
    return math.ceil(tokens)


def estimate_messages(texts: Iterable[str], images: int = 0) -> int:
    """The estimated input tokens of a request made of these message texts (one per message)
    and ``images`` image parts."""
    total = 0
    for text in texts:
        total += PER_MESSAGE + estimate_text(text)
    return total + images * PER_IMAGE


@dataclass(frozen=True)
class Calibration:
    """What one model's reported input tokens were, relative to Parley's estimate: ``ratio``
    (reported / estimated, smoothed), from ``reports`` reports. A new calibration is 1.0."""

    ratio: float = 1.0
    reports: int = 0

    def __post_init__(self) -> None:
        if not (MIN_RATIO <= self.ratio <= MAX_RATIO) or math.isnan(self.ratio):
            raise ValueError(f"a calibration ratio must be within {MIN_RATIO}-{MAX_RATIO}")
        if self.reports < 0:
            raise ValueError("a calibration counts reports from 0")

    def corrected(self, estimate: int) -> int:
        """``estimate`` scaled by what this model's reports taught (never below the estimate
        times ``MIN_RATIO``; rounded up)."""
        return math.ceil(estimate * self.ratio)

    def learned(self, estimated: int, reported: int | None) -> Calibration:
        """This calibration after a call whose request was estimated at ``estimated`` tokens and
        reported at ``reported``. A missing, zero or absurd report changes nothing."""
        if not reported or reported <= 0 or estimated <= 0:
            return self
        observed = min(max(reported / estimated, MIN_RATIO), MAX_RATIO)
        if self.reports == 0:
            ratio = observed
        else:
            ratio = self.ratio + LEARNING_RATE * (observed - self.ratio)
        return Calibration(min(max(ratio, MIN_RATIO), MAX_RATIO), self.reports + 1)

"""Plausibility checks for text extracted from one PDF page (stdlib only, no PDF library).

Why it exists: a PDF stores glyph codes, not characters; when a font's code-to-Unicode map is
missing or wrong, every extractor returns *some* characters, and nothing in the library says they
are wrong (``Buyer˖哾㦓`` for "Buyer" + fullwidth colon + ``黎荣``, ``3HQČåQtSURVWĜHGN`` for
``Peněžní prostředky``).
Words can also run together (``WhatisEarthScience?``) or fall apart (``NOTI CE OF PUBLI C``), and
a transcript's line numbers can come out as one block before the text. These helpers look at the
text alone and say which of these it shows, so ``pdf.py`` can try another extractor on that page
or say so in the attachment.

Invariants it keeps:

- Every check is a pure function of the text, linear in its length, with no I/O.
- The checks are tuned on real documents (see the "PDF" section of docs/attachments.md): the
  shared fixtures (CJK, Arabic, Hebrew, Thai, multilingual, German, LaTeX maths) are not flagged.
- :func:`normalise_presentation_forms` changes only presentation-form characters (ligatures like
  ``ﬁ``, Hebrew and Arabic presentation forms); everything else is kept as extracted (never a
  whole-text NFKC, which would also fold superscripts, fullwidth forms and more).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# ---------------------------------------------------------------- presentation forms

_PRESENTATION = re.compile("[\ufb00-\ufdff\ufe70-\ufefe]")
"""Alphabetic presentation forms (ligatures ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ, Armenian and Hebrew forms) and Arabic
presentation forms A and B: glyph variants that a font may map to, never characters a reader
means. U+FEFF (the byte-order mark) is left alone."""


def normalise_presentation_forms(text: str) -> str:
    """``text`` with presentation-form characters replaced by their NFKC equivalent (``ﬁ`` →
    ``fi``, ``ﻻ`` → ``لا``); nothing else changes."""
    if not _PRESENTATION.search(text):
        return text
    return _PRESENTATION.sub(_plain_form, text)


def _plain_form(match: re.Match[str]) -> str:
    plain = unicodedata.normalize("NFKC", match.group())
    # The isolated forms of Arabic marks (U+FC5E-FC63, U+FE70-FE7F) decompose to a space and
    # the mark; the space would cut the word the mark belongs to.
    if len(plain) > 1 and plain[0] == " " and unicodedata.category(plain[1]) == "Mn":
        return plain[1:]
    return plain


# ---------------------------------------------------------------- scripts

_CJK_FAMILY = frozenset(
    {
        "CJK",
        "HIRAGANA",
        "KATAKANA",
        "KATAKANA-HIRAGANA",  # the prolonged sound mark "ー" of "インストール"
        "HANGUL",
        "BOPOMOFO",
        "IDEOGRAPHIC",
        "KANGXI",
    }
)
"""Scripts that mix inside one word in Chinese, Japanese and Korean text."""

_RARE_SCRIPTS = frozenset(
    {
        "NKO",
        "SAMARITAN",
        "MANDAIC",
        "SYRIAC",
        "THAANA",
        "OGHAM",
        "RUNIC",
        "TAGALOG",
        "HANUNOO",
        "BUHID",
        "TAGBANWA",
        "LIMBU",
        "BUGINESE",
        "BALINESE",
        "SUNDANESE",
        "LEPCHA",
        "CHEROKEE",
        "CANADIAN",
        "MONGOLIAN",
        "COPTIC",
        "GLAGOLITIC",
        "TIFINAGH",
        "VAI",
        "BAMUM",
        "YI",
        "LISU",
        "SAURASHTRA",
        "REJANG",
        "CHAM",
        "OL",
        "MEETEI",
        "NEW",  # New Tai Lue
        "TAI",
    }
)
"""Scripts whose letters turn up when codes of a CID font (1..20000) are read as Unicode code
points, and which a real document in them is unlikely to be (they are still counted, not
refused: one such letter among many ordinary ones is not a flag)."""


def _script(ch: str) -> str:
    """The script of a letter, by its Unicode name (``"LATIN"``, ``"CJK"``, ``"GREEK"``…)."""
    name = unicodedata.name(ch, "")
    if not name:
        return ""
    word = name.split(" ", 1)[0]
    if word in ("FULLWIDTH", "HALFWIDTH", "SMALL", "CIRCLED", "PARENTHESIZED"):
        parts = name.split(" ")
        word = parts[1] if len(parts) > 1 else word
    return word


def _compatible(a: str, b: str) -> bool:
    if a == b or "MATHEMATICAL" in (a, b):  # maths letters (U+1D400...) sit beside any letter
        return True
    if a in _CJK_FAMILY and b in _CJK_FAMILY:
        return True
    # Japanese and Chinese text put Latin words inside a run without spaces ("Zipfの法則").
    return (a == "LATIN" and b in _CJK_FAMILY) or (b == "LATIN" and a in _CJK_FAMILY)


# ---------------------------------------------------------------- garbled text


@dataclass(frozen=True)
class Garble:
    """What :func:`garble_measure` counted on one page's text."""

    letters: int  # letters (category L*) in the text
    mixed: int  # script switches between adjacent letters of one word that do not go together
    rare: int  # private-use, unassigned, replacement, stray control and rare-block characters
    shifted: int  # Latin words with the case/digit pattern of a constant code shift
    latin_words: int  # Latin words of four or more characters

    @property
    def garbled(self) -> bool:
        """True when the text looks like codes read as the wrong characters."""
        if self.letters == 0:
            return self.rare >= 3
        if self.mixed >= 3 and self.mixed >= 0.04 * self.letters:
            return True
        if self.rare >= 2 and self.rare >= 0.05 * self.letters:
            return True
        return self.shifted >= 2 and self.shifted >= 0.3 * self.latin_words


_TOKEN = re.compile(r"\S+")

_SHIFT_SHAPE = re.compile(
    r"[a-z\u00e0-\u024f][A-Z\u00c0-\u00de\u0100-\u024f][^\s]*[a-z\u00e0-\u024f]"
    r"[A-Z\u00c0-\u00de\u0100-\u024f]"  # two lower-to-upper steps: "åQtSURV"
    r"|[A-Za-z][0-9$%&#@\\^~][A-Z][0-9$%&#@\\^~]?[A-Z]"  # "S4DJF", "F%FQB"
)
"""The shape of Latin text whose codes were shifted by a constant (a TrueType subset read with
glyph ids as codes): lower case turns into upper case and digits or signs, inside words."""


def _rare_char(ch: str, cat: str) -> bool:
    """Private-use, unassigned and replacement characters, and code points that real text
    rarely has but CID codes read as code points land on (control codes are judged by where
    they stand, in :func:`garble_measure`)."""
    code = ord(ch)
    if 0xF000 <= code <= 0xF0FF:
        # Symbol and Wingdings characters (bullets, arrows, maths signs) that Word exports as
        # private-use codes U+F0xx: a sign lost on a sound page, not a page of wrong letters.
        return False
    if cat in ("Co", "Cn") or ch == "\ufffd":
        return True
    # CJK extension A and beyond the BMP: ideographs a born-digital document rarely uses;
    # the modifier tacks and signs U+02D2-02D7 ("˖"), not IPA's length mark U+02D0.
    return 0x3400 <= code <= 0x4DBF or code >= 0x20000 or 0x02D2 <= code <= 0x02D7


_PLAIN_TOKEN = re.compile("[!-~\u00a0-\u024f]+")
_LETTERS = re.compile(r"[^\W\d_]")


def garble_measure(text: str) -> Garble:
    """Count the signs of garbled characters in ``text`` (see :class:`Garble`)."""
    letters = mixed = rare = shifted = latin_words = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if len(token) >= 4 and token[0].isascii() and any(c.isalpha() for c in token):
            latin_words += 1
            if _SHIFT_SHAPE.search(token):
                shifted += 1
        if _PLAIN_TOKEN.fullmatch(token):
            # Printable ASCII and Latin letters only (most words of most PDFs): one script, no
            # rare or control characters, so only the letters need counting.
            letters += len(_LETTERS.findall(token))
            continue
        previous = ""
        for index, ch in enumerate(token):
            cat = unicodedata.category(ch)
            if cat == "Cc":
                # A control code inside a word is a space or letter read through a shifted
                # code ("Qt\x03SURV"); one after a space is a lost maths sign ("U \x12X").
                if 0 < index < len(token) - 1 and (
                    token[index - 1].isalpha() or token[index + 1].isalpha()
                ):
                    rare += 1
                previous = ""
                continue
            if _rare_char(ch, cat):
                rare += 1
                previous = ""
                continue
            if cat.startswith("M"):
                # A combining mark must follow a letter; after anything else it is a stray code.
                if not previous:
                    rare += 1
                continue
            if not cat.startswith("L"):
                previous = ""
                continue
            letters += 1
            script = _script(ch)
            if script in _RARE_SCRIPTS:
                rare += 1
            if previous and not _compatible(previous, script):
                mixed += 1
            previous = script
    return Garble(letters, mixed, rare, shifted, latin_words)


# ---------------------------------------------------------------- spacing and order

_WORD = re.compile(r"[^\W\d_]+")
_SPACE = re.compile(r"\s")


@dataclass(frozen=True)
class Spacing:
    """Word shapes of a page's Latin text (other scripts are not measured)."""

    words: int  # runs of letters
    long_letters: int  # letters in words of 16 or more letters ("Explaintheimportanceof…")
    fragments: int  # a word followed by a one- or two-letter piece of it ("Sout h", "hol d")
    letters: int
    solid: int  # characters that are not white space

    @property
    def prose(self) -> bool:
        """Mostly Latin letters: formulas, tables of figures and other scripts are not judged
        (a page of maths is full of one-letter words and run-together symbols)."""
        return self.letters >= 0.8 * self.solid

    @property
    def run_together(self) -> bool:
        """Most letters sit in over-long words: the spaces between words were lost."""
        return (
            self.prose
            and self.letters >= 60
            and self.long_letters >= 0.3 * self.letters
            and self.letters >= 8 * self.words
        )

    @property
    def split(self) -> bool:
        """Many words end in a stray one- or two-letter piece: spaces were put inside words."""
        return self.prose and self.fragments >= 4 and self.fragments >= 0.05 * self.words

    @property
    def badness(self) -> float:
        """Lower is better: the share of letters in over-long words plus the share of split
        words (used to choose between extractors)."""
        return self.long_letters / max(1, self.letters) + self.fragments / max(1, self.words)


_SHORT_TEXT = (
    "a i o e y u à á é è ó ò ú ù ä ö ü å ï î ô ê â ç ñ "
    "an as at be by do go he if in is it me my no of oh ok on or so to up us we am "
    "ad al da de di du el en et eu ja je la le li lo ma mi na ne ni nu og om os ou se si "
    "ta te tu un va vi vo wa za ze zu ab ob im zum er es sa il ce ci ho ka ku ki mo "
    "ii iv vs mr ms dr st nd rd th co id tv uk pm pc cf eg ie mm cm km kg mg ml "
    "x y z s v k w ve ke po od"
)
_SHORT_WORDS = frozenset(_SHORT_TEXT.split())
"""One- and two-letter words of English and the common European languages, abbreviations and
units: these are real words, not fragments of a split one."""


_FRAGMENT = re.compile(
    r"(?<![^\s(\"'\u201c\u2018])([^\W\d_]{2,}) ([^\W\d_]{1,2})(?=[\s.,;:!?)\"\u201d]|$)",
    re.MULTILINE,
)
"""A word of two or more letters, one space, and a one- or two-letter piece that ends a word
(not before an apostrophe: French "d'avis", "qu'il" are elided words):
"Sout h", "Caroli na" (the piece is checked against :data:`_SHORT_WORDS`)."""


def _fragment(head: str, piece: str) -> bool:
    if piece.lower() in _SHORT_WORDS:
        return False
    # Lower case only ("Depart ment", "Sout h"): in capitals, "ALVARO R" and "WASHINGTON DC"
    # are initials and codes, so "PUBLI C" cannot be told from them; the lower-case pieces on
    # the same page carry the signal.
    return head.islower() and piece.islower()


def spacing_measure(text: str) -> Spacing:
    """Count over-long words and split words in the Latin-script part of ``text``."""
    words = long_letters = letters = 0
    for match in _WORD.finditer(text):
        word = match.group()
        if not word[0].isascii() and _script(word[0]) != "LATIN":
            continue
        words += 1
        letters += len(word)
        if len(word) >= 16:
            long_letters += len(word)
    fragments = sum(
        1
        for m in _FRAGMENT.finditer(text)
        if m.group(1)[0].isascii() and _fragment(m.group(1), m.group(2))
    )
    solid = len(text) - len(_SPACE.findall(text))
    return Spacing(words, long_letters, fragments, letters, solid)


_NUMBER_LINE = re.compile(r"^[ \t]*(\d{1,3})[ \t]*$")


def line_number_block(text: str) -> bool:
    """True when ``text`` has a run of eight or more lines that are just consecutive numbers
    (1, 2, 3…): a transcript's line numbers extracted as a column apart from its lines."""
    run = 0
    expected = -1
    for line in text.split("\n"):
        match = _NUMBER_LINE.match(line)
        if match is None:
            run = 0
            expected = -1
            continue
        number = int(match.group(1))
        run = run + 1 if number == expected else 1
        expected = number + 1
        if run >= 8:
            return True
    return False

"""How the bytes of a text attachment become text: declared, structural or guessed, and how sure.

Why it exists: a text file rarely says its encoding. UTF-8 is checked strictly and wins when it
fits; otherwise the encoding has to be *guessed*, and a bad guess gives wrong characters that
look like text (``©`` read as ``ｩ``, Polish ``ą`` as ``ħ``). A general detector
(charset-normalizer) is good on long texts but weak on short ones, and it knows nothing of the
user's language. So the guess here is a contest: the locale's legacy encoding, the common
Western and Central European encodings and the detector's proposals each decode the bytes
strictly, and the most *plausible* text wins (letters in words, common accented letters, no
control characters, no symbols inside words, no scripts mixed within a word).

Invariants it keeps:

- Nothing is decoded leniently: every candidate decodes every byte, or it is out.
- Order: a BOM, then the UTF-16/32 NUL pattern, then ``declared`` (an HTML meta charset; a
  declared ISO-8859-1 with bytes 0x80-0x9F is read as windows-1252, as browsers do), then
  UTF-8; only after those is anything guessed. Only a guess sets :attr:`Decoded.guessed`, with a
  confidence in [0, 1] that is lower for short samples and for close contests, so the model and
  the user can be told "this was guessed" (ADR-004's ``encoding``/``encoding-confidence``).
- When no candidate decodes every byte, or the best reading is still noise (:data:`MAX_MESS`;
  ISO-8859-1 decodes any bytes at all), :class:`ReadFailure` ``undecodable`` names the first byte
  that is not UTF-8.
- The contest is judged on the first :data:`SAMPLE_BYTES`; the winner must decode the whole file.
  The detector's legacy proposals are read as their Windows supersets, as browsers do
  (Shift_JIS as cp932, GB2312 as GB18030, EUC-KR as cp949).

Measured (2026-12-03, 1,424 samples from chardet's and charset-normalizer's test data, whole
files and single lines; numbers in ``docs/attachments.md``): right text 928 before, 1,158 after;
Western and Central European 121 of 205 before, 192 after.

Standard library only, apart from charset-normalizer imported lazily for the detector's
proposals.
"""

from __future__ import annotations

import codecs
import contextlib
import locale
import math
import os
import re
import unicodedata
from dataclasses import dataclass

from parley.infrastructure.attachments.detect import (
    ReadFailure,
    bom_encoding,
    utf16_without_bom,
)

LEGACY_ENV = "PARLEY_LEGACY_ENCODING"
"""Set by the parent for the reader child (whose own locale is forced to C.UTF-8): the legacy
encoding of the user's locale, weighed first when guessing."""

WESTERN_CENTRAL = ("cp1252", "iso8859-15", "iso8859-1", "cp1250", "iso8859-2")
"""Always in the contest, in this order of preference when two texts look equally plausible."""

MAX_MESS = 0.8
"""A best decoding messier than this (suspicious things per non-ASCII character) is noise, not
text: random bytes decode "successfully" as ISO-8859-1, and must still be refused."""

DETECTOR_PROPOSALS = 5
"""How many of charset-normalizer's candidates join the contest."""

SAMPLE_BYTES = 256 * 1024
"""How much of a file the candidates are judged on."""

_SHARPNESS = 6.0
"""How fast plausibility falls with mess when candidates share the confidence (exp(-k·mess))."""

_SAMPLE_MATCHES = 5_000
"""Non-ASCII stretches scored at most (from the start of the text); enough to judge, and it keeps
a 50 MB file quick."""

# The Windows code page people of a language used before UTF-8 (the locale's language decides).
_LANGUAGE_CODEPAGE = {
    **dict.fromkeys(("pl", "cs", "sk", "hu", "sl", "hr", "ro", "bs", "sq"), "cp1250"),
    **dict.fromkeys(("ru", "uk", "bg", "be", "mk", "sr", "kk", "ky", "tg"), "cp1251"),
    "el": "cp1253",
    **dict.fromkeys(("tr", "az"), "cp1254"),
    **dict.fromkeys(("he", "yi"), "cp1255"),
    **dict.fromkeys(("ar", "fa", "ur"), "cp1256"),
    **dict.fromkeys(("et", "lv", "lt"), "cp1257"),
    "vi": "cp1258",
    "th": "cp874",
    "ja": "cp932",
    "ko": "cp949",
}

# What browsers decode a legacy label as (the WHATWG Encoding Standard): the Windows superset
# that files labelled or detected as the older standard are nearly always written in.
_SUPERSETS = {
    "shift_jis": "cp932",
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "euc_kr": "cp949",
    "big5": "big5hkscs",
    "tis-620": "cp874",
}

# Names people and models know (WHATWG/IANA labels) for Python's codec names.
_LABELS = {
    **{f"cp125{d}": f"windows-125{d}" for d in range(9)},
    **{f"iso8859-{n}": f"iso-8859-{n}" for n in range(1, 17)},
    "cp932": "shift_jis",
    "shift_jis": "shift_jis",
    "cp949": "euc-kr",
    "euc_kr": "euc-kr",
    "euc_jp": "euc-jp",
    "gb2312": "gb2312",
    "gbk": "gbk",
    "gb18030": "gb18030",
    "big5": "big5",
    "big5hkscs": "big5-hkscs",
    "koi8-r": "koi8-r",
    "koi8-u": "koi8-u",
    "cp874": "windows-874",
    "mac-roman": "macintosh",
    "mac-cyrillic": "x-mac-cyrillic",
    "cp866": "ibm866",
    "cp855": "ibm855",
    "tis-620": "tis-620",
}

# Accented letters that are common in European languages written in Latin script; any other
# non-ASCII Latin letter (ð, þ, ŧ, ĸ …) is plausible but rarer, so it costs a little.
_COMMON_LETTERS = frozenset(
    "àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿœßÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝŸŒ"
    "ąćęłńśźżĄĆĘŁŃŚŹŻčďěňřšťůžČĎĚŇŘŠŤŮŽőűŐŰășțşţĂȘȚŞŢľĺŕĽĹŔ"
    "ğıİĞ"
)
# The accented letters of languages written in Latin script with a pre-UTF-8 code page of their
# own (lower case). A right decoding is usually explained by one of them; a wrong one mixes
# letters no single language uses together (Hungarian "ő" read as Portuguese "õ" beside "ü").
_ALPHABETS = (
    "éèêëàâçîïôûùüÿœæ",  # French
    "äöüß",  # German
    "áéíóúñü",  # Spanish
    "áâãàçéêíóôõú",  # Portuguese
    "àèéìíòóù",  # Italian
    "åäöæøé",  # Nordic
    "áéíóöőúüű",  # Hungarian
    "ąćęłńóśźż",  # Polish
    "áčďéěíňóřšťúůýž",  # Czech
    "áäčďéíĺľňóôŕšťúýž",  # Slovak
    "čćđšž",  # Croatian, Slovene, Bosnian
    "ăâîșțşţ",  # Romanian
    "çğıöşüâî",  # Turkish
    "ëç",  # Albanian
)
# Non-ASCII letters that are words on their own (French "à", Russian "в" …).
_ONE_LETTER_WORDS = frozenset("àáéóÀÉвскуяаоиВСКУЯАОИ")
# Punctuation and symbols that real text uses; others (currency sign, broken bar, spacing
# accents, breve, caron …) mostly come from a wrong code page.
_COMMON_MARKS = frozenset(
    "\u201c\u201d\u2018\u2019\u201e\u201a\u00ab\u00bb\u2039\u203a"
    "\u2013\u2014\u2026\u2022\u00b7\u20ac\u00a3\u00a5\u00a2\u00a7"
    "\u00b0\u00a9\u00ae\u2122\u00a1\u00bf\u00d7\u00f7\u00b1\u00ac\u00b6\u00a0\u00ad"
)  # quotes, dashes, ellipsis, bullets, currencies, section, degree, (c) (R) TM, math signs


@dataclass(frozen=True)
class Decoded:
    """Text and the codec that gave it. ``guessed`` is set only when the encoding came from the
    contest (no BOM, no declaration, not UTF-8); ``confidence`` is then in [0, 1]."""

    text: str
    codec: str
    guessed: bool = False
    confidence: float = 1.0

    @property
    def label(self) -> str:
        """The codec's common name (``windows-1252``, ``iso-8859-2``, ``shift_jis``)."""
        return encoding_label(self.codec)


def encoding_label(codec: str) -> str:
    """``cp1252`` -> ``windows-1252``: the name a browser or a person would use."""
    try:
        name = codecs.lookup(codec).name
    except LookupError:
        return codec
    return _LABELS.get(name, name)


def legacy_encoding() -> str:
    """The pre-UTF-8 encoding of the user's locale: :data:`LEGACY_ENV` when set (the reader
    child), else a non-UTF-8 preferred encoding, else the Windows code page of the locale's
    language; "" when nothing points away from the Western default."""
    named = os.environ.get(LEGACY_ENV, "")
    if named:
        with contextlib.suppress(LookupError):
            return codecs.lookup(named).name
        return ""
    with contextlib.suppress(LookupError, ValueError):
        preferred = codecs.lookup(locale.getpreferredencoding(False)).name
        if preferred not in ("utf-8", "ascii"):
            return preferred
    language = ""
    with contextlib.suppress(ValueError):
        language = (locale.getlocale()[0] or "").split("_")[0].lower()
    if not language:
        for key in ("LC_ALL", "LC_CTYPE", "LANG"):
            value = os.environ.get(key, "")
            if value and value not in ("C", "POSIX") and not value.startswith("C."):
                language = value.split("_")[0].split(".")[0].lower()
                break
    return _LANGUAGE_CODEPAGE.get(language, "")


def decode_bytes(data: bytes, name: str, declared: str = "") -> Decoded:
    """``data`` decoded strictly (see the module docstring for the order); raises
    :class:`ReadFailure` ``undecodable`` when nothing decodes every byte."""
    structural = bom_encoding(data[:4]) or utf16_without_bom(data[:4096])
    if structural:
        try:
            return Decoded(data.decode(structural), structural)
        except UnicodeDecodeError:
            raise ReadFailure(
                "undecodable", f"{name} starts like {structural} text but is not valid {structural}"
            ) from None
    if declared:
        with contextlib.suppress(UnicodeDecodeError, LookupError):
            codec = codecs.lookup(declared).name
            if codec == "iso8859-1" and _C1_BYTES.search(data):
                # Browsers read "iso-8859-1" as windows-1252: bytes 0x80-0x9F are its quotes,
                # dashes and euro sign, never the C1 control characters Latin-1 would give.
                with contextlib.suppress(UnicodeDecodeError):
                    return Decoded(data.decode("cp1252"), "cp1252")
            return Decoded(data.decode(codec), codec)
    try:
        return Decoded(data.decode("utf-8"), "utf-8")
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    guess = guess_encoding(data)
    if guess is None:
        raise ReadFailure(
            "undecodable",
            f"{name} is not valid UTF-8 (first invalid byte at offset {first_bad:,}) and its "
            "encoding could not be determined; save it as UTF-8 and attach it again",
        )
    return guess


def _candidates(data: bytes) -> list[str]:
    """Codecs in the contest, in order of preference for ties."""
    names: list[str] = []
    legacy = legacy_encoding()
    for codec in ((legacy,) if legacy else ()) + WESTERN_CENTRAL:
        if codec not in names:
            names.append(codec)
    if b"\0" not in data:
        from charset_normalizer import from_bytes

        for match in list(from_bytes(data[: 4 * 1024 * 1024]))[:DETECTOR_PROPOSALS]:
            with contextlib.suppress(LookupError):
                codec = codecs.lookup(match.encoding).name
                codec = _SUPERSETS.get(codec, codec)
                if codec not in names and codec != "utf-8":
                    names.append(codec)
    return names


def guess_encoding(data: bytes) -> Decoded | None:
    """The most plausible strict decoding of ``data`` among the candidates, with a confidence;
    ``None`` when no candidate decodes every byte into something that looks like text.

    The contest is held on the first :data:`SAMPLE_BYTES` (a 50 MB file is not decoded ten
    times over, nor kept ten times in memory); the winner must then decode the whole file, or
    the next one is tried."""
    legacy = legacy_encoding()
    sample = data[:SAMPLE_BYTES]
    whole = len(data) <= SAMPLE_BYTES
    texts: dict[str, tuple[str, float]] = {}  # sample text -> (first codec, mess)
    for codec in _candidates(sample):
        try:
            text = codecs.getincrementaldecoder(codec)().decode(sample, final=whole)
        except (UnicodeDecodeError, LookupError):
            continue
        if text in texts:
            continue
        mess = _mess(text)
        if codec == legacy:
            mess = max(0.0, mess - 0.05)  # the user's own language breaks near-ties
        texts[text] = (codec, mess)
    # Stable: an exact tie is won by the earlier candidate (the user's language, Western,
    # Central European, then the detector's own order).
    ranked = sorted(texts.items(), key=lambda item: item[1][1])
    while ranked and ranked[0][1][1] <= MAX_MESS:
        text, (codec, _) = ranked[0]
        if not whole:
            try:
                text = data.decode(codec)
            except UnicodeDecodeError:
                ranked.pop(0)  # fits the start, not the rest
                continue
        return Decoded(text, codec, guessed=True, confidence=_confidence(sample, ranked))
    return None


def _confidence(sample: bytes, ranked: list[tuple[str, tuple[str, float]]]) -> float:
    """How sure the winner (``ranked[0]``) is: its plausibility, times its share of the
    plausibility of all distinct readings, times how much evidence there is (one non-ASCII byte
    says little, dozens say a lot); two decimals, at least 0.01."""
    weights = [math.exp(-_SHARPNESS * mess) for _text, (_codec, mess) in ranked]
    share = weights[0] / sum(weights)
    non_ascii = len(sample.translate(None, _ASCII_BYTES))
    evidence = non_ascii / (non_ascii + 2)
    return round(max(0.01, min(1.0, weights[0] * share * evidence)), 2)


_ASCII_BYTES = bytes(range(0x80))
_C1_BYTES = re.compile(rb"[\x80-\x9f]")
_NON_ASCII = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]|.?[^\x00-\x7f]+.?", re.S)


def _script(ch: str) -> str:
    """The writing system of one letter ("" for no character)."""
    if not ch:
        return ""
    code = ord(ch)
    if code < 0x250 or 0x1E00 <= code <= 0x1EFF:
        return "latin"
    if 0x370 <= code <= 0x3FF:
        return "greek"
    if 0x400 <= code <= 0x52F:
        return "cyrillic"
    if 0x590 <= code <= 0x5FF:
        return "hebrew"
    if 0x600 <= code <= 0x6FF:
        return "arabic"
    if 0xE00 <= code <= 0xE7F:
        return "thai"
    if 0xFF61 <= code <= 0xFF9F:
        return "halfwidth"
    if 0xAC00 <= code <= 0xD7AF or 0x1100 <= code <= 0x11FF or 0x3130 <= code <= 0x318F:
        return "hangul"
    if 0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF:
        return "cjk"  # kana and kanji mix within Japanese words
    return "other"


def _mess(text: str) -> float:
    """How implausible ``text`` is: suspicious things per non-ASCII character (0 is clean).
    Only the stretches around non-ASCII characters are looked at."""
    mess = 0.0
    count = 0
    end = 0
    for n, match in enumerate(_NON_ASCII.finditer(text)):
        if n >= _SAMPLE_MATCHES:
            break
        end = match.end()
        run = match.group()
        for i, ch in enumerate(run):
            if ch < "\x80" and (ch.isprintable() or ch in "\t\n\r\f"):
                continue
            count += 1
            prev = run[i - 1] if i else ""
            nxt = run[i + 1] if i + 1 < len(run) else ""
            mess += _char_mess(ch, prev, nxt)
    if not count:
        return 0.0
    return mess / count + _alphabet_miss(text[:end])


_LATIN_ACCENTED = re.compile(r"[\u00c0-\u024f]")


def _alphabet_miss(text: str) -> float:
    """The share of accented Latin letters that the best-fitting single alphabet does not
    explain (0 when there are none)."""
    letters = [ch.lower() for ch in _LATIN_ACCENTED.findall(text) if ch.isalpha()]
    if not letters:
        return 0.0
    best = max(sum(1 for ch in letters if ch in alphabet) for alphabet in _ALPHABETS)
    return 1.0 - best / len(letters)


_CJK_SCRIPTS = frozenset({"cjk", "hangul"})


def _char_mess(ch: str, prev: str, nxt: str) -> float:
    category = unicodedata.category(ch)
    if category[0] == "C":
        return 0.5 if ch == "\u00ad" else 3.0  # controls, private use, unassigned
    in_word = prev.isalpha() and nxt.isalpha()
    if category[0] == "L":
        script = _script(ch)
        cost = 0.0
        if script == "halfwidth":
            cost += 0.6  # half-width katakana is rare outside very old Japanese files
        elif script == "latin" and ch >= "\x80" and ch not in _COMMON_LETTERS:
            cost += 0.4
        if (
            not prev.isalpha()
            and not nxt.isalpha()
            and script in ("latin", "cyrillic")
            and ch not in _ONE_LETTER_WORDS
        ):
            cost += 0.3  # a lone letter outside ASCII ("COPYRIGHT Š 2020") is rarely a word
        if prev.isalpha() and _script(prev) != script:
            cost += 1.0  # two scripts inside one word
        if ch in "\u0153\u0152" and not nxt.isalpha():
            cost += 1.0  # French oe ligature never ends a word (Polish "ś" read as cp1252)
        if ch.isupper() and prev.islower() and ch >= "\x80":
            cost += 1.0  # "pÅ", "пРИВЕТ": a capital after a small letter inside a word
        if (
            script == "latin"
            and ch >= "\x80"
            and prev >= "\x80"
            and nxt >= "\x80"
            and prev.isalpha()
            and nxt.isalpha()
        ):
            cost += 0.5  # three accented letters in a row: rare in Latin-script languages
        return cost
    if category[0] == "N":
        return 1.5 if in_word else 0.3
    if category[0] in "SP":
        if ("\u3000" <= ch <= "\u303f" or "\uff01" <= ch <= "\uff60" or ch == "\u30fb") and (
            _script(prev) in _CJK_SCRIPTS or _script(nxt) in _CJK_SCRIPTS
        ):
            return 0.0  # CJK and full-width punctuation beside CJK letters
        base = 0.1 if ch in _COMMON_MARKS else 0.6
        if in_word and ch not in "\u2019\u00b7":  # apostrophe, Catalan middle dot
            base += 1.5
        return base
    return 0.1  # separators (no-break spaces and the like)

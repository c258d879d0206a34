"""Spreadsheet cell values shown as Excel shows them, from the cell's number format code.

Why it exists: a sheet stores ``1599.99`` and ``0.025`` and day serials like ``45292.5``; the
person who wrote it sees ``$1,599.99``, ``2.50%`` and ``2024-01-01 12:00``. A model given the raw
numbers misreads money, percentages and dates. No well-kept Python library formats ECMA-376
number codes (openpyxl only classifies them), so this module implements the common subset.

What it supports: up to four sections (positive; negative; zero; text) and ``[>=100]``-style
conditions; ``0 # ?`` digit placeholders, decimals, thousands separators, scaling commas,
``%``, scientific ``E+``/``E-``, fractions (``# ?/?``, ``?/8``), quoted and ``\\``-escaped
literals, ``_x`` (a space), ``*x`` (dropped), colours (dropped), ``[$€-409]`` currency and locale
tags; dates and times (``yyyy mm dd mmm mmmm ddd dddd hh mm ss AM/PM A/P``, fractional seconds
``ss.000``, elapsed ``[h] [mm] [ss]``), both 1900 (with its phantom 29 Feb 1900) and 1904 date
systems; ``@`` for text; ``General``.

Invariants it keeps: :func:`format_value` never raises for a bad code or value: what it cannot
format comes back in General form (the number is never lost or changed, only left unformatted);
rounding is half away from zero, as Excel's; a negative number in a one-section format keeps
its minus sign. Standard library only.
"""

from __future__ import annotations

import datetime
import math
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from fractions import Fraction
from functools import lru_cache

BUILTIN_FORMATS: dict[int, str] = {
    0: "General",
    1: "0",
    2: "0.00",
    3: "#,##0",
    4: "#,##0.00",
    5: '"$"#,##0_);("$"#,##0)',
    6: '"$"#,##0_);[Red]("$"#,##0)',
    7: '"$"#,##0.00_);("$"#,##0.00)',
    8: '"$"#,##0.00_);[Red]("$"#,##0.00)',
    9: "0%",
    10: "0.00%",
    11: "0.00E+00",
    12: "# ?/?",
    13: "# ??/??",
    14: "yyyy-mm-dd",  # "m/d/yyyy" in the US locale; ISO is unambiguous for a reader
    15: "d-mmm-yy",
    16: "d-mmm",
    17: "mmm-yy",
    18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM",
    20: "h:mm",
    21: "h:mm:ss",
    22: "yyyy-mm-dd h:mm",
    37: "#,##0_);(#,##0)",
    38: "#,##0_);[Red](#,##0)",
    39: "#,##0.00_);(#,##0.00)",
    40: "#,##0.00_);[Red](#,##0.00)",
    41: '_(* #,##0_);_(* (#,##0);_(* "-"_);_(@_)',
    42: '_("$"* #,##0_);_("$"* (#,##0);_("$"* "-"_);_(@_)',
    43: '_(* #,##0.00_);_(* (#,##0.00);_(* "-"??_);_(@_)',
    44: '_("$"* #,##0.00_);_("$"* (#,##0.00);_("$"* "-"??_);_(@_)',
    45: "mm:ss",
    46: "[h]:mm:ss",
    47: "mm:ss.0",
    48: "##0.0E+0",
    49: "@",
}
"""The formats every workbook may use by id without declaring them (ECMA-376 18.8.30)."""

_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_EPOCH_1900 = datetime.datetime(1899, 12, 30)
_EPOCH_1904 = datetime.datetime(1904, 1, 1)
_CONDITION = re.compile(r"\[(<=|>=|<>|<|>|=)\s*(-?[\d.]+(?:[eE][-+]?\d+)?)\]")
_DATE_LETTERS = frozenset("ymdhse")


# ---------------------------------------------------------------- tokenising


def _split_sections(code: str) -> list[str]:
    """``code`` cut at the ``;`` that are not quoted, escaped or inside brackets."""
    sections, current, i = [], [], 0
    while i < len(code):
        ch = code[i]
        if ch == '"':
            end = code.find('"', i + 1)
            end = len(code) - 1 if end < 0 else end
            current.append(code[i : end + 1])
            i = end + 1
            continue
        if ch == "\\" and i + 1 < len(code):
            current.append(code[i : i + 2])
            i += 2
            continue
        if ch == "[":
            end = code.find("]", i)
            end = len(code) - 1 if end < 0 else end
            current.append(code[i : end + 1])
            i = end + 1
            continue
        if ch == ";":
            sections.append("".join(current))
            current = []
        else:
            current.append(ch)
        i += 1
    sections.append("".join(current))
    return sections


@lru_cache(maxsize=512)
def _tokens(section: str) -> tuple[tuple[str, str], ...]:
    """A section as ``(kind, text)`` tokens. Kinds: ``lit`` (shown as is), ``ph`` (digit
    placeholder), ``dot``, ``comma``, ``pct``, ``exp`` (text: sign), ``slash``, ``at``,
    ``date`` (text: the date/time code, e.g. ``yyyy``), ``ampm``, ``elapsed`` (``h``/``m``/``s``),
    ``fsec`` (fractional seconds, text: the zeros)."""
    out: list[tuple[str, str]] = []
    i, n = 0, len(section)
    lower = section.lower()
    while i < n:
        ch = section[i]
        low = ch.lower()
        if ch == '"':
            end = section.find('"', i + 1)
            end = n if end < 0 else end
            out.append(("lit", section[i + 1 : end]))
            i = end + 1
        elif ch == "\\" and i + 1 < n:
            out.append(("lit", section[i + 1]))
            i += 2
        elif ch == "_" and i + 1 < n:
            out.append(("lit", " "))
            i += 2
        elif ch == "*" and i + 1 < n:
            i += 2
        elif ch == "[":
            end = section.find("]", i)
            end = n if end < 0 else end
            inner = section[i + 1 : end]
            if inner.startswith("$"):
                symbol = inner[1:].split("-", 1)[0]
                if symbol:
                    out.append(("lit", symbol))
            elif inner and set(inner.lower()) <= {"h"}:
                out.append(("elapsed", "h" * len(inner)))
            elif inner and set(inner.lower()) <= {"m"}:
                out.append(("elapsed", "m" * len(inner)))
            elif inner and set(inner.lower()) <= {"s"}:
                out.append(("elapsed", "s" * len(inner)))
            # colours, conditions, locale and calendar tags show nothing
            i = end + 1
        elif ch in "0#?":
            out.append(("ph", ch))
            i += 1
        elif ch == ".":
            if out and ((out[-1][0] == "date" and out[-1][1][0] == "s") or out[-1][0] == "elapsed"):
                j = i + 1
                while j < n and section[j] == "0":
                    j += 1
                if j > i + 1:
                    out.append(("fsec", section[i + 1 : j]))
                    i = j
                    continue
            out.append(("dot", "."))
            i += 1
        elif ch == ",":
            out.append(("comma", ","))
            i += 1
        elif ch == "%":
            out.append(("pct", "%"))
            i += 1
        elif low == "e" and i + 1 < n and section[i + 1] in "+-":
            out.append(("exp", section[i + 1]))
            i += 2
        elif ch == "/":
            out.append(("slash", "/"))
            i += 1
        elif ch == "@":
            out.append(("at", "@"))
            i += 1
        elif lower.startswith("am/pm", i):
            out.append(("ampm", section[i : i + 5]))
            i += 5
        elif lower.startswith("a/p", i):
            out.append(("ampm", section[i : i + 3]))
            i += 3
        elif low in _DATE_LETTERS:
            j = i
            while j < n and section[j].lower() == low:
                j += 1
            out.append(("date", low * (j - i)))
            i = j
        elif low == "g" and lower.startswith("general", i):
            out.append(("general", ""))
            i += 7
        else:
            out.append(("lit", ch))
            i += 1
    return tuple(out)


def _is_date(tokens: tuple[tuple[str, str], ...]) -> bool:
    return any(kind in ("date", "elapsed", "ampm") for kind, _ in tokens)


def is_date_format(code: str) -> bool:
    """Whether ``code``'s first section shows a date or time."""
    return _is_date(_tokens(_split_sections(code)[0]))


# ---------------------------------------------------------------- General


def general(value: float) -> str:
    """A number as Excel's General format shows it: at most 11 characters besides the sign
    (rounded to fit), scientific with up to 6 significant digits from 1E+11 up and below
    1E-9; whole numbers below 1E+15 in full."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return "#NUM!"
    sign = "-" if value < 0 else ""
    magnitude = abs(value)
    if magnitude == 0:
        return "0"
    if float(magnitude).is_integer() and magnitude < 1e15:
        # Deliberately not Excel's narrow-column "1.23457E+11": whole numbers up to 15 digits
        # (account numbers, IDs) are shown in full, as Excel's formula bar shows them
        return f"{sign}{int(magnitude)}"
    if magnitude >= 1e11 or magnitude < 1e-9:
        mantissa, exponent = f"{magnitude:.5E}".split("E")
        mantissa = mantissa.rstrip("0").rstrip(".")
        return f"{sign}{mantissa}E{int(exponent):+03d}"
    if isinstance(magnitude, int) or float(magnitude).is_integer():
        return f"{sign}{int(magnitude)}"
    int_len = len(str(int(magnitude)))
    places = max(0, 10 - int_len)
    text = f"{_round(float(magnitude), places):f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("0", ""):
        mantissa, exponent = f"{magnitude:.5E}".split("E")
        return f"{sign}{mantissa.rstrip('0').rstrip('.')}E{int(exponent):+03d}"
    return sign + text


# ---------------------------------------------------------------- numbers


def _round(value: float, places: int) -> Decimal:
    try:
        # Excel keeps 15 significant digits: 0.00035*100 is 0.035, not 0.034999999999999996
        return Decimal(f"{value:.15g}").quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    except InvalidOperation:
        return Decimal(0)


def _group(digits: str) -> str:
    head = len(digits) % 3 or 3
    parts = [digits[:head], *(digits[i : i + 3] for i in range(head, len(digits), 3))]
    return ",".join(p for p in parts if p)


def _fill_integer(
    tokens: list[tuple[str, str]], digits: str, grouping: bool, show_zero: bool = False
) -> str:
    """The integer tokens with ``digits`` placed right to left (the leftmost placeholder takes
    any excess); ``0`` pads with zeros, ``?`` with spaces, ``#`` with nothing; ``show_zero``:
    a zero value still shows one "0" in the last placeholder."""
    places = [i for i, (kind, _t) in enumerate(tokens) if kind == "ph"]
    if not places:
        return "".join(t for kind, t in tokens if kind == "lit") + (digits if digits != "0" else "")
    if grouping:
        zeros = sum(1 for i in places if tokens[i][1] == "0")
        body = digits.lstrip("0") or ""
        body = body.rjust(zeros, "0") if zeros else body
        text = _group(body) if body else ""
        out = []
        for i, (kind, t) in enumerate(tokens):
            if i == places[0]:
                out.append(text)
            elif kind == "lit":
                out.append(t)
        return "".join(out)
    result = [t if kind == "lit" else "" for kind, t in tokens]
    remaining = digits if digits != "0" or show_zero else ""
    for position, index in enumerate(reversed(places)):
        last = position == len(places) - 1
        placeholder = tokens[index][1]
        if remaining:
            if last:
                result[index], remaining = remaining, ""
            else:
                result[index], remaining = remaining[-1], remaining[:-1]
        else:
            result[index] = {"0": "0", "?": " "}.get(placeholder, "")
    return "".join(result)


def _fill_fraction_digits(tokens: list[tuple[str, str]], digits: str) -> str:
    places = [i for i, (kind, _t) in enumerate(tokens) if kind == "ph"]
    result = [t if kind == "lit" else "" for kind, t in tokens]
    chars = list(digits.ljust(len(places), "0"))
    trimming = True
    for position in range(len(places) - 1, -1, -1):
        index = places[position]
        placeholder = tokens[index][1]
        digit = chars[position]
        if trimming and digit == "0" and placeholder in "#?":
            result[index] = " " if placeholder == "?" else ""
            continue
        trimming = False
        result[index] = digit
    return "".join(result)


def _format_number(value: float, tokens: tuple[tuple[str, str], ...]) -> str:
    toks = [t for t in tokens if t[0] != "general"]
    if any(kind == "slash" for kind, _ in toks):
        return _format_fraction(value, toks)
    percent = sum(1 for kind, _ in toks if kind == "pct")
    value = value * (100**percent)
    toks = [("lit", "%") if kind == "pct" else (kind, t) for kind, t in toks]
    # a comma with no placeholder after it (in the mantissa) scales by 1000; one between
    # integer placeholders groups thousands
    last_ph = max((i for i, (kind, _) in enumerate(toks) if kind == "ph"), default=-1)
    scale = 0
    for i, (kind, _t) in enumerate(toks):
        if kind == "comma" and i > last_ph:
            scale += 1
    toks = [t for i, t in enumerate(toks) if not (t[0] == "comma" and i > last_ph)]
    exp_at = next((i for i, (kind, _) in enumerate(toks) if kind == "exp"), -1)
    mantissa_toks = toks if exp_at < 0 else toks[:exp_at]
    dot_at = next((i for i, (kind, _) in enumerate(mantissa_toks) if kind == "dot"), -1)
    int_toks = mantissa_toks if dot_at < 0 else mantissa_toks[:dot_at]
    frac_toks = [] if dot_at < 0 else mantissa_toks[dot_at + 1 :]
    # commas: between placeholders they group thousands; after the last one they scale by 1000
    ph_idx = [i for i, (kind, _) in enumerate(int_toks) if kind == "ph"]
    grouping = False
    cleaned: list[tuple[str, str]] = []
    for i, (kind, t) in enumerate(int_toks):
        if kind == "comma":
            if ph_idx and ph_idx[0] < i < ph_idx[-1]:
                grouping = True
            elif ph_idx and i > ph_idx[-1]:  # just left of the decimal point: scales
                value /= 1000
            else:
                cleaned.append(("lit", ","))
            continue
        cleaned.append((kind, t))
    frac_clean = [(kind, t) for kind, t in frac_toks if kind != "comma"]
    value = value / (1000**scale)
    places = sum(1 for kind, _ in frac_clean if kind == "ph")
    if exp_at >= 0:
        return _format_scientific(value, cleaned, frac_clean, places, toks[exp_at:])
    rounded = _round(abs(value), places)
    text = f"{rounded:f}"
    int_digits, _, frac_digits = text.partition(".")
    int_text = _fill_integer(cleaned, int_digits, grouping)
    if dot_at < 0:
        return _literals(int_text)
    frac_text = _fill_fraction_digits(frac_clean, frac_digits)
    return _literals(int_text + "." + frac_text)


def _literals(text: str) -> str:
    return text.replace("\x00", "")


def _format_scientific(
    value: float,
    int_toks: list[tuple[str, str]],
    frac_toks: list[tuple[str, str]],
    places: int,
    exp_toks: list[tuple[str, str]],
) -> str:
    int_places = max(1, sum(1 for kind, _ in int_toks if kind == "ph"))
    magnitude = abs(value)
    exponent = 0 if magnitude == 0 else math.floor(math.log10(magnitude))
    if int_places > 1 and any(t == "#" for kind, t in int_toks if kind == "ph"):
        exponent = exponent - (exponent % int_places)  # engineering: multiples of the width
    elif magnitude:
        exponent = exponent - (int_places - 1)
    mantissa = _round(magnitude / (10.0**exponent) if magnitude else 0.0, places)
    if magnitude and mantissa >= Decimal(10) ** int_places:
        exponent += int_places if int_places > 1 else 1
        mantissa = _round(magnitude / (10.0**exponent), places)
    int_digits, _, frac_digits = f"{mantissa:f}".partition(".")
    text = _fill_integer(int_toks, int_digits, False)
    if places or any(kind == "dot" for kind, _ in frac_toks):
        text += "." + _fill_fraction_digits(frac_toks, frac_digits)
    sign = exp_toks[0][1]
    exp_digits = sum(1 for kind, _ in exp_toks[1:] if kind == "ph") or 1
    exp_sign = "-" if exponent < 0 else ("+" if sign == "+" else "")
    tail = "".join(t for kind, t in exp_toks[1:] if kind == "lit")
    return f"{text}E{exp_sign}{abs(exponent):0{exp_digits}d}{tail}"


def _fill_left(tokens: list[tuple[str, str]], digits: str) -> str:
    """Placeholders filled left to right (a denominator): unused ``?`` become spaces."""
    out, rest = [], digits
    places = [i for i, (kind, _t) in enumerate(tokens) if kind == "ph"]
    for i, (kind, t) in enumerate(tokens):
        if kind != "ph":
            out.append(t)
        elif i == places[-1]:
            out.append(rest or {"0": "0", "?": " "}.get(t, ""))
            rest = ""
        elif rest:
            out.append(rest[0])
            rest = rest[1:]
        else:
            out.append({"0": "0", "?": " "}.get(t, ""))
    return "".join(out)


def _format_fraction(value: float, toks: list[tuple[str, str]]) -> str:
    """``# ?/?``-style codes: an optional whole part, then numerator/denominator (the
    denominator either fixed, ``?/8``, or at most as many digits as its placeholders)."""
    slash = next(i for i, (kind, _) in enumerate(toks) if kind == "slash")
    before, after = toks[:slash], toks[slash + 1 :]
    # before the slash: prefix, whole part, separator, numerator, literals up to the slash
    j = len(before)
    while j > 0 and before[j - 1][0] != "ph":
        j -= 1
    k = j
    while k > 0 and before[k - 1][0] == "ph":
        k -= 1
    num_toks, between = before[k:j], before[j:]
    head = before[:k]
    whole_places = [i for i, (kind, _) in enumerate(head) if kind == "ph"]
    has_whole = bool(whole_places)
    if has_whole:
        prefix = head[: whole_places[0]]
        whole_toks = head[whole_places[0] : whole_places[-1] + 1]
        separator = head[whole_places[-1] + 1 :]
    else:
        prefix, whole_toks, separator = head, [], []
    # after the slash: literals, the denominator (placeholders or fixed digits), a suffix
    a = 0
    while a < len(after) and after[a][0] == "lit" and not after[a][1].isdigit():
        a += 1
    b = a
    while b < len(after) and (after[b][0] == "ph" or after[b][1].isdigit()):
        b += 1
    den_prefix, den_toks, suffix = after[:a], after[a:b], after[b:]
    fixed = ""
    if den_toks and den_toks[0][1].isdigit() and den_toks[0][1] != "0" and den_toks[0][0] == "lit":
        fixed = "".join(t for _kind, t in den_toks)
    magnitude = abs(value)
    whole = math.floor(magnitude) if has_whole else 0
    rest = magnitude - whole
    if fixed:
        denominator = int(fixed)
        numerator = int(_round(rest * denominator, 0))
    else:
        limit = 10 ** max(1, sum(1 for kind, _ in den_toks if kind == "ph")) - 1
        frac = Fraction(rest).limit_denominator(limit)
        numerator, denominator = frac.numerator, frac.denominator
    if has_whole and numerator == denominator:
        whole, numerator = whole + 1, 0

    def lits(tokens: list[tuple[str, str]]) -> str:
        return "".join(t for kind, t in tokens if kind == "lit")

    text = lits(prefix)
    if numerator == 0 and (has_whole or magnitude == 0):
        text += _fill_integer(whole_toks or num_toks, str(whole), False, show_zero=True)
        room = [t for kind, t in num_toks + den_toks if kind == "ph"]
        if "?" in room:  # the fraction's room is kept as spaces
            width = len(lits(separator)) + len(num_toks) + len(lits(between)) + 1
            width += len(lits(den_prefix)) + len(den_toks)
            text += " " * width
        return text + lits(suffix)
    if has_whole and (whole or any(t != "#" for kind, t in whole_toks if kind == "ph")):
        text += _fill_integer(whole_toks, str(whole), False) + lits(separator)
    elif has_whole:  # no whole number: its literals stay, its separator goes
        text += lits(whole_toks)
    text += _fill_integer(num_toks, str(numerator), False) + lits(between) + "/"
    zero_padded = all(t == "0" for kind, t in den_toks if kind == "ph")
    den_text = fixed or (
        _fill_integer(den_toks, str(denominator), False)
        if zero_padded
        else _fill_left(den_toks, str(denominator))
    )
    return text + lits(den_prefix) + den_text + lits(suffix)


# ---------------------------------------------------------------- dates


def to_serial(value: object, date1904: bool = False) -> float | None:
    """A date, time, datetime or timedelta as an Excel day serial (None for other values)."""
    epoch = _EPOCH_1904 if date1904 else _EPOCH_1900
    if isinstance(value, datetime.datetime):
        delta = value.replace(tzinfo=None) - epoch
    elif isinstance(value, datetime.date):
        delta = datetime.datetime.combine(value, datetime.time()) - epoch
    elif isinstance(value, datetime.time):
        return (value.hour * 3600 + value.minute * 60 + value.second) / 86400 + (
            value.microsecond / 86400e6
        )
    elif isinstance(value, datetime.timedelta):
        return value.total_seconds() / 86400
    else:
        return None
    serial = delta.total_seconds() / 86400
    if not date1904 and serial < 61:  # before Excel's phantom 29 Feb 1900
        serial -= 1
    return serial


def from_serial(serial: float, date1904: bool = False) -> datetime.datetime:
    """The datetime an Excel day serial stands for (1900 system: serial 60 is the phantom
    29 Feb 1900 and shows as 28 Feb)."""
    if date1904:
        return _EPOCH_1904 + datetime.timedelta(days=serial)
    if serial < 61:
        serial += 1
    return _EPOCH_1900 + datetime.timedelta(days=serial)


def _format_date(serial: float, tokens: tuple[tuple[str, str], ...], date1904: bool) -> str:
    fsec = max((len(t) for kind, t in tokens if kind == "fsec"), default=0)
    # Excel rounds to the shown precision of seconds before splitting into fields
    unit = 10**fsec
    total = round(serial * 86400 * unit)
    day_serial, within = divmod(total, 86400 * unit)
    seconds, fraction = divmod(within, unit)
    moment = from_serial(float(day_serial), date1904) + datetime.timedelta(seconds=seconds)
    has_ampm = any(kind == "ampm" for kind, _ in tokens)
    total_seconds = total // unit
    elapsed = {t[0] for kind, t in tokens if kind == "elapsed"}
    out: list[str] = []
    for index, (kind, t) in enumerate(tokens):
        if kind == "date" and t[0] in elapsed and t[0] in "hs":  # after [h], h is elapsed too
            kind = "elapsed"
        if kind == "date":
            out.append(_date_part(t, index, tokens, moment, has_ampm))
        elif kind == "elapsed":
            if t[0] == "h":
                amount = total_seconds // 3600
            elif t[0] == "m":
                amount = total_seconds // 60
            else:
                amount = total_seconds
            out.append(f"{amount:0{len(t)}d}")
        elif kind == "fsec":
            out.append("." + f"{fraction:0{fsec}d}"[: len(t)])
        elif kind == "ampm":
            pm = moment.hour >= 12
            if t.lower() == "a/p":
                out.append(("P" if pm else "A") if t[0].isupper() else ("p" if pm else "a"))
            else:
                out.append("PM" if pm else "AM")
        elif kind in ("lit", "dot", "comma", "slash", "pct"):
            out.append(t if kind != "dot" else ".")
        elif kind == "ph":
            out.append(t if t == "0" else "")
    return "".join(out)


def _minute_context(index: int, tokens: tuple[tuple[str, str], ...]) -> bool:
    """Whether the ``m``/``mm`` at ``index`` means minutes: after an hour or a second, or
    before a second."""
    for kind, t in reversed(tokens[:index]):
        if kind in ("date", "elapsed"):
            if t[0] in "hs":
                return True
            break
    for kind, t in tokens[index + 1 :]:
        if kind in ("date", "elapsed"):
            return t[0] == "s"
    return False


def _date_part(
    code: str,
    index: int,
    tokens: tuple[tuple[str, str], ...],
    moment: datetime.datetime,
    has_ampm: bool,
) -> str:
    letter, width = code[0], len(code)
    if letter in ("y", "e"):
        return f"{moment.year:04d}" if width > 2 or letter == "e" else f"{moment.year % 100:02d}"
    if letter == "m":
        if width <= 2 and _minute_context(index, tokens):
            return f"{moment.minute:0{width}d}"
        if width == 1:
            return str(moment.month)
        if width == 2:
            return f"{moment.month:02d}"
        name = _MONTHS[moment.month - 1]
        return name[:3] if width == 3 else (name[0] if width == 5 else name)
    if letter == "d":
        if width == 1:
            return str(moment.day)
        if width == 2:
            return f"{moment.day:02d}"
        name = _DAYS[moment.weekday()]
        return name[:3] if width == 3 else name
    if letter == "h":
        hour = moment.hour
        if has_ampm:
            hour = hour % 12 or 12
        return f"{hour:0{min(width, 2)}d}"
    if letter == "s":
        return f"{moment.second:0{min(width, 2)}d}"
    return code


# ---------------------------------------------------------------- entry point


def _pick_section(value: float, sections: list[str]) -> tuple[str, bool]:
    """The section that formats ``value`` and whether the value's minus sign is the
    section's job (a negative section shows its own sign, or none)."""
    numeric = sections[:3]
    conditions = [_CONDITION.search(s) for s in numeric]
    if any(conditions):
        for section, cond in zip(numeric, conditions, strict=False):
            if cond is None:
                return section, False
            op, bound = cond.group(1), float(cond.group(2))
            if {
                "<": value < bound,
                ">": value > bound,
                "=": value == bound,
                "<=": value <= bound,
                ">=": value >= bound,
                "<>": value != bound,
            }[op]:
                return section, False
        return "General", False
    if value < 0 and len(numeric) >= 2:
        return numeric[1], True
    if value == 0 and len(numeric) >= 3:
        return numeric[2], True
    return numeric[0], False


def format_value(value: object, code: str, date1904: bool = False) -> str:
    """``value`` (a number, date/time, bool or text as read from a cell) shown with the number
    format ``code`` as Excel shows it; General form when the code cannot be applied."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, str):
        sections = _split_sections(code or "General")
        text_section = sections[3] if len(sections) > 3 else sections[0]
        if not any(kind == "at" for kind, _ in _tokens(text_section)):
            return value
        return "".join(
            value if kind == "at" else t
            for kind, t in _tokens(text_section)
            if kind == "lit" or kind == "at"
        )
    serial = to_serial(value, date1904)
    number = serial if serial is not None else value
    if not isinstance(number, (int, float)):
        return str(value)
    if not code or code.lower() in ("general", "@"):
        return (
            general(number)
            if serial is None
            else _format_date(number, _tokens("yyyy-mm-dd hh:mm:ss"), date1904)
        )
    try:
        section, own_sign = _pick_section(float(number), _split_sections(code))
        tokens = _tokens(section)
        if _is_date(tokens):
            if number < 0:
                if any(kind == "elapsed" for kind, _ in tokens):
                    return "-" + _format_date(-float(number), tokens, date1904).strip()
                return general(number)
            return _format_date(float(number), tokens, date1904).strip()
        if not tokens or all(kind == "general" for kind, _ in tokens):
            return general(abs(number) if own_sign else number)
        if not any(kind in ("ph", "general") for kind, _ in tokens):  # a literal-only section
            return "".join(t for kind, t in tokens if kind == "lit").strip()
        text = _format_number(abs(float(number)), tokens).strip()
        if float(number) < 0 and not own_sign and any(ch.isdigit() and ch != "0" for ch in text):
            text = "-" + text
        return text
    except (ValueError, ArithmeticError, IndexError, OverflowError):
        return general(number)

"""The form an MCP server asks the user to fill in (elicitation, form mode): what its schema means
as fields, and the rules an answer must keep before it is sent.

Why it exists: the window (a dialog) and the terminal (``parley ask``) both ask the person; the
fields they show and the checks they make must be the same, so the schema is read here once,
without Qt, and both surfaces only render ``FormSpec`` and call ``check_answers``/``from_text``.

What the spec allows (MCP 2025-06-18 / 2025-11-25, ``PrimitiveSchemaDefinition``): a flat object
whose properties are a string (``format`` email/uri/date/date-time, ``minLength``/``maxLength``),
a single choice (``enum`` with optional legacy ``enumNames``, or ``oneOf`` of ``{const, title}``),
a number or integer (``minimum``/``maximum``), a boolean, or a multiple choice (``type: array``,
``items`` ``enum`` or ``anyOf`` of ``{const, title}``, ``minItems``/``maxItems``); a ``required``
list; ``default``, ``title`` and ``description`` per property.

Invariants it keeps:

- reading a schema never raises: a property this module does not understand becomes a text field
  with a note (``UNSUPPORTED``), a schema that is not an object at all becomes a form with no
  fields and a ``problem`` saying why (a surface then offers only Decline and Cancel);
- an answer is sent only if ``check_answers`` finds no problem; every problem names its field and
  says what is wrong in words (never a schema keyword);
- everything the server wrote (titles, descriptions, labels) is untrusted text: it is kept as is
  here, and the surfaces show it as plain text;
- standard library only (the domain and application layers are Qt-free).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

TEXT = "text"
INTEGER = "integer"
NUMBER = "number"
BOOLEAN = "boolean"
CHOICE = "choice"
MULTI = "multi"
UNSUPPORTED = "unsupported"

FORMATS = ("email", "uri", "date", "date-time")

#: The most fields one form may have; a larger one is not shown (nobody fills in 500 fields).
MAX_FIELDS = 100

_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s.]+$")
_URI_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:\S+$")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DATE_TIME = re.compile(
    r"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$"
)

_YES = ("y", "yes", "true", "1", "on")
_NO = ("n", "no", "false", "0", "off")


@dataclass(frozen=True)
class Choice:
    """One option of a choice: the value sent and the label shown (the value if none given)."""

    value: str
    label: str


@dataclass(frozen=True)
class FieldSpec:
    """One property of the form, as a surface shows it. ``default`` is ``None`` when the schema
    gives none (or gives one of the wrong type). ``note`` says why a field is shown as plain
    text (``UNSUPPORTED``)."""

    name: str
    kind: str
    label: str
    description: str = ""
    required: bool = False
    default: Any = None
    format: str = ""
    min_length: int | None = None
    max_length: int | None = None
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[Choice, ...] = ()
    min_items: int | None = None
    max_items: int | None = None
    note: str = ""

    def hint(self) -> str:
        """What the field takes, in words ("a whole number from 1 to 10"); "" if nothing to say."""
        if self.kind in (INTEGER, NUMBER):
            what = "a whole number" if self.kind == INTEGER else "a number"
            return what + _range_words(self.minimum, self.maximum)
        if self.kind == BOOLEAN:
            return "yes or no"
        if self.kind == MULTI:
            return "choose" + _count_words(self.min_items, self.max_items)
        if self.kind == TEXT:
            parts = []
            if self.format:
                parts.append(_FORMAT_WORDS[self.format])
            if self.min_length is not None or self.max_length is not None:
                parts.append(_length_words(self.min_length, self.max_length))
            return ", ".join(parts)
        return ""


@dataclass(frozen=True)
class FormSpec:
    """The whole form: its fields in the server's order, and a ``problem`` if the schema could
    not be shown at all ("" when it can)."""

    fields: tuple[FieldSpec, ...]
    problem: str = ""


@dataclass(frozen=True)
class Problem:
    """Why an answer cannot be sent: which field ("" for the whole form) and what is wrong."""

    field: str
    message: str


class FieldError(ValueError):
    """Typed text that is not a value for its field (``from_text``); the message says why."""


# -- reading the schema -------------------------------------------------------------------------


def form_from_schema(schema: object) -> FormSpec:
    """The fields ``schema`` (the server's ``requestedSchema``) asks for. Never raises."""
    if not isinstance(schema, Mapping):
        return FormSpec((), "the server's form is not a JSON object, so it cannot be shown")
    kind = schema.get("type", "object")
    if kind != "object":
        return FormSpec((), f"the server's form is of type {kind!r}, not an object of fields")
    properties = schema.get("properties", {})
    if not isinstance(properties, Mapping):
        return FormSpec((), "the server's form has no readable list of fields")
    if len(properties) > MAX_FIELDS:
        return FormSpec(
            (), f"the server's form has {len(properties)} fields; at most {MAX_FIELDS} are shown"
        )
    required_list = schema.get("required", ())
    required = (
        {str(r) for r in required_list}
        if isinstance(required_list, Sequence) and not isinstance(required_list, str)
        else set()
    )
    fields = tuple(
        field_from_property(str(name), prop, str(name) in required)
        for name, prop in properties.items()
    )
    return FormSpec(fields)


def field_from_property(name: str, prop: object, required: bool) -> FieldSpec:
    """One property as a field; anything not understood is a text field with a note."""
    if not isinstance(prop, Mapping):
        return _unsupported(name, {}, required, "its description is not an object")
    label = _text(prop.get("title")) or name
    description = _text(prop.get("description"))
    base: dict[str, Any] = {"label": label, "description": description, "required": required}
    kind = prop.get("type")
    default = prop.get("default")

    if kind == "array":
        choices = _choices(prop.get("items"))
        if not choices:
            return _unsupported(name, prop, required, "a list whose options are not given")
        values = {c.value for c in choices}
        chosen = (
            tuple(str(v) for v in default if str(v) in values)
            if isinstance(default, list) and all(isinstance(v, str) for v in default)
            else None
        )
        return FieldSpec(
            name,
            MULTI,
            choices=choices,
            default=chosen,
            min_items=_count(prop.get("minItems")),
            max_items=_count(prop.get("maxItems")),
            **base,
        )
    choices = _choices(prop)
    if choices and kind in (None, "string"):
        values = {c.value for c in choices}
        return FieldSpec(
            name,
            CHOICE,
            choices=choices,
            default=default if isinstance(default, str) and default in values else None,
            **base,
        )
    if kind == "string":
        fmt = prop.get("format")
        return FieldSpec(
            name,
            TEXT,
            format=fmt if fmt in FORMATS else "",
            min_length=_count(prop.get("minLength")),
            max_length=_count(prop.get("maxLength")),
            default=default if isinstance(default, str) else None,
            **base,
        )
    if kind in ("integer", "number"):
        minimum, maximum = _number(prop.get("minimum")), _number(prop.get("maximum"))
        value: Any = None
        given = _number(default)
        if given is not None and (kind == "number" or given.is_integer()):
            value = int(given) if kind == "integer" else default
        return FieldSpec(
            name,
            INTEGER if kind == "integer" else NUMBER,
            minimum=minimum,
            maximum=maximum,
            default=value,
            **base,
        )
    if kind == "boolean":
        return FieldSpec(
            name, BOOLEAN, default=default if isinstance(default, bool) else None, **base
        )
    what = f"type {kind!r}" if kind is not None else "no type"
    return _unsupported(name, prop, required, f"it has {what}")


def _unsupported(name: str, prop: Mapping[str, Any], required: bool, why: str) -> FieldSpec:
    default = prop.get("default")
    return FieldSpec(
        name,
        UNSUPPORTED,
        label=_text(prop.get("title")) or name,
        description=_text(prop.get("description")),
        required=required,
        default=default if isinstance(default, str) else None,
        note=f"Parley cannot show this kind of field ({why}); type the value as text.",
    )


def _choices(prop: object) -> tuple[Choice, ...]:
    """The options of a single choice (``enum``/``enumNames`` or ``oneOf``) or of an array's
    ``items`` (``enum`` or ``anyOf``); () if there are none or they are not strings."""
    if not isinstance(prop, Mapping):
        return ()
    enum = prop.get("enum")
    if isinstance(enum, list) and enum and all(isinstance(v, str) for v in enum):
        names = prop.get("enumNames")
        if isinstance(names, list) and len(names) == len(enum):
            return tuple(Choice(v, _text(n) or v) for v, n in zip(enum, names, strict=True))
        return tuple(Choice(v, v) for v in enum)
    for key in ("oneOf", "anyOf"):
        options = prop.get(key)
        if isinstance(options, list) and options:
            found = []
            for option in options:
                if not isinstance(option, Mapping) or not isinstance(option.get("const"), str):
                    return ()
                found.append(Choice(option["const"], _text(option.get("title")) or option["const"]))
            return tuple(found)
    return ()


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _count(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _is_number(value: object) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(float(value))
    )


def _number(value: object) -> float | None:
    return float(value) if _is_number(value) else None  # type: ignore[arg-type]


# -- checking an answer -------------------------------------------------------------------------


def is_given(value: object) -> bool:
    """Whether a field holds an answer: ``None`` and empty text are "not answered" (a list, even
    empty, and a boolean always are)."""
    return value is not None and value != ""


def check_value(spec: FieldSpec, value: object) -> str:
    """What is wrong with ``value`` for ``spec`` ("" if nothing). ``value`` is given (see
    ``is_given``) and of the field's Python type (``str``, ``int``, ``float``, ``bool``,
    ``list[str]``)."""
    if spec.kind in (TEXT, UNSUPPORTED):
        if not isinstance(value, str):
            return "must be text"
        if spec.kind == UNSUPPORTED:
            return ""
        length = len(value)
        if spec.min_length is not None and length < spec.min_length:
            return f"must be at least {_plural(spec.min_length, 'character')}"
        if spec.max_length is not None and length > spec.max_length:
            return f"must be at most {_plural(spec.max_length, 'character')}"
        return _format_problem(spec.format, value)
    if spec.kind in (INTEGER, NUMBER):
        if not _is_number(value):
            return "must be a number"
        number = float(value)  # type: ignore[arg-type]
        if spec.kind == INTEGER and not number.is_integer():
            return "must be a whole number"
        if spec.minimum is not None and number < spec.minimum:
            return f"must be at least {_show(spec.minimum)}"
        if spec.maximum is not None and number > spec.maximum:
            return f"must be at most {_show(spec.maximum)}"
        return ""
    if spec.kind == BOOLEAN:
        return "" if isinstance(value, bool) else "must be yes or no"
    if spec.kind == CHOICE:
        if isinstance(value, str) and value in {c.value for c in spec.choices}:
            return ""
        return "must be one of the options"
    if spec.kind == MULTI:
        if not isinstance(value, list | tuple):
            return "must be a list of options"
        values = {c.value for c in spec.choices}
        if any(not isinstance(v, str) or v not in values for v in value):
            return "must be chosen from the options"
        if len(set(value)) != len(value):
            return "names an option twice"
        if spec.min_items is not None and len(value) < spec.min_items:
            return f"choose at least {_plural(spec.min_items, 'option')}"
        if spec.max_items is not None and len(value) > spec.max_items:
            return f"choose at most {_plural(spec.max_items, 'option')}"
        return ""
    return ""


def check_answers(
    form: FormSpec, values: Mapping[str, object]
) -> tuple[dict[str, Any], tuple[Problem, ...]]:
    """The content to send for ``values`` (by field name; a missing name or a value that is not
    given is left out) and what is wrong with it. Send the content only if there are no problems.
    """
    if form.problem:
        return {}, (Problem("", form.problem),)
    content: dict[str, Any] = {}
    problems: list[Problem] = []
    for spec in form.fields:
        value = values.get(spec.name)
        if not is_given(value):
            if spec.required:
                problems.append(Problem(spec.name, f"{spec.label}: an answer is required"))
            continue
        wrong = check_value(spec, value)
        if wrong:
            problems.append(Problem(spec.name, f"{spec.label}: {wrong}"))
            continue
        if spec.kind == INTEGER:
            value = int(float(value))  # type: ignore[arg-type]
        elif spec.kind == MULTI:
            value = list(value)  # type: ignore[call-overload]
        content[spec.name] = value
    return content, tuple(problems)


def from_text(spec: FieldSpec, raw: str) -> object:
    """The value typed text stands for in ``spec`` (the terminal asks field by field): a number
    for a number, yes/no for a boolean, an option's number, value or label for a choice, a
    comma-separated list of those for a multiple choice; ``None`` for an empty line (not
    answered). Raises ``FieldError`` saying why the text is not a value; the caller then checks
    the value with ``check_value`` (ranges, lengths, formats)."""
    text = raw.strip()
    if text == "":
        return None
    if spec.kind in (TEXT, UNSUPPORTED):
        return text
    if spec.kind == INTEGER:
        try:
            return int(text)
        except ValueError:
            raise FieldError(f"{text!r} is not a whole number") from None
    if spec.kind == NUMBER:
        try:
            return int(text)
        except ValueError:
            pass
        try:
            number = float(text)
        except ValueError:
            raise FieldError(f"{text!r} is not a number") from None
        if not math.isfinite(number):
            raise FieldError(f"{text!r} is not a number")
        return number
    if spec.kind == BOOLEAN:
        lowered = text.lower()
        if lowered in _YES:
            return True
        if lowered in _NO:
            return False
        raise FieldError(f"{text!r} is not yes or no")
    if spec.kind == CHOICE:
        return _option(spec, text)
    if spec.kind == MULTI:
        picked = [_option(spec, part.strip()) for part in text.split(",") if part.strip()]
        return list(dict.fromkeys(picked))
    return text


def _option(spec: FieldSpec, text: str) -> str:
    if text.isdigit() and 1 <= int(text) <= len(spec.choices):
        return spec.choices[int(text) - 1].value
    for choice in spec.choices:
        if text == choice.value:
            return choice.value
    lowered = text.lower()
    for choice in spec.choices:
        if lowered in (choice.value.lower(), choice.label.lower()):
            return choice.value
    raise FieldError(f"{text!r} is not one of the options")


def _format_problem(fmt: str, value: str) -> str:
    if fmt == "email" and not _EMAIL.match(value):
        return "must be an email address, like name@example.com"
    if fmt == "uri" and not _URI_SCHEME.match(value):
        return "must be a full address with its scheme, like https://example.com/page"
    if fmt == "date":
        try:
            if not _DATE.match(value):
                raise ValueError
            date.fromisoformat(value)
        except ValueError:
            return "must be a date as year-month-day, like 2026-12-31"
    if fmt == "date-time":
        try:
            if not _DATE_TIME.match(value):
                raise ValueError
            datetime.fromisoformat(value[:-1] + "+00:00" if value[-1] in "Zz" else value)
        except ValueError:
            return "must be a date and time with its offset, like 2026-12-31T09:30:00Z"
    return ""


_FORMAT_WORDS = {
    "email": "an email address",
    "uri": "a web address (https://…)",
    "date": "a date (year-month-day)",
    "date-time": "a date and time (2026-12-31T09:30:00Z)",
}


def _show(number: float) -> str:
    if float(number).is_integer() and abs(number) < 1e15:
        return str(int(number))
    return f"{float(number):g}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _range_words(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {_show(low)} to {_show(high)}"
    if low is not None:
        return f" of at least {_show(low)}"
    if high is not None:
        return f" of at most {_show(high)}"
    return ""


def _length_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} to {high} characters"
    if low is not None:
        return f"at least {_plural(low, 'character')}"
    return f"at most {_plural(high or 0, 'character')}"


def _count_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f" {low} to {high}" if low != high else f" exactly {low}"
    if low is not None:
        return f" at least {low}"
    if high is not None:
        return f" at most {high}"
    return " any number"

"""The elicitation form (``application/mcp/elicitation_form.py``): every kind of property the MCP
spec allows read into a field, defaults kept only when they fit, and every rule an answer must
keep before it is sent (the window's dialog and the terminal both use these)."""

from __future__ import annotations

import pytest

from parley.application.mcp.elicitation_form import (
    BOOLEAN,
    CHOICE,
    INTEGER,
    MULTI,
    NUMBER,
    TEXT,
    UNSUPPORTED,
    Choice,
    FieldError,
    check_answers,
    form_from_schema,
    from_text,
)

#: Every primitive the spec (2025-11-25 ``PrimitiveSchemaDefinition``) allows, once.
SCHEMA = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "title": "Your name", "description": "As on the ticket",
                 "minLength": 2, "maxLength": 10, "default": "Ada"},
        "email": {"type": "string", "format": "email"},
        "site": {"type": "string", "format": "uri"},
        "day": {"type": "string", "format": "date"},
        "when": {"type": "string", "format": "date-time"},
        "guests": {"type": "integer", "minimum": 1, "maximum": 8, "default": 2},
        "budget": {"type": "number", "minimum": 0.5},
        "vegan": {"type": "boolean", "default": False},
        "size": {"type": "string", "enum": ["s", "m", "l"],
                 "enumNames": ["Small", "Medium", "Large"]},
        "colour": {"type": "string", "oneOf": [{"const": "r", "title": "Red"},
                                                {"const": "g", "title": "Green"}], "default": "g"},
        "extras": {"type": "array", "items": {"type": "string", "enum": ["tea", "cake", "jam"]},
                   "minItems": 1, "maxItems": 2, "default": ["tea"]},
        "seats": {"type": "array", "items": {"anyOf": [{"const": "a1", "title": "Window"},
                                                        {"const": "a2", "title": "Aisle"}]}},
    },
    "required": ["name", "guests", "size"],
}  # fmt: skip


def fields():
    return {f.name: f for f in form_from_schema(SCHEMA).fields}


def test_every_kind_of_property_becomes_its_field():
    f = fields()
    assert list(f) == list(SCHEMA["properties"])  # the server's order
    assert (f["name"].kind, f["name"].label, f["name"].description) == (
        TEXT,
        "Your name",
        "As on the ticket",
    )
    assert (f["name"].min_length, f["name"].max_length, f["name"].default) == (2, 10, "Ada")
    assert f["name"].required and f["guests"].required and not f["email"].required
    assert [f[n].format for n in ("email", "site", "day", "when")] == list(
        ("email", "uri", "date", "date-time")
    )
    assert (f["guests"].kind, f["guests"].minimum, f["guests"].maximum) == (INTEGER, 1, 8)
    assert f["guests"].default == 2 and f["email"].label == "email"  # no title: the name
    assert (f["budget"].kind, f["budget"].minimum, f["budget"].maximum) == (NUMBER, 0.5, None)
    assert (f["vegan"].kind, f["vegan"].default) == (BOOLEAN, False)
    assert f["size"].kind == CHOICE
    assert f["size"].choices == (Choice("s", "Small"), Choice("m", "Medium"), Choice("l", "Large"))
    assert f["colour"].choices == (Choice("r", "Red"), Choice("g", "Green"))
    assert f["colour"].default == "g"
    assert (f["extras"].kind, f["extras"].min_items, f["extras"].max_items) == (MULTI, 1, 2)
    assert f["extras"].choices[0] == Choice("tea", "tea") and f["extras"].default == ("tea",)
    assert f["seats"].choices == (Choice("a1", "Window"), Choice("a2", "Aisle"))
    assert f["guests"].hint() == "a whole number from 1 to 8"
    assert f["extras"].hint() == "choose 1 to 2"
    assert f["name"].hint() == "2 to 10 characters"


def test_defaults_of_the_wrong_type_or_outside_the_options_are_dropped():
    form = form_from_schema(
        {
            "properties": {
                "a": {"type": "integer", "default": 2.5},
                "b": {"type": "string", "enum": ["x"], "default": "y"},
                "c": {"type": "boolean", "default": "yes"},
                "d": {"type": "array", "items": {"enum": ["x"]}, "default": ["x", "zz"]},
                "e": {"type": "number", "default": True},
            }
        }
    )
    by = {f.name: f for f in form.fields}
    assert by["a"].default is None and by["b"].default is None and by["c"].default is None
    assert by["d"].default == ("x",) and by["e"].default is None


@pytest.mark.parametrize(
    ("prop", "why"),
    [
        ({"type": "object", "properties": {}}, "type 'object'"),
        ({"type": "array", "items": {"type": "string"}}, "options are not given"),
        ({"description": "no type"}, "no type"),
        ("just a string", "not an object"),
    ],
)
def test_what_is_not_understood_is_a_text_field_with_a_note(prop, why):
    (field,) = form_from_schema({"type": "object", "properties": {"x": prop}}).fields
    assert field.kind == UNSUPPORTED and why in field.note and "as text" in field.note
    content, problems = check_answers(form_from_schema({"properties": {"x": prop}}), {"x": "v"})
    assert content == {"x": "v"} and problems == ()


@pytest.mark.parametrize(
    ("schema", "words"),
    [
        (None, "not a JSON object"),
        ([1, 2], "not a JSON object"),
        ({"type": "string"}, "not an object of fields"),
        ({"type": "object", "properties": [1]}, "no readable list"),
        ({"properties": {f"f{i}": {"type": "string"} for i in range(101)}}, "101 fields"),
    ],
)
def test_a_schema_that_cannot_be_shown_says_why_and_sends_nothing(schema, words):
    form = form_from_schema(schema)
    assert form.fields == () and words in form.problem
    content, problems = check_answers(form, {})
    assert content == {} and problems and words in problems[0].message


def test_an_empty_form_is_fine():
    form = form_from_schema({"type": "object", "properties": {}})
    assert form.fields == () and form.problem == ""
    assert check_answers(form, {}) == ({}, ())


GOOD = {
    "name": "Ada",
    "email": "ada@example.com",
    "site": "https://example.com/x",
    "day": "2026-12-31",
    "when": "2026-12-31T09:30:00Z",
    "guests": 3,
    "budget": 12.5,
    "vegan": True,
    "size": "m",
    "colour": "r",
    "extras": ["tea", "jam"],
    "seats": [],
}


def test_a_good_answer_is_sent_typed():
    content, problems = check_answers(form_from_schema(SCHEMA), GOOD)
    assert problems == ()
    assert content == GOOD


def test_fields_left_empty_are_left_out_unless_required():
    content, problems = check_answers(
        form_from_schema(SCHEMA), {"name": "Ada", "guests": 2, "size": "s", "email": ""}
    )
    assert problems == ()
    assert content == {"name": "Ada", "guests": 2, "size": "s"}
    content, problems = check_answers(form_from_schema(SCHEMA), {"name": "", "guests": None})
    assert [p.field for p in problems] == ["name", "guests", "size"]
    assert problems[0].message == "Your name: an answer is required"


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("name", "A", "at least 2 characters"),
        ("name", "A" * 11, "at most 10 characters"),
        ("email", "ada.example.com", "an email address"),
        ("email", "ada@localhost", "an email address"),
        ("site", "example.com", "full address with its scheme"),
        ("day", "31/12/2026", "year-month-day"),
        ("day", "2026-02-30", "year-month-day"),
        ("when", "2026-12-31 09:30", "with its offset"),
        ("when", "2026-12-31T25:30:00Z", "with its offset"),
        ("guests", 0, "at least 1"),
        ("guests", 9, "at most 8"),
        ("guests", 2.5, "whole number"),
        ("guests", "3", "must be a number"),
        ("guests", True, "must be a number"),
        ("budget", 0.25, "at least 0.5"),
        ("budget", float("nan"), "must be a number"),
        ("vegan", "yes", "yes or no"),
        ("size", "xl", "one of the options"),
        ("size", ["s"], "one of the options"),
        ("extras", [], "at least 1 option"),
        ("extras", ["tea", "cake", "jam"], "at most 2 options"),
        ("extras", ["tea", "tea"], "twice"),
        ("extras", ["coffee"], "from the options"),
        ("extras", "tea", "a list of options"),
    ],
)
def test_each_rule_names_the_field_and_what_is_wrong(field, value, words):
    content, problems = check_answers(form_from_schema(SCHEMA), {**GOOD, field: value})
    assert [p.field for p in problems] == [field]
    assert words in problems[0].message
    assert field not in content


def test_typed_text_becomes_the_fields_value():
    f = fields()
    assert from_text(f["guests"], " 4 ") == 4
    assert from_text(f["budget"], "3") == 3 and from_text(f["budget"], "2.75") == 2.75
    assert from_text(f["vegan"], "Yes") is True and from_text(f["vegan"], "n") is False
    assert from_text(f["size"], "2") == "m"  # the option's number
    assert from_text(f["size"], "large") == "l"  # its label
    assert from_text(f["size"], "s") == "s"  # its value
    assert from_text(f["extras"], "1, jam, 1") == ["tea", "jam"]
    assert from_text(f["name"], "  Grace Hopper ") == "Grace Hopper"
    assert from_text(f["name"], "   ") is None  # not answered
    for field, typed, words in [
        ("guests", "two", "not a whole number"),
        ("guests", "2.5", "not a whole number"),
        ("budget", "inf", "not a number"),
        ("vegan", "maybe", "not yes or no"),
        ("size", "4", "not one of the options"),
        ("extras", "tea, coffee", "not one of the options"),
    ]:
        with pytest.raises(FieldError, match=words):
            from_text(f[field], typed)

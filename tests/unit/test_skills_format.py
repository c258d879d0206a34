"""The skill and agent file format (``domain.agents.skills``): header, no header, bad headers,
Windows line ends and BOMs, render → parse round trips, and the exact prefix a turn gets."""

from __future__ import annotations

import pytest

from parley.domain.agents.skills import (
    SkillDoc,
    SkillFormatError,
    check_name,
    compose_prefix,
    parse_skill,
    render_skill,
)

REVIEW = "---\nname: code-review\ndescription: Review a diff\n---\nBugs first.\n\nStyle last.\n"


def test_a_header_gives_name_and_description() -> None:
    doc = parse_skill(REVIEW, kind="skill", fallback_name="ignored")
    assert doc == SkillDoc("skill", "code-review", "Review a diff", "Bugs first.\n\nStyle last.")


def test_without_a_header_the_file_name_and_first_line_are_used() -> None:
    doc = parse_skill("\n# Terse reviewer\nSay little.\n", kind="agent", fallback_name="terse")
    assert doc == SkillDoc("agent", "terse", "Terse reviewer", "# Terse reviewer\nSay little.")


def test_a_header_may_leave_out_the_description_and_carry_comments() -> None:
    text = "---\n# a comment\nname: short\n\n---\nFirst line\nsecond\n"
    doc = parse_skill(text, kind="skill")
    assert (doc.name, doc.description, doc.body) == ("short", "First line", "First line\nsecond")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("---\nname: x\nthis is not a pair\n---\nbody", "header line 3 is not 'key: value'"),
        ("---\nname: x\ncolour: red\n---\nbody", "unknown header key 'colour' on line 3"),
        ("---\nname: x\nbody without an end", "no closing '---'"),
        ("---\nname: Bad Name\n---\nbody", "not a usable name"),
        ("---\nname: x\n---\n\n\n", "has no text"),
    ],
)
def test_bad_files_are_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(SkillFormatError, match=reason):
        parse_skill(text, kind="skill", fallback_name="fallback")


def test_no_name_anywhere_is_refused() -> None:
    with pytest.raises(SkillFormatError, match="not a usable name"):
        parse_skill("just text", kind="skill")


def test_crlf_and_a_bom_read_like_plain_lf() -> None:
    windows = "\ufeff" + REVIEW.replace("\n", "\r\n")
    assert parse_skill(windows, kind="skill") == parse_skill(REVIEW, kind="skill")


@pytest.mark.parametrize("name", ["a", "code-review", "x_1", "0lead", "a" * 40])
def test_usable_names(name: str) -> None:
    check_name(name)


@pytest.mark.parametrize("name", ["", "A", "-lead", "has space", "a" * 41, "dot.ted", "é"])
def test_unusable_names(name: str) -> None:
    with pytest.raises(SkillFormatError, match="not a usable name"):
        check_name(name)


def test_kind_must_be_skill_or_agent() -> None:
    with pytest.raises(SkillFormatError, match="kind must be one of"):
        SkillDoc("persona", "x", "", "body")


def test_render_is_the_documented_format_and_parses_back() -> None:
    doc = SkillDoc("skill", "code-review", "Review  a\ndiff", "Bugs first.\n\n```\ncode\n```")
    text = render_skill(doc)
    assert text == (
        "---\nname: code-review\ndescription: Review a diff\n---\nBugs first.\n\n```\ncode\n```\n"
    )
    back = parse_skill(text, kind="skill")
    assert back == SkillDoc("skill", "code-review", "Review a diff", doc.body)
    assert render_skill(back) == text


def test_a_body_that_contains_dashes_survives_the_round_trip() -> None:
    doc = SkillDoc("agent", "writer", "Writes", "Intro\n---\nA horizontal rule above.")
    assert parse_skill(render_skill(doc), kind="agent") == doc


def test_compose_prefix_exact_bytes() -> None:
    agent = SkillDoc("agent", "reviewer", "R", "You review code.\n")
    first = SkillDoc("skill", "tests-first", "T", "Ask for tests.")
    second = SkillDoc("skill", "short", "S", "\nBe brief.\n\n")
    prefix = compose_prefix(agent, [first, second, first])
    assert prefix == (
        "# Agent: reviewer\n\nYou review code.\n\n"
        "# Skill: tests-first\n\nAsk for tests.\n\n"
        "# Skill: short\n\nBe brief."
    )
    assert compose_prefix(None, [second]) == "# Skill: short\n\nBe brief."
    assert compose_prefix(None, []) == ""

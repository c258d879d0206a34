"""Skills and agents: Markdown files with a small header, and how they become a turn's prefix.

Why it exists: ``/skill NAME`` adds a skill's rules and ``/agent NAME`` adds a persona to the turn's
``instruction_prefix``. The files live in the config dir (``skills/``, ``agents/``); this module
only knows their text format and the one way a prefix is composed from them, so the window, the
command line and the tests agree to the byte.

File format (UTF-8 Markdown)::

    ---
    name: code-review
    description: Review a diff for bugs first, style last
    ---
    The rules or the persona, in Markdown.

The header is optional: without it the name comes from the file name and the description from
the first non-blank line. Names are 1-40 characters of lower-case letters, digits, ``-`` and ``_``
(they are typed after ``/skill``), so ``parse_skill`` rejects anything else with a reason.

Invariants it keeps:

- ``compose_prefix`` puts the agent first, then the skills in the order the user typed them,
  each under a ``# Agent: name`` / ``# Skill: name`` heading, separated by a blank line; a skill
  named twice is included once;
- a document's body is kept exactly, except for surrounding blank lines.

Standard library only (this is ``domain``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

KINDS = ("skill", "agent")
NAME_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
_HEADER_KEYS = ("name", "description")
# The header ends at a line that is exactly "---" (the line before it may be the opening one).
_CLOSING = re.compile(r"\n---[ \t]*(?:\n|$)")


class SkillFormatError(ValueError):
    """A skill or agent file that cannot be used; the message says why."""


@dataclass(frozen=True)
class SkillDoc:
    """One skill (rules) or agent (persona)."""

    kind: str
    name: str
    description: str
    body: str

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise SkillFormatError(f"kind must be one of {KINDS}, got {self.kind!r}")
        check_name(self.name)
        if not self.body.strip():
            raise SkillFormatError(f"{self.kind} {self.name!r} has no text")


def check_name(name: str) -> None:
    if not NAME_PATTERN.match(name or ""):
        raise SkillFormatError(
            f"{name!r} is not a usable name: use 1-40 lower-case letters, digits, '-' or '_', "
            "starting with a letter or digit"
        )


def parse_skill(text: str, *, kind: str, fallback_name: str = "") -> SkillDoc:
    """Read a skill or agent file's text. Raises ``SkillFormatError`` naming the problem."""
    text = text.replace("\r\n", "\n").lstrip("\ufeff")
    header: dict[str, str] = {}
    body = text
    if text.startswith("---\n"):
        closing = _CLOSING.search(text, 3)
        if closing is None:
            raise SkillFormatError("the header starts with '---' but has no closing '---' line")
        end = closing.start()
        for number, line in enumerate(text[4:end].split("\n") if end > 3 else [], start=2):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            key, sep, value = line.partition(":")
            key = key.strip().lower()
            if not sep:
                raise SkillFormatError(f"header line {number} is not 'key: value': {line!r}")
            if key not in _HEADER_KEYS:
                raise SkillFormatError(
                    f"unknown header key {key!r} on line {number}; expected name or description"
                )
            header[key] = _unquote(value.strip())
        rest = text[closing.end() :]
        body = rest[1:] if rest.startswith("\n") else rest
    name = header.get("name") or fallback_name
    # A header that names a description (even an empty one) is taken at its word.
    description = header["description"] if "description" in header else _first_line(body)
    return SkillDoc(kind=kind, name=name, description=description, body=body.strip("\n"))


def render_skill(doc: SkillDoc) -> str:
    """The file text for ``doc`` (``parse_skill`` reads it back to an equal ``SkillDoc``)."""
    description = " ".join(doc.description.split())
    if description[:1] in ("'", '"') or description[-1:] in ("'", '"'):
        description = f'"{description}"'  # _unquote takes exactly one pair off again
    return f"---\nname: {doc.name}\ndescription: {description}\n---\n{doc.body.strip(chr(10))}\n"


def compose_prefix(agent: SkillDoc | None, skills: Iterable[SkillDoc]) -> str:
    """The turn's instruction prefix: the agent's persona, then each skill's rules."""
    parts: list[str] = []
    if agent is not None:
        parts.append(f"# Agent: {agent.name}\n\n{agent.body.strip()}")
    seen: set[str] = set()
    for skill in skills:
        if skill.name in seen:
            continue
        seen.add(skill.name)
        parts.append(f"# Skill: {skill.name}\n\n{skill.body.strip()}")
    return "\n\n".join(parts)


def _unquote(value: str) -> str:
    """``"x"`` or ``'x'`` → ``x`` (one matching pair only); anything else as written."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in ("'", '"'):
        return value[1:-1]
    return value


def _first_line(body: str) -> str:
    for line in body.splitlines():
        line = line.strip().lstrip("#").strip()
        if line:
            return line[:120]
    return ""

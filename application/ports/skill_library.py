"""The capability to keep the user's skills (rules) and agents (personas).

Why it exists: ``/skill NAME`` and ``/agent NAME`` look documents up by name, and Settings →
Skills & Agents lists, edits and deletes them; both go through this port. The adapter over
Markdown files in the config dir is ``infrastructure.config.skill_library``; the text format is
``domain.agents.skills``.

Invariants every implementation keeps:

- a document that cannot be read is never silently lost: ``list`` skips it and ``problems``
  names it with the reason ("skills/bad.md: header line 2 is not 'key: value'");
- names are unique per kind; ``save`` refuses to overwrite another document unless asked to
  (``replace``), and a rename (``previous_name``) leaves exactly one document behind;
- a failed lookup names what exists, nearest first, so a typo after ``/skill`` is easy to fix.

Errors::

    SkillLibraryError          the library cannot be read or the change is invalid
     +-- SkillNotFound         no document of that kind has that name
     +-- SkillExists           saving would overwrite another document
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from parley.domain.agents.skills import SkillDoc


class SkillLibraryError(Exception):
    """The library could not be read, or the requested change is invalid."""


class SkillNotFound(SkillLibraryError):
    """No document of ``kind`` is named ``name``; the message suggests the nearest names."""

    def __init__(
        self, kind: str, name: str, known: Sequence[str] = (), *, problem: str = ""
    ) -> None:
        self.kind, self.name, self.known = kind, name, tuple(known)
        message = f"no {kind} named {name!r}"
        if problem:
            message += f" can be used: {problem}"
        else:
            near = difflib.get_close_matches(name, self.known, n=3, cutoff=0.5)
            if near:
                message += f"; did you mean {', '.join(near)}?"
            elif self.known:
                message += f"; known: {', '.join(sorted(self.known))}"
            else:
                message += f"; there are no {kind}s yet"
        super().__init__(message)


class SkillExists(SkillLibraryError):
    """Saving would overwrite another document of the same kind and name."""

    def __init__(self, kind: str, name: str, detail: str = "") -> None:
        self.kind, self.name = kind, name
        super().__init__(
            f"a {kind} named {name!r} exists already" + (f" ({detail})" if detail else "")
        )


class SkillLibrary(Protocol):
    """Lists, reads, saves and deletes skills and agents (``kind`` is "skill" or "agent")."""

    def list(self, kind: str) -> Sequence[SkillDoc]:
        """Every usable document of ``kind``, sorted by name; unreadable files are skipped (see
        ``problems``)."""
        ...

    def problems(self) -> Sequence[str]:
        """Why each skipped file was skipped, one line each, prefixed by its place."""
        ...

    def get(self, kind: str, name: str) -> SkillDoc:
        """One document; raises ``SkillNotFound`` (with suggestions)."""
        ...

    def save(
        self, doc: SkillDoc, *, replace: bool = False, previous_name: str | None = None
    ) -> None:
        """Write ``doc``. Overwriting another document is ``SkillExists`` unless ``replace``;
        ``previous_name`` renames the document of that name (which must exist) to ``doc.name``."""
        ...

    def delete(self, kind: str, name: str) -> None:
        """Remove a document; raises ``SkillNotFound``."""
        ...

    def folder(self, kind: str, *, create: bool = False) -> Path:
        """Where documents of ``kind`` are kept (created first if ``create``), for "Open
        folder"."""
        ...

"""Excerpts retrieved from indexed documents: how they are recorded, sent to the model and cited.

Why it exists: a document too large to send whole (and a project's knowledge folder) reaches the
model as the excerpts that match each question (issue 18). What was retrieved is recorded in
``retrieval_performed`` with the excerpts' own text, so the request of any past turn renders again
exactly — even after the index changed — and an operator sees what the model was given. The
model is asked to cite excerpts as ``[n]``; the answer's citations open the document at the
excerpt's place (``Excerpt.unit``/``number``: page 117, slide 3).

The form sent to the model, in front of the typed text and after the turn's attachments::

    <excerpts>
    Retrieved from the user's documents for this message; cite the ones you use as [n].
    <excerpt n="1" source="report.pdf" location="page 117">
    …the chunk's text…
    </excerpt>
    …
    </excerpts>

Attribute values are escaped like attachments' (``&``, ``"``, ``<``, ``>``); the text is not.

Invariants it keeps: an excerpt read back from a record equals the one written
(``from_mapping(to_mapping(e)) == e``); a damaged mapping is refused with ``ValueError`` naming
the field; numbers are 1-based and unique within a retrieval. Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: A citation in an answer: ``[3]`` or ``[1, 4]`` / ``[1][4]`` (each number its own match).
CITATION = re.compile(r"\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]")

EXCERPTS_INTRO = (
    "Retrieved from the user's documents for this message; cite the ones you use as [n]."
)


@dataclass(frozen=True)
class Excerpt:
    """One retrieved chunk as the model was given it.

    ``document`` is the sha256 of the document's stored copy (the attachment viewer opens it),
    ``name`` its file name, ``location`` a reader's phrase ("page 117", "slide 3", "sheet
    Budget", "section Results"), ``unit``/``number`` the same as data ("page", 117; "" and 0
    when the format has no units), ``source_path`` where the file was (a knowledge folder's
    file; "" for an attachment), ``score`` the retrieval's score (higher is better)."""

    number: int
    document: str
    name: str
    text: str
    location: str = ""
    unit: str = ""
    unit_number: int = 0
    score: float = 0.0
    source_path: str = ""

    def __post_init__(self) -> None:
        if self.number < 1:
            raise ValueError("an excerpt's number starts at 1")

    @property
    def label(self) -> str:
        """``report.pdf, page 117`` — how a citation is shown."""
        return f"{self.name}, {self.location}" if self.location else self.name

    def to_mapping(self) -> dict[str, Any]:
        return {
            "n": self.number,
            "document": self.document,
            "name": self.name,
            "location": self.location,
            "unit": self.unit,
            "unit_number": self.unit_number,
            "score": self.score,
            "source_path": self.source_path,
            "text": self.text,
        }

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Excerpt:
        def field(name: str, kind: type, default: Any = None) -> Any:
            value = data.get(name, default)
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if (
                value is None
                or not isinstance(value, kind)
                or isinstance(value, bool) != (kind is bool)
            ):
                raise ValueError(f"excerpt: field {name!r} is missing or of the wrong kind")
            return value

        return cls(
            number=field("n", int),
            document=field("document", str),
            name=field("name", str),
            text=field("text", str),
            location=field("location", str, ""),
            unit=field("unit", str, ""),
            unit_number=field("unit_number", int, 0),
            score=field("score", float, 0.0),
            source_path=field("source_path", str, ""),
        )


def excerpts_of(records: Iterable[Mapping[str, Any]]) -> tuple[Excerpt, ...]:
    """The excerpts of a ``retrieval_performed`` record (a damaged one is left out)."""
    out: list[Excerpt] = []
    for record in records:
        try:
            out.append(Excerpt.from_mapping(record))
        except ValueError:
            continue
    return tuple(out)


def _escape(value: str) -> str:
    return (
        value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    )


def excerpts_block(excerpts: Sequence[Excerpt]) -> str:
    """The delimited block the model reads ("" for none; see the module docstring)."""
    if not excerpts:
        return ""
    parts = ["<excerpts>", EXCERPTS_INTRO]
    for item in excerpts:
        attributes = f'n="{item.number}" source="{_escape(item.name)}"'
        if item.location:
            attributes += f' location="{_escape(item.location)}"'
        parts.append(f"<excerpt {attributes}>\n{item.text}\n</excerpt>")
    parts.append("</excerpts>")
    return "\n".join(parts)


def cited_numbers(answer: str) -> tuple[int, ...]:
    """The excerpt numbers an answer cites, in first-cited order, each once."""
    seen: list[int] = []
    for match in CITATION.finditer(answer):
        for piece in match.group(1).split(","):
            number = int(piece)
            if number not in seen:
                seen.append(number)
    return tuple(seen)

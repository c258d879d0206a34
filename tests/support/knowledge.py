"""An in-memory knowledge index for tests: ``MemoryKnowledge``.

Why it exists: use cases that index or search (a project's knowledge folder, a turn's retrieval)
are tested without SQLite; the real adapter has its own tests. It implements both ports of
``application.ports.knowledge`` — ``KnowledgeIndex`` and ``KnowledgeCollections`` — the way the
port promises, only simply:

- chunks split on the readers' page markers (``--- page N ---``; slides ``## Slide N`` and
  sheets ``## Sheet: name`` too), and a part longer than ``KnowledgeLimits.chunk_chars`` is cut
  further at blank lines or spaces (never inside a word);
- ``search`` scores a chunk by how many of the query's distinct words it contains (case
  folded), best first, ties in document order; it never raises and returns nothing without
  ``documents`` or ``collections``;
- ``index_document`` of an indexed hash returns the existing record; ``cancel`` set stops it
  (``KnowledgeError("…", "cancelled")``) and nothing of that document stays; over
  ``max_chars``/``max_chunks`` is ``too_large``.

For tests to look at: ``indexed`` (every sha256 ``index_document`` actually indexed, in order)
and ``threads`` (the name of the thread each indexing ran on).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from parley.application.ports.knowledge import (
    ChunkProgress,
    CollectionMember,
    DocumentText,
    IndexedDocument,
    KnowledgeError,
    KnowledgeLimits,
    RetrievedChunk,
    SearchResult,
)

_MARKER = re.compile(r"^(?:--- (page) (\d+) ---|## (Slide) (\d+)|## (Sheet): (.+))\s*$", re.M)
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class _Chunk:
    ordinal: int
    text: str
    location: str
    unit: str
    number: int


class MemoryKnowledge:
    """Implements ``KnowledgeIndex`` and ``KnowledgeCollections`` in memory (module docstring)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._documents: dict[str, tuple[DocumentText, tuple[_Chunk, ...]]] = {}
        self._collections: dict[str, dict[str, CollectionMember]] = {}
        self.indexed: list[str] = []
        self.threads: list[str] = []

    # -- KnowledgeIndex ------------------------------------------------------------------------

    def has_document(self, sha256: str) -> bool:
        with self._lock:
            return sha256 in self._documents

    def index_document(
        self,
        document: DocumentText,
        cancel: threading.Event,
        on_progress: ChunkProgress | None = None,
        *,
        limits: KnowledgeLimits | None = None,
    ) -> IndexedDocument:
        limits = limits or KnowledgeLimits()
        with self._lock:
            known = self._documents.get(document.sha256)
        if known is not None:
            return self._record(*known)
        if len(document.text) > limits.max_chars:
            raise KnowledgeError(
                f"{document.name} has {len(document.text):,} characters; at most "
                f"{limits.max_chars:,}",
                "too_large",
            )
        chunks = _split(document.text, limits.chunk_chars)
        if len(chunks) > limits.max_chunks:
            raise KnowledgeError(
                f"{document.name} makes {len(chunks):,} chunks; at most {limits.max_chunks:,}",
                "too_large",
            )
        self.threads.append(threading.current_thread().name)
        for done in range(len(chunks)):
            if cancel.is_set():
                raise KnowledgeError(f"indexing {document.name} was cancelled", "cancelled")
            if on_progress is not None:
                on_progress(done + 1, len(chunks))
        with self._lock:
            self._documents[document.sha256] = (document, chunks)
            self.indexed.append(document.sha256)
        return self._record(document, chunks)

    def search(
        self,
        query: str,
        *,
        documents: Sequence[str] = (),
        collections: Sequence[str] = (),
        limit: int = 8,
    ) -> SearchResult:
        words = {w.casefold() for w in _WORD.findall(query or "")}
        with self._lock:
            wanted = list(dict.fromkeys(documents))
            for name in collections:
                for member in self._collections.get(name, {}).values():
                    if member.sha256 and member.sha256 not in wanted:
                        wanted.append(member.sha256)
            found = [self._documents[sha] for sha in wanted if sha in self._documents]
        scored: list[tuple[int, int, RetrievedChunk]] = []
        for position, (document, chunks) in enumerate(found):
            for chunk in chunks:
                score = len(words & {w.casefold() for w in _WORD.findall(chunk.text)})
                if score:
                    scored.append(
                        (
                            -score,
                            position * 1_000_000 + chunk.ordinal,
                            RetrievedChunk(
                                document=document.sha256,
                                name=document.name,
                                ordinal=chunk.ordinal,
                                text=chunk.text,
                                location=chunk.location,
                                unit=chunk.unit,
                                number=chunk.number,
                                score=float(score),
                                source_path=document.source_path,
                            ),
                        )
                    )
        scored.sort(key=lambda row: (row[0], row[1]))
        return SearchResult(tuple(row[2] for row in scored[: max(0, limit)]))

    # -- KnowledgeCollections ------------------------------------------------------------------

    def members(self, collection: str) -> tuple[CollectionMember, ...]:
        with self._lock:
            found = self._collections.get(collection, {})
            return tuple(found[path] for path in sorted(found))

    def put_member(self, collection: str, member: CollectionMember) -> None:
        with self._lock:
            if member.sha256 and member.sha256 not in self._documents:
                raise KnowledgeError(f"{member.path}: its document is not indexed", "storage")
            self._collections.setdefault(collection, {})[member.path] = member

    def remove_member(self, collection: str, path: str) -> None:
        with self._lock:
            self._collections.get(collection, {}).pop(path, None)

    # -- internal ------------------------------------------------------------------------------

    @staticmethod
    def _record(document: DocumentText, chunks: tuple[_Chunk, ...]) -> IndexedDocument:
        return IndexedDocument(document.sha256, document.name, len(chunks), len(document.text))


def _split(text: str, size: int) -> tuple[_Chunk, ...]:
    """Parts between the markers, each cut near ``size`` characters at a blank line or a space."""
    parts: list[tuple[str, str, int, str]] = []  # (text, unit, number, location)
    starts = list(_MARKER.finditer(text))
    if not starts or starts[0].start() > 0:
        head = text[: starts[0].start()] if starts else text
        parts.append((head, "", 0, ""))
    for at, match in enumerate(starts):
        end = starts[at + 1].start() if at + 1 < len(starts) else len(text)
        body = text[match.end() : end]
        if match.group(1):
            unit, number, location = "page", int(match.group(2)), f"page {match.group(2)}"
        elif match.group(3):
            unit, number, location = "slide", int(match.group(4)), f"slide {match.group(4)}"
        else:
            unit, number, location = "sheet", 0, f"sheet {match.group(6).strip()}"
        parts.append((body, unit, number, location))
    chunks: list[_Chunk] = []
    for body, unit, number, location in parts:
        rest = body.strip()
        while rest:
            if len(rest) <= size:
                piece, rest = rest, ""
            else:
                cut = rest.rfind("\n\n", 0, size)
                if cut <= 0:
                    cut = rest.rfind(" ", 0, size)
                if cut <= 0:
                    cut = rest.find(" ", size)
                    cut = len(rest) if cut < 0 else cut
                piece, rest = rest[:cut].strip(), rest[cut:].strip()
            if piece:
                chunks.append(_Chunk(len(chunks), piece, location, unit, number))
    return tuple(chunks)

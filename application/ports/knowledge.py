"""The capability to index documents' text and retrieve the parts that match a question.

Why it exists: a document too large to send whole, and a project's knowledge folder, reach the
model as the excerpts that match each turn's question (issue 18). The runtime indexes on its
worker and searches before each turn through this port; the adapter keeps the index (SQLite FTS5
BM25, and vectors with ``sqlite-vec`` when an embedding model is configured, fused by reciprocal
rank) in a file of its own — derived data, rebuildable from the content store.

Invariants it keeps:

- documents are keyed by the sha256 of their stored copy: the same bytes are indexed once,
  whichever turn or folder brought them; ``index_document`` of an indexed hash is a no-op that
  returns the existing record;
- ``search`` never raises for a bad query (any text, operators and quotes included: it is not a
  query language) and returns at most ``limit`` chunks, best first, each from the ``documents``
  or ``collections`` asked for and nothing else; with neither it returns nothing;
- chunks break at the structure the readers mark (pages ``--- page N ---``, slides
  ``## Slide N``, sheets ``## Sheet: name``, headings), never inside a word, and carry where they
  are (``location``, ``unit``, ``number``) so a citation can open the document there;
- indexing is cancellable (``cancel`` set: it stops between chunks, and what was indexed of that
  document is removed, never left half there) and reports progress ``(done, total)`` chunks.

Errors (``KnowledgeError`` and its kinds, ``kind``)::

    KnowledgeError
      kind="cancelled"     the caller stopped the indexing
      kind="too_large"     over ``KnowledgeLimits`` (chunks per document, chars)
      kind="embedding"     the embedding model failed (the lexical index is kept; search
                           falls back to BM25 and says so)
      kind="storage"       the index file could not be written or read
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

ChunkProgress = Callable[[int, int], None]
"""``(done, total)`` chunks indexed so far; called on the indexing thread."""


class KnowledgeError(Exception):
    """Indexing or searching failed; ``kind`` says how (see the module docstring)."""

    def __init__(self, message: str, kind: str = "storage") -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True)
class KnowledgeLimits:
    """How much one document may put in the index."""

    max_chars: int = 20_000_000
    max_chunks: int = 50_000
    #: A chunk's target size in characters (chunks end at a boundary near it, never far past).
    chunk_chars: int = 1_500


@dataclass(frozen=True)
class DocumentText:
    """A document's whole extracted text and what names it. ``unit`` is the reader's unit
    ("page", "slide", "sheet"; "" for none) — the chunker reads the markers of that unit."""

    sha256: str
    name: str
    text: str
    media_type: str = ""
    unit: str = ""
    source_path: str = ""


@dataclass(frozen=True)
class IndexedDocument:
    """A document as the index holds it."""

    sha256: str
    name: str
    chunks: int
    chars: int
    embedded: bool = False


@dataclass(frozen=True)
class RetrievedChunk:
    """One chunk that matched: its document, where it is, its text and its score (higher is
    better; comparable only within one search)."""

    document: str
    name: str
    ordinal: int
    text: str
    location: str = ""
    unit: str = ""
    number: int = 0
    score: float = 0.0
    source_path: str = ""


@dataclass(frozen=True)
class SearchResult:
    """What one search found and how: ``method`` ``bm25`` or ``hybrid``; ``note`` says when the
    embedding half could not be used (the lexical half still answered)."""

    chunks: tuple[RetrievedChunk, ...]
    method: str = "bm25"
    note: str = ""


class KnowledgeIndex(Protocol):
    def has_document(self, sha256: str) -> bool:
        """True when ``sha256`` is indexed (whole)."""
        ...

    def index_document(
        self,
        document: DocumentText,
        cancel: threading.Event,
        on_progress: ChunkProgress | None = None,
        *,
        limits: KnowledgeLimits | None = None,
    ) -> IndexedDocument:
        """Chunk and index ``document`` (blocking; call on a worker). Raises ``KnowledgeError``."""
        ...

    def search(
        self,
        query: str,
        *,
        documents: Sequence[str] = (),
        collections: Sequence[str] = (),
        limit: int = 8,
    ) -> SearchResult:
        """The chunks of ``documents`` (sha256s) and of the ``collections``' documents that best
        match ``query``, best first, at most ``limit``."""
        ...


class Embedder(Protocol):
    """Turns texts into vectors (a provider's embeddings endpoint, or a model shipped in a
    package). ``name`` identifies the model (vectors of different models never mix)."""

    @property
    def name(self) -> str: ...

    def embed(self, texts: Sequence[str], cancel: threading.Event) -> list[list[float]]:
        """One vector per text, in order (blocking). Raises ``KnowledgeError(kind="embedding")``."""
        ...


@dataclass(frozen=True)
class CollectionMember:
    """One file of a collection (a project's knowledge folder): where it is, what it was when
    last looked at (``size``, ``mtime``), the document it gave (``sha256``; "" when it could not
    be read) and, if it could not be indexed, why (``error_kind`` as the attachment reader's
    kinds, ``error`` for people)."""

    path: str
    size: int
    mtime: float
    sha256: str = ""
    chunks: int = 0
    error_kind: str = ""
    error: str = ""


class KnowledgeCollections(Protocol):
    """Which documents make up each collection (implemented by the same index adapter: a search
    over a collection reads its members). A collection's name is the project's id."""

    def members(self, collection: str) -> tuple[CollectionMember, ...]:
        """The collection's files, by path."""
        ...

    def put_member(self, collection: str, member: CollectionMember) -> None:
        """Add or replace the file at ``member.path`` (its document must be indexed first when
        ``sha256`` is set; a document no member or attachment needs any more may be dropped)."""
        ...

    def remove_member(self, collection: str, path: str) -> None:
        """Forget the file at ``path`` (a no-op when it is not a member)."""
        ...

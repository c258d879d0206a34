"""The knowledge index in a SQLite file of its own: FTS5 BM25, and sqlite-vec vectors fused by
reciprocal rank when an embedder is given — ``SqliteKnowledgeIndex``.

Why it exists: it implements ``application.ports.knowledge.KnowledgeIndex`` and
``KnowledgeCollections`` (issue 18). The file (``<data dir>/knowledge.sqlite3``) is derived data:
deleting it loses nothing the content store and the knowledge folders cannot give again.

Why apsw and not ``sqlite3``: vectors need the ``sqlite-vec`` extension loaded, and the Python
``sqlite3`` module of many builds (this machine's included) has no ``enable_load_extension``.
apsw ships its own current SQLite (FTS5, ``contentless_delete``) and loads extensions.

Tables::

    documents(id, sha256 UNIQUE, name, media_type, unit, source_path, chars, chunks,
              first_chunk, last_chunk, embedded_model, kept, indexed_at)
    chunks(id, doc, ordinal, location, unit, number, heading, text)    id = the FTS rowid
    chunks_fts(body)          FTS5, contentless (content='', contentless_delete=1),
                              tokenize 'unicode61 remove_diacritics 2'; body = location,
                              heading and text, NFKC, with CJK runs as overlapping bigrams
                              and words hyphenated at a line's end also whole
    chunks_vocab              fts5vocab 'row' over chunks_fts (document frequency of terms)
    vector_spaces(id, model, dim)   one vec0 table ``vec_<id>`` per embedding model and dimension:
                              (rowid = chunk id, embedding float[dim] cosine, doc metadata;
                              not a partition key: a KNN over many small partitions reads
                              mostly empty vector chunks, ten times slower here)
    members(collection, path, size, mtime, sha256, chunks, error_kind, error)

Invariants it keeps:

- a document's chunks are written in one transaction (``BEGIN IMMEDIATE``) with consecutive ids
  (``first_chunk``..``last_chunk``): a search never sees half a document, a cancelled or failed
  one leaves nothing, and a search over a few documents reads only their rowid ranges;
- a query is never parsed as FTS5 syntax: it is cut into words (NFKC, letters and digits), each
  quoted, OR-ed; words in more than half of all chunks are left out (FTS5's BM25 gives them an
  idf of ~0: they change no ranking, only cost time), unless nothing else is left;
- CJK (and Thai) runs, which have no spaces, are indexed and queried as character bigrams, so a
  two-character word is found inside a longer run (unicode61 alone keeps a run as one token);
- vectors of different models never mix (a ``vec0`` table per model and dimension); a document's
  ``embedded_model`` says which it has; a search fuses only documents embedded with the current
  embedder's model, the others answer by BM25 alone;
- one connection per thread (apsw), WAL: searches run on any thread while a worker indexes;
  writes are serialised by a lock (in this process) and ``BEGIN IMMEDIATE`` (across processes);
- a document indexed for an attachment (``source_path`` "") is kept; one only collections
  brought is dropped when its last member goes (``collect_garbage``);
- a file that is not a database (damaged) is set aside as ``<name>.damaged`` and the index starts
  empty: everything in it can be indexed again.

Errors: ``KnowledgeError`` (``storage`` for SQLite failures, ``too_large``, ``cancelled``,
``embedding``); ``search`` raises only ``storage``.
"""

from __future__ import annotations

import logging
import re
import threading
import time
import unicodedata
from array import array
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import apsw

from parley.application.knowledge.chunking import Chunk, ChunkLimitExceeded, chunk_text
from parley.application.ports.knowledge import (
    ChunkProgress,
    CollectionMember,
    DocumentText,
    Embedder,
    IndexedDocument,
    KnowledgeError,
    KnowledgeLimits,
    RetrievedChunk,
    SearchResult,
)
from parley.domain.texts import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

# A file's status in Settings → Projects: marked for the window's language.
_TOO_MANY_CHARS = QT_TRANSLATE_NOOP(
    "Knowledge",
    "{name} has {chars:,} characters; the index takes at most {limit:,} per document",
)
_TOO_MANY_CHUNKS = QT_TRANSLATE_NOOP("Knowledge", "{name} would make more than {limit:,} chunks")
_WORDS_ONLY = QT_TRANSLATE_NOOP("Knowledge", "{name} was indexed for word search only: {problem}")

__all__ = ["SqliteKnowledgeIndex", "fts_query", "search_body"]

#: Reciprocal rank fusion's constant (Cormack et al. 2009).
RRF_K = 60
#: How many candidates each half of a hybrid search brings to the fusion (at least).
FUSION_DEPTH = 50
#: A scope of at most this many chunk-id ranges (documents indexed one after another make one)
#: is searched range by range; a more scattered one through a join on ``chunks.doc``.
MAX_RANGES = 16
#: A long or common-worded query reads at most about this many chunk entries (the sum of its
#: kept words' document frequencies; see ``_terms``): BM25's cost in FTS5 is per matching row.
MAX_POSTINGS = 20_000
#: Words kept from a query (a pasted page is not a faster question for being long).
MAX_QUERY_TERMS = 64
#: Chunks per embedding request is the embedder's business; progress is reported this often.
PROGRESS_EVERY = 32

_SCHEMA = """
CREATE TABLE IF NOT EXISTS documents(
    id INTEGER PRIMARY KEY,
    sha256 TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    media_type TEXT NOT NULL DEFAULT '',
    unit TEXT NOT NULL DEFAULT '',
    source_path TEXT NOT NULL DEFAULT '',
    chars INTEGER NOT NULL,
    chunks INTEGER NOT NULL,
    first_chunk INTEGER NOT NULL,
    last_chunk INTEGER NOT NULL,
    embedded_model TEXT NOT NULL DEFAULT '',
    kept INTEGER NOT NULL DEFAULT 1,
    indexed_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS chunks(
    id INTEGER PRIMARY KEY,
    doc INTEGER NOT NULL,
    ordinal INTEGER NOT NULL,
    location TEXT NOT NULL,
    unit TEXT NOT NULL,
    number INTEGER NOT NULL,
    heading TEXT NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS chunks_doc ON chunks(doc);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
    body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_vocab USING fts5vocab(chunks_fts, row);
CREATE TABLE IF NOT EXISTS vector_spaces(
    id INTEGER PRIMARY KEY,
    model TEXT NOT NULL,
    dim INTEGER NOT NULL,
    UNIQUE(model, dim)
);
CREATE TABLE IF NOT EXISTS members(
    collection TEXT NOT NULL,
    path TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime REAL NOT NULL,
    sha256 TEXT NOT NULL DEFAULT '',
    chunks INTEGER NOT NULL DEFAULT 0,
    error_kind TEXT NOT NULL DEFAULT '',
    error TEXT NOT NULL DEFAULT '',
    PRIMARY KEY(collection, path)
);
CREATE INDEX IF NOT EXISTS members_sha ON members(sha256);
"""

_CJK = (
    "\u2e80-\u2fdf\u3040-\u30ff\u3100-\u312f\u3130-\u318f\u31a0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\u0e00-\u0e7f"
)
_CJK_RUN = re.compile(f"[{_CJK}]+")
_WORD = re.compile(r"[^\W_]+")


def _bigrams(match: re.Match[str]) -> str:
    run = match.group(0)
    if len(run) < 2:
        return f" {run} "
    return " " + " ".join(run[i : i + 2] for i in range(len(run) - 1)) + " "


_HYPHENATED = re.compile(r"([^\W\d_]+)-\n([^\W\d_]+)")


def _joined(match: re.Match[str]) -> str:
    head, tail = match.group(1), match.group(2)
    if not tail[0].islower():  # "Gauß-\nBonnet": a compound's own hyphen, not a line break's
        return match.group(0)
    return f"{head}-\n{tail} {head}{tail}"


def search_body(text: str) -> str:
    """What the FTS table holds for ``text``: NFKC, CJK runs as overlapping bigrams, and a word
    hyphenated at a line's end ("Mannig-\nfaltigkeit", as PDFs have them) also whole."""
    text = _HYPHENATED.sub(_joined, unicodedata.normalize("NFKC", text))
    return _CJK_RUN.sub(_bigrams, text)


def _query_terms(query: str) -> list[str]:
    """The distinct words of ``query`` as the index holds them, in order, at most
    ``MAX_QUERY_TERMS``."""
    seen: dict[str, None] = {}
    for word in _WORD.findall(search_body(query)):
        seen.setdefault(word, None)
        if len(seen) >= MAX_QUERY_TERMS:
            break
    return list(seen)


def fts_query(terms: Sequence[str]) -> str:
    """An FTS5 query matching any of ``terms``, each a quoted string (never syntax)."""
    return " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)


def _vocab_key(term: str) -> str:
    """``term`` as unicode61 with ``remove_diacritics 2`` stores it (close enough to look up
    its document frequency; a miss only means the term is kept)."""
    decomposed = unicodedata.normalize("NFD", term.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _vector_blob(vector: Sequence[float]) -> bytes:
    return array("f", vector).tobytes()


@dataclass(frozen=True)
class _DocRow:
    id: int
    sha256: str
    name: str
    chars: int
    chunks: int
    first_chunk: int
    last_chunk: int
    embedded_model: str
    kept: bool
    source_path: str


_DOC_COLUMNS = (
    "id, sha256, name, chars, chunks, first_chunk, last_chunk, embedded_model, kept, source_path"
)


def _doc_row(row: Sequence[Any]) -> _DocRow:
    return _DocRow(
        int(row[0]),
        str(row[1]),
        str(row[2]),
        int(row[3]),
        int(row[4]),
        int(row[5]),
        int(row[6]),
        str(row[7]),
        bool(row[8]),
        str(row[9]),
    )


class SqliteKnowledgeIndex:
    """``KnowledgeIndex`` and ``KnowledgeCollections`` over one SQLite file at ``path`` (created
    with its folder). ``embedder`` (optional) makes searches hybrid and indexing embed chunks."""

    def __init__(self, path: Path, embedder: Embedder | None = None) -> None:
        self._path = Path(path)
        self._embedder = embedder
        self._local = threading.local()
        self._connections: list[apsw.Connection] = []
        self._connections_lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._vec_error = ""
        self._closed = False
        self._stats_lock = threading.Lock()
        self._stats_total = -1
        self._stats_df: dict[str, int] = {}
        self._documents_cache: dict[str, _DocRow] | None = None
        self._members_cache: dict[str, tuple[str, ...]] | None = None
        try:
            self._path.parent.mkdir(parents=True, exist_ok=True)
            try:
                self._create()
            except (apsw.NotADBError, apsw.CorruptError):
                # derived data: a damaged file is set aside and the index starts empty
                self.close()
                self._closed = False
                aside = self._path.with_name(self._path.name + ".damaged")
                log.warning("the knowledge index %s is damaged; set aside as %s", path, aside)
                self._path.replace(aside)
                for suffix in ("-wal", "-shm"):
                    Path(f"{self._path}{suffix}").unlink(missing_ok=True)
                self._create()
        except (apsw.Error, OSError) as exc:
            raise KnowledgeError(
                f"the knowledge index {self._path} cannot be opened: {exc}"
            ) from exc

    def _create(self) -> None:
        connection = self._connection()
        connection.execute("PRAGMA journal_mode=WAL")
        with self._write_lock, self._transaction(connection):
            connection.execute(_SCHEMA)

    # -- connections -----------------------------------------------------------------------------

    def _connection(self) -> apsw.Connection:
        """This thread's connection (apsw connections may be shared, but a transaction on one
        would then be seen half-done by a search on another thread)."""
        connection: apsw.Connection | None = getattr(self._local, "connection", None)
        if connection is not None:
            return connection
        if self._closed:
            raise KnowledgeError("the knowledge index is closed")
        connection = apsw.Connection(str(self._path))
        connection.set_busy_timeout(10_000)
        connection.execute("PRAGMA synchronous=NORMAL")
        self._load_vec(connection)
        self._local.connection = connection
        with self._connections_lock:
            self._connections.append(connection)
        return connection

    def _load_vec(self, connection: apsw.Connection) -> None:
        try:
            import sqlite_vec

            connection.enable_load_extension(True)
            connection.load_extension(sqlite_vec.loadable_path())
            connection.enable_load_extension(False)
        except Exception as exc:  # a missing or unloadable extension: BM25 still works
            self._vec_error = f"sqlite-vec could not be loaded ({exc})"

    @contextmanager
    def _transaction(self, connection: apsw.Connection) -> Iterator[None]:
        connection.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            connection.execute("ROLLBACK")
            raise
        connection.execute("COMMIT")
        self._forget_statistics()  # the chunk count and the words' frequencies changed

    def close(self) -> None:
        """Close every thread's connection (at exit; the index is unusable afterwards)."""
        self._closed = True
        with self._connections_lock:
            connections, self._connections = self._connections, []
        for connection in connections:
            try:
                connection.close()
            except apsw.Error:
                log.debug("closing a knowledge connection failed", exc_info=True)
        self._local = threading.local()

    @property
    def path(self) -> Path:
        return self._path

    # -- documents -------------------------------------------------------------------------------

    def _document(self, sha256: str) -> _DocRow | None:
        rows = list(
            self._connection().execute(
                f"SELECT {_DOC_COLUMNS} FROM documents WHERE sha256 = ?", (sha256,)
            )
        )
        return _doc_row(rows[0]) if rows else None

    def has_document(self, sha256: str) -> bool:
        try:
            return self._document(sha256) is not None
        except apsw.Error as exc:
            raise KnowledgeError(f"the knowledge index could not be read: {exc}") from exc

    def document(self, sha256: str) -> IndexedDocument | None:
        """The indexed document ``sha256`` (None when it is not indexed)."""
        row = self._document(sha256)
        return None if row is None else self._indexed(row)

    @staticmethod
    def _indexed(row: _DocRow) -> IndexedDocument:
        return IndexedDocument(
            sha256=row.sha256,
            name=row.name,
            chunks=row.chunks,
            chars=row.chars,
            embedded=bool(row.embedded_model),
        )

    def index_document(
        self,
        document: DocumentText,
        cancel: threading.Event,
        on_progress: ChunkProgress | None = None,
        *,
        limits: KnowledgeLimits | None = None,
    ) -> IndexedDocument:
        """Chunk, embed (with an embedder) and write ``document`` in one transaction.

        An indexed document is not indexed again; if it has no vectors of the current
        embedder's model, they are added (a failure then leaves it as it was)."""
        limits = limits or KnowledgeLimits()
        try:
            existing = self._document(document.sha256)
        except apsw.Error as exc:
            raise KnowledgeError(f"the knowledge index could not be read: {exc}") from exc
        if existing is not None:
            if not document.source_path and not existing.kept:
                self._keep(existing.id)  # an attachment needs it now: never collected
            if self._embedder is None or existing.embedded_model == self._embedder.name:
                return self._indexed(existing)
            return self._embed_existing(existing, cancel, on_progress)
        if len(document.text) > limits.max_chars:
            raise KnowledgeError(
                _TOO_MANY_CHARS.format(
                    name=document.name, chars=len(document.text), limit=limits.max_chars
                ),
                kind="too_large",
            )
        try:
            chunks = chunk_text(
                document.text,
                document.unit,
                chunk_chars=limits.chunk_chars,
                max_chunks=limits.max_chunks,
            )
        except ChunkLimitExceeded as exc:
            raise KnowledgeError(
                _TOO_MANY_CHUNKS.format(name=document.name, limit=exc.limit), kind="too_large"
            ) from exc
        vectors: list[list[float]] | None = None
        embedding_error: KnowledgeError | None = None
        if self._embedder is not None and chunks:
            try:
                vectors = self._embed_chunks(chunks, cancel, on_progress)
            except KnowledgeError as exc:
                if exc.kind == "cancelled":
                    raise
                embedding_error = exc
            except (apsw.Error, MemoryError):
                raise
            except Exception as exc:  # an embedder's bug must not lose the words
                log.warning("the embedder failed while indexing", exc_info=True)
                embedding_error = KnowledgeError(f"{type(exc).__name__}: {exc}", kind="embedding")
        record = self._write_document(document, chunks, vectors, cancel, on_progress)
        if embedding_error is not None:
            raise KnowledgeError(
                _WORDS_ONLY.format(name=document.name, problem=embedding_error),
                kind="embedding",
            ) from embedding_error
        return record

    def _keep(self, doc_id: int) -> None:
        connection = self._connection()
        with self._write_lock, self._transaction(connection):
            connection.execute("UPDATE documents SET kept = 1 WHERE id = ?", (doc_id,))

    def _embed_chunks(
        self,
        chunks: Sequence[Chunk],
        cancel: threading.Event,
        on_progress: ChunkProgress | None,
        *,
        batch: int = 64,
    ) -> list[list[float]]:
        """Vectors of ``chunks`` in batches, progress after each; ``cancelled`` between them."""
        assert self._embedder is not None
        vectors: list[list[float]] = []
        total = len(chunks)
        for start in range(0, total, batch):
            if cancel.is_set():
                raise KnowledgeError("indexing was cancelled", kind="cancelled")
            texts = [_embedding_text(c.heading, c.text) for c in chunks[start : start + batch]]
            got = self._embedder.embed(texts, cancel)
            if len(got) != len(texts):
                raise KnowledgeError(
                    f"the embedding model {self._embedder.name} returned {len(got)} vectors "
                    f"for {len(texts)} texts",
                    kind="embedding",
                )
            vectors.extend(got)
            if on_progress is not None:
                on_progress(len(vectors), total)
        if cancel.is_set():
            raise KnowledgeError("indexing was cancelled", kind="cancelled")
        dims = {len(v) for v in vectors}
        if len(dims) != 1 or 0 in dims:
            raise KnowledgeError(
                f"the embedding model {self._embedder.name} returned vectors of sizes "
                f"{sorted(dims)}",
                kind="embedding",
            )
        return vectors

    def _write_document(
        self,
        document: DocumentText,
        chunks: Sequence[Chunk],
        vectors: list[list[float]] | None,
        cancel: threading.Event,
        on_progress: ChunkProgress | None,
    ) -> IndexedDocument:
        connection = self._connection()
        total = len(chunks)
        try:
            with self._write_lock, self._transaction(connection):
                existing = self._document(document.sha256)
                if existing is not None:  # another thread or process indexed it meanwhile
                    return self._indexed(existing)
                space = self._space(connection, len(vectors[0])) if vectors else None
                first = self._next_chunk_id(connection)
                doc_id = self._insert_document_row(connection, document, total, first)
                for index, chunk in enumerate(chunks):
                    if cancel.is_set():
                        raise KnowledgeError("indexing was cancelled", kind="cancelled")
                    chunk_id = first + index
                    connection.execute(
                        "INSERT INTO chunks(id, doc, ordinal, location, unit, number, heading, "
                        "text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (
                            chunk_id,
                            doc_id,
                            chunk.ordinal,
                            chunk.location,
                            chunk.unit,
                            chunk.number,
                            chunk.heading,
                            chunk.text,
                        ),
                    )
                    connection.execute(
                        "INSERT INTO chunks_fts(rowid, body) VALUES (?, ?)",
                        (chunk_id, search_body(_fts_text(chunk))),
                    )
                    if vectors is not None and space is not None:
                        connection.execute(
                            f"INSERT INTO vec_{space}(rowid, embedding, doc) VALUES (?, ?, ?)",
                            (chunk_id, _vector_blob(vectors[index]), doc_id),
                        )
                    if on_progress is not None and vectors is None and index % PROGRESS_EVERY == 0:
                        on_progress(index, total)
                if vectors is not None and self._embedder is not None:
                    connection.execute(
                        "UPDATE documents SET embedded_model = ? WHERE id = ?",
                        (self._embedder.name, doc_id),
                    )
        except apsw.Error as exc:
            raise KnowledgeError(
                f"{document.name} could not be written to the knowledge index: {exc}"
            ) from exc
        if on_progress is not None:
            on_progress(total, total)
        return IndexedDocument(
            sha256=document.sha256,
            name=document.name,
            chunks=total,
            chars=len(document.text),
            embedded=vectors is not None,
        )

    @staticmethod
    def _next_chunk_id(connection: apsw.Connection) -> int:
        rows = list(connection.execute("SELECT coalesce(max(id), 0) + 1 FROM chunks"))
        return int(rows[0][0])

    @staticmethod
    def _insert_document_row(
        connection: apsw.Connection, document: DocumentText, total: int, first: int
    ) -> int:
        connection.execute(
            "INSERT INTO documents(sha256, name, media_type, unit, source_path, chars, chunks, "
            "first_chunk, last_chunk, kept, indexed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                document.sha256,
                document.name,
                document.media_type,
                document.unit,
                document.source_path,
                len(document.text),
                total,
                first,
                first + total - 1,
                0 if document.source_path else 1,
                time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            ),
        )
        return int(connection.last_insert_rowid())

    def _space(self, connection: apsw.Connection, dim: int) -> int:
        """The vector table for the embedder's model and ``dim`` (created on first use; inside
        the caller's write transaction)."""
        assert self._embedder is not None
        if self._vec_error:
            raise KnowledgeError(self._vec_error, kind="embedding")
        model = self._embedder.name
        rows = list(
            connection.execute(
                "SELECT id FROM vector_spaces WHERE model = ? AND dim = ?", (model, dim)
            )
        )
        if rows:
            return int(rows[0][0])
        connection.execute("INSERT INTO vector_spaces(model, dim) VALUES (?, ?)", (model, dim))
        space = int(connection.last_insert_rowid())
        connection.execute(
            f"CREATE VIRTUAL TABLE vec_{space} USING vec0("
            f"embedding float[{dim}] distance_metric=cosine, doc integer)"
        )
        return space

    def _spaces(self, connection: apsw.Connection) -> list[tuple[int, str, int]]:
        return [
            (int(r[0]), str(r[1]), int(r[2]))
            for r in connection.execute("SELECT id, model, dim FROM vector_spaces")
        ]

    def _embed_existing(
        self, row: _DocRow, cancel: threading.Event, on_progress: ChunkProgress | None
    ) -> IndexedDocument:
        """Add the current model's vectors to an indexed document (its words stay as they are;
        a failure or a cancel writes nothing)."""
        assert self._embedder is not None
        connection = self._connection()
        stored = [
            Chunk(ordinal=int(r[0]), text=str(r[2]), heading=str(r[1]))
            for r in connection.execute(
                "SELECT ordinal, heading, text FROM chunks WHERE doc = ? ORDER BY id", (row.id,)
            )
        ]
        if not stored:
            return self._indexed(row)
        vectors = self._embed_chunks(stored, cancel, on_progress)
        try:
            with self._write_lock, self._transaction(connection):
                self._delete_vectors(connection, row)
                space = self._space(connection, len(vectors[0]))
                for index, vector in enumerate(vectors):
                    if cancel.is_set():
                        raise KnowledgeError("indexing was cancelled", kind="cancelled")
                    connection.execute(
                        f"INSERT INTO vec_{space}(rowid, embedding, doc) VALUES (?, ?, ?)",
                        (row.first_chunk + index, _vector_blob(vector), row.id),
                    )
                connection.execute(
                    "UPDATE documents SET embedded_model = ? WHERE id = ?",
                    (self._embedder.name, row.id),
                )
        except apsw.Error as exc:
            raise KnowledgeError(f"vectors for {row.name} could not be written: {exc}") from exc
        return IndexedDocument(row.sha256, row.name, row.chunks, row.chars, embedded=True)

    def forget_document(self, sha256: str) -> bool:
        """Remove ``sha256`` from the index (chunks, words, vectors); False when it was not
        there. Its collection members stay (they name the file; re-indexing brings it back)."""
        connection = self._connection()
        try:
            with self._write_lock, self._transaction(connection):
                return self._delete_document(connection, sha256)
        except apsw.Error as exc:
            raise KnowledgeError(f"the knowledge index could not be written: {exc}") from exc

    def _delete_document(self, connection: apsw.Connection, sha256: str) -> bool:
        row = self._document(sha256)
        if row is None:
            return False
        connection.execute(
            "DELETE FROM chunks_fts WHERE rowid BETWEEN ? AND ?", (row.first_chunk, row.last_chunk)
        )
        connection.execute("DELETE FROM chunks WHERE doc = ?", (row.id,))
        self._delete_vectors(connection, row)
        connection.execute("DELETE FROM documents WHERE id = ?", (row.id,))
        return True

    def _delete_vectors(self, connection: apsw.Connection, row: _DocRow) -> None:
        """The document's vectors in every model's table, by rowid (vec0 seeks a rowid; a
        filter on ``doc`` would scan every vector)."""
        if self._vec_error or not row.chunks:
            return
        ids = [(chunk_id,) for chunk_id in range(row.first_chunk, row.last_chunk + 1)]
        for space, _model, _dim in self._spaces(connection):
            connection.executemany(f"DELETE FROM vec_{space} WHERE rowid = ?", ids)

    def collect_garbage(self) -> int:
        """Drop documents only collections brought (not kept for an attachment) that no member
        names any more; how many were dropped."""
        connection = self._connection()
        try:
            with self._write_lock, self._transaction(connection):
                return self._collect(connection)
        except apsw.Error as exc:
            raise KnowledgeError(f"the knowledge index could not be written: {exc}") from exc

    def _collect(self, connection: apsw.Connection, only: Iterable[str] | None = None) -> int:
        query = (
            "SELECT sha256 FROM documents d WHERE kept = 0 AND NOT EXISTS "
            "(SELECT 1 FROM members m WHERE m.sha256 = d.sha256)"
        )
        orphans = [str(r[0]) for r in connection.execute(query)]
        if only is not None:
            wanted = set(only)
            orphans = [sha for sha in orphans if sha in wanted]
        for sha in orphans:
            self._delete_document(connection, sha)
        return len(orphans)

    def documents(self) -> tuple[IndexedDocument, ...]:
        """Every indexed document, by name."""
        rows = self._connection().execute(f"SELECT {_DOC_COLUMNS} FROM documents ORDER BY name")
        return tuple(self._indexed(_doc_row(r)) for r in rows)

    # -- collections -----------------------------------------------------------------------------

    def members(self, collection: str) -> tuple[CollectionMember, ...]:
        rows = self._connection().execute(
            "SELECT path, size, mtime, sha256, chunks, error_kind, error FROM members "
            "WHERE collection = ? ORDER BY path",
            (collection,),
        )
        return tuple(
            CollectionMember(
                path=str(r[0]),
                size=int(r[1]),
                mtime=float(r[2]),
                sha256=str(r[3]),
                chunks=int(r[4]),
                error_kind=str(r[5]),
                error=str(r[6]),
            )
            for r in rows
        )

    def put_member(self, collection: str, member: CollectionMember) -> None:
        connection = self._connection()
        try:
            with self._write_lock, self._transaction(connection):
                previous = [
                    str(r[0])
                    for r in connection.execute(
                        "SELECT sha256 FROM members WHERE collection = ? AND path = ?",
                        (collection, member.path),
                    )
                ]
                connection.execute(
                    "INSERT OR REPLACE INTO members(collection, path, size, mtime, sha256, "
                    "chunks, error_kind, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        collection,
                        member.path,
                        member.size,
                        member.mtime,
                        member.sha256,
                        member.chunks,
                        member.error_kind,
                        member.error,
                    ),
                )
                self._collect(connection, [s for s in previous if s and s != member.sha256])
        except apsw.Error as exc:
            raise KnowledgeError(f"the knowledge index could not be written: {exc}") from exc

    def remove_member(self, collection: str, path: str) -> None:
        connection = self._connection()
        try:
            with self._write_lock, self._transaction(connection):
                previous = [
                    str(r[0])
                    for r in connection.execute(
                        "SELECT sha256 FROM members WHERE collection = ? AND path = ?",
                        (collection, path),
                    )
                ]
                connection.execute(
                    "DELETE FROM members WHERE collection = ? AND path = ?", (collection, path)
                )
                self._collect(connection, [s for s in previous if s])
        except apsw.Error as exc:
            raise KnowledgeError(f"the knowledge index could not be written: {exc}") from exc

    # -- search ----------------------------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        documents: Sequence[str] = (),
        collections: Sequence[str] = (),
        limit: int = 8,
    ) -> SearchResult:
        if limit <= 0 or (not documents and not collections):
            return SearchResult(())
        try:
            connection = self._connection()
            scope = self._scope(connection, documents, collections)
            if not scope:
                return SearchResult(())
            depth = max(limit, FUSION_DEPTH) if self._embedder is not None else limit
            lexical = self._bm25(connection, query, scope, depth)
            if self._embedder is None:
                return SearchResult(self._retrieved(connection, lexical[:limit]))
            try:
                semantic, note = self._knn(connection, query, scope, depth)
            except Exception as exc:  # whatever the embedder does, the words still answer
                if not isinstance(exc, KnowledgeError):
                    log.warning("the embedder failed during a search", exc_info=True)
                note = f"search by meaning failed, word search only: {exc}"
                return SearchResult(self._retrieved(connection, lexical[:limit]), "bm25", note)
            if not semantic:
                return SearchResult(self._retrieved(connection, lexical[:limit]), "bm25", note)
            fused = _fuse([lexical, semantic])[:limit]
            return SearchResult(self._retrieved(connection, fused), "hybrid", note)
        except apsw.Error as exc:
            raise KnowledgeError(f"the knowledge index could not be searched: {exc}") from exc

    def _scope(
        self, connection: apsw.Connection, documents: Sequence[str], collections: Sequence[str]
    ) -> list[_DocRow]:
        """The documents to search (those with chunks), from the cached catalogue."""
        catalogue, members = self._catalogue(connection)
        rows: dict[int, _DocRow] = {}
        for sha in documents:
            row = catalogue.get(sha)
            if row is not None:
                rows[row.id] = row
        for collection in collections:
            for sha in members.get(collection, ()):
                row = catalogue.get(sha)
                if row is not None:
                    rows[row.id] = row
        return [row for row in rows.values() if row.chunks > 0]

    def _catalogue(
        self, connection: apsw.Connection
    ) -> tuple[dict[str, _DocRow], dict[str, tuple[str, ...]]]:
        """Every document by hash and every collection's hashes, read again whenever anything
        was committed to the file since (``PRAGMA data_version`` tells a connection about other
        connections' commits, this process's other threads and other processes alike; this
        object's own writes clear it in ``_transaction``)."""
        version = int(next(iter(connection.execute("PRAGMA data_version")))[0])
        if getattr(self._local, "data_version", None) != version:
            self._local.data_version = version
            self._forget_statistics()
        with self._stats_lock:
            if self._documents_cache is not None and self._members_cache is not None:
                return self._documents_cache, self._members_cache
        catalogue = {
            row.sha256: row
            for row in map(_doc_row, connection.execute(f"SELECT {_DOC_COLUMNS} FROM documents"))
        }
        members: dict[str, list[str]] = {}
        for collection, sha in connection.execute(
            "SELECT collection, sha256 FROM members WHERE sha256 != ''"
        ):
            members.setdefault(str(collection), []).append(str(sha))
        frozen = {name: tuple(shas) for name, shas in members.items()}
        with self._stats_lock:
            self._documents_cache, self._members_cache = catalogue, frozen
        return catalogue, frozen

    def _statistics(
        self, connection: apsw.Connection, terms: Sequence[str]
    ) -> tuple[int, list[int]]:
        """All chunks, and in how many chunks each of ``terms`` is. Cached until this object
        writes: a stale figure (another process indexed meanwhile) only changes which words a
        long query leaves out, never what a chunk's score is."""
        with self._stats_lock:
            if self._stats_total < 0:
                self._stats_total = int(
                    next(iter(connection.execute("SELECT count(*) FROM chunks")))[0]
                )
            total = self._stats_total
            missing = [t for t in terms if t not in self._stats_df]
        found: dict[str, int] = {}
        for term in missing:
            rows = list(
                connection.execute(
                    "SELECT doc FROM chunks_vocab WHERE term = ?", (_vocab_key(term),)
                )
            )
            found[term] = int(rows[0][0]) if rows else 0
        with self._stats_lock:
            if len(self._stats_df) > 100_000:
                self._stats_df.clear()
            self._stats_df.update(found)
            return total, [self._stats_df.get(t, found.get(t, 0)) for t in terms]

    def _forget_statistics(self) -> None:
        with self._stats_lock:
            self._stats_total = -1
            self._stats_df.clear()
            self._documents_cache = None
            self._members_cache = None

    def _terms(
        self, connection: apsw.Connection, query: str, scope_chunks: int | None
    ) -> list[str]:
        """The query's words to match: those in more than half of all chunks left out (BM25
        gives them an idf of ~0), then the rarest first while the chunks they are in (within
        the scope: their share of ``scope_chunks``; None for the whole table) add up to at
        most ``MAX_POSTINGS`` (the rarest is always kept); all of them if none is left."""
        terms = _query_terms(query)
        if len(terms) < 2:
            return terms
        total, frequencies = self._statistics(connection, terms)
        ranked = sorted(zip(frequencies, range(len(terms)), terms, strict=True))
        useful = [entry for entry in ranked if entry[0] * 2 <= total] or ranked
        chosen: list[tuple[int, str]] = []
        postings = 0
        share = min(1.0, scope_chunks / total) if total and scope_chunks is not None else 1.0
        for frequency, position, term in useful:
            if chosen and (postings + frequency) * share > MAX_POSTINGS:
                break
            chosen.append((position, term))
            postings += frequency
        return [term for _, term in sorted(chosen)]

    def _bm25(
        self, connection: apsw.Connection, query: str, scope: list[_DocRow], depth: int
    ) -> list[tuple[int, float]]:
        """``(chunk id, score)`` best first (score = -bm25, higher is better)."""
        ranges = _ranges(scope)
        ranged = len(ranges) <= MAX_RANGES
        # what a word costs: its chunks within the ranges, or in the whole table for the join
        span = sum(last - first + 1 for first, last in ranges) if ranged else None
        terms = self._terms(connection, query, span)
        if not terms:
            return []
        match = fts_query(terms)
        if ranged:
            # FTS5 seeks each word's chunk list to a rowid range: the cost follows the size of
            # the scope, not of the whole index
            found: list[tuple[int, float]] = []
            for first, last in ranges:
                found.extend(
                    (int(r[0]), -float(r[1]))
                    for r in connection.execute(
                        "SELECT rowid, rank FROM chunks_fts WHERE chunks_fts MATCH ? "
                        "AND rowid BETWEEN ? AND ? ORDER BY rank LIMIT ?",
                        (match, first, last, depth),
                    )
                )
            found.sort(key=lambda item: (-item[1], item[0]))
            return found[:depth]
        ids = [row.id for row in scope]
        marks = ",".join("?" * len(ids))
        return [
            (int(r[0]), -float(r[1]))
            for r in connection.execute(
                "SELECT f.rowid, f.rank FROM chunks_fts f JOIN chunks c ON c.id = f.rowid "
                f"WHERE chunks_fts MATCH ? AND c.doc IN ({marks}) ORDER BY f.rank LIMIT ?",
                (match, *ids, depth),
            )
        ]

    def _knn(
        self, connection: apsw.Connection, query: str, scope: list[_DocRow], depth: int
    ) -> tuple[list[tuple[int, float]], str]:
        """``(chunk id, similarity)`` best first from the documents embedded with the current
        model, and a note when some of the scope has no such vectors."""
        assert self._embedder is not None
        if self._vec_error:
            raise KnowledgeError(self._vec_error, kind="embedding")
        model = self._embedder.name
        embedded = [row.id for row in scope if row.embedded_model == model]
        missing = len(scope) - len(embedded)
        note = (
            f"{missing} of {len(scope)} documents have no vectors of {model}; they were "
            "searched by words only"
            if missing
            else ""
        )
        if not embedded or not query.strip():
            return [], note
        vectors = self._embedder.embed([query], threading.Event())
        if len(vectors) != 1 or not vectors[0]:
            raise KnowledgeError(f"{model} returned no vector for the question", kind="embedding")
        dim = len(vectors[0])
        spaces = [s for s, m, d in self._spaces(connection) if m == model and d == dim]
        if not spaces:
            raise KnowledgeError(
                f"{model} returned a vector of size {dim}, unlike its stored vectors",
                kind="embedding",
            )
        blob = _vector_blob(vectors[0])
        table = f"vec_{spaces[0]}"
        catalogue, _members = self._catalogue(connection)
        everything = sum(1 for row in catalogue.values() if row.embedded_model == model)
        if len(embedded) >= everything:  # the whole table: no filter to check per vector
            rows = connection.execute(
                f"SELECT rowid, distance FROM {table} WHERE embedding MATCH ? AND k = ?",
                (blob, depth),
            )
            return [(int(r[0]), 1.0 - float(r[1])) for r in rows], note
        found: list[tuple[int, float]] = []
        for start in range(0, len(embedded), 500):
            part = embedded[start : start + 500]
            marks = ",".join("?" * len(part))
            found.extend(
                (int(r[0]), 1.0 - float(r[1]))
                for r in connection.execute(
                    f"SELECT rowid, distance FROM {table} WHERE embedding MATCH ? "
                    f"AND k = ? AND doc IN ({marks})",
                    (blob, depth, *part),
                )
            )
        found.sort(key=lambda item: (-item[1], item[0]))
        return found[:depth], note

    def _retrieved(
        self, connection: apsw.Connection, ranked: Sequence[tuple[int, float]]
    ) -> tuple[RetrievedChunk, ...]:
        if not ranked:
            return ()
        ids = [chunk_id for chunk_id, _ in ranked]
        marks = ",".join("?" * len(ids))
        rows = {
            int(r[0]): r
            for r in connection.execute(
                "SELECT c.id, d.sha256, d.name, c.ordinal, c.text, c.location, c.unit, c.number, "
                "d.source_path FROM chunks c JOIN documents d ON d.id = c.doc "
                f"WHERE c.id IN ({marks})",
                ids,
            )
        }
        out: list[RetrievedChunk] = []
        for chunk_id, score in ranked:
            r = rows.get(chunk_id)
            if r is None:  # removed between the two reads (another thread forgot it)
                continue
            out.append(
                RetrievedChunk(
                    document=str(r[1]),
                    name=str(r[2]),
                    ordinal=int(r[3]),
                    text=str(r[4]),
                    location=str(r[5]),
                    unit=str(r[6]),
                    number=int(r[7]),
                    score=score,
                    source_path=str(r[8]),
                )
            )
        return tuple(out)


def _fts_text(chunk: Chunk) -> str:
    """What the words of a chunk are searched in: its place, its part's heading, its text."""
    return "\n".join(part for part in (chunk.location, chunk.heading, chunk.text) if part)


def _embedding_text(heading: str, text: str) -> str:
    return f"{heading}\n{text}" if heading and not text.lstrip("# ").startswith(heading) else text


def _ranges(scope: Sequence[_DocRow]) -> list[tuple[int, int]]:
    """The documents' chunk-id ranges, sorted, adjacent ones joined."""
    merged: list[tuple[int, int]] = []
    for row in sorted(scope, key=lambda r: r.first_chunk):
        if merged and row.first_chunk == merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], row.last_chunk)
        else:
            merged.append((row.first_chunk, row.last_chunk))
    return merged


def _fuse(rankings: Sequence[Sequence[tuple[int, float]]]) -> list[tuple[int, float]]:
    """Reciprocal rank fusion: each id scores the sum of 1/(RRF_K + rank) over the rankings."""
    scores: dict[int, float] = {}
    for ranking in rankings:
        for rank, (chunk_id, _score) in enumerate(ranking, start=1):
            scores[chunk_id] = scores.get(chunk_id, 0.0) + 1.0 / (RRF_K + rank)
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))

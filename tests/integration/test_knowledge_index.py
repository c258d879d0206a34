"""The knowledge index (infrastructure/knowledge/sqlite_index.py) on a real SQLite file (apsw,
FTS5, sqlite-vec), with documents read by the real attachment reader: the 117-page PDF asked
about its last pages, hostile queries, cancel, searches while indexing, collections, hybrid
search with the deterministic test embedder and BM25 when the embedder fails."""

from __future__ import annotations

import threading
from pathlib import Path

import apsw
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parley.application.ports.attachments import AttachmentLimits, ExtractedAttachment
from parley.application.ports.knowledge import (
    CollectionMember,
    DocumentText,
    KnowledgeError,
    KnowledgeLimits,
)
from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
from parley.infrastructure.attachments.store import ContentStore
from parley.infrastructure.knowledge.sqlite_index import (
    SqliteKnowledgeIndex,
    fts_query,
    search_body,
)
from tests.support.embedders import CancellingEmbedder, FailingEmbedder, HashingEmbedder

FIXTURES = Path("/work/shared/fixtures/documents")
BIG_PDF = FIXTURES / "pdf-large-117pages.pdf"

HOSTILE_QUERIES = [
    "",
    "   ",
    '"',
    '""',
    '"unbalanced',
    "AND",
    "OR",
    "NOT",
    "a AND b OR NOT c",
    "NEAR(",
    "NEAR(a b, 5)",
    "*",
    "Torus*",
    "-",
    "-Torus",
    ":",
    "body:Torus",
    "chunks_fts:x",
    "^Torus",
    "(((",
    ")",
    "{a b}",
    "a + b",
    "'; DROP TABLE chunks; --",
    "\x00",
    "Torus\x00Knoten",
    "😀 🧪",
    "\u200b\ufeff",
    "é" * 5000,
    "Torus " * 500,
    "ｔｏｒｕｓ",  # noqa: RUF001 - full-width letters, NFKC folds them
    "Homöomorphismus",
    "Homoomorphismus",
    "你好世界",
    'Was ist ein "Torus"? AND NEAR( * - :',
]


def _read(path: Path, tmp: Path) -> ExtractedAttachment:
    reader = SubprocessAttachmentReader(ContentStore(tmp))
    try:
        return reader.read(path, AttachmentLimits(max_chars=10**8), threading.Event())
    finally:
        reader.close()


def _document(read: ExtractedAttachment, source_path: str = "") -> DocumentText:
    assert read.ok, read.error
    return DocumentText(
        sha256=read.sha256,
        name=read.name,
        text=read.text,
        media_type=read.media_type,
        unit=read.unit,
        source_path=source_path,
    )


@pytest.fixture(scope="module")
def big_pdf(tmp_path_factory: pytest.TempPathFactory) -> DocumentText:
    return _document(_read(BIG_PDF, tmp_path_factory.mktemp("store")))


def _text(sha: str, body: str, name: str = "", source_path: str = "") -> DocumentText:
    return DocumentText(sha, name or f"{sha}.txt", body, source_path=source_path)


def test_the_last_pages_of_the_117_page_pdf_are_found_with_their_page(
    tmp_path: Path, big_pdf: DocumentText
) -> None:
    index = SqliteKnowledgeIndex(tmp_path / "knowledge.sqlite3")
    progress: list[tuple[int, int]] = []
    record = index.index_document(big_pdf, threading.Event(), lambda d, t: progress.append((d, t)))
    assert record.chunks > 117 and record.chars == len(big_pdf.text)
    assert progress[-1] == (record.chunks, record.chunks)
    # index entries printed on the PDF's last page (the Stichwortverzeichnis, page 117)
    for question in (
        "Zwischenwertsatz Weingarten-Abbildung",
        "Where does the index list Zusammenhangskomponente and Triangulierung?",
        "Übergangsfunktion Kartenwechsel",
    ):
        result = index.search(question, documents=[big_pdf.sha256], limit=5)
        assert result.method == "bm25"
        pages = [chunk.number for chunk in result.chunks]
        assert 117 in pages, (question, pages)
        hit = result.chunks[pages.index(117)]
        assert (hit.location, hit.unit, hit.name) == ("page 117", "page", BIG_PDF.name)
        assert "Zwischenwertsatz" in hit.text
    # page 110 is the list of abbreviations
    result = index.search("Abkürzungsverzeichnis", documents=[big_pdf.sha256], limit=5)
    assert result.chunks[0].location == "page 110"


def test_indexing_an_indexed_document_again_is_a_no_op(tmp_path: Path) -> None:
    index = SqliteKnowledgeIndex(tmp_path / "k.sqlite3")
    first = index.index_document(_text("s1", "alpha beta\n\ngamma"), threading.Event())
    again = index.index_document(_text("s1", "something else entirely"), threading.Event())
    assert again == first
    assert index.has_document("s1") and not index.has_document("s2")
    assert [c.text for c in index.search("something", documents=["s1"]).chunks] == []


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(query=st.one_of(st.sampled_from(HOSTILE_QUERIES), st.text(max_size=200)))
def test_no_query_raises_and_results_stay_in_scope(tmp_path: Path, query: str) -> None:
    index = _hostile_index(tmp_path)
    result = index.search(query, documents=["d1"], limit=4)
    assert len(result.chunks) <= 4
    assert {c.document for c in result.chunks} <= {"d1"}


_HOSTILE: dict[Path, SqliteKnowledgeIndex] = {}


def _hostile_index(tmp_path: Path) -> SqliteKnowledgeIndex:
    if tmp_path not in _HOSTILE:
        index = SqliteKnowledgeIndex(tmp_path / "hostile.sqlite3")
        index.index_document(
            _text("d1", "Der Torus und der Knoten. Homöomorphismus. 你好世界. body: NEAR AND"),
            threading.Event(),
        )
        index.index_document(
            _text("d2", "Torus Torus Torus in another document"), threading.Event()
        )
        _HOSTILE[tmp_path] = index
    return _HOSTILE[tmp_path]


def test_the_hostile_corpus_finds_what_it_names(tmp_path: Path) -> None:
    index = _hostile_index(tmp_path)
    for query in HOSTILE_QUERIES:
        index.search(query, documents=["d1", "d2"])
    found = index.search('"Torus*" AND NEAR(', documents=["d1"]).chunks
    assert [c.document for c in found] == ["d1"]
    assert index.search("homoomorphismus", documents=["d1"]).chunks  # diacritics folded
    assert index.search("ｔｏｒｕｓ", documents=["d1"]).chunks  # noqa: RUF001


def test_cjk_words_are_found_inside_a_run_without_spaces(tmp_path: Path) -> None:
    index = SqliteKnowledgeIndex(tmp_path / "k.sqlite3")
    read = _read(FIXTURES / "docx-chinese.docx", tmp_path / "store")
    index.index_document(_document(read), threading.Event())
    for word in ("测试", "解析", "文档"):
        assert index.search(word, documents=[read.sha256]).chunks, word
    assert not index.search("世界", documents=[read.sha256]).chunks


def _count(path: Path, table: str) -> int:
    connection = apsw.Connection(str(path))
    try:
        return int(next(iter(connection.execute(f"SELECT count(*) FROM {table}")))[0])
    finally:
        connection.close()


def test_cancel_leaves_nothing_of_the_document(tmp_path: Path, big_pdf: DocumentText) -> None:
    path = tmp_path / "k.sqlite3"
    index = SqliteKnowledgeIndex(path)
    cancel = threading.Event()

    def progress(done: int, total: int) -> None:
        if done >= 40:
            cancel.set()

    with pytest.raises(KnowledgeError) as caught:
        index.index_document(big_pdf, cancel, progress)
    assert caught.value.kind == "cancelled"
    assert not index.has_document(big_pdf.sha256)
    assert _count(path, "chunks") == 0 and _count(path, "documents") == 0
    assert not index.search("Torus", documents=[big_pdf.sha256]).chunks
    # and it can be indexed afterwards
    assert index.index_document(big_pdf, threading.Event()).chunks > 117


def test_cancel_while_embedding_leaves_nothing(tmp_path: Path, big_pdf: DocumentText) -> None:
    path = tmp_path / "k.sqlite3"
    cancel = threading.Event()
    embedder = CancellingEmbedder(cancel, after=1)
    index = SqliteKnowledgeIndex(path, embedder)
    with pytest.raises(KnowledgeError) as caught:
        index.index_document(big_pdf, cancel)
    assert caught.value.kind == "cancelled"
    assert embedder.calls == 1  # stopped after the first batch
    assert not index.has_document(big_pdf.sha256) and _count(path, "chunks") == 0


def test_too_many_chunks_is_too_large_and_leaves_nothing(
    tmp_path: Path, big_pdf: DocumentText
) -> None:
    index = SqliteKnowledgeIndex(tmp_path / "k.sqlite3")
    with pytest.raises(KnowledgeError) as caught:
        index.index_document(big_pdf, threading.Event(), limits=KnowledgeLimits(max_chunks=50))
    assert caught.value.kind == "too_large"
    with pytest.raises(KnowledgeError) as caught:
        index.index_document(big_pdf, threading.Event(), limits=KnowledgeLimits(max_chars=1000))
    assert caught.value.kind == "too_large"
    assert not index.has_document(big_pdf.sha256)


def test_searches_on_another_thread_while_a_worker_indexes(tmp_path: Path) -> None:
    index = SqliteKnowledgeIndex(tmp_path / "k.sqlite3")
    shas = [f"doc{i:03d}" for i in range(40)]
    bodies = {
        sha: "\n\n".join(f"Paragraph {p} of {sha} about topology and knots." for p in range(60))
        for sha in shas
    }
    errors: list[BaseException] = []
    done = threading.Event()

    def work() -> None:
        try:
            for sha in shas:
                index.index_document(_text(sha, bodies[sha]), threading.Event())
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            done.set()

    worker = threading.Thread(target=work)
    worker.start()
    searches = 0
    while not done.is_set() or searches < 5:
        result = index.search("topology knots", documents=shas, limit=8)
        for chunk in result.chunks:
            assert chunk.document in bodies
            assert index.has_document(chunk.document)  # never half a document
        searches += 1
    worker.join()
    assert not errors
    found = index.search("doc039", documents=["doc039"], limit=3).chunks
    assert found and {c.document for c in found} == {"doc039"}
    assert searches >= 5


def test_collections_scope_searches_and_collect_their_documents(tmp_path: Path) -> None:
    index = SqliteKnowledgeIndex(tmp_path / "k.sqlite3")
    cancel = threading.Event()
    index.index_document(_text("att", "knot theory attachment"), cancel)
    index.index_document(_text("b", "knot theory in file b", source_path="/p1/b.md"), cancel)
    index.index_document(_text("c", "knot theory in file c", source_path="/p1/c.md"), cancel)
    index.index_document(_text("d", "knot theory in file d", source_path="/p2/d.md"), cancel)
    for collection, path, sha in (
        ("p1", "/p1/b.md", "b"),
        ("p1", "/p1/c.md", "c"),
        ("p2", "/p2/d.md", "d"),
    ):
        index.put_member(
            collection, CollectionMember(path=path, size=10, mtime=1.0, sha256=sha, chunks=1)
        )
    index.put_member(
        "p1",
        CollectionMember(
            path="/p1/bad.pdf", size=5, mtime=2.0, error_kind="encrypted", error="needs a password"
        ),
    )

    def found(**scope: list[str]) -> set[str]:
        return {c.document for c in index.search("knot theory", limit=10, **scope).chunks}

    assert found(collections=["p1"]) == {"b", "c"}
    assert found(collections=["p2"], documents=["att"]) == {"d", "att"}
    assert found() == set()
    assert found(collections=["nobody"]) == set()
    hit = index.search("file b", collections=["p1"], limit=1).chunks[0]
    assert hit.source_path == "/p1/b.md"
    assert [m.path for m in index.members("p1")] == ["/p1/b.md", "/p1/bad.pdf", "/p1/c.md"]
    assert index.members("p1")[1].error_kind == "encrypted"
    # the file changed: its new document replaces the old one, which nobody needs any more
    index.index_document(_text("b2", "knot theory rewritten", source_path="/p1/b.md"), cancel)
    index.put_member("p1", CollectionMember(path="/p1/b.md", size=11, mtime=3.0, sha256="b2"))
    assert not index.has_document("b") and index.has_document("b2")
    index.remove_member("p1", "/p1/c.md")
    index.remove_member("p1", "/p1/none.md")  # not a member: nothing happens
    assert not index.has_document("c")
    assert found(collections=["p1"]) == {"b2"}
    # an attachment's document stays when a collection lets go of the same bytes
    index.put_member("p2", CollectionMember(path="/p2/copy.txt", size=1, mtime=1.0, sha256="att"))
    index.remove_member("p2", "/p2/copy.txt")
    assert index.has_document("att")
    assert index.forget_document("att") and not index.has_document("att")
    assert not index.forget_document("att")
    connection = apsw.Connection(str(tmp_path / "k.sqlite3"))
    words = {str(r[0]) for r in connection.execute("SELECT term FROM chunks_vocab")}
    connection.close()
    assert "attachment" not in words and "c" not in words  # their words left the FTS index too
    assert "rewritten" in words


def test_a_damaged_index_file_is_set_aside_and_started_again(tmp_path: Path) -> None:
    path = tmp_path / "knowledge.sqlite3"
    path.write_bytes(b"this is not a database" * 1000)
    index = SqliteKnowledgeIndex(path)
    assert (tmp_path / "knowledge.sqlite3.damaged").exists()
    index.index_document(_text("z", "fresh start"), threading.Event())
    assert index.search("fresh", documents=["z"]).chunks


def test_many_documents_in_scope_are_searched_through_the_join(tmp_path: Path) -> None:
    index = SqliteKnowledgeIndex(tmp_path / "k.sqlite3")
    for i in range(20):
        index.index_document(_text(f"m{i}", f"common words and marker{i}"), threading.Event())
    scope = [f"m{i}" for i in range(12)]
    result = index.search("marker3 marker5 marker15 marker19", documents=scope, limit=20)
    assert sorted(c.document for c in result.chunks) == ["m3", "m5"]
    # a word in more than half of all chunks is left out (its idf is ~0) unless it is all
    assert index.search("common marker3", documents=scope).chunks[0].document == "m3"
    assert len(index.search("common", documents=scope, limit=20).chunks) == 12


def test_hybrid_search_fuses_vectors_with_bm25(tmp_path: Path, big_pdf: DocumentText) -> None:
    embedder = HashingEmbedder()
    index = SqliteKnowledgeIndex(tmp_path / "k.sqlite3", embedder)
    record = index.index_document(big_pdf, threading.Event())
    assert record.embedded
    result = index.search("Abkürzungsverzeichnis", documents=[big_pdf.sha256], limit=5)
    assert result.method == "hybrid" and result.note == ""
    assert result.chunks[0].location == "page 110"
    # a misspelling no word matches: the vectors (character trigrams) still find the page
    lexical = SqliteKnowledgeIndex(tmp_path / "k.sqlite3")
    assert not lexical.search("Abkurzungsverzeichniss", documents=[big_pdf.sha256]).chunks
    fuzzy = index.search("Abkurzungsverzeichniss", documents=[big_pdf.sha256], limit=5)
    assert fuzzy.method == "hybrid"
    assert "page 110" in [c.location for c in fuzzy.chunks]


def test_a_document_indexed_without_vectors_gets_them_when_an_embedder_comes(
    tmp_path: Path,
) -> None:
    path = tmp_path / "k.sqlite3"
    SqliteKnowledgeIndex(path).index_document(_text("x", "graph colouring"), threading.Event())
    index = SqliteKnowledgeIndex(path, HashingEmbedder())
    assert index.search("graph", documents=["x"]).method == "bm25"
    assert "no vectors" in index.search("graph", documents=["x"]).note
    assert index.index_document(_text("x", "ignored"), threading.Event()).embedded
    assert index.search("graph", documents=["x"]).method == "hybrid"


def test_vectors_of_another_model_are_never_mixed(tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite3"
    SqliteKnowledgeIndex(path, HashingEmbedder(64, "model-a")).index_document(
        _text("x", "graph colouring"), threading.Event()
    )
    other = SqliteKnowledgeIndex(path, HashingEmbedder(128, "model-b"))
    result = other.search("graph", documents=["x"])
    assert result.method == "bm25" and "model-b" in result.note
    other.index_document(_text("x", "ignored"), threading.Event())
    assert other.search("graph", documents=["x"]).method == "hybrid"


def test_an_embedder_that_fails_leaves_bm25_with_a_note(
    tmp_path: Path, big_pdf: DocumentText
) -> None:
    path = tmp_path / "k.sqlite3"
    SqliteKnowledgeIndex(path, HashingEmbedder()).index_document(big_pdf, threading.Event())
    failing = SqliteKnowledgeIndex(path, FailingEmbedder(fail_after=0))
    result = failing.search("Zwischenwertsatz", documents=[big_pdf.sha256], limit=5)
    assert result.method == "bm25"
    assert "word search only" in result.note and "127.0.0.1:9" in result.note
    assert "page 117" in [c.location for c in result.chunks]


def test_indexing_with_a_failing_embedder_keeps_the_words(tmp_path: Path) -> None:
    index = SqliteKnowledgeIndex(tmp_path / "k.sqlite3", FailingEmbedder(fail_after=0))
    with pytest.raises(KnowledgeError) as caught:
        index.index_document(_text("y", "sheaf cohomology"), threading.Event())
    assert caught.value.kind == "embedding" and "word search only" in str(caught.value)
    assert index.has_document("y")
    result = index.search("cohomology", documents=["y"])
    assert [c.document for c in result.chunks] == ["y"] and result.method == "bm25"


def test_slides_and_sheets_are_cited_by_number_and_name(tmp_path: Path) -> None:
    index = SqliteKnowledgeIndex(tmp_path / "k.sqlite3")
    deck = _document(_read(FIXTURES / "pptx-10slides-notes-chart-table.pptx", tmp_path / "s"))
    book = _document(_read(FIXTURES / "xlsx-formulas-3sheets.xlsx", tmp_path / "s"))
    index.index_document(deck, threading.Event())
    index.index_document(book, threading.Event())
    hit = index.search("SLIDE3ChartTitle", documents=[deck.sha256]).chunks[0]
    assert (hit.location, hit.unit, hit.number) == ("slide 3", "slide", 3)
    hit = index.search("This slide is hidden", documents=[deck.sha256]).chunks[0]
    assert hit.location == "slide 9"
    hit = index.search("Squares", documents=[book.sha256]).chunks[0]
    assert (hit.location, hit.unit) == ("sheet Feuil1", "sheet")


def _vectors(path: Path) -> int:
    import sqlite_vec

    connection = apsw.Connection(str(path))
    try:
        connection.enable_load_extension(True)
        connection.load_extension(sqlite_vec.loadable_path())
        tables = [str(r[0]) for r in connection.execute("SELECT id FROM vector_spaces")]
        return sum(
            int(next(iter(connection.execute(f"SELECT count(*) FROM vec_{t}")))[0]) for t in tables
        )
    finally:
        connection.close()


def test_hybrid_search_keeps_to_its_scope_and_forgetting_drops_the_vectors(
    tmp_path: Path,
) -> None:
    path = tmp_path / "k.sqlite3"
    index = SqliteKnowledgeIndex(path, HashingEmbedder())
    for sha in ("v1", "v2", "v3"):
        body = "\n\n".join(f"{sha} paragraph {i} about manifolds and curvature" for i in range(30))
        index.index_document(
            _text(sha, body), threading.Event(), limits=KnowledgeLimits(chunk_chars=60)
        )
    assert _vectors(path) == 90
    result = index.search("curvature of manifolds", documents=["v2"], limit=10)
    assert result.method == "hybrid" and len(result.chunks) == 10
    assert {c.document for c in result.chunks} == {"v2"}
    result = index.search("curvature", documents=["v1", "v3"], limit=50)
    assert {c.document for c in result.chunks} == {"v1", "v3"} and len(result.chunks) == 50
    assert index.forget_document("v2")
    assert _vectors(path) == 60


def test_what_the_words_are_searched_in() -> None:
    # CJK runs as overlapping bigrams; a word hyphenated at a line's end also whole, a
    # compound's own hyphen left alone; NFKC folds full-width letters
    assert search_body("你好世界") == " 你好 好世 世界 "
    assert "Mannigfaltigkeit" in search_body("die Mannig-\nfaltigkeit ist")
    assert "GaußBonnet" not in search_body("Satz von Gauß-\nBonnet")
    assert search_body("ｔｏｒｕｓ") == "torus"  # noqa: RUF001
    # every word quoted, quotes doubled: never FTS5 syntax
    assert fts_query(["a", 'b"c', "NEAR"]) == '"a" OR "b""c" OR "NEAR"'

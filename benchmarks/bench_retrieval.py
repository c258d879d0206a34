"""Retrieval: quality (recall@5) on a known-answer set, indexing throughput, and search latency at
10,000 and 100,000 chunks — the knowledge index of issue 18 (``SqliteKnowledgeIndex``).

Why it exists: issue 18 asks for recall@5 for BM25 and for hybrid on questions whose answers are
known, pages per second for PDF and chunks per second overall, and search p50/p99 at 10,000 and
100,000 chunks with a budget of p50 < 30 ms at 100,000 chunks.

**1. Quality.** The known answers come from a real document: the 117-page PDF of the shared
fixtures (a German lecture script on geometry and topology) has its own index, the
*Stichwortverzeichnis* on its last three pages: "Term, page numbers" lines, with sub-entries
under a term ("Gruppe" / "topologische, 33" → "topologische Gruppe"). Each entry is a query; its
relevant pages are the listed ones (a range "60-63" gives every page) moved by the offset between
printed and PDF page numbers. The offset is not assumed: the script tries -2..8 and keeps the one
under which the most entries' words occur on their pages (+4: 209 of the entries' pages hold
their word, +3 only 45, though the running heads' numbers suggest +3; the table of contents
agrees with +4). The
index pages themselves contain every term, so they are *not* relevant: a hit on them is a miss.
Per query: success@5 (a relevant page among the top 5 chunks), recall@5 (relevant pages found /
min(relevant, 5)), and the reciprocal rank of the first relevant chunk. BM25 alone, and hybrid
with ``tests/support/embedders.HashingEmbedder`` (hashed words and character trigrams — a
deterministic stand-in, not a language model: it shows the fusion working, not what a real
embedding model would add). No public-domain QA set is available offline on this machine.

**2. Throughput.** The same PDF read by the real out-of-process reader, chunked and indexed into
a fresh file (pages/s end to end, and chunking + indexing alone); chunks/s for indexing alone
on the synthetic corpus below.

**3. Latency.** Synthetic documents of 100 pages (one chunk each, ~1,200 characters) from a
Zipf-distributed vocabulary (50,000 pseudo-words, s = 1.07 — the shape of natural text, so some
words are in most chunks and most are rare), indexed through ``index_document``; cached in
``~/.cache/parley-bench/`` (``--cache``). Queries: 4 to 8 words drawn from the same distribution
(natural questions mix common and rare words). ``search(limit=8)`` over one document, ten
documents, every document (given by hash), every other document (scattered ids: the join path),
and a collection holding every document; p50/p99 after a warm-up. Hybrid the same at 10,000
chunks (``--hybrid-sizes``) with the hashing embedder: BM25, the query's vector, a vec0 KNN over
the scope's partitions, and the fusion (the embedder here costs microseconds; a real endpoint
adds its round trip).

    .venv/bin/python benchmarks/bench_retrieval.py [--sizes 10000,100000] [--queries 200]
        [--hybrid-sizes 10000] [--cache DIR] [--rebuild] [--skip-quality]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import re
import statistics
import sys
import tempfile
import threading
import time
from bisect import bisect
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import accumulate
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

BIG_PDF = Path("/work/shared/fixtures/documents/pdf-large-117pages.pdf")
#: Bump when the generated corpus changes, so older caches are not reused.
CORPUS_VERSION = 2
VOCABULARY = 50_000
ZIPF_S = 1.07
PAGES_PER_DOCUMENT = 100
WORDS_PER_PAGE = 170


# -- 1. quality ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    query: str
    printed: tuple[int, ...]


DASHES = "\u2013-"  # the index writes ranges with an en dash
_NUMBER = rf"(?:\d+(?:\s*[{DASHES}]\s*\d+)?|[ivx]+)"
_PAGES = re.compile(rf"^(.*?),\s*({_NUMBER}(?:\s*,\s*{_NUMBER})*)$")


def index_entries(pages: dict[int, str]) -> list[Entry]:
    """The Stichwortverzeichnis's entries (pages whose text starts with its title)."""
    lines: list[str] = []
    for number in sorted(pages):
        body = pages[number]
        if "Stichwortverzeichnis" not in body.split("\n", 1)[0]:
            continue
        for line in body.split("\n")[1:]:
            line = line.strip()
            if not line:
                continue
            if lines and lines[-1].endswith(","):  # page numbers wrapped onto the next line
                lines[-1] += " " + line
            else:
                lines.append(line)
    entries: list[Entry] = []
    parent = ""
    for line in lines:
        if "siehe" in line:
            parent = ""
            continue
        match = _PAGES.match(line)
        if match is None:
            parent = line  # a term whose sub-entries follow
            continue
        term = match.group(1).strip()
        printed: list[int] = []
        for piece in match.group(2).split(","):
            piece = piece.strip()
            if re.fullmatch(r"[ivx]+", piece):
                continue
            bounds = [int(x) for x in re.split(rf"\s*[{DASHES}]\s*", piece)]
            printed.extend(range(bounds[0], bounds[-1] + 1))
        if term[:1].islower() and parent:
            query = f"{term} {parent}"
        else:
            parent = term  # lower-case lines after it are its sub-entries ("Weg" / "einfacher")
            query = term
        if printed:
            entries.append(Entry(query, tuple(dict.fromkeys(printed))))
    return entries


def _word(query: str) -> str:
    return max(re.findall(r"\w+", query), key=len).lower()


def page_offset(entries: list[Entry], pages: dict[int, str]) -> tuple[int, dict[int, int]]:
    lowered = {n: t.lower() for n, t in pages.items()}
    scores = {}
    for offset in range(-2, 9):
        scores[offset] = sum(
            1
            for e in entries
            for p in e.printed
            if p + offset in lowered and _word(e.query) in lowered[p + offset]
        )
    return max(scores, key=lambda k: scores[k]), scores


def quality(index: object, sha: str, entries: list[Entry], offset: int, skip: set[int]) -> dict:
    success = near = recall = rr = on_index = 0.0
    for entry in entries:
        relevant = {p + offset for p in entry.printed} - skip
        result = index.search(entry.query, documents=[sha], limit=5)  # type: ignore[attr-defined]
        pages = [c.number for c in result.chunks]
        found = relevant & set(pages)
        success += bool(found)
        near += any(abs(p - r) <= 1 for p in pages for r in relevant)
        recall += len(found) / min(len(relevant), 5) if relevant else 0
        rr += next((1 / (i + 1) for i, p in enumerate(pages) if p in relevant), 0.0)
        on_index += any(p in skip for p in pages)
        method = result.method
    n = len(entries)
    return {
        "success": success / n,
        "near": near / n,
        "recall": recall / n,
        "mrr": rr / n,
        "on_index": on_index / n,
        "method": method,
    }


def split_pages(text: str) -> dict[int, str]:
    parts = re.split(r"^--- page (\d+) ---\n", text, flags=re.M)
    return {int(parts[i]): parts[i + 1] for i in range(1, len(parts), 2)}


def run_quality_and_throughput(work: Path) -> list[str]:
    from parley.application.knowledge.chunking import chunk_text
    from parley.application.ports.attachments import AttachmentLimits
    from parley.application.ports.knowledge import DocumentText
    from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
    from parley.infrastructure.attachments.store import ContentStore
    from parley.infrastructure.knowledge.sqlite_index import SqliteKnowledgeIndex
    from tests.support.embedders import HashingEmbedder

    out: list[str] = []
    reads = []
    for attempt in range(3):  # a fresh reader each time: a reader remembers what it read
        reader = SubprocessAttachmentReader(ContentStore(work / f"store{attempt}"))
        try:
            started = time.perf_counter()
            read = reader.read(BIG_PDF, AttachmentLimits(max_chars=10**8), threading.Event())
            reads.append(time.perf_counter() - started)
        finally:
            reader.close()
    assert read.ok, read.error
    document = DocumentText(read.sha256, read.name, read.text, read.media_type, read.unit)
    pages = split_pages(read.text)
    chunking = []
    for _ in range(5):
        started = time.perf_counter()
        chunks = chunk_text(read.text, read.unit)
        chunking.append(time.perf_counter() - started)
    indexing = []
    for i in range(5):
        index = SqliteKnowledgeIndex(work / f"bm25-{i}.sqlite3")
        started = time.perf_counter()
        index.index_document(document, threading.Event())
        indexing.append(time.perf_counter() - started)
        index.close()
    embedder = HashingEmbedder()
    hybrid = SqliteKnowledgeIndex(work / "hybrid.sqlite3", embedder)
    started = time.perf_counter()
    hybrid.index_document(document, threading.Event())
    hybrid_s = time.perf_counter() - started
    read_s, chunk_s, index_s = (statistics.median(x) for x in (reads, chunking, indexing))
    n_pages, n_chunks = len(pages), len(chunks)
    out.append(
        f"| {BIG_PDF.name} ({n_pages} pages, {len(read.text):,} chars, {n_chunks} chunks) | "
        f"read {read_s * 1000:.0f} ms + chunk {chunk_s * 1000:.1f} ms + index "
        f"{index_s * 1000:.1f} ms | end to end {n_pages / (read_s + index_s):.0f} pages/s; "
        f"chunking + indexing {n_pages / index_s:,.0f} pages/s, {n_chunks / index_s:,.0f} chunks/s;"
        f" with the hashing embedder {n_pages / hybrid_s:,.0f} pages/s |"
    )

    entries = index_entries(pages)
    offset, scores = page_offset(entries, pages)
    index_pages = {n for n, t in pages.items() if "Stichwortverzeichnis" in t.split("\n", 1)[0]}
    bm25 = SqliteKnowledgeIndex(work / "bm25-0.sqlite3")
    q_bm25 = quality(bm25, read.sha256, entries, offset, index_pages)
    q_hybrid = quality(hybrid, read.sha256, entries, offset, index_pages)
    out.append("")
    out.append(
        f"known answers: {len(entries)} entries of the Stichwortverzeichnis (PDF pages "
        f"{min(index_pages)}-{max(index_pages)}), printed page + {offset} = PDF page (entries' "
        f"words found on their pages per offset: "
        + ", ".join(f"{k:+d}: {v}" for k, v in sorted(scores.items()) if v)
        + ")"
    )
    out.append("")
    out.append(
        "| method | success@5 | success@5 within a page | recall@5 | MRR | "
        "top 5 holds an index page |"
    )
    out.append("|---|---|---|---|---|---|")
    for label, q in (("BM25", q_bm25), ("hybrid (hashing embedder, RRF k=60)", q_hybrid)):
        out.append(
            f"| {label} ({q['method']}) | {q['success']:.2f} | {q['near']:.2f} | "
            f"{q['recall']:.2f} | {q['mrr']:.2f} | {q['on_index']:.2f} |"
        )
    bm25.close()
    hybrid.close()
    return out


# -- 3. latency ----------------------------------------------------------------------------------


def _vocabulary(rng: random.Random) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyzäöüß"
    words: dict[str, None] = {}
    while len(words) < VOCABULARY:
        length = min(14, max(2, int(rng.gauss(7, 2.5))))
        words.setdefault("".join(rng.choice(letters) for _ in range(length)), None)
    return list(words)


class Zipf:
    def __init__(self, words: list[str], rng: random.Random) -> None:
        self.words = words
        self.cum = list(accumulate(1 / (rank**ZIPF_S) for rank in range(1, len(words) + 1)))
        self.rng = rng

    def draw(self, n: int) -> list[str]:
        total = self.cum[-1]
        return [self.words[bisect(self.cum, self.rng.random() * total)] for _ in range(n)]


def ensure_corpus(cache: Path, chunks: int, rebuild: bool, hashing: bool = False) -> Path:
    from parley.application.ports.knowledge import CollectionMember, DocumentText
    from parley.infrastructure.knowledge.sqlite_index import SqliteKnowledgeIndex
    from tests.support.embedders import HashingEmbedder

    kind = "-hashing" if hashing else ""
    path = cache / f"knowledge-v{CORPUS_VERSION}-{chunks}{kind}.sqlite3"
    if path.exists() and not rebuild:
        return path
    cache.mkdir(parents=True, exist_ok=True)
    building = path.with_suffix(".building")
    for stale in (building, Path(f"{building}-wal"), Path(f"{building}-shm")):
        stale.unlink(missing_ok=True)
    rng = random.Random(1)
    zipf = Zipf(_vocabulary(rng), rng)
    index = SqliteKnowledgeIndex(building, HashingEmbedder() if hashing else None)
    documents = chunks // PAGES_PER_DOCUMENT
    print(f"building {chunks:,} chunks ({documents} documents) into {path}", flush=True)
    started = time.perf_counter()
    for d in range(documents):
        pages = []
        for p in range(1, PAGES_PER_DOCUMENT + 1):
            words = zipf.draw(WORDS_PER_PAGE)
            sentences = [" ".join(words[i : i + 12]) + "." for i in range(0, len(words), 12)]
            pages.append(f"--- page {p} ---\n" + " ".join(sentences))
        sha = f"synthetic-{d:06d}"
        index.index_document(
            DocumentText(
                sha, f"doc{d}.pdf", "\n\n".join(pages), unit="pages", source_path=f"/k/{d}"
            ),
            threading.Event(),
        )
        index.put_member("all", CollectionMember(f"/k/{d}", 1, 1.0, sha, PAGES_PER_DOCUMENT))
    built = time.perf_counter() - started
    index.close()
    building.rename(path)
    print(f"  built in {built:.1f} s: {chunks / built:,.0f} chunks/s through index_document")
    (path.parent / (path.name + ".build-seconds")).write_text(f"{built:.2f}\n")
    return path


def latency(path: Path, chunks: int, queries: int, hashing: bool = False) -> list[str]:
    from parley.infrastructure.knowledge.sqlite_index import SqliteKnowledgeIndex
    from tests.support.embedders import HashingEmbedder

    rng = random.Random(7)
    zipf = Zipf(_vocabulary(random.Random(1)), rng)
    index = SqliteKnowledgeIndex(path, HashingEmbedder() if hashing else None)
    documents = [f"synthetic-{d:06d}" for d in range(chunks // PAGES_PER_DOCUMENT)]
    asks = [" ".join(zipf.draw(rng.randint(4, 8))) for _ in range(queries)]
    scopes = {
        "1 document": {"documents": documents[:1]},
        "10 documents": {"documents": documents[:10]},
        f"all {len(documents)} documents": {"documents": documents},
        # not adjacent in the file: more than MAX_RANGES ranges, the join on chunks.doc
        f"every other document ({len(documents) // 2})": {"documents": documents[::2]},
        "a collection of all": {"collections": ["all"]},
    }
    rows = []
    for label, scope in scopes.items():
        for ask in asks[:10]:  # warm-up
            index.search(ask, limit=8, **scope)
        times, hits = [], 0
        for ask in asks:
            started = time.perf_counter()
            result = index.search(ask, limit=8, **scope)
            times.append(time.perf_counter() - started)
            hits += len(result.chunks)
        times.sort()
        p50 = statistics.median(times) * 1000
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000
        rows.append(f"| {chunks:,} | {label} | {p50:.1f} | {p99:.1f} | {hits / len(asks):.1f} |")
    index.close()
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="10000,100000", help="chunk counts for latency")
    parser.add_argument("--queries", type=int, default=200, help="queries per scope")
    parser.add_argument(
        "--hybrid-sizes",
        default="10000",
        help="chunk counts for hybrid latency (hashing embedder; '' for none)",
    )
    parser.add_argument(
        "--cache",
        default=str(Path.home() / ".cache" / "parley-bench"),
        help="where the generated indexes are kept (default ~/.cache/parley-bench)",
    )
    parser.add_argument("--rebuild", action="store_true", help="build even if cached")
    parser.add_argument("--skip-quality", action="store_true")
    args = parser.parse_args()
    import apsw

    print(
        f"retrieval - {os.cpu_count()} cores, {platform.machine()}, Python "
        f"{platform.python_version()}, apsw SQLite {apsw.sqlite_lib_version()}, "
        f"{datetime.now(UTC):%Y-%m-%d}, load {os.getloadavg()[0]:.1f}"
    )
    lines: list[str] = []
    if not args.skip_quality:
        with tempfile.TemporaryDirectory() as work:
            lines += run_quality_and_throughput(Path(work))
        lines.append("")
    lines.append("| chunks | scope | p50 ms | p99 ms | chunks found |")
    lines.append("|---|---|---|---|---|")
    for size in (int(s) for s in args.sizes.split(",")):
        path = ensure_corpus(Path(args.cache).expanduser(), size, args.rebuild)
        lines += latency(path, size, args.queries)
    for size in (int(s) for s in args.hybrid_sizes.split(",") if s):
        path = ensure_corpus(Path(args.cache).expanduser(), size, args.rebuild, hashing=True)
        lines += [
            line.replace(f"| {size:,} |", f"| {size:,} hybrid |", 1)
            for line in latency(path, size, args.queries, hashing=True)
        ]
    print()
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""History at scale: full-text search over 1,000,000 events, against raw FTS5 in the same run.

Why it exists: issue 8's budget is search p50 < 20 ms over 1,000,000 events, with and without the
history filters (``SearchFilters``: provider, model, status, date range, has tool calls, verdict).
Writing a million events through ``SqliteEventStore.append`` takes about 130 µs each (over two
minutes), so this script builds the database in bulk, caches it, and checks that the store
recognises what was built before it reports a single figure.

**The bulk builder** writes exactly the rows the store would, with the store's own helpers:
the payload JSON from the store's ``_serialise``, the hash chain from ``chain.event_hash``, the
search row and the per-turn rows (``turns``, ``turn_verdicts``, the figures on ``sessions``) from
``derived.index_event`` — the very function ``append`` calls — in transactions of 50,000 events
on a schema made by opening the store (its migrations). Events have explicit, increasing times
(``2025-01-01`` to ``2026-11-30``) as imported events would (``append(ts=…)``). Differences from a
database written one ``append`` at a time: ``turns.owner`` is NULL (every turn is finished, so it is
never read), and the FTS index has fewer, larger segments (the same rows; a store-written index
is merged incrementally).

**Before any figure** (every run, cache or not) the script refuses to report unless:

1. *twin check*: a small history (about 2,000 events) built by the bulk builder and the same
   history written through ``store.create_session`` / ``store.append(ts=…)`` are identical, table
   by table and row by row (every table and column the current schema has, except
   ``turns.owner`` and ``_migrations.applied_at``) — so a change to the store's rows that the
   builder does not follow stops the benchmark;
2. the cached database has the schema version this code migrates to (``PRAGMA user_version`` =
   ``len(MIGRATIONS)``, same migration names), opens with ``SqliteEventStore``, and holds the
   events, conversations and turns its manifest says;
3. ``verify_chain`` passes on a sample of 40 conversations (the newest, the oldest and random
   ones);
4. ``store.search`` finds exactly the events holding four marker words planted at build time
   (counts recorded in the manifest), and a common word's hits are newest first.

**Cache**: ``~/.cache/parley-bench/`` (or ``--cache DIR``), file
``history-m<migrations>-<names hash>-b<builder version>-<events>-s<seed>.db`` with a ``.json``
manifest; built under a temporary name and renamed when complete, so a killed build is never
reused. The second run reuses it. **First build here (2026-11-30, 2 shared cores, ext4): 64 s
for 1,000,000 events (about 15,700 events/s), a 1.17 GB file; the whole first run about 2.5
minutes. Later runs: about 60 s** (the twin check, the checks, then the searches).

**What is measured** (``--reps`` repetitions of each query, default 5, after one warm-up pass;
the page cache is warm: the database was just built or checked):

- ``store.search(query, filters, limit=100)`` (what the history window and ``parley history
  search`` call) for a set of queries: a very common word (in about 80 % of the searchable
  events), a common word, a mid-frequency word, a rare word, a planted word with 25 hits, a
  prefix, two words, a word with no hit; each without filters and under each filter and one
  combination; plus the filter-only listing (empty query). p50 and p99 per filter over all
  (query x repetition) timings;
- baselines in the same run: a raw FTS5 ``MATCH … ORDER BY rowid DESC LIMIT 100`` over the same
  ``events_fts`` table for the same expression (what full-text search costs before any join or
  snippet), and a raw ``SELECT`` of 100 events by rowid. Ratios are store / raw MATCH.

    .venv/bin/python benchmarks/history_scale.py [--events 1000000] [--cache DIR] [--reps 5]
        [--rebuild] [--seed 1]
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import itertools
import json
import os
import platform
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

#: Bump when the generated history changes, so older caches are not reused.
BUILDER_VERSION = 1
#: Events per write transaction of the bulk builder.
BATCH_EVENTS = 50_000
START = datetime(2025, 1, 1, tzinfo=UTC)
END = datetime(2026, 11, 30, tzinfo=UTC)

PROVIDERS = ("openai", "anthropic", "gemini", "ollama", "openrouter", "groq")
MODELS = {
    "openai": ("gpt-4o", "gpt-4o-mini", "o3-mini"),
    "anthropic": ("claude-sonnet", "claude-haiku"),
    "gemini": ("gemini-2.0-flash", "gemini-2.5-pro"),
    "ollama": ("llama3.1:8b", "qwen2.5-coder"),
    "openrouter": ("deepseek-chat",),
    "groq": ("llama-3.3-70b", "mixtral-8x7b"),
}
#: Turn statuses with their weights (failed, cancelled, … are the ones people filter for).
STATUSES = (
    ("completed", 90),
    ("failed", 4),
    ("cancelled", 3),
    ("interrupted", 2),
    ("timed_out", 1),
)
#: Words that occur nowhere else, planted in a known number of searchable events.
MARKERS = {"zqxrare": 25, "zqxfew": 400, "zqxmid": 4_000, "zqxmany": 40_000}
#: Real words at the head of the vocabulary (most frequent first); "pars…" for a prefix query.
HEAD = (  # noqa: SIM905 - one word list, easier to read as text
    "the to and of a in is it that for you this with on be use value can are not as if your "
    "function file from an or by data return error time at will should have code string list "
    "type date test line python parse parser parsing parsed parses example name class key "
    "result request server model query table config output input path call json async "
    "database index thread window event search filter token answer stream provider timezone "
    "sqlite transaction commit migration checkpoint cursor buffer socket latency widget"
).split()


# -- the history ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Planned:
    """One event to write, in global append order."""

    session_id: str
    title: str
    project_id: str | None
    turn_id: str
    ts: str
    event: Any
    actor: str


def vocabulary(rng: random.Random, size: int = 30_000) -> list[str]:
    """``HEAD`` then pronounceable made-up words, most frequent first (none starts with zqx)."""
    consonants, vowels = "bcdfghklmnprstvwz", "aeiou"
    words = list(HEAD)
    seen = set(words)
    while len(words) < size:
        n = rng.randint(2, 4)
        w = "".join(rng.choice(consonants) + rng.choice(vowels) for _ in range(n))
        if w not in seen:
            seen.add(w)
            words.append(w)
    return words


def plan(events: int, seed: int, planted: dict[str, int] | None = None) -> Iterator[Planned]:
    """A deterministic history of ``events`` events (the last turn completes it, so a few more):
    conversations of 1 to 30 turns, a
    few open at once (their turns interleave), times increasing from ``START`` to ``END``.

    A turn: ``turn_started``, ``user_message``, sometimes an attachment, sometimes tool calls
    (each ``tool_call``, ``action_verdict``, ``tool_result``), an ``assistant_text`` (unless it
    failed early), sometimes a ``notice``, and ``turn_finished`` with usage or an error.
    ``planted`` (if given) receives how many events got each of the ``MARKERS`` words."""
    from parley.domain.transcript.canonical import (
        ActionVerdict,
        AssistantText,
        AttachmentAdded,
        Notice,
        ToolCall,
        ToolResult,
        TurnFinished,
        TurnStarted,
        Usage,
        UserMessage,
    )

    rng = random.Random(seed)
    vocab = vocabulary(rng)
    # Zipf-like word pool; texts are slices of it at random offsets.
    weights = [1.0 / (rank + 1) for rank in range(len(vocab))]
    pool = rng.choices(vocab, cum_weights=list(itertools.accumulate(weights)), k=1 << 20)
    pool += pool[:400]

    def words(n: int) -> str:
        at = rng.randrange(1 << 20)
        return " ".join(pool[at : at + n])

    def hexid() -> str:
        return f"{rng.getrandbits(128):032x}"

    # Marker words go into searchable events chosen by stride, so their counts are exact; the
    # planted count is checked against what the store finds.
    searchable_estimate = int(events * 0.62)
    strides = {word: max(1, searchable_estimate // count) for word, count in MARKERS.items()}
    planted = planted if planted is not None else {}
    planted.update(dict.fromkeys(MARKERS, 0))
    searchable_seen = 0

    def mark(text: str) -> str:
        nonlocal searchable_seen
        searchable_seen += 1
        for word, stride in strides.items():
            if searchable_seen % stride == 0 and planted[word] < MARKERS[word]:
                planted[word] += 1
                text = f"{text} {word}"
        return text

    step = (END - START) / max(1, events)
    status_names = [s for s, _ in STATUSES]
    status_weights = [w for _, w in STATUSES]
    open_sessions: list[dict[str, Any]] = []
    written = 0
    n_sessions = 0

    def new_session() -> dict[str, Any]:
        nonlocal n_sessions
        n_sessions += 1
        provider = rng.choice(PROVIDERS)
        return {
            "id": hexid(),
            "title": f"Conversation {n_sessions}: {words(4)}",
            "project": f"project-{rng.randrange(12)}" if rng.random() < 0.15 else None,
            "turns_left": rng.randint(1, 30),
            "provider": provider,
            "model": rng.choice(MODELS[provider]),
        }

    while written < events:
        while len(open_sessions) < 4:
            open_sessions.append(new_session())
        s = rng.choice(open_sessions)
        s["turns_left"] -= 1
        if s["turns_left"] <= 0:
            open_sessions.remove(s)
        if rng.random() < 0.1:  # people switch models now and then
            s["model"] = rng.choice(MODELS[s["provider"]])
        tid = hexid()
        status = rng.choices(status_names, weights=status_weights)[0]
        tools = rng.random() < 0.25
        workspace = f"/home/user/src/repo-{rng.randrange(8)}" if tools else ""
        turn: list[tuple[Any, str]] = [
            (
                TurnStarted(
                    provider_id=s["provider"],
                    model=s["model"],
                    project_id=s["project"],
                    workspace=workspace,
                ),
                "runtime",
            ),
            (UserMessage(text=mark(words(rng.randint(6, 40)))), "user"),
        ]
        if rng.random() < 0.03:
            turn.append(
                (
                    AttachmentAdded(
                        name=f"notes-{rng.randrange(999)}.md",
                        sha256=f"{rng.getrandbits(256):064x}",
                        media_type="text/markdown",
                        size=4000,
                        extractor="text",
                        chars=1500,
                        text=mark(words(rng.randint(100, 250))),
                    ),
                    "runtime",
                )
            )
        if tools:
            for _ in range(rng.randint(1, 3)):
                call = f"call-{rng.getrandbits(96):024x}"
                decision = rng.choices(("ran", "asked", "refused"), weights=(90, 7, 3))[0]
                turn.append(
                    (
                        ToolCall(call, "run_command", {"command": mark(f"grep -rn {words(2)}")}),
                        "runtime",
                    )
                )
                turn.append(
                    (
                        ActionVerdict(call, "run_command", "read", "R1", "reads files", decision),
                        "runtime",
                    )
                )
                turn.append(
                    (
                        ToolResult(call, mark(words(rng.randint(5, 60))), decision == "ran"),
                        "runtime",
                    )
                )
        if status != "failed":
            text = mark(words(rng.randint(40, 220)))
            turn.append(
                (
                    AssistantText(text=text, model=s["model"], partial=status != "completed"),
                    "assistant",
                )
            )
        if status != "completed" and rng.random() < 0.5:
            turn.append((Notice(text=mark(words(8)), level="warning"), "runtime"))
        error = "" if status == "completed" else mark(f"the provider said: {words(6)}")
        usage = Usage(input_tokens=rng.randint(200, 20_000), output_tokens=rng.randint(20, 2_000))
        turn.append(
            (
                TurnFinished(
                    status=status,
                    usage=usage if status == "completed" else Usage(),
                    duration_s=round(rng.uniform(0.5, 40.0), 3),
                    error=error,
                ),
                "runtime",
            )
        )
        for event, actor in turn:  # the last turn is written whole (a few events past ``events``)
            when = START + step * written + timedelta(microseconds=rng.randrange(1000))
            yield Planned(
                session_id=s["id"],
                title=s["title"],
                project_id=s["project"],
                turn_id=tid,
                ts=when.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
                event=event,
                actor=actor,
            )
            written += 1


def bulk_build(path: Path, events: int, seed: int, *, progress: bool = False) -> dict[str, Any]:
    """Write the planned history into a new database at ``path`` (schema made by the store) and
    return its manifest (counts, planted marker words, build time)."""
    from parley.domain.transcript.chain import GENESIS, event_hash
    from parley.infrastructure.storage import sqlite_event_store as ses
    from parley.infrastructure.storage.derived import index_event

    t0 = time.perf_counter()
    ses.SqliteEventStore(path).close()  # the schema, exactly as the store makes it
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = OFF")  # a build that dies is thrown away, never reused
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("PRAGMA cache_size = -400000")
    heads: dict[str, str] = {}
    last_ts: dict[str, str] = {}
    rows: list[tuple[Any, ...]] = []
    insert = (
        "INSERT INTO events (id, session_id, turn_id, ts, type, actor, work_item, payload,"
        " prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    )
    event_id = 0
    planted: dict[str, int] = {}
    conn.execute("BEGIN")
    for item in plan(events, seed, planted):
        sid = item.session_id
        prev = heads.get(sid)
        if prev is None:
            # create_session, then the first append(ts=…) makes its time the created_at
            conn.execute(
                "INSERT INTO sessions (id, title, project_id, created_at, updated_at, pinned)"
                " VALUES (?, ?, ?, ?, ?, 0)",
                (sid, item.title, item.project_id, item.ts, item.ts),
            )
            prev = GENESIS
        type_name, data, payload = ses._serialise(sid, item.event)
        digest = event_hash(prev, sid, item.turn_id, item.ts, type_name, item.actor, None, payload)
        event_id += 1
        rows.append(
            (event_id, sid, item.turn_id, item.ts, type_name, item.actor, None, payload, prev,
             digest)
        )  # fmt: skip
        index_event(
            conn,
            event_id=event_id,
            session_id=sid,
            turn_id=item.turn_id,
            ts=item.ts,
            type_name=type_name,
            payload=data,
            owner=None,
        )
        heads[sid] = digest
        last_ts[sid] = item.ts
        if len(rows) >= BATCH_EVENTS:
            conn.executemany(insert, rows)
            rows.clear()
            conn.execute("COMMIT")
            conn.execute("BEGIN")
            if progress:
                rate = event_id / (time.perf_counter() - t0)
                print(f"  built {event_id:,} events ({rate:,.0f}/s)", flush=True)
    conn.executemany(insert, rows)
    conn.executemany(
        "UPDATE sessions SET updated_at = ?, head_hash = ? WHERE id = ?",
        [(last_ts[sid], heads[sid], sid) for sid in heads],
    )
    conn.execute("COMMIT")
    conn.execute("PRAGMA journal_mode = WAL")  # as the store keeps it
    conn.close()
    return {
        "events": event_id,
        "sessions": len(heads),
        "planted": planted,
        "seed": seed,
        "build_s": round(time.perf_counter() - t0, 1),
        "built_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "sqlite": sqlite3.sqlite_version,
    }


def store_build(path: Path, events: int, seed: int) -> None:
    """The same history written through the store's public API, one ``append`` at a time."""
    from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore

    with SqliteEventStore(path) as store:
        for item in plan(events, seed):
            if not store.session_exists(item.session_id):
                store.create_session(
                    item.title, session_id=item.session_id, project_id=item.project_id
                )
            store.append(item.session_id, item.turn_id, item.event, actor=item.actor, ts=item.ts)


# -- checks ---------------------------------------------------------------------------------------


class Refused(Exception):
    """The database is not what the store would have written; no figures are reported."""


def _table_rows(conn: sqlite3.Connection) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the schema (FTS content through the FTS table itself)."""
    # A database's sync device id and its birth time are random by design (one per database),
    # so only the row's existence is compared.
    skip_columns = {
        "turns": {"owner"},
        "_migrations": {"applied_at"},
        "sync_device": {"device_id", "created_at"},
    }
    out = {}
    names = [
        r[0]
        for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'events_fts_%'"
        )
    ]
    for name in names:
        if name == "events_fts":
            sql = "SELECT rowid, body FROM events_fts ORDER BY rowid"
        else:
            cols = [
                r[1]
                for r in conn.execute(f'PRAGMA table_info("{name}")')
                if r[1] not in skip_columns.get(name, ())
            ]
            sql = f'SELECT {", ".join(cols)} FROM "{name}" ORDER BY {", ".join(cols)}'
        out[name] = conn.execute(sql).fetchall()
    return out


def twin_check(events: int = 2_000, seed: int = 7) -> str:
    """Build a small history both ways and compare every table; raise ``Refused`` on any
    difference. Returns a one-line summary."""
    with tempfile.TemporaryDirectory(prefix="parley-twin-") as tmp:
        bulk, slow = Path(tmp) / "bulk.db", Path(tmp) / "store.db"
        bulk_build(bulk, events, seed)
        store_build(slow, events, seed)
        a = _table_rows(sqlite3.connect(bulk))
        b = _table_rows(sqlite3.connect(slow))
    if set(a) != set(b):
        raise Refused(f"twin check: tables differ: {sorted(set(a) ^ set(b))}")
    for name in sorted(a):
        if a[name] != b[name]:
            diff = next(
                (i for i, (x, y) in enumerate(zip(a[name], b[name], strict=False)) if x != y),
                min(len(a[name]), len(b[name])),
            )
            raise Refused(
                f"twin check: table {name} differs between the bulk builder and store.append"
                f" ({len(a[name])} vs {len(b[name])} rows; first difference at row {diff}:"
                f" {a[name][diff : diff + 1]} vs {b[name][diff : diff + 1]})"
            )
    total = sum(len(rows) for rows in a.values())
    return f"{events:,} events both ways: {len(a)} tables, {total:,} rows identical"


def check_database(store: Any, path: Path, manifest: dict[str, Any]) -> list[str]:
    """The checks 2-4 of the module docstring; raise ``Refused``, else return what was checked."""
    from parley.infrastructure.storage.migrations import MIGRATIONS, applied_migrations

    done = []
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        (version,) = conn.execute("PRAGMA user_version").fetchone()
        names = applied_migrations(conn)
        if version != len(MIGRATIONS) or names != [m.__name__ for m in MIGRATIONS]:
            raise Refused(
                f"schema version {version} ({names}) is not this code's {len(MIGRATIONS)}"
            )
        (events,) = conn.execute("SELECT count(*) FROM events").fetchone()
        (sessions,) = conn.execute("SELECT count(*) FROM sessions").fetchone()
        (running,) = conn.execute("SELECT count(*) FROM turns WHERE status IS NULL").fetchone()
        if events != manifest["events"] or sessions != manifest["sessions"] or running:
            raise Refused(
                f"the database holds {events} events in {sessions} conversations ({running} turns"
                f" running), its manifest says {manifest['events']} in {manifest['sessions']}"
            )
        done.append(f"schema v{version}, {events:,} events, {sessions:,} conversations")
        ids = [r[0] for r in conn.execute("SELECT id FROM sessions ORDER BY updated_at")]
    finally:
        conn.close()
    rng = random.Random()
    sample = {ids[0], ids[-1], *rng.sample(ids, min(38, len(ids)))}
    checked = 0
    for sid in sample:
        report = store.verify_chain(sid)
        if not report.ok:
            raise Refused(f"verify_chain failed for {sid}: {report.reason}")
        checked += report.events_checked
    done.append(f"verify_chain ok on {len(sample)} conversations ({checked:,} events)")
    for word, count in manifest["planted"].items():
        hits = store.search(word, limit=count + 10)
        if len(hits) != count or any(f"[{word}]" not in h.snippet for h in hits):
            raise Refused(f"search for the planted word {word!r} found {len(hits)}, not {count}")
    hits = store.search("the", limit=100)
    if len(hits) != 100 or [h.event_id for h in hits] != sorted(
        (h.event_id for h in hits), reverse=True
    ):
        raise Refused("a common word's hits are not the newest 100 first")
    done.append(
        "search finds exactly the planted words ("
        + ", ".join(f"{w} {c:,}" for w, c in manifest["planted"].items())
        + ")"
    )
    return done


# -- the cache ------------------------------------------------------------------------------------


def cache_path(cache: Path, events: int, seed: int) -> Path:
    from parley.infrastructure.storage.migrations import MIGRATIONS

    names = hashlib.sha256("\n".join(m.__name__ for m in MIGRATIONS).encode()).hexdigest()[:8]
    return cache / f"history-m{len(MIGRATIONS)}-{names}-b{BUILDER_VERSION}-{events}-s{seed}.db"


def ensure_database(cache: Path, events: int, seed: int, rebuild: bool) -> tuple[Path, dict]:
    path = cache_path(cache, events, seed)
    manifest_path = path.with_suffix(".json")
    if rebuild or not (path.exists() and manifest_path.exists()):
        cache.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".building")
        for stale in (partial, *(partial.with_name(partial.name + s) for s in ("-wal", "-shm"))):
            stale.unlink(missing_ok=True)
        print(f"building {events:,} events into {path} (first run; cached for the next)")
        manifest = bulk_build(partial, events, seed, progress=True)
        with contextlib.suppress(OSError):
            for owner in partial.with_name(partial.name + ".owners").iterdir():
                owner.unlink()
            partial.with_name(partial.name + ".owners").rmdir()
        os.replace(partial, path)
        manifest_path.write_text(json.dumps(manifest, indent=1))
        size = path.stat().st_size / 1e6
        print(f"built in {manifest['build_s']:.0f} s ({events / manifest['build_s']:,.0f} events/s)"
              f", {size:,.0f} MB")  # fmt: skip
    else:
        manifest = json.loads(manifest_path.read_text())
        print(
            f"reusing {path} (built {manifest['built_at']} in {manifest['build_s']:.0f} s,"
            f" {path.stat().st_size / 1e6:,.0f} MB)"
        )
    return path, manifest


# -- measurement ----------------------------------------------------------------------------------


def filter_cases(conn: sqlite3.Connection) -> list[tuple[str, Any]]:
    """(label, SearchFilters) for each filter the history offers, with realistic values."""
    from parley.application.ports.event_store import SearchFilters

    return [
        ("no filter", SearchFilters()),
        ("provider", SearchFilters(provider="anthropic")),
        ("model", SearchFilters(model="gpt-4o-mini")),
        ("status failed", SearchFilters(status="failed")),
        (
            "date range (one month, a year ago)",
            SearchFilters(since="2025-11-01", until="2025-11-30"),
        ),
        ("has tool calls", SearchFilters(has_tool_calls=True)),
        ("verdict refused", SearchFilters(verdict="refused")),
        (
            "provider + model + status + tools",
            SearchFilters(
                provider="openai", model="gpt-4o", status="completed", has_tool_calls=True
            ),
        ),
    ]


def query_cases(conn: sqlite3.Connection) -> list[tuple[str, str, int]]:
    """(label, query, matches) from a very common word to a rare one, with their match counts."""
    from parley.infrastructure.storage.fulltext import match_expression

    picks = [
        ("very common word", "the"),
        ("common word", "parse"),
        ("mid word", "socket"),
        ("rare word", None),
        ("planted word", "zqxrare"),
        ("prefix pars*", "pars*"),
        ("two words", "time error"),
        ("no hit", "zqxnothing"),
    ]
    out = []
    for label, query in picks:
        if query is None:  # a made-up word from the middle of the vocabulary, with few matches
            vocab = vocabulary(random.Random(1))
            for word in vocab[5_000:]:
                (n,) = conn.execute(
                    "SELECT count(*) FROM events_fts WHERE events_fts MATCH ?", (word,)
                ).fetchone()
                if 100 <= n <= 1_000:
                    query = word
                    break
        assert query is not None
        (n,) = conn.execute(
            "SELECT count(*) FROM events_fts WHERE events_fts MATCH ?", (match_expression(query),)
        ).fetchone()
        out.append((label, query, n))
    return out


def timed(fn: Any, *args: Any, **kwargs: Any) -> tuple[float, Any]:
    t = time.perf_counter()
    result = fn(*args, **kwargs)
    return time.perf_counter() - t, result


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(q * (len(values) - 1))))]


def measure(store: Any, path: Path, reps: int) -> dict[str, Any]:
    from parley.infrastructure.storage.fulltext import match_expression

    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    (fts_rows,) = conn.execute("SELECT count(*) FROM events_fts").fetchone()
    (max_id,) = conn.execute("SELECT max(id) FROM events").fetchone()
    queries = query_cases(conn)
    filters = filter_cases(conn)
    raw_match = (
        "SELECT rowid FROM events_fts WHERE events_fts MATCH ? ORDER BY rowid DESC LIMIT 100"
    )
    by_rowid = (
        "SELECT id, ts, session_id, turn_id, type, actor, work_item, payload FROM events"
        " WHERE id = ?"
    )
    rng = random.Random(3)
    some_ids = [rng.randrange(1, max_id + 1) for _ in range(100)]

    raw: dict[str, list[float]] = {q: [] for _, q, _ in queries}
    rowid: list[float] = []
    results: dict[str, dict[str, list[float]]] = {label: {} for label, _ in filters}
    hits: dict[tuple[str, str], int] = {}
    for rep in range(reps + 1):  # rep 0 warms up
        for _, query, _ in queries:
            expression = match_expression(query)
            t, _rows = timed(lambda e=expression: conn.execute(raw_match, (e,)).fetchall())
            if rep:
                raw[query].append(t)
        t0 = time.perf_counter()
        for i in some_ids:
            conn.execute(by_rowid, (i,)).fetchone()
        if rep:
            rowid.append(time.perf_counter() - t0)
        for label, f in filters:
            for _, query, _ in [*queries, ("filters only", "", 0)]:
                t, found = timed(store.search, query, f, limit=100)
                hits[(label, query)] = len(found)
                if rep:
                    results[label].setdefault(query, []).append(t)
    conn.close()
    return {
        "fts_rows": fts_rows,
        "queries": queries,
        "filters": filters,
        "raw": raw,
        "rowid": rowid,
        "results": results,
        "hits": hits,
    }


# -- report ---------------------------------------------------------------------------------------


def report(m: dict[str, Any], events: int, sessions: int, size_mb: float) -> list[str]:
    ms = 1000.0
    raw_all = [t for ts in m["raw"].values() for t in ts]
    raw_p50 = statistics.median(raw_all)
    print()
    print(
        f"{events:,} events ({m['fts_rows']:,} searchable) in {sessions:,} conversations,"
        f" {size_mb:,.0f} MB; limit 100, newest first"
    )
    print("queries (matches in events_fts), raw FTS5 MATCH … ORDER BY rowid DESC LIMIT 100:")
    for label, query, n in m["queries"]:
        t = statistics.median(m["raw"][query])
        print(f"  {label:<20} {query!r:<16} {n:>9,} matches   raw MATCH p50 {t * ms:7.2f} ms")
    print(f"  raw SELECT of 100 events by rowid: p50 {statistics.median(m['rowid']) * ms:.2f} ms")
    print()
    head = f"{'store.search, ms':<38}{'p50':>8}{'p99':>8}{'max':>8}  {'p50 / raw MATCH':>15}"
    print(f"{head}  slowest query")
    table = []
    for label, _f in m["filters"]:
        per_query = m["results"][label]
        with_text = [t for q, ts in per_query.items() if q for t in ts]
        p50, p99 = pct(with_text, 0.5), pct(with_text, 0.99)
        slowest = max((q for q in per_query if q), key=lambda q: statistics.median(per_query[q]))
        worst = statistics.median(per_query[slowest])
        only = statistics.median(per_query[""])
        print(
            f"{label:<38}{p50 * ms:8.1f}{p99 * ms:8.1f}{max(with_text) * ms:8.1f}"
            f"  {p50 / raw_p50:14.1f}x  {slowest!r} {worst * ms:.1f} ms"
        )
        table.append((label, p50, p99, worst, slowest, only))
    budget_ok = all(p50 < 0.020 for _, p50, *_ in table)
    lines = [
        "| filter | search p50 | p99 | p50 / raw FTS MATCH | slowest query (p50) | filters only,"
        " no text (p50) |",
        "|---|---|---|---|---|---|",
    ]
    for label, p50, p99, worst, slowest, only in table:
        lines.append(
            f"| {label} | **{p50 * ms:.1f} ms** | {p99 * ms:.1f} ms | {p50 / raw_p50:.1f}\u00d7 |"
            f" `{slowest}` {worst * ms:.1f} ms | {only * ms:.1f} ms |"
        )
    lines.append(
        f"| *baseline: raw FTS5 MATCH, newest 100* | {raw_p50 * ms:.2f} ms | "
        f"{pct(raw_all, 0.99) * ms:.2f} ms | 1 | | |"
    )
    lines.append(
        f"| *baseline: raw SELECT of 100 events by rowid* | "
        f"{statistics.median(m['rowid']) * ms:.2f} ms | | | | |"
    )
    print()
    print(f"budget (issue 8): search p50 < 20 ms at 1,000,000 events: "
          f"{'met for every filter' if budget_ok else 'MISSED (see the table)'}")  # fmt: skip
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=1_000_000, help="events in the database")
    parser.add_argument("--seed", type=int, default=1, help="the generated history's seed")
    parser.add_argument(
        "--cache",
        default=str(Path.home() / ".cache" / "parley-bench"),
        help="where the built database is kept (default ~/.cache/parley-bench)",
    )
    parser.add_argument("--reps", type=int, default=5, help="timed repetitions of each search")
    parser.add_argument("--rebuild", action="store_true", help="build even if cached")
    args = parser.parse_args()

    from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore

    started = time.perf_counter()
    print(
        f"history at scale - {os.cpu_count()} cores, {platform.machine()}, Python"
        f" {platform.python_version()}, SQLite {sqlite3.sqlite_version}, {platform.system()}"
        f" {platform.release()}, {datetime.now(UTC):%Y-%m-%d}"
    )
    try:
        t, summary = timed(twin_check)
        print(f"twin check (bulk builder vs store.append): {summary} ({t:.1f} s)")
        path, manifest = ensure_database(Path(args.cache).expanduser(), args.events, args.seed,
                                         args.rebuild)  # fmt: skip
        with SqliteEventStore(path) as store:
            t, done = timed(check_database, store, path, manifest)
            for line in done:
                print(f"  checked: {line}")
            print(f"  checks took {t:.1f} s")
            m = measure(store, path, args.reps)
    except Refused as exc:
        print(f"REFUSED: {exc}; no figures reported (rebuild with --rebuild?)", file=sys.stderr)
        return 1
    lines = report(m, manifest["events"], manifest["sessions"], path.stat().st_size / 1e6)
    print()
    print(
        f"markdown ({datetime.now(UTC):%Y-%m-%d}, {os.cpu_count()} cores {platform.machine()},"
        f" SQLite {sqlite3.sqlite_version}, `benchmarks/history_scale.py --reps {args.reps}`,"
        f" {manifest['events']:,} events):"
    )
    print("\n".join(lines))
    print(f"\n(whole run {time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

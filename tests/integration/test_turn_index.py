"""The turn index, the events of some turns, and the decoded-event cache, on real SQLite files.

- ``turn_index`` gives the same tree as the events (linear, branched, legacy logs, an m003
  database migrated to m004) and ``events_of_turns`` the same events as filtering ``events``;
- the cache never returns what the database no longer says: two store objects on one file
  (another process's appends, a deletion, a conversation made again under the same id), the
  store's own appends, ``after_id``, eviction, and readers racing writers on several threads.

That the cache answered (and did not re-read) is seen without timings: a cached read returns the
very same ``StoredEvent`` objects as the read before it; a re-read returns new ones.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from parley.application.ports.event_store import EventStoreError, SessionNotFound, TurnIndexEntry
from parley.domain.transcript.branches import BranchTree
from parley.domain.transcript.canonical import (
    AssistantText,
    Event,
    Notice,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    UserMessage,
)
from parley.domain.transcript.chain import GENESIS, event_hash
from parley.infrastructure.storage import migrations
from parley.infrastructure.storage.derived import index_event
from parley.infrastructure.storage.event_cache import EventCache
from parley.infrastructure.storage.migrations import MIGRATIONS
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "parley.db"


@pytest.fixture
def store(db_path: Path):
    with SqliteEventStore(db_path) as s:
        yield s


def add_turn(
    store: SqliteEventStore,
    session_id: str,
    turn_id: str,
    *,
    follows: str | None,
    retry_of: str | None = None,
    answer: str = "ok",
) -> None:
    """A whole turn: turn_started (with the given links), the user's message, the answer, the
    end."""
    store.append(
        session_id,
        turn_id,
        TurnStarted(provider_id="p", model="m", follows_turn_id=follows, retry_of=retry_of),
    )
    store.append(session_id, turn_id, UserMessage(text=f"question of {turn_id}"))
    store.append(session_id, turn_id, AssistantText(text=answer, model="m"))
    store.append(session_id, turn_id, TurnFinished(status="completed"))


def tree_from_index(entries: Sequence[TurnIndexEntry]) -> BranchTree:
    """The tree the window builds when it opens a conversation: from the index alone."""
    return BranchTree.from_index(entries)


def assert_same_tree(store: SqliteEventStore, session_id: str) -> BranchTree:
    events = store.events(session_id)
    index = store.turn_index(session_id)
    from_events, from_index = BranchTree(events), tree_from_index(index)
    assert from_index.parent == from_events.parent
    assert from_index.children == from_events.children
    assert from_index.order == from_events.order
    assert from_index.path_through(None) == from_events.path_through(None)
    # Each entry points at its turn's (first) turn_started.
    by_id = {e.id: e for e in events}
    for entry in index:
        started = by_id[entry.first_event_id]
        assert started.turn_id == entry.turn_id and isinstance(started.event, TurnStarted)
        assert (started.event.follows_turn_id, started.event.retry_of) == (
            entry.follows_turn_id,
            entry.retry_of,
        )
    assert [e.first_event_id for e in index] == sorted(e.first_event_id for e in index)
    return from_events


# -- the turn index --------------------------------------------------------------------------------


def test_the_index_of_a_linear_conversation_gives_the_tree_of_its_events(store) -> None:
    sid = store.create_session("linear").id
    previous = ""
    for n in range(6):
        add_turn(store, sid, f"t{n}", follows=previous)
        previous = f"t{n}"
    tree = assert_same_tree(store, sid)
    assert tree.path_through(None) == tuple(f"t{n}" for n in range(6))
    assert store.turn_index(sid)[0] == TurnIndexEntry("t0", "", None, 1)


def test_the_index_of_a_branched_conversation_gives_the_tree_of_its_events(store) -> None:
    sid = store.create_session("branched").id
    add_turn(store, sid, "a", follows="")
    add_turn(store, sid, "b1", follows="a")
    add_turn(store, sid, "b2", follows="a")  # regenerated: a sibling of b1
    add_turn(store, sid, "c", follows="b1")  # back on the first branch
    add_turn(store, sid, "top2", follows="")  # an edit of the very first message
    add_turn(store, sid, "d", follows="b2")
    add_turn(store, sid, "e", follows="ghost")  # unknown parent: a root, as the tree says
    tree = assert_same_tree(store, sid)
    assert tree.siblings("b2") == ("b1", "b2")
    assert tree.parent["e"] is None
    assert tree.path_through("b2") == ("a", "b2", "d")


def test_the_index_of_a_legacy_log_gives_the_tree_of_its_events(store) -> None:
    """Before branches: no follows_turn_id (a turn follows the one recorded before it), a
    retry is a sibling of the turn it retried, a turn_started repeated for one turn counts once."""
    sid = store.create_session("legacy").id
    add_turn(store, sid, "t1", follows=None)
    add_turn(store, sid, "t2", follows=None)
    add_turn(store, sid, "t2r", follows=None, retry_of="t2")
    add_turn(store, sid, "t3", follows=None)
    add_turn(store, sid, "t4", follows=None, retry_of="not-a-turn")
    store.append(sid, "t2", TurnStarted(provider_id="p", model="m", follows_turn_id="t4"))
    tree = assert_same_tree(store, sid)
    assert tree.parent == {"t1": None, "t2": "t1", "t2r": "t1", "t3": "t2r", "t4": "t3"}
    entry = next(e for e in store.turn_index(sid) if e.turn_id == "t2")
    assert entry.follows_turn_id is None  # the first turn_started of t2 wins, as in the tree


def test_turn_index_of_an_empty_or_unknown_conversation(store) -> None:
    assert store.turn_index(store.create_session().id) == []
    with pytest.raises(SessionNotFound):
        store.turn_index("nope")


def test_a_duplicated_conversation_has_its_own_index(store) -> None:
    sid = store.create_session("x").id
    add_turn(store, sid, "a", follows="")
    add_turn(store, sid, "b", follows="a")
    add_turn(store, sid, "b2", follows="a")
    copy = store.duplicate_session(sid).id
    assert_same_tree(store, copy)
    assert [(e.turn_id, e.follows_turn_id) for e in store.turn_index(copy)] == [
        (e.turn_id, e.follows_turn_id) for e in store.turn_index(sid)
    ]
    store.delete_session(sid)
    with pytest.raises(SessionNotFound):
        store.turn_index(sid)
    assert len(store.turn_index(copy)) == 3


# -- migration m004 --------------------------------------------------------------------------------


def make_v3_database(path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A database as Parley wrote it at migration 3 (plain SQL, the m002 derived rows written
    with the m002 form of ``index_event``): a legacy turn, a retry of it, explicit branches, a
    repeated turn_started. Returns the conversation's id."""
    with monkeypatch.context() as m:
        m.setattr(migrations, "MIGRATIONS", MIGRATIONS[:3])
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("PRAGMA journal_mode = WAL")
        assert migrations.migrate(conn) == [fn.__name__ for fn in MIGRATIONS[:3]]
    sid = "old"
    conn.execute(
        "INSERT INTO sessions (id, title, created_at, updated_at) VALUES"
        " (?, 'old', '2025-01-01T00:00:00.000000Z', '2025-01-01T00:00:00.000000Z')",
        (sid,),
    )
    started = '{{"provider_id":"p","model":"m"{}}}'
    rows = [
        ("t1", "turn_started", started.format("")),
        ("t1", "user_message", '{"text":"one"}'),
        ("t2", "turn_started", started.format("")),
        ("t2r", "turn_started", started.format(',"retry_of":"t2"')),
        ("t3", "turn_started", started.format(',"follows_turn_id":"t1"')),
        ("t4", "turn_started", started.format(',"follows_turn_id":""')),
        ("t3", "turn_started", started.format(',"follows_turn_id":"t4"')),  # repeated: ignored
        ("t3", "assistant_text", '{"text":"three","model":"m"}'),
    ]
    prev = GENESIS
    conn.execute("BEGIN")
    for n, (turn_id, type_name, payload) in enumerate(rows):
        ts = f"2025-01-01T00:00:{n:02d}.000000Z"
        digest = event_hash(prev, sid, turn_id, ts, type_name, "", None, payload)
        cursor = conn.execute(
            "INSERT INTO events (session_id, turn_id, ts, type, actor, payload, prev_hash, hash)"
            " VALUES (?, ?, ?, ?, '', ?, ?, ?)",
            (sid, turn_id, ts, type_name, payload, prev, digest),
        )
        index_event(
            conn,
            event_id=cursor.lastrowid,
            session_id=sid,
            turn_id=turn_id,
            ts=ts,
            type_name=type_name,
            payload=json.loads(payload),
            owner=None,
            turn_tree=False,
        )
        prev = digest
    conn.execute("UPDATE sessions SET head_hash = ?, updated_at = ? WHERE id = ?", (prev, ts, sid))
    conn.execute("COMMIT")
    conn.close()
    return sid


def test_m004_back_fills_the_index_of_an_m003_database(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sid = make_v3_database(db_path, monkeypatch)
    with SqliteEventStore(db_path) as store:
        assert store.migration.applied[0] == "m004_turn_tree"
        assert store.migration.backup is not None
        tree = assert_same_tree(store, sid)
        assert tree.parent == {"t1": None, "t2": "t1", "t2r": "t1", "t3": "t1", "t4": None}
        assert [(e.turn_id, e.follows_turn_id, e.retry_of) for e in store.turn_index(sid)] == [
            ("t1", None, None),
            ("t2", None, None),
            ("t2r", None, "t2"),
            ("t3", "t1", None),
            ("t4", "", None),
        ]
        # Appends after the migration keep the index up to date.
        add_turn(store, sid, "t5", follows="t3")
        assert assert_same_tree(store, sid).path_through("t3") == ("t1", "t3", "t5")
        assert store.verify_chain(sid).ok
    with sqlite3.connect(db_path) as conn:
        indexes = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"events_session_turn", "turns_in_log_order"} <= indexes


# -- events of some turns --------------------------------------------------------------------------


def test_events_of_turns_are_those_turns_events_in_log_order(store) -> None:
    sid = store.create_session().id
    other = store.create_session().id
    add_turn(store, sid, "a", follows="")
    add_turn(store, other, "a", follows="")  # same turn id in another conversation
    add_turn(store, sid, "b", follows="a")
    add_turn(store, sid, "c", follows="b")
    store.append(sid, "a", Notice(text="late note on a"))  # a turn's events need not be together
    everything = store.events(sid)

    got = store.events_of_turns(sid, ["c", "a", "a", "unknown"])
    assert got == [e for e in everything if e.turn_id in ("a", "c")]
    assert [e.id for e in got] == sorted(e.id for e in got)
    assert got[-1].event == Notice(text="late note on a")
    assert all(e.session_id == sid for e in got)
    assert store.events_of_turns(sid, []) == []
    assert store.events_of_turns(sid, ("unknown",)) == []
    with pytest.raises(SessionNotFound):
        store.events_of_turns("nope", ["a"])
    with pytest.raises(EventStoreError):
        store.events_of_turns(sid, "a")  # one string is not a list of ids


def test_the_tail_of_the_shown_path_is_what_the_whole_log_shows_there(store) -> None:
    """The window's recipe: index -> tree -> path -> events of its last turns equals the whole
    log's path events, cut to the same turns."""
    from parley.domain.transcript.branches import events_on_path

    sid = store.create_session().id
    previous = ""
    for n in range(30):
        add_turn(store, sid, f"t{n}", follows=previous)
        previous = f"t{n}"
        if n % 7 == 6:  # regenerated; the conversation goes on from the newer answer
            add_turn(store, sid, f"t{n}b", follows=store.turn_index(sid)[-1].follows_turn_id)
            previous = f"t{n}b"
    path = tree_from_index(store.turn_index(sid)).path_through(None)
    assert len(path) == 30 and "t6b" in path and "t6" not in path
    tail = path[-10:]
    whole = events_on_path(store.events(sid), path)
    assert store.events_of_turns(sid, tail) == [e for e in whole if e.turn_id in set(tail)]


# -- the decoded-event cache -----------------------------------------------------------------------


def plain_events(path: Path, session_id: str) -> list[StoredEvent]:
    """The conversation as a store object without a cache reads it."""
    with SqliteEventStore(path, cache_sessions=0) as fresh:
        return list(fresh.events(session_id))


def test_a_second_read_is_served_from_the_cache_and_is_a_new_list(store) -> None:
    sid = store.create_session().id
    add_turn(store, sid, "a", follows="")
    first = store.events(sid)
    second = store.events(sid)
    assert second == first and all(x is y for x, y in zip(first, second, strict=True))
    second.append("caller's own")  # the caller may change its list...
    assert "caller's own" not in store.events(sid)  # ...the cache is not that list
    assert store.events(sid, after_id=first[1].id) == first[2:]
    assert store.events(sid, after_id=first[-1].id) == []
    assert store.events(sid, after_id=10_000) == []


def test_own_appends_extend_the_cache_decoded_from_what_was_stored(store, db_path: Path) -> None:
    sid = store.create_session().id
    add_turn(store, sid, "a", follows="")
    before = store.events(sid)
    arguments = {"path": "a.txt"}
    from parley.domain.transcript.canonical import ToolCall

    appended = store.append(sid, "b", ToolCall(call_id="c1", tool="read", arguments=arguments))
    after = store.events(sid)
    assert all(x is y for x, y in zip(before, after, strict=False))  # extended, not re-read
    assert len(after) == 5 and after[-1] == appended
    assert (after[-1].prev_hash, after[-1].hash) == (appended.prev_hash, appended.hash)
    arguments["path"] = "changed by the caller later"
    assert store.events(sid) == plain_events(db_path, sid)
    assert store.events(sid)[-1].event.arguments["path"] == "a.txt"


def test_events_appended_by_another_store_object_are_seen(store, db_path: Path) -> None:
    sid = store.create_session().id
    add_turn(store, sid, "a", follows="")
    cached = store.events(sid)
    with SqliteEventStore(db_path) as other:  # another process, as far as ``store`` knows
        add_turn(other, sid, "b", follows="a")
        assert len(other.events(sid)) == 8
    now = store.events(sid)
    assert now == plain_events(db_path, sid) and len(now) == 8
    assert all(x is y for x, y in zip(cached, now, strict=False))  # only the new rows were read
    # Then this store appends again: its cache ended before the other's events; still right.
    add_turn(store, sid, "c", follows="b")
    assert store.events(sid) == plain_events(db_path, sid)
    assert store.events(sid, after_id=now[-1].id) == plain_events(db_path, sid)[8:]


def test_a_gap_between_the_cache_and_an_own_append_is_filled_on_read(store, db_path) -> None:
    sid = store.create_session().id
    add_turn(store, sid, "a", follows="")
    store.events(sid)
    with SqliteEventStore(db_path) as other:
        other.append(sid, "b", Notice(text="from elsewhere"))
    store.append(sid, "c", Notice(text="mine"))  # does not link onto the cached head
    got = store.events(sid)
    assert [e.event.text for e in got[-2:]] == ["from elsewhere", "mine"]
    assert got == plain_events(db_path, sid)


def test_a_conversation_deleted_elsewhere_is_not_served_from_the_cache(store, db_path) -> None:
    sid = store.create_session().id
    add_turn(store, sid, "a", follows="")
    assert len(store.events(sid)) == 4
    with SqliteEventStore(db_path) as other:
        other.delete_session(sid)
    with pytest.raises(SessionNotFound):
        store.events(sid)
    with pytest.raises(SessionNotFound):
        store.events(sid, after_id=1)


def test_a_conversation_made_again_under_the_same_id_is_read_anew(store, db_path) -> None:
    sid = store.create_session().id
    add_turn(store, sid, "old", follows="", answer="the old answer")
    add_turn(store, sid, "old2", follows="old")
    stale = store.events(sid)
    with SqliteEventStore(db_path) as other:
        other.delete_session(sid)
        other.create_session(session_id=sid)
        add_turn(other, sid, "new", follows="", answer="a new answer")  # fewer events
    got = store.events(sid)
    assert got == plain_events(db_path, sid)
    assert {e.turn_id for e in got} == {"new"} and not set(got) & set(stale)
    with SqliteEventStore(db_path) as other:
        other.delete_session(sid)
        other.create_session(session_id=sid)
        for turn in ("n1", "n2", "n3"):  # more events than before, ids after the old ones
            add_turn(other, sid, turn, follows="")
    assert store.events(sid) == plain_events(db_path, sid)
    with SqliteEventStore(db_path) as other:
        other.delete_session(sid)
        other.create_session(session_id=sid)  # no events at all now
    assert store.events(sid) == []


def test_deleting_through_the_store_drops_its_cache_entry(store) -> None:
    sid = store.create_session().id
    add_turn(store, sid, "a", follows="")
    store.events(sid)
    store.delete_session(sid)
    with pytest.raises(SessionNotFound):
        store.events(sid)
    store.create_session(session_id=sid)
    assert store.events(sid) == []


def test_recovered_turns_are_seen_by_a_cached_reader(db_path: Path) -> None:
    """``recover_interrupted`` appends through the insert path, not ``append``."""
    crashed = SqliteEventStore(db_path)
    sid = crashed.create_session().id
    crashed.append(sid, "t", TurnStarted(provider_id="p", model="m", follows_turn_id=""))
    crashed.checkpoint_partial(sid, "t", "half an answer")
    with SqliteEventStore(db_path) as store:
        assert len(store.events(sid)) == 1
        crashed.close()  # its lease ends: its running turn is now recoverable
        assert store.recover_interrupted() == ["t"]
        got = store.events(sid)
        assert got == plain_events(db_path, sid)
        assert [e.type_name for e in got] == ["turn_started", "assistant_text", "turn_finished"]


def test_the_cache_keeps_the_most_recently_read_conversations(db_path: Path) -> None:
    with SqliteEventStore(db_path, cache_sessions=2) as store:
        ids = [store.create_session().id for _ in range(3)]
        for sid in ids:
            add_turn(store, sid, "t", follows="")
        first = {sid: store.events(sid) for sid in ids}  # ids[0] is evicted by ids[2]
        again = {sid: store.events(sid) for sid in reversed(ids)}
        same = {sid: first[sid][0] is again[sid][0] for sid in ids}
        assert same == {ids[0]: False, ids[1]: True, ids[2]: True}
        for sid in ids:
            assert store.events(sid) == first[sid]


def test_a_conversation_larger_than_the_event_bound_is_not_kept(db_path: Path) -> None:
    with SqliteEventStore(db_path, cache_events=6) as store:
        small, big = store.create_session().id, store.create_session().id
        add_turn(store, small, "t", follows="")
        add_turn(store, big, "t", follows="")
        add_turn(store, big, "u", follows="t")
        assert store.events(small)[0] is store.events(small)[0]
        assert store.events(big)[0] is not store.events(big)[0]
        assert store.events(big) == plain_events(db_path, big)


def test_without_a_cache_the_store_reads_the_same(db_path: Path) -> None:
    with SqliteEventStore(db_path, cache_sessions=0) as store:
        sid = store.create_session().id
        add_turn(store, sid, "a", follows="")
        assert store.events(sid)[0] is not store.events(sid)[0]
        assert store.events(sid, after_id=2) == store.events(sid)[2:]
        with pytest.raises(SessionNotFound):
            store.events("nope")


def test_event_cache_extend_refuses_what_does_not_link_on() -> None:
    def stored(n: int, prev: str) -> StoredEvent:
        return StoredEvent(
            id=n,
            ts="",
            session_id="s",
            turn_id="t",
            event=Notice(text=str(n)),
            prev_hash=prev,
            hash=f"h{n}",
        )

    cache = EventCache(max_sessions=1, max_events=10)
    cache.put("s", [stored(1, ""), stored(2, "h1")])
    assert cache.state("s") == (2, "h2")
    assert not cache.extend("s", after=(2, "h2"), events=[stored(4, "h3")])  # a gap
    assert not cache.extend("s", after=(1, "h1"), events=[stored(2, "h1")])  # moved on already
    assert cache.extend("s", after=(2, "h2"), events=[stored(3, "h2")])
    snapshot = cache.get("s", after_id=1)
    assert snapshot is not None and [e.id for e in snapshot.events] == [2, 3]
    cache.put("s", [stored(1, "")])  # an older read does not replace a longer log
    assert cache.state("s") == (3, "h3")
    cache.put("other", [stored(7, "")])  # one conversation at most: "s" goes
    assert cache.state("s") is None and "other" in cache


def test_concurrent_readers_always_see_a_whole_prefix_of_the_log(store, db_path: Path) -> None:
    """Readers on four threads race this store's appends and another store's appends: every
    result is a contiguous chain from the first event, never shorter than one seen before, and
    the end state is what a store without a cache reads."""
    sid = store.create_session().id
    add_turn(store, sid, "seed", follows="")
    stop = threading.Event()
    failures: list[str] = []
    reads = [0]

    def check(events: Sequence[StoredEvent], seen: int) -> int:
        if len(events) < seen:
            failures.append(f"went back from {seen} to {len(events)} events")
        prev = GENESIS
        for e in events:
            if e.prev_hash != prev:
                failures.append(f"event {e.id} does not follow the one before it")
                break
            prev = e.hash
        return len(events)

    def reader() -> None:
        seen = 0
        try:
            while not stop.is_set() and not failures:
                seen = check(store.events(sid), seen)
                reads[0] += 1
        except Exception as exc:  # reported below, with the thread's failure
            failures.append(repr(exc))

    def writer(target: SqliteEventStore, label: str) -> None:
        try:
            for n in range(40):
                event: Event = Notice(text=f"{label} {n}")
                target.append(sid, label, event)
        except Exception as exc:
            failures.append(repr(exc))

    readers = [threading.Thread(target=reader) for _ in range(4)]
    with SqliteEventStore(db_path) as other:
        for thread in readers:  # each reader thread gets its own read connection
            thread.start()
        writers = [
            threading.Thread(target=writer, args=(store, "mine")),
            threading.Thread(target=writer, args=(other, "theirs")),
        ]
        for thread in writers:
            thread.start()
        for thread in writers:
            thread.join(timeout=60)
        stop.set()
        for thread in readers:
            thread.join(timeout=60)
    assert not failures, failures[:5]
    assert reads[0] > 0
    final = store.events(sid)
    assert final == plain_events(db_path, sid) and len(final) == 4 + 80
    assert check(final, 0) == 84

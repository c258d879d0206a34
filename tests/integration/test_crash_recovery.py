"""Crashes and broken files: ``kill -9`` of a real ``parley ask`` mid-answer (many rounds), the
runtime's checkpoint cadence, and startup with a database file that cannot be opened (random bytes,
truncated, all zeros) — moved aside, reported, and Parley starts."""

from __future__ import annotations

import os
import random
import re
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from parley.application.conversations.turn_runtime import CHECKPOINT_INTERVAL_S, TurnRuntime
from parley.application.ports.chat_provider import FinishDelta, ResolvedProvider, TextDelta
from parley.application.ports.event_store import EventStoreError
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import AssistantText, TurnStarted
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore
from parley.infrastructure.storage.startup import open_event_store
from parley.ui.bootstrap import build_services
from tests.support.cli_profile import headless  # noqa: F401 (a fixture)
from tests.support.crash_harness import REPO, CrashHarness

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


# Every test runs as on a headless machine, whatever the environment says.
pytestmark = pytest.mark.usefixtures("headless")


# -- kill -9 during a streamed answer --------------------------------------------------------------

#: Rounds whose kill must land before the turn finished (more run if some land after it).
KILLED_ROUNDS = 50


@pytest.mark.slow
@posix_only
def test_kill_9_mid_answer_loses_nothing_acknowledged(tmp_path: Path) -> None:
    rng = random.Random(1130)
    interrupted = completed = multi_checkpoint = 0
    started = time.monotonic()
    with CrashHarness(tmp_path, pieces=24, delay=0.02) as harness:
        rounds = 0
        while interrupted < KILLED_ROUNDS:
            rounds += 1
            assert rounds <= KILLED_ROUNDS * 2, "too many kills landed after the answer"
            # Mostly within the answer; now and then right at the start or after it ends.
            result = harness.run_round(rng)
            if result.interrupted:
                interrupted += 1
                # More than the first piece: a later checkpoint landed before the kill.
                multi_checkpoint += result.partial_chars > len(harness.pieces[0])
            else:
                completed += 1
        harness.check_all()
    elapsed = time.monotonic() - started
    print(
        f"\n{rounds} kill -9 rounds in {elapsed:.1f} s: {interrupted} interrupted "
        f"({multi_checkpoint} with more than one checkpoint), {completed} completed first"
    )
    assert multi_checkpoint >= 5  # the answer is checkpointed as it streams, not only once


@posix_only
def test_kill_9_right_after_the_turn_started_and_after_it_finished(tmp_path: Path) -> None:
    rng = random.Random(7)
    with CrashHarness(tmp_path, pieces=6, delay=0.02) as harness:
        early = harness.run_round(rng, kill_after=0.0)
        assert early.interrupted
        late = harness.run_round(rng, kill_after=harness.stream_seconds + 3.0)
        assert not late.interrupted and late.exit_code == 0
        harness.check_all()


# -- the runtime checkpoints while it streams ----------------------------------------------------


class SteppingClock:
    """Advances by ``step`` seconds each time the runtime asks for the time."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


class PiecesProvider:
    """A provider that streams ``pieces`` as text deltas."""

    kind = "openai"
    default_model = "m"

    def __init__(self, pieces: list[str]) -> None:
        self.pieces = pieces

    def stream(self, request: object, cancel: threading.Event) -> Iterator[object]:
        for piece in self.pieces:
            yield TextDelta(text=piece)
        yield FinishDelta(reason="stop")

    def list_models(self) -> list[str]:
        return ["m"]


class Directory:
    def __init__(self, provider: PiecesProvider) -> None:
        self.provider = provider

    def resolve(self, provider_id: str) -> ResolvedProvider:
        return ResolvedProvider(name="fake", provider=self.provider, default_model="m")


class SpyStore(SqliteEventStore):
    """Records every checkpoint (and can fail some) on a real store."""

    def __init__(self, path: Path, fail_at: set[int] | None = None) -> None:
        super().__init__(path)
        self.checkpoints: list[str] = []
        self.partials_at_answer: list[int] = []
        self.fail_at = fail_at or set()

    def checkpoint_partial(self, session_id: str, turn_id: str, text: str) -> str:
        call = len(self.checkpoints)
        self.checkpoints.append(text)
        if call in self.fail_at:
            raise EventStoreError("disk busy")
        return super().checkpoint_partial(session_id, turn_id, text)


def run_turn(store: SqliteEventStore, pieces: list[str], clock: SteppingClock) -> str:
    # Only the cadence as text arrives (no flusher thread), so the count is exact.
    runtime = TurnRuntime(store, Directory(PiecesProvider(pieces)), clock=clock, flush_after_s=None)
    request = ConversationExecutionRequest(
        turn_id="t", session_id="s", prompt="go", provider_id="fake", model="m"
    )
    outcome = runtime.run(request)
    assert outcome.status == "completed"
    return outcome.text


def test_the_runtime_checkpoints_only_new_text_at_most_every_interval(tmp_path: Path) -> None:
    pieces = [f"p{i} " for i in range(40)]
    # The runtime reads the clock once per text delta (and a few times around the turn).
    clock = SteppingClock(CHECKPOINT_INTERVAL_S / 3)
    with SpyStore(tmp_path / "parley.db") as store:
        assert run_turn(store, pieces, clock) == "".join(pieces)
        calls = store.checkpoints
        assert calls[0] == pieces[0]  # the first text is kept at once
        assert "".join(calls) == "".join(pieces)[: len("".join(calls))]  # only new text, in order
        assert 10 <= len(calls) <= 15  # about every third piece, never each piece
        assert max(map(len, calls)) <= 4 * max(map(len, pieces))  # never the whole answer again
        with sqlite3.connect(store.path) as conn:
            assert conn.execute("SELECT count(*) FROM partials").fetchone()[0] == 0
        texts = [e.event for e in store.events("s") if isinstance(e.event, AssistantText)]
        assert texts == [AssistantText(text="".join(pieces), model="m", finish_reason="stop")]


def test_a_failed_checkpoint_is_retried_and_does_not_stop_the_answer(tmp_path: Path) -> None:
    pieces = [f"p{i} " for i in range(12)]
    clock = SteppingClock(CHECKPOINT_INTERVAL_S + 0.01)  # every piece may be checkpointed
    with SpyStore(tmp_path / "parley.db", fail_at={1}) as store:
        assert run_turn(store, pieces, clock) == "".join(pieces)
        calls = store.checkpoints
        assert calls[1] == pieces[1] and calls[2] == pieces[1] + pieces[2]  # kept, sent again


def test_a_killed_runtime_leaves_its_checkpoints_for_recovery(tmp_path: Path) -> None:
    """In process: the streamed text is in ``partials`` while the answer is not yet in the log."""
    path = tmp_path / "parley.db"
    pieces = [f"p{i} " for i in range(9)]
    seen: list[int] = []

    class Peek(PiecesProvider):
        def stream(self, request: object, cancel: threading.Event) -> Iterator[object]:
            for index, piece in enumerate(self.pieces):
                yield TextDelta(text=piece)
                if index == 6:
                    with sqlite3.connect(path) as conn:
                        row = conn.execute("SELECT group_concat(text, '') FROM partials")
                        seen.append(len(row.fetchone()[0] or ""))
            yield FinishDelta(reason="stop")

    with SqliteEventStore(path) as store:
        runtime = TurnRuntime(store, Directory(Peek(pieces)), clock=SteppingClock(0.31))
        request = ConversationExecutionRequest(
            turn_id="t", session_id="s", prompt="go", provider_id="fake", model="m"
        )
        assert runtime.run(request).status == "completed"
    assert seen == [len("".join(pieces[:7]))]


# -- a database that cannot be opened -------------------------------------------------------------


def real_database_bytes(tmp_path: Path) -> bytes:
    path = tmp_path / "source" / "parley.db"
    with SqliteEventStore(path) as store:
        for n in range(40):
            session = store.create_session(f"conversation {n}")
            store.append(session.id, "t", TurnStarted(provider_id="p", model="m"))
            store.append(session.id, "t", AssistantText(text="x" * 2000, model="m"))
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return path.read_bytes()


def broken_bytes(kind: str, tmp_path: Path) -> bytes:
    if kind == "random bytes":
        return random.Random(3).randbytes(64 * 1024)
    if kind == "all zeros":
        return bytes(64 * 1024)
    if kind == "truncated":
        data = real_database_bytes(tmp_path)
        return data[: len(data) // 3]
    if kind == "text":
        return b"not a database\n" * 100
    raise AssertionError(kind)


KINDS = ["random bytes", "truncated", "all zeros", "text"]
MOVED = re.compile(r"parley\.db\.corrupt-\d{8}T\d{6}Z(-\d+)?")


@pytest.mark.parametrize("kind", KINDS)
def test_a_broken_database_is_moved_aside_reported_and_replaced(tmp_path: Path, kind: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    broken = broken_bytes(kind, tmp_path)
    (data / "parley.db").write_bytes(broken)
    (data / "parley.db-wal").write_bytes(b"\x01" * 100)
    services = build_services(data, tmp_path / "config")
    try:
        notice = services.startup_notice
        (moved,) = [p for p in data.iterdir() if MOVED.fullmatch(p.name)]
        assert moved.read_bytes() == broken  # kept byte for byte
        assert Path(str(moved) + "-wal").read_bytes() == b"\x01" * 100
        assert str(moved) in notice and str(data / "parley.db") in notice
        assert "new, empty history" in notice
        # The new history works.
        session = services.store.create_session("after")
        assert [s.id for s in services.store.list_sessions()] == [session.id]
    finally:
        services.close()
    with sqlite3.connect(data / "parley.db") as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # The next start finds nothing wrong.
    again = build_services(data, tmp_path / "config")
    try:
        assert again.startup_notice == ""
        assert len([p for p in data.iterdir() if MOVED.fullmatch(p.name)]) == 1
    finally:
        again.close()


@pytest.mark.parametrize("kind", ["random bytes", "truncated", "all zeros"])
def test_the_command_line_starts_with_a_broken_database(tmp_path: Path, kind: str) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "parley.db").write_bytes(broken_bytes(kind, tmp_path))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PARLEY_")}
    env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
    done = subprocess.run(
        [sys.executable, "-m", "parley.ui.cli", "--data-dir", str(data), "--config-dir",
         str(tmp_path / "config"), "history", "list"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert len([p for p in data.iterdir() if MOVED.fullmatch(p.name)]) == 1


def test_two_corrupt_files_in_one_second_get_distinct_names(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    for _ in range(2):
        path.write_bytes(bytes(4096))
        store, report = open_event_store(path)
        store.close()
        assert report.moved_to is not None and report.moved_to.exists()
    assert len([p for p in tmp_path.iterdir() if MOVED.fullmatch(p.name)]) == 2


def test_a_healthy_or_empty_file_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    path.write_bytes(b"")  # an empty file is an empty database
    store, report = open_event_store(path)
    try:
        assert report.moved_to is None and report.notice == ""
        assert report.quick_check == "ok" and report.journal_mode == "wal"
        assert report.schema_version == store.migration.version_after
        store.create_session("x")
    finally:
        store.close()
    store, report = open_event_store(path)
    store.close()
    assert report.moved_to is None and report.migrated == ()
    assert sorted(p.name for p in tmp_path.iterdir() if "corrupt" in p.name) == []


def test_a_database_from_a_newer_parley_is_refused_not_moved(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    SqliteEventStore(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    with pytest.raises(EventStoreError, match="newer version"):
        open_event_store(path)
    assert path.exists() and not [p for p in tmp_path.iterdir() if "corrupt" in p.name]


def test_a_locked_database_is_not_mistaken_for_a_corrupt_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from parley.infrastructure.storage import startup

    path = tmp_path / "parley.db"
    SqliteEventStore(path).close()
    monkeypatch.setattr(startup, "BUSY_TIMEOUT_MS", 50)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA journal_mode = DELETE")  # a non-WAL lock blocks readers too
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(EventStoreError):
            open_event_store(path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not [p for p in tmp_path.iterdir() if "corrupt" in p.name]

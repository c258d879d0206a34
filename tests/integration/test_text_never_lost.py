"""Text already shown is never lost (issue 14, items 1, 2 and 4), against real parts.

- the final save of an answer refused by the store — a write lock held past the busy timeout by
  another connection, a real ``RLIMIT_FSIZE`` in a child process — keeps the text (checkpoints, or
  the recovery journal beside the database), leaves the turn open, says so in the outcome, and the
  next start puts the whole answer in the log;
- text shown before the provider falls silent reaches the store during the silence;
- ``turn_started`` and ``user_message`` land together or not at all (a real SQLite trigger makes
  the second insert fail).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from parley.application.conversations.turn_runtime import NOT_SAVED, TurnRuntime
from parley.application.ports.chat_provider import FinishDelta, ResolvedProvider, TextDelta
from parley.application.ports.event_store import EventStoreError
from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
from parley.domain.transcript.canonical import AssistantText, TurnFinished
from parley.infrastructure.storage.recovery_journal import recovery_dir
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore

REPO = Path(__file__).resolve().parents[2]


class Provider:
    """Streams ``pieces``; ``before_finish`` runs after the last piece, before the finish."""

    kind = "openai"
    default_model = "m"

    def __init__(self, pieces: list[str], before_finish=lambda: None) -> None:
        self.pieces = pieces
        self.before_finish = before_finish

    def stream(self, request: object, cancel: threading.Event) -> Iterator[object]:
        for piece in self.pieces:
            yield TextDelta(text=piece)
        self.before_finish()
        yield FinishDelta(reason="stop")

    def list_models(self) -> list[str]:
        return ["m"]


class Directory:
    def __init__(self, provider: Provider) -> None:
        self.provider = provider

    def resolve(self, provider_id: str) -> ResolvedProvider:
        return ResolvedProvider(name="fake", provider=self.provider, default_model="m")


def request(turn_id: str = "t") -> ConversationExecutionRequest:
    return ConversationExecutionRequest(
        turn_id=turn_id, session_id="s", prompt="go", provider_id="fake", model="m"
    )


class LockHolder:
    """Another real connection holding the database's write lock (``BEGIN IMMEDIATE``)."""

    def __init__(self, path: Path) -> None:
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)

    def take(self) -> None:
        self.conn.execute("BEGIN IMMEDIATE")

    def release(self) -> None:
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

    def close(self) -> None:
        self.release()
        self.conn.close()


class ReleaseOnError(logging.Handler):
    """Releases the lock when the runtime logs its first error (the refused save), so the writes
    after it succeed — as when a lock is held 9 s and the busy timeout is 5 s."""

    def __init__(self, holder: LockHolder) -> None:
        super().__init__(logging.ERROR)
        self.holder = holder
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())
        self.holder.release()


def recovered_answer(path: Path, session_id: str = "s") -> tuple[str, list[str], str]:
    """Open the database as the next start does: (answer text, event types, final status)."""
    with SqliteEventStore(path) as store:
        store.recover_interrupted()
        events = list(store.events(session_id))
        assert store.verify_chain(session_id).ok
    text = "".join(e.event.text for e in events if isinstance(e.event, AssistantText))
    finished = [e.event for e in events if isinstance(e.event, TurnFinished)]
    assert len(finished) == 1
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM partials").fetchone()[0] == 0
    assert not list(recovery_dir(path).glob("*")), "a journal outlived its replay"
    types = [e.type_name for e in events if e.type_name != "context_checked"]
    return text, types, finished[0].status


# -- item 1: a refused final save keeps the text ---------------------------------------------------


def test_a_write_lock_held_as_the_answer_ends_keeps_every_shown_character(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    pieces = [f"piece {i:02d} " for i in range(30)]
    answer = "".join(pieces)
    shown: list[str] = []

    class Screen:
        def on_event(self, stored: object) -> None:
            pass

        def on_text(self, turn_id: str, text: str) -> None:
            shown.append(text)

    store = SqliteEventStore(path, busy_timeout_ms=150)
    holder = LockHolder(path)
    handler = ReleaseOnError(holder)
    logger = logging.getLogger("parley.application.conversations.turn_runtime")
    logger.addHandler(handler)
    try:
        runtime = TurnRuntime(store, Directory(Provider(pieces, before_finish=holder.take)))
        outcome = runtime.run(request(), listener=Screen())
    finally:
        logger.removeHandler(handler)
        holder.close()
        store.close()
    assert "".join(shown) == answer
    text, types, status = recovered_answer(path)
    assert text == answer  # before the fix: "" (turn_finished dropped the checkpoints)
    assert types == ["turn_started", "user_message", "assistant_text", "turn_finished"]
    assert status == "interrupted"
    assert outcome.error_kind == NOT_SAVED and outcome.status == "failed"
    assert "shown but not yet saved" in outcome.unsaved and "next starts" in outcome.unsaved
    assert outcome.unsaved in outcome.error


def test_a_lock_held_through_the_end_sends_the_text_to_the_journal(tmp_path: Path) -> None:
    """Nothing reaches the database after the lock is taken: the text the database did not take
    goes to the recovery journal, the outcome names it, and the next start replays it."""
    path = tmp_path / "parley.db"
    pieces = [f"word{i} " for i in range(40)]
    store = SqliteEventStore(path, busy_timeout_ms=100)
    holder = LockHolder(path)

    def take_after_a_silence() -> None:
        time.sleep(0.01)
        holder.take()

    try:
        provider = Provider(pieces, before_finish=take_after_a_silence)
        outcome = TurnRuntime(store, Directory(provider)).run(request())
    finally:
        store.close()
        holder.close()  # released only after the process has given up
    text, _types, status = recovered_answer(path)
    assert (text, status) == ("".join(pieces), "interrupted")
    assert outcome.error_kind == NOT_SAVED
    assert str(recovery_dir(path)) in outcome.unsaved
    assert "could not be kept anywhere" not in outcome.unsaved


RLIMIT_CHILD = textwrap.dedent(
    """
    import json, resource, sys, threading
    from pathlib import Path
    sys.path.insert(0, sys.argv[2])
    from parley.application.conversations.turn_runtime import TurnRuntime
    from parley.application.ports.chat_provider import FinishDelta, ResolvedProvider, TextDelta
    from parley.domain.agents.conversation_execution_request import ConversationExecutionRequest
    from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore

    path = Path(sys.argv[1])
    total = int(sys.argv[3])

    class Provider:
        kind, default_model = "openai", "m"
        def stream(self, request, cancel):
            for i in range(total // 1000):
                yield TextDelta(text=f"{i:09d}" + "x" * 991)
            yield FinishDelta(reason="stop")

    class Directory:
        def resolve(self, provider_id):
            return ResolvedProvider(name="fake", provider=Provider(), default_model="m")

    store = SqliteEventStore(path)
    store.create_session("big", session_id="s")
    # Every file may now grow only to 600 kB (the database and its WAL included): a real limit,
    # enforced by the kernel (EFBIG; Python ignores SIGXFSZ).
    resource.setrlimit(resource.RLIMIT_FSIZE, (600_000, resource.RLIM_INFINITY))
    request = ConversationExecutionRequest(
        turn_id="t", session_id="s", prompt="go", provider_id="fake", model="m"
    )
    try:
        outcome = TurnRuntime(store, Directory()).run(request)
    except Exception as exc:  # (the runtime before the fix raised here)
        print(json.dumps({"raised": str(exc)}))
    else:
        print(json.dumps({"status": outcome.status, "kind": getattr(outcome, "error_kind", ""),
                          "unsaved": getattr(outcome, "unsaved", ""), "chars": len(outcome.text)}))
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_FSIZE is POSIX")
def test_a_file_size_limit_at_the_final_save_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    total = 1_050_000
    child = subprocess.run(
        [sys.executable, "-c", RLIMIT_CHILD, str(path), str(REPO), str(total)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert child.returncode == 0, child.stderr[-2000:]
    outcome = json.loads(child.stdout.splitlines()[-1])
    text, _types, status = recovered_answer(path)  # this process has no limit
    assert len(text) == total  # before the fix: 0 of 1,050,000
    assert text == "".join(f"{i:09d}" + "x" * 991 for i in range(total // 1000))
    assert status == "interrupted"
    assert outcome.get("kind") == NOT_SAVED, outcome
    assert "could not be kept anywhere" not in outcome["unsaved"]


# -- item 2: text shown before a silence reaches the store during it ------------------------------


def test_text_shown_before_a_silence_is_checkpointed_during_it(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    pieces = ["Shown ", "before ", "the ", "pause."]
    seen: list[str] = []

    def silence() -> None:
        """The provider says nothing until the store holds what was shown (or 5 s pass)."""
        deadline = time.monotonic() + 5
        stored = ""
        while time.monotonic() < deadline:
            with sqlite3.connect(path) as conn:
                row = conn.execute("SELECT group_concat(text, '') FROM partials").fetchone()
            stored = row[0] or ""
            if stored == "".join(pieces):
                break
            time.sleep(0.02)
        seen.append(stored)

    with SqliteEventStore(path) as store:
        outcome = TurnRuntime(store, Directory(Provider(pieces, before_finish=silence))).run(
            request()
        )
    assert outcome.status == "completed"
    assert seen == ["".join(pieces)]  # before the fix: only the first piece, "Shown "


# -- item 4: a turn never starts without its prompt -----------------------------------------------


def test_turn_started_and_user_message_land_together_or_not_at_all(tmp_path: Path) -> None:
    path = tmp_path / "parley.db"
    with SqliteEventStore(path) as store:
        store.create_session("s", session_id="s")
    with sqlite3.connect(path) as conn:  # a real failure of the second insert, inside SQLite
        conn.execute(
            "CREATE TRIGGER refuse_prompt BEFORE INSERT ON events"
            " WHEN NEW.type = 'user_message'"
            " BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )
    with SqliteEventStore(path) as store:
        runtime = TurnRuntime(store, Directory(Provider(["never"])))
        with pytest.raises(EventStoreError, match="disk is full"):
            runtime.run(request())
        # Before the fix: a turn_started without its prompt (closed as interrupted at the next
        # start: an answerless, promptless turn in the history).
        assert list(store.events("s")) == []
        assert store.recover_interrupted() == []
        # A new conversation is created in the same transaction: none is left empty either.
        fresh = dataclasses.replace(request("t2"), session_id="new")
        with pytest.raises(EventStoreError, match="disk is full"):
            runtime.run(fresh)
        assert [r.id for r in store.list_sessions()] == ["s"]


# -- item 6: verify reads the head and the events in one snapshot -------------------------------


def test_verify_is_not_fooled_by_an_append_while_it_reads(tmp_path: Path) -> None:
    """Another connection appends right as ``verify_chain`` starts reading the events (a real
    append, timed by SQLite's own statement trace): the chain read must stay consistent."""
    path = tmp_path / "parley.db"
    with SqliteEventStore(path) as writer, SqliteEventStore(path) as verifier:
        writer.create_session("s", session_id="s")
        writer.append("s", "t", TurnFinished(status="completed"))
        appended: list[int] = []

        def append_meanwhile(statement: str) -> None:
            if "FROM events WHERE session_id" in statement and not appended:
                appended.append(writer.append("s", "t2", TurnFinished(status="completed")).id)

        with verifier._read() as conn:  # this thread's reader, the one verify_chain uses
            conn.set_trace_callback(append_meanwhile)
        try:
            report = verifier.verify_chain("s")
        finally:
            with verifier._read() as conn:
                conn.set_trace_callback(None)
        assert appended  # the append did happen mid-verify
        assert report.ok, report  # before the fix: "event inserted: events were added after…"
        assert verifier.verify_chain("s") == type(report)("s", True, 2)


# -- item 5: an import is whole or absent, and a partial earlier one is recognised ----------------


def claude_conversation(turns: int, uuid: str = "conv-1") -> dict[str, object]:
    messages = []
    for n in range(turns):
        for sender in ("human", "assistant"):
            text = f"{sender} {n}"
            messages.append(
                {
                    "uuid": f"{uuid}-{n}-{sender}",
                    "sender": sender,
                    "text": text,
                    "content": [{"type": "text", "text": text}],
                    "created_at": f"2024-06-01T08:{n // 60 % 60:02d}:{n % 60:02d}.000000Z",
                }
            )
    return {
        "uuid": uuid,
        "name": "A long talk",
        "created_at": "2024-06-01T08:00:00.000000Z",
        "updated_at": "2024-06-01T09:00:00.000000Z",
        "chat_messages": messages,
    }


IMPORT_CHILD = textwrap.dedent(
    """
    import json, sys
    from pathlib import Path
    sys.path.insert(0, sys.argv[3])
    from parley.application.history.importers import import_file
    from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore

    store = SqliteEventStore(Path(sys.argv[1]))
    print("importing", flush=True)
    import_file(store, Path(sys.argv[2]))
    print("done", flush=True)
    """
)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_kill_during_an_import_leaves_the_conversation_whole_or_absent(tmp_path: Path) -> None:
    from parley.application.history.importers import import_file

    path = tmp_path / "parley.db"
    export = tmp_path / "conversations.json"
    export.write_text(json.dumps([claude_conversation(1500)]))
    SqliteEventStore(path).close()
    child = subprocess.Popen(
        [sys.executable, "-c", IMPORT_CHILD, str(path), str(export), str(REPO)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert child.stdout is not None
    assert child.stdout.readline() == b"importing\n", child.stderr.read()  # type: ignore[union-attr]
    time.sleep(0.3)  # (before the fix: a few hundred turns were committed one by one by now)
    child.kill()
    child.wait(30)
    with SqliteEventStore(path) as store:
        counts = [len(store.events(s.id)) for s in store.list_sessions()]
        assert counts in ([], [1500 * 4 + 1])  # before the fix: [76], [181], [671]…
        report = import_file(store, export)  # completes it, or recognises it whole
        assert [len(store.events(s.id)) for s in store.list_sessions()] == [1500 * 4 + 1]
        assert [c.status for c in report.conversations] == (
            ["imported"] if not counts else ["skipped"]
        )


def test_a_failure_part_way_through_an_import_leaves_nothing(tmp_path: Path) -> None:
    from parley.application.history.importers import import_data

    path = tmp_path / "parley.db"
    SqliteEventStore(path).close()
    with sqlite3.connect(path) as conn:  # a real refusal of the 30th event, inside SQLite
        conn.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON events"
            " WHEN (SELECT count(*) FROM events) >= 29"
            " BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"
        )
    with SqliteEventStore(path) as store:
        with pytest.raises(EventStoreError, match="disk is full"):
            import_data(store, [claude_conversation(40)])
        assert store.list_sessions() == []


def test_re_import_recognises_a_partial_earlier_attempt(tmp_path: Path) -> None:
    """A conversation left half-imported (as a kill left them before imports were atomic) is
    completed by importing again — replaced by the whole one, not copied beside it."""
    from parley.application.history.importers import import_data, import_session_id

    whole = tmp_path / "whole.db"
    with SqliteEventStore(whole) as scratch:
        import_data(scratch, [claude_conversation(20)])
        full = list(scratch.events(import_session_id("claude", "conv-1")))
    path = tmp_path / "parley.db"
    with SqliteEventStore(path) as store:
        session_id = import_session_id("claude", "conv-1")
        store.create_session("A long talk", session_id=session_id)
        for stored in full[:33]:  # the partial attempt: the first 33 events, one by one
            store.append(session_id, stored.turn_id, stored.event, actor=stored.actor, ts=stored.ts)
        report = import_data(store, [claude_conversation(20)])
        assert [s.id for s in store.list_sessions()] == [session_id]  # before: a partial kept
        assert len(store.events(session_id)) == len(full)  # (before the fix: 33)
        assert "stopped part-way (33 of 81 events)" in report.conversations[0].note
        again = import_data(store, [claude_conversation(20)])
        assert [c.status for c in again.conversations] == ["skipped"]
        assert store.verify_chain(session_id).ok


def test_re_import_of_a_parley_export_completes_a_partial_attempt_in_place(
    tmp_path: Path,
) -> None:
    """A Parley export re-imported over a strict prefix of itself (a partial earlier attempt)
    completes it under the same id; over a different conversation it is still a copy."""
    from parley.application.history.export import export_session
    from parley.application.history.importers import import_data

    with SqliteEventStore(tmp_path / "source.db") as source:
        import_data(source, [claude_conversation(10)])
        (session,) = source.list_sessions()
        export = export_session(source, session.id)
        full = list(source.events(session.id))
    with SqliteEventStore(tmp_path / "parley.db") as store:
        store.create_session(session.title, session_id=session.id)
        for stored in full[:7]:
            store.append(session.id, stored.turn_id, stored.event, actor=stored.actor, ts=stored.ts)
        report = import_data(store, export)
        assert [s.id for s in store.list_sessions()] == [session.id]  # before: a second copy
        assert len(store.events(session.id)) == len(full)
        assert "stopped part-way (7 of 41 events)" in report.conversations[0].note
        copy = import_data(store, export)  # whole already: imported as a copy, as documented
        assert copy.conversations[0].session_id != session.id
        assert len(store.list_sessions()) == 2

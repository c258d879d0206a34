"""Kill a real ``parley ask`` with SIGKILL mid-answer and check what the database kept.

Why it exists: the crash test (``tests/integration/test_crash_recovery.py``, a fixed number of
rounds) and the soak benchmark (``benchmarks/crash_soak.py``, as many as asked) run the very same
round, so it lives here once.

One round: start ``python -m parley.ui.cli ask --json`` against a local streaming server (a raw
socket server, one connection at a time; each answer is ``pieces`` SSE chunks ``delay`` seconds
apart), read its stdout — every JSON line is an event the store had *committed* before printing it,
i.e. an acknowledged event — wait until the turn has started, sleep a random time within the
answer, and ``kill -9`` it. Then open the database as the next start would and check:

- ``PRAGMA integrity_check`` is ``ok``;
- every acknowledged event is there, unchanged (id, type, turn, payload);
- the turn is closed exactly once: recovered as ``interrupted`` with its checkpointed text (a
  prefix of the answer) if it was killed before ``turn_finished``, untouched otherwise; nothing
  is duplicated (one ``turn_started``, at most one ``user_message`` and one ``assistant_text``);
- the conversation's hash chain holds; no checkpoint and no running turn is left behind.

Checks raise ``AssertionError`` with a message (this module is not rewritten by pytest).
"""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parley.application.ports.settings_store import ProviderConfig
from parley.domain.transcript.canonical import to_payload
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path
from tests.support.sse_server import ScriptedServer, openai_text_stream

REPO = Path(__file__).resolve().parents[2]
MODEL = "crash-model"
START_TIMEOUT = 20.0


def _require(condition: object, message: str) -> None:
    if not condition:
        raise AssertionError(message)


@dataclass(frozen=True)
class RoundResult:
    """What one round found."""

    session_id: str
    acknowledged: int
    interrupted: bool  # killed before turn_finished (so recovered as interrupted)
    partial_chars: int  # checkpointed answer text recovered
    exit_code: int | None


#: The promise: text shown longer than this before a kill is in the store after recovery.
SHOWN_BOUND_S = 0.3


@dataclass(frozen=True)
class ShownResult:
    """One shown-vs-stored round: characters shown, shown at least the bound before the kill,
    stored after recovery, and shown-before-the-bound but not stored (the promise: 0)."""

    session_id: str
    killed: bool
    shown_chars: int
    shown_before_bound: int
    stored_chars: int
    lost_beyond_bound: int


def streaming_script(
    pieces: list[str], delay: float, *, pause_after: int | None = None, pause: float = 0.0
) -> Callable[..., None]:
    """A ``ScriptedServer`` script: an OpenAI SSE answer, one event per HTTP chunk; with
    ``pause_after``, a silence of ``pause`` seconds after that many events (the first is the
    role-only one, so ``pause_after=k + 1`` pauses after the k-th text piece)."""
    body = openai_text_stream(pieces, model=MODEL)
    events = [chunk + b"\n\n" for chunk in body.split(b"\n\n") if chunk]
    head = (
        b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )

    def script(send: Callable[[bytes], None], sleep: Callable[[float], None]) -> None:
        send(head)
        for index, event in enumerate(events):
            if index and index == pause_after:
                sleep(pause)
            elif index and delay:
                sleep(delay)
            send(b"%x\r\n%s\r\n" % (len(event), event))
        send(b"0\r\n\r\n")

    return script


class CrashHarness:
    """A profile in ``root``, a streaming server, and rounds of kill -9 (see the module doc)."""

    def __init__(
        self,
        root: Path,
        *,
        pieces: int = 24,
        delay: float = 0.02,
        pause_after: int | None = None,
        pause: float = 0.0,
    ) -> None:
        self.root = Path(root)
        self.data = self.root / "data"
        self.config = self.root / "config"
        self.workspace = self.root / "workspace"
        self.workspace.mkdir(parents=True, exist_ok=True)
        self.pieces = [f"w{i:02d} " for i in range(pieces)]
        self.answer = "".join(self.pieces)
        self.stream_seconds = pieces * delay + (pause if pause_after is not None else 0.0)
        self.db_path = default_db_path(self.data)
        self.sessions: list[str] = []
        self._server = ScriptedServer(
            streaming_script(self.pieces, delay, pause_after=pause_after, pause=pause)
        )

    def __enter__(self) -> CrashHarness:
        self._server.__enter__()
        settings = JsonSettingsStore(self.config)
        settings.add_provider(
            ProviderConfig(
                name="local", kind="openai", base_url=self._server.url + "/v1", default_model=MODEL
            )
        )
        settings.set_default_provider("local")
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.__exit__(*exc_info)

    def _env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("PARLEY_")}
        env["PYTHON_KEYRING_BACKEND"] = "keyring.backends.fail.Keyring"
        env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
        return env

    def run_round(self, rng: random.Random, *, kill_after: float | None = None) -> RoundResult:
        """Start ``parley ask``, kill it ``kill_after`` seconds (default: random, within the
        answer) after its turn started, and check the database."""
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "parley.ui.cli",
                "--data-dir",
                str(self.data),
                "--config-dir",
                str(self.config),
                "ask",
                "--json",
                "--workspace",
                str(self.workspace),
                f"question {len(self.sessions)}",
            ],
            cwd=REPO,
            env=self._env(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        lines: list[dict[str, Any]] = []
        started = threading.Event()

        def read() -> None:
            assert proc.stdout is not None
            for raw_line in proc.stdout:
                if not raw_line.endswith(b"\n"):
                    break  # cut by the kill: not acknowledged
                record = json.loads(raw_line)
                lines.append(record)
                if record.get("type") == "turn_started":
                    started.set()
            started.set()  # the process ended (or closed stdout) without starting a turn

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        try:
            _require(started.wait(START_TIMEOUT), "parley ask did not start a turn in time")
            if not lines:  # (the message reads stderr to its end: only when failing)
                raise AssertionError(f"parley ask started no turn: {self._stderr(proc)}")
            delay = rng.uniform(0, self.stream_seconds * 1.2) if kill_after is None else kill_after
            time.sleep(delay)
            if proc.poll() is None:
                os.kill(proc.pid, signal.SIGKILL)
        finally:
            if proc.poll() is None and not started.is_set():
                proc.kill()
            proc.wait(timeout=30)
            reader.join(timeout=30)
        stderr = self._stderr(proc)
        first = lines[0]
        session_id, turn_id = first["session_id"], first["turn_id"]
        self.sessions.append(session_id)
        return self._check(session_id, turn_id, lines, proc.returncode, stderr)

    def run_shown_round(self, rng: random.Random, *, bound: float = SHOWN_BOUND_S) -> ShownResult:
        """Start ``parley ask`` (plain text: stdout is what the user sees), kill -9 it at a random
        moment within the answer, recover as the next start would, and compare: the text shown
        at least ``bound`` seconds before the kill must be in the store. A byte counts as shown
        when this process read it from the pipe (a little after the child wrote it, so the
        measure errs in the store's favour by the pipe's latency only)."""
        proc = subprocess.Popen(
            [
                sys.executable, "-m", "parley.ui.cli", "--data-dir", str(self.data),
                "--config-dir", str(self.config), "ask", "--workspace", str(self.workspace),
                f"question {len(self.sessions)}",
            ],
            cwd=REPO, env=self._env(), stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        shown: list[tuple[float, bytes]] = []
        err = bytearray()
        session = threading.Event()

        def read_out() -> None:
            assert proc.stdout is not None
            while chunk := os.read(proc.stdout.fileno(), 4096):
                shown.append((time.monotonic(), chunk))

        def read_err() -> None:
            assert proc.stderr is not None
            while chunk := os.read(proc.stderr.fileno(), 4096):
                err.extend(chunk)
                if b"session " in err and b"\n" in err[err.index(b"session ") :]:
                    session.set()
            session.set()

        readers = [threading.Thread(target=f, daemon=True) for f in (read_out, read_err)]
        for reader in readers:
            reader.start()
        killed_at = None
        try:
            _require(session.wait(START_TIMEOUT), "parley ask did not start a turn in time")
            time.sleep(rng.uniform(0, self.stream_seconds * 1.2))
            if proc.poll() is None:
                killed_at = time.monotonic()
                os.kill(proc.pid, signal.SIGKILL)
        finally:
            if proc.poll() is None and not session.is_set():
                proc.kill()
            proc.wait(timeout=30)
            for reader in readers:
                reader.join(timeout=30)
        text = err.decode("utf-8", "replace")
        lines = [line for line in text.splitlines() if line.startswith("session ")]
        _require(lines, f"parley ask started no turn: {text[-2000:]}")
        session_id = lines[0].split()[1]
        self.sessions.append(session_id)
        cutoff = (killed_at if killed_at is not None else float("inf")) - bound
        old = b"".join(chunk for at, chunk in shown if at <= cutoff).decode("utf-8", "replace")
        everything = b"".join(chunk for _at, chunk in shown).decode("utf-8", "replace")
        with SqliteEventStore(self.db_path) as store:
            store.recover_interrupted()
            events = store.events(session_id) if store.session_exists(session_id) else []
            report = store.verify_chain(session_id) if events else None
        if not events:  # killed before the turn was recorded: nothing may have been shown
            _require(not everything, f"{everything!r} shown, but no turn was recorded")
            self.sessions.remove(session_id)
            return ShownResult(session_id, killed_at is not None, 0, 0, 0, 0)
        _require(report is not None and report.ok, f"hash chain broken after recovery: {report}")
        types = [e.type_name for e in events]
        _require(types.count("turn_started") == 1, f"turn_started not once: {types}")
        _require(types.count("user_message") == 1, f"no prompt, or twice: {types}")
        _require(types.count("turn_finished") == 1, f"turn not closed once: {types}")
        stored = "".join(
            e.event.text  # type: ignore[attr-defined]
            for e in events
            if e.type_name == "assistant_text"
        )
        _require(self.answer.startswith(stored), f"stored {stored!r} is not the answer's start")
        self._require_nothing_left_open()
        return ShownResult(
            session_id=session_id,
            killed=killed_at is not None,
            shown_chars=len(everything.rstrip("\n")),
            shown_before_bound=len(old),
            stored_chars=len(stored),
            lost_beyond_bound=max(0, len(old.rstrip("\n")) - len(stored)),
        )

    @staticmethod
    def _stderr(proc: subprocess.Popen[bytes]) -> str:
        try:
            assert proc.stderr is not None
            return proc.stderr.read().decode("utf-8", "replace")[-2000:]
        except (OSError, ValueError):
            return ""

    def _check(
        self,
        session_id: str,
        turn_id: str,
        acknowledged: list[dict[str, Any]],
        exit_code: int | None,
        stderr: str,
    ) -> RoundResult:
        where = f"session {session_id} (exit {exit_code}; stderr: {stderr.strip()[-300:]!r})"
        conn = sqlite3.connect(self.db_path)
        try:
            check = conn.execute("PRAGMA integrity_check").fetchall()
        finally:
            conn.close()
        _require(check == [("ok",)], f"integrity_check after the kill: {check} — {where}")
        with SqliteEventStore(self.db_path) as store:
            before = store.events(session_id)
            finished_before = any(e.type_name == "turn_finished" for e in before)
            recovered = list(store.recover_interrupted())
            events = store.events(session_id)
            by_id = {e.id: e for e in events}
            for ack in acknowledged:
                stored = by_id.get(ack["id"])
                _require(stored is not None, f"acknowledged event {ack['id']} is lost — {where}")
                assert stored is not None
                _require(
                    (stored.type_name, stored.turn_id, to_payload(stored.event))
                    == (ack["type"], ack["turn_id"], ack["payload"]),
                    f"acknowledged event {ack['id']} changed — {where}",
                )
            types = [e.type_name for e in events]
            _require(types[0] == "turn_started", f"no turn_started first: {types} — {where}")
            _require(types.count("turn_started") == 1, f"turn_started twice: {types} — {where}")
            _require(types.count("user_message") <= 1, f"user_message twice: {types} — {where}")
            _require(types.count("turn_finished") == 1, f"turn not closed once: {types} — {where}")
            _require(types[-1] == "turn_finished", f"events after turn_finished: {types}")
            texts = [e.event for e in events if e.type_name == "assistant_text"]
            _require(len(texts) <= 1, f"answer text duplicated: {texts} — {where}")
            text = texts[0].text if texts else ""  # type: ignore[attr-defined]
            _require(self.answer.startswith(text), f"kept text {text!r} is not the answer's start")
            status = events[-1].event.status  # type: ignore[attr-defined]
            if finished_before:
                _require(recovered == [], f"a finished turn was recovered — {where}")
                _require(status == "completed", f"turn {status} without a kill — {where}")
                _require(text == self.answer, f"completed answer is {text!r} — {where}")
            else:
                _require(recovered == [turn_id], f"recovered {recovered}, not {turn_id} — {where}")
                _require(status == "interrupted", f"recovered turn is {status} — {where}")
                if texts and texts[0].partial:  # type: ignore[attr-defined]
                    _require(text, "an empty partial answer was appended")
            report = store.verify_chain(session_id)
            _require(report.ok, f"hash chain broken after recovery: {report} — {where}")
        self._require_nothing_left_open()
        return RoundResult(
            session_id=session_id,
            acknowledged=len(acknowledged),
            interrupted=not finished_before,
            partial_chars=len(text) if not finished_before else 0,
            exit_code=exit_code,
        )

    def _require_nothing_left_open(self) -> None:
        conn = sqlite3.connect(self.db_path)
        try:
            partials = conn.execute("SELECT count(*) FROM partials").fetchone()[0]
            running = conn.execute("SELECT count(*) FROM turns WHERE status IS NULL").fetchone()[0]
        finally:
            conn.close()
        _require(partials == 0, f"{partials} checkpoint(s) left after recovery")
        _require(running == 0, f"{running} turn(s) left running after recovery")

    def check_all(self) -> None:
        """Every conversation of every round: one closed turn each, chains intact, no
        duplicate event anywhere, database intact."""
        conn = sqlite3.connect(self.db_path)
        try:
            _require(conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "integrity")
            dupes = conn.execute(
                "SELECT count(*) FROM (SELECT session_id, turn_id, type, payload FROM events"
                " WHERE type != 'notice' GROUP BY 1, 2, 3, 4 HAVING count(*) > 1)"
            ).fetchone()[0]
        finally:
            conn.close()
        _require(dupes == 0, f"{dupes} duplicated event(s)")
        owners = self.db_path.with_name(self.db_path.name + ".owners")
        with SqliteEventStore(self.db_path) as store:
            store.recover_interrupted()  # also sweeps the owner files of killed processes
            left = sorted(p.name for p in owners.iterdir() if p.name != store._lease.token)
            _require(not left, f"owner files of dead processes left behind: {left}")
            listed = {s.id for s in store.list_sessions()}
            _require(set(self.sessions) <= listed, "a conversation of an earlier round is gone")
            for session_id in self.sessions:
                _require(store.verify_chain(session_id).ok, f"chain of {session_id} broken")
                finished = [e for e in store.events(session_id) if e.type_name == "turn_finished"]
                _require(len(finished) == 1, f"{session_id}: {len(finished)} turn_finished")

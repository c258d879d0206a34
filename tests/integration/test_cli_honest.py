"""Issue 14, "honest messages, no tracebacks", on the command line: real read-only mounts, a real
full disk (a small tmpfs, as root), a real file-size limit (``RLIMIT_FSIZE`` in a child), a real
closed pipe, real invalid UTF-8 — and the ``parley`` command run in process or as a child.

What each test holds the command line to:

- reading commands (list, show, search, export, verify) work on a read-only mount and a full
  disk and change nothing; "migrate" is said only when a migration is really needed;
- a storage write that fails says in one line what was not saved (no traceback);
- a closed stdout ends the output quietly, exit 141;
- invalid UTF-8 in an argument is replaced and said once; every number is checked by the parser;
- a failed export write leaves nothing behind; an empty port and a folder as the database are
  refused plainly.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import resource
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_httpserver import HTTPServer

from parley.domain.transcript.canonical import AssistantText, TurnFinished, TurnStarted, UserMessage
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path
from tests.integration.test_cli import (
    REPO,
    Profile,
    parley_command,
    serve,
    session_of,
    subprocess_env,
)
from tests.support.cli_profile import headless  # noqa: F401 (a fixture)
from tests.support.sse_server import openai_text_stream

pytestmark = pytest.mark.usefixtures("headless")

TURN = "a1" * 16
EMPTY = hashlib.sha256(b"").hexdigest()


@pytest.fixture
def profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Profile:
    return Profile(tmp_path, capsys)


def seed(data: Path, *, answer: str = "Start at Pena Palace at 09:30.") -> str:
    """One completed conversation in the profile's store; its id."""
    with SqliteEventStore(default_db_path(data)) as store:
        session = store.create_session("Sintra day").id
        for event in (
            TurnStarted(provider_id="local", model="m"),
            UserMessage(text="Plan a day in Sintra"),
            AssistantText(text=answer, model="m"),
            TurnFinished(status="completed", duration_s=1.0),
        ):
            store.append(session, TURN, event)
    return session


def older_database(path: Path) -> int:
    """A history at the schema before this Parley's last migration; its schema version."""
    import sqlite3

    from parley.infrastructure.storage.migrations import MIGRATIONS

    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    for fn in MIGRATIONS[:-1]:
        fn(conn)
        conn.execute("INSERT INTO _migrations VALUES (?, '2026-01-01')", (fn.__name__,))
    conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) - 1}")
    conn.close()
    return len(MIGRATIONS) - 1


def digest(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` and its content's hash (to show nothing was written)."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def _mount(*args: str) -> bool:
    return subprocess.run(["mount", *args], capture_output=True).returncode == 0


@contextlib.contextmanager
def read_only_view(folder: Path) -> Iterator[Path]:
    """``folder`` seen through a read-only bind mount (as root), else made read-only by mode."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in [folder, *folder.rglob("*")]}
        for p in modes:
            p.chmod(modes[p] & ~0o222)
        try:
            yield folder
        finally:
            for p, mode in modes.items():
                p.chmod(mode)
        return
    view = folder.with_name(folder.name + "-ro")
    view.mkdir()
    if not _mount("--bind", str(folder), str(view)):
        pytest.skip("cannot bind-mount here")
    try:
        if not _mount("-o", "remount,bind,ro", str(view)):
            pytest.skip("cannot remount read-only here")
        yield view
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False)


@contextlib.contextmanager
def small_disk(where: Path, size: str = "2m") -> Iterator[Path]:
    """A real, small tmpfs at ``where`` (root only), unmounted after."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root; the RLIMIT_FSIZE tests cover this")
    where.mkdir()
    if not _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)):
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> None:
    """Write to ``disk`` until it is full (ENOSPC), for real."""
    fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (65536, 512, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)


def limited(limit: int):  # type: ignore[no-untyped-def]
    """A ``preexec_fn`` that caps every file the child writes at ``limit`` bytes."""

    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def run_child(*args: str, limit: int | None = None, stdin: bytes = b"") -> tuple[int, str, str]:
    done = subprocess.run(
        [*parley_command(), *args],
        input=stdin,
        capture_output=True,
        env=subprocess_env(),
        cwd=REPO,
        timeout=60,
        preexec_fn=limited(limit) if limit is not None else None,
    )
    return (
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
    )


def read_20_then_close(*args: str) -> tuple[int, str]:
    """Run ``parley *args``, read 20 bytes of its stdout and close it, like ``| head -c 20``;
    its exit code and stderr."""
    child = subprocess.Popen(
        [*parley_command(), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=subprocess_env(),
        cwd=REPO,
    )
    assert child.stdout is not None and child.stderr is not None
    assert child.stdout.read(20)
    child.stdout.close()
    err = child.stderr.read().decode()
    return child.wait(timeout=60), err


def no_traceback(err: str) -> None:
    assert "Traceback" not in err and "Exception ignored" not in err, err


# -- 12: reading commands on a read-only or full disk ---------------------------------------------


def read_everything(run, session: str) -> None:  # type: ignore[no-untyped-def]
    """list, show, search, export and verify all work, and none speaks of migrating."""
    for args in (
        ("history", "list"),
        ("history", "show", session),
        ("history", "search", "Sintra"),
        ("history", "export", session, "--format", "md"),
        ("history", "verify"),
    ):
        code, out, err = run(*args)
        assert code == 0, (args, err)
        no_traceback(err)
        assert "migrat" not in err.lower(), (args, err)
        assert "Sintra" in out or session in out, (args, out)
    code, out, err = run("history", "export", "--all")
    assert code == 0, err
    (exported,) = json.loads(out)
    assert exported["chain"]["ok"] and len(exported["events"]) == 4


def test_reading_commands_work_on_a_read_only_mount_and_write_nothing(
    profile: Profile, capsys: pytest.CaptureFixture[str]
) -> None:
    session = seed(profile.data)
    before = digest(profile.data)
    with read_only_view(profile.data) as view:
        ro = Profile(profile.data.parent, capsys)
        ro.data = view
        read_everything(ro.run, session)
        # A write says plainly what was not saved, in one line.
        code, _out, err = ro.run("history", "delete", session, "--yes")
        assert code == 1
        no_traceback(err)
        assert f"the deletion of {session} was not saved" in err
        assert "read-only" in err and "nothing was deleted" in err
    assert digest(profile.data) == before


def test_reading_commands_work_on_a_full_disk(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with small_disk(tmp_path / "disk") as disk:
        full = Profile(disk, capsys)
        full.config = tmp_path / "config"
        session = seed(full.data)
        fill(disk)
        read_everything(full.run, session)


def test_reading_commands_work_under_a_file_size_limit(tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = seed(data)
    dirs = ("--data-dir", str(data), "--config-dir", str(tmp_path / "config"))
    before = digest(data)
    code, out, err = run_child(*dirs, "history", "export", session, limit=0)
    assert code == 0, err
    no_traceback(err)
    assert "migrat" not in err.lower()
    assert json.loads(out)["session"]["id"] == session
    code, out, err = run_child(*dirs, "history", "verify", limit=0)
    assert code == 0 and f"ok      {session}  4 events" in out, err
    after = digest(data)
    assert {name: after[name] for name in before} == before
    # At most empty -wal/-shm files SQLite made while finding out it could not write.
    assert {after[name] for name in after.keys() - before.keys()} <= {EMPTY}


def test_a_read_only_history_that_needs_upgrading_says_so(
    profile: Profile, capsys: pytest.CaptureFixture[str]
) -> None:
    version = older_database(default_db_path(profile.data))
    with read_only_view(profile.data) as view:
        ro = Profile(profile.data.parent, capsys)
        ro.data = view
        code, _out, err = ro.run("history", "list")
    assert code == 1
    no_traceback(err)
    assert f"from schema version {version} to {version + 1}" in err
    assert "upgrading writes to it" in err and "Nothing was changed" in err


# -- 13: a folder as the database, an empty port --------------------------------------------------


def test_a_database_path_that_is_a_folder_is_named_as_such(profile: Profile) -> None:
    default_db_path(profile.data).mkdir(parents=True)
    code, _out, err = profile.run("history", "list")
    assert code == 1
    assert "is a folder, not a file" in err and "disk I/O error" not in err


def test_a_base_url_with_an_empty_port_is_refused(profile: Profile) -> None:
    code, _out, err = profile.run("providers", "add", "x", "--base-url", "http://127.0.0.1:/v1")
    assert code == 2
    assert "no port after it" in err
    code, _out, err = profile.run("providers", "list")
    assert "x " not in _out


def test_the_corrupt_database_notice_is_printed_once(tmp_path: Path) -> None:
    db = default_db_path(tmp_path / "data")
    db.parent.mkdir(parents=True)
    db.write_bytes(b"this is not a database" * 200)
    dirs = ("--data-dir", str(db.parent), "--config-dir", str(tmp_path / "config"))
    code, _out, err = run_child(*dirs, "history", "list")
    assert code == 0, err
    assert err.count("could not be opened") == 1, err


# -- 10: numbers ----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "0", "abc", "1e400", "1e9"])
def test_a_bad_timeout_is_refused_and_nothing_is_recorded(
    profile: Profile, httpserver: HTTPServer, value: str
) -> None:
    serve(httpserver, openai_text_stream(["hi"]))
    profile.add_local(httpserver.url_for("/v1"))
    code, _out, err = profile.run("ask", "hello", f"--timeout={value}")
    assert code == 2
    assert "--timeout" in err and "number of seconds" in err
    no_traceback(err)
    code, _out, err = profile.run("providers", "test", "local", f"--timeout={value}")
    assert code == 2 and "--timeout" in err
    assert json.loads(profile.run("history", "list", "--json")[1]) == []


@pytest.mark.parametrize("value", ["-1", "x", "1.5", "nan"])
def test_a_bad_limit_is_refused(profile: Profile, value: str) -> None:
    for args in (("history", "list"), ("history", "search", "word")):
        code, _out, err = profile.run(*args, f"--limit={value}")
        assert code == 2 and "--limit" in err and "whole number" in err, err


# -- 11: a failed export leaves nothing ----------------------------------------------------------


def test_export_to_a_folder_is_refused_and_leaves_nothing(profile: Profile, tmp_path: Path) -> None:
    seed(profile.data)
    target = tmp_path / "exports"
    target.mkdir()
    code, _out, err = profile.run("history", "export", "--all", "-o", str(target))
    assert code == 2 and "is a folder" in err
    assert list(target.iterdir()) == []
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_an_export_that_cannot_be_written_leaves_nothing_and_keeps_the_old_file(
    tmp_path: Path,
) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    session = seed(data, answer="Pena Palace. " * 20_000)  # an export of ~300 kB
    out.mkdir()
    old = out / "export.json"
    old.write_text("the previous export\n")
    dirs = ("--data-dir", str(data), "--config-dir", str(tmp_path / "config"))
    code, _stdout, err = run_child(
        *dirs, "history", "export", session, "-o", str(old), limit=100_000
    )
    assert code == 1
    no_traceback(err)
    assert f"the export was not written to {old}" in err and "nothing was left" in err
    assert sorted(p.name for p in out.iterdir()) == ["export.json"]
    assert old.read_text() == "the previous export\n"


# -- 8: a closed stdout ---------------------------------------------------------------------------


def test_a_closed_stdout_ends_an_export_quietly(tmp_path: Path) -> None:
    data = tmp_path / "data"
    session = seed(data, answer="Pena Palace. " * 20_000)  # far more than a pipe holds
    dirs = ["--data-dir", str(data), "--config-dir", str(tmp_path / "c")]
    code, err = read_20_then_close(*dirs, "history", "export", session)
    assert code == 128 + signal.SIGPIPE, err
    no_traceback(err)
    assert err == ""


# -- 9: invalid UTF-8 -----------------------------------------------------------------------------


def test_invalid_utf8_in_an_argument_is_replaced_and_said_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    seed(data)
    dirs = ("--data-dir", str(data), "--config-dir", str(tmp_path / "config"))
    done = subprocess.run(
        [*parley_command(), *dirs, "history", "search", b"Sintra\xff\xfe"],
        capture_output=True,
        env=subprocess_env(),
        cwd=REPO,
        timeout=60,
    )
    err = done.stderr.decode()
    assert done.returncode == 0, err
    no_traceback(err)
    assert err.count("not valid UTF-8") == 1
    assert "the command line held bytes that are not valid UTF-8; each was replaced by " in err


def test_an_invalid_utf8_prompt_is_sent_and_stored_with_replacements(
    profile: Profile, httpserver: HTTPServer
) -> None:
    record = serve(httpserver, openai_text_stream(["ok"]))
    profile.add_local(httpserver.url_for("/v1"))
    # How Python hands over argv bytes that are not UTF-8 (surrogateescape).
    code, _out, err = profile.run("ask", "--model", "m\udcff", "caf\udce9 au lait")
    assert code == 0, err
    assert err.count("not valid UTF-8") == 1  # said once, for both arguments
    (sent,) = record
    assert sent["messages"][-1]["content"] == "caf\ufffd au lait"
    stored = profile.export(session_of(err))["events"][1]["payload"]["text"]
    assert stored == "caf\ufffd au lait"


# -- 7: a storage write that fails says what was not saved ----------------------------------------


def test_an_import_that_cannot_be_stored_says_so_in_one_line(tmp_path: Path) -> None:
    source = tmp_path / "source"
    session = seed(source, answer="Pena Palace. " * 40_000)  # ~520 kB to store
    dirs = ("--config-dir", str(tmp_path / "config"))
    code, out, err = run_child("--data-dir", str(source), *dirs, "history", "export", session)
    assert code == 0, err
    export = tmp_path / "sintra.json"
    export.write_text(out)
    target = tmp_path / "target"
    seed(target)  # a history that opens for writing, then cannot grow past 300 kB
    code, _out, err = run_child(
        "--data-dir", str(target), *dirs, "history", "import", str(export), limit=300_000
    )
    assert code == 1
    no_traceback(err)
    assert f"the import of {export} was not saved" in err, err
    assert len(err.strip().splitlines()) <= 3, err


# -- 12: the read-only store itself (what reading commands get with read_only=True) ---------------


def test_a_store_opened_read_only_reads_everything_and_refuses_writes(tmp_path: Path) -> None:
    from parley.infrastructure.storage.read_only import ReadOnlyEventStore, ReadOnlyStoreError
    from parley.infrastructure.storage.startup import open_event_store

    data = tmp_path / "data"
    session = seed(data)
    before = digest(data)
    store, report = open_event_store(default_db_path(data), read_only=True)
    try:
        assert isinstance(store, ReadOnlyEventStore) and report.notice == ""
        assert [e.type_name for e in store.events(session)][-1] == "turn_finished"
        assert store.verify_chain(session).ok
        assert [s.id for s in store.list_sessions()] == [session]
        with pytest.raises(ReadOnlyStoreError, match="open read-only"):
            store.create_session("new")
        with pytest.raises(ReadOnlyStoreError):
            store.delete_session(session)
    finally:
        store.close()
    after = digest(data)
    assert {name: after[name] for name in before} == before


def test_reading_a_history_that_needs_upgrading_upgrades_it_when_it_can(tmp_path: Path) -> None:
    from parley.infrastructure.storage.migrations import MIGRATIONS
    from parley.infrastructure.storage.read_only import ReadOnlyEventStore
    from parley.infrastructure.storage.startup import open_event_store

    data = tmp_path / "data"
    older_database(default_db_path(data))
    store, report = open_event_store(default_db_path(data), read_only=True)
    try:
        assert not isinstance(store, ReadOnlyEventStore)
        assert report.migrated == (MIGRATIONS[-1].__name__,) and report.backup is not None
        assert store.list_sessions() == []
    finally:
        store.close()


def test_a_read_only_history_refuses_a_checkpoint_plainly(tmp_path: Path) -> None:
    """A store opened read-only has the recovery journal's bookkeeping too: a checkpoint that
    reaches it is refused with what could not be kept and why, not an AttributeError."""
    from parley.application.ports.event_store import EventStoreError
    from parley.infrastructure.storage.startup import open_event_store

    data = tmp_path / "data"
    session = seed(data)
    with read_only_view(data) as view:
        store, _report = open_event_store(default_db_path(view), read_only=True)
        try:
            with pytest.raises(EventStoreError, match="cannot keep the answer of turn"):
                store.checkpoint_partial(session, TURN, "shown text")
        finally:
            store.close()


# -- parley ask: a closed stdout, a prompt piped in that is not UTF-8 ------------------------------


def test_a_closed_stdout_ends_ask_quietly_and_the_answer_is_still_stored(
    profile: Profile, httpserver: HTTPServer
) -> None:
    answer = ["Pena Palace opens at 09:30. "] * 4000  # far more than a pipe holds
    serve(httpserver, openai_text_stream(answer))
    profile.add_local(httpserver.url_for("/v1"))
    code, err = read_20_then_close(*profile.dirs, "ask", "Plan a day in Sintra")
    assert code == 128 + signal.SIGPIPE, err
    no_traceback(err)
    events = profile.export(session_of(err))["events"]
    assert events[-1]["type"] == "turn_finished"
    assert events[-2]["payload"]["text"] == "".join(answer)


def test_a_piped_prompt_that_is_not_utf8_is_replaced_and_said_once(
    profile: Profile, httpserver: HTTPServer
) -> None:
    record = serve(httpserver, openai_text_stream(["ok"]))
    profile.add_local(httpserver.url_for("/v1"))
    done = subprocess.run(
        [*parley_command(), *profile.dirs, "ask"],
        input=b"caf\xe9 au lait\n",
        capture_output=True,
        env=subprocess_env(),
        cwd=REPO,
        timeout=60,
    )
    err = done.stderr.decode()
    assert done.returncode == 0, err
    no_traceback(err)
    assert err.count("not valid UTF-8") == 1
    (sent,) = record
    assert sent["messages"][-1]["content"] == "caf\ufffd au lait\n"

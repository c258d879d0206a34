"""Two desktops and one real PostgreSQL, through the ``parley`` command line (issue 19).

An administrator sets up the database with ``parley team init``; desktop A answers a turn and
joins; desktop B joins and finds A's conversation; B continues it, both sync, and A finds B's
turn — each desktop a profile of its own (its own SQLite history, its own device id), the team
store a throwaway cluster (``tests/support/postgres.py``), the model a local server.
"""

from __future__ import annotations

import io
import json
import uuid
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from pytest_httpserver import HTTPServer

from parley.ui.cli import main
from tests.support.keyrings import MemoryKeyring
from tests.support.postgres import ADMIN, Cluster, fresh_database, postgres_cluster
from tests.support.sse_server import openai_text_stream

__all__ = ["fresh_database", "postgres_cluster"]  # fixtures used by name below


@pytest.fixture
def memory_keyring(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("PARLEY_DATA_DIR", raising=False)
    monkeypatch.delenv("PARLEY_CONFIG_DIR", raising=False)
    saved = keyring.core._keyring_backend
    keyring.set_keyring(MemoryKeyring())
    yield
    keyring.core._keyring_backend = saved


def desktop(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]):  # type: ignore[no-untyped-def]
    dirs = ["--data-dir", str(tmp_path / name / "data"), "--config-dir", str(tmp_path / name)]

    def run(*args: str, stdin: str = "") -> tuple[int, str, str]:
        if stdin:
            import sys

            saved, sys.stdin = sys.stdin, io.StringIO(stdin)
            try:
                code = main([*dirs, *args])
            finally:
                sys.stdin = saved
        else:
            code = main([*dirs, *args])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def test_two_desktops_share_one_history_through_a_real_postgresql(
    tmp_path: Path,
    httpserver: HTTPServer,
    capsys: pytest.CaptureFixture[str],
    postgres_cluster: Cluster,
    fresh_database: str,
    memory_keyring: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    httpserver.expect_request("/v1/chat/completions", method="POST").respond_with_data(
        openai_text_stream(["An answer."]), content_type="text/event-stream"
    )
    where = f"127.0.0.1:{postgres_cluster.port}/{fresh_database}"
    admin = desktop(tmp_path, "admin", capsys)
    monkeypatch.setenv("PGPASSWORD", postgres_cluster.admin_password)
    code, out, err = admin("team", "init", f"postgresql://{ADMIN}@{where}")
    assert code == 0, err
    assert "team store ready" in out and "m001" in out
    code, out, err = admin("team", "init", f"postgresql://{ADMIN}@{where}")
    assert code == 0 and "up to date" in out  # idempotent
    monkeypatch.delenv("PGPASSWORD")
    member = "ana_" + uuid.uuid4().hex[:8]  # roles are the cluster's: one per test
    # A provisioning script: the owner's password, then the new member's, on standard input.
    code, out, err = admin(
        "team",
        "add-member",
        f"postgresql://{ADMIN}@{where}",
        member,
        "--password-stdin",
        "--new-password-stdin",
        stdin=f"{postgres_cluster.admin_password}\nana-secret\n",
    )
    assert code == 0, err
    assert f"added {member} as a member" in out and "ana-secret" not in out + err
    url = f"postgresql://{member}@{where}"

    a, b = desktop(tmp_path, "a", capsys), desktop(tmp_path, "b", capsys)
    for run in (a, b):
        base = httpserver.url_for("/v1")
        assert run("providers", "add", "local", "--base-url", base, "--default-model", "m")[0] == 0
    code, _out, err = a("ask", "Written on desktop A")
    assert code == 0, err
    session = err.split("session ")[1].split()[0]

    # A wrong password is refused and nothing is saved.
    code, _out, err = a("team", "join", url, "--password-stdin", stdin="wrong\n")
    assert code == 1 and "ana-secret" not in err and "wrong" not in err
    assert "refused the login: password authentication failed" in err, err
    assert a("team", "status")[1].startswith("no team store")

    code, out, err = a("team", "join", url, "--password-stdin", stdin="ana-secret\n")
    assert code == 0, err
    assert f"joined as {member}" in out and "pushed 5" in out
    code, out, err = b("team", "join", url, "--password-stdin", stdin="ana-secret\n")
    assert code == 0, err
    assert "pulled 5" in out
    listed = json.loads(b("history", "list", "--json")[1])
    assert [c["id"] for c in listed] == [session]

    # B continues the conversation; after both sync, A has B's turn too.
    code, _out, err = b("ask", "--session", session, "Continued on desktop B")
    assert code == 0, err
    assert b("team", "sync")[0] == 0
    code, out, err = a("team", "sync")
    assert code == 0, err
    assert "pulled 5" in out
    shown = a("history", "show", session)[1]
    assert "Written on desktop A" in shown and "Continued on desktop B" in shown
    for run in (a, b):
        assert run("history", "verify", session)[0] == 0
        status = run("team", "status")[1]
        assert "this device:" in status and "0 event(s) to push" in status
    # The settings hold no password; the keyring does.
    settings = (tmp_path / "a" / "settings.json").read_text()
    assert "ana-secret" not in settings and url in settings

"""A planted API key never leaks: not into the event log, the SQLite files (``-wal`` and ``-shm``
included), the settings, exports, log output at DEBUG, or anything printed.

The canary is stored in the keyring (the in-memory test backend from ``test_keys``) for a provider
that points at a local server. Through ``ui.cli.main`` it then runs turns that succeed, fail with
a 401 whose body echoes the key's first 20 characters (as OpenAI's does), fail with 500s whose
body quotes the whole key (retried, so the retry notices are exercised too), and fail with an
error object inside the stream quoting it; ``providers list``/``models``/``test``, ``history
export``, ``history show``. Every file under the test's folder and every captured output is then
scanned for the key — raw, base64 (standard and URL-safe, padded or not), URL-encoded — and for
any 12-character run of it, which is the redaction policy (``redact_secret``).
"""

from __future__ import annotations

import base64
import io
import json
import logging
import re
import secrets
import sqlite3
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote, quote_plus

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

from parley.application.ports.settings_store import NetworkSettings
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.providers.directory import REDACT_MIN_RUN, REDACTED
from parley.ui.cli import main
from tests.integration.test_keys import MemoryKeyring, home, memory_keyring  # noqa: F401
from tests.support.sse_server import data_events, openai_text_stream, sse_handler

CHAT_PATH = "/v1/chat/completions"
MODEL = "canary-model"
SESSION_LINE = re.compile(r"^session ([0-9a-f]{32})$", re.MULTILINE)


@pytest.fixture
def canary() -> str:
    return "sk-canary-" + secrets.token_hex(16)


@pytest.fixture
def debug_log(tmp_path: Path) -> Iterator[Path]:
    """Everything logged at DEBUG and above, by every logger, into a file in the test folder."""
    path = tmp_path / "logs" / "debug.log"
    path.parent.mkdir()
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setLevel(logging.DEBUG)
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
    root = logging.getLogger()
    saved_level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    yield path
    root.removeHandler(handler)
    root.setLevel(saved_level)
    handler.close()


def forms_of(key: str) -> dict[str, str]:
    raw = key.encode()
    forms = {
        "raw": key,
        "url-encoded": quote(key, safe=""),
        "url-encoded (plus)": quote_plus(key),
    }
    for name, encoded in (
        ("base64", base64.b64encode(raw).decode()),
        ("urlsafe base64", base64.urlsafe_b64encode(raw).decode()),
    ):
        forms[name] = encoded
        forms[f"{name} unpadded"] = encoded.rstrip("=")
    # The redaction policy: no run of REDACT_MIN_RUN characters of the key, anywhere.
    for start in range(len(key) - REDACT_MIN_RUN + 1):
        forms[f"run at {start}"] = key[start : start + REDACT_MIN_RUN]
    return forms


def leaks(data: bytes, key: str) -> list[str]:
    return [name for name, form in forms_of(key).items() if form.encode() in data]


def test_a_planted_key_never_leaks(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    httpserver: HTTPServer,
    monkeypatch: pytest.MonkeyPatch,
    memory_keyring: MemoryKeyring,  # noqa: F811
    home: Path,  # noqa: F811
    debug_log: Path,
    canary: str,
) -> None:
    for name in ("PARLEY_DATA_DIR", "PARLEY_CONFIG_DIR", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    data, config = tmp_path / "data", tmp_path / "config"
    dirs = ["--data-dir", str(data), "--config-dir", str(config)]
    captured: list[str] = []
    seen_auth: list[str] = []

    def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
        capsys.readouterr()
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main([*dirs, *args])
        out, err = capsys.readouterr()
        captured.extend([out, err])
        return code, out, err

    def answer(handler):  # type: ignore[no-untyped-def]
        def wrapped(request: Request) -> Response:
            seen_auth.append(request.headers.get("Authorization", ""))
            return handler(request)

        httpserver.clear()
        httpserver.expect_request(CHAT_PATH, method="POST").respond_with_handler(wrapped)

    def json_error(status: int, message: str):  # type: ignore[no-untyped-def]
        body = json.dumps({"error": {"message": message, "type": "invalid_request_error"}})
        return lambda _request: Response(body, status=status, content_type="application/json")

    # -- set up: a local provider whose key is in the keyring ----------------------------------
    code, _out, err = run(
        "providers", "add", "local", "--base-url", httpserver.url_for("/v1"),
        "--default-model", MODEL, "--api-key-stdin", stdin=canary + "\n",
    )  # fmt: skip
    assert code == 0, err
    assert memory_keyring.entries == {("parley", "local"): canary}
    JsonSettingsStore(config).set_network(
        NetworkSettings(max_attempts=3, base_delay=0.0, max_delay=0.0)
    )

    # -- a turn that succeeds ------------------------------------------------------------------
    answer(sse_handler(openai_text_stream(["All", " good."], usage=(5, 2))))
    code, out, err = run("ask", "First question")
    assert code == 0, err
    assert out == "All good.\n"
    session = SESSION_LINE.findall(err)[0]
    db = data / "parley.db"
    # Held open to the end, so the log's -wal and -shm files stay on disk to be scanned.
    holder = sqlite3.connect(db)
    holder.execute("SELECT count(*) FROM sqlite_master").fetchone()

    # -- 401 echoing the key's first 20 characters (OpenAI's wording) --------------------------
    answer(json_error(401, f"Incorrect API key provided: {canary[:20]}…. You can find your key"))
    code, out, err = run("ask", "--session", session, "Second question")
    assert code == 1 and out == ""
    assert "HTTP 401" in err and f"Incorrect API key provided: {REDACTED}" in err

    # -- 500s quoting the whole key, retried (each retry notice carries the message) -----------
    answer(json_error(500, f"upstream rejected credentials {canary} (internal)"))
    code, out, err = run("ask", "--session", session, "--json", "Third question")
    assert code == 1
    assert "HTTP 500" in err and "gave up after 3 attempts" in err and REDACTED in err
    assert out.count('"type": "notice"') == 2  # the two retries, as stored events

    # -- an error object inside a 200 stream quoting the key -----------------------------------
    stream_error = data_events(
        [{"error": {"message": f"key {canary} revoked mid-stream"}}], done=False
    )
    answer(sse_handler(stream_error))
    code, _out, err = run("ask", "--session", session, "Fourth question")
    assert code == 1 and "revoked mid-stream" in err and REDACTED in err

    # -- the provider commands -----------------------------------------------------------------
    httpserver.clear()
    httpserver.expect_request("/v1/models").respond_with_handler(
        json_error(401, f"Incorrect API key provided: {canary[:20]}…")
    )
    code, _out, err = run("providers", "models", "local")
    assert code == 1 and "auth:" in err and REDACTED in err
    answer(json_error(401, f"Incorrect API key provided: {canary[:20]}…"))
    code, _out, err = run("providers", "test", "local")
    assert code == 1 and err.startswith("FAILED · auth:") and REDACTED in err
    answer(sse_handler(openai_text_stream(["OK"])))
    code, out, err = run("providers", "test", "local")
    assert code == 0 and out.startswith("OK · first token in"), err
    code, out, _err = run("providers", "list")
    assert code == 0 and "key: keyring" in out
    code, out, _err = run("providers", "list", "--json")
    assert json.loads(out)[0]["key_source"] == "keyring"

    # -- history ------------------------------------------------------------------------------
    export = tmp_path / "exports" / "conversation.json"
    export.parent.mkdir()
    code, _out, err = run("history", "export", session, "-o", str(export))
    assert code == 0, err
    code, out, _err = run("history", "show", session, "--json")
    assert code == 0
    events = json.loads(out)["events"]
    finished = [e["payload"] for e in events if e["type"] == "turn_finished"]
    assert [f["status"] for f in finished] == ["completed", "failed", "failed", "failed"]
    assert REDACTED in finished[1]["error"]  # the 401's echo, scrubbed before it was recorded
    code, out, _err = run("history", "show", session)
    assert code == 0 and "Second question" in out

    # -- the key was really used (so "never leaks" is not vacuous) -----------------------------
    assert seen_auth and all(a == f"Bearer {canary}" for a in seen_auth)
    assert len(seen_auth) == 1 + 1 + 3 + 1 + 2  # ok, 401, 500 x3, stream error, two tests

    # -- scan everything -----------------------------------------------------------------------
    files = sorted(p for p in tmp_path.rglob("*") if p.is_file())
    names = {p.name for p in files}
    assert {"parley.db", "parley.db-wal", "parley.db-shm", "settings.json"} <= names, names
    assert export in files and debug_log in files
    assert debug_log.stat().st_size > 0
    assert "DEBUG" in debug_log.read_text(encoding="utf-8")
    found = {str(p.relative_to(tmp_path)): leaks(p.read_bytes(), canary) for p in files}
    assert {path: forms for path, forms in found.items() if forms} == {}
    for index, text in enumerate(captured):
        assert leaks(text.encode(), canary) == [], (index, text)
    holder.close()

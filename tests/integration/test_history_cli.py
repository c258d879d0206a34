"""``parley history`` for operators: list with filters, search, show, export (json, md, html; one
or ``--all``), import, verify and delete — in process, against a profile in a temporary folder.

Conversations are seeded straight into the profile's event store (every event type, tool calls
included) so each command is checked against a known record; the canary test runs real turns
through a local server with the key in the environment and in the keyring.
"""

from __future__ import annotations

import html
import io
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer

from parley.domain.transcript.canonical import (
    AssistantText,
    Event,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)
from parley.infrastructure.storage.sqlite_event_store import SqliteEventStore, default_db_path
from tests.integration.test_cli import (
    Profile,
    serve,
    session_of,
)
from tests.integration.test_keys import MemoryKeyring, memory_keyring  # noqa: F401
from tests.support.cli_profile import headless  # noqa: F401 (a fixture)
from tests.support.sse_server import openai_text_stream
from tests.unit.test_history_render import (
    EXCERPT_1,
    QUERY,
    SCRIPT_MESSAGE,
    SUMMARY,
    _turns,
    excerpt_records,
    texts_that_must_appear,
)

QUARTERLY = "Quarterly figures"
SINTRA = "Sintra day"
T3 = "c3" * 16


# Every test runs as on a headless machine, whatever the environment says.
pytestmark = pytest.mark.usefixtures("headless")


def sintra_turn() -> list[tuple[str, Event]]:
    return [
        (T3, TurnStarted(provider_id="local", model="sintra-model")),
        (T3, UserMessage(text="Plan a day in Sintra with the palaces")),
        (T3, ToolCall(call_id="call-s1", tool="read_file", arguments={"path": "sintra.md"})),
        (T3, ToolResult(call_id="call-s1", result="Pena Palace opens at 09:30", success=True)),
        (T3, AssistantText(text="Start at Pena Palace at 09:30.", model="sintra-model")),
        (
            T3,
            TurnFinished(
                status="completed", usage=Usage(input_tokens=10, output_tokens=20), duration_s=2.0
            ),
        ),
    ]


def seed(profile: Profile) -> tuple[str, str]:
    """Two conversations in the profile's store: the rich one of the render tests (two turns, one
    failed, every event type) and a short completed one. Returns their ids."""
    with SqliteEventStore(default_db_path(profile.data)) as store:
        quarterly = store.create_session(QUARTERLY).id
        for turn_id, event in _turns():
            store.append(quarterly, turn_id, event, actor="test")
        sintra = store.create_session(SINTRA).id
        for turn_id, event in sintra_turn():
            store.append(sintra, turn_id, event)
    return quarterly, sintra


def ok(result: tuple[int, str, str]) -> str:
    code, out, err = result
    assert code == 0, err
    return out


def comparable(export: dict[str, Any]) -> list[dict[str, Any]]:
    """An export's events without what the store assigns (ids, times, chain links). The event
    ids a compaction (``replaces``) or a context check (``compaction_id``) names become the
    places of the named events in the export ("#n"; None: not in it), so two exports of one
    conversation compare equal only if these name the same events."""
    drop = {"id", "ts", "hash", "prev_hash"}
    place = {e["id"]: f"#{n}" for n, e in enumerate(export["events"])}
    out = []
    for event in export["events"]:
        kept = {k: v for k, v in event.items() if k not in drop}
        payload = event["payload"]
        if event["type"] == "compaction":
            kept["payload"] = {**payload, "replaces": [place.get(i) for i in payload["replaces"]]}
        elif event["type"] == "context_checked" and payload["compaction_id"]:
            kept["payload"] = {**payload, "compaction_id": place.get(payload["compaction_id"])}
        out.append(kept)
    return out


@pytest.fixture
def profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Profile:
    return Profile(tmp_path, capsys)


@pytest.fixture
def other(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Profile:
    """A second, empty profile (a fresh store)."""
    return Profile(tmp_path / "other", capsys)


# -- list, search, show ---------------------------------------------------------------------------


def test_list_shows_figures_and_filters(profile: Profile) -> None:
    quarterly, sintra = seed(profile)

    rows = json.loads(ok(profile.run("history", "list", "--json")))
    assert [r["id"] for r in rows] == [sintra, quarterly]  # most recently updated first
    by_id = {r["id"]: r for r in rows}
    assert by_id[quarterly]["title"] == QUARTERLY
    assert by_id[quarterly]["turns"] == 2 and by_id[quarterly]["failures"] == 1
    assert by_id[sintra]["input_tokens"] == 10 and by_id[sintra]["output_tokens"] == 20
    assert set(rows[0]) >= {"id", "title", "created_at", "updated_at", "models", "turns"}

    def ids(*options: str) -> list[str]:
        return [r["id"] for r in json.loads(ok(profile.run("history", "list", "--json", *options)))]

    assert ids("--model", "sintra-model") == [sintra]
    assert ids("--status", "failed") == [quarterly]
    assert ids("--search", "palaces") == [sintra]
    assert ids("--search", "palaces", "--model", "other-model") == []
    assert ids("--since", "2000-01-01") == [sintra, quarterly]
    assert ids("--since", "2999-01-01T00:00:00+02:00") == []
    assert ids("--limit", "1") == [sintra]

    lines = ok(profile.run("history", "list")).splitlines()
    assert [line.split()[0] for line in lines] == [sintra, quarterly]
    assert "sintra-model" in lines[0] and SINTRA in lines[0]
    assert "1 not completed" in lines[1]


def test_list_usage_errors_exit_2(profile: Profile) -> None:
    seed(profile)
    code, _out, err = profile.run("history", "list", "--since", "last tuesday")
    assert code == 2 and "--since 'last tuesday' is not a date" in err
    assert profile.run("history", "list", "--status", "exploded")[0] == 2
    assert profile.run("history", "list", "--limit", "-1")[0] == 2


def test_search_prints_hits_with_highlights(profile: Profile) -> None:
    _quarterly, sintra = seed(profile)

    code, out, err = profile.run("history", "search", "Pena")
    assert code == 0, err
    lines = out.splitlines()
    assert lines, "no hits"
    assert all(sintra in line and SINTRA in line for line in lines[0::2])
    assert {line.split()[1] for line in lines[0::2]} <= {"tool_result", "assistant_text"}
    assert all(line.startswith("    ") and "[Pena]" in line for line in lines[1::2])
    assert "match" in err

    hits = json.loads(ok(profile.run("history", "search", "Pena", "--json")))
    assert hits and {h["session_id"] for h in hits} == {sintra}
    assert set(hits[0]) == {
        "session_id",
        "session_title",
        "event_id",
        "turn_id",
        "type",
        "ts",
        "snippet",
    }
    assert json.loads(ok(profile.run("history", "search", "zebra-unicorn", "--json"))) == []
    assert profile.run("history", "search", "  ")[0] == 2


def test_show_events_prints_one_line_per_event(profile: Profile) -> None:
    quarterly, _sintra = seed(profile)

    lines = ok(profile.run("history", "show", quarterly, "--events")).splitlines()

    record = json.loads(ok(profile.run("history", "show", quarterly, "--json")))
    assert len(lines) == len(record["events"]) == len(_turns())
    for line, event in zip(lines, record["events"], strict=True):
        event_id, ts, type_name, *_rest = line.split()
        assert (int(event_id), ts, type_name) == (event["id"], event["ts"], event["type"])
    assert lines[0].endswith("turn_started        local · test-model")  # a column 19 wide
    assert "  retrieval_performed 2 excerpts" in lines[4]
    assert "read_file" in lines[8] and "q3.csv" in lines[8]

    transcript = ok(profile.run("history", "show", quarterly))
    assert SCRIPT_MESSAGE in transcript and "run_command" in transcript
    assert profile.run("history", "show", "f" * 32, "--events")[0] == 2


def test_show_prints_summaries_excerpts_and_context_checks(profile: Profile) -> None:
    quarterly, _sintra = seed(profile)

    by_type: dict[str, list[str]] = {}
    for line in ok(profile.run("history", "show", quarterly, "--events")).splitlines():
        by_type.setdefault(line.split()[2], []).append(line)
    assert by_type["retrieval_performed"][0].endswith(
        "retrieval_performed 2 excerpts · bm25 · annual <report>.pdf p. 117, p. 3"
    )
    assert by_type["context_checked"][0].endswith(
        "41,230 of 128,000 tokens (32%) · window from provider · 4,096 kept for the answer"
    )
    assert "summarised 1 turn (events 1-16) · by summary-model · auto" in by_type["compaction"][0]

    transcript = ok(profile.run("history", "show", quarterly))
    assert "[earlier messages summarised] summarised 1 turn (events 1-16)" in transcript
    assert SUMMARY in transcript
    assert f"[excerpts] 2 retrieved (bm25) for: {QUERY}" in transcript
    assert "[1] annual <report>.pdf, page 117 · score 12.5" in transcript
    assert "[context] 2,000 of 8,192 tokens (24%) · window from the model table" in transcript


def test_search_finds_queries_places_and_summaries_but_not_excerpt_text(profile: Profile) -> None:
    quarterly, _sintra = seed(profile)

    def hit_types(text: str) -> list[str]:
        hits = json.loads(ok(profile.run("history", "search", text, "--json")))
        assert {h["session_id"] for h in hits} <= {quarterly}
        return sorted(h["type"] for h in hits)

    assert hit_types("say about") == ["retrieval_performed"]  # the query
    assert hit_types("annual") == ["attachment_added", "retrieval_performed"]  # the file's name
    assert hit_types("computed") == ["compaction"]  # the summary
    # the excerpts' own words (a copy of the document) are not indexed
    assert "Appendix" in excerpt_records()[1]["text"] and hit_types("Appendix") == []
    assert "units" in EXCERPT_1 and hit_types("units") == []


def test_json_export_carries_the_new_events_as_recorded(profile: Profile) -> None:
    quarterly, _sintra = seed(profile)

    record = json.loads(ok(profile.run("history", "export", quarterly)))
    events = {e["type"]: e for e in record["events"]}
    ids = [e["id"] for e in record["events"]]
    assert events["retrieval_performed"]["payload"] == {
        "query": QUERY,
        "excerpts": list(excerpt_records()),
        "method": "bm25",
        "note": "",
    }
    compaction = events["compaction"]
    first, last = compaction["payload"]["replaces"]
    # the range names events of the export itself, by the ids it gives them
    assert first in ids and last in ids
    assert [e["type"] for e in record["events"] if e["id"] in (first, last)] == [
        "turn_started",
        "turn_finished",
    ]
    checks = [e for e in record["events"] if e["type"] == "context_checked"]
    assert checks[1]["payload"]["compaction_id"] == compaction["id"]
    assert checks[0]["payload"]["window_source"] == "provider"


# -- export and import ----------------------------------------------------------------------------


def test_export_markdown_and_html_hold_every_message_and_tool_call(
    profile: Profile, tmp_path: Path
) -> None:
    quarterly, sintra = seed(profile)

    markdown = ok(profile.run("history", "export", quarterly, "--format", "md"))
    page = ok(profile.run("history", "export", quarterly, "--format", "html"))

    for expected in texts_that_must_appear():
        if "<" not in expected:
            assert expected in markdown, expected
        assert html.escape(expected) in page, expected
    assert "&lt;script>alert" in markdown
    assert "<script" not in page.lower() and "Hash chain" in page
    assert "Hash chain: verified" in markdown

    target = tmp_path / "all.html"
    code, out, err = profile.run(
        "history", "export", "--all", "--format", "html", "-o", str(target)
    )
    assert code == 0 and out == "" and "2 conversations" in err
    everything = target.read_text(encoding="utf-8")
    assert everything.count("<article") == 2
    assert "Pena Palace opens at 09:30" in everything and "run_command" in everything

    combined = ok(profile.run("history", "export", "--all", "--format", "md"))
    assert combined.startswith("# Parley conversations\n")
    assert f"(#session-{quarterly})" in combined and f"(#session-{sintra})" in combined


def test_export_needs_one_conversation_or_all(profile: Profile) -> None:
    quarterly, _sintra = seed(profile)
    assert profile.run("history", "export", "--format", "md")[0] == 2
    assert profile.run("history", "export", quarterly, "--all")[0] == 2
    assert profile.run("history", "export", quarterly, "--format", "pdf")[0] == 2
    assert profile.run("history", "export", "f" * 32, "--format", "html")[0] == 2


def test_json_export_round_trips_through_import(
    profile: Profile, other: Profile, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    quarterly, sintra = seed(profile)
    target = tmp_path / "quarterly.json"
    ok(profile.run("history", "export", quarterly, "--format", "json", "-o", str(target)))
    original = json.loads(target.read_text(encoding="utf-8"))
    assert original["chain"]["ok"] is True
    assert original["chain"]["events_checked"] == len(original["events"])

    code, out, err = other.run("history", "import", str(target))

    assert code == 0, err
    assert out.startswith(f"imported  {quarterly}  {QUARTERLY}  (")
    assert "Parley export: 1 imported, 0 skipped, 0 failed" in err
    again = json.loads(ok(other.run("history", "export", quarterly)))
    assert comparable(again) == comparable(original)
    assert again["session"]["title"] == QUARTERLY

    # importing the same file again keeps both, under a new id, and says so
    code, out, _err = other.run("history", "import", str(target))
    assert code == 0
    assert f"a conversation with id {quarterly} exists here; imported as" in out

    # --all is a JSON array of the same objects; it imports whole into a fresh profile
    everything = tmp_path / "all.json"
    ok(profile.run("history", "export", "--all", "-o", str(everything)))
    data = json.loads(everything.read_text(encoding="utf-8"))
    assert [d["session"]["id"] for d in data] == [sintra, quarterly]
    third = Profile(tmp_path / "third", capsys)
    assert ok(third.run("history", "import", str(everything))).count("imported  ") == 2
    for d in data:
        exported = json.loads(ok(third.run("history", "export", d["session"]["id"])))
        assert comparable(exported) == comparable(d)


def test_import_reports_and_refuses_clearly(profile: Profile, tmp_path: Path) -> None:
    chatgpt = tmp_path / "conversations.json"
    chatgpt.write_text(
        json.dumps(
            [
                {
                    "id": "conv-1",
                    "title": "Hello",
                    "create_time": 1_714_550_400.0,
                    "current_node": "a",
                    "mapping": {
                        "r": {"id": "r", "message": None, "parent": None, "children": ["q"]},
                        "q": {
                            "id": "q",
                            "parent": "r",
                            "children": ["a"],
                            "message": {
                                "author": {"role": "user"},
                                "content": {"content_type": "text", "parts": ["Hi there"]},
                            },
                        },
                        "a": {
                            "id": "a",
                            "parent": "q",
                            "children": [],
                            "message": {
                                "author": {"role": "assistant"},
                                "content": {"content_type": "text", "parts": ["Hello!"]},
                                "metadata": {"model_slug": "gpt-4o-mini"},
                            },
                        },
                    },
                }
            ]
        ),
        encoding="utf-8",
    )

    code, out, err = profile.run("history", "import", str(chatgpt))
    assert code == 0, err
    assert out.startswith("imported  ") and "Hello  (2 messages, 5 events)" in out
    assert "ChatGPT export: 1 imported, 0 skipped, 0 failed" in err
    session_id = out.split()[1]
    assert "Hi there" in ok(profile.run("history", "show", session_id))

    code, out, err = profile.run("history", "import", str(chatgpt))
    assert code == 0 and out.startswith("skipped   conv-1  Hello · already imported as")

    bad = tmp_path / "notes.txt"
    bad.write_text("just some notes", encoding="utf-8")
    code, _out, err = profile.run("history", "import", str(bad))
    assert code == 2 and "cannot import: notes.txt is not JSON" in err
    code, _out, err = profile.run("history", "import", str(tmp_path / "missing.json"))
    assert code == 2 and "is not a file" in err

    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps([{"id": "x", "mapping": {}}]), encoding="utf-8")
    code, out, err = profile.run("history", "import", str(broken))
    assert code == 1 and out.startswith("failed    x") and "1 failed" in err


# -- verify ---------------------------------------------------------------------------------------


def test_verify_passes_then_names_the_first_tampered_event(profile: Profile) -> None:
    quarterly, sintra = seed(profile)

    code, out, err = profile.run("history", "verify")
    assert code == 0, err
    assert sorted(line.split()[:2] for line in out.splitlines()) == sorted(
        [["ok", quarterly], ["ok", sintra]]
    )
    assert "2 conversations verified" in err

    record = json.loads(ok(profile.run("history", "show", sintra, "--json")))
    victim = record["events"][1]["id"]  # the user's message
    conn = sqlite3.connect(default_db_path(profile.data))
    try:
        conn.execute("DROP TRIGGER IF EXISTS events_append_only_no_update")
        conn.execute(
            "UPDATE events SET payload = ? WHERE id = ?",
            (json.dumps({"text": "Plan a day in Lisbon", "source": "user"}), victim),
        )
        conn.commit()
    finally:
        conn.close()

    code, out, err = profile.run("history", "verify")
    assert code == 1
    assert f"BROKEN  {sintra}  at event {victim}:" in out
    assert f"ok      {quarterly}" in out
    assert "1 of 2 conversations fail verification" in err
    assert profile.run("history", "verify", quarterly)[0] == 0
    assert profile.run("history", "verify", sintra)[0] == 1
    assert profile.run("history", "verify", "f" * 32)[0] == 2


# -- delete ---------------------------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_delete_asks_at_a_terminal_and_needs_yes_elsewhere(
    profile: Profile, monkeypatch: pytest.MonkeyPatch
) -> None:
    quarterly, sintra = seed(profile)

    code, _out, err = profile.run("history", "delete", quarterly)  # stdin is not a terminal
    assert code == 2 and "--yes" in err
    assert profile.run("history", "show", quarterly)[0] == 0

    monkeypatch.setattr("sys.stdin", _Terminal("n\n"))
    code, _out, err = profile.run("history", "delete", quarterly)
    assert code == 0 and "This cannot be undone. [y/N]" in err and "not deleted" in err
    assert profile.run("history", "show", quarterly)[0] == 0

    monkeypatch.setattr("sys.stdin", _Terminal("y\n"))
    code, _out, err = profile.run("history", "delete", quarterly)
    assert code == 0 and f"deleted {quarterly} ({len(_turns())} events)" in err
    assert profile.run("history", "show", quarterly)[0] == 2

    code, _out, err = profile.run("history", "delete", sintra, "--yes")
    assert code == 0 and "(6 events)" in err
    assert json.loads(ok(profile.run("history", "list", "--json"))) == []
    assert profile.run("history", "delete", sintra, "--yes")[0] == 2


# -- secrets --------------------------------------------------------------------------------------


def test_a_planted_key_never_appears_in_any_export(
    profile: Profile,
    httpserver: HTTPServer,
    monkeypatch: pytest.MonkeyPatch,
    memory_keyring: MemoryKeyring,  # noqa: F811
    tmp_path: Path,
) -> None:
    canary = "sk-canary-history-5f1d0c2e9a7b4c3d"
    monkeypatch.setenv("MY_KEY", canary)
    serve(httpserver, openai_text_stream(["Fine, thanks."]))
    url = httpserver.url_for("/v1")
    profile.add_local(url, "--api-key-env", "MY_KEY")  # the settings name the variable
    profile.add_local(url, name="vault")
    monkeypatch.setattr("sys.stdin", io.StringIO(canary))
    ok(profile.run("providers", "set-key", "vault", "--stdin"))  # the key in the keyring
    assert memory_keyring.entries == {("parley", "vault"): canary}
    sessions = [
        session_of(profile.run("ask", "How are you?")[2]),
        session_of(profile.run("ask", "--provider", "vault", "And now?")[2]),
    ]
    assert all(r[0].headers["Authorization"] == f"Bearer {canary}" for r in httpserver.log)

    outputs = []
    for fmt in ("json", "md", "html"):
        for session_id in sessions:
            outputs.append(ok(profile.run("history", "export", session_id, "--format", fmt)))
        target = tmp_path / f"all.{fmt}"
        ok(profile.run("history", "export", "--all", "--format", fmt, "-o", str(target)))
        outputs.append(target.read_text(encoding="utf-8"))
    outputs += [
        ok(profile.run("history", "show", sessions[1], "--events")),
        ok(profile.run("history", "list", "--json")),
        ok(profile.run("history", "search", "thanks")),
    ]
    assert all("Fine, thanks." in text for text in outputs[:9])
    for text in outputs:
        assert canary not in text
        assert canary[:12] not in text and canary[-12:] not in text

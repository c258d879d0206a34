"""Operators on a real team store, through ``parley history --store`` (issue 19).

Two members each write a conversation to one throwaway PostgreSQL (``tests/support/postgres.py``)
through their own ``PostgresEventStore``; then the command line reads that store: an operator
lists, searches, shows, verifies and sums costs of both, with owners and a member filter; a
member sees only their own; an export from the team store imports on a desktop with the same
events; the password given is never printed; the database refuses what it must (an operator's
delete, a delete under a legal hold). Skipped with one line without PostgreSQL.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest

from parley.domain.transcript.canonical import (
    Usage,
)
from parley.infrastructure.team.postgres_store import PostgresEventStore
from parley.infrastructure.team.roles import (
    place_legal_hold,
)
from parley.ui.cli import main
from tests.support.keyrings import MemoryKeyring
from tests.support.postgres import Cluster, fresh_database, postgres_cluster
from tests.support.team_people import Team, two_members_and_an_operator, write_conversation

__all__ = ["fresh_database", "postgres_cluster"]  # fixtures used by name below


@pytest.fixture
def team(postgres_cluster: Cluster, fresh_database: str) -> Team:
    return two_members_and_an_operator(postgres_cluster, fresh_database)


@pytest.fixture
def cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Iterator:
    monkeypatch.delenv("PARLEY_DATA_DIR", raising=False)
    monkeypatch.delenv("PARLEY_CONFIG_DIR", raising=False)
    monkeypatch.delenv("PGPASSWORD", raising=False)
    saved = keyring.core._keyring_backend
    keyring.set_keyring(MemoryKeyring())
    dirs = ["--data-dir", str(tmp_path / "data"), "--config-dir", str(tmp_path / "config")]

    def run(*args: str) -> tuple[int, str, str]:
        code = main([*dirs, *args])
        out, err = capsys.readouterr()
        return code, out, err

    yield run
    keyring.core._keyring_backend = saved


def test_an_operator_reads_everyones_conversations_with_owners(
    team: Team, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PGPASSWORD", team.passwords[team.operator])
    url = team.url(team.operator)
    outputs = []

    code, out, err = cli("history", "--store", url, "list", "--json")
    outputs.append(out + err)
    assert code == 0, err
    listed = {row["id"]: row["owner"] for row in json.loads(out)}
    assert listed == {team.sessions[team.ana]: team.ana, team.sessions[team.bob]: team.bob}
    code, out, err = cli("history", "--store", url, "list")
    outputs.append(out + err)
    assert code == 0 and team.ana in out and team.bob in out and "Ana's budget" in out

    # The member filter narrows the listing and the search to one member's conversations.
    code, out, err = cli("history", "--store", url, "list", "--member", team.bob, "--json")
    assert code == 0, err
    assert [row["id"] for row in json.loads(out)] == [team.sessions[team.bob]]
    code, out, err = cli("history", "--store", url, "search", "budget", "--json")
    outputs.append(out + err)
    assert code == 0, err
    assert {(hit["session_id"], hit["owner"]) for hit in json.loads(out)} == {
        (team.sessions[team.ana], team.ana),
        (team.sessions[team.bob], team.bob),
    }
    code, out, err = cli(
        "history", "--store", url, "search", "budget", "--member", team.ana, "--json"
    )
    assert code == 0, err
    hits = json.loads(out)
    assert hits and {hit["session_id"] for hit in hits} == {team.sessions[team.ana]}
    assert "[budget]" in hits[0]["snippet"]

    code, out, err = cli("history", "--store", url, "show", team.sessions[team.bob])
    outputs.append(out + err)
    assert code == 0, err
    assert "the quarterly budget of bob" in out and "Noted." in out
    code, out, err = cli("history", "--store", url, "verify")
    outputs.append(out + err)
    assert code == 0, err
    assert out.count("ok ") == 2 and "2 conversations verified" in err

    # Costs per member and model, at the default prices (gpt-4o: $2.50 in, $10 out per Mtok).
    code, out, err = cli("history", "--store", url, "costs", "--json")
    outputs.append(out + err)
    assert code == 0, err
    costs = json.loads(out)
    by_member = {row["member"]: row for row in costs["rows"]}
    assert by_member[team.ana]["model"] == "gpt-4o"
    assert (by_member[team.ana]["input_tokens"], by_member[team.ana]["output_tokens"]) == (
        1000,
        2000,
    )
    assert by_member[team.ana]["cost"] == "0.0225"
    assert by_member[team.bob]["input_tokens"] == 10
    assert costs["members"][team.bob]["turns"] == 1
    assert set(costs["models"]) == {"p/gpt-4o", "p/gpt-4o-mini"}
    code, out, err = cli("history", "--store", url, "costs", "--member", team.bob)
    outputs.append(out + err)
    assert code == 0, err
    assert team.bob in out and team.ana not in out and "per member:" in out
    code, out, err = cli("history", "--store", url, "costs", "--since", "2999-01-01")
    assert code == 0 and "no finished turns match" in err

    # Each listed conversation's cost, and "cost at least", priced here from the store's turns.
    code, out, err = cli("history", "--store", url, "list", "--min-cost", "0.01", "--json")
    outputs.append(out + err)
    assert code == 0, err
    assert [(row["id"], row["owner"], row["cost"]) for row in json.loads(out)] == [
        (team.sessions[team.ana], team.ana, {"USD": "0.0225"})
    ]
    code, out, err = cli(
        "history", "--store", url, "list", "--min-cost", "0", "--member", team.bob
    )  # fmt: skip
    assert code == 0, err
    assert team.sessions[team.bob] in out and "<$0.0001" in out and team.ana not in out

    # An operator reads and writes nothing: the database refuses the delete.
    code, out, err = cli("history", "--store", url, "delete", team.sessions[team.ana], "--yes")
    outputs.append(out + err)
    assert code == 1 and "nothing was deleted" in err
    assert team.passwords[team.operator] not in "".join(outputs)


def test_a_member_sees_only_their_own_with_the_password_from_the_keyring(team: Team, cli) -> None:
    url = team.url(team.bob)
    keyring.set_password("parley", "team:" + url, team.passwords[team.bob])
    code, out, err = cli("history", "--store", url, "list", "--json")
    assert code == 0, err
    assert [(row["id"], row["owner"]) for row in json.loads(out)] == [
        (team.sessions[team.bob], team.bob)
    ]
    code, out, err = cli("history", "--store", url, "search", "budget", "--json")
    assert code == 0, err
    assert {hit["session_id"] for hit in json.loads(out)} == {team.sessions[team.bob]}
    code, out, err = cli("history", "--store", url, "show", team.sessions[team.ana])
    assert code == 2 and "no conversation" in err  # row-level security: not even its existence
    code, out, err = cli("history", "--store", url, "costs", "--json")
    assert code == 0, err
    assert {row["member"] for row in json.loads(out)["rows"]} == {team.bob}
    assert team.passwords[team.bob] not in out + err


def test_an_export_from_the_team_store_imports_on_a_desktop_with_the_same_events(
    team: Team, cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PGPASSWORD", team.passwords[team.operator])
    url, session = team.url(team.operator), team.sessions[team.ana]
    target = tmp_path / "ana.json"
    code, _out, err = cli("history", "--store", url, "export", session, "-o", str(target))
    assert code == 0, err
    exported = json.loads(target.read_text())
    monkeypatch.delenv("PGPASSWORD")
    code, out, err = cli("history", "import", str(target))
    assert code == 0, err
    assert out.startswith("imported")
    code, out, err = cli("history", "export", session)
    assert code == 0, err
    again = json.loads(out)

    def events(document: dict) -> list:
        return [
            {k: v for k, v in event.items() if k not in ("id", "prev_hash", "hash")}
            for event in document["events"]
        ]

    assert again["session"]["title"] == exported["session"]["title"] == "Ana's budget"
    assert events(again) == events(exported) and len(events(again)) == 4
    assert cli("history", "verify", session)[0] == 0


def test_writes_on_the_team_store_are_the_databases_business(
    team: Team, cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = team.url(team.ana)
    monkeypatch.setenv("PGPASSWORD", team.passwords[team.ana])
    target = tmp_path / "x.json"
    target.write_text("[]")
    code, _out, err = cli("history", "--store", url, "import", str(target))
    assert code == 2 and "import on a desktop" in err
    code, _out, err = cli("history", "list", "--member", team.ana)
    assert code == 2 and "--store" in err
    code, _out, err = cli("history", "costs")
    assert code == 2 and "--store" in err
    code, _out, err = cli("history", "--store", "postgresql://127.0.0.1/db", "list")
    assert code == 2 and "name the member" in err

    # A legal hold refuses the owner's delete, in the database; without one the owner may.
    session = team.sessions[team.ana]
    place_legal_hold(team.admin_dsn, member=team.ana, reason="audit")
    code, _out, err = cli("history", "--store", url, "delete", session, "--yes")
    assert code == 1 and "legal hold" in err and "nothing was deleted" in err
    with PostgresEventStore(
        team.cluster.dsn(team.bob, team.passwords[team.bob], team.database), device_id="d"
    ) as store:
        extra = write_conversation(store, "Bob's other", "more", "gpt-4o", Usage(1, 1))
    monkeypatch.setenv("PGPASSWORD", team.passwords[team.bob])
    code, _out, err = cli("history", "--store", team.url(team.bob), "delete", extra, "--yes")
    assert code == 0 and "deleted" in err
    code, out, _err = cli("history", "--store", team.url(team.bob), "list", "--json")
    assert [row["id"] for row in json.loads(out)] == [team.sessions[team.bob]]


def test_a_wrong_password_fails_with_a_hint_and_is_not_printed(
    team: Team, cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PGPASSWORD", "not-the-password-" + team.passwords[team.ana])
    code, out, err = cli("history", "--store", team.url(team.ana), "list")
    assert code == 1 and out == ""
    assert "check the address, the server, and the password" in err
    assert "refused the login: password authentication failed" in err, err
    assert team.passwords[team.ana] not in err

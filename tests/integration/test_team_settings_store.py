"""The team store's settings in ``settings.json`` (issue 19): kept without a password, refused
with one, absent by default, and a bad value makes the file unreadable rather than guessed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parley.application.ports.settings_store import SettingsError, TeamSettings
from parley.infrastructure.config.json_settings_store import JsonSettingsStore


def test_no_team_until_one_is_saved_and_then_it_round_trips(tmp_path: Path) -> None:
    store = JsonSettingsStore(tmp_path)
    assert store.team() == TeamSettings()
    team = TeamSettings(
        "postgresql://ana@db.example.org:5432/parley?sslmode=verify-full", interval_s=120
    )
    store.set_team(team)
    assert JsonSettingsStore(tmp_path).team() == team
    assert team.member == "ana"
    written = json.loads((tmp_path / "settings.json").read_text())
    assert written["team"] == {
        "url": "postgresql://ana@db.example.org:5432/parley?sslmode=verify-full",
        "enabled": True,
        "interval_s": 120,
    }
    store.set_team(TeamSettings())
    assert "team" not in json.loads((tmp_path / "settings.json").read_text())


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("postgresql://ana:s3cret@db/parley", "must not carry a password"),
        ("postgresql://ana@db/parley?password=s3cret", "must not carry a password"),
        ("mysql://ana@db/parley", "must start with postgresql://"),
        ("postgresql://db/parley", "must name the member"),
        ("postgresql://ana@db", "must name the database"),
    ],
)
def test_an_address_that_cannot_be_used_is_refused(url: str, problem: str) -> None:
    with pytest.raises(SettingsError, match=problem):
        TeamSettings(url)


def test_a_password_written_into_the_file_by_hand_makes_it_unreadable(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(
        json.dumps({"version": 1, "team": {"url": "postgresql://ana:pw@db/parley"}})
    )
    with pytest.raises(SettingsError, match="password"):
        JsonSettingsStore(tmp_path).team()
    (tmp_path / "settings.json").write_text(
        json.dumps({"version": 1, "team": {"url": "", "interval_s": 1}})
    )
    with pytest.raises(SettingsError, match="interval_s"):
        JsonSettingsStore(tmp_path).team()

"""Projects and the price table in the JSON settings store, on real files: round trips, the file
format, validation, and files written before either existed."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from parley.application.ports.settings_store import (
    ProjectConfig,
    ProjectNameTaken,
    ProviderConfig,
    SettingsError,
    UnknownProject,
)
from parley.domain.usage.pricing import DEFAULT_PRICES, ModelPrice
from parley.infrastructure.config.json_settings_store import JsonSettingsStore

WEB = ProjectConfig(
    id="p1",
    name="Website",
    workspace="/home/me/site",
    instructions="Use British spelling.\nKeep answers short.",
    provider_id="openai",
    model="gpt-4o",
    gate_mode="confirm",
    tools="read",
)
NOTES = ProjectConfig(id="p2", name="Notes")
OLD_FILE = {
    "version": 1,
    "default_provider": "local",
    "providers": [{"name": "local", "kind": "openai", "base_url": "http://127.0.0.1:1234/v1"}],
}


@pytest.fixture
def store(tmp_path: Path) -> JsonSettingsStore:
    return JsonSettingsStore(tmp_path / "config")


def write_raw(store: JsonSettingsStore, data: dict) -> None:
    store.config_dir.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(data), encoding="utf-8")


def read_raw(store: JsonSettingsStore) -> dict:
    return json.loads(store.path.read_text(encoding="utf-8"))


# -- projects --------------------------------------------------------------------------------------


def test_projects_round_trip_in_order(store: JsonSettingsStore) -> None:
    assert store.projects() == []
    store.save_project(WEB)
    store.save_project(NOTES)
    assert store.projects() == [WEB, NOTES]
    reopened = JsonSettingsStore(store.config_dir)
    assert reopened.projects() == [WEB, NOTES]
    assert reopened.project("p2") == NOTES
    assert read_raw(store)["projects"][0] == {
        "id": "p1",
        "name": "Website",
        "workspace": "/home/me/site",
        "instructions": "Use British spelling.\nKeep answers short.",
        "provider_id": "openai",
        "model": "gpt-4o",
        "gate_mode": "confirm",
        "tools": "read",
    }


def test_saving_an_existing_id_replaces_it_in_place(store: JsonSettingsStore) -> None:
    store.save_project(WEB)
    store.save_project(NOTES)
    renamed = ProjectConfig(id="p1", name="Site", tools="none")
    store.save_project(renamed)
    assert store.projects() == [renamed, NOTES]


def test_names_are_unique_ignoring_case(store: JsonSettingsStore) -> None:
    store.save_project(WEB)
    with pytest.raises(ProjectNameTaken, match="another project is named 'Website'"):
        store.save_project(ProjectConfig(id="p9", name="WEBSITE"))
    assert isinstance(ProjectNameTaken("x"), SettingsError)
    store.save_project(ProjectConfig(id="p1", name="website"))  # its own name, other case
    assert store.project("p1").name == "website"


def test_remove_project_and_unknown_ids(store: JsonSettingsStore) -> None:
    store.save_project(WEB)
    store.save_project(NOTES)
    store.remove_project("p1")
    assert store.projects() == [NOTES]
    with pytest.raises(UnknownProject, match=r"no project with id 'p1'; projects: Notes \(p2\)"):
        store.project("p1")
    with pytest.raises(UnknownProject):
        store.remove_project("p1")
    store.remove_project("p2")
    assert "projects" not in read_raw(store)  # none left: the key is not written


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"id": " "}, "needs an id"),
        ({"name": "  "}, "needs a name"),
        ({"name": "x" * 81}, "at most 80"),
        ({"gate_mode": "never"}, "gate mode must be one of auto, confirm"),
        ({"tools": "write"}, "tools must be one of none, read, all"),
        ({"tools": ["all"]}, "tools must be text"),
        ({"workspace": None}, "workspace must be text"),
    ],
)
def test_invalid_projects_are_refused(changes: dict, message: str) -> None:
    fields = {"id": "p", "name": "n", **changes}
    with pytest.raises(SettingsError, match=message):
        ProjectConfig(**fields)


def test_a_name_of_80_characters_is_fine(store: JsonSettingsStore) -> None:
    store.save_project(ProjectConfig(id="p", name="x" * 80))
    assert store.project("p").name == "x" * 80


# -- prices ----------------------------------------------------------------------------------------


def test_no_saved_table_means_the_defaults(store: JsonSettingsStore) -> None:
    assert store.prices() == list(DEFAULT_PRICES)
    write_raw(store, OLD_FILE)
    assert store.prices() == list(DEFAULT_PRICES)


def test_prices_round_trip_as_strings(store: JsonSettingsStore) -> None:
    rows = [
        ModelPrice("gpt-4o*", Decimal("2.50"), Decimal("10.00")),
        ModelPrice("*", Decimal("0"), Decimal("0"), provider="ollama"),
        ModelPrice("mistral-large", Decimal("1.8"), Decimal("5.4"), currency="EUR"),
    ]
    store.set_prices(rows)
    assert JsonSettingsStore(store.config_dir).prices() == rows
    assert read_raw(store)["prices"][0] == {
        "model_pattern": "gpt-4o*",
        "provider": "",
        "input_per_mtok": "2.50",
        "output_per_mtok": "10.00",
        "currency": "USD",
    }
    assert str(store.prices()[0].output_per_mtok) == "10.00"  # trailing zeros kept


def test_an_empty_saved_table_stays_empty(store: JsonSettingsStore) -> None:
    store.set_prices([])
    assert store.prices() == []
    assert read_raw(store)["prices"] == []


def test_duplicate_rows_are_refused(store: JsonSettingsStore) -> None:
    row = ModelPrice("gpt-4o", Decimal(1), Decimal(2))
    with pytest.raises(SettingsError, match="'GPT-4o' is listed twice"):
        store.set_prices([row, ModelPrice("GPT-4o", Decimal(3), Decimal(4))])
    store.set_prices([row, ModelPrice("gpt-4o", Decimal(3), Decimal(4), provider="azure")])
    assert len(store.prices()) == 2


def test_a_hand_typed_number_is_read_through_its_decimal_form(store: JsonSettingsStore) -> None:
    write_raw(
        store,
        {
            "version": 1,
            "prices": [{"model_pattern": "m", "input_per_mtok": 0.1, "output_per_mtok": 3}],
        },
    )
    [row] = store.prices()
    assert (row.input_per_mtok, row.output_per_mtok) == (Decimal("0.1"), Decimal(3))


@pytest.mark.parametrize(
    ("prices", "message"),
    [
        ({"model_pattern": "m", "input_per_mtok": "abc", "output_per_mtok": "1"}, "not a number"),
        ({"model_pattern": "m", "input_per_mtok": "-1", "output_per_mtok": "1"}, "negative"),
        ({"model_pattern": "m", "input_per_mtok": "1"}, "missing output_per_mtok"),
        (
            {"model_pattern": "m", "input_per_mtok": "1", "output_per_mtok": "1", "cached": "1"},
            "unknown field(s) cached",
        ),
        ("gpt-4o", "prices[0] must be an object"),
    ],
)
def test_bad_price_rows_in_the_file_are_errors(
    store: JsonSettingsStore, prices: object, message: str
) -> None:
    write_raw(store, {"version": 1, "prices": [prices]})
    with pytest.raises(SettingsError) as info:
        store.prices()
    assert message in str(info.value)
    assert str(store.path) in str(info.value)


# -- the file as a whole ---------------------------------------------------------------------------


def test_an_old_file_loads_and_keeps_its_providers_through_changes(
    store: JsonSettingsStore,
) -> None:
    write_raw(store, OLD_FILE)
    assert store.projects() == []
    store.save_project(NOTES)
    store.set_prices([ModelPrice("m", Decimal(1), Decimal(2))])
    data = read_raw(store)
    assert data["providers"] == [
        {
            "name": "local",
            "kind": "openai",
            "base_url": "http://127.0.0.1:1234/v1",
            "api_key_env": "",
            "default_model": "",
            "models": [],
            "preset": "",
        }
    ]
    assert data["default_provider"] == "local"
    assert set(data) == {"version", "default_provider", "providers", "projects", "prices"}


def test_provider_changes_keep_projects_and_prices(store: JsonSettingsStore) -> None:
    store.save_project(WEB)
    store.set_prices([])
    store.add_provider(ProviderConfig(name="x", kind="openai", base_url="http://h"))
    store.remove_provider("x")
    assert store.projects() == [WEB]
    assert store.prices() == []


def test_a_file_without_projects_or_prices_is_written_as_before(store: JsonSettingsStore) -> None:
    store.add_provider(ProviderConfig(name="x", kind="openai", base_url="http://h"))
    assert set(read_raw(store)) == {"version", "default_provider", "providers"}


@pytest.mark.parametrize(
    ("projects", "message"),
    [
        ("nope", "'projects' must be a list"),
        ([{"id": "a"}], "is missing name"),
        ([{"id": "a", "name": "A", "api_key": "sk-x"}], "API keys are never stored"),
        ([{"id": "a", "name": "A"}, {"id": "a", "name": "B"}], "id 'a' appears more than once"),
        ([{"id": "a", "name": "A"}, {"id": "b", "name": "a"}], "name 'a' appears more than once"),
        ([{"id": "a", "name": "A", "gate_mode": "yolo"}], "gate mode must be one of"),
    ],
)
def test_bad_projects_in_the_file_are_errors_and_the_file_is_kept(
    store: JsonSettingsStore, projects: object, message: str
) -> None:
    write_raw(store, {"version": 1, "projects": projects})
    before = store.path.read_bytes()
    with pytest.raises(SettingsError) as info:
        store.projects()
    assert message in str(info.value)
    with pytest.raises(SettingsError):
        store.save_project(NOTES)
    assert store.path.read_bytes() == before

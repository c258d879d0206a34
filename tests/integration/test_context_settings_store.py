"""The JSON settings store's ``context`` object and projects' ``knowledge_folder`` (issue 18),
against real files: defaults while nothing is saved, a round trip, written only when not the
defaults (or set), unknown fields and invalid values refused, the file left alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parley.application.ports.settings_store import (
    ContextSettings,
    NetworkSettings,
    ProjectConfig,
    SettingsError,
)
from parley.infrastructure.config.json_settings_store import JsonSettingsStore


@pytest.fixture
def store(tmp_path: Path) -> JsonSettingsStore:
    return JsonSettingsStore(tmp_path / "config")


def read_raw(store: JsonSettingsStore) -> dict:
    return json.loads(store.path.read_text(encoding="utf-8"))


def write_raw(store: JsonSettingsStore, data: dict) -> None:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(data), encoding="utf-8")


CHOSEN = ContextSettings(
    compaction_threshold=0.65,
    compaction_provider_id="local",
    compaction_model="small-model",
    embedding_provider_id="ollama",
    embedding_model="nomic-embed-text",
    excerpts=12,
)


def test_no_file_and_no_context_object_mean_the_defaults(store: JsonSettingsStore) -> None:
    assert store.context() == ContextSettings()
    store.set_network(NetworkSettings(max_attempts=2))
    assert "context" not in read_raw(store)
    assert store.context() == ContextSettings()


def test_context_round_trips_and_is_written_as_its_fields(store: JsonSettingsStore) -> None:
    store.set_context(CHOSEN)
    assert store.context() == CHOSEN
    assert read_raw(store)["context"] == {
        "compaction_threshold": 0.65,
        "compaction_provider_id": "local",
        "compaction_model": "small-model",
        "embedding_provider_id": "ollama",
        "embedding_model": "nomic-embed-text",
        "excerpts": 12,
    }
    # A fresh store over the same file reads the same values.
    assert JsonSettingsStore(store.path.parent).context() == CHOSEN


def test_back_to_the_defaults_removes_the_object(store: JsonSettingsStore) -> None:
    store.set_context(CHOSEN)
    store.set_context(ContextSettings())
    assert "context" not in read_raw(store)
    assert store.context() == ContextSettings()


def test_other_changes_keep_the_context(store: JsonSettingsStore) -> None:
    store.set_context(CHOSEN)
    store.save_project(ProjectConfig(id="p1", name="Docs"))
    store.set_network(NetworkSettings(max_attempts=3))
    assert store.context() == CHOSEN


def test_a_partial_context_object_takes_the_defaults_for_the_rest(
    store: JsonSettingsStore,
) -> None:
    write_raw(store, {"version": 1, "default_provider": None, "providers": [],
                      "context": {"excerpts": 3, "compaction_threshold": 1}})  # fmt: skip
    assert store.context() == ContextSettings(excerpts=3, compaction_threshold=1)


@pytest.mark.parametrize(
    ("context", "message"),
    [
        ({"excerpts": 3, "api_key": "x"}, "unknown field(s) api_key"),
        ({"compaction_threshold": 0.05}, "compaction_threshold"),
        ({"compaction_threshold": "0.8"}, "compaction_threshold"),
        ({"excerpts": 51}, "excerpts"),
        ({"excerpts": True}, "excerpts"),
        ({"embedding_model": "nomic"}, "both its provider and its name"),
        ([1, 2], "'context' must be an object"),
    ],
)
def test_a_bad_context_in_the_file_is_refused_and_the_file_left_alone(
    store: JsonSettingsStore, context: object, message: str
) -> None:
    write_raw(store, {"version": 1, "default_provider": None, "providers": [],
                      "context": context})  # fmt: skip
    before = store.path.read_bytes()
    with pytest.raises(SettingsError, match="invalid") as caught:
        store.context()
    assert message in str(caught.value)
    with pytest.raises(SettingsError):
        store.set_context(ContextSettings(excerpts=4))
    assert store.path.read_bytes() == before


def test_set_context_refuses_what_is_not_context_settings(store: JsonSettingsStore) -> None:
    with pytest.raises(SettingsError, match="ContextSettings"):
        store.set_context({"excerpts": 3})  # type: ignore[arg-type]
    assert not store.path.exists()


def test_a_knowledge_folder_is_saved_read_and_written_only_when_set(
    store: JsonSettingsStore, tmp_path: Path
) -> None:
    folder = str(tmp_path / "knowledge")
    store.save_project(ProjectConfig(id="p1", name="Plain"))
    store.save_project(ProjectConfig(id="p2", name="Docs", knowledge_folder=folder))
    raw = read_raw(store)["projects"]
    assert "knowledge_folder" not in raw[0]
    assert raw[1]["knowledge_folder"] == folder
    again = JsonSettingsStore(store.path.parent)
    assert again.project("p1").knowledge_folder == ""
    assert again.project("p2").knowledge_folder == folder
    # Cleared: the field leaves the file again.
    store.save_project(ProjectConfig(id="p2", name="Docs"))
    assert "knowledge_folder" not in read_raw(store)["projects"][1]


def test_a_knowledge_folder_that_is_not_text_makes_the_file_invalid(
    store: JsonSettingsStore,
) -> None:
    project = {"id": "p1", "name": "Docs", "knowledge_folder": 3}
    write_raw(store, {"version": 1, "default_provider": None, "providers": [],
                      "projects": [project]})  # fmt: skip
    with pytest.raises(SettingsError, match="knowledge_folder must be text"):
        store.projects()

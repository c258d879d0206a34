"""The context-window table in the real JSON settings store, in a temporary folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parley.application.ports.settings_store import ProviderConfig, SettingsError
from parley.domain.usage.context_windows import DEFAULT_WINDOWS, ModelWindow
from parley.infrastructure.config.json_settings_store import JsonSettingsStore

LOCAL = ProviderConfig(name="home", kind="ollama", base_url="http://127.0.0.1:11434")


@pytest.fixture
def store(tmp_path: Path) -> JsonSettingsStore:
    return JsonSettingsStore(tmp_path / "config")


def raw(store: JsonSettingsStore) -> dict:
    return json.loads(store.path.read_text(encoding="utf-8"))


def write(store: JsonSettingsStore, document: dict) -> None:
    store.config_dir.mkdir(parents=True, exist_ok=True)
    store.path.write_text(json.dumps(document), encoding="utf-8")


def test_the_defaults_until_a_table_is_saved(store: JsonSettingsStore) -> None:
    assert store.context_windows() == list(DEFAULT_WINDOWS)
    store.add_provider(LOCAL)
    assert "context_windows" not in raw(store)  # other saves do not freeze the defaults
    assert store.context_windows() == list(DEFAULT_WINDOWS)


def test_a_saved_table_replaces_the_defaults_and_round_trips(store: JsonSettingsStore) -> None:
    rows = [
        ModelWindow("llama3.2*", 16_384, 2_048, provider="home"),
        ModelWindow("my-model", 32_000),
    ]
    store.set_context_windows(rows)
    assert JsonSettingsStore(store.config_dir).context_windows() == rows
    assert raw(store)["context_windows"] == [
        {
            "model_pattern": "llama3.2*",
            "provider": "home",
            "context_tokens": 16384,
            "max_output_tokens": 2048,
        },
        {
            "model_pattern": "my-model",
            "provider": "",
            "context_tokens": 32000,
            "max_output_tokens": 0,
        },
    ]
    store.add_provider(LOCAL)  # another change keeps the table
    assert store.context_windows() == rows


def test_an_empty_table_stays_empty(store: JsonSettingsStore) -> None:
    store.set_context_windows([])
    assert store.context_windows() == []
    assert raw(store)["context_windows"] == []


def test_two_rows_for_one_pattern_and_provider_are_refused(store: JsonSettingsStore) -> None:
    with pytest.raises(SettingsError, match="'GPT-X' is listed twice"):
        store.set_context_windows([ModelWindow("gpt-x", 8_192), ModelWindow("GPT-X", 16_384)])
    assert not store.path.exists()
    # The same pattern for two providers is fine.
    store.set_context_windows(
        [ModelWindow("gpt-x", 8_192), ModelWindow("gpt-x", 16_384, provider="home")]
    )
    assert len(store.context_windows()) == 2


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"model_pattern": "gpt-9*", "context_tokens": "lots"},
            r"context_windows\[1\] \('gpt-9\*'\): gpt-9\*: context_tokens must be a whole number",
        ),
        (
            {"model_pattern": "gpt-9*", "context_tokens": 100},
            r"context_windows\[1\] \('gpt-9\*'\): .*too small",
        ),
        (
            {"model_pattern": "gpt-9*", "context_tokens": 8192, "max_output_tokens": 9000},
            r"context_windows\[1\] \('gpt-9\*'\): .*output limit",
        ),
        ({"model_pattern": "gpt-9*"}, r"context_windows\[1\] \('gpt-9\*'\) is missing context"),
        (
            {"model_pattern": "gpt-9*", "context_tokens": 8192, "window": 1},
            r"context_windows\[1\] \('gpt-9\*'\) has unknown field\(s\) window",
        ),
        ("gpt-9*", r"context_windows\[1\] must be an object"),
    ],
)
def test_a_bad_row_is_refused_naming_it_and_the_file_is_left_alone(
    store: JsonSettingsStore, entry: object, message: str
) -> None:
    good = {"model_pattern": "mine", "provider": "", "context_tokens": 65536}
    document = {
        "version": 1,
        "default_provider": None,
        "providers": [],
        "context_windows": [good, entry],
    }
    write(store, document)
    before = store.path.read_bytes()
    with pytest.raises(SettingsError, match=message):
        store.context_windows()
    # Nothing is written over it: the good row (and the rest of the file) is not lost.
    with pytest.raises(SettingsError):
        store.add_provider(LOCAL)
    with pytest.raises(SettingsError):
        store.set_context_windows([ModelWindow("other", 8_192)])
    assert store.path.read_bytes() == before
    # Mended by hand, every row is back.
    document["context_windows"] = [good]
    write(store, document)
    assert store.context_windows() == [ModelWindow("mine", 65_536)]


def test_context_windows_must_be_a_list(store: JsonSettingsStore) -> None:
    write(store, {"version": 1, "providers": [], "context_windows": {"gpt": 1}})
    with pytest.raises(SettingsError, match="'context_windows' must be a list"):
        store.context_windows()


def test_duplicates_in_the_file_are_refused(store: JsonSettingsStore) -> None:
    rows = [{"model_pattern": "a", "context_tokens": 4096}] * 2
    write(store, {"version": 1, "providers": [], "context_windows": rows})
    with pytest.raises(SettingsError, match="'context_windows': the context window of 'a'"):
        store.context_windows()

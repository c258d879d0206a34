"""The JSON settings store against real files: providers, default, validation, presets, atomic
writes, and refusing files it cannot trust (corrupt, unknown fields, a newer version)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from parley.application.ports.settings_store import (
    PROVIDER_KINDS,
    ProviderConfig,
    SettingsError,
    UnknownProvider,
)
from parley.infrastructure.config.json_settings_store import JsonSettingsStore

OPENAI = ProviderConfig(
    name="openai",
    kind="openai",
    base_url="https://api.openai.com/v1",
    api_key_env="OPENAI_API_KEY",
    default_model="gpt-4o-mini",
    models=("gpt-4o-mini", "gpt-4o"),
)
LOCAL = ProviderConfig(name="lm-studio.local_1", kind="openai", base_url="http://127.0.0.1:1234/v1")


@pytest.fixture
def store(tmp_path: Path) -> JsonSettingsStore:
    return JsonSettingsStore(tmp_path / "config")


def read_file(store: JsonSettingsStore) -> dict:
    return json.loads(store.path.read_text(encoding="utf-8"))


def test_missing_file_is_empty_settings_and_is_not_created(store: JsonSettingsStore) -> None:
    assert store.providers() == []
    assert store.default_provider() is None
    with pytest.raises(UnknownProvider, match="none is configured"):
        store.provider("openai")
    assert not store.config_dir.exists()


def test_first_provider_becomes_default_and_order_is_kept(store: JsonSettingsStore) -> None:
    store.add_provider(OPENAI)
    store.add_provider(LOCAL)
    assert store.providers() == [OPENAI, LOCAL]
    assert store.default_provider() == OPENAI
    assert store.provider(LOCAL.name) == LOCAL
    store.set_default_provider(LOCAL.name)
    assert store.default_provider() == LOCAL
    reopened = JsonSettingsStore(store.config_dir)
    assert reopened.providers() == [OPENAI, LOCAL]
    assert reopened.default_provider() == LOCAL


def test_file_format(store: JsonSettingsStore) -> None:
    store.add_provider(OPENAI)
    assert read_file(store) == {
        "version": 1,
        "default_provider": "openai",
        "providers": [
            {
                "name": "openai",
                "kind": "openai",
                "base_url": "https://api.openai.com/v1",
                "api_key_env": "OPENAI_API_KEY",
                "default_model": "gpt-4o-mini",
                "models": ["gpt-4o-mini", "gpt-4o"],
                "preset": "",
            }
        ],
    }


def test_duplicate_name_needs_replace_which_keeps_the_place(store: JsonSettingsStore) -> None:
    store.add_provider(OPENAI)
    store.add_provider(LOCAL)
    changed = ProviderConfig(name="openai", kind="openai", base_url="https://example.org/v1")
    with pytest.raises(SettingsError, match="exists already"):
        store.add_provider(changed)
    assert store.provider("openai") == OPENAI
    store.add_provider(changed, replace=True)
    assert store.providers() == [changed, LOCAL]
    assert store.default_provider() == changed


def test_models_given_as_a_list_are_stored_as_a_tuple(store: JsonSettingsStore) -> None:
    store.add_provider(
        ProviderConfig(name="x", kind="openai", base_url="http://h", models=["a", "b"])  # type: ignore[arg-type]
    )
    assert store.provider("x").models == ("a", "b")


def test_unknown_provider_errors_name_the_configured_ones(store: JsonSettingsStore) -> None:
    store.add_provider(OPENAI)
    for action in (store.provider, store.set_default_provider, store.remove_provider):
        with pytest.raises(UnknownProvider, match=r"'nope'.*configured: openai"):
            action("nope")
    assert store.providers() == [OPENAI]
    assert store.default_provider() == OPENAI


def test_remove_provider_and_the_default(store: JsonSettingsStore) -> None:
    store.add_provider(OPENAI)
    store.add_provider(LOCAL)
    store.remove_provider(LOCAL.name)
    assert store.providers() == [OPENAI]
    assert store.default_provider() == OPENAI
    store.add_provider(LOCAL)
    store.remove_provider(OPENAI.name)  # the default: no silent switch to another provider
    assert store.providers() == [LOCAL]
    assert store.default_provider() is None
    assert read_file(store)["default_provider"] is None
    store.add_provider(OPENAI)  # adding while there is no default sets it
    assert store.default_provider() == OPENAI


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"name": ""}, "needs a name"),
        ({"name": "has space"}, "only letters, digits"),
        ({"name": "a/b"}, "only letters, digits"),
        (
            {"kind": "anthropic-ish"},
            "unknown kind 'anthropic-ish'; allowed kinds: openai, anthropic, ollama, gemini",
        ),
        ({"base_url": ""}, "base URL is required"),
        ({"base_url": "ftp://example.org"}, "http:// or https://"),
        ({"base_url": "api.openai.com/v1"}, "http:// or https://"),
        ({"base_url": "https:///v1"}, "name a host"),
        ({"base_url": "https://user:sk-secret@example.org/v1"}, "user name or password"),
        ({"base_url": "https://example.org/v1?key=abc"}, "query or fragment"),
        ({"base_url": "https://example.org:99999/v1"}, "malformed"),
        ({"base_url": "http://127.0.0.1:/v1"}, "empty port"),
        ({"api_key_env": "1ABC"}, "not a valid environment variable name"),
        ({"api_key_env": "MY-KEY"}, "not a valid environment variable name"),
        ({"api_key_env": "sk-proj-abcdefghijklmnopqrstuvwxyz012345"}, "looks like an API key"),
        ({"api_key_env": "gsk_abcdefghijklmnopqrstuvwxyz012345"}, "looks like an API key"),
        ({"models": ("ok", "")}, "non-empty name"),
        ({"preset": "nope"}, "unknown preset 'nope'; known presets: openai, openrouter"),
        ({"preset": "anthropic"}, "preset 'anthropic' speaks kind 'anthropic', not 'openai'"),
        ({"preset": "ollama"}, "use the preset 'ollama-openai'"),
        ({"preset": 3}, "preset must be text"),
    ],
)
def test_invalid_providers_are_refused_with_a_clear_message(
    store: JsonSettingsStore, changes: dict, message: str
) -> None:
    fields = {"name": "p", "kind": "openai", "base_url": "https://example.org/v1", **changes}
    with pytest.raises(SettingsError) as info:
        store.add_provider(ProviderConfig(**fields))
    assert message in str(info.value)
    assert not store.path.exists()


def test_the_kind_message_lists_every_allowed_kind(store: JsonSettingsStore) -> None:
    with pytest.raises(SettingsError) as info:
        store.add_provider(ProviderConfig(name="p", kind="nope", base_url="http://h"))
    assert all(kind in str(info.value) for kind in PROVIDER_KINDS)


def test_writes_are_atomic_and_leave_no_temporary_file(store: JsonSettingsStore) -> None:
    store.add_provider(OPENAI)
    before = store.path.read_bytes()
    with open(store.path, "rb") as old:  # held open: a rewrite in place would show through it
        store.add_provider(LOCAL)
        store.set_default_provider(LOCAL.name)
        assert old.read() == before
    assert store.path.read_bytes() != before
    assert sorted(p.name for p in store.config_dir.iterdir()) == ["settings.json"]


def test_a_failed_write_keeps_the_old_file_and_cleans_up(store: JsonSettingsStore, monkeypatch):
    store.add_provider(OPENAI)
    before = store.path.read_bytes()

    def refuse(*_args, **_kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(SettingsError, match="disk full"):
        store.add_provider(LOCAL)
    assert store.path.read_bytes() == before
    assert sorted(p.name for p in store.config_dir.iterdir()) == ["settings.json"]


CORRUPT_FILES = {
    "not json": ('{"version": 1, "providers": [', "is not valid JSON"),
    "not utf-8": (b'{"version": 1, "default_provider": "\xff"}', "not UTF-8"),
    "not an object": ("[]", "top level must be a JSON object"),
    "newer version": ('{"version": 2, "providers": []}', "written by a newer Parley"),
    "no version": ('{"providers": []}', "'version' must be 1"),
    "dangling default": ('{"version": 1, "default_provider": "x"}', "not a configured provider"),
    "api key stored": (
        json.dumps(
            {
                "version": 1,
                "providers": [
                    {"name": "o", "kind": "openai", "base_url": "http://h", "api_key": "sk-1"}
                ],
            }
        ),
        "providers[0] ('o') has unknown field(s) api_key",
    ),
    "unknown top-level field": ('{"version": 1, "theme": "dark"}', "unknown field(s) theme"),
    "invalid provider": (
        '{"version": 1, "providers": [{"name": "o", "kind": "x", "base_url": "http://h"}]}',
        "providers[0] ('o'): provider 'o': unknown kind 'x'",
    ),
    "duplicate provider": (
        json.dumps(
            {
                "version": 1,
                "providers": [{"name": "o", "kind": "openai", "base_url": "http://h"}] * 2,
            }
        ),
        "appears more than once",
    ),
    "missing base_url": (
        '{"version": 1, "providers": [{"name": "o", "kind": "openai"}]}',
        "is missing base_url",
    ),
}


@pytest.mark.parametrize("case", sorted(CORRUPT_FILES))
def test_an_untrustworthy_file_is_refused_for_reading_and_writing_and_left_alone(
    store: JsonSettingsStore, case: str
) -> None:
    content, message = CORRUPT_FILES[case]
    store.config_dir.mkdir()
    data = content if isinstance(content, bytes) else content.encode("utf-8")
    store.path.write_bytes(data)
    reads = (store.providers, store.default_provider, lambda: store.provider("o"))
    writes = (
        lambda: store.add_provider(OPENAI),
        lambda: store.add_provider(OPENAI, replace=True),
        lambda: store.set_default_provider("o"),
        lambda: store.remove_provider("o"),
    )
    for action in (*reads, *writes):
        with pytest.raises(SettingsError) as info:
            action()
        assert not isinstance(info.value, UnknownProvider)
        assert str(store.path) in str(info.value)
        assert message in str(info.value)
    assert store.path.read_bytes() == data
    assert sorted(p.name for p in store.config_dir.iterdir()) == ["settings.json"]


def test_the_api_key_refusal_explains_where_keys_go(store: JsonSettingsStore) -> None:
    store.config_dir.mkdir()
    store.path.write_text(json.dumps(json.loads(CORRUPT_FILES["api key stored"][0])))
    with pytest.raises(SettingsError, match=r"never stored in the settings.*api_key_env"):
        store.providers()


def test_a_settings_path_that_is_a_folder_is_a_settings_error(store: JsonSettingsStore) -> None:
    store.path.mkdir(parents=True)
    with pytest.raises(SettingsError, match="cannot read settings file"):
        store.providers()


def test_optional_provider_fields_may_be_left_out_of_the_file(store: JsonSettingsStore) -> None:
    store.config_dir.mkdir()
    store.path.write_text(
        '{"version": 1, "providers": [{"name": "o", "kind": "openai", "base_url": "http://h"}]}'
    )
    assert store.providers() == [ProviderConfig(name="o", kind="openai", base_url="http://h")]
    assert store.default_provider() is None


@pytest.mark.parametrize("kind", PROVIDER_KINDS)
def test_every_kind_is_accepted(store: JsonSettingsStore, kind: str) -> None:
    config = ProviderConfig(name=f"p-{kind}", kind=kind, base_url="https://example.org/v1")
    store.add_provider(config)
    assert JsonSettingsStore(store.config_dir).provider(config.name) == config


def test_the_preset_is_kept_and_read_back(store: JsonSettingsStore) -> None:
    groq = ProviderConfig(
        name="groq",
        kind="openai",
        base_url="https://api.groq.com/openai/v1",
        api_key_env="GROQ_API_KEY",
        default_model="llama-3.3-70b-versatile",
        preset="groq",
    )
    gemini = ProviderConfig(
        name="g",
        kind="gemini",
        base_url="https://generativelanguage.googleapis.com/v1beta",
        preset="gemini",
    )
    store.add_provider(groq)
    store.add_provider(gemini)
    assert [p["preset"] for p in read_file(store)["providers"]] == ["groq", "gemini"]
    assert JsonSettingsStore(store.config_dir).providers() == [groq, gemini]


def test_a_file_without_presets_still_reads(store: JsonSettingsStore) -> None:
    store.config_dir.mkdir()
    entry = {
        "name": "openai",
        "kind": "openai",
        "base_url": "https://api.openai.com/v1",
        "api_key_env": "OPENAI_API_KEY",
        "default_model": "gpt-4o-mini",
        "models": [],
    }
    store.path.write_text(
        json.dumps({"version": 1, "default_provider": None, "providers": [entry]})
    )
    (config,) = store.providers()
    assert config.preset == ""
    store.add_provider(LOCAL)  # rewriting it adds the field
    assert read_file(store)["providers"][0] == {**entry, "preset": ""}


@pytest.mark.parametrize(
    ("preset", "message"),
    [("xai-future", "unknown preset 'xai-future'"), ("gemini", "speaks kind 'gemini'")],
)
def test_a_file_with_a_bad_preset_is_refused_and_left_alone(
    store: JsonSettingsStore, preset: str, message: str
) -> None:
    store.config_dir.mkdir()
    text = json.dumps(
        {
            "version": 1,
            "providers": [
                {"name": "o", "kind": "openai", "base_url": "http://h", "preset": preset}
            ],
        }
    )
    store.path.write_text(text)
    with pytest.raises(SettingsError, match=message):
        store.providers()
    with pytest.raises(SettingsError, match=message):
        store.add_provider(LOCAL)
    assert store.path.read_text() == text


def test_key_like_fields_are_still_refused_next_to_a_preset(store: JsonSettingsStore) -> None:
    store.config_dir.mkdir()
    store.path.write_text(
        json.dumps(
            {
                "version": 1,
                "providers": [
                    {
                        "name": "o",
                        "kind": "openai",
                        "base_url": "https://api.openai.com/v1",
                        "preset": "openai",
                        "secret": "sk-abc",
                    }
                ],
            }
        )
    )
    with pytest.raises(SettingsError, match=r"unknown field\(s\) secret.*never stored"):
        store.providers()

"""The presets table: every preset makes a valid provider entry, names are unique, local servers
need no key and remote ones name their conventional key variable."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from parley.application.ports.settings_store import PROVIDER_KINDS, ProviderConfig
from parley.infrastructure.config.json_settings_store import validate_provider
from parley.infrastructure.providers.presets import (
    PRESETS,
    Preset,
    find_preset,
    is_local_url,
    same_host,
)

LOCAL_PRESETS = {"lmstudio", "llamacpp", "vllm", "ollama-openai", "ollama"}
ISSUE_PRESETS = {
    "openai",
    "openrouter",
    "groq",
    "deepseek",
    "mistral",
    "together",
    *LOCAL_PRESETS,
    "anthropic",
    "gemini",
}


def entry_from(preset: Preset) -> ProviderConfig:
    return ProviderConfig(
        name=preset.name,
        kind=preset.kind,
        base_url=preset.base_url,
        api_key_env=preset.key_env,
        default_model=preset.default_model,
        preset=preset.name,
    )


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_every_preset_is_a_valid_provider_entry(preset: Preset) -> None:
    config = entry_from(preset)
    assert validate_provider(config) == config
    assert preset.kind in PROVIDER_KINDS
    assert preset.label


def test_names_are_unique_and_cover_the_issue() -> None:
    names = [p.name for p in PRESETS]
    assert len(names) == len(set(names))
    assert set(names) == ISSUE_PRESETS
    assert all(find_preset(name).name == name for name in names)  # type: ignore[union-attr]
    assert find_preset("nope") is None


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_local_presets_need_no_key_and_remote_ones_name_theirs(preset: Preset) -> None:
    if preset.name in LOCAL_PRESETS:
        assert preset.local
        assert not preset.needs_key
        assert preset.key_env == "" and preset.key_envs == ()
        assert urlsplit(preset.base_url).scheme == "http"
    else:
        assert not preset.local
        assert preset.needs_key
        assert preset.key_env.endswith("_API_KEY")
        assert urlsplit(preset.base_url).scheme == "https"
        assert preset.default_model  # a remote preset works without picking a model first


@pytest.mark.parametrize(
    ("name", "kind", "base_url", "key_envs"),
    [
        ("openai", "openai", "https://api.openai.com/v1", ("OPENAI_API_KEY",)),
        ("openrouter", "openai", "https://openrouter.ai/api/v1", ("OPENROUTER_API_KEY",)),
        ("groq", "openai", "https://api.groq.com/openai/v1", ("GROQ_API_KEY",)),
        ("deepseek", "openai", "https://api.deepseek.com/v1", ("DEEPSEEK_API_KEY",)),
        ("mistral", "openai", "https://api.mistral.ai/v1", ("MISTRAL_API_KEY",)),
        ("together", "openai", "https://api.together.xyz/v1", ("TOGETHER_API_KEY",)),
        ("lmstudio", "openai", "http://localhost:1234/v1", ()),
        ("llamacpp", "openai", "http://localhost:8080/v1", ()),
        ("vllm", "openai", "http://localhost:8000/v1", ()),
        ("ollama-openai", "openai", "http://localhost:11434/v1", ()),
        ("anthropic", "anthropic", "https://api.anthropic.com/v1", ("ANTHROPIC_API_KEY",)),
        ("ollama", "ollama", "http://localhost:11434", ()),
        (
            "gemini",
            "gemini",
            "https://generativelanguage.googleapis.com/v1beta",
            ("GEMINI_API_KEY", "GOOGLE_API_KEY"),
        ),
    ],
)
def test_the_table(name: str, kind: str, base_url: str, key_envs: tuple[str, ...]) -> None:
    preset = find_preset(name)
    assert preset is not None
    assert (preset.kind, preset.base_url, preset.key_envs) == (kind, base_url, key_envs)


def test_the_conventional_variable_belongs_to_the_presets_own_host_only() -> None:
    openai = find_preset("openai")
    assert openai is not None
    assert openai.key_env_for("https://api.openai.com/v1") == "OPENAI_API_KEY"
    assert openai.key_env_for("https://API.OPENAI.COM:443/v1/") == "OPENAI_API_KEY"
    assert openai.key_env_for("https://proxy.example.org/v1") == ""
    assert same_host("http://localhost:1/v1", "http://LOCALHOST:2")
    assert not same_host("", "")


@pytest.mark.parametrize(
    ("url", "local"),
    [
        ("http://localhost:1234/v1", True),
        ("http://127.0.0.1:8080", True),
        ("http://[::1]:11434", True),
        ("https://api.openai.com/v1", False),
        ("http://192.168.1.20:8000/v1", False),
        ("not a url", False),
    ],
)
def test_is_local_url(url: str, local: bool) -> None:
    assert is_local_url(url) is local

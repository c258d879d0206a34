"""The ``ProviderCatalog`` port over the presets table and the settings file's rules.

Why it exists: the window's forms and ``parley providers`` offer the presets and check an entry
before saving it; both facts live here in ``infrastructure`` (``presets.PRESETS``,
``json_settings_store.validate_provider``), and ``ui`` reaches them only through the port, wired by
the composition root. No I/O: the command line builds one before any profile is opened.
"""

from __future__ import annotations

from parley.application.ports.provider_catalog import Preset
from parley.application.ports.settings_store import ProviderConfig
from parley.infrastructure.config.json_settings_store import validate_provider
from parley.infrastructure.providers.presets import PRESETS, find_preset


class PresetCatalog:
    """``ProviderCatalog``: the built-in presets and the settings file's validation."""

    def presets(self) -> tuple[Preset, ...]:
        return PRESETS

    def find_preset(self, name: str) -> Preset | None:
        return find_preset(name)

    def validate(self, config: ProviderConfig) -> ProviderConfig:
        return validate_provider(config)

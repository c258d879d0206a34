"""Plain values the window's widgets show and emit (no Qt here).

Why it exists: the composition root (``ui.bootstrap``) hands the widgets facts such as the provider
presets, and the command line imports the composition root without loading Qt. These frozen values
are the shared vocabulary, importable from both sides.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PresetChoice:
    """What a form needs to know of a provider preset."""

    name: str
    label: str
    kind: str
    base_url: str
    key_env: str = ""
    needs_key: bool = False
    default_model: str = ""


@dataclass(frozen=True)
class ProviderDraft:
    """A provider form's content: what the user wants saved or tried. ``api_key`` "" means "keep
    (or use) the stored key"."""

    name: str
    preset: str
    kind: str
    base_url: str
    api_key_env: str
    default_model: str
    api_key: str = ""

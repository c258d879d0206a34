"""Plain values the window's widgets show and emit (no Qt here).

Why it exists: the services wired by the composition root (``ui.bootstrap``) hand the widgets
facts such as the provider presets (``Services.catalog``), and the command line uses the same
services without loading Qt. These frozen values are the shared vocabulary, importable from both
sides.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from parley.application.ports.provider_catalog import Preset


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


def preset_choices(presets: Iterable[Preset]) -> list[PresetChoice]:
    """The catalog's presets as the window's forms show them."""
    return [
        PresetChoice(
            name=p.name,
            label=p.label,
            kind=p.kind,
            base_url=p.base_url,
            key_env=p.key_env,
            needs_key=p.needs_key,
            default_model=p.default_model,
        )
        for p in presets
    ]


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

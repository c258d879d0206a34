"""What the surfaces know about providers besides running turns: presets, checks, keys, probes.

Why it exists: the window's forms and ``parley providers`` need the table of known providers
(presets), the settings' validation of an entry, where an entry's key would come from, an adapter
for an entry that is not saved yet (Settings' Test and Fetch models) and the local servers
answering on this machine. Those facts live in ``infrastructure`` (the presets table, the settings
file's rules, the keyring and the environment, HTTP); these ports let ``ui`` ask for them without
importing ``infrastructure`` — the composition root (``ui.bootstrap``) wires the adapters.

The values here (``Preset``, ``KeySource``, ``LocalServer``) are plain, frozen and standard
library only, so both sides share them.

Ports:

- ``ProviderCatalog`` — the presets and the validation of an entry. Pure data and rules, no I/O:
  the command line asks for it before any profile is opened (to list ``--preset`` choices).
- ``ProviderKeys`` — where an entry's key would come from, and an adapter for an entry that may
  not be saved yet (with a key just typed, or the one the saved entry would use).
- ``LocalServerProbe`` — the OpenAI-compatible servers answering on their default local ports.
  Blocking network I/O: call it off the UI thread.

Errors: ``ProviderCatalog.validate`` raises ``SettingsError`` naming the field; the probe never
raises for a server that does not answer (it is simply not listed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Protocol
from urllib.parse import urlsplit

from parley.application.ports.chat_provider import ChatProvider
from parley.application.ports.settings_store import ProviderConfig
from parley.domain.texts import QT_TRANSLATE_NOOP

#: How to add a provider, for messages that say none is configured.
ADD_PROVIDER_HINT = (
    "add one with: parley providers add NAME --preset PRESET (see: parley providers presets), "
    "or parley providers add NAME --kind openai --base-url URL [--default-model MODEL]"
)

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def is_local_url(url: str) -> bool:
    """Whether ``url`` points at this machine (a local server needs no API key)."""
    try:
        host = urlsplit(url).hostname or ""
    except ValueError:
        return False
    return host.lower() in LOCAL_HOSTS


def same_host(a: str, b: str) -> bool:
    """Whether two URLs name the same host (case-insensitive; ports and paths aside)."""
    try:
        host_a, host_b = urlsplit(a).hostname, urlsplit(b).hostname
    except ValueError:
        return False
    return bool(host_a) and (host_a or "").lower() == (host_b or "").lower()


@dataclass(frozen=True)
class Preset:
    """One known provider. ``key_env`` is its conventional key variable ("" for local servers);
    ``alt_key_envs`` are further conventional variables looked in after it; ``default_model`` is
    a suggestion ("" where the user's own installed models decide)."""

    name: str
    label: str
    kind: str
    base_url: str
    key_env: str = ""
    needs_key: bool = False
    default_model: str = ""
    alt_key_envs: tuple[str, ...] = ()

    @property
    def local(self) -> bool:
        return is_local_url(self.base_url)

    @property
    def key_envs(self) -> tuple[str, ...]:
        """Every conventional variable, in the order they are looked in."""
        return tuple(v for v in (self.key_env, *self.alt_key_envs) if v)

    def key_env_for(self, base_url: str) -> str:
        """The conventional key variable for an entry at ``base_url``: ``key_env`` when that is
        this preset's own host, else "" (a vendor's key is not sent to another server)."""
        return self.key_env if same_host(self.base_url, base_url) else ""


@dataclass(frozen=True)
class KeySource:
    """Where a provider's key was found (never the key itself).

    ``where`` is ``keyring``, ``env`` or ``none``; ``variable`` names the variable for ``env``;
    ``needed`` says whether the provider requires a key; ``looked`` lists the places tried, for
    messages; ``keyring_problem`` is the keyring's plain reason when it could not be used.
    """

    where: str
    variable: str = ""
    needed: bool = False
    looked: tuple[str, ...] = ()
    keyring_problem: str = ""
    env_candidates: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.where == "env":
            return _KEY_IN_ENV.format(variable=self.variable)
        return _KEY_SOURCES.get(self.where, self.where)


# Where a key was found, as Settings shows it (marked: the window translates the words).
_KEY_IN_ENV = QT_TRANSLATE_NOOP("KeySource", "env {variable}")
_KEY_SOURCES = {
    "keyring": QT_TRANSLATE_NOOP("KeySource", "keyring"),
    "none": QT_TRANSLATE_NOOP("KeySource", "none"),
}


class LocalServer(NamedTuple):
    """A local server that answered: its preset-like name, label, base URL and its models."""

    name: str
    label: str
    base_url: str
    models: list[str]


class ProviderCatalog(Protocol):
    """The known providers and the rules an entry must follow (no I/O)."""

    def presets(self) -> tuple[Preset, ...]:
        """Every preset, in the order they are offered."""
        ...

    def find_preset(self, name: str) -> Preset | None:
        """The preset called ``name``, or ``None``."""
        ...

    def validate(self, config: ProviderConfig) -> ProviderConfig:
        """``config`` as it would be saved; raises ``SettingsError`` naming what is wrong."""
        ...


class ProviderKeys(Protocol):
    """Where a provider's key comes from, and adapters for entries being set up."""

    def key_source(self, config: ProviderConfig) -> KeySource:
        """Where ``config``'s API key would come from now (keyring, env VAR or none), never
        the key itself."""
        ...

    def adapter_for(self, config: ProviderConfig, api_key: str = "") -> ChatProvider:
        """An adapter for ``config``, which may not be saved yet: with ``api_key`` if one was
        just typed (held in memory only), else the key the saved entry would use."""
        ...


class LocalServerProbe(Protocol):
    """The OpenAI-compatible servers answering on this machine's default ports."""

    def probe(self, timeout: float = 0.5) -> list[LocalServer]:
        """Blocking network I/O (one short request per known port): call it off the UI
        thread."""
        ...

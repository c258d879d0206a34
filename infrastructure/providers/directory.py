"""Build ready provider adapters from the settings, with their API keys.

Why it exists: a frozen request names a provider; this adapter of the ``ProviderDirectory`` port
looks the name up in the settings, finds the API key and builds the adapter for the entry's kind
(``openai``, ``anthropic``, ``ollama``, ``gemini``) with the network settings.

Where a key comes from, first found wins:

1. the system keyring, under the provider's name (``parley providers set-key NAME``);
2. the environment variable the entry names (``api_key_env``);
3. the conventional variable of the entry's preset (``OPENAI_API_KEY``, ``ANTHROPIC_API_KEY``,
   ``GEMINI_API_KEY`` then ``GOOGLE_API_KEY``, …) — only when the entry's host is the preset's own
   host, so a vendor's key is never sent to some other server; an entry without a preset gets the
   preset whose host it points at;
4. none. A provider that needs a key (a remote preset, an ``anthropic`` or ``gemini`` entry, or
   any entry that names a variable) and has none is a ``ProviderConfigError`` saying where Parley
   looked and how to add one. Servers on this machine (``localhost``) never need one.

An unavailable keyring (headless Linux) is skipped: the environment is then the only source, and
the missing-key message says so. Nothing ever falls back to a file.

Invariants it keeps:

- the key is read at call time and handed only to the adapter; it is never returned by anything
  but ``find_api_key``, logged, or put in a message (messages name variables, not values);
- redaction at the adapter boundary: every adapter built with a key is wrapped so that any
  ``ProviderError`` (and any other exception) leaving it has the key scrubbed from its message and
  attributes — the whole key, its base64 forms, and any run of ``REDACT_MIN_RUN`` or more of its
  characters (a provider's 401 often echoes the key's beginning). Retry notices, the recorded
  ``turn_finished.error`` and everything shown to the user are built from these messages, so none
  of them can carry the key. An exception chain that mentions the key is cut;
- adapter modules are imported when first needed, so a kind whose adapter is missing fails with a
  ``ProviderConfigError`` for that provider only;
- a resolved adapter is reused from turn to turn (so its HTTP session, and the kept-alive
  connection in it, survive the turn: no new TCP/TLS handshake per turn) only while nothing it was
  built from has changed: the provider's entry and the network settings (re-read whenever the
  settings file's bytes differ from the last read; the file is read on every ``resolve``, only the
  parsing is skipped) and the API key (looked up afresh on every ``resolve``, from the keyring
  and the environment as above). Any difference builds a new adapter; failures are never cached.
"""

from __future__ import annotations

import base64
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any
from urllib.parse import urlsplit

from parley.application.ports.chat_provider import (
    ChatProvider,
    ChatRequest,
    Delta,
    ProviderConfigError,
    ProviderError,
    ResolvedProvider,
)
from parley.application.ports.provider_catalog import ADD_PROVIDER_HINT, KeySource
from parley.application.ports.secret_store import SecretStore, SecretStoreError
from parley.application.ports.settings_store import (
    NetworkSettings,
    ProviderConfig,
    SettingsError,
    SettingsStore,
)
from parley.domain.texts import QT_TRANSLATE_NOOP
from parley.infrastructure.providers.dialects import dialect_for
from parley.infrastructure.providers.presets import (
    PRESETS,
    Preset,
    find_preset,
    is_local_url,
    same_host,
)

#: Kinds whose (native) APIs always need a key when the server is not on this machine.
KEYED_KINDS = frozenset({"anthropic", "gemini"})

#: Shortest run of a key's characters that is scrubbed from messages (shorter runs, such as the
#: common ``sk-proj-`` or the last four characters providers show on purpose, are left).
REDACT_MIN_RUN = 12
REDACTED = "[redacted]"


# -- redaction -----------------------------------------------------------------------------------


def redact_secret(text: str, secret: str | None, *, min_run: int = REDACT_MIN_RUN) -> str:
    """``text`` with ``secret`` scrubbed: the whole secret, its base64 forms, and every run of at
    least ``min_run`` consecutive characters of it (a prefix echoed back by a provider, say).
    A secret shorter than ``min_run`` is scrubbed only whole."""
    if not text or not secret:
        return text
    for form in _encoded_forms(secret):
        text = text.replace(form, REDACTED)
    if len(secret) < min_run:
        return text.replace(secret, REDACTED)
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if i + min_run <= n and text[i : i + min_run] in secret:
            length = min_run
            while i + length < n and text[i : i + length + 1] in secret:
                length += 1
            out.append(REDACTED)
            i += length
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _encoded_forms(secret: str) -> list[str]:
    raw = secret.encode("utf-8")
    forms = {base64.b64encode(raw).decode(), base64.urlsafe_b64encode(raw).decode()}
    forms |= {f.rstrip("=") for f in forms}
    return sorted((f for f in forms if len(f) >= REDACT_MIN_RUN), key=len, reverse=True)


def _mentions(text: str, secret: str) -> bool:
    return redact_secret(text, secret) != text


def scrub_exception(exc: BaseException, secret: str) -> BaseException:
    """Scrub ``secret`` from ``exc`` in place (its args and text attributes) and cut its chain if
    anything in the chain mentions the secret; returns ``exc``."""
    exc.args = tuple(redact_secret(a, secret) if isinstance(a, str) else a for a in exc.args)
    for name, value in list(vars(exc).items()):
        if isinstance(value, str):
            setattr(exc, name, redact_secret(value, secret))
    seen: set[int] = set()
    link = exc.__cause__ or exc.__context__
    while link is not None and id(link) not in seen:
        seen.add(id(link))
        if _mentions(str(link), secret) or any(
            isinstance(a, str) and _mentions(a, secret) for a in link.args
        ):
            exc.__cause__ = None
            exc.__context__ = None
            exc.__suppress_context__ = True
            break
        link = link.__cause__ or link.__context__
    return exc


class RedactingProvider:
    """A ``ChatProvider`` that lets no exception out with the API key in it (see the module
    docstring). Everything else is the wrapped adapter's."""

    def __init__(self, inner: ChatProvider, secret: str) -> None:
        self._inner = inner
        self._secret = secret

    @property
    def kind(self) -> str:
        return self._inner.kind

    @property
    def default_model(self) -> str:
        return self._inner.default_model

    @property
    def inner(self) -> ChatProvider:
        return self._inner

    def stream(self, request: ChatRequest, cancel: threading.Event) -> Iterator[Delta]:
        try:
            yield from self._inner.stream(request, cancel)
        except ProviderError as exc:
            scrub_exception(exc, self._secret)
            raise
        except Exception as exc:
            self._raise_clean(exc)
            raise

    def list_models(self) -> list[str]:
        try:
            return self._inner.list_models()
        except ProviderError as exc:
            scrub_exception(exc, self._secret)
            raise
        except Exception as exc:
            self._raise_clean(exc)
            raise

    def _raise_clean(self, exc: Exception) -> None:
        """Replace an unexpected exception that mentions the key by a scrubbed ``ProviderError``
        (one that does not is left to propagate as it is)."""
        text = f"{type(exc).__name__}: {exc}"
        if _mentions(text, self._secret) or any(
            isinstance(a, str) and _mentions(a, self._secret) for a in exc.args
        ):
            raise ProviderError(f"internal error: {redact_secret(text, self._secret)}") from None

    def __getattr__(self, name: str) -> Any:  # base_url, render_request, …
        return getattr(self._inner, name)


# -- where the key comes from --------------------------------------------------------------------


def preset_of(config: ProviderConfig) -> Preset | None:
    """The entry's preset: the one it names, else the remote preset of the same kind whose host
    it points at (so entries made before presets existed behave the same)."""
    if config.preset:
        return find_preset(config.preset)
    host = _host(config.base_url)
    if not host or is_local_url(config.base_url):
        return None
    for preset in PRESETS:
        if preset.kind == config.kind and not preset.local and _host(preset.base_url) == host:
            return preset
    return None


def key_env_candidates(config: ProviderConfig) -> tuple[str, ...]:
    """The environment variables looked in, in order (see the module docstring)."""
    names: list[str] = []
    if config.api_key_env:
        names.append(config.api_key_env)
    preset = preset_of(config)
    if preset is not None and same_host(preset.base_url, config.base_url):
        names.extend(preset.key_envs)
    return tuple(dict.fromkeys(names))


def key_needed(config: ProviderConfig) -> bool:
    """Whether the provider cannot work without a key."""
    if config.api_key_env:
        return True  # the entry says its key is in that variable
    if is_local_url(config.base_url):
        return False
    preset = preset_of(config)
    if preset is not None:
        return preset.needs_key
    return config.kind in KEYED_KINDS


def find_api_key(
    config: ProviderConfig,
    environ: Mapping[str, str],
    secrets: SecretStore | None = None,
) -> tuple[str | None, KeySource]:
    """The provider's key (or ``None``) and where it came from. Only the directory and the
    adapters it builds ever hold the returned key."""
    looked: list[str] = []
    problem = ""
    candidates = key_env_candidates(config)
    needed = key_needed(config)
    if secrets is not None:
        try:
            if secrets.available:
                looked.append(_IN_KEYRING.format(name=config.name))
                value = secrets.get(config.name)
                if value and value.strip():
                    source = KeySource("keyring", "", needed, tuple(looked), "", candidates)
                    return value.strip(), source
            else:
                problem = secrets.unavailable_reason
        except SecretStoreError as exc:
            problem = str(exc)
    for variable in candidates:
        looked.append(f"${variable}")
        value = environ.get(variable)
        if value and value.strip():
            source = KeySource("env", variable, needed, tuple(looked), problem, candidates)
            return value.strip(), source
    return None, KeySource("none", "", needed, tuple(looked), problem, candidates)


# The words of a missing key, as the person reads them (marked: the window translates them).
_IN_KEYRING = QT_TRANSLATE_NOOP("ProviderError", "the system keyring (entry {name!r})")
_NOWHERE = QT_TRANSLATE_NOOP("ProviderError", "nowhere it knows of")
_NO_KEY_PROBLEM_VARIABLE = QT_TRANSLATE_NOOP(
    "ProviderError",
    "provider {name!r} needs an API key and none was found (looked in: {looked}). "
    "{problem}: {variable}",
)
_NO_KEY_PROBLEM = QT_TRANSLATE_NOOP(
    "ProviderError",
    "provider {name!r} needs an API key and none was found (looked in: {looked}). "
    "{problem}: name one with: parley providers add {entry} --replace --api-key-env VAR ...",
)
_NO_KEY_VARIABLE = QT_TRANSLATE_NOOP(
    "ProviderError",
    "provider {name!r} needs an API key and none was found (looked in: {looked}); "
    "store one with: parley providers set-key {entry}, or set the environment variable "
    "{variable}",
)
_NO_KEY = QT_TRANSLATE_NOOP(
    "ProviderError",
    "provider {name!r} needs an API key and none was found (looked in: {looked}); "
    "store one with: parley providers set-key {entry}, or name an environment variable "
    "with --api-key-env",
)
_UNKNOWN_KIND = QT_TRANSLATE_NOOP("ProviderError", "provider {name!r} has an unknown kind {kind!r}")
_KIND_UNAVAILABLE = QT_TRANSLATE_NOOP(
    "ProviderError",
    "provider {name!r} uses the kind {kind!r}, which this installation of Parley cannot speak "
    "({error})",
)
_NO_PROVIDER = QT_TRANSLATE_NOOP("ProviderError", "no provider is configured; {hint}")


def missing_key_message(config: ProviderConfig, source: KeySource) -> str:
    """Where Parley looked and how to add a key (never a value)."""
    looked = ", ".join(source.looked) if source.looked else _NOWHERE
    variable = source.env_candidates[0] if source.env_candidates else ""
    fields = {
        "name": config.name,
        "entry": config.name,
        "looked": looked,
        "problem": source.keyring_problem,
        "variable": variable,
    }
    if source.keyring_problem:
        if variable:
            return _NO_KEY_PROBLEM_VARIABLE.format(**fields)
        return _NO_KEY_PROBLEM.format(**fields)
    if variable:
        return _NO_KEY_VARIABLE.format(**fields)
    return _NO_KEY.format(**fields)


# -- adapters -----------------------------------------------------------------------------------


def adapter_class(kind: str) -> type:
    """The adapter class for ``kind``, imported on first need."""
    if kind == "openai":
        from parley.infrastructure.providers.openai_compatible import OpenAICompatibleProvider

        return OpenAICompatibleProvider
    if kind == "anthropic":
        from parley.infrastructure.providers.anthropic import AnthropicProvider

        return AnthropicProvider
    if kind == "ollama":
        from parley.infrastructure.providers.ollama import OllamaProvider

        return OllamaProvider
    if kind == "gemini":
        from parley.infrastructure.providers.gemini import GeminiProvider

        return GeminiProvider
    raise KeyError(kind)


def build_adapter(
    config: ProviderConfig,
    environ: Mapping[str, str],
    network: NetworkSettings | None = None,
    secrets: SecretStore | None = None,
) -> ChatProvider:
    """The adapter for one configured provider, with its key (see the module docstring)."""
    network = network or NetworkSettings()
    try:
        cls = adapter_class(config.kind)
    except KeyError:
        raise ProviderConfigError(
            _UNKNOWN_KIND.format(name=config.name, kind=config.kind)
        ) from None
    except ImportError as exc:
        raise ProviderConfigError(
            _KIND_UNAVAILABLE.format(
                name=config.name, kind=config.kind, error=f"{type(exc).__name__}: {exc}"
            )
        ) from None
    api_key, source = find_api_key(config, environ, secrets)
    if api_key is None and source.needed:
        raise ProviderConfigError(missing_key_message(config, source))
    preset = preset_of(config)
    # The preset tells an adapter which server a base URL is (where to ask for a model's
    # context window: OpenRouter's list, LM Studio's or llama.cpp's own endpoints); only given
    # when the entry has one.
    extra: dict[str, str] = {"preset": preset.name} if preset else {}
    adapter = cls(
        config.base_url,
        api_key=api_key,
        default_model=config.default_model,
        connect_timeout=network.connect_timeout,
        read_timeout=network.idle_timeout,
        dialect=dialect_for(config.kind, config.base_url, preset.name if preset else ""),
        **extra,
    )
    return RedactingProvider(adapter, api_key) if api_key else adapter


AdapterFactory = Callable[
    [ProviderConfig, Mapping[str, str], NetworkSettings, "SecretStore | None"], ChatProvider
]


class SettingsProviderDirectory:
    """``ProviderDirectory`` over a ``SettingsStore``, a ``SecretStore`` (optional) and the
    process environment.

    ``resolve`` is on the path of every turn (before the first request byte), so it keeps two
    caches, both checked against the source on every call (see the module docstring): the parsed
    settings, keyed by the settings file's bytes (only when the store names its file in a
    ``path`` attribute, as ``JsonSettingsStore`` does; other stores are asked every time), and
    the built adapter per provider name, keyed by its entry, the network settings and its key.
    Both are guarded by one lock: ``resolve`` runs on turn workers and background jobs at once.
    """

    def __init__(
        self,
        settings: SettingsStore,
        environ: Mapping[str, str] | None = None,
        factory: AdapterFactory = build_adapter,
        secrets: SecretStore | None = None,
    ) -> None:
        self._settings = settings
        self._environ = os.environ if environ is None else environ
        self._factory = factory
        self._secrets = secrets
        self._lock = threading.Lock()
        #: provider_id asked for -> (the settings file's bytes, its entry, the network settings)
        self._settings_cache: dict[str, tuple[bytes, ProviderConfig, NetworkSettings]] = {}
        #: provider name -> (entry, network settings, key, the adapter built from them)
        self._adapters: dict[
            str, tuple[ProviderConfig, NetworkSettings, str | None, ChatProvider]
        ] = {}

    def resolve(self, provider_id: str) -> ResolvedProvider:
        config, network = self._entry(provider_id)
        return ResolvedProvider(
            name=config.name,
            provider=self._adapter(config, network),
            default_model=config.default_model,
        )

    def key_source(self, config: ProviderConfig) -> KeySource:
        """Where ``config``'s key would come from now (the key itself is dropped)."""
        _key, source = find_api_key(config, self._environ, self._secrets)
        return source

    def adapter_for(self, config: ProviderConfig, api_key: str = "") -> ChatProvider:
        """An adapter for an entry that may not be saved yet (Settings' Test and Fetch models):
        with ``api_key`` if one was just typed (held in memory only), else the key the saved
        entry would use. Not cached: each call builds its own."""
        secrets: SecretStore | None = _OneKey(config.name, api_key) if api_key else self._secrets
        return self._factory(config, self._environ, self._settings.network(), secrets)

    # -- the caches ------------------------------------------------------------------------------

    def _entry(self, provider_id: str) -> tuple[ProviderConfig, NetworkSettings]:
        """The provider's entry and the network settings, parsed again only when the settings
        file's bytes changed since they were last parsed."""
        current = self._settings_bytes()
        if current is not None:
            with self._lock:
                cached = self._settings_cache.get(provider_id)
            if cached is not None and cached[0] == current:
                return cached[1], cached[2]
        try:
            config: ProviderConfig | None
            if provider_id:
                config = self._settings.provider(provider_id)
            else:
                config = self._settings.default_provider()
                if config is None:
                    raise ProviderConfigError(_NO_PROVIDER.format(hint=ADD_PROVIDER_HINT))
            network = self._settings.network()
        except SettingsError as exc:
            raise ProviderConfigError(str(exc)) from exc
        if current is not None:
            # Keyed by the bytes read *before* parsing: if the file changed in between, the
            # next call sees other bytes and parses again (never an old parse for new bytes).
            with self._lock:
                self._settings_cache[provider_id] = (current, config, network)
        return config, network

    def _settings_bytes(self) -> bytes | None:
        """The settings file's content, or ``None`` when there is nothing to key a cache on
        (a store without a file, a missing or unreadable file: the store then answers, or
        reports the problem, itself)."""
        path = getattr(self._settings, "path", None)
        if not isinstance(path, (str, os.PathLike)):
            return None
        try:
            with open(path, "rb") as fh:
                return fh.read()
        except OSError:
            return None

    def _adapter(self, config: ProviderConfig, network: NetworkSettings) -> ChatProvider:
        """The adapter for ``config``: the one built last time if its entry, the network
        settings and its key are still the same, else a new one (which replaces it)."""
        api_key, _source = find_api_key(config, self._environ, self._secrets)
        with self._lock:
            cached = self._adapters.get(config.name)
        if cached is not None and cached[:3] == (config, network, api_key):
            return cached[3]
        adapter = self._factory(config, self._environ, network, self._secrets)
        with self._lock:
            self._adapters[config.name] = (config, network, api_key, adapter)
        return adapter


def _host(url: str) -> str:
    try:
        return (urlsplit(url).hostname or "").lower()
    except ValueError:
        return ""


class _OneKey:
    """A ``SecretStore`` holding one key in memory, for one unsaved provider; never persisted."""

    available = True
    unavailable_reason = ""
    description = "typed in Settings (not saved yet)"

    def __init__(self, name: str, key: str) -> None:
        self._name, self._key = name, key

    def get(self, provider_name: str) -> str | None:
        return self._key if provider_name == self._name else None

    def set(self, provider_name: str, secret: str) -> None:
        raise NotImplementedError("an unsaved key cannot be stored here")

    def delete(self, provider_name: str) -> bool:
        return False

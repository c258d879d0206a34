"""Build ready provider adapters from the settings file.

Why it exists: a frozen request names a provider; this adapter of the ``ProviderDirectory`` port
looks the name up in the settings, reads the API key from the environment variable the entry names
(the keyring comes later) and builds the adapter for the entry's kind.

Invariants it keeps: the key is read at call time and handed only to the adapter; it is never
returned, logged or put in an error message (messages name the variable, not its value).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping

from application.ports.chat_provider import (
    ChatProvider,
    ProviderConfigError,
    ResolvedProvider,
)
from application.ports.settings_store import (
    NetworkSettings,
    ProviderConfig,
    SettingsError,
    SettingsStore,
)
from infrastructure.providers.openai_compatible import OpenAICompatibleProvider

ADD_PROVIDER_HINT = (
    "add one with: parley providers add NAME --kind openai --base-url URL "
    "[--api-key-env VAR] [--default-model MODEL]"
)


def build_adapter(
    config: ProviderConfig,
    environ: Mapping[str, str],
    network: NetworkSettings | None = None,
) -> ChatProvider:
    """The adapter for one configured provider."""
    network = network or NetworkSettings()
    api_key = None
    if config.api_key_env:
        api_key = environ.get(config.api_key_env) or None
        if api_key is None:
            raise ProviderConfigError(
                f"provider {config.name!r} needs an API key in the environment variable "
                f"{config.api_key_env}, which is not set"
            )
    if config.kind == "openai":
        return OpenAICompatibleProvider(
            config.base_url,
            api_key=api_key,
            default_model=config.default_model,
            connect_timeout=network.connect_timeout,
            read_timeout=network.idle_timeout,
        )
    raise ProviderConfigError(f"provider {config.name!r} has an unknown kind {config.kind!r}")


class SettingsProviderDirectory:
    """``ProviderDirectory`` over a ``SettingsStore`` and the process environment."""

    def __init__(
        self,
        settings: SettingsStore,
        environ: Mapping[str, str] | None = None,
        factory: Callable[
            [ProviderConfig, Mapping[str, str], NetworkSettings], ChatProvider
        ] = build_adapter,
    ) -> None:
        self._settings = settings
        self._environ = os.environ if environ is None else environ
        self._factory = factory

    def resolve(self, provider_id: str) -> ResolvedProvider:
        try:
            if provider_id:
                config = self._settings.provider(provider_id)
            else:
                config = self._settings.default_provider()
                if config is None:
                    raise ProviderConfigError(f"no provider is configured; {ADD_PROVIDER_HINT}")
        except SettingsError as exc:
            raise ProviderConfigError(str(exc)) from exc
        return ResolvedProvider(
            name=config.name,
            provider=self._factory(config, self._environ, self._settings.network()),
            default_model=config.default_model,
        )

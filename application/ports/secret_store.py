"""The capability to keep API keys somewhere safe: the operating system's keychain.

Why it exists: API keys must never land in the settings file, the event log or any other file
Parley writes. The one place Parley itself may put a key is a secret store — the OS keychain,
Secret Service or Windows Credential Locker, behind ``infrastructure.secrets.keyring_store``.
The provider directory asks it first (then the environment), and the command line's
``providers set-key`` / ``delete-key`` change it.

Invariants it keeps:

- a store that cannot keep secrets safely says so (``available`` is False, ``unavailable_reason``
  is a plain sentence for the user) instead of falling back to anything weaker: no plaintext
  file, ever. Callers then use the environment only;
- secrets are keyed by provider name; ``get`` of a name with no secret is ``None``, not an error;
- no message, log line or exception raised by a store contains a secret.

Errors::

    SecretStoreError    the store is unavailable, or refused or failed the operation; the message
                        says why (never with the secret in it)
"""

from __future__ import annotations

from typing import Protocol


class SecretStoreError(Exception):
    """The secret store cannot do what was asked; ``str(err)`` is fit to show the user."""


class SecretStore(Protocol):
    """API keys by provider name, in a store that keeps them safe (see the module docstring)."""

    @property
    def available(self) -> bool:
        """Whether secrets can be read and written here at all."""
        ...

    @property
    def unavailable_reason(self) -> str:
        """Why the store is unavailable, as a plain sentence ("" when it is available)."""
        ...

    @property
    def description(self) -> str:
        """Where secrets go, for people ("the system keyring (SecretService Keyring)")."""
        ...

    def get(self, provider_name: str) -> str | None:
        """The provider's secret, or ``None`` when none is stored; raises ``SecretStoreError``
        when the store is unavailable or the read fails."""
        ...

    def set(self, provider_name: str, secret: str) -> None:
        """Store (or replace) the provider's secret; raises ``SecretStoreError``."""
        ...

    def delete(self, provider_name: str) -> bool:
        """Remove the provider's secret; ``False`` if there was none. Raises
        ``SecretStoreError``."""
        ...

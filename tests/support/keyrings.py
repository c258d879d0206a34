"""A keychain in memory for tests: stands in for the OS keychain, which a headless machine lacks.

The thing under test is Parley's use of the ``keyring`` API (KeyringSecretStore and what is built
on it); the OS keychain itself is not ours to test.
"""

from __future__ import annotations

import keyring.backend
import keyring.errors


class MemoryKeyring(keyring.backend.KeyringBackend):
    """A keychain in memory. Negative priority: keyring never picks it on its own."""

    priority = -10  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.entries.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.entries[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        try:
            del self.entries[(service, username)]
        except KeyError:
            raise keyring.errors.PasswordDeleteError("not found") from None

"""The secret-store port over the ``keyring`` library: the OS keychain, Secret Service (GNOME
Keyring, KWallet) or Windows Credential Locker.

Why it exists: API keys need a home that is not a file Parley writes. ``keyring`` picks the
platform's credential store; this adapter adds the one thing ``keyring`` does not promise —
refusing every weak fallback — and turns its failures into one plain sentence for the user.

Invariants it keeps:

- secrets are stored under the service ``parley`` (configurable), user name = provider name;
- never a plaintext file: ``keyring``'s "fail" and "null" backends, every ``keyrings.alt``
  backend (plaintext or password-file "encrypted" files) and any backend whose name says
  plaintext/insecure/unencrypted make the store *unavailable*, and so does a chainer with no other
  backend. A chainer's safe backends are used directly, its unsafe ones skipped;
- unavailable is said plainly: ``unavailable_reason`` reads "no system keyring is available
  (why); set the key in an environment variable instead", and every operation then raises
  ``SecretStoreError`` with that sentence (nothing is written anywhere);
- ``set`` reads the secret back: a backend that silently drops it is an error, not a success;
- no message, log line or exception from here contains a secret (backend messages are scrubbed
  of the secret being stored before they are shown);
- ``keyring`` is imported on first use, so commands that never touch keys start no faster or
  slower for it.

Errors: ``SecretStoreError`` (from ``application.ports.secret_store``) for an unavailable store
and for any failure of the backend; a backend that fails to *start* (``NoKeyringError``,
``InitError``) makes the store unavailable for the rest of the process, while a locked keyring
or a refused write is reported for that operation only.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from parley.application.ports.secret_store import SecretStoreError
from parley.domain.texts import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)

DEFAULT_SERVICE = "parley"
ENV_FALLBACK = "set the key in an environment variable instead"

_UNSAFE_WORDS = ("plaintext", "insecure", "unencrypted")

# What a person reads (the welcome page, the settings): marked for the window's language.
_UNAVAILABLE = QT_TRANSLATE_NOOP(
    "Keyring",
    "no system keyring is available ({problem}); set the key in an environment variable instead",
)
_DESCRIPTION = QT_TRANSLATE_NOOP("Keyring", "the system keyring ({backend})")
_DESCRIPTION_UNAVAILABLE = QT_TRANSLATE_NOOP("Keyring", "the system keyring (unavailable)")
_NOT_KEPT = QT_TRANSLATE_NOOP(
    "Keyring",
    "{store} did not keep the key for {provider!r}; set the key in an environment variable instead",
)
_EMPTY_KEY = QT_TRANSLATE_NOOP("Keyring", "an empty key cannot be stored")
_START_FAILED = QT_TRANSLATE_NOOP("Keyring", "the keyring library failed to start: {detail}")
_COULD_NOT = {
    "read": QT_TRANSLATE_NOOP(
        "Keyring", "the system keyring ({backend}) could not read the key: {detail}"
    ),
    "store": QT_TRANSLATE_NOOP(
        "Keyring", "the system keyring ({backend}) could not store the key: {detail}"
    ),
    "delete": QT_TRANSLATE_NOOP(
        "Keyring", "the system keyring ({backend}) could not delete the key: {detail}"
    ),
}
_NO_BACKEND = QT_TRANSLATE_NOOP(
    "Keyring",
    "no keyring backend was found; on Linux a Secret Service such as GNOME Keyring or "
    "KWallet must be running in the desktop session",
)
_ONLY_PLAIN = QT_TRANSLATE_NOOP(
    "Keyring", "only backends that keep keys in plain files were found ({names})"
)
_REFUSED = QT_TRANSLATE_NOOP(
    "Keyring",
    "the configured backend {backend} would keep keys in a plain file or nowhere, which "
    "Parley refuses",
)


class KeyringSecretStore:
    """``SecretStore`` over ``keyring`` (see the module docstring). ``backend`` pins a backend
    instance (tests); by default the one ``keyring`` selects is looked up on first use."""

    def __init__(self, service: str = DEFAULT_SERVICE, backend: Any = None) -> None:
        self.service = service
        self._pinned = backend
        self._backend: Any = None
        self._problem = ""
        self._lock = threading.Lock()

    # -- the port ------------------------------------------------------------------------------

    @property
    def available(self) -> bool:
        return self._resolve() is not None

    @property
    def unavailable_reason(self) -> str:
        if self._resolve() is not None:
            return ""
        return _UNAVAILABLE.format(problem=self._problem)

    @property
    def description(self) -> str:
        backend = self._resolve()
        if backend is None:
            return _DESCRIPTION_UNAVAILABLE
        return _DESCRIPTION.format(backend=backend_label(backend))

    def get(self, provider_name: str) -> str | None:
        backend = self._require(provider_name)
        try:
            value = backend.get_password(self.service, provider_name)
        except Exception as exc:
            raise self._failure(backend, "read", exc) from None
        if value is None or value == "":
            return None
        if not isinstance(value, str):
            raise SecretStoreError(
                f"{self.description} returned something other than text for {provider_name!r}"
            )
        return value

    def set(self, provider_name: str, secret: str) -> None:
        if not isinstance(secret, str) or not secret:
            raise SecretStoreError(_EMPTY_KEY)
        backend = self._require(provider_name)
        try:
            backend.set_password(self.service, provider_name, secret)
            kept = backend.get_password(self.service, provider_name)
        except Exception as exc:
            raise self._failure(backend, "store", exc, secret=secret) from None
        if kept != secret:
            raise SecretStoreError(_NOT_KEPT.format(store=self.description, provider=provider_name))

    def delete(self, provider_name: str) -> bool:
        backend = self._require(provider_name)
        try:
            if backend.get_password(self.service, provider_name) is None:
                return False
            backend.delete_password(self.service, provider_name)
        except Exception as exc:
            raise self._failure(backend, "delete", exc) from None
        return True

    # -- internals -----------------------------------------------------------------------------

    def _require(self, provider_name: str) -> Any:
        if not isinstance(provider_name, str) or not provider_name:
            raise SecretStoreError("a secret needs a provider name")
        backend = self._resolve()
        if backend is None:
            raise SecretStoreError(self.unavailable_reason)
        return backend

    def _resolve(self) -> Any:
        """The safe backend to use, or ``None`` (with ``_problem`` set) when there is none."""
        with self._lock:
            if self._backend is not None:
                return self._backend
            if self._problem:
                return None
            try:
                if self._pinned is not None:
                    candidate = self._pinned
                else:
                    import keyring  # first use only: the import looks for backends

                    candidate = keyring.get_keyring()
                backend, problem = choose_backend(candidate)
            except Exception as exc:  # keyring's own start-up failed
                backend, problem = None, _START_FAILED.format(detail=_describe(exc))
            if backend is None:
                self._problem = problem
                log.info("no usable system keyring: %s", problem)
                return None
            self._backend = backend
            log.debug("secrets go to %s", backend_label(backend))
            return backend

    def _failure(
        self, backend: Any, action: str, exc: BaseException, *, secret: str = ""
    ) -> SecretStoreError:
        detail = _describe(exc)
        if secret:
            detail = detail.replace(secret, "[redacted]")
        label = backend_label(backend)
        try:
            from keyring.errors import InitError, NoKeyringError
        except ImportError:  # pragma: no cover - keyring is a dependency
            structural: tuple[type[BaseException], ...] = ()
        else:
            structural = (NoKeyringError, InitError)
        if structural and isinstance(exc, structural):
            with self._lock:
                self._backend = None
                self._problem = f"{label}: {detail}"
            return SecretStoreError(self.unavailable_reason)
        template = _COULD_NOT.get(action)
        if template is None:  # pragma: no cover - the three actions above
            return SecretStoreError(
                f"the system keyring ({label}) could not {action} the key: {detail}"
            )
        return SecretStoreError(template.format(backend=label, detail=detail))


def choose_backend(candidate: Any) -> tuple[Any, str]:
    """``(backend, "")`` for a backend that keeps secrets safely, else ``(None, why not)``."""
    from keyring.backends import chainer, fail

    if isinstance(candidate, fail.Keyring):
        return None, _NO_BACKEND
    if isinstance(candidate, chainer.ChainerBackend):
        members = list(candidate.backends)
        safe = [b for b in members if not is_unsafe(b)]
        if safe:
            return safe[0], ""
        if members:
            names = ", ".join(backend_label(b) for b in members)
            return None, _ONLY_PLAIN.format(names=names)
        return None, _NO_BACKEND
    if is_unsafe(candidate):
        return None, _REFUSED.format(backend=backend_label(candidate))
    return candidate, ""


def is_unsafe(backend: Any) -> bool:
    """Whether ``backend`` is one Parley never stores keys with (see the module docstring)."""
    from keyring.backends import fail, null

    if isinstance(backend, fail.Keyring | null.Keyring):
        return True
    cls = type(backend)
    where = f"{cls.__module__}.{cls.__qualname__}".lower()
    return where.startswith("keyrings.alt") or any(w in where for w in _UNSAFE_WORDS)


def backend_label(backend: Any) -> str:
    cls = type(backend)
    name = getattr(cls, "name", "")
    return name if isinstance(name, str) and name else f"{cls.__module__}.{cls.__qualname__}"


def _describe(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    if len(text) > 300:
        text = text[:299] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__

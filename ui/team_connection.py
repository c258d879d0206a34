"""How a surface (the command line, the window) reaches this desktop's team store (issue 19).

Why it exists: ``parley team`` and the window both build the same sync engine from the same
parts — the profile's ``Services.sync_ledger``, ``Services.team_connector()``, the
``TeamSettings`` in the settings and the member's password in the system keyring — and both join
a store the same way (one first sync, then the address to the settings and the password to the
keyring). Keeping that here means the two surfaces cannot drift apart. No Qt and no printing:
callers decide how to say what happened.

Invariants it keeps:

- a password is read from the keyring (or ``PGPASSWORD``) and handed to the connector only; it is
  never part of an error message, a return value other than ``stored_password``'s, or a log line;
- on a machine without a keyring, a password that joined is kept in this process's memory
  (``_SESSION_PASSWORDS``) so the window's background sync goes on until Parley quits; it is
  never written anywhere;
- the settings are changed by ``join_team`` only after a first sync worked (a wrong password
  leaves no trace), and the password is stored only then;
- every function here blocks (network, keyring, files): call them on a worker, never the UI
  thread.
"""

from __future__ import annotations

import contextlib
import os
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from parley.application.ports.secret_store import SecretStoreError
from parley.application.ports.settings_store import TeamSettings, team_url_problem
from parley.application.ports.team_sync import TeamStore
from parley.application.sync.engine import SyncEngine, SyncReport
from parley.ui.i18n import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from parley.ui.bootstrap import Services

#: The keyring holds a member's password under this name followed by the store's address.
SECRET_PREFIX = "team:"

# Composed on workers; the team page shows them translated (``translate_text``).
_IN_KEYRING = QT_TRANSLATE_NOOP("TeamConnection", "the system keyring")
_IN_MEMORY = QT_TRANSLATE_NOOP("TeamConnection", "memory until Parley quits (no system keyring)")
_NO_TEAM = QT_TRANSLATE_NOOP(
    "TeamConnection", "this installation of Parley cannot reach a team store"
)
_BAD_ADDRESS = QT_TRANSLATE_NOOP("TeamConnection", "the team store's address: {problem}")
_READ_ONLY = QT_TRANSLATE_NOOP(
    "TeamConnection", "this profile's history is open read-only: it cannot sync"
)

#: Passwords that joined while no keyring could keep them, by address: memory only, this process.
_SESSION_PASSWORDS: dict[str, str] = {}
_SESSION_LOCK = threading.Lock()


class TeamUnavailable(Exception):
    """This profile cannot sync at all (its history is open read-only, or this installation
    has no PostgreSQL driver), or the address is not a team store's."""


@dataclass(frozen=True)
class JoinOutcome:
    """What joining did: the first run's report; whether the settings now name the store; and
    why the password could not be kept ("" when it was, or none was given)."""

    report: SyncReport
    team: TeamSettings
    joined: bool
    keyring_problem: str = ""


def stored_password(services: Services, url: str) -> str:
    """The member's password: the keyring's, else one that joined in this process while no
    keyring could keep it, else ``PGPASSWORD``, else "" (libpq then reads ``~/.pgpass``)."""
    try:
        stored = services.secrets.get(SECRET_PREFIX + url)
    except SecretStoreError:
        stored = None
    with _SESSION_LOCK:
        remembered = _SESSION_PASSWORDS.get(url, "")
    return stored or remembered or os.environ.get("PGPASSWORD", "")


def password_kept_where(services: Services, url: str) -> str:
    """Where ``stored_password`` would find the password for ``url``, in words for a settings
    page: "the system keyring", "memory until Parley quits", "PGPASSWORD", or "" (none: libpq
    may still find one in ``~/.pgpass``). Blocking (the keyring)."""
    try:
        if services.secrets.get(SECRET_PREFIX + url):
            return _IN_KEYRING
    except SecretStoreError:
        pass
    with _SESSION_LOCK:
        if url in _SESSION_PASSWORDS:
            return _IN_MEMORY
    return "PGPASSWORD" if os.environ.get("PGPASSWORD") else ""


def device_id(services: Services) -> str:
    """This desktop's device id ("" when the history is open read-only)."""
    ledger = services.sync_ledger
    return ledger.device_id if ledger is not None else ""


def open_team_store(services: Services, url: str, password: str) -> TeamStore:
    """The team store at ``url`` for this desktop's member (also an ``EventStore``: the History
    window reads it). Opening does not connect yet: the first call learns whether it is
    reachable. Close it with ``close_store``."""
    if services.team_connector is None:
        raise TeamUnavailable(_NO_TEAM)
    problem = team_url_problem(url)
    if problem:
        raise TeamUnavailable(_BAD_ADDRESS.format(problem=problem))
    return services.team_connector().open(url, password, device_id=device_id(services))


def build_engine(
    services: Services, team: TeamSettings, password: str
) -> tuple[SyncEngine, TeamStore]:
    """The sync engine between this profile's history and ``team``, and the store it opened
    (the caller closes it with ``close_store``)."""
    ledger = services.sync_ledger
    if ledger is None or services.team_connector is None:
        raise TeamUnavailable(_READ_ONLY)
    store = open_team_store(services, team.url, password)
    return SyncEngine(ledger, store, team.url), store


def close_store(store: object) -> None:
    """Close a store opened here (its connection pool); harmless on one without ``close``."""
    close = getattr(store, "close", None)
    if callable(close):
        close()


def join_team(
    services: Services,
    url: str,
    password: str,
    *,
    interval_s: int = 60,
    cancel: threading.Event | None = None,
) -> JoinOutcome:
    """Sync once with the store at ``url``; when that worked, save the address (on, every
    ``interval_s`` seconds) and keep ``password`` in the keyring. Blocking."""
    problem = team_url_problem(url)
    if problem:
        raise TeamUnavailable(_BAD_ADDRESS.format(problem=problem))
    team = TeamSettings(url, enabled=True, interval_s=interval_s)
    engine, store = build_engine(services, team, password)
    try:
        report = engine.run_once(cancel or threading.Event())
    finally:
        close_store(store)
    if not report.ok:
        return JoinOutcome(report, team, joined=False)
    services.settings.set_team(team)
    problem = ""
    if password:
        try:
            services.secrets.set(SECRET_PREFIX + url, password)
        except SecretStoreError as exc:  # a machine without a keyring: say how to sync anyway
            problem = str(exc)
            with _SESSION_LOCK:  # the window's background sync goes on until Parley quits
                _SESSION_PASSWORDS[url] = password
    return JoinOutcome(report, team, joined=True, keyring_problem=problem)


def leave_team(services: Services) -> str:
    """Stop syncing: forget the store in the settings and its password in the keyring (the
    history stays). Returns the address left ("" when there was none). Blocking."""
    team = services.settings.team()
    if not team.url:
        return ""
    services.settings.set_team(TeamSettings())
    with _SESSION_LOCK:
        _SESSION_PASSWORDS.pop(team.url, None)
    with contextlib.suppress(SecretStoreError):
        services.secrets.delete(SECRET_PREFIX + team.url)
    return team.url

"""How the History window reaches a team store by its address, as an operator (issue 19).

Why it exists: an operator reads everyone's history with a role of their own
(``parley_operator``: reads all, writes nothing) and does not sync, so the store they read is not
the one this desktop joined. The window asks for an address and a password (``open_store_dialog``)
and opens the store through this one object, built from the profile's ``Services``; the window
itself never touches the keyring, the connector or the settings. It also reads, with each
listing, whose each conversation is (``load_owned``).

Invariants it keeps:

- every function here blocks (network, keyring): the window calls them through its ``submit``,
  never on the UI thread;
- a password is handed to the connector and, when asked, to the keyring under
  ``ui.team_connection.SECRET_PREFIX`` + the address — never to a file, a message or a log; an
  empty password means "the stored one" (``stored_password``: keyring, ``PGPASSWORD``, then
  ``~/.pgpass``);
- a store is reported opened only after it answered once (the adapter's first use logs in
  directly, so a wrong password is refused at once and named, not waited out);
- the reading session pushes nothing, so it is opened with no device identity (as ``parley
  history --store`` does).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, cast

from parley.application.ports.event_store import EventStore, SearchFilters
from parley.application.ports.secret_store import SecretStoreError
from parley.application.ports.settings_store import team_url_problem
from parley.application.ports.team_sync import TeamHistory
from parley.domain.usage.pricing import ModelPrice
from parley.ui.history.loading import Listing, load_listing
from parley.ui.i18n import QT_TRANSLATE_NOOP
from parley.ui.team_connection import (
    SECRET_PREFIX,
    TeamUnavailable,
    close_store,
    stored_password,
)

if TYPE_CHECKING:
    from parley.ui.bootstrap import Services

#: A note beside the opened store (composed on a worker; translated where it is shown).
_NOT_KEPT = QT_TRANSLATE_NOOP("TeamAccess", "the password was not kept: {exc}")


@dataclass(frozen=True)
class OpenedStore:
    """A team store that answered, at ``address``; ``note`` says what could not be done on the
    way ("" when all went well: the password could not be kept, say)."""

    address: str
    store: EventStore
    note: str = ""


@dataclass(frozen=True)
class TeamAccess:
    """Opens team stores by address and reads the price table (both blocking)."""

    open: Callable[[str, str, bool], OpenedStore]
    """``open(address, password, remember)``: the store at ``address``, logged in with
    ``password`` ("" = the stored one), the password kept in the keyring when ``remember``."""

    prices: Callable[[], Sequence[ModelPrice]]
    """The price table the costs are estimated with (Settings → Prices)."""

    @classmethod
    def from_services(cls, services: Services) -> TeamAccess | None:
        """The access through this profile's services; None when this installation has no
        PostgreSQL driver (the window then offers no "Open a team store…")."""
        if services.team_connector is None:
            return None
        return cls(
            open=lambda address, password, remember: open_by_address(
                services, address, password, remember=remember
            ),
            prices=services.settings.prices,
        )


def open_by_address(
    services: Services, address: str, password: str, *, remember: bool = False
) -> OpenedStore:
    """Open the team store at ``address`` and check that it answers (see the module docstring).
    Raises ``TeamUnavailable`` for an address that is not a team store's or an installation
    without a driver, and the store's own error (``EventStoreError``) for a refused login or an
    unreachable server."""
    address = address.strip()
    problem = team_url_problem(address)
    if problem:
        raise TeamUnavailable(f"the address: {problem}")
    if services.team_connector is None:
        raise TeamUnavailable("this installation of Parley cannot reach a team store")
    secret = password or stored_password(services, address)
    store = cast(EventStore, services.team_connector().open(address, secret, device_id=""))
    try:
        store.summaries(SearchFilters(), limit=1)  # logs in: a refusal is said here, at once
    except BaseException:
        close_store(store)
        raise
    note = ""
    if remember and password:
        try:
            services.secrets.set(SECRET_PREFIX + address, password)
        except SecretStoreError as exc:
            note = _NOT_KEPT.format(exc=exc)
    return OpenedStore(address, store, note)


@dataclass(frozen=True)
class OwnedListing:
    """One load's listing and, on a team store, each shown conversation's owner (None: the
    store is this desktop's own and has one owner)."""

    listing: Listing
    owners: Mapping[str, str] | None = None


def load_owned(
    store: EventStore,
    text: str,
    filters: SearchFilters,
    limit: int | None = None,
    *,
    prices: Callable[[], Sequence[ModelPrice]] = tuple,
    min_cost: Decimal | None = None,
) -> OwnedListing:
    """``load_listing`` and, when ``store`` is a team store, the owners of the rows it gave (one
    more query on the same worker, so the Member column fills in with the rows)."""
    listing = load_listing(store, text, filters, limit, prices=prices, min_cost=min_cost)
    if not isinstance(store, TeamHistory):
        return OwnedListing(listing)
    return OwnedListing(listing, dict(store.session_owners([s.id for s in listing.rows])))

"""The team database behind the ports the surfaces use: ``TeamAdmin`` (set up a database, add
people) and ``TeamConnector`` (open the store for a member).

Why it exists: the command line and the window reach infrastructure only through the composition
root and ports (ADR-001); these two small adapters turn ``postgresql://`` addresses and passwords
kept apart (the settings hold no password; the keyring does) into the DSNs ``roles`` and
``PostgresEventStore`` take. Invariant: a password is joined to the address only here, in memory,
and never appears in a message (``describe_dsn``).
"""

from __future__ import annotations

import psycopg

from parley.application.ports.team_sync import TeamSetup, TeamStoreError
from parley.infrastructure.team.postgres_store import PostgresEventStore
from parley.infrastructure.team.roles import TeamAdminError, add_member, add_operator, init_team


def dsn_with_password(url: str, password: str) -> str:
    """``url`` as a libpq connection string, with ``password`` when one is given."""
    try:
        return psycopg.conninfo.make_conninfo(url, password=password) if password else url
    except psycopg.Error as exc:
        raise TeamStoreError(f"the address cannot be read: {exc}", "refused") from None


class PostgresTeamAdmin:
    """``TeamAdmin`` over ``infrastructure.team.roles``."""

    def init(self, admin_url: str, password: str) -> TeamSetup:
        try:
            done = init_team(dsn_with_password(admin_url, password))
        except TeamAdminError as exc:
            raise TeamStoreError(str(exc), "refused") from None
        return TeamSetup(done.migrations_applied, done.roles_created)

    def add_person(
        self, admin_url: str, password: str, name: str, person_password: str, *, operator: bool
    ) -> None:
        add = add_operator if operator else add_member
        try:
            add(dsn_with_password(admin_url, password), name, person_password)
        except TeamAdminError as exc:
            raise TeamStoreError(str(exc), "refused") from None


class PostgresTeamConnector:
    """``TeamConnector``: a ``PostgresEventStore`` for the member, as this device."""

    def open(self, member_url: str, password: str, *, device_id: str) -> PostgresEventStore:
        return PostgresEventStore(dsn_with_password(member_url, password), device_id=device_id)

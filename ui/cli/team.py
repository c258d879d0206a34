"""``parley team``: set up a team's PostgreSQL store, join it from this desktop, sync, and see
how syncing stands (issue 19, ADR-012).

Why it exists: an administrator prepares the database once (``init``, ``add-member``,
``add-operator``), each member joins from their desktop once (``join``: the address goes to the
settings, the password to the system keyring), and from then on the window syncs in the
background; ``sync`` runs one round now (scripts, a machine without the window) and ``status``
says where it stands. All of it goes through ports on ``Services`` (the command line never
imports infrastructure).

Invariants it keeps: a password is read from a hidden prompt, standard input (``--password-stdin``)
or ``PGPASSWORD`` — never from an argument, which other users could see in the process list — and
is never printed; the settings never hold one (``TeamSettings`` refuses an address with one).
Exit codes: 0 done, 1 the server refused or could not be reached (the message says which), 2 a
usage error.
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
import threading

from parley.application.ports.settings_store import TeamSettings, team_url_problem
from parley.application.ports.team_sync import TeamStoreError
from parley.application.sync.engine import SyncEngine
from parley.ui.bootstrap import Services
from parley.ui.cli.common import EXIT_FAILED, UsageError
from parley.ui.team_connection import (
    SECRET_PREFIX,
    TeamUnavailable,
    build_engine,
    close_store,
    join_team,
    leave_team,
    stored_password,
)

__all__ = ["SECRET_PREFIX", "add_team_parser", "run_team"]


def add_team_parser(commands: argparse._SubParsersAction) -> None:
    team = commands.add_parser(
        "team", help="a team's PostgreSQL store: set it up, join it, sync with it"
    )
    tsub = team.add_subparsers(dest="team_command", metavar="SUBCOMMAND")
    init = tsub.add_parser("init", help="create (or update) the schema and roles on a database")
    init.add_argument("admin_url", help="postgresql://OWNER@host:port/database")
    _password_options(init, "the owner's password")
    for name, what in (("add-member", "a member"), ("add-operator", "an operator (reads all)")):
        person = tsub.add_parser(name, help=f"add {what} to the team database")
        person.add_argument("admin_url", help="postgresql://OWNER@host:port/database")
        person.add_argument("name", help="the person's PostgreSQL role name")
        _password_options(person, "the owner's password")
        person.add_argument(
            "--new-password-stdin",
            action="store_true",
            help="read the new person's password from standard input (after the owner's line "
            "when --password-stdin is given too); else it is asked twice at a terminal",
        )
    join = tsub.add_parser("join", help="sync this desktop with a team store")
    join.add_argument("url", help="postgresql://MEMBER@host:port/database[?sslmode=verify-full]")
    _password_options(join, "your password on the team store (kept in the keyring)")
    join.add_argument("--interval", type=int, default=60, help="seconds between syncs (60)")
    tsub.add_parser("sync", help="push and pull once, now")
    tsub.add_parser("status", help="the team store, this device and where syncing stands")
    tsub.add_parser("leave", help="stop syncing (the history stays; the password is deleted)")


def _password_options(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "--password-stdin",
        action="store_true",
        help=f"read {what} from standard input (else PGPASSWORD, else a hidden prompt)",
    )


def _password(args: argparse.Namespace, prompt: str) -> str:
    if getattr(args, "password_stdin", False):
        return sys.stdin.readline().rstrip("\n")
    if os.environ.get("PGPASSWORD"):
        return os.environ["PGPASSWORD"]
    if not sys.stdin.isatty():
        return ""  # the address, .pgpass or a trusted local connection may be enough
    return getpass.getpass(prompt)


def run_team(services: Services, args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    command = getattr(args, "team_command", None)
    if command is None:
        raise UsageError(
            "say what to do: parley team init|add-member|add-operator|join|sync|status"
        )
    try:
        if command == "init":
            return _init(services, args)
        if command in ("add-member", "add-operator"):
            return _add_person(services, args, operator=command == "add-operator")
        if command == "join":
            return _join(services, args)
        if command == "sync":
            return _sync(services)
        if command == "status":
            return _status(services)
        if command == "leave":
            return _leave(services)
    except TeamStoreError as exc:
        print(f"parley: {exc}", file=sys.stderr)
        return EXIT_FAILED
    raise UsageError(f"unknown team command {command!r}")


def _admin(services: Services):
    if services.team_admin is None:
        raise UsageError("this installation of Parley cannot reach a team store")
    return services.team_admin()


def _init(services: Services, args: argparse.Namespace) -> int:
    _check_url(args.admin_url)
    done = _admin(services).init(args.admin_url, _password(args, "Owner's password: "))
    applied = ", ".join(done.migrations_applied) or "none (up to date)"
    roles = ", ".join(done.roles_created) or "none (they exist)"
    print(f"team store ready: migrations applied: {applied}; roles created: {roles}")
    return 0


def _add_person(services: Services, args: argparse.Namespace, *, operator: bool) -> int:
    _check_url(args.admin_url)
    owner = _password(args, "Owner's password: ")
    if args.new_password_stdin:  # a provisioning script: one line, no confirmation to type
        first = sys.stdin.readline().rstrip("\n")
        if not first:
            raise UsageError(f"no password for {args.name} on standard input; nothing was changed")
    else:
        if not sys.stdin.isatty():
            raise UsageError(
                "the new person's password is asked at a terminal; run this in one, or pass "
                "it on standard input with --new-password-stdin"
            )
        first = getpass.getpass(f"Password for {args.name}: ")
        if not first or first != getpass.getpass("Again: "):
            raise UsageError("the two passwords differ (or are empty); nothing was changed")
    _admin(services).add_person(args.admin_url, owner, args.name, first, operator=operator)
    role = "an operator (reads everyone's history)" if operator else "a member"
    print(f"added {args.name} as {role}")
    return 0


def _join(services: Services, args: argparse.Namespace) -> int:
    problem = team_url_problem(args.url)
    if problem:
        raise UsageError(f"the team store's address: {problem}")
    team = TeamSettings(args.url, enabled=True, interval_s=args.interval)
    password = _password(args, f"Password for {team.member}: ")
    try:
        joined = join_team(services, args.url, password, interval_s=args.interval)
    except TeamUnavailable as exc:
        raise UsageError(str(exc)) from None
    report = joined.report
    if not joined.joined:
        print(f"parley: could not sync with the team store: {report.error}", file=sys.stderr)
        return EXIT_FAILED
    if joined.keyring_problem:  # a machine without a keyring: say how to sync anyway
        print(
            f"parley: the password was not stored ({joined.keyring_problem}); set PGPASSWORD "
            "or use ~/.pgpass when syncing",
            file=sys.stderr,
        )
    print(f"joined as {team.member}: pushed {report.pushed} and pulled {report.pulled} events")
    return 0


def _sync(services: Services) -> int:
    team = services.settings.team()
    if not team.url:
        raise UsageError("no team store: parley team join postgresql://MEMBER@host/database")
    password = stored_password(services, team.url)
    engine, store = _engine(services, team, password)
    try:
        report = engine.run_once(threading.Event())
    finally:
        close_store(store)
    for session, reason in report.quarantined:
        print(f"parley: conversation {session} is quarantined: {reason}", file=sys.stderr)
    if not report.ok:
        print(f"parley: sync failed ({report.error_kind}): {report.error}", file=sys.stderr)
        return EXIT_FAILED
    print(f"pushed {report.pushed}, pulled {report.pulled} events")
    return 0


def _status(services: Services) -> int:
    team = services.settings.team()
    ledger = services.sync_ledger
    if not team.url:
        print("no team store (parley team join postgresql://MEMBER@host/database)")
        return 0
    print(
        f"team store: {team.url} ({'on' if team.enabled else 'paused'}, every {team.interval_s} s)"
    )
    if ledger is not None:
        position = ledger.position(team.url)
        waiting = len(ledger.unpushed(team.url, limit=100_000))
        print(f"this device: {ledger.device_id}")
        print(f"pulled up to server event {position.pulled_up_to}; {waiting} event(s) to push")
        for session, reason in ledger.quarantined(team.url).items():
            print(f"quarantined: {session}: {reason}")
    return 0


def _leave(services: Services) -> int:
    left = leave_team(services)
    if not left:
        print("no team store")
        return 0
    print(f"left {left}: this desktop's history is kept; it no longer syncs")
    return 0


def _engine(services: Services, team: TeamSettings, password: str) -> tuple[SyncEngine, object]:
    """The engine and the store it opened (``ui/team_connection.py``), as a usage error when
    this profile cannot sync."""
    try:
        return build_engine(services, team, password)
    except TeamUnavailable as exc:
        raise UsageError(str(exc)) from None


def _check_url(url: str) -> None:
    scheme = url.split("://", 1)[0]
    if scheme not in ("postgresql", "postgres"):
        raise UsageError("the address must start with postgresql://")

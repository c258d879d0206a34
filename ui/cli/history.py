"""``parley history``: list, search, show, export, import, verify and delete conversations.

Why it exists: the event log the window writes is the operators' record; from a terminal they
read it, search it, move it between machines and check that it is intact.

Invariants it keeps:

- the export and import machinery (``application.history.export``, ``.importers``) is imported
  when a command needs it, not with the command line;
- an export file is written whole or not at all (``write_atomically``): a failed write (a full
  disk, a file-size limit, a folder given as the file) leaves nothing behind, not even a hidden
  temporary file, and an existing file is kept as it was;
- a closed stdout (``| head``) ends any of these commands quietly (``common.stdout_closed``);
- a storage write that fails (``import``, ``delete``) is one line saying what was not saved.
- deleting asks at a terminal, and without one needs ``--yes`` (exit 2 otherwise);
- ``history verify`` exits 1 when any conversation's hash chain does not verify;
- ``--store postgresql://YOU@host/db`` runs the same commands on a team's store (issue 19): the
  password comes from ``PGPASSWORD``, else the keyring entry ``team:<url>`` (what ``parley team
  join`` stored), else ``~/.pgpass``, and is never printed; who sees what is the database's
  business (row-level security: an operator everyone's, a member their own), so listings there
  name each conversation's owner; ``import`` is refused there (a desktop imports locally and
  syncs); ``delete`` is left to the database (an owner may, an operator may not, a legal hold
  refuses it).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, date, datetime
from datetime import time as dt_time
from pathlib import Path
from typing import Any

from parley.application.ports.event_store import (
    EventStore,
    EventStoreError,
    SearchFilters,
    SearchHit,
    SessionSummary,
)
from parley.application.ports.settings_store import team_url_problem
from parley.application.ports.team_sync import TeamHistory
from parley.domain.transcript.canonical import EVENT_TYPES
from parley.ui.bootstrap import Services
from parley.ui.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    UsageError,
    not_saved,
    print_json,
    write_stdout,
)
from parley.ui.team_connection import stored_password

#: The width of the event-type column in listings: the longest wire name (``retrieval_performed``).
TYPE_WIDTH = max(len(name) for name in EVENT_TYPES)


Handler = Callable[[EventStore, argparse.Namespace], int]


def run_history(
    services: Services, args: argparse.Namespace, parser: argparse.ArgumentParser
) -> int:
    handlers: dict[str, Handler] = {
        "list": lambda store, a: _history_list(store, a, services.settings.prices()),
        "show": _history_show,
        "search": _history_search,
        "export": _history_export,
        "import": _history_import,
        "verify": _history_verify,
        "delete": _history_delete,
        "costs": lambda store, a: _history_costs(store, a, services.settings.prices()),
    }
    handler = handlers.get(args.history_command)
    if handler is None:
        parser.parse_args(["history", "--help"])
        return EXIT_USAGE
    url = getattr(args, "store", "") or ""
    if not url:
        if args.history_command == "costs":
            raise UsageError(
                "costs sums a team's store: parley history --store postgresql://YOU@host/db costs"
            )
        if getattr(args, "member", ""):
            raise UsageError("--member filters a team's store: add --store postgresql://…")
        code = handler(services.store, args)
    else:
        code = _on_team_store(services, url, args, handler)
    sys.stdout.flush()  # a closed stdout raises here: ui.cli.main ends it quietly (141)
    return code


def _on_team_store(services: Services, url: str, args: argparse.Namespace, handler: Handler) -> int:
    problem = team_url_problem(url)
    if problem:
        raise UsageError(f"--store: {problem}")
    if args.history_command == "import":
        raise UsageError(
            "import does not write to a team store: import on a desktop (parley history import "
            "FILE) and let it sync (parley team sync)"
        )
    if services.team_connector is None:
        raise UsageError("this installation of Parley cannot reach a team store")
    # device_id "": an operator's reading session pushes nothing, so it needs no device identity.
    store = services.team_connector().open(url, stored_password(services, url), device_id="")
    try:
        return handler(store, args)  # type: ignore[arg-type]
    except EventStoreError as exc:
        if "cannot reach" not in str(exc) and "refused the login" not in str(exc):
            raise
        # The pool retries a refused login until its timeout, so a wrong password ends here too.
        print(f"parley: {exc}", file=sys.stderr)
        print(
            "parley: check the address, the server, and the password (PGPASSWORD, the keyring "
            "entry team:<address>, or ~/.pgpass)",
            file=sys.stderr,
        )
        return EXIT_FAILED
    finally:
        close = getattr(store, "close", None)
        if callable(close):
            close()


def _filters(args: argparse.Namespace) -> SearchFilters:
    return SearchFilters(
        since=_since(args.since),
        model=args.model,
        status=args.status,
        member=getattr(args, "member", "") or "",
    )


def _owners(store: EventStore, session_ids: Sequence[str]) -> Mapping[str, str] | None:
    """Each conversation's owner on a team store; None on this desktop's own history."""
    if isinstance(store, TeamHistory):
        return store.session_owners(list(dict.fromkeys(session_ids)))
    return None


def _since(text: str) -> str:
    """``--since`` as the store compares it: ISO 8601 UTC with a trailing ``Z`` ("" for none)."""
    text = text.strip()
    if not text:
        return ""
    try:
        if len(text) == 10:
            moment = datetime.combine(date.fromisoformat(text), dt_time(), tzinfo=UTC)
        else:
            moment = datetime.fromisoformat(text)
            moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
    except ValueError as exc:
        raise UsageError(
            f"--since {text!r} is not a date: use YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS][+HH:MM]"
        ) from exc
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _limit(value: int | None) -> int | None:
    if value is not None and value < 0:
        raise UsageError("--limit must not be negative")
    return value


def _summary_to_dict(summary: SessionSummary) -> dict[str, Any]:
    return {
        "id": summary.id,
        "title": summary.title,
        "created_at": summary.created_at,
        "updated_at": summary.updated_at,
        "project_id": summary.project_id,
        "workspaces": list(summary.workspaces),
        "models": list(summary.models),
        "turns": summary.turns,
        "input_tokens": summary.input_tokens,
        "output_tokens": summary.output_tokens,
        "failures": summary.failures,
    }


def _history_list(store: EventStore, args: argparse.Namespace, prices: Sequence[Any]) -> int:
    from parley.application.history.costs import costing_at_least, costs_of, parse_amount

    filters, limit = _filters(args), _limit(args.limit)
    try:
        minimum = parse_amount(args.min_cost)
    except ValueError as exc:
        raise UsageError(f"--min-cost: {exc}") from None
    narrowed = bool(args.search) or minimum is not None
    summaries = list(store.summaries(filters, limit=None if narrowed else limit))
    if args.search:
        if not args.search.strip():
            raise UsageError("--search needs some text")
        matching = {hit.session_id for hit in store.search(args.search, filters, limit=100_000)}
        summaries = [s for s in summaries if s.id in matching]
        if minimum is None:
            summaries = summaries[:limit]
    if minimum is not None:
        summaries, costs = costing_at_least(store, minimum, prices, rows=summaries, limit=limit)
    else:
        costs = costs_of(store, [s.id for s in summaries], prices)
    owners = _owners(store, [s.id for s in summaries])
    if args.json:
        rows = [_summary_to_dict(s) for s in summaries]
        for row in rows:
            cost = costs.get(row["id"])
            row["cost"] = {c: str(v) for c, v in cost.costs} if cost is not None else {}
            row["unpriced_turns"] = cost.unpriced if cost is not None else 0
            if owners is not None:
                row["owner"] = owners.get(row["id"], "")
        print_json(rows)
        return EXIT_OK
    for s in summaries:
        models = ", ".join(s.models) or "-"
        failed = f" · {s.failures} not completed" if s.failures else ""
        owner = f"{owners.get(s.id, '?')}  " if owners is not None else ""
        cost = costs.get(s.id)
        money = cost.money if cost is not None else "-"
        print(
            f"{s.id}  {owner}{s.updated_at}  {s.turns:>3} turn{'' if s.turns == 1 else 's'}"
            f"{failed}  {money:>9}  {models}  "
            f"{s.title or '(untitled)'}"
        )
    if not summaries:
        print(
            "no conversations match" if narrowed else "no conversations",
            file=sys.stderr,
        )
    return EXIT_OK


def _history_show(store: EventStore, args: argparse.Namespace) -> int:
    from parley.application.history.documents import event_summary
    from parley.application.history.export import export_session, render_transcript

    if args.json:
        print_json(export_session(store, args.session))
        return EXIT_OK
    session = store.get_session(args.session)
    events = store.events(args.session)
    if args.events:
        for stored in events:
            print(
                f"{stored.id:>7}  {stored.ts}  {stored.type_name:<{TYPE_WIDTH}} "
                f"{event_summary(stored.event)}"
            )
    else:
        write_stdout(render_transcript(session, events))
    return EXIT_OK


def _history_search(store: EventStore, args: argparse.Namespace) -> int:
    from parley.application.history.documents import one_line

    if not args.text.strip():
        raise UsageError("search needs some text: parley history search 'words to find'")
    hits = store.search(args.text, _filters(args), limit=_limit(args.limit) or 0)
    owners = _owners(store, [hit.session_id for hit in hits])
    if args.json:
        rows = [_hit_to_dict(hit) for hit in hits]
        if owners is not None:
            for row in rows:
                row["owner"] = owners.get(row["session_id"], "")
        print_json(rows)
        return EXIT_OK
    for hit in hits:
        owner = f"  {owners.get(hit.session_id, '?')}" if owners is not None else ""
        print(
            f"{hit.ts}  {hit.type_name:<{TYPE_WIDTH}} {hit.session_title or '(untitled)'}  "
            f"{hit.session_id}{owner}"
        )
        print(f"    {one_line(hit.snippet, 200)}")
    print(f"{len(hits)} match{'es' if len(hits) != 1 else ''}", file=sys.stderr)
    return EXIT_OK


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _hit_to_dict(hit: SearchHit) -> dict[str, Any]:
    return {
        "session_id": hit.session_id,
        "session_title": hit.session_title,
        "event_id": hit.event_id,
        "turn_id": hit.turn_id,
        "type": hit.type_name,
        "ts": hit.ts,
        "snippet": hit.snippet,
    }


def _history_export(store: EventStore, args: argparse.Namespace) -> int:
    from parley.application.history.export import (
        export_html,
        export_html_all,
        export_markdown,
        export_markdown_all,
        export_session,
        export_sessions,
    )

    if bool(args.session) == bool(args.all):
        raise UsageError("name one conversation or pass --all (not both)")
    output = Path(args.output) if args.output else None
    if output is not None and output.is_dir():
        raise UsageError(
            f"-o {args.output} is a folder: name the file to write, e.g. -o export.json"
        )
    if args.all:
        ids = [s.id for s in store.list_sessions()]
        if args.format == "json":
            data: Any = export_sessions(store, ids)
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
            events = sum(len(d["events"]) for d in data)
            what = f"{_count(len(ids), 'conversation')} ({events} events)"
        else:
            render = export_markdown_all if args.format == "md" else export_html_all
            text = render(store, ids)
            what = _count(len(ids), "conversation")
    else:
        if args.format == "json":
            data = export_session(store, args.session)
            text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
            events = len(data["events"])
        else:
            render_one = export_markdown if args.format == "md" else export_html
            text = render_one(store, args.session)
            events = len(store.events(args.session))
        what = f"{events} events"
    if output is not None:
        try:
            write_atomically(output, text)
        except OSError as exc:
            print(
                f"parley: the export was not written to {args.output}: {exc.strerror or exc} "
                "(nothing was left there)",
                file=sys.stderr,
            )
            return EXIT_FAILED
        print(f"exported {what} to {args.output}", file=sys.stderr)
    else:
        write_stdout(text)
    return EXIT_OK


def _history_import(store: EventStore, args: argparse.Namespace) -> int:
    from parley.application.history.importers import ImportFormatError, import_file

    path = Path(args.file).expanduser()
    if not path.is_file():
        raise UsageError(f"{args.file} is not a file")
    try:
        report = import_file(store, path)
    except ImportFormatError as exc:
        raise UsageError(f"cannot import: {exc}") from exc
    except EventStoreError as exc:
        print(not_saved(f"the import of {args.file}", exc), file=sys.stderr)
        print(
            "parley: conversations before the failing one are kept (parley history list)",
            file=sys.stderr,
        )
        return EXIT_FAILED
    for item in report.conversations:
        title = item.title or "(untitled)"
        note = f" · {item.note}" if item.note else ""
        if item.status == "imported":
            skipped = f", {item.skipped_messages} skipped" if item.skipped_messages else ""
            print(
                f"imported  {item.session_id}  {title}  "
                f"({item.messages} messages{skipped}, {item.events} events){note}"
            )
        else:
            print(f"{item.status:<8}  {item.source_id}  {title}{note}")
    if not report.conversations:
        print(f"parley: {args.file} holds no conversations; nothing imported", file=sys.stderr)
        return EXIT_OK
    print(
        f"{report.label}: {len(report.imported)} imported, {len(report.skipped)} skipped, "
        f"{len(report.failed)} failed",
        file=sys.stderr,
    )
    return EXIT_FAILED if report.failed else EXIT_OK


def _history_verify(store: EventStore, args: argparse.Namespace) -> int:
    ids = [args.session] if args.session else [s.id for s in store.list_sessions()]
    broken = 0
    for session_id in ids:
        report = store.verify_chain(session_id)
        if report.ok:
            print(f"ok      {session_id}  {report.events_checked} events")
        else:
            broken += 1
            print(f"BROKEN  {session_id}  at event {report.first_bad_event_id}: {report.reason}")
    if broken:
        print(
            f"parley: {broken} of {_count(len(ids), 'conversation')} fail verification",
            file=sys.stderr,
        )
        return EXIT_FAILED
    print(f"{_count(len(ids), 'conversation')} verified", file=sys.stderr)
    return EXIT_OK


def _history_delete(store: EventStore, args: argparse.Namespace) -> int:
    session = store.get_session(args.session)  # SessionNotFound -> exit 2
    if not args.yes:
        if sys.stdin is None or not sys.stdin.isatty():
            raise UsageError(
                f"deleting {args.session} cannot be undone: pass --yes to confirm (no terminal "
                "to ask at)"
            )
        events = len(store.events(args.session))
        sys.stderr.write(
            f"Delete {session.title or '(untitled)'!r} ({session.id}, {events} events)? "
            "This cannot be undone. [y/N] "
        )
        sys.stderr.flush()
        answer = sys.stdin.readline().strip().lower()
        if answer not in ("y", "yes"):
            print("not deleted", file=sys.stderr)
            return EXIT_OK
    try:
        removed = store.delete_session(args.session)
    except EventStoreError as exc:
        print(
            not_saved(f"the deletion of {args.session}", exc) + "; nothing was deleted",
            file=sys.stderr,
        )
        return EXIT_FAILED
    print(f"deleted {args.session} ({removed} events)", file=sys.stderr)
    return EXIT_OK


def _history_costs(store: EventStore, args: argparse.Namespace, prices: Sequence[Any]) -> int:
    """Tokens and estimated cost per member and model on a team store, with totals."""
    from parley.application.history.costs import CostTotal, summarize_costs
    from parley.domain.usage.pricing import format_cost

    if not isinstance(store, TeamHistory):  # pragma: no cover - run_history needs --store
        raise UsageError("costs needs a team store (--store)")
    filters = SearchFilters(since=_since(args.since), member=args.member)
    summary = summarize_costs(store.usage_by_member(filters), prices)
    if args.json:

        def plain(totals: Sequence[CostTotal]) -> dict[str, Any]:
            return {
                t.key: {
                    "turns": t.turns,
                    "input_tokens": t.input_tokens,
                    "output_tokens": t.output_tokens,
                    "cost": {c: str(v) for c, v in t.costs},
                }
                for t in totals
            }

        rows = [
            {
                "member": line.member, "provider": line.provider_id, "model": line.model,
                "turns": line.turns, "input_tokens": line.input_tokens,
                "output_tokens": line.output_tokens,
                "cost": str(line.cost) if line.cost is not None else None,
                "currency": line.currency,
            }
            for line in summary.lines
        ]  # fmt: skip
        print_json(
            {"rows": rows, "members": plain(summary.members), "models": plain(summary.models)}
        )
        return EXIT_OK
    if not summary.lines:
        print("no finished turns match", file=sys.stderr)
        return EXIT_OK
    header = f"{'turns':>7} {'tokens in':>12} {'tokens out':>12}  est. cost"
    print(f"{'member':<20} {'model':<28} {header}")
    for line in summary.lines:
        cost_text = format_cost(line.cost, line.currency) if line.cost is not None else "-"
        print(
            f"{line.member:<20} {line.model_name:<28} {line.turns:>7} {line.input_tokens:>12,} "
            f"{line.output_tokens:>12,}  {cost_text}"
        )
    for title, totals in (("per member", summary.members), ("per model", summary.models)):
        print(f"\n{title}:")
        for t in totals:
            print(
                f"{t.key:<49} {t.turns:>7} {t.input_tokens:>12,} {t.output_tokens:>12,}  {t.money}"
            )
    if summary.unpriced:
        print(
            f"parley: {summary.unpriced} row(s) have no price (set prices in Settings); their "
            "cost is not counted",
            file=sys.stderr,
        )
    return EXIT_OK


def write_atomically(path: Path, text: str) -> None:
    """Write a whole file or nothing: a half-written export is worse than none.

    The text goes to a private temporary file beside ``path`` (mode 0600: a conversation is
    private), is flushed to disk, then renamed over ``path``. Any failure on the way (a full disk,
    a file-size limit, a folder in the way) removes the temporary file before the ``OSError``
    goes on, so nothing is left behind and an existing ``path`` is untouched."""
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise

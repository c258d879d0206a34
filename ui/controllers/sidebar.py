"""The sidebar's controller: the conversation list, its search, its operations and their Undo bar.

Why it exists: the list, the search field, the quick switcher and the Undo bar forward intent
(open, rename, pin, duplicate, move, delete, undo); this controller turns each into a named
operation (``application.sessions.operations``) run by the window's ``OperationHub`` off the UI
thread. It never refreshes another view: it listens to the hub's one ``sig_changed`` like every
view does, and decides from the ``OpChanges`` alone what the list, the title field and the open
conversation must do.

Invariants it keeps:

- the UI thread never touches the store here: reads and writes go through ``submit`` /
  ``run_operation``; list reads may finish out of order, so only the newest is shown;
- a deletion waits behind the Undo bar: ``hide`` takes the conversation out of every view at once
  (synchronously: the list no longer shows it when the request returns), ``delete`` runs only
  when the bar expires (or the window closes: ``finish_pending_now``);
- a title the user typed is never replaced by a generated one (``wants_generated_title`` and
  ``title_to_show`` decide; this file only reads the widgets for them);
- no view calls another's refresh: the list, the title field, the open conversation and the
  History window (while open) each follow ``sig_changed`` in their own listener below.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot

from parley.application.conversations.outcome import TurnOutcome, derive_title
from parley.application.conversations.sections import group_sessions
from parley.application.ports.event_store import SessionRecord
from parley.application.sessions import operations as ops
from parley.application.sessions.operations import OpChanges
from parley.domain.transcript.canonical import UserMessage
from parley.ui.i18n import translate
from parley.ui.operations import OperationHub
from parley.ui.widgets.session_search import SessionMatch, search_sessions

if TYPE_CHECKING:  # these load when first opened, not at start
    from parley.ui.history import HistoryWindow
    from parley.ui.main_window import MainWindow
    from parley.ui.widgets.quick_switcher import QuickSwitcher

log = logging.getLogger(__name__)


class SidebarController(QObject):
    """See the module docstring. ``undo_ms`` says (when asked) how long Undo is offered."""

    def __init__(self, window: MainWindow, hub: OperationHub, undo_ms: Callable[[], int]) -> None:
        super().__init__(window)
        self.w = window
        self.hub = hub
        self._undo_ms = undo_ms
        self.sessions: list[SessionRecord] = []  # the listed ones (a hidden one left out)
        self.pending_delete: SessionRecord | None = None
        self.quick_switcher: QuickSwitcher | None = None
        self._refresh_seq = 0  # the newest list read
        self.title_jobs: set[str] = set()  # conversations whose title is being generated
        self.typed_title = ""  # typed while the conversation's first turn was being recorded

        w = window
        w.session_list.sig_open_requested.connect(self.open_requested)
        w.session_list.sig_rename_requested.connect(self.rename)
        w.session_list.sig_pin_requested.connect(self.pin)
        w.session_list.sig_duplicate_requested.connect(self.duplicate)
        w.session_list.sig_delete_requested.connect(self.delete)
        w.session_list.sig_move_to_project_requested.connect(self.move_to_project)
        w.undo_bar.sig_undo.connect(self._undo_delete)
        w.undo_bar.sig_expired.connect(self._finish_delete)
        w.session_search.sig_results.connect(self._show_matches)
        w.session_search.sig_cleared.connect(self.refresh)
        w.session_search.sig_failed.connect(
            lambda _q, message: w._show_status(
                translate("SidebarController", "Cannot search: {message}").format(message=message),
                error=True,
            )
        )
        w.title_edit.editingFinished.connect(self._on_title_edited)
        hub.sig_failed.connect(
            lambda _name, message: w._show_status(
                translate("SidebarController", "Could not save the change: {message}").format(
                    message=message
                ),
                True,
            )
        )
        # Four views follow the one signal, each deciding for itself.
        hub.subscribe(self._list_follows)
        hub.subscribe(self._title_follows)
        hub.subscribe(self._open_conversation_follows)
        hub.subscribe(self._history_follows)

    # -- the views, following sig_changed ----------------------------------------------------------

    def _list_follows(self, changes: OpChanges) -> None:
        if changes.undoable and changes.deleted:
            # Hidden behind Undo: out of the list now, without waiting for a read.
            if self.w.session_search.is_searching():
                self.w.session_search.rerun()
            else:
                self.show_sessions(self.sessions)
        elif changes.listing or changes.order or changes.title is not None:
            self.refresh()

    def _title_follows(self, changes: OpChanges) -> None:
        w = self.w
        if not changes.session_id or changes.session_id != w._session_id:
            return
        if changes.title is not None and w.chat.session is not None:
            w.chat.session = dataclasses.replace(w.chat.session, title=changes.title)
        shown = ops.title_to_show(changes, w.title_edit.text())
        if shown is not None:
            w.title_edit.setText(shown)

    def _open_conversation_follows(self, changes: OpChanges) -> None:
        w = self.w
        if changes.deleted and not changes.undoable:
            w.chat.drafts.pop(changes.session_id, None)  # nothing left to type into
        if changes.session_id != w._session_id or not changes.session_id:
            return
        if changes.deleted and w.bridge.active_turn is None:
            w.new_chat()
        elif changes.project:
            w.settings.set_project_picker(changes.project_id)

    def _history_follows(self, changes: OpChanges) -> None:
        # What the History window lists (titles, projects, which conversations exist) changed,
        # and it is open: it reads its list again. Its own deletions it has shown already; a
        # conversation hidden behind Undo is still stored, so it stays there until deleted.
        history = self.w.history_window
        if history is None or not history.isVisible():
            return
        if changes.operation in (ops.DELETED_IN_HISTORY, ops.RELIST):
            return
        if (
            changes.title is not None
            or changes.project
            or changes.created is not None
            or (changes.deleted and not changes.undoable)
        ):
            history.reload()

    # -- the list ---------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the list again (on a worker); a search in progress is run again instead."""
        if self.w.session_search.is_searching():
            self.w.session_search.rerun()  # the list shows matches: search again, don't clobber it
            return
        # Reads run on two workers and may finish out of order: only the newest one is shown.
        self._refresh_seq += 1
        seq = self._refresh_seq
        store = self.w.services.store

        def show(sessions: list[SessionRecord]) -> None:
            if seq == self._refresh_seq:
                self.show_sessions(sessions)

        self.w.bridge.submit(lambda: list(store.list_sessions()), show)

    def listed_ids(self) -> set[str]:
        return {s.id for s in self.sessions}

    def show_sessions(self, sessions: list[SessionRecord]) -> None:
        pending = self.pending_delete.id if self.pending_delete else None
        self.sessions = [s for s in sessions if s.id != pending]
        if self.quick_switcher is not None:
            self.quick_switcher.set_sessions(self.sessions)
        if self.w.session_search.is_searching():
            return  # a search started while the full list was being read
        names = {p.id: p.name for p in self.w.settings.projects}
        sections = group_sessions(self.sessions, now=datetime.now().astimezone(), projects=names)
        self.w.session_list.set_sections(sections, self.w._session_id)

    @Slot(str, object)
    def _show_matches(self, query: str, matches: list[SessionMatch]) -> None:
        """The sidebar search's results replace the list (clearing the search restores it)."""
        pending = self.pending_delete.id if self.pending_delete else None
        self.w.session_list.show_matches(
            [m for m in matches if m.session_id != pending], self.w._session_id, query
        )

    @Slot(str, object)
    def open_requested(self, session_id: str, event_id: object = None) -> None:
        if self.w.bridge.active_turn is not None:
            self.w._show_status(
                translate(
                    "SidebarController", "Stop the running answer before switching conversations."
                )
            )
            return
        self.w.open_session(session_id, event_id=event_id if isinstance(event_id, int) else None)

    def open_quick_switcher(self) -> QuickSwitcher:
        if self.quick_switcher is None:
            from parley.ui.widgets.quick_switcher import QuickSwitcher  # first opened, not at start

            store = self.w.services.store
            self.quick_switcher = QuickSwitcher(
                lambda query: search_sessions(store, query), self.w.bridge.submit, self.w
            )
            self.quick_switcher.sig_chosen.connect(self.open_requested)
        self.quick_switcher.set_sessions(self.sessions)
        self.quick_switcher.open_switcher()
        return self.quick_switcher

    def open_history(self) -> HistoryWindow:
        """Open the history window (one per main window; raised if already open)."""
        w = self.w
        names = [p.name for p in w.settings.providers]
        if w.history_window is None:
            from parley.ui.history import HistoryWindow

            w.history_window = HistoryWindow(
                w.services.store,
                w.bridge.submit,
                w,
                providers=names,
                prices=w.services.settings.prices,
            )
            # Operators open team stores by address in it (None: no PostgreSQL driver here).
            from parley.ui.history.team_access import TeamAccess

            w.history_window.set_team_access(TeamAccess.from_services(w.services))
            # It deletes on its own worker; what that changed goes out like any operation's.
            w.history_window.sig_session_deleted.connect(
                lambda sid: self.hub.announce(ops.deleted_elsewhere(sid))
            )
            w.history_window.sig_exported.connect(w.feedback.exported)  # a toast says so
        else:
            w.history_window.set_providers(names)
        w.history_window.present()
        return w.history_window

    # -- operations --------------------------------------------------------------------------------

    @Slot(str, str)
    def rename(self, session_id: str, title: str) -> None:
        store = self.w.services.store
        self.hub.run_operation(ops.RENAME, lambda: ops.rename(store, session_id, title))

    @Slot(str, bool)
    def pin(self, session_id: str, pinned: bool) -> None:
        store = self.w.services.store
        self.hub.run_operation(ops.PIN, lambda: ops.pin(store, session_id, pinned))

    @Slot(str)
    def duplicate(self, session_id: str) -> None:
        store = self.w.services.store

        def said(changes: OpChanges) -> None:
            if changes.created is not None:
                self.w._show_status(
                    translate("SidebarController", "Duplicated as “{title}”.").format(
                        title=changes.created.title
                    )
                )

        self.hub.run_operation(ops.DUPLICATE, lambda: ops.duplicate(store, session_id), said)

    @Slot(str, object)
    def move_to_project(self, session_id: str, project_id: object) -> None:
        pid = project_id if isinstance(project_id, str) and project_id else None
        store = self.w.services.store
        self.hub.run_operation(ops.MOVE, lambda: ops.move_to_project(store, session_id, pid))

    @Slot(str)
    def delete(self, session_id: str) -> None:
        """Hide the conversation now; delete it when the Undo bar expires."""
        w = self.w
        if session_id == w._session_id and w.bridge.active_turn is not None:
            w._show_status(
                translate(
                    "SidebarController",
                    "Stop the running answer before deleting this conversation.",
                )
            )
            return
        record = next((s for s in self.sessions if s.id == session_id), None)
        if record is None:
            return
        # Showing a new message expires the previous one: that deletion runs first.
        w.undo_bar.show_message(
            translate("SidebarController", "Deleted “{value}”.").format(
                value=record.title or "(untitled)"
            ),
            record.id,
            timeout_ms=self._undo_ms(),
        )
        self.pending_delete = record
        self.hub.announce(ops.hide(record.id))

    @Slot(object)
    def _undo_delete(self, token: object) -> None:
        if self.pending_delete is not None and self.pending_delete.id == token:
            self.pending_delete = None
            self.hub.announce(ops.restore(str(token)))
            self.w._show_status(translate("SidebarController", "The conversation is back."))

    @Slot(object)
    def _finish_delete(self, token: object) -> None:
        if self.pending_delete is None or self.pending_delete.id != token:
            return
        self.pending_delete = None
        store, session_id = self.w.services.store, str(token)
        self.hub.run_operation(ops.DELETE, lambda: ops.delete(store, session_id))

    def finish_pending_now(self) -> None:
        """The window is closing: the deletion behind Undo happens now, on this thread (the
        workers are about to stop, and nobody is typing any more)."""
        pending, self.pending_delete = self.pending_delete, None
        if pending is None:
            return
        try:
            self.w.services.store.delete_session(pending.id)
        except Exception as exc:  # closing must not fail over it
            log.warning("could not delete conversation %s: %s", pending.id, exc)

    # -- titles ------------------------------------------------------------------------------------

    @Slot()
    def _on_title_edited(self) -> None:
        """A title typed in the field: before the first send it travels in the request; once
        the conversation exists it renames it (a conversation whose first turn is still being
        recorded is renamed when that turn ends, ``adopt_session``)."""
        w = self.w
        title = ops.clean_title(w.title_edit.text())
        if not title or w._session_id is None:
            return
        if w.chat.session is not None and title == w.chat.session.title:
            return
        self.typed_title = title
        if w.chat.session is not None:
            w.chat.session = dataclasses.replace(w.chat.session, title=title)
            self.rename(w.chat.session.id, title)

    def adopt_session(self, session: SessionRecord) -> None:
        """The open conversation's row, read after its turn ended: a title typed while its
        first turn was recorded is applied now."""
        w = self.w
        w.chat.session = session
        typed, self.typed_title = self.typed_title, ""
        if typed and typed != session.title and session.id == w._session_id:
            self.rename(session.id, typed)
            w.chat.session = dataclasses.replace(session, title=typed)
        elif not w.title_edit.text().strip():
            w.title_edit.setText(session.title)

    def generate_title_after(self, outcome: TurnOutcome) -> None:
        """After a conversation's first answer, ask the same model for a short title on a
        worker (a heuristic title is already there, so nothing waits on this). When is
        ``wants_generated_title``'s decision; the field follows ``sig_changed``."""
        w = self.w
        prompt = next(
            (
                e.event.text
                for e in w._events
                if e.turn_id == outcome.turn_id and isinstance(e.event, UserMessage)
            ),
            "",
        )
        # The heading shows the derived title from the moment the turn starts (chat.start), even
        # before the session's row is read back: that one is Parley's own, so it may be replaced.
        heuristic = w.chat.session.title if w.chat.session else derive_title(prompt)
        if (
            not w.auto_titles
            or outcome.session_id != w._session_id
            or outcome.session_id in self.title_jobs
            or not ops.wants_generated_title(w._events, shown=w.title_edit.text(), stored=heuristic)
        ):
            return
        session_id = outcome.session_id
        self.title_jobs.add(session_id)
        providers, store = w.services.providers, w.services.store
        replaceable = (derive_title(prompt), heuristic)

        def job() -> OpChanges:
            provider = providers.resolve(outcome.provider_id).provider
            return ops.generated_title(
                store, provider, session_id, model=outcome.model, prompt=prompt,
                answer=outcome.text, replaceable=replaceable,
            )  # fmt: skip

        self.hub.run_operation(
            ops.GENERATE_TITLE,
            job,
            lambda _c: self.title_jobs.discard(session_id),
            lambda _e: self.title_jobs.discard(session_id),
        )

"""The chat controller: the open conversation, its model, and the turns sent in it.

Why it exists: the open conversation is one ``ConversationState`` (ADR-007). This controller owns
it and is the only code that changes it: events the worker reports go through ``reduce``, streamed
text through ``apply_text``, opening a conversation through ``from_events`` (on a worker), a
branch switch through ``select``. After each change it hands the new state to the transcript,
which draws the difference, and shows the conversation's total (``state.total``). It also turns
the user's intent (send, stop, retry, regenerate, edit, copy the last answer, switch branch, new
chat) into drafts for ``compose_turn`` and turns on the bridge.

Invariants it keeps:

- no event is interpreted here: events are passed to the reducer, facts are asked of the model
  (``application.conversation_view.queries``); how a turn ended reaches the transcript only as
  the ``Outcome`` item of its ``turn_finished`` (the bridge's ``TurnOutcome`` only updates the
  status line and the composer);
- the user's message appears when its ``user_message`` event arrives (the worker records it
  before any network call), not when Send is pressed;
- the UI thread never reads the store nor reduces a whole log: opening a conversation reads and
  reduces on a worker (``submit``) — first the shown path's last turns, then the whole log, which
  the transcript adopts without drawing again when its last items are the ones drawn;
- one turn at a time; a conversation opened later makes an earlier opening stale (``open_seq``);
- ``/compact`` summarises the conversation's earlier turns on a worker (the operations hub);
  meanwhile nothing can be sent, and when it is done the conversation is read again (its divider
  appears); the context gauge shows the state's fill (``queries.context_fill``) after every
  change, and showing the turns a summary replaced is ``reveal`` (a way of looking, no event).
"""

from __future__ import annotations

import gc
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QGuiApplication

from parley.application.conversation_view import (
    ConversationState,
    apply_text,
    empty,
    from_events,
    path,
    queries,
    reduce,
    reveal,
    select,
)
from parley.application.conversations.outcome import TurnOutcome, derive_title
from parley.application.ports.event_store import SessionRecord
from parley.application.tools.specs import TOOL_SETS
from parley.domain.transcript.branches import BranchTree
from parley.domain.transcript.canonical import StoredEvent
from parley.domain.usage.pricing import format_cost
from parley.ui.bridge import TurnHandle
from parley.ui.controllers.menus import HELP_TEXT
from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text

if TYPE_CHECKING:
    from parley.application.conversations.compose import TurnDraft
    from parley.application.ports.settings_store import ProjectConfig
    from parley.ui.main_window import MainWindow


def _ignore(_result: object) -> None:
    pass


class ChatController(QObject):
    """See the module docstring."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        self.session_id: str | None = None
        self.session: SessionRecord | None = None
        #: The open conversation's whole log (every branch): what the next turn is composed from.
        self.events: list[StoredEvent] = []
        self.state: ConversationState = empty()
        self.chosen_turns: dict[str, str] = {}  # session -> the branch leaf last chosen here
        # session -> the unsent text typed there ("" for a conversation not saved yet); the
        # shown conversation's draft lives in the composer until the user leaves it
        self.drafts: dict[str, str] = {}
        self.draft_key = ""  # whose draft the composer holds
        self.open_seq = 0  # which opening is current (a later one makes earlier ones stale)
        self.opened_with: tuple[Any, ...] = ()  # the price table the open conversation used
        self.loading_full = False  # the open conversation's whole log is still being read
        # A send made while that log loads (text, place, target): it goes when the log arrives,
        # so a click right after opening a conversation is not lost.
        self.queued_send: tuple[str, str, str] | None = None
        self._tree = BranchTree(())
        self._tree_source: list[StoredEvent] | None = None  # the list the tree was built from
        self._tree_length = -1
        #: Set while ``/compact`` runs (Stop sets it: the summary is then not recorded).
        self.compacting: threading.Event | None = None

    def wire(self) -> None:
        w = self.w
        w.composer.sig_send_requested.connect(self.send)
        w.composer.sig_stop_requested.connect(self.stop_turn)
        w.composer.sig_edit_last_requested.connect(self.edit_last_message)
        w.transcript.sig_retry_requested.connect(self.retry_turn)
        w.transcript.sig_regenerate_requested.connect(self.regenerate_turn)
        w.transcript.sig_edit_requested.connect(self.edit_turn)
        w.transcript.sig_branch_requested.connect(self.show_branch)
        w.transcript.sig_reveal_requested.connect(self.reveal_originals)
        w.transcript.sig_copied.connect(lambda what: w._show_status(what))
        w.new_button.clicked.connect(self.new_chat)
        w.bridge.sig_text.connect(self.on_text)
        w.bridge.sig_event.connect(self.on_event)
        w.bridge.sig_turn_finished.connect(self.on_turn_finished)

    # -- the model ---------------------------------------------------------------------------------

    @property
    def current_turn(self) -> str | None:
        """The turn the shown path goes through (what a new turn follows)."""
        return self.state.anchor

    def tree(self) -> BranchTree:
        """The open conversation's tree, built once per change of the log."""
        if self._tree_length != len(self.events) or self._tree_source is not self.events:
            self._tree = BranchTree(self.events)
            self._tree_source, self._tree_length = self.events, len(self.events)
        return self._tree

    def shown_path(self) -> tuple[str, ...]:
        return path(self.state)

    def _prices(self) -> tuple[Any, ...]:
        return tuple(self.w.settings.prices)

    def show(self, state: ConversationState, *, redraw: bool = False) -> None:
        """Make ``state`` the open conversation's and draw what changed."""
        old, self.state = self.state, state
        if redraw:
            self.w.transcript.show_state(state)
        else:
            self.w.transcript.apply(state)
        if state.total is not old.total or redraw:
            self.show_usage()
        if (state.anchor is None) != (old.anchor is None) or redraw:
            self.w.feedback.show_empty(state.anchor is None)  # the greeting of an empty chat
        if state.fill is not old.fill or state.compaction is not old.compaction or redraw:
            self.show_fill(state)

    def show_fill(self, state: ConversationState) -> None:
        """The context gauge: the shown path's latest measurement, amber past the threshold the
        conversation is summarised at (Settings → Context)."""
        gauge = self.w.composer.context_gauge
        context = getattr(self.w.settings, "context", None)
        if context is not None:
            gauge.set_threshold(context.compaction_threshold)
        gauge.show_fill(queries.context_fill(state))

    @Slot(bool)
    def reveal_originals(self, shown: bool) -> None:
        """Show (or hide again) the turns the summary on the shown path stands in for."""
        self.show(reveal(self.state, shown))

    def show_log(self, events: list[StoredEvent]) -> None:
        """Show a log read elsewhere (tests, tools): reduced here, on this thread."""
        self.events = events
        self.show(from_events(events, None, self._prices()), redraw=True)

    def show_usage(self) -> None:
        """The conversation's total (the sum over the shown path) beside the title."""
        total = self.state.total
        parts = []
        if total.tokens is not None:
            parts.append(translate("ChatController", "{count:,} tokens").format(count=total.tokens))
        if total.cost is not None:
            parts.append(f"≈ {format_cost(total.cost)}")
        self.w.usage_label.setText(" · ".join(parts))

    @Slot(str, str)
    def on_text(self, turn_id: str, text: str) -> None:
        """Answer text streamed in (a turn of another conversation is not in the state)."""
        self.show(apply_text(self.state, turn_id, text))

    @Slot(object)
    def on_event(self, stored: StoredEvent) -> None:
        if stored.session_id != self.session_id:
            return
        self.events.append(stored)
        state = reduce(self.state, stored)
        started = state.anchor != self.state.anchor
        self.show(state)
        if started and stored.session_id not in self.w.sidebar.listed_ids():
            # A new conversation is in the store from its first turn's start: list it now, not
            # when the answer ends.
            self.w._refresh_sessions()

    def reprice(self) -> None:
        """The price table changed: the footers and the total again (on a worker)."""
        if self.session_id is None or self.w.bridge.active_turn is not None:
            return
        seq, events, anchor, prices = (
            self.open_seq,
            list(self.events),
            self.state.anchor,
            self._prices(),
        )

        def shown(state: ConversationState) -> None:
            if seq == self.open_seq and self.w.bridge.active_turn is None:
                self.show(state, redraw=True)

        self.w.bridge.submit(lambda: from_events(events, anchor, prices), shown, _ignore)

    # -- opening and leaving a conversation --------------------------------------------------------

    @Slot()
    def new_chat(self) -> None:
        w = self.w
        if w.bridge.active_turn is not None:
            w._show_status(
                translate("ChatController", "Stop the running answer before starting a new chat.")
            )
            return
        self.open_seq += 1  # a conversation still being opened is no longer wanted
        self.loading_full = False
        self.queued_send = None
        if w.composer.editing_turn:
            w.composer.cancel_edit()
        self.switch_draft("")
        w._clear_status()
        self.session_id = None
        self.session = None
        self.events = []
        w.title_edit.clear()
        self.show(empty(self._prices()), redraw=True)
        w.session_list.clearSelection()
        # A new conversation inherits the selected project's settings.
        w.settings.apply_project(w.settings.selected_project())
        w.composer.editor.setFocus()

    def open_session(self, session_id: str, event_id: int | None = None, quiet: bool = False):
        """Show a saved conversation, in two steps so a long one paints at once:

        1. on a worker, the turn index (no event decoded), the shown path, and the events of
           its last ``transcript.window_turns`` turns only, reduced; on the UI thread, drawn;
        2. on a worker, the whole log, reduced; on the UI thread, adopted by the transcript
           (nothing is drawn again when the last items are the same) for "Show earlier", and
           the conversation's total. Until then sending and switching branches wait (composing
           a turn needs the whole log).

        With ``event_id`` (a search result's match) the whole log is read first and the
        transcript shows the branch holding that event, scrolled to it."""
        w, store, prices = self.w, self.w.services.store, self._prices()
        self.opened_with = prices  # the price table may arrive while this loads: see _repriced
        self.open_seq += 1
        seq = self.open_seq
        chosen = self.chosen_turns.get(session_id)  # read here: workers touch no window state

        self.queued_send = None  # meant for the conversation shown until now

        def failed(exc: BaseException) -> None:
            if seq == self.open_seq:
                self.loading_full = False
                self.queued_send = None
            if not quiet:
                w._show_status(str(exc), error=True)

        if event_id is not None:

            def load() -> tuple[SessionRecord, list[StoredEvent], ConversationState]:
                session = store.get_session(session_id)
                events = list(store.events(session_id))
                turn = next((e.turn_id for e in events if e.id == event_id), None)
                anchor = turn or chosen or session.current_turn_id or None
                return session, events, from_events(events, anchor, prices)

            def show(loaded: tuple[SessionRecord, list[StoredEvent], ConversationState]) -> None:
                if seq != self.open_seq:
                    return  # another conversation was opened meanwhile
                session, events, state = loaded
                self._adopt_opened(session)
                self.events = events
                self.loading_full = False
                self.show(state, redraw=True)
                gc.freeze()  # see _show_full
                w.transcript.scroll_to_event(event_id)
                self._adopt_setup()
                self._repriced()

            w.bridge.submit(load, show, failed)
            return

        window = w.transcript.window_turns

        def load_tail() -> tuple[SessionRecord, str | None, ConversationState]:
            session = store.get_session(session_id)
            tree = BranchTree.from_index(store.turn_index(session_id))
            anchor = chosen or session.current_turn_id or None
            shown = tree.path_through(anchor)
            tail = list(store.events_of_turns(session_id, shown[-window:]))
            return session, anchor, from_events(tail, shown[-1] if shown else None, prices)

        def load_full(anchor: str | None) -> tuple[list[StoredEvent], ConversationState]:
            events = list(store.events(session_id))
            return events, from_events(events, anchor, prices)

        def show_tail(loaded: tuple[SessionRecord, str | None, ConversationState]) -> None:
            if seq != self.open_seq:
                return
            session, anchor, state = loaded
            self._adopt_opened(session)
            self.events = []
            self.loading_full = True
            self.show(state, redraw=True)
            self._adopt_setup()
            w.bridge.submit(
                lambda: load_full(anchor), lambda full: self._show_full(seq, full), failed
            )

        w.bridge.submit(load_tail, show_tail, failed)

    def _show_full(self, seq: int, full: tuple[list[StoredEvent], ConversationState]) -> None:
        """Step 2 of ``open_session``: the whole log arrived, reduced."""
        if seq != self.open_seq:
            return
        self.events, state = full
        self.loading_full = False
        self.state = state
        self.w.transcript.adopt(state)
        self.show_usage()
        self.show_fill(state)
        self._repriced()
        queued, self.queued_send = self.queued_send, None
        if queued is not None:
            text, place, target = queued
            self.start(text, place=place, target=target)
        # A long conversation is tens of thousands of long-lived objects; left in the
        # collector's generations they make the next full collection (tens of ms, on this
        # thread, mid-stream) scan them all. Frozen, they are skipped; they are still freed by
        # reference counting when the conversation is closed.
        gc.freeze()

    def _repriced(self) -> None:
        """The settings (and their price table) load on a worker too: when they arrived while
        this conversation loaded, it was reduced with the old table; reduce it again."""
        if self.opened_with != self._prices():
            self.reprice()

    def remember_turn(self, session_id: str, turn_id: str) -> None:
        """The branch the user is on, kept here at once and stored on a worker. The stored copy
        may land after the next read of the session (the workers run in parallel), so the
        window's own memory wins when the conversation is opened again."""
        self.chosen_turns[session_id] = turn_id
        store, chosen = self.w.services.store, self.chosen_turns
        # Each job writes the latest choice (a dict read is atomic), so two jobs finishing out of
        # order still leave the last choice stored.
        self.w.bridge.submit(
            lambda: store.set_current_turn(session_id, chosen[session_id]), _ignore
        )

    def _adopt_opened(self, session: SessionRecord) -> None:
        w = self.w
        if session.id != self.session_id:
            if w.composer.editing_turn:
                w.composer.cancel_edit()  # an edit of the other conversation's message
            self.switch_draft(session.id)
            w._clear_status()
        self.session_id = session.id
        self.session = session
        w.title_edit.setText(session.title)
        w.settings.set_project_picker(session.project_id)
        w.session_list.select_session(session.id)

    def _adopt_setup(self) -> None:
        """The model and workspace of the shown path's latest turn become the next turn's."""
        last = queries.setup(self.state)
        if last is not None and last.provider_id in {p.name for p in self.w._providers}:
            self.w.model_picker.select(last.provider_id, last.model)
        if last is not None:
            # A conversation resumes as its latest turn ran: in that turn's folder, or with no
            # folder (and so no tools) when it had none — never in the previous conversation's;
            # with the MCP servers that turn offered (none for a turn from before they existed).
            self.w.set_workspace(Path(last.workspace) if last.workspace else None)
            self.w.settings.show_mcp_servers(last.mcp_servers)

    @Slot(str)
    def show_branch(self, turn_id: str) -> None:
        """Show the path through ``turn_id`` (a sibling the user switched to); the switcher stays
        where it was on the screen (the view does not jump)."""
        w = self.w
        if w.bridge.active_turn is not None or self.loading_full:
            w._show_status(
                translate(
                    "ChatController", "Wait for the answer to finish before switching branches."
                )
            )
            return
        tree = self.tree()
        if turn_id not in tree:
            return
        # The sibling shown now sits where ``turn_id`` will: the same place in the path.
        old_path, new_leaf = self.shown_path(), tree.leaf(turn_id)
        new_path = tree.path_through(new_leaf)
        depth = new_path.index(turn_id) if turn_id in new_path else -1
        shown = old_path[depth] if 0 <= depth < len(old_path) else None
        top = w.transcript.turn_top(shown) if shown else None
        self.show(select(self.state, new_leaf or turn_id))
        if top is not None:
            w.transcript.keep_turn_at(turn_id, top)
        if self.session_id and new_leaf:
            self.remember_turn(self.session_id, new_leaf)

    # -- drafts ------------------------------------------------------------------------------------

    def all_drafts(self) -> dict[str, str]:
        """The unsent text of every conversation that has some ("" for a new one), the shown
        one's included."""
        drafts = dict(self.drafts)
        text = self.w.composer.draft()
        if text.strip():
            drafts[self.draft_key] = text
        else:
            drafts.pop(self.draft_key, None)
        return drafts

    def switch_draft(self, key: str) -> None:
        """Keep the composer's unsent text as the draft of the conversation it was typed in, and
        bring back ``key``'s ("" for a new conversation)."""
        if key == self.draft_key:
            return
        self.drafts = self.all_drafts()
        self.draft_key = key
        self.w.composer.set_draft(self.drafts.pop(key, ""))

    # -- turns -------------------------------------------------------------------------------------

    def draft(self, text: str, *, place: str = "new", target: str = "") -> TurnDraft:
        """Read every widget the turn depends on, once."""
        w = self.w
        provider_id, model = w.model_picker.current()
        project = w.settings.selected_project()
        # (compose loads with the first draft: the window paints without it)
        from parley.application.conversations.compose import TurnDraft

        return TurnDraft(
            text=text,
            provider_id=provider_id,
            model=model,
            session_id=self.session_id,
            title=w.title_edit.text().strip(),
            attachments=tuple(w.composer.attachments()),
            workspace=w.workspace,
            allowed_tools=TOOL_SETS[w.tools_picker.currentData()],
            gate_mode=w.gate_picker.currentData(),
            project_id=project.id if project else None,
            project_instructions=project.instructions if project else "",
            place=place,
            target_turn_id=target,
            current_turn_id=self.current_turn,
            mcp_servers=w.tools_control.mcp_servers,
            mcp_resources=(tuple(w.composer.chips.resources()) if place in ("new", "edit") else ()),
            retrieval_attachments=(
                tuple(w.composer.searched_attachments()) if place in ("new", "edit") else ()
            ),
            knowledge_collections=(
                (project.id,) if project is not None and project.knowledge_folder else ()
            ),
            knowledge_incomplete=_indexing(w, project),
            context_threshold=w.settings.context.compaction_threshold,
            compaction_provider_id=w.settings.context.compaction_provider_id,
            compaction_model=w.settings.context.compaction_model,
            retrieval_limit=w.settings.context.excerpts,
        )

    def freeze_request(self, prompt: str, *, retry_of: str = ""):
        """The request Send would run now (kept for tests and tools that want to inspect it)."""
        from parley.application.conversations.compose import compose_turn

        place, target = ("retry", retry_of) if retry_of else ("new", "")
        composed = compose_turn(
            self.draft(prompt, place=place, target=target),
            self.events,
            skills=self.w.settings.skills,
            models=self.w.settings.models(),
        )
        return composed.request

    @Slot(str)
    def retry_turn(self, turn_id: str) -> TurnHandle | None:
        """Send a failed turn again as a sibling: the failed one stays in the history."""
        return self.start("", place="retry", target=turn_id)

    @Slot(str)
    def regenerate_turn(self, turn_id: str) -> TurnHandle | None:
        """Answer ``turn_id``'s message again (with the model picked now), as a new branch."""
        return self.start("", place="regenerate", target=turn_id)

    @Slot()
    def regenerate_last(self) -> TurnHandle | None:
        leaf = self.state.leaf
        return self.regenerate_turn(leaf) if leaf else None

    @Slot(str)
    def edit_turn(self, turn_id: str) -> None:
        """Put ``turn_id``'s message in the composer; sending it starts a new branch."""
        text = queries.question(self.state, turn_id)
        if text is not None:
            self.w.composer.begin_edit(turn_id, text)
            self.w.composer.editor.setFocus()

    @Slot()
    def edit_last_message(self) -> None:
        leaf = self.state.leaf
        if leaf and self.w.bridge.active_turn is None:
            self.edit_turn(leaf)

    @Slot()
    def copy_last_answer(self) -> str:
        text = queries.last_answer(self.state)
        if text:
            QGuiApplication.clipboard().setText(text)
            self.w._show_status(translate("ChatController", "Copied the last answer."))
        return text

    @Slot(str)
    def send(self, prompt: str, retry_of: str = "") -> TurnHandle | None:
        if retry_of:
            return self.retry_turn(retry_of)
        editing = self.w.composer.editing_turn
        if editing:
            return self.start(prompt, place="edit", target=editing)
        return self.start(prompt)

    def start(self, text: str, *, place: str = "new", target: str = "") -> TurnHandle | None:
        w = self.w
        if w.bridge.active_turn is not None or self.compacting is not None:
            return None
        if not w.providers_loaded:
            w._show_status(
                translate("ChatController", "Still reading the settings; send again in a moment.")
            )
            return None
        if not w._providers:
            w.stack.setCurrentWidget(w.welcome)
            return None
        if self.loading_full:
            # The composer keeps the text until then; sending again replaces the queued send.
            self.queued_send = (text, place, target)
            w._show_status(
                translate(
                    "ChatController",
                    "Opening the conversation; your message goes as soon as it is read.",
                )
            )
            return None
        from parley.application.conversations.compose import ComposeError, compose_turn

        try:
            composed = compose_turn(
                self.draft(text, place=place, target=target),
                self.events,
                skills=w.settings.skills,
                models=w.settings.models(),
                tree=self.tree(),
            )
        except ComposeError as exc:
            w.composer.show_error(str(exc))  # the typed text stays in the composer
            return None
        if composed.model and composed.provider_id:
            w.model_picker.select(composed.provider_id, composed.model)
        if "help" in composed.commands:
            w._show_status(translate("MenuController", HELP_TEXT))  # not in the conversation
        if "compact" in composed.commands:
            if composed.request is not None:
                w.composer.show_error(
                    translate(
                        "ChatController", "Send /compact on its own; your message stays here."
                    )
                )
                return None
            if place == "new":
                w.composer.editor.clear()
            self.compact()
            return None
        if {"new", "clear"} & set(composed.commands):
            if place == "new":
                w.composer.editor.clear()  # the command was sent, not a draft to keep here
            self.new_chat()
        request = composed.request
        if request is None:
            if place in ("new", "edit"):
                w.composer.clear()
            if composed.model:
                w._show_status(
                    translate("ChatController", "The next message goes to {model}.").format(
                        model=composed.model
                    )
                )
            return None
        if self.session_id != request.session_id:  # a new conversation
            self.session_id = request.session_id
            self.events = []
            self.show(empty(self._prices()), redraw=True)
            # The heading names it at once, as the sidebar does (the runtime titles it the same
            # way; a generated title replaces both after the first answer).
            if not w.title_edit.text().strip():
                w.title_edit.setText(request.title or derive_title(request.prompt))
        self.draft_key = request.session_id  # what is typed from now on is this one's draft
        # The worker records the turn (its start, then the user's message) before any network
        # call; those events draw the new turn (a new branch replaces the path below the turn it
        # follows then).
        handle = w.bridge.start_turn(request, w._asker)
        w.composer.clear(keep_attachments=place in ("retry", "regenerate"))
        w.composer.set_running(True)
        # No "Answering with …" line: the thinking indicator and the Stop button say it (the
        # status line repeated them under the composer); it is kept for errors and notices.
        w._clear_status()
        return handle

    def compact(self) -> bool:
        """Summarise the shown path's earlier turns (``/compact``) on a worker: the composer
        waits meanwhile; then the conversation is read again (its divider appears), or the
        reason nothing was summarised is shown. False when it cannot start."""
        w = self.w
        compactor = getattr(w.services, "compactor", None)
        if self.compacting is not None:
            return False
        if self.session_id is None or self.state.leaf is None:
            w._show_status(
                translate(
                    "ChatController", "Nothing to summarise yet: this conversation has no messages."
                )
            )
            return False
        if compactor is None or w.bridge.active_turn is not None or self.loading_full:
            w._show_status(
                translate("ChatController", "Earlier messages cannot be summarised right now."),
                error=True,
            )
            return False
        session_id, leaf, cancel = self.session_id, self.state.leaf, threading.Event()
        outcome: list[Any] = []
        self.compacting = cancel
        w.composer.set_busy(translate("ChatController", "Summarising earlier messages…"))
        w._show_status(translate("ChatController", "Summarising earlier messages…"))

        def job() -> Any:
            from parley.application.sessions.operations import OpChanges

            outcome.append(
                compactor.compact(
                    session_id, provider_id="", model="", cancel=cancel, leaf_turn_id=leaf
                )
            )
            return OpChanges("summarise earlier messages", session_id)

        def finish(message: str, *, error: bool = False) -> None:
            self.compacting = None
            w.composer.set_busy("")
            if message:
                w._show_status(message, error=error)
            else:
                w._clear_status()

        def done(_changes: object) -> None:
            result = outcome[0] if outcome else None
            if result is not None and result.compacted:
                what = (
                    translate("ChatController", "1 earlier turn")
                    if result.turns == 1
                    else translate("ChatController", "{count} earlier turns").format(
                        count=result.turns
                    )
                )
                finish(translate("ChatController", "Summarised {what}.").format(what=what))
                if session_id == self.session_id:
                    self.open_session(session_id, quiet=True)  # the divider, as on reopen
            else:
                finish(
                    translate_text(getattr(result, "message", ""))
                    or translate("ChatController", "Nothing was summarised.")
                )

        def failed(exc: BaseException) -> None:
            finish(
                translate("ChatController", "Summarising failed: {exc}").format(exc=exc), error=True
            )

        w.operations.run_operation("summarise earlier messages", job, done, failed)
        return True

    @Slot()
    def stop_turn(self) -> None:
        w = self.w
        if self.compacting is not None:
            self.compacting.set()
            w._show_status(translate("ChatController", "Stopping…"))
            return
        handle = w.bridge.active_turn
        if handle is not None:
            handle.cancel()
            self._withdraw_server_questions()
            w._show_status(translate("ChatController", "Stopping…"))
        elif w.composer.editing_turn:
            w.composer.cancel_edit()

    def _withdraw_server_questions(self) -> None:
        """An MCP server's form or sampling request asked during the turn goes with it (the
        worker waiting for it is answered cancel / deny, the dialog closes)."""
        requests = getattr(self.w, "server_requests", None)
        if requests is not None:
            requests.withdraw()

    @Slot(object)
    def on_turn_finished(self, outcome: TurnOutcome) -> None:
        """The turn's end as the bridge reports it: the composer, the status line, the branch
        remembered, the title. (The transcript already shows it: its ``turn_finished`` event.)"""
        w = self.w
        for dialog in list(w._permission_dialogs):  # a question nobody needs any more
            dialog.reject()
        self._withdraw_server_questions()
        w.composer.set_running(False)
        if outcome.session_id == self.session_id:
            self.remember_turn(outcome.session_id, outcome.turn_id)
        if outcome.unsaved:
            # The store refused the answer (a full disk, a held lock): it stays on screen (its
            # turn stays open until the next start adds the kept text, ADR-008), and the user is
            # told plainly, in a banner no conversation change hides, where it is kept.
            unsaved = translate_text(outcome.unsaved)
            w._show_status(unsaved, error=True)
            w.show_banner(unsaved)
        elif outcome.status == "completed":
            usage = outcome.usage
            figures = (
                translate("ChatController", " · {tokens_in} in / {tokens_out} out tokens").format(
                    tokens_in=usage.input_tokens, tokens_out=usage.output_tokens
                )
                if usage.input_tokens is not None and usage.output_tokens is not None
                else ""
            )
            w._show_status(
                translate("ChatController", "Done in {duration_s:.1f} s{figures}").format(
                    duration_s=outcome.duration_s, figures=figures
                )
            )
            w.sidebar.generate_title_after(outcome)
        elif outcome.status == "cancelled":
            w._show_status(translate("ChatController", "Stopped. The partial answer was kept."))
        else:
            error = translate_text(outcome.error)
            if outcome.status == "failed":
                line = translate("ChatController", "Failed: {error}").format(error=error)
            elif outcome.status == "timed_out":
                line = translate("ChatController", "Timed out: {error}").format(error=error)
            else:
                line = f"{outcome.status.replace('_', ' ').capitalize()}: {error}"
            w._show_status(line, error=True)
            w.fixes.offer(outcome)  # the way to the fix, when Parley has one (a 401, an image)
        w._refresh_sessions()
        if outcome.session_id == self.session_id and (
            self.session is None or w.sidebar.typed_title or not w.title_edit.text().strip()
        ):
            w.bridge.submit(
                lambda: w.services.store.get_session(outcome.session_id), w.sidebar.adopt_session
            )


def _indexing(window: MainWindow, project: ProjectConfig | None) -> bool:
    """Whether the project's knowledge folder is being indexed right now (cheap: a flag)."""
    if project is None or not project.knowledge_folder:
        return False
    from parley.ui.controllers.knowledge import KnowledgeRuns

    runs = KnowledgeRuns.for_services(window.services)
    return runs is not None and runs.is_running(project.id)

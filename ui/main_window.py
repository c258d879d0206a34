"""The main window: conversations on the left, the transcript in the middle, the composer below.

Why it exists: it is where a turn starts. On Send, the UI thread reads the composer, the model
picker, the project, the workspace and the gate *once* into a ``TurnDraft``;
``application.conversations.compose.compose_turn`` turns that (with the conversation's log, the
skills and the configured models) into the frozen ``ConversationExecutionRequest`` — directives,
instruction prefix, review note, project instructions, session notes and the turn's place in the
tree of branches are decided there, not here. From then on no widget is read for that turn. The
turn runs on a worker (``WorkerBridge``) and its results come back only as queued signals.

Invariants it keeps:

- the UI thread never waits on the provider, SQLite or the settings/skills files: every such call
  goes through ``WorkerBridge.submit`` and its result arrives as a signal (the window-state file is
  read before the window is built and written when it closes);
- one turn at a time per window; Stop sets the turn's cancel event directly;
- widgets render and forward intent; this window wires them and hands drafts to ``compose_turn``;
- the open conversation is one ``ConversationState`` owned by the chat controller
  (``ui/controllers/chat.py``, ADR-007): events, streamed text, opening and branch switches go
  through the reducer and the transcript draws only what changed; the branch shown is
  remembered in the session row (not an event: looking is not activity);
- a change to conversations (rename, pin, duplicate, move, delete behind Undo, a generated
  title) is a named operation run off this thread by ``self.operations`` (``ui/operations.py``);
  it ends in one ``sig_changed`` every view follows — no view refreshes another by hand. The
  sidebar, settings, attachments and menus each have a controller (``ui/controllers/``); the
  few methods here of the same names only delegate, for callers outside ``ui/`` (scripts, the
  test drivers) — new code calls ``window.chat``, ``window.sidebar``, ``window.settings``;
- the widgets are built and laid out by ``ui/window_layout.py``; the window paints before it has
  its services when started by ``ui/app.py`` (``attach``, ``ui/window_start.py``);
- attachments travel as paths: the composer's files are frozen into the request on Send (a retry
  or regenerate takes the original turn's files); the runtime reads them on its worker.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QEvent, QTimer, Slot
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.settings_store import ProviderConfig
from parley.application.sessions.operations import relist
from parley.domain.transcript.canonical import StoredEvent
from parley.ui.appearance import FontZoom, ThemeManager
from parley.ui.bridge import TurnHandle, WorkerBridge
from parley.ui.controllers.attachments import AttachmentsController
from parley.ui.controllers.chat import ChatController
from parley.ui.controllers.knowledge import KnowledgeController
from parley.ui.controllers.mcp_prompts import McpPromptsController
from parley.ui.controllers.menus import MenuController
from parley.ui.controllers.settings import SettingsController
from parley.ui.controllers.sidebar import SidebarController
from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text
from parley.ui.operations import OperationHub
from parley.ui.permission import BridgePermissionAsker, PermissionDialog, PermissionPrompt
from parley.ui.rendering.markdown import warm_up
from parley.ui.transcript import TranscriptView
from parley.ui.widgets.composer import Composer
from parley.ui.widgets.conversation_list import ConversationList
from parley.ui.widgets.model_picker import ModelPicker
from parley.ui.widgets.session_search import SessionSearch
from parley.ui.widgets.tools_control import ToolsControl
from parley.ui.widgets.undo_bar import UndoBar
from parley.ui.window_layout import SMALL_TEXT, build_chat_page, build_sidebar
from parley.ui.window_start import Late, PaintedBridge
from parley.ui.window_state import WindowState

if TYPE_CHECKING:  # these windows load when first opened, not at start
    from parley.application.conversations.turn_runtime import TurnRuntime
    from parley.application.ports.event_store import EventStore
    from parley.ui.attachment_viewer import AttachmentViewer
    from parley.ui.bootstrap import Services
    from parley.ui.controllers.team_sync import TeamSyncController
    from parley.ui.history import HistoryWindow
    from parley.ui.provider_editor import ProviderEditor
    from parley.ui.scheduled import ScheduledController
    from parley.ui.settings_dialog import SettingsDialog
    from parley.ui.widgets.quick_switcher import QuickSwitcher
    from parley.ui.widgets.shortcuts_dialog import ShortcutsDialog
    from parley.ui.widgets.welcome import WelcomePanel


def _ignore(_result: object) -> None:
    pass


def _load_compose() -> None:
    """Import what Send composes the turn with (``ui/controllers/chat.py`` loads it on first use;
    after the first paint, on a worker, so the first Send does not)."""
    import parley.application.conversations.compose  # noqa: F401


#: How long work held for the first paint waits for it at most (ms; ``after_first_paint``).
PAINT_WAIT_MS = 1000

#: How long a deleted conversation can be brought back from the Undo bar.
UNDO_MS = 8000


class MainWindow(QMainWindow):
    """Parley's main window. See the module docstring."""

    # -- the widgets ``ui/window_layout.py`` builds (the controllers and tests use these names)
    new_button: QPushButton
    session_search: SessionSearch
    session_list: ConversationList
    undo_bar: UndoBar
    title_edit: QLineEdit
    usage_label: QLabel
    project_picker: QComboBox
    #: The folder the next turn's tools act in (None: no tools).
    workspace: Path | None
    tools_control: ToolsControl
    workspace_button: QPushButton
    clear_workspace_button: QToolButton
    tools_picker: QComboBox
    gate_picker: QComboBox
    sandbox_label: QLabel
    model_picker: ModelPicker
    transcript: TranscriptView
    composer: Composer
    status: QLabel

    def __init__(
        self,
        services: Services | None,
        parent: QWidget | None = None,
        *,
        theme: ThemeManager | None = None,
        state: WindowState | None = None,
    ) -> None:
        super().__init__(parent)
        # Without services the window is built to be painted first and given them after
        # (``attach``; ``ui/app.py`` does so): the bridge and the search hold stand-ins till then.
        self._runtime, self._store = Late("the runtime"), Late("the history")
        self._attached = False
        runtime = services.runtime if services is not None else cast("TurnRuntime", self._runtime)
        self.bridge = WorkerBridge(runtime, self)
        # This window answers its own turns' permission questions (through the bridge); the
        # asker goes with each turn (``start_turn``), nothing shared is swapped.
        self._asker = BridgePermissionAsker(self.bridge.post)
        self.setWindowTitle(translate("MainWindow", "Parley"))
        self.resize(1100, 720)
        # QApplication.instance() is typed QCoreApplication; a window only runs in a QApplication.
        app = cast(QApplication, QApplication.instance())
        self._own_theme = theme is None  # a manager made here stops following when we close
        self.theme = theme or ThemeManager(app)
        self.zoom = FontZoom(app)
        self.state = state or WindowState()

        # the open conversation, its model and its turns (ui/controllers/chat.py)
        self.chat = ChatController(self)
        self._painted = False
        self._reopen_after_paint = ""
        #: Work that waits for the first paint (``after_first_paint``).
        self._after_paint: list[Callable[[], object]] = []
        #: Ask the model for a short title after a conversation's first answer (one small extra
        #: request to the same provider); off, the first line of the prompt stays the title.
        self.auto_titles = True
        self._permission_dialogs: list[PermissionDialog] = []
        self.history_window: HistoryWindow | None = None
        self.shortcuts_dialog: ShortcutsDialog | None = None

        # The widgets and their layout (``ui/window_layout.py``) set the names declared above.
        store = services.store if services is not None else cast("EventStore", self._store)
        self._sidebar = build_sidebar(self, store)
        chat = build_chat_page(self)
        self.stack = QStackedWidget()
        # The chat page comes first: a returning user never sees the welcome panel flash while
        # the settings are read; the window switches to the welcome panel only if none exist.
        # That panel (and its provider form) is built the first time it is asked for (``welcome``):
        # a returning user's first paint does not pay for it.
        self.stack.addWidget(chat)
        self._chat_page = chat
        self._welcome: WelcomePanel | None = None
        self._welcome_editor: ProviderEditor | None = None

        self.splitter = QSplitter()
        self.splitter.setObjectName("main-splitter")
        self.splitter.addWidget(self._sidebar)
        self.splitter.addWidget(self.stack)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([260, 840])
        self.setCentralWidget(self.splitter)

        # Named operations run off this thread and end in one "changed" signal every view follows;
        # the controllers forward their widgets' intent (ui/controllers/).
        self.operations = OperationHub(self.bridge.submit, self)
        self.attachments = AttachmentsController(self)
        self.settings = SettingsController(self)
        self.mcp_prompts = McpPromptsController(self)  # MCP prompts in the composer's '/' menu
        self.sidebar = SidebarController(self, self.operations, lambda: UNDO_MS)
        self.menus = MenuController(self)
        self.knowledge = KnowledgeController(self)  # projects' knowledge folders, watched
        #: The team store, synced in the background (made by ``attach``: loaded after the paint).
        self.team_sync: TeamSyncController | None = None
        #: Scheduled tasks: the page, the in-app scheduler, the sidebar's section (``attach``).
        self.scheduled: ScheduledController | None = None
        self.enter_sends_action = self.menus.enter_sends_action
        self._build_feedback()
        self._wire()
        self._restore_state()
        if services is not None:
            self.attach(services)

    def attach(self, services: Services) -> None:
        """Give the window its services (once): read the settings, the skills and the
        conversation list (on workers). ``MainWindow(services)`` calls it at once."""
        assert not self._attached, "the window already has its services"
        self.services = services
        self._runtime.set(services.runtime)
        self._store.set(services.store)
        self._attached = True
        if services.startup_notice:
            # A damaged history was moved aside at start: say where, without a dialog, in a
            # banner (a transcript notice was wiped when the last conversation reopened).
            self.show_banner(services.startup_notice)
        self._load_settings()
        self._load_skills()
        self._refresh_sessions()
        self.knowledge.attach(services)
        from parley.ui.notifications import follow_knowledge_runs

        follow_knowledge_runs(self)  # a folder indexed in the background is notified (issue 20)
        # The sync status sits at the foot of the sidebar (shown only with a team store).
        from parley.ui.controllers.team_sync import TeamSyncController

        self.team_sync = TeamSyncController(self)
        self.team_sync.attach(services, self._sidebar.layout())
        # What MCP servers ask of the person (forms, sampling) is asked here until this closes.
        from parley.ui.mcp_requests import install_window_requests

        self.server_requests = install_window_requests(self, services)
        # Scheduled tasks run while the window is open too; their conversations get a section.
        from parley.ui.scheduled import ScheduledController

        self.scheduled = ScheduledController(self, services)

    @property
    def welcome_built(self) -> bool:
        """Whether the welcome panel exists yet (asking for ``welcome`` builds it)."""
        return self._welcome is not None

    @property
    def welcome(self) -> WelcomePanel:
        """The first-start panel (no provider yet): built on first use, then kept in the stack."""
        if self._welcome is None:
            from parley.ui.provider_editor import ProviderEditor
            from parley.ui.view_models import preset_choices
            from parley.ui.widgets.welcome import WelcomePanel

            panel = WelcomePanel()
            panel.form.set_presets(preset_choices(self.services.catalog.presets()))
            panel.form.new_provider("openai")
            self._welcome = panel
            # The editor asks the keyring at once whether it can keep keys (on a worker: importing
            # keyring holds the GIL ~50 ms): on a first start that would race the first paint,
            # so its work waits for the paint (``PaintedBridge``).
            bridge = cast(WorkerBridge, PaintedBridge(self))
            self._welcome_editor = ProviderEditor(
                panel.form, self.services, bridge, self, make_default=True
            )
            self.stack.addWidget(panel)
            self.settings.wire_welcome(panel, self._welcome_editor)
            self._welcome_editor.sig_keyring_unavailable.connect(panel.show_keyring_problem)
        return self._welcome

    @property
    def welcome_editor(self) -> ProviderEditor:
        self.welcome  # noqa: B018  (builds the panel and its editor)
        assert self._welcome_editor is not None
        return self._welcome_editor

    def _build_feedback(self) -> None:
        """The thinking line, toasts, notifications, the empty chat's greeting and the fix
        button under the status line (``ui/controllers/feedback.py``, ``fixes.py``)."""
        from parley.ui.controllers.feedback import FeedbackController
        from parley.ui.controllers.fixes import FixController

        self.feedback = FeedbackController(self)
        self.fixes = FixController(self)

    def _wire(self) -> None:
        self.chat.wire()  # the composer, the transcript, the bridge
        self.bridge.sig_permission_requested.connect(self._ask_permission)
        self.theme.sig_theme_changed.connect(self.transcript.set_dark)
        self.theme.sig_theme_changed.connect(self._on_theme_changed)
        self.zoom.sig_zoom_changed.connect(self._apply_zoom)

    # -- window state, theme, zoom -----------------------------------------------------------------

    def _restore_state(self) -> None:
        state = self.state
        if state.geometry:
            self.restoreGeometry(state.geometry)
        if len(state.splitter_sizes) == 2 and all(s >= 0 for s in state.splitter_sizes):
            self.splitter.setSizes(list(state.splitter_sizes))
        self.transcript.set_dark(self.theme.is_dark)
        if state.font_point_size:
            self.zoom.set_point_size(state.font_point_size)
        self.enter_sends_action.setChecked(state.send_key == "enter")
        self.composer.set_send_key(state.send_key)
        self.chat.drafts = {k: v for k, v in state.drafts.items() if v.strip()}
        self.composer.set_draft(self.chat.drafts.pop("", ""))  # a new conversation's draft
        # The last conversation is reopened once the window has painted (see paintEvent): the
        # window appears first, the conversation a moment later.
        self._reopen_after_paint = state.last_session_id

    def current_state(self) -> WindowState:
        """What the window would save now (geometry, splitter, last conversation, preferences)."""
        return WindowState(
            geometry=bytes(self.saveGeometry().data()),
            splitter_sizes=tuple(self.splitter.sizes()),
            last_session_id=self._session_id or "",
            theme=self.theme.mode,
            font_point_size=(
                self.zoom.point_size if self.zoom.point_size != self.zoom.base_point_size else 0.0
            ),
            send_key=self.composer.send_key,
            drafts=self.chat.all_drafts(),
        )

    def set_theme(self, mode: str) -> None:
        self.theme.set_mode(mode)
        self.menus.check_theme(mode)

    @Slot()
    def toggle_sidebar(self) -> None:
        self._sidebar.setVisible(not self._sidebar.isVisible())

    def set_send_key(self, mode: str) -> None:
        self.composer.set_send_key(mode)
        self.shortcuts_dialog = None  # the sheet shows the send key: build it again
        if self.enter_sends_action.isChecked() != (mode == "enter"):
            self.enter_sends_action.setChecked(mode == "enter")

    @Slot(float)
    def _apply_zoom(self, point_size: float) -> None:
        self.transcript.set_font_point_size(point_size)
        # A widget with a style sheet of its own (the status line turns red on an error, the
        # token label is greyed, the title is a frameless heading) no longer follows the
        # application font: size them here.
        for widget, scale in (
            (self.composer.editor, 1.0),
            (self.title_edit, 1.0),
            (self.status, 1.0),
            (self.sandbox_label, 1.0),
            (self.usage_label, SMALL_TEXT),
        ):
            font = widget.font()
            font.setPointSizeF(point_size * scale)
            widget.setFont(font)

    @Slot()
    def show_shortcuts(self) -> ShortcutsDialog:
        if self.shortcuts_dialog is None:
            from parley.ui.widgets.shortcuts_dialog import ShortcutsDialog

            self.shortcuts_dialog = ShortcutsDialog(self.composer.send_key, self)
        self.shortcuts_dialog.show()
        self.shortcuts_dialog.raise_()
        return self.shortcuts_dialog

    # -- thin doors to the controllers (scripts, test drivers and tests call these names) --------

    @property
    def providers_loaded(self) -> bool:
        return self.settings.providers_loaded

    @property
    def _providers(self) -> list[ProviderConfig]:
        return self.settings.providers

    @property
    def quick_switcher(self) -> QuickSwitcher | None:
        return self.sidebar.quick_switcher

    @property
    def attachment_viewers(self) -> list[AttachmentViewer]:
        return self.attachments.viewers

    def _load_settings(self) -> None:
        self.settings.load_settings()

    def _load_skills(self) -> None:
        self.settings.load_skills()

    @Slot()
    def open_settings(self, page: str = "") -> SettingsDialog:
        return self.settings.open_settings(page)

    @Slot()
    def open_history(self) -> HistoryWindow:
        window = self.sidebar.open_history()
        if self.team_sync is not None:  # "This computer" or "Team store (address)"
            self.team_sync.offer_history(window)
        return window

    def _refresh_sessions(self) -> None:
        """The list changed outside a named operation (a turn recorded or moved a conversation):
        said through the one "changed" signal, so every view decides for itself."""
        self.operations.announce(relist())

    def pin_session(self, session_id: str, pinned: bool) -> None:
        self.sidebar.pin(session_id, pinned)

    def set_workspace(self, folder: Path | None) -> None:
        self.attachments.set_workspace(folder)

    @Slot(object)
    def open_attachment(self, stored: StoredEvent) -> AttachmentViewer | None:
        return self.attachments.open_attachment(stored)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        self.attachments.drag(event)

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        self.attachments.drag(event)

    def dropEvent(self, event: QDropEvent) -> None:
        self.attachments.drop(event)

    # -- permission questions and the status line -----------------------------------------------

    @Slot(object)
    def _ask_permission(self, prompt: PermissionPrompt) -> None:
        turn = self.bridge.active_turn  # the folder the asking turn was frozen with
        workspace = turn.request.workspace if turn is not None else self.workspace
        dialog = PermissionDialog(prompt, self, workspace=workspace)
        self.feedback.follow_permission(dialog)  # the thinking line waits on it, then goes on
        self._permission_dialogs.append(dialog)
        dialog.finished.connect(lambda _r, d=dialog: self._permission_dialogs.remove(d))
        dialog.open()

    def _show_status(self, text: str, error: bool = False) -> None:
        """A line about the open conversation (or what was just done in it). It belongs to that
        conversation: opening another, a new chat or a theme change takes it away."""
        self.status.setStyleSheet("color: #c0392b" if error else "")
        self.status.setText(translate_text(text))
        self.fixes.clear()  # a fix belongs to the line it followed

    # -- the open conversation (ui/controllers/chat.py owns it) ----------------------------------

    @property
    def _session_id(self) -> str | None:
        return self.chat.session_id

    @_session_id.setter
    def _session_id(self, session_id: str | None) -> None:
        self.chat.session_id = session_id

    @property
    def _events(self) -> list[StoredEvent]:
        """The open conversation's whole log (every branch)."""
        return self.chat.events

    @_events.setter
    def _events(self, events: list[StoredEvent]) -> None:
        self.chat.show_log(events)

    @property
    def _loading_full(self) -> bool:
        return self.chat.loading_full

    def new_chat(self) -> None:
        self.chat.new_chat()

    def open_session(self, session_id: str, event_id: int | None = None, quiet: bool = False):
        self.chat.open_session(session_id, event_id, quiet)

    def _render_conversation(self) -> None:
        """The prices changed: the footers and the total again."""
        self.chat.reprice()

    def freeze_request(self, prompt: str, *, retry_of: str = ""):
        return self.chat.freeze_request(prompt, retry_of=retry_of)

    def send(self, prompt: str, retry_of: str = "") -> TurnHandle | None:
        return self.chat.send(prompt, retry_of)

    def stop_turn(self) -> None:
        self.chat.stop_turn()

    def _on_event(self, stored: StoredEvent) -> None:
        self.chat.on_event(stored)

    @Slot(bool)
    def _on_theme_changed(self, _dark: bool) -> None:
        if self.bridge.active_turn is None:  # a running turn's notice stays
            self._clear_status()

    def _clear_status(self) -> None:
        if self.status.text():
            self.status.setStyleSheet("")
            self.status.clear()
        self.fixes.clear()

    def show_banner(self, text: str) -> None:
        """A notice above the conversation that stays until dismissed (that Parley crashed last
        time, and where the report is): unlike the status line, no conversation change hides
        it."""
        from parley.ui.widgets.notice_banner import NoticeBanner

        banner = NoticeBanner(text, self._chat_page)
        layout = self._chat_page.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(0, banner)

    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if not self._painted:
            # After the first paint (a queued call: the paint finishes first): warm the
            # Markdown renderer up on a worker, so the first answer shown does not import it on
            # this thread, and reopen the last conversation.
            self._painted = True
            QTimer.singleShot(0, self, self._after_first_paint)

    def _after_first_paint(self) -> None:
        waiting, self._after_paint = self._after_paint, []
        for work in waiting:  # first: what was held back from the first paint (the services)
            work()
        if not self._attached:  # the profile could not be opened (``ui/app.py`` says so)
            return
        self.bridge.submit(warm_up, _ignore)
        self.bridge.submit(_load_compose, _ignore)
        self.bridge.submit(self.services.preload, _ignore)
        # Whether commands run sandboxed: the probe starts a process, so it runs on a worker.
        self.bridge.submit(self.services.sandbox_status, self.attachments.show_sandbox, _ignore)
        if self._reopen_after_paint and self._session_id is None:
            self.open_session(self._reopen_after_paint, quiet=True)
        self._reopen_after_paint = ""

    def after_first_paint(self, work: Callable[[], object]) -> None:
        """Run ``work`` once the window has painted: at once if it has, or if it is not shown
        (nothing will paint it; a window built for a test). Background work started before the
        first paint competes with it for the GIL."""
        if self._painted or not self.isVisible():
            work()
            return
        if not self._after_paint:  # a window that is never painted (minimised?) still goes on
            QTimer.singleShot(PAINT_WAIT_MS, self, self._paint_overdue)
        self._after_paint.append(work)

    def _paint_overdue(self) -> None:
        if not self._painted:
            self._painted = True
            self._after_first_paint()

    def changeEvent(self, event: QEvent) -> None:
        # Skill and agent files may be edited in another program: read them again (on a
        # worker) whenever the window comes back to the front.
        if (
            event.type() == QEvent.Type.ActivationChange
            and self.isActiveWindow()
            and self._attached  # (``attach`` reads them the first time)
        ):
            self._load_skills()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        desktop = getattr(self, "desktop", None)  # close to the tray (ui/desktop_integration.py)
        if desktop is not None and desktop.keep_in_tray(event):
            return
        self.sidebar.finish_pending_now()  # the Undo window ends with the window
        if self.history_window is not None:
            self.history_window.close()
        self.bridge.shutdown()
        self.knowledge.shutdown()
        if self.team_sync is not None:
            self.team_sync.shutdown()  # waits at most ~1 s for a run under way
        if self.scheduled is not None:
            self.scheduled.shutdown()  # a scheduled run under way is recorded as cancelled
        if self._own_theme:
            self.theme.detach()
        super().closeEvent(event)

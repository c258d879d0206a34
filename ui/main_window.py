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
- the transcript shows one path through the conversation's branches (the one through
  ``_current_turn``, the turn the user last chose); switching branch re-renders that path only,
  and is remembered in the session row (not an event: looking is not activity);
- a deletion waits behind an Undo bar: the conversation disappears from the list at once and is
  deleted for real only when the bar expires (or another deletion replaces it, or the window
  closes);
- attachments travel as paths: the composer's files are frozen into the request on Send (a retry
  or regenerate takes the original turn's files); the runtime reads them on its worker.
"""

from __future__ import annotations

import dataclasses
import gc
import logging
import threading
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QGuiApplication,
    QImage,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from application.conversations.compose import ComposeError, TurnDraft, compose_turn
from application.conversations.sections import group_sessions
from application.conversations.titles import generate_title
from application.conversations.turn_runtime import TurnOutcome, derive_title
from application.ports.event_store import SessionRecord
from application.ports.settings_store import ProjectConfig, ProviderConfig, SettingsError
from application.ports.tools import SandboxStatus
from application.tools.specs import TOOL_SETS
from domain.agents.skills import SkillDoc
from domain.transcript.branches import BranchPosition, BranchTree, events_on_path
from domain.transcript.canonical import (
    ActionVerdict,
    AssistantText,
    AttachmentAdded,
    Notice,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnFinished,
    TurnStarted,
    Usage,
    UserMessage,
)
from domain.usage.pricing import ModelPrice, estimate_cost, find_price, format_cost, format_usage
from ui.appearance import FontZoom, ThemeManager
from ui.bootstrap import Services
from ui.bridge import TurnHandle, WorkerBridge
from ui.permission import BridgePermissionAsker, PermissionDialog, PermissionPrompt
from ui.provider_editor import ProviderEditor
from ui.rendering.markdown import warm_up
from ui.shortcuts import find_shortcut
from ui.view_models import preset_choices
from ui.widgets.composer import CommandItem, Composer
from ui.widgets.conversation_list import ConversationList
from ui.widgets.model_picker import ModelPicker
from ui.widgets.quick_switcher import QuickSwitcher
from ui.widgets.session_search import SessionMatch, SessionSearch, search_sessions
from ui.widgets.shortcuts_dialog import ShortcutsDialog
from ui.widgets.transcript import TranscriptView
from ui.widgets.undo_bar import UndoBar
from ui.widgets.welcome import WelcomePanel
from ui.window_state import WindowState

if TYPE_CHECKING:  # these windows load when first opened, not at start
    from ui.attachment_viewer import AttachmentViewer, ImageLoader
    from ui.history_window import HistoryWindow
    from ui.settings_dialog import SettingsDialog

log = logging.getLogger(__name__)


def _ignore(_result: object) -> None:
    pass


def _turns_of(events: Sequence[StoredEvent]) -> list[str]:
    return list(dict.fromkeys(e.turn_id for e in events))


#: How long after the settings are read the providers are asked for their models.
MODEL_FETCH_DELAY_MS = 1500

#: How long a deleted conversation can be brought back from the Undo bar.
UNDO_MS = 8000

#: The token label's size, relative to the text around it (it follows the zoom).
SMALL_TEXT = 0.85

_HELP_TEXT = (
    "Commands: /skill NAME and /agent NAME add a skill's rules or an agent's persona to this "
    "message; /model NAME switches the model for the next message; /new starts a new "
    "conversation (/clear does the same; the current one is kept); //text sends text starting "
    "with '/'. Ctrl+/ lists the keyboard shortcuts."
)


class MainWindow(QMainWindow):
    """Parley's main window. See the module docstring."""

    def __init__(
        self,
        services: Services,
        parent: QWidget | None = None,
        *,
        theme: ThemeManager | None = None,
        state: WindowState | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.bridge = WorkerBridge(services.runtime, self)
        # This window answers its own turns' permission questions (through the bridge); the
        # asker goes with each turn (``start_turn``), nothing shared is swapped.
        self._asker = BridgePermissionAsker(self.bridge.post)
        self.setWindowTitle("Parley")
        self.resize(1100, 720)
        app = QApplication.instance()
        self.theme = theme or ThemeManager(app)  # type: ignore[arg-type]
        self.zoom = FontZoom(app)  # type: ignore[arg-type]
        self.state = state or WindowState()

        # the open conversation: its whole log (every branch) and the turn whose path is shown
        self._session_id: str | None = None
        self._session: SessionRecord | None = None
        self._events: list[StoredEvent] = []
        self._current_turn: str | None = None
        self._sessions: list[SessionRecord] = []
        self._providers: list[ProviderConfig] = []
        self._projects: list[ProjectConfig] = []
        self._prices: list[ModelPrice] = []
        self._price_cache: dict[tuple[str, str], ModelPrice | None] = {}
        self._skills: list[SkillDoc] = []
        self._pending_delete: SessionRecord | None = None
        self._title_jobs: set[str] = set()
        self._typed_title = ""  # typed while the conversation's first turn was being recorded
        self._tree_cache = BranchTree(())
        self._tree_source: list[StoredEvent] | None = None
        self._tree_length = -1
        self._painted = False
        self._reopen_after_paint = ""
        self._chosen_turns: dict[str, str] = {}  # session -> the branch leaf last chosen here
        # session -> the unsent text typed there ("" for a conversation not saved yet); the
        # shown conversation's draft lives in the composer until the user leaves it
        self._drafts: dict[str, str] = {}
        self._draft_key = ""  # whose draft the composer holds
        self._refresh_seq = 0  # the newest conversation-list read
        self._open_seq = 0  # which open_session is current (a later one makes earlier stale)
        self._loading_full = False  # the open conversation's whole log is still being read
        #: Ask the model for a short title after a conversation's first answer (one small extra
        #: request to the same provider); off, the first line of the prompt stays the title.
        self.auto_titles = True
        self.providers_loaded = False  # True once the settings were read (on a worker)
        self._settings_dialog: SettingsDialog | None = None
        self._permission_dialogs: list[PermissionDialog] = []
        self.attachment_viewers: list[AttachmentViewer] = []
        self.history_window: HistoryWindow | None = None
        self.quick_switcher: QuickSwitcher | None = None
        self.shortcuts_dialog: ShortcutsDialog | None = None

        self._build_sidebar()
        chat = self._build_chat()
        self.welcome = WelcomePanel()
        self.welcome.form.set_presets(preset_choices(services.catalog.presets()))
        self.welcome.form.new_provider("openai")
        self.stack = QStackedWidget()
        # The chat page comes first: a returning user never sees the welcome panel flash while
        # the settings are read; the window switches to the welcome panel only if none exist.
        self.stack.addWidget(chat)
        self.stack.addWidget(self.welcome)
        self._chat_page = chat

        self.splitter = QSplitter()
        self.splitter.setObjectName("main-splitter")
        self.splitter.addWidget(self._sidebar)
        self.splitter.addWidget(self.stack)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([260, 840])
        self.setCentralWidget(self.splitter)

        self._build_menu()
        self._wire()
        self._restore_state()
        if services.startup_notice:
            # A damaged history was moved aside at start: say where, without a dialog, in a
            # banner (a transcript notice was wiped when the last conversation reopened).
            self.show_banner(services.startup_notice)
        self._load_settings()
        self._load_skills()
        self._refresh_sessions()

    # -- layout ------------------------------------------------------------------------------------

    def _build_sidebar(self) -> None:
        self.new_button = QPushButton("New chat")
        self.new_button.setObjectName("new-chat")
        self.new_button.setAccessibleName("New chat")
        self.new_button.setToolTip("Start a new conversation (Ctrl+N)")
        self.session_search = SessionSearch(self.services.store, self.bridge.submit)
        self.session_search.setAccessibleName("Search conversations")
        self.session_list = ConversationList()
        self.session_list.setObjectName("sessions")
        self.session_list.setAccessibleName("Conversations")
        self.undo_bar = UndoBar()
        self._sidebar = QWidget()
        layout = QVBoxLayout(self._sidebar)
        layout.setContentsMargins(8, 8, 4, 8)
        layout.addWidget(self.new_button)
        layout.addWidget(self.session_search)
        layout.addWidget(self.session_list, 1)
        layout.addWidget(self.undo_bar)

    def _build_chat(self) -> QWidget:
        self.title_edit = QLineEdit()
        self.title_edit.setObjectName("title")
        self.title_edit.setPlaceholderText("New conversation")
        self.title_edit.setAccessibleName("Conversation title")
        self.usage_label = QLabel("")
        self.usage_label.setObjectName("conversation-usage")
        self.usage_label.setAccessibleName("Tokens and estimated cost of this conversation")
        # Its size follows the zoom (``_apply_zoom``): a pixel size in a style sheet would not.
        self.usage_label.setStyleSheet("color: palette(placeholder-text)")
        small = self.usage_label.font()
        if small.pointSizeF() > 0:
            small.setPointSizeF(small.pointSizeF() * SMALL_TEXT)
            self.usage_label.setFont(small)
        self.project_picker = QComboBox()
        self.project_picker.setObjectName("project-picker")
        self.project_picker.setAccessibleName("Project")
        self.project_picker.setToolTip("The project this conversation belongs to")
        self.project_picker.addItem("No project", None)
        self.model_picker = ModelPicker()
        self.model_picker.setAccessibleName("Model for the next message")
        top = QHBoxLayout()
        top.addWidget(self.title_edit, 1)
        top.addWidget(self.usage_label)
        top.addWidget(self.project_picker)
        top.addWidget(self.model_picker)
        # What the model may do: the workspace its tools act in, which tools, when to ask.
        self.workspace: Path | None = None
        self.workspace_button = QPushButton("No workspace")
        self.workspace_button.setObjectName("workspace")
        self.workspace_button.setAccessibleName("Workspace folder")
        self.workspace_button.setToolTip("The folder the model's tools may read and work in")
        self.tools_picker = QComboBox()
        self.tools_picker.setObjectName("tools-picker")
        self.tools_picker.setAccessibleName("Tools the model may use")
        for label, value in (("No tools", "none"), ("Read only", "read"), ("All tools", "all")):
            self.tools_picker.addItem(label, value)
        self.tools_picker.setCurrentIndex(2)
        self.gate_picker = QComboBox()
        self.gate_picker.setObjectName("gate-picker")
        self.gate_picker.setAccessibleName("When to ask before a command runs")
        self.gate_picker.addItem("Ask before risky commands", "auto")
        self.gate_picker.addItem("Ask before every command", "confirm")
        # Whether commands run in a sandbox here: probed on a worker after the first paint, shown
        # while the chosen tools can run commands.
        self.sandbox_label = QLabel("")
        self.sandbox_label.setObjectName("sandbox-status")
        self.sandbox_label.setAccessibleName("Sandbox")
        self.sandbox_label.setWordWrap(True)  # a long reason wraps instead of widening the window
        self.sandbox_label.hide()
        self._sandbox: SandboxStatus | None = None
        tools_row = QHBoxLayout()
        tools_row.addWidget(self.workspace_button)
        tools_row.addWidget(self.tools_picker)
        tools_row.addWidget(self.gate_picker)
        tools_row.addWidget(self.sandbox_label, 1)
        tools_row.addStretch(0)

        self.transcript = TranscriptView()
        self.composer = Composer(submit=self.bridge.submit)
        self.setAcceptDrops(True)  # files dropped anywhere on the window go to the composer
        self.status = QLabel("")
        self.status.setObjectName("status")
        self.status.setAccessibleName("Status")
        # A long message (an error naming a path) wraps; its width never sets the window's.
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

        chat = QWidget()
        chat_layout = QVBoxLayout(chat)
        chat_layout.setContentsMargins(4, 8, 8, 8)
        chat_layout.addLayout(top)
        chat_layout.addLayout(tools_row)
        chat_layout.addWidget(self.transcript, 1)
        chat_layout.addWidget(self.composer)
        chat_layout.addWidget(self.status)
        return chat

    def _build_menu(self) -> None:
        # Keys come from the one table the shortcuts sheet shows (ui/shortcuts.py), so the sheet
        # can never disagree with what the menus do.
        def action(menu, name: str, slot: Callable[[], object], text: str = "") -> QAction:
            act = QAction(text or name, self)
            if name:
                shortcut = find_shortcut(name)
                act.setShortcuts([QKeySequence(k) for k in (shortcut.keys, *shortcut.alternates)])
            act.triggered.connect(lambda _checked=False: slot())
            (menu if menu is not None else self).addAction(act)
            return act

        file_menu = self.menuBar().addMenu("&File")
        action(file_menu, "New conversation", self.new_chat, "&New chat")
        action(file_menu, "Quick switch", self.open_quick_switcher, "&Quick switch…")
        action(file_menu, "Attach files", self.composer.choose_files, "&Attach files…")
        action(file_menu, "Settings", self.open_settings, "&Settings…")
        file_menu.addSeparator()
        action(file_menu, "Quit", self.close, "&Quit")

        edit_menu = self.menuBar().addMenu("&Edit")
        undo = action(edit_menu, "", self.undo_bar.undo, "&Undo delete")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        undo.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._sidebar.addAction(undo)  # Ctrl+Z in the sidebar; the composer keeps its own undo
        action(edit_menu, "Copy last answer", self.copy_last_answer, "Copy last &answer")
        action(edit_menu, "", self.edit_last_message, "&Edit last message")
        action(edit_menu, "", self.regenerate_last, "&Regenerate last answer")

        view_menu = self.menuBar().addMenu("&View")
        theme_menu = view_menu.addMenu("&Theme")
        self._theme_group = QActionGroup(self)
        for label, mode in (("Follow the system", "system"), ("Light", "light"), ("Dark", "dark")):
            act = QAction(label, self, checkable=True)
            act.setData(mode)
            act.setChecked(mode == self.theme.mode)
            act.triggered.connect(lambda _c=False, m=mode: self.set_theme(m))
            self._theme_group.addAction(act)
            theme_menu.addAction(act)
        action(view_menu, "Zoom in", self.zoom.zoom_in, "Zoom &in")
        action(view_menu, "Zoom out", self.zoom.zoom_out, "Zoom &out")
        action(view_menu, "Reset zoom", self.zoom.reset, "&Reset zoom")
        action(view_menu, "Toggle sidebar", self.toggle_sidebar, "&Sidebar")
        self.enter_sends_action = QAction("Send with &Enter (Shift+Enter for a new line)", self)
        self.enter_sends_action.setCheckable(True)
        self.enter_sends_action.toggled.connect(
            lambda on: self.set_send_key("enter" if on else "ctrl+enter")
        )
        view_menu.addAction(self.enter_sends_action)

        history_menu = self.menuBar().addMenu("Histor&y")
        action(history_menu, "History", self.open_history, "&Browse…")
        action(
            history_menu,
            "Find conversation",
            lambda: self.session_search.setFocus(),
            "&Find conversation",
        )

        help_menu = self.menuBar().addMenu("&Help")
        action(help_menu, "Show shortcuts", self.show_shortcuts, "&Keyboard shortcuts")
        action(help_menu, "", lambda: self.transcript.add_notice(_HELP_TEXT), "&Commands")

        action(None, "Stop", self.stop_turn)

    def _wire(self) -> None:
        self.composer.sig_send_requested.connect(self.send)
        self.composer.sig_stop_requested.connect(self.stop_turn)
        self.composer.sig_image_pasted.connect(self._on_image_pasted)
        self.composer.sig_edit_last_requested.connect(self.edit_last_message)
        self.transcript.sig_attachment_requested.connect(self.open_attachment)
        self.transcript.sig_retry_requested.connect(self.retry_turn)
        self.transcript.sig_regenerate_requested.connect(self.regenerate_turn)
        self.transcript.sig_edit_requested.connect(self.edit_turn)
        self.transcript.sig_branch_requested.connect(self.show_branch)
        self.transcript.sig_copied.connect(lambda what: self._show_status(what))
        self.new_button.clicked.connect(self.new_chat)
        self.session_list.sig_open_requested.connect(self._on_open_requested)
        self.session_list.sig_rename_requested.connect(self.rename_session)
        self.session_list.sig_pin_requested.connect(self.pin_session)
        self.session_list.sig_duplicate_requested.connect(self.duplicate_session)
        self.session_list.sig_delete_requested.connect(self.delete_session)
        self.session_list.sig_move_to_project_requested.connect(self.move_to_project)
        self.undo_bar.sig_undo.connect(self._undo_delete)
        self.undo_bar.sig_expired.connect(self._finish_delete)
        self.session_search.sig_results.connect(self._show_matches)
        self.session_search.sig_cleared.connect(self._refresh_sessions)
        self.session_search.sig_failed.connect(
            lambda _q, message: self._show_status(f"Cannot search: {message}", error=True)
        )
        self.title_edit.editingFinished.connect(self._on_title_edited)
        self.project_picker.activated.connect(self._on_project_picked)
        self.workspace_button.clicked.connect(self._choose_workspace)
        self.tools_picker.currentIndexChanged.connect(lambda _i: self._show_sandbox())
        self.bridge.sig_permission_requested.connect(self._ask_permission)
        self.bridge.sig_text.connect(self.transcript.append_text)
        self.bridge.sig_event.connect(self._on_event)
        self.bridge.sig_turn_finished.connect(self._on_turn_finished)
        self.theme.sig_theme_changed.connect(self.transcript.set_dark)
        self.theme.sig_theme_changed.connect(self._on_theme_changed)
        self.zoom.sig_zoom_changed.connect(self._apply_zoom)
        self.welcome_editor = ProviderEditor(
            self.welcome.form, self.services, self.bridge, self, make_default=True
        )
        self.welcome_editor.sig_saved.connect(lambda _name: self._load_settings())
        self.welcome.sig_probe_requested.connect(self._on_probe)
        self.welcome.sig_use_local_requested.connect(self._on_use_local)

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
        self._drafts = {k: v for k, v in state.drafts.items() if v.strip()}
        self.composer.set_draft(self._drafts.pop("", ""))  # a new conversation's draft
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
            drafts=self.drafts(),
        )

    def drafts(self) -> dict[str, str]:
        """The unsent text of every conversation that has some ("" for a new one), the shown
        one's included."""
        drafts = dict(self._drafts)
        text = self.composer.draft()
        if text.strip():
            drafts[self._draft_key] = text
        else:
            drafts.pop(self._draft_key, None)
        return drafts

    def _switch_draft(self, key: str) -> None:
        """Keep the composer's unsent text as the draft of the conversation it was typed in, and
        bring back ``key``'s ("" for a new conversation)."""
        if key == self._draft_key:
            return
        self._drafts = self.drafts()
        self._draft_key = key
        self.composer.set_draft(self._drafts.pop(key, ""))

    def set_theme(self, mode: str) -> None:
        self.theme.set_mode(mode)
        for act in self._theme_group.actions():
            act.setChecked(act.data() == mode)

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
        # token label is greyed) no longer follows the application font: size them here.
        for widget, scale in (
            (self.composer.editor, 1.0),
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
            self.shortcuts_dialog = ShortcutsDialog(self.composer.send_key, self)
        self.shortcuts_dialog.show()
        self.shortcuts_dialog.raise_()
        return self.shortcuts_dialog

    # -- settings: providers, projects, prices, skills --------------------------------------------

    def _load_settings(self) -> None:
        # The settings file is tiny, but it is still a file: read it on a worker.
        settings = self.services.settings
        self.bridge.submit(
            lambda: (
                list(settings.providers()),
                settings.default_provider(),
                list(settings.projects()),
                list(settings.prices()),
            ),
            self._show_settings,
            lambda exc: self._show_status(f"Cannot read settings: {exc}", error=True),
        )

    # kept for callers (Settings, welcome panel) that only changed providers
    _load_providers = _load_settings

    def _show_settings(self, loaded: tuple) -> None:
        providers, default, projects, prices = loaded
        self._providers = providers
        self._projects = projects
        self._prices = prices
        self._price_cache = {}
        self.providers_loaded = True
        if not self.model_picker.count() or self.model_picker.current() == ("", ""):
            chosen = None
        else:
            chosen = self.model_picker.current()
        self.model_picker.set_providers((p.name, [p.default_model, *p.models]) for p in providers)
        if chosen is not None and chosen[0] in {p.name for p in providers}:
            self.model_picker.select(*chosen)
        elif default is not None and default.default_model:
            self.model_picker.select(default.name, default.default_model)
        # The providers' own model lists are fetched a moment after start: the fetch loads the
        # HTTP stack and the keyring (~100 ms of imports on a worker, competing for the GIL
        # with the first paint); the configured models are offered meanwhile.
        names = [p.name for p in providers]
        # (the window as the timer's context: a window closed meanwhile cancels it)
        QTimer.singleShot(MODEL_FETCH_DELAY_MS, self, lambda: self._fetch_all_models(names))
        self._show_projects()
        self._update_commands()
        self._render_conversation()  # prices may have changed the footers
        welcomed = self.stack.currentWidget() is self.welcome
        self.stack.setCurrentWidget(self._chat_page if providers else self.welcome)
        if welcomed and providers:
            # Start chatting: the focused button was just hidden, and Qt would hand the focus to
            # the next widget in the chain, the title (typing would rename the conversation).
            self.composer.editor.setFocus()

    def _show_projects(self) -> None:
        current = self.project_picker.currentData()
        self.project_picker.clear()
        self.project_picker.addItem("No project", None)
        for project in self._projects:
            self.project_picker.addItem(project.name, project.id)
        index = self.project_picker.findData(current)
        self.project_picker.setCurrentIndex(max(index, 0))
        self.session_list.set_projects([(p.id, p.name) for p in self._projects])
        if self._sessions:  # the list may have been grouped before the projects were known
            self._show_sessions(self._sessions)

    def _load_skills(self) -> None:
        library = getattr(self.services, "skills", None)
        if library is None:
            return
        self.bridge.submit(
            lambda: [*library.list("agent"), *library.list("skill")],
            self._show_skills,
            lambda exc: self._show_status(f"Cannot read skills: {exc}", error=True),
        )

    def _show_skills(self, skills: list[SkillDoc]) -> None:
        self._skills = skills
        self._update_commands()

    def _update_commands(self) -> None:
        """What the composer offers after '/' (names only; the meaning is compose_turn's)."""
        items = [CommandItem(f"/skill {s.name}", s.description) for s in self._skills
                 if s.kind == "skill"]  # fmt: skip
        items += [CommandItem(f"/agent {s.name}", s.description) for s in self._skills
                  if s.kind == "agent"]  # fmt: skip
        for provider, model in self._models():
            items.append(CommandItem(f"/model {model}", f"switch to {model} ({provider})"))
        items += [
            CommandItem("/new", "Start a new conversation"),
            CommandItem("/clear", "Start a new conversation (the current one is kept)"),
            CommandItem("/help", "What the commands do"),
        ]
        self.composer.set_commands(items)

    def _models(self) -> list[tuple[str, str]]:
        return list(self.model_picker.choices())

    def _fetch_all_models(self, names: list[str]) -> None:
        for name in names:
            self._fetch_models(name)

    def _fetch_models(self, name: str) -> None:
        """Ask the provider for its models on a worker; a failure leaves the configured ones."""

        def fetch() -> list[str]:
            return self.services.providers.resolve(name).provider.list_models()

        def show(found: list[str]) -> None:
            self.model_picker.add_models(name, found)
            self._update_commands()

        self.bridge.submit(fetch, show, lambda _e: None)

    def _current_provider(self) -> ProviderConfig | None:
        name, _model = self.model_picker.current()
        return next((p for p in self._providers if p.name == name), None)

    @Slot(dict)
    def _on_use_local(self, entry: dict) -> None:
        presets = {"ollama": "ollama-openai", "lmstudio": "lmstudio"}
        self._save_provider(
            ProviderConfig(
                name=entry["name"],
                kind="openai",
                base_url=entry["base_url"],
                default_model=entry["default_model"],
                preset=presets.get(entry["name"], ""),
            )
        )

    def _save_provider(self, config: ProviderConfig) -> None:
        settings = self.services.settings

        def save() -> None:
            settings.add_provider(config, replace=True)
            settings.set_default_provider(config.name)

        def failed(exc: BaseException) -> None:
            message = str(exc) if isinstance(exc, SettingsError) else f"{type(exc).__name__}: {exc}"
            self.welcome.show_message(message, error=True)

        self.bridge.submit(save, lambda _r: self._load_settings(), failed)

    @Slot()
    def open_settings(self, page: str = "") -> SettingsDialog:
        """Open Settings (non-modal: the conversation stays usable behind it)."""
        if self._settings_dialog is None:
            from ui.settings_dialog import SettingsDialog

            dialog = SettingsDialog(self.services, self.bridge, self)
            dialog.providers_page.sig_providers_changed.connect(self._load_settings)
            dialog.projects_page.sig_projects_changed.connect(self._load_settings)
            dialog.prices_page.sig_prices_changed.connect(self._load_settings)
            dialog.skills_page.sig_skills_changed.connect(self._load_skills)
            self._settings_dialog = dialog
        if page:
            self._settings_dialog.show_page(page)
        self._settings_dialog.show()
        self._settings_dialog.raise_()
        return self._settings_dialog

    @Slot()
    def open_history(self) -> HistoryWindow:
        """Open the history window (one per main window; raised if already open)."""
        if self.history_window is None:
            from ui.history_window import HistoryWindow

            self.history_window = HistoryWindow(
                self.services.store,
                self.bridge.submit,
                self,
                providers=[p.name for p in self._providers],
            )
            self.history_window.sig_session_deleted.connect(self._on_session_deleted)
        else:
            self.history_window.set_providers([p.name for p in self._providers])
        self.history_window.present()
        return self.history_window

    @Slot(str)
    def _on_session_deleted(self, session_id: str) -> None:
        if session_id == self._session_id and self.bridge.active_turn is None:
            self.new_chat()
        self._refresh_sessions()

    @Slot()
    def _on_probe(self) -> None:
        self.bridge.submit(self.services.local_servers.probe, self.welcome.show_local_servers)

    # -- the conversation list ---------------------------------------------------------------------

    def _refresh_sessions(self) -> None:
        if self.session_search.is_searching():
            self.session_search.rerun()  # the list shows matches: search again, don't clobber it
            return
        # Reads run on two workers and may finish out of order: only the newest one is shown.
        self._refresh_seq += 1
        seq = self._refresh_seq

        def show(sessions: list[SessionRecord]) -> None:
            if seq == self._refresh_seq:
                self._show_sessions(sessions)

        self.bridge.submit(lambda: list(self.services.store.list_sessions()), show)

    def _listed_ids(self) -> set[str]:
        return {s.id for s in self._sessions}

    def _show_sessions(self, sessions: list[SessionRecord]) -> None:
        pending = self._pending_delete.id if self._pending_delete else None
        self._sessions = [s for s in sessions if s.id != pending]
        if self.quick_switcher is not None:
            self.quick_switcher.set_sessions(self._sessions)
        if self.session_search.is_searching():
            return  # a search started while the full list was being read
        names = {p.id: p.name for p in self._projects}
        sections = group_sessions(self._sessions, now=datetime.now().astimezone(), projects=names)
        self.session_list.set_sections(sections, self._session_id)

    @Slot(str, object)
    def _show_matches(self, _query: str, matches: list[SessionMatch]) -> None:
        """The sidebar search's results replace the list (clearing the search restores it)."""
        pending = self._pending_delete.id if self._pending_delete else None
        self.session_list.show_matches(
            [m for m in matches if m.session_id != pending], self._session_id
        )

    @Slot(str, object)
    def _on_open_requested(self, session_id: str, event_id: object = None) -> None:
        if self.bridge.active_turn is not None:
            self._show_status("Stop the running answer before switching conversations.")
            return
        self.open_session(session_id, event_id=event_id if isinstance(event_id, int) else None)

    @Slot()
    def open_quick_switcher(self) -> QuickSwitcher:
        if self.quick_switcher is None:
            store = self.services.store
            self.quick_switcher = QuickSwitcher(
                lambda query: search_sessions(store, query), self.bridge.submit, self
            )
            self.quick_switcher.sig_chosen.connect(self._on_open_requested)
        self.quick_switcher.set_sessions(self._sessions)
        self.quick_switcher.open_switcher()
        return self.quick_switcher

    def _store_job(self, job: Callable[[], object], done: Callable[[object], None] | None = None):
        def failed(exc: BaseException) -> None:
            self._show_status(f"Could not save the change: {exc}", error=True)

        self.bridge.submit(job, done or (lambda _r: self._refresh_sessions()), failed)

    @Slot(str, str)
    def rename_session(self, session_id: str, title: str) -> None:
        title = " ".join(title.split())
        if not title:
            return
        if session_id == self._session_id:
            self.title_edit.setText(title)
        self._store_job(lambda: self.services.store.rename_session(session_id, title))

    @Slot()
    def _on_title_edited(self) -> None:
        """A title typed in the field: before the first send it travels in the request; once
        the conversation exists it renames it (a conversation whose first turn is still being
        recorded is renamed when that turn ends)."""
        title = " ".join(self.title_edit.text().split())
        if not title or self._session_id is None:
            return
        if self._session is not None and title == self._session.title:
            return
        self._typed_title = title
        if self._session is not None:
            self._session = dataclasses.replace(self._session, title=title)
            self.rename_session(self._session.id, title)

    @Slot(str, bool)
    def pin_session(self, session_id: str, pinned: bool) -> None:
        self._store_job(lambda: self.services.store.set_pinned(session_id, pinned))

    @Slot(str)
    def duplicate_session(self, session_id: str) -> None:
        def done(copy: object) -> None:
            self._refresh_sessions()
            if isinstance(copy, SessionRecord):
                self._show_status(f"Duplicated as “{copy.title}”.")

        self._store_job(lambda: self.services.store.duplicate_session(session_id), done)

    @Slot(str, object)
    def move_to_project(self, session_id: str, project_id: object) -> None:
        pid = project_id if isinstance(project_id, str) and project_id else None
        if session_id == self._session_id:
            self._set_project_picker(pid)
        self._store_job(lambda: self.services.store.set_project(session_id, pid))

    @Slot(str)
    def delete_session(self, session_id: str) -> None:
        """Hide the conversation now; delete it when the Undo bar expires."""
        if session_id == self._session_id and self.bridge.active_turn is not None:
            self._show_status("Stop the running answer before deleting this conversation.")
            return
        record = next((s for s in self._sessions if s.id == session_id), None)
        if record is None:
            return
        # Showing a new message expires the previous one: that deletion happens now.
        self._pending_delete = record
        self.undo_bar.show_message(
            f"Deleted “{record.title or '(untitled)'}”.", record.id, timeout_ms=UNDO_MS
        )
        if session_id == self._session_id:
            self.new_chat()
        self._show_sessions(self._sessions)

    @Slot(object)
    def _undo_delete(self, token: object) -> None:
        if self._pending_delete is not None and self._pending_delete.id == token:
            self._pending_delete = None
            self._refresh_sessions()
            self._show_status("The conversation is back.")

    @Slot(object)
    def _finish_delete(self, token: object) -> None:
        if self._pending_delete is None or self._pending_delete.id != token:
            return
        self._pending_delete = None
        self._drafts.pop(str(token), None)
        store = self.services.store
        self._store_job(lambda: store.delete_session(str(token)))

    # -- the open conversation ---------------------------------------------------------------------

    @Slot()
    def new_chat(self) -> None:
        if self.bridge.active_turn is not None:
            self._show_status("Stop the running answer before starting a new chat.")
            return
        self._open_seq += 1  # a conversation still being opened is no longer wanted
        self._loading_full = False
        if self.composer.editing_turn:
            self.composer.cancel_edit()
        self._switch_draft("")
        self._clear_status()
        self._session_id = None
        self._session = None
        self._events = []
        self._current_turn = None
        self.title_edit.clear()
        self.usage_label.clear()
        self.transcript.clear_conversation()
        self.session_list.clearSelection()
        # A new conversation inherits the selected project's settings.
        self._apply_project(self._selected_project())
        self.composer.editor.setFocus()

    def open_session(self, session_id: str, event_id: int | None = None, quiet: bool = False):
        """Show a saved conversation, in two steps so a long one paints at once:

        1. on a worker, the turn index (no event decoded), the shown path, and the events of
           its last ``transcript.window_turns`` turns only; on the UI thread, those are laid out
           (the first paint);
        2. on a worker, the whole log (the store keeps it decoded for the next turn's runtime);
           on the UI thread, the earlier turns of the path are handed to the transcript for
           "Show earlier", and the conversation total is shown. Until then sending and
           switching branches wait (composing a turn needs the whole log).

        With ``event_id`` (a search result's match) the whole log is read first and the
        transcript shows the branch holding that event, scrolled to it."""
        store = self.services.store
        self._open_seq += 1
        seq = self._open_seq

        def failed(exc: BaseException) -> None:
            if seq == self._open_seq:
                self._loading_full = False
            if not quiet:
                self._show_status(str(exc), error=True)

        if event_id is not None:

            def load() -> tuple[SessionRecord, list[StoredEvent]]:
                return store.get_session(session_id), list(store.events(session_id))

            def show(loaded: tuple[SessionRecord, list[StoredEvent]]) -> None:
                if seq != self._open_seq:
                    return  # another conversation was opened meanwhile
                session, events = loaded
                self._adopt_opened(session)
                self._events = events
                self._loading_full = False
                turn = next((e.turn_id for e in events if e.id == event_id), None)
                if turn is not None:
                    self._current_turn = turn
                self._render_conversation()
                gc.freeze()  # see _show_full
                self.transcript.scroll_to_event(event_id)
                self._adopt_setup(events)

            self.bridge.submit(load, show, failed)
            return

        window = self.transcript.window_turns
        chosen = self._chosen_turns.get(session_id)  # read here: workers touch no window state

        def load_tail() -> tuple[SessionRecord, BranchTree, tuple[str, ...], list[StoredEvent]]:
            session = store.get_session(session_id)
            tree = BranchTree.from_index(store.turn_index(session_id))
            path = tree.path_through(chosen or session.current_turn_id or None)
            shown = list(store.events_of_turns(session_id, path[-window:]))
            return session, tree, path, shown

        def show_tail(loaded) -> None:
            if seq != self._open_seq:
                return
            session, tree, path, shown = loaded
            self._adopt_opened(session)
            self._events = []
            self._loading_full = True
            self.transcript.show_events(
                shown, branches=tree.positions(path), footers=self._footers(shown)
            )
            self._adopt_setup(shown)
            self.bridge.submit(
                lambda: list(store.events(session_id)),
                lambda events: self._show_full(seq, path, shown, events),
                failed,
            )

        self.bridge.submit(load_tail, show_tail, failed)

    def _remember_turn(self, session_id: str, turn_id: str) -> None:
        """The branch the user is on, kept here at once and stored on a worker. The stored copy
        may land after the next read of the session (the workers run in parallel), so the
        window's own memory wins when the conversation is opened again."""
        self._chosen_turns[session_id] = turn_id
        store, chosen = self.services.store, self._chosen_turns
        # Each job writes the latest choice (a dict read is atomic), so two jobs finishing out of
        # order still leave the last choice stored.
        self.bridge.submit(lambda: store.set_current_turn(session_id, chosen[session_id]), _ignore)

    def _chosen_turn(self, session: SessionRecord) -> str | None:
        return self._chosen_turns.get(session.id) or session.current_turn_id or None

    def _adopt_opened(self, session: SessionRecord) -> None:
        if session.id != self._session_id:
            if self.composer.editing_turn:
                self.composer.cancel_edit()  # an edit of the other conversation's message
            self._switch_draft(session.id)
            self._clear_status()
        self._session_id = session.id
        self._session = session
        self._current_turn = self._chosen_turn(session)
        self.title_edit.setText(session.title)
        self._set_project_picker(session.project_id)
        self.session_list.select_session(session.id)

    def _adopt_setup(self, events: Sequence[StoredEvent]) -> None:
        """The model and workspace of the shown path's latest turn become the next turn's."""
        last = next((e.event for e in reversed(events) if isinstance(e.event, TurnStarted)), None)
        if last is not None and last.provider_id in {p.name for p in self._providers}:
            self.model_picker.select(last.provider_id, last.model)
        if last is not None and last.workspace:
            self.set_workspace(Path(last.workspace))

    def _show_full(
        self,
        seq: int,
        path: tuple[str, ...],
        shown: list[StoredEvent],
        events: list[StoredEvent],
    ) -> None:
        """Step 2 of ``open_session``: the whole log arrived."""
        if seq != self._open_seq:
            return
        self._events = events
        self._loading_full = False
        on_path = events_on_path(events, path)
        # On one path a turn is always recorded after the turn it follows, so log order is path
        # order: the turns before the shown ones are the path's first turns.
        earlier = events_on_path(events, path[: max(0, len(path) - len(_turns_of(shown)))])
        if earlier:
            tree = self._tree()
            self.transcript.add_earlier_events(
                earlier, branches=tree.positions(path), footers=self._footers(earlier)
            )
        self._show_conversation_usage(on_path)
        # A long conversation is tens of thousands of long-lived objects; left in the
        # collector's generations they make the next full collection (tens of ms, on this
        # thread, mid-stream) scan them all. Frozen, they are skipped; they are still freed by
        # reference counting when the conversation is closed.
        gc.freeze()

    def _tree(self) -> BranchTree:
        """The open conversation's tree, built once per change of the log (the log only grows
        by appends, or is replaced whole when a conversation is opened)."""
        # Holding the list itself (not its id) so a new list can never pass for the old one.
        if self._tree_source is not self._events or self._tree_length != len(self._events):
            self._tree_cache = BranchTree(self._events)
            self._tree_source, self._tree_length = self._events, len(self._events)
        return self._tree_cache

    def _path(self) -> tuple[str, ...]:
        return self._tree().path_through(self._current_turn)

    def _render_conversation(self) -> None:
        """Lay out the shown path (only the path; the widget never picks a branch)."""
        if self._session_id is None:
            return
        shown = self._show_path(self._tree().path_through(self._current_turn))
        self._show_conversation_usage(shown)

    def _show_path(self, path: tuple[str, ...]) -> list[StoredEvent]:
        """Lay out the events of ``path`` with its branch switchers and footers."""
        shown = events_on_path(self._events, path)
        self.transcript.show_events(
            shown, branches=self._tree().positions(path), footers=self._footers(shown)
        )
        return shown

    @Slot(str)
    def show_branch(self, turn_id: str) -> None:
        """Show the path through ``turn_id`` (a sibling the user switched to); the switcher stays
        where it was on the screen (the view does not jump)."""
        if self.bridge.active_turn is not None or self._loading_full:
            self._show_status("Wait for the answer to finish before switching branches.")
            return
        tree = self._tree()
        if turn_id not in tree:
            return
        # The sibling shown now sits where ``turn_id`` will: the same place in the path.
        old_path, new_leaf = self._path(), tree.leaf(turn_id)
        new_path = tree.path_through(new_leaf)
        depth = new_path.index(turn_id) if turn_id in new_path else -1
        shown = old_path[depth] if 0 <= depth < len(old_path) else None
        top = self.transcript.turn_top(shown) if shown else None
        self._current_turn = new_leaf
        self._render_conversation()
        if top is not None:
            self.transcript.keep_turn_at(turn_id, top)
        session_id, leaf = self._session_id, self._current_turn or ""
        if session_id:
            self._remember_turn(session_id, leaf)

    # -- usage and cost ----------------------------------------------------------------------------

    def _footers(self, events: Sequence[StoredEvent]) -> dict[str, str]:
        started = {s.turn_id: s.event for s in events if isinstance(s.event, TurnStarted)}
        footers: dict[str, str] = {}
        for stored in events:
            event = stored.event
            if isinstance(event, TurnFinished) and stored.turn_id in started:
                footers[stored.turn_id] = self._footer(started[stored.turn_id], event)
        return footers

    def _price(self, provider_id: str, model: str) -> ModelPrice | None:
        """The price row for a model, looked up once per price table (a long conversation
        asks for the same few models thousands of times)."""
        key = (provider_id, model)
        if key not in self._price_cache:
            self._price_cache[key] = find_price(self._prices, provider_id, model)
        return self._price_cache[key]

    def _footer(self, started: TurnStarted, finished: TurnFinished) -> str:
        price = self._price(started.provider_id, started.model)
        cost = estimate_cost(finished.usage, price)
        return format_usage(finished.usage, cost, finished.duration_s)

    def _show_conversation_usage(self, events: Sequence[StoredEvent]) -> None:
        started = {s.turn_id: s.event for s in events if isinstance(s.event, TurnStarted)}
        usage, total, priced = Usage(), None, False
        for stored in events:
            event = stored.event
            if isinstance(event, TurnFinished):
                usage = usage.plus(event.usage)
                start = started.get(stored.turn_id)
                if start is None:
                    continue
                cost = estimate_cost(event.usage, self._price(start.provider_id, start.model))
                if cost is not None:
                    total = cost if total is None else total + cost
                    priced = True
        parts = []
        if usage.input_tokens is not None or usage.output_tokens is not None:
            parts.append(f"{(usage.input_tokens or 0) + (usage.output_tokens or 0):,} tokens")
        if priced:
            parts.append(f"≈ {format_cost(total)}")
        self.usage_label.setText(" · ".join(parts))

    # -- projects ----------------------------------------------------------------------------------

    def _selected_project(self) -> ProjectConfig | None:
        pid = self.project_picker.currentData()
        return next((p for p in self._projects if p.id == pid), None)

    def _set_project_picker(self, project_id: str | None) -> None:
        index = self.project_picker.findData(project_id)
        self.project_picker.setCurrentIndex(max(index, 0))

    @Slot(int)
    def _on_project_picked(self, _index: int) -> None:
        project = self._selected_project()
        if self._session_id is None:
            self._apply_project(project)
        else:  # the open conversation moves to that project
            self.move_to_project(self._session_id, project.id if project else None)

    def _apply_project(self, project: ProjectConfig | None) -> None:
        """A new conversation in ``project`` starts with its workspace, model, gate and tools."""
        if project is None:
            return
        if project.workspace:
            self.set_workspace(Path(project.workspace))
        if project.provider_id and project.model:
            self.model_picker.select(project.provider_id, project.model)
        index = self.gate_picker.findData(project.gate_mode)
        if index >= 0:
            self.gate_picker.setCurrentIndex(index)
        index = self.tools_picker.findData(project.tools)
        if index >= 0:
            self.tools_picker.setCurrentIndex(index)

    # -- turns -------------------------------------------------------------------------------------

    def draft(self, text: str, *, place: str = "new", target: str = "") -> TurnDraft:
        """Read every widget the turn depends on, once."""
        provider_id, model = self.model_picker.current()
        project = self._selected_project()
        return TurnDraft(
            text=text,
            provider_id=provider_id,
            model=model,
            session_id=self._session_id,
            title=self.title_edit.text().strip(),
            attachments=tuple(self.composer.attachments()),
            workspace=self.workspace,
            allowed_tools=TOOL_SETS[self.tools_picker.currentData()],
            gate_mode=self.gate_picker.currentData(),
            project_id=project.id if project else None,
            project_instructions=project.instructions if project else "",
            place=place,
            target_turn_id=target,
            current_turn_id=self._current_turn,
        )

    def freeze_request(self, prompt: str, *, retry_of: str = ""):
        """The request Send would run now (kept for tests and tools that want to inspect it)."""
        place, target = ("retry", retry_of) if retry_of else ("new", "")
        composed = compose_turn(
            self.draft(prompt, place=place, target=target),
            self._events,
            skills=self._skills,
            models=self._models(),
        )
        return composed.request

    def set_workspace(self, folder: Path | None) -> None:
        self.workspace = folder
        self.composer.workspace = folder  # where the Attach dialog opens
        self.workspace_button.setText(f"Workspace: {folder.name}" if folder else "No workspace")
        self.workspace_button.setToolTip(str(folder) if folder else "Choose a folder for tools")

    def _show_sandbox(self, status: SandboxStatus | None = None) -> None:
        """The sandbox line beside the pickers (shown once probed, while commands may run)."""
        if status is not None:
            self._sandbox = status
        status = self._sandbox
        allowed = TOOL_SETS[self.tools_picker.currentData()]
        runs_commands = allowed is None or "run_command" in allowed
        if status is None or not runs_commands:
            self.sandbox_label.hide()
            return
        if status.available:
            self.sandbox_label.setText(f"Commands run sandboxed ({status.mechanism})")
            self.sandbox_label.setToolTip(
                "Each command runs in an operating-system sandbox: your home folder is hidden,"
                " there is no network unless you allow a command that needs it, and it writes"
                " only where the permission prompt says."
            )
            self.sandbox_label.setStyleSheet("color: palette(placeholder-text)")
        else:
            install = f" (install '{status.missing_package}')" if status.missing_package else ""
            self.sandbox_label.setText(f"No sandbox on this system: every command asks{install}")
            self.sandbox_label.setToolTip(
                f"{status.reason[:1].upper()}{status.reason[1:]}. Commands would run with your"
                " permissions, so Parley asks before each one."
            )
            self.sandbox_label.setStyleSheet("color: #a86b00")
        self.sandbox_label.show()

    @Slot()
    def _choose_workspace(self) -> None:
        chosen = QFileDialog.getExistingDirectory(
            self, "Workspace for the model's tools", str(self.workspace or Path.home())
        )
        if chosen:
            self.set_workspace(Path(chosen))

    @Slot(object)
    def _ask_permission(self, prompt: PermissionPrompt) -> None:
        dialog = PermissionDialog(prompt, self)
        self._permission_dialogs.append(dialog)
        dialog.finished.connect(lambda _r, d=dialog: self._permission_dialogs.remove(d))
        dialog.open()

    @Slot(str)
    def retry_turn(self, turn_id: str) -> TurnHandle | None:
        """Send a failed turn again as a sibling: the failed one stays in the history."""
        return self._start("", place="retry", target=turn_id)

    @Slot(str)
    def regenerate_turn(self, turn_id: str) -> TurnHandle | None:
        """Answer ``turn_id``'s message again (with the model picked now), as a new branch."""
        return self._start("", place="regenerate", target=turn_id)

    @Slot()
    def regenerate_last(self) -> TurnHandle | None:
        path = self._path()
        return self.regenerate_turn(path[-1]) if path else None

    @Slot(str)
    def edit_turn(self, turn_id: str) -> None:
        """Put ``turn_id``'s message in the composer; sending it starts a new branch."""
        text = next(
            (
                e.event.text
                for e in self._events
                if e.turn_id == turn_id and isinstance(e.event, UserMessage)
            ),
            None,
        )
        if text is not None:
            self.composer.begin_edit(turn_id, text)
            self.composer.editor.setFocus()

    @Slot()
    def edit_last_message(self) -> None:
        path = self._path()
        if path and self.bridge.active_turn is None:
            self.edit_turn(path[-1])

    @Slot()
    def copy_last_answer(self) -> str:
        path = set(self._path()[-1:])
        text = "".join(
            e.event.text
            for e in self._events
            if e.turn_id in path and isinstance(e.event, AssistantText)
        )
        if not path and self.transcript.streamed_text:
            text = self.transcript.streamed_text
        if text:
            QGuiApplication.clipboard().setText(text)
            self._show_status("Copied the last answer.")
        return text

    @Slot(str)
    def send(self, prompt: str, retry_of: str = "") -> TurnHandle | None:
        if retry_of:
            return self.retry_turn(retry_of)
        editing = self.composer.editing_turn
        if editing:
            return self._start(prompt, place="edit", target=editing)
        return self._start(prompt)

    def _start(self, text: str, *, place: str = "new", target: str = "") -> TurnHandle | None:
        if self.bridge.active_turn is not None:
            return None
        if not self.providers_loaded:
            self._show_status("Still reading the settings; send again in a moment.")
            return None
        if not self._providers:
            self.stack.setCurrentWidget(self.welcome)
            return None
        if self._loading_full:
            self._show_status("Still opening the conversation; send again in a moment.")
            return None
        try:
            composed = compose_turn(
                self.draft(text, place=place, target=target),
                self._events,
                skills=self._skills,
                models=self._models(),
                tree=self._tree(),
            )
        except ComposeError as exc:
            self.composer.show_error(str(exc))  # the typed text stays in the composer
            return None
        if composed.model and composed.provider_id:
            self.model_picker.select(composed.provider_id, composed.model)
        if "help" in composed.commands:
            self.transcript.add_notice(_HELP_TEXT)
        if {"new", "clear"} & set(composed.commands):
            if place == "new":
                self.composer.editor.clear()  # the command was sent, not a draft to keep here
            self.new_chat()
        request = composed.request
        if request is None:
            if place in ("new", "edit"):
                self.composer.clear()
            if composed.model:
                self._show_status(f"The next message goes to {composed.model}.")
            return None

        tree = self._tree() if self._session_id == request.session_id else BranchTree(())
        follows = request.follows_turn_id
        if place != "new" or (follows and tree.leaf(self._current_turn) != follows):
            # A new branch: show the path up to the turn it follows, then the new turn.
            self._current_turn = follows or None
            if self._session_id == request.session_id and follows:
                self._show_path(self._tree().path_to(follows))
            else:
                self.transcript.clear_conversation()
        siblings = tree.children.get(follows or None, [])
        branch = (
            BranchPosition(len(siblings) + 1, len(siblings) + 1, siblings[-1], None)
            if siblings
            else None
        )
        self._session_id = request.session_id
        self._draft_key = request.session_id  # what is typed from now on is this one's draft
        # The turn starts first: the worker records it and builds the request while this thread
        # lays out the new messages (what the worker reports is drained after this returns, so
        # it always lands below them).
        handle = self.bridge.start_turn(request, self._asker)
        self.composer.clear(keep_attachments=place in ("retry", "regenerate"))
        self.composer.set_running(True)
        self.transcript.add_user_message(
            request.prompt, attachments=request.attachments, turn_id=request.turn_id, branch=branch
        )
        self.transcript.begin_answer(request.turn_id, request.model)
        self._show_status(f"Answering with {request.model or 'the default model'}…")
        return handle

    @Slot()
    def stop_turn(self) -> None:
        handle = self.bridge.active_turn
        if handle is not None:
            handle.cancel()
            self._show_status("Stopping…")
        elif self.composer.editing_turn:
            self.composer.cancel_edit()

    @Slot(object)
    def _on_event(self, stored: StoredEvent) -> None:
        if stored.session_id != self._session_id:
            return
        self._events.append(stored)
        event = stored.event
        if isinstance(event, TurnStarted) and stored.session_id not in self._listed_ids():
            # A new conversation is in the store from its first turn's start: list it now, not
            # when the answer ends.
            self._refresh_sessions()
        if isinstance(event, Notice):
            self.transcript.add_notice(event.text, event.level)
        elif isinstance(event, ToolCall | ActionVerdict | ToolResult):
            self.transcript.show_tool_event(event)
        elif isinstance(event, AttachmentAdded):
            self.transcript.show_attachment(stored)
        elif isinstance(event, TurnFinished):
            started = next(
                (
                    e.event
                    for e in self._events
                    if e.turn_id == stored.turn_id and isinstance(e.event, TurnStarted)
                ),
                None,
            )
            if started is not None:
                self.transcript.set_turn_footer(stored.turn_id, self._footer(started, event))

    # -- attachments -------------------------------------------------------------------------------

    @Slot(QImage)
    def _on_image_pasted(self, image: QImage) -> None:
        """Write a pasted image to ``<data dir>/pasted/<timestamp>.png`` on a worker, then attach
        the file."""
        folder = self.services.data_dir / "pasted"
        image = image.copy()  # the worker's own copy

        def save() -> Path:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}.png"
            # The stub says bytes; PySide 6.11 accepts only str at run time.
            if not image.save(str(path), "PNG"):  # type: ignore[call-overload]
                raise OSError(f"could not write {path}")
            return path

        self.bridge.submit(
            save,
            lambda path: self.composer.add_attachments([path]),
            lambda exc: self._show_status(f"Cannot keep the pasted image: {exc}", error=True),
        )

    @Slot(object)
    def open_attachment(self, stored: StoredEvent) -> AttachmentViewer | None:
        """Show what the model saw of one attachment, in a non-modal viewer."""
        from ui.attachment_viewer import AttachmentViewer

        event = stored.event
        if not isinstance(event, AttachmentAdded):
            return None
        viewer = AttachmentViewer(
            event, load_image=self._image_loader(event), submit=self.bridge.submit, parent=self
        )
        self.attachment_viewers.append(viewer)
        viewer.finished.connect(lambda _r, v=viewer: self._forget_viewer(v))
        viewer.show()
        viewer.raise_()
        return viewer

    def _forget_viewer(self, viewer: AttachmentViewer) -> None:
        if viewer in self.attachment_viewers:
            self.attachment_viewers.remove(viewer)
        viewer.deleteLater()

    def _image_loader(self, event: AttachmentAdded) -> ImageLoader | None:
        """How the viewer gets an image attachment's pixels (called on a worker): the stored copy
        when the services can locate it, else the original file (which may have changed)."""
        if not event.image_media_type:
            return None
        locate: Callable[[str], Path] | None = getattr(self.services, "attachment_path", None)

        def load() -> tuple[QImage, str]:
            from ui.attachment_viewer import VIEW_MAX_SIDE
            from ui.widgets.attachment_chips import load_scaled_image

            stored = None
            if callable(locate) and event.sha256:
                try:
                    stored = Path(locate(event.sha256))
                except (OSError, KeyError, ValueError):
                    stored = None
            if stored is not None and stored.is_file():
                return load_scaled_image(stored, VIEW_MAX_SIDE), ""
            if not event.source_path:
                raise FileNotFoundError("the stored copy of this image cannot be found")
            note = (
                "Showing the original file, not the copy that was sent; it may have changed since."
            )
            return load_scaled_image(event.source_path, VIEW_MAX_SIDE), note

        return load

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if self.composer.can_accept(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if self.composer.can_accept(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        if self.composer.accept_mime(event.mimeData()):
            event.acceptProposedAction()
        else:
            event.ignore()

    # -- the end of a turn -------------------------------------------------------------------------

    @Slot(object)
    def _on_turn_finished(self, outcome: TurnOutcome) -> None:
        for dialog in list(self._permission_dialogs):  # a question nobody needs any more
            dialog.reject()
        self.composer.set_running(False)
        self.transcript.end_answer(outcome.turn_id, outcome.status, outcome.error)
        if outcome.session_id == self._session_id:
            self._current_turn = outcome.turn_id
            session_id, turn_id = outcome.session_id, outcome.turn_id
            self._remember_turn(session_id, turn_id)
            shown = events_on_path(self._events, self._path())
            self._show_conversation_usage(shown)
        if outcome.status == "completed":
            usage = outcome.usage
            figures = (
                f" · {usage.input_tokens} in / {usage.output_tokens} out tokens"
                if usage.input_tokens is not None and usage.output_tokens is not None
                else ""
            )
            self._show_status(f"Done in {outcome.duration_s:.1f} s{figures}")
            self._maybe_generate_title(outcome)
        elif outcome.status == "cancelled":
            self._show_status("Stopped. The partial answer was kept.")
        else:
            self._show_status(
                f"{outcome.status.replace('_', ' ').capitalize()}: {outcome.error}", error=True
            )
        self._refresh_sessions()
        if outcome.session_id == self._session_id and (
            self._session is None or self._typed_title or not self.title_edit.text().strip()
        ):
            self.bridge.submit(
                lambda: self.services.store.get_session(outcome.session_id),
                self._adopt_session,
            )

    def _maybe_generate_title(self, outcome: TurnOutcome) -> None:
        """After a conversation's first answer, ask the same model for a short title on a worker
        (a heuristic title is already there, so nothing waits on this); a title the user typed
        is never replaced."""
        completed = sum(
            1
            for e in self._events
            if isinstance(e.event, TurnFinished) and e.event.status == "completed"
        )
        if (
            not self.auto_titles
            or outcome.session_id != self._session_id
            or completed != 1  # the conversation's first answer (a failed try before is fine)
            or outcome.session_id in self._title_jobs
        ):
            return
        typed = self.title_edit.text().strip()
        heuristic = self._session.title if self._session else ""
        if typed and typed != heuristic:
            return
        prompt = next(
            (
                e.event.text
                for e in self._events
                if e.turn_id == outcome.turn_id and isinstance(e.event, UserMessage)
            ),
            "",
        )
        self._title_jobs.add(outcome.session_id)
        providers, store = self.services.providers, self.services.store
        session_id, model, answer = outcome.session_id, outcome.model, outcome.text
        derived = derive_title(prompt)

        def job() -> tuple[str, str]:
            provider = providers.resolve(outcome.provider_id).provider
            title = generate_title(provider, model, prompt, answer, threading.Event())
            # Replace only the title Parley derived from the prompt, never one the user set
            # meanwhile (in this window or another).
            current = store.get_session(session_id).title
            if title and current in ("", derived, heuristic):
                store.rename_session(session_id, title)
                return title, current
            return "", current

        def done(result: tuple[str, str]) -> None:
            title, replaced = result
            self._title_jobs.discard(session_id)
            if title and session_id == self._session_id:
                shown = self.title_edit.text().strip()
                if shown in ("", replaced, derived):
                    self.title_edit.setText(title)
            self._refresh_sessions()

        self.bridge.submit(job, done, lambda _e: self._title_jobs.discard(session_id))

    def _adopt_session(self, session: SessionRecord) -> None:
        self._session = session
        typed, self._typed_title = self._typed_title, ""
        if typed and typed != session.title and session.id == self._session_id:
            self.rename_session(session.id, typed)
            self._session = dataclasses.replace(session, title=typed)
        elif not self.title_edit.text().strip():
            self.title_edit.setText(session.title)

    def _show_status(self, text: str, error: bool = False) -> None:
        """A line about the open conversation (or what was just done in it). It belongs to that
        conversation: opening another, a new chat or a theme change takes it away."""
        self.status.setStyleSheet("color: #c0392b" if error else "")
        self.status.setText(text)

    @Slot(bool)
    def _on_theme_changed(self, _dark: bool) -> None:
        if self.bridge.active_turn is None:  # "Answering with …" stays while it is true
            self._clear_status()

    def _clear_status(self) -> None:
        if self.status.text():
            self.status.setStyleSheet("")
            self.status.clear()

    def show_banner(self, text: str) -> None:
        """A notice above the conversation that stays until dismissed (that Parley crashed last
        time, and where the report is): unlike the status line, no conversation change hides
        it."""
        from ui.widgets.notice_banner import NoticeBanner

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
        self.bridge.submit(warm_up, _ignore)
        self.bridge.submit(self.services.preload, _ignore)
        # Whether commands run sandboxed: the probe starts a process, so it runs on a worker.
        self.bridge.submit(self.services.sandbox_status, self._show_sandbox, _ignore)
        if self._reopen_after_paint and self._session_id is None:
            self.open_session(self._reopen_after_paint, quiet=True)
        self._reopen_after_paint = ""

    def changeEvent(self, event: QEvent) -> None:
        # Skill and agent files may be edited in another program: read them again (on a
        # worker) whenever the window comes back to the front.
        if event.type() == QEvent.Type.ActivationChange and self.isActiveWindow():
            self._load_skills()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._pending_delete is not None:
            # The Undo window ends with the window: the deletion happens now, on this thread
            # (the workers are about to stop, and nobody is typing any more).
            pending, self._pending_delete = self._pending_delete, None
            try:
                self.services.store.delete_session(pending.id)
            except Exception as exc:  # closing must not fail over it
                log.warning("could not delete conversation %s: %s", pending.id, exc)
        if self.history_window is not None:
            self.history_window.close()
        self.bridge.shutdown()
        super().closeEvent(event)

"""The main window: conversations on the left, the transcript in the middle, the composer below.

Why it exists: it is where a turn starts. On Send, the UI thread reads the composer, the provider
and model pickers, the title and the shown history *once* and freezes them into a
``ConversationExecutionRequest``; from then on no widget is read for that turn, so changing the
model or the title mid-answer cannot touch it. The turn runs on a worker (``WorkerBridge``) and its
results come back only as queued signals.

Invariants it keeps:

- the UI thread never waits on the provider, SQLite or the settings file: every such call goes
  through ``WorkerBridge.submit`` and its result arrives as a signal;
- one turn at a time per window; Stop sets the turn's cancel event directly;
- widgets render and forward intent; this window wires them and builds requests, the runtime decides
  everything else;
- attachments travel as paths: the composer's files are frozen into the request on Send (a retry
  takes the failed turn's files); the runtime reads them on its worker. A pasted image is written
  to ``<data dir>/pasted/`` on a worker first, then attached like any file;
- while the sidebar search field holds text the conversation list shows its matches, and a
  refresh (after a turn, a deletion) searches again instead of showing the full list.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QImage,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from application.conversations.render import history_messages
from application.conversations.turn_runtime import TurnOutcome
from application.ports.event_store import SessionRecord
from application.ports.settings_store import ProviderConfig, SettingsError
from application.tools.specs import TOOL_SETS
from domain.agents.conversation_execution_request import ConversationExecutionRequest
from domain.transcript.canonical import (
    ActionVerdict,
    AttachmentAdded,
    Notice,
    StoredEvent,
    ToolCall,
    ToolResult,
    TurnStarted,
    UserMessage,
    mint_id,
)
from ui.attachment_viewer import VIEW_MAX_SIDE, AttachmentViewer, ImageLoader
from ui.bootstrap import Services, preset_choices, probe_local_servers
from ui.bridge import TurnHandle, WorkerBridge
from ui.history_window import HistoryWindow
from ui.permission import BridgePermissionAsker, PermissionDialog, PermissionPrompt
from ui.provider_editor import ProviderEditor
from ui.settings_dialog import SettingsDialog
from ui.widgets.attachment_chips import load_scaled_image
from ui.widgets.composer import Composer
from ui.widgets.model_picker import ModelPicker
from ui.widgets.session_search import SessionMatch, SessionSearch, snippet_tooltip
from ui.widgets.transcript import TranscriptView
from ui.widgets.welcome import WelcomePanel

_SESSION_ROLE = Qt.ItemDataRole.UserRole
_EVENT_ROLE = Qt.ItemDataRole.UserRole + 1  # a search result's matching event id


class MainWindow(QMainWindow):
    """Parley's main window. See the module docstring."""

    def __init__(self, services: Services, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.services = services
        self.bridge = WorkerBridge(services.runtime, self)
        # This window answers the runtime's permission questions (through the bridge).
        services.set_permission_asker(BridgePermissionAsker(self.bridge.post))
        self.setWindowTitle("Parley")
        self.resize(1100, 720)

        self._session_id: str | None = None
        self._history: list[StoredEvent] = []
        self._providers: list[ProviderConfig] = []
        self.providers_loaded = False  # True once the settings were read (on a worker)
        self._settings_dialog: SettingsDialog | None = None
        self._permission_dialogs: list[PermissionDialog] = []
        self.attachment_viewers: list[AttachmentViewer] = []
        self.history_window: HistoryWindow | None = None

        # left: conversations
        self.new_button = QPushButton("New chat")
        self.new_button.setObjectName("new-chat")
        self.session_search = SessionSearch(services.store, self.bridge.submit)
        self.session_list = QListWidget()
        self.session_list.setObjectName("sessions")
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(8, 8, 4, 8)
        left_layout.addWidget(self.new_button)
        left_layout.addWidget(self.session_search)
        left_layout.addWidget(self.session_list, 1)

        # middle: title, pickers, transcript, composer
        self.title_edit = QLineEdit()
        self.title_edit.setObjectName("title")
        self.title_edit.setPlaceholderText("New conversation")
        self.model_picker = ModelPicker()
        top = QHBoxLayout()
        top.addWidget(self.title_edit, 1)
        top.addWidget(self.model_picker)
        # What the model may do: the workspace its tools act in, which tools, when to ask.
        self.workspace: Path | None = None
        self.workspace_button = QPushButton("No workspace")
        self.workspace_button.setObjectName("workspace")
        self.workspace_button.setToolTip("The folder the model's tools may read and work in")
        self.tools_picker = QComboBox()
        self.tools_picker.setObjectName("tools-picker")
        for label, value in (("No tools", "none"), ("Read only", "read"), ("All tools", "all")):
            self.tools_picker.addItem(label, value)
        self.tools_picker.setCurrentIndex(2)
        self.gate_picker = QComboBox()
        self.gate_picker.setObjectName("gate-picker")
        self.gate_picker.addItem("Ask before risky commands", "auto")
        self.gate_picker.addItem("Ask before every command", "confirm")
        tools_row = QHBoxLayout()
        tools_row.addWidget(self.workspace_button)
        tools_row.addWidget(self.tools_picker)
        tools_row.addWidget(self.gate_picker)
        tools_row.addStretch(1)

        self.transcript = TranscriptView()
        self.composer = Composer(submit=self.bridge.submit)
        self.setAcceptDrops(True)  # files dropped anywhere on the window go to the composer
        self.status = QLabel("")
        self.status.setObjectName("status")

        chat = QWidget()
        chat_layout = QVBoxLayout(chat)
        chat_layout.setContentsMargins(4, 8, 8, 8)
        chat_layout.addLayout(top)
        chat_layout.addLayout(tools_row)
        chat_layout.addWidget(self.transcript, 1)
        chat_layout.addWidget(self.composer)
        chat_layout.addWidget(self.status)

        self.welcome = WelcomePanel()
        self.welcome.form.set_presets(preset_choices())
        self.welcome.form.new_provider("openai")
        self.stack = QStackedWidget()
        # The chat page comes first: a returning user never sees the welcome panel flash while
        # the settings are read; the window switches to the welcome panel only if none exist.
        self.stack.addWidget(chat)
        self.stack.addWidget(self.welcome)
        self._chat_page = chat

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.stack)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([240, 860])
        self.setCentralWidget(splitter)

        self._build_menu()
        self._wire()
        if services.startup_notice:
            # A damaged history was moved aside at start: say where, once, without a dialog.
            self.transcript.add_notice(services.startup_notice, "warning")
        self._load_providers()
        self._refresh_sessions()

    # -- wiring ------------------------------------------------------------------------------------

    def _build_menu(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        new_action = QAction("&New chat", self)
        new_action.setShortcut(QKeySequence.StandardKey.New)
        new_action.triggered.connect(self.new_chat)
        file_menu.addAction(new_action)
        settings_action = QAction("&Settings…", self)
        settings_action.setShortcut(QKeySequence("Ctrl+,"))
        settings_action.triggered.connect(self.open_settings)
        file_menu.addAction(settings_action)
        file_menu.addSeparator()
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        history_menu = self.menuBar().addMenu("Histor&y")
        browse_action = QAction("&Browse…", self)
        browse_action.setShortcut(QKeySequence("Ctrl+H"))
        browse_action.triggered.connect(self.open_history)
        history_menu.addAction(browse_action)
        find_action = QAction("&Find conversation", self)
        find_action.setShortcut(QKeySequence.StandardKey.Find)
        find_action.triggered.connect(lambda: self.session_search.setFocus())
        history_menu.addAction(find_action)
        stop_action = QAction("Stop", self)
        stop_action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        stop_action.triggered.connect(self.stop_turn)
        self.addAction(stop_action)

    def _wire(self) -> None:
        self.composer.sig_send_requested.connect(self.send)
        self.composer.sig_stop_requested.connect(self.stop_turn)
        self.composer.sig_image_pasted.connect(self._on_image_pasted)
        self.transcript.sig_attachment_requested.connect(self.open_attachment)
        self.new_button.clicked.connect(self.new_chat)
        self.session_list.itemClicked.connect(self._on_session_clicked)
        self.session_search.sig_results.connect(self._show_matches)
        self.session_search.sig_cleared.connect(self._refresh_sessions)
        self.session_search.sig_failed.connect(
            lambda _q, message: self._show_status(f"Cannot search: {message}", error=True)
        )
        self.transcript.sig_retry_requested.connect(self.retry_turn)
        self.workspace_button.clicked.connect(self._choose_workspace)
        self.bridge.sig_permission_requested.connect(self._ask_permission)
        self.bridge.sig_text.connect(self.transcript.append_text)
        self.bridge.sig_event.connect(self._on_event)
        self.bridge.sig_turn_finished.connect(self._on_turn_finished)
        self.welcome_editor = ProviderEditor(
            self.welcome.form, self.services, self.bridge, self, make_default=True
        )
        self.welcome_editor.sig_saved.connect(lambda _name: self._load_providers())
        self.welcome.sig_probe_requested.connect(self._on_probe)
        self.welcome.sig_use_local_requested.connect(self._on_use_local)

    # -- providers ---------------------------------------------------------------------------------

    def _load_providers(self) -> None:
        # The settings file is tiny, but it is still a file: read it on a worker.
        self.bridge.submit(
            lambda: (
                list(self.services.settings.providers()),
                self.services.settings.default_provider(),
            ),
            self._show_providers,
            lambda exc: self._show_status(f"Cannot read settings: {exc}", error=True),
        )

    def _show_providers(self, loaded: tuple[list[ProviderConfig], ProviderConfig | None]) -> None:
        providers, default = loaded
        self._providers = providers
        self.providers_loaded = True
        self.model_picker.set_providers((p.name, [p.default_model, *p.models]) for p in providers)
        if default is not None and default.default_model:
            self.model_picker.select(default.name, default.default_model)
        for provider in providers:
            self._fetch_models(provider.name)
        self.stack.setCurrentWidget(self._chat_page if providers else self.welcome)

    def _current_provider(self) -> ProviderConfig | None:
        name, _model = self.model_picker.current()
        return next((p for p in self._providers if p.name == name), None)

    def _fetch_models(self, name: str) -> None:
        """Ask the provider for its models on a worker; a failure leaves the configured ones."""

        def fetch() -> list[str]:
            return self.services.providers.resolve(name).provider.list_models()

        self.bridge.submit(
            fetch, lambda found: self.model_picker.add_models(name, found), lambda _e: None
        )

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

        self.bridge.submit(save, lambda _r: self._load_providers(), failed)

    @Slot()
    def open_settings(self) -> SettingsDialog:
        """Open Settings (non-modal: the conversation stays usable behind it)."""
        if self._settings_dialog is None:
            self._settings_dialog = SettingsDialog(self.services, self.bridge, self)
            self._settings_dialog.providers_page.sig_providers_changed.connect(self._load_providers)
        self._settings_dialog.show()
        self._settings_dialog.raise_()
        return self._settings_dialog

    @Slot()
    def open_history(self) -> HistoryWindow:
        """Open the history window (one per main window; raised if already open)."""
        if self.history_window is None:
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
        self.bridge.submit(probe_local_servers, self.welcome.show_local_servers)

    # -- conversations -----------------------------------------------------------------------------

    def _refresh_sessions(self) -> None:
        if self.session_search.is_searching():
            self.session_search.rerun()  # the list shows matches: search again, don't clobber it
            return
        self.bridge.submit(lambda: list(self.services.store.list_sessions()), self._show_sessions)

    def _show_sessions(self, sessions: list[SessionRecord]) -> None:
        if self.session_search.is_searching():
            return  # a search started while the full list was being read
        self.session_list.clear()
        for s in sessions:
            item = QListWidgetItem(s.title or "(untitled)")
            item.setData(_SESSION_ROLE, s.id)
            item.setToolTip(f"{s.title}\nlast activity {s.updated_at}")
            self.session_list.addItem(item)
            if s.id == self._session_id:
                self.session_list.setCurrentItem(item)

    @Slot(str, object)
    def _show_matches(self, _query: str, matches: list[SessionMatch]) -> None:
        """The sidebar search's results replace the list (clearing the search restores it)."""
        self.session_list.clear()
        for match in matches:
            item = QListWidgetItem(match.title or "(untitled)")
            item.setData(_SESSION_ROLE, match.session_id)
            item.setData(_EVENT_ROLE, match.event_id)
            item.setToolTip(snippet_tooltip(match))
            self.session_list.addItem(item)
            if match.session_id == self._session_id:
                self.session_list.setCurrentItem(item)

    @Slot()
    def new_chat(self) -> None:
        if self.bridge.active_turn is not None:
            self._show_status("Stop the running answer before starting a new chat.")
            return
        self._session_id = None
        self._history = []
        self.title_edit.clear()
        self.transcript.clear_conversation()
        self.session_list.clearSelection()
        self.composer.editor.setFocus()

    @Slot(QListWidgetItem)
    def _on_session_clicked(self, item: QListWidgetItem) -> None:
        if self.bridge.active_turn is not None:
            self._show_status("Stop the running answer before switching conversations.")
            return
        self.open_session(item.data(_SESSION_ROLE), event_id=item.data(_EVENT_ROLE))

    def open_session(self, session_id: str, event_id: int | None = None) -> None:
        """Show a saved conversation; with ``event_id`` (a search result's match) the transcript
        scrolls to that event instead of the end."""
        store = self.services.store

        def load() -> tuple[SessionRecord, list[StoredEvent]]:
            return store.get_session(session_id), list(store.events(session_id))

        def show(loaded: tuple[SessionRecord, list[StoredEvent]]) -> None:
            session, events = loaded
            self._session_id = session.id
            self._history = events
            self.title_edit.setText(session.title)
            self.transcript.show_events(events)
            if event_id is not None:
                self.transcript.scroll_to_event(event_id)
            last = next(
                (e.event for e in reversed(events) if isinstance(e.event, TurnStarted)), None
            )
            if last is not None and last.provider_id in {p.name for p in self._providers}:
                self.model_picker.select(last.provider_id, last.model)

        self.bridge.submit(load, show, lambda exc: self._show_status(str(exc), error=True))

    # -- turns -------------------------------------------------------------------------------------

    def freeze_request(self, prompt: str, *, retry_of: str = "") -> ConversationExecutionRequest:
        """Read every widget the turn depends on, once, into an immutable request."""
        provider_id, model = self.model_picker.current()
        extras = {"source": "window"}
        attachments: tuple[str | Path, ...] = tuple(self.composer.attachments())
        if retry_of:
            extras["retry_of"] = retry_of
            # A retry sends what the failed turn sent, not what the composer holds now.
            attachments = next(
                (
                    e.event.attachments
                    for e in self._history
                    if e.turn_id == retry_of and isinstance(e.event, TurnStarted)
                ),
                (),
            )
        return ConversationExecutionRequest(
            turn_id=mint_id(),
            session_id=self._session_id or mint_id(),
            title=self.title_edit.text().strip(),
            prompt=prompt,
            attachments=attachments,
            messages=history_messages(self._history),
            provider_id=provider_id,
            model=model,
            workspace=self.workspace,
            allowed_tools=TOOL_SETS[self.tools_picker.currentData()],
            gate_mode=self.gate_picker.currentData(),
            extras=extras,
        )

    def set_workspace(self, folder: Path | None) -> None:
        self.workspace = folder
        self.workspace_button.setText(f"Workspace: {folder.name}" if folder else "No workspace")
        self.workspace_button.setToolTip(str(folder) if folder else "Choose a folder for tools")

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
        """Send a failed turn's prompt again; the failed turn is kept in the history, marked as
        retried, and left out of what later requests send."""
        prompt = next(
            (
                e.event.text
                for e in self._history
                if e.turn_id == turn_id and isinstance(e.event, UserMessage)
            ),
            None,
        )
        if prompt is None:
            return None
        return self.send(prompt, retry_of=turn_id)

    @Slot(str)
    def send(self, prompt: str, retry_of: str = "") -> TurnHandle | None:
        if self.bridge.active_turn is not None:
            return None
        if not self.providers_loaded:
            self._show_status("Still reading the settings; send again in a moment.")
            return None
        if not self._providers:
            self.stack.setCurrentWidget(self.welcome)
            return None
        request = self.freeze_request(prompt, retry_of=retry_of)
        self._session_id = request.session_id
        self.composer.clear(keep_attachments=bool(retry_of))
        self.composer.set_running(True)
        self.transcript.add_user_message(
            prompt, attachments=request.attachments, turn_id=request.turn_id
        )
        self.transcript.begin_answer(request.turn_id, request.model)
        self._show_status(f"Answering with {request.model or 'the default model'}…")
        return self.bridge.start_turn(request)

    @Slot()
    def stop_turn(self) -> None:
        handle = self.bridge.active_turn
        if handle is not None:
            handle.cancel()
            self._show_status("Stopping…")

    @Slot(object)
    def _on_event(self, stored: StoredEvent) -> None:
        if stored.session_id != self._session_id:
            return
        self._history.append(stored)
        event = stored.event
        if isinstance(event, Notice):
            self.transcript.add_notice(event.text, event.level)
        elif isinstance(event, ToolCall | ActionVerdict | ToolResult):
            self.transcript.show_tool_event(event)
        elif isinstance(event, AttachmentAdded):
            self.transcript.show_attachment(stored)

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
            if not image.save(str(path), "PNG"):
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

    @Slot(object)
    def _on_turn_finished(self, outcome: TurnOutcome) -> None:
        for dialog in list(self._permission_dialogs):  # a question nobody needs any more
            dialog.reject()
        self.composer.set_running(False)
        self.transcript.end_answer(outcome.turn_id, outcome.status, outcome.error)
        if outcome.status == "completed":
            usage = outcome.usage
            figures = (
                f" · {usage.input_tokens} in / {usage.output_tokens} out tokens"
                if usage.input_tokens is not None and usage.output_tokens is not None
                else ""
            )
            self._show_status(f"Done in {outcome.duration_s:.1f} s{figures}")
        elif outcome.status == "cancelled":
            self._show_status("Stopped. The partial answer was kept.")
        else:
            self._show_status(
                f"{outcome.status.replace('_', ' ').capitalize()}: {outcome.error}", error=True
            )
        self._refresh_sessions()
        if not self.title_edit.text().strip() and outcome.session_id == self._session_id:
            self.bridge.submit(
                lambda: self.services.store.get_session(outcome.session_id).title,
                self._adopt_title,
            )

    def _adopt_title(self, title: str) -> None:
        if not self.title_edit.text().strip():
            self.title_edit.setText(title)

    def _show_status(self, text: str, error: bool = False) -> None:
        self.status.setStyleSheet("color: #c0392b" if error else "")
        self.status.setText(text)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.history_window is not None:
            self.history_window.close()
        self.bridge.shutdown()
        super().closeEvent(event)

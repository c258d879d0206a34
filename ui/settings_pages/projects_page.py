"""Settings → Projects: a workspace, shared instructions and turn defaults under one name.

Why it exists: people who work on several things want each conversation to start in the right
folder, with the right standing instructions, model, gate mode and tools, without setting them
every time. The page renders the list of projects and a form; reads and writes go to the
settings store on a worker through ``submit``; the window applies a project (not this page).

Invariants it keeps:

- nothing invalid is written: the name is checked before submitting, and everything the store or
  the filesystem refuses (a clashing name, a workspace folder that does not exist) is shown in red
  next to the field it is about;
- the list always reflects the settings file (re-read after every change), and
  ``sig_projects_changed`` is emitted only after a change was written;
- a project's provider that is no longer configured is kept and shown as such, never silently
  replaced; so is an MCP server the project enables that is no longer configured (listed as
  "not configured", kept until unticked);
- the knowledge folder (issue 18) is indexed by ``KnowledgeRuns`` (``ui.controllers.knowledge``),
  never on the UI thread: saving a project whose folder changed starts a run (a cleared folder
  empties its collection), "Index now" starts one that also reads failed files again, Cancel
  stops it; the progress line follows any run of the shown project (the window's watcher's
  too), and the file list (path, size, chunks, error) is re-read from the index when one ends.
  Without a knowledge index (``knowledge`` None) the section says so and offers nothing.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.knowledge import CollectionMember
from parley.application.ports.settings_store import (
    PROJECT_NAME_MAX,
    ProjectConfig,
    ProjectNameTaken,
    SettingsError,
    SettingsStore,
)
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.icons import icon
from parley.ui.settings_pages import InlineError, Submit
from parley.ui.settings_pages.look import (
    card_form,
    hint_label,
    label_width,
    list_column,
    primary,
    scrolling,
    secondary,
)
from parley.ui.widgets.attachment_chips import human_size

if TYPE_CHECKING:
    from parley.application.knowledge.folders import FolderIndexSummary
    from parley.ui.controllers.knowledge import KnowledgeRuns

_ID = Qt.ItemDataRole.UserRole

#: The columns of the knowledge folder's file list.
K_FILE, K_SIZE, K_CHUNKS, K_STATUS = range(4)

GATE_MODE_LABELS = (
    ("auto", QT_TRANSLATE_NOOP("ProjectsPage", "Automatic (ask only for risky actions)")),
    ("confirm", QT_TRANSLATE_NOOP("ProjectsPage", "Ask before every action")),
)
TOOLS_LABELS = (
    ("all", QT_TRANSLATE_NOOP("ProjectsPage", "All tools (read, write, run)")),
    ("read", QT_TRANSLATE_NOOP("ProjectsPage", "Read-only tools")),
    ("none", QT_TRANSLATE_NOOP("ProjectsPage", "No tools")),
)


class _NoSuchFolder(SettingsError):
    """The workspace named in the form is not an existing folder."""


class _NoKnowledgeFolder(SettingsError):
    """The knowledge folder named in the form is not an existing folder."""


class ProjectsPage(QWidget):
    """The list of projects beside the form for the selected (or a new) one."""

    sig_projects_changed = Signal()
    """A project was added, changed or removed (the settings file holds the change)."""

    def __init__(
        self,
        settings: SettingsStore,
        submit: Submit,
        parent: QWidget | None = None,
        *,
        knowledge: KnowledgeRuns | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._submit = submit
        self._knowledge = knowledge
        self._projects: dict[str, ProjectConfig] = {}
        #: the id of the project in the form; None while writing a new one
        self._editing: str | None = None
        self._provider_names: list[str] = []
        self._mcp_names: list[str] = []

        self.project_list = QListWidget()
        self.project_list.setAccessibleName(translate("ProjectsPage", "Projects"))
        self.new_button = QPushButton(translate("ProjectsPage", "New"))
        self.new_button.setAccessibleName(translate("ProjectsPage", "New project"))
        self.delete_button = QPushButton(translate("ProjectsPage", "Delete"))
        self.delete_button.setAccessibleName(translate("ProjectsPage", "Delete project"))

        self.name_edit = QLineEdit()
        self.name_edit.setAccessibleName(translate("ProjectsPage", "Project name"))
        self.name_edit.setMaxLength(PROJECT_NAME_MAX)
        self.name_error = InlineError(translate("ProjectsPage", "Project name error"))
        self.workspace_edit = QLineEdit()
        self.workspace_edit.setAccessibleName(translate("ProjectsPage", "Workspace folder"))
        self.workspace_edit.setPlaceholderText(
            translate("ProjectsPage", "optional: the folder the tools work in")
        )
        self.browse_button = QPushButton(translate("ProjectsPage", "Browse…"))
        self.browse_button.setAccessibleName(
            translate("ProjectsPage", "Choose the workspace folder")
        )
        self.workspace_error = InlineError(translate("ProjectsPage", "Workspace folder error"))
        self.instructions_edit = QPlainTextEdit()
        self.instructions_edit.setAccessibleName(translate("ProjectsPage", "Shared instructions"))
        self.instructions_edit.setPlaceholderText(
            translate(
                "ProjectsPage",
                "optional: instructions every conversation of this project starts with",
            )
        )
        self.provider_box = QComboBox()
        self.provider_box.setAccessibleName(translate("ProjectsPage", "Default provider"))
        self.model_edit = QLineEdit()
        self.model_edit.setAccessibleName(translate("ProjectsPage", "Default model"))
        self.model_edit.setPlaceholderText(
            translate("ProjectsPage", "optional: a model of that provider")
        )
        self.gate_box = QComboBox()
        self.gate_box.setAccessibleName(translate("ProjectsPage", "Gate mode"))
        for mode, label in GATE_MODE_LABELS:
            self.gate_box.addItem(translate("ProjectsPage", label), mode)
        self.tools_box = QComboBox()
        self.tools_box.setAccessibleName(translate("ProjectsPage", "Tools"))
        for tools, label in TOOLS_LABELS:
            self.tools_box.addItem(translate("ProjectsPage", label), tools)
        self.mcp_list = QListWidget()
        self.mcp_list.setAccessibleName(
            translate("ProjectsPage", "MCP servers enabled for this project")
        )
        self.mcp_list.setMaximumHeight(self.fontMetrics().height() * 7)
        self.mcp_empty = hint_label(
            translate(
                "ProjectsPage",
                "No MCP servers are configured: add them under Settings → MCP servers.",
            )
        )
        self._build_knowledge()
        self.save_button = QPushButton(translate("ProjectsPage", "Save"))
        self.save_button.setAccessibleName(translate("ProjectsPage", "Save project"))
        self.status = InlineError(translate("ProjectsPage", "Project save result"))
        self._set_providers([], "")

        list_column(self.project_list, self.new_button, self.delete_button)
        primary(self.save_button)
        secondary(self.browse_button)
        self.browse_button.setIcon(icon("folder"))
        left = QVBoxLayout()
        left.setSpacing(8)
        left.addWidget(self.project_list, 1)
        row = QHBoxLayout()
        row.addWidget(self.new_button, 1)
        row.addWidget(self.delete_button)
        left.addLayout(row)

        name_box = QVBoxLayout()
        name_box.addWidget(self.name_edit)
        name_box.addWidget(self.name_error)
        workspace_row = QHBoxLayout()
        workspace_row.addWidget(self.workspace_edit, 1)
        workspace_row.addWidget(self.browse_button)
        workspace_box = QVBoxLayout()
        workspace_box.addLayout(workspace_row)
        workspace_box.addWidget(self.workspace_error)
        model_row = QHBoxLayout()
        model_row.addWidget(self.provider_box)
        model_row.addWidget(self.model_edit, 1)
        self.instructions_edit.setMinimumHeight(self.fontMetrics().height() * 5)
        width = label_width(self, ("Name", "Workspace", "Instructions", "Default model", "Tools"))
        about = card_form(
            translate("ProjectsPage", "Project"),
            [
                (
                    translate("ProjectsPage", "Name"),
                    name_box,
                    translate("ProjectsPage", "Shown in the sidebar and the project picker."),
                ),
                (
                    translate("ProjectsPage", "Workspace"),
                    workspace_box,
                    translate("ProjectsPage", "The folder the tools read, write and run in."),
                ),
                (
                    translate("ProjectsPage", "Instructions"),
                    self.instructions_edit,
                    translate(
                        "ProjectsPage", "Sent at the start of every conversation of this project."
                    ),
                ),
            ],
            width,
        )
        defaults = card_form(
            translate("ProjectsPage", "Defaults"),
            [
                (
                    translate("ProjectsPage", "Default model"),
                    model_row,
                    translate("ProjectsPage", "What a new chat in this project starts on."),
                ),
                (
                    translate("ProjectsPage", "Gate mode"),
                    self.gate_box,
                    translate("ProjectsPage", "When Parley asks before an action."),
                ),
                (
                    translate("ProjectsPage", "Tools"),
                    self.tools_box,
                    translate("ProjectsPage", "What the model may do in the workspace."),
                ),
            ],
            width,
        )
        mcp_box = QVBoxLayout()
        mcp_box.addWidget(self.mcp_list)
        mcp_box.addWidget(self.mcp_empty)
        servers = card_form(
            translate("ProjectsPage", "MCP servers"),
            [
                (
                    "",
                    mcp_box,
                    translate(
                        "ProjectsPage",
                        "The servers whose tools this project's conversations are offered (a "
                        "server "
                        "switched off in Settings → MCP servers offers none).",
                    ),
                )
            ],
            width,
        )
        right = QVBoxLayout()
        right.setSpacing(10)
        right.addWidget(scrolling(about, defaults, servers, self._knowledge_card(width)), 1)
        actions = QHBoxLayout()
        actions.addWidget(self.status, 1)
        actions.addWidget(self.save_button)
        right.addLayout(actions)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(16)
        layout.addLayout(left, 2)
        layout.addLayout(right, 5)

        self.project_list.currentItemChanged.connect(self._on_selected)
        self.new_button.clicked.connect(self.new_project)
        self.delete_button.clicked.connect(self._on_delete)
        self.browse_button.clicked.connect(self._on_browse)
        self.save_button.clicked.connect(self.save)
        self.name_edit.textEdited.connect(lambda _text: self.name_error.clear_message())
        self.workspace_edit.textEdited.connect(lambda _text: self.workspace_error.clear_message())
        self.knowledge_edit.textEdited.connect(lambda _text: self.knowledge_error.clear_message())
        self.knowledge_browse.clicked.connect(self._on_browse_knowledge)
        self.knowledge_clear.clicked.connect(self._on_clear_knowledge)
        self.index_button.clicked.connect(self.index_now)
        self.cancel_index_button.clicked.connect(self.cancel_indexing)
        if knowledge is not None:
            knowledge.sig_progress.connect(self._on_index_progress)
            knowledge.sig_finished.connect(self._on_index_finished)
            knowledge.sig_failed.connect(self._on_index_failed)
            knowledge.sig_forgotten.connect(self._on_forgotten)
        self.new_project()
        self.reload()

    @property
    def editing(self) -> str | None:
        """The id of the project in the form (None for a new one)."""
        return self._editing

    def reload(self, select: str = "") -> None:
        """Re-read the projects and the configured providers (on a worker)."""
        settings = self._settings

        def load() -> tuple[list[ProjectConfig], list[str], list[str]]:
            return (
                list(settings.projects()),
                [p.name for p in settings.providers()],
                [s.name for s in settings.mcp_servers()],
            )

        def show(result: tuple[list[ProjectConfig], list[str], list[str]]) -> None:
            projects, providers, mcp_names = result
            self._projects = {p.id: p for p in projects}
            self._provider_names = providers
            self._mcp_names = mcp_names
            self.project_list.blockSignals(True)
            self.project_list.clear()
            for project in projects:
                item = QListWidgetItem(project.name)
                item.setData(_ID, project.id)
                item.setToolTip(project.workspace or "no workspace")
                self.project_list.addItem(item)
            self.project_list.blockSignals(False)
            target = select or self._editing or ""
            ids = [p.id for p in projects]
            if target in ids:
                # Signals stay blocked: selecting here must not clear the messages shown.
                self.project_list.blockSignals(True)
                self.project_list.setCurrentRow(ids.index(target))
                self.project_list.blockSignals(False)
                self._load(self._projects[target], keep_messages=True)
            else:
                self._set_providers(providers, self.provider_box.currentData() or "")
                self._set_mcp(self.checked_mcp_servers())

        self._submit(load, show, lambda exc: self.status.show_error(translate_text(str(exc))))

    def new_project(self) -> None:
        """Clear the form for a new project."""
        self._editing = None
        self.project_list.blockSignals(True)
        self.project_list.setCurrentRow(-1)  # no current item
        self.project_list.clearSelection()
        self.project_list.blockSignals(False)
        self.name_edit.clear()
        self.workspace_edit.clear()
        self.knowledge_edit.clear()
        self._show_members(())
        self._show_knowledge_state()
        self.instructions_edit.clear()
        self._set_providers(self._provider_names, "")
        self.model_edit.clear()
        self.gate_box.setCurrentIndex(self.gate_box.findData("auto"))
        self.tools_box.setCurrentIndex(self.tools_box.findData("all"))
        self._set_mcp(())
        self._clear_messages()

    def save(self) -> None:
        """Check the form; if it is valid, save the project on a worker."""
        self._clear_messages()
        name = self.name_edit.text().strip()
        if not name:
            self.name_error.show_error(translate("ProjectsPage", "A project needs a name."))
            return
        workspace = self.workspace_edit.text().strip()
        if workspace:
            workspace = str(Path(workspace).expanduser())
        knowledge_folder = self.knowledge_edit.text().strip()
        if knowledge_folder:
            knowledge_folder = str(Path(knowledge_folder).expanduser())
        before = self._projects.get(self._editing or "")
        try:
            config = ProjectConfig(
                id=self._editing or uuid.uuid4().hex,
                name=name,
                workspace=workspace,
                instructions=self.instructions_edit.toPlainText().strip("\n"),
                provider_id=str(self.provider_box.currentData() or ""),
                model=self.model_edit.text().strip(),
                gate_mode=str(self.gate_box.currentData()),
                tools=str(self.tools_box.currentData()),
                mcp_servers=self.checked_mcp_servers(),
                knowledge_folder=knowledge_folder,
            )
        except SettingsError as exc:
            self.status.show_error(translate_text(str(exc)))
            return
        settings = self._settings

        def job() -> None:
            # Worker thread: the folder check is file I/O too.
            if config.workspace and not Path(config.workspace).is_dir():
                raise _NoSuchFolder(
                    translate("ProjectsPage", "{folder} is not an existing folder").format(
                        folder=config.workspace
                    )
                )
            if config.knowledge_folder and not Path(config.knowledge_folder).is_dir():
                raise _NoKnowledgeFolder(
                    translate("ProjectsPage", "{folder} is not an existing folder").format(
                        folder=config.knowledge_folder
                    )
                )
            settings.save_project(config)

        def done(_result: None) -> None:
            self.save_button.setEnabled(True)
            self._editing = config.id
            # Saved: the buttons below judge by it before the re-read (on a worker) lands.
            self._projects[config.id] = config
            self.status.show_ok(
                translate("ProjectsPage", "Saved project {name!r}.").format(name=config.name)
            )
            self.reload(select=config.id)
            self.sig_projects_changed.emit()
            old = before.knowledge_folder if before is not None else ""
            if config.knowledge_folder != old and self._knowledge is not None:
                if config.knowledge_folder:  # a new folder: index it (the old one's files go)
                    self._knowledge.start(config.id, config.knowledge_folder)
                else:
                    self._knowledge.forget(config.id)
                self._show_knowledge_state()

        def failed(exc: BaseException) -> None:
            self.save_button.setEnabled(True)
            if isinstance(exc, _NoKnowledgeFolder):
                self.knowledge_error.show_error(translate_text(str(exc)))
            elif isinstance(exc, _NoSuchFolder):
                self.workspace_error.show_error(translate_text(str(exc)))
            elif isinstance(exc, ProjectNameTaken):
                self.name_error.show_error(translate_text(str(exc)))
            else:
                self.status.show_error(
                    translate("ProjectsPage", "Not saved: {exc}").format(
                        exc=translate_text(str(exc))
                    )
                )

        self.save_button.setEnabled(False)
        self._submit(job, done, failed)

    def delete(self, project_id: str) -> None:
        """Remove a project (no question asked: ``_on_delete`` asks)."""
        settings = self._settings

        def done(_result: None) -> None:
            if self._knowledge is not None:  # its index entries go with it
                self._knowledge.forget(project_id)
            if self._editing == project_id:
                self.new_project()
            self.reload()
            self.sig_projects_changed.emit()

        self._submit(
            lambda: settings.remove_project(project_id),
            done,
            lambda exc: self.status.show_error(
                translate("ProjectsPage", "Not deleted: {exc}").format(exc=exc)
            ),
        )

    # -- internal ------------------------------------------------------------------------------

    def _set_providers(self, names: Sequence[str], current: str) -> None:
        self.provider_box.clear()
        self.provider_box.addItem(translate("ProjectsPage", "Window's choice"), "")
        for name in names:
            self.provider_box.addItem(name, name)
        if current and current not in names:
            self.provider_box.addItem(
                translate("ProjectsPage", "{current} (not configured)").format(current=current),
                current,
            )
        self.provider_box.setCurrentIndex(max(0, self.provider_box.findData(current)))

    def _set_mcp(self, enabled: Sequence[str]) -> None:
        """The checklist: every configured server, ticked when ``enabled`` names it; a name no
        longer configured stays listed (ticked) until unticked."""
        self.mcp_list.clear()
        names = list(self._mcp_names) + [n for n in enabled if n not in self._mcp_names]
        for name in names:
            label = (
                name
                if name in self._mcp_names
                else translate("ProjectsPage", "{name} (not configured)").format(name=name)
            )
            item = QListWidgetItem(label)
            item.setData(_ID, name)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if name in enabled else Qt.CheckState.Unchecked
            )
            self.mcp_list.addItem(item)
        self.mcp_list.setVisible(bool(names))
        self.mcp_empty.setVisible(not names)

    def checked_mcp_servers(self) -> tuple[str, ...]:
        """The servers ticked in the checklist, in its order."""
        return tuple(
            str(self.mcp_list.item(i).data(_ID))
            for i in range(self.mcp_list.count())
            if self.mcp_list.item(i).checkState() == Qt.CheckState.Checked
        )

    def _on_selected(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            return
        project = self._projects.get(item.data(_ID))
        if project is not None:
            self._load(project)

    def _load(self, project: ProjectConfig, *, keep_messages: bool = False) -> None:
        self._editing = project.id
        self.name_edit.setText(project.name)
        self.workspace_edit.setText(project.workspace)
        self.instructions_edit.setPlainText(project.instructions)
        self._set_providers(self._provider_names, project.provider_id)
        self.model_edit.setText(project.model)
        self.gate_box.setCurrentIndex(self.gate_box.findData(project.gate_mode))
        self.tools_box.setCurrentIndex(self.tools_box.findData(project.tools))
        self._set_mcp(project.mcp_servers)
        if self.knowledge_edit.text() != project.knowledge_folder or not keep_messages:
            self.knowledge_edit.setText(project.knowledge_folder)
            self._show_members(())
        self._show_knowledge_state()
        self.load_members()
        if not keep_messages:
            self._clear_messages()

    def _on_delete(self) -> None:
        item = self.project_list.currentItem()
        if item is None:
            return
        answer = QMessageBox.question(
            self,
            translate("ProjectsPage", "Delete project"),
            translate("ProjectsPage", "Delete the project {text!r}? Its files stay.").format(
                text=item.text()
            ),
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.delete(item.data(_ID))

    def _on_browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, translate("ProjectsPage", "Workspace folder"), self.workspace_edit.text()
        )
        if folder:
            self.workspace_edit.setText(folder)
            self.workspace_error.clear_message()

    def _clear_messages(self) -> None:
        for label in (self.name_error, self.workspace_error, self.knowledge_error, self.status):
            label.clear_message()

    # -- the knowledge folder ------------------------------------------------------------------

    def _build_knowledge(self) -> None:
        self.knowledge_edit = QLineEdit()
        self.knowledge_edit.setAccessibleName(translate("ProjectsPage", "Knowledge folder"))
        self.knowledge_edit.setPlaceholderText(
            translate(
                "ProjectsPage",
                "optional: a folder of documents every turn of this project may be answered from",
            )
        )
        self.knowledge_browse = QPushButton(translate("ProjectsPage", "Browse…"))
        self.knowledge_browse.setAccessibleName(
            translate("ProjectsPage", "Choose the knowledge folder")
        )
        secondary(self.knowledge_browse)
        self.knowledge_browse.setIcon(icon("folder"))
        self.knowledge_clear = QPushButton(translate("ProjectsPage", "Clear"))
        self.knowledge_clear.setAccessibleName(
            translate("ProjectsPage", "Clear the knowledge folder")
        )
        secondary(self.knowledge_clear)
        self.knowledge_error = InlineError(translate("ProjectsPage", "Knowledge folder error"))
        self.knowledge_files = QTreeWidget()
        self.knowledge_files.setAccessibleName(translate("ProjectsPage", "Indexed files"))
        self.knowledge_files.setHeaderLabels(
            [
                translate("ProjectsPage", "File"),
                translate("ProjectsPage", "Size"),
                translate("ProjectsPage", "Chunks"),
                translate("ProjectsPage", "Status"),
            ]
        )
        self.knowledge_files.setRootIsDecorated(False)
        self.knowledge_files.setUniformRowHeights(True)
        self.knowledge_files.setMinimumHeight(self.fontMetrics().height() * 9)
        self.knowledge_totals = QLabel("")
        self.knowledge_totals.setAccessibleName(
            translate("ProjectsPage", "Knowledge folder totals")
        )
        self.knowledge_totals.setWordWrap(True)
        self.index_button = QPushButton(translate("ProjectsPage", "Index now"))
        self.index_button.setAccessibleName(
            translate("ProjectsPage", "Index the knowledge folder now")
        )
        secondary(self.index_button)
        self.cancel_index_button = QPushButton(translate("ProjectsPage", "Cancel"))
        self.cancel_index_button.setAccessibleName(translate("ProjectsPage", "Cancel indexing"))
        secondary(self.cancel_index_button)
        self.index_progress = QProgressBar()
        self.index_progress.setAccessibleName(translate("ProjectsPage", "Indexing progress"))
        self.index_progress.setTextVisible(False)
        self.index_progress.setMaximumHeight(self.fontMetrics().height() // 2 + 2)
        self.index_line = QLabel("")
        self.index_line.setAccessibleName(translate("ProjectsPage", "Indexing status"))
        self.index_line.setWordWrap(True)

    def _knowledge_card(self, width: int) -> QWidget:
        row = QHBoxLayout()
        row.addWidget(self.knowledge_edit, 1)
        row.addWidget(self.knowledge_browse)
        row.addWidget(self.knowledge_clear)
        folder_box = QVBoxLayout()
        folder_box.addLayout(row)
        folder_box.addWidget(self.knowledge_error)
        actions = QHBoxLayout()
        actions.addWidget(self.index_line, 1)
        actions.addWidget(self.index_button)
        actions.addWidget(self.cancel_index_button)
        files_box = QVBoxLayout()
        files_box.addWidget(self.knowledge_totals)
        files_box.addWidget(self.knowledge_files)
        files_box.addWidget(self.index_progress)
        files_box.addLayout(actions)
        if self._knowledge is None:
            files_box.addWidget(
                hint_label(
                    translate(
                        "ProjectsPage",
                        "Knowledge folders need the knowledge index, which is not available.",
                    )
                )
            )
        return card_form(
            translate("ProjectsPage", "Knowledge"),
            [
                (
                    translate("ProjectsPage", "Folder"),
                    folder_box,
                    translate(
                        "ProjectsPage",
                        "Parley indexes its documents (PDF, Word, Excel, PowerPoint, text, code; "
                        "not "
                        "images or hidden files) and answers this project's turns from them. It "
                        "looks for changes every 30 seconds while the window is open.",
                    ),
                ),
                (translate("ProjectsPage", "Indexed"), files_box, ""),
            ],
            width,
        )

    def load_members(self) -> None:
        """Re-read the shown project's indexed files (on a worker)."""
        project_id = self._editing
        if self._knowledge is None or project_id is None:
            return

        def show(members: tuple[CollectionMember, ...]) -> None:
            if self._editing == project_id:
                self._show_members(members)

        self._knowledge.members(
            project_id,
            self._submit,
            show,
            lambda exc: self.index_line.setText(
                translate("ProjectsPage", "Cannot read the index: {exc}").format(exc=exc)
            ),
        )

    def index_now(self) -> bool:
        """Index the saved project's knowledge folder (failed files are read again)."""
        project = self._projects.get(self._editing or "")
        if self._knowledge is None or project is None:
            return False
        typed = self.knowledge_edit.text().strip()
        if (str(Path(typed).expanduser()) if typed else "") != project.knowledge_folder:
            self.knowledge_error.show_error(
                translate("ProjectsPage", "Save the project first: the folder has changed.")
            )
            return False
        if not project.knowledge_folder:
            self.knowledge_error.show_error(
                translate("ProjectsPage", "Choose a knowledge folder first.")
            )
            return False
        started = self._knowledge.start(project.id, project.knowledge_folder, retry_failed=True)
        self._show_knowledge_state()
        return started

    def cancel_indexing(self) -> None:
        if self._knowledge is not None and self._editing is not None:
            self._knowledge.cancel(self._editing)
            self.index_line.setText(translate("ProjectsPage", "Stopping…"))
            self.cancel_index_button.setEnabled(False)

    def _show_members(self, members: Sequence[CollectionMember]) -> None:
        self.knowledge_files.clear()
        folder = self.knowledge_edit.text().strip()
        errors = 0
        for member in members:
            shown = member.path
            if folder and Path(member.path).is_relative_to(folder):
                shown = str(Path(member.path).relative_to(folder))
            if member.error_kind:
                errors += 1
                status = (
                    f"{member.error_kind}: {translate_text(member.error)}"
                    if member.error
                    else member.error_kind
                )
            else:
                status = translate("ProjectsPage", "indexed")
            item = QTreeWidgetItem([shown, human_size(member.size), f"{member.chunks:,}", status])
            item.setToolTip(K_FILE, member.path)
            item.setToolTip(K_STATUS, status)
            item.setData(K_FILE, _ID, member.path)
            for column in (K_SIZE, K_CHUNKS):
                item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight)
            self.knowledge_files.addTopLevelItem(item)
        for column in (K_FILE, K_SIZE, K_CHUNKS):
            self.knowledge_files.resizeColumnToContents(column)
        widest = self.fontMetrics().horizontalAdvance("x") * 36  # long paths: the tooltip has all
        if self.knowledge_files.columnWidth(K_FILE) > widest:
            self.knowledge_files.setColumnWidth(K_FILE, widest)
        if members:
            size = sum(m.size for m in members)
            chunks = sum(m.chunks for m in members)
            text = translate("ProjectsPage", "{count:,} files · {size} · {chunks:,} chunks").format(
                count=len(members), size=human_size(size), chunks=chunks
            )
            if errors:
                text += " · " + translate(
                    "ProjectsPage", "{errors:,} not indexed (see Status)"
                ).format(errors=errors)
        else:
            text = (
                translate("ProjectsPage", "Nothing indexed yet.")
                if folder
                else translate("ProjectsPage", "No knowledge folder.")
            )
        self.knowledge_totals.setText(text)

    def _show_knowledge_state(self) -> None:
        """Buttons and the progress line for the shown project (a run may be under way)."""
        runs, project_id = self._knowledge, self._editing
        running = runs is not None and project_id is not None and runs.is_running(project_id)
        saved = self._projects.get(project_id or "")
        self.index_button.setEnabled(
            runs is not None and not running and bool(saved and saved.knowledge_folder)
        )
        self.cancel_index_button.setEnabled(running)
        self.knowledge_browse.setEnabled(runs is not None)
        self.knowledge_clear.setEnabled(runs is not None)
        self.knowledge_edit.setEnabled(runs is not None)
        self.index_progress.setVisible(running)
        if running and runs is not None and project_id is not None:
            done, total, path = runs.progress(project_id) or (0, 0, "")
            self._on_index_progress(project_id, done, total, path)
        elif self.index_line.text().startswith(("Indexing", "Stopping")):
            self.index_line.setText("")

    def _on_index_progress(self, project_id: str, done: int, total: int, path: str) -> None:
        if project_id != self._editing:
            return
        self.index_progress.setVisible(True)
        self.cancel_index_button.setEnabled(True)
        self.index_button.setEnabled(False)
        self.index_progress.setRange(0, max(total, 1))
        self.index_progress.setValue(min(done, max(total, 1)) if total else 0)
        if not total:
            self.index_line.setText(translate("ProjectsPage", "Indexing: looking at the folder…"))
        elif path:
            self.index_line.setText(
                translate("ProjectsPage", "Indexing {value:,} of {total:,}: {name}").format(
                    value=done + 1, total=total, name=Path(path).name
                )
            )
        else:
            self.index_line.setText(
                translate("ProjectsPage", "Indexing: {done:,} of {total:,} read").format(
                    done=done, total=total
                )
            )

    def _on_index_finished(self, project_id: str, summary: FolderIndexSummary) -> None:
        if project_id != self._editing:
            return
        self._show_knowledge_state()
        self.index_line.setText(
            summary.describe(translate_text) + ("" if summary.cancelled else ".")
        )
        self.load_members()

    def _on_index_failed(self, project_id: str, message: str) -> None:
        if project_id != self._editing:
            return
        self._show_knowledge_state()
        self.index_line.setText(
            translate("ProjectsPage", "Not indexed: {message}").format(
                message=translate_text(message)
            )
        )

    def _on_forgotten(self, project_id: str, count: int) -> None:
        if project_id != self._editing:
            return
        self._show_members(())
        self.index_line.setText(
            translate("ProjectsPage", "Removed {count:,} files from the index.").format(count=count)
            if count
            else ""
        )

    def _on_browse_knowledge(self) -> None:
        folder = QFileDialog.getExistingDirectory(
            self, translate("ProjectsPage", "Knowledge folder"), self.knowledge_edit.text()
        )
        if folder:
            self.knowledge_edit.setText(folder)
            self.knowledge_error.clear_message()

    def _on_clear_knowledge(self) -> None:
        self.knowledge_edit.clear()
        self.knowledge_error.clear_message()

"""The settings' controller: providers, projects, prices, skills and what the composer offers.

Why it exists: the window needs the configured providers (for the model picker), the projects
(for the picker and the list's sections), the prices (for footers) and the skills (for '/'
commands); the Settings dialog, the welcome panel and the providers' own model lists change
them. This controller reads and writes them on workers and hands the results to the widgets that
show them; it decides nothing about a turn.

Invariants it keeps:

- the settings and skill files are read and written on a worker (``submit``), never on the UI
  thread; a failure is a status line, never an exception into Qt;
- the providers' model lists are fetched a moment after start (``MODEL_FETCH_DELAY_MS``), with
  the window as the timer's context (a closed window cancels it);
- a new conversation in a project starts with that project's workspace, model, gate and tools
  (``apply_project``); one in no project (or in a project without a workspace) starts with no
  workspace and no tools, never with the previous conversation's; an open one is moved to a
  picked project through the sidebar's named operation.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Slot

from parley.application.mcp.model import McpServerConfig
from parley.application.ports.settings_store import (
    ContextSettings,
    ProjectConfig,
    ProviderConfig,
    SettingsError,
    SettingsStore,
)
from parley.domain.agents.skills import SkillDoc
from parley.domain.usage.pricing import ModelPrice
from parley.ui.i18n import translate
from parley.ui.widgets.composer import CommandItem

if TYPE_CHECKING:
    from parley.ui.main_window import MainWindow
    from parley.ui.provider_editor import ProviderEditor
    from parley.ui.settings_dialog import SettingsDialog
    from parley.ui.widgets.welcome import WelcomePanel

#: How long after the settings are read the providers are asked for their models.
MODEL_FETCH_DELAY_MS = 1500


class SettingsController(QObject):
    """See the module docstring."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        self.providers: list[ProviderConfig] = []
        self.projects: list[ProjectConfig] = []
        self.mcp_servers: list[McpServerConfig] = []
        self.prices: list[ModelPrice] = []
        self.price_cache: dict[tuple[str, str], ModelPrice | None] = {}
        self.skills: list[SkillDoc] = []
        self.providers_loaded = False  # True once the settings were read (on a worker)
        #: Compaction and retrieval settings, read with the rest (a turn's request carries them).
        self.context = ContextSettings()
        self.dialog: SettingsDialog | None = None
        window.project_picker.activated.connect(self._on_project_picked)

    def wire_welcome(self, panel: WelcomePanel, editor: ProviderEditor) -> None:
        """The welcome panel was just built (the window builds it when first asked for)."""
        editor.sig_saved.connect(lambda _name: self.load_settings())
        panel.sig_probe_requested.connect(self._on_probe)
        panel.sig_use_local_requested.connect(self._on_use_local)

    # -- settings: providers, projects, prices -----------------------------------------------------

    def load_settings(self) -> None:
        # The settings file is tiny, but it is still a file: read it on a worker.
        settings = self.w.services.settings
        self.w.bridge.submit(
            lambda: (
                list(settings.providers()),
                settings.default_provider(),
                list(settings.projects()),
                list(settings.prices()),
                list(settings.mcp_servers()),
                _context_or_default(settings),
            ),
            self._show_settings,
            lambda exc: self.w._show_status(
                translate("SettingsController", "Cannot read settings: {exc}").format(exc=exc),
                error=True,
            ),
        )

    def _show_settings(self, loaded: tuple) -> None:
        w = self.w
        providers, default, projects, prices, mcp_servers, context = loaded
        self.context = context
        self.providers = providers
        self.projects = projects
        self.mcp_servers = mcp_servers
        self.show_mcp_servers()
        self.prices = prices
        self.price_cache = {}
        self.providers_loaded = True
        if not w.model_picker.count() or w.model_picker.current() == ("", ""):
            chosen = None
        else:
            chosen = w.model_picker.current()
        w.model_picker.set_providers((p.name, [p.default_model, *p.models]) for p in providers)
        if chosen is not None and chosen[0] in {p.name for p in providers}:
            w.model_picker.select(*chosen)
        elif default is not None and default.default_model:
            w.model_picker.select(default.name, default.default_model)
        # The providers' own model lists are fetched a moment after start: the fetch loads the
        # HTTP stack and the keyring (~100 ms of imports on a worker, competing for the GIL
        # with the first paint); the configured models are offered meanwhile.
        names = [p.name for p in providers]
        # (the window as the timer's context: a window closed meanwhile cancels it)
        QTimer.singleShot(MODEL_FETCH_DELAY_MS, w, lambda: self._fetch_all_models(names))
        self._show_projects()
        self.update_commands()
        w._render_conversation()  # prices may have changed the footers
        # (``welcome`` builds the panel: only when it is to be shown, or already was)
        welcomed = w.welcome_built and w.stack.currentWidget() is w.welcome
        w.stack.setCurrentWidget(w._chat_page if providers else w.welcome)
        if welcomed and providers:
            # Start chatting: the focused button was just hidden, and Qt would hand the focus to
            # the next widget in the chain, the title (typing would rename the conversation).
            w.composer.editor.setFocus()

    def _show_projects(self) -> None:
        picker = self.w.project_picker
        current = picker.currentData()
        picker.clear()
        picker.addItem(translate("SettingsController", "No project"), None)
        for project in self.projects:
            picker.addItem(project.name, project.id)
        picker.setCurrentIndex(max(picker.findData(current), 0))
        self.w.session_list.set_projects([(p.id, p.name) for p in self.projects])
        sidebar = self.w.sidebar
        if sidebar.sessions:  # the list may have been grouped before the projects were known
            sidebar.show_sessions(sidebar.sessions)

    @Slot()
    def open_settings(self, page: str = "") -> SettingsDialog:
        """Open Settings (non-modal: the conversation stays usable behind it)."""
        if self.dialog is None:
            from parley.ui.settings_dialog import SettingsDialog

            dialog = SettingsDialog(self.w.services, self.w.bridge, self.w)
            dialog.providers_page.sig_providers_changed.connect(self.load_settings)
            dialog.projects_page.sig_projects_changed.connect(self.load_settings)
            dialog.prices_page.sig_prices_changed.connect(self.load_settings)
            dialog.skills_page.sig_skills_changed.connect(self.load_skills)
            dialog.mcp_page.sig_servers_changed.connect(self.load_settings)
            self.dialog = dialog
        if page:
            self.dialog.show_page(page)
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    # -- the welcome panel -------------------------------------------------------------------------

    @Slot(dict)
    def _on_use_local(self, entry: dict) -> None:
        presets = {"ollama": "ollama-openai", "lmstudio": "lmstudio"}
        self.save_provider(
            ProviderConfig(
                name=entry["name"],
                kind="openai",
                base_url=entry["base_url"],
                default_model=entry["default_model"],
                preset=presets.get(entry["name"], ""),
            )
        )

    def save_provider(self, config: ProviderConfig) -> None:
        settings = self.w.services.settings

        def save() -> None:
            settings.add_provider(config, replace=True)
            settings.set_default_provider(config.name)

        def failed(exc: BaseException) -> None:
            message = str(exc) if isinstance(exc, SettingsError) else f"{type(exc).__name__}: {exc}"
            self.w.welcome.show_message(message, error=True)

        self.w.bridge.submit(save, lambda _r: self.load_settings(), failed)

    @Slot()
    def _on_probe(self) -> None:
        self.w.bridge.submit(self.w.services.local_servers.probe, self.w.welcome.show_local_servers)

    # -- skills, models and the composer's commands ------------------------------------------------

    def load_skills(self) -> None:
        library = getattr(self.w.services, "skills", None)
        if library is None:
            return
        self.w.bridge.submit(
            lambda: [*library.list("agent"), *library.list("skill")],
            self._show_skills,
            lambda exc: self.w._show_status(
                translate("SettingsController", "Cannot read skills: {exc}").format(exc=exc),
                error=True,
            ),
        )

    def _show_skills(self, skills: list[SkillDoc]) -> None:
        self.skills = skills
        self.update_commands()

    def update_commands(self) -> None:
        """What the composer offers after '/' (names only; the meaning is compose_turn's)."""
        items = [CommandItem(f"/skill {s.name}", s.description) for s in self.skills
                 if s.kind == "skill"]  # fmt: skip
        items += [CommandItem(f"/agent {s.name}", s.description) for s in self.skills
                  if s.kind == "agent"]  # fmt: skip
        for provider, model in self.models():
            items.append(
                CommandItem(
                    f"/model {model}",
                    translate("SettingsController", "switch to {model} ({provider})").format(
                        model=model, provider=provider
                    ),
                )
            )
        items += [
            CommandItem("/new", translate("SettingsController", "Start a new conversation")),
            CommandItem(
                "/clear",
                translate(
                    "SettingsController", "Start a new conversation (the current one is kept)"
                ),
            ),
            CommandItem("/help", translate("SettingsController", "What the commands do")),
            CommandItem(
                "/compact",
                translate(
                    "SettingsController",
                    "Summarise the earlier messages to make room in the context",
                ),
            ),
        ]
        items += self.w.mcp_prompts.command_items()  # the conversation's MCP servers' prompts
        self.w.composer.set_commands(items)

    def models(self) -> list[tuple[str, str]]:
        return list(self.w.model_picker.choices())

    def _fetch_all_models(self, names: list[str]) -> None:
        for name in names:
            self._fetch_models(name)

    def _fetch_models(self, name: str) -> None:
        """Ask the provider for its models on a worker; a failure leaves the configured ones."""
        providers = self.w.services.providers

        def fetch() -> list[str]:
            return providers.resolve(name).provider.list_models()

        def show(found: list[str]) -> None:
            self.w.model_picker.add_models(name, found)
            self.update_commands()

        self.w.bridge.submit(fetch, show, lambda _e: None)

    # -- projects ----------------------------------------------------------------------------------

    def selected_project(self) -> ProjectConfig | None:
        pid = self.w.project_picker.currentData()
        return next((p for p in self.projects if p.id == pid), None)

    def set_project_picker(self, project_id: str | None) -> None:
        index = self.w.project_picker.findData(project_id)
        self.w.project_picker.setCurrentIndex(max(index, 0))

    @Slot(int)
    def _on_project_picked(self, _index: int) -> None:
        project = self.selected_project()
        if self.w._session_id is None:
            self.apply_project(project)
        else:  # the open conversation moves to that project (a named operation)
            self.w.sidebar.move_to_project(self.w._session_id, project.id if project else None)

    def show_mcp_servers(self, chosen: tuple[str, ...] | None = None) -> None:
        """The Tools popover's MCP servers: every configured one, ``chosen`` checked (default:
        what is checked now, kept to servers that still exist)."""
        w = self.w
        configured = [(c.name, c.enabled) for c in self.mcp_servers]
        names = {name for name, _enabled in configured}
        if chosen is None:
            chosen = w.tools_control.mcp_servers
        w.tools_control.show_mcp_servers(configured, [n for n in chosen if n in names])
        w.mcp_prompts.servers_changed()  # their prompts in the '/' menu

    def apply_project(self, project: ProjectConfig | None) -> None:
        """A new conversation in ``project`` starts with its workspace, model, gate, tools and
        MCP servers; with no project (or a project without a workspace), with no workspace, no
        tools and no MCP servers."""
        w = self.w
        self.show_mcp_servers(tuple(project.mcp_servers) if project is not None else ())
        workspace = Path(project.workspace) if project is not None and project.workspace else None
        w.attachments.set_workspace(workspace)  # None also turns the tools off
        gate = project.gate_mode if project is not None else "auto"
        index = w.gate_picker.findData(gate)
        if index >= 0:
            w.gate_picker.setCurrentIndex(index)
        if project is None:
            return
        if project.provider_id and project.model:
            w.model_picker.select(project.provider_id, project.model)
        index = w.tools_picker.findData(project.tools if workspace is not None else "none")
        if index >= 0:
            w.tools_picker.setCurrentIndex(index)


def _context_or_default(settings: SettingsStore) -> ContextSettings:
    """The context settings; the defaults when they cannot be read (the rest still loads)."""
    try:
        return settings.context()
    except SettingsError:
        return ContextSettings()

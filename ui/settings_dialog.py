"""Settings: Providers, Skills & Agents, Projects and Prices, one tab each.

Why it exists: people add, fix and remove providers here — from a preset, with a key kept in the
system keyring (shown only as "stored in the keyring", never echoed), a default model picked from
the provider's own list, and a Test button that answers inline. The dialog renders; the
``ProviderEditor`` does the work off the UI thread. The other pages live in ``ui.settings_pages``
and get the worker helper (``bridge.submit``) the same way.

Invariants it keeps: the list always reflects the settings file (it is re-read after every
change); removing a provider also removes its key from the keyring. The skill library comes from
the caller (``skills=``) or ``services.skills``; without one the Skills & Agents page says so.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.settings_store import ProviderConfig
from parley.application.ports.skill_library import SkillLibrary
from parley.ui.bootstrap import Services
from parley.ui.bridge import WorkerBridge
from parley.ui.provider_editor import ProviderEditor
from parley.ui.settings_pages.prices_page import PricesPage
from parley.ui.settings_pages.projects_page import ProjectsPage
from parley.ui.settings_pages.skills_page import SkillsPage
from parley.ui.view_models import preset_choices
from parley.ui.widgets.provider_form import ProviderForm

_NAME = Qt.ItemDataRole.UserRole


class ProvidersPage(QWidget):
    """A list of configured providers beside the form for the selected one."""

    sig_providers_changed = Signal()
    """Providers were added, changed or removed."""

    def __init__(
        self, services: Services, bridge: WorkerBridge, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._services = services
        self._bridge = bridge
        self._configs: dict[str, ProviderConfig] = {}
        self._sources: dict[str, str] = {}

        self.provider_list = QListWidget()
        self.provider_list.setObjectName("provider-list")
        self.add_button = QPushButton("Add provider")
        self.add_button.setObjectName("new-provider")
        self.remove_button = QPushButton("Remove")
        self.remove_button.setObjectName("remove-provider")
        self.keyring_note = QLabel("")
        self.keyring_note.setWordWrap(True)
        self.form = ProviderForm()
        self.form.set_presets(preset_choices(services.catalog.presets()))
        self.editor = ProviderEditor(self.form, services, bridge, self)

        left = QVBoxLayout()
        left.addWidget(self.provider_list, 1)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        left.addLayout(row)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 1)
        right = QVBoxLayout()
        right.addWidget(self.form)
        right.addWidget(self.keyring_note)
        right.addStretch(1)
        layout.addLayout(right, 2)

        self.provider_list.currentItemChanged.connect(self._on_selected)
        self.add_button.clicked.connect(self._on_add)
        self.remove_button.clicked.connect(self._on_remove)
        self.editor.sig_saved.connect(self._on_saved)
        if not services.secrets.available:
            self.keyring_note.setText(
                f"{services.secrets.unavailable_reason}. Keys are read from environment "
                "variables only (name the variable under Key variable)."
            )
        self.reload()

    def reload(self, select: str = "") -> None:
        services = self._services

        def load() -> list[tuple[ProviderConfig, str]]:
            return [(p, str(services.key_source(p))) for p in services.settings.providers()]

        def show(rows: list[tuple[ProviderConfig, str]]) -> None:
            current = select or (
                self.provider_list.currentItem().data(_NAME)
                if self.provider_list.currentItem()
                else ""
            )
            self._configs = {p.name: p for p, _ in rows}
            self._sources = {p.name: source for p, source in rows}
            self.provider_list.blockSignals(True)
            self.provider_list.clear()
            for config, source in rows:
                item = QListWidgetItem(f"{config.name}  ·  {config.kind}")
                item.setData(_NAME, config.name)
                item.setToolTip(f"{config.base_url}\nkey: {source}")
                self.provider_list.addItem(item)
            self.provider_list.blockSignals(False)
            names = [p.name for p, _ in rows]
            if current in names:
                self.provider_list.setCurrentRow(names.index(current))
            elif names:
                self.provider_list.setCurrentRow(0)
            else:
                self._on_add()

        self._bridge.submit(load, show)

    def _on_selected(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            return
        config = self._configs[item.data(_NAME)]
        self.form.load(
            name=config.name,
            preset=config.preset,
            kind=config.kind,
            base_url=config.base_url,
            api_key_env=config.api_key_env,
            default_model=config.default_model,
            models=config.models,
            key_source=f"Key: {self._sources.get(config.name, '')}",
        )

    def _on_add(self) -> None:
        self.provider_list.clearSelection()
        self.provider_list.setCurrentRow(-1)  # no current item
        self.form.new_provider()

    def _on_saved(self, name: str) -> None:
        self.reload(select=name)
        self.sig_providers_changed.emit()

    def _on_remove(self) -> None:
        item = self.provider_list.currentItem()
        if item is None:
            return
        name = item.data(_NAME)
        answer = QMessageBox.question(
            self, "Remove provider", f"Remove {name!r} and its stored key?"
        )
        if answer != QMessageBox.StandardButton.Yes:
            return
        self.remove(name)

    def remove(self, name: str) -> None:
        services = self._services

        def job() -> None:
            services.settings.remove_provider(name)
            if services.secrets.available:
                services.secrets.delete(name)

        def done(_result: None) -> None:
            self.reload()
            self.sig_providers_changed.emit()

        self._bridge.submit(
            job, done, lambda exc: self.form.show_result(f"Cannot remove: {exc}", ok=False)
        )


class SettingsDialog(QDialog):
    """Parley's settings, one tab per area."""

    #: ``show_page`` names, in tab order.
    PAGES = ("providers", "skills", "projects", "prices")

    def __init__(
        self,
        services: Services,
        bridge: WorkerBridge,
        parent: QWidget | None = None,
        *,
        skills: SkillLibrary | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.resize(900, 560)
        library = skills if skills is not None else getattr(services, "skills", None)
        self.providers_page = ProvidersPage(services, bridge)
        self.skills_page = SkillsPage(library, bridge.submit)
        self.projects_page = ProjectsPage(services.settings, bridge.submit)
        self.prices_page = PricesPage(services.settings, bridge.submit)
        self.tabs = QTabWidget()
        self.tabs.setAccessibleName("Settings pages")
        self.tabs.addTab(self.providers_page, "Providers")
        self.tabs.addTab(self.skills_page, "Skills && Agents")
        self.tabs.addTab(self.projects_page, "Projects")
        self.tabs.addTab(self.prices_page, "Prices")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(buttons)
        # A project's provider list follows the Providers page.
        self.providers_page.sig_providers_changed.connect(lambda: self.projects_page.reload())

    def show_page(self, name: str) -> QWidget:
        """Bring the page ``name`` ("providers", "skills", "projects", "prices") to the front."""
        if name not in self.PAGES:
            raise ValueError(f"no settings page {name!r}; pages: {', '.join(self.PAGES)}")
        self.tabs.setCurrentIndex(self.PAGES.index(name))
        return self.tabs.currentWidget()

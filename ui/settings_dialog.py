"""Settings: Providers, Skills & Agents, Projects, Prices, MCP servers and Context & knowledge,
one page each.

Why it exists: people add, fix and remove providers here — from a preset, with a key kept in the
system keyring (shown only as "stored in the keyring", never echoed), a default model picked from
the provider's own list, and a Test button that answers inline. The dialog renders; the
``ProviderEditor`` does the work off the UI thread. The other pages live in ``ui.settings_pages``
and get the worker helper (``bridge.submit``) the same way.

The look (issue 16) is the one of ChatGPT's, Claude's, Jan's and LM Studio's settings: a left
navigation list with an icon per page, and on the right the page under a clear title with a
line saying what it is for. Providers lists each provider with a worded key badge (Key set, Key
from env, No key, No keyring, No key needed) so a missing key is seen before a chat fails, as
Cherry Studio and Jan show a provider's state in their list.

Invariants it keeps: the list always reflects the settings file (it is re-read after every
change); removing a provider also removes its key from the keyring. The skill library comes from
the caller (``skills=``) or ``services.skills``; without one the Skills & Agents page says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import (
    QKeySequence,
    QPalette,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.provider_catalog import KeySource
from parley.application.ports.settings_store import ProviderConfig
from parley.application.ports.skill_library import SkillLibrary

if TYPE_CHECKING:
    from parley.application.mcp.pinning import ToolPins
    from parley.application.ports.mcp import McpClient
from parley.ui.bootstrap import Services
from parley.ui.bridge import WorkerBridge
from parley.ui.controllers.knowledge import KnowledgeRuns
from parley.ui.controllers.team_sync import TeamSyncController
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.i18n.picker import LanguagePicker
from parley.ui.icons import icon
from parley.ui.provider_editor import ProviderEditor
from parley.ui.settings_pages.context_page import ContextPage
from parley.ui.settings_pages.desktop_page import DesktopPage
from parley.ui.settings_pages.look import (
    BADGES,
    Badge,
    TwoLineRowDelegate,
    hint_label,
    icon_or,
    primary,
    secondary,
    title_label,
)
from parley.ui.settings_pages.mcp_page import McpServersPage
from parley.ui.settings_pages.prices_page import PricesPage
from parley.ui.settings_pages.projects_page import ProjectsPage
from parley.ui.settings_pages.skills_page import SkillsPage
from parley.ui.settings_pages.team_page import TeamPage
from parley.ui.view_models import preset_choices
from parley.ui.widgets.provider_form import ProviderForm

_NAME = Qt.ItemDataRole.UserRole
#: A provider row's key state (a ``look.BADGES`` name) and its second line (kind · address).
_KEY_STATE = Qt.ItemDataRole.UserRole + 1
_DETAIL = Qt.ItemDataRole.UserRole + 2

#: The pages: ``show_page`` name, navigation label, icon (with the fallback while the icon set
#: lacks it), the title's line.
_PAGES = (
    (
        "providers",
        QT_TRANSLATE_NOOP("SettingsDialog", "Providers"),
        ("plug", "message-square"),
        QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "Where answers come from: cloud services and servers on this computer. Keys are kept "
            "in the system keyring, never in a file.",
        ),
    ),
    (
        "skills",
        QT_TRANSLATE_NOOP("SettingsDialog", "Skills & Agents"),
        ("sparkles", "sparkles"),
        QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "Markdown files that give the model rules (skills) or a persona (agents). Use them "
            "with /skill NAME and /agent NAME.",
        ),
    ),
    (
        "projects",
        QT_TRANSLATE_NOOP("SettingsDialog", "Projects"),
        ("folder", "folder"),
        QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "A workspace folder, shared instructions, a default model and tool permissions under "
            "one name.",
        ),
    ),
    (
        "prices",
        QT_TRANSLATE_NOOP("SettingsDialog", "Prices"),
        ("coins", "file-text"),
        QT_TRANSLATE_NOOP(
            "SettingsDialog", "The price table behind the estimated cost shown under each answer."
        ),
    ),
    (
        "mcp",
        QT_TRANSLATE_NOOP("SettingsDialog", "MCP servers"),
        ("server", "wrench"),
        QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "Tools from Model Context Protocol servers: programs on this computer or services on "
            "the web. Every call goes through Parley's permission checks.",
        ),
    ),
    (
        "context",
        QT_TRANSLATE_NOOP("SettingsDialog", "Context & knowledge"),
        ("book-open", "file-text"),
        QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "How long conversations are summarised, and how large documents and projects' "
            "knowledge folders are searched for each turn.",
        ),
    ),
    (
        "team",
        QT_TRANSLATE_NOOP("SettingsDialog", "Team"),
        ("users", "refresh-cw"),
        QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "Sync this computer's history with your team's store, in the background. This "
            "computer keeps working offline; the password is kept in the system keyring.",
        ),
    ),
    (
        "desktop",
        QT_TRANSLATE_NOOP("SettingsDialog", "Desktop"),
        ("monitor", "sliders-horizontal"),
        QT_TRANSLATE_NOOP(
            "SettingsDialog",
            "Parley in the system tray, and Quick ask: one question from anywhere, with a key "
            "chord or the command parley quick.",
        ),
    ),
)


def key_state(source: KeySource, keyring_works: bool) -> str:
    """The ``look.BADGES`` name for where a provider's key comes from."""
    if source.where == "keyring":
        return "key"
    if source.where == "env":
        return "env"
    if not source.needed:
        return "keyless"
    return "no-key" if keyring_works else "no-keyring"


class ProviderDelegate(TwoLineRowDelegate):
    """A provider row: its name in bold, kind and address muted under it, the key badge on the
    right (the badge's words are in the item's text too, for screen readers)."""

    def row(self, index: QModelIndex | QPersistentModelIndex) -> tuple[str, str, Badge | None]:
        name, detail = str(index.data(_NAME) or ""), str(index.data(_DETAIL) or "")
        return name, detail, BADGES.get(index.data(_KEY_STATE) or "")


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
        self.provider_list.setAccessibleName(translate("ProvidersPage", "Providers"))
        self.provider_list.setItemDelegate(ProviderDelegate(self.provider_list))
        self.provider_list.setUniformItemSizes(True)
        self.provider_list.setSpacing(2)
        self.add_button = primary(QPushButton(translate("ProvidersPage", "Add provider")))
        self.add_button.setObjectName("new-provider")
        self.add_button.setIcon(icon("plus", role=QPalette.ColorRole.HighlightedText))
        self.remove_button = QPushButton(translate("ProvidersPage", "Remove"))
        secondary(self.remove_button)
        self.remove_button.setObjectName("remove-provider")
        self.remove_button.setAccessibleName(translate("ProvidersPage", "Remove provider"))
        self.remove_button.setIcon(icon_or("trash-2", "x"))
        self.keyring_note = QLabel("")
        self.keyring_note.setObjectName("keyring-note")
        self.keyring_note.setWordWrap(True)
        self.keyring_note.setStyleSheet(
            "QLabel#keyring-note { background: #fff4d6; color: #5c4300; border: 1px solid"
            " #d9a400; border-radius: 8px; padding: 8px 10px; }"
        )
        self.keyring_note.setVisible(False)
        self.form = ProviderForm(sectioned=True)
        self.form.set_presets(preset_choices(services.catalog.presets()))
        self.editor = ProviderEditor(self.form, services, bridge, self)

        left = QVBoxLayout()
        left.setSpacing(8)
        left.addWidget(self.provider_list, 1)
        row = QHBoxLayout()
        row.addWidget(self.add_button, 1)
        row.addWidget(self.remove_button)
        left.addLayout(row)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(16)
        self.provider_list.setMinimumWidth(self.fontMetrics().horizontalAdvance("x") * 26)
        self.provider_list.setMaximumWidth(self.fontMetrics().horizontalAdvance("x") * 48)
        layout.addLayout(left, 2)
        right = QVBoxLayout()
        right.setSpacing(10)
        right.addWidget(self.keyring_note)
        scroller = QScrollArea()
        scroller.setWidgetResizable(True)
        scroller.setFrameShape(QFrame.Shape.NoFrame)
        scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroller.setWidget(self.form)
        scroller.setAccessibleName(translate("ProvidersPage", "Provider details"))
        right.addWidget(scroller, 1)
        if self.form.action_bar is not None:
            right.addWidget(self.form.action_bar)
        layout.addLayout(right, 3)

        self.provider_list.currentItemChanged.connect(self._on_selected)
        self.add_button.clicked.connect(self._on_add)
        self.remove_button.clicked.connect(self._on_remove)
        self.editor.sig_saved.connect(self._on_saved)
        if not services.secrets.available:
            self.keyring_note.setText(
                translate(
                    "ProvidersPage",
                    "{unavailable_reason}. Keys are read from environment variables only (name "
                    "the variable under Key variable).",
                ).format(unavailable_reason=translate_text(services.secrets.unavailable_reason))
            )
            self.keyring_note.setVisible(True)
        self.reload()

    def reload(self, select: str = "") -> None:
        services = self._services

        def load() -> list[tuple[ProviderConfig, KeySource, bool]]:
            works = services.secrets.available
            return [(p, services.key_source(p), works) for p in services.settings.providers()]

        def show(found: list[tuple[ProviderConfig, KeySource, bool]]) -> None:
            rows = [(config, str(source)) for config, source, _works in found]
            states = {config.name: key_state(source, works) for config, source, works in found}
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
                state = BADGES[states[config.name]].words
                # The text is what a screen reader says: name, kind and the key's state.
                item = QListWidgetItem(f"{config.name}  ·  {config.kind}  ·  {state}")
                item.setData(_NAME, config.name)
                item.setData(_KEY_STATE, states[config.name])
                item.setData(_DETAIL, f"{config.kind} · {config.base_url}")
                item.setToolTip(
                    translate("ProvidersPage", "{base_url}\nkey: {source}").format(
                        base_url=config.base_url, source=source
                    )
                )
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
            key_source=translate("ProvidersPage", "Key: {source}").format(
                source=translate_text(self._sources.get(config.name, ""))
            ),
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
            self,
            translate("ProvidersPage", "Remove provider"),
            translate("ProvidersPage", "Remove {name!r} and its stored key?").format(name=name),
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
            job,
            done,
            lambda exc: self.form.show_result(
                translate("ProvidersPage", "Cannot remove: {exc}").format(exc=exc), ok=False
            ),
        )


class PageSwitcher:
    """What callers of the old tab widget used (``dialog.tabs``): the current page is the page
    widget itself (not the scroll area framing it), and switching moves the navigation."""

    def __init__(self, nav: QListWidget, pages: tuple[QWidget, ...]) -> None:
        self._nav = nav
        self._pages = pages

    def count(self) -> int:
        return len(self._pages)

    def currentIndex(self) -> int:
        return self._nav.currentRow()

    def setCurrentIndex(self, index: int) -> None:
        self._nav.setCurrentRow(index)

    def currentWidget(self) -> QWidget:
        return self._pages[max(0, self._nav.currentRow())]

    def widget(self, index: int) -> QWidget:
        return self._pages[index]


class SettingsDialog(QDialog):
    """Parley's settings: a navigation list on the left, one titled page on the right."""

    #: ``show_page`` names, in navigation order.
    PAGES = tuple(name for name, *_rest in _PAGES)

    def __init__(
        self,
        services: Services,
        bridge: WorkerBridge,
        parent: QWidget | None = None,
        *,
        skills: SkillLibrary | None = None,
        mcp: McpClient | None = None,
        mcp_pins: ToolPins | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("SettingsDialog", "Settings"))
        self.resize(960, 620)
        library = skills if skills is not None else getattr(services, "skills", None)
        self.providers_page = ProvidersPage(services, bridge)
        self.skills_page = SkillsPage(library, bridge.submit)
        # Knowledge folders' runs are shared with the window's watcher (one per services).
        self.projects_page = ProjectsPage(
            services.settings, bridge.submit, knowledge=KnowledgeRuns.for_services(services)
        )
        self.prices_page = PricesPage(services.settings, bridge.submit)
        self.mcp_page = McpServersPage(
            services.settings,
            services.secrets,
            mcp if mcp is not None else getattr(services, "mcp", None),
            bridge.submit,
            pins=mcp_pins if mcp_pins is not None else getattr(services, "mcp_pins", None),
        )
        self.context_page = ContextPage(services.settings, bridge.submit)
        # The window's background sync follows what this page changes (issue 19).
        team_sync = TeamSyncController.for_services(services)
        self.team_page = TeamPage(
            services,
            bridge.submit,
            on_changed=team_sync.restart if team_sync is not None else None,
            sync_now=team_sync.resume if team_sync is not None else None,
        )
        # The tray and Quick ask (issue 20): applied at once to the running Parley's ``Desktop``.
        self.desktop_page = DesktopPage(
            services.config_dir, bridge.submit, getattr(parent, "desktop", None)
        )
        widgets = (
            self.providers_page,
            self.skills_page,
            self.projects_page,
            self.prices_page,
            self.mcp_page,
            self.context_page,
            self.team_page,
            self.desktop_page,
        )

        self.nav = QListWidget()
        self.nav.setObjectName("settings-nav")
        self.nav.setAccessibleName(translate("SettingsDialog", "Settings pages"))
        self.nav.setFrameShape(QFrame.Shape.NoFrame)
        self.nav.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.nav.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.nav.setMovement(QListView.Movement.Static)
        self.nav.setStyleSheet(
            "QListWidget#settings-nav { background: transparent; outline: none; }"
            " QListWidget#settings-nav::item { padding: 7px 10px; border-radius: 8px;"
            " margin: 1px 0; color: palette(window-text); }"
            " QListWidget#settings-nav::item:hover { background: palette(button); }"
            " QListWidget#settings-nav::item:selected { background: palette(highlight);"
            " color: palette(highlighted-text); }"
        )
        self.stack = QStackedWidget()
        self.stack.setObjectName("settings-pages")
        #: The page titles, in ``PAGES`` order (for tests and for the accessible names).
        self.titles: list[QLabel] = []
        for (name, english, (icon_name, fallback), about), page in zip(
            _PAGES, widgets, strict=True
        ):
            label, hint = translate("SettingsDialog", english), translate("SettingsDialog", about)
            item = QListWidgetItem(icon_or(icon_name, fallback), label)
            item.setData(_NAME, name)
            item.setToolTip(hint)
            self.nav.addItem(item)
            self.stack.addWidget(self._framed(label, hint, page))
        self._fit_nav()
        #: The old tab widget's calls (``currentWidget``, ``setCurrentIndex``), kept for callers.
        self.tabs = PageSwitcher(self.nav, widgets)
        self.nav.currentRowChanged.connect(self.stack.setCurrentIndex)
        self.nav.setCurrentRow(0)

        self.close_button = QPushButton(translate("SettingsDialog", "Close"))
        secondary(self.close_button)
        self.close_button.setObjectName("settings-close")
        self.close_button.clicked.connect(self.reject)
        self.close_button.setAutoDefault(False)

        side = QVBoxLayout()
        side.setContentsMargins(12, 16, 8, 12)
        side.setSpacing(8)
        caption = title_label(translate("SettingsDialog", "Settings"), 1.15)
        caption.setContentsMargins(10, 0, 0, 0)
        side.addWidget(caption)
        side.addWidget(self.nav, 1)
        # The window's language (ui/i18n), kept for the next start.
        config_dir = getattr(services, "config_dir", None)
        if config_dir is not None:
            self.language = LanguagePicker(config_dir, bridge.submit)
            side.addWidget(self.language)
        side.addWidget(self.close_button)
        side_panel = QWidget()
        side_panel.setObjectName("settings-side")
        side_panel.setLayout(side)
        side_panel.setAutoFillBackground(True)
        side_panel.setBackgroundRole(side_panel.backgroundRole())
        main = QVBoxLayout()
        main.setContentsMargins(0, 0, 0, 0)
        main.setSpacing(0)
        main.addWidget(self.stack, 1)
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.VLine)
        rule.setStyleSheet("color: palette(mid)")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(side_panel)
        layout.addWidget(rule)
        layout.addLayout(main, 1)
        # Ctrl+PgDown / Ctrl+PgUp step through the pages from anywhere, as tabs did.
        for keys, step in (("Ctrl+PgDown", 1), ("Ctrl+PgUp", -1)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.activated.connect(lambda step=step: self._step(step))
        # A project's provider list follows the Providers page.
        self.providers_page.sig_providers_changed.connect(lambda: self.projects_page.reload())
        # A project's MCP checklist follows the MCP servers page.
        self.mcp_page.sig_servers_changed.connect(lambda: self.projects_page.reload())
        # The compaction and embedding pickers follow the Providers page too.
        self.providers_page.sig_providers_changed.connect(lambda: self.context_page.reload())

    def _framed(self, title: str, hint: str, page: QWidget) -> QScrollArea:
        """``page`` under its title and line, in a scroll area (a 200 % zoom scrolls, never
        clips)."""
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(24, 18, 24, 16)
        column.setSpacing(4)
        heading = title_label(title.replace("&&", "&"))
        self.titles.append(heading)
        column.addWidget(heading)
        column.addWidget(hint_label(hint))
        column.addSpacing(10)
        column.addWidget(page, 1)
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setWidget(body)
        area.setAccessibleName(title)
        return area

    def _fit_nav(self) -> None:
        metrics = self.fontMetrics()  # the dialog's: the list's may not have changed yet
        widest = max(
            metrics.horizontalAdvance(self.nav.item(i).text()) for i in range(self.nav.count())
        )
        side = round(metrics.height() * 1.2)
        self.nav.setIconSize(QSize(side, side))
        self.nav.setFixedWidth(widest + side + 56)

    def _step(self, step: int) -> None:
        self.nav.setCurrentRow((self.nav.currentRow() + step) % self.nav.count())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "nav"):
            self._fit_nav()  # the zoom: the navigation widens with its text

    def show_page(self, name: str) -> QWidget:
        """Bring the page ``name`` ("providers", "skills", "projects", "prices", "mcp",
        "context", "team") to the front."""
        if name not in self.PAGES:
            raise ValueError(f"no settings page {name!r}; pages: {', '.join(self.PAGES)}")
        self.tabs.setCurrentIndex(self.PAGES.index(name))
        return self.tabs.currentWidget()

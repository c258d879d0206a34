"""The tools popover: the workspace folder, which tools, when to ask, and the sandbox, in one panel.

Why it exists: what the model may do used to be a permanent second row of four controls above
every conversation, though most chats use no tools. Today's clients keep such switches behind one
composer button (ChatGPT's "Tools", Claude's search-and-tools menu, LM Studio's and Jan's tool
toggles); this is the panel that button opens (``ui.widgets.tools_control``).

Invariants it keeps:

- it renders and forwards intent only: the workspace button and the clear button are connected
  by the window's controller, which decides what a choice means (``ui/controllers/attachments``);
- the widgets keep the object and accessible names they had in the old row (``workspace``,
  ``tools-picker``, ``gate-picker``, ``sandbox-status``), so tests and assistive tools find them;
- the workspace button closes the panel before the folder dialog opens (a popup under a modal
  dialog would steal its clicks);
- the MCP servers section lists the configured servers as checkboxes (``mcp-server-<name>``),
  checked as the controller says (the project's enabled servers by default); a change emits
  ``mcp_servers_changed`` with the chosen names in the configured order, and the controller puts
  them in the next turn's request. A server turned off in Settings is listed, unchecked and
  disabled, so the user sees why it is not offered.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.icons import icon

#: The tool sets offered, as (label, value of ``TOOL_SETS``).
TOOL_CHOICES = (
    (QT_TRANSLATE_NOOP("ToolsPopover", "No tools"), "none"),
    (QT_TRANSLATE_NOOP("ToolsPopover", "Read only"), "read"),
    (QT_TRANSLATE_NOOP("ToolsPopover", "All tools"), "all"),
)
#: The gate modes offered, as (label, value).
GATE_CHOICES = (
    (QT_TRANSLATE_NOOP("ToolsPopover", "Ask before risky commands"), "auto"),
    (QT_TRANSLATE_NOOP("ToolsPopover", "Ask before every command"), "confirm"),
)


class ToolsPopover(QFrame):
    """A popup panel: workspace row, tools and gate pickers, the sandbox line, MCP servers."""

    #: The MCP servers chosen for this conversation changed: their names, configured order.
    mcp_servers_changed = Signal(tuple)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Popup)
        self.setObjectName("tools-popover")
        self.setAccessibleName(translate("ToolsPopover", "Tools for this conversation"))
        self.setFrameShape(QFrame.Shape.StyledPanel)

        title = QLabel(translate("ToolsPopover", "Tools for this conversation"), self)
        bold = title.font()
        bold.setBold(True)
        title.setFont(bold)
        self.hint = QLabel(
            translate(
                "ToolsPopover",
                "The model can read and work only inside the workspace folder, and asks before"
                " anything risky.",
            ),
            self,
        )
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: palette(placeholder-text)")

        self.workspace_button = QPushButton(translate("ToolsPopover", "Choose a folder…"), self)
        self.workspace_button.setObjectName("workspace")
        self.workspace_button.setAccessibleName(translate("ToolsPopover", "Workspace folder"))
        self.workspace_button.setToolTip(
            translate("ToolsPopover", "The folder the model's tools may read and work in")
        )
        self.workspace_button.setIcon(icon("folder"))
        self.clear_workspace_button = QToolButton(self)
        self.clear_workspace_button.setObjectName("clear-workspace")
        self.clear_workspace_button.setAccessibleName(translate("ToolsPopover", "Clear workspace"))
        self.clear_workspace_button.setToolTip(
            translate("ToolsPopover", "No workspace: the model uses no tools")
        )
        self.clear_workspace_button.setIcon(icon("x"))
        self.clear_workspace_button.setAutoRaise(True)
        folder_row = QHBoxLayout()
        folder_row.setContentsMargins(0, 0, 0, 0)
        folder_row.addWidget(self.workspace_button, 1)
        folder_row.addWidget(self.clear_workspace_button)

        self.tools_picker = QComboBox(self)
        self.tools_picker.setObjectName("tools-picker")
        self.tools_picker.setAccessibleName(translate("ToolsPopover", "Tools the model may use"))
        for label, value in TOOL_CHOICES:
            self.tools_picker.addItem(translate("ToolsPopover", label), value)
        self.gate_picker = QComboBox(self)
        self.gate_picker.setObjectName("gate-picker")
        self.gate_picker.setAccessibleName(
            translate("ToolsPopover", "When to ask before a command runs")
        )
        for label, value in GATE_CHOICES:
            self.gate_picker.addItem(translate("ToolsPopover", label), value)
        # Whether commands run in a sandbox here: the controller fills it once probed.
        self.sandbox_label = QLabel("", self)
        self.sandbox_label.setObjectName("sandbox-status")
        self.sandbox_label.setAccessibleName(translate("ToolsPopover", "Sandbox"))
        self.sandbox_label.setWordWrap(True)
        self.sandbox_label.hide()

        # MCP servers for this conversation: one checkbox per configured server.
        self.mcp_title = QLabel(translate("ToolsPopover", "MCP servers"), self)
        self.mcp_title.setObjectName("mcp-servers-title")
        self.mcp_box = QWidget(self)
        self.mcp_box.setObjectName("mcp-servers")
        self.mcp_box.setAccessibleName(
            translate("ToolsPopover", "MCP servers for this conversation")
        )
        self.mcp_rows = QVBoxLayout(self.mcp_box)
        self.mcp_rows.setContentsMargins(0, 0, 0, 0)
        self.mcp_rows.setSpacing(2)
        self.mcp_empty = QLabel(
            translate("ToolsPopover", "None yet: add one in Settings → MCP servers."), self.mcp_box
        )
        self.mcp_empty.setObjectName("mcp-servers-empty")
        self.mcp_empty.setStyleSheet("color: palette(placeholder-text)")
        self.mcp_empty.setWordWrap(True)
        self.mcp_rows.addWidget(self.mcp_empty)
        self.mcp_checks: dict[str, QCheckBox] = {}

        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(translate("ToolsPopover", "Workspace"), folder_row)
        form.addRow(translate("ToolsPopover", "Tools"), self.tools_picker)
        form.addRow(translate("ToolsPopover", "Ask"), self.gate_picker)
        column = QVBoxLayout(self)
        column.setContentsMargins(12, 10, 12, 12)
        column.addWidget(title)
        column.addWidget(self.hint)
        column.addLayout(form)
        column.addWidget(self.sandbox_label)
        column.addWidget(self.mcp_title)
        column.addWidget(self.mcp_box)
        self.setMinimumWidth(360)

        # Close first: the folder dialog the controller opens must not sit under a popup.
        self.workspace_button.clicked.connect(self.hide)
        self.clear_workspace_button.clicked.connect(self.hide)
        self.show_workspace(None)

    def show_workspace(self, folder: Path | None) -> None:
        """Show ``folder`` (or that there is none); only a set folder can be cleared and lets
        the tools be picked (without one the model has no tools)."""
        self.workspace_button.setText(
            folder.name or str(folder) if folder else translate("ToolsPopover", "Choose a folder…")
        )
        self.workspace_button.setToolTip(
            translate("ToolsPopover", "{folder} — click to choose another").format(folder=folder)
            if folder
            else translate("ToolsPopover", "Choose a folder for tools")
        )
        self.clear_workspace_button.setEnabled(folder is not None)
        self.tools_picker.setEnabled(folder is not None)

    # -- MCP servers -----------------------------------------------------------------------------

    def show_mcp_servers(
        self, configured: Sequence[tuple[str, bool]], chosen: Iterable[str]
    ) -> None:
        """List ``configured`` servers as ``(name, enabled in Settings)``, checking those in
        ``chosen`` (a disabled server is never checked). Emits nothing: this is the controller
        showing state, not the user choosing."""
        for check in self.mcp_checks.values():
            self.mcp_rows.removeWidget(check)
            check.deleteLater()
        self.mcp_checks = {}
        wanted = set(chosen)
        for name, enabled in configured:
            check = QCheckBox(name, self.mcp_box)
            check.setObjectName(f"mcp-server-{name}")
            check.setAccessibleName(
                translate("ToolsPopover", "MCP server {name}").format(name=name)
            )
            check.setChecked(enabled and name in wanted)
            check.setEnabled(enabled)
            check.setToolTip(
                translate("ToolsPopover", "Offer the tools of {name} in this conversation").format(
                    name=name
                )
                if enabled
                else translate(
                    "ToolsPopover", "{name} is turned off in Settings → MCP servers"
                ).format(name=name)
            )
            check.toggled.connect(
                lambda _on: self.mcp_servers_changed.emit(self.chosen_mcp_servers())
            )
            self.mcp_rows.addWidget(check)
            self.mcp_checks[name] = check
        self.mcp_empty.setVisible(not self.mcp_checks)

    def chosen_mcp_servers(self) -> tuple[str, ...]:
        """The checked servers' names, in the configured order."""
        return tuple(name for name, check in self.mcp_checks.items() if check.isChecked())

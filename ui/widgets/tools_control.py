"""The tools control: one compact button on the composer's bar for what the model may do.

Why it exists: the workspace, the tool set, the gate and the sandbox state used to fill a row of
their own above the conversation. Peers keep them behind one composer button that says at a
glance whether tools are on; this is that button. A click opens ``ToolsPopover`` (the pickers
themselves); the button shows the state: a wrench and "Tools" when the model has none, the
workspace folder's name with an accent dot when tools are on and a workspace is set.

Invariants it keeps:

- it renders and forwards: the state it shows is read from the popover's pickers and the
  workspace the controller hands it (``show_workspace``); choices are made by the controller;
- "on" means exactly: a workspace is set and the tool set is not "none", or MCP servers are
  chosen for the conversation — the only cases in which the runtime offers the model any tool;
- the accessible description says the state in words (the dot is only a picture of it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QToolButton, QWidget

from parley.ui.i18n import translate
from parley.ui.icons import icon, scale_with_font
from parley.ui.widgets.tools_popover import ToolsPopover

#: The longest folder name the button shows before eliding it (characters).
NAME_CHARS = 18


class ToolsControl(QToolButton):
    """See the module docstring."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tools")
        self.setAccessibleName(translate("ToolsControl", "Tools"))
        self.setIcon(icon("wrench"))
        scale_with_font(self)
        self.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.setAutoRaise(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.popover = ToolsPopover(self)
        self._workspace: Path | None = None
        self.clicked.connect(self.open_popover)
        self.popover.tools_picker.currentIndexChanged.connect(lambda _i: self._render())
        self.popover.gate_picker.currentIndexChanged.connect(lambda _i: self._render())
        self.popover.mcp_servers_changed.connect(lambda _names: self._render())
        self._render()

    # -- what the controller calls -------------------------------------------------------------

    def show_workspace(self, folder: Path | None) -> None:
        self._workspace = folder
        self.popover.show_workspace(folder)
        self._render()

    def show_mcp_servers(
        self, configured: Sequence[tuple[str, bool]], chosen: Iterable[str]
    ) -> None:
        """The configured MCP servers and those chosen for this conversation (see
        ``ToolsPopover.show_mcp_servers``); the user's changes arrive as
        ``popover.mcp_servers_changed``."""
        self.popover.show_mcp_servers(configured, chosen)
        self._render()

    @property
    def mcp_servers(self) -> tuple[str, ...]:
        """The MCP servers chosen for this conversation (what the next turn's request names)."""
        return self.popover.chosen_mcp_servers()

    def refresh(self) -> None:
        """The sandbox line changed: say it in the tooltip too."""
        self._render()

    @property
    def tools_on(self) -> bool:
        """A workspace is set and some tools are allowed (what the badge shows)."""
        workspace_tools = (
            self._workspace is not None and self.popover.tools_picker.currentData() != "none"
        )
        return workspace_tools or bool(self.mcp_servers)

    # -- showing -------------------------------------------------------------------------------

    def _render(self) -> None:
        picker = self.popover.tools_picker
        servers = self.mcp_servers
        mcp = f"MCP: {', '.join(servers)}" if servers else ""
        if self.tools_on and (self._workspace is None or picker.currentData() == "none"):
            # Only MCP servers' tools are on.
            self.setText(
                translate("ToolsControl", "MCP ({n_servers})").format(n_servers=len(servers))
            )
            gate = self.popover.gate_picker.currentText().lower()
            described = f"Tools on: {mcp}; {gate}"
        elif self.tools_on:
            assert self._workspace is not None
            name = self._workspace.name or str(self._workspace)
            if len(name) > NAME_CHARS:
                name = name[: NAME_CHARS - 1] + "…"
            self.setText(name)
            state = f"{picker.currentText()} in {self._workspace}"
            gate = self.popover.gate_picker.currentText().lower()
            described = f"Tools on: {state}; {gate}"
            if mcp:
                described += f"; {mcp}"
        else:
            self.setText(translate("ToolsControl", "Tools"))
            described = "Tools off: choose a workspace folder to let the model read and work in it"
        sandbox = self.popover.sandbox_label
        tip = described
        if self.tools_on and not sandbox.isHidden() and sandbox.text():
            tip += f"\n{sandbox.text()}"
        self.setToolTip(tip)
        self.setAccessibleDescription(described)
        self.update()

    def open_popover(self) -> None:
        """Show the panel above the button (the composer sits at the window's bottom), kept on
        the screen."""
        panel = self.popover
        panel.adjustSize()
        size = panel.sizeHint().expandedTo(panel.minimumSize())
        top_left = self.mapToGlobal(QPoint(0, -size.height() - 4))
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is not None:
            area = screen.availableGeometry()
            if top_left.y() < area.top():  # no room above: open below
                top_left = self.mapToGlobal(QPoint(0, self.height() + 4))
            top_left.setX(max(area.left(), min(top_left.x(), area.right() - size.width())))
        panel.move(top_left)
        panel.show()
        first = panel.tools_picker if panel.tools_picker.isEnabled() else panel.workspace_button
        first.setFocus()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self.tools_on:
            # The badge: the button becomes an accent-tinted pill while tools are on.
            accent = QColor(self.palette().color(QPalette.ColorRole.Highlight))
            painter = QPainter(self)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            border = QColor(accent)
            border.setAlphaF(0.6)
            accent.setAlphaF(0.16)
            painter.setPen(border)
            painter.setBrush(accent)
            pill = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
            painter.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
            painter.end()
        super().paintEvent(event)

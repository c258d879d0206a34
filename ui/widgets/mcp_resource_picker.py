"""The MCP resource picker: choose resources of the conversation's MCP servers to attach to the
next message, like files.

Why it exists: a server's resources (files of a repository, rows of a database, notes) are
documents the user may want the model to read. This dialog lists what the conversation's servers
offer — name, URI, description and MIME type, one row each, filterable — and hands back the
chosen ones; the window turns them into chips and, at Send, into the request's
``mcp_resources`` (the turn reads them, ``application/tools/mcp_tools.py``).

Invariants it keeps:

- the UI thread never talks to a server: each server is listed by a job given to ``submit``
  (which runs it off the UI thread and calls back on it); rows appear as each server answers,
  and "Loading…" shows until the last one has;
- a server that cannot list its resources gets one line naming it, why, and its log; the
  others' resources are still offered;
- a result that arrives after the dialog closed is dropped;
- it decides nothing: which servers are listed is the caller's choice, what a chosen resource
  becomes is the window's (``chosen()``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from parley.application.mcp.model import (
    SERVER_TOOL_SEPARATOR,
    McpError,
    McpResource,
    McpServerConfig,
)
from parley.domain.agents.conversation_execution_request import McpResourceRef, uri_tail
from parley.ui.i18n import translate

#: ``submit(job, on_done, on_error)``: run ``job`` off the UI thread, call back on it.
Submit = Callable[[Callable[[], Any], Callable[[Any], None], Callable[[BaseException], None]], None]

#: ``list_resources(server)``: the server's resources (blocking; called inside a job).
ListResources = Callable[[McpServerConfig], Sequence[McpResource]]

_ROLE = Qt.ItemDataRole.UserRole
COLUMNS = ("Resource", "URI", "Type", "Description")


def resource_title(resource: McpResource) -> str:
    """``server \u203a name`` (the URI's last part when the server gave no name)."""
    return f"{resource.server}{SERVER_TOOL_SEPARATOR}{resource.name or uri_tail(resource.uri)}"


class McpResourcePicker(QDialog):
    """See the module docstring. ``chosen()`` is read after ``accepted``."""

    def __init__(
        self,
        servers: Sequence[McpServerConfig],
        list_resources: ListResources,
        submit: Submit,
        *,
        log_path: Callable[[str], str] | None = None,
        attached: Iterable[tuple[str, str]] = (),
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mcp-resource-picker")
        self.setWindowTitle(translate("McpResourcePicker", "Attach from an MCP server"))
        self.setAccessibleName(translate("McpResourcePicker", "Attach resources from MCP servers"))
        self._servers = tuple(servers)
        self._list = list_resources
        self._submit = submit
        self._log_path = log_path
        self._attached = set(attached)
        self._pending: set[str] = set()
        #: Why a server could not list its resources, by server (shown under the list).
        self.errors: dict[str, str] = {}

        self.filter_edit = QLineEdit(self)
        self.filter_edit.setObjectName("resource-filter")
        self.filter_edit.setPlaceholderText(
            translate("McpResourcePicker", "Filter by name, URI or description")
        )
        self.filter_edit.setAccessibleName(translate("McpResourcePicker", "Filter resources"))
        self.filter_edit.setClearButtonEnabled(True)
        self.status_label = QLabel(self)
        self.status_label.setObjectName("resource-status")
        self.status_label.setTextFormat(Qt.TextFormat.PlainText)
        self.status_label.setStyleSheet("color: palette(placeholder-text)")
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("resources")
        self.tree.setAccessibleName(translate("McpResourcePicker", "Resources"))
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.setSortingEnabled(False)
        self.error_label = QLabel(self)
        self.error_label.setObjectName("resource-errors")
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        self.error_label.setWordWrap(True)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.setStyleSheet("color: #c0392b")
        self.error_label.hide()
        self.buttons = QDialogButtonBox(self)
        self.attach_button = self.buttons.addButton(
            translate("McpResourcePicker", "Attach"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.attach_button.setObjectName("attach-resources")
        self.attach_button.setEnabled(False)
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)

        layout = QVBoxLayout(self)
        layout.addWidget(self.filter_edit)
        layout.addWidget(self.status_label)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.error_label)
        layout.addWidget(self.buttons)
        self.resize(760, 420)

        self.filter_edit.textChanged.connect(self._apply_filter)
        self.tree.itemSelectionChanged.connect(self._on_selection)
        self.tree.itemDoubleClicked.connect(lambda _item, _column: self.accept())
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._load()

    # -- loading -----------------------------------------------------------------------------

    @property
    def loading(self) -> bool:
        """True while some server has not answered yet."""
        return bool(self._pending)

    def _load(self) -> None:
        if not self._servers:
            self._show_status()
            return
        for config in self._servers:
            self._pending.add(config.name)
        self._show_status()
        for config in self._servers:
            name = config.name

            def job(config: McpServerConfig = config) -> tuple[McpResource, ...]:
                return tuple(self._list(config))  # off the UI thread

            def done(resources: tuple[McpResource, ...], name: str = name) -> None:
                if shiboken6.isValid(self):  # (back on the UI thread; the dialog may be gone)
                    self._add(name, resources)

            def failed(exc: BaseException, name: str = name) -> None:
                if shiboken6.isValid(self):
                    self._fail(name, exc)

            self._submit(job, done, failed)

    def _add(self, server: str, resources: Sequence[McpResource]) -> None:
        self._pending.discard(server)
        for resource in resources:
            if resource.server != server:  # the row belongs to the server that listed it
                resource = McpResource(
                    server, resource.uri, resource.name, resource.description, resource.mime_type
                )
            item = QTreeWidgetItem(
                [
                    resource_title(resource),
                    resource.uri,
                    resource.mime_type,
                    " ".join(resource.description.split()),
                ]
            )
            item.setData(0, _ROLE, resource)
            tip = "\n".join(
                p
                for p in (
                    resource_title(resource),
                    resource.uri,
                    resource.mime_type,
                    resource.description,
                )
                if p
            )
            for column in range(len(COLUMNS)):
                item.setToolTip(column, tip)
            if (server, resource.uri) in self._attached:
                item.setDisabled(True)
                item.setToolTip(0, f"{tip}\n(already attached)")
            self.tree.addTopLevelItem(item)
        for column in (0, 1, 2):  # the description takes the rest; a long URI is capped
            self.tree.resizeColumnToContents(column)
            self.tree.setColumnWidth(column, min(self.tree.columnWidth(column), 280))
        self._apply_filter(self.filter_edit.text())
        self._show_status()

    def _fail(self, server: str, exc: BaseException) -> None:
        self._pending.discard(server)
        reason = exc.message if isinstance(exc, McpError) else f"{type(exc).__name__}: {exc}"
        where = exc.log_path if isinstance(exc, McpError) else ""
        if not where and self._log_path is not None:
            try:
                where = self._log_path(server)
            except Exception:  # a log path is a courtesy, never a reason to fail
                where = ""
        line = translate(
            "McpResourcePicker", "Could not list the resources of MCP server '{server}': {reason}."
        ).format(server=server, reason=reason)
        self.errors[server] = (
            translate("McpResourcePicker", "{line} Its log: {where}").format(line=line, where=where)
            if where
            else line
        )
        self.error_label.setText("\n".join(self.errors[n] for n in sorted(self.errors)))
        self.error_label.show()
        self._show_status()

    def _show_status(self) -> None:
        if not self._servers:
            text = translate(
                "McpResourcePicker",
                "No MCP server is chosen for this conversation (Tools → MCP servers).",
            )
        elif self._pending:
            text = translate("McpResourcePicker", "Loading… (waiting for {servers})").format(
                servers=", ".join(sorted(self._pending))
            )
        elif self.tree.topLevelItemCount() == 0:
            text = (
                translate("McpResourcePicker", "These servers offer no resources.")
                if not self.errors
                else ""
            )
        else:
            shown = sum(
                1 for i in range(self.tree.topLevelItemCount()) if not self._row(i).isHidden()
            )
            total = self.tree.topLevelItemCount()
            noun = "resource" if total == 1 else "resources"
            text = f"{total} {noun}" if shown == total else f"{shown} of {total} {noun}"
        self.status_label.setText(text)
        self.status_label.setVisible(bool(text))

    # -- choosing ----------------------------------------------------------------------------

    def _row(self, index: int) -> QTreeWidgetItem:
        item = self.tree.topLevelItem(index)
        assert item is not None
        return item

    def _apply_filter(self, text: str) -> None:
        words = text.lower().split()
        for index in range(self.tree.topLevelItemCount()):
            item = self._row(index)
            haystack = " ".join(item.text(c) for c in range(len(COLUMNS))).lower()
            item.setHidden(not all(w in haystack for w in words))
        self._show_status()

    def _on_selection(self) -> None:
        self.attach_button.setEnabled(bool(self.chosen()))

    def rows(self) -> list[McpResource]:
        """Every listed resource, in the order shown."""
        return [self._row(i).data(0, _ROLE) for i in range(self.tree.topLevelItemCount())]

    def select(self, server: str, uri: str) -> bool:
        """Select the row of ``uri`` of ``server`` (keeping the rest); False if not listed."""
        for index in range(self.tree.topLevelItemCount()):
            item = self._row(index)
            resource: McpResource = item.data(0, _ROLE)
            if (resource.server, resource.uri) == (server, uri) and not item.isDisabled():
                item.setSelected(True)
                return True
        return False

    def chosen(self) -> tuple[McpResource, ...]:
        """The selected resources that are shown and not attached already, in list order."""
        out = []
        for index in range(self.tree.topLevelItemCount()):
            item = self._row(index)
            if item.isSelected() and not item.isHidden() and not item.isDisabled():
                out.append(item.data(0, _ROLE))
        return tuple(out)

    def chosen_refs(self) -> tuple[McpResourceRef, ...]:
        """``chosen()`` as what a request holds."""
        return tuple(McpResourceRef(r.server, r.uri, r.name) for r in self.chosen())

"""The small form that asks for an MCP prompt's arguments before the prompt is fetched.

Why it exists: a server's prompt (chosen from the composer's ``/`` menu) may take arguments — a
topic, a file, a language. The server says which, whether each is required, and what it means;
this dialog shows exactly that: one line per argument, the required ones marked, the server's
description of each as its help. The window's controller (``ui/controllers/mcp_prompts.py``)
opens it and, on OK, fetches the prompt on a worker; the dialog itself talks to no server.

Invariants it keeps:

- OK never closes the dialog while a required argument is blank: it says which ones (under the
  fields, and to screen readers) and puts the focus on the first; Cancel always closes it;
- ``values()`` holds the arguments filled in (a blank optional one is left out, not sent as "");
  text is taken as typed — a value is never trimmed, split or interpreted;
- the server's texts (names, descriptions) are shown as plain text, never as rich text.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from parley.application.mcp.model import SERVER_TOOL_SEPARATOR, McpPrompt
from parley.application.mcp.prompt_commands import missing_required
from parley.ui.i18n import translate


def _plain_label(text: str, parent: QWidget) -> QLabel:
    label = QLabel(text, parent)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    return label


class McpPromptDialog(QDialog):
    """See the module docstring. ``values`` pre-fills the fields (e.g. what was typed)."""

    def __init__(
        self,
        prompt: McpPrompt,
        values: Mapping[str, str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.prompt = prompt
        self.setObjectName("mcp-prompt-dialog")
        shown = f"{prompt.server}{SERVER_TOOL_SEPARATOR}{prompt.name}"
        self.setWindowTitle(translate("McpPromptDialog", "Prompt {shown}").format(shown=shown))
        self.setAccessibleName(
            translate("McpPromptDialog", "Arguments of the prompt {shown}").format(shown=shown)
        )
        column = QVBoxLayout(self)
        heading = _plain_label(
            translate("McpPromptDialog", "{name} — a prompt of the MCP server {server}").format(
                name=prompt.name, server=prompt.server
            ),
            self,
        )
        heading.setObjectName("mcp-prompt-heading")
        column.addWidget(heading)
        if prompt.description:
            about = _plain_label(prompt.description, self)
            about.setObjectName("mcp-prompt-description")
            about.setStyleSheet("color: palette(placeholder-text)")
            column.addWidget(about)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.fields: dict[str, QLineEdit] = {}
        given = dict(values or {})
        for argument in prompt.arguments:
            edit = QLineEdit(given.get(argument.name, ""), self)
            edit.setObjectName(f"mcp-prompt-arg-{argument.name}")
            need = "required" if argument.required else "optional"
            edit.setAccessibleName(f"{argument.name} ({need})")
            if argument.description:
                edit.setAccessibleDescription(argument.description)
                edit.setToolTip(argument.description)
            edit.setPlaceholderText(need)
            label = _plain_label(f"{argument.name} *" if argument.required else argument.name, self)
            label.setBuddy(edit)
            cell = QWidget(self)
            cell_column = QVBoxLayout(cell)
            cell_column.setContentsMargins(0, 0, 0, 0)
            cell_column.setSpacing(2)
            cell_column.addWidget(edit)
            if argument.description:
                help_label = _plain_label(argument.description, cell)
                help_label.setObjectName(f"mcp-prompt-help-{argument.name}")
                help_label.setStyleSheet("color: palette(placeholder-text)")
                cell_column.addWidget(help_label)
            form.addRow(label, cell)
            self.fields[argument.name] = edit
        column.addLayout(form)
        if any(a.required for a in prompt.arguments):
            note = _plain_label(translate("McpPromptDialog", "* required"), self)
            note.setStyleSheet("color: palette(placeholder-text)")
            column.addWidget(note)

        self.error_label = _plain_label("", self)
        self.error_label.setObjectName("mcp-prompt-error")
        self.error_label.setAccessibleName(translate("McpPromptDialog", "Prompt arguments error"))
        self.error_label.hide()
        column.addWidget(self.error_label)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText(translate("McpPromptDialog", "Use prompt"))
        ok.setObjectName("mcp-prompt-ok")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        column.addWidget(self.buttons)
        for edit in self.fields.values():
            edit.textChanged.connect(self._clear_error)
        first = next(iter(self.fields.values()), None)
        if first is not None:
            first.setFocus()
        self.setMinimumWidth(420)

    def values(self) -> dict[str, str]:
        """The arguments filled in, by name (blank ones left out)."""
        return {name: edit.text() for name, edit in self.fields.items() if edit.text().strip()}

    def error_text(self) -> str:
        return "" if self.error_label.isHidden() else self.error_label.text()

    def accept(self) -> None:
        missing = missing_required(self.prompt, self.values())
        if missing:
            names = ", ".join(missing)
            self._show_error(
                translate("McpPromptDialog", "Fill in {names}: the server needs them.").format(
                    names=names
                )
                if len(missing) > 1
                else translate("McpPromptDialog", "Fill in {names}: the server needs it.").format(
                    names=names
                )
            )
            self.fields[missing[0]].setFocus()
            return
        super().accept()

    def _show_error(self, text: str) -> None:
        dark = self.palette().color(self.backgroundRole()).lightness() < 128
        self.error_label.setStyleSheet("color: #ff8a80" if dark else "color: #c0392b")
        self.error_label.setText(text)
        self.error_label.setAccessibleDescription(text)
        self.error_label.show()
        from PySide6.QtGui import QAccessible, QAccessibleAnnouncementEvent

        QAccessible.updateAccessibility(QAccessibleAnnouncementEvent(self.error_label, text))

    def _clear_error(self) -> None:
        if not self.error_label.isHidden():
            self.error_label.hide()
            self.error_label.clear()

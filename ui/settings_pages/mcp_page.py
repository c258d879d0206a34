"""Settings → MCP servers: add, edit, switch on and off, test, import and remove Model Context
Protocol servers, and choose per tool whether it runs, asks or is refused.

Why it exists: the terminal has ``parley mcp``; the window needs the same, with the state of
each server in view (a worded badge: Off, Not started, Ready, Failed, Invalid) and the tools a
server offers shown with what their annotations *claim*. The page renders; every read, write,
keyring access and connection runs on a worker through ``submit`` (``WorkerBridge.submit``), as
Providers' Test does, so a server that hangs never freezes the window.

Invariants it keeps:

- secret values (a secret variable or header) are typed into a password field, held only until
  Save, then written to the system keyring (``mcp:<name>:env:<VAR>`` / ``mcp:<name>:header:<H>``)
  and dropped; the page never shows a stored value, only whether one is stored;
- nothing invalid is written: the store's refusal (a bad name, a plain-text credential, a URL
  with a password) is shown in red under the form and the file is unchanged;
- the list always reflects the settings file (re-read after every change); an entry the file
  holds but cannot use is listed with an Invalid badge and its problem, and can be removed;
- a row's badge is the latest outcome known: the client's status when the list is read, then
  each *Test connection*'s own result (Ready, or Failed with the error and the log in its
  tooltip) — never "Not started" after a test;
- OAuth (HTTP and SSE only: the switch is in the Address card, hidden for stdio) keeps its
  tokens in the keyring under ``mcp:<name>:oauth:*`` (``application/mcp/oauth_tokens.py``);
  *Sign out*, switching OAuth off and removing the server delete them and stop the session
  that holds them in memory. The page shows whether tokens are stored, never a token;
- a tool's policy (Default / Run / Ask / Deny) is saved the moment it is chosen, into the
  server's ``tool_policies`` — where a permission prompt's "always for this tool" lands too, so
  every such choice is visible and revocable here. Tools known only from a stored policy are
  listed before any test, so a choice can be revoked without connecting.
"""

from __future__ import annotations

import contextlib
import dataclasses
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from parley.application.mcp.config_import import (
    ConfigImportError,
    ImportResult,
    parse_config_text,
)
from parley.application.mcp.model import (
    HTTP,
    SSE,
    STDIO,
    McpError,
    McpServerConfig,
    McpServerStatus,
    McpTool,
)
from parley.application.mcp.oauth_tokens import forget_oauth, signed_in
from parley.application.mcp.secrets import delete_secrets, env_key, header_key, store_secrets
from parley.application.ports.secret_store import SecretStore
from parley.application.ports.settings_store import SettingsError, SettingsStore
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.settings_pages import InlineError, Submit
from parley.ui.settings_pages.look import (
    Badge,
    TwoLineRowDelegate,
    card_form,
    hint_label,
    icon_or,
    label_width,
    list_column,
    primary,
    scrolling,
    secondary,
)

if TYPE_CHECKING:
    from parley.application.mcp.pinning import ToolPins
    from parley.application.ports.mcp import McpClient

_NAME = Qt.ItemDataRole.UserRole
_STATE = Qt.ItemDataRole.UserRole + 1
_DETAIL = Qt.ItemDataRole.UserRole + 2

#: A server's state in words, with its colours (light fill/ink, dark fill/ink).
STATE_BADGES: dict[str, Badge] = {
    "off": Badge(
        QT_TRANSLATE_NOOP("Badges", "Off"), ("#eceef1", "#4a4f57"), ("#2d3035", "#b9bec6")
    ),
    "stopped": Badge(
        QT_TRANSLATE_NOOP("Badges", "Not started"), ("#eceef1", "#4a4f57"), ("#2d3035", "#b9bec6")
    ),
    "starting": Badge(
        QT_TRANSLATE_NOOP("Badges", "Starting"), ("#fff0c7", "#6e4b00"), ("#433819", "#f2c86b")
    ),
    "ready": Badge(
        QT_TRANSLATE_NOOP("Badges", "Ready"), ("#e2f3e8", "#17663f"), ("#1d3a2a", "#8fd6a8")
    ),
    "failed": Badge(
        QT_TRANSLATE_NOOP("Badges", "Failed"), ("#fde3e0", "#a0251a"), ("#4a2220", "#ff9e94")
    ),
    "invalid": Badge(
        QT_TRANSLATE_NOOP("Badges", "Invalid"), ("#fde3e0", "#a0251a"), ("#4a2220", "#ff9e94")
    ),
}

TRANSPORT_LABELS = (
    (STDIO, QT_TRANSLATE_NOOP("McpServersPage", "Command on this computer (stdio)")),
    (HTTP, QT_TRANSLATE_NOOP("McpServersPage", "Streamable HTTP (a URL)")),
    (SSE, QT_TRANSLATE_NOOP("McpServersPage", "Legacy HTTP + SSE (old servers)")),
)
POLICY_LABELS = (
    ("", QT_TRANSLATE_NOOP("McpServersPage", "Default")),
    ("run", QT_TRANSLATE_NOOP("McpServersPage", "Run")),
    ("ask", QT_TRANSLATE_NOOP("McpServersPage", "Ask")),
    ("deny", QT_TRANSLATE_NOOP("McpServersPage", "Deny")),
)
TOOL_COLUMNS = (
    QT_TRANSLATE_NOOP("McpServersPage", "Tool"),
    QT_TRANSLATE_NOOP("McpServersPage", "What the server claims"),
    QT_TRANSLATE_NOOP("McpServersPage", "Policy"),
)


def claims(tool: McpTool) -> str:
    """A tool's annotations in words — claims, never trusted to lower a prompt."""
    a = tool.annotations
    words = []
    for value, yes, no in (
        (a.read_only, _READ_ONLY, _MAY_CHANGE),
        (a.destructive, _DESTRUCTIVE, _NOT_DESTRUCTIVE),
        (a.idempotent, _IDEMPOTENT, ""),
        (a.open_world, _OPEN_WORLD, _CLOSED_WORLD),
    ):
        if value is True:
            words.append(translate("McpClaims", yes))
        elif value is False and no:
            words.append(translate("McpClaims", no))
    return ", ".join(words) or translate("McpClaims", _NO_CLAIMS)


# What a tool's annotations claim, in words (marked here, translated where shown).
_READ_ONLY = QT_TRANSLATE_NOOP("McpClaims", "read-only")
_MAY_CHANGE = QT_TRANSLATE_NOOP("McpClaims", "may change things")
_DESTRUCTIVE = QT_TRANSLATE_NOOP("McpClaims", "destructive")
_NOT_DESTRUCTIVE = QT_TRANSLATE_NOOP("McpClaims", "not destructive")
_IDEMPOTENT = QT_TRANSLATE_NOOP("McpClaims", "idempotent")
_OPEN_WORLD = QT_TRANSLATE_NOOP("McpClaims", "reaches outside (open world)")
_CLOSED_WORLD = QT_TRANSLATE_NOOP("McpClaims", "closed world")
_NO_CLAIMS = QT_TRANSLATE_NOOP("McpClaims", "no claims")


def server_state(config: McpServerConfig | None, status: McpServerStatus | None) -> str:
    """The ``STATE_BADGES`` name for a server."""
    if config is None:
        return "invalid"
    if not config.enabled:
        return "off"
    if status is None or status.state not in STATE_BADGES:
        return "stopped"
    return status.state


#: A test's time limit; an OAuth server's first use waits for the person in the browser (the
#: client's loopback listener waits up to 5 minutes).
TEST_TIMEOUT_S = 60.0
OAUTH_TEST_TIMEOUT_S = 300.0


def _row_tooltip(detail: str, status: McpServerStatus | None) -> str:
    """A server row's tooltip: its transport and target, and why it failed when it did."""
    if status is None or status.state != "failed" or not status.error:
        return detail
    error = translate_text(status.error)
    if status.log_path:
        return translate("McpServersPage", "{detail}\nFailed: {error}\nLog: {log}").format(
            detail=detail, error=error, log=status.log_path
        )
    return translate("McpServersPage", "{detail}\nFailed: {error}").format(
        detail=detail, error=error
    )


def _pairs_text(pairs: Sequence[tuple[str, str]]) -> str:
    return "\n".join(f"{k}={v}" for k, v in pairs)


def _parse_pairs(text: str, what: str) -> tuple[tuple[str, str], ...]:
    pairs = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        name, sep, value = line.partition("=")
        if not sep and what == "header":
            name, sep, value = line.partition(":")
        if not sep or not name.strip():
            raise SettingsError(f"{what} line {number}: write NAME=value")
        pairs.append((name.strip(), value.strip() if what == "header" else value))
    return tuple(pairs)


class ServerDelegate(TwoLineRowDelegate):
    """A server row: a check box (enabled), its name in bold, transport and target muted under
    it, the state badge on the right (its words are in the item's text too)."""

    def row(self, index: QModelIndex | QPersistentModelIndex) -> tuple[str, str, Badge | None]:
        name, detail = str(index.data(_NAME) or ""), str(index.data(_DETAIL) or "")
        return name, detail, STATE_BADGES.get(str(index.data(_STATE) or ""))


class ImportDialog(QDialog):
    """Paste a Claude desktop, Cursor or VS Code configuration, or choose its file; shows what
    will be imported (and the warnings) before anything is written."""

    def __init__(self, existing: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("ImportDialog", "Import MCP servers"))
        self._existing = list(existing)
        self.result_value: ImportResult | None = None
        self.text_edit = QPlainTextEdit()
        self.text_edit.setAccessibleName(translate("ImportDialog", "Configuration to import"))
        self.text_edit.setPlaceholderText(
            '{"mcpServers": {"name": {"command": "npx", "args": ["-y", "…"]}}}'
        )
        self.file_button = secondary(QPushButton(translate("ImportDialog", "Choose file…")))
        self.file_button.setAccessibleName(translate("ImportDialog", "Choose a configuration file"))
        self.file_button.setIcon(icon_or("folder", "folder"))
        self.preview = QLabel("")
        self.preview.setWordWrap(True)
        self.preview.setAccessibleName(translate("ImportDialog", "What will be imported"))
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.import_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.import_button.setText(translate("ImportDialog", "Import"))
        self.import_button.setEnabled(False)
        layout = QVBoxLayout(self)
        layout.addWidget(
            hint_label(
                translate(
                    "ImportDialog",
                    "Paste the contents of claude_desktop_config.json, Cursor's mcp.json or VS "
                    "Code's "
                    "mcp.json, or choose the file. Secret values (keys, tokens) go to the system "
                    "keyring, never to Parley's settings file.",
                )
            )
        )
        layout.addWidget(self.text_edit, 1)
        layout.addWidget(self.file_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.preview)
        layout.addWidget(self.buttons)
        self.resize(640, 480)
        self.text_edit.textChanged.connect(self._parse)
        self.file_button.clicked.connect(self._choose)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

    def _choose(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            translate("ImportDialog", "MCP configuration"),
            str(Path.home()),
            "JSON (*.json);;All files (*)",
        )
        if path:
            self.load_file(Path(path))

    def load_file(self, path: Path) -> None:
        try:
            self.text_edit.setPlainText(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            self.preview.setText(
                translate("ImportDialog", "Cannot read {path}: {exc}").format(path=path, exc=exc)
            )

    def _parse(self) -> None:
        text = self.text_edit.toPlainText()
        self.result_value = None
        if not text.strip():
            self.preview.setText("")
            self.import_button.setEnabled(False)
            return
        try:
            result = parse_config_text(text, self._existing)
        except ConfigImportError as exc:
            self.preview.setText(
                translate("ImportDialog", "Nothing to import: {exc}").format(exc=exc)
            )
            self.import_button.setEnabled(False)
            return
        self.result_value = result
        lines = [
            f"{len(result.configs)} server(s): " + ", ".join(c.name for c in result.configs),
        ]
        if result.secrets:
            lines.append(f"{len(result.secrets)} secret value(s) will go to the keyring.")
        lines += [f"• {w}" for w in result.warnings]
        self.preview.setText("\n".join(lines))
        self.import_button.setEnabled(bool(result.configs))


class McpServersPage(QWidget):
    """The list of servers beside the form for the selected (or a new) one."""

    sig_servers_changed = Signal()
    """A server was added, changed, switched or removed (the settings file holds the change)."""

    def __init__(
        self,
        settings: SettingsStore,
        secrets: SecretStore,
        client: McpClient | None,
        submit: Submit,
        parent: QWidget | None = None,
        *,
        pins: ToolPins | None = None,
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._secrets = secrets
        self._client = client
        self._submit = submit
        self._pins = pins
        self._configs: dict[str, McpServerConfig] = {}
        self._problems: dict[str, str] = {}
        #: the name of the server in the form; None while writing a new one
        self._editing: str | None = None
        #: secret name -> value typed since the form was loaded (kept until Save)
        self._pending: dict[str, str] = {}
        #: secret names whose value the keyring holds (for the form's server)
        self._stored: set[str] = set()
        self._secret_names: list[str] = []
        self._tools: list[McpTool] = []
        self._testing = False
        #: whether the keyring holds OAuth tokens for the form's server (read on a worker)
        self._signed_in = False

        self.server_list = QListWidget()
        self.server_list.setObjectName("mcp-server-list")
        self.server_list.setAccessibleName(translate("McpServersPage", "MCP servers"))
        self.server_list.setItemDelegate(ServerDelegate(self.server_list))
        self.server_list.setSpacing(2)
        self.new_button = QPushButton(translate("McpServersPage", "Add server"))
        self.new_button.setAccessibleName(translate("McpServersPage", "Add MCP server"))
        self.delete_button = QPushButton(translate("McpServersPage", "Remove"))
        self.delete_button.setAccessibleName(translate("McpServersPage", "Remove MCP server"))
        self.import_button = QPushButton(translate("McpServersPage", "Import…"))
        self.import_button.setAccessibleName(
            translate("McpServersPage", "Import MCP servers from another app")
        )
        self.problems = QLabel("")
        self.problems.setWordWrap(True)
        self.problems.setAccessibleName(
            translate("McpServersPage", "Problems in the settings file")
        )
        self.problems.setVisible(False)

        self.name_edit = QLineEdit()
        self.name_edit.setAccessibleName(translate("McpServersPage", "Server name"))
        self.name_edit.setMaxLength(32)
        self.name_edit.setPlaceholderText(translate("McpServersPage", "e.g. github"))
        self.transport_box = QComboBox()
        self.transport_box.setAccessibleName(translate("McpServersPage", "Transport"))
        for value, label in TRANSPORT_LABELS:
            self.transport_box.addItem(translate("McpServersPage", label), value)
        self.enabled_box = QCheckBox(translate("McpServersPage", "Enabled"))
        self.enabled_box.setAccessibleName(translate("McpServersPage", "Server enabled"))
        self.command_edit = QLineEdit()
        self.command_edit.setAccessibleName(translate("McpServersPage", "Command"))
        self.command_edit.setPlaceholderText(
            translate("McpServersPage", "e.g. npx, uvx, node, /path/to/server")
        )
        self.args_edit = QLineEdit()
        self.args_edit.setAccessibleName(translate("McpServersPage", "Arguments"))
        self.args_edit.setPlaceholderText(
            translate("McpServersPage", "e.g. -y @modelcontextprotocol/server-github")
        )
        self.cwd_edit = QLineEdit()
        self.cwd_edit.setAccessibleName(translate("McpServersPage", "Working folder"))
        self.cwd_edit.setPlaceholderText(translate("McpServersPage", "optional"))
        self.env_edit = QPlainTextEdit()
        self.env_edit.setAccessibleName(translate("McpServersPage", "Environment variables"))
        self.env_edit.setPlaceholderText(
            translate("McpServersPage", "NAME=value, one per line (no secrets here)")
        )
        self.env_edit.setFixedHeight(self.fontMetrics().height() * 5)
        self.url_edit = QLineEdit()
        self.url_edit.setAccessibleName(translate("McpServersPage", "Server URL"))
        self.url_edit.setPlaceholderText(translate("McpServersPage", "https://example.com/mcp"))
        self.headers_edit = QPlainTextEdit()
        self.headers_edit.setAccessibleName(translate("McpServersPage", "HTTP headers"))
        self.headers_edit.setPlaceholderText(
            translate("McpServersPage", "Name: value, one per line (no secrets here)")
        )
        self.headers_edit.setFixedHeight(self.fontMetrics().height() * 5)
        self.oauth_box = QCheckBox(translate("McpServersPage", "Sign in with OAuth"))
        self.oauth_box.setAccessibleName(translate("McpServersPage", "Sign in with OAuth"))
        self.oauth_state = QLabel("")
        self.oauth_state.setAccessibleName(translate("McpServersPage", "OAuth sign-in state"))
        self.oauth_state.setWordWrap(True)
        self.sign_out_button = QPushButton(translate("McpServersPage", "Sign out"))
        self.sign_out_button.setAccessibleName(
            translate("McpServersPage", "Sign out of the server (forget its OAuth tokens)")
        )
        self.secret_list = QListWidget()
        self.secret_list.setAccessibleName(translate("McpServersPage", "Secrets"))
        self.secret_name_edit = QLineEdit()
        self.secret_name_edit.setAccessibleName(translate("McpServersPage", "Secret name"))
        self.secret_value_edit = QLineEdit()
        self.secret_value_edit.setAccessibleName(translate("McpServersPage", "Secret value"))
        self.secret_value_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret_value_edit.setPlaceholderText(
            translate("McpServersPage", "value (hidden; kept in the keyring)")
        )
        self.secret_set_button = QPushButton(translate("McpServersPage", "Set"))
        self.secret_set_button.setAccessibleName(translate("McpServersPage", "Set the secret"))
        self.secret_remove_button = QPushButton(translate("McpServersPage", "Remove secret"))
        self.secret_remove_button.setAccessibleName(
            translate("McpServersPage", "Remove the selected secret")
        )
        self.timeout_box = QDoubleSpinBox()
        self.timeout_box.setAccessibleName(translate("McpServersPage", "Time limit in seconds"))
        self.timeout_box.setRange(1.0, 86_400.0)
        self.timeout_box.setDecimals(0)
        self.timeout_box.setSuffix(translate("Units", " s"))

        self.tool_table = QTableWidget(0, len(TOOL_COLUMNS))
        self.tool_table.setAccessibleName(translate("McpServersPage", "Tools the server offers"))
        self.tool_table.setHorizontalHeaderLabels(
            [translate("McpServersPage", c) for c in TOOL_COLUMNS]
        )
        self.tool_table.verticalHeader().setVisible(False)
        self.tool_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.tool_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.tool_table.setMinimumHeight(self.fontMetrics().height() * 8)
        self.test_button = QPushButton(translate("McpServersPage", "Test connection"))
        self.test_button.setAccessibleName(translate("McpServersPage", "Test connection"))
        self.test_result = InlineError(translate("McpServersPage", "Test result"))
        self.save_button = QPushButton(translate("McpServersPage", "Save"))
        self.save_button.setAccessibleName(translate("McpServersPage", "Save server"))
        self.status = InlineError(translate("McpServersPage", "Server save result"))

        list_column(self.server_list, self.new_button, self.delete_button)
        self.new_button.setText(translate("McpServersPage", "Add server"))
        secondary(self.import_button)
        self.import_button.setIcon(icon_or("download", "file-text"))
        primary(self.save_button)
        secondary(self.test_button)
        self.test_button.setIcon(icon_or("plug", "refresh-cw"))
        secondary(self.secret_set_button)
        secondary(self.secret_remove_button)
        secondary(self.sign_out_button)

        left = QVBoxLayout()
        left.setSpacing(8)
        left.addWidget(self.server_list, 1)
        left.addWidget(self.problems)
        row = QHBoxLayout()
        row.addWidget(self.new_button, 1)
        row.addWidget(self.delete_button)
        left.addLayout(row)
        left.addWidget(self.import_button)

        labels = ("Name", "Transport", "Command", "Arguments", "Folder", "Environment", "URL")
        width = label_width(self, labels)
        self.server_card = card_form(
            translate("McpServersPage", "Server"),
            [
                (
                    translate("McpServersPage", "Name"),
                    self.name_edit,
                    translate(
                        "McpServersPage",
                        "Lower-case letters, digits, '-' or '_'. Tools are "
                        "named mcp__NAME__TOOL for the model.",
                    ),
                ),
                (
                    translate("McpServersPage", "Transport"),
                    self.transport_box,
                    translate("McpServersPage", "How Parley talks to it."),
                ),
                (
                    "",
                    self.enabled_box,
                    translate("McpServersPage", "A server that is off offers no tools anywhere."),
                ),
            ],
            width,
        )
        self.command_card = card_form(
            translate("McpServersPage", "Command"),
            [
                (
                    translate("McpServersPage", "Command"),
                    self.command_edit,
                    translate("McpServersPage", "The program that runs the server."),
                ),
                (
                    translate("McpServersPage", "Arguments"),
                    self.args_edit,
                    translate("McpServersPage", "As in a shell: quote an argument with spaces."),
                ),
                (
                    translate("McpServersPage", "Folder"),
                    self.cwd_edit,
                    translate("McpServersPage", "The folder it starts in."),
                ),
                (
                    translate("McpServersPage", "Environment"),
                    self.env_edit,
                    translate(
                        "McpServersPage",
                        "Only these variables (and the secrets below) are passed, not your whole "
                        "environment.",
                    ),
                ),
            ],
            width,
        )
        oauth_row = QHBoxLayout()
        oauth_row.addWidget(self.oauth_state, 1)
        oauth_row.addWidget(self.sign_out_button)
        self.address_card = card_form(
            translate("McpServersPage", "Address"),
            [
                (
                    translate("McpServersPage", "URL"),
                    self.url_edit,
                    translate("McpServersPage", "The server's endpoint (http:// or https://)."),
                ),
                (
                    translate("McpServersPage", "Headers"),
                    self.headers_edit,
                    translate("McpServersPage", "Sent with every request."),
                ),
                (
                    "",
                    self.oauth_box,
                    translate(
                        "McpServersPage",
                        "For a server that asks you to sign in: your browser opens the first time "
                        "it is used (or tested), and the tokens go to the system keyring, never to "
                        "a file.",
                    ),
                ),
                ("", oauth_row, ""),
            ],
            width,
        )
        secret_row = QHBoxLayout()
        secret_row.addWidget(self.secret_name_edit, 2)
        secret_row.addWidget(self.secret_value_edit, 3)
        secret_row.addWidget(self.secret_set_button)
        secret_box = QVBoxLayout()
        secret_box.addWidget(self.secret_list)
        secret_box.addLayout(secret_row)
        secret_box.addWidget(self.secret_remove_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.secret_list.setMaximumHeight(self.fontMetrics().height() * 6)
        self.secrets_card = card_form(
            translate("McpServersPage", "Secrets"),
            [
                (
                    "",
                    secret_box,
                    translate(
                        "McpServersPage",
                        "Variables (stdio) or headers (HTTP) whose values are kept in the system "
                        "keyring, never in a file. Values are written when you save (or test the "
                        "connection).",
                    ),
                )
            ],
            width,
        )
        self.limits_card = card_form(
            translate("McpServersPage", "Limits"),
            [
                (
                    translate("McpServersPage", "Time limit"),
                    self.timeout_box,
                    translate("McpServersPage", "A call that takes longer is stopped."),
                )
            ],
            width,
        )
        tools_box = QVBoxLayout()
        tools_box.addWidget(self.test_result)
        tools_box.addWidget(self.tool_table)
        self.tools_card = card_form(
            translate("McpServersPage", "Tools and policies"),
            [
                (
                    "",
                    tools_box,
                    translate(
                        "McpServersPage",
                        "What the server says about a tool is a claim: it never lowers what Parley "
                        "asks. Policy: Run without asking, Ask each time, Deny always, or Default "
                        "(from the claims, never below your tool setting). \u201cAlways for this "
                        "tool\u201d in a permission prompt is stored here.",
                    ),
                )
            ],
            width,
        )
        right = QVBoxLayout()
        right.setSpacing(10)
        self.form_area = scrolling(
            self.server_card,
            self.command_card,
            self.address_card,
            self.secrets_card,
            self.limits_card,
            self.tools_card,
        )
        right.addWidget(self.form_area, 1)
        actions = QHBoxLayout()
        actions.addWidget(self.status, 1)
        actions.addWidget(self.test_button)
        actions.addWidget(self.save_button)
        right.addLayout(actions)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(16)
        layout.addLayout(left, 2)
        layout.addLayout(right, 5)

        self.server_list.currentItemChanged.connect(self._on_selected)
        self.server_list.itemChanged.connect(self._on_item_changed)
        self.new_button.clicked.connect(self.new_server)
        self.delete_button.clicked.connect(self._on_delete)
        self.import_button.clicked.connect(self._on_import)
        self.transport_box.currentIndexChanged.connect(lambda _i: self._show_transport())
        self.secret_set_button.clicked.connect(self._on_set_secret)
        self.secret_value_edit.returnPressed.connect(self._on_set_secret)
        self.secret_remove_button.clicked.connect(self._on_remove_secret)
        self.oauth_box.toggled.connect(lambda _on: self._show_oauth())
        self.sign_out_button.clicked.connect(self.sign_out)
        self.test_button.clicked.connect(self.test_connection)
        self.save_button.clicked.connect(self.save)
        self.test_button.setEnabled(client is not None)
        if client is None:
            self.test_button.setToolTip(
                translate("McpServersPage", "No MCP client is available in this Parley.")
            )
        self.new_server()
        self.reload()

    # -- reading -------------------------------------------------------------------------------

    @property
    def editing(self) -> str | None:
        """The name of the server in the form (None for a new one)."""
        return self._editing

    def reload(self, select: str = "") -> None:
        """Re-read the servers (and their status) on a worker."""
        settings, client = self._settings, self._client

        def load() -> tuple[list[McpServerConfig], list[str], dict[str, McpServerStatus]]:
            servers = list(settings.mcp_servers())
            problems = list(settings.mcp_server_problems())
            statuses = {s.name: client.status(s.name) for s in servers} if client else {}
            return servers, problems, statuses

        def show(
            result: tuple[list[McpServerConfig], list[str], dict[str, McpServerStatus]],
        ) -> None:
            servers, problems, statuses = result
            self._configs = {s.name: s for s in servers}
            self.server_list.blockSignals(True)
            self.server_list.clear()
            for server in servers:
                status = statuses.get(server.name)
                state = server_state(server, status)
                detail = self._detail(server)
                tooltip = _row_tooltip(detail, status)
                self._add_row(server.name, state, detail, server.enabled, True, tooltip)
            for problem in problems:
                name = problem.split("'")[1] if problem.count("'") >= 2 else "?"
                self._problems[name] = problem
                self._add_row(name, "invalid", problem, False, False)
            self.server_list.blockSignals(False)
            self.problems.setText(
                "\n".join(
                    translate("McpServersPage", "Not usable until fixed: {problem}").format(
                        problem=translate_text(p)
                    )
                    for p in problems
                )
                if problems
                else ""
            )
            self.problems.setVisible(bool(problems))
            target = select or self._editing or ""
            names = [s.name for s in servers]
            if target in names:
                self.server_list.blockSignals(True)
                self.server_list.setCurrentRow(names.index(target))
                self.server_list.blockSignals(False)
                if select:
                    self._load(self._configs[target], keep_messages=True)

        self._submit(load, show, lambda exc: self.status.show_error(translate_text(str(exc))))

    def _add_row(
        self, name: str, state: str, detail: str, enabled: bool, valid: bool, tooltip: str = ""
    ) -> None:
        words = STATE_BADGES[state].words
        item = QListWidgetItem(f"{name}  ·  {words}")
        item.setData(_NAME, name)
        item.setData(_STATE, state)
        item.setData(_DETAIL, detail)
        item.setToolTip(tooltip or detail)
        flags = item.flags()
        if valid:
            item.setFlags(flags | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if enabled else Qt.CheckState.Unchecked)
        self.server_list.addItem(item)

    def _row(self, name: str) -> QListWidgetItem | None:
        for row in range(self.server_list.count()):
            item = self.server_list.item(row)
            if item.data(_NAME) == name:
                return item
        return None

    def row_state(self, name: str) -> str:
        """The badge (``STATE_BADGES`` name) of ``name``'s row, "" when it is not listed."""
        item = self._row(name)
        return str(item.data(_STATE)) if item is not None else ""

    def _show_outcome(self, name: str, status: McpServerStatus) -> None:
        """Put a test's outcome on ``name``'s row: Ready, or Failed with why in its tooltip. A
        server switched off keeps its Off badge (it offers no tools whatever the test said)."""
        item, config = self._row(name), self._configs.get(name)
        if item is None or config is None:
            return  # a server not saved yet has no row
        state = server_state(config, status)
        self.server_list.blockSignals(True)  # a new text is not the user's check box
        item.setData(_STATE, state)
        item.setText(f"{name}  ·  {STATE_BADGES[state].words}")
        item.setToolTip(_row_tooltip(self._detail(config), status))
        self.server_list.blockSignals(False)
        self.server_list.viewport().update()

    @staticmethod
    def _detail(config: McpServerConfig) -> str:
        if config.transport == STDIO:
            return f"stdio · {shlex.join([config.command, *config.args])}"
        return f"{config.transport} · {config.url}"

    # -- the form ------------------------------------------------------------------------------

    def new_server(self) -> None:
        """Clear the form for a new server."""
        self._editing = None
        self.server_list.blockSignals(True)
        self.server_list.setCurrentRow(-1)
        self.server_list.clearSelection()
        self.server_list.blockSignals(False)
        self._fill(McpServerConfig(name=""), set())
        self._clear_messages()

    def _on_selected(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            return
        name = str(item.data(_NAME))
        config = self._configs.get(name)
        if config is None:
            self._editing = None
            self.status.show_error(self._problems.get(name, "This entry is not valid."))
            return
        self._load(config)

    def _load(self, config: McpServerConfig, *, keep_messages: bool = False) -> None:
        self._editing = config.name
        secrets = self._secrets
        names = [env_key(config.name, v) for v in config.secret_env] + [
            header_key(config.name, h) for h in config.secret_headers
        ]
        self._fill(config, set())

        def stored() -> tuple[set[str], bool]:
            if not secrets.available:
                return set(), False
            found = set()
            for key in names:
                try:
                    if secrets.get(key) is not None:
                        found.add(key.rsplit(":", 1)[1])
                except Exception:  # a locked keyring: shown as "no value"
                    continue
            try:
                tokens = signed_in(secrets, config.name)
            except Exception:  # a locked keyring: shown as "not signed in"
                tokens = False
            return found, tokens

        def show(result: tuple[set[str], bool]) -> None:
            if self._editing == config.name:
                self._stored, self._signed_in = result
                self._show_secrets()
                self._show_oauth()

        self._submit(stored, show, None)
        if not keep_messages:
            self._clear_messages()

    def _fill(self, config: McpServerConfig, stored: set[str]) -> None:
        self._pending = {}
        self._stored = stored
        self._secret_names = list(config.secret_env or config.secret_headers)
        self.name_edit.setText(config.name)
        self.name_edit.setReadOnly(bool(config.name))  # a rename is remove + add
        self.transport_box.setCurrentIndex(max(0, self.transport_box.findData(config.transport)))
        self.enabled_box.setChecked(config.enabled)
        self.command_edit.setText(config.command)
        self.args_edit.setText(shlex.join(config.args))
        self.cwd_edit.setText(config.cwd)
        self.env_edit.setPlainText(_pairs_text(config.env))
        self.url_edit.setText(config.url)
        self.headers_edit.setPlainText("\n".join(f"{k}: {v}" for k, v in config.headers))
        self._signed_in = False
        self.oauth_box.setChecked(config.oauth)
        self.timeout_box.setValue(config.timeout_s)
        self.secret_name_edit.clear()
        self.secret_value_edit.clear()
        self._tools = []
        self._show_tools(config)
        self._show_secrets()
        self._show_transport()

    def _show_transport(self) -> None:
        stdio = self.transport_box.currentData() == STDIO
        self.command_card.setVisible(stdio)
        self.address_card.setVisible(not stdio)
        self.secret_name_edit.setPlaceholderText(
            translate("McpServersPage", "variable, e.g. GITHUB_TOKEN")
            if stdio
            else translate("McpServersPage", "header, e.g. Authorization")
        )
        self._show_oauth()

    def _show_oauth(self) -> None:
        """Whether the form's server is signed in, and Sign out when there is something to
        forget (a saved server that signs in with OAuth, or tokens still stored)."""
        saved = self._configs.get(self._editing or "")
        wanted = self.oauth_box.isChecked()
        if self._signed_in:
            words = translate("McpServersPage", "Signed in: the tokens are in the system keyring.")
        elif wanted and saved is not None and saved.oauth:
            words = translate(
                "McpServersPage", "Not signed in: your browser opens when the server is first used."
            )
        elif wanted:
            words = translate("McpServersPage", "Save, then use or test the server to sign in.")
        else:
            words = ""
        self.oauth_state.setText(words)
        self.oauth_state.setVisible(bool(words))
        self.sign_out_button.setVisible(saved is not None and (saved.oauth or self._signed_in))
        self.sign_out_button.setEnabled(self._signed_in or bool(saved and saved.oauth))

    def _show_secrets(self) -> None:
        self.secret_list.clear()
        for name in self._secret_names:
            if name in self._pending:
                state = translate("McpServersPage", "new value, written when you save")
            elif name in self._stored:
                state = translate("McpServersPage", "stored in the keyring")
            else:
                state = translate("McpServersPage", "no value yet")
            self.secret_list.addItem(f"{name} — {state}")
        self.secret_remove_button.setEnabled(bool(self._secret_names))

    def _on_set_secret(self) -> None:
        name = self.secret_name_edit.text().strip()
        value = self.secret_value_edit.text()
        if not name or not value:
            self.status.show_error(
                translate("McpServersPage", "A secret needs a name and a value.")
            )
            return
        if not self._secrets.available:
            self.status.show_error(self._secrets.unavailable_reason)
            return
        if name not in self._secret_names:
            self._secret_names.append(name)
        self._pending[name] = value
        self.secret_value_edit.clear()
        self.secret_name_edit.clear()
        self._show_secrets()

    def _on_remove_secret(self) -> None:
        row = self.secret_list.currentRow()
        if not 0 <= row < len(self._secret_names):
            row = len(self._secret_names) - 1
        if row < 0:
            return
        name = self._secret_names.pop(row)
        self._pending.pop(name, None)
        self._show_secrets()

    def form_config(self) -> McpServerConfig:
        """The server the form describes; raises ``SettingsError`` for what it cannot read."""
        name = self.name_edit.text().strip()
        if not name:
            raise SettingsError("A server needs a name.")
        transport = str(self.transport_box.currentData())
        base = self._configs.get(self._editing or "")
        try:
            args = tuple(shlex.split(self.args_edit.text()))
        except ValueError as exc:
            raise SettingsError(f"Arguments: {exc}") from None
        secret_names = tuple(self._secret_names)
        common: dict[str, Any] = {
            "name": name,
            "transport": transport,
            "enabled": self.enabled_box.isChecked(),
            "timeout_s": float(self.timeout_box.value()),
            "tool_policies": base.tool_policies if base else (),
            # OAuth is for a URL: the switch is hidden for stdio, and never carried there.
            "oauth": transport != STDIO and self.oauth_box.isChecked(),
        }
        if transport == STDIO:
            return McpServerConfig(
                command=self.command_edit.text().strip(),
                args=args,
                cwd=self.cwd_edit.text().strip(),
                env=_parse_pairs(self.env_edit.toPlainText(), "environment"),
                secret_env=secret_names,
                **common,
            )
        return McpServerConfig(
            url=self.url_edit.text().strip(),
            headers=_parse_pairs(self.headers_edit.toPlainText(), "header"),
            secret_headers=secret_names,
            **common,
        )

    def save(self) -> None:
        """Check the form; save the server (and its new secret values) on a worker."""
        self._clear_messages()
        try:
            config = self.form_config()
        except SettingsError as exc:
            self.status.show_error(translate_text(str(exc)))
            return
        if self._editing is None and config.name in self._configs:
            self.status.show_error(
                translate("McpServersPage", "A server named {name!r} exists already.").format(
                    name=config.name
                )
            )
            return
        settings, secrets = self._settings, self._secrets
        previous = self._configs.get(self._editing or "")
        key_of = env_key if config.transport == STDIO else header_key
        values = [(key_of(config.name, n), v) for n, v in self._pending.items()]

        def job() -> None:
            settings.save_mcp_server(config)  # refuses what is not valid before any secret
            if values:
                store_secrets(secrets, values)
            if previous is not None and secrets.available:
                kept = set(
                    [env_key(config.name, v) for v in config.secret_env]
                    + [header_key(config.name, h) for h in config.secret_headers]
                )
                gone = dataclasses.replace(
                    previous,
                    secret_env=tuple(
                        v for v in previous.secret_env if env_key(config.name, v) not in kept
                    ),
                    secret_headers=tuple(
                        h for h in previous.secret_headers if header_key(config.name, h) not in kept
                    ),
                )
                delete_secrets(secrets, gone)
                if previous.oauth and not config.oauth:
                    forget_oauth(secrets, config.name)  # OAuth switched off: its sign-in too
            if self._client is not None:
                self._client.stop(config.name)  # the next use starts it with the new settings

        def done(_result: None) -> None:
            self.save_button.setEnabled(True)
            self._editing = config.name
            self._pending = {}
            self.status.show_ok(
                translate("McpServersPage", "Saved {name!r}.").format(name=config.name)
            )
            self.reload(select=config.name)
            self.sig_servers_changed.emit()

        def failed(exc: BaseException) -> None:
            self.save_button.setEnabled(True)
            self.status.show_error(translate("McpServersPage", "Not saved: {exc}").format(exc=exc))

        self.save_button.setEnabled(False)
        self._submit(job, done, failed)

    def remove(self, name: str) -> None:
        """Remove a server and its secrets (no question asked: ``_on_delete`` asks)."""
        settings, secrets, client, pins = self._settings, self._secrets, self._client, self._pins
        config = self._configs.get(name)

        def job() -> None:
            settings.remove_mcp_server(name)
            if config is not None:
                delete_secrets(secrets, config)
            forget_oauth(secrets, name)
            if client is not None:
                client.stop(name)
            if pins is not None:
                pins.forget(name)

        def done(_result: None) -> None:
            if self._editing == name:
                self.new_server()
            self._problems.pop(name, None)
            self.reload()
            self.sig_servers_changed.emit()

        self._submit(
            job,
            done,
            lambda exc: self.status.show_error(
                translate("McpServersPage", "Not removed: {exc}").format(exc=exc)
            ),
        )

    def _on_delete(self) -> None:
        item = self.server_list.currentItem()
        if item is None:
            return
        name = str(item.data(_NAME))
        answer = QMessageBox.question(
            self,
            translate("McpServersPage", "Remove MCP server"),
            translate("McpServersPage", "Remove {name!r} and its secrets in the keyring?").format(
                name=name
            ),
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.remove(name)

    def _on_item_changed(self, item: QListWidgetItem) -> None:
        name = str(item.data(_NAME))
        config = self._configs.get(name)
        if config is None:
            return
        enabled = item.checkState() == Qt.CheckState.Checked
        if enabled == config.enabled:
            return
        self.set_enabled(name, enabled)

    def set_enabled(self, name: str, enabled: bool) -> None:
        """Switch a server on or off (saved at once)."""
        settings, client = self._settings, self._client

        def job() -> None:
            current = settings.mcp_server(name)
            settings.save_mcp_server(dataclasses.replace(current, enabled=enabled))
            if not enabled and client is not None:
                client.stop(name)

        def done(_result: None) -> None:
            if self._editing == name:
                self.enabled_box.setChecked(enabled)
            self.reload()
            self.sig_servers_changed.emit()

        self._submit(
            job,
            done,
            lambda exc: self.status.show_error(
                translate("McpServersPage", "Not changed: {exc}").format(exc=exc)
            ),
        )

    # -- import --------------------------------------------------------------------------------

    def _on_import(self) -> None:
        dialog = ImportDialog(list(self._configs), self)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.result_value is not None:
            self.import_result(dialog.result_value)

    def import_text(self, text: str) -> ImportResult:
        """Parse ``text`` and import what it holds (as the Import dialog's Import does)."""
        result = parse_config_text(text, list(self._configs))
        self.import_result(result)
        return result

    def import_result(self, result: ImportResult) -> None:
        """Store the secrets and save the servers of ``result`` on a worker."""
        settings, secrets = self._settings, self._secrets
        if result.secrets and not secrets.available:
            self.status.show_error(
                translate(
                    "McpServersPage",
                    "{unavailable_reason}. The configuration holds secrets, so nothing was "
                    "imported.",
                ).format(unavailable_reason=secrets.unavailable_reason)
            )
            return

        def job() -> tuple[list[str], list[str]]:
            added, failed = [], []
            for config in result.configs:
                try:
                    settings.save_mcp_server(config)
                    mine = [
                        (k, v) for k, v in result.secrets if k.startswith(f"mcp:{config.name}:")
                    ]
                    store_secrets(secrets, mine)
                except Exception as exc:
                    failed.append(f"{config.name}: {exc}")
                    continue
                added.append(config.name)
            return added, failed

        def done(outcome: tuple[list[str], list[str]]) -> None:
            added, failed = outcome
            words = (
                translate("McpServersPage", "Imported {count} server(s): {names}").format(
                    count=len(added), names=", ".join(added)
                )
                if added
                else translate("McpServersPage", "Imported {count} server(s)").format(
                    count=len(added)
                )
            )
            notes = [*result.warnings, *failed]
            if failed:
                self.status.show_error(words + ". " + " ".join(notes))
            else:
                self.status.show_ok(words + (". " + " ".join(notes) if notes else "."))
            self.reload(select=added[0] if added else "")
            self.sig_servers_changed.emit()

        self._submit(
            job,
            done,
            lambda exc: self.status.show_error(
                translate("McpServersPage", "Not imported: {exc}").format(exc=exc)
            ),
        )

    # -- testing and tools ---------------------------------------------------------------------

    def test_connection(self) -> None:
        """Connect with the form's settings (saved or not) on a worker; list the tools."""
        client = self._client
        if client is None or self._testing:
            return
        try:
            config = self.form_config()
        except SettingsError as exc:
            self.test_result.show_error(translate_text(str(exc)))
            return
        pending = dict(self._pending)
        secrets = self._secrets
        key_of = env_key if config.transport == STDIO else header_key

        limit = OAUTH_TEST_TIMEOUT_S if config.oauth else min(config.timeout_s, TEST_TIMEOUT_S)

        def job() -> tuple[tuple[McpTool, ...], McpServerStatus, bool]:
            # Values typed but not saved yet are used for this test only, through the keyring
            # they would go to anyway; without them a server that needs them would fail.
            if pending and secrets.available:
                store_secrets(secrets, [(key_of(config.name, n), v) for n, v in pending.items()])
            client.stop(config.name)  # test what the form says, not a session started before
            tools = client.tools(config, timeout_s=limit)
            tokens = False
            if config.oauth:
                with contextlib.suppress(Exception):  # a locked keyring: "not signed in"
                    tokens = signed_in(secrets, config.name)
            return tools, client.status(config.name), tokens

        def done(result: tuple[tuple[McpTool, ...], McpServerStatus, bool]) -> None:
            self._testing = False
            self.test_button.setEnabled(True)
            tools, status, tokens = result
            # Back on the UI thread: the row shows this outcome, whatever the list said before.
            self._show_outcome(config.name, McpServerStatus(config.name, "ready"))  # it answered
            if self._editing == config.name and config.oauth:
                self._signed_in = tokens
                self._show_oauth()
            self._tools = list(tools)
            version = (
                translate("McpServersPage", ", protocol {version}").format(
                    version=status.protocol_version
                )
                if status.protocol_version
                else ""
            )
            who = " ".join(p for p in (status.server_name, status.server_version) if p)
            value = translate("McpServersPage", " to {who}").format(who=who) if who else ""
            self.test_result.show_ok(
                translate("McpServersPage", "Connected{value}{version}: {n_tools} tool(s).").format(
                    value=value, version=version, n_tools=len(tools)
                )
            )
            self._show_tools(self._configs.get(config.name, config))

        def failed(exc: BaseException) -> None:
            self._testing = False
            self.test_button.setEnabled(True)
            text = translate_text(str(exc))
            if isinstance(exc, McpError) and exc.log_path:
                text = translate("McpServersPage", "{text} (log: {log})").format(
                    text=text, log=exc.log_path
                )
            self.test_result.show_error(
                translate("McpServersPage", "Failed: {text}").format(text=text)
            )
            if isinstance(exc, McpError):
                status = McpServerStatus(config.name, "failed", exc.message, exc.log_path)
            else:
                status = McpServerStatus(config.name, "failed", str(exc))
            self._show_outcome(config.name, status)

        self._testing = True
        self.test_button.setEnabled(False)
        self.test_result.show_ok(
            translate("McpServersPage", "Connecting… (sign in in your browser if it opens)")
            if config.oauth
            else translate("McpServersPage", "Connecting…")
        )
        self.form_area.ensureWidgetVisible(self.tools_card)
        self._submit(job, done, failed)

    def sign_out(self) -> None:
        """Forget the form's server's OAuth tokens (keyring) and stop its session, on a worker;
        the next use signs in again in the browser."""
        name = self._editing
        if name is None:
            return
        secrets, client = self._secrets, self._client

        def job() -> list[str]:
            if client is not None:
                client.stop(name)  # its session holds the tokens in memory too
            return forget_oauth(secrets, name)

        def done(deleted: list[str]) -> None:
            self.sign_out_button.setEnabled(True)
            if self._editing == name:
                self._signed_in = False
                self._show_oauth()
            if not secrets.available:
                self.status.show_ok(
                    translate(
                        "McpServersPage", "Signed out of {name!r} (no keyring: nothing was stored)."
                    ).format(name=name)
                )
            elif deleted:
                self.status.show_ok(
                    translate(
                        "McpServersPage",
                        "Signed out of {name!r}: its tokens were deleted from the keyring.",
                    ).format(name=name)
                )
            else:
                self.status.show_ok(
                    translate("McpServersPage", "{name!r} had no sign-in stored.").format(name=name)
                )
            self.reload()

        def failed(exc: BaseException) -> None:
            self.sign_out_button.setEnabled(True)
            self.status.show_error(
                translate("McpServersPage", "Not signed out: {exc}").format(exc=exc)
            )

        self.sign_out_button.setEnabled(False)
        self._submit(job, done, failed)

    def _show_tools(self, config: McpServerConfig) -> None:
        """The tools of the last test, and every tool that has a stored policy."""
        rows: list[tuple[str, str]] = [(t.name, claims(t)) for t in self._tools]
        listed = {name for name, _ in rows}
        rows += [
            (tool, "not listed yet: test the connection")
            for tool, _policy in config.tool_policies
            if tool not in listed
        ]
        self.tool_table.setRowCount(len(rows))
        for row, (tool, said) in enumerate(rows):
            name_item = QTableWidgetItem(tool)
            description = next((t.description for t in self._tools if t.name == tool), "")
            if description:
                name_item.setToolTip(description)
            self.tool_table.setItem(row, 0, name_item)
            self.tool_table.setItem(row, 1, QTableWidgetItem(said))
            box = QComboBox()
            box.setAccessibleName(
                translate("McpServersPage", "Policy for {tool}").format(tool=tool)
            )
            for value, label in POLICY_LABELS:
                box.addItem(translate("McpServersPage", label), value)
            box.setCurrentIndex(max(0, box.findData(config.policy_for(tool))))
            box.setEnabled(bool(self._editing))
            box.currentIndexChanged.connect(
                lambda _i, tool=tool, box=box: self.set_policy(tool, str(box.currentData()))
            )
            self.tool_table.setCellWidget(row, 2, box)

    def policy_box(self, tool: str) -> QComboBox | None:
        """The policy control of ``tool``'s row (tests, accessibility)."""
        for row in range(self.tool_table.rowCount()):
            item = self.tool_table.item(row, 0)
            if item is not None and item.text() == tool:
                widget = self.tool_table.cellWidget(row, 2)
                return widget if isinstance(widget, QComboBox) else None
        return None

    def set_policy(self, tool: str, policy: str) -> None:
        """Store ``tool``'s policy ("" for the default) for the server in the form, at once."""
        name = self._editing
        if name is None:
            return
        settings = self._settings

        def job() -> McpServerConfig:
            current = settings.mcp_server(name)
            policies = [(t, p) for t, p in current.tool_policies if t != tool]
            if policy:
                policies.append((tool, policy))
            changed = dataclasses.replace(current, tool_policies=tuple(policies))
            settings.save_mcp_server(changed)
            return changed

        def done(changed: McpServerConfig) -> None:
            self._configs[changed.name] = changed
            label = translate("McpServersPage", dict(POLICY_LABELS).get(policy, policy))
            self.status.show_ok(f"{tool}: {label}.")
            self.sig_servers_changed.emit()

        self._submit(
            job,
            done,
            lambda exc: self.status.show_error(
                translate("McpServersPage", "Not changed: {exc}").format(exc=exc)
            ),
        )

    def _clear_messages(self) -> None:
        for label in (self.status, self.test_result):
            label.clear_message()

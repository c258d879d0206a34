"""Asking the user before a risky action runs: the dialog, and the asker the runtime calls.

Why it exists: the gate may need a person's yes. The runtime asks on its worker thread and must
wait for the answer without blocking the window; the window must show the exact command (in a
monospace block), its effect as a badge with words (dangerous in red) and the rule behind it,
where it runs as the user knows that folder (``~/project``, not ``workspace:.``), the sandbox it
would run in (a warning when it would run unconfined), and offer Allow once / Allow for this
conversation / Deny. For a Model Context Protocol tool it shows the server, the tool, its
arguments as pretty JSON, and what the server *claims* about the tool (a claim, not a fact), and
adds "Always allow this tool" (stored as ``run`` in the server's policies).

Invariants it keeps:

- the question travels to the UI thread through the bridge's ordered mailbox (so the dialog
  appears after the events that led to it), and the answer comes back through a
  ``threading.Event`` the worker waits on — no busy loop, no widget touched from the worker;
- a cancelled turn, a closed dialog, a closed window or the time limit all count as Deny;
- the dialog is only a view: it reports a choice; the gate decides what a choice means;
- Deny is the default button (Enter never approves by accident) and Esc denies; the effect is
  said in words as well as colour (a badge reads "Dangerous", not only red).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QFontDatabase, QTextOption
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.tools import (
    ALLOW_ALWAYS,
    ALLOW_ONCE,
    ALLOW_SESSION,
    DENY,
    PermissionRequest,
)
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.icons import icon, pixmap

#: How long the runtime waits for an answer before it counts as Deny.
ANSWER_TIMEOUT_S = 600.0

#: The confinement sentence's box: calm when the operating system enforces it, a warning when
#: nothing does. Text colours are set too, so both read on a light and a dark theme.
SANDBOXED_STYLE = (
    "QLabel { background: rgba(28, 138, 90, 0.12); border-left: 4px solid #1c8a5a;"
    " padding: 6px 8px; }"
)
UNSANDBOXED_STYLE = (
    "QLabel { background: #fdecea; color: #7f1d1d; border: 1px solid #c0392b;"
    " border-left: 4px solid #c0392b; padding: 6px 8px; font-weight: bold; }"
)

#: An effect level's badge: its words and colour (white text on it). Levels from
#: ``domain.actions.model``; an unknown level reads as "Unknown effect" in amber.
BADGES: dict[str, tuple[str, str]] = {
    "harmless": (QT_TRANSLATE_NOOP("PermissionPrompt", "Harmless"), "#1c7c54"),
    "contained": (QT_TRANSLATE_NOOP("PermissionPrompt", "Contained"), "#1f5fbf"),
    "unknown": (QT_TRANSLATE_NOOP("PermissionPrompt", "Unknown effect"), "#9a5b00"),
    "dangerous": (QT_TRANSLATE_NOOP("PermissionPrompt", "Dangerous"), "#b42318"),
    "refused": (QT_TRANSLATE_NOOP("PermissionPrompt", "Refused"), "#7f1d1d"),
}

#: The most lines of a command shown at once (a longer one scrolls inside its block).
COMMAND_LINES = 8

#: How the runtime words a command it asks about (``application.tools.toolbox._summary``).
_RUN = re.compile(r"^run `(?P<command>.*)` in (?P<target>\S+)$", re.DOTALL)


@dataclass(frozen=True)
class AskedAction:
    """What the dialog shows of a request: a headline verb, the command or target, and where."""

    headline: str
    command: str
    where: str = ""


#: Between a server and its tool wherever both are shown ("time \u203a get_current_time").
SERVER_TOOL = " \N{SINGLE RIGHT-POINTING ANGLE QUOTATION MARK} "


def claims_sentence(claims: tuple[str, ...]) -> str:
    """What an MCP server claims about its tool, said as a claim ("The server says: …")."""
    if not claims:
        return translate("PermissionPrompt", "The server says nothing about what this tool does.")
    return translate(
        "PermissionPrompt", "The server says: {claims}. Parley cannot check this."
    ).format(claims=", ".join(claims))


def shown_path(target: str, workspace: Path | None, home: Path | None = None) -> str:
    """A ``workspace:<rel>`` / ``sandbox:<rel>`` target as the user knows it: the workspace's
    real folder (``~/…`` under the home folder), or "the turn's sandbox folder"."""
    namespace, sep, rel = target.partition(":")
    if not sep or namespace not in ("workspace", "sandbox"):
        return target
    rel = "" if rel in ("", ".") else rel.lstrip("./")
    if namespace == "sandbox":
        folder_words = translate("PermissionDialog", "the turn's output folder")
        return folder_words + (f" / {rel}" if rel else "")
    if workspace is None:
        return translate("PermissionDialog", "the workspace") + (f" / {rel}" if rel else "")
    folder = workspace / rel if rel else workspace
    home = home if home is not None else Path.home()
    try:
        return "~/" + folder.relative_to(home).as_posix() if folder != home else "~"
    except ValueError:
        return str(folder)


_TARGET = re.compile(r"\b(?:workspace|sandbox):[^\s,;:()]*")

# The gate's reasons call the turn's output folder "the sandbox"; the prompt also shows the
# process confinement (bubblewrap), which users know as "the sandbox". In the prompt the folder
# gets the user guide's name so the two never read as contradicting each other.
_REASON_WORDS = (
    (
        ": outside the sandbox, into the workspace itself",
        ": your folder itself, not the turn's output folder",
    ),
    ("(outside the sandbox)", "(in your folder, not the turn's output folder)"),
    ("(inside the sandbox)", "(inside the turn's output folder)"),
    ("is outside the sandbox", "is outside your folder"),
    ("outside the sandbox", "outside the turn's output folder"),
)


def shown_reason(reason: str, workspace: Path | None, home: Path | None = None) -> str:
    """The gate's reason in the user's words: targets as folders they know (``~/src/app/build``
    for ``workspace:build``), the turn's output folder named as the user guide names it."""
    shown = translate_text(reason)  # the gate's reason is marked where it is composed
    if shown != reason:  # translated: the English rewording below does not apply
        return _TARGET.sub(lambda m: shown_path(m.group(0), workspace, home), shown)
    for theirs, ours in _REASON_WORDS:
        reason = reason.replace(theirs, ours)
    return _TARGET.sub(lambda m: shown_path(m.group(0), workspace, home), reason)


def asked_action(request: PermissionRequest, workspace: Path | None) -> AskedAction:
    """Split the runtime's one-line summary into what the dialog shows."""
    summary = request.summary
    if request.is_mcp:
        return AskedAction(
            translate(
                "permission", "The model wants to use {mcp_tool} from the MCP server {mcp_server}"
            ).format(mcp_tool=request.mcp_tool, mcp_server=request.mcp_server),
            request.arguments_json or "{}",
        )
    run = _RUN.match(summary)
    if run:
        return AskedAction(
            translate("permission", "The model wants to run a command"),
            run["command"],
            shown_path(run["target"], workspace),
        )
    if request.tool == "install_package":
        return AskedAction(
            translate("permission", "The model wants to install a Python package"), summary
        )
    tool, _sep, target = summary.partition(" ")
    if target.startswith(("workspace:", "sandbox:")):
        where = shown_path(target, workspace)
        return AskedAction(
            translate("permission", "The model wants to use {tool}").format(tool=tool),
            f"{tool} {where}",
            where,
        )
    return AskedAction(
        translate("permission", "The model wants to use {value}").format(
            value=request.tool or tool
        ),
        summary,
    )


@dataclass
class PermissionPrompt:
    """One pending question: what is asked, and where the answer goes."""

    request: PermissionRequest
    answered: threading.Event = field(default_factory=threading.Event)
    answer: str = DENY

    def reply(self, answer: str) -> None:
        if not self.answered.is_set():
            self.answer = answer
            self.answered.set()


class BridgePermissionAsker:
    """The runtime's ``PermissionAsker`` for the window (called on the worker thread)."""

    def __init__(self, post: Callable[..., None], timeout_s: float = ANSWER_TIMEOUT_S) -> None:
        # ``post(kind, item, wake=True)`` is WorkerBridge.post: the ordered mailbox to the UI.
        self._post = post
        self._timeout_s = timeout_s

    def ask(self, request: PermissionRequest, cancel: threading.Event) -> str:
        prompt = PermissionPrompt(request)
        self._post("permission", prompt, wake=True)
        waited = 0.0
        # Wake every quarter second only to notice Stop; otherwise sleep on the event.
        while not prompt.answered.wait(0.25):
            waited += 0.25
            if cancel.is_set() or waited >= self._timeout_s:
                prompt.reply(DENY)
                break
        return prompt.answer


class PermissionDialog(QDialog):
    """Shows one pending action and returns the user's choice through its prompt."""

    def __init__(
        self,
        prompt: PermissionPrompt,
        parent: QWidget | None = None,
        *,
        workspace: Path | None = None,
    ) -> None:
        super().__init__(parent)
        self.prompt = prompt
        request = prompt.request
        asked = asked_action(request, workspace)
        self.setWindowTitle(translate("PermissionDialog", "Allow this action?"))
        self.setObjectName("permission-dialog")
        self.setWindowModality(Qt.WindowModality.WindowModal)
        self.setMinimumWidth(max(600, self.fontMetrics().averageCharWidth() * 96))

        mark = QLabel()
        danger = request.effect.level in ("dangerous", "refused")
        line = self.fontMetrics().height()  # icons follow the text size (and so the zoom)
        shield = QColor(BADGES["dangerous"][1]) if danger else None
        mark.setPixmap(pixmap("shield", round(line * 2.4), shield))
        mark.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.headline = QLabel(asked.headline)
        self.headline.setObjectName("permission-headline")
        font = self.headline.font()
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.headline.setFont(font)
        self.headline.setWordWrap(True)
        lead = QLabel(
            translate(
                "PermissionDialog",
                "Nothing runs until you choose. Deny is the default (Enter or Esc).",
            )
        )
        lead.setWordWrap(True)
        lead.setStyleSheet("color: palette(placeholder-text)")
        heading = QVBoxLayout()
        heading.addWidget(self.headline)
        heading.addWidget(lead)
        top = QHBoxLayout()
        top.addWidget(mark, 0, Qt.AlignmentFlag.AlignTop)
        top.addLayout(heading, 1)

        # The exact command, monospace and selectable. It wraps anywhere rather than scroll: a
        # part of a command the user cannot see is a part they did not approve.
        self.detail = QPlainTextEdit(asked.command)
        self.detail.setReadOnly(True)
        self.detail.setObjectName("permission-command")
        self.detail.setAccessibleName(
            translate("PermissionDialog", "Arguments")
            if request.is_mcp
            else translate("PermissionDialog", "Command")
        )
        self.detail.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setPointSizeF(max(self.font().pointSizeF(), 1.0))
        self.detail.setFont(mono)
        self.detail.setStyleSheet(
            "QPlainTextEdit { background: palette(alternate-base); border: 1px solid"
            " palette(mid); border-radius: 8px; padding: 6px 8px; }"
        )
        # Tall enough for every wrapped line, up to COMMAND_LINES (then it scrolls).
        self.detail.document().documentLayout().documentSizeChanged.connect(self._fit_command)
        self._fit_command()

        facts = QGridLayout()
        facts.setHorizontalSpacing(10)
        facts.setVerticalSpacing(8)
        row = 0
        self.where = QLabel(asked.where)
        self.where.setObjectName("permission-where")
        self.where.setAccessibleName(translate("PermissionDialog", "Runs in"))
        self.where.setTextFormat(Qt.TextFormat.PlainText)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.where.setWordWrap(True)
        if asked.where:
            facts.addWidget(_icon_label("folder", line), row, 0, Qt.AlignmentFlag.AlignTop)
            facts.addWidget(
                QLabel(translate("PermissionDialog", "Runs in")), row, 1, Qt.AlignmentFlag.AlignTop
            )
            facts.addWidget(self.where, row, 2)
            row += 1
        else:
            self.where.hide()
        # An MCP tool: which server and tool, and what the server claims (never as a fact).
        self.tool_name = QLabel(f"{request.mcp_server}{SERVER_TOOL}{request.mcp_tool}")
        self.tool_name.setObjectName("permission-mcp-tool")
        self.tool_name.setTextFormat(Qt.TextFormat.PlainText)
        self.tool_name.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.claims = QLabel(claims_sentence(request.claims))
        self.claims.setObjectName("permission-claims")
        self.claims.setWordWrap(True)
        self.claims.setTextFormat(Qt.TextFormat.PlainText)
        if request.is_mcp:
            self.tool_name.setAccessibleName(translate("PermissionDialog", "Server and tool"))
            facts.addWidget(_icon_label("plug", line), row, 0, Qt.AlignmentFlag.AlignTop)
            facts.addWidget(
                QLabel(translate("PermissionDialog", "MCP tool")), row, 1, Qt.AlignmentFlag.AlignTop
            )
            facts.addWidget(self.tool_name, row, 2)
            row += 1
            self.claims.setAccessibleName(translate("PermissionDialog", "What the server claims"))
            facts.addWidget(_icon_label("info", line), row, 0, Qt.AlignmentFlag.AlignTop)
            facts.addWidget(
                QLabel(translate("PermissionDialog", "Claims")), row, 1, Qt.AlignmentFlag.AlignTop
            )
            facts.addWidget(self.claims, row, 2)
            row += 1
        else:
            self.tool_name.hide()
            self.claims.hide()
        effect = request.effect
        words, colour = BADGES.get(effect.level, BADGES["unknown"])
        self.badge = QLabel(translate("PermissionPrompt", words))
        self.badge.setObjectName("permission-effect")
        self.badge.setAccessibleName(
            translate("PermissionDialog", "Effect: {words}").format(words=words)
        )
        self.badge.setProperty("level", effect.level)
        self.badge.setStyleSheet(
            f"QLabel {{ background: {colour}; color: white; border-radius: 6px;"
            " padding: 2px 8px; font-weight: bold; }"
        )
        self.why = QLabel(shown_reason(effect.reason, workspace))
        self.why.setObjectName("permission-reason")
        self.why.setWordWrap(True)
        self.why.setTextFormat(Qt.TextFormat.PlainText)
        self.why.setToolTip(translate("PermissionDialog", "rule {rule}").format(rule=effect.rule))
        self.why.setAccessibleDescription(
            translate("PermissionDialog", "rule {rule}").format(rule=effect.rule)
        )
        badge_row = QHBoxLayout()
        badge_row.setSpacing(10)
        badge_row.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignTop)
        badge_row.addWidget(self.why, 1)
        facts.addWidget(
            _icon_label("alert-triangle" if effect.level == "dangerous" else "info", line),
            row,
            0,
            Qt.AlignmentFlag.AlignTop,
        )
        facts.addWidget(
            QLabel(translate("PermissionDialog", "Effect")), row, 1, Qt.AlignmentFlag.AlignTop
        )
        facts.addLayout(badge_row, row, 2)
        row += 1
        facts.setColumnStretch(2, 1)

        # Where the command would run: the sentence the terminal prints too. Hidden for a tool
        # that is not a process (there is no sandbox to speak of).
        self.confinement = QLabel()
        self.confinement.setObjectName("permission-confinement")
        self.confinement.setWordWrap(True)
        self.confinement.setTextFormat(Qt.TextFormat.PlainText)
        confinement = request.confinement
        if confinement is None:
            self.confinement.hide()
        else:
            self.confinement.setText(translate_text(confinement.describe()))
            self.confinement.setAccessibleName(translate("PermissionDialog", "Sandbox"))
            self.confinement.setProperty("enforced", confinement.enforced)
            self.confinement.setStyleSheet(
                SANDBOXED_STYLE if confinement.enforced else UNSANDBOXED_STYLE
            )
        self.allow_once = QPushButton(icon("check"), translate("PermissionDialog", "Allow once"))
        self.allow_once.setObjectName("allow-once")
        self.allow_session = QPushButton(
            translate("PermissionDialog", "Allow for this conversation")
        )
        self.allow_session.setObjectName("allow-session")
        self.allow_session.setToolTip(
            translate("PermissionDialog", "This tool, in this conversation, until Parley closes")
            if request.is_mcp
            else translate("PermissionDialog", "This exact command only, until Parley closes")
        )
        self.allow_always = QPushButton(translate("PermissionDialog", "Always allow this tool"))
        self.allow_always.setObjectName("allow-always")
        self.allow_always.setToolTip(
            translate(
                "PermissionDialog", "Stored in Settings → MCP servers, where you can change it back"
            )
        )
        self.allow_always.setVisible(request.is_mcp)
        self.deny = QPushButton(icon("x"), translate("PermissionDialog", "Deny"))
        self.deny.setObjectName("deny")
        self.deny.setDefault(True)  # Enter never approves by accident
        self.deny.setAutoDefault(True)
        for button in (self.allow_once, self.allow_session, self.allow_always, self.deny):
            button.setMinimumHeight(self.fontMetrics().height() + 14)
            button.setIconSize(QSize(line, line))
        buttons = QHBoxLayout()
        buttons.addWidget(self.deny)
        buttons.addStretch(1)
        buttons.addWidget(self.allow_always)
        buttons.addWidget(self.allow_session)
        buttons.addWidget(self.allow_once)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(20, 18, 20, 16)
        layout.setSpacing(12)
        layout.addLayout(top)
        layout.addWidget(self.detail)
        layout.addLayout(facts)
        layout.addWidget(self.confinement)
        layout.addSpacing(4)
        layout.addLayout(buttons)
        self.allow_once.clicked.connect(lambda: self._choose(ALLOW_ONCE))
        self.allow_session.clicked.connect(lambda: self._choose(ALLOW_SESSION))
        self.allow_always.clicked.connect(lambda: self._choose(ALLOW_ALWAYS))
        self.deny.clicked.connect(lambda: self._choose(DENY))
        self.rejected.connect(lambda: prompt.reply(DENY))  # Esc or the close button
        self.deny.setFocus()

    def _choose(self, answer: str) -> None:
        self.prompt.reply(answer)
        self.accept()

    def _fit_command(self, *_args: object) -> None:
        # A plain-text document's height is counted in lines (QPlainTextDocumentLayout).
        lines = max(1, min(COMMAND_LINES, int(self.detail.document().size().height())))
        frame = self.detail.frameWidth() * 2 + int(self.detail.document().documentMargin()) * 2
        self.detail.setFixedHeight(self.detail.fontMetrics().lineSpacing() * lines + frame + 10)


def _icon_label(name: str, size: int) -> QLabel:
    label = QLabel()
    label.setPixmap(pixmap(name, size))
    return label

"""The first-start panel: connect a provider in under a minute.

Why it exists: a first start with no provider is not an error. The user picks a preset (OpenAI,
Anthropic, Gemini, OpenRouter, Groq, a local Ollama or LM Studio, …), pastes a key — kept in the
system keyring — and starts chatting; or picks a local server found on its default port. The panel
renders and forwards intent; the window and its ``ProviderEditor`` do the work.

Invariants it keeps:

- it reads like a peer's onboarding (LM Studio, Jan, Msty): a greeting, then two cards — a
  cloud provider, or a model served on this computer — in one centred column that scrolls
  rather than clips in a small window;
- a missing keyring is said up front, above the cards, with the way round (an environment
  variable), before the user types a key that could not be kept (``show_keyring_problem``);
- nothing here touches the settings, the keyring or the network: signals only.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text
from parley.ui.icons import icon, pixmap
from parley.ui.key_text import keys_for
from parley.ui.widgets.provider_form import ProviderForm

_SERVER = Qt.ItemDataRole.UserRole

#: The cards' look: a rounded, bordered surface on the window's colour.
CARD_STYLE = (
    "QFrame#welcome-card { background: palette(base); border: 1px solid palette(mid);"
    " border-radius: 12px; }"
    # The card is the base colour, like the fields in it: a border keeps each field visible (in
    # the dark theme they were not). Sizes in the font's units, so they follow the zoom.
    " QFrame#welcome-card QLineEdit { border: 1px solid palette(mid); border-radius: 4px;"
    " padding: 0.15em 0.3em; }"
)
#: The keyring warning: amber, with dark text, readable on a light and a dark theme.
KEYRING_STYLE = (
    "QFrame#welcome-keyring { background: #fff4d6; border: 1px solid #d9a400;"
    " border-radius: 8px; } #welcome-keyring QLabel { color: #5c4300; }"
)


def _card(icon_name: str, title: str, subtitle: str) -> tuple[QFrame, QVBoxLayout, QLabel]:
    """A rounded card with an icon, a bold title and a line under it: the card, its body layout
    and that line."""
    card = QFrame()
    card.setObjectName("welcome-card")
    card.setStyleSheet(CARD_STYLE)
    mark = QLabel()
    mark.setPixmap(pixmap(icon_name, round(mark.fontMetrics().height() * 1.4)))
    heading = QLabel(title)
    font = heading.font()
    font.setBold(True)
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * 1.15)
    heading.setFont(font)
    line = QLabel(subtitle)
    line.setWordWrap(True)
    line.setStyleSheet("color: palette(placeholder-text)")
    words = QVBoxLayout()
    words.setSpacing(2)
    words.addWidget(heading)
    words.addWidget(line)
    top = QHBoxLayout()
    top.setSpacing(10)
    top.addWidget(mark, 0, Qt.AlignmentFlag.AlignTop)
    top.addLayout(words, 1)
    body = QVBoxLayout(card)
    body.setContentsMargins(18, 16, 18, 16)
    body.setSpacing(10)
    body.addLayout(top)
    return card, body, line


class WelcomePanel(QWidget):
    """Offers the ways to add a first provider."""

    sig_probe_requested = Signal()
    """Look for local servers on their default ports."""

    sig_use_local_requested = Signal(dict)
    """Use a found local server: ``{name, base_url, default_model}``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        self.setAccessibleName(translate("WelcomePanel", "Welcome"))
        mark = QLabel()
        mark.setPixmap(pixmap("sparkles", round(self.fontMetrics().height() * 2.6)))
        mark.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        title = QLabel(translate("WelcomePanel", "Welcome to Parley"))
        title.setObjectName("welcome-title")
        title.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        font = title.font()
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() * 1.9)
        title.setFont(font)
        intro = QLabel(
            translate(
                "WelcomePanel",
                "Chat with any model, in the cloud or on this computer. Connect one to begin — "
                "it takes under a minute.",
            )
        )
        intro.setObjectName("welcome-intro")
        intro.setWordWrap(True)
        intro.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        intro.setStyleSheet("color: palette(placeholder-text)")

        # Said before anything is typed: a key pasted here could not be kept.
        self.keyring_box = QFrame()
        self.keyring_box.setObjectName("welcome-keyring")
        self.keyring_box.setStyleSheet(KEYRING_STYLE)
        self.keyring_box.setAccessibleName(translate("WelcomePanel", "Keyring unavailable"))
        self.keyring_label = QLabel()
        self.keyring_label.setObjectName("welcome-keyring-text")
        self.keyring_label.setWordWrap(True)
        self.keyring_label.setTextFormat(Qt.TextFormat.PlainText)
        self.keyring_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        warning = QLabel()
        # In the box's own dark amber: the palette's text colour would vanish on the dark theme.
        warning.setPixmap(
            pixmap("alert-triangle", round(self.fontMetrics().height() * 1.2), QColor("#5c4300"))
        )
        keyring_row = QHBoxLayout(self.keyring_box)
        keyring_row.setContentsMargins(12, 10, 12, 10)
        keyring_row.addWidget(warning, 0, Qt.AlignmentFlag.AlignTop)
        keyring_row.addWidget(self.keyring_label, 1)
        self.keyring_box.hide()

        remote, remote_body, self._remote_line = _card(
            "sparkles",
            translate("WelcomePanel", "Connect a provider"),
            translate(
                "WelcomePanel",
                "OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, paste its API key — "
                "kept in your system keyring, never in a file — and press Start chatting.",
            ),
        )
        self.form = ProviderForm(save_label=translate("WelcomePanel", "Start chatting"))
        self.form.save_button.setIcon(icon("arrow-up"))
        remote_body.addWidget(self.form)

        local, local_body, _line = _card(
            "terminal",
            translate("WelcomePanel", "Or run models on this computer"),
            translate(
                "WelcomePanel",
                "Ollama and LM Studio serve models locally: no key, and nothing leaves your "
                "machine.",
            ),
        )
        self.probe_button = QPushButton(
            icon("search"), translate("WelcomePanel", "Look for Ollama and LM Studio")
        )
        self.probe_button.setObjectName("probe")
        self.local_list = QListWidget()
        self.local_list.setObjectName("local-servers")
        self.local_list.setAccessibleName(translate("WelcomePanel", "Local servers found"))
        self.local_list.setMaximumHeight(90)
        self.local_list.hide()  # shown once a search has run
        self.use_button = QPushButton(translate("WelcomePanel", "Use selected"))
        self.use_button.setObjectName("use-local")
        self.use_button.setEnabled(False)
        row = QHBoxLayout()
        row.addWidget(self.probe_button)
        row.addWidget(self.use_button)
        row.addStretch(1)
        local_body.addLayout(row)
        local_body.addWidget(self.local_list)

        self.message = QLabel("")
        self.message.setObjectName("welcome-message")
        self.message.setWordWrap(True)
        settings_keys = keys_for("Settings")
        privacy = QLabel(
            translate(
                "WelcomePanel",
                "Your conversations are kept on this computer. Press {settings_keys} later to add "
                "more providers.",
            ).format(settings_keys=settings_keys)
        )
        privacy.setWordWrap(True)
        privacy.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        privacy.setStyleSheet("color: palette(placeholder-text)")

        column = QWidget()
        column.setObjectName("welcome-column")
        column.setMaximumWidth(720)
        layout = QVBoxLayout(column)
        layout.setContentsMargins(24, 32, 24, 24)
        layout.setSpacing(14)
        layout.addWidget(mark)
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addSpacing(6)
        layout.addWidget(self.keyring_box)
        layout.addWidget(remote)
        layout.addWidget(local)
        layout.addWidget(self.message)
        layout.addWidget(privacy)
        layout.addStretch(1)
        page = QWidget()
        centre = QHBoxLayout(page)
        centre.addStretch(1)
        centre.addWidget(column, 6)
        centre.addStretch(1)
        # A small window scrolls the column instead of squeezing the form.
        scroll = QScrollArea()
        scroll.setObjectName("welcome-scroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(page)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

        self.probe_button.clicked.connect(self._on_probe)
        self.use_button.clicked.connect(self._on_use)
        self.local_list.currentItemChanged.connect(
            lambda item, _prev: self.use_button.setEnabled(item is not None)
        )

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet("color: #c0392b" if error else "color: #1c8a5a")
        self.message.setText(translate_text(text))

    def show_keyring_problem(self, reason: str) -> None:
        """No system keyring: say so above the cards, with the way round."""
        said = translate_text(reason.strip().rstrip("."))
        self.keyring_label.setText(
            translate(
                "WelcomePanel",
                "API keys cannot be saved on this computer: {reason}, and name it under Key "
                "variable. A local server (below) needs no key.",
            ).format(reason=said[:1].lower() + said[1:])
        )
        self.keyring_box.setAccessibleDescription(self.keyring_label.text())
        # The provider card no longer promises the keyring.
        self._remote_line.setText(
            translate(
                "WelcomePanel",
                "OpenAI, Anthropic, Gemini, OpenRouter, Groq… Pick a preset, check the Key "
                "variable that holds its API key, and press Start chatting.",
            )
        )
        self.keyring_box.show()

    def keyring_problem(self) -> str:
        """The keyring warning shown, or "" when none is."""
        return "" if self.keyring_box.isHidden() else self.keyring_label.text()

    def show_local_servers(self, servers: list[tuple[str, str, str, list[str]]]) -> None:
        self.probe_button.setEnabled(True)
        self.local_list.clear()
        self.local_list.setVisible(bool(servers))
        for name, label, url, models in servers:
            shown = ", ".join(models[:4]) + (" …" if len(models) > 4 else "")
            item = QListWidgetItem(f"{label} at {url} — {shown or 'no models pulled yet'}")
            item.setData(
                _SERVER, {"name": name, "base_url": url, "default_model": (models or [""])[0]}
            )
            self.local_list.addItem(item)
        if servers:
            self.local_list.setCurrentRow(0)
            self.show_message(
                translate("WelcomePanel", "Found {n_servers} local server(s).").format(
                    n_servers=len(servers)
                )
            )
        else:
            self.show_message(
                translate(
                    "WelcomePanel",
                    "No local server answered on localhost:11434 (Ollama) or localhost:1234 "
                    "(LM Studio). Start one, or add a provider above.",
                ),
                error=True,
            )

    def _on_probe(self) -> None:
        self.probe_button.setEnabled(False)
        self.show_message(translate("WelcomePanel", "Looking for local servers…"))
        self.sig_probe_requested.emit()

    def _on_use(self) -> None:
        item = self.local_list.currentItem()
        if item is not None:
            self.sig_use_local_requested.emit(dict(item.data(_SERVER)))

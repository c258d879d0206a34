"""The first-start panel: connect a provider in under a minute.

Why it exists: a first start with no provider is not an error. The user picks a preset (OpenAI,
Anthropic, Gemini, OpenRouter, Groq, a local Ollama or LM Studio, …), pastes a key — kept in the
system keyring — and starts chatting; or picks a local server found on its default port. The panel
renders and forwards intent; the window and its ``ProviderEditor`` do the work.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from parley.ui.widgets.provider_form import ProviderForm

_SERVER = Qt.ItemDataRole.UserRole


class WelcomePanel(QWidget):
    """Offers the ways to add a first provider."""

    sig_probe_requested = Signal()
    """Look for local servers on their default ports."""

    sig_use_local_requested = Signal(dict)
    """Use a found local server: ``{name, base_url, default_model}``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        title = QLabel("<h2>Welcome to Parley</h2>")
        intro = QLabel(
            "Connect a model provider to start chatting: pick a preset, paste its API key (kept "
            "in your system keyring, never in a file), and press Start chatting."
        )
        intro.setWordWrap(True)

        remote = QGroupBox("Add a provider")
        self.form = ProviderForm(save_label="Start chatting")
        remote_layout = QVBoxLayout(remote)
        remote_layout.addWidget(self.form)

        local = QGroupBox("Or use a local server")
        self.probe_button = QPushButton("Look for Ollama and LM Studio")
        self.probe_button.setObjectName("probe")
        self.local_list = QListWidget()
        self.local_list.setMaximumHeight(90)
        self.use_button = QPushButton("Use selected")
        self.use_button.setEnabled(False)
        local_layout = QVBoxLayout(local)
        row = QHBoxLayout()
        row.addWidget(self.probe_button)
        row.addWidget(self.use_button)
        row.addStretch(1)
        local_layout.addLayout(row)
        local_layout.addWidget(self.local_list)

        self.message = QLabel("")
        self.message.setObjectName("welcome-message")
        self.message.setWordWrap(True)

        layout = QVBoxLayout()
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addWidget(remote)
        layout.addWidget(local)
        layout.addWidget(self.message)
        layout.addStretch(1)
        outer = QHBoxLayout(self)
        outer.addStretch(1)
        inner = QWidget()
        inner.setLayout(layout)
        inner.setMaximumWidth(680)
        outer.addWidget(inner, 4)
        outer.addStretch(1)

        self.probe_button.clicked.connect(self._on_probe)
        self.use_button.clicked.connect(self._on_use)
        self.local_list.currentItemChanged.connect(
            lambda item, _prev: self.use_button.setEnabled(item is not None)
        )

    def show_message(self, text: str, error: bool = False) -> None:
        self.message.setStyleSheet("color: #c0392b" if error else "color: #1c8a5a")
        self.message.setText(text)

    def show_local_servers(self, servers: list[tuple[str, str, str, list[str]]]) -> None:
        self.probe_button.setEnabled(True)
        self.local_list.clear()
        for name, label, url, models in servers:
            shown = ", ".join(models[:4]) + (" …" if len(models) > 4 else "")
            item = QListWidgetItem(f"{label} at {url} — {shown or 'no models pulled yet'}")
            item.setData(
                _SERVER, {"name": name, "base_url": url, "default_model": (models or [""])[0]}
            )
            self.local_list.addItem(item)
        if servers:
            self.local_list.setCurrentRow(0)
            self.show_message(f"Found {len(servers)} local server(s).")
        else:
            self.show_message(
                "No local server answered on localhost:11434 (Ollama) or localhost:1234 "
                "(LM Studio). Start one, or add a provider above.",
                error=True,
            )

    def _on_probe(self) -> None:
        self.probe_button.setEnabled(False)
        self.show_message("Looking for local servers…")
        self.sig_probe_requested.emit()

    def _on_use(self) -> None:
        item = self.local_list.currentItem()
        if item is not None:
            self.sig_use_local_requested.emit(dict(item.data(_SERVER)))

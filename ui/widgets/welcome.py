"""The first-start panel: connect a provider in under a minute.

Why it exists: a first start with no provider is not an error. The user can paste an
OpenAI-compatible base URL (and a key or the name of the variable holding it), or pick a local
Ollama / LM Studio server found on its default port. The panel renders and forwards intent; the
window validates and saves.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class WelcomePanel(QWidget):
    """Offers the ways to add a first provider."""

    sig_add_requested = Signal(dict)
    """Add a provider: ``{name, base_url, api_key_env, api_key, default_model}``."""

    sig_probe_requested = Signal()
    """Look for local servers on their default ports."""

    sig_use_local_requested = Signal(dict)
    """Use a found local server: ``{name, base_url, default_model}``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("welcome")
        title = QLabel("<h2>Welcome to Parley</h2>")
        intro = QLabel(
            "Connect a model provider to start chatting. Any OpenAI-compatible endpoint works: "
            "OpenAI, OpenRouter, Groq, a local Ollama or LM Studio server, llama.cpp, vLLM."
        )
        intro.setWordWrap(True)

        remote = QGroupBox("Paste an OpenAI-compatible endpoint")
        self.name_edit = QLineEdit("openai")
        self.url_edit = QLineEdit()
        self.url_edit.setPlaceholderText("https://api.openai.com/v1")
        self.key_env_edit = QLineEdit("OPENAI_API_KEY")
        self.key_edit = QLineEdit()
        self.key_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_edit.setPlaceholderText("optional: used for this session only, never saved")
        self.model_edit = QLineEdit()
        self.model_edit.setPlaceholderText("e.g. gpt-4o-mini")
        self.add_button = QPushButton("Add provider")
        self.add_button.setObjectName("add-provider")
        form = QFormLayout()
        form.addRow("Name", self.name_edit)
        form.addRow("Base URL", self.url_edit)
        form.addRow("Key variable", self.key_env_edit)
        form.addRow("API key", self.key_edit)
        form.addRow("Default model", self.model_edit)
        form.addRow("", self.add_button)
        remote.setLayout(form)

        local = QGroupBox("Or use a local server")
        self.probe_button = QPushButton("Look for Ollama and LM Studio")
        self.probe_button.setObjectName("probe")
        self.local_list = QListWidget()
        self.local_list.setMaximumHeight(90)
        self.use_button = QPushButton("Use selected")
        self.use_button.setEnabled(False)
        local_layout = QVBoxLayout()
        row = QHBoxLayout()
        row.addWidget(self.probe_button)
        row.addWidget(self.use_button)
        row.addStretch(1)
        local_layout.addLayout(row)
        local_layout.addWidget(self.local_list)
        local.setLayout(local_layout)

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
        inner.setMaximumWidth(620)
        outer.addWidget(inner, 4)
        outer.addStretch(1)

        self.add_button.clicked.connect(self._on_add)
        self.probe_button.clicked.connect(self._on_probe)
        self.use_button.clicked.connect(self._on_use)
        self.local_list.currentItemChanged.connect(
            lambda item, _prev: self.use_button.setEnabled(item is not None)
        )

    def show_message(self, text: str, error: bool = False) -> None:
        colour = "#c0392b" if error else "#1c8a5a"
        self.message.setStyleSheet(f"color: {colour}")
        self.message.setText(text)

    def show_local_servers(self, servers: list[tuple[str, str, str, list[str]]]) -> None:
        self.probe_button.setEnabled(True)
        self.local_list.clear()
        for name, label, url, models in servers:
            shown = ", ".join(models[:4]) + (" …" if len(models) > 4 else "")
            item = QListWidgetItem(f"{label} at {url} — {shown or 'no models pulled yet'}")
            item.setData(256, {"name": name, "base_url": url, "default_model": (models or [""])[0]})
            self.local_list.addItem(item)
        if servers:
            self.local_list.setCurrentRow(0)
            self.show_message(f"Found {len(servers)} local server(s).")
        else:
            self.show_message(
                "No local server answered on localhost:11434 (Ollama) or localhost:1234 "
                "(LM Studio). Start one, or paste an endpoint above.",
                error=True,
            )

    def _on_add(self) -> None:
        self.sig_add_requested.emit(
            {
                "name": self.name_edit.text().strip(),
                "base_url": self.url_edit.text().strip(),
                "api_key_env": self.key_env_edit.text().strip(),
                "api_key": self.key_edit.text(),
                "default_model": self.model_edit.text().strip(),
            }
        )

    def _on_probe(self) -> None:
        self.probe_button.setEnabled(False)
        self.show_message("Looking for local servers…")
        self.sig_probe_requested.emit()

    def _on_use(self) -> None:
        item = self.local_list.currentItem()
        if item is not None:
            self.sig_use_local_requested.emit(dict(item.data(256)))

"""The provider form: one place to describe a provider, used on first start and in Settings.

Why it exists: adding a provider should take a preset, a key and a click, whether the user is on
the welcome panel or in Settings. The form renders the fields and forwards intent (save, test,
fetch models); the window or the Settings dialog does the work off the UI thread and reports back
through ``show_models`` and ``show_result``.

Invariants it keeps:

- the key field is masked and is never filled with a stored key: it only says where the key comes
  from (keyring, an environment variable, or nowhere); an empty key field on save means "keep
  whatever key is stored";
- choosing a preset fills kind, base URL, key variable and a suggested model, all still editable
  except the kind (a preset's wire format is fixed; "Custom" leaves it free); going back to
  "Custom" takes away what the previous preset filled in (its name, URL, key variable and model)
  and keeps only what the user typed;
- the look follows the main window's (issue 16): Save (or "Start chatting") is the accent
  button, Test and Fetch models are secondary; ``sectioned=True`` (Settings) lays the fields out
  in three titled cards — Connection, API key, Model — with a short line under each control,
  while the welcome panel keeps the plain form inside its own card.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.icons import icon
from parley.ui.settings_pages.look import (
    HINT_STYLE,
    Row,
    card_form,
    label_width,
    primary,
    secondary,
)
from parley.ui.view_models import PresetChoice, ProviderDraft

KINDS = (
    ("openai", QT_TRANSLATE_NOOP("ProviderKind", "OpenAI-compatible")),
    ("anthropic", QT_TRANSLATE_NOOP("ProviderKind", "Anthropic Messages")),
    ("ollama", QT_TRANSLATE_NOOP("ProviderKind", "Ollama (native)")),
    ("gemini", QT_TRANSLATE_NOOP("ProviderKind", "Google Gemini")),
)


class ProviderForm(QWidget):
    """Preset, name, kind, base URL, key, default model; Fetch models, Test and Save buttons."""

    sig_save_requested = Signal(object)
    """Save this ``ProviderDraft``."""

    sig_test_requested = Signal(object)
    """Save (if needed) and test this ``ProviderDraft``."""

    sig_fetch_models_requested = Signal(object)
    """List the models of this ``ProviderDraft``'s provider."""

    def __init__(
        self, parent: QWidget | None = None, *, save_label: str = "", sectioned: bool = False
    ) -> None:
        super().__init__(parent)
        self._presets: dict[str, PresetChoice] = {}
        self._applied: PresetChoice | None = None  # the preset whose values the fields hold
        self.preset_box = QComboBox()
        self.preset_box.setObjectName("preset")
        self.preset_box.setAccessibleName(translate("ProviderForm", "Preset"))
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("provider-name")
        self.name_edit.setAccessibleName(translate("ProviderForm", "Name"))
        self.kind_box = QComboBox()
        self.kind_box.setAccessibleName(translate("ProviderForm", "Kind"))
        for kind, label in KINDS:
            self.kind_box.addItem(translate("ProviderKind", label), kind)
        self.url_edit = QLineEdit()
        self.url_edit.setObjectName("base-url")
        self.url_edit.setAccessibleName(translate("ProviderForm", "Base URL"))
        self.key_edit = QLineEdit()
        self.key_edit.setObjectName("api-key")
        self.key_edit.setAccessibleName(translate("ProviderForm", "API key"))
        self.key_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_source = QLabel("")
        self.key_source.setObjectName("key-source")
        self.key_source.setWordWrap(True)
        self.key_env_edit = QLineEdit()
        self.key_env_edit.setPlaceholderText(
            translate("ProviderForm", "optional: environment variable with the key")
        )
        self.key_env_edit.setAccessibleName(translate("ProviderForm", "Key variable"))
        self.model_box = QComboBox()
        self.model_box.setObjectName("default-model")
        self.model_box.setAccessibleName(translate("ProviderForm", "Default model"))
        self.model_box.setEditable(True)
        self.model_box.setMinimumWidth(240)
        self.fetch_button = QPushButton(translate("ProviderForm", "Fetch models"))
        self.fetch_button.setIcon(icon("refresh-cw"))
        secondary(self.fetch_button)
        self.test_button = QPushButton(translate("ProviderForm", "Test"))
        self.test_button.setObjectName("test-provider")
        self.test_button.setAccessibleName(translate("ProviderForm", "Test connection"))
        self.test_button.setToolTip(
            translate(
                "ProviderForm", "Send a tiny request with what the form shows (nothing is saved)"
            )
        )
        secondary(self.test_button)
        self.save_button = QPushButton(save_label or translate("ProviderForm", "Save"))
        self.save_button.setObjectName("save-provider")
        primary(self.save_button)
        self.result = QLabel("")
        self.result.setObjectName("provider-result")
        self.result.setWordWrap(True)
        self.result.setAccessibleName(translate("ProviderForm", "Provider result"))
        #: Sectioned only: the result line and the buttons, for the owner to place.
        self.action_bar: QWidget | None = None

        model_row = QHBoxLayout()
        model_row.addWidget(self.model_box, 1)
        model_row.addWidget(self.fetch_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.test_button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)

        if sectioned:
            self._plain_form: QFormLayout | None = None
            self._lay_out_sections(model_row, buttons)
        else:
            form = QFormLayout(self)
            form.addRow(translate("ProviderForm", "Preset"), self.preset_box)
            form.addRow(translate("ProviderForm", "Name"), self.name_edit)
            form.addRow(translate("ProviderForm", "Kind"), self.kind_box)
            form.addRow(translate("ProviderForm", "Base URL"), self.url_edit)
            form.addRow(translate("ProviderForm", "API key"), self.key_edit)
            form.addRow("", self.key_source)
            self._plain_form = form
            form.setRowVisible(self.key_source, False)  # until there is something to say
            form.addRow(translate("ProviderForm", "Key variable"), self.key_env_edit)
            form.addRow(translate("ProviderForm", "Default model"), model_row)
            form.addRow("", self.result)
            form.addRow(buttons)

        self.preset_box.currentIndexChanged.connect(self._on_preset)
        self.save_button.clicked.connect(lambda: self.sig_save_requested.emit(self.draft()))
        self.test_button.clicked.connect(lambda: self.sig_test_requested.emit(self.draft()))
        self.fetch_button.clicked.connect(
            lambda: self.sig_fetch_models_requested.emit(self.draft())
        )

    def _lay_out_sections(self, model_row: QLayout, buttons: QLayout) -> None:
        """Settings' layout: Connection, API key and Model cards, a line under each control."""

        self.model_box.setMinimumWidth(self.fontMetrics().horizontalAdvance("x") * 12)
        width = label_width(
            self,
            tuple(
                translate("ProviderForm", label)
                for label in (
                    QT_TRANSLATE_NOOP("ProviderForm", "Preset"),
                    QT_TRANSLATE_NOOP("ProviderForm", "Name"),
                    QT_TRANSLATE_NOOP("ProviderForm", "Kind"),
                    QT_TRANSLATE_NOOP("ProviderForm", "Base URL"),
                    QT_TRANSLATE_NOOP("ProviderForm", "API key"),
                    QT_TRANSLATE_NOOP("ProviderForm", "Key variable"),
                    QT_TRANSLATE_NOOP("ProviderForm", "Default model"),
                )
            ),
        )

        def card(title: str, rows: list[Row]) -> QWidget:
            return card_form(title, rows, width)

        self.key_source.setStyleSheet(HINT_STYLE)  # where the key is: a line under the field
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(10)
        column.addWidget(
            card(
                translate("ProviderForm", "Connection"),
                [
                    (
                        translate("ProviderForm", "Preset"),
                        self.preset_box,
                        translate(
                            "ProviderForm", "Fills in the address, key variable and a model."
                        ),
                    ),
                    (
                        translate("ProviderForm", "Name"),
                        self.name_edit,
                        translate("ProviderForm", "How the model picker names this provider."),
                    ),
                    (
                        translate("ProviderForm", "Kind"),
                        self.kind_box,
                        translate("ProviderForm", "The wire format; a preset fixes it."),
                    ),
                    (
                        translate("ProviderForm", "Base URL"),
                        self.url_edit,
                        translate("ProviderForm", "The API's root, e.g. https://api.openai.com/v1"),
                    ),
                ],
            )
        )
        key_card = card(
            translate("ProviderForm", "API key"),
            [
                (translate("ProviderForm", "API key"), self.key_edit, ""),
                ("", self.key_source, ""),
                (
                    translate("ProviderForm", "Key variable"),
                    self.key_env_edit,
                    translate(
                        "ProviderForm",
                        "A key you paste is kept in the system keyring, never in a file, and never "
                        "shown again; or name an environment variable that holds it.",
                    ),
                ),
            ],
        )
        column.addWidget(key_card)
        column.addWidget(
            card(
                translate("ProviderForm", "Model"),
                [
                    (
                        translate("ProviderForm", "Default model"),
                        model_row,
                        translate(
                            "ProviderForm",
                            "New chats with this provider start on it. Fetch models lists what the "
                            "server offers.",
                        ),
                    ),
                ],
            )
        )
        column.addStretch(1)
        # Result and buttons stay in view under a scrolling form: the owner places the bar.
        self.action_bar = QWidget()
        self.action_bar.setObjectName("provider-actions")
        bar = QVBoxLayout(self.action_bar)
        bar.setContentsMargins(0, 6, 0, 0)
        bar.addWidget(self.result)
        bar.addLayout(buttons)

    # -- what the owner calls ------------------------------------------------------------------

    def set_presets(self, presets: Sequence[PresetChoice]) -> None:
        self._presets = {p.name: p for p in presets}
        self.preset_box.blockSignals(True)
        self.preset_box.clear()
        self.preset_box.addItem(translate("ProviderForm", "Custom (OpenAI-compatible)"), "")
        for preset in presets:
            self.preset_box.addItem(preset.label, preset.name)
        self.preset_box.blockSignals(False)

    def new_provider(self, preset: str = "") -> None:
        """Clear the form for a new entry, optionally starting from ``preset``."""
        self.name_edit.setReadOnly(False)
        self.name_edit.clear()
        self.url_edit.clear()
        self.key_edit.clear()
        self.key_env_edit.clear()
        self.model_box.clear()
        self.result.clear()
        self._show_key_source("")
        index = max(0, self.preset_box.findData(preset))
        self.preset_box.setCurrentIndex(index)
        self._on_preset()

    def _show_key_source(self, text: str) -> None:
        """Where the key comes from, on its own line under the key; in the plain form an empty
        line takes no row (it left a gap between the key and its variable)."""
        self.key_source.setText(text)
        if self._plain_form is not None:
            self._plain_form.setRowVisible(self.key_source, bool(text))

    def load(
        self,
        *,
        name: str,
        preset: str,
        kind: str,
        base_url: str,
        api_key_env: str,
        default_model: str,
        models: Sequence[str],
        key_source: str,
    ) -> None:
        """Show a saved provider. The key is never shown, only where it comes from."""
        self.preset_box.blockSignals(True)
        self.preset_box.setCurrentIndex(max(0, self.preset_box.findData(preset)))
        self.preset_box.blockSignals(False)
        self._applied = self._presets.get(preset)
        self.name_edit.setText(name)
        self.name_edit.setReadOnly(True)
        self.kind_box.setCurrentIndex(max(0, self.kind_box.findData(kind)))
        self.kind_box.setEnabled(not preset)
        self.url_edit.setText(base_url)
        self.key_edit.clear()
        self.key_edit.setPlaceholderText(
            translate("ProviderForm", "leave empty to keep the current key")
        )
        self.key_env_edit.setText(api_key_env)
        self.model_box.clear()
        self.model_box.addItems(list(dict.fromkeys(m for m in (default_model, *models) if m)))
        self.model_box.setCurrentText(default_model)
        self._show_key_source(key_source)
        self.result.clear()

    def draft(self) -> ProviderDraft:
        return ProviderDraft(
            name=self.name_edit.text().strip(),
            preset=self.preset_box.currentData() or "",
            kind=self.kind_box.currentData() or "openai",
            base_url=self.url_edit.text().strip(),
            api_key_env=self.key_env_edit.text().strip(),
            default_model=self.model_box.currentText().strip(),
            api_key=self.key_edit.text().strip(),
        )

    def show_models(self, models: Sequence[str]) -> None:
        current = self.model_box.currentText()
        self.model_box.clear()
        self.model_box.addItems(list(models))
        self.model_box.setCurrentText(current or (models[0] if models else ""))
        self.show_result(
            translate("ProviderForm", "{n_models} model(s) available.").format(
                n_models=len(models)
            ),
            ok=True,
        )

    def show_result(self, text: str, *, ok: bool) -> None:
        self.result.setStyleSheet("color: #1c8a5a" if ok else "color: #c0392b")
        self.result.setText(text)

    def set_busy(self, busy: bool, message: str = "") -> None:
        for button in (self.fetch_button, self.test_button, self.save_button):
            button.setEnabled(not busy)
        if busy and message:
            self.result.setStyleSheet("")
            self.result.setText(message)

    # -- internal ------------------------------------------------------------------------------

    def _on_preset(self, *_args: object) -> None:
        preset = self._presets.get(self.preset_box.currentData() or "")
        self.kind_box.setEnabled(preset is None)
        previous, self._applied = self._applied, preset
        if preset is None:
            # Custom: keep what was typed, but drop what the previous preset filled in — above
            # all its key variable, so a vendor's key is not sent to some other endpoint.
            if self.key_env_edit.text() in {p.key_env for p in self._presets.values()}:
                self.key_env_edit.clear()
            if previous is not None:
                if not self.name_edit.isReadOnly() and self.name_edit.text() == previous.name:
                    self.name_edit.clear()
                if self.url_edit.text() == previous.base_url:
                    self.url_edit.clear()
                if self.model_box.currentText() == previous.default_model:
                    self.model_box.clear()
                    self.model_box.setCurrentText("")
                self.kind_box.setCurrentIndex(max(0, self.kind_box.findData("openai")))
            self.key_edit.setPlaceholderText(
                translate("ProviderForm", "optional for local servers")
            )
            return
        if not self.name_edit.isReadOnly():
            self.name_edit.setText(preset.name)
        self.kind_box.setCurrentIndex(max(0, self.kind_box.findData(preset.kind)))
        self.url_edit.setText(preset.base_url)
        self.key_env_edit.setText(preset.key_env)
        self.model_box.clear()
        if preset.default_model:
            self.model_box.addItem(preset.default_model)
        self.key_edit.setPlaceholderText(
            translate("ProviderForm", "paste the key: it is kept in the system keyring")
            if preset.needs_key
            else translate("ProviderForm", "not needed for a local server")
        )

"""Settings → Context & knowledge: when long conversations are summarised, by which model, and
how retrieval over documents works (issue 18).

Why it exists: the runtime compacts a branch when its request passes a share of the model's
window, and retrieves excerpts of large documents and knowledge folders for every turn; people
choose the threshold, the model that writes summaries, the embedding model that makes retrieval
hybrid (or none: keyword search only) and how many excerpts a turn gets. The page renders
``ContextSettings`` and writes it through ``SettingsStore.set_context`` on a worker.

Invariants it keeps:

- reads and writes go through ``submit`` (a worker), never on the UI thread;
- nothing invalid is written: a provider chosen without a model is shown in red next to it, and
  whatever ``ContextSettings`` refuses is shown beside Save; a saved value is what the file holds
  (the page re-reads it after saving);
- a provider the settings name that is no longer configured is kept and shown as such, never
  silently replaced.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.settings_store import (
    ContextSettings,
    ProviderConfig,
    SettingsError,
    SettingsStore,
)
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.settings_pages import InlineError, Submit
from parley.ui.settings_pages.look import card_form, label_width, primary, scrolling

#: The first choice of each provider box, and what it means ("" = no provider).
SAME_MODEL = QT_TRANSLATE_NOOP("ContextPage", "This conversation's model")
NO_EMBEDDINGS = QT_TRANSLATE_NOOP("ContextPage", "None — keyword search only")


class ContextPage(QWidget):
    """The compaction and retrieval settings (module docstring)."""

    sig_context_changed = Signal()
    """The context settings were saved (the settings file holds the change)."""

    def __init__(
        self, settings: SettingsStore, submit: Submit, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._submit = submit
        self._providers: dict[str, ProviderConfig] = {}
        self.loaded = False  # True once the settings were read (on a worker)

        self.threshold_spin = QSpinBox()
        self.threshold_spin.setAccessibleName(translate("ContextPage", "Compaction threshold"))
        self.threshold_spin.setRange(10, 100)
        self.threshold_spin.setSuffix(" %")
        self.threshold_spin.setValue(80)
        self.compaction_provider = QComboBox()
        self.compaction_provider.setAccessibleName(translate("ContextPage", "Compaction provider"))
        self.compaction_model = QComboBox()
        self.compaction_model.setEditable(True)
        self.compaction_model.setAccessibleName(translate("ContextPage", "Compaction model"))
        self.compaction_error = InlineError(translate("ContextPage", "Compaction model error"))
        self.embedding_provider = QComboBox()
        self.embedding_provider.setAccessibleName(translate("ContextPage", "Embedding provider"))
        self.embedding_model = QComboBox()
        self.embedding_model.setEditable(True)
        self.embedding_model.setAccessibleName(translate("ContextPage", "Embedding model"))
        self.embedding_error = InlineError(translate("ContextPage", "Embedding model error"))
        self.excerpts_spin = QSpinBox()
        self.excerpts_spin.setAccessibleName(translate("ContextPage", "Excerpts per turn"))
        self.excerpts_spin.setRange(1, 50)
        self.excerpts_spin.setValue(ContextSettings().excerpts)
        for spin in (self.threshold_spin, self.excerpts_spin):
            spin.setMaximumWidth(self.fontMetrics().horizontalAdvance("x") * 14)
        self.save_button = primary(QPushButton(translate("ContextPage", "Save")))
        self.save_button.setAccessibleName(translate("ContextPage", "Save context settings"))
        self.status = InlineError(translate("ContextPage", "Context settings save result"))
        for box in (self.compaction_model, self.embedding_model):
            line = box.lineEdit()
            if line is not None:
                line.setAccessibleName(box.accessibleName())
        self._fill_providers(self.compaction_provider, translate("ContextPage", SAME_MODEL), "")
        self._fill_providers(self.embedding_provider, translate("ContextPage", NO_EMBEDDINGS), "")
        self._fill_models(self.compaction_model, "", "")
        self._fill_models(self.embedding_model, "", "")

        width = label_width(self, ("Threshold", "Model", "Provider", "Excerpts per turn"))
        compaction_model = QVBoxLayout()
        row = QHBoxLayout()
        row.addWidget(self.compaction_provider)
        row.addWidget(self.compaction_model, 1)
        compaction_model.addLayout(row)
        compaction_model.addWidget(self.compaction_error)
        compaction = card_form(
            translate("ContextPage", "Long conversations"),
            [
                (
                    translate("ContextPage", "Threshold"),
                    self.threshold_spin,
                    translate(
                        "ContextPage",
                        "When a conversation's request passes this share of the model's context "
                        "window, its oldest turns are summarised (nothing is deleted: History "
                        "keeps "
                        "them, and the transcript can show them).",
                    ),
                ),
                (
                    translate("ContextPage", "Model"),
                    compaction_model,
                    translate(
                        "ContextPage",
                        "Who writes the summary: the conversation's own model, or a cheaper one.",
                    ),
                ),
            ],
            width,
        )
        embedding_model = QVBoxLayout()
        row = QHBoxLayout()
        row.addWidget(self.embedding_provider)
        row.addWidget(self.embedding_model, 1)
        embedding_model.addLayout(row)
        embedding_model.addWidget(self.embedding_error)
        retrieval = card_form(
            translate("ContextPage", "Documents and knowledge folders"),
            [
                (
                    translate("ContextPage", "Embeddings"),
                    embedding_model,
                    translate(
                        "ContextPage",
                        "Keyword search (BM25) always works, offline. An embedding model adds "
                        "search "
                        "by meaning; its provider is sent the documents' text to embed.",
                    ),
                ),
                (
                    translate("ContextPage", "Excerpts per turn"),
                    self.excerpts_spin,
                    translate(
                        "ContextPage",
                        "How many excerpts of large attachments and the project's knowledge folder "
                        "a turn is given at most.",
                    ),
                ),
            ],
            width,
        )
        actions = QHBoxLayout()
        actions.addWidget(self.status, 1)
        actions.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        layout.addWidget(scrolling(compaction, retrieval), 1)
        layout.addLayout(actions)

        self.compaction_provider.activated.connect(lambda _i: self._on_provider(compaction=True))
        self.embedding_provider.activated.connect(lambda _i: self._on_provider(compaction=False))
        self.compaction_model.editTextChanged.connect(
            lambda _t: self.compaction_error.clear_message()
        )
        self.embedding_model.editTextChanged.connect(
            lambda _t: self.embedding_error.clear_message()
        )
        self.save_button.clicked.connect(self.save)
        self.reload()

    def reload(self) -> None:
        """Re-read the context settings and the configured providers (on a worker)."""
        settings = self._settings

        def load() -> tuple[ContextSettings, list[ProviderConfig]]:
            return settings.context(), list(settings.providers())

        def show(result: tuple[ContextSettings, list[ProviderConfig]]) -> None:
            context, providers = result
            self._providers = {p.name: p for p in providers}
            self.show_context(context)
            self.loaded = True

        self._submit(load, show, lambda exc: self.status.show_error(translate_text(str(exc))))

    def show_context(self, context: ContextSettings) -> None:
        """Put ``context`` in the form."""
        self.threshold_spin.setValue(round(context.compaction_threshold * 100))
        self._fill_providers(
            self.compaction_provider,
            translate("ContextPage", SAME_MODEL),
            context.compaction_provider_id,
        )
        self._fill_models(
            self.compaction_model, context.compaction_provider_id, context.compaction_model
        )
        self._fill_providers(
            self.embedding_provider,
            translate("ContextPage", NO_EMBEDDINGS),
            context.embedding_provider_id,
        )
        self._fill_models(
            self.embedding_model, context.embedding_provider_id, context.embedding_model
        )
        self.excerpts_spin.setValue(context.excerpts)

    def form_context(self) -> ContextSettings | None:
        """The form as ``ContextSettings``, or None (with the reason shown) when it is not
        valid."""
        compaction_provider = str(self.compaction_provider.currentData() or "")
        compaction_model = (
            self.compaction_model.currentText().strip() if compaction_provider else ""
        )
        embedding_provider = str(self.embedding_provider.currentData() or "")
        embedding_model = self.embedding_model.currentText().strip() if embedding_provider else ""
        valid = True
        if compaction_provider and not compaction_model:
            self.compaction_error.show_error(
                translate("ContextPage", "Name a model of {compaction_provider}.").format(
                    compaction_provider=compaction_provider
                )
            )
            valid = False
        if embedding_provider and not embedding_model:
            self.embedding_error.show_error(
                translate("ContextPage", "Name an embedding model of {embedding_provider}.").format(
                    embedding_provider=embedding_provider
                )
            )
            valid = False
        if not valid:
            return None
        try:
            return ContextSettings(
                compaction_threshold=self.threshold_spin.value() / 100,
                compaction_provider_id=compaction_provider,
                compaction_model=compaction_model,
                embedding_provider_id=embedding_provider,
                embedding_model=embedding_model,
                excerpts=self.excerpts_spin.value(),
            )
        except SettingsError as exc:
            self.status.show_error(translate_text(str(exc)))
            return None

    def save(self) -> None:
        """Check the form; if it is valid, write it on a worker."""
        self.status.clear_message()
        context = self.form_context()
        if context is None:
            return
        settings = self._settings

        def done(saved: ContextSettings) -> None:
            self.save_button.setEnabled(True)
            self.show_context(saved)
            self.status.show_ok(translate("ContextPage", "Saved."))
            self.sig_context_changed.emit()

        def failed(exc: BaseException) -> None:
            self.save_button.setEnabled(True)
            self.status.show_error(translate("ContextPage", "Not saved: {exc}").format(exc=exc))

        def job() -> ContextSettings:
            settings.set_context(context)
            return settings.context()

        self.save_button.setEnabled(False)
        self._submit(job, done, failed)

    # -- internal ------------------------------------------------------------------------------

    def _fill_providers(self, box: QComboBox, none_label: str, current: str) -> None:
        box.clear()
        box.addItem(none_label, "")
        for name in self._providers:
            box.addItem(name, name)
        if current and current not in self._providers:
            box.addItem(
                translate("ContextPage", "{current} (not configured)").format(current=current),
                current,
            )
        box.setCurrentIndex(max(0, box.findData(current)))

    def _fill_models(self, box: QComboBox, provider: str, current: str) -> None:
        box.clear()
        config = self._providers.get(provider)
        models: Sequence[str] = (
            list(dict.fromkeys(m for m in (config.default_model, *config.models) if m))
            if config is not None
            else ()
        )
        box.addItems(list(models))
        box.setEditText(current)
        box.setEnabled(bool(provider))
        line = box.lineEdit()
        if line is not None:
            line.setPlaceholderText(
                translate("ContextPage", "a model of that provider") if provider else ""
            )

    def _on_provider(self, *, compaction: bool) -> None:
        provider_box = self.compaction_provider if compaction else self.embedding_provider
        model_box = self.compaction_model if compaction else self.embedding_model
        provider = str(provider_box.currentData() or "")
        config = self._providers.get(provider)
        # A provider's default model is a fine summariser; an embedding model must be named.
        suggested = config.default_model if config is not None and compaction else ""
        self._fill_models(model_box, provider, suggested)
        (self.compaction_error if compaction else self.embedding_error).clear_message()

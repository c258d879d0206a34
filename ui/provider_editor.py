"""Saves, tests and lists the models of the provider shown in a ``ProviderForm``.

Why it exists: the welcome panel and the Settings dialog both edit providers, and both must do the
same things the same way — validate, keep the key in the keyring (never in the settings file),
fetch models, run the probe — and never on the UI thread. This object binds one form to the
services; the form only renders, the work runs through ``WorkerBridge.submit``.

Invariants it keeps:

- a typed key goes to the secret store (the system keyring) and nowhere else; when the keyring is
  unavailable the save is refused with the plain reason and the environment variable to use, and
  nothing is written;
- Test and Fetch models work on what the form shows, saved or not (a typed key is used for that
  one call, in memory);
- one job at a time per form (the buttons are disabled while it runs);
- when the keyring cannot keep keys, the key field says so before anything is typed: it is
  disabled, its placeholder and tooltip give the reason and the way round (an environment
  variable), and ``sig_keyring_unavailable`` tells the owner (the welcome panel says it up
  front). Asking the keyring may start a D-Bus conversation, so it is asked on a worker.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

from parley.application.ports.chat_provider import ProviderError
from parley.application.ports.secret_store import SecretStoreError
from parley.application.ports.settings_store import ProviderConfig, SettingsError
from parley.application.providers.probe import probe_provider
from parley.ui.bootstrap import Services
from parley.ui.bridge import WorkerBridge
from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text
from parley.ui.view_models import ProviderDraft
from parley.ui.widgets.provider_form import ProviderForm


class ProviderEditor(QObject):
    """Binds a ``ProviderForm`` to the settings, the keyring and the providers."""

    sig_saved = Signal(str)
    """A provider was saved: its name."""

    sig_keyring_unavailable = Signal(str)
    """The system keyring cannot keep keys here: the plain reason."""

    def __init__(
        self,
        form: ProviderForm,
        services: Services,
        bridge: WorkerBridge,
        parent: QObject | None = None,
        *,
        make_default: bool = False,
    ) -> None:
        super().__init__(parent)
        self.form = form
        self._services = services
        self._bridge = bridge
        self._make_default = make_default
        form.sig_save_requested.connect(self.save)
        form.sig_test_requested.connect(self.test)
        form.sig_fetch_models_requested.connect(self.fetch_models)
        #: Why keys cannot be kept ("" while the keyring works or has not answered yet).
        self.keyring_problem = ""
        # After the form's own handler (connected first): a preset rewrites the placeholder.
        form.preset_box.currentIndexChanged.connect(self._show_key_state)
        self.check_keyring()

    def check_keyring(self) -> None:
        """Ask the keyring (on a worker) whether it can keep keys; say so in the form."""
        secrets = self._services.secrets

        def job() -> str:
            return "" if secrets.available else secrets.unavailable_reason

        def done(problem: str) -> None:
            self.keyring_problem = problem
            self._show_key_state()
            if problem:
                self.sig_keyring_unavailable.emit(problem)

        self._bridge.submit(job, done, lambda _exc: None)

    def _show_key_state(self, *_args: object) -> None:
        if not self.keyring_problem:
            return
        key = self.form.key_edit
        key.clear()
        key.setEnabled(False)
        key.setPlaceholderText(
            translate("ProviderEditor", "no system keyring: use Key variable below")
        )
        key.setToolTip(self.keyring_problem)
        key.setAccessibleDescription(
            translate(
                "ProviderEditor",
                "Disabled: {keyring_problem}. Name an environment variable under Key variable.",
            ).format(keyring_problem=self.keyring_problem)
        )

    # -- intents ---------------------------------------------------------------------------------

    def save(self, draft: ProviderDraft) -> None:
        services, make_default = self._services, self._make_default

        def job() -> str:
            # A bad URL is named before a missing key.
            config = services.catalog.validate(_config(draft))
            if draft.api_key and not services.secrets.available:
                raise SecretStoreError(
                    translate(
                        "ProviderEditor",
                        "{reason}. Set {variable} before starting Parley and name it under "
                        "Key variable.",
                    ).format(
                        reason=services.secrets.unavailable_reason,
                        variable=draft.api_key_env
                        or translate("ProviderEditor", "an environment variable"),
                    )
                )
            if not draft.api_key:
                source = services.key_source(config)
                if source.needed and source.where == "none":
                    where = (
                        translate(
                            "ProviderEditor", "paste it above (it is kept in the system keyring)"
                        )
                        if services.secrets.available
                        else translate(
                            "ProviderEditor",
                            "{reason}; set {variable} before starting Parley and name it "
                            "under Key variable",
                        ).format(
                            reason=services.secrets.unavailable_reason,
                            variable=draft.api_key_env
                            or translate("ProviderEditor", "an environment variable"),
                        )
                    )
                    raise SettingsError(
                        translate("ProviderEditor", "{name!r} needs an API key: {where}").format(
                            name=config.name, where=where
                        )
                    )
            exists = any(p.name == config.name for p in services.settings.providers())
            services.settings.add_provider(config, replace=exists)
            if draft.api_key:
                services.secrets.set(config.name, draft.api_key)
            if make_default:
                services.settings.set_default_provider(config.name)
            return str(services.key_source(config))

        def done(source: str) -> None:
            self.form.set_busy(False)
            self.form.key_edit.clear()
            self.form.key_source.setText(
                translate("ProviderEditor", "Key: {source}").format(source=translate_text(source))
            )
            self.form.show_result(
                translate("ProviderEditor", "Saved {name!r}.").format(name=draft.name), ok=True
            )
            self.sig_saved.emit(draft.name)

        self._run(job, done, translate("ProviderEditor", "Saving…"))

    def test(self, draft: ProviderDraft) -> None:
        services = self._services

        def job() -> str:
            adapter = services.adapter_for(_config(draft), draft.api_key)
            model = draft.default_model or adapter.default_model
            return probe_provider(adapter, model, timeout=60).summary()

        def done(summary: str) -> None:
            self.form.set_busy(False)
            self.form.show_result(translate_text(summary), ok=summary.startswith("OK"))

        self._run(job, done, translate("ProviderEditor", "Testing…"))

    def fetch_models(self, draft: ProviderDraft) -> None:
        services = self._services

        def job() -> list[str]:
            return services.adapter_for(_config(draft), draft.api_key).list_models()

        def done(models: list[str]) -> None:
            self.form.set_busy(False)
            self.form.show_models(models)

        self._run(job, done, translate("ProviderEditor", "Fetching models…"))

    # -- plumbing --------------------------------------------------------------------------------

    def _run(self, job: Callable[[], Any], done: Callable[[Any], object], message: str) -> None:
        self.form.set_busy(True, message)
        self._bridge.submit(job, done, self._failed)

    def _failed(self, exc: BaseException) -> None:
        self.form.set_busy(False)
        if isinstance(exc, ProviderError):
            text = f"{exc.kind}: {translate_text(str(exc))}"
        elif isinstance(exc, SettingsError | SecretStoreError):
            text = translate_text(str(exc))
        else:
            text = f"{type(exc).__name__}: {exc}"
        self.form.show_result(text, ok=False)


def _config(draft: ProviderDraft) -> ProviderConfig:
    if not draft.name:
        raise SettingsError(translate("ProviderEditor", "give the provider a name"))
    return ProviderConfig(
        name=draft.name,
        kind=draft.kind,
        base_url=draft.base_url,
        api_key_env=draft.api_key_env,
        default_model=draft.default_model,
        preset=draft.preset,
    )

"""Errors that lead to the fix: one button beside the status line that goes where the fix is.

Why it exists: "Failed: The provider rejected the API key (HTTP 401)" tells the user what went
wrong but not where to go. A turn's ``TurnOutcome`` carries the error's kind; this controller
maps the kinds a person can fix in Parley to one action, shown as a button under the status line:

- ``auth`` (a 401) and ``permission`` (a 403) → "Open Settings → Providers" on that provider;
- an image sent to a model known to be text only → "Choose a vision model", a menu of the
  configured models known to take images (or the model picker when none is known);
- a missing provider or model (``config``) → the provider's settings too.

Invariants it keeps:

- the mapping is a pure function of the outcome and the configured providers (``fix_for``), so
  it is tested without a window; the button only runs what it names;
- the button belongs to the status line: whatever replaces or clears that line (a new turn, a
  new chat, another conversation) takes the button away (``clear``);
- no event is read: the outcome's ``error_kind``, ``error``, provider and model are enough.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QBoxLayout, QLayout, QMenu, QPushButton, QWidget

from parley.application.conversations.outcome import TurnOutcome
from parley.application.ports.settings_store import ProviderConfig
from parley.application.providers.vision import accepts_images, vision_refusal
from parley.ui.i18n import translate
from parley.ui.icons import icon

if TYPE_CHECKING:
    from parley.ui.main_window import MainWindow

#: The kinds of outcome that the provider's settings fix.
SETTINGS_KINDS = frozenset({"auth", "permission", "config"})
#: Most models the vision menu lists.
MENU_LIMIT = 12

OPEN_PROVIDERS, PICK_VISION = "providers", "vision"


@dataclass(frozen=True)
class Fix:
    """What the button offers: ``action`` (``providers`` or ``vision``), its label, and the
    provider it is about."""

    action: str
    label: str
    provider: str = ""


def fix_for(outcome: TurnOutcome, providers: Sequence[ProviderConfig]) -> Fix | None:
    """The one fix offered for a failed turn, or ``None``."""
    if outcome.status == "completed":
        return None
    if outcome.error_kind in SETTINGS_KINDS:
        return Fix(
            OPEN_PROVIDERS, translate("fixes", "Open Settings → Providers"), outcome.provider_id
        )
    kind = next((p.kind for p in providers if p.name == outcome.provider_id), "")
    if (
        outcome.error_kind == "attachments"
        and outcome.model
        and vision_refusal(outcome.model, kind) in outcome.error
    ):
        return Fix(PICK_VISION, translate("fixes", "Choose a vision model"), outcome.provider_id)
    return None


def vision_models(
    choices: Sequence[tuple[str, str]], providers: Sequence[ProviderConfig]
) -> list[tuple[str, str]]:
    """The ``(provider, model)`` choices known to take images, in the picker's order."""
    kinds = {p.name: p.kind for p in providers}
    return [(p, m) for p, m in choices if accepts_images(kinds.get(p, ""), m) is True]


def containing_layout(root: QLayout | None, widget: QWidget) -> QBoxLayout | None:
    """The box layout (under ``root``) that holds ``widget`` directly, searched depth first."""
    if root is None:
        return None
    if isinstance(root, QBoxLayout) and root.indexOf(widget) >= 0:
        return root
    for index in range(root.count()):
        item = root.itemAt(index)
        child = item.layout() if item is not None else None
        found = containing_layout(child, widget) if child is not None else None
        if found is not None:
            return found
    return None


class FixController(QObject):
    """Shows the fix for the last outcome under the status line (see the module docstring)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        self.fix: Fix | None = None
        self.menu: QMenu | None = None  # the vision menu last shown (tests reach it here)
        self.button = QPushButton()
        self.button.setObjectName("status-fix")
        self.button.hide()
        self.button.clicked.connect(self._run)
        status = window.status
        parent = status.parentWidget()
        layout = containing_layout(parent.layout() if parent else None, status)
        if layout is not None:
            layout.insertWidget(
                layout.indexOf(status) + 1, self.button, 0, Qt.AlignmentFlag.AlignLeft
            )

    def offer(self, outcome: TurnOutcome) -> Fix | None:
        """Show the fix for ``outcome`` (called after its status line is written)."""
        fix = fix_for(outcome, self.w._providers)
        self.fix = fix
        if fix is None:
            self.clear()
            return None
        self.button.setText(fix.label)
        self.button.setIcon(icon("settings" if fix.action == OPEN_PROVIDERS else "image"))
        self.button.setAccessibleName(fix.label)
        self.button.setToolTip(
            translate("FixController", "Check the API key and address of {provider}").format(
                provider=fix.provider
            )
            if fix.action == OPEN_PROVIDERS
            else translate("FixController", "Pick a model that can see images, then send again")
        )
        self.button.show()
        return fix

    def clear(self) -> None:
        if not self.button.isHidden():
            self.button.hide()
        self.fix = None

    def _run(self) -> None:
        fix = self.fix
        if fix is None:
            return
        if fix.action == OPEN_PROVIDERS:
            dialog = self.w.open_settings("providers")
            if fix.provider:
                dialog.providers_page.reload(select=fix.provider)
            return
        self._choose_vision_model()

    def _choose_vision_model(self) -> None:
        w = self.w
        models = vision_models(w.model_picker.choices(), w._providers)[:MENU_LIMIT]
        if not models:
            # None known here: the picker itself, where the user may type any model.
            w.model_picker.showPopup()
            w._show_status(
                translate(
                    "FixController",
                    "None of the listed models is known to see images: pick or add one that does.",
                )
            )
            return
        menu = QMenu(self.button)
        menu.setObjectName("vision-models")
        for provider, model in models:
            action = menu.addAction(icon("image"), f"{model}  ·  {provider}")
            action.triggered.connect(lambda _c=False, p=provider, m=model: self._use(p, m))
        self.menu = menu
        menu.popup(self.button.mapToGlobal(self.button.rect().bottomLeft()))

    def _use(self, provider: str, model: str) -> None:
        self.w.model_picker.select(provider, model)
        self.w._show_status(
            translate(
                "FixController",
                "The next message goes to {model}. Retry the failed message to send it.",
            ).format(model=model)
        )

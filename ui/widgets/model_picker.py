"""The model picker: every configured provider's models in one list, grouped by provider.

Why it exists: people switch models often and across providers (a local Ollama model for a quick
question, a hosted one for a hard one). One picker lists them all, grouped under each provider's
name; choosing one sets both the provider and the model of the *next* turn.

Invariants it keeps:

- it only renders and reports: ``current()`` is what the user picked; the window reads it once,
  at submit time, into the frozen request;
- group headers can never be selected; a provider whose model list could not be fetched still
  offers its configured default model, and "Other model…" lets the user type any id;
- adding fetched models never changes the selection;
- closed, it is a compact control for the composer's bar: the chosen model's name (elided past
  ``MAX_LABEL_CHARS``) and a chevron, no frame (a faint one on hover or focus); the list it opens
  is as wide as its longest entry.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFont, QPainter, QPaintEvent, QPalette, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QInputDialog, QWidget

from parley.ui.i18n import translate
from parley.ui.icons import icon

_PROVIDER = Qt.ItemDataRole.UserRole + 1
_MODEL = Qt.ItemDataRole.UserRole + 2
_KIND = Qt.ItemDataRole.UserRole + 3  # "header", "model" or "other"

#: The most characters of a model id the closed picker shows (then "…"; the tooltip has it all).
MAX_LABEL_CHARS = 32
#: The least width of the open list, in pixels (the closed control is narrower).
LIST_MIN_WIDTH = 260


class ModelPicker(QComboBox):
    """A grouped, non-editable combo box of (provider, model) choices."""

    sig_choice_changed = Signal(str, str)
    """The user picked another model: ``(provider, model)``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("model-picker")
        self.setMaxVisibleItems(24)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._model = QStandardItemModel(self)
        self.setModel(self._model)
        self._last: tuple[str, str] = ("", "")
        self.activated.connect(self._on_activated)
        self.currentIndexChanged.connect(self._on_current_changed)
        self._chevron = icon("chevron-down")

    # -- the compact closed look ---------------------------------------------------------------

    def label(self) -> str:
        """What the closed picker shows: the chosen model's id, elided."""
        _provider, model = self.current()
        if not model:
            return translate("ModelPicker", "Choose a model")
        return model if len(model) <= MAX_LABEL_CHARS else model[: MAX_LABEL_CHARS - 1] + "…"

    def _padding(self) -> int:
        return max(6, self.fontMetrics().height() // 2)

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        chevron = metrics.height()
        width = metrics.horizontalAdvance(self.label()) + chevron + 3 * self._padding()
        return QSize(width, max(metrics.height() + 2 * self._padding() - 2, 24))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def _on_current_changed(self, _row: int) -> None:
        provider, model = self.current()
        self.setToolTip(
            translate(
                "ModelPicker", "{model} on {provider} — the model for the next message"
            ).format(model=model, provider=provider)
            if model
            else ""
        )
        self.updateGeometry()
        self.update()

    def showPopup(self) -> None:
        # The closed control is as narrow as its label; the list is as wide as its entries.
        view = self.view()
        wanted = view.sizeHintForColumn(0) + view.verticalScrollBar().sizeHint().width() + 16
        view.setMinimumWidth(max(LIST_MIN_WIDTH, wanted))
        super().showPopup()
        # The picker sits at the right of the composer at the window's bottom: open the list
        # above it, right-aligned, rather than over it and off the window's right edge.
        container = view.window()
        if container is self.window():
            return
        top_right = self.mapToGlobal(QPoint(self.width(), 0))
        x = top_right.x() - container.width()
        y = top_right.y() - container.height() - 2
        screen = self.screen()
        if screen is not None:
            area = screen.availableGeometry()
            if y < area.top():
                return  # no room above: keep Qt's placement
            x = max(area.left(), x)
        container.move(x, y)

    def paintEvent(self, event: QPaintEvent) -> None:
        palette = self.palette()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self.rect().adjusted(0, 0, -1, -1)
        radius = rect.height() / 3
        if self.underMouse() or self.hasFocus() or self.view().isVisible():
            painter.setPen(
                palette.color(QPalette.ColorRole.Highlight)
                if self.hasFocus()
                else palette.color(QPalette.ColorRole.Mid)
            )
            painter.setBrush(palette.color(QPalette.ColorRole.Button))
            painter.drawRoundedRect(rect, radius, radius)
        pad = self._padding()
        chevron = self.fontMetrics().height()
        text_rect = QRect(pad, 0, self.width() - chevron - 2 * pad, self.height())
        group = QPalette.ColorGroup.Active if self.isEnabled() else QPalette.ColorGroup.Disabled
        painter.setPen(palette.color(group, QPalette.ColorRole.ButtonText))
        shown = self.fontMetrics().elidedText(
            self.label(), Qt.TextElideMode.ElideRight, text_rect.width()
        )
        align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft
        painter.drawText(text_rect, int(align), shown)
        glyph = QRect(0, 0, chevron, chevron)
        glyph.moveCenter(self.rect().center())
        glyph.moveRight(self.width() - pad)
        mode = self._chevron.Mode.Normal if self.isEnabled() else self._chevron.Mode.Disabled
        self._chevron.paint(painter, glyph, Qt.AlignmentFlag.AlignCenter, mode)
        painter.end()

    # -- what the window calls -----------------------------------------------------------------

    def set_providers(self, providers: Iterable[tuple[str, Iterable[str]]]) -> None:
        """Replace the list: ``(provider name, its known models)`` in display order. Keeps the
        current choice when it is still offered."""
        previous = self.current()
        self.blockSignals(True)
        self._model.clear()
        for name, models in providers:
            self._append_header(name)
            for model in dict.fromkeys(m for m in models if m):
                self._append_model(name, model)
            self._append_other(name)
        self.blockSignals(False)
        if not self.select(*previous):
            self._select_first_model()
        self._on_current_changed(self.currentIndex())  # the label may read differently now

    def add_models(self, provider: str, models: Iterable[str]) -> None:
        """Add fetched models under ``provider`` (those already listed are skipped)."""
        known = set(self.models_of(provider))
        row = self._other_row(provider)
        if row is None:
            return
        current = self.current()
        self.blockSignals(True)
        for model in models:
            if model and model not in known:
                self._model.insertRow(row, self._model_item(provider, model))
                known.add(model)
                row += 1
        self.blockSignals(False)
        self.select(*current)

    def choices(self) -> list[tuple[str, str]]:
        """Every ``(provider, model)`` offered, in display order (for ``/model`` completion)."""
        out = []
        for row in range(self._model.rowCount()):
            item = self._model.item(row)
            if item.data(_KIND) == "model":
                out.append((item.data(_PROVIDER), item.data(_MODEL)))
        return out

    def current(self) -> tuple[str, str]:
        """The chosen ``(provider, model)``, or ``("", "")`` when nothing is offered."""
        item = self._model.item(self.currentIndex()) if self.currentIndex() >= 0 else None
        if item is None or item.data(_KIND) != "model":
            return ("", "")
        return (item.data(_PROVIDER), item.data(_MODEL))

    def select(self, provider: str, model: str) -> bool:
        """Choose ``model`` of ``provider`` (added if missing). False when the provider is not
        listed."""
        if not provider or not model:
            return False
        for row in range(self._model.rowCount()):
            item = self._model.item(row)
            if (
                item.data(_KIND) == "model"
                and item.data(_PROVIDER) == provider
                and item.data(_MODEL) == model
            ):
                self.setCurrentIndex(row)
                self._last = (provider, model)
                return True
        other = self._other_row(provider)
        if other is None:
            return False
        self._model.insertRow(other, self._model_item(provider, model))
        self.setCurrentIndex(other)
        self._last = (provider, model)
        return True

    def models_of(self, provider: str) -> list[str]:
        return [
            self._model.item(row).data(_MODEL)
            for row in range(self._model.rowCount())
            if self._model.item(row).data(_KIND) == "model"
            and self._model.item(row).data(_PROVIDER) == provider
        ]

    def providers(self) -> list[str]:
        return [
            self._model.item(row).data(_PROVIDER)
            for row in range(self._model.rowCount())
            if self._model.item(row).data(_KIND) == "header"
        ]

    # -- building rows ---------------------------------------------------------------------------

    def _append_header(self, provider: str) -> None:
        item = QStandardItem(provider)
        item.setFlags(Qt.ItemFlag.NoItemFlags)  # not selectable, not enabled
        font = QFont(item.font())
        font.setBold(True)
        item.setFont(font)
        item.setData(provider, _PROVIDER)
        item.setData("header", _KIND)
        self._model.appendRow(item)

    def _model_item(self, provider: str, model: str) -> QStandardItem:
        item = QStandardItem(f"    {model}")
        item.setToolTip(
            translate("ModelPicker", "{model} on {provider}").format(model=model, provider=provider)
        )
        item.setData(provider, _PROVIDER)
        item.setData(model, _MODEL)
        item.setData("model", _KIND)
        return item

    def _append_model(self, provider: str, model: str) -> None:
        self._model.appendRow(self._model_item(provider, model))

    def _append_other(self, provider: str) -> None:
        item = QStandardItem(translate("ModelPicker", "    Other model…"))
        item.setToolTip(
            translate("ModelPicker", "Type the id of any model {provider} serves").format(
                provider=provider
            )
        )
        item.setData(provider, _PROVIDER)
        item.setData("other", _KIND)
        self._model.appendRow(item)

    def _other_row(self, provider: str) -> int | None:
        for row in range(self._model.rowCount()):
            item = self._model.item(row)
            if item.data(_KIND) == "other" and item.data(_PROVIDER) == provider:
                return row
        return None

    def _select_first_model(self) -> None:
        for row in range(self._model.rowCount()):
            if self._model.item(row).data(_KIND) == "model":
                self.setCurrentIndex(row)
                self._last = self.current()
                return
        self.setCurrentIndex(-1)
        self._last = ("", "")

    # -- user actions ----------------------------------------------------------------------------

    def _on_activated(self, row: int) -> None:
        item = self._model.item(row)
        if item is None:
            return
        if item.data(_KIND) == "other":
            provider = item.data(_PROVIDER)
            model, ok = QInputDialog.getText(
                self,
                translate("ModelPicker", "Other model"),
                translate("ModelPicker", "Model id on {provider}:").format(provider=provider),
            )
            if ok and model.strip():
                self.select(provider, model.strip())
            elif not self.select(*self._last):
                self._select_first_model()
        choice = self.current()
        if choice != ("", "") and choice != self._last:
            self._last = choice
        if choice != ("", ""):
            self.sig_choice_changed.emit(*choice)

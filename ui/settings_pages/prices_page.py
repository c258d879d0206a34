"""Settings → Prices and context windows: the tables behind the estimated cost shown under each
answer and behind the window each model is given.

Why it exists: vendors change prices and people use models Parley has never heard of, so the
price table (``domain.usage.pricing``) is the user's to edit: model pattern (an exact name or a
glob like ``gpt-4.1*``), an optional provider, and the input and output price per million tokens.
The context-window table beside it (``domain.usage.context_windows``, dated
``WINDOWS_CHECKED_ON``) is edited the same way: pattern, provider, context tokens and the output
limit; it is used where the provider does not report a model's window
(``application.conversations.context_window``). The page renders both tables; reading and writing
go to the settings store on a worker through ``submit``, so the UI thread never waits on the disk.

Invariants it keeps:

- nothing invalid is saved: every price is parsed as a ``Decimal`` (never a float); a cell that is
  not a price is marked in red with the reason as it is typed, and Save refuses the whole table
  while any cell is wrong, saying which row and column;
- "Reset to defaults" only fills the table with ``DEFAULT_PRICES``; nothing changes on disk until
  Save, after which ``sig_prices_changed`` is emitted;
- the same holds for the context-window section (``ContextWindowsSection``): a size that is not
  a whole number, below 256 tokens, or an output limit above the window is marked with the
  reason, Save then saves nothing and says which row and column; Reset fills in
  ``DEFAULT_WINDOWS``; a save emits ``sig_windows_changed``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.settings_store import SettingsStore
from parley.domain.usage.context_windows import (
    DEFAULT_WINDOWS,
    WINDOWS_CHECKED_ON,
    ModelWindow,
    WindowError,
)
from parley.domain.usage.pricing import DEFAULT_PRICES, ModelPrice, PriceError, parse_amount
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.qt_items import cell
from parley.ui.settings_pages import InlineError, Submit
from parley.ui.settings_pages.look import HINT_STYLE, icon_or, primary, secondary

COLUMNS = (
    QT_TRANSLATE_NOOP("PricesPage", "Model pattern"),
    QT_TRANSLATE_NOOP("PricesPage", "Provider"),
    QT_TRANSLATE_NOOP("PricesPage", "Input $/Mtok"),
    QT_TRANSLATE_NOOP("PricesPage", "Output $/Mtok"),
)
PATTERN, PROVIDER, INPUT, OUTPUT = range(4)
_CURRENCY = Qt.ItemDataRole.UserRole
_BAD = QColor("#f8d7d3")


class PricesPage(QWidget):
    """An editable price table with Add row, Remove row, Reset to defaults and Save."""

    sig_prices_changed = Signal()
    """The saved price table changed (the settings file holds the new one)."""

    def __init__(
        self, settings: SettingsStore, submit: Submit, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._submit = submit

        intro = QLabel(
            translate(
                "PricesPage",
                "Estimated cost per million tokens. A pattern is an exact model name or a glob "
                "(gpt-4.1*); a row with a provider beats one without; an exact name beats a glob. "
                "Estimates ignore cached-input and batch discounts.",
            )
        )
        intro.setWordWrap(True)
        self.table = _rows_table(COLUMNS, "Prices", PATTERN)
        self.add_button, self.remove_button, self.reset_button, self.save_button = _row_buttons(
            "a price row", "the selected price rows", "the prices", "prices"
        )
        self.status = InlineError(translate("PricesPage", "Prices result"))
        intro.setStyleSheet(HINT_STYLE)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.reset_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(10)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        self.windows = ContextWindowsSection(settings, submit)
        layout.addWidget(self.windows, 1)

        self.table.itemChanged.connect(self._check_item)
        self.add_button.clicked.connect(self.add_row)
        self.remove_button.clicked.connect(self._remove_selected)
        self.reset_button.clicked.connect(self.reset_to_defaults)
        self.save_button.clicked.connect(self.save)
        self.reload()

    def reload(self) -> None:
        """Re-read the saved table (or the defaults) on a worker."""
        settings = self._settings
        self._submit(
            lambda: list(settings.prices()),
            self.set_rows,
            lambda exc: self.status.show_error(
                translate("PricesPage", "Cannot read prices: {exc}").format(exc=exc)
            ),
        )

    def set_rows(self, prices: Sequence[ModelPrice]) -> None:
        """Show ``prices`` (unsaved until Save)."""
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        for price in prices:
            self._append(
                price.model_pattern,
                price.provider,
                str(price.input_per_mtok),
                str(price.output_per_mtok),
                price.currency,
            )
        self.table.blockSignals(False)
        self.status.clear_message()

    def add_row(self) -> None:
        """Append an empty row and start editing its pattern."""
        self.table.blockSignals(True)
        row = self._append("", "", "", "", "USD")
        self.table.blockSignals(False)
        self.table.setCurrentCell(row, PATTERN)
        self.table.editItem(cell(self.table, row, PATTERN))

    def reset_to_defaults(self) -> None:
        self.set_rows(DEFAULT_PRICES)
        self.status.show_ok(
            translate("PricesPage", "The built-in prices are shown; Save to use them.")
        )

    def rows(self) -> tuple[list[ModelPrice], list[str]]:
        """The table as price rows, and what is wrong with it ("row 2, Input $/Mtok: ...");
        rows left completely empty are ignored."""
        prices: list[ModelPrice] = []
        errors: list[str] = []
        seen: dict[tuple[str, str], int] = {}
        for row in range(self.table.rowCount()):
            texts = [self._text(row, column) for column in range(len(COLUMNS))]
            if not any(texts):
                continue
            row_errors = [
                _cell_problem(row + 1, COLUMNS[column], problem)
                for column in range(len(COLUMNS))
                if (problem := _problem(column, texts[column]))
            ]
            if row_errors:
                errors.extend(row_errors)
                continue
            currency = cell(self.table, row, PATTERN).data(_CURRENCY) or "USD"
            try:
                price = ModelPrice(
                    model_pattern=texts[PATTERN],
                    provider=texts[PROVIDER],
                    input_per_mtok=parse_amount(texts[INPUT]),
                    output_per_mtok=parse_amount(texts[OUTPUT]),
                    currency=currency,
                )
            except PriceError as exc:
                errors.append(_row_problem(row + 1, exc))
                continue
            key = (price.model_pattern.casefold(), price.provider.casefold())
            if key in seen:
                errors.append(_repeats(row + 1, seen[key], price.model_pattern))
                continue
            seen[key] = row + 1
            prices.append(price)
        return prices, errors

    def save(self) -> None:
        """Save the table if every row is valid; otherwise say what is wrong and save nothing."""
        prices, errors = self.rows()
        if errors:
            self.status.show_error(_not_saved(errors))
            return
        settings = self._settings

        def done(_result: None) -> None:
            self.save_button.setEnabled(True)
            self.status.show_ok(
                translate("PricesPage", "Saved {n_prices} price rows.").format(n_prices=len(prices))
            )
            self.sig_prices_changed.emit()

        def failed(exc: BaseException) -> None:
            self.save_button.setEnabled(True)
            self.status.show_error(translate("PricesPage", "Not saved: {exc}").format(exc=exc))

        self.save_button.setEnabled(False)
        self._submit(lambda: settings.set_prices(prices), done, failed)

    # -- internal ------------------------------------------------------------------------------

    def _append(self, pattern: str, provider: str, inp: str, out: str, currency: str) -> int:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in enumerate((pattern, provider, inp, out)):
            item = QTableWidgetItem(text)
            if column in (INPUT, OUTPUT):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, column, item)
        cell(self.table, row, PATTERN).setData(_CURRENCY, currency)
        return row

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def _check_item(self, item: QTableWidgetItem) -> None:
        """Mark a cell as it is edited: red with the reason as tooltip, or plain when fine."""
        texts = [self._text(item.row(), column) for column in range(len(COLUMNS))]
        problem = _problem(item.column(), item.text().strip()) if any(texts) else ""
        self.table.blockSignals(True)
        item.setBackground(QBrush(_BAD) if problem else QBrush())
        item.setToolTip(problem)
        self.table.blockSignals(False)
        if problem:
            self.status.show_error(_cell_problem(item.row() + 1, COLUMNS[item.column()], problem))
        else:
            self.status.clear_message()

    def _remove_selected(self) -> None:
        rows = sorted({index.row() for index in self.table.selectedIndexes()}, reverse=True)
        if not rows and self.table.currentRow() >= 0:
            rows = [self.table.currentRow()]
        for row in rows:
            self.table.removeRow(row)


def _cell_problem(row: int, column: str, problem: str) -> str:
    """ "Row 2, Input $/Mtok: …" in the window's language (``problem`` already is)."""
    return translate("PricesPage", "Row {row}, {column}: {problem}").format(
        row=row, column=translate("PricesPage", column), problem=problem
    )


def _row_problem(row: int, exc: BaseException) -> str:
    return translate("PricesPage", "Row {row}: {problem}").format(
        row=row, problem=translate_text(str(exc))
    )


def _repeats(row: int, first: int, pattern: str) -> str:
    return translate("PricesPage", "Row {row} repeats row {first} ({pattern})").format(
        row=row, first=first, pattern=pattern
    )


def _not_saved(errors: Sequence[str]) -> str:
    return translate("PricesPage", "Not saved. {problems}").format(problems="; ".join(errors))


def _problem(column: int, text: str) -> str:
    """What is wrong with ``text`` in ``column`` ("" if nothing)."""
    if column == PATTERN:
        return "" if text else translate("PricesPage", "a model name or pattern is needed")
    if column in (INPUT, OUTPUT):
        if not text:
            return translate("PricesPage", "a price is needed (0 for free)")
        try:
            parse_amount(text)
        except PriceError as exc:
            return translate_text(str(exc))
    return ""


# -- context windows ------------------------------------------------------------------------------

WINDOW_COLUMNS = (
    QT_TRANSLATE_NOOP("PricesPage", "Model pattern"),
    QT_TRANSLATE_NOOP("PricesPage", "Provider"),
    QT_TRANSLATE_NOOP("PricesPage", "Context tokens"),
    QT_TRANSLATE_NOOP("PricesPage", "Max output"),
)
W_PATTERN, W_PROVIDER, W_CONTEXT, W_OUTPUT = range(4)
_NOT_TOKENS = QT_TRANSLATE_NOOP("PricesPage", "{text!r} is not a whole number of tokens")
#: The smallest window a row may give (``ModelWindow`` refuses less).
MIN_CONTEXT_TOKENS = 256


class ContextWindowsSection(QWidget):
    """The editable context-window table: Add row, Remove row, Reset to defaults and Save."""

    sig_windows_changed = Signal()
    """The saved context-window table changed (the settings file holds the new one)."""

    def __init__(
        self, settings: SettingsStore, submit: Submit, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._settings = settings
        self._submit = submit

        title = QLabel(translate("ContextWindowsSection", "Context windows"))
        title.setAccessibleName(translate("ContextWindowsSection", "Context windows"))
        font = title.font()
        font.setBold(True)
        title.setFont(font)
        intro = QLabel(
            translate(
                "ContextWindowsSection",
                "How many tokens each model can read per request (prompt and answer) and at most "
                "write (Max output; empty or 0 if unknown). Used when the provider does not "
                "report a model's window itself (OpenRouter, Ollama, LM Studio, llama.cpp and "
                "Gemini do). Built-in figures checked on {WINDOWS_CHECKED_ON}.",
            ).format(WINDOWS_CHECKED_ON=WINDOWS_CHECKED_ON)
        )
        intro.setWordWrap(True)
        intro.setStyleSheet(HINT_STYLE)
        self.table = _rows_table(WINDOW_COLUMNS, "Context windows table", W_PATTERN)
        self.add_button, self.remove_button, self.reset_button, self.save_button = _row_buttons(
            "a context-window row",
            "the selected context-window rows",
            "the context windows",
            "context windows",
        )
        self.status = InlineError(translate("ContextWindowsSection", "Context windows result"))
        buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button, self.reset_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 8, 0, 0)
        layout.setSpacing(10)
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)
        layout.addLayout(buttons)

        self.table.itemChanged.connect(self._check_item)
        self.add_button.clicked.connect(self.add_row)
        self.remove_button.clicked.connect(self._remove_selected)
        self.reset_button.clicked.connect(self.reset_to_defaults)
        self.save_button.clicked.connect(self.save)
        self.reload()

    def reload(self) -> None:
        """Re-read the saved table (or the defaults) on a worker."""
        settings = self._settings
        self._submit(
            lambda: list(settings.context_windows()),
            self.set_rows,
            lambda exc: self.status.show_error(
                translate("ContextWindowsSection", "Cannot read context windows: {exc}").format(
                    exc=exc
                )
            ),
        )

    def set_rows(self, windows: Sequence[ModelWindow]) -> None:
        """Show ``windows`` (unsaved until Save)."""
        self.table.blockSignals(True)
        self.table.setRowCount(0)
        for window in windows:
            self._append(
                window.model_pattern,
                window.provider,
                str(window.context_tokens),
                str(window.max_output_tokens) if window.max_output_tokens else "",
            )
        self.table.blockSignals(False)
        self.status.clear_message()

    def add_row(self) -> None:
        """Append an empty row and start editing its pattern."""
        self.table.blockSignals(True)
        row = self._append("", "", "", "")
        self.table.blockSignals(False)
        self.table.setCurrentCell(row, W_PATTERN)
        self.table.editItem(cell(self.table, row, W_PATTERN))

    def reset_to_defaults(self) -> None:
        self.set_rows(DEFAULT_WINDOWS)
        self.status.show_ok(
            translate(
                "ContextWindowsSection",
                "The built-in context windows (checked on {WINDOWS_CHECKED_ON}) are shown; Save "
                "to use them.",
            ).format(WINDOWS_CHECKED_ON=WINDOWS_CHECKED_ON)
        )

    def rows(self) -> tuple[list[ModelWindow], list[str]]:
        """The table as rows, and what is wrong with it ("Row 2, Context tokens: ..."); rows
        left completely empty are ignored."""
        windows: list[ModelWindow] = []
        errors: list[str] = []
        seen: dict[tuple[str, str], int] = {}
        for row in range(self.table.rowCount()):
            texts = [self._text(row, column) for column in range(len(WINDOW_COLUMNS))]
            if not any(texts):
                continue
            row_errors = [
                _cell_problem(row + 1, WINDOW_COLUMNS[column], problem)
                for column in range(len(WINDOW_COLUMNS))
                if (problem := _window_problem(column, texts))
            ]
            if row_errors:
                errors.extend(row_errors)
                continue
            try:
                window = ModelWindow(
                    model_pattern=texts[W_PATTERN],
                    provider=texts[W_PROVIDER],
                    context_tokens=parse_tokens(texts[W_CONTEXT]),
                    max_output_tokens=parse_tokens(texts[W_OUTPUT]) if texts[W_OUTPUT] else 0,
                )
            except (WindowError, ValueError) as exc:
                errors.append(_row_problem(row + 1, exc))
                continue
            key = (window.model_pattern.casefold(), window.provider.casefold())
            if key in seen:
                errors.append(_repeats(row + 1, seen[key], window.model_pattern))
                continue
            seen[key] = row + 1
            windows.append(window)
        return windows, errors

    def save(self) -> None:
        """Save the table if every row is valid; otherwise say what is wrong and save nothing."""
        windows, errors = self.rows()
        if errors:
            self.status.show_error(_not_saved(errors))
            return
        settings = self._settings

        def done(_result: None) -> None:
            self.save_button.setEnabled(True)
            self.status.show_ok(
                translate("ContextWindowsSection", "Saved {n_windows} context-window rows.").format(
                    n_windows=len(windows)
                )
            )
            self.sig_windows_changed.emit()

        def failed(exc: BaseException) -> None:
            self.save_button.setEnabled(True)
            self.status.show_error(
                translate("ContextWindowsSection", "Not saved: {exc}").format(exc=exc)
            )

        self.save_button.setEnabled(False)
        self._submit(lambda: settings.set_context_windows(windows), done, failed)

    # -- internal ------------------------------------------------------------------------------

    def _append(self, pattern: str, provider: str, context: str, output: str) -> int:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for column, text in enumerate((pattern, provider, context, output)):
            item = QTableWidgetItem(text)
            if column in (W_CONTEXT, W_OUTPUT):
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, column, item)
        return row

    def _text(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text().strip() if item is not None else ""

    def _check_item(self, item: QTableWidgetItem) -> None:
        """Mark a cell as it is edited: red with the reason as tooltip, or plain when fine."""
        texts = [self._text(item.row(), column) for column in range(len(WINDOW_COLUMNS))]
        problem = _window_problem(item.column(), texts) if any(texts) else ""
        self.table.blockSignals(True)
        item.setBackground(QBrush(_BAD) if problem else QBrush())
        item.setToolTip(problem)
        self.table.blockSignals(False)
        if problem:
            self.status.show_error(
                _cell_problem(item.row() + 1, WINDOW_COLUMNS[item.column()], problem)
            )
        else:
            self.status.clear_message()

    def _remove_selected(self) -> None:
        rows = sorted({index.row() for index in self.table.selectedIndexes()}, reverse=True)
        if not rows and self.table.currentRow() >= 0:
            rows = [self.table.currentRow()]
        for row in rows:
            self.table.removeRow(row)


def parse_tokens(text: str) -> int:
    """A token count as typed: digits, optionally grouped with commas, spaces or underscores
    ("128,000"). Raises ``ValueError`` with a sentence for anything else."""
    digits = text.strip().replace(",", "").replace("_", "").replace(" ", "")
    if not digits.isascii() or not digits.isdigit():
        raise ValueError(_NOT_TOKENS.format(text=text.strip()))
    return int(digits)


def _window_problem(column: int, texts: Sequence[str]) -> str:
    """What is wrong with the cell in ``column`` of a row whose cells read ``texts``."""
    text = texts[column]
    if column == W_PATTERN:
        return "" if text else translate("PricesPage", "a model name or pattern is needed")
    if column == W_CONTEXT:
        if not text:
            return translate("PricesPage", "a context window size is needed")
        try:
            tokens = parse_tokens(text)
        except ValueError as exc:
            return translate_text(str(exc))
        if tokens < MIN_CONTEXT_TOKENS:
            return translate(
                "PricesPage", "{tokens} tokens is too small (at least {minimum})"
            ).format(tokens=tokens, minimum=MIN_CONTEXT_TOKENS)
        return ""
    if column == W_OUTPUT and text:
        try:
            tokens = parse_tokens(text)
        except ValueError as exc:
            return translate_text(str(exc))
        try:
            context = parse_tokens(texts[W_CONTEXT])
        except ValueError:
            return ""  # the window's own cell says what is wrong
        if tokens > context:
            return translate(
                "PricesPage", "{tokens} is more than the context window ({context})"
            ).format(tokens=tokens, context=context)
    return ""


def _rows_table(columns: Sequence[str], name: str, stretch: int) -> QTableWidget:
    """An editable table of rows (prices, context windows): whole-row selection, no grid, the
    ``stretch`` column taking the room, the others as wide as their contents."""
    table = QTableWidget(0, len(columns))
    table.setAccessibleName(name)
    table.setHorizontalHeaderLabels([translate("PricesPage", c) for c in columns])
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.verticalHeader().setVisible(False)
    table.setShowGrid(False)
    table.setAlternatingRowColors(True)
    header = table.horizontalHeader()
    header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    for column in range(len(columns)):
        mode = QHeaderView.ResizeMode
        header.setSectionResizeMode(
            column, mode.Stretch if column == stretch else mode.ResizeToContents
        )
    return table


def _row_buttons(
    row: str, selected: str, table: str, saved: str
) -> tuple[QPushButton, QPushButton, QPushButton, QPushButton]:
    """Add row, Remove row, Reset to defaults and Save, styled and named for ``table``."""
    add = QPushButton(translate("prices_page", "Add row"))
    add.setAccessibleName(translate("prices_page", "Add {row}").format(row=row))
    remove = QPushButton(translate("prices_page", "Remove row"))
    remove.setAccessibleName(
        translate("prices_page", "Remove {selected}").format(selected=selected)
    )
    reset = QPushButton(translate("prices_page", "Reset to defaults"))
    reset.setAccessibleName(
        translate("prices_page", "Reset {table} to the built-in table").format(table=table)
    )
    save = QPushButton(translate("prices_page", "Save"))
    save.setAccessibleName(translate("prices_page", "Save {saved}").format(saved=saved))
    primary(save)
    for button, name in ((add, "plus"), (remove, "trash-2"), (reset, "refresh-cw")):
        secondary(button)
        button.setIcon(icon_or(name, "x"))
    return add, remove, reset, save

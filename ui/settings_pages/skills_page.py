"""Settings → Skills & Agents: write, rename and delete what ``/skill`` and ``/agent`` use.

Why it exists: a skill (rules) or an agent (persona) is a Markdown file in the config dir; people
should be able to write one without knowing where that is. The page renders the list (one list,
filtered by kind), a form (name, description, a plain-text Markdown editor) and the library's
problems; every read and write goes to the library on a worker through ``submit``.

Invariants it keeps:

- nothing invalid is written: the name and the text are checked (``domain.agents.skills``) before
  anything is submitted, and what is wrong is shown in red next to the field, never as a crash;
- the list always reflects the folder: it is re-read after every save and delete;
- a changed name on an existing document is a rename (``previous_name``), never a copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.skill_library import SkillExists, SkillLibrary, SkillNotFound
from parley.domain.agents.skills import SkillDoc, SkillFormatError, check_name
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.icons import icon
from parley.ui.settings_pages import InlineError, Submit
from parley.ui.settings_pages.look import (
    card_form,
    label_width,
    list_column,
    primary,
    scrolling,
    secondary,
)

_NAME = Qt.ItemDataRole.UserRole
KIND_LABELS = (
    ("skill", QT_TRANSLATE_NOOP("SkillsPage", "Skills")),
    ("agent", QT_TRANSLATE_NOOP("SkillsPage", "Agents")),
)


class SkillsPage(QWidget):
    """A kind filter, the list of that kind's documents, and the form for the selected one."""

    sig_skills_changed = Signal()
    """A skill or agent was saved, renamed or deleted."""

    def __init__(
        self, library: SkillLibrary | None, submit: Submit, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._library = library
        self._submit = submit
        self._docs: dict[str, SkillDoc] = {}
        #: the name of the document the form edits; None while writing a new one
        self._editing: str | None = None

        self.kind_box = QComboBox()
        self.kind_box.setAccessibleName(translate("SkillsPage", "Kind"))
        for kind, label in KIND_LABELS:
            self.kind_box.addItem(translate("SkillsPage", label), kind)
        self.doc_list = QListWidget()
        self.doc_list.setAccessibleName(translate("SkillsPage", "Skills and agents"))
        self.new_button = QPushButton(translate("SkillsPage", "New"))
        self.new_button.setAccessibleName(translate("SkillsPage", "New skill or agent"))
        self.delete_button = QPushButton(translate("SkillsPage", "Delete"))
        self.delete_button.setAccessibleName(translate("SkillsPage", "Delete skill or agent"))
        self.open_folder_button = QPushButton(translate("SkillsPage", "Open folder"))
        self.open_folder_button.setAccessibleName(
            translate("SkillsPage", "Open the folder of these files")
        )

        self.name_edit = QLineEdit()
        self.name_edit.setAccessibleName(translate("SkillsPage", "Name"))
        self.name_edit.setPlaceholderText(translate("SkillsPage", "lower-case, e.g. code-review"))
        self.name_error = InlineError(translate("SkillsPage", "Name error"))
        self.description_edit = QLineEdit()
        self.description_edit.setAccessibleName(translate("SkillsPage", "Description"))
        self.description_edit.setPlaceholderText(
            translate("SkillsPage", "one line: what it is for")
        )
        self.body_edit = QPlainTextEdit()
        self.body_edit.setAccessibleName(translate("SkillsPage", "Text (Markdown)"))
        self.body_edit.setPlaceholderText(
            translate("SkillsPage", "The rules or the persona, in Markdown")
        )
        self.body_error = InlineError(translate("SkillsPage", "Text error"))
        self.save_button = QPushButton(translate("SkillsPage", "Save"))
        self.save_button.setAccessibleName(translate("SkillsPage", "Save skill or agent"))
        self.status = InlineError(translate("SkillsPage", "Save result"))

        self.problems_title = QLabel(translate("SkillsPage", "Some files could not be used:"))
        self.problems_list = QListWidget()
        self.problems_list.setAccessibleName(
            translate("SkillsPage", "Files that could not be used")
        )
        self.problems_list.setMaximumHeight(90)
        self.unavailable = QLabel("")
        self.unavailable.setWordWrap(True)

        list_column(self.doc_list, self.new_button, self.delete_button)
        primary(self.save_button)
        secondary(self.open_folder_button)
        self.open_folder_button.setIcon(icon("folder"))
        self.body_edit.setMinimumHeight(self.fontMetrics().height() * 6)
        left = QVBoxLayout()
        left.setSpacing(8)
        left.addWidget(self.kind_box)
        left.addWidget(self.doc_list, 1)
        row = QHBoxLayout()
        row.addWidget(self.new_button, 1)
        row.addWidget(self.delete_button)
        left.addLayout(row)
        left.addWidget(self.open_folder_button)

        name_box = QVBoxLayout()
        name_box.addWidget(self.name_edit)
        name_box.addWidget(self.name_error)
        body_box = QVBoxLayout()
        body_box.addWidget(self.body_edit, 1)
        body_box.addWidget(self.body_error)
        document = card_form(
            translate("SkillsPage", "Document"),
            [
                (
                    translate("SkillsPage", "Name"),
                    name_box,
                    translate(
                        "SkillsPage", "Lower-case words joined by hyphens; it is the file's name."
                    ),
                ),
                (
                    translate("SkillsPage", "Description"),
                    self.description_edit,
                    translate("SkillsPage", "One line, shown in / completion."),
                ),
                (
                    translate("SkillsPage", "Text"),
                    body_box,
                    translate(
                        "SkillsPage", "Markdown: the rules (a skill) or the persona (an agent)."
                    ),
                ),
            ],
            label_width(self, ("Name", "Description", "Text")),
        )
        right = QVBoxLayout()
        right.setSpacing(10)
        right.addWidget(self.unavailable)
        right.addWidget(scrolling(document, stretch_last=True), 1)
        actions = QHBoxLayout()
        actions.addWidget(self.status, 1)
        actions.addWidget(self.save_button)
        right.addLayout(actions)
        right.addWidget(self.problems_title)
        right.addWidget(self.problems_list)

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(16)
        layout.addLayout(left, 2)
        layout.addLayout(right, 5)

        self.kind_box.currentIndexChanged.connect(self._on_kind_changed)
        self.doc_list.currentItemChanged.connect(self._on_selected)
        self.new_button.clicked.connect(self.new_document)
        self.delete_button.clicked.connect(self._on_delete)
        self.save_button.clicked.connect(self.save)
        self.open_folder_button.clicked.connect(self._on_open_folder)
        self.name_edit.textEdited.connect(lambda _text: self.name_error.clear_message())
        self.body_edit.textChanged.connect(self.body_error.clear_message)
        self._show_problems([])
        if library is None:
            self.unavailable.setText(
                translate("SkillsPage", "Skills and agents are not available in this profile.")
            )
            for widget in (self.kind_box, self.doc_list, self.new_button, self.delete_button):
                widget.setEnabled(False)
            for widget in (self.open_folder_button, self.save_button):
                widget.setEnabled(False)
        else:
            self.unavailable.hide()
            self.new_document()
            self.reload()

    # -- what the page shows -------------------------------------------------------------------

    @property
    def kind(self) -> str:
        return str(self.kind_box.currentData())

    @property
    def editing(self) -> str | None:
        """The name of the document in the form (None for a new one)."""
        return self._editing

    def reload(self, select: str = "") -> None:
        """Re-read the current kind's documents and the library's problems (on a worker)."""
        library, kind = self._library, self.kind
        if library is None:
            return

        def load() -> tuple[list[SkillDoc], list[str]]:
            return list(library.list(kind)), list(library.problems())

        def show(result: tuple[list[SkillDoc], list[str]]) -> None:
            # Back on the UI thread; the user may have switched kind meanwhile.
            if kind != self.kind:
                return
            docs, problems = result
            self._docs = {d.name: d for d in docs}
            self.doc_list.blockSignals(True)
            self.doc_list.clear()
            for doc in docs:
                label = f"{doc.name}  ·  {doc.description}" if doc.description else doc.name
                item = QListWidgetItem(label)
                item.setData(_NAME, doc.name)
                item.setToolTip(doc.description)
                self.doc_list.addItem(item)
            self.doc_list.blockSignals(False)
            names = [d.name for d in docs]
            target = select or (self._editing or "")
            if target in names:
                # Signals stay blocked: selecting here must not clear the messages shown.
                self.doc_list.blockSignals(True)
                self.doc_list.setCurrentRow(names.index(target))
                self.doc_list.blockSignals(False)
                self._load(self._docs[target], keep_messages=True)
            self._show_problems(problems)

        self._submit(load, show, self._show_failure)

    def new_document(self) -> None:
        """Clear the form for a new document of the current kind."""
        self._editing = None
        self.doc_list.blockSignals(True)
        self.doc_list.setCurrentRow(-1)  # no current item
        self.doc_list.clearSelection()
        self.doc_list.blockSignals(False)
        self.name_edit.clear()
        self.description_edit.clear()
        self.body_edit.clear()
        self._clear_messages()
        self.name_edit.setFocus()

    # -- intents -------------------------------------------------------------------------------

    def save(self) -> None:
        """Check the form; if it is valid, save it on a worker (a rename if the name changed)."""
        library = self._library
        if library is None:
            return
        self._clear_messages()
        name = self.name_edit.text().strip()
        try:
            check_name(name)
        except SkillFormatError as exc:
            self.name_error.show_error(translate_text(str(exc)))
            return
        try:
            doc = SkillDoc(
                kind=self.kind,
                name=name,
                description=" ".join(self.description_edit.text().split()),
                body=self.body_edit.toPlainText(),
            )
        except SkillFormatError as exc:
            self.body_error.show_error(translate_text(str(exc)))
            return
        previous = self._editing

        def job() -> None:
            library.save(doc, replace=previous == doc.name, previous_name=previous)

        def done(_result: None) -> None:
            self._editing = doc.name
            self.status.show_ok(
                translate("SkillsPage", "Saved {kind} {name!r}.").format(
                    kind=doc.kind, name=doc.name
                )
            )
            self.reload(select=doc.name)
            self.sig_skills_changed.emit()

        def failed(exc: BaseException) -> None:
            if isinstance(exc, SkillExists):
                self.name_error.show_error(
                    translate("SkillsPage", "{exc}; choose another name").format(exc=exc)
                )
            else:
                self.status.show_error(translate("SkillsPage", "Not saved: {exc}").format(exc=exc))

        self.save_button.setEnabled(False)
        self._submit(job, _after(done, self._enable_save), _after(failed, self._enable_save))

    def delete(self, name: str) -> None:
        """Delete ``name`` of the current kind (no question asked: ``_on_delete`` asks)."""
        library, kind = self._library, self.kind
        if library is None:
            return

        def done(_result: None) -> None:
            if self._editing == name:
                self.new_document()
            self.status.show_ok(
                translate("SkillsPage", "Deleted {kind} {name!r}.").format(kind=kind, name=name)
            )
            self.reload()
            self.sig_skills_changed.emit()

        self._submit(lambda: library.delete(kind, name), done, self._show_failure)

    # -- internal ------------------------------------------------------------------------------

    def _on_kind_changed(self, _index: int) -> None:
        self.new_document()
        self.doc_list.clear()
        self._docs = {}
        self.reload()

    def _on_selected(self, item: QListWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            return
        doc = self._docs.get(item.data(_NAME))
        if doc is not None:
            self._load(doc)

    def _load(self, doc: SkillDoc, *, keep_messages: bool = False) -> None:
        self._editing = doc.name
        self.name_edit.setText(doc.name)
        self.description_edit.setText(doc.description)
        self.body_edit.setPlainText(doc.body)
        if not keep_messages:
            self._clear_messages()

    def _on_delete(self) -> None:
        item = self.doc_list.currentItem()
        if item is None:
            return
        name = item.data(_NAME)
        kind = self.kind
        answer = QMessageBox.question(
            self,
            translate("SkillsPage", "Delete {kind}").format(kind=kind),
            translate("SkillsPage", "Delete the {kind} {name!r}?").format(kind=kind, name=name),
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.delete(name)

    def _on_open_folder(self) -> None:
        library, kind = self._library, self.kind
        if library is None:
            return
        # Creating the folder is file I/O: on the worker. Opening it hands a URL to the desktop.
        self._submit(
            lambda: library.folder(kind, create=True),
            lambda path: QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))),
            self._show_failure,
        )

    def _show_problems(self, problems: list[str]) -> None:
        self.problems_list.clear()
        for problem in problems:
            self.problems_list.addItem(problem)
        self.problems_title.setVisible(bool(problems))
        self.problems_list.setVisible(bool(problems))

    def _show_failure(self, exc: BaseException) -> None:
        if isinstance(exc, SkillNotFound):
            self.reload()
        self.status.show_error(translate_text(str(exc)))

    def _clear_messages(self) -> None:
        for label in (self.name_error, self.body_error, self.status):
            label.clear_message()

    def _enable_save(self) -> None:
        self.save_button.setEnabled(True)


def _after(first: Callable[[Any], None], then: Callable[[], None]) -> Callable[[Any], None]:
    """``first(arg)`` then ``then()``: a worker callback that also re-enables a button."""

    def call(arg: object) -> None:
        try:
            first(arg)
        finally:
            then()

    return call

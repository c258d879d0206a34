"""The History window's "Open a team store…" dialog: an address and a password, nothing more.

Why it exists: an operator (issue 19) reads the team's PostgreSQL store with a role of their own
and does not sync, so the store is not the one this desktop joined; they name it here. The
dialog only asks and checks the address's form (``team_url_problem``); the window opens the store
on a worker (``team_access``) and says beside its picker whether that worked.

Invariants it keeps:

- the password field echoes nothing, and its text lives only until the window took it
  (``take_password`` empties the field): it is never shown again, nor put in a label, a tooltip
  or a message;
- an empty password means "the stored one" (the keyring entry ``team:<address>``,
  ``PGPASSWORD`` or ``~/.pgpass``), so an address opened before needs no typing;
- an address with a password in it, or without a member or a database, is refused inline before
  anything is opened.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from parley.application.ports.settings_store import team_url_problem
from parley.ui.i18n import translate
from parley.ui.i18n.composed import translate_text
from parley.ui.settings_pages import InlineError
from parley.ui.settings_pages.look import HINT_STYLE

EXAMPLE = "postgresql://you@host:5432/team?sslmode=verify-full&sslrootcert=/path/to/ca.crt"


class OpenStoreDialog(QDialog):
    """Asks for a team store's address and password (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None, *, address: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("open-team-store")
        self.setWindowTitle(translate("OpenStoreDialog", "Open a team store"))
        self.address_edit = QLineEdit(address)
        self.address_edit.setObjectName("open-store-address")
        self.address_edit.setAccessibleName(translate("OpenStoreDialog", "Team store address"))
        self.address_edit.setPlaceholderText(
            translate("OpenStoreDialog", "postgresql://you@host:5432/team")
        )
        self.address_edit.setToolTip(
            translate("OpenStoreDialog", "For example {EXAMPLE}").format(EXAMPLE=EXAMPLE)
        )
        self.address_edit.setMinimumWidth(self.fontMetrics().horizontalAdvance("x" * 56))
        self.password_edit = QLineEdit()
        self.password_edit.setObjectName("open-store-password")
        self.password_edit.setAccessibleName(
            translate("OpenStoreDialog", "Password on the team store")
        )
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.password_edit.setPlaceholderText(
            translate("OpenStoreDialog", "Empty: the one kept in the keyring")
        )
        self.remember_check = QCheckBox(translate("OpenStoreDialog", "Remember in the keyring"))
        self.remember_check.setObjectName("open-store-remember")
        self.remember_check.setToolTip(
            translate(
                "OpenStoreDialog",
                "Keep the password in the system keyring for this address (never in a file)",
            )
        )
        hint = QLabel(
            translate(
                "OpenStoreDialog",
                "Your own role on the store: an operator reads everyone's conversations, a member "
                "their own. Nothing is written to the store.",
            )
        )
        hint.setWordWrap(True)
        hint.setStyleSheet(HINT_STYLE)
        self.error = InlineError(translate("OpenStoreDialog", "Team store address error"))
        self.error.setObjectName("open-store-error")
        form = QFormLayout()
        form.addRow(translate("OpenStoreDialog", "Address"), self.address_edit)
        form.addRow(translate("OpenStoreDialog", "Password"), self.password_edit)
        form.addRow("", self.remember_check)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        self.open_button = buttons.button(QDialogButtonBox.StandardButton.Open)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        column = QVBoxLayout(self)
        column.addLayout(form)
        column.addWidget(self.error)
        column.addWidget(hint)
        column.addWidget(buttons)
        self.address_edit.textChanged.connect(lambda _t: self.error.clear_message())
        (self.password_edit if address else self.address_edit).setFocus()

    @property
    def address(self) -> str:
        return self.address_edit.text().strip()

    @property
    def remember(self) -> bool:
        return self.remember_check.isChecked()

    def accept(self) -> None:
        """Close only with an address of the right form; else say why, beside it."""
        problem = (
            team_url_problem(self.address)
            if self.address
            else translate("OpenStoreDialog", "type the store's address")
        )
        if problem:
            self.error.show_error(
                translate("OpenStoreDialog", "The address: {problem}.").format(
                    problem=translate_text(problem)
                )
            )
            self.address_edit.setFocus()
            return
        super().accept()

    def take_password(self) -> str:
        """The password typed ("" = the stored one); the field is emptied."""
        password = self.password_edit.text()
        self.password_edit.clear()
        return password

"""The main window's widgets and how they are laid out: the sidebar and the chat page.

Why it exists: building the widgets is long and has no behaviour of its own, and the window
(``ui/main_window.py``) is about wiring them to the controllers. These functions create the
widgets and set them on the window under the names the controllers, tests and benchmarks use
(``window.composer``, ``window.transcript``, ``window.status``, ...); ``MainWindow`` declares each
of those names. Nothing here reads the profile or starts work: the widgets that search or read a
file are handed the window's bridge to do it on a worker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from parley.ui.i18n import translate
from parley.ui.icons import icon, scale_with_font
from parley.ui.transcript import TranscriptView
from parley.ui.widgets.composer import Composer
from parley.ui.widgets.conversation_list import ConversationList
from parley.ui.widgets.model_picker import ModelPicker
from parley.ui.widgets.session_search import SessionSearch
from parley.ui.widgets.tools_control import ToolsControl
from parley.ui.widgets.undo_bar import UndoBar

if TYPE_CHECKING:
    from parley.application.ports.event_store import EventStore
    from parley.ui.main_window import MainWindow

#: The token label's size, relative to the text around it (it follows the zoom).
SMALL_TEXT = 0.85


def build_sidebar(w: MainWindow, store: EventStore) -> QWidget:
    """New chat, the search field (searching ``store``), the conversation list and the Undo bar;
    returns the panel."""
    w.new_button = QPushButton(icon("plus"), translate("window_layout", "New chat"))
    w.new_button.setObjectName("new-chat")
    w.new_button.setAccessibleName(translate("window_layout", "New chat"))
    w.new_button.setToolTip(translate("window_layout", "Start a new conversation (Ctrl+N)"))
    scale_with_font(w.new_button)
    w.session_search = SessionSearch(store, w.bridge.submit)
    w.session_search.setAccessibleName(translate("window_layout", "Search conversations"))
    w.session_list = ConversationList()
    w.session_list.setObjectName("sessions")
    w.session_list.setAccessibleName(translate("window_layout", "Conversations"))
    w.undo_bar = UndoBar()
    sidebar = QWidget()
    layout = QVBoxLayout(sidebar)
    layout.setContentsMargins(8, 8, 4, 8)
    layout.addWidget(w.new_button)
    layout.addWidget(w.session_search)
    layout.addWidget(w.session_list, 1)
    layout.addWidget(w.undo_bar)
    return sidebar


def build_chat_page(w: MainWindow) -> QWidget:
    """The header (title, cost, project), the transcript, the composer with its bar (tools,
    model) and the status line; returns the page."""
    w.title_edit = QLineEdit()
    w.title_edit.setObjectName("title")
    w.title_edit.setPlaceholderText(translate("window_layout", "New conversation"))
    w.title_edit.setAccessibleName(translate("window_layout", "Conversation title"))
    # A heading that can be edited, not a form field: no frame until hovered or focused, on
    # the page's own colour (sizes in the font's units, so it follows the zoom).
    w.title_edit.setStyleSheet(
        "QLineEdit#title { border: 1px solid transparent; border-radius: 6px;"
        " background: transparent; padding: 0.2em 0.4em; }"
        " QLineEdit#title:hover { border-color: palette(mid); }"
        " QLineEdit#title:focus { border-color: palette(highlight); background: palette(base); }"
    )
    w.usage_label = QLabel("")
    w.usage_label.setObjectName("conversation-usage")
    w.usage_label.setAccessibleName(
        translate("window_layout", "Tokens and estimated cost of this conversation")
    )
    # Its size follows the zoom (``MainWindow._apply_zoom``): a pixel size in a style sheet
    # would not.
    w.usage_label.setStyleSheet("color: palette(placeholder-text)")
    small = w.usage_label.font()
    if small.pointSizeF() > 0:
        small.setPointSizeF(small.pointSizeF() * SMALL_TEXT)
        w.usage_label.setFont(small)
    w.project_picker = QComboBox()
    w.project_picker.setObjectName("project-picker")
    w.project_picker.setAccessibleName(translate("window_layout", "Project"))
    w.project_picker.setToolTip(
        translate("window_layout", "The project this conversation belongs to")
    )
    w.project_picker.addItem(translate("window_layout", "No project"), None)
    w.project_picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    # One slim header: the conversation (title), what it cost, where it belongs (project).
    # The model picker and the tools live on the composer's bar, where the next turn is made.
    top = QHBoxLayout()
    top.addWidget(w.title_edit, 1)
    top.addWidget(w.usage_label)
    top.addWidget(w.project_picker)
    # What the model may do — the workspace its tools act in, which tools, when to ask, the
    # sandbox — behind one control on the composer's bar (ui/widgets/tools_control.py). A
    # new chat starts with no workspace and no tools (``SettingsController.apply_project``).
    w.workspace = None
    w.tools_control = ToolsControl()
    tools = w.tools_control.popover
    w.workspace_button = tools.workspace_button
    w.clear_workspace_button = tools.clear_workspace_button
    w.tools_picker = tools.tools_picker
    w.tools_picker.setCurrentIndex(w.tools_picker.findData("none"))
    w.gate_picker = tools.gate_picker
    # Whether commands run in a sandbox here: probed on a worker after the first paint, shown
    # while the chosen tools can run commands.
    w.sandbox_label = tools.sandbox_label
    w.model_picker = ModelPicker()
    w.model_picker.setAccessibleName(translate("window_layout", "Model for the next message"))

    w.transcript = TranscriptView()
    w.composer = Composer(submit=w.bridge.submit)
    w.composer.add_to_bar(w.tools_control)
    w.composer.add_to_bar(w.model_picker, trailing=True)
    # The composer is centred under the transcript's reading column (its maximum width).
    composer_row = QHBoxLayout()
    composer_row.addStretch(1)
    composer_row.addWidget(w.composer, 100)
    composer_row.addStretch(1)
    w.status = QLabel("")
    w.status.setObjectName("status")
    w.status.setAccessibleName(translate("window_layout", "Status"))
    # A long message (an error naming a path) wraps; its width never sets the window's.
    w.status.setWordWrap(True)
    w.status.setTextFormat(Qt.TextFormat.PlainText)
    w.status.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    chat = QWidget()
    chat.setObjectName("chat-page")
    # The conversation's page is one surface in the base colour, header and composer included
    # (the sidebar keeps the window colour), as in the peers.
    chat.setBackgroundRole(QPalette.ColorRole.Base)
    chat.setAutoFillBackground(True)
    chat_layout = QVBoxLayout(chat)
    chat_layout.setContentsMargins(4, 8, 8, 8)
    chat_layout.addLayout(top)
    chat_layout.addWidget(w.transcript, 1)
    chat_layout.addLayout(composer_row)
    chat_layout.addWidget(w.status)
    return chat

"""The attachment chips: the files a user attached to the prompt being written, shown above it.

Why it exists: before a turn is sent the user must see what goes with it — each file's name, what
kind of file it is and how big — and be able to take one off again. The strip only shows and
forwards: it holds the chosen paths in order and reports removals; the window decides what a send
does with them (it freezes ``paths()`` into the request).

Invariants it keeps:

- ``paths()`` is the attachments in the order they were added, each once (the same path added
  again is ignored);
- the UI thread never touches the file: sizes and image thumbnails are
  read on a worker through the ``submit`` callable it is given (``WorkerBridge.submit``); without
  one, a chip shows the name, the type's tile and the type only. Thumbnails are decoded
  at a capped size (``QImageReader.setScaledSize``), so a huge photo costs a small image, and
  only off the UI thread;
- a result that arrives for a chip the user already removed is dropped;
- no text can widen a chip past ``NAME_WIDTH``/``DETAIL_WIDTH``: the name and the detail line
  (an error can be a long path) are elided, the whole of both in the tooltip;
- the icon is drawn, never an emoji (a desktop without an emoji font shows those as empty boxes)
  nor a theme icon (a bare desktop has none): a rounded tile in the type family's colour with a
  white Lucide icon (``type_tile``), or an image's thumbnail;
- while a file is being read (``set_reading``, driven by ``ui/controllers/attachments.py``) the
  chip says how far — "Reading… 12 / 300 pages", the unit by type (``progress_unit``) — with a
  thin bar under it (indeterminate while the total is unknown); its ✕ then also stops the read
  (the controller hears ``sig_removed``). ``set_read_done`` returns it to type and size.
- a resource of an MCP server (``ResourceChip``) is a chip of its own kind: the server and the
  resource's name ("docs \u203a README"), its URI on the detail line (the whole URI, MIME type
  and description in the tooltip) and a ✕; ``resources()`` lists them in the order they were
  added, each (server, URI) once. They are not read here: the turn reads them when it runs.
  ``clear()`` drops them with the files.
- a file chip's menu (right-click, or the context-menu key) has the checkable "Search instead of
  sending whole": Parley then indexes the file and sends only the parts that match each question,
  with citations (issue 18). The chip says so on its detail line; ``searched_paths()`` lists the
  chips so marked, in attachment order (the window passes them as the turn's
  ``retrieval_attachments``); a chip removed or cleared is no longer searched.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QFontMetrics,
    QGuiApplication,
    QImage,
    QImageReader,
    QPainter,
    QPixmap,
)
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QMenu,
    QProgressBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from parley.application.mcp.model import SERVER_TOOL_SEPARATOR
from parley.domain.agents.conversation_execution_request import McpResourceRef
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.icons import icon, pixmap

#: ``submit(job, on_done, on_error)``: run ``job`` on a worker, call back on the UI thread.
Submit = Callable[[Callable[[], Any], Callable[[Any], None], Callable[[BaseException], None]], None]

#: The chip menu's choice to index a file and send only what matches each question (issue 18).
SEARCH_ACTION = QT_TRANSLATE_NOOP("AttachmentChip", "Search instead of sending whole")
SEARCH_TIP = QT_TRANSLATE_NOOP(
    "AttachmentChip",
    "Parley indexes the file and sends only the parts that match each question, with citations",
)

#: The longest side of a chip's thumbnail, in pixels.
THUMBNAIL_SIDE = 40
#: Widest a file name may show before it is elided in the middle (the extension stays visible).
NAME_WIDTH = 180
#: Widest the type/size/error line may show before it is elided at the end.
DETAIL_WIDTH = 220

_IMAGE_EXTENSIONS = frozenset({"png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff"})

_IMAGE = QT_TRANSLATE_NOOP("AttachmentChip", "{format} image")
_FILE = QT_TRANSLATE_NOOP("AttachmentChip", "File")
# extension -> (glyph, type label; words marked, translated in file_kind)
_KINDS: dict[str, tuple[str, str]] = {
    "pdf": ("📕", "PDF"),
    "doc": ("📝", "Word"),
    "docx": ("📝", "Word"),
    "odt": ("📝", QT_TRANSLATE_NOOP("AttachmentChip", "Document")),
    "rtf": ("📝", "RTF"),
    "epub": ("📘", "EPUB"),
    "xls": ("📊", "Excel"),
    "xlsx": ("📊", "Excel"),
    "ods": ("📊", QT_TRANSLATE_NOOP("AttachmentChip", "Spreadsheet")),
    "csv": ("📊", "CSV"),
    "tsv": ("📊", "TSV"),
    "ppt": ("📽", "PowerPoint"),
    "pptx": ("📽", "PowerPoint"),
    "odp": ("📽", QT_TRANSLATE_NOOP("AttachmentChip", "Slides")),
    "txt": ("📄", QT_TRANSLATE_NOOP("AttachmentChip", "Text")),
    "md": ("📄", "Markdown"),
    "rst": ("📄", QT_TRANSLATE_NOOP("AttachmentChip", "Text")),
    "log": ("📄", QT_TRANSLATE_NOOP("AttachmentChip", "Log")),
    "html": ("🌐", "HTML"),
    "htm": ("🌐", "HTML"),
    "zip": ("🗜", "ZIP"),
    **{
        ext: ("🖼", _IMAGE.format(format="JPEG" if ext == "jpg" else ext.upper()))
        for ext in _IMAGE_EXTENSIONS
    },
}
_CODE_EXTENSIONS = frozenset(
    (
        *("py", "js", "ts", "tsx", "jsx", "java", "kt", "c", "h", "cc", "cpp", "hpp", "cs", "go"),
        *("rs", "rb", "php", "swift", "scala", "sh", "ps1", "sql", "json", "yaml", "yml", "toml"),
        *("ini", "xml", "css", "scss"),
    )
)


def file_kind(path: str | Path) -> tuple[str, str]:
    """A glyph and a short type label for a file, by its extension (no file access)."""
    ext = Path(path).suffix.lower().lstrip(".")
    if ext in _KINDS:
        glyph, label = _KINDS[ext]
        if ext in _IMAGE_EXTENSIONS:
            image_format = "JPEG" if ext == "jpg" else ext.upper()
            return glyph, translate("AttachmentChip", _IMAGE).format(format=image_format)
        return glyph, translate("AttachmentChip", label)
    if ext in _CODE_EXTENSIONS:
        return ("⌨", ext.upper())
    return ("📄", ext.upper() if ext else translate("AttachmentChip", _FILE))


#: What a format's progress counts, by extension (the extractors' ``Extraction.unit``).
_PROGRESS_UNITS = {
    "pdf": (
        QT_TRANSLATE_NOOP("AttachmentChip", "page"),
        QT_TRANSLATE_NOOP("AttachmentChip", "pages"),
    ),
    "pptx": (
        QT_TRANSLATE_NOOP("AttachmentChip", "slide"),
        QT_TRANSLATE_NOOP("AttachmentChip", "slides"),
    ),
    "xlsx": (
        QT_TRANSLATE_NOOP("AttachmentChip", "sheet"),
        QT_TRANSLATE_NOOP("AttachmentChip", "sheets"),
    ),
    "xlsm": ("sheet", "sheets"),
    "epub": (
        QT_TRANSLATE_NOOP("AttachmentChip", "section"),
        QT_TRANSLATE_NOOP("AttachmentChip", "sections"),
    ),
}
#: The progress bar's height under a chip being read, in pixels.
PROGRESS_HEIGHT = 3


def progress_unit(path: str | Path, total: int) -> str:
    """The word for what a read of ``path`` counts ("pages"), "" when its format counts none."""
    one, many = _PROGRESS_UNITS.get(Path(path).suffix.lower().lstrip("."), ("", ""))
    return one if total == 1 else many


def progress_text(path: str | Path, done: int, total: int) -> str:
    """``Reading… 12 / 300 pages``; ``Reading…`` while the total is unknown."""
    if total <= 0:
        return translate("AttachmentChip", "Reading…")
    unit = progress_unit(path, total)
    if not unit:
        return translate("AttachmentChip", "Reading… {done:,} / {total:,}").format(
            done=min(done, total), total=total
        )
    return translate("AttachmentChip", "Reading… {done:,} / {total:,} {unit}").format(
        done=min(done, total), total=total, unit=translate("AttachmentChip", unit)
    )


#: A file type's tile: its family's colour and the icon drawn on it (white), by extension. The
#: colours follow what people know from the peers' chips and office suites (PDF red, sheets green,
#: documents blue, slides orange); they are saturated enough for white to read on both themes.
_FAMILIES: dict[str, tuple[str, str]] = {
    "pdf": ("#d93f3f", "file-text"),
    "sheet": ("#1e8e4e", "table"),
    "doc": ("#2f6fde", "file-text"),
    "slides": ("#e0701d", "presentation"),
    "code": ("#5f6673", "code"),
    "text": ("#5f6673", "file-text"),
    "book": ("#8a4fd3", "book-open"),
    "image": ("#0f8f9c", "image"),
    "mail": ("#2f6fde", "mail"),
}
_FAMILY_OF: dict[str, str] = {
    **dict.fromkeys(("pdf",), "pdf"),
    **dict.fromkeys(("csv", "tsv", "xlsx", "xlsm", "xls", "ods"), "sheet"),
    **dict.fromkeys(("docx", "doc", "odt", "rtf"), "doc"),
    **dict.fromkeys(("pptx", "ppt", "odp"), "slides"),
    **dict.fromkeys(("epub",), "book"),
    **dict.fromkeys(("msg", "eml"), "mail"),
    **dict.fromkeys(("png", "jpg", "jpeg", "gif", "webp", "bmp"), "image"),
    **dict.fromkeys(
        (
            "py",
            "js",
            "ts",
            "tsx",
            "jsx",
            "json",
            "yaml",
            "yml",
            "toml",
            "sh",
            "c",
            "h",
            "cpp",
            "rs",
            "go",
            "java",
            "kt",
            "rb",
            "php",
            "cs",
            "swift",
            "sql",
            "html",
            "htm",
            "css",
            "xml",
        ),
        "code",
    ),
}


def type_family(path: str | Path) -> str:
    """The family a file's extension belongs to ("pdf", "sheet", "doc", … or "text")."""
    return _FAMILY_OF.get(Path(path).suffix.lower().lstrip("."), "text")


#: An MCP resource's tile: the plug (what MCP servers are shown with) on its own colour.
_RESOURCE_TILE = ("#5b6bd6", "plug")


def type_tile(path: str | Path, side: int) -> QPixmap:
    """A rounded square in the type's colour with its icon in white, ``side`` logical pixels,
    sharp on the primary screen. Drawn, never a font glyph or a theme icon (which may be absent)."""
    return _tile(*_FAMILIES[type_family(path)], side)


def _tile(colour: str, icon_name: str, side: int) -> QPixmap:
    screen = QGuiApplication.primaryScreen()
    scale = screen.devicePixelRatio() if screen is not None else 1.0
    tile = QPixmap(round(side * scale), round(side * scale))
    tile.setDevicePixelRatio(scale)
    tile.fill(Qt.GlobalColor.transparent)
    painter = QPainter(tile)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colour))
    painter.drawRoundedRect(QRectF(0, 0, side, side), side / 5, side / 5)
    glyph = round(side * 0.55)
    offset = (side - glyph) / 2
    painter.drawPixmap(
        QRectF(offset, offset, glyph, glyph).toRect(),
        pixmap(icon_name, glyph, QColor("white")),
    )
    painter.end()
    return tile


def is_image(path: str | Path) -> bool:
    return Path(path).suffix.lower().lstrip(".") in _IMAGE_EXTENSIONS


def human_size(size: int) -> str:
    """``532 B``, ``14 KB``, ``1.2 MB``, ``3.4 GB`` (powers of 1024)."""
    if size < 1024:
        return f"{size} B"
    value = float(size)
    for unit in ("KB", "MB", "GB", "TB"):
        value /= 1024
        if value < 1024 or unit == "TB":
            return f"{value:.0f} {unit}" if value >= 100 else f"{value:.1f} {unit}"
    raise AssertionError("unreachable")


def load_scaled_image(path: str | Path, max_side: int) -> QImage:
    """Decode ``path`` so that neither side exceeds ``max_side`` (aspect kept, EXIF orientation
    applied). Blocking: call on a worker. A null ``QImage`` means it could not be read."""
    reader = QImageReader(str(path))
    reader.setAutoTransform(True)
    size = reader.size()
    if size.isValid() and (size.width() > max_side or size.height() > max_side):
        reader.setScaledSize(size.scaled(max_side, max_side, Qt.AspectRatioMode.KeepAspectRatio))
    return reader.read()


@dataclass(frozen=True)
class FileFacts:
    """What a worker found out about an attached file."""

    size: int
    is_file: bool
    thumbnail: QImage | None = None


def probe_file(path: Path) -> FileFacts:
    """Blocking: the file's size and, for an image, a small thumbnail. Raises ``OSError`` if the
    file cannot be reached."""
    stat = path.stat()
    if not path.is_file():
        return FileFacts(size=0, is_file=False)
    thumbnail = None
    if is_image(path):
        image = load_scaled_image(path, THUMBNAIL_SIDE)
        thumbnail = None if image.isNull() else image
    return FileFacts(size=stat.st_size, is_file=True, thumbnail=thumbnail)


def normalise(path: str | Path) -> Path:
    """The absolute form of ``path`` used to tell duplicates apart (no file access)."""
    return Path(os.path.abspath(os.path.expanduser(str(path))))


class AttachmentChip(QFrame):
    """One attached file: icon or thumbnail, elided name, type and size, and a remove button."""

    sig_remove_clicked = Signal(str)
    """The user clicked the chip's ✕: the file's path."""

    sig_search_toggled = Signal(str, bool)
    """The user chose (or stopped choosing) to have the file searched rather than sent whole:
    the file's path and whether it is now searched."""

    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = path
        #: Searched for each question rather than sent whole (the menu's checkable action).
        self.search_action = QAction(translate("AttachmentChip", SEARCH_ACTION), self)
        self.search_action.setObjectName("search-instead")
        self.search_action.setCheckable(True)
        self.search_action.setToolTip(translate("AttachmentChip", SEARCH_TIP))
        self.search_action.setStatusTip(translate("AttachmentChip", SEARCH_TIP))
        self.search_action.toggled.connect(self._on_search_toggled)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._show_menu)
        self.file_size: int | None = None  # not ``size``: that would hide QWidget.size()
        self.error = ""
        #: ``(done, total)`` while the file is being read (``total`` 0: unknown), else ``None``.
        self.reading: tuple[int, int] | None = None
        self.setObjectName("attachment-chip")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setToolTip(str(path))
        self.glyph, self.type_label = file_kind(path)
        self.has_thumbnail = False

        self.icon = QLabel(self)
        self.icon.setObjectName("attachment-icon")
        self.icon.setFixedSize(THUMBNAIL_SIDE, THUMBNAIL_SIDE)
        self.icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # The type's tile (drawn: no font, no icon theme needed) until an image's thumbnail
        # arrives from the worker.
        self.icon.setPixmap(type_tile(path, THUMBNAIL_SIDE - 6))

        self.name_label = QLabel(self)
        self.name_label.setObjectName("attachment-name")
        metrics = QFontMetrics(self.name_label.font())
        self.name_label.setText(
            metrics.elidedText(path.name, Qt.TextElideMode.ElideMiddle, NAME_WIDTH)
        )
        self.detail_label = QLabel(self)
        self.detail_label.setObjectName("attachment-detail")
        # Muted in either theme (a fixed grey was near-invisible on the dark one).
        self.detail_label.setStyleSheet("color: palette(placeholder-text)")

        self.remove_button = QToolButton(self)
        self.remove_button.setObjectName("remove-attachment")
        self.remove_button.setIcon(icon("x"))  # drawn, not the ✕ glyph of some font
        self.remove_button.setAutoRaise(True)
        self.remove_button.setToolTip(
            translate("AttachmentChip", "Remove {name}").format(name=path.name)
        )
        self.remove_button.clicked.connect(lambda: self.sig_remove_clicked.emit(str(self.path)))

        self.progress_bar = QProgressBar(self)
        self.progress_bar.setObjectName("attachment-progress")
        self.progress_bar.setTextVisible(False)
        self.progress_bar.setFixedHeight(PROGRESS_HEIGHT)
        self.progress_bar.setMaximumWidth(DETAIL_WIDTH)
        self.progress_bar.hide()

        text = QVBoxLayout()
        text.setContentsMargins(0, 0, 0, 0)
        text.setSpacing(0)
        text.addWidget(self.name_label)
        text.addWidget(self.detail_label)
        text.addSpacing(1)
        text.addWidget(self.progress_bar)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 2, 2)
        row.setSpacing(6)
        row.addWidget(self.icon)
        row.addLayout(text)
        row.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignTop)
        self._show_detail()

    def set_facts(self, facts: FileFacts) -> None:
        if not facts.is_file:
            self.set_error(translate("AttachmentChip", "a folder, not a file"))
            return
        self.file_size = facts.size
        if facts.thumbnail is not None:
            self.icon.setPixmap(QPixmap.fromImage(facts.thumbnail))
            self.has_thumbnail = True
        self._show_detail()

    def set_error(self, reason: str) -> None:
        self.error = reason
        self.detail_label.setStyleSheet("color: #c0392b")
        self._show_detail()

    def set_reading(self, done: int, total: int) -> None:
        """Show that the file is being read: ``done`` of ``total`` (0: unknown, the bar then
        moves without a position). The ✕ now also stops the read."""
        self.reading = (max(0, done), max(0, total))
        bar = self.progress_bar
        if total > 0:
            bar.setRange(0, total)
            bar.setValue(min(max(0, done), total))
        else:
            bar.setRange(0, 0)  # indeterminate
        bar.show()
        self.remove_button.setToolTip(
            translate("AttachmentChip", "Stop reading and remove {name}").format(
                name=self.path.name
            )
        )
        self._show_detail()

    def set_read_done(self) -> None:
        """The read ended (read, failed or stopped): back to the type and size."""
        if self.reading is None:
            return
        self.reading = None
        self.progress_bar.hide()
        self.remove_button.setToolTip(
            translate("AttachmentChip", "Remove {name}").format(name=self.path.name)
        )
        self._show_detail()

    @property
    def searched(self) -> bool:
        """Whether the file is searched for each question rather than sent whole."""
        return self.search_action.isChecked()

    def set_searched(self, searched: bool) -> None:
        self.search_action.setChecked(searched)

    def menu(self) -> QMenu:
        """The chip's menu: "Search instead of sending whole" (checkable), "Remove"."""
        menu = QMenu(self)
        menu.setObjectName("attachment-chip-menu")
        menu.setToolTipsVisible(True)
        menu.addAction(self.search_action)
        menu.addSeparator()
        remove = menu.addAction(
            translate("AttachmentChip", "Remove {name}").format(name=self.path.name)
        )
        remove.triggered.connect(lambda: self.sig_remove_clicked.emit(str(self.path)))
        return menu

    def _show_menu(self, pos: QPoint) -> None:
        menu = self.menu()
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.popup(self.mapToGlobal(pos))  # (popup, not exec: it does not block)

    def _on_search_toggled(self, searched: bool) -> None:
        self._show_detail()
        self.sig_search_toggled.emit(str(self.path), searched)

    def detail_text(self) -> str:
        return self.detail_label.text()

    def detail_full_text(self) -> str:
        """The detail line before eliding (the whole error, for instance)."""
        if self.error:
            return f"{self.type_label} · {self.error}"
        if self.reading is not None:
            return progress_text(self.path, *self.reading)
        searched = " · searched per question" if self.searched else ""
        if self.file_size is None:
            return f"{self.type_label} · …{searched}"
        return f"{self.type_label} · {human_size(self.file_size)}{searched}"

    def _show_detail(self) -> None:
        full = self.detail_full_text()
        metrics = QFontMetrics(self.detail_label.font())
        shown = metrics.elidedText(full, Qt.TextElideMode.ElideRight, DETAIL_WIDTH)
        self.detail_label.setText(shown)
        self.setToolTip(str(self.path) if shown == full else f"{self.path}\n{full}")


class ResourceChip(QFrame):
    """One attached MCP resource: the plug's tile, "server \u203a name", its URI, and a remove
    button."""

    sig_remove_clicked = Signal(object)
    """The user clicked the chip's ✕: the ``McpResourceRef``."""

    def __init__(
        self,
        ref: McpResourceRef,
        parent: QWidget | None = None,
        *,
        description: str = "",
        mime_type: str = "",
    ) -> None:
        super().__init__(parent)
        self.ref = ref
        self.setObjectName("resource-chip")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.icon = QLabel(self)
        self.icon.setObjectName("attachment-icon")
        self.icon.setFixedSize(THUMBNAIL_SIDE, THUMBNAIL_SIDE)
        self.icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.icon.setPixmap(_tile(*_RESOURCE_TILE, THUMBNAIL_SIDE - 6))
        self.title = f"{ref.server}{SERVER_TOOL_SEPARATOR}{ref.shown_name}"
        self.name_label = QLabel(self)
        self.name_label.setObjectName("attachment-name")
        self.name_label.setTextFormat(Qt.TextFormat.PlainText)
        metrics = QFontMetrics(self.name_label.font())
        self.name_label.setText(
            metrics.elidedText(self.title, Qt.TextElideMode.ElideMiddle, NAME_WIDTH)
        )
        self.detail_label = QLabel(self)
        self.detail_label.setObjectName("attachment-detail")
        self.detail_label.setTextFormat(Qt.TextFormat.PlainText)
        self.detail_label.setStyleSheet("color: palette(placeholder-text)")
        detail = QFontMetrics(self.detail_label.font())
        self.detail_label.setText(
            detail.elidedText(ref.uri, Qt.TextElideMode.ElideMiddle, DETAIL_WIDTH)
        )
        tip = [self.title, ref.uri]
        if mime_type:
            tip.append(mime_type)
        if description:
            tip.append(description)
        self.setToolTip("\n".join(tip))
        self.setAccessibleName(
            translate("ResourceChip", "MCP resource {title}").format(title=self.title)
        )
        self.remove_button = QToolButton(self)
        self.remove_button.setObjectName("remove-attachment")
        self.remove_button.setIcon(icon("x"))
        self.remove_button.setAutoRaise(True)
        self.remove_button.setToolTip(
            translate("ResourceChip", "Remove {title}").format(title=self.title)
        )
        self.remove_button.setAccessibleName(
            translate("ResourceChip", "Remove {title}").format(title=self.title)
        )
        self.remove_button.clicked.connect(lambda: self.sig_remove_clicked.emit(self.ref))
        text = QVBoxLayout()
        text.setContentsMargins(0, 0, 0, 0)
        text.setSpacing(0)
        text.addWidget(self.name_label)
        text.addWidget(self.detail_label)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 2, 2)
        row.setSpacing(6)
        row.addWidget(self.icon)
        row.addLayout(text)
        row.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignTop)

    def detail_text(self) -> str:
        return self.detail_label.text()


class AttachmentStrip(QWidget):
    """A wrapping row of ``AttachmentChip``; hidden while empty."""

    sig_removed = Signal(str)
    """The user removed an attachment with its ✕: the file's path."""

    sig_added = Signal(list)
    """Files were attached: the new chips' paths (``Path``), in order (the controller reads)."""

    def __init__(self, parent: QWidget | None = None, submit: Submit | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("attachments")
        self._submit = submit
        self._chips: dict[Path, AttachmentChip] = {}
        self._resources: dict[tuple[str, str], ResourceChip] = {}
        self._flow = FlowLayout(self)
        self._flow.setContentsMargins(0, 0, 0, 0)
        self.setVisible(False)

    def set_submit(self, submit: Submit | None) -> None:
        """Where blocking reads (sizes, thumbnails) run; ``WorkerBridge.submit`` in the app."""
        self._submit = submit

    def add_paths(self, paths: Iterable[str | Path]) -> list[Path]:
        """Add each path not already attached, in order; return the ones added."""
        added = []
        for raw in paths:
            if not str(raw).strip():
                continue
            path = normalise(raw)
            if path in self._chips:
                continue
            chip = AttachmentChip(path, self)
            chip.sig_remove_clicked.connect(self.remove)
            self._chips[path] = chip
            self._flow.addWidget(chip)
            added.append(path)
            self._probe(chip)
        self._show()
        if added:
            self.sig_added.emit(list(added))
        return added

    def remove(self, path: str | Path) -> None:
        chip = self._chips.pop(normalise(path), None)
        if chip is None:
            return
        self._flow.removeWidget(chip)
        chip.hide()
        chip.deleteLater()
        self._show()
        self.sig_removed.emit(str(chip.path))

    def add_resources(
        self,
        refs: Iterable[McpResourceRef],
        details: dict[tuple[str, str], tuple[str, str]] | None = None,
    ) -> list[McpResourceRef]:
        """Add each MCP resource not already attached (same server and URI), in order; return
        the ones added. ``details`` maps (server, URI) to (description, MIME type) for the
        tooltip."""
        added = []
        for ref in refs:
            key = (ref.server, ref.uri)
            if key in self._resources:
                continue
            description, mime = (details or {}).get(key, ("", ""))
            chip = ResourceChip(ref, self, description=description, mime_type=mime)
            chip.sig_remove_clicked.connect(self.remove_resource)
            self._resources[key] = chip
            self._flow.addWidget(chip)
            added.append(ref)
        self._show()
        return added

    def remove_resource(self, ref: McpResourceRef) -> None:
        """Take an MCP resource off (its ✕)."""
        chip = self._resources.pop((ref.server, ref.uri), None)
        if chip is None:
            return
        self._flow.removeWidget(chip)
        chip.hide()
        chip.deleteLater()
        self._show()

    def resources(self) -> list[McpResourceRef]:
        """The attached MCP resources, in the order they were added."""
        return [chip.ref for chip in self._resources.values()]

    def resource_chip(self, server: str, uri: str) -> ResourceChip | None:
        return self._resources.get((server, uri))

    def clear(self) -> None:
        """Drop every chip, files and resources (after a send); emits no ``sig_removed``."""
        for chip in (*self._chips.values(), *self._resources.values()):
            self._flow.removeWidget(chip)
            chip.hide()
            chip.deleteLater()
        self._chips = {}
        self._resources = {}
        self.setVisible(False)

    def _show(self) -> None:
        self.setVisible(bool(self._chips) or bool(self._resources))

    def paths(self) -> list[Path]:
        return list(self._chips)

    def searched_paths(self) -> list[Path]:
        """The attached files to be searched for each question rather than sent whole (the
        chips' "Search instead of sending whole"), in the order they were attached: the turn's
        ``TurnDraft.retrieval_attachments``."""
        return [path for path, chip in self._chips.items() if chip.searched]

    def chip(self, path: str | Path) -> AttachmentChip | None:
        return self._chips.get(normalise(path))

    def chips(self) -> list[AttachmentChip]:
        return list(self._chips.values())

    def _probe(self, chip: AttachmentChip) -> None:
        if self._submit is None:
            return
        path = chip.path

        def current() -> bool:
            return shiboken6.isValid(self) and self._chips.get(path) is chip

        def done(facts: FileFacts) -> None:
            if current():
                chip.set_facts(facts)

        def failed(exc: BaseException) -> None:
            if current():
                missing = isinstance(exc, FileNotFoundError)
                chip.set_error(
                    translate("AttachmentStrip", "not found")
                    if missing
                    else translate("AttachmentStrip", "cannot read: {exc}").format(exc=exc)
                )

        self._submit(lambda: probe_file(path), done, failed)


class FlowLayout(QLayout):
    """Lays its items out left to right and wraps them onto new rows (height for width)."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._gap = spacing

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), apply=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, apply=True)

    def sizeHint(self) -> QSize:
        return self.minimumSize()

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _arrange(self, rect: QRect, *, apply: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        x, y, row_height = area.x(), area.y(), 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            if x + hint.width() > area.right() + 1 and row_height > 0:
                x, y = area.x(), y + row_height + self._gap
                row_height = 0
            if apply:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._gap
            row_height = max(row_height, hint.height())
        return y + row_height - rect.y() + margins.bottom()

"""The attachment chips: the files a user attached to the prompt being written, shown above it.

Why it exists: before a turn is sent the user must see what goes with it — each file's name, what
kind of file it is and how big — and be able to take one off again. The strip only shows and
forwards: it holds the chosen paths in order and reports removals; the window decides what a send
does with them (it freezes ``paths()`` into the request).

Invariants it keeps:

- ``paths()`` is the attachments in the order they were added, each once (the same path added
  again is ignored);
- the UI thread never touches the file: sizes, image thumbnails and the type's theme icon name are
  read on a worker through the ``submit`` callable it is given (``WorkerBridge.submit``); without
  one, a chip shows the name, the style's file icon and the type only. Thumbnails are decoded
  at a capped size (``QImageReader.setScaledSize``), so a huge photo costs a small image, and
  only off the UI thread;
- a result that arrives for a chip the user already removed is dropped;
- no text can widen a chip past ``NAME_WIDTH``/``DETAIL_WIDTH``: the name and the detail line
  (an error can be a long path) are elided, the whole of both in the tooltip;
- the icon is drawn, never an emoji (a desktop without an emoji font shows those as empty boxes):
  the theme's icon for the type where there is one, else the style's standard file icon.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QMimeDatabase, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QFontMetrics, QIcon, QImage, QImageReader, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

#: ``submit(job, on_done, on_error)``: run ``job`` on a worker, call back on the UI thread.
Submit = Callable[[Callable[[], Any], Callable[[Any], None], Callable[[BaseException], None]], None]

#: The longest side of a chip's thumbnail, in pixels.
THUMBNAIL_SIDE = 40
#: Widest a file name may show before it is elided in the middle (the extension stays visible).
NAME_WIDTH = 180
#: Widest the type/size/error line may show before it is elided at the end.
DETAIL_WIDTH = 220

_IMAGE_EXTENSIONS = frozenset({"png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff"})

# extension -> (glyph, type label)
_KINDS: dict[str, tuple[str, str]] = {
    "pdf": ("📕", "PDF"),
    "doc": ("📝", "Word"),
    "docx": ("📝", "Word"),
    "odt": ("📝", "Document"),
    "rtf": ("📝", "RTF"),
    "epub": ("📘", "EPUB"),
    "xls": ("📊", "Excel"),
    "xlsx": ("📊", "Excel"),
    "ods": ("📊", "Spreadsheet"),
    "csv": ("📊", "CSV"),
    "tsv": ("📊", "TSV"),
    "ppt": ("📽", "PowerPoint"),
    "pptx": ("📽", "PowerPoint"),
    "odp": ("📽", "Slides"),
    "txt": ("📄", "Text"),
    "md": ("📄", "Markdown"),
    "rst": ("📄", "Text"),
    "log": ("📄", "Log"),
    "html": ("🌐", "HTML"),
    "htm": ("🌐", "HTML"),
    "zip": ("🗜", "ZIP"),
    **{ext: ("🖼", f"{'JPEG' if ext == 'jpg' else ext.upper()} image") for ext in _IMAGE_EXTENSIONS},
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
        return _KINDS[ext]
    if ext in _CODE_EXTENSIONS:
        return ("⌨", ext.upper())
    return ("📄", ext.upper() if ext else "File")


def icon_names(path: str | Path) -> tuple[str, ...]:
    """The icon-theme names for the file's type, by extension only. Blocking the first time (it
    loads the MIME database): call on a worker."""
    mime = QMimeDatabase().mimeTypeForFile(str(path), QMimeDatabase.MatchMode.MatchExtension)
    return tuple(n for n in (mime.iconName(), mime.genericIconName()) if n)


def theme_icon(names: tuple[str, ...]) -> QIcon:
    """The desktop theme's icon for the first name it has; null where there is no icon theme."""
    for name in names:
        icon = QIcon.fromTheme(name)
        if not icon.isNull():
            return icon
    return QIcon()


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
    icon_names: tuple[str, ...] = ()


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
    return FileFacts(
        size=stat.st_size, is_file=True, thumbnail=thumbnail, icon_names=icon_names(path)
    )


def normalise(path: str | Path) -> Path:
    """The absolute form of ``path`` used to tell duplicates apart (no file access)."""
    return Path(os.path.abspath(os.path.expanduser(str(path))))


class AttachmentChip(QFrame):
    """One attached file: icon or thumbnail, elided name, type and size, and a remove button."""

    sig_remove_clicked = Signal(str)
    """The user clicked the chip's ✕: the file's path."""

    def __init__(self, path: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.file_size: int | None = None  # not ``size``: that would hide QWidget.size()
        self.error = ""
        self.setObjectName("attachment-chip")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setToolTip(str(path))
        self.glyph, self.type_label = file_kind(path)
        self.has_thumbnail = False

        self.icon = QLabel(self)
        self.icon.setObjectName("attachment-icon")
        self.icon.setFixedSize(THUMBNAIL_SIDE, THUMBNAIL_SIDE)
        self.icon.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # The style's file icon (drawn by Qt, no font needed) until the worker names the theme's
        # icon for the type, if there is one. ``glyph`` stays as the type's symbol for callers.
        standard = self.style().standardIcon(QStyle.StandardPixmap.SP_FileIcon)
        self.icon.setPixmap(standard.pixmap(THUMBNAIL_SIDE - 8))

        self.name_label = QLabel(self)
        self.name_label.setObjectName("attachment-name")
        metrics = QFontMetrics(self.name_label.font())
        self.name_label.setText(
            metrics.elidedText(path.name, Qt.TextElideMode.ElideMiddle, NAME_WIDTH)
        )
        self.detail_label = QLabel(self)
        self.detail_label.setObjectName("attachment-detail")
        self.detail_label.setStyleSheet("color: #666666")

        self.remove_button = QToolButton(self)
        self.remove_button.setObjectName("remove-attachment")
        self.remove_button.setText("✕")
        self.remove_button.setAutoRaise(True)
        self.remove_button.setToolTip(f"Remove {path.name}")
        self.remove_button.clicked.connect(lambda: self.sig_remove_clicked.emit(str(self.path)))

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
        self._show_detail()

    def set_facts(self, facts: FileFacts) -> None:
        if not facts.is_file:
            self.set_error("a folder, not a file")
            return
        self.file_size = facts.size
        if facts.thumbnail is not None:
            self.icon.setPixmap(QPixmap.fromImage(facts.thumbnail))
            self.has_thumbnail = True
        else:
            themed = theme_icon(facts.icon_names)
            if not themed.isNull():
                self.icon.setPixmap(themed.pixmap(THUMBNAIL_SIDE - 8))
        self._show_detail()

    def set_error(self, reason: str) -> None:
        self.error = reason
        self.detail_label.setStyleSheet("color: #c0392b")
        self._show_detail()

    def detail_text(self) -> str:
        return self.detail_label.text()

    def detail_full_text(self) -> str:
        """The detail line before eliding (the whole error, for instance)."""
        if self.error:
            return f"{self.type_label} · {self.error}"
        if self.file_size is None:
            return f"{self.type_label} · …"
        return f"{self.type_label} · {human_size(self.file_size)}"

    def _show_detail(self) -> None:
        full = self.detail_full_text()
        metrics = QFontMetrics(self.detail_label.font())
        shown = metrics.elidedText(full, Qt.TextElideMode.ElideRight, DETAIL_WIDTH)
        self.detail_label.setText(shown)
        self.setToolTip(str(self.path) if shown == full else f"{self.path}\n{full}")


class AttachmentStrip(QWidget):
    """A wrapping row of ``AttachmentChip``; hidden while empty."""

    sig_removed = Signal(str)
    """The user removed an attachment with its ✕: the file's path."""

    def __init__(self, parent: QWidget | None = None, submit: Submit | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("attachments")
        self._submit = submit
        self._chips: dict[Path, AttachmentChip] = {}
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
        self.setVisible(bool(self._chips))
        return added

    def remove(self, path: str | Path) -> None:
        chip = self._chips.pop(normalise(path), None)
        if chip is None:
            return
        self._flow.removeWidget(chip)
        chip.hide()
        chip.deleteLater()
        self.setVisible(bool(self._chips))
        self.sig_removed.emit(str(chip.path))

    def clear(self) -> None:
        """Drop every chip (after a send); emits no ``sig_removed``."""
        for chip in self._chips.values():
            self._flow.removeWidget(chip)
            chip.hide()
            chip.deleteLater()
        self._chips = {}
        self.setVisible(False)

    def paths(self) -> list[Path]:
        return list(self._chips)

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
                chip.set_error("not found" if missing else f"cannot read: {exc}")

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

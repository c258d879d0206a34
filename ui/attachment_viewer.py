"""The attachment viewer: what the model saw of one attached file.

Why it exists: after a turn, a user must be able to check what was actually sent — a PDF whose
text came out garbled, a spreadsheet cut at the row limit, a scan with no text at all. The viewer
shows exactly the ``text`` of the turn's ``attachment_added`` event (the text the model was given,
not a fresh reading of the file), under one header line of metadata; for an image it shows the
image, scaled to fit.

A citation (issue 18) opens it at the excerpt's place (``show_place``): the text scrolls to the
reader's marker of that page or slide (``--- page 117 ---``, ``## Slide 3``) and the excerpt is
highlighted where it is found. A file that was searched rather than sent whole has no text in its
record — the model saw only the excerpts retrieved for each question — so the viewer shows those
excerpts (``excerpts``), each under its own marker, and says so.

Invariants it keeps:

- it is non-modal and read-only; it never re-reads or re-extracts a document;
- the text shown is the event's text, unchanged (monospace, no wrapping of its own lines into
  other characters);
- an image is decoded on a worker (the ``submit`` callable, ``WorkerBridge.submit``) at a capped
  size, through a loader the window gives it; the UI thread only scales the decoded image;
- a result arriving after the viewer was closed and deleted is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QColor,
    QFontDatabase,
    QImage,
    QPixmap,
    QResizeEvent,
    QTextCharFormat,
    QTextCursor,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QSizePolicy,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from parley.domain.transcript.canonical import AttachmentAdded
from parley.domain.transcript.excerpts import Excerpt
from parley.ui.i18n import translate
from parley.ui.transcript import attachment_details, attachment_error
from parley.ui.transcript.attachment_text import SEARCHED
from parley.ui.widgets.attachment_chips import Submit

#: ``load()`` -> ``(image, note)``: decodes the image (blocking; runs on a worker). ``note`` says
#: where the image came from when it is not the stored copy ("" otherwise).
ImageLoader = Callable[[], tuple[QImage, str]]

#: Largest side an image is decoded at for viewing.
VIEW_MAX_SIDE = 2048


def place_marker(unit: str, number: int) -> re.Pattern[str] | None:
    """The line a reader starts a page or a slide with (``--- page 117 ---``, ``## Slide 3`` or
    ``## Slide 3: title``; the viewer's own excerpt headings add `` excerpt [n]``), as a
    pattern; None for a unit with no numbered marker."""
    unit = unit.lower().removesuffix("s")
    if number <= 0:
        return None
    if unit == "page":
        return re.compile(rf"^--- page {number} ---(?:[ \t].*)?$", re.M)
    if unit == "slide":
        return re.compile(rf"^## Slide {number}(?:[: \t].*)?$", re.M)
    return None


def excerpts_text(excerpts: Sequence[Excerpt]) -> str:
    """What the model saw of a searched file: each excerpt under the marker of its place (the
    reader's own form, so ``show_place`` finds it) or its location."""
    parts = []
    for excerpt in excerpts:
        unit = excerpt.unit.lower().removesuffix("s")
        if unit == "page" and excerpt.unit_number:
            marker = f"--- page {excerpt.unit_number} ---"
        elif unit == "slide" and excerpt.unit_number:
            marker = f"## Slide {excerpt.unit_number}"
        else:
            marker = f"--- {excerpt.location or 'excerpt'} ---"
        parts.append(f"{marker} excerpt [{excerpt.number}]\n{excerpt.text}")
    return "\n\n".join(parts)


def header_line(event: AttachmentAdded) -> str:
    """One line of metadata: name, type, size, pages, characters, extractor, truncation."""
    parts = [event.name]
    details = attachment_details(event)
    if details:
        parts.append(details)
    if event.retrieval:
        parts.append(translate("AttachmentText", SEARCHED))
    elif not event.image_media_type and not (event.error or event.error_kind):
        parts.append(
            translate("AttachmentViewer", "{count:,} characters").format(
                count=len(event.text) or event.chars
            )
        )
    if event.extractor:
        parts.append(
            translate("AttachmentViewer", "read by {extractor}").format(extractor=event.extractor)
        )
    if event.truncated:
        parts.append(translate("AttachmentViewer", "truncated"))
    return " · ".join(parts)


class _ScaledImage(QLabel):
    """Shows a pixmap scaled to fit the label, keeping its aspect ratio, never above 100 %."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pixmap = QPixmap()
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setMinimumSize(64, 64)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)

    def set_image(self, image: QImage) -> None:
        self._pixmap = QPixmap.fromImage(image)
        self._rescale()

    @property
    def source_size(self) -> tuple[int, int]:
        return (self._pixmap.width(), self._pixmap.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._rescale()

    def _rescale(self) -> None:
        if self._pixmap.isNull():
            return
        box = self.size()
        if self._pixmap.width() <= box.width() and self._pixmap.height() <= box.height():
            self.setPixmap(self._pixmap)
            return
        self.setPixmap(
            self._pixmap.scaled(
                box, Qt.AspectRatioMode.KeepAspectRatio, Qt.TransformationMode.SmoothTransformation
            )
        )


class AttachmentViewer(QDialog):
    """A non-modal window showing one attachment as the model saw it."""

    def __init__(
        self,
        event: AttachmentAdded,
        *,
        load_image: ImageLoader | None = None,
        submit: Submit | None = None,
        parent: QWidget | None = None,
        excerpts: Sequence[Excerpt] = (),
    ) -> None:
        super().__init__(parent)
        self.attachment = event
        self.setObjectName("attachment-viewer")
        self.setModal(False)
        self.setWindowTitle(
            translate("AttachmentViewer", "{name} — what the model saw").format(name=event.name)
        )
        self.resize(760, 620)

        self.header = QLabel(header_line(event), self)
        self.header.setObjectName("attachment-header")
        self.header.setWordWrap(True)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note = QLabel("", self)
        self.note.setObjectName("attachment-note")
        self.note.setWordWrap(True)
        self.note.setVisible(False)
        self.text_view = QPlainTextEdit(self)
        self.text_view.setObjectName("attachment-text")
        self.text_view.setReadOnly(True)
        self.text_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.text_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.image_view = _ScaledImage(self)
        self.image_view.setObjectName("attachment-image")
        self.image_loaded = False
        #: Where ``show_place`` went (unit, number), and the excerpt it highlighted (positions).
        self.place: tuple[str, int] | None = None
        self.highlighted: tuple[int, int] | None = None
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.note)
        layout.addWidget(self.text_view, 1)
        layout.addWidget(self.image_view, 1)
        layout.addWidget(buttons)

        failed = bool(event.error or event.error_kind)
        is_image = bool(event.image_media_type) and not failed
        self.text_view.setVisible(not is_image)
        self.image_view.setVisible(is_image)
        if failed:
            self._show_note(
                translate("AttachmentViewer", "Not sent to the model — {attachment_error}").format(
                    attachment_error=attachment_error(event)
                ),
                error=True,
            )
        elif event.truncated:
            self._show_note(
                translate(
                    "AttachmentViewer",
                    "The file was longer than the limit: the model saw only the text below.",
                ),
                error=False,
            )
        if not is_image:
            if not event.text and excerpts:
                # Searched, not sent whole: what the model saw is the excerpts.
                self._show_note(
                    translate(
                        "AttachmentViewer",
                        "This file was searched for each question rather than sent whole: below "
                        "are "
                        "the excerpts the model was given for this answer.",
                    ),
                    error=False,
                )
                self.text_view.setPlainText(excerpts_text(excerpts))
            else:
                self.text_view.setPlainText(event.text)
            if not self.text_view.document().characterCount() > 1:
                self.text_view.setPlaceholderText(translate("AttachmentViewer", "(no text)"))
        elif load_image is None or submit is None:
            self._show_note(
                translate("AttachmentViewer", "The image cannot be shown here."), error=True
            )
        else:
            self.image_view.setText(translate("AttachmentViewer", "Loading…"))
            submit(load_image, self._on_image, self._on_image_failed)

    def show_place(self, unit: str, number: int, excerpt: str = "") -> bool:
        """Scroll the text to the marker of page or slide ``number`` (``unit``) and highlight
        ``excerpt`` where it is found after it (its first line, if the whole is not found as
        shown: a reader may have wrapped it). False when the place is not in the text."""
        text = self.shown_text()
        start = -1
        pattern = place_marker(unit, number)
        if pattern is not None:
            match = pattern.search(text)
            start = match.start() if match is not None else -1
        # (As the text view holds it: a carriage return or a line separator is a line break.)
        needle = re.sub(r"\r\n?|[\u2028\u2029]", "\n", excerpt).strip()
        if needle:
            found = text.find(needle, max(0, start))
            if found < 0:
                needle = needle.splitlines()[0][:200].strip()
                found = text.find(needle, max(0, start)) if needle else -1
            if found >= 0:
                start = found if start < 0 else start
                self._highlight(found, found + len(needle))
        if start < 0:
            return False
        # The end of the text first, then the place: scrolled to, it is the first line shown.
        view = self.text_view
        cursor = QTextCursor(view.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        view.setTextCursor(cursor)
        view.ensureCursorVisible()
        cursor.setPosition(start)
        view.setTextCursor(cursor)
        view.ensureCursorVisible()
        self.place = (unit, number)
        return True

    def _highlight(self, start: int, end: int) -> None:
        selection = QTextEdit.ExtraSelection()
        cursor = QTextCursor(self.text_view.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        selection.cursor = cursor
        fmt = QTextCharFormat()
        fmt.setBackground(QColor("#fff3b0"))
        fmt.setForeground(QColor("#1f2328"))
        selection.format = fmt
        self.text_view.setExtraSelections([selection])
        self.highlighted = (start, end)

    def shown_text(self) -> str:
        """The text shown, exactly (``toPlainText`` would turn no-break spaces into spaces)."""
        return self.text_view.document().toRawText().replace("\u2029", "\n")

    def _show_note(self, text: str, *, error: bool) -> None:
        self.note.setText(text)
        self.note.setStyleSheet("color: #c0392b" if error else "color: #a86b00")
        self.note.setVisible(True)

    def _on_image(self, loaded: tuple[QImage, str]) -> None:
        if not shiboken6.isValid(self):
            return
        image, note = loaded
        if image.isNull():
            self._on_image_failed(OSError("the image could not be decoded"))
            return
        self.image_view.setText("")
        self.image_view.set_image(image)
        self.image_loaded = True
        if note:
            self._show_note(note, error=False)

    def _on_image_failed(self, exc: BaseException) -> None:
        if not shiboken6.isValid(self):
            return
        self.image_view.setText("")
        self._show_note(
            translate("AttachmentViewer", "The image cannot be shown: {exc}").format(exc=exc),
            error=True,
        )

"""The attachments controller: pasted images, dropped files, the viewer, the workspace, sandbox.

Why it exists: files reach a turn as paths in the composer (ADR-004). A pasted image must first
become a file, a drop anywhere on the window must reach the composer, a sent attachment can be
opened to see what the model saw, and the tools' workspace and sandbox state sit beside the
pickers. This controller does those, forwarding to the composer and the viewer; the window's
drag-and-drop overrides only delegate here.

Invariants it keeps:

- files are written and images decoded on a worker (``submit``); the viewer loads pixels on a
  worker too (``image_loader`` returns the job, it does not run it);
- the drag-and-drop handlers are called from C++ (the window's overrides): they catch every
  exception, since one escaping there would take the process down (PySide 6.11);
- the workspace is the tools' folder and where the Attach dialog opens; the sandbox line shows
  only once probed and while the chosen tools may run commands;
- tools need a workspace (the runtime offers none without one), so the two move together:
  setting a workspace while tools are off turns them on ("All tools", gated as chosen), and
  clearing it turns them off. The tools control (``ui/widgets/tools_control.py``) shows the
  result.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, QObject, Slot
from PySide6.QtGui import QDropEvent, QImage
from PySide6.QtWidgets import QFileDialog

from parley.application.ports.tools import SandboxStatus
from parley.application.tools.specs import TOOL_SETS
from parley.domain.transcript.canonical import AttachmentAdded, StoredEvent

if TYPE_CHECKING:
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent

    from parley.ui.attachment_viewer import AttachmentViewer, ImageLoader
    from parley.ui.main_window import MainWindow

log = logging.getLogger(__name__)


class AttachmentsController(QObject):
    """See the module docstring."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        self.viewers: list[AttachmentViewer] = []
        self.sandbox: SandboxStatus | None = None
        window.composer.sig_image_pasted.connect(self._on_image_pasted)
        window.transcript.sig_attachment_requested.connect(self.open_attachment)
        window.workspace_button.clicked.connect(self._choose_workspace)
        window.clear_workspace_button.clicked.connect(lambda: self.set_workspace(None))
        window.tools_picker.currentIndexChanged.connect(lambda _i: self.show_sandbox())
        window.setAcceptDrops(True)  # files dropped anywhere on the window go to the composer

    # -- pasted and dropped files ------------------------------------------------------------------

    @Slot(QImage)
    def _on_image_pasted(self, image: QImage) -> None:
        """Write a pasted image to ``<data dir>/pasted/<timestamp>.png`` on a worker, then attach
        the file."""
        folder = self.w.services.data_dir / "pasted"
        image = image.copy()  # the worker's own copy

        def save() -> Path:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}.png"
            # The stub says bytes; PySide 6.11 accepts only str at run time.
            if not image.save(str(path), "PNG"):  # type: ignore[call-overload]
                raise OSError(f"could not write {path}")
            return path

        self.w.bridge.submit(
            save,
            lambda path: self.w.composer.add_attachments([path]),
            lambda exc: self.w._show_status(f"Cannot keep the pasted image: {exc}", error=True),
        )

    def drag(self, event: QDragEnterEvent | QDragMoveEvent) -> None:
        """A drag over the window (called from the window's override: nothing may escape)."""
        self._answer(event, self.w.composer.can_accept)

    def drop(self, event: QDropEvent) -> None:
        """A drop on the window: the composer takes the files it can attach."""
        self._answer(event, self.w.composer.accept_mime)

    def _answer(self, event: QDropEvent, take: Callable[[QMimeData], bool]) -> None:
        try:
            if take(event.mimeData()):
                event.acceptProposedAction()
                return
        except Exception:
            log.exception("a drag or drop could not be handled")
        event.ignore()

    # -- the viewer --------------------------------------------------------------------------------

    @Slot(object)
    def open_attachment(self, stored: StoredEvent) -> AttachmentViewer | None:
        """Show what the model saw of one attachment, in a non-modal viewer."""
        from parley.ui.attachment_viewer import AttachmentViewer

        event = stored.event
        if not isinstance(event, AttachmentAdded):
            return None
        viewer = AttachmentViewer(
            event, load_image=self.image_loader(event), submit=self.w.bridge.submit, parent=self.w
        )
        self.viewers.append(viewer)
        viewer.finished.connect(lambda _r, v=viewer: self._forget_viewer(v))
        viewer.show()
        viewer.raise_()
        return viewer

    def _forget_viewer(self, viewer: AttachmentViewer) -> None:
        if viewer in self.viewers:
            self.viewers.remove(viewer)
        viewer.deleteLater()

    def image_loader(self, event: AttachmentAdded) -> ImageLoader | None:
        """How the viewer gets an image attachment's pixels (called on a worker): the stored copy
        when the services can locate it, else the original file (which may have changed)."""
        if not event.image_media_type:
            return None
        locate: Callable[[str], Path] | None = getattr(self.w.services, "attachment_path", None)

        def load() -> tuple[QImage, str]:
            from parley.ui.attachment_viewer import VIEW_MAX_SIDE
            from parley.ui.widgets.attachment_chips import load_scaled_image

            stored = None
            if callable(locate) and event.sha256:
                try:
                    stored = Path(locate(event.sha256))
                except (OSError, KeyError, ValueError):
                    stored = None
            if stored is not None and stored.is_file():
                return load_scaled_image(stored, VIEW_MAX_SIDE), ""
            if not event.source_path:
                raise FileNotFoundError("the stored copy of this image cannot be found")
            note = (
                "Showing the original file, not the copy that was sent; it may have changed since."
            )
            return load_scaled_image(event.source_path, VIEW_MAX_SIDE), note

        return load

    # -- the workspace and the sandbox -------------------------------------------------------------

    def set_workspace(self, folder: Path | None) -> None:
        """The tools' folder (None: no workspace, so no tools)."""
        w = self.w
        w.workspace = folder
        w.composer.workspace = folder  # where the Attach dialog opens
        picker = w.tools_picker
        if folder is None:
            picker.setCurrentIndex(picker.findData("none"))
        elif picker.currentData() == "none":
            picker.setCurrentIndex(picker.findData("all"))
        w.tools_control.show_workspace(folder)

    @Slot()
    def _choose_workspace(self) -> None:
        chosen = QFileDialog.getExistingDirectory(
            self.w, "Workspace for the model's tools", str(self.w.workspace or Path.home())
        )
        if chosen:
            self.set_workspace(Path(chosen))

    def show_sandbox(self, status: SandboxStatus | None = None) -> None:
        """The sandbox line beside the pickers (shown once probed, while commands may run)."""
        if status is not None:
            self.sandbox = status
        status = self.sandbox
        label = self.w.sandbox_label
        allowed = TOOL_SETS[self.w.tools_picker.currentData()]
        runs_commands = allowed is None or "run_command" in allowed
        if status is None or not runs_commands:
            label.hide()
            self.w.tools_control.refresh()
            return
        if status.available:
            label.setText(f"Commands run sandboxed ({status.mechanism})")
            label.setToolTip(
                "Each command runs in an operating-system sandbox: your home folder is hidden,"
                " there is no network unless you allow a command that needs it, and it writes"
                " only where the permission prompt says."
            )
            label.setStyleSheet("color: palette(placeholder-text)")
        else:
            install = f" (install '{status.missing_package}')" if status.missing_package else ""
            label.setText(f"No sandbox on this system: every command asks{install}")
            label.setToolTip(
                f"{status.reason[:1].upper()}{status.reason[1:]}. Commands would run with your"
                " permissions, so Parley asks before each one."
            )
            label.setStyleSheet("color: #a86b00")
        label.show()
        self.w.tools_control.refresh()

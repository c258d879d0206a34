"""The attachments controller: pasted images, dropped files, the viewer, the workspace, sandbox.

Why it exists: files reach a turn as paths in the composer (ADR-004). A pasted image must first
become a file, a drop anywhere on the window must reach the composer, a sent attachment can be
opened to see what the model saw, and the tools' workspace and sandbox state sit beside the
pickers. This controller does those, forwarding to the composer and the viewer; the window's
drag-and-drop overrides only delegate here.

Invariants it keeps:

- files are written and images decoded on a worker (``submit``); the viewer loads pixels on a
  worker too (``image_loader`` returns the job, it does not run it);
- a citation in an answer opens the viewer at the cited page or slide, the excerpt highlighted
  (``open_citation``); a file searched rather than sent whole shows the excerpts the answer was
  given (its record holds no text);
- the drag-and-drop handlers are called from C++ (the window's overrides): they catch every
  exception, since one escaping there would take the process down (PySide 6.11);
- the workspace is the tools' folder and where the Attach dialog opens; the sandbox line shows
  only once probed and while the chosen tools may run commands;
- an attached file is read at once, in the background, by the runtime's own reader (the same
  child process, limits and remembered result the turn uses, so Send does not read it twice:
  a turn sent while the file is still being read waits for that same reading). Each read runs
  on its own thread (never the bridge's small pool, which a 30-second read would block); its
  progress and end reach the UI thread only as this controller's queued signals, through a gate
  closed when the window goes, and only the chip it was started for — if still attached — shows
  them. The chip shows "Reading…" only once a read has taken ``SHOW_READING_MS`` (a quick read
  does not flicker); its ✕ cancels the read (the child is killed). Outcomes are not shown on
  the chip: a file that cannot be used still fails the turn at Send, naming it, as before.
  Reads whose chips went with a Send end with that turn (the turn has had its result by then);
- tools need a workspace (the runtime offers none without one), so the two move together:
  setting a workspace while tools are off turns them on ("All tools", gated as chosen), and
  clearing it turns them off. The tools control (``ui/widgets/tools_control.py``) shows the
  result;
- MCP resources are attached from the paperclip's menu, which offers them only while the
  conversation has MCP servers chosen (Tools) that are turned on: the picker
  (``ui/widgets/mcp_resource_picker.py``) lists those servers' resources, each server on a
  thread of its own (a slow server must not hold the bridge's small pool), results back on the
  UI thread through the same gate; what is chosen becomes chips, and Send freezes them into the
  request's ``mcp_resources`` (the turn reads them, not the window).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMimeData, QObject, QTimer, Signal, Slot
from PySide6.QtGui import QDropEvent, QImage
from PySide6.QtWidgets import QFileDialog

from parley.application.mcp.model import McpServerConfig
from parley.application.ports.attachments import ExtractedAttachment
from parley.application.ports.tools import SandboxStatus
from parley.application.tools.specs import TOOL_SETS
from parley.domain.transcript.canonical import AttachmentAdded, StoredEvent
from parley.ui.bridge import EmitGate
from parley.ui.i18n import translate

if TYPE_CHECKING:
    from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent

    from parley.application.conversations.turn_runtime import TurnRuntime
    from parley.ui.attachment_viewer import AttachmentViewer, ImageLoader
    from parley.ui.main_window import MainWindow
    from parley.ui.transcript.view import Citation
    from parley.ui.widgets.mcp_resource_picker import McpResourcePicker

log = logging.getLogger(__name__)

#: A read shows its progress on the chip once it has taken this long (a quick one never does).
SHOW_READING_MS = 400

#: Attached files read at the same time, at most (each in a child process with its own memory
#: limit): a folder of fifty files must not start fifty children.
READS_AT_ONCE = 2
_READ_SLOTS = threading.BoundedSemaphore(READS_AT_ONCE)


@dataclass(eq=False)
class _Read:
    """One background read of an attached file, as the UI thread tracks it."""

    path: Path
    cancel: threading.Event = field(default_factory=threading.Event)
    progress: tuple[int, int] = (0, 0)
    shown: bool = False  # the chip shows it (after SHOW_READING_MS)
    done: bool = False


class AttachmentsController(QObject):
    """See the module docstring."""

    _sig_read_progress = Signal(object, int, int)
    """Internal, from a read thread: ``(_Read, done, total)``."""
    _sig_read_done = Signal(object, object)
    """Internal, from a read thread: ``(_Read, ExtractedAttachment | None)``."""
    _sig_job_done = Signal(object, object, object)
    """Internal, from a job's thread: ``((on_done, on_error), result, error)``."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.w = window
        self.viewers: list[AttachmentViewer] = []
        self.sandbox: SandboxStatus | None = None
        #: Background reads of attached files by path (the chip's current read).
        self.reads: dict[Path, _Read] = {}
        #: The open MCP resource picker, if any.
        self.picker: McpResourcePicker | None = None
        self._gate = EmitGate()
        window.destroyed.connect(self._gate.close)
        window.destroyed.connect(self._cancel_all)
        self._sig_read_progress.connect(self._on_read_progress)
        self._sig_read_done.connect(self._on_read_done)
        self._sig_job_done.connect(self._on_job_done)
        chips = window.composer.chips
        chips.sig_added.connect(self.read_in_background)
        chips.sig_removed.connect(self.cancel_read)
        window.bridge.sig_turn_finished.connect(self._end_orphan_reads)
        window.composer.sig_image_pasted.connect(self._on_image_pasted)
        window.composer.mcp_resources_available = lambda: bool(self.resource_servers())
        window.composer.sig_mcp_resources_requested.connect(self.choose_mcp_resources)
        window.transcript.sig_attachment_requested.connect(self.open_attachment)
        window.transcript.sig_citation_requested.connect(self.open_citation)
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
            lambda exc: self.w._show_status(
                translate("AttachmentsController", "Cannot keep the pasted image: {exc}").format(
                    exc=exc
                ),
                error=True,
            ),
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

    # -- reading attached files in the background ----------------------------------------------

    def _runtime(self) -> TurnRuntime | None:
        # The window may paint before its services exist (ui/window_start.py): no runtime yet.
        services = self.w.services
        return services.runtime if services is not None else None

    @Slot(list)
    def read_in_background(self, paths: list[Path]) -> None:
        """Start reading each newly attached file on its own thread (see the module docstring)."""
        runtime = self._runtime()
        reader = runtime.attachment_reader if runtime is not None else None
        if runtime is None or reader is None or self._gate.closed:
            return
        limits = runtime.attachment_limits  # the same as Send's, so Send finds this read
        gate, progressed, ended = self._gate, self._sig_read_progress, self._sig_read_done
        for path in paths:
            self.cancel_read(path)  # a path attached again starts afresh
            read = _Read(Path(path))
            self.reads[read.path] = read

            def run(read: _Read = read) -> None:  # a read thread: emits only, through the gate
                result: ExtractedAttachment | None = None
                try:

                    def report(done: int, total: int) -> None:
                        gate.emit(progressed, read, done, total)

                    # A folder attaches many files at once: at most READS_AT_ONCE reader
                    # children run together (each may use up to the memory limit); the others
                    # wait here, and a cancel while waiting ends the wait.
                    while not _READ_SLOTS.acquire(timeout=0.1):
                        if read.cancel.is_set():
                            break
                    else:
                        try:
                            result = reader.read(read.path, limits, read.cancel, on_progress=report)
                        finally:
                            _READ_SLOTS.release()
                except Exception:
                    log.exception("reading %s in the background failed", read.path)
                gate.emit(ended, read, result)

            threading.Thread(target=run, name="parley-attachment-preread", daemon=True).start()
            QTimer.singleShot(SHOW_READING_MS, self, lambda read=read: self._show_reading(read))

    def cancel_read(self, path: str | Path) -> None:
        """Stop the background read of ``path`` (its chip's ✕): the reader kills the child."""
        from parley.ui.widgets.attachment_chips import normalise

        read = self.reads.pop(normalise(path), None)
        if read is not None:
            read.cancel.set()

    def _current(self, read: _Read) -> bool:
        return self.reads.get(read.path) is read and not read.done

    def _show_reading(self, read: _Read) -> None:
        if not self._current(read):
            return
        read.shown = True
        chip = self.w.composer.chips.chip(read.path)
        if chip is not None:
            chip.set_reading(*read.progress)

    @Slot(object, int, int)
    def _on_read_progress(self, read: _Read, done: int, total: int) -> None:
        if not self._current(read):
            return
        read.progress = (done, total)
        chip = self.w.composer.chips.chip(read.path) if read.shown else None
        if chip is not None:
            chip.set_reading(done, total)

    @Slot(object, object)
    def _on_read_done(self, read: _Read, _result: ExtractedAttachment | None) -> None:
        read.done = True
        if self.reads.get(read.path) is not read:
            return  # removed (and cancelled) meanwhile, or attached again
        del self.reads[read.path]
        chip = self.w.composer.chips.chip(read.path)
        if chip is not None:
            chip.set_read_done()

    @Slot(object)
    def _end_orphan_reads(self, _outcome: object) -> None:
        """A turn ended: reads of files no longer attached (sent with it) are not needed now."""
        attached = set(self.w.composer.attachments())
        for path in [p for p in self.reads if p not in attached]:
            self.cancel_read(path)

    def _cancel_all(self, *_args: object) -> None:
        for read in list(self.reads.values()):
            read.cancel.set()
        self.reads.clear()

    # -- MCP resources -----------------------------------------------------------------------------

    def resource_servers(self) -> list[McpServerConfig]:
        """The servers whose resources may be attached now: chosen for this conversation
        (Tools) and turned on in Settings, in the configured order."""
        chosen = set(self.w.tools_control.mcp_servers)
        return [c for c in self.w.settings.mcp_servers if c.name in chosen and c.enabled]

    @Slot()
    def choose_mcp_resources(self) -> McpResourcePicker | None:
        """Open the picker over this conversation's servers (window-modal, not blocking); the
        chosen resources become chips when it is accepted."""
        from parley.ui.widgets.mcp_resource_picker import McpResourcePicker

        services = self.w.services
        servers = self.resource_servers()
        client = services.mcp if services is not None else None
        if client is None or not servers:
            self.w._show_status(
                translate(
                    "AttachmentsController",
                    "Choose an MCP server for this conversation first (Tools → MCP servers).",
                )
                if client is not None or services is None
                else translate(
                    "AttachmentsController", "This installation of Parley has no MCP client."
                )
            )
            return None

        def list_resources(config: McpServerConfig) -> Any:  # on the job's own thread
            return client.resources(config, timeout_s=min(config.timeout_s, 60.0))

        def log_path(name: str) -> str:
            return str(client.log_path(name))

        attached = [(r.server, r.uri) for r in self.w.composer.chips.resources()]
        picker = McpResourcePicker(
            servers,
            list_resources,
            self.run_on_thread,
            log_path=log_path,
            attached=attached,
            parent=self.w,
        )
        self.picker = picker
        picker.accepted.connect(lambda: self._attach_resources(picker))
        picker.finished.connect(lambda _result: self._forget_picker(picker))
        picker.open()
        return picker

    def _attach_resources(self, picker: McpResourcePicker) -> None:
        chosen = picker.chosen()
        details = {(r.server, r.uri): (r.description, r.mime_type) for r in chosen}
        self.w.composer.chips.add_resources(picker.chosen_refs(), details)

    def _forget_picker(self, picker: McpResourcePicker) -> None:
        if self.picker is picker:
            self.picker = None
        picker.deleteLater()

    def run_on_thread(
        self,
        job: Callable[[], Any],
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
    ) -> None:
        """Run ``job`` on a thread of its own (it may wait on a server for a long time) and call
        ``on_done(result)`` or ``on_error(exc)`` on the UI thread — unless the window went."""
        gate, done = self._gate, self._sig_job_done
        if gate.closed:
            return

        def run() -> None:  # the job's thread: emits only, through the gate
            try:
                result = job()
            except Exception as exc:
                gate.emit(done, (on_done, on_error), None, exc)
            else:
                gate.emit(done, (on_done, on_error), result, None)

        threading.Thread(target=run, name="parley-mcp-resources", daemon=True).start()

    @Slot(object, object, object)
    def _on_job_done(self, callbacks: Any, result: Any, error: Any) -> None:
        on_done, on_error = callbacks
        try:
            if error is None:
                on_done(result)
            else:
                on_error(error)
        except Exception:  # a slot must not let an exception into Qt
            log.exception("showing the result of a background job failed")

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

    @Slot(object)
    def open_citation(self, citation: Citation) -> AttachmentViewer | None:
        """Show the document a citation names at the excerpt's place: the attachment's viewer
        scrolled to the page or slide, the excerpt highlighted. An excerpt from no attachment of
        this conversation (a knowledge folder's file) shows the excerpts alone."""
        from parley.ui.attachment_viewer import AttachmentViewer

        excerpt = citation.source.excerpt
        record = citation.attachment
        event = record.event if record is not None else None
        if not isinstance(event, AttachmentAdded):
            event = AttachmentAdded(
                name=excerpt.name,
                sha256=excerpt.document,
                source_path=excerpt.source_path,
                retrieval=True,
            )
        viewer = AttachmentViewer(
            event,
            load_image=self.image_loader(event),
            submit=self.w.bridge.submit,
            parent=self.w,
            excerpts=citation.excerpts,
        )
        self.viewers.append(viewer)
        viewer.finished.connect(lambda _r, v=viewer: self._forget_viewer(v))
        viewer.show()
        viewer.raise_()
        viewer.show_place(excerpt.unit, excerpt.unit_number, excerpt.text)
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
                raise FileNotFoundError(
                    translate(
                        "AttachmentsController", "the stored copy of this image cannot be found"
                    )
                )
            note = translate(
                "AttachmentsController",
                "Showing the original file, not the copy that was sent; it may have changed since.",
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
            self.w,
            translate("AttachmentsController", "Workspace for the model's tools"),
            str(self.w.workspace or Path.home()),
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
            label.setText(
                translate("AttachmentsController", "Commands run sandboxed ({mechanism})").format(
                    mechanism=status.mechanism
                )
            )
            label.setToolTip(
                translate(
                    "AttachmentsController",
                    "Each command runs in an operating-system sandbox: your home folder is hidden,"
                    " there is no network unless you allow a command that needs it, and it writes"
                    " only where the permission prompt says.",
                )
            )
            label.setStyleSheet("color: palette(placeholder-text)")
        else:
            install = f" (install '{status.missing_package}')" if status.missing_package else ""
            label.setText(
                translate(
                    "AttachmentsController",
                    "No sandbox on this system: every command asks{install}",
                ).format(install=install)
            )
            label.setToolTip(
                translate(
                    "AttachmentsController",
                    "{reason}. Commands would run with your permissions, so Parley asks "
                    "before each one.",
                ).format(reason=status.reason[:1].upper() + status.reason[1:])
            )
            label.setStyleSheet("color: #a86b00")
        label.show()
        self.w.tools_control.refresh()

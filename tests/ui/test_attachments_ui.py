"""Attachments in the window: chips, drop, paste, send, the transcript's lines and the viewer.

Real widgets, a real window wired by the composition root, real files on disk and, for sending, a
local OpenAI-compatible server. Events for saved conversations are built directly, so the
transcript and the viewer are checked against exactly the ``attachment_added`` they were given.
"""

from __future__ import annotations

import itertools
import json
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QColor, QDragEnterEvent, QDropEvent, QFontDatabase, QImage
from PySide6.QtWidgets import QApplication

from parley.domain.transcript.canonical import (
    AssistantText,
    AttachmentAdded,
    StoredEvent,
    TurnFinished,
    TurnStarted,
    UserMessage,
)
from parley.ui.attachment_viewer import AttachmentViewer
from parley.ui.widgets import composer as composer_module
from tests.support.sse_server import fixture_path, openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready

#: The largest pause of the UI thread the responsiveness test accepts (CI machines are slow).
MAX_UI_GAP_S = 0.250


def _files(folder: Path, **contents: bytes) -> dict[str, Path]:
    out = {}
    for name, data in contents.items():
        path = folder / name.replace("_", ".")
        path.write_bytes(data)
        out[name] = path
    return out


def _url_mime(*paths: Path) -> QMimeData:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    return mime


def _drag_and_drop(target, mime: QMimeData) -> bool:
    """Drag ``mime`` onto ``target`` and drop it there (Qt delivers a drop only after an
    accepted drag-enter); True if both were accepted. The caller keeps ``mime`` alive."""
    enter = QDragEnterEvent(
        QPoint(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(target, enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(target, drop)
    return drop.isAccepted()


def _stored(seq: int, event, turn_id: str = "t1", session_id: str = "s1") -> StoredEvent:
    return StoredEvent(
        id=seq,
        ts=f"2026-12-01T10:00:{seq:02d}Z",
        session_id=session_id,
        turn_id=turn_id,
        event=event,
    )


def _colour_of(view, text: str) -> QColor:
    """The foreground colour of ``text``'s first occurrence in a text view's document."""
    found = view.document().find(text)
    assert not found.isNull(), text
    return found.charFormat().foreground().color()


def write_pdf(path: Path, pages: list[list[str]]) -> None:
    """A minimal valid PDF (Helvetica text, correct xref offsets), one list of lines per page."""
    count = len(pages)
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(count))
    bodies = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {count} >>".encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    for i, lines in enumerate(pages):
        ops = ["BT", "/F1 12 Tf", "14 TL", "72 720 Td"]
        ops += [f"({line}) Tj T*" for line in lines]
        ops.append("ET")
        stream = "\n".join(ops).encode("latin-1")
        bodies.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            f"/Resources << /Font << /F1 3 0 R >> >> /Contents {5 + 2 * i} 0 R >>".encode()
        )
        bodies.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(bodies, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(bodies) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(bodies) + 1,
        xref,
    )
    path.write_bytes(bytes(out))


def _skip_without_a_reader(outcome) -> None:
    """The runtime reads attachments through a reader the composition root wires; until the
    extraction adapter lands, a turn with files fails with this message."""
    if outcome.status == "failed" and "cannot read attachments" in outcome.error:
        pytest.skip(f"no attachment reader is wired into the runtime yet ({outcome.error})")


# -- composer: adding and removing ----------------------------------------------------------------


def test_attach_by_call_drop_and_paperclip_then_remove_with_the_cross(
    qtbot, window, tmp_path, monkeypatch
):
    files = _files(
        tmp_path,
        a_txt=b"hello",
        b_csv=b"x,y\n1,2\n",
        c_pdf=b"%PDF-1.4\n" + b"0" * 3000,
        d_md=b"# notes",
        e_py=b"print(1)",
    )
    composer = window.composer
    assert composer.chips.isHidden()

    # By a call; the same path twice is attached once.
    added = composer.add_attachments([files["a_txt"], files["b_csv"], files["a_txt"]])
    assert added == [files["a_txt"], files["b_csv"]]
    assert composer.attachments() == [files["a_txt"], files["b_csv"]]
    assert not composer.chips.isHidden()
    # Sizes arrive from a worker.
    chip_a = composer.chips.chip(files["a_txt"])
    qtbot.waitUntil(lambda: chip_a.detail_text() == "Text · 5 B", timeout=5000)
    chip_b = composer.chips.chip(files["b_csv"])
    qtbot.waitUntil(lambda: chip_b.detail_text() == "CSV · 8 B", timeout=5000)
    assert chip_a.name_label.text() == "a.txt"
    assert chip_a.glyph == "📄"  # shown where the desktop has no icon theme

    # By dropping files on the composer (a duplicate in the drop is ignored too).
    mime = _url_mime(files["c_pdf"], files["a_txt"])
    assert _drag_and_drop(composer, mime)
    assert composer.attachments() == [files["a_txt"], files["b_csv"], files["c_pdf"]]
    chip_c = composer.chips.chip(files["c_pdf"])
    qtbot.waitUntil(lambda: chip_c.detail_text() == "PDF · 2.9 KB", timeout=5000)

    # Files dropped on the prompt itself are attached too, not inserted as text.
    on_editor = _url_mime(files["b_csv"])
    composer.chips.remove(files["b_csv"])
    assert _drag_and_drop(composer.editor.viewport(), on_editor)
    assert composer.attachments() == [files["a_txt"], files["c_pdf"], files["b_csv"]]
    assert composer.editor.toPlainText() == ""
    chip_b = composer.chips.chip(files["b_csv"])

    # By dropping on the window anywhere: the window forwards it to the composer.
    on_window = _url_mime(files["d_md"])
    assert _drag_and_drop(window, on_window)
    assert composer.attachments()[-1] == files["d_md"]
    # A drag of plain text (or a web link) is not an attachment: refused at the door.
    text_only = QMimeData()
    text_only.setText("just words")
    assert not _drag_and_drop(window, text_only)
    web = QMimeData()
    web.setUrls([QUrl("https://example.com/report.pdf")])
    assert not _drag_and_drop(composer, web)
    assert len(composer.attachments()) == 4

    # By the paperclip: the system dialog is replaced by its answer.
    monkeypatch.setattr(
        composer_module.QFileDialog,
        "getOpenFileNames",
        staticmethod(lambda *a, **k: ([str(files["e_py"])], "")),
    )
    qtbot.mouseClick(composer.attach_button, Qt.MouseButton.LeftButton)
    assert composer.attachments()[-1] == files["e_py"]
    assert composer.chips.chip(files["e_py"]).glyph == "⌨"

    # The cross removes one chip, and says which.
    with qtbot.waitSignal(composer.chips.sig_removed, timeout=2000) as removed:
        qtbot.mouseClick(chip_b.remove_button, Qt.MouseButton.LeftButton)
    assert removed.args == [str(files["b_csv"])]
    assert composer.attachments() == [files["a_txt"], files["c_pdf"], files["d_md"], files["e_py"]]
    # Removing all hides the strip.
    for path in composer.attachments():
        qtbot.mouseClick(composer.chips.chip(path).remove_button, Qt.MouseButton.LeftButton)
    assert composer.attachments() == []
    assert composer.chips.isHidden()


def test_a_missing_file_shows_in_red_and_an_image_gets_a_thumbnail(qtbot, window, tmp_path):
    composer = window.composer
    missing = tmp_path / "gone.pdf"
    image = fixture_path("documents", "png-hopper-128.png")
    composer.add_attachments([missing, image])
    chip = composer.chips.chip(missing)
    qtbot.waitUntil(lambda: chip.detail_text() == "PDF · not found", timeout=5000)
    assert "#c0392b" in chip.detail_label.styleSheet()
    picture = composer.chips.chip(image)
    qtbot.waitUntil(lambda: picture.has_thumbnail, timeout=5000)
    thumb = picture.icon.pixmap()
    assert max(thumb.width(), thumb.height()) <= 40
    assert picture.detail_text().startswith("PNG image · ")


def _largest_gap_while(qtbot, action, until) -> float:
    """Run ``action`` with a 5 ms timer on the UI thread and wait for ``until``; the largest gap
    between two ticks, in seconds."""
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    try:
        ticks.append(time.perf_counter())
        action()
        qtbot.waitUntil(until, timeout=10000)
        ticks.append(time.perf_counter())
    finally:
        timer.stop()
    return max(b - a for a, b in itertools.pairwise(ticks))


def test_a_large_photo_is_thumbnailed_off_the_ui_thread(qtbot, window, tmp_path):
    photo = tmp_path / "big.jpg"
    image = QImage(6000, 4000, QImage.Format.Format_RGB32)
    image.fill(QColor("#3366aa"))
    assert image.save(str(photo), "JPEG", 90)
    composer = window.composer
    largest = _largest_gap_while(
        qtbot,
        lambda: composer.add_attachments([photo]),
        lambda: composer.chips.chip(photo).has_thumbnail,
    )
    assert largest < MAX_UI_GAP_S, f"the UI thread stalled for {largest * 1000:.0f} ms"
    thumb = composer.chips.chip(photo).icon.pixmap()
    assert thumb.width() == 40 and 26 <= thumb.height() <= 27  # aspect kept


# -- composer: pasting ----------------------------------------------------------------------------


def test_pasting_an_image_stores_a_png_under_the_data_dir_and_attaches_it(
    qtbot, window, services, tmp_path
):
    editor = window.composer.editor
    image = QImage(64, 32, QImage.Format.Format_RGB32)
    image.fill(QColor("#ff0000"))
    QApplication.clipboard().setImage(image)
    editor.setFocus()
    qtbot.keyClick(editor, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(window.composer.attachments()) == 1, timeout=5000)
    (path,) = window.composer.attachments()
    assert path.parent == services.data_dir / "pasted"
    assert path.suffix == ".png"
    saved = QImage(str(path))
    assert (saved.width(), saved.height()) == (64, 32)
    assert QColor(saved.pixel(5, 5)) == QColor("#ff0000")
    assert editor.toPlainText() == ""  # attached, not inserted

    # A second paste is another file (timestamps never collide).
    qtbot.keyClick(editor, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: len(window.composer.attachments()) == 2, timeout=5000)
    assert len(set(window.composer.attachments())) == 2

    # Files on the clipboard (copied in a file manager) are attached, not pasted as text.
    copied = tmp_path / "copied.txt"
    copied.write_text("x")
    QApplication.clipboard().setMimeData(_url_mime(copied))
    qtbot.keyClick(editor, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert window.composer.attachments()[-1] == copied
    assert editor.toPlainText() == ""

    # Text is pasted as text, as before.
    QApplication.clipboard().setText("plain words")
    qtbot.keyClick(editor, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert editor.toPlainText() == "plain words"
    assert len(window.composer.attachments()) == 3


# -- sending --------------------------------------------------------------------------------------


def test_send_freezes_the_paths_in_order_and_clears_the_chips(
    qtbot, local_provider, window, services, tmp_path
):
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(openai_text_stream(["Read them."]))
    )
    files = _files(tmp_path, z_txt=b"last letter", a_txt=b"first letter", m_csv=b"a,b\n")
    wait_ready(qtbot, window)
    order = [files["z_txt"], files["a_txt"], files["m_csv"]]
    window.composer.add_attachments(order)
    window.composer.editor.setPlainText("Compare these")
    started = []
    window.bridge.sig_turn_started.connect(started.append)
    with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=10000) as finished:
        qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        # Nothing is shown before the worker records the turn (ADR-007): the message and its
        # files appear with its ``turn_started`` / ``user_message`` events.
        assert window.transcript.attachment_lines(started[0].request.turn_id) == []
    outcome = finished.args[0]
    assert started[0].request.attachments == tuple(order)
    assert window.composer.attachments() == []
    assert window.composer.chips.isHidden()
    assert window.composer.editor.toPlainText() == ""
    turn = next(
        s.event
        for s in services.store.events(outcome.session_id)
        if isinstance(s.event, TurnStarted)
    )
    assert turn.attachments == tuple(str(p) for p in order)
    _skip_without_a_reader(outcome)
    assert outcome.status == "completed", outcome.error
    lines = window.transcript.attachment_lines(outcome.turn_id)
    assert [line.split(" · ")[0] for line in lines] == ["📎 z.txt", "📎 a.txt", "📎 m.csv"]
    assert all(" · " in line for line in lines)  # filled in from the events


def test_a_retry_sends_the_failed_turns_files_and_keeps_the_composers(window, tmp_path):
    window._session_id = "s1"
    window._events = [
        _stored(1, TurnStarted(provider_id="local", model="m", attachments=("/a/x.pdf",))),
        _stored(2, UserMessage(text="Summarise")),
        _stored(3, TurnFinished(status="failed", error="boom")),
    ]
    pending = tmp_path / "pending.txt"
    pending.write_text("p")
    window.composer.add_attachments([pending])
    request = window.freeze_request("Summarise", retry_of="t1")
    assert request.attachments == (Path("/a/x.pdf"),)
    assert window.freeze_request("Next").attachments == (pending,)


# -- the transcript and the viewer -----------------------------------------------------------------

PDF_TEXT = "Quarterly report\n\tRevenue:\u00a0120\n\nPage 2 — Costs\n" + "x" * 50
REPORT = AttachmentAdded(
    name="report.pdf",
    sha256="a" * 64,
    media_type="application/pdf",
    size=1_258_291,
    extractor="pypdf",
    chars=len(PDF_TEXT),
    text=PDF_TEXT,
    units=20,
    unit="page",
    source_path="/home/u/report.pdf",
)
PHOTO = AttachmentAdded(
    name="png-hopper-128.png",
    sha256="b" * 64,
    media_type="image/png",
    size=38_000,
    extractor="image",
    image_media_type="image/png",
    source_path=str(fixture_path("documents", "png-hopper-128.png")),
)
LOCKED = AttachmentAdded(
    name="secret.docx",
    media_type="application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    size=20_480,
    extractor="docx",
    error_kind="encrypted",
    error="the document needs a password",
    source_path="/home/u/secret.docx",
)
LONG = AttachmentAdded(
    name="log.txt",
    sha256="c" * 64,
    media_type="text/plain",
    size=5_000_000,
    extractor="text",
    chars=200_000,
    truncated=True,
    text="y" * 200_000,
    source_path="/home/u/log.txt",
)


def _saved_turn() -> list[StoredEvent]:
    paths = (REPORT.source_path, PHOTO.source_path, LOCKED.source_path, LONG.source_path)
    return [
        _stored(1, TurnStarted(provider_id="local", model="m", attachments=paths)),
        _stored(2, UserMessage(text="What do these say?")),
        # Events in another order than the request's paths: each lands on its own line.
        _stored(3, LOCKED),
        _stored(4, REPORT),
        _stored(5, PHOTO),
        _stored(6, LONG),
        _stored(7, AssistantText(text="They say things.", model="m")),
        _stored(8, TurnFinished(status="completed")),
    ]


def test_a_saved_conversation_lists_each_attachment_under_the_user_message(qtbot, window):
    transcript = window.transcript
    transcript.show_events(_saved_turn())
    assert transcript.attachment_lines("t1") == [
        "📎 report.pdf · PDF · 1.2 MB · 20 pages",
        "📎 png-hopper-128.png · PNG image · 37.1 KB",
        "📎 secret.docx · Word · 20.0 KB · not sent: the document needs a password",
        "📎 log.txt · Text · 4.8 MB · truncated: the model saw the first 200,000 characters",
    ]
    plain = transcript.toPlainText()
    assert plain.index("What do these say?") < plain.index("report.pdf") < plain.index("They say")
    assert _colour_of(transcript, "not sent: the document") == QColor("#c0392b")
    assert _colour_of(transcript, "secret.docx") == QColor("#c0392b")
    assert _colour_of(transcript, "truncated: the model") == QColor("#a86b00")
    assert _colour_of(transcript, "report.pdf") == QColor("#2f6fde")


def _live_turn(window, text: str, *paths: str) -> None:
    """A running turn as the worker reports it: its start (with its files) and its message."""
    window._session_id = "s1"
    started = TurnStarted(provider_id="local", model="m", attachments=paths)
    window._on_event(_stored(1, started))
    window._on_event(_stored(2, UserMessage(text=text)))


def test_live_events_fill_the_lines_under_the_running_turns_message(qtbot, window):
    transcript = window.transcript
    _live_turn(window, "Two files", REPORT.source_path, LOCKED.source_path)
    window.chat.on_text("t1", "Streaming…")
    assert transcript.attachment_lines("t1") == ["📎 report.pdf", "📎 secret.docx"]
    window._on_event(_stored(3, LOCKED))  # the second file's event first: matched by path
    assert transcript.attachment_lines("t1") == [
        "📎 report.pdf",
        "📎 secret.docx · Word · 20.0 KB · not sent: the document needs a password",
    ]
    window._on_event(_stored(4, REPORT))
    assert transcript.attachment_lines("t1")[0] == "📎 report.pdf · PDF · 1.2 MB · 20 pages"
    # The lines stay under the user message; the answer keeps streaming at the end.
    window.chat.on_text("t1", " more")
    plain = transcript.toPlainText()
    assert plain.index("Two files") < plain.index("20 pages") < plain.index("Streaming… more")
    assert plain.rstrip().endswith("Streaming… more")
    # Another conversation's event is not shown here.
    window._on_event(_stored(5, LONG, session_id="other"))
    assert len(transcript.attachment_lines("t1")) == 2


def _click_text(qtbot, view, text: str) -> None:
    cursor = view.document().find(text)
    assert not cursor.isNull(), text
    cursor.setPosition(cursor.selectionStart() + 1)
    point = view.cursorRect(cursor).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def test_clicking_an_attachment_opens_a_viewer_with_exactly_the_text_the_model_saw(qtbot, window):
    transcript = window.transcript
    transcript.show_events(_saved_turn())
    transcript.ensureCursorVisible()
    transcript.verticalScrollBar().setValue(0)
    with qtbot.waitSignal(transcript.sig_attachment_requested, timeout=2000) as asked:
        _click_text(qtbot, transcript, "report.pdf")
    assert asked.args[0].event == REPORT
    viewer = window.attachment_viewers[-1]
    assert isinstance(viewer, AttachmentViewer)
    assert not viewer.isModal()
    assert viewer.isVisible()
    assert viewer.shown_text() == PDF_TEXT
    assert viewer.text_view.isReadOnly()
    fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    assert viewer.text_view.font().family() == fixed.family()
    assert viewer.header.text() == (
        f"report.pdf · PDF · 1.2 MB · 20 pages · {len(PDF_TEXT)} characters · read by pypdf"
    )
    assert not viewer.note.isVisible()
    # The window stays usable behind it: the composer still takes text.
    qtbot.keyClicks(window.composer.editor, "still typing")
    assert window.composer.editor.toPlainText() == "still typing"

    # A truncated file says so.
    long_viewer = window.open_attachment(_saved_turn()[5])
    assert long_viewer.shown_text() == LONG.text
    assert "truncated" in long_viewer.header.text()
    assert "only the text below" in long_viewer.note.text()

    # An unreadable file shows the reason, in red.
    locked = window.open_attachment(_saved_turn()[2])
    assert "the document needs a password" in locked.note.text()
    assert "#c0392b" in locked.note.styleSheet()

    # Closing forgets the viewer.
    viewer.close()
    qtbot.waitUntil(lambda: viewer not in window.attachment_viewers, timeout=2000)


def test_an_image_attachment_opens_scaled_to_fit(qtbot, window):
    viewer = window.open_attachment(_saved_turn()[4])
    qtbot.waitUntil(lambda: viewer.image_loaded or viewer.note.isVisible(), timeout=5000)
    assert viewer.image_loaded, viewer.note.text()
    assert viewer.image_view.isVisible()
    assert not viewer.text_view.isVisible()
    assert viewer.image_view.source_size == (128, 128)
    viewer.resize(200, 200)
    qtbot.waitUntil(lambda: viewer.image_view.pixmap().height() <= viewer.image_view.height())
    if not hasattr(window.services, "attachment_path"):
        # No stored-copy lookup yet: the original file is shown, and the viewer says so.
        assert "original file" in viewer.note.text()
    # A missing image says why, instead of freezing or crashing.
    gone = AttachmentAdded(
        name="gone.png", image_media_type="image/png", source_path="/nowhere/gone.png"
    )
    broken = window.open_attachment(_stored(9, gone))
    qtbot.waitUntil(lambda: broken.note.isVisible(), timeout=5000)
    assert "cannot be shown" in broken.note.text()


# -- responsiveness -------------------------------------------------------------------------------


def test_attaching_and_sending_a_20_page_pdf_keeps_the_ui_thread_responsive(
    qtbot, local_provider, window, services, tmp_path
):
    pdf = tmp_path / "report.pdf"
    pages = [
        [f"Quarterly report, page {n} of 20, marker-{n:02d}."]
        + [f"Line {i} of page {n}: revenue, costs and notes for the quarter." for i in range(40)]
        for n in range(1, 21)
    ]
    write_pdf(pdf, pages)
    record: list = []
    local_provider.expect_request("/v1/chat/completions").respond_with_handler(
        sse_handler(
            openai_text_stream(["It ", "is ", "a ", "report."]), slice_size=40, record=record
        )
    )
    wait_ready(qtbot, window)

    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    try:
        window.composer.add_attachments([pdf])
        chip = window.composer.chips.chip(pdf)
        qtbot.waitUntil(lambda: "KB" in chip.detail_text(), timeout=5000)
        window.composer.editor.setPlainText("Summarise the report")
        started = []
        window.bridge.sig_turn_started.connect(started.append)
        with qtbot.waitSignal(window.bridge.sig_turn_finished, timeout=60000) as finished:
            qtbot.mouseClick(window.composer.button, Qt.MouseButton.LeftButton)
        turn_id = started[0].request.turn_id
        qtbot.wait(50)  # let the last queued events render
    finally:
        timer.stop()

    outcome = finished.args[0]
    assert started[0].request.attachments == (pdf,)
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert len(ticks) > 10
    largest = max(gaps)
    assert largest < MAX_UI_GAP_S, f"the UI thread stalled for {largest * 1000:.0f} ms"

    stored = [
        s for s in services.store.events(outcome.session_id) if isinstance(s.event, AttachmentAdded)
    ]
    if not stored:
        pytest.skip(
            "the turn runtime appended no attachment_added event (no attachment reader is wired "
            f"yet: the turn ended {outcome.status} {outcome.error!r}); the UI thread's largest "
            f"gap without the extraction was {largest * 1000:.0f} ms"
        )
    assert outcome.status == "completed", outcome.error
    event = stored[0].event
    assert len(stored) == 1
    assert not event.error_kind, event.error
    assert event.units == 20
    assert "marker-07" in event.text and "marker-20" in event.text
    assert "marker-13" in json.dumps(record[0])  # the model got the extracted text
    line = window.transcript.attachment_lines(turn_id)[0]
    assert line.startswith("📎 report.pdf · PDF · ") and line.endswith("20 pages")
    viewer = window.open_attachment(stored[0])
    assert viewer.shown_text() == event.text


def test_lines_filled_in_above_do_not_land_inside_a_streaming_code_block(qtbot, window):
    """The open block grows in place while it streams; its insertion point must follow an
    attachment line filled in above it (a stale position put code inside that line)."""
    transcript = window.transcript
    _live_turn(window, "Two files", REPORT.source_path, LOCKED.source_path)
    window.chat.on_text("t1", "Code:\n\n```python\nx = 1\n")
    transcript._flush()
    window.chat.on_text("t1", "y = 2\n")
    transcript._flush()
    window._on_event(_stored(4, REPORT))
    window.chat.on_text("t1", "z = 3\n")
    transcript._flush()
    plain = transcript.toPlainText()
    assert "20 pages\n" in plain or plain.split("20 pages")[1].startswith("\n"), plain
    assert plain.index("20 pages") < plain.index("x = 1") < plain.index("y = 2")
    assert plain.index("y = 2") < plain.index("z = 3")


def test_each_chip_shows_its_types_tile_drawn_not_a_theme_icon(qtbot):
    """A PDF's tile is red, a spreadsheet's green, a document's blue: drawn by Parley, so a bare
    desktop with no icon theme and no emoji font shows the same."""

    from parley.ui.widgets.attachment_chips import type_family, type_tile

    assert [type_family(n) for n in ("a.PDF", "b.csv", "c.docx", "d.pptx", "e.py", "f")] == [
        "pdf", "sheet", "doc", "slides", "code", "text",
    ]  # fmt: skip

    def corner_colour(name: str) -> QColor:
        image = type_tile(name, 32).toImage()
        # Inside the rounded corner, away from the white icon in the middle.
        return image.pixelColor(round(4 * image.devicePixelRatio()), image.height() // 2)

    red, green, blue = (corner_colour(n) for n in ("a.pdf", "b.xlsx", "c.docx"))
    assert red.red() > 150 and red.green() < 100
    assert green.green() > 100 and green.red() < 80
    assert blue.blue() > 150 and blue.red() < 100

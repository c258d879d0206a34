"""Settings → Projects' knowledge folder and Settings → Context & knowledge, driven as a person
would, with a real settings file, the real worker bridge, the real out-of-process attachment
reader and the in-memory knowledge index (``tests.support.knowledge``); and the window's
watcher re-indexing a folder that changed.

What it proves: every control is named; values typed are what the settings file holds; a saved
knowledge folder is indexed off the UI thread with a progress line, its files listed with size,
chunks and errors; Cancel stops a run; clearing the folder empties the index; the window's
watcher indexes only when a folder changed.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWidget

from parley.application.knowledge.folders import KnowledgeFolderIndexer
from parley.application.ports.attachments import (
    AttachmentLimits,
    ExtractedAttachment,
    ProgressCallback,
)
from parley.application.ports.settings_store import ContextSettings, ProjectConfig, ProviderConfig
from parley.infrastructure.attachments.reader import SubprocessAttachmentReader
from parley.infrastructure.attachments.store import ContentStore
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.ui.bridge import WorkerBridge
from parley.ui.controllers.knowledge import KnowledgeRuns
from parley.ui.settings_pages.context_page import NO_EMBEDDINGS, SAME_MODEL, ContextPage
from parley.ui.settings_pages.projects_page import K_CHUNKS, K_FILE, K_SIZE, K_STATUS, ProjectsPage
from parley.ui.widgets.attachment_chips import human_size
from tests.support.knowledge import MemoryKnowledge

DOCS = Path("/work/shared/fixtures/documents")
if not DOCS.is_dir():
    DOCS = Path(__file__).resolve().parents[1] / "fixtures" / "documents"
LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def store(tmp_path: Path) -> JsonSettingsStore:
    store = JsonSettingsStore(tmp_path / "config")
    store.add_provider(
        ProviderConfig(
            name="local",
            kind="openai",
            base_url="http://127.0.0.1:9/v1",
            default_model="chat-big",
            models=("chat-small", "embed-small"),
        )
    )
    return store


@pytest.fixture
def bridge() -> Iterator[WorkerBridge]:
    bridge = WorkerBridge(None)  # type: ignore[arg-type]  # background jobs only
    yield bridge
    bridge.shutdown(timeout=5)


@pytest.fixture
def reader(tmp_path: Path) -> Iterator[SubprocessAttachmentReader]:
    reader = SubprocessAttachmentReader(ContentStore(tmp_path / "data"))
    yield reader
    reader.close()


def named(root: QWidget, name: str) -> QWidget:
    [widget] = [w for w in root.findChildren(QWidget) if w.accessibleName() == name]
    return widget


# -- Context & knowledge ------------------------------------------------------------------------


@pytest.fixture
def context_page(qtbot, store, bridge) -> ContextPage:
    page = ContextPage(store, bridge.submit)
    qtbot.addWidget(page)
    page.show()
    qtbot.waitUntil(lambda: page.loaded, timeout=5000)
    return page


def test_the_context_page_shows_the_defaults_under_named_controls(context_page) -> None:
    page = context_page
    assert named(page, "Compaction threshold") == page.threshold_spin
    assert named(page, "Excerpts per turn") == page.excerpts_spin
    for name in ("Compaction provider", "Embedding provider"):
        named(page, name)
    assert page.threshold_spin.value() == 80 and page.threshold_spin.suffix() == " %"
    assert (page.threshold_spin.minimum(), page.threshold_spin.maximum()) == (10, 100)
    assert (page.excerpts_spin.minimum(), page.excerpts_spin.maximum()) == (1, 50)
    assert page.excerpts_spin.value() == ContextSettings().excerpts
    assert page.compaction_provider.currentText() == SAME_MODEL
    assert page.embedding_provider.currentText() == NO_EMBEDDINGS
    assert not page.compaction_model.isEnabled() and not page.embedding_model.isEnabled()


def test_values_chosen_with_the_keyboard_are_saved(qtbot, context_page, store) -> None:
    page = context_page
    page.threshold_spin.setFocus()
    page.threshold_spin.selectAll()
    qtbot.keyClicks(page.threshold_spin, "65")
    page.compaction_provider.setFocus()
    qtbot.keyClick(page.compaction_provider, Qt.Key.Key_Down)  # -> "local"
    assert page.compaction_model.currentText() == "chat-big"  # its default model, suggested
    page.compaction_model.setEditText("")
    qtbot.keyClicks(page.compaction_model, "chat-small")
    qtbot.keyClick(page.embedding_provider, Qt.Key.Key_Down)
    assert page.embedding_model.isEnabled() and page.embedding_model.currentText() == ""
    qtbot.keyClicks(page.embedding_model, "embed-small")
    page.excerpts_spin.selectAll()
    qtbot.keyClicks(page.excerpts_spin, "12")
    qtbot.mouseClick(page.save_button, LEFT)
    qtbot.waitUntil(lambda: page.status.text() == "Saved.", timeout=5000)
    assert store.context() == ContextSettings(
        compaction_threshold=0.65,
        compaction_provider_id="local",
        compaction_model="chat-small",
        embedding_provider_id="local",
        embedding_model="embed-small",
        excerpts=12,
    )
    # A new page over the same file shows what was saved.
    again = ContextPage(store, page._submit)
    qtbot.addWidget(again)
    qtbot.waitUntil(lambda: again.loaded, timeout=5000)
    assert again.threshold_spin.value() == 65
    assert again.embedding_model.currentText() == "embed-small"
    assert again.compaction_provider.currentData() == "local"


def test_an_embedding_provider_without_a_model_is_refused_inline(
    qtbot, context_page, store
) -> None:
    page = context_page
    qtbot.keyClick(page.embedding_provider, Qt.Key.Key_Down)
    qtbot.mouseClick(page.save_button, LEFT)
    assert page.embedding_error.isVisible() and "embedding model" in page.embedding_error.text()
    QApplication.processEvents()
    assert store.context() == ContextSettings()
    assert "context" not in store.path.read_text(encoding="utf-8")


# -- Projects: the knowledge folder --------------------------------------------------------------


def make_runs(reader, knowledge: MemoryKnowledge, **kwargs) -> KnowledgeRuns:
    return KnowledgeRuns(KnowledgeFolderIndexer(knowledge, knowledge, reader, **kwargs), knowledge)


@pytest.fixture
def knowledge() -> MemoryKnowledge:
    return MemoryKnowledge()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    folder = tmp_path / "knowledge"
    folder.mkdir()
    shutil.copy(DOCS / "pdf-multipage-4pages.pdf", folder)
    shutil.copy(DOCS / "docx-encrypted-password.docx", folder)
    (folder / "notes.md").write_text("# Notes\n\nThe quokka budget is 1234 euros.\n")
    return folder


def projects_page(qtbot, store, bridge, runs) -> ProjectsPage:
    page = ProjectsPage(store, bridge.submit, knowledge=runs)
    qtbot.addWidget(page)
    page.resize(1000, 800)
    page.show()
    return page


def rows(page: ProjectsPage) -> dict[str, list[str]]:
    tree = page.knowledge_files
    items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
    return {
        item.text(K_FILE): [item.text(c) for c in (K_SIZE, K_CHUNKS, K_STATUS)]
        for item in items
        if item is not None
    }


def test_a_saved_knowledge_folder_is_indexed_off_the_ui_thread_with_progress(
    qtbot, store, bridge, reader, knowledge, folder
) -> None:
    runs = make_runs(reader, knowledge)
    page = projects_page(qtbot, store, bridge, runs)
    for name in ("Knowledge folder", "Choose the knowledge folder", "Clear the knowledge folder",
                 "Indexed files", "Index the knowledge folder now", "Cancel indexing"):  # fmt: skip
        named(page, name)
    assert page.knowledge_edit.isEnabled() and page.knowledge_browse.isEnabled()
    # A new project has nothing to index yet, and nothing runs.
    assert not page.index_button.isEnabled() and not page.cancel_index_button.isEnabled()
    lines: list[str] = []
    # Connected after the page: by then the page has shown the progress.
    runs.sig_progress.connect(lambda *_a: lines.append(page.index_line.text()))

    qtbot.keyClicks(page.name_edit, "Research")
    qtbot.keyClicks(page.knowledge_edit, str(folder))
    with qtbot.waitSignal(runs.sig_finished, timeout=20_000):
        qtbot.mouseClick(page.save_button, LEFT)
    [project] = store.projects()
    assert project.knowledge_folder == str(folder)
    qtbot.waitUntil(lambda: len(rows(page)) == 3, timeout=5000)

    assert "Indexing 1 of 3: docx-encrypted-password.docx" in lines
    assert "Indexing 3 of 3: pdf-multipage-4pages.pdf" in lines
    assert knowledge.threads and all(t.startswith("knowledge-") for t in knowledge.threads)
    assert threading.main_thread().name not in knowledge.threads
    shown = rows(page)
    size = (folder / "notes.md").stat().st_size
    assert shown["notes.md"][:2] == [human_size(size), "1"]
    assert shown["notes.md"][2] == "indexed"
    assert shown["docx-encrypted-password.docx"][1] == "0"
    assert shown["docx-encrypted-password.docx"][2].startswith("encrypted: ")
    assert int(shown["pdf-multipage-4pages.pdf"][1]) >= 4
    assert page.knowledge_totals.text().startswith("3 files · ")
    assert "1 not indexed" in page.knowledge_totals.text()
    assert page.index_line.text() == "2 added, 1 failed; " + page.index_line.text().split("; ")[1]
    assert not page.index_progress.isVisible() and not page.cancel_index_button.isEnabled()
    assert page.index_button.isEnabled()
    # Searchable through the project's collection.
    [hit] = knowledge.search("quokka", collections=[project.id]).chunks
    assert "1234 euros" in hit.text


class BlockingReader:
    """Reads nothing until the run is cancelled (a very slow file), then says ``cancelled``."""

    def __init__(self) -> None:
        self.started = threading.Event()

    def read(
        self,
        path: Path,
        limits: AttachmentLimits,
        cancel: threading.Event,
        on_progress: ProgressCallback | None = None,
    ) -> ExtractedAttachment:
        self.started.set()
        cancel.wait(20)
        return ExtractedAttachment(
            path.name, "", "", 0, "", error_kind="cancelled", error="stopped"
        )


def test_index_now_and_cancel(qtbot, store, bridge, knowledge, folder) -> None:
    store.save_project(ProjectConfig(id="p1", name="Research", knowledge_folder=str(folder)))
    slow = BlockingReader()
    runs = make_runs(slow, knowledge)
    page = projects_page(qtbot, store, bridge, runs)
    qtbot.waitUntil(lambda: page.project_list.count() == 1, timeout=5000)
    page.project_list.setCurrentRow(0)
    assert page.knowledge_edit.text() == str(folder)
    assert page.knowledge_totals.text() == "Nothing indexed yet."
    qtbot.mouseClick(page.index_button, LEFT)
    qtbot.waitUntil(lambda: page.index_line.text().startswith("Indexing 1 of 3"), timeout=5000)
    assert slow.started.is_set()
    assert page.cancel_index_button.isEnabled() and not page.index_button.isEnabled()
    assert page.index_progress.isVisible()
    with qtbot.waitSignal(runs.sig_finished, timeout=10_000) as finished:
        qtbot.mouseClick(page.cancel_index_button, LEFT)
    summary = finished.args[1]
    assert summary.cancelled and summary.added == 0
    assert page.index_line.text().startswith("Stopped:")
    assert knowledge.members("p1") == () and page.knowledge_files.topLevelItemCount() == 0
    assert page.index_button.isEnabled() and not page.cancel_index_button.isEnabled()


def test_index_now_asks_to_save_a_changed_folder_first(
    qtbot, store, bridge, reader, knowledge, folder, tmp_path
) -> None:
    store.save_project(ProjectConfig(id="p1", name="Research", knowledge_folder=str(folder)))
    runs = make_runs(reader, knowledge)
    page = projects_page(qtbot, store, bridge, runs)
    qtbot.waitUntil(lambda: page.project_list.count() == 1, timeout=5000)
    page.project_list.setCurrentRow(0)
    page.knowledge_edit.setText(str(tmp_path))
    assert page.index_now() is False
    assert "Save the project first" in page.knowledge_error.text()
    assert not runs.is_running("p1") and knowledge.members("p1") == ()


def test_clearing_the_folder_empties_the_index_and_a_missing_folder_is_refused(
    qtbot, store, bridge, reader, knowledge, folder, tmp_path
) -> None:
    store.save_project(ProjectConfig(id="p1", name="Research", knowledge_folder=str(folder)))
    runs = make_runs(reader, knowledge)
    page = projects_page(qtbot, store, bridge, runs)
    qtbot.waitUntil(lambda: page.project_list.count() == 1, timeout=5000)
    page.project_list.setCurrentRow(0)
    with qtbot.waitSignal(runs.sig_finished, timeout=20_000):
        qtbot.mouseClick(page.index_button, LEFT)
    qtbot.waitUntil(lambda: page.knowledge_files.topLevelItemCount() == 3, timeout=5000)

    page.knowledge_edit.setText(str(tmp_path / "nowhere"))
    qtbot.mouseClick(page.save_button, LEFT)
    qtbot.waitUntil(lambda: page.knowledge_error.isVisible(), timeout=5000)
    assert "not an existing folder" in page.knowledge_error.text()
    assert store.project("p1").knowledge_folder == str(folder)

    qtbot.mouseClick(page.knowledge_clear, LEFT)
    with qtbot.waitSignal(runs.sig_forgotten, timeout=10_000):
        qtbot.mouseClick(page.save_button, LEFT)
    assert store.project("p1").knowledge_folder == ""
    assert knowledge.members("p1") == ()
    qtbot.waitUntil(lambda: page.knowledge_files.topLevelItemCount() == 0, timeout=5000)
    assert not page.index_button.isEnabled()


def test_without_a_knowledge_index_the_section_offers_nothing(qtbot, store, bridge) -> None:
    page = projects_page(qtbot, store, bridge, None)
    assert not page.knowledge_edit.isEnabled() and not page.index_button.isEnabled()
    assert page.index_now() is False


# -- the window's watcher -----------------------------------------------------------------------


def test_the_window_indexes_a_folder_when_it_changed(qtbot, services, tmp_path) -> None:
    from parley.ui.main_window import MainWindow

    memory = MemoryKnowledge()
    services.knowledge = memory
    services.knowledge_collections = memory
    folder = tmp_path / "watched"
    folder.mkdir()
    (folder / "a.txt").write_text("alpha\n")
    services.settings.save_project(
        ProjectConfig(id="p1", name="Watched", knowledge_folder=str(folder))
    )
    win = MainWindow(services)
    win.auto_titles = False
    qtbot.addWidget(win)
    win.show()
    try:
        runs = win.knowledge.runs
        assert runs is not None and win.knowledge.timer.isActive()
        qtbot.waitUntil(lambda: win.settings.providers_loaded, timeout=5000)
        qtbot.waitUntil(lambda: len(memory.members("p1")) == 1, timeout=15_000)  # on open
        indexed = len(memory.indexed)

        finished: list[object] = []
        runs.sig_finished.connect(lambda _pid, summary: finished.append(summary))
        assert win.knowledge.check_now() == 1  # nothing changed: no run
        (folder / "b.txt").write_text("bravo\n")
        qtbot.waitUntil(lambda: not runs.is_running("p1"), timeout=5000)
        assert win.knowledge.check_now() == 1
        qtbot.waitUntil(lambda: len(memory.members("p1")) == 2, timeout=15_000)
        qtbot.waitUntil(lambda: bool(finished), timeout=5000)
        assert len(memory.indexed) == indexed + 1  # only the new file was read
        assert [s.added for s in finished] == [1]  # type: ignore[attr-defined]
        # A settings dialog opened from the window shares the window's runs.
        from parley.ui.settings_dialog import SettingsDialog

        dialog = SettingsDialog(services, win.bridge, win)
        assert dialog.projects_page._knowledge is runs
        assert dialog.show_page("context") is dialog.context_page
    finally:
        win.bridge.shutdown(timeout=5)
        win.close()


def test_the_watchers_look_runs_only_on_a_change_and_says_a_failure_once(
    qtbot, reader, knowledge, tmp_path
) -> None:
    runs = make_runs(reader, knowledge)
    folder = tmp_path / "watched"
    folder.mkdir()
    (folder / "a.txt").write_text("alpha\n")
    finished: list[object] = []
    failed: list[str] = []
    runs.sig_finished.connect(lambda _pid, summary: finished.append(summary))
    runs.sig_failed.connect(lambda _pid, message: failed.append(message))
    try:
        runs.check("p1", str(folder))  # never looked at: a run
        qtbot.waitUntil(lambda: len(finished) == 1, timeout=10_000)
        runs.check("p1", str(folder))  # the same: no run
        (folder / "b.txt").write_text("bravo\n")
        runs.check("p1", str(folder))
        qtbot.waitUntil(lambda: len(finished) == 2, timeout=10_000)
        assert [s.added for s in finished] == [1, 1]  # type: ignore[attr-defined]

        shutil.rmtree(folder)
        runs.check("p1", str(folder))
        qtbot.waitUntil(lambda: len(failed) == 1, timeout=10_000)
        assert "does not exist" in failed[0]
        runs.check("p1", str(folder))  # still gone: not said again
        folder.mkdir()
        (folder / "c.txt").write_text("charlie\n")
        runs.check("p1", str(folder))  # back, and different: a run
        qtbot.waitUntil(lambda: len(finished) == 3, timeout=10_000)
        assert len(failed) == 1
        assert [Path(m.path).name for m in knowledge.members("p1")] == ["c.txt"]
    finally:
        runs.shutdown()
    assert runs.start("p1", str(folder)) is False  # nothing starts after shutdown

"""Settings → Providers: add from a preset, key to the keyring, fetch models, test, remove.

Real widgets, a real settings file, the real keyring store over an in-memory backend (the OS
keychain is not on this machine), and a real local server for the provider.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from tests.support.sse_server import openai_text_stream, sse_handler
from tests.ui.conftest import wait_ready


def _open(qtbot, window):
    dialog = window.open_settings()
    page = dialog.providers_page
    qtbot.waitUntil(lambda: page.provider_list.count() >= 1, timeout=5000)
    return dialog, page


def test_saved_providers_are_listed_and_the_key_is_never_shown(
    qtbot, local_provider, window, services
):
    services.secrets.set("local", "sk-settings-secret-1234567")
    wait_ready(qtbot, window)
    _dialog, page = _open(qtbot, window)
    assert page.provider_list.item(0).text().startswith("local")
    form = page.form
    assert form.name_edit.text() == "local" and form.name_edit.isReadOnly()
    assert form.url_edit.text() == local_provider.url_for("/v1")
    assert form.key_edit.text() == ""
    assert "keyring" in form.key_source.text()
    assert "sk-settings" not in form.key_source.text()


def test_add_from_a_preset_fetch_models_test_and_save(qtbot, local_provider, window, services):
    local_provider.expect_request("/v3/models").respond_with_json(
        {"data": [{"id": "alpha"}, {"id": "beta"}]}
    )
    local_provider.expect_request(
        "/v3/chat/completions", headers={"Authorization": "Bearer sk-new-key-abcdefghijkl"}
    ).respond_with_handler(sse_handler(openai_text_stream(["OK"])))
    wait_ready(qtbot, window)
    _dialog, page = _open(qtbot, window)
    form = page.form
    qtbot.mouseClick(page.add_button, Qt.MouseButton.LeftButton)
    form.preset_box.setCurrentIndex(form.preset_box.findData("groq"))
    assert form.kind_box.currentData() == "openai" and not form.kind_box.isEnabled()
    assert form.key_env_edit.text() == "GROQ_API_KEY"
    # Point the preset at the local server (as a proxy would), with a key typed in.
    form.name_edit.setText("groq-here")
    form.url_edit.setText(local_provider.url_for("/v3"))
    form.key_env_edit.clear()
    form.key_edit.setText("sk-new-key-abcdefghijkl")

    qtbot.mouseClick(form.fetch_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: form.model_box.count() == 2, timeout=5000)
    assert [form.model_box.itemText(i) for i in range(2)] == ["alpha", "beta"]
    form.model_box.setCurrentText("beta")

    qtbot.mouseClick(form.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: form.result.text().startswith(("OK", "FAILED")), timeout=10000)
    assert form.result.text().startswith("OK · first token in"), form.result.text()
    assert "model beta" in form.result.text()
    assert list(services.settings.providers())[-1].name == "local"  # Test saved nothing

    with qtbot.waitSignal(page.sig_providers_changed, timeout=5000):
        qtbot.mouseClick(form.save_button, Qt.MouseButton.LeftButton)
    saved = services.settings.provider("groq-here")
    assert (saved.preset, saved.default_model) == ("groq", "beta")
    assert services.keyring.entries[("parley", "groq-here")] == "sk-new-key-abcdefghijkl"
    assert form.key_edit.text() == ""  # the typed key is not kept in the widget
    qtbot.waitUntil(lambda: page.provider_list.count() == 2, timeout=5000)
    # The main window's picker now offers the new provider's model.
    qtbot.waitUntil(lambda: "groq-here" in window.model_picker.providers(), timeout=5000)
    assert "beta" in window.model_picker.models_of("groq-here")


def test_a_failing_test_shows_the_typed_reason_inline(qtbot, local_provider, window):
    local_provider.expect_request("/v1/chat/completions").respond_with_json(
        {"error": {"message": "Incorrect API key provided"}}, status=401
    )
    wait_ready(qtbot, window)
    _dialog, page = _open(qtbot, window)
    qtbot.mouseClick(page.form.test_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.form.result.text().startswith("FAILED"), timeout=10000)
    assert "auth" in page.form.result.text()
    assert "Incorrect API key provided" in page.form.result.text()


def test_remove_deletes_the_entry_and_its_key(qtbot, local_provider, window, services, monkeypatch):
    services.secrets.set("local", "sk-to-be-removed-123456")
    wait_ready(qtbot, window)
    _dialog, page = _open(qtbot, window)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    with qtbot.waitSignal(page.sig_providers_changed, timeout=5000):
        qtbot.mouseClick(page.remove_button, Qt.MouseButton.LeftButton)
    assert list(services.settings.providers()) == []
    assert services.keyring.entries == {}

"""Fixtures for the window tests: a real profile on disk, a real local provider, a real window.

The window talks to a pytest-httpserver that speaks the OpenAI streaming format, through the same
composition root (``ui.bootstrap.build_services``) the app uses; nothing of Parley is mocked.
"""

from __future__ import annotations

import pytest

from parley.application.ports.settings_store import NetworkSettings, ProviderConfig
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from parley.infrastructure.secrets.keyring_store import KeyringSecretStore
from parley.ui.bootstrap import build_services
from tests.support.keyrings import MemoryKeyring


@pytest.fixture
def services(tmp_path):
    # Retries without waiting keep fault tests quick; the policy's timing is unit-tested.
    JsonSettingsStore(tmp_path / "config").set_network(
        NetworkSettings(max_attempts=2, base_delay=0.0, max_delay=0.0)
    )
    # The OS keychain is not on this machine: an in-memory keyring backend stands in for it.
    keyring = MemoryKeyring()
    services = build_services(
        tmp_path / "data", tmp_path / "config", secrets=KeyringSecretStore(backend=keyring)
    )
    services.keyring = keyring  # type: ignore[attr-defined]  # for tests to inspect
    yield services
    services.close()


@pytest.fixture
def local_provider(services, httpserver):
    services.settings.add_provider(
        ProviderConfig(
            name="local",
            kind="openai",
            base_url=httpserver.url_for("/v1"),
            default_model="model-a",
        )
    )
    # The window asks the provider for its models when it opens; answer with a short list.
    httpserver.expect_request("/v1/models").respond_with_json(
        {"object": "list", "data": [{"id": "model-a"}, {"id": "model-b"}]}
    )
    return httpserver


@pytest.fixture
def window(qtbot, services):
    from parley.ui.main_window import MainWindow

    win = MainWindow(services)
    # A generated title is one more request to the test server after each first answer; tests
    # that count or inspect requests would race with it. test_everyday_chat turns it back on.
    win.auto_titles = False
    qtbot.addWidget(win)
    win.show()
    yield win
    win.bridge.shutdown(timeout=5)


def wait_ready(qtbot, win) -> None:
    """Wait until the window has read the settings on its worker and shows the chat page."""
    qtbot.waitUntil(
        lambda: win.providers_loaded and win.stack.currentWidget() is win._chat_page,
        timeout=5000,
    )

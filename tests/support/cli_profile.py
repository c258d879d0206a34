"""Fixtures for running ``parley`` in process against a fresh profile and a local model server.

Import them into a test module (``from tests.support.cli_profile import headless, cli_profile``).
``headless`` makes the keyring report itself unavailable (as on this machine and in CI), so results
never depend on a developer's own keychain; ``cli_profile`` adds a provider named ``local`` that
points at the test's ``httpserver`` and returns ``run(*args) -> (exit code, stdout, stderr)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backends import fail
from pytest_httpserver import HTTPServer

from parley.ui.cli import main


@pytest.fixture
def headless(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("PARLEY_DATA_DIR", raising=False)
    monkeypatch.delenv("PARLEY_CONFIG_DIR", raising=False)
    saved = keyring.core._keyring_backend
    keyring.set_keyring(fail.Keyring())
    yield
    keyring.core._keyring_backend = saved


@pytest.fixture
def cli_profile(tmp_path: Path, httpserver: HTTPServer, capsys, headless):  # type: ignore[no-untyped-def]
    dirs = ["--data-dir", str(tmp_path / "data"), "--config-dir", str(tmp_path / "config")]
    url = httpserver.url_for("/v1")
    added = main([*dirs, "providers", "add", "local", "--base-url", url, "--default-model", "m"])
    assert added == 0
    capsys.readouterr()

    def run(*args: str) -> tuple[int, str, str]:
        code = main([*dirs, *args])
        out, err = capsys.readouterr()
        return code, out, err

    return run

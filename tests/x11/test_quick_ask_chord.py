"""Quick ask on a real X server: the desktop-wide chord, ``parley quick``, a held chord (issue 20).

Parley runs as ``parley`` runs (``tests/x11/driver.py`` calls ``ui.app.run_app``) on the lane's
Xvfb display, with a local provider. ``xdotool key ctrl+alt+space`` is a real key press on the
X server (XTest): no Parley window has the focus, so only the root-window grab can see it. Quick
ask is found by its title with ``xdotool search``; the history is read with ``parley history``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from parley.application.ports.settings_store import ProviderConfig
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from tests.support.x11_client import TrayOwner, ask_to_close
from tests.x11.conftest import REPO, App, answer_handler

QUICK_TITLE = "Quick ask"


def _env(display: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PARLEY_", "QT_", "WAYLAND"))}
    env.update(
        DISPLAY=display,
        QT_QPA_PLATFORM="xcb",
        PYTHONPATH=str(REPO),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
    )
    return env


def quick_windows(app: App) -> list[str]:
    """The ids of visible windows titled Quick ask."""
    found = subprocess.run(
        ["xdotool", "search", "--onlyvisible", "--name", QUICK_TITLE],
        env=_env(app.display or ""),
        capture_output=True,
        text=True,
        timeout=10,
    )
    return found.stdout.split()


def wait_quick(app: App, shown: bool = True, press: bool = False, timeout: float = 15.0) -> str:
    """Wait until Quick ask is shown (or gone); with ``press``, press the chord (again each
    second: the window grabs it a moment after its first paint)."""
    deadline = time.monotonic() + timeout
    last_press = 0.0
    while True:
        app.assert_alive()
        ids = quick_windows(app)
        if bool(ids) == shown:
            return ids[0] if ids else ""
        if time.monotonic() > deadline:
            pytest.fail(f"Quick ask {'never showed' if shown else 'stayed'}:\n{app.crash_text()}")
        if press and time.monotonic() - last_press > 1.0:
            app.xdotool("key", "ctrl+alt+space")
            last_press = time.monotonic()
        time.sleep(0.1)


def parley(app: App, *args: str, timeout: float = 30.0) -> subprocess.CompletedProcess:
    profile = app.data_dir.parent
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "parley.ui.cli",
            "--data-dir",
            str(app.data_dir),
            "--config-dir",
            str(profile / "config"),
            *args,
        ],
        env=_env(app.display or ""),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_the_chord_opens_quick_ask_which_answers_into_the_history(launch, tmp_path):
    app = launch(answer="Paris is the capital of **France**.")
    quick = wait_quick(app, press=True)
    app.xdotool("windowfocus", "--sync", quick)
    app.type("Capital of France?")
    app.key("Return")
    deadline = time.monotonic() + 20
    titles: list[str] = []
    while "Capital of France?" not in titles:
        assert time.monotonic() < deadline, "the quick question never reached the history"
        listed = parley(app, "history", "list", "--json")
        titles = [s["title"] for s in json.loads(listed.stdout or "[]")]
        time.sleep(0.3)
    app.settle(0.8)  # the answer is drawn
    assert app.screenshot(tmp_path / "quick-ask.png").stat().st_size > 0  # (to look at)
    app.xdotool("windowfocus", "--sync", quick)
    app.key("Escape")
    wait_quick(app, shown=False)
    # ``parley quick`` hands over to the running Parley and ends at once.
    handed = parley(app, "quick")
    assert handed.returncode == 0, handed.stderr
    wait_quick(app)
    app.assert_alive()


GRAB = (
    "from PySide6.QtWidgets import QApplication\n"
    "from PySide6.QtCore import QTimer\n"
    "app = QApplication([])\n"
    "from parley.ui.global_shortcut import GlobalShortcut\n"
    "g = GlobalShortcut()\n"
    "g.sig_grab_result.connect(lambda ok, why: (print(ok, why), app.quit()))\n"
    "g.start('Ctrl+Alt+Space')\n"
    "QTimer.singleShot(10000, app.quit)\n"
    "app.exec()\n"
    "g.stop()\n"
)


def test_a_chord_another_application_holds_is_said(launch):
    app = launch()
    wait_quick(app, press=True)  # Parley holds the chord now
    other = subprocess.run(
        [sys.executable, "-c", GRAB],
        env=_env(app.display or ""),
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert other.stdout.strip() == "False Another application already uses Ctrl+Alt+Space."


def test_parley_quick_with_no_parley_running_shows_only_quick_ask_and_ends_with_it(
    x_display, httpserver, tmp_path
):
    httpserver.expect_request("/v1/models").respond_with_json(
        {"object": "list", "data": [{"id": "model-a"}]}
    )
    httpserver.expect_request("/v1/chat/completions").respond_with_handler(
        answer_handler("Alone, and still answered.")
    )
    config = tmp_path / "config"
    JsonSettingsStore(config).add_provider(
        ProviderConfig("local", "openai", httpserver.url_for("/v1"), default_model="model-a")
    )
    stderr = tmp_path / "stderr.txt"
    with stderr.open("wb") as err:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "parley.ui.cli",
                "--data-dir",
                str(tmp_path / "data"),
                "--config-dir",
                str(config),
                "quick",
            ],
            env=_env(x_display),
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    app = App(proc, x_display, tmp_path / "state.json", tmp_path / "data", stderr)
    try:
        quick = wait_quick(app)
        main = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", "^Parley$"],
            env=_env(x_display),
            capture_output=True,
            text=True,
            timeout=10,
        )
        assert main.stdout.strip() == ""  # the main window is not shown
        app.xdotool("windowfocus", "--sync", quick)
        app.type("Still there?")
        app.key("Return")
        deadline = time.monotonic() + 20
        while not any(
            s["title"] == "Still there?"
            for s in json.loads(parley(app, "history", "list", "--json").stdout or "[]")
        ):
            assert time.monotonic() < deadline, "the question never reached the history"
            time.sleep(0.3)
        app.xdotool("windowfocus", "--sync", quick)
        app.key("Escape")
        assert proc.wait(timeout=15) == 0, app.crash_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)


def test_the_close_button_keeps_parley_in_the_tray_and_a_second_start_brings_it_back(
    x_display, launch, tmp_path
):
    tray = TrayOwner(x_display)  # a desktop with a system tray
    try:
        config = tmp_path / "config"
        config.mkdir(parents=True, exist_ok=True)
        (config / "desktop.json").write_text(json.dumps({"close_to_tray": True}))
        app = launch(answer="Still running.")
        window_id = app.state()["window_id"]
        wait_quick(app, press=True)  # the Desktop is up (the chord answers)
        ask_to_close(x_display, window_id)  # the window manager's close button
        app.wait_for(lambda s: s["shown"] is False, message="the window hidden in the tray")
        assert app.settle(0.5)["shown"] is False  # and Parley still runs
        again = parley(app)
        assert again.returncode == 0, again.stderr  # handed over, ended
        app.wait_for(lambda s: s["shown"] is True, message="the window back from the tray")
    finally:
        tray.close()


def test_without_a_tray_the_close_button_quits_even_with_the_setting_on(launch, tmp_path):
    config = tmp_path / "config"
    config.mkdir(parents=True, exist_ok=True)
    (config / "desktop.json").write_text(json.dumps({"close_to_tray": True}))
    app = launch()
    wait_quick(app, press=True)
    ask_to_close(app.display or "", app.state()["window_id"])
    assert app.proc.wait(timeout=15) == 0, app.crash_text()

"""Parley's tray icon in a real system tray, used with a real pointer and keyboard (issue 20).

The other tray tests own the tray selection with a client of our own that never docks anything
(``tests/support/x11_client.TrayOwner``): they prove what Parley does when a tray *exists*, not
that its icon works in one. Here the tray is ``trayer``, a freedesktop (XEmbed) system tray
written by others, on the lane's Xvfb display. The icon docks into it; ``xdotool`` right-clicks
it, walks its menu with the arrow keys, and the tests assert on effects: Quick ask opens (found
by its title), Esc closes it, and "Quit Parley" ends the process with exit code 0.

Without ``trayer`` the module is skipped with one line naming the package.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Iterator

import pytest

from tests.x11.conftest import App
from tests.x11.test_quick_ask_chord import _env, quick_windows

if shutil.which("trayer") is None:
    pytest.skip("trayer not available (install the 'trayer' package)", allow_module_level=True)

PANEL_WIDTH, PANEL_HEIGHT = 200, 32
TRAYER_ARGS = (
    *("--edge", "top", "--align", "right", "--transparent", "false"),
    *("--widthtype", "pixel", "--width", str(PANEL_WIDTH)),
    *("--heighttype", "pixel", "--height", str(PANEL_HEIGHT)),
)


@pytest.fixture
def tray(x_display: str) -> Iterator[tuple[int, int]]:
    """trayer docked at the top right of the screen; yields where its last icon sits."""
    proc = subprocess.Popen(
        ["trayer", *TRAYER_ARGS],
        env={**os.environ, "DISPLAY": x_display},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        geometry = ""
        deadline = time.monotonic() + 10
        while "Position" not in geometry:
            assert proc.poll() is None, "trayer ended at once"
            assert time.monotonic() < deadline, "trayer's panel never showed"
            found = subprocess.run(
                ["xdotool", "search", "--name", "^panel$", "getwindowgeometry"],
                env=_env(x_display),
                capture_output=True,
                text=True,
                timeout=10,
            )
            geometry = found.stdout
            time.sleep(0.1)
        x, y = (int(v) for v in geometry.split("Position: ")[1].split()[0].split(","))
        yield x + PANEL_WIDTH - PANEL_HEIGHT // 2, y + PANEL_HEIGHT // 2
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def open_menu_item(app: App, icon: tuple[int, int], downs: int) -> None:
    """Right-click the tray icon, then pick the menu's item ``downs`` rows down (Up: the last)."""
    app.xdotool("mousemove", icon[0], icon[1])
    app.xdotool("click", "3")
    time.sleep(0.5)  # the menu maps
    if downs > 0:
        app.key(*["Down"] * downs)
    else:
        app.key("Up")
    app.key("Return")


def test_the_tray_icon_docks_and_its_menu_opens_quick_ask_and_quits(tray, launch) -> None:
    app = launch(answer="From the tray.")
    deadline = time.monotonic() + 20
    while not quick_windows(app):  # the icon docks a moment after the window shows
        assert time.monotonic() < deadline, "no Quick ask from the tray\n" + app.crash_text()
        app.assert_alive()
        app.key("Escape")  # a menu left open by a click that came too early
        open_menu_item(app, tray, downs=3)  # Show Parley, New chat, Quick ask…
        time.sleep(0.8)
    quick = quick_windows(app)[0]
    app.xdotool("windowfocus", "--sync", quick)
    app.key("Escape")
    deadline = time.monotonic() + 10
    while quick_windows(app):
        assert time.monotonic() < deadline, "Esc did not close Quick ask"
        time.sleep(0.1)
    app.assert_alive()
    open_menu_item(app, tray, downs=0)  # the last item: Quit Parley
    assert app.proc.wait(timeout=15) == 0, app.crash_text()

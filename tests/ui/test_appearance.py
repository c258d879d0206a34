"""Comfort: the theme manager, the font zoom and the shortcuts sheet, on the real QApplication.

Each test puts the application's style, palette and font back afterwards, so the other window
tests run on what they expect. The system's colour scheme is changed the way Qt reports it: the
style hints' ``colorSchemeChanged`` signal with the new scheme.
"""

from __future__ import annotations

import gc

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QKeySequence, QPalette
from PySide6.QtWidgets import QLineEdit

from parley.ui.appearance import (
    DARK_COLOURS,
    DARK_DISABLED,
    LIGHT_COLOURS,
    FontZoom,
    ThemeManager,
    build_palette,
)
from parley.ui.shortcuts import SCOPES, SHORTCUTS, find_shortcut, shortcuts_for
from parley.ui.widgets.shortcuts_dialog import ShortcutsDialog

Role = QPalette.ColorRole
Group = QPalette.ColorGroup


@pytest.fixture
def app(qapp):
    # A manager left by an earlier test (a window's, a failed test's traceback) follows the
    # system until it is collected; collect it now, or the system scheme emitted here would
    # switch the palette through it and make these tests depend on their order.
    gc.collect()
    style = qapp.style().name()
    palette = QPalette(qapp.palette())
    font = qapp.font()
    yield qapp
    QGuiApplication.styleHints().unsetColorScheme()
    qapp.setStyle(style)
    qapp.setPalette(palette)
    qapp.setFont(font)


def _changes(manager: ThemeManager) -> list[bool]:
    seen: list[bool] = []
    manager.sig_theme_changed.connect(seen.append)
    return seen


def _system_switches_to(scheme: Qt.ColorScheme) -> None:
    QGuiApplication.styleHints().colorSchemeChanged.emit(scheme)


def test_every_role_has_a_colour_in_both_themes():
    assert set(LIGHT_COLOURS) == set(DARK_COLOURS)
    for role in (
        Role.Window,
        Role.Base,
        Role.AlternateBase,
        Role.Text,
        Role.Button,
        Role.Highlight,
        Role.Link,
        Role.PlaceholderText,
        Role.ToolTipBase,
        Role.ToolTipText,
    ):
        assert role in LIGHT_COLOURS
    dark = build_palette(True)
    assert dark.color(Group.Active, Role.Base) == QColor(DARK_COLOURS[Role.Base])
    assert dark.color(Group.Inactive, Role.Base) == QColor(DARK_COLOURS[Role.Base])
    assert dark.color(Group.Disabled, Role.Text) == QColor(DARK_DISABLED[Role.Text])
    assert dark.color(Group.Disabled, Role.Text) != dark.color(Group.Active, Role.Text)


def test_light_and_dark_switch_the_application_palette_once_per_change(app):
    manager = ThemeManager(app, "light")
    seen = _changes(manager)
    assert app.style().name().lower() == "fusion"
    assert not manager.is_dark
    assert app.palette().color(Role.Window) == QColor(LIGHT_COLOURS[Role.Window])

    manager.set_mode("dark")
    assert manager.mode == "dark" and manager.is_dark
    assert app.palette().color(Role.Window) == QColor(DARK_COLOURS[Role.Window])
    assert app.palette().color(Role.Text) == QColor(DARK_COLOURS[Role.Text])
    assert app.palette().color(Role.Highlight) == QColor(DARK_COLOURS[Role.Highlight])
    assert app.palette().color(Group.Disabled, Role.Text) == QColor(DARK_DISABLED[Role.Text])
    # A widget made now follows the application palette.
    edit = QLineEdit()
    assert edit.palette().color(Role.Base) == QColor(DARK_COLOURS[Role.Base])
    assert seen == [True]

    manager.set_mode("dark")  # no effective change: no signal
    assert seen == [True]
    manager.set_mode("light")
    assert seen == [True, False]
    assert app.palette().color(Role.Base) == QColor(LIGHT_COLOURS[Role.Base])


def test_system_mode_follows_the_system_and_unknown_counts_as_light(app):
    manager = ThemeManager(app, "light")
    seen = _changes(manager)
    manager.set_mode("system")  # the offscreen platform reports no scheme: light
    assert manager.mode == "system"
    assert not manager.is_dark
    assert seen == []  # light → system(light) is no change of the theme in effect

    _system_switches_to(Qt.ColorScheme.Dark)
    assert manager.is_dark
    assert app.palette().color(Role.Window) == QColor(DARK_COLOURS[Role.Window])
    _system_switches_to(Qt.ColorScheme.Dark)
    assert seen == [True]
    _system_switches_to(Qt.ColorScheme.Unknown)
    assert not manager.is_dark
    assert seen == [True, False]


def test_an_explicit_mode_ignores_the_system(app):
    manager = ThemeManager(app, "light")
    seen = _changes(manager)
    _system_switches_to(Qt.ColorScheme.Dark)
    assert not manager.is_dark
    assert app.palette().color(Role.Window) == QColor(LIGHT_COLOURS[Role.Window])
    assert seen == []


def test_an_unknown_mode_is_refused(app):
    manager = ThemeManager(app, "light")
    with pytest.raises(ValueError, match="Unknown theme 'blue'"):
        manager.set_mode("blue")
    assert manager.mode == "light"
    with pytest.raises(ValueError):
        ThemeManager(app, "sepia")


# -- zoom --------------------------------------------------------------------------------------


def test_zoom_steps_and_clamps_and_signals_only_on_change(app):
    zoom = FontZoom(base=10.0, minimum=8.0, maximum=28.0)
    sizes: list[float] = []
    zoom.sig_zoom_changed.connect(sizes.append)
    zoom.zoom_in()
    zoom.zoom_in()
    assert zoom.point_size == 12.0
    for _ in range(30):
        zoom.zoom_in()
    assert zoom.point_size == 28.0
    assert sizes[-1] == 28.0
    assert sizes.count(28.0) == 1  # no signal while already at the top
    for _ in range(30):
        zoom.zoom_out()
    assert zoom.point_size == 8.0
    assert sizes.count(8.0) == 1
    zoom.reset()
    assert zoom.point_size == 10.0
    assert sizes[-1] == 10.0
    count = len(sizes)
    zoom.reset()
    assert len(sizes) == count


def test_zoom_applies_to_the_application_font_from_its_base(app):
    font = app.font()
    font.setPointSizeF(9.5)
    app.setFont(font)
    zoom = FontZoom(app)
    assert zoom.base_point_size == 9.5
    zoom.zoom_in()
    assert zoom.point_size == 10.0
    assert app.font().pointSizeF() == 10.0
    assert QLineEdit().font().pointSizeF() == 10.0
    zoom.set_point_size(100.0)  # a saved size out of range is clamped
    assert app.font().pointSizeF() == 28.0
    zoom.set_point_size(0.0)  # 0 = the default
    assert app.font().pointSizeF() == 9.5


def test_a_base_outside_the_range_is_clamped(app):
    assert FontZoom(base=40.0).point_size == 28.0
    assert FontZoom(base=3.0).point_size == 8.0
    with pytest.raises(ValueError):
        FontZoom(base=10.0, minimum=20.0, maximum=10.0)


# -- the shortcuts sheet -----------------------------------------------------------------------


def test_the_shortcut_table_is_consistent():
    window_rows = [row for row in SHORTCUTS if row.scope == "window"]
    keys = [key for row in window_rows for key in row.all_keys()]
    assert len(keys) == len(set(keys))  # no key bound twice
    for row in SHORTCUTS:
        assert row.scope in SCOPES
        for key in row.all_keys():
            sequence = QKeySequence(key)
            assert sequence.count() == 1, key
            assert sequence.toString() == key, key  # portable text, round-trips
    assert find_shortcut("quick switch").keys == "Ctrl+K"
    assert find_shortcut("Send", "enter").keys == "Return"
    with pytest.raises(KeyError, match="Teleport"):
        find_shortcut("Teleport")
    with pytest.raises(ValueError):
        shortcuts_for("space")


def test_the_sheet_lists_every_shortcut_and_filters_as_you_type(qtbot):
    dialog = ShortcutsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.visible_actions() == [row.action for row in SHORTCUTS]
    assert dialog.keys_for("Send") == "Ctrl+Enter"
    assert dialog.keys_for("Zoom in") == "Ctrl+= or Ctrl++"
    qtbot.keyClicks(dialog.search, "zoom")
    assert dialog.visible_actions() == ["Zoom in", "Zoom out", "Reset zoom"]
    dialog.search.clear()
    qtbot.keyClicks(dialog.search, "ctrl+k")  # by keys too
    assert dialog.visible_actions() == ["Quick switch"]
    dialog.search.clear()
    qtbot.keyClicks(dialog.search, "clipboard")  # and by what it does
    assert dialog.visible_actions() == ["Copy last answer"]
    assert not dialog.empty.isVisible()
    qtbot.keyClicks(dialog.search, "zzz")
    assert dialog.visible_actions() == []
    assert dialog.empty.isVisible()
    dialog.search.clear()
    assert len(dialog.visible_actions()) == len(SHORTCUTS)


def test_the_sheet_shows_the_send_key_setting(qtbot):
    dialog = ShortcutsDialog(send_key="enter")
    qtbot.addWidget(dialog)
    assert dialog.keys_for("Send") == "Enter or Ctrl+Enter"
    assert dialog.keys_for("New line") == "Shift+Enter"


def test_enter_in_the_filter_keeps_the_sheet_open_and_esc_closes_it(qtbot):
    dialog = ShortcutsDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.search, "history")
    qtbot.keyClick(dialog.search, Qt.Key.Key_Return)
    assert dialog.isVisible()
    with qtbot.waitSignal(dialog.rejected, timeout=1000):
        qtbot.keyClick(dialog.search, Qt.Key.Key_Escape)
    assert not dialog.isVisible()


def test_a_closed_window_stops_following_the_system(app, qtbot, services):
    """A window's own theme manager stops following the system when the window closes, even
    while something still holds the window (this made the explicit-mode test above depend on
    which window tests ran before it)."""
    from parley.ui.main_window import MainWindow

    window = MainWindow(services)
    qtbot.addWidget(window)
    window.show()
    assert window.theme.mode == "system" and not window.theme.is_dark
    window.close()
    _system_switches_to(Qt.ColorScheme.Dark)
    assert app.palette().color(Role.Window) == QColor(LIGHT_COLOURS[Role.Window])
    assert window.theme.mode == "system"  # still held here, and still light

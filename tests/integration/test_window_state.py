"""window.json: the window's state written and read back from a real file, and every way a file
on disk can be damaged. No Qt: geometry is opaque bytes to this module."""

from __future__ import annotations

import json
import os

import pytest

from parley.ui.window_state import (
    WINDOW_STATE_FILE,
    WindowState,
    load_window_state,
    save_window_state,
)

# Bytes shaped like QWidget.saveGeometry(): a magic number, then binary fields (NULs included).
GEOMETRY = bytes.fromhex("01d9d0cb000300000000006400000064000004ff000003ff") + bytes(range(256))


@pytest.fixture
def path(tmp_path):
    return tmp_path / "config" / WINDOW_STATE_FILE


def _write(path, content) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content), encoding="utf-8")


def test_a_state_survives_a_round_trip(path):
    state = WindowState(
        geometry=GEOMETRY,
        splitter_sizes=(260, 940),
        last_session_id="01JF3Y8K6V",
        theme="dark",
        font_point_size=13.0,
        send_key="enter",
    )
    save_window_state(path, state)  # the folder does not exist yet
    assert load_window_state(path) == (state, "")
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk["version"] == 1
    assert on_disk["theme"] == "dark"
    assert isinstance(on_disk["geometry"], str)  # base64, not raw bytes
    # Saving again replaces the file, and leaves no temporary file behind.
    save_window_state(path, WindowState(theme="light"))
    assert load_window_state(path) == (WindowState(theme="light"), "")
    assert sorted(os.listdir(path.parent)) == [WINDOW_STATE_FILE]


def test_a_missing_file_gives_the_defaults_without_a_problem(path):
    assert load_window_state(path) == (WindowState(), "")


@pytest.mark.parametrize(
    "content",
    [b"{not json", b"\xff\xfe\x00garbage", b"", b'{"theme": "dark"'],
    ids=["broken", "binary", "empty", "truncated"],
)
def test_a_corrupt_file_gives_the_defaults_and_says_so(path, content):
    _write(path, content)
    state, problem = load_window_state(path)
    assert state == WindowState()
    assert problem == "window.json is not valid JSON; using defaults"


def test_json_that_is_not_an_object_gives_the_defaults(path):
    _write(path, [1, 2, 3])
    state, problem = load_window_state(path)
    assert state == WindowState()
    assert "does not hold a JSON object" in problem


def test_an_unknown_theme_falls_back_and_keeps_the_good_fields(path):
    _write(path, {"version": 1, "theme": "solarized", "send_key": "enter", "last_session_id": "s1"})
    state, problem = load_window_state(path)
    assert state == WindowState(theme="system", send_key="enter", last_session_id="s1")
    assert "theme" in problem and '"solarized"' in problem and "\n" not in problem
    assert problem.startswith("window.json: ")


def test_every_bad_field_is_named_and_defaulted(path):
    _write(
        path,
        {
            "geometry": "***not base64***",
            "splitter_sizes": [240, -5],
            "last_session_id": 42,
            "theme": "dark",
            "font_point_size": "huge",
            "send_key": "space",
            "a_future_field": {"ignored": True},
        },
    )
    state, problem = load_window_state(path)
    assert state == WindowState(theme="dark")
    for name in ("geometry", "splitter_sizes", "last_session_id", "font_point_size", "send_key"):
        assert name in problem
    assert "a_future_field" not in problem
    assert "\n" not in problem


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("font_point_size", 500),
        ("font_point_size", True),
        ("font_point_size", -1),
        ("splitter_sizes", [True, 3]),
        ("splitter_sizes", "240,860"),
        ("geometry", 12),
        ("last_session_id", "has spaces in it"),
    ],
)
def test_values_of_the_right_type_but_not_believable_are_refused(path, field, value):
    _write(path, {field: value})
    state, problem = load_window_state(path)
    assert state == WindowState()
    assert field in problem


def test_accepted_edge_values(path):
    _write(path, {"font_point_size": 0, "splitter_sizes": [], "geometry": ""})
    assert load_window_state(path) == (WindowState(), "")
    _write(path, {"font_point_size": 9.5})
    assert load_window_state(path) == (WindowState(font_point_size=9.5), "")


def test_an_unreadable_path_gives_the_defaults_and_a_reason(path):
    path.mkdir(parents=True)  # a folder where the file should be
    state, problem = load_window_state(path)
    assert state == WindowState()
    assert problem.startswith("cannot read window.json")


def test_a_failed_save_raises_and_leaves_no_temporary_file(path):
    # A non-empty folder where the file should be: the final os.replace fails.
    (path / "inside").mkdir(parents=True)
    with pytest.raises(OSError):
        save_window_state(path, WindowState(theme="dark"))
    assert sorted(os.listdir(path.parent)) == [WINDOW_STATE_FILE]
    assert os.listdir(path) == ["inside"]

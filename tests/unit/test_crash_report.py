"""The crash report's files (``ui.crash_report``); a real crash and the next start's banner are
tested with a child process in tests/x11/test_crash_report.py."""

from __future__ import annotations

import faulthandler

from parley.ui.crash_report import CRASH_DIR, CRASH_FILE, install, previous_crash


def test_a_non_empty_report_is_kept_under_a_dated_name(tmp_path):
    report = tmp_path / CRASH_DIR / CRASH_FILE
    report.parent.mkdir()
    report.write_text("Fatal Python error: Segmentation fault\n")
    kept = previous_crash(tmp_path)
    assert kept is not None and kept.name.startswith("crash-") and kept.suffix == ".txt"
    assert kept.read_text() == "Fatal Python error: Segmentation fault\n"
    assert not report.exists()
    assert previous_crash(tmp_path) is None  # reported once


def test_no_file_or_an_empty_one_is_no_crash(tmp_path):
    assert previous_crash(tmp_path) is None
    report = tmp_path / CRASH_DIR / CRASH_FILE
    report.parent.mkdir()
    report.touch()  # a kill -9 or a power cut: nothing was written
    assert previous_crash(tmp_path) is None


def test_a_data_dir_that_cannot_be_written_never_stops_the_start(tmp_path):
    blocked = tmp_path / "data"
    blocked.write_text("a file where the folder should be")
    enabled = faulthandler.is_enabled()
    assert install(blocked) == (None, "")
    assert faulthandler.is_enabled() == enabled  # the test run's own handler is untouched

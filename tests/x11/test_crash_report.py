"""A window that really crashes (a segmentation fault) is reported at the next start (issue 13).

The window runs in a child process (``tests/x11/driver.py``, offscreen: no X server is needed, so
these tests run even where the real-display lane is skipped). ``--crash-after-start`` makes it
fault once it is up; the next start must say plainly that Parley crashed and where the report is.
"""

from __future__ import annotations

import signal

import pytest

from tests.x11.conftest import START_TIMEOUT, start_app, stop_app


@pytest.fixture
def provider_url(httpserver) -> str:
    httpserver.expect_request("/v1/models").respond_with_json(
        {"object": "list", "data": [{"id": "model-a"}]}
    )
    return httpserver.url_for("/v1")


def _shown(app) -> dict:
    return app.wait_for(lambda s: s.get("ready"), timeout=START_TIMEOUT, message="the window")


def test_a_crash_is_reported_at_the_next_start_with_where_the_report_is(tmp_path, provider_url):
    crash_dir = tmp_path / "data" / "crash"
    crashed = start_app(None, tmp_path, provider_url, crash_after_start=True)
    crashed.proc.wait(timeout=START_TIMEOUT)
    assert crashed.proc.returncode == -signal.SIGSEGV, crashed.crash_text()
    report = (crash_dir / "last-crash.txt").read_text()
    assert "Segmentation fault" in report and "driver.py" in report  # the Python stack

    app = start_app(None, tmp_path, provider_url)
    try:
        state = _shown(app)
        kept = list(crash_dir.glob("crash-*.txt"))
        assert len(kept) == 1 and kept[0].read_text() == report  # kept under a dated name
        assert state["banner"].startswith("Parley crashed last time.")
        assert str(kept[0]) in state["banner"]
        # This run writes its own report, empty while nothing goes wrong.
        assert (crash_dir / "last-crash.txt").stat().st_size == 0
        assert app.settle(0.3)["banner"]  # still there after the window settled
    finally:
        stop_app(app)

    # Killed (SIGTERM, no crash): the empty file is no report, and the next start says nothing.
    again = start_app(None, tmp_path, provider_url)
    try:
        assert _shown(again)["banner"] == ""
        assert again.settle(0.3)["banner"] == ""
        assert len(list(crash_dir.glob("crash-*.txt"))) == 1
    finally:
        stop_app(again)

"""Suite-wide settings.

Property tests (Hypothesis) explore new examples on every local run, which is how they keep
finding bugs (several this project fixed were found that way). CI must not fail at random on an
example nobody has seen, so `.ci/run` sets ``PARLEY_HYPOTHESIS=ci``: the same examples every run
(``derandomize``), no example database. A failure found locally is pinned with ``@example`` in
its test, so CI checks it from then on.

Order: tests marked ``slow`` (minutes or tens of seconds each: the monkey, kill -9 rounds, a
real systemd timer) are handed out first. pytest-xdist deals tests in collection order, so a long
test collected last would run alone on one core at the end; first, it overlaps everything else.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# The window's language follows the system (ui/i18n); the suite asserts on the English text,
# so it runs in English whatever the machine's locale (a test that wants German sets its own).
os.environ["PARLEY_LANGUAGE"] = "en"

settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("PARLEY_HYPOTHESIS") == "ci":
    settings.load_profile("ci")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first (module docstring); otherwise the collection order is kept."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)

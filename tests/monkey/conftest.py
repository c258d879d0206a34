"""The monkey test's fixtures: the real-display lane's Xvfb display (``tests/x11/conftest.py``)."""

from __future__ import annotations

from tests.x11.conftest import x_display  # noqa: F401 - a fixture, registered by importing it

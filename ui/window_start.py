"""What lets the main window paint before its services exist, and wait for that paint.

Why it exists: building the services (``ui.bootstrap.build_services``: importing the adapters,
opening and checking the SQLite history, reading the settings) takes tens of milliseconds that
nothing in the first frame needs. ``ui/app.py`` therefore builds the window first, shows it, and
hands it its services once it has painted (``MainWindow.attach``). Until then two widgets that
keep a service — the bridge (the runtime) and the conversation search (the store) — hold a
``Late`` stand-in that forwards to the real object once it is set; neither uses it before the
user acts, and nothing acts before the first paint.

``PaintedBridge`` holds work back until the first paint for code that submits it at once (the
welcome panel's provider editor asks the keyring, whose import holds the GIL ~50 ms).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parley.ui.main_window import MainWindow


class Late:
    """Stands in for an object built later: attribute access is forwarded to it once ``set``;
    before that it raises ``AttributeError``, naming what was asked for."""

    def __init__(self, what: str) -> None:
        self._what = what
        self._target: object | None = None

    def set(self, target: object) -> None:
        self._target = target

    def __getattr__(self, name: str) -> Any:
        # (only called for names not found on the stand-in itself)
        target = self.__dict__.get("_target")
        if target is None:
            what = self.__dict__.get("_what", "a service")
            raise AttributeError(f"{name!r}: {what} is not ready yet (the window has no services)")
        return getattr(target, name)


class PaintedBridge:
    """The window's ``WorkerBridge.submit`` for work that can wait for its first paint
    (``MainWindow.after_first_paint``)."""

    def __init__(self, window: MainWindow) -> None:
        self._window = window

    def submit(
        self,
        job: Callable[[], Any],
        on_done: Callable[[Any], object],
        on_error: Callable[[BaseException], None] | None = None,
    ) -> None:
        bridge = self._window.bridge
        self._window.after_first_paint(lambda: bridge.submit(job, on_done, on_error))

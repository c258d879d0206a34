"""The window's side of scheduled tasks (issue 20): the Scheduled page, the Add dialog and the
in-app scheduler (``ScheduledController`` wires them into the main window)."""

from parley.ui.scheduled.controller import ScheduledController

__all__ = ["ScheduledController"]

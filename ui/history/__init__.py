"""The History window, for operators: every saved conversation in a sortable, filterable table,
one conversation's timeline under it, and export, verify and delete.

Why it exists as a package: the window (``window``) is one room among several; the table model
(``table``), the filter bar (``filters``), the worker-side listing (``loading``) and the export
helpers (``export``) each keep one job, so none grows past what a reader can hold.

Invariant it keeps: importing this package loads no exporter (``application.history.export`` is
imported on the first export), so the main window may import it at start.
"""

from parley.ui.history.loading import FIRST_PAGE, SEARCH_HIT_LIMIT, Listing, load_listing
from parley.ui.history.table import (
    COLUMNS,
    COST,
    FAILURES,
    FIRST,
    LAST,
    MODELS,
    SESSION_ID_ROLE,
    STATUS,
    STATUS_ROLE,
    TITLE,
    TOKENS_IN,
    TOKENS_OUT,
    TURNS,
    WORKSPACE,
    Column,
    SessionTableModel,
    local_time,
)
from parley.ui.history.window import HistoryWindow

__all__ = [
    "COLUMNS",
    "COST",
    "FAILURES",
    "FIRST",
    "FIRST_PAGE",
    "LAST",
    "MODELS",
    "SEARCH_HIT_LIMIT",
    "SESSION_ID_ROLE",
    "STATUS",
    "STATUS_ROLE",
    "TITLE",
    "TOKENS_IN",
    "TOKENS_OUT",
    "TURNS",
    "WORKSPACE",
    "Column",
    "HistoryWindow",
    "Listing",
    "SessionTableModel",
    "load_listing",
    "local_time",
]

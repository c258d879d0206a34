"""Exports from the History window: which formats exist, the text of one, and writing it.

Why it exists: the window offers JSON, Markdown and HTML exports of one, several or every
conversation; rendering runs on a worker, and the file must never be left half-written.

Invariants it keeps:

- ``application.history.export`` (and the document renderers under it) is imported on the first
  export, not with this module: the main window imports the History window at start (issue 8);
- an export is written next to its target and moved into place (``write_atomically``);
- the text is what the command line writes: one conversation is one document, several are one
  collection.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog, QWidget

from parley.application.ports.event_store import EventStore
from parley.ui.i18n import translate


def export_formats() -> dict[str, str]:
    """File-dialog filter → format name, for what ``application.history.export`` can write."""
    from parley.application.history import export as history_export  # first export only

    formats = {translate("export", "JSON (*.json)"): "json"}
    if callable(getattr(history_export, "export_markdown", None)):
        formats[translate("export", "Markdown (*.md)")] = "md"
    if callable(getattr(history_export, "export_html", None)):
        formats[translate("export", "HTML (*.html)")] = "html"
    return formats


def render_export(store: EventStore, session_ids: Sequence[str], fmt: str) -> str:
    """The text of an export of ``session_ids`` in ``fmt`` (json, md or html), as the command
    line writes it: one conversation is one document, several are one collection (a JSON array,
    or one Markdown or HTML file). Runs on a worker."""
    from parley.application.history import export as history_export  # first export only

    ids = list(session_ids)
    if fmt in ("md", "html"):
        name = "export_markdown" if fmt == "md" else "export_html"
        if len(ids) != 1 and callable(getattr(history_export, f"{name}_all", None)):
            return getattr(history_export, f"{name}_all")(store, ids)
        render = getattr(history_export, name)
        return ("\n\n---\n\n" if fmt == "md" else "\n").join(render(store, sid) for sid in ids)
    if len(ids) == 1:
        data: Any = history_export.export_session(store, ids[0])
    elif callable(getattr(history_export, "export_sessions", None)):
        data = history_export.export_sessions(store, ids)
    else:
        data = [history_export.export_session(store, sid) for sid in ids]
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def write_atomically(path: Path, text: str) -> Path:
    """Write ``text`` next to ``path`` and move it into place (no half-written export)."""
    partial = path.with_name(path.name + ".part")
    partial.write_text(text, encoding="utf-8")
    os.replace(partial, path)
    return path


def format_of(path: Path) -> str:
    """The export format a file name asks for (json when it names none)."""
    suffix = path.suffix.lower().lstrip(".")
    return {"markdown": "md", "htm": "html"}.get(suffix, suffix or "json")


def choose_target(
    parent: QWidget, path: str | Path | None, fmt: str, name: str
) -> tuple[Path, str] | None:
    """Where and in which format to export: the given path (format from ``fmt`` or its suffix),
    or what the user picks in a save dialog (None when cancelled). The format may still be one
    ``export_formats`` does not offer; the caller says so."""
    formats = export_formats()
    if path is None:
        safe = "".join(c if c.isalnum() or c in " -_." else "_" for c in name).strip()
        chosen, selected = QFileDialog.getSaveFileName(
            parent,
            translate("export", "Export"),
            str(Path.home() / f"{(safe or 'export')[:60]}.json"),
            ";;".join(formats),
        )
        if not chosen:
            return None
        target = Path(chosen)
        fmt = formats.get(selected) or format_of(target)
        if not target.suffix:
            target = target.with_suffix("." + fmt)
    else:
        target = Path(path)
        fmt = fmt or format_of(target)
    return target, fmt

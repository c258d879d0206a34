"""The window's own state across restarts: where it was, how it was split, what it showed.

Why it exists: reopening Parley should put the window back as the user left it — its geometry,
the sidebar's width, the conversation that was open, the theme, the zoom, the send key and the
unsent text typed in each conversation (its draft; key "" for a conversation not saved yet). This
is layout, not settings: it lives in its own small file (``window.json`` in the config
directory, written on close), so a damaged or hand-edited copy can never cost the user their
providers, and settings never churn because a window moved.

The file looks like::

    {"version": 1, "geometry": "<base64 of QWidget.saveGeometry()>",
     "splitter_sizes": [240, 860], "last_session_id": "…", "theme": "system",
     "font_point_size": 0.0, "send_key": "ctrl+enter", "drafts": {"<session id>": "text"}}

Invariants it keeps:

- loading never raises for what the file holds: a missing file gives the defaults with no
  problem; an unreadable or non-JSON file gives the defaults and a one-line problem; a bad value
  falls back to that field's default (the good fields are kept) and is named in the problem;
  unknown fields are ignored (a newer Parley may have written them);
- saving is atomic: the new file is written beside the old one, flushed, and moved over it with
  ``os.replace``, so a crash mid-save leaves the old file or the new one, never half of either;
- pure Python: no Qt, so it is tested without a display (geometry is opaque bytes here).
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import math
import os
import tempfile
from dataclasses import dataclass, fields
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import Any

#: The file name in the config directory.
WINDOW_STATE_FILE = "window.json"
#: The format version this module writes.
VERSION = 1
THEMES = ("system", "light", "dark", "contrast")
SEND_KEYS = ("ctrl+enter", "enter")
#: A saved font size outside this range is not believed (0 means "the default").
FONT_POINT_RANGE = (4.0, 96.0)
#: More panes than this, or a pane wider than this, is not a layout the window ever saved.
MAX_SPLITTER_PANES = 16
MAX_PANE_SIZE = 100_000
#: A geometry blob larger than this is not one QWidget.saveGeometry wrote.
MAX_GEOMETRY_BYTES = 4096
#: More drafts than this, or a longer one, is not something the window wrote.
MAX_DRAFTS = 1000
MAX_DRAFT_CHARS = 1_000_000


@dataclass(frozen=True)
class WindowState:
    """What the window restores when it opens; every field has a harmless default."""

    geometry: bytes = b""
    splitter_sizes: tuple[int, ...] = ()
    last_session_id: str = ""
    theme: str = "system"
    font_point_size: float = 0.0
    send_key: str = "ctrl+enter"
    drafts: dict[str, str] = dataclass_field(default_factory=dict, hash=False)


def load_window_state(path: Path) -> tuple[WindowState, str]:
    """The state saved in ``path`` and "" — or, when the file is damaged, the defaults for what
    could not be read and a one-line reason saying what was wrong and what is used instead."""
    name = path.name
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return WindowState(), ""
    except OSError as exc:
        return WindowState(), f"cannot read {name} ({exc.strerror or exc}); using defaults"
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        return WindowState(), f"{name} is not valid JSON; using defaults"
    if not isinstance(data, dict):
        return WindowState(), f"{name} does not hold a JSON object; using defaults"

    problems: list[str] = []
    values: dict[str, Any] = {}
    for field in fields(WindowState):
        if field.name not in data:
            continue
        reader = _READERS[field.name]
        try:
            values[field.name] = reader(data[field.name])
        except ValueError as exc:
            problems.append(f"{field.name} {exc}")
    state = WindowState(**values)
    if not problems:
        return state, ""
    return state, f"{name}: " + "; ".join(problems) + " — using the defaults for those"


def save_window_state(path: Path, state: WindowState) -> None:
    """Write ``state`` to ``path`` atomically (creating the folder if needed). Raises OSError
    when the disk refuses; the old file is then left as it was."""
    payload = {
        "version": VERSION,
        "geometry": base64.b64encode(state.geometry).decode("ascii"),
        "splitter_sizes": list(state.splitter_sizes),
        "last_session_id": state.last_session_id,
        "theme": state.theme,
        "font_point_size": state.font_point_size,
        "send_key": state.send_key,
        "drafts": dict(state.drafts),
    }
    text = json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise


# -- reading one field: the value, or ValueError("is …") naming what is wrong -------------------


def _geometry(value: object) -> bytes:
    if not isinstance(value, str):
        raise ValueError("is not a base64 string")
    try:
        blob = base64.b64decode(value.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        raise ValueError("is not valid base64") from None
    if len(blob) > MAX_GEOMETRY_BYTES:
        raise ValueError(f"is larger than {MAX_GEOMETRY_BYTES} bytes")
    return blob


def _splitter_sizes(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > MAX_SPLITTER_PANES:
        raise ValueError(f"is not a list of at most {MAX_SPLITTER_PANES} sizes")
    sizes = []
    for item in value:
        # bool is an int in Python; true/false is not a width.
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= MAX_PANE_SIZE:
            raise ValueError(f"holds {item!r}, not a width in pixels")
        sizes.append(item)
    return tuple(sizes)


def _session_id(value: object) -> str:
    if not isinstance(value, str) or len(value) > 200 or any(c.isspace() for c in value):
        raise ValueError("is not a conversation id")
    return value


def _theme(value: object) -> str:
    if value not in THEMES:
        raise ValueError(f"{_shown(value)} is unknown (expected one of {', '.join(THEMES)})")
    return str(value)


def _font_point_size(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{_shown(value)} is not a number")
    size = float(value)
    low, high = FONT_POINT_RANGE
    if not math.isfinite(size) or not (size == 0.0 or low <= size <= high):
        raise ValueError(f"{_shown(value)} is not 0 or between {low:g} and {high:g}")
    return size


def _send_key(value: object) -> str:
    if value not in SEND_KEYS:
        raise ValueError(f"{_shown(value)} is unknown (expected one of {', '.join(SEND_KEYS)})")
    return str(value)


def _shown(value: object) -> str:
    """A value for a one-line message: short, on one line."""
    text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def _drafts(value: object) -> dict[str, str]:
    if not isinstance(value, dict) or len(value) > MAX_DRAFTS:
        raise ValueError(f"is not an object of at most {MAX_DRAFTS} drafts")
    drafts = {}
    for key, text in value.items():
        if key:
            _session_id(key)
        if not isinstance(text, str) or len(text) > MAX_DRAFT_CHARS:
            raise ValueError(f"holds {_shown(text)} for {_shown(key)}, not a draft")
        drafts[key] = text
    return drafts


_READERS = {
    "geometry": _geometry,
    "splitter_sizes": _splitter_sizes,
    "last_session_id": _session_id,
    "theme": _theme,
    "font_point_size": _font_point_size,
    "send_key": _send_key,
    "drafts": _drafts,
}

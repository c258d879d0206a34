"""Where Parley keeps its data (event store, attachments) and its settings.

Why it exists: the window, ``parley ask``, ``parley history`` and the tests must all agree on one
place, and ``--data-dir`` / ``--config-dir`` (or ``PARLEY_DATA_DIR`` / ``PARLEY_CONFIG_DIR``) must
be able to point everything somewhere else (tests, several profiles).

Invariant it keeps: one precedence for both folders, an explicit argument first, then the
environment variable (ignored when empty), then the platform's per-user folder from
``platformdirs``. The result is absolute (``~`` expanded, resolved) and is never created here:
the adapter that writes creates it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import platformdirs

APP_NAME = "parley"
DATA_DIR_ENV = "PARLEY_DATA_DIR"
CONFIG_DIR_ENV = "PARLEY_CONFIG_DIR"


def data_dir(override: str | Path | None = None) -> Path:
    """Parley's data folder: ``override``, else ``$PARLEY_DATA_DIR``, else the user data dir."""
    return _pick(override, DATA_DIR_ENV, _platform_data_dir)


def config_dir(override: str | Path | None = None) -> Path:
    """Parley's settings folder: ``override``, else ``$PARLEY_CONFIG_DIR``, else the user config
    dir."""
    return _pick(override, CONFIG_DIR_ENV, _platform_config_dir)


def _platform_data_dir() -> str:
    # appauthor=False: on Windows "%LOCALAPPDATA%\\parley", not "...\\parley\\parley".
    return platformdirs.user_data_dir(APP_NAME, appauthor=False)


def _platform_config_dir() -> str:
    return platformdirs.user_config_dir(APP_NAME, appauthor=False)


def _pick(override: str | Path | None, env_name: str, platform_default: Callable[[], str]) -> Path:
    if override is not None:
        if not str(override).strip():
            raise ValueError("an empty path was given for a Parley folder")
        chosen: str | Path = override
    elif os.environ.get(env_name, "").strip():
        chosen = os.environ[env_name]
    else:
        chosen = platform_default()
    return Path(chosen).expanduser().resolve()

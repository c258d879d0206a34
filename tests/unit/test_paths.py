"""Where Parley's data and settings live: argument, then environment, then the platform folder."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from parley.infrastructure.config import paths

CASES = [
    (paths.data_dir, "PARLEY_DATA_DIR", "user_data_dir"),
    (paths.config_dir, "PARLEY_CONFIG_DIR", "user_config_dir"),
]
IDS = ["data_dir", "config_dir"]


@pytest.fixture(autouse=True)
def platform_folders(monkeypatch, tmp_path: Path) -> None:
    """Point platformdirs at known places (and never at the real home folder)."""
    monkeypatch.setattr(
        platformdirs, "user_data_dir", lambda app, appauthor=None: str(tmp_path / "pd" / app)
    )
    monkeypatch.setattr(
        platformdirs, "user_config_dir", lambda app, appauthor=None: str(tmp_path / "pc" / app)
    )
    monkeypatch.delenv("PARLEY_DATA_DIR", raising=False)
    monkeypatch.delenv("PARLEY_CONFIG_DIR", raising=False)


@pytest.mark.parametrize(("fn", "env", "platform"), CASES, ids=IDS)
def test_argument_beats_environment(fn, env, platform, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv(env, str(tmp_path / "from-env"))
    assert fn(tmp_path / "from-arg") == tmp_path / "from-arg"
    assert fn(str(tmp_path / "as-text")) == tmp_path / "as-text"


@pytest.mark.parametrize(("fn", "env", "platform"), CASES, ids=IDS)
def test_environment_beats_platform(fn, env, platform, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv(env, str(tmp_path / "from-env"))
    assert fn() == tmp_path / "from-env"


@pytest.mark.parametrize(("fn", "env", "platform"), CASES, ids=IDS)
def test_platform_folder_is_the_fallback(fn, env, platform, monkeypatch, tmp_path: Path) -> None:
    expected = Path(getattr(platformdirs, platform)("parley")).resolve()
    assert fn() == expected
    monkeypatch.setenv(env, "   ")  # blank counts as unset
    assert fn() == expected
    assert not expected.exists()


@pytest.mark.parametrize(("fn", "env", "platform"), CASES, ids=IDS)
def test_result_is_absolute_with_home_expanded(fn, env, platform, monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv(env, "~/parley-profile")
    assert fn() == (tmp_path / "home" / "parley-profile").resolve()
    monkeypatch.chdir(tmp_path)
    assert fn("relative/dir") == (tmp_path / "relative" / "dir").resolve()
    assert fn("relative/dir").is_absolute()


@pytest.mark.parametrize(("fn", "env", "platform"), CASES, ids=IDS)
def test_an_empty_argument_is_refused(fn, env, platform) -> None:
    with pytest.raises(ValueError, match="empty path"):
        fn("")


def test_data_and_config_are_independent(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PARLEY_DATA_DIR", str(tmp_path / "d"))
    assert paths.config_dir() == (tmp_path / "pc" / "parley").resolve()
    assert paths.data_dir() == tmp_path / "d"

"""The real-display lane: Parley's window on an X server, driven by a real pointer and keyboard.

Why it exists: offscreen tests never move a pointer, so a hover toolbar that outlives its message
(a segfault seen in a real window, issue 13) passes every one of them. Here the window runs in a
child process (``tests/x11/driver.py``: Qt's platform cannot be switched inside this offscreen
pytest process) with ``QT_QPA_PLATFORM=xcb`` on an Xvfb display this lane starts itself, talks
to a local OpenAI-compatible server (pytest-httpserver) that streams a long Markdown answer, and
is driven with ``xdotool`` (mousemove, click, wheel = buttons 4 and 5, keys). The driver writes
the window's state to a JSON file every 50 ms; tests wait on it and assert on outcomes, the first
of which is always that the child is still alive.

Without Xvfb or xdotool the whole lane is skipped with one line naming the package.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from werkzeug import Request, Response

from parley.application.ports.settings_store import ProviderConfig
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from tests.support.sse_server import openai_text_stream

DRIVER = Path(__file__).with_name("driver.py")
REPO = DRIVER.parents[2]
SCREEN = "1400x900x24"
START_TIMEOUT = 20.0


def long_answer(sections: int = 6) -> str:
    """A Markdown answer several screens tall: headings, paragraphs, a list, code."""
    parts = []
    for n in range(1, sections + 1):
        parts.append(
            f"## Part {n}\n\n"
            f"Paragraph {n} explains the step in a few words, long enough to wrap once the "
            "window is narrow, and says **why** it matters.\n\n"
            "Steps:\n\n- first item\n- second item\n- third item\n\n"
            f"```python\ndef part_{n}(x):\n    return x * {n}\n```\n"
        )
    return "\n".join(parts)


def answer_handler(
    text: str, pieces: int = 24, delay: float = 0.0
) -> Callable[[Request], Response]:
    """Chat completions: a streamed answer (``text`` in ``pieces``, ``delay`` seconds apart); a
    non-streamed request (a generated title) gets a short JSON answer."""
    size = max(1, len(text) // pieces)
    chunks = [text[i : i + size] for i in range(0, len(text), size)]
    body = openai_text_stream(chunks, model="model-a")
    events = [event + b"\n\n" for event in body.split(b"\n\n") if event]

    def stream() -> Iterator[bytes]:
        for index, event in enumerate(events):
            if index and delay:
                time.sleep(delay)
            yield event

    def handler(request: Request) -> Response:
        if json.loads(request.get_data() or b"{}").get("stream"):
            return Response(stream(), content_type="text/event-stream", direct_passthrough=True)
        message = {"role": "assistant", "content": "A title"}
        return Response(
            json.dumps(
                {
                    "id": "x",
                    "object": "chat.completion",
                    "model": "model-a",
                    "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3},
                }
            ),
            content_type="application/json",
        )

    return handler


def missing_tools() -> str:
    """Why the lane cannot run here ("" if it can): one line naming the package to install.
    A module of the lane skips itself with it (``pytest.skip(..., allow_module_level=True)``),
    so a machine without them sees one line, not one per test."""
    for program, package in (("Xvfb", "xvfb"), ("xdotool", "xdotool")):
        if shutil.which(program) is None:
            return f"{program} not available (install the '{package}' package)"
    return ""


@pytest.fixture(scope="session")
def x_display() -> Iterator[str]:
    """A private Xvfb display (``:N``; Xvfb picks a free N itself, ``-displayfd``)."""
    if missing_tools():
        pytest.skip(missing_tools())
    read_end, write_end = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        pass_fds=(write_end,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write_end)
    with os.fdopen(read_end) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        pytest.fail("Xvfb did not start")
    try:
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@dataclass
class App:
    """One Parley window in a child process on the lane's display."""

    proc: subprocess.Popen
    display: str | None
    state_path: Path
    data_dir: Path
    stderr_path: Path

    def state(self) -> dict:
        try:
            return json.loads(self.state_path.read_text())
        except (OSError, ValueError):
            return {}

    def alive(self) -> bool:
        return self.proc.poll() is None

    def crash_text(self) -> str:
        """What the child left on stderr and in its crash report (for failure messages)."""
        report = self.data_dir / "crash" / "last-crash.txt"
        text = self.stderr_path.read_text(errors="replace")[-3000:]
        if report.exists():
            text += "\n--- crash report ---\n" + report.read_text(errors="replace")[-3000:]
        return text

    def assert_alive(self) -> None:
        if not self.alive():
            code = self.proc.returncode
            name = signal.Signals(-code).name if code < 0 else f"exit code {code}"
            pytest.fail(f"the window died ({name}):\n{self.crash_text()}")

    def wait_for(
        self, what: Callable[[dict], object], timeout: float = 10.0, message: str = ""
    ) -> dict:
        """Poll the state until ``what(state)`` is true; fail if the child dies or time runs
        out."""
        deadline = time.monotonic() + timeout
        while True:
            self.assert_alive()
            state = self.state()
            try:
                if state and what(state):
                    return state
            except (KeyError, IndexError, TypeError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"timed out waiting for {message or what}; last state: {state}")
            time.sleep(0.05)

    def settle(self, seconds: float = 0.4) -> dict:
        """Give the window time to react (a crash shows up here), then its state."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.assert_alive()
            time.sleep(0.05)
        self.assert_alive()
        return self.state()

    def xdotool(self, *args: str | int) -> None:
        env = {**os.environ, "DISPLAY": self.display or ""}
        subprocess.run(["xdotool", *map(str, args)], env=env, check=True, timeout=10)

    def move(self, x: int, y: int) -> None:
        env = {**os.environ, "DISPLAY": self.display or ""}
        where = subprocess.run(
            ["xdotool", "getmouselocation", "--shell"],
            env=env,
            check=True,
            timeout=10,
            capture_output=True,
            text=True,
        ).stdout
        if f"X={x}\nY={y}\n" not in where:  # --sync would wait forever for no move
            self.xdotool("mousemove", "--sync", x, y)

    def click(self, x: int, y: int, button: int = 1) -> None:
        self.move(x, y)
        self.xdotool("click", button)

    def key(self, *keys: str) -> None:
        self.xdotool("key", "--clearmodifiers", *keys)

    def type(self, text: str) -> None:
        self.xdotool("type", "--delay", 20, text)

    def focus(self) -> None:
        """Give the window the keyboard (there is no window manager on the display)."""
        self.xdotool("windowfocus", "--sync", self.state()["window_id"])

    def screenshot(self, path: Path) -> Path:
        env = {**os.environ, "DISPLAY": self.display or ""}
        subprocess.run(["import", "-window", "root", str(path)], env=env, check=True, timeout=20)
        return path

    def send(self, prompt: str) -> dict:
        """Type a prompt in the composer, send it with Ctrl+Enter, wait for the whole answer."""
        state = self.state()
        before = len(state["messages"])
        x, y, w, h = state["composer_rect"]
        self.click(x + w // 2, y + h // 2)
        self.type(prompt)
        self.wait_for(lambda s: s["composer"] == prompt, message="the typed prompt")
        self.key("ctrl+Return")
        return self.wait_for(
            lambda s: not s["running"] and len(s["messages"]) >= before + 2 and s["session"],
            timeout=15,
            message="the answer",
        )


def start_app(
    display: str | None,
    profile: Path,
    provider_url: str | None,
    *,
    crash_after_start: bool = False,
    window_state: dict | None = None,
) -> App:
    """Start the window (``tests/x11/driver.py``) on ``display`` (None: offscreen) with the
    profile in ``profile``; with ``provider_url``, a provider named ``local`` points at it;
    ``window_state`` is written as the window's saved state (``window.json``) first."""
    data, config = profile / "data", profile / "config"
    if window_state is not None:
        config.mkdir(parents=True, exist_ok=True)
        (config / "window.json").write_text(json.dumps(window_state))
    if provider_url is not None:
        settings = JsonSettingsStore(config)
        if not any(p.name == "local" for p in settings.providers()):
            settings.add_provider(
                ProviderConfig(
                    name="local", kind="openai", base_url=provider_url, default_model="model-a"
                )
            )
    state_path = profile / "state.json"
    state_path.unlink(missing_ok=True)
    stderr_path = profile / f"stderr-{time.monotonic_ns()}.txt"
    child_env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("PARLEY_", "QT_", "WAYLAND"))
    }
    child_env.update(
        DISPLAY=display or "",
        QT_QPA_PLATFORM="xcb" if display else "offscreen",
        # The OS keychain is not on this machine: the keyring reports itself unavailable.
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        PYTHONPATH=str(REPO),
        PYTHONFAULTHANDLER="1",
    )
    with stderr_path.open("wb") as stderr:
        proc = subprocess.Popen(
            [
                sys.executable,
                str(DRIVER),
                "--data-dir",
                str(data),
                "--config-dir",
                str(config),
                "--state",
                str(state_path),
            ]
            + (["--crash-after-start"] if crash_after_start else []),
            env=child_env,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            cwd=profile,
        )
    return App(proc, display, state_path, data, stderr_path)


def stop_app(app: App) -> int | None:
    if app.alive():
        app.proc.terminate()
        try:
            app.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.proc.kill()
            app.proc.wait(timeout=10)
    return app.proc.returncode


@pytest.fixture
def launch(x_display, httpserver, tmp_path) -> Iterator[Callable[..., App]]:
    """``launch(answer=..., delay=..., window_state=...)``: a window on the lane's display with
    a local provider streaming ``answer`` (default: ``long_answer()``), shown, ready for input
    and holding the keyboard. Every window launched is stopped when the test ends."""
    started: list[App] = []

    def start(
        answer: str | None = None, delay: float = 0.0, window_state: dict | None = None
    ) -> App:
        httpserver.clear()
        httpserver.expect_request("/v1/models").respond_with_json(
            {"object": "list", "data": [{"id": "model-a"}, {"id": "model-b"}]}
        )
        httpserver.expect_request("/v1/chat/completions").respond_with_handler(
            answer_handler(answer or long_answer(), delay=delay)
        )
        window = start_app(
            x_display, tmp_path, httpserver.url_for("/v1"), window_state=window_state
        )
        started.append(window)
        window.wait_for(lambda s: s.get("ready"), timeout=START_TIMEOUT, message="the window")
        window.focus()
        return window

    yield start
    for window in started:
        stop_app(window)


@pytest.fixture
def app(launch) -> App:
    """A window with a local provider that streams a long Markdown answer."""
    return launch()

"""The monkey test: random sequences of what users do, in the real window, with real hands.

A Hypothesis state machine (``Monkey``) starts Parley's window in a child process
(``tests/monkey/driver.py``) on the real-display lane's Xvfb display (the xcb platform), talking
to a local provider that streams long, rich Markdown answers slowly (``tests/monkey/provider.py``),
and then does what users do, in random order and at random moments - mostly with a real pointer
and keyboard (xdotool): type, send, stop mid-stream (Esc), regenerate (the hover toolbar, the
context menu, the Edit menu), edit (the toolbar, Up in an empty prompt), switch branch (the
switcher's arrows), new chat (Ctrl+N, the button), reopen a conversation (Ctrl+K), scroll (the
wheel), hover over messages, resize the window, zoom (Ctrl+=, Ctrl+-, Ctrl+0), toggle the
sidebar, copy the last answer, remove attachments (their ✕), open and close the History window
(Ctrl+H, Esc), wait for answers. Actions without a reliable pointer path go through the driver's
command channel, which calls the window's public methods on the UI thread: the theme, attaching a
real file from ``tests/fixtures/documents``, a branch switch when no arrow is in view.

After every step it checks that the child is alive, that its UI thread still answers (a ``ping``
through the event loop) and that no error was recorded: a Python exception that reached the event
loop or killed a thread, a Qt critical or fatal message, an ERROR log record. A failure names the
step sequence (Hypothesis prints it; every step is also written, as it runs, to the step log named
in the message) and, for a crash, the faulthandler trace.

Size: ``PARLEY_MONKEY_ACTIONS`` actions in all (default 1,000 in ``make test``, ``make monkey``
20,000), in examples of ``PARLEY_MONKEY_STEPS`` steps (default 250). ``PARLEY_MONKEY_SEED`` picks
the examples (a run with no seed under ``PARLEY_HYPOTHESIS=ci`` is derandomized: the same every
run).
``PARLEY_MONKEY_SHRINK=1`` lets Hypothesis shrink a failure to a minimal sequence (each try starts
a window; minutes), off by default so a failure in ``make test`` reports at once.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, reproduce_failure, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    rule,
    run_state_machine_as_test,
)

from parley.application.ports.settings_store import ProviderConfig
from parley.infrastructure.config.json_settings_store import JsonSettingsStore
from tests.monkey.provider import Provider
from tests.x11.conftest import missing_tools

if missing_tools():
    pytest.skip(missing_tools(), allow_module_level=True)

DRIVER = Path(__file__).with_name("driver.py")
REPO = DRIVER.parents[2]
DOCUMENTS = REPO / "tests" / "fixtures" / "documents"
ACTIONS = int(os.environ.get("PARLEY_MONKEY_ACTIONS", "1000"))
STEPS = int(os.environ.get("PARLEY_MONKEY_STEPS", "250"))
SEED = os.environ.get("PARLEY_MONKEY_SEED", "")
SHRINK = os.environ.get("PARLEY_MONKEY_SHRINK", "") == "1"
REPRODUCE = os.environ.get("PARLEY_MONKEY_REPRODUCE", "")  # a blob Hypothesis printed
START_TIMEOUT = 30.0
REPLY_TIMEOUT = float(os.environ.get("PARLEY_MONKEY_HANG", "20"))  # no answer: a hang

WORDS = ["hello", "Explain", "tables", "math", "code", "why?", "ünïcödé", "日本", "x" * 30]


class ChildFailed(AssertionError):
    """The window crashed, hung or recorded an error (the message says which, with the trace)."""

    log = None  # the step log: every failure is written there too, where its step is

    def __init__(self, message: str) -> None:
        super().__init__(message)
        if ChildFailed.log is not None and not ChildFailed.log.closed:
            ChildFailed.log.write(f"\n*** FAILED: {message}\n")


class Child:
    """The window in its child process, its command channel and its files."""

    def __init__(self, display: str, profile: Path, provider_url: str, seed_value: int) -> None:
        self.display = display
        self.profile = profile
        data, config = profile / "data", profile / "config"
        JsonSettingsStore(config).add_provider(
            ProviderConfig(
                name="local", kind="openai", base_url=provider_url, default_model="model-a"
            )
        )
        self.data = data
        self.state_path = profile / "state.json"
        self.fault_path = profile / "fault.txt"
        self.stderr_path = profile / "stderr.txt"
        ours, theirs = socket.socketpair()
        env = {
            k: v for k, v in os.environ.items() if not k.startswith(("PARLEY_", "QT_", "WAYLAND"))
        }
        env.update(
            DISPLAY=display,
            QT_QPA_PLATFORM="xcb",
            PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
            PYTHONPATH=str(REPO),
            HOME=str(profile),  # the Attach dialog and any stray file stay in the profile
        )
        with self.stderr_path.open("wb") as stderr:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    str(DRIVER),
                    "--data-dir",
                    str(data),
                    "--config-dir",
                    str(config),
                    "--state",
                    str(self.state_path),
                    "--fault-file",
                    str(self.fault_path),
                    "--command-fd",
                    str(theirs.fileno()),
                    "--seed",
                    str(seed_value),
                ],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                cwd=profile,
                pass_fds=(theirs.fileno(),),
            )
        theirs.close()
        self.channel = ours
        self.replies = ours.makefile("r", encoding="utf-8")
        self.next_id = 0
        self.window_id = 0

    # -- failure reports ---------------------------------------------------------------------------

    def alive(self) -> bool:
        return self.proc.poll() is None

    def report(self) -> str:
        parts = [f"stderr (tail):\n{self._tail(self.stderr_path)}"]
        for name, path in (
            ("faulthandler (driver; SIGUSR1 dumps of a hang)", self.fault_path),
            ("faulthandler (app crash report)", self.data / "crash" / "last-crash.txt"),
        ):
            text = self._tail(path)
            if text.strip():
                parts.append(f"{name}:\n{text}")
        return "\n".join(parts)

    @staticmethod
    def _tail(path: Path, size: int = 6000) -> str:
        try:
            return path.read_text(errors="replace")[-size:]
        except OSError:
            return ""

    def died(self) -> ChildFailed:
        code = self.proc.returncode
        name = signal.Signals(-code).name if code is not None and code < 0 else f"exit {code}"
        return ChildFailed(f"the window died ({name}):\n{self.report()}")

    # -- commands --------------------------------------------------------------------------------

    def command(self, cmd: str, *args: object, timeout: float = REPLY_TIMEOUT) -> object:
        """Run a driver command on the UI thread; its result. Fails on any recorded error."""
        if not self.alive():
            raise self.died()
        self.next_id += 1
        wanted = self.next_id
        try:
            self.channel.sendall(
                (json.dumps({"id": wanted, "cmd": cmd, "args": args}) + "\n").encode()
            )
        except OSError:
            self.proc.wait(timeout=5)
            raise self.died() from None
        self.channel.settimeout(timeout)
        while True:
            try:
                line = self.replies.readline()
            except TimeoutError:
                if not self.alive():
                    raise self.died() from None
                self.proc.send_signal(signal.SIGUSR1)  # the driver dumps every thread's stack
                time.sleep(1.0)
                raise ChildFailed(
                    f"the UI thread did not answer {cmd!r} for {timeout:.0f} s (it hangs):\n"
                    + self.report()
                ) from None
            if not line:
                self.proc.wait(timeout=5)
                raise self.died()
            reply = json.loads(line)
            if reply["errors"]:
                texts = "\n\n".join(f"[{e['kind']}] {e['text']}" for e in reply["errors"])
                raise ChildFailed(f"the window recorded an error:\n{texts}")
            if reply["id"] == wanted:
                if "command_error" in reply:
                    raise RuntimeError(f"driver command {cmd} failed:\n{reply['command_error']}")
                return reply.get("result")

    def warnings(self) -> list[dict]:
        try:
            return json.loads(self.state_path.read_text()).get("warnings", [])
        except (OSError, ValueError):
            return []

    # -- X ---------------------------------------------------------------------------------------

    def xdotool(self, *args: object) -> None:
        subprocess.run(
            ["xdotool", *map(str, args)],
            env={**os.environ, "DISPLAY": self.display},
            check=False,
            timeout=20,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def move(self, x: int, y: int) -> None:
        self.xdotool("mousemove", x, y)

    def click(self, x: int, y: int, button: int = 1) -> None:
        self.xdotool("mousemove", x, y, "click", button)

    def key(self, *keys: str) -> None:
        self.xdotool("key", "--clearmodifiers", *keys)

    def focus(self, window_id: int = 0) -> None:
        self.xdotool("windowfocus", window_id or self.window_id)

    def stop(self) -> int | None:
        """Quit the window (the channel closes: the driver quits the app); its exit code."""
        with contextlib.suppress(OSError):
            self.replies.close()
            self.channel.close()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


def _centre(rect: list[int]) -> tuple[int, int]:
    x, y, w, h = rect
    return x + w // 2, y + h // 2


def _inside(rect: list[int], outer: list[int]) -> bool:
    x, y, w, h = rect
    ox, oy, ow, oh = outer
    return w > 0 and h > 0 and ox <= x + w // 2 < ox + ow and oy <= y + h // 2 < oy + oh


class Run:
    """What the whole test run shares: the display, the provider, where profiles go, counts."""

    display = ""
    provider: Provider | None = None
    root = Path()
    step_log = Path()
    examples = 0
    actions = 0
    warnings: dict[str, int] = {}


class Monkey(RuleBasedStateMachine):
    """One window, one long random sequence of user actions."""

    def __init__(self) -> None:
        super().__init__()
        Run.examples += 1
        self.example = Run.examples
        self.steps = 0
        self.log = Run.step_log.open("a", encoding="utf-8", buffering=1)
        self.log.write(f"\n=== example {self.example} ===\n")
        ChildFailed.log = self.log
        profile = Run.root / f"example-{self.example}"
        profile.mkdir(parents=True)
        assert Run.provider is not None
        self.child = Child(Run.display, profile, Run.provider.url, self.example)
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while not (state := self.child.command("ping")).get("ready"):  # type: ignore[union-attr]
                if time.monotonic() > deadline:
                    raise ChildFailed(
                        f"the window did not get ready: {state}\n{self.child.report()}"
                    )
                time.sleep(0.1)
            look = self.child.command("look")
            self.child.window_id = look["window_id"]  # type: ignore[index]
            self.child.focus()
        except BaseException:
            self.child.stop()
            raise

    def _step(self, text: str) -> None:
        self.steps += 1
        Run.actions += 1
        self.started = time.monotonic()
        self.log.write(f"{self.steps}: {text}")

    def _look(self) -> dict:
        return self.child.command("look")  # type: ignore[return-value]

    def _clear_the_way(self, look: dict) -> dict:
        """A popup or dialog left open by an earlier step is closed first (Esc, as users do)."""
        if look.get("popup") or look.get("modal") or look.get("switcher_id"):
            if look.get("modal_id"):
                self.child.focus(look["modal_id"])
            self.child.key("Escape")
            time.sleep(0.05)
            look = self._look()
            if look.get("popup") or look.get("modal"):
                self.child.command("close_popups")
                look = self._look()
        return look

    def _keyboard(self) -> None:
        self.child.focus()

    def _click_composer(self, look: dict) -> None:
        self.child.click(*_centre(look["composer_rect"]))

    # -- the checks after every step -------------------------------------------------------------

    @invariant()
    def alive_and_without_errors(self) -> None:
        self.child.command("ping")
        if self.steps:
            self.log.write(f"  ({time.monotonic() - self.started:.2f} s)\n")

    # -- typing and sending ----------------------------------------------------------------------

    @rule(text=st.lists(st.sampled_from(WORDS), min_size=1, max_size=3).map(" ".join))
    def type_text(self, text: str) -> None:
        self._step(f"type_text({text!r})")
        look = self._clear_the_way(self._look())
        self._keyboard()
        self._click_composer(look)
        # xdotool types ASCII best; other text goes in through the driver (as a paste would)
        if text.isascii():
            self.child.xdotool("type", "--delay", 3, text + " ")
        else:
            self.child.command("composer_text", look.get("composer", "") + text)

    @rule(key=st.sampled_from(["ctrl+Return", "ctrl+KP_Enter"]))
    def send(self, key: str) -> None:
        self._step(f"send({key})")
        look = self._clear_the_way(self._look())
        self._keyboard()
        self._click_composer(look)
        if not look.get("composer", "").strip():
            self.child.xdotool("type", "--delay", 3, "Explain it")
        self.child.key(key)

    @rule()
    def stop(self) -> None:
        self._step("stop (Esc)")
        self._keyboard()
        self.child.key("Escape")

    @rule(seconds=st.sampled_from([0.05, 0.2, 0.5]))
    def wait(self, seconds: float) -> None:
        self._step(f"wait({seconds})")
        time.sleep(seconds)

    @rule()
    def wait_for_the_answer(self) -> None:
        self._step("wait_for_the_answer")
        deadline = time.monotonic() + 3
        while self.child.command("ping").get("running") and time.monotonic() < deadline:  # type: ignore[union-attr]
            time.sleep(0.1)

    # -- regenerate, edit, branches --------------------------------------------------------------

    def _hover_message(self, look: dict, role: str, pick: int) -> dict | None:
        """Rest the pointer on a visible message of ``role``; the look once its toolbar shows."""
        shown = [m for m in look.get("messages", []) if m["role"] == role]
        shown = [m for m in shown if _inside(m["rect"], look["viewport"])]
        if not shown:
            return None
        message = shown[pick % len(shown)]
        _vx, vy, _vw, vh = look["viewport"]
        x, y, w, h = message["rect"]
        top, bottom = max(y, vy) + 4, min(y + h, vy + vh) - 4
        px, py = x + w // 3, (top + bottom) // 2
        self.child.move(px - 3, py - 3)
        self.child.move(px, py)
        for _ in range(6):
            time.sleep(0.05)
            look = self._look()
            if look["toolbar"]["visible"] and look["toolbar"]["role"] == role:
                return look
        return None

    @rule(how=st.sampled_from(["toolbar", "context-menu", "edit-menu"]), pick=st.integers(0, 5))
    def regenerate(self, how: str, pick: int) -> None:
        self._step(f"regenerate(how={how!r}, pick={pick})")
        look = self._clear_the_way(self._look())
        if how == "toolbar":
            look = self._hover_message(look, "assistant", pick)
            if look and look["toolbar"]["regenerate"]:
                self.child.click(*_centre(look["toolbar"]["regenerate"]))
            return
        if how == "context-menu":
            answers = [
                m
                for m in look.get("messages", [])
                if m["role"] == "assistant" and _inside(m["rect"], look["viewport"])
            ]
            if not answers:
                return
            x, y = _centre(answers[pick % len(answers)]["rect"])
            _vx, vy, _vw, vh = look["viewport"]
            self.child.click(x, min(max(y, vy + 5), vy + vh - 5), button=3)
            wanted = "Regenerate"
        else:
            self._keyboard()
            self.child.key("alt+e")
            wanted = "Regenerate last answer"
        time.sleep(0.1)
        look = self._look()
        if look.get("menu") and wanted in look["menu"]:
            self.child.click(*_centre(look["menu"][wanted]))
        elif look.get("popup"):
            self.child.key("Escape")

    @rule(
        how=st.sampled_from(["toolbar", "up-key"]),
        pick=st.integers(0, 5),
        text=st.sampled_from(["edited question", "shorter", "Explain again, with a table"]),
    )
    def edit(self, how: str, pick: int, text: str) -> None:
        self._step(f"edit(how={how!r}, pick={pick}, text={text!r})")
        look = self._clear_the_way(self._look())
        if how == "toolbar":
            look = self._hover_message(look, "user", pick)
            if not (look and look["toolbar"]["edit"]):
                return
            self.child.click(*_centre(look["toolbar"]["edit"]))
        else:
            self._keyboard()
            self._click_composer(look)
            self.child.key("ctrl+a", "BackSpace", "Up")
        self._keyboard()
        self.child.key("ctrl+a")
        self.child.xdotool("type", "--delay", 3, text)
        self.child.key("ctrl+Return")

    @rule(pick=st.integers(0, 9), by_arrow=st.booleans())
    def switch_branch(self, pick: int, by_arrow: bool) -> None:
        self._step(f"switch_branch(pick={pick}, by_arrow={by_arrow})")
        look = self._clear_the_way(self._look())
        if by_arrow and look.get("arrows"):
            self.child.click(*_centre(look["arrows"][pick % len(look["arrows"])]))
        else:
            self.child.command("branch")

    # -- conversations ---------------------------------------------------------------------------

    @rule(how=st.sampled_from(["ctrl+n", "button"]))
    def new_chat(self, how: str) -> None:
        self._step(f"new_chat({how})")
        look = self._clear_the_way(self._look())
        if how == "button":
            self.child.click(*_centre(look["new_button"]))
        else:
            self._keyboard()
            self.child.key("ctrl+n")

    @rule(downs=st.integers(0, 4), choose=st.booleans())
    def quick_switch(self, downs: int, choose: bool) -> None:
        self._step(f"quick_switch(downs={downs}, choose={choose})")
        self._clear_the_way(self._look())
        self._keyboard()
        self.child.key("ctrl+k")
        look = {}
        for _ in range(10):
            time.sleep(0.05)
            look = self._look()
            if look.get("switcher_id"):
                break
        else:
            return
        self.child.focus(look["switcher_id"])
        keys = ["Down"] * downs + ["Return" if choose else "Escape"]
        self.child.key(*keys)
        time.sleep(0.05)
        self._keyboard()

    @rule(
        close_with=st.sampled_from(["Escape", "ctrl+w", "driver"]), stay=st.sampled_from([0.0, 0.2])
    )
    def history_window(self, close_with: str, stay: float) -> None:
        self._step(f"history_window(close_with={close_with!r}, stay={stay})")
        self._clear_the_way(self._look())
        self._keyboard()
        self.child.key("ctrl+h")
        look = {}
        for _ in range(40):
            time.sleep(0.02)
            look = self._look()
            if look.get("history_id"):
                break
        else:
            return
        time.sleep(stay)
        if close_with == "driver":
            self.child.command("close_history")
        else:
            self.child.focus(look["history_id"])
            self.child.key(close_with)
            time.sleep(0.03)
            if self._look().get("history_id"):
                self.child.command("close_history")
        self._keyboard()

    # -- looking around --------------------------------------------------------------------------

    @rule(up=st.booleans(), clicks=st.integers(1, 10), where=st.floats(0.1, 0.9))
    def scroll(self, up: bool, clicks: int, where: float) -> None:
        self._step(f"scroll(up={up}, clicks={clicks}, where={where:.2f})")
        look = self._clear_the_way(self._look())
        x, y, w, h = look["viewport"]
        self.child.move(x + int(w * where), y + int(h * where))
        self.child.xdotool("click", "--repeat", clicks, "--delay", 5, 4 if up else 5)

    @rule(pick=st.integers(0, 9), role=st.sampled_from(["assistant", "user"]))
    def hover(self, pick: int, role: str) -> None:
        self._step(f"hover(pick={pick}, role={role!r})")
        self._hover_message(self._clear_the_way(self._look()), role, pick)

    @rule(where=st.sampled_from(["composer", "outside", "viewport-edge"]))
    def pointer_away(self, where: str) -> None:
        self._step(f"pointer_away({where})")
        look = self._look()
        if where == "composer":
            self.child.move(*_centre(look["composer_rect"]))
        elif where == "outside":
            self.child.move(1390, 890)
        else:
            x, y, w, _h = look["viewport"]
            self.child.move(x + w - 2, y + 2)

    # -- the window ------------------------------------------------------------------------------

    @rule(width=st.integers(420, 1380), height=st.integers(300, 880))
    def resize(self, width: int, height: int) -> None:
        self._step(f"resize({width}, {height})")
        self.child.xdotool("windowsize", self.child.window_id, width, height)

    @rule(mode=st.sampled_from(["light", "dark", "system"]))
    def theme(self, mode: str) -> None:
        self._step(f"theme({mode!r})")
        self.child.command("theme", mode)

    @rule(key=st.sampled_from(["ctrl+equal", "ctrl+plus", "ctrl+minus", "ctrl+0"]))
    def zoom(self, key: str) -> None:
        self._step(f"zoom({key})")
        self._keyboard()
        self.child.key(key)

    @rule(key=st.sampled_from(["ctrl+b", "ctrl+shift+c"]))
    def other_shortcut(self, key: str) -> None:
        self._step(f"other_shortcut({key})")
        self._keyboard()
        self.child.key(key)

    # -- attachments -----------------------------------------------------------------------------

    @rule(name=st.sampled_from(sorted(p.name for p in DOCUMENTS.iterdir())))
    def attach(self, name: str) -> None:
        self._step(f"attach({name!r})")
        self.child.command("attach", str(DOCUMENTS / name))

    @rule(pick=st.integers(0, 5))
    def remove_attachment(self, pick: int) -> None:
        self._step(f"remove_attachment(pick={pick})")
        look = self._look()
        if look.get("chips"):
            self.child.click(*_centre(look["chips"][pick % len(look["chips"])]))

    def teardown(self) -> None:
        child = getattr(self, "child", None)
        if child is None:
            return
        self.log.write(f"(example {self.example}: {self.steps} steps)\n")
        self.log.close()
        for warning in child.warnings():
            key = f"[{warning['kind']}] {warning['text'][:160]}"
            Run.warnings[key] = Run.warnings.get(key, 0) + 1
        alive = child.alive()
        code = child.stop()
        if not alive or (code is not None and code < 0):
            raise child.died()


@pytest.mark.slow
def test_monkey(x_display, tmp_path_factory):
    Run.display = x_display
    Run.root = tmp_path_factory.mktemp("monkey")
    Run.step_log = Run.root / "steps.txt"
    Run.examples = Run.actions = 0
    Run.warnings = {}
    Run.provider = Provider()
    examples = max(1, math.ceil(ACTIONS / STEPS))
    phases = [Phase.explicit, Phase.reuse, Phase.generate] + ([Phase.shrink] if SHRINK else [])
    machine = Monkey
    if SEED:
        machine = seed(int(SEED))(Monkey)
    if REPRODUCE:
        import hypothesis

        machine = reproduce_failure(hypothesis.__version__, REPRODUCE.encode())(Monkey)
    started = time.monotonic()
    try:
        run_state_machine_as_test(
            machine,
            settings=settings(
                max_examples=examples,
                stateful_step_count=STEPS,
                deadline=None,
                phases=phases,
                suppress_health_check=list(HealthCheck),
                print_blob=True,
            ),
            _min_steps=STEPS,
        )
    except BaseException as exc:
        exc.add_note(f"the steps of every example are in {Run.step_log}")
        raise
    finally:
        Run.provider.close()
        elapsed = time.monotonic() - started
        print(
            f"\nmonkey: {Run.actions} actions in {Run.examples} windows, {elapsed:.0f} s; "
            f"{Run.provider.requests} answers streamed; steps in {Run.step_log}"
        )
        for text, count in sorted(Run.warnings.items(), key=lambda kv: -kv[1]):
            print(f"  {count} x {text}")
    assert Run.actions >= ACTIONS, f"only {Run.actions} of {ACTIONS} actions ran"

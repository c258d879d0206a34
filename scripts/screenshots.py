"""Take the README's and the design notes' screenshots of Parley, in two sizes and two themes.

Why it exists: pictures in docs go stale unless anyone can make them again. This script builds a
throwaway profile for each picture set (a provider entry, a project, conversations from the last
few weeks and one with a Markdown answer holding a table, code and math, regenerated once so the
branch switcher shows), opens the real main window on it and saves, for 1440x900 and 1024x700,
light and dark, ``docs/screenshots/<what>-<width>x<height>-<theme>.png``:

- ``welcome``     first start: no provider yet, the welcome panel;
- ``main``        a conversation with code, a table, a list and math;
- ``thinking``    a turn sent, the model not answering yet: the thinking indicator;
- ``streaming``   an answer arriving (the Stop button, a half-written code block);
- ``permission``  a command the gate asks about: the real permission dialog over the window;
- ``attachments`` a PDF and a CSV chip in the composer;
- ``history``     the History window;
- ``settings``    Settings (Providers) over the window;

and ``main-light.png`` / ``main-dark.png`` (1440x900) for the README.

Nothing leaves the machine. The "model" is a small HTTP server on 127.0.0.1 speaking OpenAI's
streaming format: it answers a turn with a first empty chunk and then holds the stream open while
the thinking indicator is photographed, sends half an answer and holds again for the streaming
picture, and asks for a shell command for the permission picture. API keys go to a keyring in
memory; the profile is a temporary folder deleted at the end.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py [--out docs/screenshots]

(``make screenshots`` runs it, under Xvfb when it is installed, else offscreen. Dialogs — the
permission prompt and Settings — are separate windows: they are grabbed on their own and drawn
over the grabbed main window where a window manager centres them, with a soft shadow; no title
bars are drawn.)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: Never let a proxy setting send the loopback "model" anywhere else.
os.environ["NO_PROXY"] = os.environ["no_proxy"] = "127.0.0.1,localhost"

SIZES = ((1440, 900), (1024, 700))
THEMES = ("light", "dark")
FIXTURES = Path("/work/shared/fixtures/documents")
ATTACHMENTS = ("pdf-multipage-invoice-3pages.pdf", "csv-utf8-bom.csv")
MODELS = ("gpt-4o", "gpt-4o-mini", "o3-mini")
#: The loopback model's port when it is free (any free port otherwise).
PORT = 18765

ANSWER = """Here is a small, fast way to **deduplicate** a list while keeping its order:

```python
def unique(items):
    seen = set()
    return [x for x in items if not (x in seen or seen.add(x))]
```

| Approach | Keeps order | Cost |
|---|---|---|
| `set(items)` | no | O(n) |
| `dict.fromkeys(items)` | yes | O(n) |
| sorted + groupby | no | O(n log n) |

When to pick which:

1. **Hashable items** (strings, numbers, tuples): `dict.fromkeys` — shortest and fastest.
2. **Unhashable items** (lists, dicts): compare with `==` in a loop; it is O(n²).
3. **Huge inputs**: a generator that yields each new item, so nothing is copied.

Why it is linear: each membership test costs $O(1)$ on average, so the whole pass is
$\\sum_{i=1}^{n} O(1) = O(n)$.

> Tip: `list(dict.fromkeys(items))` does the same in one line.
"""

#: Conversations in the sidebar and History: title, days ago, project, how the turn ended.
OTHER = [
    ("Plan the Q1 offsite", 0, None, "completed"),
    ("Summarise the contract PDF", 0, None, "completed"),
    ("Fix flaky CI test", 1, "docs", "completed"),
    ("Release notes for 2.4", 1, "docs", "failed"),
    ("Regex for ISO dates", 4, None, "completed"),
    ("Explain the WAL mode in SQLite", 6, None, "cancelled"),
    ("Recipe ideas for Sunday", 12, None, "completed"),
    ("Translate the onboarding email", 20, "docs", "completed"),
]

STREAM_PROMPT = "Write a script that backs up ~/Documents every night and keeps 7 copies."
STREAM_HEAD = [
    "Here is a small **bash** script for it, and a timer to run it nightly.\n\n",
    "### 1. The script\n\n",
    "Save it as `~/bin/backup-documents`:\n\n",
    "```bash\n#!/usr/bin/env bash\nset -euo pipefail\n\n",
    'SRC="$HOME/Documents"\nDEST="$HOME/Backups"\nKEEP=7\n\n',
    'mkdir -p "$DEST"\nstamp=$(date +%F)\n',
    'tar -czf "$DEST/documents-$stamp.tar.gz" -C "$HOME" Documents\n',
]
STREAM_TAIL = [
    '\n# keep the newest $KEEP archives\nls -1t "$DEST"/documents-*.tar.gz '
    "| tail -n +$((KEEP + 1)) | xargs -r rm --\n```\n\nThen `chmod +x ~/bin/backup-documents`.\n"
]

TOOL_PROMPT = "Clean the old build and run the test suite, please."
TOOL_COMMAND = "rm -rf build/ dist/ && python -m pytest -q"

ATTACH_PROMPT = "Do the invoice totals match the CSV export? List any line that differs."


# -- the loopback model -------------------------------------------------------------------------


class Holds:
    """The points at which the streamed answer waits for the photographer."""

    def __init__(self) -> None:
        self.first = threading.Event()  # released after the thinking picture
        self.second = threading.Event()  # released after the streaming picture
        self.streaming = threading.Event()  # set when the half answer has been sent

    def release_all(self) -> None:
        self.first.set()
        self.second.set()


def _chunk(delta: dict, finish: str | None = None) -> bytes:
    body = {
        "id": "chatcmpl-shots",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4o",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return f"data: {json.dumps(body)}\n\n".encode()


class ModelServer:
    """A tiny OpenAI-compatible server on 127.0.0.1 (a free port) for the pictures' turns."""

    def __init__(self) -> None:
        self.holds = Holds()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"  # the stream ends when the connection closes

            def log_message(self, *_args: object) -> None:
                pass

            def do_GET(self) -> None:
                body = json.dumps(
                    {"object": "list", "data": [{"id": m, "object": "model"} for m in MODELS]}
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                request = json.loads(self.rfile.read(length) or b"{}")
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                    server.answer(request, self.send)

            def send(self, data: bytes) -> None:
                self.wfile.write(data)
                self.wfile.flush()

        try:  # the same port each run keeps Settings' Base URL the same between runs
            self.httpd = ThreadingHTTPServer(("127.0.0.1", PORT), Handler)
        except OSError:
            self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def reset(self) -> None:
        self.holds.release_all()
        self.holds = Holds()

    def answer(self, request: dict, send: Callable[[bytes], None]) -> None:
        messages = request.get("messages") or []
        users = [m for m in messages if m.get("role") == "user"]
        last = users[-1].get("content") if users else ""
        prompt = last if isinstance(last, str) else json.dumps(last)
        tool_answered = any(m.get("role") == "tool" for m in messages)
        holds = self.holds
        if TOOL_PROMPT in prompt and not tool_answered:
            call = {
                "index": 0,
                "id": "call_shots",
                "type": "function",
                "function": {
                    "name": "run_command",
                    "arguments": json.dumps({"command": TOOL_COMMAND, "cwd": "workspace"}),
                },
            }
            send(
                _chunk({"role": "assistant", "content": "I'll clean up first, then run the tests."})
            )
            send(_chunk({"tool_calls": [call]}))
            send(_chunk({}, "tool_calls"))
        elif STREAM_PROMPT in prompt:
            send(_chunk({"role": "assistant", "content": ""}))
            holds.first.wait(60)
            for piece in STREAM_HEAD:
                send(_chunk({"content": piece}))
            holds.streaming.set()
            holds.second.wait(60)
            for piece in STREAM_TAIL:
                send(_chunk({"content": piece}))
            send(_chunk({}, "stop"))
        else:
            send(_chunk({"role": "assistant", "content": "Understood — I will not run it."}))
            send(_chunk({}, "stop"))
        send(b"data: [DONE]\n\n")

    def close(self) -> None:
        self.holds.release_all()
        self.httpd.shutdown()
        self.httpd.server_close()


# -- the profile --------------------------------------------------------------------------------


def memory_secrets():  # type: ignore[no-untyped-def]
    """A keyring in memory: the pictures never touch the user's keychain."""
    import keyring.backend
    import keyring.errors

    from parley.infrastructure.secrets.keyring_store import KeyringSecretStore

    class MemoryKeyring(keyring.backend.KeyringBackend):
        priority = -10  # type: ignore[assignment]

        def __init__(self) -> None:
            super().__init__()
            self.entries: dict[tuple[str, str], str] = {}

        def get_password(self, service: str, username: str) -> str | None:
            return self.entries.get((service, username))

        def set_password(self, service: str, username: str, password: str) -> None:
            self.entries[(service, username)] = password

        def delete_password(self, service: str, username: str) -> None:
            if self.entries.pop((service, username), None) is None:
                raise keyring.errors.PasswordDeleteError("not found")

    return KeyringSecretStore(backend=MemoryKeyring())


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def build_profile(base: Path, model_url: str, *, empty: bool = False):  # type: ignore[no-untyped-def]
    """A profile in ``base``: returns (services, the rich conversation's id or "")."""
    from parley.application.ports.settings_store import ProjectConfig, ProviderConfig
    from parley.domain.transcript.branches import ROOT as START
    from parley.domain.transcript.canonical import (
        AssistantText,
        TurnFinished,
        TurnStarted,
        Usage,
        UserMessage,
        mint_id,
    )
    from parley.ui.bootstrap import build_services

    services = build_services(base / "data", base / "config", secrets=memory_secrets())
    if empty:
        return services, ""
    services.settings.add_provider(
        ProviderConfig(name="openai", kind="openai", base_url=model_url, default_model="gpt-4o")
    )
    services.settings.set_default_provider("openai")
    services.settings.save_project(
        ProjectConfig(id="docs", name="Docs site", instructions="Answer for a technical audience.")
    )
    store = services.store
    now = datetime.now(UTC)

    def turn(session_id: str, question: str, answer: str, when: datetime, status: str,
             usage: Usage | None = None, duration: float = 2.1) -> None:  # fmt: skip
        turn_id = mint_id()
        store.append(session_id, turn_id, TurnStarted(provider_id="openai", model="gpt-4o",
                     follows_turn_id=START), ts=_iso(when))  # fmt: skip
        store.append(session_id, turn_id, UserMessage(text=question), ts=_iso(when))
        if status != "failed":
            store.append(session_id, turn_id, AssistantText(text=answer, model="gpt-4o"),
                         ts=_iso(when + timedelta(seconds=duration)))  # fmt: skip
        store.append(
            session_id,
            turn_id,
            TurnFinished(
                status=status,
                usage=usage
                or Usage(input_tokens=120, output_tokens=0 if status == "failed" else 340),
                duration_s=duration,
                error="HTTP 429: rate limit reached for gpt-4o" if status == "failed" else "",
                error_kind="rate_limited" if status == "failed" else "",
            ),
            ts=_iso(when + timedelta(seconds=duration)),
        )

    for index, (title, days, project, status) in enumerate(reversed(OTHER)):
        when = now - timedelta(days=days, hours=2 + len(OTHER) - index)
        session = store.create_session(title, project_id=project)
        answer = "Here is a first draft you can adjust." if status != "cancelled" else "WAL"
        turn(session.id, title, answer, when, status)

    session = store.create_session("Deduplicate a list in Python")
    question = "How do I remove duplicates from a Python list but keep the order?"
    when = now - timedelta(minutes=5)
    # Answered once, then regenerated: the branch switcher shows "2 / 2".
    turn(session.id, question, "Use `list(set(items))`.", when, "completed",
         Usage(input_tokens=31, output_tokens=9), 1.2)  # fmt: skip
    turn(session.id, question, ANSWER, when + timedelta(minutes=1), "completed",
         Usage(input_tokens=31, output_tokens=262), 3.4)  # fmt: skip
    return services, session.id


# -- taking pictures ----------------------------------------------------------------------------


def settle(app, seconds: float = 0.3, until: Callable[[], bool] | None = None,  # type: ignore[no-untyped-def]
           timeout: float = 10.0) -> None:  # fmt: skip
    """Run the event loop until ``until`` holds (or ``timeout``), then ``seconds`` more."""
    deadline = time.monotonic() + timeout
    while until is not None and not until():
        if time.monotonic() > deadline:
            raise SystemExit("screenshots: the window did not get there in time")
        app.processEvents()
        time.sleep(0.01)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def attachments(tmp: Path) -> list[Path]:
    """The shared fixtures' PDF and CSV; where they are not on this machine, a small PDF
    (written by Qt) and a CSV made for the picture."""
    paths = [FIXTURES / name for name in ATTACHMENTS]
    if all(path.is_file() for path in paths):
        return paths
    from PySide6.QtGui import QPageSize, QPainter, QPdfWriter

    folder = tmp / "files"
    folder.mkdir(exist_ok=True)
    pdf, csv = folder / "invoice-2026-11.pdf", folder / "payments-export.csv"
    if not pdf.exists():
        writer = QPdfWriter(str(pdf))
        writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
        painter = QPainter(writer)
        painter.drawText(400, 800, "Invoice 2026-11 — 3 lines, total 1,240.00 EUR")
        painter.end()
        csv.write_text("date,description,amount\n2026-11-02,Hosting,240.00\n"
                       "2026-11-09,Support,600.00\n2026-11-23,Licences,400.00\n")  # fmt: skip
    return [pdf, csv]


def save(image, path: Path, saved: list[Path]) -> None:  # type: ignore[no-untyped-def]
    if not image.save(str(path)):
        raise SystemExit(f"could not write {path}")
    saved.append(path)


def over_window(backdrop, dialog):  # type: ignore[no-untyped-def]
    """``dialog`` (a top-level window) drawn centred over ``backdrop`` (a grab of its parent),
    the way a window manager places a transient dialog, with a soft shadow under it."""
    from PySide6.QtCore import QPoint, QRectF
    from PySide6.QtGui import QColor, QPainter, QPainterPath

    picture = backdrop.toImage()
    face = dialog.grab()
    width = min(face.width(), picture.width() - 40)
    height = min(face.height(), picture.height() - 40)
    x = (picture.width() - width) // 2
    y = max(20, (picture.height() - height) // 3)
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.fillRect(picture.rect(), QColor(0, 0, 0, 30))  # the window behind is not the focus
    for spread in range(16, 0, -2):  # a soft shadow, darker near the edge and below it
        shadow = QPainterPath()
        shadow.addRoundedRect(QRectF(x - spread, y - spread // 2 + 4, width + 2 * spread,
                                     height + 2 * spread), spread, spread)  # fmt: skip
        painter.fillPath(shadow, QColor(0, 0, 0, 5))
    painter.drawPixmap(QPoint(x, y), face.copy(0, 0, width, height))
    painter.setPen(QColor(127, 127, 127, 110))
    painter.drawRect(x, y, width - 1, height - 1)
    painter.end()
    return picture


class Round:
    """One size and theme: a fresh profile, one window, the pictures in order."""

    def __init__(self, app, server: ModelServer, tmp: Path, size: tuple[int, int], mode: str):  # type: ignore[no-untyped-def]
        self.app, self.server, self.tmp, self.size, self.mode = app, server, tmp, size, mode

    def window(self, services):  # type: ignore[no-untyped-def]
        from parley.ui.appearance import ThemeManager
        from parley.ui.main_window import MainWindow
        from parley.ui.window_state import WindowState

        theme = ThemeManager(self.app, self.mode)
        window = MainWindow(services, theme=theme, state=WindowState())
        window.auto_titles = False  # no extra title request to the loopback model
        window.resize(*self.size)
        window.show()
        settle(self.app, 0.3, lambda: window.providers_loaded)
        return window

    def close(self, window, services) -> None:  # type: ignore[no-untyped-def]
        window.close()
        window.bridge.shutdown(timeout=5)
        window.deleteLater()
        self.app.processEvents()
        services.close()

    def name(self, what: str) -> str:
        width, height = self.size
        return f"{what}-{width}x{height}-{self.mode}.png"

    def run(self, out: Path, saved: list[Path]) -> None:
        app = self.app
        tag = f"{self.size[0]}x{self.size[1]}-{self.mode}"

        # 1. First start: no provider, the welcome panel.
        services, _ = build_profile(self.tmp / f"empty-{tag}", self.server.url, empty=True)
        window = self.window(services)
        settle(app, 0.4, lambda: window.welcome_built and window.stack.currentWidget()
               is window.welcome)  # fmt: skip
        save(window.grab(), out / self.name("welcome"), saved)
        self.close(window, services)

        services, session_id = build_profile(self.tmp / f"profile-{tag}", self.server.url)
        window = self.window(services)
        try:
            self._chat_pictures(window, session_id, out, saved)
        finally:
            self.server.holds.release_all()
            self.close(window, services)

    def _chat_pictures(self, window, session_id: str, out: Path, saved: list[Path]) -> None:  # type: ignore[no-untyped-def]
        app = self.app

        # 2. A conversation with code, a table, a list and math.
        window.open_session(session_id)
        settle(app, 0.5, lambda: "deduplicate" in window.transcript.toPlainText().lower())
        main = window.grab()
        save(main, out / self.name("main"), saved)
        if self.size == SIZES[0]:
            save(main, out / f"main-{self.mode}.png", saved)

        # 3. Attachments: a PDF and a CSV chip in the composer of a new chat, a prompt typed.
        window.new_chat()
        settle(app, 0.2)
        window.composer.add_attachments(attachments(self.tmp))
        window.composer.editor.setPlainText(ATTACH_PROMPT)
        settle(app, 0.6)
        save(window.grab(), out / self.name("attachments"), saved)
        for path in list(window.composer.attachments()):
            window.composer.chips.remove(path)
        window.composer.editor.clear()

        # 4. Thinking, then streaming: the loopback model holds its answer open.
        window.new_chat()
        settle(app, 0.2)
        holds = self.server.holds
        window.composer.editor.setPlainText(STREAM_PROMPT)
        window.send(STREAM_PROMPT)
        window.composer.editor.clear()
        settle(app, 1.3, lambda: window.feedback.thinking.running)
        save(window.grab(), out / self.name("thinking"), saved)
        holds.first.set()
        settle(app, 0.6, holds.streaming.is_set)
        save(window.grab(), out / self.name("streaming"), saved)
        holds.second.set()
        settle(app, 0.3, lambda: window.bridge.active_turn is None)

        # 5. A command the gate asks about: the real permission dialog over the window.
        # The dialog names the folder as the user knows it (``~/src/invoice-tool``): the
        # workspace lives in a home folder made for the picture.
        home = self.tmp / f"home-{self.size[0]}-{self.mode}"
        workspace = home / "src" / "invoice-tool"
        (workspace / "build").mkdir(parents=True, exist_ok=True)
        (workspace / "tests").mkdir(exist_ok=True)
        (workspace / "pyproject.toml").write_text('[project]\nname = "invoice-tool"\n')
        window.new_chat()
        settle(app, 0.2)
        window.set_workspace(workspace)
        window.tools_picker.setCurrentIndex(window.tools_picker.findData("all"))
        window.gate_picker.setCurrentIndex(window.gate_picker.findData("auto"))
        real_home = os.environ.get("HOME")
        os.environ["HOME"] = str(home)
        try:
            window.send(TOOL_PROMPT)
            settle(app, 0.8, lambda: len(window._permission_dialogs) == 1)
        finally:
            if real_home is None:
                del os.environ["HOME"]
            else:
                os.environ["HOME"] = real_home
        tool_session = window._session_id or ""
        dialog = window._permission_dialogs[0]
        save(over_window(window.grab(), dialog), out / self.name("permission"), saved)
        dialog.deny.click()
        settle(app, 0.3, lambda: window.bridge.active_turn is None)

        # 6. The History window, at the same size, on the tool turn's timeline (the verdicts).
        history = window.open_history()
        history.resize(*self.size)
        settle(app, 0.3, lambda: not history.loading and history.select_session(tool_session))
        settle(app, 0.3, lambda: history.timeline.model.rowCount() > 0)
        events = history.timeline.model.events()
        verdicts = [r for r, e in enumerate(events) if e.event.type_name == "action_verdict"]
        history.timeline.select_row(verdicts[0] if verdicts else len(events) - 1)
        settle(app, 0.4)
        save(history.grab(), out / self.name("history"), saved)
        history.close()

        # 7. Settings (Providers), over the main conversation.
        window.open_session(session_id)
        settle(app, 0.4, lambda: "deduplicate" in window.transcript.toPlainText().lower())
        dialog = window.open_settings("providers")
        settle(app, 0.8)
        save(over_window(window.grab(), dialog), out / self.name("settings"), saved)
        dialog.close()


def shoot(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    out.mkdir(parents=True, exist_ok=True)
    saved: list[Path] = []
    server = ModelServer()
    tmp = Path(tempfile.mkdtemp(prefix="parley-shots-"))
    try:
        for size in SIZES:
            for mode in THEMES:
                server.reset()
                Round(app, server, tmp, size, mode).run(out, saved)
    finally:
        server.close()
        shutil.rmtree(tmp, ignore_errors=True)
    return saved


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args()
    print(f"screenshots: Qt platform {os.environ.get('QT_QPA_PLATFORM') or 'default'}")
    for path in shoot(Path(args.out)):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

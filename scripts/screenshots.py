"""Take the README's screenshots of the main window, light and dark, with a rich answer.

Why it exists: pictures in docs go stale unless anyone can make them again. This script builds a
throwaway profile (a provider entry, a project, a few conversations and one with a Markdown answer
holding a table, code and math, regenerated once so the branch switcher shows), opens the real
main window on it in each theme and saves ``docs/screenshots/main-light.png`` and
``main-dark.png``. Nothing is sent anywhere: the conversation is written to the profile's event
log directly, as the runtime would have recorded it.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py [--out docs/screenshots]

(``make screenshots`` runs it. With a real X display — e.g. Xvfb — drop the platform variable.)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

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

Why it is linear: each membership test costs $O(1)$ on average, so the whole pass is
$\\sum_{i=1}^{n} O(1) = O(n)$.

> Tip: `list(dict.fromkeys(items))` does the same in one line.
"""

OTHER = [
    ("Plan the Q1 offsite", "today"),
    ("Summarise the contract PDF", "today"),
    ("Fix flaky CI test", "yesterday"),
    ("Regex for ISO dates", "week"),
    ("Recipe ideas for Sunday", "older"),
]


def build_profile(base: Path):
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

    services = build_services(base / "data", base / "config")
    services.settings.add_provider(
        ProviderConfig(
            name="openai", kind="openai", base_url="http://127.0.0.1:9/v1", default_model="gpt-4o"
        )
    )
    services.settings.set_default_provider("openai")
    services.settings.save_project(
        ProjectConfig(id="docs", name="Docs site", instructions="Answer for a technical audience.")
    )
    store = services.store
    for title, _when in OTHER:
        session = store.create_session(title, project_id="docs" if "CI" in title else None)
        turn = mint_id()
        store.append(session.id, turn, TurnStarted(provider_id="openai", model="gpt-4o",
                                                   follows_turn_id=START))  # fmt: skip
        store.append(session.id, turn, UserMessage(text=title))
        store.append(session.id, turn, AssistantText(text="…", model="gpt-4o"))
        store.append(session.id, turn, TurnFinished(status="completed"))

    session = store.create_session("Deduplicate a list in Python")
    first, regenerated = mint_id(), mint_id()
    question = "How do I remove duplicates from a Python list but keep the order?"
    for turn, text, usage in (
        (first, "Use `list(set(items))`.", Usage(input_tokens=31, output_tokens=9)),
        (regenerated, ANSWER, Usage(input_tokens=31, output_tokens=212)),
    ):
        store.append(session.id, turn, TurnStarted(provider_id="openai", model="gpt-4o",
                                                   follows_turn_id=START))  # fmt: skip
        store.append(session.id, turn, UserMessage(text=question))
        store.append(session.id, turn, AssistantText(text=text, model="gpt-4o"))
        store.append(session.id, turn, TurnFinished(status="completed", usage=usage,
                                                    duration_s=3.4))  # fmt: skip
    return services, session.id


def shoot(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication

    from parley.ui.appearance import ThemeManager
    from parley.ui.main_window import MainWindow
    from parley.ui.window_state import WindowState

    app = QApplication.instance() or QApplication(sys.argv[:1])
    out.mkdir(parents=True, exist_ok=True)
    saved = []
    with tempfile.TemporaryDirectory(prefix="parley-shots-") as tmp:
        services, session_id = build_profile(Path(tmp))
        try:
            for mode in ("light", "dark"):
                theme = ThemeManager(app, mode)
                window = MainWindow(services, theme=theme, state=WindowState())
                window.resize(1280, 800)
                window.show()
                window.open_session(session_id)
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline and "deduplicate" not in (
                    window.transcript.toPlainText().lower()
                ):
                    app.processEvents()
                    time.sleep(0.01)
                for _ in range(30):  # let layout, the sidebar and the model list settle
                    app.processEvents()
                    time.sleep(0.01)
                path = out / f"main-{mode}.png"
                if not window.grab().save(str(path)):
                    raise SystemExit(f"could not write {path}")
                saved.append(path)
                window.close()
                window.bridge.shutdown()
                window.deleteLater()
                app.processEvents()
        finally:
            services.close()
    return saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = parser.parse_args()
    for path in shoot(Path(args.out)):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The high-contrast theme (View → Theme → High contrast): every text colour readable at WCAG
AAA (7:1) against the surface it sits on, the transcript drawn in its own palette (not the light
one under a black window), and the choice kept across starts.

Judged by the colours actually in effect (the application palette, the transcript's palette, the
pixels of a rendered answer), not by the mode's name.
"""

from __future__ import annotations

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from parley.domain.transcript.canonical import AssistantText, TurnFinished, TurnStarted, UserMessage
from parley.ui.appearance import CONTRAST_COLOURS, ThemeManager
from parley.ui.rendering.markdown import CONTRAST, DARK, LIGHT, palette_for
from parley.ui.window_state import WindowState, load_window_state, save_window_state
from tests.ui.conftest import wait_ready

_Role = QPalette.ColorRole


def _luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    q = QColor(colour)
    r, g, b = (channel(v) for v in (q.redF(), q.greenF(), q.blueF()))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_every_text_colour_of_the_transcript_is_aaa_on_its_surface():
    p = CONTRAST
    pairs = {
        "text": (p.text, p.background),
        "muted": (p.muted, p.background),
        "user": (p.user, p.user_tint),
        "user label": (p.user_label, p.user_tint),
        "assistant": (p.assistant, p.background),
        "notice": (p.notice, p.background),
        "error": (p.error, p.background),
        "success": (p.success, p.background),
        "link": (p.link, p.background),
        "code": (p.code_text, p.code_background),
        "inline code": (p.text, p.inline_code_background),
        "quote": (p.quote_text, p.background),
        "table header": (p.text, p.table_header_background),
        "math": (p.math, p.background),
        "card title": (p.card_title, p.card_background),
        "table border": (p.table_border, p.background),
        "card border": (p.card_border, p.card_background),
    }
    low = {name: round(contrast(*pair), 1) for name, pair in pairs.items() if contrast(*pair) < 7}
    assert low == {}


def test_every_text_role_of_the_window_is_aaa_on_its_surface():
    c = CONTRAST_COLOURS
    pairs = [
        (_Role.Text, _Role.Base),
        (_Role.WindowText, _Role.Window),
        (_Role.ButtonText, _Role.Button),
        (_Role.PlaceholderText, _Role.Base),
        (_Role.HighlightedText, _Role.Highlight),
        (_Role.Link, _Role.Base),
        (_Role.ToolTipText, _Role.ToolTipBase),
        (_Role.Mid, _Role.Window),  # outlines drawn in Mid must show
    ]
    low = [(fg.name, bg.name) for fg, bg in pairs if contrast(c[fg], c[bg]) < 7]
    assert low == []


def test_the_mode_applies_the_palette_and_the_transcripts_colours(qtbot):
    app = QApplication.instance()
    theme = ThemeManager(app, "light")
    try:
        heard: list[bool] = []
        theme.sig_theme_changed.connect(heard.append)
        theme.set_mode("dark")
        theme.set_mode("contrast")  # dark to high contrast: both dark, still a change
        assert heard == [True, True]
        assert theme.is_dark and theme.is_high_contrast
        assert app.palette().color(_Role.Base).name() == "#000000"
        assert app.palette().color(_Role.Highlight).name() == "#ffff00"
        assert palette_for(True) is CONTRAST and palette_for(False) is CONTRAST
        theme.set_mode("light")
        assert not theme.is_high_contrast
        assert palette_for(False) is LIGHT and palette_for(True) is DARK
        assert app.palette().color(_Role.Base).name() == "#ffffff"
    finally:
        theme.set_mode("system")
        theme.detach()


def test_the_window_draws_an_answer_in_high_contrast_and_keeps_the_choice(
    qtbot, local_provider, window, services, tmp_path
):
    store = services.store
    session = store.create_session("Contrast")
    store.append(session.id, "t1", TurnStarted(provider_id="local", model="model-a"))
    store.append(session.id, "t1", UserMessage(text="question"))
    answer = "Use `dict.fromkeys(items)`.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    store.append(session.id, "t1", AssistantText(text=answer, model="model-a"))
    store.append(session.id, "t1", TurnFinished(status="completed"))
    wait_ready(qtbot, window)
    window.open_session(session.id)
    qtbot.waitUntil(lambda: "fromkeys" in window.transcript.toPlainText(), timeout=5000)
    try:
        window.set_theme("contrast")
        qtbot.waitUntil(lambda: window.transcript.colours is CONTRAST, timeout=3000)
        checked = [a.data() for a in window.menus.theme_group.actions() if a.isChecked()]
        assert checked == ["contrast"]
        # The page is black and no pixel of the rendered answer sits on a light surface (the
        # light palette's inline-code and table-header greys made white text unreadable).
        viewport = window.transcript.viewport()
        image = viewport.grab().toImage()
        light = sum(
            1
            for y in range(0, image.height(), 3)
            for x in range(0, image.width(), 3)
            if all(
                QColor(image.pixel(px, py)).lightness() > 200
                for px, py in (
                    (x, y),
                    (max(0, x - 3), y),
                    (min(image.width() - 1, x + 3), y),
                    (x, max(0, y - 3)),
                    (x, min(image.height() - 1, y + 3)),
                )
            )
        )
        # A light fill is light 3 px away in every direction; a thin stroke (text, a table's
        # 1 px border) is not, wherever the sampling grid falls on it (the fonts move it).
        assert light < 20
        assert viewport.palette().color(viewport.backgroundRole()).name() == "#000000"
        # The choice is kept like the others.
        path = tmp_path / "window.json"
        save_window_state(path, WindowState(theme=window.theme.mode))
        assert load_window_state(path)[0].theme == "contrast"
    finally:
        window.set_theme("system")

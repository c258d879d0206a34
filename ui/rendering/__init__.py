"""Rendering of message text into what Qt's rich-text engine shows.

Why it exists: the transcript must show answers as formatted Markdown (headings, lists, tables,
highlighted code, legible math) without the widget knowing anything about Markdown. Everything in
this package is pure Python with no Qt import, so it is unit-tested without a display, except
``live_tail`` (the open block of a streamed answer, grown in place in the ``QTextDocument``).
"""

from ui.rendering.markdown import (
    DARK,
    LIGHT,
    CodeBlock,
    Palette,
    RenderedMarkdown,
    palette_for,
    render_markdown,
    stable_prefix_length,
    tex_to_unicode,
)

__all__ = [
    "DARK",
    "LIGHT",
    "CodeBlock",
    "Palette",
    "RenderedMarkdown",
    "palette_for",
    "render_markdown",
    "stable_prefix_length",
    "tex_to_unicode",
]

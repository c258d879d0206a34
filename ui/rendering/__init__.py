"""Rendering of message text into what Qt's rich-text engine shows.

Why it exists: the transcript must show answers as formatted Markdown (headings, lists, tables,
highlighted code, legible math) without the widget knowing anything about Markdown. The Markdown
half (``markdown``, ``blocks``, ``incremental``, ``tex``) is pure Python with no Qt import, so it
is unit-tested without a display; the Qt half lays an answer's body out in the transcript's
``QTextDocument``: ``answer_body`` (complete blocks, in group frames) and the open block at the
end grown in place while it streams (``live_tail``, ``live_table``, ``live_list``, on
``live_base``).
"""

from parley.ui.rendering.markdown import (
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

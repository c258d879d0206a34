"""An open code block, highlighted line by line while it streams, looks as it will once whole.

The open fence is highlighted one completed line at a time, from the lexer's state at the end of
the line before (issue 13). Some lexer rules match over several lines, which a line alone cannot
show: Python's docstring rule (whole, a docstring is ``String.Doc``; line by line it would be an
ordinary string). When such a construct closes, its lines are lexed again as one text, so the
streamed block's colours are the whole block's: checked character by character, in several
chunkings, in runs (``RUN_LINES``) too.
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextCursor, QTextDocument

from parley.ui.rendering.markdown import render_markdown
from parley.ui.transcript import TranscriptView

CODE = '''```python
def handler(request):
    """Answer one request.

    Over several lines, with 'quotes' and a # that is no comment.
    """
    text = f"""{request}
    continued"""
    return text  # done
class Plain:
    \'\'\'Single quotes,
    two lines.\'\'\'
    value = 1
'''


def _code_formats(doc: QTextDocument) -> list[tuple[str, str, bool]]:
    """Each character of the code lines (in table cells, unbroken lines): its colour and
    whether it is italic."""
    out = []
    block = doc.begin()
    while block.isValid():
        if (
            QTextCursor(block).currentTable() is not None
            and block.blockFormat().nonBreakableLines()
        ):
            it = block.begin()
            while not it.atEnd():
                fragment = it.fragment()
                fmt = fragment.charFormat()
                colour = fmt.foreground().color().name()
                out.extend((c, colour, fmt.fontItalic()) for c in fragment.text() if c.strip())
                it += 1
        block = block.next()
    return out


@pytest.mark.parametrize("chunk", [1, 7, 40])
def test_a_streamed_code_block_is_highlighted_as_the_whole_block(qapp, chunk, monkeypatch):
    monkeypatch.setattr(
        "parley.ui.rendering.live_tail.RUN_LINES", 4
    )  # runs inside the docstrings too
    view = TranscriptView()
    view.resize(700, 500)
    view.show()
    view.add_user_message("q", turn_id="t1")
    view.begin_answer("t1", "m")
    for i in range(0, len(CODE), chunk):
        view.append_text("t1", CODE[i : i + chunk])
        view._flush()
    whole = QTextDocument()
    whole.setHtml(render_markdown(CODE).html)
    streamed = _code_formats(view.document())
    expected = _code_formats(whole)
    assert "".join(c for c, _, _ in streamed) == "".join(c for c, _, _ in expected)
    differ = [(i, a, b) for i, (a, b) in enumerate(zip(streamed, expected, strict=True)) if a != b]
    assert not differ, differ[:5]
    view.close()
    view.deleteLater()


def test_line_by_line_alone_would_differ_in_a_docstring(qapp, monkeypatch):
    """The check above can fail: without lexing a closed construct again, it does."""
    monkeypatch.setattr("parley.ui.rendering.live_tail.RELEX_LINES", 0)
    view = TranscriptView()
    view.resize(700, 500)
    view.show()
    view.add_user_message("q", turn_id="t1")
    view.begin_answer("t1", "m")
    for i in range(0, len(CODE), 7):
        view.append_text("t1", CODE[i : i + 7])
        view._flush()
    whole = QTextDocument()
    whole.setHtml(render_markdown(CODE).html)
    assert _code_formats(view.document()) != _code_formats(whole)
    view.close()
    view.deleteLater()

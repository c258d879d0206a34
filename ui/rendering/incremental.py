"""The pure-Python half of growing the open block at the end of a streamed answer in place.

Why it exists: while an answer streams, the last block (a code fence, a table, one long
paragraph) is still open. Rendering it again whole on every screen refresh makes each chunk cost
O(block) (issue 13). These helpers render only what a chunk added: the new lines of a code fence
(the lexer's state is kept per completed line), the new rows of a table, the new words of a
paragraph. ``ui.rendering.live_tail`` puts what they return into the document.

Invariants it keeps:

- nothing here decides what the finished answer looks like: when the block closes, the
  transcript renders it at once with ``render_markdown`` (streamed == saved);
- a paragraph is only cut where later text cannot change what came before (``clean_inline``);
- pure Python, no Qt; markdown-it and Pygments are imported on first use.
"""

from __future__ import annotations

from typing import Any

from parley.ui.rendering.markdown import _parser, palette_for

#: Characters that may start or end an inline construct still waiting for its other half.
_OPENERS = frozenset("*_~`[]$\\<")


def _env(dark: bool) -> dict[str, Any]:
    return {
        "palette": palette_for(dark),
        "code_header": True,
        "code_blocks": [],
        "code_index_start": 0,
        "links": [],
    }


def render_inline(text: str, *, dark: bool = False) -> str:
    """``text`` as inline Markdown (no paragraph around it, spaces kept), Qt rich text."""
    md = _parser()
    env = _env(dark)
    return md.renderer.render(md.parseInline(text, env), md.options, env)


def clean_inline(text: str) -> bool:
    """Whether ``text`` (the start of a paragraph, or what follows a clean start) leaves no
    inline construct open: later text cannot turn any of it into emphasis, code or a link."""
    md = _parser()
    for token in md.parseInline(text, {})[0].children or []:
        if token.type == "text" and not _OPENERS.isdisjoint(token.content):
            return False
    return True


def table_rows(header: str, delimiter: str, rows: str, *, dark: bool = False) -> list[list[str]]:
    """The body rows of the table ``header`` + ``delimiter`` + ``rows`` (lines, each ending with
    a newline): per row, each cell's inline HTML (as many cells as the header has)."""
    md = _parser()
    env = _env(dark)
    tokens = md.parse(header + delimiter + rows, env)
    out: list[list[str]] = []
    row: list[str] | None = None
    body = False
    for i, token in enumerate(tokens):
        if token.type == "tbody_open":
            body = True
        elif token.type == "tbody_close":
            break
        elif body and token.type == "tr_open":
            row = []
        elif row is not None and token.type == "td_open":
            inline = tokens[i + 1]
            children = inline.children if inline.type == "inline" else None
            renderer: Any = md.renderer  # RendererHTML; the protocol type lacks renderInline
            row.append(renderer.renderInline(children or [], md.options, env))
        elif row is not None and token.type == "tr_close":
            out.append(row)
            row = None
    return out


def table_alignments(delimiter: str) -> list[str]:
    """Each column's alignment ("left", "right", "center" or "") from a delimiter row."""
    cells = delimiter.strip().strip("|").split("|")
    out = []
    for cell in cells:
        cell = cell.strip()
        left, right = cell.startswith(":"), cell.endswith(":")
        out.append("center" if left and right else "right" if right else "left" if left else "")
    return out


class LineHighlighter:
    """Pygments tokens for code that grows line by line: each completed line is lexed once,
    from the lexer's state at its start (kept for ``RegexLexer`` lexers, which most are; any
    other lexer starts each line afresh, which only affects constructs spanning lines while
    the block is open)."""

    def __init__(self, language: str, style_name: str) -> None:
        from pygments.lexer import RegexLexer
        from pygments.lexers import get_lexer_by_name
        from pygments.styles import get_style_by_name

        self.lexer = get_lexer_by_name(language, stripnl=False, ensurenl=False)  # ClassNotFound
        self.stateful = (
            isinstance(self.lexer, RegexLexer)
            and type(self.lexer).get_tokens_unprocessed is RegexLexer.get_tokens_unprocessed
        )
        self.stack = ["root"]
        self.style = get_style_by_name(style_name)
        self._styles: dict[Any, dict[str, Any]] = {}

    def tokens(self, text: str, *, advance: bool) -> list[tuple[str, dict[str, Any]]]:
        """(text, Pygments style) pairs for ``text``, lexed from the kept state; ``advance``
        keeps the state at its end (``text`` is complete lines)."""
        if self.stateful:
            pairs, stack = _lex(self.lexer, text, self.stack)
            if advance:
                self.stack = stack
        else:
            pairs = [(t, v) for _, t, v in self.lexer.get_tokens_unprocessed(text)]
        return [(value, self._style(ttype)) for ttype, value in pairs if value]

    def _style(self, ttype: Any) -> dict[str, Any]:
        style = self._styles.get(ttype)
        if style is None:
            style = self._styles[ttype] = self.style.style_for_token(ttype)
        return style


def _lex(lexer: Any, text: str, stack: list[str]) -> tuple[list[tuple[Any, str]], list[str]]:
    """``RegexLexer.get_tokens_unprocessed`` (Pygments 2.x, same rules), returning the state
    stack at the end of ``text`` too, so the next line starts where this one left off."""
    from pygments.token import Error, Whitespace, _TokenType

    out: list[tuple[Any, str]] = []
    pos = 0
    tokendefs = lexer._tokens
    statestack = list(stack)
    statetokens = tokendefs[statestack[-1]]
    while True:
        for rexmatch, action, new_state in statetokens:
            m = rexmatch(text, pos)
            if m:
                if action is not None:
                    if type(action) is _TokenType:
                        out.append((action, m.group()))
                    else:
                        out.extend((t, v) for _, t, v in action(lexer, m))
                pos = m.end()
                if new_state is not None:
                    if isinstance(new_state, tuple):
                        for state in new_state:
                            if state == "#pop":
                                if len(statestack) > 1:
                                    statestack.pop()
                            elif state == "#push":
                                statestack.append(statestack[-1])
                            else:
                                statestack.append(state)
                    elif isinstance(new_state, int):
                        if abs(new_state) >= len(statestack):
                            del statestack[1:]
                        else:
                            del statestack[new_state:]
                    elif new_state == "#push":
                        statestack.append(statestack[-1])
                    statetokens = tokendefs[statestack[-1]]
                break
        else:
            if pos >= len(text):
                break
            if text[pos] == "\n":
                statestack = ["root"]
                statetokens = tokendefs["root"]
                out.append((Whitespace, "\n"))
            else:
                out.append((Error, text[pos]))
            pos += 1
    return out, statestack

"""The frames of the transcript: how each kind of conversation item is drawn in the document.

Why it exists: the conversation model (``application.conversation_view``) says *what* is shown —
user messages, attachment lists, answers, tool cards, notices, outcomes. This module draws one
item as one top-level ``QTextFrame`` (frames keep their place while text is added elsewhere) and
draws it again in place when the item changes. It reads items, never events, and decides nothing:
every word comes from the item (``Outcome.summary``, ``Outcome.footer``) or from
``application.conversation_view.wording`` (tool cards).

Invariants it keeps:

- a frame is always inserted at the end of where layout goes (``FrameHost.cursor_at_end``): the
  document's structure is the same whether a conversation was drawn at once or item by item;
- an answer's body is laid out by ``ui.rendering.answer_body`` (``render_body``) into a
  ``Message`` frame [header][body blocks…][slot];
- every colour comes from the palette;
- an answer's reasoning is a disclosure line in the answer's header block ("▸ Thought for 14 s",
  a link: Tab reaches it, Enter or Space toggles it) that expands, in the same block, to the
  reasoning in the muted colour: the body after the header is never touched, so showing,
  opening or closing the reasoning costs one block however long the answer is, also while it
  streams;
- earlier turns a compaction summarised are one divider (``CompactionDivider``): a disclosure
  line "▸ Earlier messages summarised · 12 turns · by gpt-4o" that opens to the summary, and a
  link that shows (or hides) the original turns; both only forward intent;
- an answer's sources (the excerpts it cites, ``Answer.cited``) are one small line in the
  answer's slot once its text is final: "[1] report.pdf, page 117", each a link; ``[n]`` in the
  text links to the same place (``render_markdown``'s ``citations``);
- who said what is seen at a glance: the user's message sits in a soft tinted block (the whole
  column wide, like Claude's: a long question reads as well as a short one, and a frame cannot
  shrink to its text), an answer is clean text under its model's name, small and quiet; turns
  are spaced apart, and prose has ``LINE_HEIGHT`` line height.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrame,
    QTextFrameFormat,
    QTextImageFormat,
)

from parley.application.conversation_view import (
    Answer,
    Attachments,
    CompactionDivider,
    Item,
    Notice,
    Outcome,
    Source,
    TextPart,
    ToolCard,
    UserMessage,
)
from parley.application.conversation_view.items import REDACTED_TEXT
from parley.application.conversation_view.wording import (
    argument_summary,
    card_confinement,
    card_detail_lines,
    card_status,
)
from parley.application.mcp.model import shown_tool_name
from parley.domain.texts import marked
from parley.domain.transcript.branches import BranchPosition
from parley.domain.usage.pricing import format_cost
from parley.ui.i18n import QT_TRANSLATE_NOOP, translate
from parley.ui.i18n.composed import translate_text
from parley.ui.rendering.answer_body import AnswerBody, CodeBlocks, flat_block, render_body
from parley.ui.rendering.markdown import LINE_HEIGHT, Palette
from parley.ui.transcript.attachment_text import describe
from parley.ui.transcript.glyphs import CHEVRONS, PAPERCLIP

RETRY_SCHEME = "parley-retry"
TOOL_SCHEME = "parley-tool"
ATTACHMENT_SCHEME = "parley-attachment"
BRANCH_SCHEME = "parley-branch"
EARLIER_SCHEME = "parley-earlier"
REASONING_SCHEME = "parley-reasoning"
SUMMARY_SCHEME = "parley-summary"
ORIGINALS_SCHEME = "parley-originals"
CITE_SCHEME = "parley-cite"


def cite_href(answer_key: str, number: int) -> str:
    """Where a citation ``[number]`` of the answer keyed ``answer_key`` links to."""
    return f"{CITE_SCHEME}:{answer_key}/{number}"


#: A line break inside one block (the header block holds the reasoning's lines).
_LINE = "\u2028"

#: Fixed words the application layer (``application.conversation_view.items``, no Qt) gives the
#: transcript, marked for ``make translations``; they are shown through
#: ``translate("ConversationItems", …)``. Words it composes (outcomes, notices, tool cards) are
#: marked where they are composed and shown through ``translate_text``.
_ITEM_WORDS = (
    QT_TRANSLATE_NOOP("ConversationItems", "Earlier messages summarised"),
    QT_TRANSLATE_NOOP("ConversationItems", "Show original messages"),
    QT_TRANSLATE_NOOP("ConversationItems", "Hide original messages"),
)

#: Space above a turn (its user message) and above an answer's header (px).
TURN_GAP = 22
ANSWER_GAP = 12
#: The user block's inner space (px).
USER_PADDING = 12


@dataclass(eq=False, kw_only=True)
class Message(AnswerBody):
    """One user or assistant message: its frame (``AnswerBody``: how its Markdown body is laid
    out in pieces), the turn and the role. A header block ("You", the model) opens the frame
    unless the message continues an answer after a tool card or a notice."""

    turn_id: str
    role: str  # "user" | "assistant"
    has_header: bool = True
    key: str = ""
    #: What the header block shows now: (label, reasoning header, reasoning text if open).
    header: tuple[str | None, str, str | None] = (None, "", None)
    #: The sources the answer cites, listed in its slot once final (``FrameHost.render``).
    sources: tuple[Source, ...] = ()


@dataclass(eq=False)
class Drawn:
    """One item as drawn: its frame (None when the item shows nothing, e.g. an answer with only
    reasoning or a completed turn with no figures), and its message (user and answer items)."""

    item: Item
    frame: QTextFrame | None
    message: Message | None = None
    expanded: bool = False  # a tool card shows its details; an answer its reasoning
    extra: dict[str, object] = field(default_factory=dict)


def body_source(answer: Answer) -> str:
    """The Markdown an answer's body shows: its text parts (reasoning is not shown)."""
    return "\n\n".join(p.text for p in answer.parts if isinstance(p, TextPart) and p.text)


class FrameHost:
    """What drawing needs from the view: the document, where layout goes, the palette, the code
    blocks' Copy links, and the message registry (for hover and menus)."""

    def __init__(self, document: QTextDocument) -> None:
        self.doc = document
        self.dark = False
        self.palette: Palette
        self.codes = CodeBlocks()
        self.container: QTextFrame | None = None  # where layout goes (None: the document end)
        self.messages: dict[QTextFrame, Message] = {}

    def cursor_at_end(self) -> QTextCursor:
        if self.container is not None:
            return self.container.lastCursorPosition()
        cursor = QTextCursor(self.doc)
        cursor.movePosition(QTextCursor.MoveOperation.End)
        return cursor

    def link_format(self, href: str, colour: str) -> QTextCharFormat:
        link = QTextCharFormat()
        link.setAnchor(True)
        link.setAnchorHref(href)
        link.setFontUnderline(True)
        link.setForeground(QColor(colour))
        return link

    def render(self, message: Message, *, final: bool) -> None:
        if not message.sources:
            message.footer = ""  # (no sources line any more: the slot goes back to flat)
        render_body(
            self.doc, message, self.codes, final=final, dark=self.dark, palette=self.palette
        )
        if final and message.sources:
            self._sources(message)

    def cite(self, message: Message, answer: Answer) -> None:
        """What the answer's citations link to: ``[n]`` in its text (every source the turn
        retrieved) and, once the text is final, the line of sources it cites (not per streamed
        chunk: finding the citations reads the whole text)."""
        message.citations = {s.number: cite_href(answer.key, s.number) for s in answer.sources}
        message.sources = () if answer.streaming else answer.cited

    def _sources(self, message: Message) -> None:
        """The cited sources, small, in the answer's slot (after its body: the body's range, a
        copy of the message, never includes them): "Sources: [1] report.pdf, page 117 · …"."""
        assert message.stable_end is not None
        message.footer = "sources"  # (the slot keeps its content: ``render_body``)
        cursor = QTextCursor(self.doc)
        cursor.setPosition(message.stable_end.position() + 1)
        cursor.setPosition(message.frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        cursor.beginEditBlock()
        cursor.removeSelectedText()
        block = QTextBlockFormat()
        block.setTopMargin(6)
        cursor.setBlockFormat(block)
        muted = QTextCharFormat()
        muted.setForeground(QColor(self.palette.muted))
        muted.setProperty(QTextFormat.Property.FontSizeAdjustment, -1)
        cursor.insertText(translate("FrameHost", "Sources: "), muted)
        key = message.key
        for index, source in enumerate(message.sources):
            if index:
                cursor.insertText("  ·  ", muted)
            link = self.link_format(cite_href(key, source.number), self.palette.link)
            link.setFontUnderline(False)
            link.setProperty(QTextFormat.Property.FontSizeAdjustment, -1)
            where = source.excerpt.location or "the excerpt"
            link.setToolTip(
                translate("FrameHost", "Open {name} at {where}").format(
                    name=source.excerpt.name, where=where
                )
            )
            cursor.insertText(f"[{source.number}] {source.label}", link)
        cursor.endEditBlock()

    # -- drawing one item ------------------------------------------------------------------------

    def draw(self, item: Item, *, expanded: bool = False) -> Drawn:
        """Draw ``item`` at the end of the layout (``expanded``: an answer's reasoning is
        open)."""
        if isinstance(item, UserMessage):
            return self._user(item)
        if isinstance(item, Answer):
            source = body_source(item)
            if not source and not item.reasoning:
                return Drawn(item, None)
            label = None if item.continues else (item.model or "assistant")
            message = self.open_message(item.turn_id, "assistant", label)
            message.key = item.key
            message.header = (label, "", None)
            self.cite(message, item)
            self.write_header(message, item, expanded)
            message.source = source
            self.render(message, final=not item.streaming)
            return Drawn(item, message.frame, message, expanded)
        if isinstance(item, Outcome) and not (item.summary or item.footer):
            return Drawn(item, None)
        drawn = Drawn(item, self._box(item))
        self.fill(drawn)
        return drawn

    def fill(self, drawn: Drawn) -> None:
        """(Re)write the contents of a box item's frame (attachments, tool card, notice,
        outcome) from its item."""
        frame, item = drawn.frame, drawn.item
        assert frame is not None
        cursor = frame.firstCursorPosition()
        cursor.setPosition(frame.lastPosition(), QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        cursor.setBlockFormat(QTextBlockFormat())
        if isinstance(item, Attachments):
            self._attachments(cursor, item)
        elif isinstance(item, ToolCard):
            self._card(cursor, item, drawn.expanded)
        elif isinstance(item, Notice):
            self.line(
                cursor, translate_text(item.text), "error" if item.level == "error" else "notice"
            )
        elif isinstance(item, Outcome):
            self._outcome(cursor, item)
        elif isinstance(item, CompactionDivider):
            self._divider(cursor, item, drawn.expanded)

    def _divider(self, cursor: QTextCursor, item: CompactionDivider, expanded: bool) -> None:
        """The divider's line — "▸ Earlier messages summarised · 12 turns · by gpt-4o ·
        automatically   Show original messages" — and, opened, the summary under it (read like
        prose)."""
        palette = self.palette
        block = QTextBlockFormat()
        block.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        cursor.setBlockFormat(block)
        title = QTextCharFormat()
        title.setAnchor(True)
        title.setAnchorHref(f"{SUMMARY_SCHEME}:{item.key}")
        title.setFontWeight(QFont.Weight.DemiBold)
        title.setForeground(QColor(palette.card_title))
        title.setToolTip(
            translate("FrameHost", "Hide the summary")
            if expanded
            else translate("FrameHost", "Show the summary")
        )
        title_words = translate("ConversationItems", item.TITLE)  # marked in _ITEM_WORDS
        cursor.insertText(f"{'▾' if expanded else '▸'} {title_words}", title)
        muted = QTextCharFormat()
        muted.setForeground(QColor(palette.muted))
        muted.setProperty(QTextFormat.Property.FontSizeAdjustment, -1)
        cursor.insertText(f"  · {_divider_details(item)}", muted)
        toggle = self.link_format(f"{ORIGINALS_SCHEME}:{item.key}", palette.link)
        toggle.setFontUnderline(False)
        toggle.setProperty(QTextFormat.Property.FontSizeAdjustment, -1)
        toggle.setToolTip(
            translate(
                "FrameHost",
                "Show the messages the summary stands in for (the model reads the summary)",
            )
            if not item.revealed
            else translate("FrameHost", "Hide the messages the summary stands in for")
        )
        cursor.insertText("   ", QTextCharFormat())
        cursor.insertText(translate("ConversationItems", item.toggle_label), toggle)
        if expanded:
            prose = QTextBlockFormat()
            prose.setTopMargin(6)
            prose.setLineHeight(
                LINE_HEIGHT, QTextBlockFormat.LineHeightTypes.ProportionalHeight.value
            )
            plain = QTextCharFormat()
            for index, line in enumerate(item.summary.strip().splitlines() or [""]):
                cursor.insertBlock(prose if index == 0 else _spaced(), plain)
                cursor.insertText(line, plain)

    def _box(self, item: Item) -> QTextFrame:
        fmt = QTextFrameFormat()
        fmt.setBorder(0)
        if isinstance(item, ToolCard | CompactionDivider):
            fmt.setBorder(1)
            fmt.setBorderBrush(QColor(self.palette.card_border))
            fmt.setPadding(6)
            fmt.setTopMargin(TURN_GAP if isinstance(item, CompactionDivider) else 6)
            fmt.setBackground(QColor(self.palette.card_background))
            if isinstance(item, CompactionDivider):  # (Qt's default, outset, hides its top edge)
                fmt.setBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
        else:
            fmt.setTopMargin(2 if isinstance(item, Attachments) else 4)
        return self.cursor_at_end().insertFrame(fmt)

    def open_message(
        self, turn_id: str, role: str, label: str | None, branch: BranchPosition | None = None
    ) -> Message:
        """A new message frame at the end of the layout: its header (``label``; None for an
        answer that continues after a tool card: an empty, flat header), then the slot."""
        cursor = self.cursor_at_end()
        fmt = QTextFrameFormat()
        fmt.setBorder(0)
        if role == "user":
            fmt.setTopMargin(TURN_GAP)
            fmt.setPadding(USER_PADDING)
            fmt.setBackground(QColor(self.palette.user_tint))
        else:
            fmt.setTopMargin(ANSWER_GAP if label is not None else 0)
        frame = cursor.insertFrame(fmt)
        message = Message(frame=frame, turn_id=turn_id, role=role, has_header=label is not None)
        head = frame.firstCursorPosition()
        if label is not None:
            head.insertText(label, self._header_format(role))
            if branch is not None and branch.count > 1:
                self._branch_switcher(head, branch)
        else:
            head.setBlockFormat(flat_block())
        header_end = head.position()
        head.insertBlock(flat_block(), QTextCharFormat())  # the slot
        # (A cursor kept at the insertion point would have moved along: place it afterwards.)
        message.stable_end = QTextCursor(self.doc)
        message.stable_end.setPosition(header_end)
        self.messages[frame] = message
        return message

    def write_header(self, message: Message, answer: Answer, expanded: bool) -> bool:
        """Write an answer's header block again when what it shows changed: the model's name
        (none for an answer that continues), then the reasoning's disclosure line and, when
        ``expanded``, the reasoning. Only this block changes (the body after it is left as it
        is, so a cursor or a streamed tail there keeps its place). False when nothing
        changed."""
        label = None if answer.continues else (answer.model or "assistant")
        title = translate_text(answer.reasoning_label)
        wanted = (label, title, answer.reasoning_text if expanded and title else None)
        if message.header == wanted:
            return False
        message.header = wanted
        cursor = message.frame.firstCursorPosition()
        cursor.beginEditBlock()
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()
        if label is None and not title:
            cursor.setBlockFormat(flat_block())
        else:
            block = QTextBlockFormat()
            if label is None:
                block.setTopMargin(4)  # (a continued answer's header has no gap of its own)
            if wanted[2]:  # the reasoning is read like prose
                proportional = QTextBlockFormat.LineHeightTypes.ProportionalHeight.value
                block.setLineHeight(LINE_HEIGHT, proportional)
            cursor.setBlockFormat(block)
        if label is not None:
            cursor.insertText(label, self._header_format(message.role))
        if title:
            if label is not None:
                cursor.insertText(_LINE, QTextCharFormat())
            self._reasoning(cursor, answer, title, wanted[2])
        cursor.endEditBlock()
        return True

    def _reasoning(self, cursor: QTextCursor, answer: Answer, title: str, text: str | None) -> None:
        """The disclosure line (a link named for what it does) and, when open, the reasoning's
        lines: muted, kept in the header block."""
        link = QTextCharFormat()
        link.setAnchor(True)
        link.setAnchorHref(f"{REASONING_SCHEME}:{answer.key}")
        link.setForeground(QColor(self.palette.muted))
        link.setFontWeight(QFont.Weight.DemiBold)
        link.setProperty(QTextFormat.Property.FontSizeAdjustment, -1)
        link.setToolTip(
            translate("FrameHost", "Hide the model's reasoning")
            if text is not None
            else translate("FrameHost", "Show the model's reasoning")
        )
        cursor.insertText(f"{'▾' if text is not None else '▸'} {title}", link)
        if text:
            muted = QTextCharFormat()
            muted.setForeground(QColor(self.palette.muted))
            lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
            lines = [translate_text(line) if line == REDACTED_TEXT else line for line in lines]
            cursor.insertText(_LINE + _LINE.join(lines), muted)

    @staticmethod
    def reasoning_link(message: Message) -> tuple[int, int] | None:
        """Where an answer's reasoning link is (first and last position), None without one."""
        block = message.frame.firstCursorPosition().block()
        iterator = block.begin()
        while not iterator.atEnd():
            fragment = iterator.fragment()
            iterator += 1
            if fragment.charFormat().anchorHref().startswith(f"{REASONING_SCHEME}:"):
                return fragment.position(), fragment.position() + fragment.length()
        return None

    def _header_format(self, role: str) -> QTextCharFormat:
        """A message's header: small and semi-bold, quiet ("You" in the user block, the model's
        name above an answer)."""
        header = QTextCharFormat()
        header.setFontWeight(QFont.Weight.DemiBold)
        header.setProperty(QTextFormat.Property.FontSizeAdjustment, -1)
        colour = self.palette.user_label if role == "user" else self.palette.assistant
        header.setForeground(QColor(colour))
        return header

    def _user(self, item: UserMessage) -> Drawn:
        message = self.open_message(
            item.turn_id, "user", translate("FrameHost", "You"), item.branch
        )
        message.key = item.key
        message.source = item.text
        assert message.stable_end is not None
        cursor = QTextCursor(message.stable_end)
        block = QTextBlockFormat()
        block.setTopMargin(2)
        block.setLineHeight(LINE_HEIGHT, QTextBlockFormat.LineHeightTypes.ProportionalHeight.value)
        cursor.insertBlock(block, QTextCharFormat())
        cursor.insertText(item.text, QTextCharFormat())
        message.stable_end.setPosition(cursor.position())
        return Drawn(item, message.frame, message)

    def _branch_switcher(self, cursor: QTextCursor, branch: BranchPosition) -> None:
        """The "< 2 / 3 >" after the header: chevron images (registered by ``glyphs``, at least
        24 px square: the click target) linking to the sibling turns, greyed at either end."""
        muted = QTextCharFormat()
        muted.setForeground(QColor(self.palette.muted))
        muted.setProperty(QTextFormat.Property.FontSizeAdjustment, -1)
        cursor.insertText("  ", QTextCharFormat())
        for name, target in (("previous", branch.previous), ("next", branch.next)):
            if name == "next":
                cursor.insertText(f"{branch.label}", muted)
            image = QTextImageFormat()
            image.setName(CHEVRONS[name][0 if target else 1])
            image.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignMiddle)
            if target:
                image.setAnchor(True)
                image.setAnchorHref(f"{BRANCH_SCHEME}:{target}")
                image.setToolTip(
                    (
                        translate("FrameHost", "Show the previous version ({label})")
                        if name == "previous"
                        else translate("FrameHost", "Show the next version ({label})")
                    ).format(label=branch.label)
                )
            cursor.insertImage(image)

    def _attachments(self, cursor: QTextCursor, item: Attachments) -> None:
        palette = self.palette
        grey = QTextCharFormat()
        grey.setForeground(QColor(palette.muted))
        for index, line in enumerate(item.lines):
            if index:
                cursor.insertBlock()
            words = describe(line)
            cursor.insertImage(self._paperclip())
            if line.event_id is None:  # not read yet: its name only
                cursor.insertText(f" {words.name}", grey)
                continue
            link = self.link_format(
                f"{ATTACHMENT_SCHEME}:{item.turn_id}/{line.event_id}",
                palette.error if line.failed else palette.user,
            )
            link.setToolTip(words.tooltip)
            cursor.insertText(" ", QTextCharFormat())
            cursor.insertText(words.name, link)
            if words.details:
                cursor.insertText(f" · {words.details}", grey)
            if words.problem:
                mark = QTextCharFormat()
                mark.setForeground(QColor(palette.error if line.failed else palette.notice))
                cursor.insertText(f" · {words.problem}", mark)

    @staticmethod
    def _paperclip() -> QTextImageFormat:
        image = QTextImageFormat()
        image.setName(PAPERCLIP)
        image.setVerticalAlignment(QTextCharFormat.VerticalAlignment.AlignMiddle)
        return image

    def _card(self, cursor: QTextCursor, card: ToolCard, expanded: bool) -> None:
        palette = self.palette
        link = QTextCharFormat()
        link.setAnchor(True)
        link.setAnchorHref(f"{TOOL_SCHEME}:{card.call_id}")
        link.setFontWeight(QFont.Weight.Bold)
        link.setForeground(QColor(palette.card_title))
        # An MCP tool reads as "server \u203a tool" (its qualified name is for the model).
        cursor.insertText(f"{'▾' if expanded else '▸'} {shown_tool_name(card.tool)}", link)
        cursor.insertText(f"  {_fixed_words(argument_summary(card))}", QTextCharFormat())
        for text, role in (card_status(card), card_confinement(card)):
            if text:  # the sandbox a command ran (or would run) in, on the collapsed line too
                mark = QTextCharFormat()
                mark.setForeground(QColor(getattr(palette, role)))
                cursor.insertText(f"  · {translate_text(text)}", mark)
        if expanded:
            mono = QTextCharFormat()
            mono.setFontFamilies(["monospace"])
            for line, words in card_detail_lines(card):
                cursor.insertBlock()
                cursor.insertText(_indented_words(line) if words else line, mono)
            said = (str(v.input["claims"]) for v in card.verdicts if "claims" in v.input)
            claims = next(said, "")
            if claims:  # what an MCP server claimed about the tool: a claim, not a fact
                cursor.insertBlock()
                cursor.insertText(
                    translate(
                        "FrameHost", "the server says: {claims} (a claim Parley cannot check)"
                    ).format(claims=claims),
                    mono,
                )

    def line(self, cursor: QTextCursor, text: str, role: str) -> None:
        """A line in italics (a notice, how a turn ended)."""
        fmt = QTextCharFormat()
        fmt.setFontItalic(True)
        fmt.setForeground(QColor(getattr(self.palette, role)))
        cursor.insertText(text, fmt)

    def _outcome(self, cursor: QTextCursor, item: Outcome) -> None:
        """The turn's footer (tokens, cost, time: small and grey), then how it ended when it did
        not complete, with Retry when it can be sent again."""
        if item.footer:
            fmt = QTextCharFormat()
            fmt.setForeground(QColor(self.palette.muted))
            fmt.setProperty(QTextFormat.Property.FontSizeAdjustment, -1)
            cursor.insertText(outcome_footer(item), fmt)
        if item.summary:
            if item.footer:
                cursor.insertBlock(QTextBlockFormat(), QTextCharFormat())
            self.line(
                cursor, translate_text(item.summary), "error" if item.level == "error" else "notice"
            )
            if item.retryable:
                link = self.link_format(f"{RETRY_SCHEME}:{item.turn_id}", self.palette.user)
                link.setFontWeight(QFont.Weight.Bold)
                cursor.insertText("  ", QTextCharFormat())
                cursor.insertText(translate("FrameHost", "↻ Retry"), link)


def outcome_footer(item: Outcome) -> str:
    """``item.footer`` in the window's language, built from the numbers ("1,234 in · 567 out ·
    $0.0031 · 4.2 s"; ``format_usage`` keeps the English one for the command line and exports)."""
    if not item.footer:
        return ""
    usage = item.usage
    parts: list[str] = []
    if usage.input_tokens is not None:
        parts.append(translate("FrameHost", "{tokens:,} in").format(tokens=usage.input_tokens))
    if usage.output_tokens is not None:
        parts.append(translate("FrameHost", "{tokens:,} out").format(tokens=usage.output_tokens))
    money = format_cost(item.cost)
    if money:
        parts.append(money)
    if item.duration_s >= 0:
        parts.append(translate("FrameHost", "{seconds:.1f} s").format(seconds=item.duration_s))
    return " · ".join(parts)


def _spaced() -> QTextBlockFormat:
    block = QTextBlockFormat()
    block.setLineHeight(LINE_HEIGHT, QTextBlockFormat.LineHeightTypes.ProportionalHeight.value)
    return block


def _fixed_words(text: str) -> str:
    """``text`` translated only when it is itself a marked text (an argument summary is the
    model's data otherwise, and data is shown as it is)."""
    return translate_text(text) if text in marked() else text


def _indented_words(line: str) -> str:
    """A line of Parley's words in the window's language, its indent kept."""
    words = line.lstrip(" ")
    return line[: len(line) - len(words)] + translate_text(words)


def _divider_details(item: CompactionDivider) -> str:
    """``CompactionDivider.details`` in the window's language: composed here from its fields
    (its parts are too short to recognise in the finished English line)."""
    count = item.turns or len(item.replaced_turns)
    parts = [
        (
            translate("FrameHost", "{count} turn")
            if count == 1
            else translate("FrameHost", "{count} turns")
        ).format(count=count)
    ]
    if item.model:
        parts.append(translate("FrameHost", "by {model}").format(model=item.model))
    if item.trigger == "auto":
        parts.append(translate("FrameHost", "automatically"))
    elif item.trigger == "manual":
        parts.append(translate("FrameHost", "with /compact"))
    return " · ".join(parts)

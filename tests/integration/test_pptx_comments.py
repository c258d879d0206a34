"""PPTX comments, legacy and modern, built from raw XML in the test (issue 15).

The part shapes follow the specifications (see ``extractors/pptx.py``): legacy comments are
ISO/IEC 29500-1 §19.4 (``p:cmLst``/``p:cm``/``p:text``, authors ``p:cmAuthor`` in
``commentAuthors.xml``) with [MS-PPTX] ``p15:threadingInfo``/``p15:parentCm`` for replies;
modern ones are [MS-PPTX] CT_Comment (``p188:cm`` with ``p188:pos``, ``p188:replyLst`` and
then ``p188:txBody``, authors ``p188:author`` in ``authors.xml``), related to the slide by
``http://schemas.microsoft.com/office/2018/10/relationships/comments``.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.detect import Detected
from parley.infrastructure.attachments.extractors import common as extractors_common
from parley.infrastructure.attachments.extractors import extract_file
from parley.infrastructure.attachments.extractors.pptx import extract_pptx

P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
P15 = "http://schemas.microsoft.com/office/powerpoint/2012/main"
P188 = "http://schemas.microsoft.com/office/powerpoint/2018/8/main"
PC = "http://schemas.microsoft.com/office/powerpoint/2013/main/command"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
LEGACY_REL = f"{REL}/comments"
MODERN_REL = "http://schemas.microsoft.com/office/2018/10/relationships/comments"
MODERN_AUTHORS_REL = "http://schemas.microsoft.com/office/2018/10/relationships/authors"
PML = "application/vnd.openxmlformats-officedocument.presentationml"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
LIMITS = AttachmentLimits()

ALICE = "{6C2F1A10-0000-4000-8000-00000000A11C}"
BOB = "{6C2F1A10-0000-4000-8000-0000000000B0}"


def _rels(*rels: tuple[str, str, str]) -> str:
    body = "".join(f'<Relationship Id="{i}" Type="{t}" Target="{g}"/>' for i, t, g in rels)
    return f'{HEAD}<Relationships xmlns="{PKG_REL}">{body}</Relationships>'


def _tree(shapes: str = "") -> str:
    group = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
    return f"<p:cSld><p:spTree>{group}<p:grpSpPr/>{shapes}</p:spTree></p:cSld>"


def _title(text: str) -> str:
    return (
        '<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title 1"/><p:cNvSpPr/>'
        '<p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr><p:spPr/>'
        f"<p:txBody><a:bodyPr/><a:p><a:r><a:t>{text}</a:t></a:r></a:p></p:txBody></p:sp>"
    )


def legacy_part(*comments: str) -> str:
    return f'{HEAD}<p:cmLst xmlns:p="{P}" xmlns:p15="{P15}">{"".join(comments)}</p:cmLst>'


def legacy_cm(author: int, idx: int, text: str, parent: tuple[int, int] | None = None) -> str:
    thread = ""
    if parent is not None:
        thread = (
            '<p:extLst><p:ext uri="{C676402C-5697-4E1C-873F-D02D1690AC5C}">'
            '<p15:threadingInfo timeZoneBias="-60">'
            f'<p15:parentCm authorId="{parent[0]}" idx="{parent[1]}"/>'
            "</p15:threadingInfo></p:ext></p:extLst>"
        )
    return (
        f'<p:cm authorId="{author}" dt="2026-11-02T10:00:00.000" idx="{idx}">'
        f'<p:pos x="10" y="10"/><p:text>{text}</p:text>{thread}</p:cm>'
    )


def _body(text: str) -> str:
    paragraph = f"<a:p><a:r><a:t>{text}</a:t></a:r></a:p>"
    return f"<p188:txBody><a:bodyPr/><a:lstStyle/>{paragraph}</p188:txBody>"


def modern_part(*comments: str) -> str:
    spaces = f'xmlns:a="{A}" xmlns:r="{R}" xmlns:p188="{P188}"'
    return f"{HEAD}<p188:cmLst {spaces}>{''.join(comments)}</p188:cmLst>"


def modern_cm(
    author: str, text: str, replies: tuple[tuple[str, str], ...] = (), status: str = ""
) -> str:
    """In [MS-PPTX] CT_Comment order: anchor, pos, replyLst, txBody."""
    replies_xml = "".join(
        f'<p188:reply id="{{00000000-0000-4000-8000-00000000000{n}}}" authorId="{who}" '
        f'created="2026-11-03T09:00:00.000">{_body(said)}</p188:reply>'
        for n, (who, said) in enumerate(replies)
    )
    state = f' status="{status}"' if status else ""
    return (
        f'<p188:cm id="{{AB000000-0000-4000-8000-000000000001}}" authorId="{author}" '
        f'created="2026-11-02T09:00:00.000"{state}>'
        f'<pc:sldMkLst xmlns:pc="{PC}"><pc:docMk/><pc:sldMk cId="0" sldId="256"/></pc:sldMkLst>'
        '<p188:pos x="100" y="200"/>'
        + (f"<p188:replyLst>{replies_xml}</p188:replyLst>" if replies_xml else "")
        + f"{_body(text)}</p188:cm>"
    )


def build_deck(
    path: Path,
    slides: list[tuple[str, list[tuple[str, str, str]]]],
    legacy_authors: dict[int, str] | None = None,
    modern_authors: dict[str, str] | None = None,
) -> Path:
    """A minimal deck: each slide is (title, [(part name, relationship type, XML)]); a title of
    "" gives a slide with no shapes at all."""
    types = [
        ("/ppt/presentation.xml", f"{PML}.presentation.main+xml"),
        ("/ppt/slideMasters/slideMaster1.xml", f"{PML}.slideMaster+xml"),
        ("/ppt/slideLayouts/slideLayout1.xml", f"{PML}.slideLayout+xml"),
    ]
    files: dict[str, str] = {
        "_rels/.rels": _rels(("rId1", f"{REL}/officeDocument", "ppt/presentation.xml")),
        "ppt/slideMasters/slideMaster1.xml": (
            f'{HEAD}<p:sldMaster xmlns:a="{A}" xmlns:r="{R}" xmlns:p="{P}">{_tree()}'
            '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" '
            'accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" '
            'accent6="accent6" hlink="hlink" folHlink="folHlink"/>'
            '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst>'
            "</p:sldMaster>"
        ),
        "ppt/slideMasters/_rels/slideMaster1.xml.rels": _rels(
            ("rId1", f"{REL}/slideLayout", "../slideLayouts/slideLayout1.xml")
        ),
        "ppt/slideLayouts/slideLayout1.xml": (
            f'{HEAD}<p:sldLayout xmlns:a="{A}" xmlns:r="{R}" xmlns:p="{P}">{_tree()}</p:sldLayout>'
        ),
        "ppt/slideLayouts/_rels/slideLayout1.xml.rels": _rels(
            ("rId1", f"{REL}/slideMaster", "../slideMasters/slideMaster1.xml")
        ),
    }
    pres_rels = [("rId1", f"{REL}/slideMaster", "slideMasters/slideMaster1.xml")]
    if legacy_authors is not None:
        files["ppt/commentAuthors.xml"] = (
            f'{HEAD}<p:cmAuthorLst xmlns:p="{P}">'
            + "".join(
                f'<p:cmAuthor id="{i}" name="{n}" initials="{n[:1]}" lastIdx="2" clrIdx="{i}"/>'
                for i, n in legacy_authors.items()
            )
            + "</p:cmAuthorLst>"
        )
        types.append(("/ppt/commentAuthors.xml", f"{PML}.commentAuthors+xml"))
        pres_rels.append(("rId90", f"{REL}/commentAuthors", "commentAuthors.xml"))
    if modern_authors is not None:
        files["ppt/authors.xml"] = (
            f'{HEAD}<p188:authorLst xmlns:a="{A}" xmlns:r="{R}" xmlns:p188="{P188}">'
            + "".join(
                f'<p188:author id="{i}" name="{n}" initials="{n[:1]}" userId="{n}" '
                'providerId="None"/>'
                for i, n in modern_authors.items()
            )
            + "</p188:authorLst>"
        )
        types.append(("/ppt/authors.xml", "application/vnd.ms-powerpoint.authors+xml"))
        pres_rels.append(("rId91", MODERN_AUTHORS_REL, "authors.xml"))
    ids = []
    for number, (title, parts) in enumerate(slides, start=1):
        slide = f"ppt/slides/slide{number}.xml"
        files[slide] = (
            f'{HEAD}<p:sld xmlns:a="{A}" xmlns:r="{R}" xmlns:p="{P}">'
            f"{_tree(_title(title) if title else '')}</p:sld>"
        )
        types.append((f"/{slide}", f"{PML}.slide+xml"))
        slide_rels = [("rId1", f"{REL}/slideLayout", "../slideLayouts/slideLayout1.xml")]
        for n, (part, reltype, xml) in enumerate(parts, start=2):
            files[f"ppt/comments/{part}"] = xml
            modern = reltype == MODERN_REL
            kind = "application/vnd.ms-powerpoint.comments+xml" if modern else f"{PML}.comments+xml"
            types.append((f"/ppt/comments/{part}", kind))
            slide_rels.append((f"rId{n}", reltype, f"../comments/{part}"))
        files[f"ppt/slides/_rels/slide{number}.xml.rels"] = _rels(*slide_rels)
        pres_rels.append((f"rId{number + 1}", f"{REL}/slide", f"slides/slide{number}.xml"))
        ids.append(f'<p:sldId id="{255 + number}" r:id="rId{number + 1}"/>')
    files["ppt/presentation.xml"] = (
        f'{HEAD}<p:presentation xmlns:a="{A}" xmlns:r="{R}" xmlns:p="{P}">'
        '<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>'
        f"<p:sldIdLst>{''.join(ids)}</p:sldIdLst>"
        '<p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/>'
        "</p:presentation>"
    )
    files["ppt/_rels/presentation.xml.rels"] = _rels(*pres_rels)
    overrides = "".join(f'<Override PartName="{n}" ContentType="{t}"/>' for n, t in types)
    files["[Content_Types].xml"] = (
        f'{HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        f"{overrides}</Types>"
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", files.pop("[Content_Types].xml"))
        for name, xml in files.items():
            zf.writestr(name, xml)
    return path


def read(path: Path) -> str:
    got = extract_file(path, path.name, LIMITS)
    assert not got.error_kind, (got.error_kind, got.error)
    return got.text


def test_legacy_comments_with_authors_and_a_threaded_reply(tmp_path: Path) -> None:
    part = legacy_part(
        legacy_cm(0, 1, "Shorter title?"),
        legacy_cm(1, 1, "Agreed, will fix.", parent=(0, 1)),
        legacy_cm(1, 2, "Check the figure &amp; its source"),
    )
    deck = build_deck(
        tmp_path / "legacy.pptx",
        [("Quarterly review", [("comment1.xml", LEGACY_REL, part)])],
        legacy_authors={0: "Ada Lovelace", 1: "Charles Babbage"},
    )
    text = read(deck)
    assert text.startswith("## Slide 1: Quarterly review")
    assert (
        "Comments:\n"
        "- Ada Lovelace: Shorter title?\n"
        "  - Charles Babbage: Agreed, will fix.\n"
        "- Charles Babbage: Check the figure & its source"
    ) in text


def test_modern_comments_with_a_reply_and_a_resolved_thread(tmp_path: Path) -> None:
    part = modern_part(
        modern_cm(ALICE, "Is this number right?", replies=((BOB, "Yes, from the Q3 report."),)),
        modern_cm(BOB, "Typo in the footer", status="resolved"),
    )
    deck = build_deck(
        tmp_path / "modern.pptx",
        [("Revenue", [("modernComment_100_2A4B1C3D.xml", MODERN_REL, part)])],
        modern_authors={ALICE: "Alice Example", BOB: "Bob Example"},
    )
    text = read(deck)
    assert (
        "Comments:\n"
        "- Alice Example: Is this number right?\n"
        "  - Bob Example: Yes, from the Q3 report.\n"
        "- Bob Example (resolved): Typo in the footer"
    ) in text


def test_a_deck_with_both_kinds_shows_each_in_its_slides_section(tmp_path: Path) -> None:
    deck = build_deck(
        tmp_path / "both.pptx",
        [
            ("Old", [("comment1.xml", LEGACY_REL, legacy_part(legacy_cm(0, 1, "From 2016")))]),
            (
                "New",
                [
                    ("modernComment_101_1.xml", MODERN_REL, modern_part(modern_cm(ALICE, "365"))),
                    ("comment2.xml", LEGACY_REL, legacy_part(legacy_cm(0, 2, "Also old"))),
                ],
            ),
        ],
        legacy_authors={0: "Ada Lovelace"},
        modern_authors={ALICE: "Alice Example"},
    )
    text = read(deck)
    first, second = text.split("## Slide 2: New")
    assert "- Ada Lovelace: From 2016" in first and "365" not in first
    assert "- Alice Example: 365" in second
    assert "- Ada Lovelace: Also old" in second
    assert "From 2016" not in second


def test_comment_on_a_slide_without_text_is_read(tmp_path: Path) -> None:
    part = modern_part(modern_cm(ALICE, "Add a picture here", replies=((ALICE, "Or a chart"),)))
    deck = build_deck(
        tmp_path / "blank.pptx",
        [("", [("modernComment_100_1.xml", MODERN_REL, part)])],
        modern_authors={ALICE: "Alice Example"},
    )
    text = read(deck)
    assert text == (
        "## Slide 1\n\nComments:\n"
        "- Alice Example: Add a picture here\n"
        "  - Alice Example: Or a chart"
    )


def test_comment_whose_author_is_missing_is_still_shown(tmp_path: Path) -> None:
    deck = build_deck(
        tmp_path / "noauthors.pptx",
        [("T", [("comment1.xml", LEGACY_REL, legacy_part(legacy_cm(7, 1, "Who wrote me?")))])],
    )
    assert "- unknown author: Who wrote me?" in read(deck)


def test_comment_part_that_is_not_a_comment_list_is_noted_and_the_slide_kept(
    tmp_path: Path,
) -> None:
    wrong = f'{HEAD}<p:sld xmlns:p="{P}"><p:cm><p:text>never shown</p:text></p:cm></p:sld>'
    deck = build_deck(
        tmp_path / "wrong.pptx",
        [
            ("Still here", [("comment1.xml", LEGACY_REL, wrong)]),
            ("Two", [("comment2.xml", LEGACY_REL, legacy_part(legacy_cm(0, 1, "Fine")))]),
        ],
        legacy_authors={0: "Ada Lovelace"},
    )
    text = read(deck)
    assert "## Slide 1: Still here" in text
    assert (
        "[comments not read: the part ppt/comments/comment1.xml is not a comment list "
        "(its root is <sld>)]"
    ) in text
    assert "never shown" not in text
    assert "- Ada Lovelace: Fine" in text


def test_comment_part_that_is_not_xml_is_noted_and_the_slide_kept(tmp_path: Path) -> None:
    """A part named ``.dat`` is not among the XML parts the ZIP scan checks at detection, so it
    reaches the extractor, which notes it instead of losing the slide."""
    deck = build_deck(
        tmp_path / "broken.pptx",
        [
            (
                "Budget",
                [("comment1.dat", LEGACY_REL, "<p:cmLst><p:cm authorId=0>broken</p:cmLst")],
            )
        ],
    )
    text = read(deck)
    assert text.startswith("## Slide 1: Budget")
    assert "[comments not read: the part ppt/comments/comment1.dat is not well-formed XML" in text


def test_malformed_xml_comment_part_keeps_the_slide(tmp_path: Path) -> None:
    """A malformed ``.xml`` comments part no longer costs the deck its slides: the package scan
    lists it instead of refusing the file, and the extractor notes it (once)."""
    deck = build_deck(
        tmp_path / "malformed.pptx",
        [("Plan", [("comment1.xml", LEGACY_REL, "<p:cmLst><p:cm>unclosed")])],
    )
    whole = extract_file(deck, deck.name, LIMITS)
    assert whole.error_kind == ""
    assert whole.text.startswith("## Slide 1: Plan")
    note = "[comments not read: the part ppt/comments/comment1.xml is not well-formed XML"
    assert whole.text.count("ppt/comments/comment1.xml") == 1 and note in whole.text
    found = Detected("pptx", "application/vnd.openxmlformats-officedocument.presentationml", "")
    assert note in extract_pptx(deck, deck.name, LIMITS, found).text


def test_comment_part_with_a_dtd_is_refused_as_unsafe(tmp_path: Path) -> None:
    hostile = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><p:cmLst xmlns:p="x"/>'
    deck = build_deck(tmp_path / "dtd.pptx", [("T", [("comment1.dat", LEGACY_REL, hostile)])])
    got = extract_file(deck, deck.name, LIMITS)
    assert got.error_kind == "unsafe"


def test_progress_is_reported_once_per_slide(tmp_path: Path) -> None:
    deck = build_deck(tmp_path / "three.pptx", [("One", []), ("Two", []), ("Three", [])])
    seen: list[tuple[int, int]] = []
    extractors_common.set_progress_sink(lambda done, total: seen.append((done, total)))
    try:
        read(deck)
    finally:
        extractors_common.set_progress_sink(None)
    assert seen == [(1, 3), (2, 3), (3, 3)]

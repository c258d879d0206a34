"""What an attached file really is, judged by its bytes; and how its text is decoded.

Why it exists: a file's extension is a claim, not a fact. ``report.pdf`` may be a PNG, a
``.docx`` may be a password-protected OLE2 container, a ``.txt`` may be UTF-16 without a BOM.
Reading a file with the wrong parser gives garbage or a confusing error, so the type is taken
from the content (magic bytes, ZIP part names, BOMs, the NUL-byte pattern of UTF-16/32) and the
extension is used only as a hint (to choose between text flavours such as CSV or Markdown, or to
name a ZIP before its parts have been looked at).

Invariants it keeps:

- :func:`sniff` is pure and cheap (the first :data:`HEAD_BYTES` bytes and the name); it never
  parses a container. :func:`classify_zip` looks at an already *checked* ZIP's part names and at
  two small parts (``_rels/.rels`` and ``[Content_Types].xml``, each read with a size cap and
  parsed with DTDs and entities forbidden).
- When the content contradicts a known extension, ``Detected.note`` says so in words
  ("report.pdf is actually a PNG image"); the file is then read as what it is, or refused as
  ``unsupported`` when Parley does not read that format.
- :func:`decode_text` never silently mangles: it decodes strictly (BOM, then the UTF-16/32
  NUL pattern, then a declared charset, then UTF-8, then the most plausible guess, see
  ``encoding.py``) and raises :class:`ReadFailure` ``undecodable`` naming the first bad byte
  when nothing fits.

Errors: :class:`ReadFailure` carries an ``ExtractedAttachment.error_kind`` and a message for
people; every module of this package raises it for a bad *file* (never for a bug).
Standard library only, apart from charset-normalizer imported lazily by ``encoding.py``.
"""

from __future__ import annotations

import codecs
import posixpath
import zipfile
from dataclasses import dataclass, replace
from xml.etree.ElementTree import Element

from parley.infrastructure.attachments.texts import (
    ACTUALLY,
    ENCRYPTED,
    IS_NOT_READ,
    NOT_READ,
    REFUSAL_HINTS,
)

HEAD_BYTES = 64 * 1024
"""How much of the file :func:`sniff` looks at."""

SMALL_PART_CAP = 1024 * 1024
"""The largest ``_rels/.rels`` / ``[Content_Types].xml`` / EPUB ``mimetype`` read for detection."""


class ReadFailure(Exception):
    """A file could not be read. ``kind`` is an ``ExtractedAttachment.error_kind``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


@dataclass(frozen=True)
class Detected:
    """The verdict on a file. ``kind`` chooses the extractor (see :data:`READABLE`); anything
    else is refused as ``unsupported`` (or ``encrypted`` for ``ooxml-encrypted``)."""

    kind: str
    media_type: str
    label: str
    encoding: str = ""  # set for text found by BOM or NUL pattern
    note: str = ""  # "x.pdf is actually a PNG image"
    #: Parts of an Office package that are not well-formed XML: ``(part, detail)``. The text
    #: of the rest is read; a part the extractor needs makes it ``damaged``, naming the part.
    malformed_parts: tuple[tuple[str, str], ...] = ()


READABLE = frozenset(
    {
        "pdf",
        "docx",
        "xlsx",
        "pptx",
        "epub",
        "png",
        "jpeg",
        "gif",
        "webp",
        "text",
        "markdown",
        "csv",
        "tsv",
        "json",
        "html",
        "msg",
    }
)
IMAGE_KINDS = frozenset({"png", "jpeg", "gif", "webp"})
ZIP_KINDS = frozenset({"docx", "xlsx", "pptx", "epub", "zip"})

_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"

# kind -> (media type, words for people)
_KINDS: dict[str, tuple[str, str]] = {
    "pdf": ("application/pdf", "a PDF document"),
    "docx": (_DOCX, "a Word document (DOCX)"),
    "xlsx": (_XLSX, "an Excel workbook (XLSX)"),
    "pptx": (_PPTX, "a PowerPoint presentation (PPTX)"),
    "epub": ("application/epub+zip", "an EPUB e-book"),
    "zip": ("application/zip", "a ZIP archive"),
    "odf": ("application/vnd.oasis.opendocument", "an OpenDocument file"),
    "ooxml-other": ("application/vnd.openxmlformats-package", "an Office package of another kind"),
    "ooxml-encrypted": ("application/x-ooxml-encrypted", "a password-protected Office file"),
    "ole2": ("application/x-ole-storage", "a legacy Office 97-2003 file"),
    "msg": ("application/vnd.ms-outlook", "an Outlook message"),
    "png": ("image/png", "a PNG image"),
    "jpeg": ("image/jpeg", "a JPEG image"),
    "gif": ("image/gif", "a GIF image"),
    "webp": ("image/webp", "a WEBP image"),
    "bmp": ("image/bmp", "a BMP image"),
    "tiff": ("image/tiff", "a TIFF image"),
    "heic": ("image/heic", "a HEIC/AVIF image"),
    "media": ("video/mp4", "an audio or video file"),
    "archive": ("application/octet-stream", "a compressed archive"),
    "rtf": ("application/rtf", "an RTF document"),
    "executable": ("application/octet-stream", "an executable program"),
    "sqlite": ("application/vnd.sqlite3", "an SQLite database"),
    "binary": ("application/octet-stream", "a binary file of unknown type"),
    "text": ("text/plain", "a text file"),
    "markdown": ("text/markdown", "a Markdown file"),
    "csv": ("text/csv", "a CSV file"),
    "tsv": ("text/tab-separated-values", "a TSV file"),
    "json": ("application/json", "a JSON file"),
    "html": ("text/html", "an HTML page"),
}

# What an extension claims (for the "is actually" note and for naming a ZIP before looking).
_EXT_CLAIMS: dict[str, str] = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".docm": "docx",
    ".dotx": "docx",
    ".xlsx": "xlsx",
    ".xlsm": "xlsx",
    ".xltx": "xlsx",
    ".pptx": "pptx",
    ".pptm": "pptx",
    ".potx": "pptx",
    ".epub": "epub",
    ".zip": "zip",
    ".png": "png",
    ".jpg": "jpeg",
    ".jpeg": "jpeg",
    ".jpe": "jpeg",
    ".gif": "gif",
    ".webp": "webp",
    ".bmp": "bmp",
    ".tif": "tiff",
    ".tiff": "tiff",
    ".heic": "heic",
    ".avif": "heic",
    ".doc": "ole2",
    ".xls": "ole2",
    ".ppt": "ole2",
    ".msg": "msg",
    ".odt": "odf",
    ".ods": "odf",
    ".odp": "odf",
    ".rtf": "rtf",
    ".exe": "executable",
    ".dll": "executable",
    ".mp3": "media",
    ".mp4": "media",
    ".mov": "media",
    ".gz": "archive",
    ".tgz": "archive",
    ".7z": "archive",
    ".rar": "archive",
}

# Text flavours chosen by extension (content must still be text).
_TEXT_EXTS: dict[str, str] = {
    ".md": "markdown",
    ".markdown": "markdown",
    ".csv": "csv",
    ".tsv": "tsv",
    ".tab": "tsv",
    ".json": "json",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
}

# Media types of common text and code files (the content decides that it is text at all).
_TEXT_MEDIA: dict[str, str] = {
    ".py": "text/x-python",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".ts": "text/x-typescript",
    ".java": "text/x-java",
    ".c": "text/x-c",
    ".h": "text/x-c",
    ".cpp": "text/x-c++",
    ".hpp": "text/x-c++",
    ".cs": "text/x-csharp",
    ".go": "text/x-go",
    ".rs": "text/x-rust",
    ".rb": "text/x-ruby",
    ".sh": "text/x-shellscript",
    ".css": "text/css",
    ".xml": "application/xml",
    ".svg": "image/svg+xml",
    ".yaml": "application/yaml",
    ".yml": "application/yaml",
    ".toml": "application/toml",
    ".sql": "application/sql",
    ".ini": "text/plain",
    ".log": "text/plain",
    ".txt": "text/plain",
}

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def _make(kind: str, *, encoding: str = "", note: str = "") -> Detected:
    media, label = _KINDS[kind]
    return Detected(kind=kind, media_type=media, label=label, encoding=encoding, note=note)


def extension(name: str) -> str:
    return posixpath.splitext(name.replace("\\", "/"))[1].lower()


def bom_encoding(head: bytes) -> str:
    """The codec named by a leading byte-order mark, or ""."""
    for bom, codec in _BOMS:
        if head.startswith(bom):
            return codec
    return ""


def utf16_without_bom(head: bytes) -> str:
    """``utf-16-le``/``utf-16-be``/``utf-32-le``/``utf-32-be`` when the NUL pattern of mostly
    ASCII text in that encoding is plain, else "". (Plain ``bytes.decode('utf-16')`` would
    silently read big-endian text as little-endian mojibake.)"""
    sample = head[:4096]
    sample = sample[: len(sample) - len(sample) % 4]
    if len(sample) < 8 or b"\0" not in sample:
        return ""
    quads = len(sample) // 4
    lanes = [sum(1 for i in range(lane, len(sample), 4) if sample[i] == 0) for lane in range(4)]
    if lanes[1] == lanes[2] == lanes[3] == quads and lanes[0] < quads * 0.5:
        return "utf-32-le"
    if lanes[0] == lanes[1] == lanes[2] == quads and lanes[3] < quads * 0.5:
        return "utf-32-be"
    pairs = len(sample) // 2
    even = lanes[0] + lanes[2]
    odd = lanes[1] + lanes[3]
    if odd >= pairs * 0.3 and even <= pairs * 0.02:
        return "utf-16-le"
    if even >= pairs * 0.3 and odd <= pairs * 0.02:
        return "utf-16-be"
    return _utf16_one_block(sample)


def _utf16_one_block(sample: bytes) -> str:
    """UTF-16 without a BOM of text in one non-Latin alphabet (Cyrillic, Greek, Hebrew, Arabic
    …): the high byte of nearly every unit is that block's (``0x04``) or ``0x00`` (spaces,
    digits, punctuation), and the whole sample decodes to printable text. "" otherwise."""
    for codec, high in (("utf-16-le", 1), ("utf-16-be", 0)):
        highs = sample[high::2]
        if not highs:
            return ""
        top = sorted(((highs.count(bytes([b])), b) for b in set(highs)), reverse=True)[:2]
        if sum(n for n, _b in top) < len(highs) * 0.95 or 0 not in {b for _n, b in top}:
            continue
        if all(b == 0 for _n, b in top):
            continue  # plain ASCII in UTF-16 is the NUL-pattern case above
        try:
            text = sample.decode(codec)
        except UnicodeDecodeError:
            continue
        if sum(ch.isprintable() or ch in "\t\r\n" for ch in text) >= len(text) * 0.98:
            return codec
    return ""


def _magic(head: bytes, claimed: str) -> str:
    # Readers accept a PDF header anywhere in the first 1024 bytes; trust that only when the
    # name says PDF, so a script that merely mentions "%PDF-" near its top stays text.
    if head.startswith(b"%PDF-") or (claimed == "pdf" and b"%PDF-" in head[:1024]):
        return "pdf"
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head.startswith((b"GIF87a", b"GIF89a")):
        return "gif"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")):
        return "zip"
    if head.startswith(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"):
        return "ole2"
    if head.startswith((b"II*\x00", b"MM\x00*")):
        return "tiff"
    if head.startswith(b"BM") and len(head) > 10 and head[6:10] == b"\0\0\0\0":
        return "bmp"
    if head[4:8] == b"ftyp":
        brand = head[8:12]
        return "heic" if brand in (b"heic", b"heix", b"mif1", b"msf1", b"avif") else "media"
    if head.startswith((b"ID3", b"OggS", b"fLaC", b"\x1aE\xdf\xa3")):
        return "media"
    if head.startswith(
        (
            b"\x1f\x8b",
            b"7z\xbc\xaf\x27\x1c",
            b"Rar!\x1a\x07",
            b"\xfd7zXZ\x00",
            b"BZh",
            b"(\xb5/\xfd",
        )
    ) or (len(head) > 262 and head[257:262] == b"ustar"):
        return "archive"
    if head.startswith(b"{\\rtf"):
        return "rtf"
    if head.startswith((b"\x7fELF", b"\xcf\xfa\xed\xfe", b"\xfe\xed\xfa\xcf")):
        return "executable"
    if head.startswith(b"MZ") and b"\0" in head[:64]:
        return "executable"
    if head.startswith(b"SQLite format 3\x00"):
        return "sqlite"
    return ""


def _text_kind(head: bytes, ext: str, encoding: str) -> str:
    flavour = _TEXT_EXTS.get(ext)
    if flavour:
        return flavour
    try:
        start = head[:1024].decode(encoding or "latin-1", errors="ignore")
    except LookupError:
        start = ""
    start = start.lstrip("\ufeff \t\r\n").lower()
    if start.startswith(("<!doctype html", "<html")):
        return "html"
    return "text"


_CONTROL_BYTES = bytes([*range(0x01, 0x09), *range(0x0E, 0x20), 0x7F])


def _text_with_nuls(head: bytes, ext: str) -> bool:
    """A file named as text (``.csv``, ``.txt`` …) that is text apart from a few stray NUL bytes
    (an export bug, a padded field): it is read, the NULs removed and said (``extractors.text``).
    Other control bytes, or NULs in more than a quarter of the bytes, mean binary."""
    if ext not in _TEXT_EXTS and ext not in _TEXT_MEDIA:
        return False
    rest = head.replace(b"\x00", b"")
    if not rest.strip() or (len(head) - len(rest)) * 4 > len(head):
        return False
    return len(rest.translate(None, _CONTROL_BYTES)) == len(rest)


def sniff(head: bytes, name: str) -> Detected:
    """The type of a file from its first bytes; ``name`` is only a hint. A ZIP is named from its
    extension here (``docx``/``xlsx``/``pptx``/``epub``, else ``zip``); :func:`classify_zip`
    settles it once the archive has been checked."""
    ext = extension(name)
    claimed = _EXT_CLAIMS.get(ext, "")
    kind = _magic(head, claimed)
    encoding = ""
    if kind == "zip" and claimed in ZIP_KINDS:
        kind = claimed
    if not kind:
        encoding = bom_encoding(head) or utf16_without_bom(head)
        binary = not encoding and b"\x00" in head and not _text_with_nuls(head, ext)
        kind = "binary" if binary else _text_kind(head, ext, encoding)
    found = _make(kind, encoding=encoding)
    if kind == "text" and ext in _TEXT_MEDIA:
        found = replace(found, media_type=_TEXT_MEDIA[ext])
    return with_note(found, name)


def with_note(found: Detected, name: str) -> Detected:
    """``found`` with the "is actually" note when ``name``'s extension claims another format."""
    claimed = _EXT_CLAIMS.get(extension(name), "")
    text_kinds = {"text", "markdown", "csv", "tsv", "json", "html"}
    claimed_text = extension(name) in _TEXT_EXTS or extension(name) in _TEXT_MEDIA
    lies = (claimed and claimed != found.kind) or (claimed_text and found.kind not in text_kinds)
    if not lies:
        return found
    return replace(found, note=ACTUALLY.format(name=name, label=found.label))


def refusal(found: Detected, name: str) -> ReadFailure:
    """The ``unsupported``/``encrypted`` failure for a kind Parley does not read."""
    if found.kind == "ooxml-encrypted":
        return ReadFailure("encrypted", ENCRYPTED.format(name=name))
    hint = REFUSAL_HINTS.get(found.kind, "")
    if found.note:
        return ReadFailure("unsupported", NOT_READ.format(what=found.note, hint=hint))
    return ReadFailure("unsupported", IS_NOT_READ.format(name=name, label=found.label, hint=hint))


_OLE2_LABELS = (
    ("WordDocument", "a Word 97-2003 document (.doc)"),
    ("Workbook", "an Excel 97-2003 workbook (.xls)"),
    ("Book", "an Excel 97-2003 workbook (.xls)"),
    ("PowerPoint Document", "a PowerPoint 97-2003 presentation (.ppt)"),
)
"""Directory-entry names (stored UTF-16-LE) that say which legacy Office file an OLE2 is."""


def classify_ole2(whole: bytes, name: str) -> Detected:
    """An OLE2 (Compound File) container: a password-protected OOXML file when it holds an
    ``EncryptedPackage`` stream; an Outlook message when it holds MAPI property streams
    (``__substg1.0_…`` and ``__properties_version1.0``); else a legacy Office 97-2003 file,
    named by its main stream when it has a known one."""
    if "EncryptedPackage".encode("utf-16-le") in whole:
        return with_note(_make("ooxml-encrypted"), name)
    if "__substg1.0_".encode("utf-16-le") in whole and (
        "__properties_version1.0".encode("utf-16-le") in whole
    ):
        return with_note(_make("msg"), name)
    found = _make("ole2")
    for stream, label in _OLE2_LABELS:
        if stream.encode("utf-16-le") + b"\x00\x00" in whole:
            found = replace(found, label=label)
            break
    return with_note(found, name)


def _read_small(zf: zipfile.ZipFile, name: str) -> bytes | None:
    try:
        info = zf.getinfo(name)
    except KeyError:
        return None
    if info.file_size > SMALL_PART_CAP:
        raise ReadFailure("unsafe", f"the part {name} is implausibly large for what it is")
    with zf.open(info) as fh:
        return fh.read(SMALL_PART_CAP + 1)[:SMALL_PART_CAP]


def safe_xml(data: bytes, part: str) -> Element:
    """``data`` parsed with defusedxml, DTDs and entities forbidden; ``unsafe`` or ``damaged``
    failures name ``part`` (the caller adds the file name)."""
    import defusedxml.ElementTree as SafeET
    from defusedxml import DefusedXmlException

    try:
        return SafeET.fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise ReadFailure(
            "unsafe", f"the part {part} declares a DTD or XML entities ({exc})"
        ) from None
    except SafeET.ParseError as exc:
        raise ReadFailure("damaged", f"the part {part} is not well-formed XML ({exc})") from None


def main_part(zf: zipfile.ZipFile) -> str:
    """The OOXML main part named by ``_rels/.rels`` (Transitional or Strict), or ""."""
    rels = _read_small(zf, "_rels/.rels")
    if rels is None:
        return ""
    for rel in safe_xml(rels, "_rels/.rels"):
        if rel.get("Type", "").endswith("/officeDocument"):
            target = rel.get("Target", "")
            return posixpath.normpath(target.lstrip("/")) if target else ""
    return ""


def classify_zip(zf: zipfile.ZipFile, name: str) -> Detected:
    """What a checked ZIP holds: EPUB (``mimetype``), DOCX/XLSX/PPTX (``[Content_Types].xml``
    and the main part), OpenDocument, another OOXML package, or a plain archive."""
    names = set(zf.namelist())
    if "mimetype" in names:
        mimetype = (_read_small(zf, "mimetype") or b"").strip()
        if mimetype == b"application/epub+zip":
            return with_note(_make("epub"), name)
        if mimetype.startswith(b"application/vnd.oasis.opendocument"):
            return with_note(_make("odf"), name)
    if "[Content_Types].xml" in names:
        main = main_part(zf)
        content_type = ""
        types = _read_small(zf, "[Content_Types].xml")
        if types is not None and main:
            for item in safe_xml(types, "[Content_Types].xml"):
                if item.get("PartName", "").lstrip("/") == main:
                    content_type = item.get("ContentType", "")
        top = main.split("/", 1)[0] if main else ""
        kind = "ooxml-other"
        if "wordprocessingml" in content_type or "ms-word" in content_type or top == "word":
            kind = "docx"
        elif "spreadsheetml" in content_type or "ms-excel" in content_type or top == "xl":
            kind = "xlsx"
        elif "presentationml" in content_type or "ms-powerpoint" in content_type or top == "ppt":
            kind = "pptx"
        if kind != "ooxml-other" and main not in names:
            raise ReadFailure("damaged", f"{name} is missing its main part ({main or 'none'})")
        return with_note(_make(kind), name)
    return with_note(_make("zip"), name)


def decode_text(data: bytes, name: str, declared: str = "") -> tuple[str, str]:
    """``(text, codec)``: ``data`` decoded strictly. Order: BOM, UTF-16/32 NUL pattern,
    ``declared`` (an HTML meta charset), UTF-8, then the most plausible of the locale's, the
    Western/Central European and charset-normalizer's encodings. Raises :class:`ReadFailure`
    ``undecodable`` when none decodes every byte. (Kept for callers that need no confidence;
    ``encoding.decode_bytes`` says whether the codec was guessed, and how surely.)"""
    from parley.infrastructure.attachments.encoding import decode_bytes

    decoded = decode_bytes(data, name, declared)
    return decoded.text, decoded.codec

"""Checks a ZIP-based file (DOCX, XLSX, PPTX, EPUB) before any library reads it.

Why it exists: Office files are ZIP archives, and the libraries that read them (python-pptx,
openpyxl) read members whole and parse XML with their own settings. A zip bomb (a tiny file that
inflates to gigabytes), a directory of millions of entries, a billion-laughs or external-entity
DTD, or XML nested thousands of levels deep must be refused *before* that happens, with a clear
``unsafe`` message, not discovered as a crash.

Invariants it keeps:

- :func:`check_zip` reads the end-of-central-directory record (ZIP64 aware) and refuses more than
  ``max_zip_entries`` entries *before* ``zipfile`` parses the directory; then it refuses a total
  declared uncompressed size over ``max_zip_uncompressed_bytes``, an entry (over 1 MiB) or an
  archive whose compression ratio exceeds ``max_zip_ratio``, compressed sizes that add up to more
  than the file (overlapping entries), duplicate names, absolute or ``..`` names, compression
  methods ``zipfile`` cannot inflate (``unsupported``) and encrypted entries (``encrypted``).
  ``zipfile`` never inflates more than an entry's declared size (and checks its CRC), so checking
  the declared sizes bounds what a later read can produce.
- Archives nested inside (e.g. the workbook embedded behind a PowerPoint chart) are counted but
  never opened, so they cannot multiply anything.
- :func:`scan_xml_parts` streams every XML part through expat once: a ``<!DOCTYPE`` or an entity
  declaration anywhere is ``unsafe`` (OOXML never needs one), so is nesting deeper than
  :data:`MAX_XML_DEPTH`; malformed XML is ``damaged``. Only after both checks does a parser see
  the file.

Errors: :class:`~infrastructure.attachments.detect.ReadFailure` with kind ``unsafe``,
``damaged`` or ``encrypted``. Standard library only.
"""

from __future__ import annotations

import posixpath
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from xml.parsers import expat

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.detect import ReadFailure

RATIO_FLOOR = 1024 * 1024
"""Entries (and archives) smaller than this are not judged by their compression ratio: a few
kilobytes of repetitive XML legitimately compress very well."""

MAX_CENTRAL_DIRECTORY = 64 * 1024 * 1024
MAX_XML_DEPTH = 256
"""The deepest element nesting accepted in an OOXML part (libxml2's own default limit)."""

XML_SUFFIXES = (".xml", ".rels", ".vml")
_METHODS = frozenset(
    {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA}
)
_NESTED_SUFFIXES = (".zip", ".docx", ".xlsx", ".pptx", ".xlsm", ".docm", ".pptm", ".jar", ".epub")


@dataclass(frozen=True)
class ZipSummary:
    entries: int
    uncompressed: int
    compressed: int
    nested_archives: int


def _end_record(path: Path, name: str) -> tuple[int, int]:
    """``(entries, central directory size)`` from the end-of-central-directory record."""
    size = path.stat().st_size
    with path.open("rb") as fh:
        start = max(0, size - (22 + 65535 + 20))
        fh.seek(start)
        tail = fh.read()
        at = tail.rfind(b"PK\x05\x06")
        if at < 0 or len(tail) - at < 22:
            raise ReadFailure(
                "damaged",
                f"{name} is truncated or not a valid ZIP package "
                "(its central directory is missing)",
            )
        _sig, _d, _dcd, _n_disk, entries, cd_size, cd_offset, _c = struct.unpack(
            "<4s4H2LH", tail[at : at + 22]
        )
        if entries == 0xFFFF or cd_size == 0xFFFFFFFF or cd_offset == 0xFFFFFFFF:
            loc = at - 20
            if loc < 0 or tail[loc : loc + 4] != b"PK\x06\x07":
                raise ReadFailure("damaged", f"{name} has a broken ZIP64 directory record")
            _sig, _disk, z64_offset, _total = struct.unpack("<4sLQL", tail[loc : loc + 20])
            if z64_offset + 56 > size:
                raise ReadFailure("damaged", f"{name} has a broken ZIP64 directory record")
            fh.seek(z64_offset)
            record = fh.read(56)
            if record[:4] != b"PK\x06\x06":
                raise ReadFailure("damaged", f"{name} has a broken ZIP64 directory record")
            fields = struct.unpack("<4sQ2H2L4Q", record)
            entries, cd_size = fields[7], fields[8]
    return entries, cd_size


def _bad_name(filename: str) -> bool:
    parts = filename.replace("\\", "/")
    if "\0" in parts or parts.startswith("/") or (len(parts) > 1 and parts[1] == ":"):
        return True
    return ".." in parts.split("/")


def check_zip(path: Path, name: str, limits: AttachmentLimits) -> ZipSummary:
    """Refuse a hostile or broken archive (see the module docstring) before it is read."""
    entries, cd_size = _end_record(path, name)
    if entries > limits.max_zip_entries:
        raise ReadFailure(
            "unsafe",
            f"{name} holds {entries:,} archive entries (the limit is "
            f"{limits.max_zip_entries:,}); it looks like a zip bomb and was not opened",
        )
    if cd_size > MAX_CENTRAL_DIRECTORY:
        raise ReadFailure("unsafe", f"{name} has an implausibly large ZIP directory")
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        raise ReadFailure("damaged", f"{name} is not a readable ZIP package ({exc})") from None
    archive_size = path.stat().st_size
    seen: set[str] = set()
    total = compressed = nested = 0
    for info in infos:
        if _bad_name(info.filename):
            raise ReadFailure(
                "unsafe", f"{name} contains an entry with an unsafe path ({info.filename!r})"
            )
        if info.filename in seen:
            raise ReadFailure(
                "unsafe", f"{name} contains the entry {info.filename!r} twice (ambiguous package)"
            )
        seen.add(info.filename)
        if info.compress_type not in _METHODS:
            raise ReadFailure(
                "unsupported",
                f"{name} uses a ZIP compression method Parley cannot read "
                f"(method {info.compress_type} for {info.filename!r})",
            )
        if info.flag_bits & 0x1:
            raise ReadFailure(
                "encrypted",
                f"{name} has password-protected (encrypted) entries, which Parley cannot open",
            )
        total += info.file_size
        compressed += info.compress_size
        if info.filename.lower().endswith(_NESTED_SUFFIXES):
            nested += 1
        ratio = info.file_size / max(info.compress_size, 1)
        if info.file_size >= RATIO_FLOOR and ratio > limits.max_zip_ratio:
            raise ReadFailure(
                "unsafe",
                f"{name}: the entry {info.filename!r} would inflate {ratio:,.0f} times "
                f"(to {info.file_size:,} bytes; the limit is {limits.max_zip_ratio:,.0f} times); "
                "it looks like a zip bomb and was not opened",
            )
        if total > limits.max_zip_uncompressed_bytes:
            raise ReadFailure(
                "unsafe",
                f"{name} would inflate to more than {limits.max_zip_uncompressed_bytes:,} bytes; "
                "it looks like a zip bomb and was not opened",
            )
    if total >= RATIO_FLOOR and total / max(compressed, 1) > limits.max_zip_ratio:
        raise ReadFailure(
            "unsafe",
            f"{name} would inflate {total / max(compressed, 1):,.0f} times (the limit is "
            f"{limits.max_zip_ratio:,.0f} times); it looks like a zip bomb and was not opened",
        )
    if compressed > archive_size:
        raise ReadFailure(
            "unsafe",
            f"{name} declares overlapping entries (more compressed data than the file holds); "
            "it looks like a zip bomb and was not opened",
        )
    return ZipSummary(
        entries=len(infos), uncompressed=total, compressed=compressed, nested_archives=nested
    )


class _XmlRefused(Exception):
    pass


def _scan_part(zf: zipfile.ZipFile, info: zipfile.ZipInfo, max_depth: int) -> None:
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    depth = 0

    def doctype(*_args: object) -> None:
        raise _XmlRefused("declares a DTD (<!DOCTYPE>), which OOXML never needs")

    def entity(*_args: object) -> None:
        raise _XmlRefused("declares XML entities")

    def start(_name: str, _attrs: object) -> None:
        nonlocal depth
        depth += 1
        if depth > max_depth:
            raise _XmlRefused(f"nests XML elements more than {max_depth} levels deep")

    def end(_name: str) -> None:
        nonlocal depth
        depth -= 1

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    with zf.open(info) as fh:
        while chunk := fh.read(1024 * 1024):
            parser.Parse(chunk, False)
        parser.Parse(b"", True)


#: The folder macOS's Finder adds to a ZIP it makes (resource forks; never part of a package).
MAC_METADATA = "__MACOSX/"


def scan_xml_parts(
    zf: zipfile.ZipFile,
    name: str,
    max_depth: int = MAX_XML_DEPTH,
    malformed: list[tuple[str, str]] | None = None,
) -> int:
    """Stream every XML part through expat; refuse DTDs, entity declarations and deep nesting
    (``unsafe``) and malformed XML (``damaged``). Returns the number of parts scanned.

    With ``malformed`` given, a part that is not well-formed is listed there ``(part, detail)``
    instead of refusing the package: a broken comments or footnotes part should not cost the
    document its text. That is safe because the scan still refuses anything an attack needs
    before the error (a DTD or an entity must come first in a document), and no extractor
    parses past an error (defusedxml and lxml without recovery stop where expat did)."""
    scanned = 0
    for info in zf.infolist():
        if info.is_dir() or not info.filename.lower().endswith(XML_SUFFIXES):
            continue
        part = posixpath.normpath(info.filename)
        if part.startswith(MAC_METADATA):
            # macOS's Finder adds AppleDouble files (``__MACOSX/…/._sheet1.xml``, binary despite
            # the name) when it zips; they are not package parts, and no extractor opens them
            # (parts are found through the package's relationships or by their own folders).
            continue
        try:
            _scan_part(zf, info, max_depth)
        except _XmlRefused as exc:
            raise ReadFailure(
                "unsafe",
                f"{name}: the part {part} {exc}; it looks like an XML attack "
                "(billion laughs, external entities or nesting) and was not read",
            ) from None
        except expat.ExpatError as exc:
            if malformed is not None:
                malformed.append((part, str(exc)))
                continue
            raise ReadFailure(
                "damaged", f"{name}: the part {part} is not well-formed XML ({exc})"
            ) from None
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error) as exc:
            raise ReadFailure(
                "damaged", f"{name}: the part {part} cannot be read ({exc})"
            ) from None
        scanned += 1
    return scanned

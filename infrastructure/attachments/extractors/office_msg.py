"""Outlook ``.msg`` attachments: subject, sender, recipients, date and body of a saved e-mail.

Why it exists: an ``.msg`` is an OLE2 (Compound File) container like a Word 97 document, and
was refused as "a legacy Office 97-2003 file". Its fields are MAPI properties, each in its own
stream (``__substg1.0_<id><type>``) or, for fixed-size values such as dates, in the
``__properties_version1.0`` table ([MS-OXMSG]). olefile (BSD) reads the container; GPL readers
(extract-msg) are not used.

Invariants it keeps:

- Strings are read as stored: ``001F`` streams as UTF-16-LE, ``001E`` streams in the message's
  code page (``PR_MESSAGE_CODEPAGE``/``PR_INTERNET_CPID``, else cp1252), undecodable bytes
  replaced and said, never guessed silently.
- The body is the plain-text body; without one, the HTML body's visible text
  (``extractors.html.html_to_text``); RTF-only bodies are said to be unread. Attachments are
  listed by name and not opened (their contents are not read).
- A container that holds no message properties is not a message: ``detect.classify_ole2``
  decides that before this module is called.
"""

from __future__ import annotations

import codecs
import datetime
import struct
from pathlib import Path
from typing import Any

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments import texts as T
from parley.infrastructure.attachments.detect import Detected, ReadFailure
from parley.infrastructure.attachments.extractors.common import (
    Extraction,
    _detail,
    _fatal,
    cap_text,
)

_SUBJECT = 0x0037
_SENDER_NAME = 0x0C1A
_SENDER_EMAIL = 0x0C1F
_SENT_REPRESENTING_NAME = 0x0042
_SENT_REPRESENTING_EMAIL = 0x0065
_DISPLAY_TO = 0x0E04
_DISPLAY_CC = 0x0E03
_BODY = 0x1000
_HTML = 0x1013
_RTF = 0x1009
_HEADERS = 0x007D
_SUBMIT_TIME = 0x0039
_DELIVERY_TIME = 0x0E06
_CODEPAGE = 0x3FFD
_INTERNET_CPID = 0x3FDE
_ATTACH_LONG_NAME = 0x3707
_ATTACH_NAME = 0x3704
_ATTACH_DISPLAY = 0x3001
_MAX_STREAM = 32 * 1024 * 1024
"""The largest property stream read (bodies included)."""


class _Message:
    def __init__(self, ole: Any) -> None:
        self.ole = ole
        self.names = {"/".join(entry) for entry in ole.listdir(streams=True, storages=False)}
        self.fixed = self._fixed_properties("__properties_version1.0", header=32)
        codepage = self.fixed.get(_CODEPAGE) or self.fixed.get(_INTERNET_CPID) or 1252
        self.codec = _codec(int(codepage))
        self.replaced = False

    def _read(self, stream: str) -> bytes | None:
        if stream not in self.names or self.ole.get_size(stream) > _MAX_STREAM:
            return None
        data: bytes = self.ole.openstream(stream).read()
        return data

    def _fixed_properties(self, stream: str, header: int) -> dict[int, int]:
        """Fixed-size properties (``PT_LONG``, ``PT_SYSTIME`` …) of one property table: id to
        the raw 64-bit value."""
        data = self._read(stream) or b""
        out: dict[int, int] = {}
        for at in range(header, len(data) - 15, 16):
            tag, _flags, value = struct.unpack_from("<IIQ", data, at)
            out[tag >> 16] = value
        return out

    def string(self, prop: int, prefix: str = "") -> str:
        """A string property (Unicode ``001F`` preferred, else ``001E`` in the code page)."""
        raw = self._read(f"{prefix}__substg1.0_{prop:04X}001F")
        if raw is not None:
            return raw.decode("utf-16-le", "replace").rstrip("\x00")
        raw = self._read(f"{prefix}__substg1.0_{prop:04X}001E")
        if raw is None:
            return ""
        try:
            return raw.decode(self.codec).rstrip("\x00")
        except UnicodeDecodeError:
            self.replaced = True
            return raw.decode(self.codec, "replace").rstrip("\x00")

    def binary(self, prop: int) -> bytes | None:
        return self._read(f"__substg1.0_{prop:04X}0102")

    def date(self) -> str:
        for prop in (_SUBMIT_TIME, _DELIVERY_TIME):
            value = self.fixed.get(prop)
            if value:
                try:
                    moment = datetime.datetime(1601, 1, 1) + datetime.timedelta(
                        microseconds=value // 10
                    )
                except OverflowError:
                    continue
                return moment.strftime("%Y-%m-%d %H:%M:%S UTC")
        for line in self.string(_HEADERS).splitlines():
            if line.lower().startswith("date:"):
                return line[5:].strip()
        return ""

    def attachments(self) -> list[str]:
        storages = sorted(
            {n.split("/", 1)[0] for n in self.names if n.startswith("__attach_version1.0_")}
        )
        names = []
        for storage in storages:
            prefix = storage + "/"
            name = (
                self.string(_ATTACH_LONG_NAME, prefix)
                or self.string(_ATTACH_NAME, prefix)
                or self.string(_ATTACH_DISPLAY, prefix)
            )
            names.append(name.strip() or "(unnamed)")
        return names


def _codec(codepage: int) -> str:
    name = "utf-8" if codepage == 65001 else f"cp{codepage}"
    try:
        return codecs.lookup(name).name
    except LookupError:
        return "cp1252"


def _who(name: str, email: str) -> str:
    name, email = name.strip(), email.strip()
    if email.startswith("/"):  # an Exchange (X.500) address, not an e-mail address
        email = ""
    if name and email and email.lower() != name.lower() and "@" in email:
        return f"{name} <{email}>"
    return name or email


def is_message(ole: Any) -> bool:
    """Whether an open OLE2 container holds an Outlook message (its property table and at
    least one property stream)."""
    names = {"/".join(entry) for entry in ole.listdir(streams=True, storages=False)}
    return "__properties_version1.0" in names and any(n.startswith("__substg1.0_") for n in names)


def extract_msg(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """An Outlook message: a header block (Subject, From, To, Cc, Date, attachments), then the
    body text."""
    import olefile

    try:
        with olefile.OleFileIO(str(path)) as ole:
            if not is_message(ole):
                raise ReadFailure("unsupported", T.NOT_AN_EMAIL.format(name=name))
            msg = _Message(ole)
            header = [
                ("Subject", msg.string(_SUBJECT)),
                (
                    "From",
                    _who(msg.string(_SENDER_NAME), msg.string(_SENDER_EMAIL))
                    or _who(
                        msg.string(_SENT_REPRESENTING_NAME),
                        msg.string(_SENT_REPRESENTING_EMAIL),
                    ),
                ),
                ("To", msg.string(_DISPLAY_TO)),
                ("Cc", msg.string(_DISPLAY_CC)),
                ("Date", msg.date()),
            ]
            attachments = msg.attachments()
            body = msg.string(_BODY).replace("\r\n", "\n").strip()
            body_note = ""
            if not body:
                html_bytes = msg.binary(_HTML)
                html_text = msg.string(_HTML)
                if html_bytes is not None and not html_text:
                    html_text = html_bytes.decode(msg.codec, "replace")
                if html_text:
                    from parley.infrastructure.attachments.extractors.html import html_to_text

                    body = html_to_text(html_text).strip()
                elif msg.binary(_RTF) is not None:
                    body_note = "[the body is stored only as RTF, which Parley does not read]"
            replaced = msg.replaced
    except ReadFailure:
        raise
    except Exception as exc:
        if _fatal(exc):
            raise
        raise ReadFailure("damaged", T.CANNOT_READ.format(name=name, detail=_detail(exc))) from None
    lines = [f"{label}: {' '.join(value.split())}" for label, value in header if value.strip()]
    if attachments:
        lines.append(f"Attachments (not read): {', '.join(attachments)}")
    if replaced:
        lines.append("[note: some characters could not be decoded and were replaced]")
    parts = ["\n".join(lines), body or body_note]
    text = "\n\n".join(p for p in parts if p)
    if not body and not any(value.strip() for _label, value in header):
        raise ReadFailure("no_text", T.NO_TEXT.format(name=name))
    text, truncated = cap_text(text, limits.max_chars)
    return Extraction(extractor="olefile (Outlook message)", text=text, truncated=truncated)

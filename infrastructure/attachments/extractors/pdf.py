"""PDF attachments: the text layer page by page, marked ``--- page N ---``.

Invariants: a page that fails becomes a note while the others are kept; an empty-password PDF
is opened, a real password is ``encrypted``; a PDF with no text layer is ``no_text``; reading
stops at ``max_pages`` and once the character cap is passed.
"""

from __future__ import annotations

from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
)
from parley.infrastructure.attachments.extractors.common import (
    Extraction,
    _detail,
    _fatal,
    _plural,
    cap_text,
)

# ---------------------------------------------------------------- PDF


def extract_pdf(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """PDF with pypdf: ``--- page N ---`` before each page; see the module docstring."""
    import pypdf
    from pypdf.errors import DependencyError, LimitReachedError

    try:
        reader = pypdf.PdfReader(str(path), strict=False)
        if reader.is_encrypted:
            try:
                opened = reader.decrypt("")
            except DependencyError as exc:
                raise ReadFailure(
                    "unsupported", f"{name} uses an encryption Parley cannot open ({exc})"
                ) from None
            if not opened:
                raise ReadFailure(
                    "encrypted",
                    f"{name} is protected by a password, and Parley cannot open "
                    "password-protected PDFs; remove the password (for example by printing it "
                    "to a new PDF) and attach it again",
                )
        total = len(reader.pages)
    except ReadFailure:
        raise
    except LimitReachedError as exc:
        raise ReadFailure(
            "unsafe", f"{name} declares data beyond the safety limits ({exc}); it was not read"
        ) from None
    except Exception as exc:
        if _fatal(exc):
            raise
        raise ReadFailure(
            "damaged", f"{name} is damaged or truncated and cannot be opened ({_detail(exc)})"
        ) from None
    if total == 0:
        raise ReadFailure("damaged", f"{name} has no pages")
    limit = min(total, limits.max_pages)
    parts: list[str] = []
    failed = bombs = blank = chars = read = 0
    for index in range(limit):
        number = index + 1
        read = number
        marker = f"--- page {number} ---"
        try:
            page_text = reader.pages[index].extract_text() or ""
        except LimitReachedError:
            failed += 1
            bombs += 1
            parts.append(
                f"{marker}\n[page {number} was not read: its data decompresses beyond "
                "the safety limit]"
            )
            continue
        except Exception as exc:
            if isinstance(exc, MemoryError):
                raise
            failed += 1
            parts.append(f"{marker}\n[page {number} could not be read: {_detail(exc)}]")
            continue
        page_text = page_text.strip("\n")
        if not page_text.strip():
            blank += 1
            parts.append(f"{marker}\n[no text on this page]")
            continue
        parts.append(f"{marker}\n{page_text}")
        chars += len(page_text)
        if chars > limits.max_chars and number < limit:
            break
    ok_pages = read - failed
    if ok_pages == 0:
        if bombs:
            raise ReadFailure(
                "unsafe",
                f"{name}: its pages decompress beyond the safety limits (a decompression bomb?); "
                "nothing was read",
            )
        raise ReadFailure(
            "damaged", f"{name} is damaged: none of its {_plural(read, 'page')} could be read"
        )
    if blank == ok_pages and failed:
        raise ReadFailure(
            "damaged",
            f"{name}: {_plural(failed, 'page')} could not be read and the others have no "
            "text layer",
        )
    if blank == ok_pages:
        raise ReadFailure(
            "no_text",
            f"{name}: scanned PDF ({_plural(total, 'page')}) with no text layer; OCR is not "
            "supported",
        )
    text = "\n\n".join(parts)
    unread = ""
    if read < limit:
        unread = f"pages {read + 1}-{total} were not read (the character limit was reached)"
    elif total > limit:
        unread = f"only the first {limit:,} of {total:,} pages were read (the page limit)"
    text, truncated = cap_text(text, limits.max_chars, unread)
    return Extraction(
        extractor=f"pypdf {pypdf.__version__}",
        text=text,
        truncated=truncated,
        units=total,
        unit="pages",
    )

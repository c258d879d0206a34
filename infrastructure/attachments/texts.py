"""Why an attachment could not be read, as the person reads it (issue 20).

The reader, its worker process and the detector compose these English texts; each template is
marked with ``QT_TRANSLATE_NOOP`` here, in one module the window's process imports with the
reader (the worker and the detector run the extractors in a child process), so the window can
show a reading's error translated, also one read back from an old history. Standard library only.
"""

from __future__ import annotations

from parley.domain.texts import QT_TRANSLATE_NOOP

# Why a file could not be read, as the person reads it (marked: the window translates it).
MISSING = QT_TRANSLATE_NOOP("AttachmentError", "{name} does not exist (it may have been moved)")
CANNOT_OPEN = QT_TRANSLATE_NOOP("AttachmentError", "{name} cannot be opened ({detail})")
CANNOT_READ = QT_TRANSLATE_NOOP("AttachmentError", "{name} cannot be read ({detail})")
NOT_A_FILE = QT_TRANSLATE_NOOP("AttachmentError", "{name} is not a file")
TOO_LARGE = QT_TRANSLATE_NOOP(
    "AttachmentError", "{name} is {size}; Parley reads files of up to {limit}"
)
GREW = QT_TRANSLATE_NOOP(
    "AttachmentError",
    "{name} grew past {limit} while it was being read; Parley reads files of up to {limit}",
)
CANCELLED = QT_TRANSLATE_NOOP("AttachmentError", "reading {name} was cancelled")
TOOK_TOO_LONG = QT_TRANSLATE_NOOP(
    "AttachmentError", "reading {name} took longer than {seconds:g} s and was stopped"
)
CPU_LIMIT = QT_TRANSLATE_NOOP(
    "AttachmentError", "reading {name} used more than its CPU time limit and was stopped"
)
OUT_OF_MEMORY = QT_TRANSLATE_NOOP(
    "AttachmentError", "reading {name} needed more than {memory} of memory and was stopped"
)
READER_FAILED = QT_TRANSLATE_NOOP(
    "AttachmentError", "{name} could not be read: the reader failed (exit {code}; {detail})"
)

# Why a reading failed, as the person reads it (marked: the window translates it). Each text
# after "{name}: " is marked without that prefix too: a line that shows the name drops it.
MEMORY = QT_TRANSLATE_NOOP(
    "AttachmentError",
    "{name}: reading it needed more than {megabytes:,.0f} MB of memory and was stopped",
)
QT_TRANSLATE_NOOP(
    "AttachmentError", "reading it needed more than {megabytes:,.0f} MB of memory and was stopped"
)
TOO_DEEP = QT_TRANSLATE_NOOP(
    "AttachmentError", "{name}: its structure is nested too deeply to read safely"
)
QT_TRANSLATE_NOOP("AttachmentError", "its structure is nested too deeply to read safely")
DAMAGED = QT_TRANSLATE_NOOP("AttachmentError", "{name} could not be read ({detail})")

# Why a file is refused, as the person reads it (marked: the window translates it).
IS_NOT_READ = QT_TRANSLATE_NOOP(
    "AttachmentError", "{name} is {label}, which Parley does not read{hint}"
)
ENCRYPTED = QT_TRANSLATE_NOOP(
    "AttachmentError",
    "{name} is protected by a password, and Parley cannot open encrypted Office files; "
    "save a copy without the password and attach that",
)
NOT_READ = QT_TRANSLATE_NOOP("AttachmentError", "{what}, which Parley does not read{hint}")
UNPACK = QT_TRANSLATE_NOOP("AttachmentError", "; unpack it and attach the files inside")
IMAGES = QT_TRANSLATE_NOOP("AttachmentError", "; images are read as PNG, JPEG, GIF or WEBP")
REFUSAL_HINTS = {
    "ole2": QT_TRANSLATE_NOOP(
        "AttachmentError", "; save it in the current format (.docx, .xlsx, .pptx) and attach that"
    ),
    "odf": QT_TRANSLATE_NOOP(
        "AttachmentError", "; save it as .docx, .xlsx or .pptx and attach that"
    ),
    "rtf": QT_TRANSLATE_NOOP("AttachmentError", "; save it as .docx or plain text and attach that"),
    "zip": UNPACK,
    "archive": UNPACK,
    "bmp": IMAGES,
    "tiff": IMAGES,
    "heic": IMAGES,
}

ACTUALLY = QT_TRANSLATE_NOOP("AttachmentError", "{name} is actually {label}")

# Why an extractor could not read a file (the extractors raise ``ReadFailure`` with these; marked:
# the window translates them). A count that decides the plural has one template per form.
NOT_WELL_FORMED = QT_TRANSLATE_NOOP(
    "AttachmentError", "{name}: the part {part} is not well-formed XML ({detail})"
)
QT_TRANSLATE_NOOP("AttachmentError", "the part {part} is not well-formed XML ({detail})")
# The reader puts "{name}: " before these texts of the detector (detect.py).
QT_TRANSLATE_NOOP(
    "AttachmentError", "{name}: the part {part} declares a DTD or XML entities ({detail})"
)
QT_TRANSLATE_NOOP("AttachmentError", "{name}: the part {part} is implausibly large for what it is")
NO_MAIN_PART = QT_TRANSLATE_NOOP("AttachmentError", "{name} has no main document part")
NO_WORKBOOK = QT_TRANSLATE_NOOP("AttachmentError", "{name} has no readable workbook part")
NO_TEXT = QT_TRANSLATE_NOOP("AttachmentError", "{name} has no text")
NO_VISIBLE_TEXT = QT_TRANSLATE_NOOP("AttachmentError", "{name} has no visible text")
EMPTY = QT_TRANSLATE_NOOP("AttachmentError", "{name} is empty")
EVERY_SHEET_EMPTY = QT_TRANSLATE_NOOP("AttachmentError", "{name}: every sheet is empty")
QT_TRANSLATE_NOOP("AttachmentError", "every sheet is empty")
NOT_EPUB = QT_TRANSLATE_NOOP("AttachmentError", "{name} is not a readable EPUB ({detail})")
EPUB_ONLY_HIDDEN = (
    QT_TRANSLATE_NOOP(
        "AttachmentError",
        "{name} has no visible text (only {count:,} hidden element, which a reader would not show)",
    ),
    QT_TRANSLATE_NOOP(
        "AttachmentError",
        "{name} has no visible text (only {count:,} hidden elements, "
        "which a reader would not show)",
    ),
)
HTML_ONLY_HIDDEN = (
    QT_TRANSLATE_NOOP(
        "AttachmentError",
        "{name} has no visible text (only {count:,} hidden element, "
        "which a browser would not show)",
    ),
    QT_TRANSLATE_NOOP(
        "AttachmentError",
        "{name} has no visible text (only {count:,} hidden elements, "
        "which a browser would not show)",
    ),
)
IMAGE_BOMB = QT_TRANSLATE_NOOP(
    "AttachmentError",
    "{name} is too large in pixels to be safe ({detail}); it looks like a decompression bomb "
    "and was not read",
)
DAMAGED_IMAGE = QT_TRANSLATE_NOOP("AttachmentError", "{name} is a damaged image ({detail})")
IMAGE_NOT_SENT = QT_TRANSLATE_NOOP(
    "AttachmentError", "{name} is a {format} image, which Parley does not send"
)
NOT_AN_EMAIL = QT_TRANSLATE_NOOP("AttachmentError", "{name} is an OLE2 file but not an e-mail")
PDF_ENCRYPTION = QT_TRANSLATE_NOOP(
    "AttachmentError", "{name} uses an encryption Parley cannot open ({detail})"
)
PDF_PASSWORD = QT_TRANSLATE_NOOP(
    "AttachmentError",
    "{name} is protected by a password, and Parley cannot open password-protected PDFs; "
    "remove the password (for example by printing it to a new PDF) and attach it again",
)
PDF_LIMITS = QT_TRANSLATE_NOOP(
    "AttachmentError", "{name} declares data beyond the safety limits ({detail}); it was not read"
)
NO_PAGES = QT_TRANSLATE_NOOP("AttachmentError", "{name} has no pages")
PDF_BOMB = QT_TRANSLATE_NOOP(
    "AttachmentError",
    "{name}: {detail}, beyond the safety limit (a decompression bomb?); it was not read",
)
QT_TRANSLATE_NOOP(
    "AttachmentError", "{detail}, beyond the safety limit (a decompression bomb?); it was not read"
)
PDF_TRUNCATED = QT_TRANSLATE_NOOP(
    "AttachmentError", "{name} is damaged or truncated and cannot be opened ({detail})"
)
PDF_PAGES_BOMB = QT_TRANSLATE_NOOP(
    "AttachmentError",
    "{name}: its pages decompress beyond the safety limits (a decompression bomb?); "
    "nothing was read",
)
QT_TRANSLATE_NOOP(
    "AttachmentError",
    "its pages decompress beyond the safety limits (a decompression bomb?); nothing was read",
)
PDF_NO_PAGE_READ = (
    QT_TRANSLATE_NOOP(
        "AttachmentError", "{name} is damaged: none of its {count:,} page could be read"
    ),
    QT_TRANSLATE_NOOP(
        "AttachmentError", "{name} is damaged: none of its {count:,} pages could be read"
    ),
)
PDF_FAILED_NO_LAYER = (
    QT_TRANSLATE_NOOP(
        "AttachmentError",
        "{name}: {count:,} page could not be read and the others have no text layer",
    ),
    QT_TRANSLATE_NOOP(
        "AttachmentError",
        "{name}: {count:,} pages could not be read and the others have no text layer",
    ),
)
QT_TRANSLATE_NOOP(
    "AttachmentError", "{count:,} page could not be read and the others have no text layer"
)
QT_TRANSLATE_NOOP(
    "AttachmentError", "{count:,} pages could not be read and the others have no text layer"
)
SCANNED_PDF = (
    QT_TRANSLATE_NOOP(
        "AttachmentError",
        "{name}: scanned PDF ({count:,} page) with no text layer; OCR is not supported",
    ),
    QT_TRANSLATE_NOOP(
        "AttachmentError",
        "{name}: scanned PDF ({count:,} pages) with no text layer; OCR is not supported",
    ),
)
QT_TRANSLATE_NOOP(
    "AttachmentError", "scanned PDF ({count:,} page) with no text layer; OCR is not supported"
)
QT_TRANSLATE_NOOP(
    "AttachmentError", "scanned PDF ({count:,} pages) with no text layer; OCR is not supported"
)
PPTX_NO_TEXT = (
    QT_TRANSLATE_NOOP("AttachmentError", "{name} has no text ({count:,} slide)"),
    QT_TRANSLATE_NOOP("AttachmentError", "{name} has no text ({count:,} slides)"),
)
INVALID_CSV = QT_TRANSLATE_NOOP(
    "AttachmentError", "{name} is not valid CSV near line {line:,} ({detail})"
)


def counted(forms: tuple[str, str], count: int, **fields: object) -> str:
    """The singular (``count == 1``) or plural template of ``forms``, filled."""
    return forms[0 if count == 1 else 1].format(count=count, **fields)

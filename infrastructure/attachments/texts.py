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

"""Image attachments: no text, but the media type and size the model's vision input needs.

Invariant: only formats Pillow identifies from the content are accepted.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from parley.application.ports.attachments import AttachmentLimits
from parley.infrastructure.attachments import texts as T
from parley.infrastructure.attachments.detect import (
    Detected,
    ReadFailure,
)
from parley.infrastructure.attachments.extractors.common import Extraction, _detail

# ---------------------------------------------------------------- images

_PIL_MEDIA = {
    "PNG": "image/png",
    "JPEG": "image/jpeg",
    "MPO": "image/jpeg",
    "GIF": "image/gif",
    "WEBP": "image/webp",
}


def extract_image(path: Path, name: str, limits: AttachmentLimits, found: Detected) -> Extraction:
    """PNG/JPEG/GIF/WEBP: checked with Pillow (its pixel limit refuses decompression bombs);
    no text. The displayed size (EXIF orientation applied) goes into ``extractor``."""
    from PIL import Image, UnidentifiedImageError

    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            with Image.open(path) as im:
                im.verify()  # structure and checksums; must come first, before any other access
            with Image.open(path) as im:
                fmt = im.format or ""
                width, height = im.size
                try:
                    orientation = im.getexif().get(0x0112)
                except Exception:
                    orientation = None
        except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
            raise ReadFailure(
                "unsafe",
                T.IMAGE_BOMB.format(name=name, detail=exc),
            ) from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError) as exc:
            raise ReadFailure(
                "damaged", T.DAMAGED_IMAGE.format(name=name, detail=_detail(exc))
            ) from None
    media = _PIL_MEDIA.get(fmt, "")
    if not media:
        raise ReadFailure(
            "unsupported", T.IMAGE_NOT_SENT.format(name=name, format=fmt or "unknown")
        )
    if orientation in (5, 6, 7, 8):
        width, height = height, width
    return Extraction(
        media_type=media,
        extractor=f"pillow ({fmt} {width}x{height})",
        image_media_type=media,
    )

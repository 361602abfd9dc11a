"""Encoding the picture as a small PNG with a palette."""

from __future__ import annotations

import io
import threading

from PIL import Image

from bot.render.png_palette import palette_bytes

# Measured on typical boards (encoding alone, one picture a round): level 4 takes ~1.7 ms more
# (half as long again) for 12-16% fewer bytes, level 1 ~0.3 ms less for 9% more. The CPU of a
# round is what limits a process (issue 49); a few KB more per reveal is nothing to a player.
COMPRESS_LEVEL = 3

_local = threading.local()


def encode_png(image: Image.Image) -> bytes:
    """PNG with the fixed palette: key colours stay exact, text edges keep their blends."""
    reduced = image.quantize(palette=_reference(), dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    reduced.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()


def _reference() -> Image.Image:
    """This thread's image holding the palette.

    Pillow keeps a colour-to-entry lookup (512 KB) inside the palette and fills it during a
    conversion, with Python's lock released: one per thread is reused safely, and spares each
    later picture the lookups (half of the conversion's time).
    """
    reference: Image.Image | None = getattr(_local, "reference", None)
    if reference is None:
        reference = Image.new("P", (1, 1))
        reference.putpalette(palette_bytes())
        _local.reference = reference
    return reference

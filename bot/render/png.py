"""Encoding the picture as a small PNG with a palette."""

from __future__ import annotations

import io

from PIL import Image

from bot.render.png_palette import palette_bytes

# zlib's default level: level 3 takes half the time for a third more bytes; optimize=True
# would save a tenth of the bytes for six times the time.
COMPRESS_LEVEL = 6


def encode_png(image: Image.Image) -> bytes:
    """PNG with the fixed palette: key colours stay exact, text edges keep their blends."""
    # A palette image of its own per call: Pillow caches colour lookups inside the palette.
    reference = Image.new("P", (1, 1))
    reference.putpalette(palette_bytes())
    reduced = image.quantize(palette=reference, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    reduced.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()

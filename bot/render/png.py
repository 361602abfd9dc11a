"""Encoding the picture as a small PNG with a palette."""

from __future__ import annotations

import io

from PIL import Image

from bot.render import palette
from bot.render.palette import RGB

PALETTE_SIZE = 128


def encode_png(image: Image.Image) -> bytes:
    """PNG with a palette that keeps every key colour exact and spends the rest on edges."""
    reference = Image.new("P", (1, 1))
    reference.putpalette([channel for colour in _palette_for(image) for channel in colour])
    reduced = image.quantize(palette=reference, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    # zlib's default level: optimize=True would save a tenth of the bytes for six times the time.
    reduced.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def _palette_for(image: Image.Image) -> list[RGB]:
    """The key colours, then the image's most useful other colours (antialiased edges)."""
    adaptive = image.quantize(
        colors=PALETTE_SIZE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    channels = adaptive.getpalette() or []
    entries: list[RGB] = list(palette.KEY_COLOURS)
    for offset in range(0, len(channels) - 2, 3):
        red, green, blue = channels[offset : offset + 3]
        if len(entries) < PALETTE_SIZE and not palette.near_key_colour((red, green, blue)):
            entries.append((red, green, blue))
    return entries

"""The one fixed palette every picture is reduced to: key colours, then text-edge blends.

The picture is flat shapes in a few known colours; only text is antialiased, and its edge pixels lie
on the line between the text's ink and the paper under it. A palette of evenly spaced blends of
those pairs matches the picture as well as an adaptive palette would, yet it is computed once per
process instead of once per picture. The picture is drawn in it directly: shapes in their key
colours, text through the blends of its ink and paper."""

from __future__ import annotations

import math
import struct
import zlib
from functools import cache

from isal import isal_zlib
from PIL import Image

from bot.render import palette
from bot.render.palette import RGB

PALETTE_SIZE = 256
_BISECTIONS = 16
# ISA-L's deflate at level 1, measured on four typical boards: 0.3 ms a picture and 16-23 KB,
# where Pillow's zlib took 3.4 ms at level 3 for files within 3 % of these (issue 49).
COMPRESS_LEVEL = 1
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_BAND_ROWS = 128  # not a second whole picture: it would stay in the drawing thread's heap


def encode_png(image: Image.Image) -> bytes:
    """``image``, drawn in the palette (``Canvas``), as PNG: four chunks, written here as
    Pillow's encoder knows only zlib; rows unfiltered (flat colours have no gradient)."""
    if image.mode != "P":
        raise ValueError(f"a palette picture is encoded, not {image.mode}")
    width, height = image.size
    deflate, idat = isal_zlib.compressobj(COMPRESS_LEVEL), []
    # A band of rows at a time, each led by its filter's number, 0: pasted one pixel in.
    band = Image.new("P", (width + 1, min(_BAND_ROWS, height)), 0)
    for top in range(0, height, band.height):
        band.paste(image, (1, -top))
        idat.append(deflate.compress(band.tobytes()[: (width + 1) * (height - top)]))
    return b"".join(
        (
            _SIGNATURE,
            # 8-bit palette colour; deflate, filters of PNG's method 0; not interlaced.
            _chunk(b"IHDR", struct.pack(">II5B", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", bytes(image.getpalette() or ())),
            _chunk(b"IDAT", b"".join((*idat, deflate.flush()))),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@cache
def png_palette() -> tuple[RGB, ...]:
    """The key colours first, then as many text-edge blends as fit in ``PALETTE_SIZE``."""
    keys = palette.KEY_COLOURS
    pairs = _text_pairs()
    room = PALETTE_SIZE - len(keys)
    # The finest step whose blends fit, by bisection: finer steps give more blends.
    coarse = max(_weighted_length(pair) for pair in pairs)
    fine = sum(_weighted_length(pair) for pair in pairs) / room / 4
    for _ in range(_BISECTIONS):
        middle = (fine + coarse) / 2
        if len(_blends(pairs, middle)) <= room:
            coarse = middle
        else:
            fine = middle
    return (*keys, *_blends(pairs, coarse))


@cache
def palette_bytes() -> bytes:
    """``png_palette()`` as Pillow's ``putpalette`` wants it."""
    return bytes(channel for colour in png_palette() for channel in colour)


@cache
def palette_index(colour: RGB) -> int:
    """Where ``colour`` is in the palette (ValueError for a colour not in it)."""
    return png_palette().index(colour)


def _text_pairs() -> list[tuple[RGB, RGB, int]]:
    """(ink, paper, weight): letters on discs are black or white on the figure's colour."""
    pairs = [
        (ink, paper, 2 if (ink, paper) in palette.FREQUENT_TEXT else 1)
        for ink, paper in palette.TEXT_ON_PAPER
    ]
    for seat in (*range(len(palette.SEAT_COLOURS)), None):
        fill = palette.figure_colour(seat)
        pairs.append((palette.initial_ink(fill), fill, 1))
    return pairs


def _weighted_length(pair: tuple[RGB, RGB, int]) -> float:
    ink, paper, weight = pair
    return palette.colour_distance(ink, paper) * weight


def _blends(pairs: list[tuple[RGB, RGB, int]], step: float) -> list[RGB]:
    """Blends of each pair about ``step / weight`` apart, none close to a key colour.

    Leaving out blends near a key colour keeps every key colour exact: Pillow maps a colour through
    4x4x4 cells, and such a blend could otherwise win a key colour's cell."""
    chosen: dict[RGB, None] = {}
    for ink, paper, weight in pairs:
        steps = math.ceil(_weighted_length((ink, paper, weight)) / step)
        for index in range(1, steps):
            share = index / steps
            red, green, blue = (round(p + (i - p) * share) for i, p in zip(ink, paper, strict=True))
            blend = (red, green, blue)
            if blend not in chosen and not palette.near_key_colour(blend):
                chosen[blend] = None
    return list(chosen)

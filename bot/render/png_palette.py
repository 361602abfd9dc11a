"""The one fixed palette every picture is reduced to: key colours, then text-edge blends.

The picture is flat shapes in a few known colours; only text is antialiased, and its edge
pixels lie on the line between the text's ink and the paper under it. A palette of evenly
spaced blends of those pairs matches the picture as well as an adaptive palette would, yet
it is computed once per process instead of once per picture. The picture is drawn in it
directly: shapes in their key colours, each text reduced once when it is first stamped.
"""

from __future__ import annotations

import io
import math
from functools import cache

from PIL import Image

from bot.render import palette
from bot.render.palette import RGB

PALETTE_SIZE = 256
_BISECTIONS = 16
# Measured on typical boards (encoding alone, one picture a round): level 4 takes ~1.7 ms more
# (half as long again) for 12-16% fewer bytes, level 1 ~0.3 ms less for 9% more. The CPU of a
# round is what limits a process (issue 49); a few KB more per reveal is nothing to a player.
COMPRESS_LEVEL = 3


def encode_png(image: Image.Image) -> bytes:
    """``image``, a picture drawn in the palette (``Canvas``), as PNG."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()


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


def reduced(image: Image.Image) -> Image.Image:
    """An RGB image mapped to the palette, pixel by pixel, without dithering.

    Only a text's first stamp is reduced: a palette of its own each time (~0.05 ms more) is
    safe in any thread, and keeps no 512 KB colour lookup alive between pictures.
    """
    reference = Image.new("P", (1, 1))
    reference.putpalette(palette_bytes())
    return image.quantize(palette=reference, dither=Image.Dither.NONE)


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

    Leaving out blends near a key colour keeps every key colour exact: Pillow maps a colour
    through 4x4x4 cells, and such a blend could otherwise win a key colour's cell.
    """
    chosen: dict[RGB, None] = {}
    for ink, paper, weight in pairs:
        steps = math.ceil(_weighted_length((ink, paper, weight)) / step)
        for index in range(1, steps):
            share = index / steps
            blend = (
                round(paper[0] + (ink[0] - paper[0]) * share),
                round(paper[1] + (ink[1] - paper[1]) * share),
                round(paper[2] + (ink[2] - paper[2]) * share),
            )
            if blend not in chosen and not palette.near_key_colour(blend):
                chosen[blend] = None
    return list(chosen)

"""The image being drawn, with text stamped from cached masks.

Rasterising text is the dearest part of drawing the picture, and the same words come back in
every picture (space numbers, captions, names, "+3"). Each text is rasterised once, as a mask,
and pasted in its colour after that: the very pixels ``ImageDraw.text`` would give, because
Pillow blends a pasted colour through a mask exactly as it blends text.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.fonts import font
from bot.render.geometry import Box
from bot.render.palette import RGB

# Distinct texts kept, a mask being about 1 KB. A simulated load of 300 games at once used
# 1300 distinct texts; with 1024 kept, a tenth more time went into re-rasterising.
STAMP_CACHE_SIZE = 2048
_MARGIN = 3


@dataclass(frozen=True)
class Stamp:
    """A text's coverage mask, and where its top left goes relative to the text's anchor."""

    mask: Image.Image
    offset_x: int
    offset_y: int


@dataclass(frozen=True)
class DrawnText:
    """A text written on the canvas, and the box its ink covers (right and bottom excluded)."""

    text: str
    box: Box


@dataclass(frozen=True)
class Canvas:
    """An RGB image, its shapes drawn through ``draw``, its text through ``text``.

    ``texts`` lists every text written, in order: what the picture says, and where.
    """

    image: Image.Image
    draw: ImageDraw.ImageDraw
    texts: list[DrawnText] = field(default_factory=list, compare=False)

    @classmethod
    def new(cls, size: tuple[int, int], background: RGB) -> Canvas:
        image = Image.new("RGB", size, background)
        return cls(image, ImageDraw.Draw(image))

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: RGB,
        anchor: str | None = None,
        bold: bool = False,
    ) -> None:
        """Like ``ImageDraw.text`` with the picture's font, its bold face if ``bold``.

        ``xy`` must not be negative (Pillow splits it into whole pixels and a fraction).
        """
        x_fraction, x_whole = math.modf(xy[0])
        y_fraction, y_whole = math.modf(xy[1])
        stamp = text_stamp(text, size, anchor, bold, x_fraction, y_fraction)
        if stamp is not None:
            left, top = int(x_whole) + stamp.offset_x, int(y_whole) + stamp.offset_y
            self.image.paste(fill, (left, top), stamp.mask)
            width, height = stamp.mask.size
            self.texts.append(DrawnText(text, (left, top, left + width, top + height)))

    def paste(self, other: Canvas, position: tuple[int, int]) -> None:
        """``other``'s image at ``position``, its texts listed as written here."""
        self.image.paste(other.image, position)
        x, y = position
        for drawn in other.texts:
            left, top, right, bottom = drawn.box
            self.texts.append(DrawnText(drawn.text, (left + x, top + y, right + x, bottom + y)))


@lru_cache(maxsize=STAMP_CACHE_SIZE)
def text_stamp(
    text: str, size: int, anchor: str | None, bold: bool, x_fraction: float, y_fraction: float
) -> Stamp | None:
    """The mask ``ImageDraw.text`` would blend in, drawn at the same sub-pixel position.

    Shared between threads: a mask is only ever read after it is made.
    """
    typeface = font(size, bold)
    left, top, right, bottom = typeface.getbbox(text, anchor=anchor)
    # The origin stays positive: Pillow truncates it towards zero, as it does the real one.
    origin_x, origin_y = _MARGIN - min(int(left), 0), _MARGIN - min(int(top), 0)
    canvas_size = (origin_x + int(right) + _MARGIN, origin_y + int(bottom) + _MARGIN)
    mask = Image.new("L", canvas_size, 0)
    ImageDraw.Draw(mask).text(
        (origin_x + x_fraction, origin_y + y_fraction),
        text,
        fill=255,
        font=typeface,
        anchor=anchor,
    )
    inked = mask.getbbox()
    if inked is None:
        return None
    return Stamp(mask.crop(inked), inked[0] - origin_x, inked[1] - origin_y)

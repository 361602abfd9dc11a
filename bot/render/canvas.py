"""The image being drawn in the picture's palette, with text stamped from a cache.

Rasterising text is the dearest part of drawing the picture, and the same words come back in every
picture (space numbers, captions, names, "+3"), in the same ink on the same paper. Each is drawn
once as a mask, mapped to the palette entries of its ink blended on its paper, and pasted after
that: the very pixels drawing in RGB and reducing the whole picture would give, as a reduction maps
each pixel on its own (and the key colours are in the palette exactly)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.render.fonts import font
from bot.render.geometry import Box
from bot.render.palette import RGB
from bot.render.png_palette import palette_bytes, palette_index

# Distinct texts kept, a stamp being about 1-2 KB. A simulated load of 300 games at once used
# 1300 distinct texts; with 1024 kept, a tenth more time went into re-rasterising.
STAMP_CACHE_SIZE = 2048
_MARGIN = 3


@dataclass(frozen=True, slots=True)
class Stamp:
    """A text on its paper (its palette entries), and where its top left goes relative to the
    text's anchor."""

    image: Image.Image
    offset_x: int
    offset_y: int


@dataclass(frozen=True)
class DrawnText:
    """A text written on the canvas, and the box its ink covers (right and bottom excluded)."""

    text: str
    box: Box


@dataclass(frozen=True)
class Canvas:
    """An image in the palette, its shapes drawn through ``draw`` (in palette colours), its text
    through ``text``.

    ``texts`` lists every text written, in order: what the picture says, and where."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    texts: list[DrawnText] = field(default_factory=list, compare=False)

    @classmethod
    def new(cls, size: tuple[int, int], background: RGB) -> Canvas:
        image = Image.new("P", size, palette_index(background))
        image.putpalette(palette_bytes())
        image.load()  # from here on ImageDraw finds a colour's entry in the palette
        return cls(image, ImageDraw.Draw(image))

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        ink: RGB,
        paper: RGB,
        anchor: str | None = None,
        bold: bool = False,
    ) -> None:
        """Like ``ImageDraw.text`` with the picture's font, its bold face if ``bold``, on an even
        ``paper`` (the colour the text's box lies on).

        ``xy`` must not be negative (Pillow splits it into whole pixels and a fraction)."""
        x_fraction, x_whole = math.modf(xy[0])
        y_fraction, y_whole = math.modf(xy[1])
        stamp = text_stamp(text, size, anchor, bold, x_fraction, y_fraction, ink, paper)
        if stamp is not None:
            left, top = int(x_whole) + stamp.offset_x, int(y_whole) + stamp.offset_y
            width, height = stamp.image.size
            box = (left, top, left + width, top + height)
            self.image.im.paste(stamp.image.im, box)  # as is: see text_stamp
            self.texts.append(DrawnText(text, box))

    def paste(self, other: Canvas, position: tuple[int, int]) -> None:
        """``other``'s image at ``position``, its texts listed as written here."""
        self.image.paste(other.image, position)
        x, y = position
        for drawn in other.texts:
            left, top, right, bottom = drawn.box
            self.texts.append(DrawnText(drawn.text, (left + x, top + y, right + x, bottom + y)))


@lru_cache(maxsize=STAMP_CACHE_SIZE)
def text_stamp(
    text: str,
    size: int,
    anchor: str | None,
    bold: bool,
    x_fraction: float,
    y_fraction: float,
    ink: RGB,
    paper: RGB,
) -> Stamp | None:
    """The text in ``ink`` on ``paper`` as ``ImageDraw.text`` draws it at the same sub-pixel
    position, reduced to the palette.

    Shared between threads: a stamp is only ever read after it is made."""
    typeface = font(size, bold)
    left, top, right, bottom = typeface.getbbox(text, anchor=anchor)
    # The origin stays positive: Pillow truncates it towards zero, as it does the real one.
    origin_x, origin_y = _MARGIN - min(int(left), 0), _MARGIN - min(int(top), 0)
    canvas_size = (origin_x + int(right) + _MARGIN, origin_y + int(bottom) + _MARGIN)
    mask = Image.new("L", canvas_size, 0)
    ImageDraw.Draw(mask).text(
        (origin_x + x_fraction, origin_y + y_fraction), text, fill=255, font=typeface, anchor=anchor
    )
    box = mask.getbbox()
    if box is None:
        return None
    # Its palette entries as a greyscale image: no palette of its own (1 KB less a stamp);
    # pasted byte for byte (1 us; 16 us through Image.paste, which converts it to a palette).
    entries = mask.crop(box).point(entry_by_coverage(ink, paper))
    return Stamp(entries, box[0] - origin_x, box[1] - origin_y)


@lru_cache(maxsize=256)
def entry_by_coverage(ink: RGB, paper: RGB) -> list[int]:
    """The palette entry of ``ink`` laid on ``paper`` at each coverage 0-255 of a pixel: the
    256 blends pasted as Pillow pastes a text's ink through its mask, reduced without dither."""
    coverage = Image.frombytes("L", (256, 1), bytes(range(256)))
    blends = Image.new("RGB", coverage.size, paper)
    blends.paste(ink, (0, 0), coverage)
    reference = Image.new("P", (1, 1))
    reference.putpalette(palette_bytes())
    return list(blends.quantize(palette=reference, dither=Image.Dither.NONE).tobytes())

"""Colours of the picture: Okabe–Ito figures (safe for colour-blind players) on a light board."""

from __future__ import annotations

import math

RGB = tuple[int, int, int]

# Okabe–Ito: orange, sky blue, bluish green, yellow, blue, vermillion; seat 0 first.
SEAT_COLOURS: tuple[RGB, ...] = (
    (0xE6, 0x9F, 0x00),
    (0x56, 0xB4, 0xE9),
    (0x00, 0x9E, 0x73),
    (0xF0, 0xE4, 0x42),
    (0x00, 0x72, 0xB2),
    (0xD5, 0x5E, 0x00),
)
LEO_COLOUR: RGB = (0x9B, 0x9B, 0x9B)
# Okabe–Ito's reddish purple, used by no figure, marks the scoring space.
HIGHLIGHT: RGB = (0xCC, 0x79, 0xA7)
HIGHLIGHT_BAND: RGB = (0xF3, 0xDD, 0xE9)
HIGHLIGHT_TEXT: RGB = (0x9E, 0x3D, 0x73)

BACKGROUND: RGB = (0xF7, 0xF4, 0xEE)
FRAME: RGB = (0xD9, 0xD2, 0xC6)
INK: RGB = (0x22, 0x22, 0x22)
MUTED_INK: RGB = (0x5C, 0x58, 0x52)
CELL_NEGATIVE: RGB = (0xE6, 0xE0, 0xD6)
CELL_POSITIVE: RGB = (0xFF, 0xFF, 0xFF)
CELL_BORDER: RGB = (0x9A, 0x94, 0x8A)
START_FILL: RGB = (0x2B, 0x2B, 0x2B)
START_INK: RGB = (0xFF, 0xFF, 0xFF)
DISC_OUTLINE: RGB = INK
WHITE: RGB = (0xFF, 0xFF, 0xFF)
BLACK: RGB = (0x00, 0x00, 0x00)

# Colours that must survive palette reduction exactly (solid areas the tests sample).
KEY_COLOURS: tuple[RGB, ...] = (
    *SEAT_COLOURS,
    LEO_COLOUR,
    HIGHLIGHT,
    HIGHLIGHT_BAND,
    HIGHLIGHT_TEXT,
    BACKGROUND,
    INK,
    MUTED_INK,
    CELL_NEGATIVE,
    CELL_POSITIVE,
    CELL_BORDER,
    START_FILL,
    BLACK,
    FRAME,
)

# Every (ink, paper) pair the picture writes text with. Antialiased letters blend the two, so
# the PNG palette spends its spare entries on these blends (see ``png_palette``). Text in a
# colour missing here is still drawn, with its edges mapped to the nearest palette entry.
TEXT_ON_PAPER: tuple[tuple[RGB, RGB], ...] = (
    (INK, BACKGROUND),
    (MUTED_INK, BACKGROUND),
    (INK, CELL_NEGATIVE),
    (INK, CELL_POSITIVE),
    (START_INK, START_FILL),
    (HIGHLIGHT_TEXT, HIGHLIGHT_BAND),
    (WHITE, HIGHLIGHT_TEXT),
)
# Most of the picture's letters are dark ink on the background: their edges get finer steps.
FREQUENT_TEXT: tuple[tuple[RGB, RGB], ...] = ((INK, BACKGROUND), (MUTED_INK, BACKGROUND))

# Pillow maps a colour to a palette entry through a cache of 4x4x4 colour cells, judged at
# the cell's corner. An entry farther than this from every key colour can never win a key
# colour's cell, so key colours keep their exact value when the palette is reduced.
KEY_COLOUR_EXCLUSION = 11
# The same argument for two key colours: each must be nearest to its own cell's corner.
KEY_COLOURS_MIN_GAP = 10.4


def near_key_colour(colour: RGB) -> bool:
    return any(colour_distance(colour, key) < KEY_COLOUR_EXCLUSION for key in KEY_COLOURS)


def colour_distance(first: RGB, second: RGB) -> float:
    return math.dist(first, second)


def figure_colour(colour: int | None) -> RGB:
    """A seat's disc colour; None is Leo's grey."""
    return LEO_COLOUR if colour is None else SEAT_COLOURS[colour]


def initial_ink(fill: RGB) -> RGB:
    """Black or white, whichever contrasts more with ``fill`` (WCAG contrast ratio)."""
    luminance = relative_luminance(fill)
    on_black = (luminance + 0.05) / 0.05
    on_white = 1.05 / (luminance + 0.05)
    return BLACK if on_black >= on_white else WHITE


def relative_luminance(colour: RGB) -> float:
    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in colour)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue

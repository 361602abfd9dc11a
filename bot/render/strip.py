"""The track itself: its numbered cells, its two ends and the START tag, drawn once.

The track looks the same in every picture of a language, but for the scoring space: the plain strip
of each language in use is kept and copied into each picture at the track's height, and over it the
few columns where the scoring space's strip differs from the plain one (a strip is 75 KB in the
palette, a space's columns 3 KB)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageChops

from bot.render import palette
from bot.render.board import MAX_SPACE, MIN_SPACE, START_SPACE
from bot.render.canvas import Canvas
from bot.render.fonts import NUMBER_SIZE, TAG_SIZE, fit
from bot.render.geometry import (
    CELL_HEIGHT,
    TAG_HEIGHT,
    TAG_PADDING,
    TRACK_LEFT,
    TRACK_RIGHT,
    WIDTH,
    cell_box,
    space_x,
    tag_span,
)
from bot.render.words import PictureWords

# Plain strips kept: one per language in use. Scoring spaces' columns: a track has 29 spaces.
STRIP_CACHE_SIZE = 4
BAND_CACHE_SIZE = 32
# The ends of the track, and the scoring band, reach this far above and below the cells.
OVERHANG = 4
STRIP_HEIGHT = OVERHANG + CELL_HEIGHT + TAG_HEIGHT + 1
BAND_RADIUS = 8
CHEQUER = 6
# Between the last cells and the wall or the finish line, so that -12 and 16 stand clear.
END_GAP = 2


def paste_track(
    canvas: Canvas, track_top: int, highlight_space: int | None, words: PictureWords
) -> None:
    """The track's cells, with the scoring space's band around its cell, at ``track_top``."""
    top = track_top - OVERHANG
    canvas.paste(track_strip(words), (0, top))
    if highlight_space is not None:
        columns, left = band_columns(highlight_space, words)
        canvas.image.paste(columns, (left, top))


def draw_band(canvas: Canvas, space: int, band_top: int, track_top: int) -> None:
    """The scoring space's band, from ``band_top`` down to just under the track."""
    left, _, right, bottom = cell_box(space, track_top)
    canvas.draw.rounded_rectangle(
        (left - 3, band_top, right + 3, bottom + OVERHANG),
        radius=BAND_RADIUS,
        fill=palette.HIGHLIGHT_BAND,
        outline=palette.HIGHLIGHT,
        width=2,
    )


@lru_cache(maxsize=BAND_CACHE_SIZE)
def band_columns(highlight_space: int, words: PictureWords) -> tuple[Image.Image, int]:
    """The columns where the strip with ``highlight_space``'s band differs from the plain
    one, and the left of the first; shared, so only ever read."""
    plain = track_strip(words).image
    marked = _drawn_strip(highlight_space, words).image
    box = ImageChops.difference(plain, marked).getbbox()
    assert box is not None, "a band always shows"
    left, _, right, _ = box
    return marked.crop((left, 0, right, STRIP_HEIGHT)), left


@lru_cache(maxsize=STRIP_CACHE_SIZE)
def track_strip(words: PictureWords) -> Canvas:
    """The rows of the track without a scoring space; shared, so only ever read."""
    return _drawn_strip(None, words)


def _drawn_strip(highlight_space: int | None, words: PictureWords) -> Canvas:
    """The rows of the track as ``render_track`` draws them."""
    canvas = Canvas.new((WIDTH, STRIP_HEIGHT), palette.BACKGROUND)
    if highlight_space is not None:
        # The band starts far enough above the strip that its rounded top stays out of it.
        draw_band(canvas, highlight_space, -2 * BAND_RADIUS, OVERHANG)
    _draw_cells(canvas, OVERHANG, highlight_space)
    _draw_ends(canvas, OVERHANG)
    _draw_start_tag(canvas, OVERHANG + CELL_HEIGHT, words.start)
    return canvas


def _draw_cells(canvas: Canvas, track_top: int, highlight_space: int | None) -> None:
    """Each cell and its number; START's cell is dark, its word on the tag under it."""
    for space in range(MIN_SPACE, MAX_SPACE + 1):
        if space == highlight_space:
            fill, ink = palette.HIGHLIGHT_BAND, palette.HIGHLIGHT_TEXT
        elif space == START_SPACE:
            fill, ink = palette.START_FILL, palette.START_INK
        elif space < START_SPACE:
            fill, ink = palette.CELL_NEGATIVE, palette.INK
        else:
            fill, ink = palette.CELL_POSITIVE, palette.INK
        canvas.draw.rectangle(cell_box(space, track_top), fill=fill, outline=palette.CELL_BORDER)
        if space != START_SPACE:
            center = (space_x(space), track_top + CELL_HEIGHT // 2)
            canvas.text(center, str(space), NUMBER_SIZE, ink, fill, anchor="mm", bold=True)
    if highlight_space is not None:
        highlighted = cell_box(highlight_space, track_top)
        canvas.draw.rectangle(highlighted, outline=palette.HIGHLIGHT, width=3)


def _draw_start_tag(canvas: Canvas, top: int, label: str) -> None:
    """START's word on a dark tag hanging from its cell, as wide as the word needs."""
    left, right = tag_span(label, START_SPACE)
    canvas.draw.rounded_rectangle(
        (left, top, right - 1, top + TAG_HEIGHT - 1),
        radius=BAND_RADIUS,
        fill=palette.START_FILL,
        corners=(False, False, True, True),
    )
    word = fit(label, TAG_SIZE, right - left - 2 * TAG_PADDING, bold=True)
    middle = ((left + right) / 2, top + TAG_HEIGHT / 2)
    canvas.text(middle, word, TAG_SIZE, palette.START_INK, palette.START_FILL, "mm", bold=True)


def _draw_ends(canvas: Canvas, track_top: int) -> None:
    """The back end is a wall, the front end a chequered finish line, both clear of the cells."""
    top, bottom = track_top, track_top + CELL_HEIGHT
    draw = canvas.draw
    wall_right = TRACK_LEFT - 1 - END_GAP
    draw.rectangle((wall_right - 7, top - 4, wall_right, bottom + 4), fill=palette.INK)
    finish_left = TRACK_RIGHT + 1 + END_GAP
    for row in range(-(-(CELL_HEIGHT + 8) // CHEQUER)):
        for column in range(2):
            if (row + column) % 2 == 0:
                x = finish_left + column * CHEQUER
                y = top - 4 + row * CHEQUER
                square = (x, y, x + CHEQUER - 1, min(y + CHEQUER - 1, bottom + 3))
                draw.rectangle(square, fill=palette.INK)
    draw.rectangle(
        (finish_left, top - 4, finish_left + 2 * CHEQUER - 1, bottom + 3),
        outline=palette.INK,
        width=1,
    )

"""Sizes of the picture and where each space of the track is. The tests share these numbers.

Discord shows the picture about 500 px wide, half its size: every size here is chosen to be legible
at that half (a number on the track is about 8 px tall there)."""

from __future__ import annotations

from bot.render.board import MAX_SPACE, MIN_SPACE
from bot.render.fonts import TAG_SIZE, text_length

Point = tuple[int, int]
Box = tuple[int, int, int, int]

WIDTH = 1000
SPACES = MAX_SPACE - MIN_SPACE + 1
# START is a cell like the others (its word hangs under it on a tag): every cell gets the
# widest share of the picture its 29 numbers can have.
CELL_WIDTH = 33
CELL_HEIGHT = 44
TRACK_LEFT = (WIDTH - SPACES * CELL_WIDTH) // 2
TRACK_RIGHT = TRACK_LEFT + SPACES * CELL_WIDTH

PADDING = 16
TITLE_HEIGHT = 38
SUBTITLE_HEIGHT = 28
DISC_RADIUS = 16
STACK_STEP = 2 * DISC_RADIUS + 2
MIN_STACK_ROWS = 3
TAG_HEIGHT = 26
TAG_PADDING = 8
SCORES_LABEL_HEIGHT = TAG_HEIGHT + 4
LANE_HEIGHT = 28
LEGEND_ROW_HEIGHT = 34
LEGEND_DISC_RADIUS = 13


def cell_box(space: int, track_top: int = 0) -> Box:
    """The track cell of ``space`` as (left, top, right, bottom), the track's top at
    ``track_top``."""
    left = space_left(space)
    return (left, track_top, left + CELL_WIDTH, track_top + CELL_HEIGHT)


def space_left(space: int) -> int:
    if not MIN_SPACE <= space <= MAX_SPACE:
        raise ValueError(f"space {space} is off the track")
    return TRACK_LEFT + (space - MIN_SPACE) * CELL_WIDTH


def space_x(space: int) -> int:
    """The horizontal centre of a space's cell."""
    left, _, right, _ = cell_box(space)
    return (left + right) // 2


def tag_span(label: str, space: int) -> tuple[int, int]:
    """Left and right of the tag naming ``space`` (START, the scoring space).

    Centred on the space, at least as wide as its cell, and moved sideways as far as needed to keep
    a long word on the track."""
    width = max(CELL_WIDTH, round(text_length(label, TAG_SIZE, bold=True)) + 2 * TAG_PADDING)
    width = min(width, TRACK_RIGHT - TRACK_LEFT)
    left = space_x(space) - width // 2
    left = max(TRACK_LEFT, min(left, TRACK_RIGHT - width))
    return (left, left + width)

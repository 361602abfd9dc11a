"""The track, drawn once and reused, sits at each picture's height with its scoring space."""

from __future__ import annotations

import pytest
from PIL import Image

from bot.render import Board, Figure, layout_for
from bot.render.palette import (
    CELL_NEGATIVE,
    CELL_POSITIVE,
    HIGHLIGHT,
    HIGHLIGHT_BAND,
    INK,
    START_FILL,
)
from tests.render.boards import ALL_ON_ONE_SPACE, SEVEN_FIGURES, TWO_PLAYERS, decoded


def cell_fill(image: Image.Image, board: Board, space: int) -> tuple[int, int, int]:
    """A pixel inside the cell, clear of its number and its border."""
    left, top, _, _ = layout_for(board).cell(space)
    return image.getpixel((left + 4, top + 4))  # type: ignore[return-value]


@pytest.mark.parametrize(
    "board",
    [TWO_PLAYERS, ALL_ON_ONE_SPACE, Board(TWO_PLAYERS.figures, caption=("A", "B", "C"))],
)
def test_cells_are_drawn_at_the_track_height_of_each_picture(board: Board) -> None:
    image = decoded(board)
    assert cell_fill(image, board, -5) == CELL_NEGATIVE
    assert cell_fill(image, board, 0) == START_FILL
    assert cell_fill(image, board, 9) == CELL_POSITIVE
    layout = layout_for(board)
    _, top, _, bottom = layout.cell(0)
    wall_x = layout.cell(-12)[0] - 4
    assert image.getpixel((wall_x, top - 4)) == INK
    assert image.getpixel((wall_x, bottom + 4)) == INK


@pytest.mark.parametrize("space", [-12, 0, 7, 16])
def test_each_scoring_space_gets_its_own_band(space: int) -> None:
    board = Board(SEVEN_FIGURES.figures, space, SEVEN_FIGURES.caption)
    image = decoded(board)
    assert cell_fill(image, board, space) == HIGHLIGHT_BAND
    left, top, _, bottom = layout_for(board).cell(space)
    assert image.getpixel((left + 1, (top + bottom) // 2)) == HIGHLIGHT
    for other in {-12, 0, 7, 16} - {space}:
        assert cell_fill(image, board, other) != HIGHLIGHT_BAND


def test_a_scoring_band_reaches_from_its_tag_to_under_the_track() -> None:
    board = Board((Figure("Anne", "A", 0, 3),), highlight_space=3)
    image = decoded(board)
    layout = layout_for(board)
    left, top, _, bottom = layout.cell(3)
    # The band's fill just above and below the cell, and beside the figure standing on it.
    for point in ((left + 4, top - 2), (left + 4, bottom + 2), (left - 1, top - 40)):
        assert image.getpixel(point) == HIGHLIGHT_BAND, point

"""The picture as Discord shows it in a chat column, 500 px wide, can still be read."""

from __future__ import annotations

import pytest

from bot.render import Board, figure_center, layout_for
from bot.render.board import MAX_SPACE, MIN_SPACE, START_SPACE
from bot.render.geometry import DISC_RADIUS
from bot.render.palette import (
    BACKGROUND,
    CELL_NEGATIVE,
    CELL_POSITIVE,
    HIGHLIGHT_BAND,
    HIGHLIGHT_TEXT,
    INK,
    RGB,
    figure_colour,
    initial_ink,
)
from bot.render.track import draw_board
from bot.render.words import picture_words
from tests.render.boards import SEVEN_FIGURES, decoded
from tests.render.ink import (
    DISCORD_WIDTH,
    as_discord_shows,
    counters,
    ink_margins,
    ink_mask,
    ink_size,
    scaled,
)

# Ink height at 500 px of a digit or capital: that of a 10 px font on screen.
MIN_HEIGHT = 7
NUMBERED_SPACES = [space for space in range(MIN_SPACE, MAX_SPACE + 1) if space != START_SPACE]


def cell_colours(space: int, highlight: int | None) -> tuple[RGB, RGB]:
    if space == highlight:
        return HIGHLIGHT_BAND, HIGHLIGHT_TEXT
    return (CELL_NEGATIVE if space < START_SPACE else CELL_POSITIVE), INK


def number_mask(board: Board, space: int, at_discord_width: bool) -> list[list[bool]]:
    """The ink of the number written in ``space``'s cell, inside the cell's border."""
    image = decoded(board)
    left, top, right, bottom = layout_for(board).cell(space)
    border = 3 if space == board.highlight_space else 1
    interior = (left + border, top + border, right - border + 1, bottom - border + 1)
    if at_discord_width:
        image = as_discord_shows(image)
        interior = scaled(interior, DISCORD_WIDTH / layout_for(board).width)
        interior = (interior[0] + 1, interior[1] + 1, interior[2] - 1, interior[3] - 1)
    return ink_mask(image, interior, *cell_colours(space, board.highlight_space))


@pytest.mark.parametrize("space", NUMBERED_SPACES)
def test_every_track_number_is_tall_enough_at_500_px(space: int) -> None:
    board = Board(SEVEN_FIGURES.figures, 11, SEVEN_FIGURES.caption)
    _, height = ink_size(number_mask(board, space, at_discord_width=True))
    assert height >= MIN_HEIGHT


@pytest.mark.parametrize("space", [-12, -11, -10, 10, 16])
def test_the_widest_numbers_stay_clear_of_their_cell_borders(space: int) -> None:
    left, right = ink_margins(number_mask(SEVEN_FIGURES, space, at_discord_width=False))
    assert left >= 1
    assert right >= 1


@pytest.mark.parametrize("at_discord_width", [False, True])
@pytest.mark.parametrize(("space", "closed_counters"), [(5, 0), (6, 1), (8, 2), (3, 0), (9, 1)])
def test_a_bold_number_on_the_scoring_space_keeps_its_shape(
    space: int, closed_counters: int, at_discord_width: bool
) -> None:
    """A bold 5 keeps the opening of its bowl (a stroked 5 closed it and read as 6)."""
    board = Board(SEVEN_FIGURES.figures, space, SEVEN_FIGURES.caption)
    assert counters(number_mask(board, space, at_discord_width)) == closed_counters


def test_initials_on_the_track_are_tall_enough_at_500_px() -> None:
    board = SEVEN_FIGURES
    image = as_discord_shows(decoded(board))
    scale = DISCORD_WIDTH / layout_for(board).width
    inner = int(DISC_RADIUS * 0.8)
    for index, figure in enumerate(board.figures):
        x, y = figure_center(board, index)
        box = scaled((x - inner, y - inner, x + inner, y + inner), scale)
        fill = figure_colour(figure.colour)
        _, height = ink_size(ink_mask(image, box, fill, initial_ink(fill)))
        assert height >= MIN_HEIGHT, figure.name


@pytest.mark.parametrize(
    ("text", "min_height"),
    [("A +3", MIN_HEIGHT), ("E +5 (edge)", MIN_HEIGHT), ("Stage 2 · Round 5", 11), ("Anne", 8)],
)
def test_move_labels_caption_and_names_are_tall_enough_at_500_px(
    text: str, min_height: int
) -> None:
    """Dark words on the background: the moves' labels, the caption, the legend's names."""
    canvas = draw_board(SEVEN_FIGURES, picture_words())
    image = as_discord_shows(canvas.image.convert("RGB"))
    scale = DISCORD_WIDTH / canvas.image.width
    boxes = [drawn.box for drawn in canvas.texts if drawn.text == text]
    assert boxes
    for box in boxes:
        left, top, right, bottom = scaled(box, scale)
        around = (left - 1, top - 1, right + 1, bottom + 1)
        _, height = ink_size(ink_mask(image, around, BACKGROUND, INK))
        assert height >= min_height

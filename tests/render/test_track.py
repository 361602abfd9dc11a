"""The picture: a small PNG where every figure is drawn on its space, never hidden."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image

from bot.render import Board, Figure, figure_center, layout_for, render_track
from bot.render.geometry import CELL_HEIGHT, DISC_RADIUS, space_x
from bot.render.palette import HIGHLIGHT, LEO_COLOUR, SEAT_COLOURS, figure_colour
from tests.render.boards import (
    ALL_ON_ONE_SPACE,
    SEVEN_FIGURES,
    TWO_PLAYERS,
    open_png,
    picture_differences,
)

BOARDS = [SEVEN_FIGURES, ALL_ON_ONE_SPACE, TWO_PLAYERS, Board(figures=())]


def disc_samples(board: Board, index: int) -> list[tuple[int, int]]:
    """Four points inside the disc, clear of the initial written at its centre."""
    x, y = figure_center(board, index)
    offset = int(DISC_RADIUS * 0.72)
    return [(x - offset, y), (x + offset, y), (x, y - offset), (x, y + offset)]


@pytest.mark.parametrize("board", BOARDS)
def test_picture_is_an_opaque_png_1000_to_1200_px_wide(board: Board) -> None:
    data = render_track(board)
    image = Image.open(io.BytesIO(data))
    assert 1000 <= image.width <= 1200
    assert 250 <= image.height <= 700
    assert image.size == (layout_for(board).width, layout_for(board).height)
    assert "transparency" not in image.info
    assert image.convert("RGBA").getextrema()[3] == (255, 255)


def test_seven_figures_fit_in_a_small_file() -> None:
    assert len(render_track(SEVEN_FIGURES)) < 60_000


@pytest.mark.parametrize("board", BOARDS)
def test_every_figure_is_drawn_where_it_stands_in_its_colour(board: Board) -> None:
    image = open_png(render_track(board))
    for index, figure in enumerate(board.figures):
        for point in disc_samples(board, index):
            assert image.getpixel(point) == figure_colour(figure.colour), (figure.name, point)


def test_figures_on_one_space_are_all_visible_one_above_the_other() -> None:
    board = ALL_ON_ONE_SPACE
    centres = [figure_center(board, index) for index in range(len(board.figures))]
    assert len({x for x, _ in centres}) == 1
    heights = sorted(y for _, y in centres)
    assert all(b - a >= 2 * DISC_RADIUS for a, b in itertools.pairwise(heights))
    assert min(heights) - DISC_RADIUS >= 0
    image = open_png(render_track(board))
    seen = {image.getpixel(disc_samples(board, index)[0]) for index in range(len(board.figures))}
    assert seen == set(SEAT_COLOURS)


def test_figure_is_drawn_above_its_own_space() -> None:
    layout = layout_for(TWO_PLAYERS)
    for index, figure in enumerate(TWO_PLAYERS.figures):
        left, _, right, _ = layout.cell(figure.space)
        x, y = figure_center(TWO_PLAYERS, index)
        assert left < x < right
        assert y < layout.track_top


def test_leo_is_grey() -> None:
    image = open_png(render_track(TWO_PLAYERS))
    assert image.getpixel(disc_samples(TWO_PLAYERS, 2)[0]) == LEO_COLOUR


def test_scoring_space_is_highlighted_only_when_asked() -> None:
    highlighted = open_png(render_track(SEVEN_FIGURES))
    plain = open_png(render_track(Board(SEVEN_FIGURES.figures, None, SEVEN_FIGURES.caption)))
    left, top, _, bottom = layout_for(SEVEN_FIGURES).cell(5)
    edge = (left + 1, (top + bottom) // 2)
    assert highlighted.getpixel(edge) == HIGHLIGHT
    assert plain.getpixel(edge) != HIGHLIGHT
    assert HIGHLIGHT not in {colour for _, colour in plain.getcolors(1_000_000) or []}


def test_same_board_gives_the_same_bytes() -> None:
    assert render_track(SEVEN_FIGURES) == render_track(SEVEN_FIGURES)


def test_figures_off_the_track_are_refused() -> None:
    with pytest.raises(ValueError, match="off the track"):
        Figure("Anne", "A", 0, 17)
    with pytest.raises(ValueError, match="seat index"):
        Figure("Anne", "A", 6, 0)


def test_key_colours_are_far_enough_apart_to_survive_palette_reduction() -> None:
    from itertools import combinations

    from bot.render.palette import KEY_COLOURS, KEY_COLOURS_MIN_GAP, colour_distance

    for first, second in combinations(KEY_COLOURS, 2):
        assert colour_distance(first, second) > KEY_COLOURS_MIN_GAP, (first, second)


def test_rendering_in_several_threads_at_once_gives_the_same_picture() -> None:
    from concurrent.futures import ThreadPoolExecutor

    expected = render_track(SEVEN_FIGURES)
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(render_track, [SEVEN_FIGURES] * 8))
    assert not picture_differences(results, [expected] * len(results))


def test_each_last_move_is_an_arrow_in_the_figures_colour_under_the_track() -> None:
    board = SEVEN_FIGURES
    layout = layout_for(board)
    image = open_png(render_track(board))
    moved = [board.figures[move.figure_index].name for move in layout.moves]
    assert moved == ["Anne", "Ben", "Chris", "Dana", "Eve", "Leo"]
    for move in layout.moves:
        figure = board.figures[move.figure_index]
        assert figure.moved_from is not None
        assert (move.start_x, move.end_x) == (space_x(figure.moved_from), space_x(figure.space))
        middle = (move.start_x + move.end_x) // 2
        y = layout.trail_y(move.lane)
        assert image.getpixel((middle, y)) == figure_colour(figure.colour), figure.name
        assert y > layout.track_top + CELL_HEIGHT


def test_moves_that_do_not_overlap_share_a_lane() -> None:
    board = Board(
        (
            Figure("Anne", "A", 0, -8, moved_from=-10, delta=2),
            Figure("Ben", "B", 1, 13, moved_from=10, delta=3),
            Figure("Chris", "C", 2, 12, moved_from=9, delta=3),
        )
    )
    lanes = {board.figures[move.figure_index].name: move.lane for move in layout_for(board).moves}
    assert lanes["Anne"] == lanes["Ben"]
    assert lanes["Chris"] != lanes["Ben"]


def test_legend_shows_every_figure_in_seat_order_with_its_colour() -> None:
    board = SEVEN_FIGURES
    layout = layout_for(board)
    image = open_png(render_track(board))
    for index, figure in enumerate(board.figures):
        x, y = layout.legend_center(index)
        assert image.getpixel((x, y - 9)) == figure_colour(figure.colour)
        assert y > layout.track_top

"""Any board a game can produce draws every figure visibly and describes every name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render import (
    MAX_DESCRIPTION,
    Board,
    Figure,
    describe_board,
    distinct_initials,
    figure_center,
)
from bot.render.board import MAX_SPACE, MIN_SPACE
from bot.render.geometry import DISC_RADIUS
from bot.render.palette import figure_colour
from bot.render.track import draw_board
from bot.render.words import picture_words
from tests.render.boards import assert_texts_inside_and_apart, decoded

spaces = st.integers(MIN_SPACE, MAX_SPACE)


NAMES = ["Anne", "Maximilian Wolfgang Amadeus Mozart", "Αλέξης", "Иван", "山田", "🎲", "Zoë"]


@st.composite
def boards(draw: st.DrawFn) -> Board:
    players = draw(st.integers(2, 6))
    names = [f"{draw(st.sampled_from(NAMES))}{seat}" for seat in range(players)]
    with_leo = players == 2
    all_names = [*names, "Leo"] if with_leo else names
    initials = distinct_initials(all_names)
    figures = []
    for seat, name in enumerate(all_names):
        space = draw(spaces)
        moved = draw(st.booleans())
        figures.append(
            Figure(
                name=name,
                initial=initials[seat],
                colour=None if name == "Leo" else seat,
                space=space,
                moved_from=draw(spaces) if moved else None,
                delta=draw(st.integers(-8, 8)) if moved else None,
            )
        )
    highlight = draw(st.none() | spaces)
    lines = st.sampled_from(["Stage 1 · Round 2", "Scoring", "Stage scoring: the space 11 " * 4])
    caption = tuple(draw(st.lists(lines, max_size=2)))
    return Board(tuple(figures), highlight, caption)


@settings(max_examples=25, deadline=None)
@given(boards())
def test_every_figure_of_any_board_is_visible_in_its_colour(board: Board) -> None:
    image = decoded(board)
    offset = int(DISC_RADIUS * 0.72)
    for index, figure in enumerate(board.figures):
        x, y = figure_center(board, index)
        assert image.getpixel((x - offset, y)) == figure_colour(figure.colour)
        assert image.getpixel((x + offset, y)) == figure_colour(figure.colour)


@settings(max_examples=100, deadline=None)
@given(boards())
def test_every_figure_of_any_board_is_named_in_the_description(board: Board) -> None:
    text = describe_board(board)
    assert len(text) <= MAX_DESCRIPTION
    for figure in board.figures:
        assert figure.name in text


@settings(max_examples=25, deadline=None)
@given(boards())
def test_no_text_of_any_board_leaves_the_picture_or_covers_another(board: Board) -> None:
    assert_texts_inside_and_apart(draw_board(board, picture_words()))

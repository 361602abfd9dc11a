"""Under the track: the last move of each figure as an arrow, then who is who."""

from __future__ import annotations

from bot.render import palette
from bot.render.board import Board
from bot.render.canvas import Canvas
from bot.render.discs import draw_disc
from bot.render.fonts import (
    LEGEND_INITIAL_SIZE,
    LEGEND_SIZE,
    LEGEND_TWO_LETTER_INITIAL_SIZE,
    MOVE_SIZE,
    fit,
    text_length,
)
from bot.render.geometry import LEGEND_DISC_RADIUS
from bot.render.labels import figure_name
from bot.render.layout import (
    LEGEND_TEXT_GAP,
    MIN_NAME_ROOM,
    Layout,
    legend_details,
    legend_text_room,
)
from bot.render.moves import DOT_RADIUS, PlacedMove
from bot.render.words import PictureWords

ARROW_HEAD = 12
SHAFT_WIDTH = 6


def draw_trails(canvas: Canvas, board: Board, layout: Layout) -> None:
    """Each moved figure: a dot where it came from, an arrow to where it stands, a label."""
    for move in layout.moves:
        colour = palette.figure_colour(board.figures[move.figure_index].colour)
        y = layout.trail_y(move.lane)
        if move.start_x != move.end_x:
            _draw_arrow(canvas, move.start_x, move.end_x, y, colour)
        dot = (move.start_x - DOT_RADIUS, y - DOT_RADIUS, move.start_x + DOT_RADIUS, y + DOT_RADIUS)
        canvas.draw.ellipse(dot, fill=colour, outline=palette.DISC_OUTLINE)
        _draw_move_label(canvas, move, y)


def _draw_arrow(canvas: Canvas, start: int, end: int, y: int, colour: palette.RGB) -> None:
    direction = 1 if end > start else -1
    tip = end - direction * 2
    shaft_end = tip - direction * (ARROW_HEAD - 2)
    canvas.draw.line((start, y, shaft_end, y), fill=palette.DISC_OUTLINE, width=SHAFT_WIDTH + 2)
    canvas.draw.line((start, y, shaft_end, y), fill=colour, width=SHAFT_WIDTH)
    back = tip - direction * ARROW_HEAD
    canvas.draw.polygon(
        [(tip, y), (back, y - 7), (back, y + 7)], fill=colour, outline=palette.DISC_OUTLINE
    )


def _draw_move_label(canvas: Canvas, move: PlacedMove, y: int) -> None:
    anchor = "lm" if move.label_after else "rm"
    xy = (move.label_x, y)
    canvas.text(xy, move.label, MOVE_SIZE, palette.INK, palette.BACKGROUND, anchor, bold=True)


def draw_legend(canvas: Canvas, board: Board, layout: Layout, words: PictureWords) -> None:
    """Each figure's disc, name, space and last move, in seat order, a few per row."""
    room = legend_text_room(layout.legend_columns)
    sizes = (LEGEND_INITIAL_SIZE, LEGEND_TWO_LETTER_INITIAL_SIZE)
    paper = palette.BACKGROUND
    for index, figure in enumerate(board.figures):
        x, y = layout.legend_center(index)
        draw_disc(canvas, (x, y), LEGEND_DISC_RADIUS, figure, sizes)
        details = fit(legend_details(figure, words), LEGEND_SIZE, room - MIN_NAME_ROOM)
        name_room = room - text_length(details, LEGEND_SIZE)
        name = fit(figure_name(figure, words), LEGEND_SIZE, name_room)
        text_left = x + LEGEND_DISC_RADIUS + LEGEND_TEXT_GAP
        canvas.text((text_left, y), name, LEGEND_SIZE, palette.INK, paper, "lm")
        details_left = text_left + text_length(name, LEGEND_SIZE)
        canvas.text((details_left, y), details, LEGEND_SIZE, palette.MUTED_INK, paper, "lm")

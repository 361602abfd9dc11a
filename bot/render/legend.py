"""Under the track: the last move of each figure as an arrow, then who is who."""

from __future__ import annotations

from bot.render import palette
from bot.render.board import Board, Figure
from bot.render.canvas import Canvas
from bot.render.discs import draw_disc
from bot.render.fonts import LEGEND_INITIAL_SIZE, LEGEND_SIZE, SMALL_SIZE, fit, text_length
from bot.render.geometry import (
    LEGEND_COLUMNS,
    LEGEND_DISC_RADIUS,
    TRACK_LEFT,
    TRACK_RIGHT,
    Layout,
    space_x,
    trail_figures,
)
from bot.render.labels import figure_initial, figure_name, space_label, words

ARROW_HEAD = 11


def draw_trails(canvas: Canvas, board: Board, layout: Layout, locale: str | None) -> None:
    """One lane per moved figure: a dot where it came from, an arrow to where it stands."""
    for lane, index in enumerate(trail_figures(board)):
        figure = board.figures[index]
        y = layout.trail_y(lane)
        end = space_x(figure.space)
        start = space_x(figure.space if figure.moved_from is None else figure.moved_from)
        colour = palette.figure_colour(figure.colour)
        if start != end:
            _draw_arrow(canvas, start, end, y, colour)
        canvas.draw.ellipse(
            (start - 4, y - 4, start + 4, y + 4), fill=colour, outline=palette.DISC_OUTLINE
        )
        _draw_trail_label(canvas, figure, min(start, end), max(start, end), y, locale)


def _draw_arrow(canvas: Canvas, start: int, end: int, y: int, colour: palette.RGB) -> None:
    direction = 1 if end > start else -1
    tip = end - direction * 2
    shaft_end = tip - direction * (ARROW_HEAD - 2)
    canvas.draw.line((start, y, shaft_end, y), fill=palette.DISC_OUTLINE, width=6)
    canvas.draw.line((start, y, shaft_end, y), fill=colour, width=4)
    back = tip - direction * ARROW_HEAD
    canvas.draw.polygon(
        [(tip, y), (back, y - 6), (back, y + 6)], fill=colour, outline=palette.DISC_OUTLINE
    )


def _draw_trail_label(
    canvas: Canvas, figure: Figure, left: int, right: int, y: int, locale: str | None
) -> None:
    """``"A +3"`` after the arrow, or before it when the arrow reaches the right edge."""
    label = f"{figure_initial(figure)} {figure.delta_label}"
    if figure.clamped:
        label += f" ({words('render.legend_clamped', locale)})"
    if right + 10 + text_length(label, SMALL_SIZE) <= TRACK_RIGHT:
        canvas.text((right + 10, y), label, SMALL_SIZE, palette.INK, anchor="lm")
    else:
        canvas.text((left - 10, y), label, SMALL_SIZE, palette.INK, anchor="rm")


def draw_legend(canvas: Canvas, board: Board, layout: Layout, locale: str | None) -> None:
    """Each figure's disc, name, space and last move, in seat order, a few per row."""
    column_width = (TRACK_RIGHT - TRACK_LEFT) // LEGEND_COLUMNS
    for index, figure in enumerate(board.figures):
        x, y = layout.legend_center(index)
        draw_disc(canvas, (x, y), LEGEND_DISC_RADIUS, figure, LEGEND_INITIAL_SIZE)
        details = f"  {space_label(figure.space, locale)}"
        if figure.shows_move:
            details += f"  ({figure.delta_label})"
        text_left = x + LEGEND_DISC_RADIUS + 8
        room = (x - LEGEND_DISC_RADIUS) + column_width - 28 - text_left
        width = room - text_length(details, LEGEND_SIZE)
        name = fit(figure_name(figure, locale), LEGEND_SIZE, width)
        canvas.text((text_left, y), name, LEGEND_SIZE, palette.INK, anchor="lm")
        details_left = text_left + text_length(name, LEGEND_SIZE)
        canvas.text((details_left, y), details, LEGEND_SIZE, palette.MUTED_INK, anchor="lm")

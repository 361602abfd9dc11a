"""A figure's disc: its colour, a dark rim, and its initial in black or white."""

from __future__ import annotations

from bot.render import palette
from bot.render.board import Figure
from bot.render.canvas import Canvas
from bot.render.geometry import Point
from bot.render.labels import figure_initial


def draw_disc(canvas: Canvas, center: Point, radius: int, figure: Figure, text_size: int) -> None:
    x, y = center
    fill = palette.figure_colour(figure.colour)
    canvas.draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=fill,
        outline=palette.DISC_OUTLINE,
        width=2,
    )
    ink = palette.initial_ink(fill)
    initial = figure_initial(figure)
    single = len(initial) == 1
    canvas.text(
        (x, y + 1), initial, text_size if single else text_size - 4, ink, anchor="mm", bold=single
    )

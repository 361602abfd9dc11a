"""A figure's disc: its colour, a dark rim, and its initial in black or white."""

from __future__ import annotations

from bot.render import palette
from bot.render.board import Figure
from bot.render.canvas import Canvas
from bot.render.geometry import Point
from bot.render.labels import figure_initial


def draw_disc(
    canvas: Canvas, center: Point, radius: int, figure: Figure, sizes: tuple[int, int]
) -> None:
    """``sizes``: of a one-letter initial, and of a two-letter one (which must fit too)."""
    x, y = center
    fill = palette.figure_colour(figure.colour)
    canvas.draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=fill,
        outline=palette.DISC_OUTLINE,
        width=2,
    )
    initial = figure_initial(figure)
    size = sizes[0] if len(initial) == 1 else sizes[1]
    canvas.text((x, y + 1), initial, size, palette.initial_ink(fill), fill, "mm", bold=True)

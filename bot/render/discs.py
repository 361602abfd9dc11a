"""A figure's disc: its colour, a dark rim, and its initial in black or white."""

from __future__ import annotations

from PIL import ImageDraw

from bot.render import palette
from bot.render.board import Figure
from bot.render.fonts import font
from bot.render.geometry import Point
from bot.render.labels import figure_initial


def draw_disc(
    draw: ImageDraw.ImageDraw, center: Point, radius: int, figure: Figure, text_size: int
) -> None:
    x, y = center
    fill = palette.figure_colour(figure.colour)
    draw.ellipse(
        (x - radius, y - radius, x + radius, y + radius),
        fill=fill,
        outline=palette.DISC_OUTLINE,
        width=2,
    )
    ink = palette.initial_ink(fill)
    initial = figure_initial(figure)
    single = len(initial) == 1
    draw.text(
        (x, y + 1),
        initial,
        font=font(text_size if single else text_size - 4),
        fill=ink,
        anchor="mm",
        # A stroke in the text's own colour makes a bold letter from the regular font.
        stroke_width=1 if single else 0,
        stroke_fill=ink,
    )

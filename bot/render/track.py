"""The picture of the track as a PNG: a pure function of the board, safe in any thread."""

from __future__ import annotations

from bot.render import palette
from bot.render.board import Board
from bot.render.canvas import Canvas
from bot.render.discs import draw_disc
from bot.render.fonts import INITIAL_SIZE, SMALL_SIZE, SUBTITLE_SIZE, TITLE_SIZE, text_length
from bot.render.geometry import (
    DISC_RADIUS,
    SCORES_LABEL_HEIGHT,
    SUBTITLE_HEIGHT,
    TITLE_HEIGHT,
    TRACK_LEFT,
    TRACK_RIGHT,
    Layout,
    layout_for,
    space_x,
)
from bot.render.glyphs import drawable
from bot.render.labels import words
from bot.render.legend import draw_legend, draw_trails
from bot.render.png import encode_png
from bot.render.strip import draw_band, paste_track


def render_track(board: Board, locale: str | None = None) -> bytes:
    """The board as a PNG picture (about 1200 px wide, tens of KB)."""
    layout = layout_for(board)
    canvas = Canvas.new((layout.width, layout.height), palette.BACKGROUND)
    _draw_caption(canvas, board, layout, locale)
    if board.highlight_space is not None:
        _draw_highlight(canvas, board.highlight_space, layout, locale)
    paste_track(canvas, layout.track_top, board.highlight_space, locale)
    for index, figure in enumerate(board.figures):
        center = layout.disc_center(figure.space, board.stack_index(index))
        draw_disc(canvas, center, DISC_RADIUS, figure, INITIAL_SIZE)
    draw_trails(canvas, board, layout, locale)
    draw_legend(canvas, board, layout, locale)
    # A frame keeps the light card distinct on Discord's white theme.
    frame = (0, 0, layout.width - 1, layout.height - 1)
    canvas.draw.rectangle(frame, outline=palette.FRAME, width=2)
    return encode_png(canvas.image)


def _draw_caption(canvas: Canvas, board: Board, layout: Layout, locale: str | None) -> None:
    top = layout.caption_top
    brand = words("render.brand", locale)
    canvas.text((TRACK_RIGHT, top + 8), brand, SUBTITLE_SIZE, palette.MUTED_INK, anchor="ra")
    for number, line in enumerate(board.caption):
        if number == 0:
            canvas.text((TRACK_LEFT, top), drawable(line), TITLE_SIZE, palette.INK, bold=True)
            top += TITLE_HEIGHT
        else:
            canvas.text((TRACK_LEFT, top), drawable(line), SUBTITLE_SIZE, palette.MUTED_INK)
            top += SUBTITLE_HEIGHT


def _draw_highlight(canvas: Canvas, space: int, layout: Layout, locale: str | None) -> None:
    """A band behind the scoring space's figures, topped by a tag that says it scores."""
    tag_middle = layout.stacks_top + SCORES_LABEL_HEIGHT // 2
    draw_band(canvas, space, tag_middle, layout.track_top)
    label = words("render.scores", locale)
    half_width = int(text_length(label, SMALL_SIZE)) // 2 + 8
    x = space_x(space)
    canvas.draw.rounded_rectangle(
        (x - half_width, tag_middle - 10, x + half_width, tag_middle + 10),
        radius=10,
        fill=palette.HIGHLIGHT_TEXT,
    )
    canvas.text((x, tag_middle), label, SMALL_SIZE, palette.WHITE, anchor="mm")

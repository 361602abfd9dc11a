"""The picture of the track as a PNG: a pure function of the board, safe in any thread."""

from __future__ import annotations

from bot.render import palette
from bot.render.board import MAX_SPACE, MIN_SPACE, START_SPACE, Board
from bot.render.canvas import Canvas
from bot.render.discs import draw_disc
from bot.render.fonts import (
    INITIAL_SIZE,
    NUMBER_SIZE,
    SMALL_SIZE,
    SUBTITLE_SIZE,
    TITLE_SIZE,
    text_length,
)
from bot.render.geometry import (
    CELL_HEIGHT,
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
from bot.render.labels import space_label, words
from bot.render.legend import draw_legend, draw_trails
from bot.render.png import encode_png


def render_track(board: Board, locale: str | None = None) -> bytes:
    """The board as a PNG picture (about 1200 px wide, tens of KB)."""
    layout = layout_for(board)
    canvas = Canvas.new((layout.width, layout.height), palette.BACKGROUND)
    _draw_caption(canvas, board, layout, locale)
    if board.highlight_space is not None:
        _draw_highlight(canvas, board.highlight_space, layout, locale)
    _draw_track(canvas, board, layout, locale)
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
    left, _, right, bottom = layout.cell(space)
    tag_middle = layout.stacks_top + SCORES_LABEL_HEIGHT // 2
    canvas.draw.rounded_rectangle(
        (left - 3, tag_middle, right + 3, bottom + 4),
        radius=8,
        fill=palette.HIGHLIGHT_BAND,
        outline=palette.HIGHLIGHT,
        width=2,
    )
    label = words("render.scores", locale)
    half_width = int(text_length(label, SMALL_SIZE)) // 2 + 8
    x = space_x(space)
    canvas.draw.rounded_rectangle(
        (x - half_width, tag_middle - 10, x + half_width, tag_middle + 10),
        radius=10,
        fill=palette.HIGHLIGHT_TEXT,
    )
    canvas.text((x, tag_middle), label, SMALL_SIZE, palette.WHITE, anchor="mm")


def _draw_track(canvas: Canvas, board: Board, layout: Layout, locale: str | None) -> None:
    for space in range(MIN_SPACE, MAX_SPACE + 1):
        box = layout.cell(space)
        if space == board.highlight_space:
            fill, ink = palette.HIGHLIGHT_BAND, palette.HIGHLIGHT_TEXT
        elif space == START_SPACE:
            fill, ink = palette.START_FILL, palette.START_INK
        elif space < START_SPACE:
            fill, ink = palette.CELL_NEGATIVE, palette.INK
        else:
            fill, ink = palette.CELL_POSITIVE, palette.INK
        canvas.draw.rectangle(box, fill=fill, outline=palette.CELL_BORDER, width=1)
        size = SMALL_SIZE + 1 if space == START_SPACE else NUMBER_SIZE
        bold = space in (START_SPACE, MIN_SPACE, MAX_SPACE, board.highlight_space)
        label = space_label(space, locale)
        canvas.text(layout.space_center(space), label, size, ink, anchor="mm", bold=bold)
    if board.highlight_space is not None:
        highlighted = layout.cell(board.highlight_space)
        canvas.draw.rectangle(highlighted, outline=palette.HIGHLIGHT, width=3)
    _draw_ends(canvas, layout)


def _draw_ends(canvas: Canvas, layout: Layout) -> None:
    top, bottom = layout.track_top, layout.track_top + CELL_HEIGHT
    # The back end is a wall, the front end a chequered finish line.
    draw = canvas.draw
    draw.rectangle((TRACK_LEFT - 8, top - 4, TRACK_LEFT - 1, bottom + 4), fill=palette.INK)
    square = 6
    for row in range(-(-(CELL_HEIGHT + 8) // square)):
        for column in range(2):
            if (row + column) % 2 == 0:
                x = TRACK_RIGHT + 1 + column * square
                y = top - 4 + row * square
                draw.rectangle(
                    (x, y, x + square - 1, min(y + square - 1, bottom + 3)), fill=palette.INK
                )
    draw.rectangle(
        (TRACK_RIGHT + 1, top - 4, TRACK_RIGHT + 2 * square, bottom + 3),
        outline=palette.INK,
        width=1,
    )

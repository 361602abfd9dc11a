"""The picture of the track as a PNG: a pure function of the board, safe in any thread."""

from __future__ import annotations

from bot.render import palette
from bot.render.board import Board
from bot.render.canvas import Canvas
from bot.render.discs import draw_disc
from bot.render.fonts import (
    BRAND_SIZE,
    INITIAL_SIZE,
    SUBTITLE_SIZE,
    TAG_SIZE,
    TITLE_SIZE,
    TWO_LETTER_INITIAL_SIZE,
    fit,
)
from bot.render.geometry import (
    DISC_RADIUS,
    SCORES_LABEL_HEIGHT,
    SUBTITLE_HEIGHT,
    TAG_HEIGHT,
    TAG_PADDING,
    TITLE_HEIGHT,
    TRACK_LEFT,
    TRACK_RIGHT,
    tag_span,
)
from bot.render.layout import Layout, layout_for
from bot.render.legend import draw_legend, draw_trails
from bot.render.png_palette import encode_png
from bot.render.strip import draw_band, paste_track
from bot.render.words import PictureWords, picture_words


def render_track(board: Board, locale: str | None = None) -> bytes:
    """The board as a PNG picture (1000 px wide, tens of KB).

    Its words are in ``locale``, by default the board's own."""
    words = picture_words(board.locale if locale is None else locale)
    return encode_png(draw_board(board, words).image)


def draw_board(board: Board, words: PictureWords) -> Canvas:
    """The picture before it is encoded, with the list of every text written on it."""
    layout = layout_for(board, words)
    canvas = Canvas.new((layout.width, layout.height), palette.BACKGROUND)
    _draw_caption(canvas, layout, words)
    if board.highlight_space is not None:
        _draw_highlight(canvas, board.highlight_space, layout, words)
    paste_track(canvas, layout.track_top, board.highlight_space, words)
    initial_sizes = (INITIAL_SIZE, TWO_LETTER_INITIAL_SIZE)
    for index, figure in enumerate(board.figures):
        center = layout.disc_center(figure.space, board.stack_index(index))
        draw_disc(canvas, center, DISC_RADIUS, figure, initial_sizes)
    draw_trails(canvas, board, layout)
    draw_legend(canvas, board, layout, words)
    # A frame keeps the light card distinct on Discord's white theme.
    frame = (0, 0, layout.width - 1, layout.height - 1)
    canvas.draw.rectangle(frame, outline=palette.FRAME, width=2)
    return canvas


def _draw_caption(canvas: Canvas, layout: Layout, words: PictureWords) -> None:
    top = layout.caption_top
    paper = palette.BACKGROUND
    canvas.text((TRACK_RIGHT, top + 6), words.brand, BRAND_SIZE, palette.MUTED_INK, paper, "ra")
    for line in layout.title:
        canvas.text((TRACK_LEFT, top), line, TITLE_SIZE, palette.INK, paper, bold=True)
        top += TITLE_HEIGHT
    for line in layout.subtitles:
        canvas.text((TRACK_LEFT, top), line, SUBTITLE_SIZE, palette.MUTED_INK, paper)
        top += SUBTITLE_HEIGHT


def _draw_highlight(canvas: Canvas, space: int, layout: Layout, words: PictureWords) -> None:
    """A band behind the scoring space's figures, topped by a tag that says it scores."""
    tag_middle = layout.stacks_top + SCORES_LABEL_HEIGHT // 2
    draw_band(canvas, space, tag_middle, layout.track_top)
    left, right = tag_span(words.scores, space)
    half_height = TAG_HEIGHT // 2
    canvas.draw.rounded_rectangle(
        (left, tag_middle - half_height, right - 1, tag_middle + half_height - 1),
        radius=half_height,
        fill=palette.HIGHLIGHT_TEXT,
    )
    label = fit(words.scores, TAG_SIZE, right - left - 2 * TAG_PADDING, bold=True)
    middle = ((left + right) / 2, tag_middle)
    canvas.text(middle, label, TAG_SIZE, palette.WHITE, palette.HIGHLIGHT_TEXT, "mm", bold=True)

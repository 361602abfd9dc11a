"""The picture of the track as a PNG: a pure function of the board, safe in any thread."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.i18n import t
from bot.render import palette
from bot.render.board import MAX_SPACE, MIN_SPACE, START_SPACE, Board, Figure
from bot.render.fonts import font
from bot.render.geometry import (
    CELL_HEIGHT,
    DISC_RADIUS,
    LEGEND_COLUMNS,
    LEGEND_DISC_RADIUS,
    SCORES_LABEL_HEIGHT,
    SUBTITLE_HEIGHT,
    TITLE_HEIGHT,
    TRACK_LEFT,
    TRACK_RIGHT,
    Layout,
    layout_for,
    space_x,
    trail_figures,
)
from bot.render.glyphs import drawable
from bot.render.palette import RGB

TITLE_SIZE = 32
SUBTITLE_SIZE = 20
NUMBER_SIZE = 17
INITIAL_SIZE = 20
LEGEND_SIZE = 20
SMALL_SIZE = 15
PALETTE_SIZE = 128


def render_track(board: Board, locale: str | None = None) -> bytes:
    """The board as a PNG picture (about 1200 px wide, tens of KB)."""
    layout = layout_for(board)
    image = Image.new("RGB", (layout.width, layout.height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_caption(draw, board, layout, locale)
    if board.highlight_space is not None:
        _draw_highlight(draw, board.highlight_space, layout, locale)
    _draw_track(draw, board, layout, locale)
    for index, figure in enumerate(board.figures):
        center = layout.disc_center(figure.space, board.stack_index(index))
        _draw_disc(draw, center, DISC_RADIUS, figure, INITIAL_SIZE)
    _draw_trails(draw, board, layout, locale)
    _draw_legend(draw, board, layout, locale)
    return _to_png(image)


def space_label(space: int, locale: str | None = None) -> str:
    return _words("render.start", locale) if space == START_SPACE else str(space)


def _words(key: str, locale: str | None, **values: object) -> str:
    return drawable(t(key, locale, **values))


def _initial(figure: Figure) -> str:
    """The figure's initial, or its seat number if the font cannot draw the initial."""
    initial = drawable(figure.initial)[:2].strip()
    if initial:
        return initial
    return "?" if figure.colour is None else str(figure.colour + 1)


def _name(figure: Figure, locale: str | None) -> str:
    name = drawable(figure.name)
    if name:
        return name
    return (
        _initial(figure)
        if figure.colour is None
        else _words("render.player_number", locale, number=figure.colour + 1)
    )


def _draw_caption(
    draw: ImageDraw.ImageDraw, board: Board, layout: Layout, locale: str | None
) -> None:
    top = layout.caption_top
    draw.text(
        (TRACK_RIGHT, top + 8),
        _words("render.brand", locale),
        font=font(SUBTITLE_SIZE),
        fill=palette.MUTED_INK,
        anchor="ra",
    )
    for number, line in enumerate(board.caption):
        if number == 0:
            draw.text(
                (TRACK_LEFT, top),
                drawable(line),
                font=font(TITLE_SIZE),
                fill=palette.INK,
                stroke_width=1,
                stroke_fill=palette.INK,
            )
            top += TITLE_HEIGHT
        else:
            draw.text(
                (TRACK_LEFT, top), drawable(line), font=font(SUBTITLE_SIZE), fill=palette.MUTED_INK
            )
            top += SUBTITLE_HEIGHT


def _draw_highlight(
    draw: ImageDraw.ImageDraw, space: int, layout: Layout, locale: str | None
) -> None:
    """A band behind the scoring space's figures, topped by a tag that says it scores."""
    left, _, right, bottom = layout.cell(space)
    tag_middle = layout.stacks_top + SCORES_LABEL_HEIGHT // 2
    draw.rounded_rectangle(
        (left - 3, tag_middle, right + 3, bottom + 4),
        radius=8,
        fill=palette.HIGHLIGHT_BAND,
        outline=palette.HIGHLIGHT,
        width=2,
    )
    label = _words("render.scores", locale)
    half_width = int(font(SMALL_SIZE).getlength(label)) // 2 + 8
    x = space_x(space)
    draw.rounded_rectangle(
        (x - half_width, tag_middle - 10, x + half_width, tag_middle + 10),
        radius=10,
        fill=palette.HIGHLIGHT_TEXT,
    )
    draw.text((x, tag_middle), label, font=font(SMALL_SIZE), fill=palette.WHITE, anchor="mm")


def _draw_track(
    draw: ImageDraw.ImageDraw, board: Board, layout: Layout, locale: str | None
) -> None:
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
        draw.rectangle(box, fill=fill, outline=palette.CELL_BORDER, width=1)
        size = SMALL_SIZE + 1 if space == START_SPACE else NUMBER_SIZE
        bold = space in (START_SPACE, MIN_SPACE, MAX_SPACE, board.highlight_space)
        draw.text(
            layout.space_center(space),
            space_label(space, locale),
            font=font(size),
            fill=ink,
            anchor="mm",
            stroke_width=1 if bold else 0,
            stroke_fill=ink,
        )
    if board.highlight_space is not None:
        draw.rectangle(layout.cell(board.highlight_space), outline=palette.HIGHLIGHT, width=3)
    _draw_ends(draw, layout)


def _draw_ends(draw: ImageDraw.ImageDraw, layout: Layout) -> None:
    top, bottom = layout.track_top, layout.track_top + CELL_HEIGHT
    # The back end is a wall, the front end a chequered finish line.
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


def _draw_disc(
    draw: ImageDraw.ImageDraw, center: tuple[int, int], radius: int, figure: Figure, size: int
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
    initial = _initial(figure)
    text_size = size if len(initial) == 1 else size - 4
    draw.text(
        (x, y + 1),
        initial,
        font=font(text_size),
        fill=ink,
        anchor="mm",
        stroke_width=1 if len(initial) == 1 else 0,
        stroke_fill=ink,
    )


def _draw_trails(
    draw: ImageDraw.ImageDraw, board: Board, layout: Layout, locale: str | None
) -> None:
    for lane, index in enumerate(trail_figures(board)):
        figure = board.figures[index]
        y = layout.trail_y(lane)
        end = space_x(figure.space)
        start = space_x(figure.moved_from if figure.moved_from is not None else figure.space)
        colour = palette.figure_colour(figure.colour)
        if start != end:
            direction = 1 if end > start else -1
            tip = end - direction * 2
            draw.line((start, y, tip - direction * 9, y), fill=palette.DISC_OUTLINE, width=6)
            draw.line((start, y, tip - direction * 9, y), fill=colour, width=4)
            draw.polygon(
                [(tip, y), (tip - direction * 11, y - 6), (tip - direction * 11, y + 6)],
                fill=colour,
                outline=palette.DISC_OUTLINE,
            )
        draw.ellipse(
            (start - 4, y - 4, start + 4, y + 4), fill=colour, outline=palette.DISC_OUTLINE
        )
        label = f"{_initial(figure)} {figure.delta_label}"
        if figure.clamped:
            label += f" ({_words('render.legend_clamped', locale)})"
        right_side = max(start, end) + 10
        left_side = min(start, end) - 10
        if right_side + font(SMALL_SIZE).getlength(label) <= TRACK_RIGHT:
            draw.text((right_side, y), label, font=font(SMALL_SIZE), fill=palette.INK, anchor="lm")
        else:
            draw.text((left_side, y), label, font=font(SMALL_SIZE), fill=palette.INK, anchor="rm")


def _draw_legend(
    draw: ImageDraw.ImageDraw, board: Board, layout: Layout, locale: str | None
) -> None:
    column_width = (TRACK_RIGHT - TRACK_LEFT) // LEGEND_COLUMNS
    for index, figure in enumerate(board.figures):
        x, y = layout.legend_center(index)
        _draw_disc(draw, (x, y), LEGEND_DISC_RADIUS, figure, INITIAL_SIZE - 4)
        where = space_label(figure.space, locale)
        text_left = x + LEGEND_DISC_RADIUS + 8
        room = (x - LEGEND_DISC_RADIUS) + column_width - 28 - text_left
        where_text = f"  {where}"
        if figure.shows_move:
            where_text += f"  ({figure.delta_label})"
        where_width = font(LEGEND_SIZE).getlength(where_text)
        name = _fit(_name(figure, locale), font(LEGEND_SIZE), room - where_width)
        draw.text((text_left, y), name, font=font(LEGEND_SIZE), fill=palette.INK, anchor="lm")
        name_width = font(LEGEND_SIZE).getlength(name)
        draw.text(
            (text_left + name_width, y),
            where_text,
            font=font(LEGEND_SIZE),
            fill=palette.MUTED_INK,
            anchor="lm",
        )


def _fit(text: str, typeface: object, width: float) -> str:
    """``text`` shortened with an ellipsis until it is at most ``width`` pixels long."""
    measure = typeface.getlength  # type: ignore[attr-defined]
    if measure(text) <= width:
        return text
    while text and measure(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _to_png(image: Image.Image) -> bytes:
    """PNG with a palette that keeps every key colour exact and spends the rest on edges."""
    reference = Image.new("P", (1, 1))
    reference.putpalette([channel for colour in _palette_for(image) for channel in colour])
    reduced = image.quantize(palette=reference, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    # zlib's default level: optimize=True would save a tenth of the bytes for six times the time.
    reduced.save(buffer, format="PNG", compress_level=6)
    return buffer.getvalue()


def _palette_for(image: Image.Image) -> list[RGB]:
    """The key colours, then the image's most useful other colours (antialiased edges)."""
    adaptive = image.quantize(
        colors=PALETTE_SIZE, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    channels = adaptive.getpalette() or []
    entries: list[RGB] = list(palette.KEY_COLOURS)
    for offset in range(0, len(channels) - 2, 3):
        red, green, blue = channels[offset : offset + 3]
        if len(entries) < PALETTE_SIZE and not palette.near_key_colour((red, green, blue)):
            entries.append((red, green, blue))
    return entries

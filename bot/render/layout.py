"""The plan of one board's picture: its caption lines, bands from top to bottom, move lanes.

The picture's height depends on what it shows: how many caption lines (long ones wrap), the tallest
stack of figures, how many lanes the last moves take, how many legend rows."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.board import Board, Figure
from bot.render.fonts import BRAND_SIZE, LEGEND_SIZE, SUBTITLE_SIZE, TITLE_SIZE, text_length, wrap
from bot.render.geometry import (
    CELL_HEIGHT,
    DISC_RADIUS,
    LANE_HEIGHT,
    LEGEND_DISC_RADIUS,
    LEGEND_ROW_HEIGHT,
    MIN_STACK_ROWS,
    PADDING,
    SCORES_LABEL_HEIGHT,
    STACK_STEP,
    SUBTITLE_HEIGHT,
    TAG_HEIGHT,
    TITLE_HEIGHT,
    TRACK_LEFT,
    TRACK_RIGHT,
    WIDTH,
    Box,
    Point,
    cell_box,
    space_x,
)
from bot.render.glyphs import drawable
from bot.render.labels import space_label
from bot.render.moves import PlacedMove, place_moves
from bot.render.words import PictureWords, picture_words

BRAND_GAP = 24
LEGEND_GUTTER = 28
LEGEND_TEXT_GAP = 8
# A legend entry keeps at least this much room for the name beside its space and move.
MIN_NAME_ROOM = 90


@dataclass(frozen=True)
class Layout:
    """Where each part of one board's picture goes, and the caption as it is written."""

    title: tuple[str, ...]
    subtitles: tuple[str, ...]
    caption_top: int
    stacks_top: int
    track_top: int
    trails_top: int
    legend_top: int
    height: int
    moves: tuple[PlacedMove, ...] = ()
    legend_columns: int = 3
    width: int = WIDTH

    def cell(self, space: int) -> Box:
        return cell_box(space, self.track_top)

    def disc_center(self, space: int, stack_index: int) -> Point:
        """Centre of the ``stack_index``-th figure on ``space`` (0 stands on the track)."""
        bottom = self.track_top - 5
        return (space_x(space), bottom - DISC_RADIUS - stack_index * STACK_STEP)

    def trail_y(self, lane: int) -> int:
        return self.trails_top + lane * LANE_HEIGHT + LANE_HEIGHT // 2

    def legend_center(self, entry: int) -> Point:
        """Centre of the disc of the ``entry``-th legend entry."""
        row, column = divmod(entry, self.legend_columns)
        x = TRACK_LEFT + column * legend_column_width(self.legend_columns) + LEGEND_DISC_RADIUS
        y = self.legend_top + row * LEGEND_ROW_HEIGHT + LEGEND_ROW_HEIGHT // 2
        return (x, y)


def layout_for(board: Board, words: PictureWords | None = None) -> Layout:
    """The plan of ``board``'s picture, written with ``words`` (by default in its locale)."""
    if words is None:
        words = picture_words(board.locale)
    title, subtitles = caption_lines(board.caption, words)
    caption_top = PADDING
    caption_height = max(len(title), 1) * TITLE_HEIGHT + len(subtitles) * SUBTITLE_HEIGHT
    stacks_top = caption_top + caption_height + 4
    stack_rows = max(MIN_STACK_ROWS, board.tallest_stack())
    track_top = stacks_top + SCORES_LABEL_HEIGHT + stack_rows * STACK_STEP + 4
    trails_top = track_top + CELL_HEIGHT + 2
    moves = place_moves(board, words)
    lanes = max((move.lane for move in moves), default=-1) + 1
    legend_top = trails_top + max(lanes * LANE_HEIGHT, TAG_HEIGHT) + 10
    columns = legend_columns(board.figures, words)
    legend_rows = -(-len(board.figures) // columns)
    height = legend_top + legend_rows * LEGEND_ROW_HEIGHT + PADDING
    return Layout(
        title, subtitles, caption_top, stacks_top, track_top, trails_top, legend_top, height,
        moves, columns,
    )  # fmt: skip


def caption_lines(
    caption: tuple[str, ...], words: PictureWords
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The first caption line wrapped beside the brand, the others under it, full width."""
    if not caption:
        return (), ()
    brand_room = text_length(words.brand, BRAND_SIZE) + BRAND_GAP
    title = wrap(drawable(caption[0]), TITLE_SIZE, TRACK_RIGHT - TRACK_LEFT - brand_room, True)
    subtitles = tuple(
        line
        for text in caption[1:]
        for line in wrap(drawable(text), SUBTITLE_SIZE, TRACK_RIGHT - TRACK_LEFT)
    )
    return title, subtitles


def legend_details(figure: Figure, words: PictureWords) -> str:
    """What the legend says after a name: ``"  5  (+3)"``."""
    details = f"  {space_label(figure.space, words)}"
    return f"{details}  ({figure.delta_label})" if figure.shows_move else details


def legend_columns(figures: tuple[Figure, ...], words: PictureWords) -> int:
    """Three columns, or fewer when a figure's space and move leave its name no room."""
    widest = max(
        (text_length(legend_details(figure, words), LEGEND_SIZE) for figure in figures), default=0
    )
    for columns in (3, 2):
        if widest + MIN_NAME_ROOM <= legend_text_room(columns):
            return columns
    return 1


def legend_column_width(columns: int) -> int:
    return (TRACK_RIGHT - TRACK_LEFT) // columns


def legend_text_room(columns: int) -> int:
    """How wide a legend entry's name and details may be, beside its disc."""
    return legend_column_width(columns) - 2 * LEGEND_DISC_RADIUS - LEGEND_TEXT_GAP - LEGEND_GUTTER


def figure_center(board: Board, figure_index: int) -> Point:
    """Where the disc of ``board.figures[figure_index]`` is drawn."""
    figure = board.figures[figure_index]
    return layout_for(board).disc_center(figure.space, board.stack_index(figure_index))

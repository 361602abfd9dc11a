"""Where everything goes in the picture. The renderer and the tests share these numbers."""

from __future__ import annotations

from dataclasses import dataclass

from bot.render.board import MAX_SPACE, MIN_SPACE, START_SPACE, Board

Point = tuple[int, int]
Box = tuple[int, int, int, int]

WIDTH = 1200
CELL_WIDTH = 38
START_WIDTH = 60
CELL_HEIGHT = 48
TRACK_LEFT = (WIDTH - (MAX_SPACE - MIN_SPACE) * CELL_WIDTH - START_WIDTH) // 2
TRACK_RIGHT = WIDTH - TRACK_LEFT

PADDING = 20
TITLE_HEIGHT = 40
SUBTITLE_HEIGHT = 26
DISC_RADIUS = 17
STACK_STEP = 2 * DISC_RADIUS + 3
MIN_STACK_ROWS = 3
SCORES_LABEL_HEIGHT = 22
TRAIL_STEP = 20
LEGEND_COLUMNS = 3
LEGEND_ROW_HEIGHT = 38
LEGEND_DISC_RADIUS = 13


def cell_box(space: int) -> Box:
    """The track cell of ``space`` as (left, top, right, bottom) relative to the track's top."""
    left = space_left(space)
    width = START_WIDTH if space == START_SPACE else CELL_WIDTH
    return (left, 0, left + width, CELL_HEIGHT)


def space_left(space: int) -> int:
    if not MIN_SPACE <= space <= MAX_SPACE:
        raise ValueError(f"space {space} is off the track")
    if space <= START_SPACE:
        return TRACK_LEFT + (space - MIN_SPACE) * CELL_WIDTH
    return (
        TRACK_LEFT + (START_SPACE - MIN_SPACE) * CELL_WIDTH + START_WIDTH + (space - 1) * CELL_WIDTH
    )


def space_x(space: int) -> int:
    """The horizontal centre of a space's cell."""
    left, _, right, _ = cell_box(space)
    return (left + right) // 2


@dataclass(frozen=True)
class Layout:
    """The vertical bands of one board's picture (its height depends on what it shows)."""

    caption_top: int
    stacks_top: int
    track_top: int
    trails_top: int
    legend_top: int
    height: int
    width: int = WIDTH

    def space_center(self, space: int) -> Point:
        """The centre of a space's track cell."""
        return (space_x(space), self.track_top + CELL_HEIGHT // 2)

    def cell(self, space: int) -> Box:
        left, top, right, bottom = cell_box(space)
        return (left, self.track_top + top, right, self.track_top + bottom)

    def disc_center(self, space: int, stack_index: int) -> Point:
        """Centre of the ``stack_index``-th figure on ``space`` (0 stands on the track)."""
        bottom = self.track_top - 6
        return (space_x(space), bottom - DISC_RADIUS - stack_index * STACK_STEP)

    def trail_y(self, lane: int) -> int:
        return self.trails_top + lane * TRAIL_STEP + TRAIL_STEP // 2

    def legend_center(self, entry: int) -> Point:
        """Centre of the disc of the ``entry``-th legend entry."""
        row, column = divmod(entry, LEGEND_COLUMNS)
        column_width = (TRACK_RIGHT - TRACK_LEFT) // LEGEND_COLUMNS
        x = TRACK_LEFT + column * column_width + LEGEND_DISC_RADIUS
        y = self.legend_top + row * LEGEND_ROW_HEIGHT + LEGEND_ROW_HEIGHT // 2
        return (x, y)


def layout_for(board: Board) -> Layout:
    caption_top = PADDING
    caption_height = TITLE_HEIGHT + max(len(board.caption) - 1, 0) * SUBTITLE_HEIGHT
    stacks_top = caption_top + caption_height + 6
    stack_rows = max(MIN_STACK_ROWS, board.tallest_stack())
    track_top = stacks_top + SCORES_LABEL_HEIGHT + stack_rows * STACK_STEP + 8
    trails_top = track_top + CELL_HEIGHT + 8
    lanes = len(trail_figures(board))
    legend_top = trails_top + lanes * TRAIL_STEP + (10 if lanes else 4)
    legend_rows = -(-len(board.figures) // LEGEND_COLUMNS)
    height = legend_top + legend_rows * LEGEND_ROW_HEIGHT + PADDING
    return Layout(caption_top, stacks_top, track_top, trails_top, legend_top, height)


def trail_figures(board: Board) -> tuple[int, ...]:
    """Indexes of the figures whose last move is drawn under the track, one lane each."""
    return tuple(index for index, figure in enumerate(board.figures) if figure.shows_move)


def figure_center(board: Board, figure_index: int) -> Point:
    """Where the disc of ``board.figures[figure_index]`` is drawn."""
    figure = board.figures[figure_index]
    return layout_for(board).disc_center(figure.space, board.stack_index(figure_index))

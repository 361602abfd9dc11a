"""The picture of the track (PNG) and the same positions in words.

board = Board(
    figures=(Figure("Anne", "A", 0, 5, moved_from=2, delta=3), Figure("Leo", "L", None, 0)),
    highlight_space=5,
    caption=("Stage 2 · Round 5", "Stage scoring"),
)
png = await asyncio.to_thread(render_track, board, locale)
alt_text = describe_board(board, locale)
"""

from bot.render.board import Board, Figure, distinct_initials
from bot.render.describe import MAX_DESCRIPTION, describe_board
from bot.render.geometry import Layout, figure_center, layout_for
from bot.render.track import render_track

__all__ = [
    "MAX_DESCRIPTION",
    "Board",
    "Figure",
    "Layout",
    "describe_board",
    "distinct_initials",
    "figure_center",
    "layout_for",
    "render_track",
]

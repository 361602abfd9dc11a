"""The picture of the track (PNG) and the same positions in words.

board = Board(
    figures=(Figure("Anne", "A", 0, 5, moved_from=2, delta=3), Figure("Leo", "L", None, 0)),
    highlight_space=5,
    caption=("Stufe 2 · Runde 5", "Stufenwertung"),
    locale="de",
)
png = await asyncio.to_thread(render_track, board)
alt_text = describe_board(board)

The picture's own words (START, the scoring tag, "Player 3" for a name the font cannot
draw) and the description are in the board's locale; the caption is written as given."""

from bot.render.board import Board, Figure, distinct_initials
from bot.render.describe import MAX_DESCRIPTION, describe_board
from bot.render.layout import figure_center, layout_for
from bot.render.track import render_track

__all__ = [
    "MAX_DESCRIPTION",
    "Board",
    "Figure",
    "describe_board",
    "distinct_initials",
    "figure_center",
    "layout_for",
    "render_track",
]

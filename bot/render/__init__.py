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

from bot.render.board import Board as Board
from bot.render.board import Figure as Figure
from bot.render.board import distinct_initials as distinct_initials
from bot.render.describe import MAX_DESCRIPTION as MAX_DESCRIPTION
from bot.render.describe import describe_board as describe_board
from bot.render.layout import figure_center as figure_center
from bot.render.layout import layout_for as layout_for
from bot.render.track import render_track as render_track

"""Boards the render tests share, and how they read a picture back."""

from __future__ import annotations

import io

from PIL import Image

from bot.render import Board, Figure, render_track


def decoded(board: Board) -> Image.Image:
    """The board's picture as Discord shows it: the PNG decoded to RGB."""
    return Image.open(io.BytesIO(render_track(board))).convert("RGB")


SEVEN_FIGURES = Board(
    figures=(
        Figure("Anne", "A", 0, 5, moved_from=2, delta=3),
        Figure("Ben", "B", 1, 0, moved_from=1, delta=-1),
        Figure("Chris", "C", 2, -2, moved_from=2, delta=-4),
        Figure("Dana", "D", 3, 5, moved_from=6, delta=-1),
        Figure("Eve", "E", 4, 16, moved_from=14, delta=5),
        Figure("Wolfgang", "W", 5, 5, moved_from=5, delta=0),
        Figure("Leo", "L", None, 0, moved_from=-3, delta=3),
    ),
    highlight_space=5,
    caption=("Stage 2 · Round 5", "Stage scoring"),
)

ALL_ON_ONE_SPACE = Board(
    figures=tuple(Figure(name, name[0], seat, -12) for seat, name in enumerate("UVWXYZ")),
    caption=("Stage 1 · Round 1",),
)

TWO_PLAYERS = Board(
    figures=(
        Figure("Anne", "A", 0, 3),
        Figure("Ben", "B", 1, -1),
        Figure("Leo", "L", None, 3),
    ),
)

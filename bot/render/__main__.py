"""Write a sample picture of the track: ``python -m bot.render [out.png]`` (for the README)."""

from __future__ import annotations

import sys
from pathlib import Path

from bot.render import Board, Figure, describe_board, render_track

SAMPLE = Board(
    figures=(
        Figure("Anne", "A", 0, 6, moved_from=3, delta=3),
        Figure("Ben", "B", 1, 11, moved_from=9, delta=2),
        Figure("Chloé", "C", 2, 6, moved_from=7, delta=-1),
        Figure("Dana", "D", 3, -2, moved_from=1, delta=-3),
        Figure("Emil", "E", 4, 16, moved_from=14, delta=4),
    ),
    highlight_space=11,
    caption=("Stage 3 · Round 5", "Stage scoring: the second-farthest space, 11, scores 11 points"),
)


def main(arguments: list[str]) -> None:
    path = Path(arguments[0] if arguments else "track.png")
    path.write_bytes(render_track(SAMPLE))
    print(f"{path}: {describe_board(SAMPLE)}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Write a sample picture of the track: ``python -m bot.render [out.png]`` (for the README)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot.render",
        description="Draw the sample track of the README (five figures after a stage's last "
        "round) as a PNG, and print its alt text.",
    )
    parser.add_argument(
        "output",
        nargs="?",
        type=Path,
        default=Path("track.png"),
        help="where to write the PNG (default: track.png); the README's is docs/track.png",
    )
    return parser


def main(arguments: Sequence[str] | None = None) -> int:
    path: Path = _parser().parse_args(arguments).output
    try:
        path.write_bytes(render_track(SAMPLE))
    except OSError as error:
        print(f"cannot write {path}: {error.strerror}", file=sys.stderr)
        return 1
    print(f"{path}: {describe_board(SAMPLE)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

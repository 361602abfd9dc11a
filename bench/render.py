"""How long the picture of the track takes and how big it is.

    .venv/bin/python bench/render.py [--repeat N]

Prints milliseconds per image (median and worst of N, after one warm-up; then the median
of the CPU time this thread spent, steadier on a busy machine) and PNG bytes
for a few typical boards. Text is rasterised once and then reused, so the last board gets
names never drawn before each time: the cost of a game the renderer has not seen yet (its
caption, like most words of the picture, is one every game shares).
Nothing is asserted: these are numbers to watch.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections.abc import Callable

from bot.render import Board, Figure, describe_board, render_track

NAMES = ("Anne", "Ben", "Chris", "Dana", "Eve", "Finn")


def stage_start(players: int) -> Board:
    figures = tuple(Figure(name, name[0], seat, 0) for seat, name in enumerate(NAMES[:players]))
    return Board(figures, caption=("Stage 1 · Round 1",))


def after_a_round(players: int) -> Board:
    figures = tuple(
        Figure(name, name[0], seat, space, moved_from=space - 3 + seat % 3, delta=3 - seat % 3)
        for seat, (name, space) in enumerate(
            zip(NAMES[:players], (5, 2, -1, 5, 9, 14), strict=False)
        )
    )
    return Board(figures, caption=("Stage 3 · Round 4",))


def two_players_scoring() -> Board:
    figures = (
        Figure("Anne", "A", 0, 7, moved_from=4, delta=3),
        Figure("Ben", "B", 1, 16, moved_from=13, delta=4),
        Figure("Leo", "L", None, 7, moved_from=8, delta=-1),
    )
    return Board(figures, highlight_space=7, caption=("Stage 2 · Round 5", "Stage scoring"))


def seven_figures() -> Board:
    figures = tuple(
        Figure(name, name[0], seat, space, moved_from=space - 2, delta=2)
        for seat, (name, space) in enumerate(zip(NAMES, (5, 0, -2, 5, 16, 5), strict=True))
    )
    leo = Figure("Leo", "L", None, 0, moved_from=-3, delta=3)
    return Board((*figures, leo), highlight_space=5, caption=("Stage 2 · Round 5", "Scoring"))


_fresh_numbers = itertools.count()


def seven_figures_new_names() -> Board:
    number = next(_fresh_numbers)
    board = seven_figures()
    figures = tuple(
        Figure(f"{figure.name}{number}", figure.initial, figure.colour, figure.space,
               figure.moved_from, figure.delta)
        for figure in board.figures
    )  # fmt: skip
    return Board(figures, board.highlight_space, board.caption)


BOARDS: dict[str, Callable[[], Board]] = {
    "6 players, stage start": lambda: stage_start(6),
    "6 players, after a round": lambda: after_a_round(6),
    "2 players + Leo, scoring": two_players_scoring,
    "7 figures, scoring": seven_figures,
    "7 figures, new names": seven_figures_new_names,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    repeat = parser.parse_args().repeat
    render_track(stage_start(3))  # warm-up: fonts load once per thread
    print(
        f"{'board':<28} {'median ms':>9} {'max ms':>7} {'cpu ms':>7} {'bytes':>7} {'alt chars':>9}"
    )
    for name, make_board in BOARDS.items():
        timings = []
        cpu_timings = []
        for _ in range(repeat):
            board = make_board()
            started, cpu_started = time.perf_counter(), time.thread_time()
            png = render_track(board)
            timings.append((time.perf_counter() - started) * 1000)
            cpu_timings.append((time.thread_time() - cpu_started) * 1000)
        print(
            f"{name:<28} {statistics.median(timings):9.1f} {max(timings):7.1f} "
            f"{statistics.median(cpu_timings):7.1f} {len(png):7d} {len(describe_board(board)):9d}"
        )


if __name__ == "__main__":
    main()

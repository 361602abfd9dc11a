"""Capacity: the largest number of concurrent human-paced 4-player games one bot process
serves with reveal p99 under a second. Each step is a whole `bench/load.py` run (a fresh bot
and loopback Discord): the count doubles until a run misses the goal, then is bisected.

    .venv/bin/python bench/capacity.py --rounds 2 --games 250 --ceiling 2000 --step 50

Takes the options of bench/load.py (`--games` is where the search starts). Nothing here is
asserted: see the figures. Beside the goal's figures the table shows how long players waited
to see their next hand (hand p99): not part of the goal, but where hands queue behind
Discord's global limit (DMs) a run can keep its reveals fast while its games slow down to the
bot's pace instead of the players'.
"""

from __future__ import annotations

import asyncio
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load import (
    REVEAL_P99_GOAL,
    Summary,
    parser_of_runs,
    run_bench,
    settings_of,
    stop_on_sigterm,
)
from bench.load_run import Settings


async def find_capacity(base: Settings, ceiling: int, step: int) -> tuple[int, list[Summary]]:
    """The largest game count (a multiple of `step`, at most `ceiling`) whose run meets the
    goal, and every run made on the way."""
    stop_on_sigterm()
    runs: list[Summary] = []
    served, missed = 0, ceiling + step
    games = max(step, base.games // step * step)
    while missed - served > step:
        print(f"\n=== {games} concurrent games ===", flush=True)
        summary = await run_bench(replace(base, games=games))
        runs.append(summary)
        if summary.meets_reveal_goal():
            served = games
            grown = games * 2 if missed > ceiling else (games + missed) // 2
            games = min(ceiling, grown)
            if served == ceiling:
                break
        else:
            missed = games
            games = (served + missed) // 2
        games = max(step, games // step * step)
        if games in (served, missed):
            break
    return served, runs


def main() -> None:
    parser = parser_of_runs(__doc__)
    parser.add_argument("--ceiling", type=int, default=2000, help="the most games to try")
    parser.add_argument("--step", type=int, default=50, help="the answer's precision in games")
    arguments = parser.parse_args()
    base = settings_of(arguments)
    capacity, runs = asyncio.run(find_capacity(base, arguments.ceiling, arguments.step))
    print(
        f"\n{'games':>6} {'reveal p50':>11} {'reveal p99':>11} {'hand p99':>10} {'ack p99':>9} "
        f"{'past 3 s':>9} {'stuck':>6} {'REST/round':>11}"
    )
    for run in sorted(runs, key=lambda summary: summary.games):
        print(
            f"{run.games:6d} {run.reveal_p50 * 1000:9.0f} ms {run.reveal_p99 * 1000:9.0f} ms "
            f"{run.hand_p99:8.1f} s {run.ack_p99 * 1000:7.0f} ms {run.late:9d} {run.stuck:6d} "
            f"{run.requests_per_round:11.2f}"
        )
    print(
        f"\ncapacity: {capacity} concurrent human-paced games with reveal p99 under "
        f"{REVEAL_P99_GOAL:g} s (within {arguments.step} games; ceiling {arguments.ceiling})"
    )


if __name__ == "__main__":
    main()

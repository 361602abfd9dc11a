"""What a round of Why First? costs against the floor, in one run of one command.

    .venv/bin/python bench/cost.py                     # 100 games x 5 rounds a mode, seed 7
    .venv/bin/python bench/cost.py --games 20 --rounds 2 --floor-waves 3

The floor is bench/ack_floor.py's: a discord.py bot that only answers the same kind of clicks
through the same loopback Discord, its CPU per click. The runs alternate on this machine,
floor first and last: floor, hands in the channel (human pace), floor, hands in DMs (human
pace), floor, hands in DMs at burst pace, floor, hands in the channel at burst pace, floor. Each
game mode prints bench/load.py's report; then, per mode, the bot's CPU per game-round (and the
part of it its event loop's thread spent: the rest is its database's and pictures' threads), the
interactions per game-round (lobbies included), the cost of that many bare clicks (the median
floor run's CPU per click times them) and the ratio (issue 49's goal: at most 3 for the
channel at human pace), and the bot's peak memory per running game (its peak RSS over its RSS
when ready, per game).

The floor of issue 49's goal is clicked in bursts, the way bench/load.py's burst plays, while
the goal's game is played at human pace, where clicks come one by one and each wakes the bot
on its own. So the floor is also measured at that pace, twice (before each human-paced mode:
bench/ack_floor.py's `--pace human`, as many tables as games, the players' think times of the
game's run), and each mode's ratio is printed against the floor clicked at its own pace too.
The channel at burst pace is the other like-for-like comparison: the game clicked the way
the goal's floor is. Both are for reading the goal's ratio, not in place of it.

Last, the channel once more with a tenth of the games, for memory
only: the growth between the two runs is what each more running game takes, apart from what
the bot takes once whatever the games (caches, buffers, the picture's working set). Nothing is
asserted: see the numbers.
"""

from __future__ import annotations

import asyncio
import dataclasses
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import ack_floor
from bench.load import Summary, parser_of_runs, run_bench, settings_of, stop_on_sigterm
from bench.load_run import Settings

MODES = (("channel", "human"), ("dm", "human"), ("dm", "burst"), ("channel", "burst"))
"""(where the hands are, the players' pace), in the order they run."""
RATIO_GOAL = 3.0
HUMAN_FLOOR_WAVES = 3
"""Human pace: each floor player's card and target clicks, as many times."""


async def measure(base: Settings, floors: int, floor_games: int, floor_waves: int) -> None:
    stop_on_sigterm()
    per_click: list[float] = []
    per_human_click: list[float] = []
    summaries: list[tuple[Settings, Summary]] = []
    modes = list(MODES)
    for index in range(max(floors, len(modes) + 1)):
        print(f"\n--- floor run {index + 1}: an answer-only discord.py bot ---", flush=True)
        per_click.append(await ack_floor.run(floor_games, floor_waves))
        if modes:
            hands, pace = modes.pop(0)
            if pace == "human":
                print("\n--- the floor at human pace ---", flush=True)
                thinks = (base.card_think, base.target_think)
                clicked = ack_floor.run(base.games, HUMAN_FLOOR_WAVES, thinks, base.seed)
                per_human_click.append(await clicked)
            print(f"\n--- Why First?: hands in {hands}, {pace} pace ---", flush=True)
            run = dataclasses.replace(base, hands=hands, pace=pace)
            summaries.append((run, await run_bench(run)))
    floor = statistics.median(per_click)
    human_floor = statistics.median(per_human_click)
    print(
        "\nfloor: CPU per click "
        + ", ".join(f"{seconds * 1000:.2f}" for seconds in per_click)
        + f" ms; median {floor * 1000:.2f} ms"
    )
    print(
        "floor at human pace: CPU per click "
        + ", ".join(f"{seconds * 1000:.2f}" for seconds in per_human_click)
        + f" ms; median {human_floor * 1000:.2f} ms"
    )
    print(
        f"{'mode':<18}{'bot CPU/round':>15}{'of it, loop':>13}{'clicks/round':>14}"
        f"{'floor x clicks':>16}{'ratio':>8}{'at its pace':>13}{'KiB/game':>10}"
    )
    for run, summary in summaries:
        bare = floor * summary.interactions_per_round
        ratio = summary.bot_cpu_per_round / bare
        paced = human_floor if run.pace == "human" else floor
        at_pace = summary.bot_cpu_per_round / (paced * summary.interactions_per_round)
        print(
            f"{f'{run.hands}, {run.pace}':<18}{summary.bot_cpu_per_round * 1000:>12.1f} ms"
            f"{summary.loop_cpu_per_round * 1000:>10.1f} ms"
            f"{summary.interactions_per_round:>14.1f}{bare * 1000:>13.1f} ms{ratio:>8.2f}"
            f"{at_pace:>13.2f}{summary.peak_kib_per_game:>10.0f}"
        )
    print(
        f"goal: the channel at human pace at most {RATIO_GOAL:.0f}x the floor (the ratio "
        "column: the floor clicked in bursts)"
    )
    await marginal_memory(base, summaries[0][1])


async def marginal_memory(base: Settings, channel: Summary) -> None:
    """The channel's memory again with a tenth of the games: what the bot takes once, whatever
    the games (its caches and buffers warming up), shows as the difference between the two
    figures per game; what each more running game takes is the growth between the runs."""
    few = max(base.games // 10, 2)
    print(f"\n--- Why First?: hands in channel, human pace, {few} games (memory only) ---")
    small = await run_bench(dataclasses.replace(base, hands="channel", pace="human", games=few))
    grown = channel.peak_kib_per_game * channel.games
    taken = small.peak_kib_per_game * few
    print(
        f"memory over the ready RSS: {grown:.0f} KiB with {channel.games} games, {taken:.0f} KiB "
        f"with {few}: each running game beyond the first {few} took "
        f"{(grown - taken) / (channel.games - few):.0f} KiB"
    )


def main() -> None:
    parser = parser_of_runs(__doc__.split("\n\n")[0])
    parser.set_defaults(games=100, rounds=5, seed=7, no_validate=True)
    parser.add_argument("--floors", type=int, default=5, help="floor runs (at least 5)")
    parser.add_argument("--floor-games", type=int, default=20)
    parser.add_argument("--floor-waves", type=int, default=10)
    arguments = parser.parse_args()
    base = settings_of(arguments)
    asyncio.run(measure(base, arguments.floors, arguments.floor_games, arguments.floor_waves))


if __name__ == "__main__":
    main()

"""Load: N concurrent 4-player games against one `python -m bot` through the loopback Discord.

    .venv/bin/python bench/load.py --games 500 --rounds 2            # people at human pace
    .venv/bin/python bench/load.py --games 500 --rounds 2 --pace burst

`--pace human` (the default): lobbies open staggered (`--open-rate` games a second), then
each game plays on its own: every player waits for their hand, thinks (`--card-think`
seconds, uniform), clicks a card, thinks again (`--target-think`) and clicks a target; a
click that failed ("This interaction failed") is clicked again a second later, as people do.
`--pace burst`: the stress case, every player of every game clicks at the same instant and
all games advance round by round together. `--ai N` (human pace): the host adds N AI
players (`--ai-level`) in each lobby, and people take the other seats.

Prints, for acknowledgement (interaction sent -> callback received) and for reveal (a game's
last pick sent -> its reveal posted), p50 / p99 / max; interactions past 3 s; the offered
interaction rate (mean and peak second); wall time; the bot's CPU; 429s; and the bot's memory
per running game. Nothing here is asserted: see the numbers.
"""

# This docstring is the command's --help. The code: the command line, the run and its Summary
# are here; Settings and Outcome in bench/load_run.py; the players in bench/load_players.py
# (human pace) and bench/load_burst.py (burst pace); the figures and the report in
# bench/load_report.py.

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load_burst import play_burst
from bench.load_players import play_human
from bench.load_report import (
    Sample,
    Usage,
    cpu_seconds,
    late_interactions,
    machine_ticks,
    memory_kib,
    quantile,
    report,
    round_acks,
    sample_bot,
    stolen_share,
)
from bench.load_run import (
    HUMAN_CARD_THINK,
    HUMAN_TARGET_THINK,
    PLAYERS_PER_GAME,
    Outcome,
    Settings,
)
from tests.e2e.table import Table
from tests.loopback import LoopbackDiscord
from tests.loopback.harness import BotProcess, bot_environment
from tests.loopback.players import GuildHandle
from tests.loopback.server import is_interaction_endpoint

REVEAL_P99_GOAL = 1.0
"""Seconds: the reveal p99 a run must stay under (bench/capacity.py searches with it)."""


# --- the run ------------------------------------------------------------------------------------


def make_tables(discord: LoopbackDiscord, run: Settings) -> tuple[list[Table], GuildHandle]:
    """One guild; per game a text channel and its four players, all members of the guild."""
    guild = discord.add_guild("Bench")
    tables: list[Table] = []
    for index in range(run.games):
        channel = guild.add_text_channel(f"table-{index}")
        players = [discord.add_user(f"G{index}P{seat}") for seat in range(run.people)]
        for player in players:
            guild.add_member(player)
        tables.append(
            Table(
                discord,
                channel,
                players,
                hands_in_channel=run.hands == "channel",
                seed=index,
                patience=run.round_timeout,
            )
        )
    return tables, guild


@dataclass(frozen=True)
class Summary:
    """A run in the figures the goals name."""

    games: int
    reveal_p50: float
    reveal_p99: float
    hand_p99: float
    """Not part of the goal: how long players waited to see their next hand (p99)."""
    ack_p99: float
    late: int
    stuck: int
    requests_per_round: float
    bot_cpu_per_round: float
    """Seconds of the bot's CPU per revealed game-round, lobbies included."""
    loop_cpu_per_round: float
    """The part of it the event loop's thread spent."""
    interactions_per_round: float
    """Interactions the players sent per revealed game-round, lobbies included."""
    peak_kib_per_game: float
    """The bot's peak RSS over its RSS when ready, per game."""

    def meets_reveal_goal(self) -> bool:
        """Reveal p99 under a second, and every round revealed."""
        return self.reveal_p99 < REVEAL_P99_GOAL and self.stuck == 0


async def run_bench(run: Settings) -> Summary:
    """One whole run: a fresh loopback Discord and bot, the games played, the report printed."""
    logging.getLogger("loopback").setLevel(logging.ERROR)
    discord = LoopbackDiscord()
    discord.limiter.limit = run.rest_limit
    discord.rest.validate_schema = run.validate
    await discord.start()
    try:
        tables, guild = make_tables(discord, run)
        with tempfile.TemporaryDirectory() as workdir:
            environment = bot_environment(
                discord, Path(workdir) / "bench.sqlite3", dev_guild=guild, time_scale=1.0
            )
            bot = BotProcess(environment, Path(workdir))
            booting = time.monotonic()
            ticks = machine_ticks()
            await bot.start()
            at_boot = discord.rate_limited_requests()
            booted = len(discord.rest.requests)
            try:
                outcome, usage = await play(tables, run, bot.pid, booting)
            finally:
                await bot.stop()
        spent = discord.rate_limited_requests() - at_boot
        tokens = Counter(
            f"{method} {template}"
            for method, template in discord.rest.requests[booted:]
            if is_interaction_endpoint(template)
        )
        report(discord, bot, run, outcome, usage, spent, tokens)
        stolen = stolen_share(ticks, machine_ticks())
        print(f"CPU stolen by the hypervisor {stolen:.0%} of the machine's during the run")
        rounds = max(outcome.revealed, 1)
        sent = sum(1 for i in discord.world.interactions.values() if i.dispatched_at is not None)
        lost = sum(len(table.closed_dms) for table in tables)
        print(f"players last seen playing through Show my hand (DMs failed): {lost}")
        return Summary(
            games=run.games,
            reveal_p50=quantile(outcome.reveal_latencies, 0.5),
            reveal_p99=quantile(outcome.reveal_latencies, 0.99),
            hand_p99=quantile(outcome.hand_waits, 0.99) if outcome.hand_waits else 0.0,
            ack_p99=quantile(round_acks(discord), 0.99),
            late=len(late_interactions(discord)),
            stuck=len(outcome.stuck),
            requests_per_round=sum(spent.values()) / rounds,
            bot_cpu_per_round=usage.bot_cpu / rounds,
            loop_cpu_per_round=usage.loop_cpu / rounds,
            interactions_per_round=sent / rounds,
            peak_kib_per_game=(usage.peak_rss - usage.baseline_rss) / run.games,
        )
    finally:
        await discord.stop()


async def play(
    tables: list[Table], run: Settings, pid: int, booting: float
) -> tuple[Outcome, Usage]:
    """Play the games at the run's pace while sampling the bot; what they did and cost."""
    baseline = memory_kib(pid, "VmRSS")
    print(f"bot ready in {time.monotonic() - booting:.1f} s, RSS {baseline} KiB")
    cpu_at_start = cpu_seconds(pid), cpu_seconds(os.getpid()), cpu_seconds(pid, pid)
    started = time.monotonic()
    samples: list[Sample] = []
    sampler = asyncio.create_task(sample_bot(pid, samples))
    try:
        if run.pace == "human":
            outcome = await play_human(tables, run)
        else:
            outcome = await play_burst(tables, run, pid)
    finally:
        sampler.cancel()
    usage = Usage(
        wall=time.monotonic() - started,
        bot_cpu=cpu_seconds(pid) - cpu_at_start[0],
        loop_cpu=cpu_seconds(pid, pid) - cpu_at_start[2],
        bench_cpu=cpu_seconds(os.getpid()) - cpu_at_start[1],
        baseline_rss=baseline,
        peak_rss=memory_kib(pid, "VmHWM"),
        final_rss=memory_kib(pid, "VmRSS"),
        samples=samples,
    )
    return outcome, usage


# --- the command line ---------------------------------------------------------------------------


def stop_on_sigterm() -> None:
    """Cancel the running task on SIGTERM as on Ctrl-C, so the bot under test is stopped."""
    task = asyncio.current_task()
    assert task is not None
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)


async def main_task(run: Settings) -> None:
    stop_on_sigterm()
    await run_bench(run)


def seconds_range(text: str) -> tuple[float, float]:
    """`LOW-HIGH` (or one number) seconds, as an option's value."""
    low, _, high = text.partition("-")
    bounds = float(low), float(high or low)
    if not 0 <= bounds[0] <= bounds[1]:
        raise argparse.ArgumentTypeError(f"{text!r} is not LOW-HIGH seconds")
    return bounds


def _span(bounds: tuple[float, float]) -> str:
    """`seconds_range`'s text for `bounds`."""
    return f"{bounds[0]:g}-{bounds[1]:g}"


def parser_of_runs(description: str | None) -> argparse.ArgumentParser:
    """The options of one run (bench/capacity.py adds its own to them)."""
    parser = argparse.ArgumentParser(
        description=description, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--pace", choices=("human", "burst"), default="human")
    parser.add_argument("--rest-limit", type=int, default=50, help="global REST requests/s")
    parser.add_argument(
        "--no-validate",
        action="store_true",
        help="skip the fake's OpenAPI validation (~10 ms of its CPU per message)",
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="seeds the players' think times and choices"
    )
    parser.add_argument(
        "--open-rate", type=float, default=25.0, help="human pace: lobbies opened per second"
    )
    parser.add_argument(
        "--card-think",
        type=seconds_range,
        default=HUMAN_CARD_THINK,
        metavar="LOW-HIGH",
        help="human pace: seconds before a card click (uniform; default "
        f"{_span(HUMAN_CARD_THINK)})",
    )
    parser.add_argument(
        "--target-think",
        type=seconds_range,
        default=HUMAN_TARGET_THINK,
        metavar="LOW-HIGH",
        help="human pace: seconds before a target click (uniform; default "
        f"{_span(HUMAN_TARGET_THINK)})",
    )
    parser.add_argument(
        "--round-timeout",
        type=float,
        default=120.0,
        help="seconds a round may take before it is reported as stuck",
    )
    parser.add_argument(
        "--hands",
        choices=("dm", "channel"),
        default="dm",
        help="where the games keep their hands: in DMs, or ephemeral in their channel",
    )
    parser.add_argument(
        "--ai",
        type=int,
        choices=range(PLAYERS_PER_GAME),
        default=0,
        help="AI seats per game, added by the host in the lobby (human pace only); people "
        "take the others",
    )
    parser.add_argument("--ai-level", default="sharp", help="how the AI seats play")
    parser.add_argument("--bot-log", type=Path, help="write the bot's whole log to this file")
    parser.add_argument(
        "--timeline",
        action="store_true",
        help="also print, per 10 s of the run, clicks, their ack p99, the bot's CPU and RSS",
    )
    return parser


def settings_of(arguments: argparse.Namespace) -> Settings:
    """The run the parsed options of `parser_of_runs` ask for."""
    if arguments.ai and arguments.pace != "human":
        sys.exit("--ai: AI seats are played at human pace only")
    return Settings(
        games=arguments.games,
        rounds=arguments.rounds,
        pace=arguments.pace,
        rest_limit=arguments.rest_limit,
        validate=not arguments.no_validate,
        seed=arguments.seed,
        open_rate=arguments.open_rate,
        card_think=arguments.card_think,
        target_think=arguments.target_think,
        round_timeout=arguments.round_timeout,
        bot_log=arguments.bot_log,
        timeline=arguments.timeline,
        hands=arguments.hands,
        ai=arguments.ai,
        ai_level=arguments.ai_level,
    )


def main() -> None:
    run = settings_of(parser_of_runs(__doc__).parse_args())
    try:
        asyncio.run(main_task(run))
    except (KeyboardInterrupt, asyncio.CancelledError):
        sys.exit("interrupted: the bot under test was stopped")


if __name__ == "__main__":
    main()

"""A league night against ordinary games, paired: is a table of a league as quick as a game?

    .venv/bin/python bench/league.py                       # 60 people, 15 tables, 3 games
    .venv/bin/python bench/league.py --people 12 --games 2 # a quick look

Two runs on this machine, each with a fresh loopback Discord and `python -m bot` (the league
first; `--games-first` swaps them, to alternate the order between pairs):
1. the league: its host opens `/whyfirst league open` (tables of 4, 600 s picks), everyone
   joins by the post's button, the host starts; each of the night's games is then played at
   all its tables at once (one public thread each), every table's whole game at human pace
   from the moment the table shows its first round;
2. the same number of ordinary games at once, in as many channels, each opened with
   `/whyfirst start`, played whole at the same pace, as many times as the league has games.
Printed per run: reveal p50 / p99 (a table's last pick sent -> its reveal or final message)
and the acknowledgement p99 of the clicks that play rounds, as bench/load.py reports them;
then the league's figures over the games' (issue 47's goal: within 10 %). Nothing asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import random
import re
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load_players import human_click, human_game, human_rounds, until
from bench.load_report import machine_ticks, quantile, round_acks, stolen_share
from bench.load_run import ROUNDS_PER_STAGE, Outcome, Settings, turns
from bot.league.seating import table_letter
from tests.e2e.table import Table, buttons
from tests.loopback import GuildHandle, LoopbackDiscord, Player, TextChannel
from tests.loopback.harness import BotProcess, bot_environment

TABLE_SIZE = 4
STAGES = 5
MENTION = re.compile(r"<@(\d+)>")


@dataclass(frozen=True)
class Figures:
    reveal_p50: float
    reveal_p99: float
    ack_p99: float
    revealed: int
    stuck: int
    stolen: float
    """The share of the machine's CPU the hypervisor took during the run."""


def whole_game() -> list[tuple[int, int]]:
    return turns(STAGES * ROUNDS_PER_STAGE)


def thinkers(run: Settings, key: str, players: list[Player]) -> list[random.Random]:
    return [random.Random(f"{run.seed}/{key}/{seat}") for seat in range(len(players))]


async def league_run(people: int, games: int, run: Settings) -> Figures:
    started = machine_ticks()
    async with served(run) as (discord, guild):
        hall = guild.add_text_channel("league")
        players = [discord.add_user(f"P{n}") for n in range(people)]
        for player in players:
            guild.add_member(player)
        by_id = {player.id: player for player in players}
        outcome = Outcome()
        await open_and_start(players, hall, games, outcome)
        for game in range(1, games + 1):
            # Each table plays the moment it shows its first round, as its players would;
            # the next game is seated once the last table of this one has ended.
            await asyncio.gather(
                *(
                    seated_and_played(discord, game, index, by_id, run, outcome)
                    for index in range(-(-people // TABLE_SIZE))
                )
            )
        return figures(discord, outcome, started)


@asynccontextmanager
async def served(run: Settings) -> AsyncIterator[tuple[LoopbackDiscord, GuildHandle]]:
    """A fresh loopback Discord with one guild, and `python -m bot` serving it until the end
    of the block."""
    discord = LoopbackDiscord()
    discord.rest.validate_schema = run.validate
    await discord.start()
    try:
        guild = discord.add_guild("Bench")
        with tempfile.TemporaryDirectory() as workdir:
            environment = bot_environment(
                discord, Path(workdir) / "bench.sqlite3", dev_guild=guild, time_scale=1.0
            )
            bot = BotProcess(environment, Path(workdir))
            await bot.start()
            try:
                yield discord, guild
            finally:
                await bot.stop()
    finally:
        await discord.stop()


async def open_and_start(
    players: list[Player], hall: TextChannel, games: int, outcome: Outcome
) -> None:
    host = players[0]
    opened = await host.slash(
        hall, "whyfirst league open", games=games, table_size=TABLE_SIZE, pick_seconds=600
    )
    if opened.ephemeral_text is not None:
        raise SystemExit(f"/whyfirst league open was refused: {opened.ephemeral_text}")
    post = next(m for m in hall.messages() if buttons(m, "league"))

    def button(action: str) -> str:
        return next(
            str(b["custom_id"]) for b in buttons(post, "league") if f":{action}:" in b["custom_id"]
        )

    for player in players[1:]:
        await human_click(player, post, outcome, custom_id=button("join"))
    await human_click(host, post, outcome, custom_id=button("start"))


async def seated_and_played(
    discord: LoopbackDiscord,
    game: int,
    index: int,
    by_id: dict[int, Player],
    run: Settings,
    outcome: Outcome,
) -> None:
    """Table `index` of the night's game `game`: once its thread shows its first round, its
    whole game played at human pace."""
    name = f"· game {game} · table {table_letter(index)}"

    def shown() -> TextChannel | None:
        for channel in discord.world.channels.values():
            if channel.thread is not None and channel.name.endswith(name):
                thread = TextChannel(discord, channel)
                if any(buttons(m, "hand") for m in thread.messages()):
                    return thread
        return None

    async with asyncio.timeout(run.round_timeout):
        await until(shown)
    thread = shown()
    assert thread is not None
    seated = [by_id[int(user)] for user in MENTION.findall(thread.messages()[0].content)]
    table = Table(discord, thread, seated, seed=thread.id % 97, patience=run.round_timeout)
    await human_rounds(table, thinkers(run, f"{game}/{index}", seated), whole_game(), run, outcome)


async def games_run(tables_at_once: int, rounds_of_games: int, run: Settings) -> Figures:
    """As many ordinary games at once as the league has tables, played whole, as many times
    as the league has games (each time a new game in every channel)."""
    started = machine_ticks()
    async with served(run) as (discord, guild):
        channels = [guild.add_text_channel(f"table-{n}") for n in range(tables_at_once)]
        seats = [[discord.add_user(f"G{n}P{s}") for s in range(TABLE_SIZE)] for n in channels]
        for players in seats:
            for player in players:
                guild.add_member(player)
        outcome = Outcome()
        whole = dataclasses.replace(run, rounds=STAGES * ROUNDS_PER_STAGE)
        for wave in range(rounds_of_games):
            tables = [
                Table(discord, channel, players, seed=wave * 100 + n)
                for n, (channel, players) in enumerate(zip(channels, seats, strict=True))
            ]
            start = time.monotonic()
            await asyncio.gather(
                *(
                    human_game(table, wave * 100 + n, start, whole, outcome)
                    for n, table in enumerate(tables)
                )
            )
        return figures(discord, outcome, started)


def figures(discord: LoopbackDiscord, outcome: Outcome, started: tuple[int, int]) -> Figures:
    latencies = outcome.reveal_latencies or [0.0]
    acks = round_acks(discord) or [0.0]
    return Figures(
        reveal_p50=quantile(latencies, 0.5),
        reveal_p99=quantile(latencies, 0.99),
        ack_p99=quantile(acks, 0.99),
        revealed=outcome.revealed,
        stuck=len(outcome.stuck),
        stolen=stolen_share(started, machine_ticks()),
    )


def show(name: str, found: Figures) -> None:
    print(
        f"{name:<16} reveal p50 {found.reveal_p50 * 1000:7.1f} ms  p99 "
        f"{found.reveal_p99 * 1000:7.1f} ms   ack p99 {found.ack_p99 * 1000:6.1f} ms   "
        f"{found.revealed} rounds revealed, {found.stuck} stuck; "
        f"{found.stolen:.0%} of the machine's CPU stolen by its hypervisor",
        flush=True,
    )


async def measure(people: int, games: int, run: Settings, games_first: bool) -> None:
    tables = -(-people // TABLE_SIZE)
    print(f"{people} people, {tables} tables at once, {games} games; pace {run.card_think} s")
    if games_first:
        ordinary = await games_run(tables, games, run)
        show("ordinary games", ordinary)
    league = await league_run(people, games, run)
    show("league night", league)
    if not games_first:
        ordinary = await games_run(tables, games, run)
        show("ordinary games", ordinary)
    for what, ours, theirs in (
        ("reveal p99", league.reveal_p99, ordinary.reveal_p99),
        ("ack p99", league.ack_p99, ordinary.ack_p99),
    ):
        change = (ours / theirs - 1) * 100 if theirs else 0.0
        print(
            f"{what}: league {ours * 1000:.1f} ms vs games {theirs * 1000:.1f} ms: {change:+.1f} %"
        )
    print("goal: within 10 %")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--people", type=int, default=60)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--validate", action="store_true", help="validate against the OpenAPI")
    parser.add_argument(
        "--games-first", action="store_true", help="run the ordinary games before the league"
    )
    arguments = parser.parse_args()
    run = Settings(
        games=0,
        rounds=STAGES * ROUNDS_PER_STAGE,
        pace="human",
        rest_limit=50,
        validate=arguments.validate,
        seed=arguments.seed,
        open_rate=25.0,
        card_think=(0.5, 2.0),
        target_think=(0.2, 0.8),
        round_timeout=120.0,
    )
    asyncio.run(measure(arguments.people, arguments.games, run, arguments.games_first))


if __name__ == "__main__":
    main()

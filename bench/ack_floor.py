"""The floor under bench/load.py's burst: the same loopback Discord and the same wave of clicks
against a discord.py bot that does nothing but answer them (bench/ack_floor_bot.py).

    .venv/bin/python bench/ack_floor.py --games 20 --waves 5
    .venv/bin/python bench/ack_floor.py --games 100 --waves 3 --pace human

Each wave has the shape of a burst round: every player of every game clicks a card at the same
instant (answered with a redrawn message), and the players of a game click a target (answered
with a deferred update) once their game's four cards were answered. Prints the acknowledgement
p50 / p99 / max per wave and over all waves, and the CPU per click of the bot and of the
loopback with its players. What Why First? adds to these figures is
its own work; what they are already is this machine, discord.py, aiohttp and the loopback.

`--pace human`: the same clicks at bench/load.py's human pace instead, each player on their
own: think 2-8 s, click their card, think 0.5-2 s, click their target, `--waves` times. The
clicks then come one by one rather than in bursts, as the game's do at that pace, and each
wakes the bot on its own: a click costs the bot more than in a burst.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.ack_floor_bot import READY_LINE, SEATS
from bench.load_report import cpu_seconds, percentiles
from bench.load_run import HUMAN_CARD_THINK, HUMAN_TARGET_THINK
from tests.loopback import LoopbackDiscord
from tests.loopback.players import Player, TextChannel

READY_TIMEOUT_SECONDS = 30.0

Table = tuple[TextChannel, list[Player]]
Thinks = tuple[tuple[float, float], tuple[float, float]]
"""Human pace: the seconds (uniform, low-high) before a card click and before a target click."""
HUMAN_THINKS: Thinks = (HUMAN_CARD_THINK, HUMAN_TARGET_THINK)


async def start_bot(
    discord: LoopbackDiscord, channels: list[TextChannel]
) -> asyncio.subprocess.Process:
    env = dict(os.environ)
    env.update(
        DISCORD_TOKEN=discord.token,
        DISCORD_API_BASE=discord.api_base,
        DISCORD_GATEWAY_URL=discord.gateway_url,
        FLOOR_CHANNELS=",".join(str(channel.id) for channel in channels),
    )
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.ack_floor_bot", env=env, stderr=asyncio.subprocess.PIPE
    )
    assert process.stderr is not None
    async with asyncio.timeout(READY_TIMEOUT_SECONDS):
        while READY_LINE not in (line := (await process.stderr.readline()).decode()):
            if not line:
                raise RuntimeError("bench/ack_floor_bot.py ended before it was ready")
    return process


async def play(table: Table) -> None:
    """The table's players click a card together, then a target together."""
    channel, players = table
    for kind in ("card", "target"):
        await asyncio.gather(
            *(
                player.click(channel.last_message(), custom_id=f"floor:{kind}:{seat}")
                for seat, player in enumerate(players)
            )
        )


async def play_at_human_pace(table: Table, waves: int, thinks: Thinks, seed: int) -> None:
    """Each player of the table on their own: think, click their card, think, click their
    target, `waves` times."""
    channel, players = table

    async def play_seat(seat: int, player: Player) -> None:
        thinker = random.Random(f"{seed}/{channel.name}/{seat}")
        for _ in range(waves):
            for kind, think in zip(("card", "target"), thinks, strict=True):
                await asyncio.sleep(thinker.uniform(*think))
                await player.click(channel.last_message(), custom_id=f"floor:{kind}:{seat}")

    await asyncio.gather(*(play_seat(seat, player) for seat, player in enumerate(players)))


async def wave(discord: LoopbackDiscord, tables: list[Table]) -> list[float]:
    """Every table plays at once; the acknowledgement latencies of the wave."""
    seen = len(discord.world.ack_latencies)
    await asyncio.gather(*(play(table) for table in tables))
    return discord.world.ack_latencies[seen:]


async def run(games: int, waves: int, thinks: Thinks | None = None, seed: int = 7) -> float:
    """The waves played, in bursts, or at human pace given the players' `thinks`; the bot's
    CPU per click (seconds)."""
    logging.getLogger("loopback").setLevel(logging.ERROR)
    discord = LoopbackDiscord()
    discord.rest.validate_schema = False
    await discord.start()
    try:
        guild = discord.add_guild("Floor")
        channels = [guild.add_text_channel(f"table-{index}") for index in range(games)]
        tables = [
            (channel, [discord.add_user(f"{channel.name}-{seat}") for seat in range(SEATS)])
            for channel in channels
        ]
        for _, players in tables:
            for player in players:
                guild.add_member(player)
        bot = await start_bot(discord, channels)
        try:
            await asyncio.sleep(1.0)
            everything: list[float] = []
            cpu = cpu_seconds(bot.pid), cpu_seconds(os.getpid())
            if thinks is None:
                for number in range(1, waves + 1):
                    latencies = await wave(discord, tables)
                    everything += latencies
                    print(f"wave {number:<5} {percentiles(latencies)}")
                    await asyncio.sleep(0.5)
            else:
                seen = len(discord.world.ack_latencies)
                await asyncio.gather(
                    *(play_at_human_pace(table, waves, thinks, seed) for table in tables)
                )
                everything = discord.world.ack_latencies[seen:]
            print(f"all        {percentiles(everything)}")
            per_click = (cpu_seconds(bot.pid) - cpu[0]) / len(everything)
            print(
                f"CPU per click: bot {per_click * 1000:.2f} ms, loopback + players "
                f"{(cpu_seconds(os.getpid()) - cpu[1]) / len(everything) * 1000:.2f} ms"
            )
            return per_click
        finally:
            bot.terminate()
            await bot.wait()
    finally:
        await discord.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--waves", type=int, default=5)
    parser.add_argument("--pace", choices=("burst", "human"), default="burst")
    arguments = parser.parse_args()
    thinks = HUMAN_THINKS if arguments.pace == "human" else None
    asyncio.run(run(arguments.games, arguments.waves, thinks))


if __name__ == "__main__":
    main()

"""READY to a missed reveal: how long players wait, after a crash, for the round a dead process
stored but had not shown.

    .venv/bin/python bench/recovery.py                          # 30 kills, SQLite, hands by DM
    .venv/bin/python bench/recovery.py --database postgresql --hands channel --kills 30

Each kill is one game of four: round 1 is played, then round 2, whose last pick kills the bot at
a crash point armed where the reveal is stored and not shown (bot/crash.py: `commit`, the pick
durable and nothing shown; `answered`, its click answered; `reveal`, the reveal posted and its
id not stored: in turn). The bot is started again at once on the same database, as systemd
would; the figure is the time from its gateway READY (its `whyfirst: ready` line, as read by
the harness) to round 2's reveal in the channel, 0 when the reveal came first (the recovery
starts before the gateway connects; how much earlier is printed too). Then the game is
cancelled and the next kill begins. Prints the figures' count, p50, p99 and max. Nothing here
is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load_report import quantile
from tests.e2e.table import Table, turn_in
from tests.loopback import LoopbackDiscord, Player, TextChannel
from tests.loopback.harness import BotProcess, bot_environment
from tests.postgres import PostgresCluster, find_server_binaries

POINTS = ("commit:3", "answered:2", "reveal:3")
"""Round 2's reveal in a process that started the game (bot/crash.py counts from its start)."""


def revealed_at(table: Table, turn: tuple[int, int]) -> float | None:
    for message in table.game_messages():
        first = message.content.splitlines()[0] if message.content else ""
        if "revealed**" in first and turn_in(first) == turn:
            return message.created_monotonic
    return None


async def one_kill(
    discord: LoopbackDiscord,
    games: TextChannel,
    players: list[Player],
    bot: BotProcess,
    point: str,
    hands: str,
    seed: int,
) -> float:
    table = Table(discord, games, players, seed=seed, hands_in_channel=hands == "channel")
    bot.environment["WHYFIRST_CRASH_AT"] = point
    await bot.start()
    await table.open(pick_seconds=600, hands=hands)
    await table.play_turn()
    round_two = asyncio.create_task(table.play_turn())
    assert await bot.wait_exit(within=60) == -9, "the crash point was not reached"
    del bot.environment["WHYFIRST_CRASH_AT"]
    await bot.start()
    ready = time.monotonic()
    await round_two
    shown = await discord.wait_for(
        lambda: revealed_at(table, (1, 2)), timeout=60, what="round 2's reveal"
    )
    await players[0].slash(games, "whyfirst cancel")
    await bot.stop()
    return shown - ready


async def run(kills: int, database: str, hands: str) -> list[float]:
    discord = LoopbackDiscord()
    await discord.start()
    guild = discord.add_guild("Pub")
    games = guild.add_text_channel("games")
    players = [discord.add_user(name) for name in ("Anne", "Ben", "Cleo", "Dan")]
    for player in players:
        guild.add_member(player)
    cluster = None
    with tempfile.TemporaryDirectory(prefix="whyfirst-recovery-") as folder:
        workdir = Path(folder)
        if database == "postgresql":
            bin_dir = find_server_binaries()
            if bin_dir is None:
                raise SystemExit("PostgreSQL's server binaries are needed (Debian: postgresql)")
            cluster = PostgresCluster.start(bin_dir, durable=True)
            url = cluster.create_database()
        else:
            url = str(workdir / "whyfirst.sqlite3")
        environment = bot_environment(discord, url, dev_guild=guild, time_scale=0.1)
        bot = BotProcess(environment, workdir)
        waits = []
        try:
            for kill in range(kills):
                point = POINTS[kill % len(POINTS)]
                waits.append(await one_kill(discord, games, players, bot, point, hands, kill))
                print(f"kill {kill + 1} ({point}): {waits[-1] * 1000:+.0f} ms", flush=True)
        finally:
            await bot.stop()
            await discord.stop()
            if cluster is not None:
                cluster.stop()
    return waits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=30)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--hands", choices=("dm", "channel"), default="dm")
    arguments = parser.parse_args()
    signed = asyncio.run(run(arguments.kills, arguments.database, arguments.hands))
    waits = [max(0.0, wait) for wait in signed]
    print(
        f"READY -> missed reveal ({arguments.database}, hands {arguments.hands}): n={len(waits)}, "
        f"p50 {quantile(waits, 0.5) * 1000:.0f} ms, p99 {quantile(waits, 0.99) * 1000:.0f} ms, "
        f"max {max(waits) * 1000:.0f} ms; shown before READY in {sum(w < 0 for w in signed)} "
        f"(by {-max(signed) * 1000:.0f} to {-min(signed) * 1000:.0f} ms)"
    )


if __name__ == "__main__":
    main()

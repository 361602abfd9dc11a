"""The table (the Activity): M live tables on N running games of one `python -m bot`, through
the loopback Discord with Activities on.

    .venv/bin/python bench/activity.py                    # 200 tables, 50 games, 5 rounds
    .venv/bin/python bench/activity.py --pace burst --no-validate
    .venv/bin/python bench/activity.py --games 10 --tables 60 --rounds 2

Connects M tables without a browser, then opens N 4-player games (bench/load.py's, one
channel each) and plays them. Table i watches the channel of game i mod N: the first 4N are
the games' players (each sees their own hand), any more are spectators. Each opens the
Activity in that channel, signs in through the bot's sign-in with a code from the loopback's
OAuth2 and opens the live socket. The players play from the Discord buttons as in
bench/load.py, at its pace (--pace human: think times, the default; --pace burst: all at
once); bench/load.py's other options apply too.

Prints, from a round's commit to the state showing its reveal on each table, p50 / p99 /
max: the commit is taken as the moment the game's last pick was acknowledged (the bot
acknowledges a click from a DM hand before it stores it, so this bounds the time from
above, by the store's wait). Also: from a reveal's first table to its last; the reveal in
the channel; sign-in and connection; the bot's memory per table (RSS with the tables
connected minus before, over M); bytes per state message (mean, max); the bot's CPU;
refusals, disconnects and missed reveals. Nothing is asserted; the goal (issue 39) is
p99 < 250 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.activity_tables import LiveTable, connect_all, disconnect_all, sample_lag
from bench.load import make_tables, parser_of_runs, settings_of, stop_on_sigterm
from bench.load_burst import play_burst
from bench.load_players import play_human
from bench.load_report import cpu_seconds, memory_kib, percentiles
from bench.load_run import PLAYERS_PER_GAME, Settings
from tests.e2e.table import Table
from tests.loopback import GuildHandle, LoopbackDiscord
from tests.loopback.harness import BotProcess, bot_environment
from tests.ports import free_port

PICKS = ("wf:card:", "wf:pick:", "wf:move:")
SETTLE_SECONDS = 2.0
"""Pause before reading the bot's RSS, for the last connection's work to finish."""


def seat_tables(
    discord: LoopbackDiscord, games: list[Table], guild: GuildHandle, count: int
) -> list[LiveTable]:
    """Table i watches game i mod N: its seated players first, then spectators."""
    tables = []
    for index in range(count):
        game, slot = index % len(games), index // len(games)
        if slot < PLAYERS_PER_GAME:
            tables.append(LiveTable(game, games[game].players[slot], seated=True))
            continue
        spectator = discord.add_user(f"G{game}S{slot}")
        guild.add_member(spectator)
        tables.append(LiveTable(game, spectator, seated=False))
    return tables


@dataclass(frozen=True)
class Latencies:
    to_tables: list[float]
    spreads: list[float]
    missed: int


def pick_acks(discord: LoopbackDiscord, games: list[Table]) -> list[list[float]]:
    """Per game, when each pick (or move) of its players was acknowledged, in order."""
    game_of = {player.id: index for index, game in enumerate(games) for player in game.players}
    acks: list[list[float]] = [[] for _ in games]
    for interaction in list(discord.world.interactions.values()):
        custom_id = str((interaction.payload.get("data") or {}).get("custom_id", ""))
        game = game_of.get(interaction.user.id)
        if game is not None and interaction.acknowledged_at and custom_id.startswith(PICKS):
            acks[game].append(interaction.acknowledged_at)
    return [sorted(moments) for moments in acks]


def latencies_of(tables: list[LiveTable], acks: list[list[float]]) -> Latencies:
    """Each reveal on each table, from the last pick of its game acknowledged before it;
    per reveal, from its first table to its last; the reveals some tables of a game showed
    and others did not."""
    latencies: list[float] = []
    shown: dict[tuple[int, float], list[float]] = {}
    for table in tables:
        for arrival in table.arrivals:
            before = bisect.bisect_right(acks[table.game], arrival.at)
            if arrival.reveal and before:
                committed = acks[table.game][before - 1]
                latencies.append(arrival.at - committed)
                shown.setdefault((table.game, committed), []).append(arrival.at)
    spreads = [max(moments) - min(moments) for moments in shown.values()]
    per_game = Counter(game for game, _ in shown)
    seen = Counter(table.game for table in tables for arrival in table.arrivals if arrival.reveal)
    watching = Counter(table.game for table in tables)
    missed = sum(per_game[game] * watching[game] - seen[game] for game in watching)
    return Latencies(latencies, spreads, missed)


async def run_bench(arguments: argparse.Namespace) -> None:
    run = settings_of(arguments)
    discord = LoopbackDiscord()
    discord.limiter.limit = run.rest_limit
    discord.rest.validate_schema = run.validate
    discord.enable_activities()
    await discord.start()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    try:
        games, guild = make_tables(discord, run)
        with tempfile.TemporaryDirectory() as workdir:
            environment = bot_environment(
                discord, Path(workdir) / "bench.sqlite3", dev_guild=guild
            ) | {
                "DISCORD_CLIENT_ID": str(discord.bot_user.id),
                "DISCORD_CLIENT_SECRET": discord.client_secret,
                "WHYFIRST_WEB_PORT": str(port),
                "WHYFIRST_PUBLIC_URL": base,
            }
            bot = BotProcess(environment, Path(workdir))
            await bot.start()
            try:
                await measure(discord, bot, games, guild, base, run, arguments.tables)
            finally:
                await bot.stop()
    finally:
        await discord.stop()


async def measure(
    discord: LoopbackDiscord,
    bot: BotProcess,
    games: list[Table],
    guild: GuildHandle,
    base: str,
    run: Settings,
    count: int,
) -> None:
    pid = bot.pid
    before = memory_kib(pid, "VmRSS")
    tables = seat_tables(discord, games, guild, count)
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        cpu_at, started = cpu_seconds(pid), time.monotonic()
        await connect_all(http, base, discord, tables, [game.channel for game in games])
        connecting = time.monotonic() - started, cpu_seconds(pid) - cpu_at
        await asyncio.sleep(SETTLE_SECONDS)
        with_tables = memory_kib(pid, "VmRSS")
        cpu_at, bench_at = cpu_seconds(pid), cpu_seconds(os.getpid())
        started = time.monotonic()
        lags: list[float] = []
        lag_sampler = asyncio.create_task(sample_lag(lags))
        if run.pace == "human":
            outcome = await play_human(games, run)
        else:
            outcome = await play_burst(games, run, pid)
        await asyncio.sleep(SETTLE_SECONDS)
        lag_sampler.cancel()
        playing = time.monotonic() - started
        cpu = cpu_seconds(pid) - cpu_at, cpu_seconds(os.getpid()) - bench_at
        at_the_end = memory_kib(pid, "VmRSS")
        await disconnect_all(tables)
    latencies = latencies_of(tables, pick_acks(discord, games))
    seated = sum(table.seated for table in tables)
    connected = [t for t in tables if t.connected_in is not None]
    sizes = [a.size for t in tables for a in t.arrivals]
    reveal_sizes = [a.size for t in tables for a in t.arrivals if a.reveal]
    print(
        f"\n{run.games} games x {PLAYERS_PER_GAME} players, {count} tables ({seated} seated, "
        f"{count - seated} spectators), {run.rounds} round(s) at {run.pace} pace, hands in "
        f"{run.hands}, OpenAPI validation {'on' if run.validate else 'off'}"
    )
    say("commit -> table", percentiles(latencies.to_tables))
    say("first -> last table of a reveal", percentiles(latencies.spreads))
    say("reveal in the channel", percentiles(outcome.reveal_latencies))
    say("the bench's own loop lag", percentiles(lags))
    say("sign in + connect", percentiles([t.connected_in or 0.0 for t in connected]))
    say(
        "connecting",
        f"{len(connected)} of {count} tables in {connecting[0]:.1f} s, "
        f"bot CPU {connecting[1]:.1f} s",
    )
    say(
        "bot memory",
        f"RSS {before} KiB, {with_tables} KiB with the tables: "
        f"{(with_tables - before) / max(count, 1):.1f} KiB per table; {at_the_end} KiB after "
        "the games",
    )
    say(
        "bytes per update",
        f"mean {statistics.mean(sizes or [0]):.0f}, max {max(sizes or [0])} ({len(sizes)} "
        f"states); reveals: mean {statistics.mean(reveal_sizes or [0]):.0f}, "
        f"max {max(reveal_sizes or [0])}",
    )
    say(
        "CPU while playing",
        f"bot {cpu[0]:.1f} s in {playing:.1f} s "
        f"({cpu[0] / max(outcome.revealed, 1) * 1000:.1f} ms per game-round, lobbies "
        f"included); loopback + players + tables {cpu[1]:.1f} s",
    )
    refusals = [r for t in tables for r in t.refusals]
    closed = [t.closed for t in tables if t.closed is not None]
    say("refusals", f"{len(refusals)} {sorted(set(refusals))[:3]}")
    say("disconnects", f"{len(closed)} {sorted(set(closed))[:3]}")
    say("reveals a table missed", str(latencies.missed))
    say("rounds stuck (no reveal)", str(len(outcome.stuck)))
    if run.bot_log is not None:
        run.bot_log.write_text("\n".join(bot.stderr_lines) + "\n")


def say(label: str, figures: str) -> None:
    print(f"{label:<32} {figures}")


def main() -> None:
    parser = parser_of_runs(__doc__)
    parser.set_defaults(games=50, rounds=5)
    parser.add_argument("--tables", type=int, default=200)
    arguments = parser.parse_args()

    async def main_task() -> None:
        stop_on_sigterm()
        await run_bench(arguments)

    try:
        asyncio.run(main_task())
    except (KeyboardInterrupt, asyncio.CancelledError):
        sys.exit("interrupted: the bot under test was stopped")


if __name__ == "__main__":
    main()

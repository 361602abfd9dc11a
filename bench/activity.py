"""The table (the Activity): M live tables on N running games of one `python -m bot`, through
the loopback Discord with Activities on.

    .venv/bin/python bench/activity.py                        # 50 games, 200 tables, 5 rounds
    .venv/bin/python bench/activity.py --games 10 --tables 60 --rounds 2 --no-validate

Opens N 4-player games (bench/load.py's tables, one channel each), then connects M tables
without a browser: table i watches game i mod N; the first 4N are the games' seated players
(each sees their own hand), any more are spectators. Each signs in through the bot's sign-in
with a code from the loopback's OAuth2 and opens the live socket of its game's Activity
instance. Then every game plays its rounds from the Discord buttons, all games at once
(bench/load.py's burst pace, whatever --pace says; its other options apply: --hands,
--rest-limit, --no-validate, --round-timeout, --bot-log).

Prints, for the time from a round's commit to the state showing its reveal on each table,
p50 / p99 / max (the commit is taken as the moment the game's last pick was acknowledged:
the bot acknowledges a click before it stores it, so this is a bound from above); the time
a table took to sign in and connect; the bot's memory per connected table (RSS with the tables
connected minus RSS before, over M); bytes per state message (mean, max); the bot's CPU; and
refusals and disconnects. Nothing is asserted; the goal (issue 39) is p99 < 250 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.activity_tables import LiveTable, connect_all, disconnect_all
from bench.load import make_tables, parser_of_runs, settings_of, stop_on_sigterm
from bench.load_burst import burst_round, open_all, wait_all
from bench.load_players import hand_ready
from bench.load_report import cpu_seconds, memory_kib, percentiles
from bench.load_run import PLAYERS_PER_GAME, Settings, turns
from tests.e2e.table import Table
from tests.loopback import GuildHandle, LoopbackDiscord
from tests.loopback.harness import BotProcess, bot_environment
from tests.ports import free_port

PICKS = ("wf:card:", "wf:pick:")
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


def last_acknowledged_picks(
    discord: LoopbackDiscord, games: list[Table], since: float
) -> list[float]:
    """Per game, when the last pick click sent after `since` was acknowledged."""
    game_of = {player.id: index for index, game in enumerate(games) for player in game.players}
    last = [0.0] * len(games)
    for interaction in list(discord.world.interactions.values()):
        custom_id = str((interaction.payload.get("data") or {}).get("custom_id", ""))
        dispatched, acknowledged = interaction.dispatched_at, interaction.acknowledged_at
        game = game_of.get(interaction.user.id)
        if game is None or dispatched is None or acknowledged is None or dispatched < since:
            continue
        if custom_id.startswith(PICKS):
            last[game] = max(last[game], acknowledged)
    return last


def spread_of(arrivals: list[tuple[int, float]]) -> list[float]:
    """Per game, from its reveal reaching its first table to reaching its last."""
    by_game: dict[int, list[float]] = {}
    for game, at in arrivals:
        by_game.setdefault(game, []).append(at)
    return [max(moments) - min(moments) for moments in by_game.values()]


async def play_rounds(
    discord: LoopbackDiscord, games: list[Table], tables: list[LiveTable], run: Settings
) -> tuple[list[float], list[float], int]:
    """Every game plays its rounds at once; the commit-to-table latencies, each game's spread,
    and the number of (table, round) updates that never came."""
    latencies: list[float] = []
    spreads: list[float] = []
    missed = 0
    for stage, round_ in turns(run.rounds):
        await wait_all(
            [
                lambda g=g, s=stage, r=round_: all(hand_ready(g, p, s, r) for p in g.players)
                for g in games
            ],
            run.round_timeout,
            f"every hand of stage {stage} round {round_}",
        )
        since = time.monotonic()
        await asyncio.gather(*(burst_round(game, stage, round_) for game in games))
        live = [table for table in tables if table.reader is not None]
        await wait_all(
            [lambda t=t, s=since: t.reveal_after(s) is not None or t.closed for t in live],
            run.round_timeout,
            f"every table's reveal of stage {stage} round {round_}",
        )
        committed = last_acknowledged_picks(discord, games, since)
        shown = [(t, t.reveal_after(since)) for t in live]
        round_latencies = [a.at - committed[t.game] for t, a in shown if a is not None]
        missed += len(shown) - len(round_latencies)
        latencies += round_latencies
        spreads += spread_of([(t.game, a.at) for t, a in shown if a is not None])
        print(
            f"stage {stage} round {round_}: {time.monotonic() - since:.1f} s; commit -> table "
            f"{percentiles(round_latencies)}"
        )
    return latencies, spreads, missed


async def run_bench(arguments: argparse.Namespace) -> None:
    run = replace(settings_of(arguments), pace="burst")
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
    await open_all(games)
    await asyncio.sleep(SETTLE_SECONDS)
    before = memory_kib(pid, "VmRSS")
    tables = seat_tables(discord, games, guild, count)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as http:
        cpu_at = cpu_seconds(pid)
        started = time.monotonic()
        await connect_all(http, base, discord, tables, [game.channel for game in games])
        connecting = time.monotonic() - started, cpu_seconds(pid) - cpu_at
        await asyncio.sleep(SETTLE_SECONDS)
        with_tables = memory_kib(pid, "VmRSS")
        cpu_at, bench_at = cpu_seconds(pid), cpu_seconds(os.getpid())
        started = time.monotonic()
        latencies, spreads, missed = await play_rounds(discord, games, tables, run)
        playing = time.monotonic() - started
        cpu = cpu_seconds(pid) - cpu_at, cpu_seconds(os.getpid()) - bench_at
        await disconnect_all(tables)
    seated = sum(table.seated for table in tables)
    connected = [t for t in tables if t.connected_in is not None]
    sizes = [a.size for t in tables for a in t.arrivals]
    reveal_sizes = [a.size for t in tables for a in t.arrivals if a.reveal]
    print(
        f"\n{run.games} games x {PLAYERS_PER_GAME} players, {count} tables ({seated} seated, "
        f"{count - seated} spectators), {run.rounds} round(s) at burst pace, OpenAPI "
        f"validation {'on' if run.validate else 'off'}"
    )
    say("commit -> table", percentiles(latencies))
    say("first -> last table of a game", percentiles(spreads))
    say("sign in + connect", percentiles([t.connected_in or 0.0 for t in connected]))
    say(
        "connecting",
        f"{len(connected)} of {count} tables in {connecting[0]:.1f} s, "
        f"bot CPU {connecting[1]:.1f} s",
    )
    say(
        "bot memory",
        f"RSS {before} KiB with the games, {with_tables} KiB with the tables: "
        f"{(with_tables - before) / max(count, 1):.1f} KiB per table",
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
        f"({cpu[0] / max(run.games * run.rounds, 1) * 1000:.1f} ms per game-round); "
        f"loopback + players + tables {cpu[1]:.1f} s",
    )
    refusals = [r for t in tables for r in t.refusals]
    closed = [t.closed for t in tables if t.closed is not None]
    say("refusals", f"{len(refusals)} {sorted(set(refusals))[:3]}")
    say("disconnects", f"{len(closed)} {sorted(set(closed))[:3]}")
    say("updates missed", f"{missed} (table-rounds with no reveal shown)")
    if run.bot_log is not None:
        run.bot_log.write_text("\n".join(bot.stderr_lines) + "\n")


def say(label: str, figures: str) -> None:
    print(f"{label:<30} {figures}")


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

"""Saturation with one and with two bot processes on one PostgreSQL database.

    .venv/bin/python bench/fleet.py                     # 1 and 2 processes, channel and DM clicks
    .venv/bin/python bench/fleet.py --processes 2 --clicks dm --seconds 30
    .venv/bin/python bench/fleet.py --hands channel --clicks dm   # card clicks, hands in channel

Two servers, one on shard 0 and one on shard 1 of 2, each with `--games` running 4-player
games. One process holds both shards, or two processes hold one each. Then every player of
every game clicks as fast as the bot answers (a closed loop: click, wait for the
acknowledgement, click again) for `--seconds`:
- `channel`: Show my hand on the game's round message, answered by the process that holds the
  channel's shard (it reads the game from the database and replies with the hand);
- `dm`: a card of the player's DM hand, which asks for its target. Discord delivers every DM
  click to shard 0, so these all reach one process however many run. With `--hands channel`
  the hand is an ephemeral message in the game's channel instead, and its clicks reach the
  process that holds the channel's shard.
Meanwhile `--reveal-games` more games (in both servers) play rounds by DM as fast as they can:
the reveal latency runs from a round's picks sent to its reveal posted.

Prints acknowledgements per second (and per CPU-second of the bots), ack p50 / p99,
interactions past 3 s, reveal p50 / p99, and the CPU seconds each process spent (the bots,
the loopback Discord with its players, PostgreSQL) beside the machine's cores. PostgreSQL is
a throwaway cluster (tests/postgres.py) with fsync on. Nothing here is asserted: see the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import os
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.load_report import cpu_seconds, quantile
from tests.e2e.table import Table, buttons, enabled
from tests.loopback import GuildHandle, LoopbackDiscord, Player
from tests.loopback.harness import BotProcess, bot_environment
from tests.postgres import PostgresCluster, find_server_binaries

SHARDS = 2
PLAYERS_PER_GAME = 4
OPEN_CONCURRENCY = 20
PICK_SECONDS = 600
REVEAL_ROUNDS = 4  # rounds 1-4 of stage 1: every one of them asks each player for a target


@dataclass(frozen=True)
class Run:
    processes: int
    clicks: str
    games: int
    reveal_games: int
    seconds: float
    warmup: float
    hands: str = "dm"


@dataclass
class Clicks:
    """Acknowledgements inside the measuring window."""

    opens_at: float
    closes_at: float
    latencies: list[float] = field(default_factory=list)
    failed: int = 0

    def record(self, sent: float, answered: float, failed: bool) -> None:
        if not self.opens_at <= sent < self.closes_at:
            return
        if failed:
            self.failed += 1
        else:
            self.latencies.append(answered - sent)


@dataclass
class Figures:
    run: Run
    clicks: Clicks
    reveals: list[float]
    cpu: dict[str, float]

    def acks_per_second(self) -> float:
        return len(self.clicks.latencies) / (self.clicks.closes_at - self.clicks.opens_at)

    def acks_per_bot_cpu_second(self) -> float:
        bots = sum(seconds for name, seconds in self.cpu.items() if name.startswith("bot"))
        return len(self.clicks.latencies) / bots if bots else 0.0


def tables_in(
    discord: LoopbackDiscord, guild: GuildHandle, count: int, name: str, hands: str
) -> list[Table]:
    tables = []
    for index in range(count):
        channel = guild.add_text_channel(f"{name}-{index}")
        players = [discord.add_user(f"{name}{index}P{seat}") for seat in range(PLAYERS_PER_GAME)]
        for player in players:
            guild.add_member(player)
        in_channel = hands == "channel"
        table = Table(
            discord, channel, players, hands_in_channel=in_channel, seed=index, patience=120.0
        )
        tables.append(table)
    return tables


async def open_all(tables: list[Table], hands: str) -> None:
    gate = asyncio.Semaphore(OPEN_CONCURRENCY)

    async def open_one(table: Table) -> None:
        async with gate:
            await table.open(pick_seconds=PICK_SECONDS, hands=hands)

    await asyncio.gather(*(open_one(table) for table in tables))


async def click_show_my_hand(table: Table, player: Player, clicks: Clicks) -> None:
    while time.monotonic() < clicks.closes_at:
        message = table.round_message()
        assert message is not None
        sent = time.monotonic()
        outcome = await player.click(message, custom_id=buttons(message, "hand")[0]["custom_id"])
        clicks.record(sent, time.monotonic(), outcome.failed)


async def click_dm_cards(table: Table, player: Player, clicks: Clicks) -> None:
    hand = await table.controls(player, 1, 1)
    for turn in itertools.count():
        if time.monotonic() >= clicks.closes_at:
            return
        cards = enabled(buttons(hand, "card"))
        sent = time.monotonic()
        outcome = await player.click(hand, custom_id=cards[turn % len(cards)]["custom_id"])
        clicks.record(sent, time.monotonic(), outcome.failed)


async def play_rounds(table: Table, reveals: list[float], until: float) -> None:
    for round_ in range(1, REVEAL_ROUNDS + 1):
        if time.monotonic() >= until:
            return
        hands = await asyncio.gather(*(table.controls(p, 1, round_) for p in table.players))
        before = table.round_message()
        sent = time.monotonic()
        await table.pick_all(list(zip(table.players, hands, strict=True)), 1, round_)
        reveal = await table.discord.wait_for(
            lambda before=before: (m := table.round_message()) is not before and m,
            timeout=table.patience,
            what=f"{table.channel.name}: round {round_} revealed",
        )
        reveals.append(reveal.created_monotonic - sent)


def process_cpu(pids: dict[str, int]) -> dict[str, float]:
    return {name: cpu_seconds(pid) for name, pid in pids.items()}


def descendants(pid: int) -> list[int]:
    """`pid` and every process below it (PostgreSQL's server and its backends)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, waiting = [], [pid]
    while waiting:
        found.append(current := waiting.pop())
        waiting += children.get(current, [])
    return found


async def measure(run: Run, cluster: PostgresCluster) -> Figures:
    logging.getLogger("loopback").setLevel(logging.ERROR)
    discord = LoopbackDiscord()
    discord.rest.validate_schema = False
    await discord.start()
    url = cluster.create_database()
    bots: list[BotProcess] = []
    with tempfile.TemporaryDirectory() as workdir:
        try:
            guilds = [discord.add_guild(f"Shard {s}", shard=(s, SHARDS)) for s in range(SHARDS)]
            per_guild, reveal_per_guild = run.games // SHARDS, run.reveal_games // SHARDS
            clicking = [
                t
                for g in guilds
                for t in tables_in(discord, g, per_guild, f"s{g.id % 97}c", run.hands)
            ]
            revealing = [
                t
                for g in guilds
                for t in tables_in(discord, g, reveal_per_guild, f"s{g.id % 97}r", run.hands)
            ]
            shard_sets = ["0,1"] if run.processes == 1 else [str(s) for s in range(SHARDS)]
            for shards in shard_sets:
                environment = bot_environment(discord, url, dev_guild=None) | {
                    "WHYFIRST_SHARD_COUNT": str(SHARDS),
                    "WHYFIRST_SHARD_IDS": shards,
                }
                bot = BotProcess(environment, Path(workdir))
                await bot.start()
                bots.append(bot)
            await open_all(clicking + revealing, run.hands)
            pids = {f"bot {i}": bot.pid for i, bot in enumerate(bots)} | {"bench": os.getpid()}
            pids |= {f"postgres {pid}": pid for pid in descendants(cluster.server.pid)}
            opens_at = time.monotonic() + run.warmup
            clicks = Clicks(opens_at, opens_at + run.seconds)
            clicker = click_show_my_hand if run.clicks == "channel" else click_dm_cards
            reveals: list[float] = []
            load = [clicker(t, p, clicks) for t in clicking for p in t.players]
            rounds = [play_rounds(t, reveals, clicks.closes_at) for t in revealing]
            window = asyncio.create_task(_cpu_over(pids, clicks))
            await asyncio.gather(*load, *rounds)
            return Figures(run, clicks, reveals, await window)
        finally:
            for bot in bots:
                await bot.stop()
            await discord.stop()
            cluster.drop_database(url)


async def _cpu_over(pids: dict[str, int], clicks: Clicks) -> dict[str, float]:
    await asyncio.sleep(max(0.0, clicks.opens_at - time.monotonic()))
    before = process_cpu(pids)
    await asyncio.sleep(max(0.0, clicks.closes_at - time.monotonic()))
    after = process_cpu(pids)
    spent: dict[str, float] = {}
    for name, seconds in after.items():
        group = "postgres" if name.startswith("postgres") else name
        spent[group] = spent.get(group, 0.0) + seconds - before[name]
    return spent


def report(figures: Figures) -> None:
    run, clicks = figures.run, figures.clicks
    window = clicks.closes_at - clicks.opens_at
    print(
        f"\n{run.processes} process(es), {run.clicks} clicks, hands in {run.hands}, "
        f"{run.games} clicking games "
        f"({run.games * PLAYERS_PER_GAME} players in a closed loop), {run.reveal_games} "
        f"games playing rounds, {window:.0f} s measured"
    )
    latencies = clicks.latencies
    print(
        f"  acknowledged     {figures.acks_per_second():7.1f}/s   p50 "
        f"{quantile(latencies, 0.5) * 1000:6.1f} ms   p99 {quantile(latencies, 0.99) * 1000:6.1f}"
        f" ms   past 3 s: {clicks.failed}"
    )
    print(
        f"  reveal           p50 {quantile(figures.reveals, 0.5) * 1000:6.1f} ms   p99 "
        f"{quantile(figures.reveals, 0.99) * 1000:6.1f} ms   (n={len(figures.reveals)})"
    )
    cores = os.cpu_count() or 1
    spent = "  ".join(f"{name} {seconds / window:4.2f}" for name, seconds in figures.cpu.items())
    total = sum(figures.cpu.values()) / window
    print(f"  CPU (cores busy) {spent}   all {total:4.2f} of {cores}")
    print(f"  acknowledged per CPU-second of the bots {figures.acks_per_bot_cpu_second():7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--processes", type=int, nargs="+", choices=(1, 2), default=[1, 2])
    parser.add_argument("--clicks", nargs="+", choices=("channel", "dm"), default=["channel", "dm"])
    parser.add_argument("--hands", choices=("dm", "channel"), default="dm", help="where hands are")
    parser.add_argument("--games", type=int, default=40, help="clicking games (both servers)")
    parser.add_argument("--reveal-games", type=int, default=8, help="games playing rounds")
    parser.add_argument("--seconds", type=float, default=20.0, help="the measuring window")
    parser.add_argument("--warmup", type=float, default=3.0, help="clicks before measuring")
    arguments = parser.parse_args()
    bin_dir = find_server_binaries()
    if bin_dir is None:
        sys.exit("PostgreSQL server binaries not found (apt-get install postgresql)")
    cluster = PostgresCluster.start(bin_dir, durable=True)
    results: dict[tuple[str, int], Figures] = {}
    try:
        for kind in arguments.clicks:
            for processes in arguments.processes:
                run = Run(
                    processes,
                    kind,
                    arguments.games,
                    arguments.reveal_games,
                    arguments.seconds,
                    arguments.warmup,
                    arguments.hands,
                )
                results[(kind, processes)] = figures = asyncio.run(measure(run, cluster))
                report(figures)
    finally:
        cluster.stop()
    for kind in arguments.clicks:
        if (kind, 1) in results and (kind, 2) in results:
            two, one = results[(kind, 2)], results[(kind, 1)]
            ratio = two.acks_per_second() / one.acks_per_second()
            per_cpu = two.acks_per_bot_cpu_second() / one.acks_per_bot_cpu_second()
            print(
                f"{kind} clicks: two processes acknowledge {ratio:.2f}x what one does, "
                f"{per_cpu:.2f}x as many per CPU-second of the bots"
            )


if __name__ == "__main__":
    main()

"""Load: N concurrent 4-player games against one `python -m bot` through the loopback Discord.

    .venv/bin/python bench/load.py --games 500 --rounds 2

Prints, for acknowledgement (interaction sent -> callback received) and for reveal (the
round's last picks sent -> reveal posted), p50 / p99 / max; interactions past 3 s; and the
bot's peak memory per running game. Nothing here is asserted: see the numbers.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.e2e.table import Table, buttons, enabled, turn_in
from tests.loopback import LoopbackDiscord, Message, Player
from tests.loopback.harness import BotProcess, bot_environment

PLAYERS_PER_GAME = 4
OPEN_CONCURRENCY = 25
POLL_SECONDS = 0.05
ROUND_TIMEOUT = 300.0


def percentiles(samples: list[float]) -> str:
    if not samples:
        return "no samples"
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return (
        f"p50 {statistics.median(ordered) * 1000:8.1f} ms   p99 {p99 * 1000:8.1f} ms   "
        f"max {ordered[-1] * 1000:8.1f} ms   (n={len(ordered)})"
    )


def memory_kib(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def lost_dms(table: Table) -> set[str]:
    """Players the bot told the channel it cannot DM (closed DMs, or DMs it gave up on)."""
    return {
        str(p.id)
        for p in table.players
        for m in table.game_messages()
        if m.content.startswith(f"{p.mention}, I can't send you DMs")
    }


def hand_ready(table: Table, player: Player, round_: int) -> bool:
    return dm_for(player, 1, round_) is not None or str(player.id) in lost_dms(table)


def dm_for(player: Player, stage: int, round_: int) -> Message | None:
    dms = player.dms()
    if not dms or turn_in(dms[-1].content) != (stage, round_):
        return None
    first = dms[-1].revisions[0][0] if dms[-1].revisions else dms[-1].content
    turn = turn_in(first)
    if turn is None or turn[0] != stage or not enabled(buttons(dms[-1], "card")):
        return None
    return dms[-1]


async def wait_all(checks: list[Callable[[], object]], within: float, what: str) -> int:
    """Wait until every check passes; the number still failing when time ran out."""
    deadline = time.monotonic() + within
    while not all(check() for check in checks):
        if time.monotonic() > deadline:
            missing = sum(1 for check in checks if not check())
            print(f"gave up waiting for {what}: {missing} of {len(checks)} missing")
            return missing
        await asyncio.sleep(POLL_SECONDS)
    return 0


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def play_round(table: Table, stage: int, round_: int) -> float:
    """Both clicks of every player, all at once; returns when the last picks were sent."""
    table.closed_dms = lost_dms(table)
    hands = await asyncio.gather(*(table.controls(p, stage, round_) for p in table.players))
    sent = time.monotonic()
    await table.pick_all(list(zip(table.players, hands, strict=True)), stage, round_)
    return sent


async def run(games: int, rounds: int, rest_limit: int, validate: bool) -> None:
    logging.getLogger("loopback").setLevel(logging.ERROR)
    discord = LoopbackDiscord()
    discord.limiter.limit = rest_limit
    discord.rest.validate_schema = validate
    await discord.start()
    guild = discord.add_guild("Bench")
    tables: list[Table] = []
    for index in range(games):
        channel = guild.add_text_channel(f"table-{index}")
        players = [discord.add_user(f"G{index}P{seat}") for seat in range(PLAYERS_PER_GAME)]
        for player in players:
            guild.add_member(player)
        tables.append(Table(discord, channel, players, seed=index, patience=ROUND_TIMEOUT))
    with tempfile.TemporaryDirectory() as workdir:
        environment = bot_environment(
            discord, Path(workdir) / "bench.sqlite3", dev_guild=guild, time_scale=1.0
        )
        bot = BotProcess(environment, Path(workdir))
        environment_ready = time.monotonic()
        await bot.start()
        try:
            pid = bot.pid
            baseline = memory_kib(pid, "VmRSS")
            print(f"bot ready in {time.monotonic() - environment_ready:.1f} s, RSS {baseline} KiB")

            gate = asyncio.Semaphore(OPEN_CONCURRENCY)

            async def open_table(table: Table) -> None:
                async with gate:
                    await table.open(pick_seconds=600)

            started = time.monotonic()
            await asyncio.gather(*(open_table(table) for table in tables))
            print(f"{games} games open in {time.monotonic() - started:.1f} s")
            opening_acks = len(discord.world.ack_latencies)

            reveal_latencies: list[float] = []
            for round_ in range(1, rounds + 1):
                await wait_all(
                    [
                        lambda t=t, r=round_: all(hand_ready(t, p, r) for p in t.players)
                        for t in tables
                    ],
                    ROUND_TIMEOUT,
                    f"every hand of round {round_}",
                )
                before = [table.round_message() for table in tables]
                round_start = time.monotonic()
                cpu_before = cpu_seconds(pid), cpu_seconds(os.getpid())
                sent = await asyncio.gather(*(play_round(t, 1, round_) for t in tables))
                await wait_all(
                    [
                        lambda t=t, m=m: t.round_message() is not m
                        for t, m in zip(tables, before, strict=True)
                    ],
                    ROUND_TIMEOUT,
                    f"every reveal of round {round_}",
                )
                for table, moment, old in zip(tables, sent, before, strict=True):
                    reveal = table.round_message()
                    if reveal is not None and reveal is not old:
                        reveal_latencies.append(reveal.created_monotonic - moment)
                bot_cpu = cpu_seconds(pid) - cpu_before[0]
                bench_cpu = cpu_seconds(os.getpid()) - cpu_before[1]
                print(
                    f"round {round_}: {time.monotonic() - round_start:.1f} s for {games} games; "
                    f"CPU: bot {bot_cpu:.1f} s, loopback + players {bench_cpu:.1f} s"
                )
            peak = memory_kib(pid, "VmHWM")
        finally:
            await bot.stop()
        lost = sum(len(lost_dms(table)) for table in tables)

    acks = discord.world.ack_latencies
    late = [v for v in discord.violations if v.kind in ("not-acknowledged", "late-acknowledgement")]
    print(
        f"\n{games} games x {PLAYERS_PER_GAME} players, {rounds} round(s), REST limit "
        f"{rest_limit}/s, {discord.world.rate_limited_responses} responses 429, "
        f"OpenAPI validation {'on' if validate else 'off'}"
    )
    print(f"acknowledgement (all)      {percentiles(acks)}")
    print(f"acknowledgement (rounds)   {percentiles(acks[opening_acks:])}")
    print(f"reveal                     {percentiles(reveal_latencies)}")
    print(f"interactions past 3 s      {len(late)}")
    print(f"players the bot gave up DMing (played through Show my hand): {lost}")
    print(f"other rule violations      {len(discord.violations) - len(late)}")
    print(
        f"bot memory: baseline {baseline} KiB, peak {peak} KiB, "
        f"{(peak - baseline) / games:.1f} KiB per running game"
    )
    noisy = Counter(
        line[:90] for line in bot.stderr_lines if line.startswith(("WARNING", "ERROR", "CRITICAL"))
    )
    for line, count in noisy.most_common(5):
        print(f"bot stderr x{count}: {line}")
    await discord.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--rest-limit", type=int, default=50, help="global REST requests/s")
    parser.add_argument(
        "--no-validate",
        action="store_true",
        help="skip the fake's OpenAPI validation (~10 ms of its CPU per message)",
    )
    arguments = parser.parse_args()
    asyncio.run(
        run(arguments.games, arguments.rounds, arguments.rest_limit, not arguments.no_validate)
    )


if __name__ == "__main__":
    main()

"""The burst pace of bench/load.py, the stress case: every player of every game clicks at the
same instant and all games advance round by round together.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable

from bench.load_players import hand_ready
from bench.load_report import cpu_seconds
from bench.load_run import Outcome, Settings, turns
from tests.e2e.table import Table

OPEN_CONCURRENCY = 25
POLL_SECONDS = 0.05


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


async def burst_round(table: Table, stage: int, round_: int) -> float:
    """Both clicks of every player, all at once; returns when the last picks were sent."""
    hands = await asyncio.gather(*(table.controls(p, stage, round_) for p in table.players))
    sent = time.monotonic()
    await table.pick_all(list(zip(table.players, hands, strict=True)), stage, round_)
    return sent


async def play_burst(tables: list[Table], run: Settings, bot_pid: int) -> Outcome:
    gate = asyncio.Semaphore(OPEN_CONCURRENCY)

    async def open_table(table: Table) -> None:
        async with gate:
            await table.open(pick_seconds=600, hands=run.hands)

    started = time.monotonic()
    await asyncio.gather(*(open_table(table) for table in tables))
    print(f"{len(tables)} games open in {time.monotonic() - started:.1f} s")
    outcome = Outcome()
    playing = list(tables)
    for stage, round_ in turns(run.rounds):
        missing = await wait_all(
            [
                lambda t=t, s=stage, r=round_: all(hand_ready(t, p, s, r) for p in t.players)
                for t in playing
            ],
            run.round_timeout,
            f"every hand of stage {stage} round {round_}",
        )
        if missing:
            ready = [t for t in playing if all(hand_ready(t, p, stage, round_) for p in t.players)]
            outcome.stuck += [
                f"{t.channel.name}, stage {stage} round {round_}: no hands within "
                f"{run.round_timeout:.0f} s"
                for t in playing
                if t not in ready
            ]
            playing = ready
        before = [table.round_message() for table in playing]
        round_start = time.monotonic()
        cpu_before = cpu_seconds(bot_pid), cpu_seconds(os.getpid())
        sent = await asyncio.gather(*(burst_round(t, stage, round_) for t in playing))
        await wait_all(
            [
                lambda t=t, m=m: t.round_message() is not m
                for t, m in zip(playing, before, strict=True)
            ],
            run.round_timeout,
            f"every reveal of stage {stage} round {round_}",
        )
        revealed = []
        for table, moment, old in zip(playing, sent, before, strict=True):
            reveal = table.round_message()
            if reveal is not None and reveal is not old:
                outcome.reveal_latencies.append(reveal.created_monotonic - moment)
                revealed.append(table)
            else:
                outcome.stuck.append(
                    f"{table.channel.name}, stage {stage} round {round_}: "
                    f"no reveal within {run.round_timeout:.0f} s"
                )
        outcome.revealed += len(revealed)
        playing = revealed
        print(
            f"stage {stage} round {round_}: {time.monotonic() - round_start:.1f} s for "
            f"{len(before)} games; CPU: bot {cpu_seconds(bot_pid) - cpu_before[0]:.1f} s, "
            f"loopback + players {cpu_seconds(os.getpid()) - cpu_before[1]:.1f} s"
        )
    return outcome

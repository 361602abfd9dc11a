"""`make chaos`: games and league nights played for an hour on two deployments of the bot (one
process on SQLite, a fleet of two on PostgreSQL, each with its own loopback Discord), while a
seeded killer SIGKILLs one of the three processes every 20-60 s, at whatever instant that
falls on, and starts it again 0.5-3 s later, as systemd's Restart= would.

    python -m tests.chaos --minutes 60 --seed 1

At the end it prints the kills, the rounds played, the reveals lost and doubled, the hands
that never came, the records that differ from their replay, how long the reveals a dead process
had stored but not shown took to come after the gateway READY of the process that showed them,
and the clicks not answered within 3 s (how many of them met a kill or restart). The same seed
gives the same kills, seatings and plays (not the same instants: the machine decides those).
The exit status is 1 unless every count of harm is 0."""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from tests.chaos.deployment import Deployment, reveal_after
from tests.chaos.games import GamePlay
from tests.chaos.league import league_nights
from tests.chaos.tally import Tally
from tests.postgres import PostgresCluster, find_server_binaries


class Kind(NamedTuple):
    hands: str
    ai: int
    idle: bool
    pick_seconds: int


KINDS = (
    Kind("dm", ai=0, idle=False, pick_seconds=600),
    Kind("channel", ai=1, idle=False, pick_seconds=600),
    Kind("dm", ai=0, idle=True, pick_seconds=100),
)
"""What a slot plays, in turn: four people by DM; three people in the channel and an AI seat;
three by DM and one who never picks, whose deadline plays for them."""
FINISH_SECONDS = 300.0
"""After the soak's time, how long the games under way may take to end."""


async def games(deployment: Deployment, slot: int, tally: Tally, seed: int, until: float) -> None:
    rng = random.Random(f"{seed}:{deployment.name}:{slot}")
    channel = deployment.guild.add_text_channel(f"games-{slot}")
    players = deployment.players(4)
    played = 0
    while time.monotonic() < until:
        kind = KINDS[played % len(KINDS)]
        seated = players[: 4 - kind.ai]
        game = GamePlay(deployment.place(channel), seated, tally, rng, hands=kind.hands)
        if await game.open(kind.ai, kind.pick_seconds):
            await game.play(idle=seated[-1] if kind.idle else None)
        played += 1


async def killer(
    deployments: list[Deployment], tally: Tally, seed: int, until: float, every: tuple[float, float]
) -> None:
    rng = random.Random(f"{seed}:killer")
    measures: set[asyncio.Task[None]] = set()
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(*every))
        deployment = rng.choice(deployments)
        index = rng.randrange(len(deployment.bots))
        bot = deployment.bots[index]
        deployment.killed(index)
        await bot.kill()
        tally.kills[deployment.name] += 1
        unshown = deployment.unshown_reveals()
        await asyncio.sleep(rng.uniform(0.5, 3.0))
        await bot.start()
        ready = time.monotonic()
        deployment.restarted(index)
        for channel, after, turn in unshown:
            task = asyncio.create_task(measure(tally, channel, after, turn, ready))
            measures.add(task)
            task.add_done_callback(measures.discard)
    await asyncio.gather(*measures)


async def measure(
    tally: Tally, channel: object, after: int, turn: tuple[int, int], ready: float
) -> None:
    shown = await reveal_after(channel, after, turn, within=60)  # type: ignore[arg-type]
    if shown is None:
        tally.note(f"a reveal stored before a kill ({turn}) did not come within 60 s")
    else:
        tally.ready_to_reveal.append(max(0.0, shown - ready))


async def soak(
    minutes: float,
    seed: int,
    workdir: Path,
    logs: Path | None,
    every: tuple[float, float] = (20, 60),
    only: str | None = None,
) -> Tally:
    tally = Tally()
    bin_dir = find_server_binaries()
    if bin_dir is None:
        raise SystemExit(
            "chaos: PostgreSQL's server binaries are needed (apt-get install postgresql)"
        )
    cluster = PostgresCluster.start(bin_dir, durable=True)
    deployments: list[Deployment] = []
    try:
        (workdir / "sqlite").mkdir()
        (workdir / "fleet").mkdir()
        if only in (None, "sqlite"):
            deployments.append(await Deployment.start("sqlite", workdir / "sqlite", None, 1))
        if only in (None, "fleet"):
            deployments.append(await Deployment.start("fleet", workdir / "fleet", cluster, 2))
        until = time.monotonic() + minutes * 60
        players = [
            asyncio.create_task(games(deployment, slot, tally, seed, until))
            for deployment in deployments
            for slot in range(3)
        ]
        if deployments[0].name == "sqlite":
            players.append(asyncio.create_task(league_nights(deployments[0], tally, seed, until)))
        await killer(deployments, tally, seed, until, every)
        done, late = await asyncio.wait(players, timeout=FINISH_SECONDS)
        for task in late:
            task.cancel()
        for task in done:
            if task.exception() is not None:
                tally.note(f"a player's task failed: {task.exception()!r}")
        for deployment in deployments:
            for index, bot in enumerate(deployment.bots):
                for error in bot.errors:
                    tally.note(f"{deployment.name} logged: {error.splitlines()[0]}")
                if logs is not None:
                    log = logs / f"{deployment.name}-{index}.log"
                    log.write_text("\n".join(bot.stderr_lines) + "\n", encoding="utf-8")
    finally:
        for deployment in deployments:
            await deployment.stop()
        cluster.stop()
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--logs", type=Path, help="a folder for each bot process's log")
    parser.add_argument("--kill-every", default="20-60", help="seconds between kills: LOW-HIGH")
    parser.add_argument("--only", choices=("sqlite", "fleet"), help="one of the deployments")
    arguments = parser.parse_args()
    if arguments.logs is not None:
        arguments.logs.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="whyfirst-chaos-") as folder:
        low, high = (float(part) for part in arguments.kill_every.split("-"))
        tally = asyncio.run(
            soak(
                arguments.minutes,
                arguments.seed,
                Path(folder),
                arguments.logs,
                (low, high),
                arguments.only,
            )
        )
    print(tally.report(arguments.minutes, arguments.seed), flush=True)
    return 0 if tally.clean else 1


if __name__ == "__main__":
    sys.exit(main())

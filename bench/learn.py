"""/whyfirst learn -> the practice game's first hand: how long a learner waits for it (issue 65's
goal: within 2 s), the bot started as `python -m bot` against the loopback Discord on SQLite.

    .venv/bin/python bench/learn.py                    # 30 learners, one after another
    .venv/bin/python bench/learn.py --at-once 10       # and then 10 learners at the same instant

Each learner types /whyfirst learn in a server channel; the figure is the time from the command
to the first DM of theirs with playable cards (the loopback notes when each message was made):
the bot has answered, opened their DM, sent the practice game's first line, opened the game with
three AI players, started it, posted its opening and sent the hand. Prints count, p50, p99 and
max. Nothing here is asserted.
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
from tests.e2e.table import buttons, enabled
from tests.loopback import LoopbackDiscord, Message, Player, TextChannel
from tests.loopback.harness import BotProcess, bot_environment


def first_hand(learner: Player) -> Message | None:
    return next((m for m in learner.dms() if enabled(buttons(m, "card"))), None)


async def learn(discord: LoopbackDiscord, games: TextChannel, learner: Player) -> float:
    began = time.monotonic()
    answer = await learner.slash(games, "whyfirst learn")
    hand = await discord.wait_for(lambda: first_hand(learner), timeout=30, what="the first hand")
    assert answer.failed is False
    return hand.created_monotonic - began


def summary(what: str, waits: list[float]) -> str:
    return (
        f"{what}: n={len(waits)}, p50 {quantile(waits, 0.5) * 1000:.0f} ms, "
        f"p99 {quantile(waits, 0.99) * 1000:.0f} ms, max {max(waits) * 1000:.0f} ms"
    )


async def run(learners: int, at_once: int) -> None:
    discord = LoopbackDiscord()
    await discord.start()
    guild = discord.add_guild("Pub")
    games = guild.add_text_channel("games")
    people = [discord.add_user(f"Learner{n}") for n in range(learners + at_once)]
    for person in people:
        guild.add_member(person)
    with tempfile.TemporaryDirectory(prefix="whyfirst-learn-") as folder:
        workdir = Path(folder)
        environment = bot_environment(
            discord, workdir / "whyfirst.sqlite3", dev_guild=guild, time_scale=1.0
        )
        bot = BotProcess(environment, workdir)
        await bot.start()
        try:
            one_by_one = [await learn(discord, games, person) for person in people[:learners]]
            print(summary("one after another", one_by_one), flush=True)
            if at_once:
                together = people[learners:]
                waits = await asyncio.gather(*(learn(discord, games, p) for p in together))
                print(summary(f"{at_once} at the same instant", list(waits)), flush=True)
        finally:
            await bot.stop()
            await discord.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--learners", type=int, default=30)
    parser.add_argument("--at-once", type=int, default=0)
    arguments = parser.parse_args()
    asyncio.run(run(arguments.learners, arguments.at_once))


if __name__ == "__main__":
    main()

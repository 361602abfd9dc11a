"""League nights under chaos: five people, two games at two tables of a night, played in the
tables' threads like any game; each game must have exactly one thread per table."""

from __future__ import annotations

import asyncio
import random
import time

from tests.chaos.deployment import Deployment
from tests.chaos.games import GamePlay, click
from tests.chaos.tally import Tally
from tests.e2e.table import buttons
from tests.e2e.test_league import MENTION, league_button
from tests.loopback import Message, Player, TextChannel

TABLES = 2


async def league_nights(deployment: Deployment, tally: Tally, seed: int, until: float) -> None:
    rng = random.Random(f"{seed}:league")
    channel = deployment.guild.add_text_channel("league")
    players = deployment.players(5)
    while time.monotonic() < until:
        await night(deployment, channel, players, tally, rng)


async def night(
    deployment: Deployment,
    channel: TextChannel,
    players: list[Player],
    tally: Tally,
    rng: random.Random,
) -> None:
    host = players[0]
    after = max((m.id for m in channel.messages()), default=0)

    def post() -> Message | None:
        return next((m for m in channel.messages() if m.id > after and buttons(m, "league")), None)

    for _ in range(20):
        await deployment.up()
        await host.slash(channel, "whyfirst league open", games=2, table_size=3, pick_seconds=600)
        if post() is not None:
            break
        await asyncio.sleep(1)
    opened = post()
    if opened is None:
        tally.note("#league: no league night opened in 20 tries")
        await asyncio.sleep(10)
        return
    for player in players[1:]:
        while f"{len(players)} players in" not in opened.content and buttons(opened, "league"):
            await deployment.up()
            outcome = await click(
                player, opened, league_button(opened, "join"), tally, deployment.killed_around
            )
            if outcome is not None and not outcome.failed:
                break
    for game in (1, 2):
        while f"Game {game} of 2" not in opened.content and "🏆" not in opened.content:
            if game == 1 and buttons(opened, "league"):
                await deployment.up()
                await click(
                    host, opened, league_button(opened, "start"), tally, deployment.killed_around
                )
            await asyncio.sleep(1)
        await play_tables(deployment, channel, game, players, tally, rng)
    for _ in range(120):
        if "🏆" in opened.content:
            tally.league_nights += 1
            return
        await asyncio.sleep(1)
    tally.note("#league: no champion named")


async def play_tables(
    deployment: Deployment,
    channel: TextChannel,
    game: int,
    players: list[Player],
    tally: Tally,
    rng: random.Random,
) -> None:
    people = {player.id: player for player in players}
    threads: list[TextChannel] = []
    for _ in range(120):
        threads = tables(deployment, channel, game)
        if len(threads) >= TABLES and all(t.messages() for t in threads):
            break
        await asyncio.sleep(1)
    if len(threads) > TABLES:
        tally.threads_doubled += len(threads) - TABLES
        tally.note(f"#league: game {game} has {len(threads)} threads")
    plays = [
        GamePlay(
            deployment.place(thread),
            [people[int(user)] for user in MENTION.findall(thread.messages()[0].content)],
            tally,
            rng,
        )
        for thread in threads[:TABLES]
        if thread.messages()
    ]
    await asyncio.gather(*(play.play() for play in plays))


def tables(deployment: Deployment, channel: TextChannel, game: int) -> list[TextChannel]:
    """This night's threads of game `game` in the league's channel (the newest night's)."""
    world = deployment.discord.world
    threads = [
        c
        for c in world.channels.values()
        if c.thread is not None and c.parent is channel.channel and f"· game {game} ·" in c.name
    ]
    newest = max((league_of(c.name) for c in threads), default=None)
    chosen = [c for c in threads if league_of(c.name) == newest]
    return [TextChannel(deployment.discord, c) for c in sorted(chosen, key=lambda c: c.id)]


def league_of(thread_name: str) -> int:
    """The league's number in its table's thread name ("League 3 · game 1 · table A")."""
    return int(thread_name.split(" · ")[0].split()[-1])

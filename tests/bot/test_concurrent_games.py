"""Several games at once, every player of a round clicking at the same instant: each round of
each game is revealed exactly once and every game finishes."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine
from tests.bot.pub import buttons, last_dm, playable_cards, shows_turn
from tests.loopback import LoopbackDiscord, Player, TextChannel
from tests.loopback.harness import InProcessBot, bot_environment

GAMES = int(os.environ.get("WHYFIRST_TEST_GAMES", "4"))
PLAYERS = 4


class Hall:
    def __init__(self, discord: LoopbackDiscord, tmp_path: Path) -> None:
        self.discord = discord
        guild = discord.add_guild("Hall")
        self.tables: list[tuple[TextChannel, list[Player]]] = []
        for number in range(GAMES):
            channel = guild.add_text_channel(f"table-{number}")
            players = [discord.add_user(f"P{number}x{seat}") for seat in range(PLAYERS)]
            for player in players:
                guild.add_member(player)
            self.tables.append((channel, players))
        self.bot = InProcessBot(bot_environment(discord, tmp_path / "db.sqlite3", dev_guild=guild))


@pytest.fixture
async def hall(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Hall]:
    world = Hall(loopback, tmp_path)
    await world.bot.start()
    try:
        yield world
    finally:
        await world.bot.stop()
    assert world.bot.errors == []


async def pick(discord: LoopbackDiscord, player: Player, stage: int, round_: int) -> None:
    dm = await discord.wait_for(
        lambda: shows_turn(last_dm(player), stage, round_) and last_dm(player), timeout=60
    )
    assert dm
    await player.click(dm, custom_id=playable_cards(dm)[0]["custom_id"])
    targets = buttons(dm, "pick")
    if targets:
        await player.click(dm, custom_id=targets[0]["custom_id"])


async def play(discord: LoopbackDiscord, channel: TextChannel, players: list[Player]) -> None:
    host, *others = players
    await host.slash(channel, "whyfirst start")
    lobby = channel.last_message()
    for player in others:
        await player.click(lobby, label="Join")
    await host.click(lobby, label="Start")
    for stage in range(1, engine.STAGES + 1):
        for round_ in range(1, engine.ROUNDS + 1):
            await asyncio.gather(*(pick(discord, p, stage, round_) for p in players))


async def test_rounds_are_revealed_exactly_once(hall: Hall) -> None:
    await asyncio.gather(*(play(hall.discord, c, p) for c, p in hall.tables))
    for channel, _ in hall.tables:
        await hall.discord.wait_for(
            lambda c=channel: any(
                m.attachments and m.attachments[0].filename.endswith(".json") for m in c.messages()
            ),
            timeout=60,
        )
        reveals = [m.content.split("\n")[0] for m in channel.messages() if "revealed" in m.content]
        assert len(reveals) == engine.STAGES * engine.ROUNDS
        assert len(set(reveals)) == len(reveals)

"""`python -m bot` killed with SIGKILL mid-round and started again: nothing is lost."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.pub import buttons, last_dm, playable_cards, shows_turn
from tests.loopback import LoopbackDiscord, Player, TextChannel
from tests.loopback.harness import BotProcess, bot_environment


class Table:
    def __init__(self, discord: LoopbackDiscord, tmp_path: Path) -> None:
        guild = discord.add_guild("Pub")
        self.games: TextChannel = guild.add_text_channel("games")
        self.anne: Player = discord.add_user("Anne")
        self.ben: Player = discord.add_user("Ben")
        guild.add_member(self.anne)
        guild.add_member(self.ben)
        environment = bot_environment(discord, tmp_path / "bot.sqlite3", dev_guild=guild)
        self.bot = BotProcess(environment, Path.cwd())


@pytest.fixture
async def table(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Table]:
    world = Table(loopback, tmp_path)
    await world.bot.start()
    try:
        yield world
    finally:
        await world.bot.stop()
    assert world.bot.errors == []


async def test_a_pick_made_before_a_crash_counts_after_the_restart(
    loopback: LoopbackDiscord, table: Table
) -> None:
    anne, ben = table.anne, table.ben
    await anne.slash(table.games, "whyfirst start")
    lobby = table.games.last_message()
    await ben.click(lobby, label="Join")
    await anne.click(lobby, label="Start")
    anne_dm = await loopback.wait_for(lambda: shows_turn(last_dm(anne), 1, 1) and last_dm(anne))
    ben_dm = await loopback.wait_for(lambda: shows_turn(last_dm(ben), 1, 1) and last_dm(ben))
    assert anne_dm
    assert ben_dm
    await anne.click(anne_dm, custom_id=playable_cards(anne_dm)[0]["custom_id"])
    await anne.click(anne_dm, custom_id=buttons(anne_dm, "pick")[-1]["custom_id"])
    await loopback.wait_for(lambda: "You played" in anne_dm.content)

    await table.bot.kill()
    await table.bot.start()

    outcome = await ben.click(ben_dm, custom_id=playable_cards(ben_dm)[0]["custom_id"])
    assert outcome.ephemeral_text is None
    await ben.click(ben_dm, custom_id=buttons(ben_dm, "pick")[-1]["custom_id"])
    reveal = await loopback.wait_for(
        lambda: next((m for m in table.games.messages() if "Round 1 revealed" in m.content), None)
    )
    assert f"<@{anne.id}> played" in reveal.content
    assert f"<@{ben.id}> played" in reveal.content
    assert "ran out of time" not in reveal.content

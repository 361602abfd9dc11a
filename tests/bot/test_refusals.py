"""Clicks that must change nothing: each gets a short ephemeral sentence."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage
from tests.bot.pub import Pub, buttons, last_dm, playable_cards, shows_turn
from tests.loopback import LoopbackDiscord


@pytest.fixture
async def pub(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Pub]:
    world = await Pub.open(loopback, tmp_path, ["Anne", "Ben", "Dan"])
    try:
        yield world
    finally:
        await world.close()
    assert world.bot.errors == []


async def stored_version(pub: Pub) -> int:
    database = pub.bot.environment["WHYFIRST_DATABASE"]
    async with await Storage.open(database) as storage:
        record = await storage.active_game_in_channel(pub.games.id)
        assert record is not None
        return record.version


async def test_refusals_change_nothing(pub: Pub) -> None:
    anne, ben, dan = pub.players
    await anne.slash(pub.games, "whyfirst start")
    lobby = pub.games.last_message()
    await ben.click(lobby, label="Join")
    outcome = await ben.click(lobby, label="Start")
    assert outcome.ephemeral_text == "Only the host can start the game."
    await anne.click(lobby, label="Start")
    round_message = await pub.discord.wait_for(
        lambda: next((m for m in pub.games.messages() if buttons(m, "hand")), None)
    )
    await pub.discord.wait_for(lambda: shows_turn(last_dm(anne), 1, 1))
    version = await stored_version(pub)

    outcome = await dan.click(round_message, label="Show my hand")
    assert outcome.ephemeral_text == "You are not playing in this game."

    anne_dm = last_dm(anne)
    assert anne_dm is not None
    outcome = await ben.click(anne_dm, custom_id=playable_cards(anne_dm)[0]["custom_id"])
    assert outcome.ephemeral_text == "These controls belong to another player."

    outcome = await anne.forge_click(anne_dm, "wf:pick:1:1:1:1:99:0")
    assert outcome.ephemeral_text == "That button isn't valid."
    assert await stored_version(pub) == version

    old_hand = (await anne.click(round_message, label="Show my hand")).ephemeral
    assert old_hand is not None
    # Once its token has expired, the bot can no longer bring that hand up to date.
    assert pub.discord.expire_tokens(anne)
    await anne.click(anne_dm, custom_id=playable_cards(anne_dm)[0]["custom_id"])
    target = buttons(anne_dm, "pick")[0]
    await anne.click(anne_dm, custom_id=target["custom_id"])
    await pub.discord.wait_for(lambda: "You played" in anne_dm.content)
    await pub.discord.wait_for(
        lambda: f"<@{anne.id}>" not in round_message.content.rpartition("⏳")[2],
        what="the waiting line without Anne",
    )
    assert f"<@{ben.id}>" in round_message.content.rpartition("⏳")[2]
    version = await stored_version(pub)
    outcome = await anne.click(anne_dm, custom_id=target["custom_id"])
    assert outcome.ephemeral_text == "You already chose that; nothing changed."
    assert await stored_version(pub) == version

    ben_dm = await pub.discord.wait_for(lambda: shows_turn(last_dm(ben), 1, 1) and last_dm(ben))
    assert ben_dm
    await ben.click(ben_dm, custom_id=playable_cards(ben_dm)[0]["custom_id"])
    await ben.click(ben_dm, custom_id=buttons(ben_dm, "pick")[0]["custom_id"])
    await pub.discord.wait_for(lambda: shows_turn(last_dm(anne), 1, 2))
    version = await stored_version(pub)
    outcome = await anne.click(old_hand, custom_id=playable_cards(old_hand)[-1]["custom_id"])
    assert outcome.ephemeral_text is not None
    assert "earlier round" in outcome.ephemeral_text

    outcome = await dan.slash(pub.games, "whyfirst cancel")
    assert outcome.ephemeral_text is not None
    assert "Only the host" in outcome.ephemeral_text
    assert await stored_version(pub) == version

    await anne.slash(pub.games, "whyfirst cancel")
    await pub.discord.wait_for(lambda: "cancelled" in pub.games.last_message().content)
    # The first round message keeps its button; only the latest one loses it at the end.
    outcome = await anne.click(round_message, label="Show my hand")
    assert outcome.ephemeral_text == "This game was cancelled."


async def test_a_full_lobby_refuses_a_seventh_player(
    loopback: LoopbackDiscord, tmp_path: Path
) -> None:
    names = ["Anne", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"]
    world = await Pub.open(loopback, tmp_path, names)
    try:
        host, *guests, seventh = world.players
        await host.slash(world.games, "whyfirst start")
        lobby = world.games.last_message()
        for guest in guests:
            await guest.click(lobby, label="Join")
        # A join is acknowledged before it is written: the lobby shows it once it is.
        await world.discord.wait_for(lambda: all(f"<@{g.id}>" in lobby.content for g in guests))
        version = await stored_version(world)
        outcome = await seventh.click(lobby, label="Join")
        # The click was acknowledged first; the refusal follows, seen by the clicker alone.
        await world.discord.wait_for(lambda: outcome.ephemeral_text is not None)
        assert outcome.ephemeral_text == "This game is full (6 players)."
        assert f"<@{seventh.id}>" not in lobby.content
        assert await stored_version(world) == version
        outcome = await seventh.click(lobby, label="Leave")
        assert outcome.ephemeral_text == "You are not playing in this game."
    finally:
        await world.close()
    assert world.bot.errors == []

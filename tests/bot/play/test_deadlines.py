"""Deadlines: a reminder at half time, a random card played for the missing player, and a game
nobody plays ends by itself. The clock runs 200 times faster (WHYFIRST_TIME_SCALE)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.pub import Pub, buttons, last_dm, playable_cards, shows_turn
from tests.loopback import LoopbackDiscord

TIME_SCALE = 0.005


@pytest.fixture
async def pub(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Pub]:
    world = await Pub.open(loopback, tmp_path, ["Anne", "Ben"], time_scale=TIME_SCALE)
    try:
        yield world
    finally:
        await world.close()
    assert world.bot.errors == []


def contents(pub: Pub) -> str:
    return "\n".join(message.content for message in pub.games.messages())


async def test_missing_picks_are_played_and_an_idle_game_is_abandoned(pub: Pub) -> None:
    anne, ben = pub.players
    # 2 s a turn: Anne's card and target clicks must be stored before the reminder at half
    # time, 1 s after her hand was dealt (a few milliseconds when quiet; a busy CI worker has
    # taken over half a second). Six turns nobody plays then abandon the game in 12 s.
    await pub.open_game(pick_seconds=400)
    dm = await pub.discord.wait_for(lambda: shows_turn(last_dm(anne), 1, 1) and last_dm(anne))
    assert dm
    await anne.click(dm, custom_id=playable_cards(dm)[0]["custom_id"])
    await anne.click(dm, custom_id=buttons(dm, "pick")[0]["custom_id"])
    await pub.discord.wait_for(
        lambda: "half the time" in contents(pub), timeout=5, what="the reminder"
    )
    reminder = next(m for m in pub.games.messages() if "half the time" in m.content)
    assert f"<@{ben.id}>" in reminder.content
    assert f"<@{anne.id}>" not in reminder.content
    await pub.discord.wait_for(
        lambda: "ran out of time" in contents(pub), timeout=5, what="the automatic play"
    )
    first_reveal = next(m for m in pub.games.messages() if "Round 1 revealed" in m.content)
    assert f"<@{ben.id}> ran out of time" in first_reveal.content
    assert f"<@{anne.id}> ran out of time" not in first_reveal.content
    await pub.discord.wait_for(
        lambda: "abandoned" in pub.games.last_message().content, timeout=30, what="abandonment"
    )
    assert pub.final_message() is None
    outcome = await anne.slash(pub.games, "whyfirst status")
    assert outcome.ephemeral_text is not None
    assert "no open game" in outcome.ephemeral_text


async def test_tactical_deadlines_choose_cards_and_move_own_figures(pub: Pub) -> None:
    await pub.open_game(variant="tactical", pick_seconds=100)
    await pub.discord.wait_for(
        lambda: "abandoned" in pub.games.last_message().content, timeout=30, what="abandonment"
    )
    text = contents(pub)
    assert "half the time for your move is gone — choose the figure your card moves" in text
    assert "was chosen for them automatically" in text
    assert "moved their own figure" in text
    assert pub.final_message() is None

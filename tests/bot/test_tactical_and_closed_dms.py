"""A tactical game with three players, one of whom has closed DMs and plays from the channel."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.pub import Pub, buttons, last_dm, playable_cards, replayed, shows_turn
from tests.loopback import LoopbackDiscord, Message, Player


@pytest.fixture
async def pub(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Pub]:
    world = await Pub.open(loopback, tmp_path, ["Anne", "Ben", "Cleo"])
    try:
        yield world
    finally:
        await world.close()
    assert world.bot.errors == []


def round_message(pub: Pub) -> Message:
    return next(m for m in reversed(pub.games.messages()) if buttons(m, "hand"))


def turn_of(message: Message) -> tuple[int, int]:
    found = re.search(r"Stage (\d) · Round (\d)", message.content.rpartition("⏳")[2])
    assert found is not None
    return int(found[1]), int(found[2])


async def controls_of(pub: Pub, player: Player, closed: bool) -> Message:
    """The player's controls: their DM, or an ephemeral "Show my hand" when DMs are closed."""
    if not closed:
        stage, round_ = turn_of(round_message(pub))
        dm = await pub.discord.wait_for(
            lambda: shows_turn(last_dm(player), stage, round_) and last_dm(player),
            what=f"{player.name}'s DM for {stage}/{round_}",
        )
        assert dm is not None
        return dm
    outcome = await player.click(round_message(pub), label="Show my hand")
    assert outcome.ephemeral is not None
    return outcome.ephemeral


async def test_tactical_game_with_closed_dms_finishes_and_replays(pub: Pub) -> None:
    cleo = pub.players[2]
    cleo.close_dms()
    await pub.open_game(variant="tactical")
    await pub.discord.wait_for(
        lambda: any("can't send you DMs" in m.content for m in pub.games.messages()),
        what="the closed-DM notice",
    )
    choices: list[tuple[str, str]] = []
    while pub.final_message() is None:
        await pub.discord.wait_for(
            lambda: pub.final_message() or round_message(pub).content.count("⏳"),
            what="a turn",
        )
        if pub.final_message():
            break
        message = round_message(pub)
        if buttons(message, "move"):
            mover = next(p for p in pub.players if f"<@{p.id}> moves" in message.content)
            move = buttons(message, "move")[0]
            outcome = await mover.click(message, custom_id=move["custom_id"])
            assert outcome.ephemeral_text is None, outcome.ephemeral_text
            choices.append((mover.name, move["label"]))
        else:
            waiting = message.content.rpartition("⏳")[2].split("<t:")[0]
            for player in pub.players:
                if f"<@{player.id}>" not in waiting:
                    continue
                controls = await controls_of(pub, player, closed=player is cleo)
                card = playable_cards(controls)[0]
                outcome = await player.click(controls, custom_id=card["custom_id"])
                assert outcome.ephemeral_text is None, outcome.ephemeral_text
        await pub.discord.wait_for(
            lambda m=message: round_message(pub) is not m or pub.final_message(),
            what="the next turn",
        )
    record = pub.final_record()
    assert record["variant"] == "tactical"
    result = replayed(record)
    assert result["totals"] == record["results"]["totals"]
    assert result["winners"] == record["results"]["winners"]
    assert choices
    assert cleo.dms() == []

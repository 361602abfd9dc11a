"""The real bot, in process, against the loopback Discord: whole games played by DM."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine
from tests.bot.pub import Pub, buttons, last_dm, playable_cards, replayed, shows_turn
from tests.loopback import LoopbackDiscord, Player


@pytest.fixture
async def pub(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Pub]:
    world = await Pub.open(loopback, tmp_path, ["Anne", "Ben"])
    try:
        yield world
    finally:
        await world.close()
    assert world.bot.errors == []


async def play_standard_round(player: Player) -> None:
    dm = last_dm(player)
    assert dm is not None
    card = playable_cards(dm)[0]
    outcome = await player.click(dm, custom_id=card["custom_id"])
    assert outcome.ephemeral_text is None, outcome.ephemeral_text
    targets = buttons(dm, "pick")
    if targets:
        outcome = await player.click(dm, custom_id=targets[-1]["custom_id"])
        assert outcome.ephemeral_text is None, outcome.ephemeral_text


async def test_a_two_player_game_runs_from_lobby_to_result(pub: Pub) -> None:
    await pub.open_game()
    for stage in range(1, engine.STAGES + 1):
        for round_ in range(1, engine.ROUNDS + 1):
            for player in pub.players:
                await pub.discord.wait_for(
                    lambda p=player, s=stage, r=round_: shows_turn(last_dm(p), s, r),
                    what=f"{player.name}'s controls for {stage}/{round_}",
                )
                await play_standard_round(player)
    await pub.discord.wait_for(pub.final_message, what="the final result")
    record = pub.final_record()
    result = replayed(record)
    assert result["totals"] == record["results"]["totals"]
    assert result["winners"] == record["results"]["winners"]
    final = pub.final_message()
    assert final is not None
    assert [b["label"] for b in final.buttons()] == ["Rematch"]
    for player in pub.players:
        dm = last_dm(player)
        assert dm is not None
        await pub.discord.wait_for(lambda d=dm: "game is over" in d.content and not d.buttons())


async def test_after_a_game_the_standings_count_it_and_a_rematch_seats_everyone(
    pub: Pub,
) -> None:
    await test_a_two_player_game_runs_from_lobby_to_result(pub)
    anne, ben = pub.players
    record = pub.final_record()
    winners = set(record["results"]["winners"])

    outcome = await anne.slash(pub.games, "whyfirst leaderboard")
    board = outcome.message
    assert board is not None
    for player in pub.players:
        wins = 1 if str(player.id) in winners else 0
        won = "1 win" if wins == 1 else f"{wins} wins"
        assert f"<@{player.id}> — {won} in 1 game" in board.content

    outcome = await ben.slash(pub.games, "whyfirst stats", member=anne)
    assert outcome.message is not None
    total = record["results"]["totals"][str(anne.id)]
    won = "1 win" if str(anne.id) in winners else "0 wins"
    assert f"1 game, {won}" in outcome.message.content
    points = f"{total} point" if abs(total) == 1 else f"{total} points"
    assert f"{points} (" in outcome.message.content

    final = pub.final_message()
    assert final is not None
    await ben.click(final, label="Rematch")
    lobby = pub.games.last_message()
    assert "Join" in [b["label"] for b in lobby.buttons()]
    assert f"<@{anne.id}>" in lobby.content
    assert f"<@{ben.id}>" in lobby.content
    outcome = await ben.click(lobby, label="Start")
    assert outcome.ephemeral_text is None

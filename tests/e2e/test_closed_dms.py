"""Scenario 2: a player whose DMs are closed is told so in the channel and plays the whole
game through Show my hand."""

from __future__ import annotations

from tests.e2e.results import announced_totals, recorded_plays, replay
from tests.e2e.server import Server
from tests.e2e.table import Table


async def test_a_player_with_closed_dms_plays_through_show_my_hand(server: Server) -> None:
    await server.start_bot()
    anne, ben, cleo = players = server.players("Anne", "Ben", "Cleo")
    cleo.close_dms()
    table = Table(server.discord, server.games, players, closed_dms={str(cleo.id)}, seed=5)
    await table.open(pick_seconds=600)
    notice = f"{cleo.mention}, I can't send you DMs."
    notices = await server.discord.wait_for(
        lambda: [m for m in table.game_messages() if m.content.startswith(notice)],
        what="the closed-DM notice",
    )
    assert len(notices) == 1
    final = await table.play_to_the_end()

    assert cleo.dms() == []
    assert anne.dms()
    assert ben.dms()
    assert len([m for m in table.game_messages() if m.content.startswith(notice)]) == 1
    assert len(cleo.ephemerals()) >= 25
    record = table.record()
    assert recorded_plays(record) == table.chosen_plays()
    assert (await replay(record, server.workdir))["totals"] == announced_totals(final)


async def test_the_closed_dms_notice_comes_before_the_first_reveal(server: Server) -> None:
    """Everyone picks the moment their hand shows (the closed one through Show my hand): the
    notice, the one thing that player needs first, is not queued behind the round's reveal."""
    await server.start_bot()
    players = server.players("Anne", "Ben", "Cleo", "Dan")
    cleo = players[2]
    cleo.close_dms()
    table = Table(server.discord, server.games, players, closed_dms={str(cleo.id)}, seed=3)
    await table.open(pick_seconds=600)
    await table.play_turn()
    reveals = await server.discord.wait_for(
        lambda: [m for m in table.game_messages() if "Round 1 revealed" in m.content],
        what="round 1's reveal",
    )
    notice = f"{cleo.mention}, I can't send you DMs."
    notices = [m for m in table.game_messages() if m.content.startswith(notice)]
    assert len(notices) == 1
    assert notices[0].id < reveals[0].id

"""Hands in the channel (`/whyfirst start hands:channel`): each player's hand is an ephemeral
message in the game's channel, first the follow-up of their own Join or Start click, then
redrawn through their latest click on it; every public message is a follow-up of the click
that caused it. Nobody gets a DM, and a round costs next to nothing of the global budget."""

from __future__ import annotations

import itertools

import pytest

from bot.i18n import t
from tests.e2e.results import ROUNDS_PER_GAME, announced_totals, recorded_plays, replay
from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.loopback.interactions import UPDATE_MESSAGE

CHANNEL_BUDGET_PER_ROUND = 0.1


@pytest.mark.parametrize("count", [2, 4, 6], ids=["2-players", "4-players", "6-players"])
async def test_a_whole_game_with_the_hands_in_the_channel_needs_no_dm_and_no_rest(
    server: Server, count: int
) -> None:
    await server.start_bot()
    names = ["Anne", "Ben", "Cleo", "Dan", "Eve", "Finn"][:count]
    players = server.players(*names)
    for player in players:
        player.close_dms()
    table = Table(server.discord, server.games, players, hands_in_channel=True, seed=count)
    spent_before = server.discord.rate_limited_requests()
    lobby = await table.open(hands="channel", pick_seconds=600)
    assert any("Hands: here in the channel" in text for text, _ in lobby.revisions)
    final = await table.play_to_the_end()

    record = table.record()
    assert recorded_plays(record) == table.chosen_plays()
    assert (await replay(record, server.workdir))["totals"] == announced_totals(final)
    for player in players:
        assert player.dms() == []
        others = [p for p in players if p is not player]
        for message in player.ephemerals():
            assert all(message not in other.ephemerals() for other in others)
    spent = server.discord.rate_limited_requests() - spent_before
    assert sum(spent.values()) / ROUNDS_PER_GAME <= CHANNEL_BUDGET_PER_ROUND, spent
    # Every click on a hand is answered with the hand itself (the click that completes a
    # round with the next turn's), each reveal is the follow-up of the click that completed
    # its round, and no hand is ever edited to what it already shows.
    on_hands = sorted(
        (
            interaction
            for interaction in server.discord.world.interactions.values()
            if interaction.source_message is not None and interaction.source_message.ephemeral
        ),
        key=lambda interaction: interaction.dispatched_at or 0.0,
    )
    assert {i.outcome.response_type for i in on_hands} == {UPDATE_MESSAGE}
    pictures = [
        m
        for m in table.game_messages()
        if m.attachments and m.attachments[0].filename.endswith(".png")
    ]
    reveals = pictures[1:]  # the first is Start's follow-up
    assert len(reveals) == ROUNDS_PER_GAME
    for reveal in reveals:
        clicks = [i for i in on_hands if (i.dispatched_at or 0.0) < reveal.created_monotonic]
        assert reveal in clicks[-1].followups
    for player in players:
        for hand in player.ephemerals():
            shown = [*hand.revisions, (hand.content, hand.components)]
            assert all(a != b for a, b in itertools.pairwise(shown)), hand


async def test_the_lobby_says_the_hands_are_in_dms_by_default(server: Server) -> None:
    await server.start_bot()
    (anne,) = server.players("Anne")
    outcome = await anne.slash(server.games, "whyfirst start")
    assert outcome.message is not None
    assert "Hands: in your DMs." in outcome.message.content


async def test_a_manager_chooses_where_the_servers_new_games_keep_their_hands(
    server: Server,
) -> None:
    await server.start_bot()
    (anne,) = server.players("Anne")
    moderator = server.add_member("Mo", manage_guild=True)

    refused = await anne.slash(server.games, "whyfirst defaults", hands="channel")
    assert refused.ephemeral_text == t("refusal.defaults_not_allowed", "en-US")
    chosen = await moderator.slash(server.games, "whyfirst defaults", hands="channel")
    assert chosen.ephemeral_text == t("defaults.hands_channel", "en-US")

    lobby = await anne.slash(server.games, "whyfirst start")
    assert lobby.message is not None
    assert "Hands: here in the channel" in lobby.message.content
    cancelled = await anne.slash(server.games, "whyfirst cancel")
    await server.discord.wait_for(lambda: cancelled.ephemeral_text, what="the lobby cancelled")

    # The host's own choice wins over the server's.
    lobby = await anne.slash(server.games, "whyfirst start", hands="dm")
    assert lobby.message is not None
    assert "Hands: in your DMs." in lobby.message.content

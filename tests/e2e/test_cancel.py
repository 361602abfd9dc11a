"""Scenario 7: the host or a Manage Server member may cancel a game; nobody else may."""

from __future__ import annotations

from tests.e2e.server import Server
from tests.e2e.table import Table

CANCELLED = "This game of Why First? was cancelled."
REFUSED = "Only the host or a member with Manage Server can cancel this game."


async def running_game(server: Server) -> Table:
    table = Table(server.discord, server.games, server.players("Anne", "Ben", "Cleo"))
    await table.open(pick_seconds=600)
    return table


async def test_the_host_cancels_a_running_game(server: Server) -> None:
    await server.start_bot()
    table = await running_game(server)
    round_message = table.round_message()
    assert round_message is not None
    outcome = await table.host.slash(server.games, "whyfirst cancel")
    assert outcome.ephemeral_text == "The game is cancelled."
    await server.discord.wait_for(lambda: server.games.last_message().content == CANCELLED)
    await server.discord.wait_for(lambda: not round_message.buttons(), what="buttons taken away")
    status = await table.host.slash(server.games, "whyfirst status")
    assert status.ephemeral_text == (
        "There is no open game in this channel. Start one with `/whyfirst start`."
    )


async def test_a_manage_server_member_cancels_others_are_refused(server: Server) -> None:
    await server.start_bot()
    moderator = server.add_member("Mo", manage_guild=True)
    table = await running_game(server)
    for refused in [table.players[1], server.members["Gus"]]:
        outcome = await refused.slash(server.games, "whyfirst cancel")
        assert outcome.ephemeral_text == REFUSED
    assert CANCELLED not in [m.content for m in server.games.messages()]
    assert table.current_turn() == (1, 1)

    outcome = await moderator.slash(server.games, "whyfirst cancel")
    assert outcome.ephemeral_text == "The game is cancelled."
    await server.discord.wait_for(lambda: server.games.last_message().content == CANCELLED)


async def test_the_lobby_cancel_button_obeys_the_same_rule(server: Server) -> None:
    await server.start_bot()
    anne, ben = server.players("Anne", "Ben")
    await anne.slash(server.games, "whyfirst start")
    lobby = server.games.last_message()
    await ben.click(lobby, label="Join")
    refused = await ben.click(lobby, label="Cancel")
    await server.discord.wait_for(lambda: refused.ephemeral_text)
    assert refused.ephemeral_text == REFUSED
    accepted = await anne.click(lobby, label="Cancel")
    assert accepted.ephemeral_text == "The game is cancelled."
    await server.discord.wait_for(
        lambda: lobby.content == CANCELLED, what="the lobby says cancelled"
    )
    assert lobby.buttons() == []

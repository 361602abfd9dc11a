"""A server that removes the bot is forgotten after a grace period (its games and standings
deleted), unless the bot is added back first; its admins may have it forgotten at once.
Closed games' action logs go after the time the operator keeps them, if one is set."""

from __future__ import annotations

import asyncio

from bot.i18n import t
from tests.e2e.exports import export_of
from tests.e2e.results import announced_totals, replay
from tests.e2e.server import Server
from tests.e2e.stored import departed_servers, stored_actions, stored_games
from tests.e2e.table import Table
from tests.loopback import Message


async def a_finished_game(server: Server, *names: str) -> Message:
    table = Table(server.discord, server.games, server.players(*names), seed=3)
    await table.open(pick_seconds=600)
    return await table.play_to_the_end()


async def test_a_server_that_removed_the_bot_is_forgotten_after_the_grace_period(
    server: Server,
) -> None:
    # A grace period of 8.6 s (a stored moment: the wall clock's, not the game's faster one).
    server.extra_environment["WHYFIRST_FORGET_SERVERS_AFTER_DAYS"] = "0.0001"
    await server.start_bot()
    await a_finished_game(server, "Anne", "Ben")
    database = server.workdir / "whyfirst.sqlite3"
    assert len(stored_games(database)) == 1

    await server.guild.remove_bot()
    await server.discord.wait_for(
        lambda: stored_games(database) == [], timeout=20, what="the server forgotten"
    )


async def test_nothing_is_forgotten_when_the_bot_comes_back_in_time(server: Server) -> None:
    # 2.6 s of grace (wall clock); the bot is back as soon as it noted its removal, and stays.
    server.extra_environment["WHYFIRST_FORGET_SERVERS_AFTER_DAYS"] = "0.00003"
    await server.start_bot()
    await a_finished_game(server, "Anne", "Ben")
    database = server.workdir / "whyfirst.sqlite3"

    await server.guild.remove_bot()
    await server.discord.wait_for(
        lambda: departed_servers(database) == [server.guild.id], what="the removal noted"
    )
    await server.guild.invite_bot()
    await server.discord.wait_for(lambda: departed_servers(database) == [], what="the return noted")
    # Nothing more to wait for: the point is that nothing happens. Had the return not been
    # noted, the server would be forgotten by the first check after the grace (at most 2.6 s
    # from now), and the checks come every 0.1 s here (a quarter of the grace, at least one
    # game second): 4 s is past both with 1.3 s to spare.
    await asyncio.sleep(4.0)
    assert len(stored_games(database)) == 1
    board = await server.members["Anne"].slash(server.games, "whyfirst leaderboard")
    assert board.message is not None
    assert server.members["Ben"].mention in board.message.content


async def test_a_manager_has_the_server_forgotten_at_once(server: Server) -> None:
    await server.start_bot()
    await a_finished_game(server, "Anne", "Ben")
    moderator = server.add_member("Mo", manage_guild=True)
    anne = server.members["Anne"]

    refused = await anne.slash(server.games, "whyfirst forget-server")
    assert refused.ephemeral_text == t("refusal.forget_not_allowed", "en-US")
    asked = await moderator.slash(server.games, "whyfirst forget-server")
    assert asked.ephemeral_text == t("privacy.forget_question", "en-US")
    assert asked.ephemeral is not None
    await moderator.click(asked.ephemeral, label="Forget this server")
    await server.discord.wait_for(
        lambda: any(m.content.startswith("Done:") for m in moderator.ephemerals()),
        what="the server forgotten",
    )
    assert [m.content for m in moderator.ephemerals()][-1] == t(
        "privacy.forgotten", "en-US", games=1
    )
    assert stored_games(server.workdir / "whyfirst.sqlite3") == []
    board = await anne.slash(server.games, "whyfirst leaderboard")
    assert board.message is not None
    assert anne.mention not in board.message.content


async def test_closed_games_lose_their_action_logs_after_the_time_kept_and_still_replay(
    server: Server,
) -> None:
    server.extra_environment["WHYFIRST_KEEP_ACTION_LOGS_DAYS"] = "0.0001"
    await server.start_bot()
    final = await a_finished_game(server, "Anne", "Ben")
    database = server.workdir / "whyfirst.sqlite3"
    await server.discord.wait_for(
        lambda: stored_actions(database) == 0, timeout=20, what="the action log deleted"
    )
    exported = await export_of(server.members["Anne"], server.games, server.discord)
    (record,) = exported["game_records"]
    assert (await replay(record, server.workdir))["totals"] == announced_totals(final)

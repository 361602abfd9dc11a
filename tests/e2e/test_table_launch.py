"""The table's way in from Discord's App Launcher: with the table on, the bot makes the
Activity's Entry Point command its own (APP_HANDLER) and answers a launch by opening the
table (LAUNCH_ACTIVITY); without it, Discord's default Entry Point is left as it was."""

from __future__ import annotations

from tests.e2e.browser import serve_web
from tests.e2e.server import Server
from tests.e2e.table import Table
from tests.loopback.commands import APP_HANDLER, DISCORD_LAUNCH_ACTIVITY, entry_point

LAUNCH_ACTIVITY = 12


def table_on(server: Server) -> None:
    serve_web(server)
    server.discord.enable_activities()
    server.extra_environment |= {
        "DISCORD_CLIENT_ID": str(server.discord.bot_user.id),
        "DISCORD_CLIENT_SECRET": server.discord.client_secret,
    }


async def test_the_app_launcher_opens_the_table_in_the_players_channel(server: Server) -> None:
    table_on(server)
    bot = await server.start_bot_process()
    command = entry_point(server.discord.world)
    assert command is not None
    assert command["handler"] == APP_HANDLER
    anne = server.add_member("Anne")
    outcome = await anne.launch_app(server.games)
    assert outcome is not None
    assert outcome.response_type == LAUNCH_ACTIVITY
    (launch,) = server.discord.activity_launches
    assert (launch.user.name, launch.channel.name) == ("Anne", "games")
    await bot.stop()


async def test_a_launch_where_no_game_is_open_opens_a_lobby_beside_the_table(
    server: Server,
) -> None:
    table_on(server)
    await server.start_bot_process()
    anne, ben = server.players("Anne", "Ben")
    outcome = await anne.launch_app(server.games)
    assert outcome is not None
    assert outcome.response_type == LAUNCH_ACTIVITY
    (lobby,) = await server.discord.wait_for(
        lambda: [m for m in server.games.messages() if "Join" in labels(m)],
        timeout=30,
        what="the lobby a launch opened",
    )
    assert anne.mention in lobby.content
    await ben.click(lobby, label="Join")
    await anne.click(lobby, label="Start")
    table = Table(server.discord, server.games, [anne, ben])
    assert await server.discord.wait_for(table.round_message, timeout=30, what="the first round")

    # With the game under way, a launch opens the table on it, and no other lobby.
    outcome = await ben.launch_app(server.games)
    assert outcome is not None
    assert outcome.response_type == LAUNCH_ACTIVITY
    assert [m for m in server.games.messages() if "Join" in labels(m)] == []
    assert len(server.discord.activity_launches) == 2


async def test_with_the_table_on_a_dev_server_sync_also_takes_the_entry_point(
    server: Server,
) -> None:
    table_on(server)
    bot = await server.start_bot_process()
    assert [command["name"] for command in server.discord.commands(server.guild)] == ["whyfirst"]
    command = entry_point(server.discord.world)
    assert command is not None
    assert command["handler"] == APP_HANDLER
    await bot.stop()


async def test_a_global_sync_with_the_table_on_reads_the_global_commands_once(
    server: Server,
) -> None:
    table_on(server)
    server.global_commands = True
    bot = await server.start_bot_process()
    commands = "/applications/{application_id}/commands"
    asked = [method for method, route in server.discord.rest.requests if route == commands]
    assert asked == ["GET", "POST", "PUT"]  # read; the Entry Point made the bot's; the overwrite
    names = {command["name"]: command for command in server.discord.commands()}
    assert "whyfirst" in names
    command = entry_point(server.discord.world)
    assert command is not None
    assert command["handler"] == APP_HANDLER
    await bot.stop()


async def test_without_the_table_discords_own_entry_point_is_left_alone(server: Server) -> None:
    server.global_commands = True
    server.discord.enable_activities()
    bot = await server.start_bot_process()
    command = entry_point(server.discord.world)
    assert command is not None
    assert command["handler"] == DISCORD_LAUNCH_ACTIVITY
    assert await server.add_member("Anne").launch_app(server.games) is None
    await bot.stop()


async def test_a_launch_after_the_table_was_switched_off_is_answered_politely(
    server: Server,
) -> None:
    table_on(server)
    bot = await server.start_bot_process()
    await bot.stop()
    for setting in ("DISCORD_CLIENT_ID", "DISCORD_CLIENT_SECRET"):
        del server.extra_environment[setting]
    bot = await server.start_bot_process()
    outcome = await server.add_member("Anne").launch_app(server.games)
    assert outcome is not None
    assert outcome.ephemeral_text == (
        "The table is not open on this bot: play with /whyfirst start and the buttons."
    )
    assert server.discord.activity_launches == []
    await bot.stop()


def labels(message: object) -> list[str]:
    return [button["label"] for button in message.buttons()]  # type: ignore[attr-defined]


async def test_the_lobby_and_the_round_offer_the_table_and_a_click_opens_it(
    server: Server,
) -> None:
    table_on(server)
    await server.start_bot_process()
    table = Table(server.discord, server.games, server.players("Anne", "Ben"))
    lobby = await table.open(pick_seconds=600)
    round_message = table.round_message()
    assert round_message is not None
    assert "Open the table" in labels(round_message)
    ben = table.players[1]
    outcome = await ben.click(round_message, label="Open the table")
    assert outcome.response_type == LAUNCH_ACTIVITY
    (launch,) = server.discord.activity_launches
    assert (launch.user.name, launch.channel.name) == ("Ben", "games")
    assert "Open the table" not in labels(lobby)  # a started lobby keeps no buttons


async def test_where_discord_refuses_to_open_the_table_the_player_is_told(
    server: Server,
) -> None:
    table_on(server)
    server.discord.world.application.activities_enabled = False
    await server.start_bot_process()
    table = Table(server.discord, server.games, server.players("Anne", "Ben"))
    await table.open(pick_seconds=600)
    round_message = table.round_message()
    assert round_message is not None
    outcome = await table.host.click(round_message, label="Open the table")
    assert outcome.ephemeral_text == (
        "Discord did not open the table here (the app's Activity may be switched off). "
        "The buttons still play the game."
    )
    assert server.discord.activity_launches == []


async def test_without_the_table_no_message_offers_it(server: Server) -> None:
    await server.start_bot_process()
    table = Table(server.discord, server.games, server.players("Anne", "Ben"))
    lobby = await table.open(pick_seconds=600)
    round_message = table.round_message()
    assert round_message is not None
    assert "Open the table" not in labels(round_message) + labels(lobby)

"""Starting `python -m bot` as users do: a rejected or missing token is one clear sentence on
stderr and exit code 2, never a traceback; a good one connects and syncs the commands."""

from __future__ import annotations

from tests.commands import whyfirst_group
from tests.e2e.server import Server
from tests.loopback.harness import BotProcess


async def exit_of(server: Server, environment: dict[str, str]) -> tuple[int, list[str]]:
    bot = BotProcess(environment, server.workdir)
    await bot.start(wait_ready=False)
    code = await bot.wait_exit()
    return code, bot.stderr_lines


async def test_a_rejected_token_is_one_sentence_and_exit_code_2(server: Server) -> None:
    environment = server.environment(time_scale=0.1)
    environment["DISCORD_TOKEN"] = "not-the-token"
    code, lines = await exit_of(server, environment)
    assert code == 2
    assert not any("Traceback" in line for line in lines)
    assert "DISCORD_TOKEN" in lines[-1]
    assert server.discord.gateway.identifies == 0


async def test_a_missing_token_is_one_sentence_and_exit_code_2(server: Server) -> None:
    environment = server.environment(time_scale=0.1)
    environment["DISCORD_TOKEN"] = ""
    code, lines = await exit_of(server, environment)
    assert code == 2
    assert not any("Traceback" in line for line in lines)
    assert "DISCORD_TOKEN" in lines[-1]


async def test_the_bot_process_syncs_the_command_tree_once(server: Server) -> None:
    bot = await server.start_bot_process()
    tree = server.discord.commands(server.guild)
    assert [command["name"] for command in tree] == ["whyfirst"]
    subcommands = {option["name"] for option in tree[0]["options"]}
    async with whyfirst_group() as group:
        assert subcommands == {command.name for command in group.commands}
    assert server.discord.commands() == []
    await bot.stop()
    await bot.start()
    assert server.discord.world.command_puts == 1


async def test_a_global_sync_keeps_the_entry_point_discord_made_for_the_activity(
    server: Server,
) -> None:
    """Switching Activities on in the Developer Portal makes Discord add its Entry Point
    command; a bulk overwrite of the global commands that left it out would be refused (50240)
    and the bot would not start."""
    server.global_commands = True
    server.discord.enable_activities()
    (entry_point,) = server.discord.commands()
    bot = await server.start_bot_process()
    commands = server.discord.commands()
    assert [command["name"] for command in commands] == ["whyfirst", entry_point["name"]]
    assert commands[1]["id"] == entry_point["id"]
    assert commands[1]["handler"] == entry_point["handler"]
    await bot.stop()

"""`whyfirst check`: what the bot would meet at start, checked without starting it. Offline: the
settings, the database (read, never changed) and the ports. With the network (unless `--offline`):
the token, the application's install settings and its registered commands. Prints a line for each
thing checked; the first problem ends it (exit code 2, or 1 where Discord cannot be reached)."""

from __future__ import annotations

import aiohttp
import discord

from bot.observe.listeners import PortUnavailable, listen
from bot.settings import TOKEN_REJECTED, Settings
from bot.storage import StorageError
from bot.storage.probe import probe
from bot.ui.command_sync import CommandsRefused, commands_scope

COMMAND_NAME = "whyfirst"


async def check(settings: Settings, *, offline: bool) -> int:
    say("settings: read and valid")
    try:
        say(f"database: {await probe(settings.database)}")
    except StorageError as problem:
        return fail(f"The bot cannot use its database (WHYFIRST_DATABASE): {problem}")
    try:
        listen(settings).close()
    except PortUnavailable as problem:
        return fail(str(problem))
    ports = [
        f"{name}={port}"
        for name, port in (
            ("WHYFIRST_METRICS_PORT", settings.metrics_port),
            ("WHYFIRST_WEB_PORT", settings.web_port),
        )
        if port is not None
    ]
    say(f"ports: {', '.join(ports)} free" if ports else "ports: none to serve")
    if offline:
        say("Discord: not asked (--offline)")
        return 0
    return await check_discord(settings)


async def check_discord(settings: Settings) -> int:
    client = discord.Client(intents=discord.Intents.none())
    try:
        await client.login(settings.token)
        assert client.user is not None
        say(f"token: accepted, the bot is {client.user.name} ({client.user.id})")
        application = await client.application_info()
        contexts = [
            name
            for name, config in (
                ("servers", application.guild_integration_config),
                ("users", application.user_integration_config),
            )
            if config is not None
        ]
        say(
            f"application: {application.name}; installable to "
            + (" and ".join(contexts) if contexts else "servers (Discord's default)")
        )
        if settings.dev_guild is not None:
            commands = await client.http.get_guild_commands(application.id, settings.dev_guild)
        else:
            commands = await client.http.get_global_commands(application.id)
        where = commands_scope(settings.dev_guild)
        if any(command["name"] == COMMAND_NAME for command in commands):
            say(f"commands: /{COMMAND_NAME} is registered {where}")
        else:
            say(f"commands: /{COMMAND_NAME} is not registered {where}: the bot syncs it at start")
    except discord.LoginFailure:
        return fail(TOKEN_REJECTED)
    except discord.Forbidden as refusal:
        return fail(str(CommandsRefused(settings.dev_guild, refusal)))
    except (aiohttp.ClientError, OSError, discord.HTTPException) as problem:
        say(
            f"The bot cannot reach {settings.api_base or 'Discord'} ({problem}): check the "
            "network connection and DISCORD_API_BASE."
        )
        return 1
    finally:
        await client.close()
    return 0


def say(line: str) -> None:
    print(line, flush=True)


def fail(sentence: str) -> int:
    print(sentence, flush=True)
    return 2

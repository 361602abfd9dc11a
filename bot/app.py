"""Start-up: point discord.py at the configured endpoints, run the client, report failures."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord
import discord.gateway
import discord.http
import yarl

from bot.client import WhyFirstClient
from bot.settings import Settings, SettingsError, load_settings

LOG_FORMAT = "%(levelname)s %(name)s: %(message)s"
TOKEN_REJECTED = (
    "Discord rejected DISCORD_TOKEN: copy the bot's token again from the Developer Portal "
    "(Bot tab, Reset Token) into .env."
)

log = logging.getLogger("whyfirst")


def point_discord_at(settings: Settings) -> None:
    """Use the configured REST base and gateway (a proxy, or the tests' loopback Discord)."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    if settings.gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.gateway_url)


async def serve(settings: Settings) -> None:
    """Run the bot until cancelled or until the client closes."""
    point_discord_at(settings)
    client = WhyFirstClient(settings)
    async with client:
        await client.start(settings.token, reconnect=True)


def configure_logging(level: str) -> None:
    logging.basicConfig(stream=sys.stderr, format=LOG_FORMAT, level=level, force=True)


def main() -> int:
    try:
        settings = load_settings()
    except SettingsError as problem:
        print(problem, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    try:
        asyncio.run(serve(settings))
    except discord.LoginFailure:
        print(TOKEN_REJECTED, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    return 0

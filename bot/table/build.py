"""The table's parts, when DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET turn it on."""

from __future__ import annotations

import discord

from bot.clock import Clock
from bot.settings import Settings
from bot.table.page import TablePages
from bot.table.sessions import Sessions
from bot.table.signin import DiscordSignIn


def table_pages(client: discord.Client, settings: Settings, clock: Clock) -> tuple[TablePages, ...]:
    """The table's routes for the web pages; none without its settings."""
    if settings.activity is None or settings.public_url is None:
        return ()

    def channel_name(channel_id: int) -> str | None:
        """The name of a server channel (or thread) the bot sees; None elsewhere."""
        channel = client.get_channel(channel_id)
        return (
            channel.name if isinstance(channel, discord.abc.GuildChannel | discord.Thread) else None
        )

    api_base = settings.api_base or discord.http.Route.BASE
    pages = TablePages(
        DiscordSignIn(api_base, settings.activity),
        Sessions(clock.monotonic),
        settings.activity.client_id,
        settings.public_url,
        channel_name,
    )
    return (pages,)

"""The table's way in from Discord: a launch from the App Launcher (the Entry Point command,
which the bot answers while the table is on) opens the table in the player's channel."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.ui import custom_ids as ids
from bot.ui.feature import Feature
from bot.ui.replies import refuse

log = logging.getLogger("whyfirst.table")


async def open_table(interaction: discord.Interaction) -> None:
    """Answer with LAUNCH_ACTIVITY; where Discord refuses that (Activities are off in the
    Developer Portal, as the app's flags say, or Discord says so), tell the player politely."""
    if not interaction.client.application_flags.embedded:
        await refuse(interaction, "table.launch_refused")
        return
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as refusal:
        log.info(
            "Discord did not open the table in channel %s: %s", interaction.channel_id, refusal
        )
        await refuse(interaction, "table.launch_refused")


async def closed_table(interaction: discord.Interaction) -> None:
    """The Entry Point is still the bot's from when the table was on: say it is closed."""
    await refuse(interaction, "table.closed")


def app_launcher(table_on: bool) -> Callable[[discord.Interaction], Awaitable[None]]:
    """What a launch from the App Launcher does in this bot."""
    return open_table if table_on else closed_table


def table_feature(table_on: bool) -> Feature:
    """Open the table, the button on a game's lobby and round messages."""
    launch = app_launcher(table_on)
    return Feature(clicks={ids.TABLE_TEMPLATE: lambda interaction, _match: launch(interaction)})

"""The table's way in from Discord: a launch from the App Launcher (the Entry Point command,
which the bot answers while the table is on) opens the table in the player's channel."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.ui.replies import refuse

log = logging.getLogger("whyfirst.table")


async def open_table(interaction: discord.Interaction) -> None:
    """Answer with LAUNCH_ACTIVITY; where Discord refuses that, tell the player politely."""
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

"""The table's way in from Discord: a launch from the App Launcher (the Entry Point command,
which the bot answers while the table is on) opens the table in the player's channel, on the
channel's game, or on a new lobby where there is none (as /whyfirst start would open it)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

import discord

from bot.lobby.answer import refused_start
from bot.lobby.request import LobbyRequest
from bot.ui import custom_ids as ids
from bot.ui.contexts import in_bot_dm
from bot.ui.feature import Feature, Running
from bot.ui.replies import NO_PINGS, refuse

log = logging.getLogger("whyfirst.table")

Launch = Callable[[discord.Interaction], Awaitable[None]]


class ChannelGame(Protocol):
    def in_channel(self, channel_id: int) -> int | None: ...


class Lobbies(Protocol):
    async def open_lobby(
        self, interaction: discord.Interaction, request: LobbyRequest, answer: Launched
    ) -> None: ...


async def open_table(interaction: discord.Interaction) -> bool:
    """Answer with LAUNCH_ACTIVITY; where Discord refuses that (Activities are off in the
    Developer Portal, as the app's flags say, or Discord says so), tell the player politely
    (False)."""
    if not interaction.client.application_flags.embedded:
        await refuse(interaction, "table.launch_refused")
        return False
    try:
        await interaction.response.launch_activity()
    except discord.HTTPException as refusal:
        log.info(
            "Discord did not open the table in channel %s: %s", interaction.channel_id, refusal
        )
        await refuse(interaction, "table.launch_refused")
        return False
    return True


class Launched:
    """A lobby opened by a launch: the table opens first, and the lobby is its follow-up."""

    keeps_click = False
    """The interaction's own answer is the Activity, not the lobby message."""

    async def first(self, interaction: discord.Interaction) -> bool:
        return await open_table(interaction)

    async def show(
        self, interaction: discord.Interaction, content: str, view: discord.ui.View
    ) -> int:
        sent = await interaction.followup.send(
            content, view=view, allowed_mentions=NO_PINGS, wait=True
        )
        return sent.id

    async def busy(self, interaction: discord.Interaction) -> None:
        """The table is open already, on the game another process opened."""


LAUNCHED = Launched()


def app_launcher(games: ChannelGame, lobbies: Lobbies, table_on: bool) -> Launch:
    """A launch from the App Launcher."""
    if not table_on:
        return closed_table

    async def launch(interaction: discord.Interaction) -> None:
        channel_id = interaction.channel_id
        if channel_id is None or in_bot_dm(interaction) or games.in_channel(channel_id) is not None:
            await open_table(interaction)
            return
        if await refused_start(interaction):
            return
        await lobbies.open_lobby(interaction, LobbyRequest.plain(), LAUNCHED)

    return launch


async def closed_table(interaction: discord.Interaction) -> None:
    """The Entry Point is still the bot's from when the table was on: say it is closed."""
    await refuse(interaction, "table.closed")


async def _open_table(interaction: discord.Interaction) -> None:
    await open_table(interaction)


def table_feature(table_on: bool, follower: Running | None) -> Feature:
    """Open the table, the button on a game's lobby and round messages; and, where the table is
    served, the follower of other processes' changes (started before the pages are served)."""
    launch = _open_table if table_on else closed_table
    return Feature(
        clicks={ids.TABLE_TEMPLATE: lambda interaction, _match: launch(interaction)},
        running=() if follower is None else (follower,),
    )

"""How a new lobby answers the interaction that opened it: /whyfirst start and Rematch defer
and then show the lobby as their reply; a launch from the App Launcher opens the table first
(bot/table/launch.py), and the lobby follows it up."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.i18n import join_names, locale_name, t
from bot.messages.post import Post
from bot.permissions import missing_permissions
from bot.ui import tokens
from bot.ui.contexts import clicks_only, in_bot_dm
from bot.ui.replies import refuse


class LobbyAnswer(Protocol):
    keeps_click: bool
    """The interaction reaches the lobby message afterwards (its reply is the lobby)."""

    async def first(self, interaction: discord.Interaction) -> bool:
        """The interaction's answer before the lobby's first write; False: refused, and
        the player was told."""

    async def show(
        self, interaction: discord.Interaction, content: str, view: discord.ui.View
    ) -> int:
        """The lobby message's id."""

    async def busy(self, interaction: discord.Interaction) -> None:
        """Another process opened a game in the channel meanwhile."""


class Deferred:
    """The lobby is the interaction's own reply."""

    keeps_click = True

    async def first(self, interaction: discord.Interaction) -> bool:
        # The lobby's first write may queue behind other games' writes: answer first.
        await tokens.answer(interaction, tokens.DEFERRED_MESSAGE)
        return True

    async def show(
        self, interaction: discord.Interaction, content: str, view: discord.ui.View
    ) -> int:
        return await tokens.edit_original(interaction, Post(content, view).body())

    async def busy(self, interaction: discord.Interaction) -> None:
        # The deferred answer is public, so it says so in public (a follow-up would replace
        # it anyway).
        busy = t("refusal.channel_busy", interaction.locale)
        await tokens.edit_original(interaction, Post(busy).body())


DEFERRED = Deferred()


async def refused_start(interaction: discord.Interaction) -> bool:
    """A game cannot start here (a DM with the bot, or the bot lacks a permission it needs in
    the channel): the player is told so, and True."""
    if in_bot_dm(interaction):
        await refuse(interaction, "refusal.guild_only")
        return True
    missing = missing_permissions(interaction.app_permissions, clicks_only(interaction))
    if missing:
        locale = locale_name(interaction.locale)
        names = join_names([t(f"permission.{name}", locale) for name in missing], locale)
        await refuse(interaction, "start.missing_permissions", permissions=names)
        return True
    return False

"""Where an interaction comes from, and so how the bot may answer there.

A server that invited the bot (and the bot's own DMs) it reaches by REST; a group DM, a DM between
friends or a server that never invited it, only through a user's install: there it speaks solely by
answering interactions and following them up (a few times each)."""

from __future__ import annotations

import discord

from bot.i18n import locale_name, t
from bot.options import Reach


def in_bot_dm(interaction: discord.Interaction) -> bool:
    """A click in a DM with the bot (not in a group DM or a DM between friends)."""
    context = interaction.context
    return context.dm_channel or (interaction.guild_id is None and not context.private_channel)


def clicks_only(interaction: discord.Interaction) -> bool:
    """The interaction came through a user install alone: the bot is not in this server or
    group DM, so only interactions' tokens reach the channel (and a few follow-ups each)."""
    return not (interaction.is_guild_integration() or in_bot_dm(interaction))


def reach_of(interaction: discord.Interaction) -> Reach:
    """How a game opened by this interaction reaches its channel."""
    if not clicks_only(interaction):
        return Reach.REST
    return Reach.SERVER_BY_CLICKS if interaction.guild_id else Reach.PRIVATE_BY_CLICKS


def standings_place(interaction: discord.Interaction) -> int | None:
    """The id a place's games and standings are kept under: its server's, or in a group DM
    (or a DM between friends) its channel's; None in the bot's own DMs."""
    if interaction.guild_id is not None:
        return interaction.guild_id
    return interaction.channel_id if interaction.context.private_channel else None


def public_locale(interaction: discord.Interaction) -> str | None:
    """The locale Discord gives for the place's public messages: the server's, or in a
    private channel the language of the one who asked."""
    if interaction.guild_id is None:
        return locale_name(interaction.locale)
    return locale_name(interaction.guild_locale)


def place_names(
    interaction: discord.Interaction, host: str | None
) -> tuple[str | None, str | None]:
    """The server's and channel's names as the hands' header shows them; where the bot has
    no name for them (a group DM, a server it is not in), generic ones in the host's language."""
    reach = reach_of(interaction)
    guild = interaction.guild.name if interaction.guild else None
    channel = getattr(interaction.channel, "name", None)
    if reach.private:
        name = t("place.private", host)
        return name, channel or name
    if guild is None and reach.clicks_only:
        guild = t("place.server", host)
    return guild, channel

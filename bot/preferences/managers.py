"""Who may change a server's preferences or forget it: a member who may manage it, there."""

from __future__ import annotations

import discord

from bot.ui.replies import refuse


async def managed_server(interaction: discord.Interaction, not_allowed: str) -> int | None:
    """The server whose preference the member may change; None, refused in one sentence
    (outside a server, or `not_allowed` for a member who may not manage it)."""
    if interaction.guild_id is None:
        await refuse(interaction, "refusal.guild_only")
        return None
    if not interaction.permissions.manage_guild:
        await refuse(interaction, not_allowed)
        return None
    return interaction.guild_id

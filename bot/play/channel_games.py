"""The channel's open game, for the commands typed in it (/whyfirst hand, status, cancel)."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.storage import GameRecord
from bot.ui.replies import refuse


class ChannelGameReader(Protocol):
    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None: ...


class ChannelGames:
    def __init__(self, storage: ChannelGameReader) -> None:
        self._storage = storage

    async def game_here(self, interaction: discord.Interaction) -> GameRecord | None:
        """The open game of the interaction's channel; without one, the player is told."""
        record = None
        if interaction.channel_id is not None:
            record = await self._storage.active_game_in_channel(interaction.channel_id)
        if record is None:
            await refuse(interaction, "refusal.no_game_here")
        return record

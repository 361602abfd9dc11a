"""The slash commands about the open game of the channel they are typed in."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.i18n import locale_name
from bot.messages.status import status_text
from bot.play.controls import HandDesk
from bot.play.lobby import LobbyDesk
from bot.storage import GameRecord
from bot.ui.replies import refuse


class ChannelGameReader(Protocol):
    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None: ...


class ChannelGames:
    def __init__(self, storage: ChannelGameReader, hands: HandDesk, lobbies: LobbyDesk) -> None:
        self._storage = storage
        self._hands = hands
        self._lobbies = lobbies

    async def show_hand_here(self, interaction: discord.Interaction) -> None:
        record = await self._game_here(interaction)
        if record is not None:
            await self._hands.show_hand(interaction, record.id)

    async def status_here(self, interaction: discord.Interaction) -> None:
        record = await self._game_here(interaction)
        if record is not None:
            text = status_text(record, locale_name(interaction.locale))
            await interaction.response.send_message(text, ephemeral=True)

    async def cancel_here(self, interaction: discord.Interaction) -> None:
        record = await self._game_here(interaction)
        if record is not None:
            await self._lobbies.cancel(interaction, record)

    async def _game_here(self, interaction: discord.Interaction) -> GameRecord | None:
        record = None
        if interaction.channel_id is not None:
            record = await self._storage.active_game_in_channel(interaction.channel_id)
        if record is None:
            await refuse(interaction, "refusal.no_game_here")
        return record

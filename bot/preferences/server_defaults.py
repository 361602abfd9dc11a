"""A server's defaults for the games opened there: `/whyfirst defaults` (Manage Server), and
where a new game's hands are when `/whyfirst start` leaves it open."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.i18n import locale_name, t
from bot.options import HandsIn
from bot.preferences.managers import managed_server
from bot.ui.replies import say_privately


class DefaultsStore(Protocol):
    async def server_hands(self, guild_id: int) -> str | None: ...

    async def set_server_hands(self, guild_id: int, hands: str) -> None: ...


class ServerDefaults:
    def __init__(self, storage: DefaultsStore) -> None:
        self._storage = storage

    async def hands(self, guild_id: int) -> HandsIn:
        """Where the hands of a new game in this server are, unless its host says."""
        stored = await self._storage.server_hands(guild_id)
        return HandsIn.CHANNEL if stored == HandsIn.CHANNEL else HandsIn.DM

    async def choose_defaults(self, interaction: discord.Interaction, hands: HandsIn) -> None:
        """/whyfirst defaults: a member who may manage the server sets them."""
        guild_id = await managed_server(interaction, "refusal.defaults_not_allowed")
        if guild_id is None:
            return
        await self._storage.set_server_hands(guild_id, hands)
        locale = locale_name(interaction.locale)
        await say_privately(interaction, t(f"defaults.hands_{hands}", locale))

"""/whyfirst web on|off: a server's admins (Manage Server; in a group DM, anyone in it) turn
its standings page on, getting its link, or off, which stops that link at once."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Protocol

import discord

from bot.clock import Clock
from bot.i18n import t
from bot.ui.contexts import standings_place
from bot.ui.replies import refuse, say_privately


class StandingsPages(Protocol):
    async def turn_standings_page_on(self, guild_id: int, now: datetime) -> str: ...

    async def turn_standings_page_off(self, guild_id: int) -> bool: ...

    async def standings_page_token(self, guild_id: int) -> str | None: ...


class StandingsPageSwitch:
    def __init__(
        self, storage: StandingsPages, clock: Clock, page_url: Callable[[str], str] | None
    ) -> None:
        self._storage = storage
        self._clock = clock
        self._page_url = page_url
        """A standings token's page; None when the bot serves no web pages."""

    async def turn_on(self, interaction: discord.Interaction) -> None:
        place = await self._allowed_place(interaction)
        if place is None:
            return
        if self._page_url is None:
            await refuse(interaction, "web.not_served")
            return
        was_on = await self._storage.standings_page_token(place)
        token = await self._storage.turn_standings_page_on(place, self._clock.now())
        key = "web.already_on" if was_on == token else "web.on"
        await say_privately(interaction, t(key, interaction.locale, link=self._page_url(token)))

    async def turn_off(self, interaction: discord.Interaction) -> None:
        place = await self._allowed_place(interaction)
        if place is None:
            return
        was_on = await self._storage.turn_standings_page_off(place)
        answer = t("web.off" if was_on else "web.was_off", interaction.locale)
        await say_privately(interaction, answer)

    async def _allowed_place(self, interaction: discord.Interaction) -> int | None:
        """The place whose page this is, or None after a polite refusal."""
        place = standings_place(interaction)
        if place is None:
            await refuse(interaction, "refusal.guild_only")
            return None
        if interaction.guild_id is not None and not interaction.permissions.manage_guild:
            await refuse(interaction, "web.not_allowed")
            return None
        return place

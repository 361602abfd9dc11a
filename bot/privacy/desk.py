"""/whyfirst privacy: what the bot keeps about the player, their export, and erasing them,
ephemeral and in their language, wherever the bot answers."""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Protocol

import discord

from bot import storage as store
from bot.clock import Clock
from bot.i18n import t
from bot.preferences.managers import managed_server
from bot.privacy.export import KeptData, export_bytes, export_of
from bot.ui.buttons import Button, Rows, button
from bot.ui.custom_ids import privacy_id
from bot.ui.replies import refuse

log = logging.getLogger("whyfirst.privacy")


class ErasableData(KeptData, Protocol):
    async def erase_person(self, user_id: int) -> int: ...

    async def forget_server(self, guild_id: int, left_before: datetime | None = None) -> int: ...


class PrivacyDesk:
    def __init__(
        self,
        storage: ErasableData,
        clock: Clock,
        forget: Callable[[int], None],
        end_games_of: Callable[[int], Awaitable[None]],
    ) -> None:
        """`forget(user_id)`: drops what this process remembers of a player (their language,
        their DM channel); `end_games_of(guild_id)`: ends the server's open games."""
        self._storage = storage
        self._clock = clock
        self._forget = forget
        self._end_games_of = end_games_of

    async def show_kept(self, interaction: discord.Interaction) -> None:
        locale = interaction.locale
        buttons = [
            _button("export", "privacy.export", locale),
            _button("erase", "privacy.erase", locale),
        ]
        await interaction.response.send_message(
            t("privacy.kept", locale), view=Rows(buttons), ephemeral=True
        )

    async def export(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        export = await export_of(self._storage, interaction.user.id, self._clock.now())
        data, name = export_bytes(export, interaction.filesize_limit)
        await interaction.followup.send(
            t("privacy.exported", interaction.locale),
            file=discord.File(io.BytesIO(data), filename=name),
            ephemeral=True,
        )

    async def ask_to_erase(self, interaction: discord.Interaction) -> None:
        await _ask(
            interaction, "privacy.erase_question", "erase_confirmed", "privacy.erase_confirm"
        )

    async def erase(self, interaction: discord.Interaction) -> None:
        user_id = interaction.user.id
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            games = await self._storage.erase_person(user_id)
        except store.StillPlaying:
            await refuse(interaction, "refusal.erase_still_playing")
            return
        self._forget(user_id)
        log.info("a player was erased (%s games now name a former player)", games)
        await interaction.followup.send(
            t("privacy.erased", interaction.locale, games=games), ephemeral=True
        )

    # --- a server ----------------------------------------------------------------------

    async def ask_to_forget_server(self, interaction: discord.Interaction) -> None:
        if await managed_server(interaction, "refusal.forget_not_allowed") is not None:
            await _ask(
                interaction, "privacy.forget_question", "forget_server", "privacy.forget_confirm"
            )

    async def forget_server(self, interaction: discord.Interaction) -> None:
        guild_id = await managed_server(interaction, "refusal.forget_not_allowed")
        if guild_id is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._end_games_of(guild_id)
        games = await self._storage.forget_server(guild_id)
        log.info("a server was forgotten at its admins' request (%s games)", games)
        await interaction.followup.send(
            t("privacy.forgotten", interaction.locale, games=games), ephemeral=True
        )


async def _ask(interaction: discord.Interaction, question: str, action: str, confirm: str) -> None:
    """Ask, privately, whether to go on: the button `action`, labelled `confirm`, goes on."""
    locale = interaction.locale
    view = Rows([_button(action, confirm, locale)])
    await interaction.response.send_message(t(question, locale), view=view, ephemeral=True)


def _button(action: str, label: str, locale: discord.Locale) -> Button:
    """On the answer to /whyfirst privacy: Export, Erase; then Erase everything. On the answer
    to /whyfirst forget-server: Forget this server."""
    final = action in ("erase_confirmed", "forget_server")
    style = discord.ButtonStyle.danger if final else discord.ButtonStyle.secondary
    return button(privacy_id(action), t(label, locale), style)

"""/whyfirst language: a member who may manage the server sets its public language."""

from __future__ import annotations

import discord

from bot.i18n import locale_name, t
from bot.languages import SERVER_LANGUAGES, Languages
from bot.preferences.managers import managed_server
from bot.ui.replies import say_privately


async def choose_language(
    languages: Languages, interaction: discord.Interaction, language: str
) -> None:
    guild_id = await managed_server(interaction, "refusal.language_not_allowed")
    if guild_id is None:
        return
    chosen = language if language in SERVER_LANGUAGES else None
    await languages.set_server_language(guild_id, chosen)
    locale = locale_name(interaction.locale)
    shown = chosen or _catalog_language(locale_name(interaction.guild_locale) or "en")
    name = t(f"language.{shown}", locale)
    key = "language.auto" if chosen is None else "language.set"
    await say_privately(interaction, t(key, locale, language=name))


def _catalog_language(locale: str) -> str:
    language = locale.split("-")[0]
    return language if language in SERVER_LANGUAGES else "en"

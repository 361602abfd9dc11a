"""How Discord reaches a server's preferences: /whyfirst language and defaults."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.languages import Languages
from bot.options import HandsIn
from bot.preferences.language import choose_language
from bot.preferences.server_defaults import ServerDefaults
from bot.ui.command_text import HANDS_CHOICES, choice, described, option_name
from bot.ui.feature import Feature

LANGUAGES = [choice(f"language_{code}", code) for code in ("en", "de", "it", "auto")]


def preferences_feature(languages: Languages, defaults: ServerDefaults) -> Feature:
    @app_commands.command(name="language", description=described("commands.language"))
    @app_commands.rename(language=option_name("language"))
    @app_commands.describe(language=described("commands.language_choice"))
    @app_commands.choices(language=LANGUAGES)
    async def language(interaction: discord.Interaction, language: str) -> None:
        await choose_language(languages, interaction, language)

    @app_commands.command(name="defaults", description=described("commands.defaults"))
    @app_commands.rename(hands=option_name("hands"))
    @app_commands.describe(hands=described("commands.defaults_hands"))
    @app_commands.choices(hands=HANDS_CHOICES)
    async def choose_defaults(interaction: discord.Interaction, hands: str) -> None:
        await defaults.choose_defaults(interaction, HandsIn(hands))

    return Feature(commands=(language, choose_defaults))

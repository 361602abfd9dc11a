"""Slash command descriptions, option names and choices from the message catalog, in every language
it has.

Each is written as the English text tagged with its catalog key (`described`, `option_name`,
`choice`), which `CatalogTranslator` looks up in the other catalog files when the command tree is
synced, so Discord shows each user the commands in their own language. The command names stay
English everywhere: people share "/whyfirst start" in chat, and the bot's own sentences name them.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import Catalog, candidate_locales, default_catalog, t
from bot.options import HandsIn


def described(key: str, **values: object) -> app_commands.locale_str:
    return app_commands.locale_str(t(key, **values), key=key, values=values)


def option_name(name: str) -> app_commands.locale_str:
    """An option's name; the `option` section holds its translations."""
    return described(f"option.{name}")


def choice(key: str, value: str) -> app_commands.Choice[str]:
    """An option's choice; the `choice` section holds its name in each language."""
    return app_commands.Choice(name=described(f"choice.{key}"), value=value)


class CatalogTranslator(app_commands.Translator):
    def __init__(self, catalog: Catalog | None = None) -> None:
        self._catalog = catalog or default_catalog()

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        if key is None:
            return None
        values: dict[str, object] = string.extras.get("values", {})
        catalog = self._catalog
        # English is the command's own text: only other languages are translations.
        for candidate in candidate_locales(str(locale))[:-1]:
            if key in catalog.keys(candidate):
                return catalog.text(key, candidate, **values)
        return None


HANDS_CHOICES = [choice(f"hands_{place}", place) for place in HandsIn]
"""Where the hands are: the choices of /whyfirst start and defaults."""

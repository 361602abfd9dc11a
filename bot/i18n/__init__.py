"""The message catalog: every user-facing sentence of the bot, by key and locale.

    from bot.i18n import t
    t("lobby.title", interaction.locale, host="Anne")
    t("lobby.n_players", locale, count=3)   # plural forms chosen by count

Keys are ``section.name`` in ``bot/locales/<locale>.toml``. The locale is a Discord locale
(``"en-US"``, ``"pt-BR"``, a ``discord.Locale``, or None); lookup falls back from the exact
locale to its language to English. A key missing everywhere raises KeyError."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n.catalog import Catalog as Catalog
from bot.i18n.catalog import candidate_locales as candidate_locales
from bot.i18n.catalog import default_catalog as default_catalog
from bot.i18n.catalog import placeholders as placeholders
from bot.i18n.plurals import decimal as decimal
from bot.i18n.plurals import plural_category as plural_category
from bot.i18n.plurals import signed_decimal as signed_decimal
from bot.i18n.plurals import whole as whole


def t(key: str, /, locale: object = None, **values: object) -> str:
    """The sentence ``key`` of the bot's catalog in ``locale``, formatted with ``values``."""
    return default_catalog().text(key, locale_name(locale), **values)


def locale_name(locale: object) -> str | None:
    """``discord.Locale.brazil_portuguese`` → ``"pt-BR"`` (its ``str()``); None stays None."""
    return locale if locale is None or isinstance(locale, str) else str(locale)


def join_names(names: Sequence[str], locale: str | None = None) -> str:
    """``["Ben"]`` → ``"Ben"``; two → ``"Ben and Leo"``; more → ``"Ann, Ben and Leo"``: a list
    joined as the language joins it."""
    if len(names) <= 1:
        return "".join(names)
    if len(names) == 2:
        return t("render.names_two", locale, first=names[0], second=names[1])
    rest = t("render.list_separator", locale).join(names[:-1])
    return t("render.names_many", locale, rest=rest, last=names[-1])

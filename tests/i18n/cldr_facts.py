"""The CLDR facts the bot keeps of each language (bot/i18n/cldr.json), taken from Babel's data.

    .venv/bin/python -m tests.i18n.cldr_facts    # writes bot/i18n/cldr.json again

For every locale Discord names and its language: the plural rules, and the decimal and group
signs of its Latin digits. tests/i18n/test_numbers.py holds the file to what this gives.
"""

from __future__ import annotations

import json

import discord
from babel import Locale, UnknownLocaleError

from bot.i18n.plurals import FACTS_FILE, FALLBACK_LANGUAGE


def babel_locale(locale: str | None) -> Locale:
    """Babel's locale for a Discord locale; its language, or English."""
    tag = (locale or FALLBACK_LANGUAGE).replace("-", "_")
    for candidate in (tag, tag.split("_")[0], FALLBACK_LANGUAGE):
        try:
            return Locale.parse(candidate)
        except (UnknownLocaleError, ValueError):
            continue
    raise AssertionError("English is always known")


def facts() -> dict[str, dict[str, object]]:
    tags = {str(locale) for locale in discord.Locale}
    tags |= {tag.split("-")[0] for tag in tags}
    known: dict[str, dict[str, object]] = {}
    for tag in sorted(tags):
        language = babel_locale(tag)
        symbols = language.number_symbols["latn"]
        known[tag] = {
            "plural": language.plural_form.rules,
            "decimal": symbols["decimal"],
            "group": symbols["group"],
        }
    return known


def written() -> str:
    return json.dumps(facts(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    FACTS_FILE.write_text(written(), encoding="utf-8")

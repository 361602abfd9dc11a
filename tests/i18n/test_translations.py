"""The German and Italian catalogs: every English key with English's placeholders and the
plural forms their language needs, within Discord's limits, and no English word left over."""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import pytest
from babel import Locale

from bot.i18n import default_catalog, placeholders
from bot.i18n.catalog import Entry, load_catalog_file
from bot.options import MAX_PICK_SECONDS, MIN_PICK_SECONDS

TRANSLATIONS = ("de", "it")
LOCALES = default_catalog().directory

# Discord's limits: an option's name, a command's or option's description, a choice's name,
# a button's label, a message.
OPTION_NAME_LENGTH = 32
DESCRIPTION_LENGTH = 100
CHOICE_LENGTH = 100
BUTTON_LENGTH = 80
MESSAGE_LENGTH = 2000

BUTTONS = (
    "lobby.join",
    "lobby.leave",
    "lobby.start",
    "lobby.cancel",
    "lobby.add_ai",
    "lobby.remove_ai",
    "round.show_hand",
    "final.rematch",
    "board.previous",
    "board.next",
)

# Words that give away an English sentence left untranslated. Only words that are no word of
# German or Italian: not "in", "a", "die", "no", "ai" (Italian "to the"), "Not" (German),
# "figure" (Italian plural of figura), "total" (German), "start"/"Start" (the German
# START space), "hand" (German "auf der Hand"), "lobby" (German "Lobby"), "standard",
# "server", "bot", "link", "file" (Discord's own words in both languages).
GIVEAWAYS = (
    "the",
    "and",
    "of",
    "with",
    "you",
    "your",
    "is",
    "are",
    "this",
    "that",
    "here",
    "please",
    "round",
    "rounds",
    "stage",
    "stages",
    "player",
    "players",
    "card",
    "cards",
    "win",
    "wins",
    "winner",
    "winners",
    "point",
    "points",
    "score",
    "scores",
    "scoring",
    "game",
    "games",
    "track",
    "space",
    "edge",
    "move",
    "moves",
    "turn",
    "time",
    "seconds",
    "deadline",
    "show",
    "join",
    "leave",
    "cancel",
    "host",
    "rematch",
    "leaderboard",
    "variant",
    "tactical",
    "casual",
    "sharp",
    "first",
    "second",
    "DMs",
)
GIVEAWAY = re.compile(r"\b(?:" + "|".join(GIVEAWAYS) + r")\b", re.IGNORECASE)

# Removed before the words are checked, as they are not sentence words or are rightly English:
# the placeholders ({space}); the game's title, the same in both editions ("Why First?");
# inline code (`/whyfirst start`: command names stay English); the command line that replays
# a game record; the language names, each language's own name in every catalog ("English").
ALLOWED = re.compile(r"\{[^{}]*\}|Why First\?|`[^`]*`|python -m engine replay|English")

# The values the code may leave empty: no deadline (a game without one), no card.
MAY_BE_EMPTY = frozenset({"deadline", "card"})
DOUBLED_PUNCTUATION = re.compile(r"[.,;:!?][.,;:]|\s[.,;:!?]")


@cache
def entries(locale: str) -> dict[str, Entry]:
    return load_catalog_file(Path(LOCALES) / f"{locale}.toml")


def forms(entry: Entry) -> list[str]:
    return [entry] if isinstance(entry, str) else list(entry.values())


def filled(entry: Entry, value: str = "x") -> list[str]:
    """Every form of ``entry`` with every placeholder given ``value`` (the empty ones "")."""
    result = []
    for form in forms(entry):
        values = {
            name: ("" if name in MAY_BE_EMPTY else value)
            for _, name, _, _ in string.Formatter().parse(form)
            if name is not None
        }
        result.append(form.format(**values))
    return result


def test_both_translations_ship() -> None:
    assert set(TRANSLATIONS) <= set(default_catalog().locales())


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_every_english_key_and_no_other(locale: str) -> None:
    english, translated = set(entries("en")), set(entries(locale))
    assert not english - translated, f"{locale}.toml lacks {sorted(english - translated)}"
    assert not translated - english, f"{locale}.toml has extra {sorted(translated - english)}"


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_the_same_placeholders_as_english(locale: str) -> None:
    english = entries("en")
    for key, entry in entries(locale).items():
        assert placeholders(entry) == placeholders(english[key]), f"{locale} {key}"


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_plural_forms_where_english_has_them_with_every_form_the_language_needs(
    locale: str,
) -> None:
    needed = set(Locale.parse(locale).plural_form.tags) | {"other"}
    english = entries("en")
    for key, entry in entries(locale).items():
        if isinstance(english[key], Mapping):
            assert isinstance(entry, Mapping), f"{locale} {key} needs plural forms"
        if isinstance(entry, Mapping):
            # The code passes count= to English's plural sentences (and to a sentence with a
            # {count}); a sentence it gets no count for cannot choose a form.
            counted = isinstance(english[key], Mapping) or "count" in placeholders(english[key])
            assert counted, f"{locale} {key}: the code passes no count to choose a form"
            assert needed <= set(entry), f"{locale} {key} lacks {sorted(needed - set(entry))}"


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_option_names_are_what_discord_accepts(locale: str) -> None:
    for key, name in entries(locale).items():
        if not key.startswith("option."):
            continue
        assert isinstance(name, str)
        assert 1 <= len(name) <= OPTION_NAME_LENGTH, f"{locale} {key}: {name!r}"
        for char in name:
            category = unicodedata.category(char)
            assert char in "-_" or category == "Ll" or category.startswith("N"), (
                f"{locale} {key}: {name!r} has {char!r}"
            )


@pytest.mark.parametrize("locale", ["en", *TRANSLATIONS])
def test_descriptions_choices_and_buttons_fit(locale: str) -> None:
    catalog = default_catalog()
    limits = {"commands": DESCRIPTION_LENGTH, "choice": CHOICE_LENGTH}
    for key in entries(locale):
        limit = limits.get(key.split(".")[0])
        if limit is not None:
            text = catalog.text(key, locale, low=MIN_PICK_SECONDS, high=MAX_PICK_SECONDS)
            assert 1 <= len(text) <= limit, f"{locale} {key}: {len(text)}"
    for key in BUTTONS:
        assert 1 <= len(catalog.text(key, locale)) <= BUTTON_LENGTH, f"{locale} {key}"


@pytest.mark.parametrize("locale", ["en", *TRANSLATIONS])
def test_every_message_fits_in_one_discord_message(locale: str) -> None:
    assert len(default_catalog().text("rules.text", locale)) <= MESSAGE_LENGTH
    # A long value for each placeholder (six mentions are about 130 characters).
    for key, entry in entries(locale).items():
        for text in filled(entry, "x" * 150):
            assert len(text) <= MESSAGE_LENGTH, f"{locale} {key}: {len(text)}"


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_no_english_word_is_left_in_a_sentence(locale: str) -> None:
    for key, entry in entries(locale).items():
        for form in forms(entry):
            found = GIVEAWAY.findall(ALLOWED.sub(" ", form))
            assert not found, f"{locale} {key}: {found} in {form!r}"


def test_the_giveaway_words_catch_the_english_catalog() -> None:
    untranslated = [
        key
        for key, entry in entries("en").items()
        if any(GIVEAWAY.search(ALLOWED.sub(" ", form)) for form in forms(entry))
    ]
    assert len(untranslated) > len(entries("en")) // 2


@pytest.mark.parametrize("locale", TRANSLATIONS)
def test_no_doubled_punctuation_when_placeholders_are_filled(locale: str) -> None:
    for key, entry in entries(locale).items():
        for text in filled(entry):
            assert not DOUBLED_PUNCTUATION.search(text), f"{locale} {key}: {text!r}"


def test_language_names_are_each_languages_own_name_everywhere() -> None:
    names = {"language.en": "English", "language.de": "Deutsch", "language.it": "Italiano"}
    for locale in ["en", *TRANSLATIONS]:
        for key, name in names.items():
            assert entries(locale)[key] == name, f"{locale} {key}"
            assert entries(locale)[key.replace("language.", "choice.language_")] == name

"""Every sentence of every catalog, filled in as the bot fills it (mentions, signed numbers,
"+3 · #25" cards, counts 0, 1, 2, 5, and each value the code may leave empty left empty),
reads cleanly: no doubled space, no space before a full stop or a comma, no doubled
punctuation, balanced bold, no line Discord would turn into a list, and each language's
own terms (see the comments at the top of each catalog)."""

from __future__ import annotations

import re
import string
from collections.abc import Iterator

import pytest

from bot.i18n import default_catalog, placeholders
from bot.i18n.catalog import Entry

CATALOG = default_catalog()
LOCALES = CATALOG.locales()
COUNTS = (0, 1, 2, 5)

# A realistic value for each placeholder, as the code passes it: people as mentions, AI
# players by name, Leo by name, signed moves and points, a tactical card with its number.
VALUES: dict[str, object] = {
    "player": "<@111>",
    "host": "<@111>",
    "mover": "<@111>",
    "figure": "<@222>",
    "target": "Leo",
    "players": "<@111>, <@222>, 🤖 Ada",
    "winners": "<@111>",
    "leaders": "🤖 Ada, <@222>",
    "highest": 12,
    "waiting": "<@111>, 🤖 Ada",
    "totals": "<@111> 7, <@222> -3, Leo 0",
    "order": "<@222>, <@111>, Leo",
    "name": "Anne",
    "names": "Anne",
    "first": "Anne",
    "second": "Ben",
    "rest": "Anne, Ben",
    "last": "Chloé",
    "positions": "Anne on 5",
    "line": "Stage 2 · Round 3",
    "moves": "Anne +2",
    "card": "+3 · #25",
    "delta": "-4",
    "start": "START",
    "end": "12",
    "space": "-2",
    "points": "+6",
    "total": 7,
    "stages": "3 · 0 · -2 · 6 · 0",
    "stage": 2,
    "round": 3,
    "next": 3,
    "number": 3,
    "deadline": "· deadline <t:1700000000:R>",
    "when": "<t:1700000000:R>",
    "guild": "Pub",
    "channel": "games",
    "link": "https://discord.com/channels/1/2/3",
    "permissions": "View Channel, Embed Links",
    "variant": "standard",
    "seconds": "90 seconds",
    "level": "sharp",
    "game": 42,
    "metric": "wins",
    "period": "all time",
    "page": 1,
    "pages": 2,
    "rank": 1,
    "wins": "3 wins",
    "games": "12 games",
    "rate": 25,
    "average": "3.3",
    "best": 6,
    "reached": "2 times",
    "language": "Deutsch",
    "low": 20,
    "high": 600,
    "rating": "1,064",
    "change": "+1.8",
    "changes": "<@111> +60.1 · <@222> −9.4",
    "minimum": "3 rated games",
    "provisional": 5,
    "league": 7,
    "size": 4,
    "place": 2,
    "league_points": 6,
    "won": 2,
    "played": 3,
    "night_games": 3,
    "table": "B",
}
MAY_BE_EMPTY = ("deadline",)
"""Values the code leaves empty: a turn without a deadline. (bot/messages/round.py also falls
back to an empty {card} for a tactical mover, but a mover always has a card to move with.)"""

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
SPACE_BEFORE_PUNCTUATION = re.compile(r"\s[.,;:!?)]|\(\s")
DOUBLED_PUNCTUATION = re.compile(r"[.,;:!?][.,;:]")
# What Discord's markdown takes for a list, a heading or a quote at the start of a line.
DISCORD_BLOCK = re.compile(r"^(?:\d+\.\s|[-*+]\s|#{1,3}\s|-#\s|>\s)")
CONSECUTIVELY_NUMBERED = frozenset(
    {"lobby.seat", "lobby.ai_seat", "league.standing", "league.standing_out"}
)
"""Lines that are a numbered list on purpose: the lobby's seats and a league's standings,
numbered 1, 2, 3, ..."""

# Words each catalog keeps out, as the game's edition calls these things otherwise.
OTHER_TERMS = {
    "en": r"\b(?:pawns?|tokens?|board|phases?)\b",
    "de": r"\b(?:Runden?|Spielbrett|Spielfiguren?|Etappen?|Phasen?|Sie|Ihnen|Ihre[mnrs]?)\b",
    "it": r"\b(?:pedin[ae]|tabellone|round|tapp[ae]|fasi|fase|Lei)\b",
}


def renderings(key: str, locale: str) -> Iterator[tuple[str, str]]:
    """(what was filled in, the sentence) for each form and each empty optional value."""
    entry: Entry = CATALOG.entry(key, locale)
    names = placeholders(entry) - {"count"}
    missing = names - set(VALUES)
    assert not missing, f"{locale} {key}: give {sorted(missing)} a realistic value in VALUES"
    values = {name: VALUES[name] for name in names}
    variants = [("all filled", values)]
    variants += [(f"no {name}", {**values, name: ""}) for name in MAY_BE_EMPTY if name in values]
    for label, filled in variants:
        if isinstance(entry, str):
            yield label, CATALOG.text(key, locale, **filled)
        else:
            for count in COUNTS:
                yield f"{label}, count={count}", CATALOG.text(key, locale, count=count, **filled)


def cases() -> list[tuple[str, str]]:
    return [(locale, key) for locale in LOCALES for key in sorted(CATALOG.keys(locale))]


@pytest.mark.parametrize(("locale", "key"), cases())
def test_the_sentence_reads_cleanly_whatever_is_filled_in(locale: str, key: str) -> None:
    for label, text in renderings(key, locale):
        # A value left empty at the very end leaves a space there; Discord trims it.
        text = text.rstrip()
        where = f"{locale} {key} ({label}): {text!r}"
        if key.endswith("_separator"):
            continue
        assert text == text.lstrip(), where
        assert "  " not in text, where
        assert not SPACE_BEFORE_PUNCTUATION.search(text), where
        assert not DOUBLED_PUNCTUATION.search(text), where


@pytest.mark.parametrize(("locale", "key"), cases())
def test_bold_is_balanced_and_no_line_turns_into_a_discord_list(locale: str, key: str) -> None:
    if key.startswith(("render.", "option.", "choice.", "commands.")):
        return  # the picture's words and Discord's command texts are not markdown
    for form in _forms(key, locale):
        assert form.count("**") % 2 == 0, f"{locale} {key}: {form!r}"
        if key in CONSECUTIVELY_NUMBERED:
            continue
        for line in string.Formatter().vformat(form, (), _Blank()).splitlines():
            assert not DISCORD_BLOCK.match(line), f"{locale} {key}: {line!r}"


def _forms(key: str, locale: str) -> list[str]:
    entry = CATALOG.entry(key, locale)
    return [entry] if isinstance(entry, str) else list(entry.values())


class _Blank(dict[str, object]):
    """Formats a sentence with each placeholder as a digit, the likeliest start of a list."""

    def __missing__(self, name: str) -> object:
        return "1"


@pytest.mark.parametrize("locale", LOCALES)
def test_each_language_keeps_its_own_terms(locale: str) -> None:
    avoided = re.compile(OTHER_TERMS.get(locale, r"(?!)"))
    for key in sorted(CATALOG.keys(locale)):
        for form in _forms(key, locale):
            found = avoided.findall(PLACEHOLDER.sub(" ", form))
            assert not found, f"{locale} {key}: {found} in {form!r}"

"""docs/RULES.md and `/whyfirst rules` (the catalog's rules.text) state the same facts, and
the engine's numbers are those facts."""

from __future__ import annotations

import re

import pytest

import engine
from bot.i18n import t
from engine.constants import MAX_PLAYERS, MIN_PLAYERS
from tests import REPOSITORY

RULES_PAGE = REPOSITORY / "docs" / "RULES.md"
DISCORD_MESSAGE_LIMIT = 2000
CARD_VALUES = sorted(card.value for card in engine.DECK)

# What each fact looks like in the text, and what every occurrence must say.
NUMBERS: dict[str, tuple[str, tuple[int, ...]]] = {
    "players": (r"(\d+)\s?(?:to|–)\s?(\d+) players", (MIN_PLAYERS, MAX_PLAYERS)),
    "track": (r"(-\d+)\s?(?:to|…|–)\s?(\d+)\b", (engine.MIN_SPACE, engine.MAX_SPACE)),
    "card values": (r"(-\d+)\s?(?:to|…|–)\s?\+(\d+)", (CARD_VALUES[0], CARD_VALUES[-1])),
    "stages": (r"(\d+) stages", (engine.STAGES,)),
    "rounds": (r"(\d+) rounds", (engine.ROUNDS,)),
    "hand": (r"(?:everyone|each player)[^.]*?(?:gets|dealt) (\d+) cards", (engine.HAND_SIZE,)),
    "round on oneself": (
        r"[Rr]ound (\d+)[^.]*?last card[^.]*?(?:yourself|own figure)",
        (engine.ROUNDS,),
    ),
    "Leo's games": (r"(\d+)[ -]players?\b[^.]*?\bLeo\b", (2,)),
}
PHRASES = {
    "the second-farthest space scores": r"second-farthest",
    "the second-highest total wins": r"second-highest",
    "winners on one total share": r"share",
    "nobody scores when all stand together": r"nobody scores",
    "tactical moves go by card number, highest first": r"highest card number|card number, highest",
    "a missed deadline plays a random card": r"random card|at random",
}


def texts() -> dict[str, str]:
    """Both texts with their line breaks and runs of spaces made single spaces."""
    return {
        "docs/RULES.md": " ".join(RULES_PAGE.read_text(encoding="utf-8").split()),
        "/whyfirst rules": " ".join(t("rules.text").split()),
    }


@pytest.mark.parametrize("fact", NUMBERS)
def test_both_state_the_same_numbers_as_the_engine(fact: str) -> None:
    pattern, expected = NUMBERS[fact]
    for where, text in texts().items():
        found = [tuple(map(int, match.groups())) for match in re.finditer(pattern, text)]
        assert found, f"{where} no longer states the {fact} (looked for /{pattern}/)"
        assert set(found) == {expected}, f"{where}: the {fact} disagree with the engine"


@pytest.mark.parametrize("fact", PHRASES)
def test_both_state_the_same_rules(fact: str) -> None:
    for where, text in texts().items():
        assert re.search(PHRASES[fact], text), f"{where} no longer says that {fact}"


def test_the_rules_message_fits_in_one_discord_message() -> None:
    assert len(t("rules.text")) <= DISCORD_MESSAGE_LIMIT

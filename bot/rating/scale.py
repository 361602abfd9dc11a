"""The rating players see: openskill's conservative estimate (mu − 3·sigma) on a scale where
a newcomer stands at 1000 and each point of the estimate is worth 20. A person with fewer
than `PROVISIONAL_BELOW` rated games is shown as provisional."""

from __future__ import annotations

NEWCOMER_SHOWS = 1000.0
POINTS_PER_UNIT = 20.0
PROVISIONAL_BELOW = 5


def shown_rating(conservative: float) -> int:
    """The whole number a player sees for a conservative estimate."""
    return round(NEWCOMER_SHOWS + POINTS_PER_UNIT * conservative)


def shown_change(conservative_change: float) -> float:
    """A change of the conservative estimate on the shown scale, to one decimal."""
    return round(POINTS_PER_UNIT * conservative_change, 1)

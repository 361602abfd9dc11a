"""Skill ratings: openskill's Plackett-Luce model over the order a finished game gives its
people (bot/rating/model.py), and the scale players see (bot/rating/scale.py). Pure: the
storage reads and writes the numbers."""

from bot.rating.model import NEWCOMER, Skill, rate_game
from bot.rating.scale import PROVISIONAL_BELOW, shown_change, shown_rating

__all__ = ["NEWCOMER", "PROVISIONAL_BELOW", "Skill", "rate_game", "shown_change", "shown_rating"]

"""The server's standings: the leaderboard by wins, win rate, points or rating, and one
player's figures (`desk`); the periods they count (`periods`); what a page says (`pages`)."""

from bot.standings.periods import PERIODS, rating_period, since_for, until_for

__all__ = ["PERIODS", "rating_period", "since_for", "until_for"]

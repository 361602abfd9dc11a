"""Which stored board a leaderboard page reads: the people by rating (all time or a season),
or the standings by wins, win rate or points over a period. /whyfirst leaderboard and the web
standings page both read through here."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from bot.standings.periods import RATING, rating_period, since_for, until_for
from bot.storage import LeaderboardPage, LeaderboardQuery, RatingPage

MIN_GAMES_FOR_RATE = 3
"""Games a player needs to be listed by win rate."""


class Boards(Protocol):
    """The leaderboards and rating tables of finished games (bot.storage)."""

    async def leaderboard(self, query: LeaderboardQuery) -> LeaderboardPage: ...

    async def rating_board(
        self, guild_id: int, period: str, *, page: int, page_size: int, min_games: int
    ) -> RatingPage: ...


async def read_board(
    boards: Boards,
    place: int,
    metric: str,
    period: str,
    *,
    page: int,
    page_size: int,
    now: datetime,
    min_rated_games: int,
) -> LeaderboardPage | RatingPage | None:
    """One page of the board; None for ratings over a period that has none (e.g. a week)."""
    if metric == RATING:
        table = rating_period(period, now)
        if table is None:
            return None
        return await boards.rating_board(
            place, table, page=page, page_size=page_size, min_games=min_rated_games
        )
    query = LeaderboardQuery(
        place,
        metric=metric,
        page=page,
        page_size=page_size,
        since=since_for(period, now),
        until=until_for(period, now),
        min_games=MIN_GAMES_FOR_RATE if metric == "win_rate" else 1,
    )
    return await boards.leaderboard(query)

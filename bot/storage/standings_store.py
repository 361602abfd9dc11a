"""`StandingsStore`: the part of `Storage` that reads what finished games add up to: leaderboards, a
player's statistics, games against AI players, and the rebuild of the stored sums."""

from __future__ import annotations

from datetime import datetime

from bot.storage import leaderboard, rating_board, ratings, scores
from bot.storage.records import (
    LeaderboardPage,
    LeaderboardQuery,
    PlayerRating,
    PlayerStats,
    RatingPage,
)
from bot.storage.seasons import Histories
from bot.storage.sql import Session
from bot.storage.units import Database


class StandingsStore:
    """Leaderboards and statistics, from finished games only."""

    _database: Database  # set by Storage.__init__
    _histories: Histories  # set by Storage.__init__

    async def leaderboard(self, query: LeaderboardQuery) -> LeaderboardPage:
        return await self._database.read(
            "read a leaderboard", lambda db: leaderboard.page(db, query, self._histories)
        )

    async def player_stats(
        self,
        guild_id: int,
        user_id: int,
        *,
        since: datetime | None = None,
        until: datetime | None = None,
        min_games: int = 3,
    ) -> PlayerStats | None:
        return await self._database.read(
            "read player statistics",
            lambda db: leaderboard.player_stats(
                db,
                self._histories,
                guild_id,
                user_id,
                since=since,
                until=until,
                min_games=min_games,
            ),
        )

    async def games_against_ai(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """(games, wins) of a player in the guild's games with fewer than two people."""

        async def work(db: Session) -> tuple[int, int]:
            row = await db.one(
                "SELECT count(*), coalesce(sum(won), 0) FROM unranked_results "
                "WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
            assert row is not None
            return int(row[0]), int(row[1])

        return await self._database.read("read games against AI players", work)

    async def rebuild_statistics(self) -> None:
        """Recompute the leaderboard sums from the stored results (after a bulk load)."""
        await self._database.write("rebuild statistics", scores.rebuild)

    async def rating_board(
        self, guild_id: int, period: str, *, page: int = 0, page_size: int = 10, min_games: int = 3
    ) -> RatingPage:
        """The people of a server by rating in a period ('all' or a season's key), at least
        `min_games` rated games each."""
        return await self._database.read(
            "read a rating table",
            lambda db: rating_board.page(
                db, guild_id, period, page=page, page_size=page_size, min_games=min_games
            ),
        )

    async def player_rating(
        self, guild_id: int, user_id: int, period: str = ratings.ALL_TIME, *, min_games: int = 3
    ) -> PlayerRating | None:
        return await self._database.read(
            "read a player's rating",
            lambda db: rating_board.player(db, guild_id, user_id, period, min_games=min_games),
        )

    async def rating_changes(self, game_id: int) -> dict[int, float]:
        """Each person's all-time rating change in a finished game (empty if not rated)."""
        return await self._database.read(
            "read a game's rating changes", lambda db: rating_board.changes(db, game_id)
        )

    async def rerate(self, guild_id: int | None = None) -> int:
        """Recompute the ratings of a server (or all) from the stored games, in the order
        they finished; how many games were rated."""
        return await self._database.write(
            "recompute the ratings", lambda db: ratings.rerate(db, guild_id)
        )

"""Reading ratings: a server's table for a period (walking the index `ratings_order`), one
person's rating and rank, and the changes a game made."""

from __future__ import annotations

from bot.storage.ranking import page_ranks
from bot.storage.records import PlayerRating, RatedPlayer, RatingPage, RatingRow
from bot.storage.sql import Row, Session

_COLUMNS = (
    "r.user_id, coalesce(t.display_name, '') AS display_name, r.rating, r.games, r.last_change"
)
_NAMED = (
    "FROM ratings AS r "
    "LEFT JOIN player_totals AS t ON t.guild_id = r.guild_id AND t.user_id = r.user_id"
)
_LISTED = "guild_id = :guild AND period = :period AND games >= :min_games"


def _player(row: Row) -> RatedPlayer:
    return RatedPlayer(
        user_id=int(row[0]),
        display_name=str(row[1]),
        rating=float(row[2]),
        games=int(row[3]),
        last_change=float(row[4]),
    )


async def page(
    db: Session, guild_id: int, period: str, *, page: int, page_size: int, min_games: int
) -> RatingPage:
    """One page of the people with at least `min_games` rated games, best first; equal
    ratings share a rank (`page_ranks`)."""
    if page < 0 or page_size < 1:
        raise ValueError(f"page {page} of size {page_size} does not exist")
    params: dict[str, object] = {
        "guild": guild_id,
        "period": period,
        "min_games": min_games,
        "limit": page_size,
        "offset": page * page_size,
    }
    # The page walks the index; a head row counts the people listed and ranks the page's
    # first row, joined to the page's rows so that a page past the last still counts.
    found = await db.all(
        f"WITH page AS MATERIALIZED (SELECT {_COLUMNS} {_NAMED} WHERE r.guild_id = :guild "
        "AND r.period = :period AND r.games >= :min_games "
        "ORDER BY r.rating DESC, r.user_id LIMIT :limit OFFSET :offset), "
        f"head AS (SELECT (SELECT count(*) FROM ratings WHERE {_LISTED}) AS listed, "
        f"(SELECT 1 + count(*) FROM ratings WHERE {_LISTED} "
        "AND rating > (SELECT max(rating) FROM page)) AS first_rank) "
        "SELECT page.*, head.listed, head.first_rank FROM head LEFT JOIN page ON true "
        "ORDER BY page.rating DESC, page.user_id",
        params,
    )
    players = [_player(row) for row in found if row[0] is not None]
    ranked_players, first_rank = (int(found[0][5]), int(found[0][6])) if found else (0, 1)
    ranks = page_ranks([player.rating for player in players], first_rank, page * page_size + 1)
    rows = [RatingRow(rank, player) for rank, player in zip(ranks, players, strict=True)]
    return RatingPage(guild_id, period, page, page_size, min_games, ranked_players, tuple(rows))


async def player(
    db: Session, guild_id: int, user_id: int, period: str, *, min_games: int
) -> PlayerRating | None:
    """A person's rating in a server and period, and their rank among the people listed."""
    row = await db.one(
        f"SELECT {_COLUMNS}, CASE WHEN r.games >= :min_games THEN (SELECT 1 + count(*) "
        f"FROM ratings WHERE {_LISTED} AND rating > r.rating) END {_NAMED} "
        "WHERE r.guild_id = :guild AND r.period = :period AND r.user_id = :user",
        {"guild": guild_id, "period": period, "min_games": min_games, "user": user_id},
    )
    return None if row is None else PlayerRating(_player(row), row[5])


async def changes(db: Session, game_id: int) -> dict[int, float]:
    """Each person's all-time rating change in a rated game (empty when it was not rated)."""
    rows = await db.all(
        "SELECT user_id, rating_change FROM results "
        "WHERE game_id = ? AND rating_change IS NOT NULL",
        (game_id,),
    )
    return {int(user): float(change) for user, change in rows}

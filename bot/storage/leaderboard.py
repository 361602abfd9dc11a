"""Per-guild standings over finished games: all time from `player_totals` (one index per
metric); a period from the buckets and raw stretches that `periods.cover` picks."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import aiosqlite

from bot.storage.periods import BUCKET_KEYS_SQL, cover
from bot.storage.records import (
    METRICS,
    LeaderboardPage,
    LeaderboardRow,
    PlayerFigures,
    PlayerStats,
)

_FIGURES = "user_id, display_name, games, wins, points, best_stage, seconds_reached"
_VALUE = {  # win_rate's expression matches the index player_totals_win_rate
    "wins": "{0}wins",
    "points": "{0}points",
    "win_rate": "CAST({0}wins AS REAL) / {0}games",
}
_ORDER = {metric: value.format("") + " DESC" for metric, value in _VALUE.items()}


async def _source(
    db: aiosqlite.Connection, guild_id: int, since: datetime | None, until: datetime | None
) -> tuple[str, dict[str, Any]]:
    """SQL yielding one row of figures per player with finished games in the period."""
    params: dict[str, Any] = {"guild": guild_id}
    if since is None and until is None:
        return f"SELECT {_FIGURES} FROM player_totals WHERE guild_id = :guild", params
    async with db.execute(
        "SELECT min(finished_at), max(finished_at) FROM results WHERE guild_id = ?", (guild_id,)
    ) as cursor:
        first, last = await cursor.fetchone() or (None, None)
    chosen = cover(since, until, first, last)
    parts = ["SELECT 0 AS user_id, 0 AS games, 0 AS wins, 0 AS points, NULL AS best_stage, "
             "0 AS seconds_reached WHERE 0"]
    if chosen.buckets:
        keys = ", ".join(f":bucket{index}" for index in range(len(chosen.buckets)))
        params.update({f"bucket{index}": key for index, key in enumerate(chosen.buckets)})
        parts.append(
            "SELECT user_id, games, wins, points, best_stage, seconds_reached "
            f"FROM player_periods WHERE guild_id = :guild AND period IN ({keys})"
        )
    for index, (start, end) in enumerate(chosen.raw):
        params.update({f"raw_from{index}": start, f"raw_to{index}": end})
        parts.append(
            "SELECT user_id, 1, won, total, best_stage, seconds_reached FROM results "
            f"WHERE guild_id = :guild AND finished_at >= :raw_from{index} "
            f"AND finished_at < :raw_to{index}"
        )
    sql = (
        "SELECT parts.user_id, totals.display_name, sum(parts.games) AS games, "
        "sum(parts.wins) AS wins, sum(parts.points) AS points, "
        "max(parts.best_stage) AS best_stage, sum(parts.seconds_reached) AS seconds_reached "
        f"FROM ({' UNION ALL '.join(parts)}) AS parts JOIN player_totals AS totals "
        "ON totals.guild_id = :guild AND totals.user_id = parts.user_id "
        "GROUP BY parts.user_id"
    )
    return sql, params


def _figures(row: Any) -> PlayerFigures:
    return PlayerFigures(
        user_id=row[0],
        display_name=row[1],
        games=row[2],
        wins=row[3],
        points=row[4],
        best_stage=row[5],
        seconds_reached=row[6],
    )


def _check_metric(metric: str) -> None:
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; choose one of {', '.join(METRICS)}")


async def page(
    db: aiosqlite.Connection,
    guild_id: int,
    *,
    metric: str,
    page: int,
    page_size: int,
    since: datetime | None,
    until: datetime | None,
    min_games: int,
) -> LeaderboardPage:
    _check_metric(metric)
    if page < 0 or page_size < 1:
        raise ValueError(f"page {page} of size {page_size} does not exist")
    eligible = "games >= :min_games" if metric == "win_rate" else "games >= 1"
    params: dict[str, Any]
    if since is None and until is None:
        rows, ranked_players = await _all_time_page(
            db, guild_id, metric, eligible, min_games, page * page_size, page_size
        )
    else:
        source, params = await _source(db, guild_id, since, until)
        sql, count_sql = _period_page_sql(source, metric, eligible)
        params.update(min_games=min_games, limit=page_size, offset=page * page_size)
        async with db.execute(sql, params) as cursor:
            rows = [
                LeaderboardRow(rank=row[7], figures=_figures(row))
                for row in await cursor.fetchall()
            ]
        async with db.execute(count_sql, params) as cursor:
            ranked_players = (await cursor.fetchone() or (0,))[0]
    return LeaderboardPage(
        guild_id=guild_id,
        metric=metric,
        page=page,
        page_size=page_size,
        ranked_players=ranked_players,
        rows=tuple(rows),
    )


def _ahead(metric: str, eligible: str) -> str:
    """Condition: player `ahead` has a strictly better figure than player `me`."""
    better = f"{_VALUE[metric].format('ahead.')} > {_VALUE[metric].format('me.')}"
    return f"ahead.{eligible} AND {better}"


def _value(figures: PlayerFigures, metric: str) -> float:
    # wins / games is the same IEEE double as SQLite's CAST(wins AS REAL) / games.
    return figures.win_rate if metric == "win_rate" else getattr(figures, metric)


async def _all_time_page(
    db: aiosqlite.Connection,
    guild_id: int,
    metric: str,
    eligible: str,
    min_games: int,
    offset: int,
    limit: int,
) -> tuple[list[LeaderboardRow], int]:
    """The page walks the metric's index; one count ranks its first row, and the rows after
    it share the rank above on a tie or take their position."""
    params: dict[str, Any] = {
        "guild": guild_id, "min_games": min_games, "limit": limit, "offset": offset,
    }
    in_guild = f"guild_id = :guild AND {eligible}"
    async with db.execute(
        f"SELECT {_FIGURES} FROM player_totals WHERE {in_guild} "
        f"ORDER BY {_ORDER[metric]}, user_id LIMIT :limit OFFSET :offset",
        params,
    ) as cursor:
        page_figures = [_figures(row) for row in await cursor.fetchall()]
    async with db.execute(f"SELECT count(*) FROM player_totals WHERE {in_guild}", params) as c:
        ranked_players = (await c.fetchone() or (0,))[0]
    rows: list[LeaderboardRow] = []
    for position, figures in enumerate(page_figures, start=offset + 1):
        value = _value(figures, metric)
        if not rows:
            async with db.execute(
                f"SELECT 1 + count(*) FROM player_totals WHERE {in_guild} "
                f"AND {_VALUE[metric].format('')} > :value",
                {**params, "value": value},
            ) as cursor:
                rank = (await cursor.fetchone() or (position,))[0]
        elif value != _value(rows[-1].figures, metric):
            rank = position
        else:
            rank = rows[-1].rank
        rows.append(LeaderboardRow(rank=rank, figures=figures))
    return rows, ranked_players


def _period_page_sql(source: str, metric: str, eligible: str) -> tuple[str, str]:
    sql = (
        f"WITH figures AS ({source}), ranked AS ("
        f"SELECT {_FIGURES}, RANK() OVER (ORDER BY {_ORDER[metric]}) AS rank "
        f"FROM figures WHERE {eligible}) "
        f"SELECT {_FIGURES}, rank FROM ranked "
        "ORDER BY rank, user_id LIMIT :limit OFFSET :offset"
    )
    count_sql = f"WITH figures AS ({source}) SELECT count(*) FROM figures WHERE {eligible}"
    return sql, count_sql


async def player_stats(
    db: aiosqlite.Connection,
    guild_id: int,
    user_id: int,
    *,
    since: datetime | None,
    until: datetime | None,
    min_games: int,
) -> PlayerStats | None:
    source, params = await _source(db, guild_id, since, until)
    params.update(user=user_id, min_games=min_games)
    if since is None and until is None:
        prefix, table, in_guild = "", "player_totals", "{0}guild_id = :guild AND "
    else:
        prefix, table, in_guild = f"WITH figures AS MATERIALIZED ({source}) ", "figures", ""

    def rank(metric: str, eligible: str) -> str:
        return (
            f"(SELECT 1 + count(*) FROM {table} AS ahead "
            f"WHERE {in_guild.format('ahead.')}{_ahead(metric, eligible)})"
        )

    sql = (
        f"{prefix}SELECT {', '.join('me.' + column for column in _FIGURES.split(', '))}, "
        f"{rank('wins', 'games >= 1')}, {rank('points', 'games >= 1')}, "
        f"CASE WHEN me.games >= :min_games THEN {rank('win_rate', 'games >= :min_games')} END "
        f"FROM {table} AS me WHERE {in_guild.format('me.')}me.user_id = :user"
    )
    async with db.execute(sql, params) as cursor:
        row = await cursor.fetchone()
    if row is None:
        return None
    return PlayerStats(
        figures=_figures(row),
        ranks={"wins": row[7], "points": row[8], "win_rate": row[9]},
    )


async def rebuild(db: aiosqlite.Connection) -> None:
    """Recompute `player_periods` and `player_totals` from `results` (bulk loads, repairs)."""
    await db.execute("DELETE FROM player_periods")
    await db.execute("DELETE FROM player_totals")
    for bucket_key in BUCKET_KEYS_SQL:
        key = bucket_key.format("finished_at")
        await db.execute(
            "INSERT INTO player_periods (guild_id, period, user_id, games, wins, points, "
            f"best_stage, seconds_reached) SELECT guild_id, {key}, user_id, count(*), sum(won), "
            "sum(total), max(best_stage), sum(seconds_reached) FROM results "
            f"GROUP BY guild_id, {key}, user_id"
        )
    # The display name is the one of the player's latest finished game in the guild.
    await db.execute(
        "INSERT INTO player_totals (guild_id, user_id, display_name, games, wins, points, "
        "best_stage, seconds_reached) SELECT r.guild_id, r.user_id, "
        "(SELECT s.display_name FROM results AS latest JOIN seats AS s USING (game_id, user_id) "
        " WHERE latest.guild_id = r.guild_id AND latest.user_id = r.user_id "
        " ORDER BY latest.finished_at DESC, latest.game_id DESC LIMIT 1), "
        "count(*), sum(r.won), sum(r.total), max(r.best_stage), sum(r.seconds_reached) "
        "FROM results AS r GROUP BY r.guild_id, r.user_id"
    )

"""Per-guild standings over finished games: all time from `player_totals`; a period from
whole months in `player_months` plus the partial edge months from `results`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import aiosqlite

from bot.storage.records import (
    METRICS,
    LeaderboardPage,
    LeaderboardRow,
    PlayerFigures,
    PlayerStats,
)
from bot.storage.timefmt import to_db

_FIGURES = "user_id, display_name, games, wins, points, best_stage, seconds_reached"
_VALUE = {  # win_rate's expression matches the index player_totals_win_rate
    "wins": "{0}wins",
    "points": "{0}points",
    "win_rate": "CAST({0}wins AS REAL) / {0}games",
}
_ORDER = {metric: value.format("") + " DESC" for metric, value in _VALUE.items()}
_BEFORE_EVERYTHING = "0000"
_AFTER_EVERYTHING = "9999-99"


@dataclass(frozen=True)
class Period:
    """[since, until) split into whole months and up to two partial stretches of raw times."""

    first_month: str
    end_month: str  # exclusive
    raw: tuple[tuple[str, str], tuple[str, str]]  # [from, to) ranges; ("", "") is empty


def _month_start(moment: datetime) -> datetime:
    moment = moment.astimezone(UTC)
    return moment.replace(day=1, hour=0, minute=0, second=0, microsecond=0)


def _next_month(start: datetime) -> datetime:
    return start.replace(year=start.year + start.month // 12, month=start.month % 12 + 1)


def split_period(since: datetime | None, until: datetime | None) -> Period:
    empty = ("", "")
    first = _BEFORE_EVERYTHING
    end = _AFTER_EVERYTHING
    head, tail = empty, empty
    if since is not None:
        start = _month_start(since)
        whole_from = start if start == since else _next_month(start)
        first = to_db(whole_from)[:7]
        head = (to_db(since), to_db(whole_from))
    if until is not None:
        whole_to = _month_start(until)
        end = to_db(whole_to)[:7]
        tail = (to_db(whole_to), to_db(until))
    if since is not None and until is not None and first >= end:
        return Period(first, first, ((to_db(since), to_db(until)), empty))
    return Period(first, end, (head, tail))


def _source(guild_id: int, since: datetime | None, until: datetime | None) -> tuple[str, dict]:
    """SQL yielding one row of figures per player with finished games in the period."""
    params: dict[str, Any] = {"guild": guild_id}
    if since is None and until is None:
        return f"SELECT {_FIGURES} FROM player_totals WHERE guild_id = :guild", params
    period = split_period(since, until)
    params.update(
        first_month=period.first_month,
        end_month=period.end_month,
        head_from=period.raw[0][0],
        head_to=period.raw[0][1],
        tail_from=period.raw[1][0],
        tail_to=period.raw[1][1],
    )
    raw = (
        "SELECT user_id, 1 AS games, won AS wins, total AS points, best_stage, seconds_reached "
        "FROM results WHERE guild_id = :guild AND finished_at >= :{0}_from "
        "AND finished_at < :{0}_to"
    )
    sql = (
        "SELECT parts.user_id, totals.display_name, sum(parts.games) AS games, "
        "sum(parts.wins) AS wins, sum(parts.points) AS points, "
        "max(parts.best_stage) AS best_stage, sum(parts.seconds_reached) AS seconds_reached "
        "FROM ("
        "SELECT user_id, games, wins, points, best_stage, seconds_reached FROM player_months "
        "WHERE guild_id = :guild AND month >= :first_month AND month < :end_month "
        f"UNION ALL {raw.format('head')} UNION ALL {raw.format('tail')}"
        ") AS parts JOIN player_totals AS totals "
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
    if since is None and until is None:
        sql, count_sql, params = _all_time_page_sql(metric, eligible)
        params["guild"] = guild_id
    else:
        sql, count_sql, params = _period_page_sql(guild_id, since, until, metric, eligible)
    params.update(min_games=min_games, limit=page_size, offset=page * page_size)
    async with db.execute(sql, params) as cursor:
        rows = list(await cursor.fetchall())
    async with db.execute(count_sql, params) as cursor:
        ranked_players = (await cursor.fetchone() or (0,))[0]
    return LeaderboardPage(
        guild_id=guild_id,
        metric=metric,
        page=page,
        page_size=page_size,
        ranked_players=ranked_players,
        rows=tuple(LeaderboardRow(rank=row[7], figures=_figures(row)) for row in rows),
    )


def _ahead(metric: str, eligible: str) -> str:
    """Condition: player `ahead` has a strictly better figure than player `me`."""
    better = f"{_VALUE[metric].format('ahead.')} > {_VALUE[metric].format('me.')}"
    return f"ahead.{eligible} AND {better}"


def _all_time_page_sql(metric: str, eligible: str) -> tuple[str, str, dict[str, Any]]:
    # Walks the metric's index for the page; each rank counts the players ahead.
    sql = (
        f"SELECT {_FIGURES}, (SELECT 1 + count(*) FROM player_totals AS ahead "
        f"WHERE ahead.guild_id = :guild AND {_ahead(metric, eligible)}) AS rank "
        f"FROM player_totals AS me WHERE guild_id = :guild AND {eligible} "
        f"ORDER BY {_ORDER[metric]}, user_id LIMIT :limit OFFSET :offset"
    )
    count_sql = f"SELECT count(*) FROM player_totals WHERE guild_id = :guild AND {eligible}"
    return sql, count_sql, {}


def _period_page_sql(
    guild_id: int, since: datetime | None, until: datetime | None, metric: str, eligible: str
) -> tuple[str, str, dict[str, Any]]:
    source, params = _source(guild_id, since, until)
    sql = (
        f"WITH figures AS ({source}), ranked AS ("
        f"SELECT {_FIGURES}, RANK() OVER (ORDER BY {_ORDER[metric]}) AS rank "
        f"FROM figures WHERE {eligible}) "
        f"SELECT {_FIGURES}, rank FROM ranked "
        "ORDER BY rank, user_id LIMIT :limit OFFSET :offset"
    )
    count_sql = f"WITH figures AS ({source}) SELECT count(*) FROM figures WHERE {eligible}"
    return sql, count_sql, params


async def player_stats(
    db: aiosqlite.Connection,
    guild_id: int,
    user_id: int,
    *,
    since: datetime | None,
    until: datetime | None,
    min_games: int,
) -> PlayerStats | None:
    source, params = _source(guild_id, since, until)
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
    """Recompute `player_months` and `player_totals` from `results` (bulk loads, repairs)."""
    await db.execute("DELETE FROM player_months")
    await db.execute("DELETE FROM player_totals")
    await db.execute(
        "INSERT INTO player_months (guild_id, month, user_id, games, wins, points, best_stage, "
        "seconds_reached) SELECT guild_id, substr(finished_at, 1, 7), user_id, count(*), "
        "sum(won), sum(total), max(best_stage), sum(seconds_reached) FROM results "
        "GROUP BY guild_id, substr(finished_at, 1, 7), user_id"
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

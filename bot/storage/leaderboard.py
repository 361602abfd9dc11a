"""Per-guild standings over finished games. All time, and any season made of one whole
stored bucket (a calendar year, quarter or month), read rows already summed per player and
walk an index per metric; other seasons sum the buckets and raw stretches that
`periods.cover` picks, then rank with a window function."""

from __future__ import annotations

from datetime import datetime

from bot.storage.ranking import page_ranks
from bot.storage.records import (
    METRICS,
    LeaderboardPage,
    LeaderboardQuery,
    LeaderboardRow,
    PlayerFigures,
    PlayerStats,
)
from bot.storage.seasons import Bounds, Histories, Stored, Summed
from bot.storage.sql import Dialect, Row, Session

# Names come from player_totals, looked up for the rows shown only (see _names_of).
_FIGURES = "user_id, '' AS display_name, games, wins, points, best_stage, seconds_reached"


def _value_sql(dialect: Dialect, metric: str, alias: str = "") -> str:
    """The metric as SQL; the win_rate expression matches the indexes *_win_rate in the
    schema of each database."""
    if metric == "win_rate":
        return f"CAST({alias}wins AS {dialect.double}) / {alias}games"
    return f"{alias}{metric}"


def _figures(row: Row) -> PlayerFigures:
    """The row's first seven columns, in the order of `_FIGURES` and of PlayerFigures' fields."""
    return PlayerFigures(*tuple(row)[:7])


def _value(figures: PlayerFigures, metric: str) -> float:
    # wins / games is the same IEEE double as the database's CAST(wins AS <double>) / games.
    return figures.win_rate if metric == "win_rate" else getattr(figures, metric)


def _eligible(metric: str) -> str:
    return "games >= :min_games" if metric == "win_rate" else "games >= 1"


def _names_of(page: str) -> str:
    """Joins the names to the rows of `page` (a page already cut, so that only its players
    are looked up); a player missing from player_totals is named ''."""
    return (
        "LEFT JOIN player_totals AS names "
        f"ON names.guild_id = :guild AND names.user_id = {page}.user_id"
    )


async def page(db: Session, query: LeaderboardQuery, histories: Histories) -> LeaderboardPage:
    guild_id, metric, page, page_size = query.guild_id, query.metric, query.page, query.page_size
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; choose one of {', '.join(METRICS)}")
    if page < 0 or page_size < 1:
        raise ValueError(f"page {page} of size {page_size} does not exist")
    window = {"min_games": query.min_games, "limit": page_size, "offset": page * page_size}

    async def run(source: Stored | Summed) -> tuple[tuple[list[LeaderboardRow], int], Bounds]:
        if isinstance(source, Stored):
            sql = _stored_sql(db.dialect, source, metric)
        else:
            sql = _summed_sql(db.dialect, source, metric)
        found = await db.all(sql, {**source.params, **window})
        head = found[0]  # the head's row, the page's rows joined to it (if any)
        shown = [row for row in found if row[0] is not None]
        page_figures = [_figures(row) for row in shown]
        if isinstance(source, Stored):
            values = [_value(figures, metric) for figures in page_figures]
            ranks = page_ranks(values, head[9], window["offset"] + 1)
        else:
            ranks = [row[7] for row in shown]
        rows = [
            LeaderboardRow(rank, figures) for rank, figures in zip(ranks, page_figures, strict=True)
        ]
        return (rows, head[8]), (head[10], head[11])

    rows, ranked_players = await histories.read(guild_id, query.since, query.until, run)
    return LeaderboardPage(guild_id, metric, page, page_size, ranked_players, tuple(rows))


# The page's statements: a head row (the ranked players, the guild's history) with the page's
# rows joined to it, so that a page past the last still counts. Their columns: the figures,
# the rank (summed) or NULL, the ranked players, the first row's rank (stored) or NULL, and
# the guild's first and last finish times.


def _stored_sql(dialect: Dialect, source: Stored, metric: str) -> str:
    """The page walks the metric's index; one count ranks its first row (`page_ranks`)."""
    chosen = f"FROM {source.table} WHERE {source.where.format('')} AND {_eligible(metric)}"
    value = _value_sql(dialect, metric)
    if source.named:
        columns, name, names = _FIGURES.replace("''", "display_name"), "page.display_name", ""
    else:
        columns, name, names = _FIGURES, "coalesce(names.display_name, '')", _names_of("page")
    return (
        f"WITH page AS MATERIALIZED (SELECT {columns} {chosen} "
        f"ORDER BY {value} DESC, user_id LIMIT :limit OFFSET :offset), "
        f"head AS (SELECT (SELECT count(*) {chosen}) AS ranked_players, "
        f"(SELECT 1 + count(*) {chosen} AND {value} > (SELECT max({value}) FROM page)) "
        f"AS first_rank, {source.history}) "
        f"SELECT page.user_id, {name}, page.games, page.wins, page.points, page.best_stage, "
        "page.seconds_reached, NULL, head.ranked_players, head.first_rank, "
        f"head.first_result, head.last_result FROM head LEFT JOIN page ON true {names} "
        f"ORDER BY {_value_sql(dialect, metric, 'page.')} DESC, page.user_id"
    )


def _summed_sql(dialect: Dialect, source: Summed, metric: str) -> str:
    """The period's figures summed, then ranked with a window function."""
    columns = "user_id, games, wins, points, best_stage, seconds_reached"
    return (
        f"WITH figures AS ({source.sql}), ranked AS MATERIALIZED (SELECT {columns}, "
        f"RANK() OVER (ORDER BY {_value_sql(dialect, metric)} DESC) AS rank FROM figures "
        f"WHERE {_eligible(metric)}), page AS (SELECT {columns}, rank FROM ranked "
        "ORDER BY rank, user_id LIMIT :limit OFFSET :offset), "
        f"head AS (SELECT (SELECT count(*) FROM ranked) AS ranked_players, {source.history}) "
        "SELECT page.user_id, coalesce(names.display_name, ''), page.games, page.wins, "
        "page.points, page.best_stage, page.seconds_reached, page.rank, head.ranked_players, "
        "NULL, head.first_result, head.last_result "
        f"FROM head LEFT JOIN page ON true {_names_of('page')} ORDER BY page.rank, page.user_id"
    )


def _ahead(dialect: Dialect, metric: str) -> str:
    """Condition: player `ahead` is eligible and strictly better than player `me`."""
    better = f"{_value_sql(dialect, metric, 'ahead.')} > {_value_sql(dialect, metric, 'me.')}"
    return f"ahead.{_eligible(metric)} AND {better}"


async def player_stats(
    db: Session,
    histories: Histories,
    guild_id: int,
    user_id: int,
    *,
    since: datetime | None,
    until: datetime | None,
    min_games: int,
) -> PlayerStats | None:
    async def run(source: Stored | Summed) -> tuple[PlayerStats | None, Bounds]:
        params = {**source.params, "user": user_id, "min_games": min_games}
        if isinstance(source, Stored):
            prefix, table, where = "", source.table, source.where + " AND "
        else:
            prefix, table, where = f"WITH figures AS MATERIALIZED ({source.sql}) ", "figures", ""

        def rank(metric: str) -> str:
            return (
                f"(SELECT 1 + count(*) FROM {table} AS ahead "
                f"WHERE {where.format('ahead.')}{_ahead(db.dialect, metric)})"
            )

        # The guild's history heads the row, the player's figures joined to it (if any).
        row = await db.one(
            f"{prefix}SELECT me.user_id, (SELECT display_name FROM player_totals "
            "WHERE guild_id = :guild AND user_id = :user), me.games, me.wins, me.points, "
            f"me.best_stage, me.seconds_reached, {rank('wins')}, {rank('points')}, "
            f"CASE WHEN me.games >= :min_games THEN {rank('win_rate')} END, "
            f"head.first_result, head.last_result FROM (SELECT {source.history}) AS head "
            f"LEFT JOIN {table} AS me ON {where.format('me.')}me.user_id = :user",
            params,
        )
        assert row is not None
        if row[0] is None:
            return None, (row[10], row[11])
        ranks = {"wins": row[7], "points": row[8], "win_rate": row[9]}
        return PlayerStats(figures=_figures(row), ranks=ranks), (row[10], row[11])

    return await histories.read(guild_id, since, until, run)

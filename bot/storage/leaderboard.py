"""Per-guild standings over finished games. All time, and any season made of one whole
stored bucket (a calendar year, quarter or month), read rows already summed per player and
walk an index per metric; other seasons sum the buckets and raw stretches that
`periods.cover` picks, then rank with a window function."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from bot.storage.periods import BUCKET_KEYS_SQL, cover
from bot.storage.ranking import page_ranks
from bot.storage.records import (
    METRICS,
    LeaderboardPage,
    LeaderboardQuery,
    LeaderboardRow,
    PlayerFigures,
    PlayerStats,
)
from bot.storage.sql import Dialect, Row, Session

# Names come from player_totals, looked up for the rows shown only (see _with_names).
_FIGURES = "user_id, '' AS display_name, games, wins, points, best_stage, seconds_reached"


def _value_sql(dialect: Dialect, metric: str, alias: str = "") -> str:
    """The metric as SQL; the win_rate expression matches the indexes *_win_rate in the
    schema of each database."""
    if metric == "win_rate":
        return f"CAST({alias}wins AS {dialect.double}) / {alias}games"
    return f"{alias}{metric}"


def _order_sql(dialect: Dialect, metric: str) -> str:
    return _value_sql(dialect, metric) + " DESC"


@dataclass(frozen=True)
class _Stored:
    """Rows already summed, one per player: `where` selects them ({0} is a table alias)."""

    table: str
    where: str
    params: dict[str, object]
    named: bool  # the table holds display names


@dataclass(frozen=True)
class _Summed:
    """SQL summing the period's parts into one row per player."""

    sql: str
    params: dict[str, object]


async def _locate(
    db: Session, guild_id: int, since: datetime | None, until: datetime | None
) -> _Stored | _Summed:
    params: dict[str, object] = {"guild": guild_id}
    if since is None and until is None:
        return _Stored("player_totals", "{0}guild_id = :guild", params, named=True)
    # Two subqueries in one statement: SQLite answers a lone min() or max() from the index,
    # not both at once in one SELECT.
    row = await db.one(
        "SELECT (SELECT min(finished_at) FROM results WHERE guild_id = :guild), "
        "(SELECT max(finished_at) FROM results WHERE guild_id = :guild)",
        params,
    )
    first, last = (None, None) if row is None else (row[0], row[1])
    chosen = cover(since, until, first, last)
    if len(chosen.buckets) == 1 and not chosen.raw:
        params["bucket"] = chosen.buckets[0]
        where = "{0}guild_id = :guild AND {0}period = :bucket"
        return _Stored("player_periods", where, params, named=False)
    parts = [
        "SELECT 0 AS user_id, 0 AS games, 0 AS wins, 0 AS points, NULL AS best_stage, "
        "0 AS seconds_reached WHERE false"
    ]
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
        "SELECT user_id, '' AS display_name, sum(games) AS games, sum(wins) AS wins, "
        "sum(points) AS points, max(best_stage) AS best_stage, "
        f"sum(seconds_reached) AS seconds_reached FROM ({' UNION ALL '.join(parts)}) AS parts "
        "GROUP BY user_id"
    )
    return _Summed(sql, params)


def _figures(row: Row) -> PlayerFigures:
    return PlayerFigures(
        user_id=row[0],
        display_name=row[1],
        games=row[2],
        wins=row[3],
        points=row[4],
        best_stage=row[5],
        seconds_reached=row[6],
    )


def _value(figures: PlayerFigures, metric: str) -> float:
    # wins / games is the same IEEE double as the database's CAST(wins AS <double>) / games.
    return figures.win_rate if metric == "win_rate" else getattr(figures, metric)


def _eligible(metric: str) -> str:
    return "games >= :min_games" if metric == "win_rate" else "games >= 1"


async def _with_names(
    db: Session, guild_id: int, rows: list[LeaderboardRow]
) -> list[LeaderboardRow]:
    if not rows:
        return rows
    users = [row.figures.user_id for row in rows]
    marks = ", ".join("?" for _ in users)
    found = await db.all(
        "SELECT user_id, display_name FROM player_totals "
        f"WHERE guild_id = ? AND user_id IN ({marks})",
        (guild_id, *users),
    )
    names = {user_id: name for user_id, name in found}
    return [
        replace(row, figures=replace(row.figures, display_name=names.get(row.figures.user_id, "")))
        for row in rows
    ]


async def page(db: Session, query: LeaderboardQuery) -> LeaderboardPage:
    guild_id, metric, page, page_size = query.guild_id, query.metric, query.page, query.page_size
    since, until, min_games = query.since, query.until, query.min_games
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; choose one of {', '.join(METRICS)}")
    if page < 0 or page_size < 1:
        raise ValueError(f"page {page} of size {page_size} does not exist")
    source = await _locate(db, guild_id, since, until)
    window = {"min_games": min_games, "limit": page_size, "offset": page * page_size}
    if isinstance(source, _Stored):
        rows, ranked_players = await _stored_page(db, source, metric, window)
    else:
        rows, ranked_players = await _summed_page(db, source, metric, window)
    if not (isinstance(source, _Stored) and source.named):
        rows = await _with_names(db, guild_id, rows)
    return LeaderboardPage(
        guild_id=guild_id,
        metric=metric,
        page=page,
        page_size=page_size,
        ranked_players=ranked_players,
        rows=tuple(rows),
    )


async def _stored_page(
    db: Session, source: _Stored, metric: str, window: dict[str, int]
) -> tuple[list[LeaderboardRow], int]:
    """The page walks the metric's index; one count ranks its first row (`page_ranks`)."""
    params = {**source.params, **window}
    chosen = f"FROM {source.table} WHERE {source.where.format('')} AND {_eligible(metric)}"
    columns = _FIGURES.replace("''", "display_name") if source.named else _FIGURES
    order = _order_sql(db.dialect, metric)
    found = await db.all(
        f"SELECT {columns} {chosen} ORDER BY {order}, user_id LIMIT :limit OFFSET :offset",
        params,
    )
    page_figures = [_figures(row) for row in found]
    first_value = _value(page_figures[0], metric) if page_figures else None
    counted = await db.one(
        f"SELECT (SELECT count(*) {chosen}), "
        f"(SELECT 1 + count(*) {chosen} AND {_value_sql(db.dialect, metric)} > :value)",
        {**params, "value": first_value},
    )
    ranked_players, first_rank = counted or (0, 1)
    values = [_value(figures, metric) for figures in page_figures]
    ranks = page_ranks(values, first_rank, window["offset"] + 1)
    rows = [
        LeaderboardRow(rank=rank, figures=figures)
        for rank, figures in zip(ranks, page_figures, strict=True)
    ]
    return rows, ranked_players


async def _summed_page(
    db: Session, source: _Summed, metric: str, window: dict[str, int]
) -> tuple[list[LeaderboardRow], int]:
    params = {**source.params, **window}
    eligible = _eligible(metric)
    columns = "user_id, display_name, games, wins, points, best_stage, seconds_reached"
    fetched = await db.all(
        f"WITH figures AS ({source.sql}), ranked AS ("
        f"SELECT {columns}, RANK() OVER (ORDER BY {_order_sql(db.dialect, metric)}) AS rank, "
        f"count(*) OVER () AS ranked_players FROM figures WHERE {eligible}) "
        f"SELECT {columns}, rank, ranked_players FROM ranked "
        "ORDER BY rank, user_id LIMIT :limit OFFSET :offset",
        params,
    )
    if fetched:
        ranked_players = fetched[0][8]
    else:  # past the last page: count on its own
        counted = await db.one(
            f"WITH figures AS ({source.sql}) SELECT count(*) FROM figures WHERE {eligible}",
            params,
        )
        ranked_players = counted[0] if counted else 0
    return [LeaderboardRow(rank=row[7], figures=_figures(row)) for row in fetched], ranked_players


def _ahead(dialect: Dialect, metric: str) -> str:
    """Condition: player `ahead` is eligible and strictly better than player `me`."""
    better = f"{_value_sql(dialect, metric, 'ahead.')} > {_value_sql(dialect, metric, 'me.')}"
    return f"ahead.{_eligible(metric)} AND {better}"


async def player_stats(
    db: Session,
    guild_id: int,
    user_id: int,
    *,
    since: datetime | None,
    until: datetime | None,
    min_games: int,
) -> PlayerStats | None:
    source = await _locate(db, guild_id, since, until)
    params = {**source.params, "user": user_id, "min_games": min_games}
    if isinstance(source, _Stored):
        prefix, table, where = "", source.table, source.where + " AND "
    else:
        prefix, table, where = f"WITH figures AS MATERIALIZED ({source.sql}) ", "figures", ""

    def rank(metric: str) -> str:
        return (
            f"(SELECT 1 + count(*) FROM {table} AS ahead "
            f"WHERE {where.format('ahead.')}{_ahead(db.dialect, metric)})"
        )

    sql = (
        f"{prefix}SELECT me.user_id, (SELECT display_name FROM player_totals "
        "WHERE guild_id = :guild AND user_id = :user), me.games, me.wins, me.points, "
        f"me.best_stage, me.seconds_reached, {rank('wins')}, {rank('points')}, "
        f"CASE WHEN me.games >= :min_games THEN {rank('win_rate')} END "
        f"FROM {table} AS me WHERE {where.format('me.')}me.user_id = :user"
    )
    row = await db.one(sql, params)
    if row is None:
        return None
    return PlayerStats(
        figures=_figures(row),
        ranks={"wins": row[7], "points": row[8], "win_rate": row[9]},
    )


async def rebuild(db: Session) -> None:
    """Recompute `player_periods` and `player_totals` from `results` (bulk loads, repairs)."""
    await db.lock_statistics()
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

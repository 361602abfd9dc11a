"""Stage points and final results: checked, recorded, summed for the leaderboards, read."""

from __future__ import annotations

from collections.abc import Sequence

from bot.storage import ratings
from bot.storage.periods import BUCKET_KEYS_SQL
from bot.storage.records import GameRecord, GameStatus, PlayerResult, StagePoints
from bot.storage.sql import Session
from bot.storage.writes import TransitionWrite

STAGES = 5  # the rules' stage count; the schema checks it too
RANKED_PEOPLE = 2


async def check(db: Session, record: GameRecord, change: TransitionWrite) -> None:
    """ValueError unless the change's points and results fit the game (seated players, one
    result each when finishing, each stage once)."""
    _validate(record, change)
    if change.stage_points:
        await _refuse_recorded_stages(db, record.id, change.stage_points)


def _validate(record: GameRecord, change: TransitionWrite) -> None:
    people = {seat.user_id for seat in record.seats if not seat.is_ai}
    for points in change.stage_points:
        if points.user_id not in people:
            raise ValueError(
                f"stage points for user {points.user_id}, not seated in {record.id} "
                "(or an AI player)"
            )
        if not 1 <= points.stage <= STAGES:
            raise ValueError(f"stage {points.stage} does not exist (1 to {STAGES})")
    if change.status == GameStatus.FINISHED and not change.unrecorded:
        result_users = [result.user_id for result in change.results]
        if sorted(result_users) != sorted(people):
            raise ValueError(
                f"finishing game {record.id} needs one result per seated player "
                f"(AI players aside) {sorted(people)}, got {result_users}"
            )
    elif change.results:
        raise ValueError("results may only be stored together with status 'finished'")


async def _refuse_recorded_stages(
    db: Session, game_id: int, stage_points: Sequence[StagePoints]
) -> None:
    recorded = {
        (user_id, stage)
        for user_id, stage in await db.all(
            "SELECT user_id, stage FROM stage_points WHERE game_id = ?", (game_id,)
        )
    }
    for points in stage_points:
        if (points.user_id, points.stage) in recorded:
            raise ValueError(
                f"stage {points.stage} points of user {points.user_id} in game {game_id} "
                "are already recorded"
            )
        recorded.add((points.user_id, points.stage))


async def record_stage_points(
    db: Session, game_id: int, stage_points: Sequence[StagePoints]
) -> None:
    await db.execute_many(
        "INSERT INTO stage_points (game_id, user_id, stage, points, reached_second) "
        "VALUES (?, ?, ?, ?, ?)",
        [(game_id, p.user_id, p.stage, p.points, int(p.reached_second)) for p in stage_points],
    )


def is_ranked(record: GameRecord) -> bool:
    """Whether a game counts for the server's leaderboards: at least two people played."""
    return sum(1 for seat in record.seats if not seat.is_ai) >= RANKED_PEOPLE


async def record_results(
    db: Session, record: GameRecord, results: Sequence[PlayerResult], stamp: str
) -> None:
    if not is_ranked(record):
        await db.execute_many(
            "INSERT INTO unranked_results (game_id, user_id, guild_id, finished_at, total, won) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(record.id, r.user_id, record.guild_id, stamp, r.total, int(r.won)) for r in results],
        )
        return
    await db.execute_many(
        "INSERT INTO results (game_id, user_id, guild_id, finished_at, total, won, best_stage, "
        "seconds_reached) VALUES (:game, :user, :guild, :at, :total, :won, "
        "(SELECT max(points) FROM stage_points WHERE game_id = :game AND user_id = :user), "
        "(SELECT count(*) FROM stage_points "
        " WHERE game_id = :game AND user_id = :user AND reached_second = 1))",
        [
            {
                "game": record.id,
                "user": result.user_id,
                "guild": record.guild_id,
                "at": stamp,
                "total": result.total,
                "won": int(result.won),
            }
            for result in results
        ],
    )
    # Rows are added to in user order, so two games finishing at once with the same players
    # wait for each other on PostgreSQL instead of deadlocking.
    for bucket_key in BUCKET_KEYS_SQL:
        await db.execute(
            "INSERT INTO player_periods (guild_id, period, user_id, games, wins, points, "
            f"best_stage, seconds_reached) SELECT guild_id, {bucket_key.format('finished_at')}, "
            "user_id, 1, won, total, best_stage, seconds_reached FROM results WHERE game_id = ? "
            f"ORDER BY user_id ON CONFLICT (guild_id, period, user_id) DO UPDATE SET "
            f"{_sums(db, 'player_periods')}",
            (record.id,),
        )
    await db.execute(
        "INSERT INTO player_totals (guild_id, user_id, display_name, games, wins, points, "
        "best_stage, seconds_reached) SELECT r.guild_id, r.user_id, s.display_name, 1, r.won, "
        "r.total, r.best_stage, r.seconds_reached FROM results AS r "
        "JOIN seats AS s USING (game_id, user_id) WHERE r.game_id = ? ORDER BY r.user_id "
        f"ON CONFLICT (guild_id, user_id) DO UPDATE SET {_sums(db, 'player_totals')}, "
        "display_name = excluded.display_name",
        (record.id,),
    )
    await ratings.rate_finished_game(
        db, record.guild_id, record.id, stamp, {result.user_id: result.won for result in results}
    )


def _sums(db: Session, table: str) -> str:
    """The stored sums plus one game's (`excluded`); the table is named, as PostgreSQL needs."""
    return (
        f"games = {table}.games + 1, wins = {table}.wins + excluded.wins, "
        f"points = {table}.points + excluded.points, "
        f"best_stage = {db.dialect.greatest}(coalesce({table}.best_stage, excluded.best_stage), "
        f"coalesce(excluded.best_stage, {table}.best_stage)), "
        f"seconds_reached = {table}.seconds_reached + excluded.seconds_reached"
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


async def read(db: Session, game_id: int) -> tuple[list[StagePoints], list[PlayerResult]]:
    points = await db.all(
        "SELECT user_id, stage, points, reached_second FROM stage_points "
        "WHERE game_id = ? ORDER BY stage, user_id",
        (game_id,),
    )
    results = await db.all(
        "SELECT r.user_id, r.total, r.won FROM (SELECT game_id, user_id, total, won FROM results "
        "UNION ALL SELECT game_id, user_id, total, won FROM unranked_results) AS r "
        "JOIN seats AS s USING (game_id, user_id) WHERE r.game_id = ? ORDER BY s.seat",
        (game_id,),
    )
    return (
        [StagePoints(user, stage, pts, bool(second)) for user, stage, pts, second in points],
        [PlayerResult(user, total, bool(won)) for user, total, won in results],
    )

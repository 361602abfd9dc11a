"""SQL for games, seats, message ids and the action log; each function runs inside a
transaction opened by the caller."""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from bot.storage import scores
from bot.storage.errors import (
    AlreadySeated,
    ChannelBusy,
    GameClosed,
    GameFull,
    GameNotFound,
    NotInLobby,
    NotSeated,
    StaleVersion,
)
from bot.storage.records import (
    CLOSED_STATUSES,
    MAX_SEATS,
    UNSET,
    GameRecord,
    GameStatus,
    JsonObject,
    LoggedAction,
    PlayerResult,
    Seat,
    StagePoints,
    Unset,
)
from bot.storage.sql import Session, dump_json
from bot.storage.timefmt import from_db, moment_from_db, to_db, to_db_or_none

_ENDED_EARLY = {GameStatus.CANCELLED, GameStatus.ABANDONED}
_NEXT_STATUSES = {
    GameStatus.LOBBY: {GameStatus.LOBBY, GameStatus.RUNNING, *_ENDED_EARLY},
    GameStatus.RUNNING: {GameStatus.RUNNING, GameStatus.FINISHED, *_ENDED_EARLY},
}
_MESSAGE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")

_GAME_COLUMNS = (
    "id, guild_id, channel_id, host_id, variant, options, status, seed, version, state, "
    "created_at, updated_at, started_at, finished_at, deadline, lobby_deadline, replay_token"
)
REPLAY_TOKEN_BYTES = 24
"""A replay's address carries 24 random bytes (32 characters): unguessable."""


async def load(db: Session, game_id: int, *, to_write: bool = False) -> GameRecord | None:
    """The game as stored, its seats and message ids with it in one query; `to_write` also
    locks its row until the transaction ends."""
    dialect = db.dialect
    seats = dialect.json_rows.format("user_id, display_name, seat, ai_level")
    messages = dialect.json_pairs.format("name", "message_id")
    row = await db.one(
        f"SELECT {_GAME_COLUMNS}, "
        f"(SELECT {seats} FROM seats WHERE game_id = games.id), "
        f"(SELECT {messages} FROM game_messages WHERE game_id = games.id) "
        f"FROM games WHERE id = ?{dialect.lock_row if to_write else ''}",
        (game_id,),
    )
    if row is None:
        return None
    seat_rows = sorted(json.loads(row[17] or "[]"), key=lambda seat: seat[2])
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        host_id=row[3],
        variant=row[4],
        options=json.loads(row[5]),
        status=GameStatus(row[6]),
        seed=row[7],
        version=row[8],
        state=None if row[9] is None else json.loads(row[9]),
        created_at=moment_from_db(row[10]),
        updated_at=moment_from_db(row[11]),
        started_at=from_db(row[12]),
        finished_at=from_db(row[13]),
        deadline=from_db(row[14]),
        lobby_deadline=from_db(row[15]),
        replay_token=row[16],
        seats=tuple(Seat(user_id, name, seat, level) for user_id, name, seat, level in seat_rows),
        message_ids=json.loads(row[18] or "{}"),
    )


async def load_existing(db: Session, game_id: int, *, to_write: bool = False) -> GameRecord:
    record = await load(db, game_id, to_write=to_write)
    if record is None:
        raise GameNotFound(game_id)
    return record


async def active_ids(db: Session, channel_id: int | None = None) -> list[int]:
    sql = "SELECT id FROM games WHERE status IN ('lobby', 'running')"
    params: tuple[int, ...] = ()
    if channel_id is not None:
        sql += " AND channel_id = ?"
        params = (channel_id,)
    return [row[0] for row in await db.all(sql + " ORDER BY id", params)]


async def create(
    db: Session,
    *,
    guild_id: int,
    channel_id: int,
    host_id: int,
    host_name: str,
    variant: str,
    options: JsonObject,
    seed: int,
    now: datetime,
    lobby_deadline: datetime | None,
    clock_owner: str | None = None,
) -> int:
    await db.lock_channel(channel_id)
    busy = await active_ids(db, channel_id)
    if busy:
        raise ChannelBusy(channel_id, busy[0])
    stamp = to_db(now)
    created = await db.one(
        "INSERT INTO games (guild_id, channel_id, host_id, variant, options, status, seed, "
        "version, created_at, updated_at, lobby_deadline, clock_owner, replay_token) "
        "VALUES (?, ?, ?, ?, ?, 'lobby', ?, 1, ?, ?, ?, ?, ?) RETURNING id",
        (
            guild_id,
            channel_id,
            host_id,
            variant,
            dump_json(options),
            seed,
            stamp,
            stamp,
            to_db_or_none(lobby_deadline),
            clock_owner,
            secrets.token_urlsafe(REPLAY_TOKEN_BYTES),
        ),
    )
    assert created is not None
    game_id = int(created[0])
    await db.execute(
        "INSERT INTO seats (game_id, seat, user_id, display_name, joined_at) "
        "VALUES (?, 0, ?, ?, ?)",
        (game_id, host_id, host_name, stamp),
    )
    return game_id


def _check_version(record: GameRecord, expected_version: int | None) -> None:
    if expected_version is not None and record.version != expected_version:
        raise StaleVersion(record.id, expected_version, record.version)


async def _bump(db: Session, record: GameRecord, now: datetime) -> None:
    await db.execute(
        "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
        (to_db(now), record.id, record.version),
    )


async def join(
    db: Session,
    game_id: int,
    user_id: int,
    display_name: str,
    *,
    expected_version: int | None,
    now: datetime,
    ai_level: str | None = None,
) -> None:
    record = await load_existing(db, game_id, to_write=True)
    if record.status is not GameStatus.LOBBY:
        raise NotInLobby(game_id, record.status)
    if record.seat_of(user_id) is not None:
        raise AlreadySeated(game_id, user_id)
    if len(record.seats) >= MAX_SEATS:
        raise GameFull(game_id, len(record.seats))
    _check_version(record, expected_version)
    await db.execute(
        "INSERT INTO seats (game_id, seat, user_id, display_name, joined_at, ai_level) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, len(record.seats), user_id, display_name, to_db(now), ai_level),
    )
    await _bump(db, record, now)


async def leave(
    db: Session,
    game_id: int,
    user_id: int,
    *,
    expected_version: int | None,
    now: datetime,
) -> None:
    record = await load_existing(db, game_id, to_write=True)
    if record.status is not GameStatus.LOBBY:
        raise NotInLobby(game_id, record.status)
    seat = record.seat_of(user_id)
    if seat is None:
        raise NotSeated(game_id, user_id)
    _check_version(record, expected_version)
    # Later seats move one place down: delete and re-insert them, so no intermediate row
    # collides with the primary key.
    later = await db.all(
        "SELECT seat - 1, user_id, display_name, joined_at, ai_level FROM seats "
        "WHERE game_id = ? AND seat > ? ORDER BY seat",
        (game_id, seat.seat),
    )
    await db.execute("DELETE FROM seats WHERE game_id = ? AND seat >= ?", (game_id, seat.seat))
    await db.execute_many(
        "INSERT INTO seats (game_id, seat, user_id, display_name, joined_at, ai_level) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        [(game_id, *row) for row in later],
    )
    await _bump(db, record, now)


def _validate_status(record: GameRecord, status: GameStatus | None) -> None:
    if record.status in CLOSED_STATUSES:
        raise GameClosed(record.id, record.status)
    if status is not None and status not in _NEXT_STATUSES[record.status]:
        raise ValueError(f"game {record.id} cannot go from {record.status} to {status}")


async def transition(
    db: Session,
    game_id: int,
    *,
    expected_version: int | None,
    actor_id: int | None,
    actions: Sequence[JsonObject],
    state: JsonObject | Unset | None,
    status: GameStatus | None,
    deadline: datetime | Unset | None,
    stage_points: Sequence[StagePoints],
    results: Sequence[PlayerResult],
    now: datetime,
    clock_owner: str | Unset = UNSET,
) -> GameRecord:
    """The game as it is after the transition (seats and message ids are left as they were,
    so nothing needs reading again)."""
    record = await load_existing(db, game_id, to_write=True)
    _validate_status(record, status)
    _check_version(record, expected_version)
    await scores.check(db, record, status, stage_points, results)
    stamp = to_db(now)
    after = replace(record, version=record.version + 1, updated_at=moment_from_db(stamp))
    if actions:
        await db.execute_many(
            "INSERT INTO actions (game_id, seq, version, actor_id, action, created_at) VALUES "
            "(?, (SELECT coalesce(max(seq), 0) + 1 FROM actions WHERE game_id = ?), ?, ?, ?, ?)",
            [
                (game_id, game_id, after.version, actor_id, dump_json(action), stamp)
                for action in actions
            ],
        )
    assignments = ["version = ?", "updated_at = ?"]
    values: list[object] = [after.version, stamp]
    if not isinstance(state, Unset):
        assignments.append("state = ?")
        text = None if state is None else dump_json(state)
        values.append(text)
        after = replace(after, state=None if text is None else json.loads(text))
    if not isinstance(deadline, Unset):
        assignments.append("deadline = ?")
        deadline_text = to_db_or_none(deadline)
        values.append(deadline_text)
        after = replace(after, deadline=from_db(deadline_text))
    if not isinstance(clock_owner, Unset):
        assignments.append("clock_owner = ?")
        values.append(clock_owner)
    if status is not None and status != record.status:
        assignments.append("status = ?")
        values.append(str(status))
        after = replace(after, status=status)
        if status == GameStatus.RUNNING:
            assignments.append("started_at = ?")
            values.append(stamp)
            after = replace(after, started_at=after.updated_at)
        if status in CLOSED_STATUSES:
            assignments.append("finished_at = ?")
            values.append(stamp)
            after = replace(after, finished_at=after.updated_at)
    await db.execute(
        f"UPDATE games SET {', '.join(assignments)} WHERE id = ? AND version = ?",
        (*values, game_id, record.version),
    )
    if stage_points:
        await scores.record_stage_points(db, game_id, stage_points)
    if status == GameStatus.FINISHED:
        await scores.record_results(db, record, results, stamp)
    return after


async def set_message_ids(db: Session, game_id: int, ids: dict[str, int | None]) -> None:
    await load_existing(db, game_id, to_write=True)
    for name, message_id in ids.items():
        if not _MESSAGE_NAME.match(name):
            raise ValueError(f"message id name {name!r} must be lower_snake_case")
        if message_id is None:
            await db.execute(
                "DELETE FROM game_messages WHERE game_id = ? AND name = ?", (game_id, name)
            )
        else:
            await db.execute(
                "INSERT INTO game_messages (game_id, name, message_id) VALUES (?, ?, ?) "
                "ON CONFLICT (game_id, name) DO UPDATE SET message_id = excluded.message_id",
                (game_id, name, message_id),
            )


async def action_log(db: Session, game_id: int) -> list[LoggedAction]:
    rows = await db.all(
        "SELECT seq, version, actor_id, action, created_at FROM actions "
        "WHERE game_id = ? ORDER BY seq",
        (game_id,),
    )
    return [
        LoggedAction(
            seq=seq,
            version=version,
            actor_id=actor_id,
            action=json.loads(action),
            created_at=created_at,
        )
        for seq, version, actor_id, action, created_at in rows
    ]

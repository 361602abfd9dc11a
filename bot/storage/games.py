"""SQL that reads a game: the game whole (seats and message ids with it), the open ones, its
action log; and the message ids noted on it. Each function runs inside a transaction opened
by the caller; the writes that move a game on are in lobbies.py and transitions.py."""

from __future__ import annotations

import json
import re

from bot.storage.errors import GameNotFound, StaleVersion
from bot.storage.personal_data import message_owner
from bot.storage.records import GameRecord, GameStatus, JsonObject, LoggedAction, Seat
from bot.storage.sql import Dialect, Params, Row, Session
from bot.storage.timefmt import from_db, moment_from_db

_MESSAGE_NAME = re.compile(r"^[a-z][a-z0-9_]*$")

_GAME_COLUMNS = (
    "id, guild_id, channel_id, host_id, variant, options, status, seed, version, state, "
    "created_at, updated_at, started_at, finished_at, deadline, lobby_deadline, replay_token, "
    "shown_version"
)


def columns(dialect: Dialect) -> str:
    """A game's columns in the order `record` reads them, its seats and message ids as JSON
    aggregates after them; in a SELECT (or a RETURNING) on `games`."""
    seats = dialect.json_rows.format("user_id, display_name, seat, ai_level")
    messages = dialect.json_pairs.format("name", "message_id")
    return (
        f"{_GAME_COLUMNS}, (SELECT {seats} FROM seats WHERE game_id = games.id), "
        f"(SELECT {messages} FROM game_messages WHERE game_id = games.id)"
    )


def record(row: Row) -> GameRecord:
    """The game of a row of `columns`."""
    seat_rows = sorted(json.loads(row[18] or "[]"), key=lambda seat: seat[2])
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        host_id=row[3],
        variant=row[4],
        options_json=row[5],
        status=GameStatus(row[6]),
        seed=row[7],
        version=row[8],
        state_json=row[9],
        created_at=moment_from_db(row[10]),
        updated_at=moment_from_db(row[11]),
        started_at=from_db(row[12]),
        finished_at=from_db(row[13]),
        deadline=from_db(row[14]),
        lobby_deadline=from_db(row[15]),
        replay_token=row[16],
        shown_version=row[17],
        seats=tuple(Seat(user_id, name, seat, level) for user_id, name, seat, level in seat_rows),
        message_ids=json.loads(row[19] or "{}"),
    )


async def load(db: Session, game_id: int, *, to_write: bool = False) -> GameRecord | None:
    """The game as stored, its seats and message ids with it in one query; `to_write` also
    locks its row until the transaction ends."""
    lock = db.dialect.lock_row if to_write else ""
    return await first(db, f"id = ?{lock}", (game_id,))


async def found(db: Session, where: str, params: Params = ()) -> list[GameRecord]:
    """The games `where` (what follows WHERE) selects, each whole, in one query."""
    rows = await db.all(f"SELECT {columns(db.dialect)} FROM games WHERE {where}", params)
    return [record(row) for row in rows]


async def first(db: Session, where: str, params: Params = ()) -> GameRecord | None:
    return next(iter(await found(db, where, params)), None)


async def load_existing(db: Session, game_id: int, *, to_write: bool = False) -> GameRecord:
    record = await load(db, game_id, to_write=to_write)
    if record is None:
        raise GameNotFound(game_id)
    return record


def check_version(record: GameRecord, expected_version: int | None) -> None:
    """StaleVersion unless the game is at `expected_version` (None: any version will do)."""
    if expected_version is not None and record.version != expected_version:
        raise StaleVersion(record.id, expected_version, record.version)


ACTIVE = "status IN ('lobby', 'running')"


async def active_ids(db: Session, channel_id: int) -> list[int]:
    rows = await db.all(f"SELECT id FROM games WHERE {ACTIVE} AND channel_id = ?", (channel_id,))
    return [row[0] for row in rows]


async def set_message_ids(
    db: Session, game_id: int, ids: dict[str, int | None], shown: int | None = None
) -> None:
    await load_existing(db, game_id, to_write=True)
    if shown is not None:
        await db.execute(
            "UPDATE games SET shown_version = ? WHERE id = ? AND shown_version < ?",
            (shown, game_id, shown),
        )
    for name, message_id in ids.items():
        if not _MESSAGE_NAME.match(name):
            raise ValueError(f"message id name {name!r} must be lower_snake_case")
        if message_id is None:
            await db.execute(
                "DELETE FROM game_messages WHERE game_id = ? AND name = ?", (game_id, name)
            )
        else:
            # A player's DM ids only while they hold their seat (not once they are erased).
            owner = message_owner(name)
            await db.execute(
                "INSERT INTO game_messages (game_id, name, message_id) "
                "SELECT CAST(? AS BIGINT), ?, CAST(? AS BIGINT) WHERE CAST(? AS BIGINT) IS NULL "
                "OR EXISTS (SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?) "
                "ON CONFLICT (game_id, name) DO UPDATE SET message_id = excluded.message_id",
                (game_id, name, message_id, owner, game_id, owner),
            )


async def actions_at(db: Session, game_id: int, version: int) -> list[JsonObject]:
    rows = await db.all(
        "SELECT action FROM actions WHERE game_id = ? AND version = ? ORDER BY seq",
        (game_id, version),
    )
    return [json.loads(action) for (action,) in rows]


async def clicks(db: Session, game_id: int) -> list[tuple[int, int, JsonObject, str]]:
    """The clicks that seated the players, then each logged change's, oldest first: who, at
    what version (0: a seat's), the click, when."""
    rows = await db.all(
        "SELECT user_id, 0, click, joined_at, 0, seat FROM seats "
        "WHERE game_id = ? AND click IS NOT NULL UNION ALL "
        "SELECT actor_id, version, click, created_at, 1, seq FROM actions "
        "WHERE game_id = ? AND click IS NOT NULL ORDER BY 5, 6",
        (game_id, game_id),
    )
    return [(actor, version, json.loads(click), at) for actor, version, click, at, *_ in rows]


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

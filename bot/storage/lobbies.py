"""SQL that fills a lobby: opening it with its host seated, a player taking a seat, a player
leaving one. Each function runs inside a transaction opened by the caller."""

from __future__ import annotations

import secrets
from datetime import datetime

from bot.storage.errors import AlreadySeated, ChannelBusy, GameFull, NotInLobby, NotSeated
from bot.storage.games import active_ids, check_version, load_existing
from bot.storage.records import MAX_SEATS, GameRecord, GameStatus
from bot.storage.sql import Session, dump_json
from bot.storage.timefmt import to_db, to_db_or_none
from bot.storage.writes import NewGame, NewSeat, VacatedSeat

REPLAY_TOKEN_BYTES = 24
"""A replay's address carries 24 random bytes (32 characters): unguessable."""

_INSERT_SEAT = (
    "INSERT INTO seats (game_id, seat, user_id, display_name, joined_at, ai_level, click) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)


async def create(db: Session, game: NewGame) -> GameRecord:
    """The new game; ChannelBusy if the channel has a lobby or running game."""
    await db.lock_channel(game.channel_id)
    busy = await active_ids(db, game.channel_id)
    if busy:
        raise ChannelBusy(game.channel_id, busy[0])
    stamp = to_db(game.now)
    created = await db.one(
        "INSERT INTO games (guild_id, channel_id, host_id, variant, options, status, seed, "
        "version, created_at, updated_at, lobby_deadline, clock_owner, replay_token) "
        "VALUES (?, ?, ?, ?, ?, 'lobby', ?, 1, ?, ?, ?, ?, ?) RETURNING id",
        (
            game.guild_id,
            game.channel_id,
            game.host_id,
            game.variant,
            dump_json(game.options),
            game.seed,
            stamp,
            stamp,
            to_db_or_none(game.lobby_deadline),
            game.clock_owner,
            secrets.token_urlsafe(REPLAY_TOKEN_BYTES),
        ),
    )
    assert created is not None
    game_id = int(created[0])
    await db.execute(_INSERT_SEAT, (game_id, 0, game.host_id, game.host_name, stamp, None, None))
    return await load_existing(db, game_id)


async def join(db: Session, seat: NewSeat) -> GameRecord:
    """The game with the player seated. Raises GameNotFound, NotInLobby, AlreadySeated,
    GameFull, then StaleVersion."""
    record = await _lobby(db, seat.game_id)
    if record.seat_of(seat.user_id) is not None:
        raise AlreadySeated(seat.game_id, seat.user_id)
    if len(record.seats) >= MAX_SEATS:
        raise GameFull(seat.game_id, len(record.seats))
    check_version(record, seat.expected_version)
    await db.execute(
        _INSERT_SEAT,
        (
            seat.game_id,
            len(record.seats),
            seat.user_id,
            seat.display_name,
            to_db(seat.now),
            seat.ai_level,
            None if seat.click is None else dump_json(seat.click),
        ),
    )
    return await _bump(db, record, seat.now)


async def leave(db: Session, vacated: VacatedSeat) -> GameRecord:
    """The game without the player. Raises GameNotFound, NotInLobby, NotSeated, then
    StaleVersion."""
    game_id = vacated.game_id
    record = await _lobby(db, game_id)
    seat = record.seat_of(vacated.user_id)
    if seat is None:
        raise NotSeated(game_id, vacated.user_id)
    check_version(record, vacated.expected_version)
    # Later seats move one place down: delete and re-insert them, so no intermediate row
    # collides with the primary key.
    later = await db.all(
        "SELECT seat - 1, user_id, display_name, joined_at, ai_level, click FROM seats "
        "WHERE game_id = ? AND seat > ? ORDER BY seat",
        (game_id, seat.seat),
    )
    await db.execute("DELETE FROM seats WHERE game_id = ? AND seat >= ?", (game_id, seat.seat))
    await db.execute_many(_INSERT_SEAT, [(game_id, *row) for row in later])
    return await _bump(db, record, vacated.now)


async def _lobby(db: Session, game_id: int) -> GameRecord:
    """The game, its row locked; NotInLobby unless it is one. Locked first, then read: on
    PostgreSQL a statement that waited for the lock still sees the seats as they were when it
    began, and two players joining at once would take the same seat."""
    await db.one(f"SELECT id FROM games WHERE id = ?{db.dialect.lock_row}", (game_id,))
    record = await load_existing(db, game_id)
    if record.status is not GameStatus.LOBBY:
        raise NotInLobby(game_id, record.status)
    return record


async def _bump(db: Session, record: GameRecord, now: datetime) -> GameRecord:
    """The game as it now is, one version on."""
    await db.execute(
        "UPDATE games SET version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
        (to_db(now), record.id, record.version),
    )
    return await load_existing(db, record.id)

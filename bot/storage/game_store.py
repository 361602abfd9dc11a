"""`GameStore`: the part of `Storage` that writes and reads games: creating one, seats, transitions
and status changes, message ids, the action log and a finished game's export. Each write takes its
dataclass (writes.py) and hands it whole to the SQL (lobbies.py, transitions.py)."""

from __future__ import annotations

import json

from bot.storage import games, lobbies, scores, transitions
from bot.storage.errors import GameNotFinished
from bot.storage.records import (
    GameRecord,
    GameStatus,
    JsonObject,
    LoggedAction,
    PlayerResult,
    StagePoints,
)
from bot.storage.sql import Session
from bot.storage.timefmt import iso_text
from bot.storage.units import Database
from bot.storage.writes import NewGame, NewSeat, TransitionWrite, VacatedSeat


class GameStore:
    """Games, seats and the action log; each write one unit of work on `_database`."""

    _database: Database  # set by Storage.__init__

    async def create_game(self, game: NewGame) -> GameRecord:
        """The new lobby, its host in seat 0; ChannelBusy if the channel has an open game."""
        return await self._database.write("create a game", lambda db: lobbies.create(db, game))

    async def game(self, game_id: int) -> GameRecord | None:
        return await self._database.read("load a game", lambda db: games.load(db, game_id))

    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None:
        async def work(db: Session) -> GameRecord | None:
            where = f"{games.ACTIVE} AND channel_id = ? ORDER BY id LIMIT 1"
            return await games.first(db, where, (channel_id,))

        return await self._database.read("load a channel's game", work)

    async def active_games(self) -> list[GameRecord]:
        return await self._database.read(
            "load the open games", lambda db: games.found(db, f"{games.ACTIVE} ORDER BY id")
        )

    async def join(self, seat: NewSeat) -> GameRecord:
        return await self._database.write("seat a player", lambda db: lobbies.join(db, seat))

    async def leave(self, vacated: VacatedSeat) -> GameRecord:
        return await self._database.write("unseat a player", lambda db: lobbies.leave(db, vacated))

    async def commit_transition(self, change: TransitionWrite) -> GameRecord:
        """Raises StaleVersion when the game's version moved on, GameClosed once it ended."""
        return await self._database.write(
            "store a game transition", lambda db: transitions.transition(db, change)
        )

    async def set_message_ids(
        self, game_id: int, *, shown: int | None = None, **ids: int | None
    ) -> None:
        await self._database.write(
            "store message ids", lambda db: games.set_message_ids(db, game_id, ids, shown)
        )

    async def clicks(self, game_id: int) -> list[tuple[int, int, JsonObject, str]]:
        return await self._database.read(
            "read a game's clicks", lambda db: games.clicks(db, game_id)
        )

    async def actions(self, game_id: int) -> list[JsonObject]:
        return [entry["action"] for entry in await self.action_log(game_id)]

    async def actions_at(self, game_id: int, version: int) -> list[JsonObject]:
        """The actions the write that brought the game to `version` logged, in order."""
        return await self._database.read(
            "read a game's last actions", lambda db: games.actions_at(db, game_id, version)
        )

    async def action_log(self, game_id: int) -> list[LoggedAction]:
        """The log with its bookkeeping: seq, version, actor_id, action, created_at."""

        async def work(db: Session) -> list[LoggedAction]:
            await games.load_existing(db, game_id)
            return await games.action_log(db, game_id)

        return await self._database.read("read an action log", work)

    async def finished_game_export(self, game_id: int) -> JsonObject:
        async def work(db: Session) -> JsonObject:
            record = await games.load_existing(db, game_id)
            if record.status is not GameStatus.FINISHED:
                raise GameNotFinished(game_id, record.status)
            log = await games.action_log(db, game_id)
            stage_points, results = await scores.read(db, game_id)
            return _export(record, log, stage_points, results)

        return await self._database.read("export a finished game", work)


def _export(
    record: GameRecord,
    log: list[LoggedAction],
    stage_points: list[StagePoints],
    results: list[PlayerResult],
) -> JsonObject:
    names = {seat.user_id: seat.display_name for seat in record.seats}
    return {
        "game": {
            "id": record.id,
            "guild_id": record.guild_id,
            "channel_id": record.channel_id,
            "host_id": record.host_id,
            "variant": record.variant,
            "options": json.loads(record.options_json),
            "seed": record.seed,
            "status": str(record.status),
            "version": record.version,
            "created_at": iso_text(record.created_at),
            "started_at": iso_text(record.started_at),
            "finished_at": iso_text(record.finished_at),
        },
        "seats": [
            {"seat": seat.seat, "user_id": seat.user_id, "display_name": seat.display_name}
            for seat in record.seats
        ],
        "actions": [entry["action"] for entry in log],
        "action_log": log,
        "stage_points": [
            {
                "user_id": p.user_id,
                "display_name": names[p.user_id],
                "stage": p.stage,
                "points": p.points,
                "reached_second": p.reached_second,
            }
            for p in stage_points
        ],
        "results": [
            {"user_id": r.user_id, "display_name": names[r.user_id], "total": r.total, "won": r.won}
            for r in results
        ],
        "state": record.state,
    }

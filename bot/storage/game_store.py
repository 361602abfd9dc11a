"""`GameStore`: the part of `Storage` that writes and reads games: creating one, seats,
transitions and status changes, message ids, the action log and a finished game's export."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from bot.storage import games, scores
from bot.storage.errors import GameNotFinished
from bot.storage.records import (
    UNSET,
    GameRecord,
    GameStatus,
    JsonObject,
    LoggedAction,
    PlayerResult,
    StagePoints,
    Unset,
)
from bot.storage.sql import Session
from bot.storage.timefmt import iso_text
from bot.storage.units import Database


class GameStore:
    """Games, seats and the action log; each write one unit of work on `_database`."""

    _database: Database  # set by Storage.__init__

    async def create_game(
        self,
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
    ) -> GameRecord:
        async def work(db: Session) -> GameRecord:
            game_id = await games.create(
                db,
                guild_id=guild_id,
                channel_id=channel_id,
                host_id=host_id,
                host_name=host_name,
                variant=variant,
                options=options,
                seed=seed,
                now=now,
                lobby_deadline=lobby_deadline,
                clock_owner=clock_owner,
            )
            return await games.load_existing(db, game_id)

        return await self._database.write("create a game", work)

    async def game(self, game_id: int) -> GameRecord | None:
        async def work(db: Session) -> GameRecord | None:
            return await games.load(db, game_id)

        return await self._database.read("load a game", work)

    async def active_game_in_channel(self, channel_id: int) -> GameRecord | None:
        async def work(db: Session) -> GameRecord | None:
            ids = await games.active_ids(db, channel_id)
            return await games.load(db, ids[0]) if ids else None

        return await self._database.read("load a channel's game", work)

    async def active_games(self) -> list[GameRecord]:
        async def work(db: Session) -> list[GameRecord]:
            return [await games.load_existing(db, i) for i in await games.active_ids(db)]

        return await self._database.read("load the open games", work)

    async def join(
        self,
        game_id: int,
        user_id: int,
        display_name: str,
        *,
        expected_version: int | None,
        now: datetime,
        ai_level: str | None = None,
    ) -> GameRecord:
        async def work(db: Session) -> GameRecord:
            await games.join(
                db,
                game_id,
                user_id,
                display_name,
                expected_version=expected_version,
                now=now,
                ai_level=ai_level,
            )
            return await games.load_existing(db, game_id)

        return await self._database.write("seat a player", work)

    async def leave(
        self,
        game_id: int,
        user_id: int,
        *,
        expected_version: int | None,
        now: datetime,
    ) -> GameRecord:
        async def work(db: Session) -> GameRecord:
            await games.leave(
                db,
                game_id,
                user_id,
                expected_version=expected_version,
                now=now,
            )
            return await games.load_existing(db, game_id)

        return await self._database.write("unseat a player", work)

    async def commit_transition(
        self,
        game_id: int,
        *,
        expected_version: int,
        actor_id: int | None,
        actions: Sequence[JsonObject],
        state: JsonObject | Unset | None = UNSET,
        status: GameStatus | None = None,
        deadline: datetime | Unset | None = UNSET,
        stage_points: Sequence[StagePoints] = (),
        results: Sequence[PlayerResult] = (),
        now: datetime,
        clock_owner: str | Unset = UNSET,
    ) -> GameRecord:
        async def work(db: Session) -> GameRecord:
            return await games.transition(
                db,
                game_id,
                expected_version=expected_version,
                actor_id=actor_id,
                actions=actions,
                state=state,
                status=status,
                deadline=deadline,
                stage_points=stage_points,
                results=results,
                now=now,
                clock_owner=clock_owner,
            )

        return await self._database.write("store a game transition", work)

    async def set_status(
        self,
        game_id: int,
        status: GameStatus,
        *,
        now: datetime,
        expected_version: int | None = None,
        stage_points: Sequence[StagePoints] = (),
        results: Sequence[PlayerResult] = (),
    ) -> GameRecord:
        async def work(db: Session) -> GameRecord:
            return await games.transition(
                db,
                game_id,
                expected_version=expected_version,
                actor_id=None,
                actions=(),
                state=UNSET,
                status=status,
                deadline=UNSET,
                stage_points=stage_points,
                results=results,
                now=now,
            )

        return await self._database.write(f"mark a game {status}", work)

    async def set_message_ids(self, game_id: int, **ids: int | None) -> None:
        async def work(db: Session) -> None:
            await games.set_message_ids(db, game_id, ids)

        await self._database.write("store message ids", work)

    async def actions(self, game_id: int) -> list[JsonObject]:
        return [entry["action"] for entry in await self.action_log(game_id)]

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
            "options": record.options,
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
            {
                "user_id": r.user_id,
                "display_name": names[r.user_id],
                "total": r.total,
                "won": r.won,
            }
            for r in results
        ],
        "state": record.state,
    }

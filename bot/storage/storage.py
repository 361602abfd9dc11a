"""`Storage`: the async API the game service uses. One instance per process."""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.storage import clocks, games, leaderboard, scores
from bot.storage.errors import GameNotFinished
from bot.storage.postgres import PostgresDatabase, is_postgresql_url
from bot.storage.records import (
    UNSET,
    GameRecord,
    LeaderboardPage,
    PlayerResult,
    PlayerStats,
    StagePoints,
    Unset,
)
from bot.storage.sql import Session
from bot.storage.sqlite import DEFAULT_BUSY_TIMEOUT_SECONDS, SqliteDatabase
from bot.storage.timefmt import iso_text, to_db
from bot.storage.units import Database

DEFAULT_DATABASE = "whyfirst.sqlite3"


class Storage:
    def __init__(self, database: Database) -> None:
        self._database = database

    @classmethod
    async def open(
        cls,
        database: str | os.PathLike[str] = DEFAULT_DATABASE,
        *,
        migrations_dir: Path | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT_SECONDS,
    ) -> Storage:
        """`database`: a PostgreSQL URL (postgresql:// or postgres://), else an SQLite file."""
        opened: Database
        if isinstance(database, str) and is_postgresql_url(database):
            opened = await PostgresDatabase.open(
                database, migrations_dir=migrations_dir, busy_timeout=busy_timeout
            )
        else:
            opened = await SqliteDatabase.open(
                Path(database), migrations_dir=migrations_dir, busy_timeout=busy_timeout
            )
        return cls(opened)

    @property
    def dialect(self) -> str:
        """Which database: "sqlite" or "postgresql"."""
        return self._database.dialect

    @property
    def database(self) -> str:
        """The SQLite file, or the PostgreSQL URL without its password."""
        return self._database.name

    @property
    def path(self) -> Path | None:
        """The SQLite file; None on PostgreSQL."""
        return Path(self._database.name) if self.dialect == "sqlite" else None

    async def close(self) -> None:
        await self._database.close()

    async def __aenter__(self) -> Storage:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # games ------------------------------------------------------------------------------

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        variant: str,
        options: dict[str, Any],
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
        now: datetime | None = None,
        ai_level: str | None = None,
    ) -> GameRecord:
        async def work(db: Session) -> GameRecord:
            await games.join(
                db,
                game_id,
                user_id,
                display_name,
                expected_version=expected_version,
                now=now or datetime.now(UTC),
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
        now: datetime | None = None,
    ) -> GameRecord:
        async def work(db: Session) -> GameRecord:
            await games.leave(
                db,
                game_id,
                user_id,
                expected_version=expected_version,
                now=now or datetime.now(UTC),
            )
            return await games.load_existing(db, game_id)

        return await self._database.write("unseat a player", work)

    async def commit_transition(
        self,
        game_id: int,
        *,
        expected_version: int,
        actor_id: int | None,
        actions: Sequence[dict[str, Any]],
        state: dict[str, Any] | Unset | None = UNSET,
        status: str | None = None,
        deadline: datetime | Unset | None = UNSET,
        stage_points: Sequence[StagePoints] = (),
        results: Sequence[PlayerResult] = (),
        now: datetime,
        clock_owner: str | Unset = UNSET,
    ) -> GameRecord:
        async def work(db: Session) -> GameRecord:
            await games.transition(
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
            return await games.load_existing(db, game_id)

        return await self._database.write("store a game transition", work)

    async def set_status(
        self,
        game_id: int,
        status: str,
        *,
        now: datetime,
        expected_version: int | None = None,
        stage_points: Sequence[StagePoints] = (),
        results: Sequence[PlayerResult] = (),
    ) -> GameRecord:
        async def work(db: Session) -> GameRecord:
            await games.transition(
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
            return await games.load_existing(db, game_id)

        return await self._database.write(f"mark a game {status}", work)

    async def set_message_ids(self, game_id: int, **ids: int | None) -> None:
        async def work(db: Session) -> None:
            await games.set_message_ids(db, game_id, ids)

        await self._database.write("store message ids", work)

    async def actions(self, game_id: int) -> list[dict[str, Any]]:
        return [entry["action"] for entry in await self.action_log(game_id)]

    async def action_log(self, game_id: int) -> list[dict[str, Any]]:
        """The log with its bookkeeping: seq, version, actor_id, action, created_at."""

        async def work(db: Session) -> list[dict[str, Any]]:
            await games.load_existing(db, game_id)
            return await games.action_log(db, game_id)

        return await self._database.read("read an action log", work)

    async def finished_game_export(self, game_id: int) -> dict[str, Any]:
        async def work(db: Session) -> dict[str, Any]:
            record = await games.load_existing(db, game_id)
            if record.status != "finished":
                raise GameNotFinished(game_id, record.status)
            log = await games.action_log(db, game_id)
            stage_points, results = await scores.read(db, game_id)
            return _export(record, log, stage_points, results)

        return await self._database.read("export a finished game", work)

    # processes sharing the database ------------------------------------------------------

    async def ping(self) -> None:
        """A query that only proves the database answers (StorageError if it does not)."""

        async def work(db: Session) -> None:
            await db.one("SELECT 1", ())

        await self._database.read("answer a health check", work)

    async def open_games(self) -> dict[str, int]:
        """How many games are open, by status ("lobby", "running")."""

        async def work(db: Session) -> dict[str, int]:
            rows = await db.all(
                "SELECT status, count(*) FROM games WHERE status IN ('lobby', 'running') "
                "GROUP BY status",
                (),
            )
            return {str(status): int(count) for status, count in rows}

        return await self._database.read("count the open games", work)

    async def renew_lease(self, name: str, *, now: datetime, lease: timedelta) -> int:
        """Keep process `name` alive until `now + lease`; how many processes are alive."""

        async def work(db: Session) -> int:
            return await clocks.renew(db, name, now, lease)

        return await self._database.write("renew a process's lease", work)

    async def release_lease(self, name: str) -> None:
        async def work(db: Session) -> None:
            await clocks.release(db, name)

        await self._database.write("release a process's lease", work)

    async def claim_clocks(self, name: str, *, now: datetime, own_too: bool) -> list[int]:
        """Open games whose clock process `name` now holds: those whose holder is dead or
        unknown, and with `own_too` those it held already."""

        async def work(db: Session) -> list[int]:
            return await clocks.claim(db, name, now, own_too=own_too)

        return await self._database.write("claim the clocks of games", work)

    # languages --------------------------------------------------------------------------

    async def user_locale(self, user_id: int) -> str | None:
        async def work(db: Session) -> str | None:
            row = await db.one("SELECT locale FROM user_locales WHERE user_id = ?", (user_id,))
            return None if row is None else str(row[0])

        return await self._database.read("read a user's language", work)

    async def set_user_locale(self, user_id: int, locale: str, *, now: datetime) -> None:
        async def work(db: Session) -> None:
            await db.execute(
                "INSERT INTO user_locales (user_id, locale, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale, "
                "updated_at = excluded.updated_at",
                (user_id, locale, to_db(now)),
            )

        await self._database.write("store a user's language", work)

    async def server_language(self, guild_id: int) -> str | None:
        async def work(db: Session) -> str | None:
            row = await db.one(
                "SELECT language FROM server_languages WHERE guild_id = ?", (guild_id,)
            )
            return None if row is None else str(row[0])

        return await self._database.read("read a server's language", work)

    async def set_server_language(self, guild_id: int, language: str | None) -> None:
        """The language of a server's public game messages; None goes back to Discord's."""

        async def work(db: Session) -> None:
            if language is None:
                await db.execute("DELETE FROM server_languages WHERE guild_id = ?", (guild_id,))
            else:
                await db.execute(
                    "INSERT INTO server_languages (guild_id, language) VALUES (?, ?) "
                    "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                    (guild_id, language),
                )

        await self._database.write("store a server's language", work)

    # bot settings -----------------------------------------------------------------------

    async def get_setting(self, key: str) -> str | None:
        async def work(db: Session) -> str | None:
            row = await db.one("SELECT value FROM bot_settings WHERE key = ?", (key,))
            return None if row is None else str(row[0])

        return await self._database.read("read a bot setting", work)

    async def replace_setting(self, key: str, expected: str | None, value: str) -> bool:
        """Set `key` to `value` only if it still holds `expected` (None: no value yet);
        whether it did. Of several processes replacing the same value, one wins."""

        async def work(db: Session) -> bool:
            if expected is None:
                row = await db.one(
                    "INSERT INTO bot_settings (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO NOTHING RETURNING key",
                    (key, value),
                )
            else:
                row = await db.one(
                    "UPDATE bot_settings SET value = ? WHERE key = ? AND value = ? RETURNING key",
                    (value, key, expected),
                )
            return row is not None

        return await self._database.write("replace a bot setting", work)

    async def set_setting(self, key: str, value: str | None) -> None:
        """Store a value under `key`; None forgets it."""

        async def work(db: Session) -> None:
            if value is None:
                await db.execute("DELETE FROM bot_settings WHERE key = ?", (key,))
            else:
                await db.execute(
                    "INSERT INTO bot_settings (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, value),
                )

        await self._database.write("store a bot setting", work)

    # leaderboards -----------------------------------------------------------------------

    async def leaderboard(
        self,
        guild_id: int,
        *,
        metric: str = "wins",
        page: int = 0,
        page_size: int = 10,
        since: datetime | None = None,
        until: datetime | None = None,
        min_games: int = 3,
    ) -> LeaderboardPage:
        async def work(db: Session) -> LeaderboardPage:
            return await leaderboard.page(
                db,
                guild_id,
                metric=metric,
                page=page,
                page_size=page_size,
                since=since,
                until=until,
                min_games=min_games,
            )

        return await self._database.read("read a leaderboard", work)

    async def player_stats(
        self,
        guild_id: int,
        user_id: int,
        *,
        since: datetime | None = None,
        until: datetime | None = None,
        min_games: int = 3,
    ) -> PlayerStats | None:
        async def work(db: Session) -> PlayerStats | None:
            return await leaderboard.player_stats(
                db, guild_id, user_id, since=since, until=until, min_games=min_games
            )

        return await self._database.read("read player statistics", work)

    async def games_against_ai(self, guild_id: int, user_id: int) -> tuple[int, int]:
        """(games, wins) of a player in the guild's games with fewer than two people."""

        async def work(db: Session) -> tuple[int, int]:
            row = await db.one(
                "SELECT count(*), coalesce(sum(won), 0) FROM unranked_results "
                "WHERE guild_id = ? AND user_id = ?",
                (guild_id, user_id),
            )
            assert row is not None
            return int(row[0]), int(row[1])

        return await self._database.read("read games against AI players", work)

    async def rebuild_statistics(self) -> None:
        """Recompute the leaderboard sums from the stored results (after a bulk load)."""
        await self._database.write("rebuild statistics", leaderboard.rebuild)


def _export(
    record: GameRecord,
    log: list[dict[str, Any]],
    stage_points: list[StagePoints],
    results: list[PlayerResult],
) -> dict[str, Any]:
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
            "status": record.status,
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

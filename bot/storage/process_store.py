"""`ProcessStore`: the part of `Storage` that processes sharing one database use: a health
check, the count of open games, leases that tell which processes live, and the clocks of
games whose holder died."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.storage import clocks
from bot.storage.games import ACTIVE
from bot.storage.records import GameStatus
from bot.storage.sql import Session
from bot.storage.units import Database


class ProcessStore:
    """Health, leases and clocks of the processes sharing the database."""

    _database: Database  # set by Storage.__init__

    async def ping(self) -> None:
        """A query that only proves the database answers (StorageError if it does not)."""
        await self._database.read("answer a health check", lambda db: db.one("SELECT 1", ()))

    async def open_games(self) -> dict[GameStatus, int]:
        """How many games are open (lobby, running), by status."""

        async def work(db: Session) -> dict[GameStatus, int]:
            rows = await db.all(
                f"SELECT status, count(*) FROM games WHERE {ACTIVE} GROUP BY status"
            )
            return {GameStatus(status): int(count) for status, count in rows}

        return await self._database.read("count the open games", work)

    async def renew_lease(self, name: str, *, now: datetime, lease: timedelta) -> int:
        """Keep process `name` alive until `now + lease`; how many processes are alive."""
        return await self._database.write(
            "renew a process's lease", lambda db: clocks.renew(db, name, now, lease)
        )

    async def release_lease(self, name: str) -> None:
        await self._database.write("release a process's lease", lambda db: clocks.release(db, name))

    async def claim_clocks(self, name: str, *, now: datetime, own_too: bool) -> list[int]:
        """Open games whose clock process `name` now holds: those whose holder is dead or
        unknown, and with `own_too` those it held already."""
        return await self._database.write(
            "claim the clocks of games", lambda db: clocks.claim(db, name, now, own_too=own_too)
        )

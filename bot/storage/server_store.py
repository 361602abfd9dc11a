"""`ServerStore`: the part of `Storage` that remembers servers the bot was removed from and
forgets a server: its games (seats, action logs, results with them), standings and settings.
Group DMs' games are kept under their channel's id and never forgotten this way."""

from __future__ import annotations

from datetime import datetime

from bot.storage.personal_data import OwnedTables
from bot.storage.sql import Session
from bot.storage.timefmt import to_db
from bot.storage.units import Database

SERVER_TABLES = (
    "player_totals",
    "player_periods",
    "ratings",
    "server_languages",
    "server_defaults",
    "web_pages",
)
"""What a server keeps besides its games (and what their rows cascade to)."""


class ServerStore:
    _database: Database  # set by Storage.__init__
    _owned: tuple[OwnedTables, ...]  # the features' own tables (Storage.own)

    async def note_server_left(self, guild_id: int, now: datetime) -> None:
        """The bot was removed from the server (the first removal's time is kept)."""

        async def work(db: Session) -> None:
            await db.execute(
                "INSERT INTO departed_servers (guild_id, left_at) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO NOTHING",
                (guild_id, to_db(now)),
            )

        await self._database.write("note a server the bot left", work)

    async def note_server_back(self, guild_id: int) -> None:
        """The bot was added back: nothing of the server is to be forgotten."""
        await self._database.write(
            "note a server the bot is back in",
            lambda db: db.execute("DELETE FROM departed_servers WHERE guild_id = ?", (guild_id,)),
        )

    async def servers_left_before(self, moment: datetime) -> list[int]:
        """Servers the bot was removed from before `moment` and not added back to."""

        async def work(db: Session) -> list[int]:
            rows = await db.all(
                "SELECT guild_id FROM departed_servers WHERE left_at < ? ORDER BY guild_id",
                (to_db(moment),),
            )
            return [int(row[0]) for row in rows]

        return await self._database.read("read the servers the bot left", work)

    async def forget_server(self, guild_id: int, left_before: datetime | None = None) -> int:
        """Delete the server's games, standings and settings; how many games went. Games
        still open are deleted too: the caller ends them first. `left_before`: only if the
        bot was removed from it before then and has not come back (else nothing, 0)."""

        async def work(db: Session) -> int:
            if left_before is not None:
                departed = await db.one(
                    "SELECT 1 FROM departed_servers WHERE guild_id = ? AND left_at < ?",
                    (guild_id, to_db(left_before)),
                )
                if departed is None:
                    return 0
            row = await db.one("SELECT count(*) FROM games WHERE guild_id = ?", (guild_id,))
            for table in ("results", "unranked_results"):
                await db.execute(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))
            await db.execute("DELETE FROM games WHERE guild_id = ?", (guild_id,))
            owned = (table for tables in self._owned for table in tables.of_servers)
            for table in (*SERVER_TABLES, *owned, "departed_servers"):
                await db.execute(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))
            return 0 if row is None else int(row[0])

        return await self._database.write("forget a server", work)

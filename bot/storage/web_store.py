"""`WebStore`: the part of `Storage` behind the web pages: a finished game by its replay token,
and each server's standings page (on while it has a token)."""

from __future__ import annotations

import json
import secrets
from datetime import datetime

from bot.storage import games
from bot.storage.records import GameRecord
from bot.storage.sql import Session
from bot.storage.timefmt import to_db
from bot.storage.units import Database

STANDINGS_TOKEN_BYTES = 24


class WebStore:
    _database: Database  # set by Storage.__init__

    async def finished_game_by_token(self, token: str) -> GameRecord | None:
        """The finished game whose replay token this is; None for any other token."""
        return await self._database.read(
            "load a game by its replay token",
            lambda db: games.first(db, "replay_token = ? AND status = 'finished'", (token,)),
        )

    async def standings_page_token(self, guild_id: int) -> str | None:
        """The server's standings page token while its admins have the page on."""
        return await self._database.read(
            "read a standings page token", lambda db: _page_token(db, guild_id)
        )

    async def turn_standings_page_on(self, guild_id: int, now: datetime) -> str:
        """The page's token: the one it has if it is on, else a fresh one."""
        fresh = secrets.token_urlsafe(STANDINGS_TOKEN_BYTES)

        async def work(db: Session) -> str:
            await db.execute(
                "INSERT INTO web_pages (guild_id, token, turned_on_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO NOTHING",
                (guild_id, fresh, to_db(now)),
            )
            token = await _page_token(db, guild_id)
            assert token is not None
            return token

        return await self._database.write("turn a standings page on", work)

    async def turn_standings_page_off(self, guild_id: int) -> bool:
        """Whether it was on; its token stops working at once."""

        async def work(db: Session) -> bool:
            deleted = await db.one(
                "DELETE FROM web_pages WHERE guild_id = ? RETURNING guild_id", (guild_id,)
            )
            return deleted is not None

        return await self._database.write("turn a standings page off", work)

    async def latest_game_locale(self, guild_id: int) -> str | None:
        """The language the server's latest finished game spoke in public, if it had one."""

        async def work(db: Session) -> str | None:
            row = await db.one(
                "SELECT options FROM games WHERE guild_id = ? AND status = 'finished' "
                "ORDER BY finished_at DESC LIMIT 1",
                (guild_id,),
            )
            locale = None if row is None else json.loads(row[0]).get("locale")
            return locale if isinstance(locale, str) else None

        return await self._database.read("read a server's latest language", work)

    async def server_by_standings_token(self, token: str) -> int | None:
        async def work(db: Session) -> int | None:
            row = await db.one("SELECT guild_id FROM web_pages WHERE token = ?", (token,))
            return None if row is None else int(row[0])

        return await self._database.read("find a standings page", work)


async def _page_token(db: Session, guild_id: int) -> str | None:
    row = await db.one("SELECT token FROM web_pages WHERE guild_id = ?", (guild_id,))
    return None if row is None else str(row[0])

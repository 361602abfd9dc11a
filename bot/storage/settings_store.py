"""`SettingsStore`: the part of `Storage` that keeps preferences: each user's Discord locale,
each server's chosen language, and the bot's own settings (key -> text)."""

from __future__ import annotations

from datetime import datetime

from bot.storage.sql import Session
from bot.storage.timefmt import to_db
from bot.storage.units import Database


class SettingsStore:
    """Languages of users and servers, and the bot's settings."""

    _database: Database  # set by Storage.__init__

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

    async def server_hands(self, guild_id: int) -> str | None:
        async def work(db: Session) -> str | None:
            row = await db.one("SELECT hands FROM server_defaults WHERE guild_id = ?", (guild_id,))
            return None if row is None else str(row[0])

        return await self._database.read("read a server's defaults", work)

    async def set_server_hands(self, guild_id: int, hands: str) -> None:
        """Where the hands of the server's new games are, unless /whyfirst start says."""

        async def work(db: Session) -> None:
            await db.execute(
                "INSERT INTO server_defaults (guild_id, hands) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET hands = excluded.hands",
                (guild_id, hands),
            )

        await self._database.write("store a server's defaults", work)

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

"""`SettingsStore`: the part of `Storage` that keeps preferences: each user's Discord locale,
each server's chosen language, and the bot's own settings (key -> text)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from bot.storage.sql import Session
from bot.storage.timefmt import to_db
from bot.storage.units import Database


class SettingsStore:
    """Languages of users and servers, and the bot's settings: each a row of text by its key."""

    _database: Database  # set by Storage.__init__

    async def _text(
        self, doing: str, table: str, column: str, key: tuple[str, object]
    ) -> str | None:
        """`column` of the row of `table` whose `key[0]` is `key[1]`; None without that row."""

        async def work(db: Session) -> str | None:
            row = await db.one(f"SELECT {column} FROM {table} WHERE {key[0]} = ?", key[1:])
            return None if row is None else str(row[0])

        return await self._database.read(doing, work)

    async def _keep(
        self, doing: str, table: str, key: tuple[str, object], values: Mapping[str, object] | None
    ) -> None:
        """Insert or update the row of `table` whose `key[0]` is `key[1]` to hold `values`
        (column -> value); None deletes it."""
        if values is None:
            sql = f"DELETE FROM {table} WHERE {key[0]} = ?"
        else:
            updates = ", ".join(f"{column} = excluded.{column}" for column in values)
            sql = (
                f"INSERT INTO {table} ({key[0]}, {', '.join(values)}) "
                f"VALUES ({', '.join('?' * (1 + len(values)))}) "
                f"ON CONFLICT ({key[0]}) DO UPDATE SET {updates}"
            )
        params = (key[1], *(values or {}).values())
        await self._database.write(doing, lambda db: db.execute(sql, params))

    async def user_locale(self, user_id: int) -> str | None:
        return await self._text(
            "read a user's language", "user_locales", "locale", ("user_id", user_id)
        )

    async def set_user_locale(self, user_id: int, locale: str, *, now: datetime) -> None:
        values: dict[str, object] = {"locale": locale, "updated_at": to_db(now)}
        await self._keep("store a user's language", "user_locales", ("user_id", user_id), values)

    async def server_language(self, guild_id: int) -> str | None:
        key = ("guild_id", guild_id)
        return await self._text("read a server's language", "server_languages", "language", key)

    async def set_server_language(self, guild_id: int, language: str | None) -> None:
        """The language of a server's public game messages; None goes back to Discord's."""
        values = None if language is None else {"language": language}
        key = ("guild_id", guild_id)
        await self._keep("store a server's language", "server_languages", key, values)

    async def server_hands(self, guild_id: int) -> str | None:
        key = ("guild_id", guild_id)
        return await self._text("read a server's defaults", "server_defaults", "hands", key)

    async def set_server_hands(self, guild_id: int, hands: str) -> None:
        """Where the hands of the server's new games are, unless /whyfirst start says."""
        key = ("guild_id", guild_id)
        await self._keep("store a server's defaults", "server_defaults", key, {"hands": hands})

    async def get_setting(self, key: str) -> str | None:
        return await self._text("read a bot setting", "bot_settings", "value", ("key", key))

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
        values = None if value is None else {"value": value}
        await self._keep("store a bot setting", "bot_settings", ("key", key), values)

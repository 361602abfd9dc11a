"""Who speaks what.

Private messages (DMs, ephemeral answers, /whyfirst rules and stats) speak the player's language:
the locale their Discord client sends with every interaction, remembered durably, because some DMs
are sent without one (a stage's first hand). Public messages (the lobby, the reveals, the result,
the leaderboard) speak the server's language: the one its admin chose with /whyfirst language, else
Discord's own server language. A language the catalog lacks falls back to English, a regional code
(de-AT) to its language (bot/i18n/catalog.py)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from datetime import datetime
from typing import Protocol

from bot import storage as store
from bot.clock import Clock

log = logging.getLogger("whyfirst.languages")

SERVER_LANGUAGES = ("en", "de", "it")

Spawn = Callable[[Coroutine[object, object, object]], None]


class LanguageStore(Protocol):
    async def user_locale(self, user_id: int) -> str | None: ...

    async def set_user_locale(self, user_id: int, locale: str, *, now: datetime) -> None: ...

    async def server_language(self, guild_id: int) -> str | None: ...

    async def set_server_language(self, guild_id: int, language: str | None) -> None: ...


class Languages:
    def __init__(self, storage: LanguageStore, spawn: Spawn, clock: Clock) -> None:
        self._storage = storage
        self._spawn = spawn
        self._clock = clock
        self._users: dict[int, str] = {}
        self._servers: dict[int, str | None] = {}

    # --- players -----------------------------------------------------------------------

    def observe(self, user_id: int, locale: str | None) -> None:
        """A user's interaction arrived in `locale`: remember it if it changed."""
        if locale is None or self._users.get(user_id) == locale:
            return
        self._users[user_id] = locale
        self._spawn(self._store_user(user_id, locale))

    async def _store_user(self, user_id: int, locale: str) -> None:
        try:
            await self._storage.set_user_locale(user_id, locale, now=self._clock.now())
        except store.StorageError as problem:
            log.warning("user %s: their language was not stored: %s", user_id, problem)

    def forget_user(self, user_id: int) -> None:
        """The player was erased: their language is no longer remembered here either."""
        self._users.pop(user_id, None)

    async def of_user(self, user_id: int) -> str | None:
        """The language a player last showed the bot (None: never seen; English then)."""
        locale = self._users.get(user_id)
        if locale is None:
            locale = await self._storage.user_locale(user_id)
            if locale is not None:
                self._users[user_id] = locale
        return locale

    # --- servers -----------------------------------------------------------------------

    async def of_server(self, guild_id: int, guild_locale: str | None) -> str | None:
        """The language of a server's public messages: its admin's choice, else Discord's."""
        if guild_id not in self._servers:
            self._servers[guild_id] = await self._storage.server_language(guild_id)
        return self._servers[guild_id] or guild_locale

    async def set_server_language(self, guild_id: int, language: str | None) -> None:
        """A server's language for its public messages (None: Discord's server language)."""
        chosen = language if language in SERVER_LANGUAGES else None
        await self._storage.set_server_language(guild_id, chosen)
        self._servers[guild_id] = chosen

"""Servers that removed the bot: their games and standings are kept for a grace period (in case it
comes back), then deleted; `/whyfirst forget-server` deletes them at once.

Every process checks, now and then (bot/privacy/housekeeping.py), the servers it holds the shards
of: one the bot was removed from before the grace period and is not back in is forgotten (in one
transaction that checks the removal still stands, so a return seen by another process wins)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Protocol

from bot.clock import Clock

log = logging.getLogger("whyfirst.privacy")


class DepartedStore(Protocol):
    async def note_server_left(self, guild_id: int, now: datetime) -> None: ...

    async def note_server_back(self, guild_id: int) -> None: ...

    async def servers_left_before(self, moment: datetime) -> list[int]: ...

    async def forget_server(self, guild_id: int, left_before: datetime | None = None) -> int: ...


class DepartedServers:
    def __init__(
        self,
        storage: DepartedStore,
        clock: Clock,
        grace: timedelta,
        holds: Callable[[int], bool],
        present: Callable[[int], bool],
    ) -> None:
        """`holds(guild_id)`: this process holds the server's shard; `present(guild_id)`: the
        bot is in it (this process has it in its cache)."""
        self._storage = storage
        self._clock = clock
        self._grace = grace
        self._holds = holds
        self._present = present

    async def left(self, guild_id: int) -> None:
        await self._storage.note_server_left(guild_id, self._clock.now())

    async def returned(self, guild_id: int) -> None:
        await self._storage.note_server_back(guild_id)

    async def forget_due(self) -> int:
        """Forget the servers whose grace period is over; how many were."""
        before = self._clock.now() - self._grace
        forgotten = 0
        for guild_id in await self._storage.servers_left_before(before):
            if not self._holds(guild_id):
                continue
            if self._present(guild_id):
                await self._storage.note_server_back(guild_id)
                continue
            games = await self._storage.forget_server(guild_id, left_before=before)
            forgotten += 1
            log.info("a server that removed the bot was forgotten (%s games)", games)
        return forgotten

"""What /healthz asks (is this process's gateway connected, does the database answer), and
the figures /metrics reads from the database."""

from __future__ import annotations

import asyncio
from typing import Protocol

import discord

from bot import storage as store
from bot.observe.metrics import Metrics
from bot.observe.server import Check, Refresh

DATABASE_ANSWER_SECONDS = 2.0


class Answering(Protocol):
    async def ping(self) -> None:
        """Raises storage.StorageError when the database does not answer."""


class GameCounting(Protocol):
    async def open_games(self) -> dict[store.GameStatus, int]:
        """The lobby and running games of the whole database, by status."""


def gateway_check(client: discord.AutoShardedClient) -> Check:
    async def check() -> str | None:
        if not client.is_ready():
            return "gateway: not ready"
        closed = sorted(shard_id for shard_id, shard in client.shards.items() if shard.is_closed())
        if closed:
            return "gateway: shards " + ", ".join(map(str, closed)) + " disconnected"
        return None

    return check


def database_check(storage: Answering) -> Check:
    async def check() -> str | None:
        try:
            await asyncio.wait_for(storage.ping(), DATABASE_ANSWER_SECONDS)
        except TimeoutError:
            return f"database: no answer within {DATABASE_ANSWER_SECONDS:g} s"
        except store.StorageError as problem:
            return f"database: {problem}"
        return None

    return check


def game_counts(storage: GameCounting, metrics: Metrics) -> Refresh:
    """The open games of the whole database: every process reports the same figures."""

    async def refresh() -> None:
        try:
            counts = await asyncio.wait_for(storage.open_games(), DATABASE_ANSWER_SECONDS)
        except (TimeoutError, store.StorageError):
            return
        for status in store.ACTIVE_STATUSES:
            metrics.games.labels(status).set(counts.get(status, 0))

    return refresh

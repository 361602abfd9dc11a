"""The bot's rooms as it builds them from its features, for the tests that check what the
commands say, what a bot process syncs and what storage keeps about people: their lists come
from the features registered, never from a list kept by hand."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from tempfile import TemporaryDirectory

import discord

from bot.observe.metrics import Metrics
from bot.rooms import Rooms, build_rooms
from bot.settings import Settings
from bot.storage import Storage
from bot.storage.personal_data import OwnedTables
from bot.ui.commands import WhyFirstCommands


@asynccontextmanager
async def built_rooms() -> AsyncIterator[Rooms]:
    """The bot's rooms, every feature in them, on a new database of their own."""
    with TemporaryDirectory() as folder:
        database = str(Path(folder) / "whyfirst.sqlite3")
        storage = await Storage.open(database)
        client = discord.AutoShardedClient(intents=discord.Intents.none())
        try:
            yield build_rooms(client, storage, Metrics(), Settings(token="t", database=database))
        finally:
            await storage.close()


@asynccontextmanager
async def whyfirst_group() -> AsyncIterator[WhyFirstCommands]:
    """The group, every feature's subcommands in it."""
    async with built_rooms() as rooms:
        yield rooms.commands


async def owned_tables() -> tuple[OwnedTables, ...]:
    """The tables the features keep of their own, as the bot registers them with storage."""
    async with built_rooms() as rooms:
        return rooms.storage.owned

"""The /whyfirst group as the bot builds it from its features, for the tests that check what
the commands say and what a bot process syncs: their lists of commands come from the features
registered, never from a list kept by hand."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from tempfile import TemporaryDirectory

import discord

from bot.observe.metrics import Metrics
from bot.rooms import build_rooms
from bot.settings import Settings
from bot.storage import Storage
from bot.ui.commands import WhyFirstCommands


@asynccontextmanager
async def whyfirst_group() -> AsyncIterator[WhyFirstCommands]:
    """The group, every feature's subcommands in it (its rooms on a new database of its own)."""
    with TemporaryDirectory() as folder:
        database = str(Path(folder) / "whyfirst.sqlite3")
        storage = await Storage.open(database)
        client = discord.AutoShardedClient(intents=discord.Intents.none())
        try:
            yield build_rooms(
                client, storage, Metrics(), Settings(token="t", database=database)
            ).commands
        finally:
            await storage.close()

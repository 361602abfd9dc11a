"""The e2e fixtures: a server whose bots must log no ERROR and break no Discord rule."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tests.e2e.server import Server
from tests.loopback import LoopbackDiscord

MEMBERS = ["Anne", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"]


@asynccontextmanager
async def stopped_without_errors(world: Server) -> AsyncIterator[Server]:
    """The server; its bots stopped afterwards, the test failed if any of them logged an ERROR."""
    try:
        yield world
    finally:
        errors = await world.stop_bots()
    if errors:
        pytest.fail("the bot logged errors:\n" + "\n".join(errors))


@pytest.fixture
async def server(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Server]:
    async with stopped_without_errors(Server.create(loopback, tmp_path, MEMBERS)) as world:
        yield world


@pytest.fixture
async def fleet(
    postgres_url: str, loopback: LoopbackDiscord, tmp_path: Path
) -> AsyncIterator[Server]:
    """A server on shard 1 of 2 whose bots (started by the test) share one PostgreSQL
    database."""
    world = Server.create(loopback, tmp_path, MEMBERS, shard=(1, 2))
    world.database = postgres_url
    async with stopped_without_errors(world):
        yield world

"""The e2e fixture: a server whose bot must log no ERROR and break no Discord rule."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.server import Server
from tests.loopback import LoopbackDiscord

MEMBERS = ["Anne", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus"]


@pytest.fixture
async def server(loopback: LoopbackDiscord, tmp_path: Path) -> AsyncIterator[Server]:
    world = Server.create(loopback, tmp_path, MEMBERS)
    try:
        yield world
    finally:
        errors = await world.stop_bots()
    if errors:
        pytest.fail("the bot logged errors:\n" + "\n".join(errors))

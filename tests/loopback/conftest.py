"""The pub: a server with a #games channel, Anne and Ben, and the demo client connected."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.loopback import LoopbackDiscord
from tests.loopback.demo_client import start_demo, stop_demo
from tests.loopback.test_basics import Pub


@pytest.fixture
async def pub(loopback: LoopbackDiscord) -> AsyncIterator[Pub]:
    world = Pub(loopback)
    world.client, task = await start_demo(loopback, world.guild.id)
    yield world
    await stop_demo(world.client, task)

"""Shared fixtures: a started loopback Discord that fails the test on any broken Discord rule."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.loopback import LoopbackDiscord


@pytest.fixture
async def loopback() -> AsyncIterator[LoopbackDiscord]:
    discord = LoopbackDiscord()
    await discord.start()
    try:
        yield discord
    finally:
        await discord.stop()
    unexpected = discord.unexpected_violations()
    if unexpected:
        pytest.fail("the bot broke Discord's rules:\n" + "\n".join(map(str, unexpected)))

"""The table in headless Chromium against the real bot: the test "Discord client" that frames
it, the table's frame, and its WebSocket seen from between the page and the bot (every
message the bot sent; cut it, or send what a modified page could)."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.async_api import BrowserContext, Frame, Page, WebSocketRoute, expect

from tests.e2e.browser import serve_web
from tests.e2e.server import Server
from tests.loopback import Player
from tests.ports import free_port
from tests.table.discord_client import DiscordClient

LIVE = re.compile(r".*/activity/api/live$")


@pytest.fixture
async def discord_client(server: Server) -> AsyncIterator[DiscordClient]:
    public = serve_web(server)
    server.discord.enable_activities()
    server.extra_environment |= {
        "DISCORD_CLIENT_ID": str(server.discord.bot_user.id),
        "DISCORD_CLIENT_SECRET": server.discord.client_secret,
    }
    client = DiscordClient(server.discord, f"{public}/activity/")
    await client.start(free_port())
    try:
        yield client
    finally:
        await client.stop()


async def table_of(page: Page) -> Frame:
    """The table's frame, once the client's page has navigated it to the table."""
    await page.wait_for_selector("iframe")
    for _ in range(200):
        framed = [frame for frame in page.frames if "/activity/" in frame.url]
        if framed:
            (frame,) = framed
            return frame
        await asyncio.sleep(0.05)
    raise AssertionError(f"no table framed: {[frame.url for frame in page.frames]}")


async def seat_at_the_table(
    page: Page, client: DiscordClient, player: Player, server: Server, *, mobile: bool = False
) -> tuple[Frame, Wire]:
    """The player opens the table in #games (`mobile`: in Discord's phone app), signed in."""
    wire = await Wire.on(page.context)
    await client.serve_in(page.context)
    await page.goto(client.visit(player, server.games, mobile=mobile))
    table = await table_of(page)
    await expect(table.locator("#place")).to_have_text("#games")
    return table, wire


@dataclass
class Wire:
    """One page's table socket, as it passes between the page and the bot."""

    received: list[dict[str, Any]] = field(default_factory=list)
    connections: int = 0
    refusing: bool = False
    """While set, the bot cannot be reached: a new connection is closed at once."""
    silenced: set[int] = field(default_factory=set)
    """The connections (by number, from 1) that died silently: nothing passes, none closes."""
    _bot_side: WebSocketRoute | None = None

    @classmethod
    async def on(cls, context: BrowserContext) -> Wire:
        wire = cls()
        await context.route_web_socket(LIVE, wire._route)
        return wire

    async def _route(self, page_side: WebSocketRoute) -> None:
        if self.refusing:
            await page_side.close()
            return
        self.connections += 1
        number = self.connections
        bot_side = page_side.connect_to_server()
        self._bot_side = bot_side

        def from_bot(message: str | bytes) -> None:
            if number not in self.silenced:
                self.received.append(json.loads(message))
                page_side.send(message)

        def from_page(message: str | bytes) -> None:
            if number not in self.silenced:
                bot_side.send(message)

        bot_side.on_message(from_bot)
        page_side.on_message(from_page)

    def states(self) -> list[dict[str, Any]]:
        return [message for message in self.received if message["type"] == "state"]

    def refusals(self) -> list[str]:
        return [message["error"] for message in self.received if message["type"] == "refused"]

    def forge(self, **play: object) -> None:
        """Send the bot what no button of the page sends."""
        assert self._bot_side is not None
        self._bot_side.send(json.dumps(play))

    def die_silently(self) -> None:
        """The current connection stops passing anything, and neither side is told."""
        self.silenced.add(self.connections)

    async def cut(self) -> None:
        """The connection drops (the bot's side closes)."""
        assert self._bot_side is not None
        await self._bot_side.close()

    async def wait_for_refusal(self, count: int) -> str:
        for _ in range(200):
            if len(self.refusals()) >= count:
                return self.refusals()[count - 1]
            await asyncio.sleep(0.05)
        raise AssertionError(f"no refusal number {count}: {self.received[-3:]}")

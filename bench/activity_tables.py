"""The tables of bench/activity.py, without a browser: each opens the Activity in its game's
channel (the loopback's instance there), signs its player in through the bot's real sign-in
(`POST /activity/api/token` with a code from the loopback's OAuth2), opens the live socket
(`GET /activity/api/live`), names its session in the first message, and then only listens:
every message is timed on arrival and its size kept.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from tests.loopback import LoopbackDiscord, Player, TextChannel

CONNECT_CONCURRENCY = 10
"""Tables signing in and connecting at once (each costs the bot three requests to Discord)."""


@dataclass(frozen=True)
class Arrival:
    """A state message as it reached a table: when (monotonic), its size, whether it shows a
    reveal."""

    at: float
    size: int
    reveal: bool


@dataclass(eq=False)
class LiveTable:
    """One connected table: its player, the game it watches, what it received."""

    game: int
    player: Player
    seated: bool
    arrivals: list[Arrival] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    connected_in: float | None = None
    """Seconds from sign-in to the first state; None while not connected."""
    closed: str | None = None
    """Why the connection ended (close code or error), if it did."""
    socket: aiohttp.ClientWebSocketResponse | None = None
    reader: asyncio.Task[None] | None = None

    def reveal_after(self, moment: float) -> Arrival | None:
        """The first state showing a reveal that arrived after `moment`."""
        return next((a for a in self.arrivals if a.reveal and a.at >= moment), None)

    def receive(self, data: str) -> None:
        at = time.monotonic()
        message: dict[str, Any] = json.loads(data)
        if message.get("type") == "refused":
            self.refusals.append(str(message.get("error")))
        elif message.get("type") == "state":
            self.arrivals.append(Arrival(at, len(data.encode()), message.get("reveal") is not None))


async def sign_in(
    http: aiohttp.ClientSession,
    base: str,
    discord: LoopbackDiscord,
    table: LiveTable,
    channel: TextChannel,
) -> str:
    """The player opens the Activity in the channel and signs in: their session token."""
    launch = discord.world.application.launch(table.player.user, channel.channel)
    guild = channel.channel.guild
    asked = {
        "code": table.player.authorize(),
        "channel_id": str(channel.id),
        "guild_id": None if guild is None else str(guild.id),
        "instance_id": launch.instance_id,
    }
    async with http.post(f"{base}/activity/api/token", json=asked) as response:
        answer = await response.json()
        if response.status != 200:
            raise RuntimeError(f"sign-in refused ({response.status}): {answer}")
    return str(answer["session"])


async def connect(
    http: aiohttp.ClientSession,
    base: str,
    discord: LoopbackDiscord,
    table: LiveTable,
    channel: TextChannel,
) -> None:
    """Sign in, connect, wait for the first state; then read in the background."""
    started = time.monotonic()
    try:
        session = await sign_in(http, base, discord, table, channel)
        table.socket = await http.ws_connect(f"{base}/activity/api/live", heartbeat=None)
        await table.socket.send_json({"session": session})
        first = await table.socket.receive(timeout=30.0)
    except (aiohttp.ClientError, RuntimeError, TimeoutError) as problem:
        table.closed = f"connecting: {problem}"
        return
    if first.type != aiohttp.WSMsgType.TEXT:
        table.closed = f"connecting: {first.type.name} {table.socket.close_code}"
        return
    table.receive(first.data)
    if table.refusals:
        table.closed = "refused on connecting"
        return
    table.connected_in = time.monotonic() - started
    table.reader = asyncio.create_task(read(table))


async def read(table: LiveTable) -> None:
    assert table.socket is not None
    async for message in table.socket:
        if message.type == aiohttp.WSMsgType.TEXT:
            table.receive(message.data)
    table.closed = f"closed by the bot ({table.socket.close_code})"


async def connect_all(
    http: aiohttp.ClientSession,
    base: str,
    discord: LoopbackDiscord,
    tables: list[LiveTable],
    channels: list[TextChannel],
) -> None:
    gate = asyncio.Semaphore(CONNECT_CONCURRENCY)

    async def one(table: LiveTable) -> None:
        async with gate:
            await connect(http, base, discord, table, channels[table.game])

    await asyncio.gather(*(one(table) for table in tables))


async def disconnect_all(tables: list[LiveTable]) -> None:
    """Close every socket; a table still open now was not disconnected by the bot."""
    for table in tables:
        if table.reader is not None and not table.reader.done():
            table.reader.cancel()
    await asyncio.gather(
        *(table.socket.close() for table in tables if table.socket is not None),
        return_exceptions=True,
    )


LAG_PERIOD = 0.05


async def sample_lag(lags: list[float]) -> None:
    """How late this process's own event loop wakes up (every LAG_PERIOD s): a table's arrival
    is timed when the loop gets to it, so this much of a latency may be the bench's own."""
    while True:
        asked = time.monotonic()
        await asyncio.sleep(LAG_PERIOD)
        lags.append(time.monotonic() - asked - LAG_PERIOD)

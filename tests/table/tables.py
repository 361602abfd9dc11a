"""The table's routes as the bot serves them, for tests against the loopback Discord: the
real sign-in, sessions, live connections and game service, on a fresh SQLite database, and
discord.py's HTTP client logged in to the loopback (the bot's, through which it asks Discord
about Activity instances)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import discord
from aiohttp.test_utils import TestClient, TestServer

from bot.clock import Clock
from bot.learn.store import LearningStore
from bot.learn.tutor import Tutor
from bot.observe.metrics import Metrics
from bot.play.service import game_service
from bot.settings import ActivityCredentials, Settings
from bot.storage import Storage
from bot.table.faces import Faces, cdn_of
from bot.table.instances import ActivityInstances
from bot.table.live import LiveTables
from bot.table.page import TablePages
from bot.table.picks import TablePicks
from bot.table.sessions import Sessions
from bot.table.signin import DiscordSignIn
from bot.web.server import WebPages
from tests.loopback import LoopbackDiscord
from tests.loopback.demo_client import point_discord_py_at

PUBLIC = "https://whyfirst.example.org"
CHANNEL = "1234567890"
Client = TestClient[Any, Any]


@asynccontextmanager
async def table_client(
    loopback: LoopbackDiscord,
    storage: Storage,
    secret: str,
    sessions_clock: Callable[[], float] | None = None,
) -> AsyncIterator[Client]:
    """`sessions_clock`: the monotonic clock sessions expire by (the real one by default)."""
    point_discord_py_at(loopback)
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login(loopback.token)
    try:
        async with _pages_client(loopback, storage, secret, sessions_clock, http) as client:
            yield client
    finally:
        await http.close()


def _pages_client(
    loopback: LoopbackDiscord,
    storage: Storage,
    secret: str,
    sessions_clock: Callable[[], float] | None,
    http: discord.http.HTTPClient,
) -> Client:
    credentials = ActivityCredentials(loopback.bot_user.id, secret)
    clock = Clock()
    sessions = Sessions(sessions_clock or clock.monotonic)
    service = game_service(storage, Settings(token=loopback.token), Metrics(), clock)
    faces = Faces(http, cdn_of(loopback.api_base))
    live = LiveTables(
        sessions,
        ActivityInstances(http, credentials.client_id),
        storage,
        service.games,
        TablePicks(service.games, service.commits),
        clock.monotonic,
        faces,
        Tutor(LearningStore(storage.units)),
    )
    table = TablePages(
        DiscordSignIn(loopback.api_base, credentials),
        sessions,
        credentials.client_id,
        PUBLIC,
        channel_name={int(CHANNEL): "games"}.get,
        live=live,
        faces=faces,
    )
    pages = WebPages(storage, Clock(), PUBLIC, min_rated_games=1, more=[table])
    return TestClient(TestServer(pages.application()))

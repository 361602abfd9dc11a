"""The table's routes as the bot serves them, for tests against the loopback Discord: the
real sign-in, sessions, live connections and game service, on a fresh SQLite database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp.test_utils import TestClient, TestServer

from bot.clock import Clock
from bot.observe.metrics import Metrics
from bot.play.service import game_service
from bot.settings import ActivityCredentials, Settings
from bot.storage import Storage
from bot.table.instances import ActivityInstances
from bot.table.live import LiveTables
from bot.table.page import TablePages
from bot.table.picks import TablePicks
from bot.table.sessions import Sessions
from bot.table.signin import DiscordSignIn
from bot.web.server import WebPages
from tests.loopback import LoopbackDiscord

PUBLIC = "https://whyfirst.example.org"
CHANNEL = "1234567890"
Client = TestClient[Any, Any]


def table_client(
    loopback: LoopbackDiscord,
    storage: Storage,
    secret: str,
    sessions_clock: Callable[[], float] | None = None,
) -> Client:
    """`sessions_clock`: the monotonic clock sessions expire by (the real one by default)."""
    credentials = ActivityCredentials(loopback.bot_user.id, secret)
    clock = Clock()
    sessions = Sessions(sessions_clock or clock.monotonic)
    service = game_service(storage, Settings(token=loopback.token), Metrics(), clock)
    live = LiveTables(
        sessions,
        ActivityInstances(loopback.api_base, credentials.client_id, loopback.token),
        storage,
        service.games,
        TablePicks(service.games, service.commits),
        clock.monotonic,
    )
    table = TablePages(
        DiscordSignIn(loopback.api_base, credentials),
        sessions,
        credentials.client_id,
        PUBLIC,
        channel_name={int(CHANNEL): "games"}.get,
        live=live,
    )
    pages = WebPages(storage, Clock(), PUBLIC, min_rated_games=1, more=[table])
    return TestClient(TestServer(pages.application()))

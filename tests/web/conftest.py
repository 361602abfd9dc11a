"""The web pages served from a real SQLite file, reached through aiohttp's test client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.clock import Clock
from bot.storage import Storage
from bot.web.server import WebPages

PUBLIC = "https://whyfirst.example.org"


@pytest.fixture
async def storage(tmp_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(tmp_path / "whyfirst.sqlite3")
    yield opened
    await opened.close()


@pytest.fixture
async def client(storage: Storage) -> AsyncIterator[TestClient[object, object]]:
    pages = WebPages(storage, Clock(1.0), PUBLIC, min_rated_games=1)
    async with TestClient(TestServer(pages.application())) as test_client:
        yield test_client

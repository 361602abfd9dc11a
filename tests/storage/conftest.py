"""Every storage test that takes `database` runs against SQLite and against PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "whyfirst.sqlite3"


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, db_path: Path) -> str:
    """What `Storage.open` takes: an SQLite file's path, or a fresh PostgreSQL database's URL."""
    if request.param == "sqlite":
        return str(db_path)
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    opened = await Storage.open(database)
    yield opened
    await opened.close()

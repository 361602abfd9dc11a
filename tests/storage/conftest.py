from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "whyfirst.sqlite3"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[Storage]:
    opened = await Storage.open(db_path)
    yield opened
    await opened.close()

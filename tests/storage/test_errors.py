"""An unusable database gives a StorageError with a clear message, never half a game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import Storage, StorageError

from .helpers import a_pick, at, file_bytes, open_game, overwrite, start


async def test_a_file_that_is_not_a_database_is_refused(db_path: Path) -> None:
    overwrite(db_path, b"these are not the pages you are looking for\n" * 200)
    with pytest.raises(StorageError, match="not an SQLite database"):
        await Storage.open(db_path)


async def test_a_path_that_cannot_be_opened_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot be opened"):
        await Storage.open(tmp_path / "no such folder" / "bot.sqlite3")
    with pytest.raises(StorageError, match="cannot be opened"):
        await Storage.open(tmp_path)


async def test_corrupt_pages_surface_as_storage_errors(db_path: Path) -> None:
    async with await Storage.open(db_path) as storage:
        for channel in range(50):
            await open_game(storage, [(1, "Anne" * 50), (2, "Ben" * 50)], channel_id=channel)
    data = bytearray(file_bytes(db_path))
    page_size = 4096
    data[page_size:] = b"\xa5" * (len(data) - page_size)  # every page but the header page
    overwrite(db_path, bytes(data))
    with pytest.raises(StorageError, match="corrupt"):
        async with await Storage.open(db_path) as storage:
            await storage.game(1)


async def test_a_locked_file_fails_the_write_cleanly(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with await Storage.open(db_path, busy_timeout=0.2) as storage:
        game = await start(storage, await open_game(storage))
        other = sqlite3.connect(db_path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StorageError, match="locked"):
                await storage.commit_transition(a_pick(game, at(1)))
        finally:
            other.execute("ROLLBACK")
            other.close()
        (logged,) = [r for r in caplog.records if r.name == "bot.storage"]
        assert logged.levelname == "ERROR"
        assert "could not store a game transition" in logged.getMessage()
        assert "locked" in logged.getMessage()
        assert await storage.game(game.id) == game
        assert await storage.actions(game.id) == [{"type": "deal", "stage": 1}]

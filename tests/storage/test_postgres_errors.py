"""PostgreSQL: an unusable server gives a StorageError with a clear message (never the
password), a lock held too long fails the write cleanly, and a lost connection is replaced."""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit

import asyncpg
import pytest

from bot.storage import GameRecord, Storage, StorageError
from tests.ports import free_port
from tests.postgres import PostgresCluster

from .helpers import a_pick, at, open_game, start


def with_port(url: str, port: int) -> str:
    parts = urlsplit(url)
    return parts._replace(netloc=f"{parts.username}:{parts.password}@127.0.0.1:{port}").geturl()


async def test_a_server_that_is_not_there_is_refused() -> None:
    port = free_port()
    with pytest.raises(StorageError, match="cannot be reached") as refused:
        await Storage.open(f"postgresql://whyfirst:s3cret@127.0.0.1:{port}/whyfirst")
    assert "s3cret" not in str(refused.value)
    assert f"postgresql://whyfirst:***@127.0.0.1:{port}/whyfirst" in str(refused.value)


async def test_a_missing_database_or_a_wrong_password_is_refused(postgres_url: str) -> None:
    missing = postgres_url.rsplit("/", 1)[0] + "/no_such_database"
    with pytest.raises(StorageError, match="does not exist"):
        await Storage.open(missing)
    password = urlsplit(postgres_url).password
    assert password is not None
    wrong = postgres_url.replace(f":{password}@", ":wrong@")
    with pytest.raises(StorageError, match="refused the user or password") as refused:
        await Storage.open(wrong)
    assert "wrong" not in str(refused.value)


async def hold_row(url: str, game: GameRecord) -> asyncpg.Connection:
    """Another session, holding the game's row until it rolls back."""
    other = await asyncpg.connect(url)
    await other.execute("BEGIN")
    await other.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game.id)
    return other


async def test_a_locked_row_fails_the_write_cleanly(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    async with await Storage.open(postgres_url, busy_timeout=0.2) as storage:
        game = await start(storage, await open_game(storage))
        other = await hold_row(postgres_url, game)
        try:
            with pytest.raises(StorageError, match="locked"):
                await storage.commit_transition(a_pick(game, at(1)))
        finally:
            await other.close()
        (logged,) = [r for r in caplog.records if r.name == "bot.storage"]
        assert logged.levelname == "ERROR"
        assert "could not store a game transition" in logged.getMessage()
        assert await storage.game(game.id) == game
        assert await storage.actions(game.id) == [{"type": "deal", "stage": 1}]


async def test_a_connection_lost_mid_transaction_runs_the_unit_again_once(
    postgres_url: str, postgres_cluster: PostgresCluster, caplog: pytest.LogCaptureFixture
) -> None:
    """Before COMMIT nothing of the unit is kept, so it runs again on a new connection."""
    async with await Storage.open(postgres_url) as storage:
        game = await start(storage, await open_game(storage))
        other = await hold_row(postgres_url, game)
        waiting = asyncio.ensure_future(storage.commit_transition(a_pick(game, at(1))))
        waiter = None
        while waiter is None:
            await asyncio.sleep(0.02)
            waiter = await other.fetchval(
                "SELECT pid FROM pg_stat_activity WHERE application_name = 'whyfirst' "
                "AND wait_event_type = 'Lock'"
            )
        assert await other.fetchval("SELECT pg_terminate_backend($1)", waiter)
        await other.close()
        moved = await waiting
        assert moved.version == game.version + 1
        assert await storage.actions(game.id) == [{"type": "deal", "stage": 1}, {"type": "pick"}]
        assert any("running it again" in r.getMessage() for r in caplog.records)
        # Idle connections the server dropped are replaced without a failed unit.
        postgres_cluster.psql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE application_name = 'whyfirst'"
        )
        assert await storage.game(game.id) == moved
        assert [r for r in caplog.records if r.levelname == "ERROR"] == []

"""SQLite reads: a read's first query runs on its own; a read that asks more runs again in a
transaction, so that all its queries see one snapshot."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage.sql import Session
from bot.storage.sqlite import SqliteDatabase

SETTING = "INSERT INTO bot_settings (key, value) VALUES (?, 'v')"
COUNT = "SELECT count(*) FROM bot_settings"


@pytest.fixture
async def opened(db_path: Path) -> AsyncIterator[SqliteDatabase]:
    database = await SqliteDatabase.open(db_path)
    yield database
    await database.close()


async def store(database: SqliteDatabase, key: str) -> None:
    async def write(session: Session) -> None:
        await session.execute(SETTING, (key,))

    await database.write("store a setting", write)


async def test_the_queries_of_one_read_see_one_snapshot(opened: SqliteDatabase) -> None:
    runs: list[int] = []

    async def count_twice_around_a_write(session: Session) -> tuple[int, int]:
        runs.append(len(runs))
        first = await session.one(COUNT)
        await store(opened, f"between {len(runs)}")  # committed before the second query
        second = await session.one(COUNT)
        assert first is not None
        assert second is not None
        return int(first[0]), int(second[0])

    first, second = await opened.read("count twice", count_twice_around_a_write)
    assert first == second
    assert await opened.read("count", lambda session: session.one(COUNT)) == (len(runs),)


async def test_a_read_of_one_query_runs_once_and_sees_the_writes_asked_before(
    opened: SqliteDatabase,
) -> None:
    runs: list[int] = []

    async def count(session: Session) -> int:
        runs.append(len(runs))
        row = await session.one(COUNT)
        assert row is not None
        return int(row[0])

    written = asyncio.ensure_future(store(opened, "asked before"))
    await asyncio.sleep(0)  # asked for, not yet committed
    assert await opened.read("count", count) == 1
    assert runs == [0]
    await written


async def test_a_read_cancelled_in_its_transaction_hands_on_a_fresh_connection(
    opened: SqliteDatabase,
) -> None:
    started = asyncio.Event()

    async def count_then_wait(session: Session) -> None:
        await session.one(COUNT)
        await session.one(COUNT)  # in a transaction from here
        started.set()
        await asyncio.Event().wait()

    reads = [asyncio.ensure_future(opened.read("hang", count_then_wait)) for _ in range(2)]
    await started.wait()
    for read in reads:
        read.cancel()
    await asyncio.gather(*reads, return_exceptions=True)
    await store(opened, "after the cancelled reads")
    counts = [opened.read("count", lambda session: session.one(COUNT)) for _ in range(2)]
    # At once, so on both readers: each one's transaction ended, each sees the new row.
    assert await asyncio.gather(*counts) == [(1,), (1,)]

"""SQLite runs each unit of work whole on its own thread: what that promises."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from bot.storage.sql import Session
from bot.storage.sqlite import SqliteDatabase


async def test_a_unit_that_awaits_anything_but_its_session_is_refused_and_writes_nothing(
    db_path: Path,
) -> None:
    database = await SqliteDatabase.open(db_path)
    try:

        async def wanders_off(session: Session) -> None:
            await session.execute("INSERT INTO bot_settings (key, value) VALUES ('k', 'v')")
            await asyncio.sleep(0)

        with pytest.raises(RuntimeError, match="awaited something other than its session"):
            await database.write("store a setting", wanders_off)

        async def count(session: Session) -> int:
            row = await session.one("SELECT count(*) FROM bot_settings WHERE key = 'k'")
            assert row is not None
            return int(row[0])

        assert await database.read("count the settings", count) == 0
    finally:
        await database.close()


async def test_units_run_in_the_order_asked_for_and_off_the_event_loop(db_path: Path) -> None:
    database = await SqliteDatabase.open(db_path)
    threads: set[int] = set()
    try:

        async def store(number: int) -> None:
            async def write(session: Session) -> None:
                threads.add(threading.get_ident())
                await session.execute(
                    "INSERT INTO bot_settings (key, value) VALUES (?, ?)"
                    " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    ("last", str(number)),
                )

            await database.write("store a setting", write)

        # Each store is queued on the database's thread when its task first runs: in order.
        await asyncio.gather(*(store(number) for number in range(50)))

        async def last(session: Session) -> str:
            row = await session.one("SELECT value FROM bot_settings WHERE key = 'last'")
            assert row is not None
            return str(row[0])

        assert await database.read("read a setting", last) == "49"
        (thread,) = threads
        assert thread != threading.get_ident()
    finally:
        await database.close()

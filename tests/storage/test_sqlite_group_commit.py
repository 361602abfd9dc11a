"""SQLite commits the units of work waiting at a moment together: what that promises."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import StorageError
from bot.storage.sql import Session
from bot.storage.sqlite import SqliteDatabase

SETTING = (
    "INSERT INTO bot_settings (key, value) VALUES (?, ?)"
    " ON CONFLICT (key) DO UPDATE SET value = excluded.value"
)


@pytest.fixture
async def opened(db_path: Path) -> AsyncIterator[SqliteDatabase]:
    database = await SqliteDatabase.open(db_path)
    yield database
    await database.close()


async def store(database: SqliteDatabase, key: str, value: str) -> None:
    async def write(session: Session) -> None:
        await session.execute(SETTING, (key, value))

    await database.write("store a setting", write)


async def setting(database: SqliteDatabase, key: str) -> str | None:
    async def read(session: Session) -> str | None:
        row = await session.one("SELECT value FROM bot_settings WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    return await database.read("read a setting", read)


async def test_units_asked_for_together_land_in_the_order_asked_for(
    opened: SqliteDatabase,
) -> None:
    await asyncio.gather(*(store(opened, "last", str(number)) for number in range(50)))
    assert await setting(opened, "last") == "49"


async def test_a_failing_unit_rolls_back_alone_and_its_neighbours_are_kept(
    opened: SqliteDatabase,
) -> None:
    async def half_then_fail(session: Session) -> None:
        await session.execute(SETTING, ("half", "written"))
        raise LookupError("the unit changed its mind")

    outcomes = await asyncio.gather(
        store(opened, "before", "kept"),
        opened.write("store half a setting", half_then_fail),
        store(opened, "after", "kept"),
        return_exceptions=True,
    )
    assert outcomes[0] is None
    assert isinstance(outcomes[1], LookupError)
    assert outcomes[2] is None
    assert await setting(opened, "before") == "kept"
    assert await setting(opened, "after") == "kept"
    assert await setting(opened, "half") is None


async def test_a_read_asked_for_after_a_write_sees_it(opened: SqliteDatabase) -> None:
    written = asyncio.ensure_future(store(opened, "seen", "yes"))
    await asyncio.sleep(0)  # the write is asked for, not yet committed
    assert await setting(opened, "seen") == "yes"
    await written


async def test_a_unit_whose_caller_is_cancelled_still_commits_and_close_waits_for_it(
    db_path: Path,
) -> None:
    database = await SqliteDatabase.open(db_path)
    started = asyncio.Event()

    async def slow(session: Session) -> None:
        started.set()
        await session.execute(SETTING, ("slow", "one"))
        await asyncio.sleep(0.05)
        await session.execute(SETTING, ("slow", "two"))

    caller = asyncio.ensure_future(database.write("store a setting", slow))
    await started.wait()
    caller.cancel()
    with pytest.raises(asyncio.CancelledError):
        await caller
    await database.close()

    reopened = await SqliteDatabase.open(db_path)
    try:
        assert await setting(reopened, "slow") == "two"
    finally:
        await reopened.close()


async def test_a_write_that_fails_fails_its_unit_and_takes_back_the_units_other_writes(
    opened: SqliteDatabase,
) -> None:
    async def refused_then_more(session: Session) -> None:
        await session.execute(SETTING, ("first", "written"))
        await session.execute("INSERT INTO bot_settings (key, value) VALUES (NULL, NULL)")
        await session.execute(SETTING, ("third", "written"))

    with pytest.raises(StorageError, match="could not store settings"):
        await opened.write("store settings", refused_then_more)
    assert await setting(opened, "first") is None
    assert await setting(opened, "third") is None


async def test_what_follows_a_write_that_ends_the_transaction_is_not_committed(
    opened: SqliteDatabase,
) -> None:
    async def trigger(session: Session) -> None:
        await session.execute(
            "CREATE TRIGGER doom BEFORE INSERT ON bot_settings WHEN NEW.key = 'doom' "
            "BEGIN SELECT RAISE(ROLLBACK, 'the transaction ends here'); END"
        )

    await opened.write("add a trigger", trigger)

    async def doomed(session: Session) -> None:
        await session.execute(SETTING, ("first", "written"))
        await session.execute(SETTING, ("doom", "written"))  # rolls the transaction back
        await session.execute(SETTING, ("third", "written"))

    with pytest.raises(StorageError, match="the transaction ends here"):
        await opened.write("store settings", doomed)
    assert await setting(opened, "first") is None
    assert await setting(opened, "third") is None
    await store(opened, "later", "kept")
    assert await setting(opened, "later") == "kept"


def another_connection_may_write(db_path: Path) -> bool:
    other = sqlite3.connect(db_path, timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError:
        return False
    finally:
        other.close()
    return True


@pytest.mark.parametrize("writes_first", [False, True])
async def test_a_unit_alone_holds_the_file_from_its_first_statement(
    opened: SqliteDatabase, db_path: Path, writes_first: bool
) -> None:
    """Whether it reads or writes first, what a unit read is what it writes over: the write
    lock (BEGIN IMMEDIATE) is held from its first statement."""

    async def look(session: Session) -> bool:
        if writes_first:
            await session.execute(SETTING, ("first", "written"))
        await session.one("SELECT count(*) FROM bot_settings")
        return another_connection_may_write(db_path)

    assert await opened.write("look", look) is False
    assert another_connection_may_write(db_path)

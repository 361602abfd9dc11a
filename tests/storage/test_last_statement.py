"""`Session.last` means the same on both databases: once it returned a row, the unit sends
nothing more; when it returned none, it wrote nothing and the unit goes on."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from functools import partial

import pytest

from bot.storage.sql import Session
from bot.storage.storage import Storage
from bot.storage.units import Database

SETTING = "INSERT INTO bot_settings (key, value) VALUES (?, ?)"
CHANGE = "UPDATE bot_settings SET value = ? WHERE key = ? RETURNING value"
READ = "SELECT value FROM bot_settings WHERE key = ?"


@pytest.fixture
async def opened(database: str) -> AsyncIterator[Database]:
    async with await Storage.open(database) as storage:
        yield storage.units


async def stored(db: Database, key: str) -> str | None:
    async def read(session: Session) -> str | None:
        row = await session.one(READ, (key,))
        return None if row is None else str(row[0])

    return await db.read("read a setting", read)


async def test_a_statement_after_the_last_one_is_refused(
    opened: Database,
) -> None:
    async def store(session: Session) -> None:
        await session.execute(SETTING, ("colour", "red"))

    await opened.write("store a setting", store)

    async def change_then_more(session: Session) -> None:
        assert await session.last(CHANGE, ("blue", "colour")) is not None
        await session.execute(SETTING, ("size", "large"))

    with pytest.raises(RuntimeError, match="after the unit's last"):
        await opened.write("change a setting, then more", change_then_more)
    assert await stored(opened, "size") is None


async def test_a_last_statement_that_wrote_nothing_lets_the_unit_go_on(
    opened: Database,
) -> None:
    async def change_or_store(session: Session) -> str | None:
        if await session.last(CHANGE, ("blue", "colour")) is not None:
            return "changed"
        row = await session.one(READ, ("colour",))
        await session.execute(SETTING, ("colour", "green"))
        return None if row is None else str(row[0])

    assert await opened.write("change or store a setting", change_or_store) is None
    assert await stored(opened, "colour") == "green"


async def test_units_asked_for_with_one_that_ended_early_all_land(
    opened: Database,
) -> None:
    """On SQLite, units asked for together share a transaction: one unit's last statement
    ends that unit only."""

    async def store(session: Session, key: str) -> None:
        await session.execute(SETTING, (key, "stored"))

    async def change(session: Session) -> None:
        assert await session.last(CHANGE, ("changed", "colour")) is not None

    await opened.write("store a setting", partial(store, key="colour"))
    await asyncio.gather(
        *(
            opened.write("store a setting", partial(store, key=f"key {number}"))
            if number % 2
            else opened.write("change a setting", change)
            for number in range(10)
        )
    )
    assert await stored(opened, "colour") == "changed"
    assert [await stored(opened, f"key {number}") for number in range(1, 10, 2)] == ["stored"] * 5

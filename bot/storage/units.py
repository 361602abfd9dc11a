"""What both databases offer `Storage`: units of work, each one transaction, that run to
their end even when the caller is cancelled."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import Protocol, TypeVar

from bot.storage.sql import Session

T = TypeVar("T")
Work = Callable[[Session], Awaitable[T]]


class Database(Protocol):
    dialect: str
    """"sqlite" or "postgresql"."""
    name: str
    """The file path, or the URL without its password: what error messages and logs say."""

    async def write(self, doing: str, work: Work[T]) -> T:
        """Run `work` in one write transaction; any exception rolls everything back.
        `doing` completes "could not …" in the StorageError raised if the database fails."""

    async def read(self, doing: str, work: Work[T]) -> T:
        """Run `work` on one consistent snapshot. It may run more than once (SQLite runs a
        read that asks a second query again in a transaction): it must change nothing."""

    async def close(self) -> None: ...


async def shielded(unit: Coroutine[object, None, T]) -> T:
    """Finish `unit` even if the caller is cancelled, so no transaction is left half-run;
    an outcome nobody awaits any more is still consumed."""
    task = asyncio.ensure_future(unit)
    task.add_done_callback(consume)
    return await asyncio.shield(task)


def consume(outcome: asyncio.Future[T]) -> None:
    """Retrieves the outcome's exception, so that one nobody awaits any more is not logged as
    never retrieved."""
    if not outcome.cancelled():
        outcome.exception()

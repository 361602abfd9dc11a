"""Statements for one aiosqlite connection, each queued on the connection's thread as soon as
it is sent, in the order sent, whether or not its result is awaited yet.

aiosqlite runs a connection's calls one after another on its thread, and each result comes
back through a turn of the event loop. A statement whose result nobody needs before the next
one (BEGIN, a write) is sent without waiting for that turn: a task of its own hands it to the
thread at the loop's next turn. Every statement of a connection goes through its pipe, so
that none overtakes those sent before it and not yet handed on; a query awaited at once
after the others have ended goes straight to the thread, without a task."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Sequence
from typing import TypeVar

import aiosqlite

from bot.storage.sql import Params, Row
from bot.storage.units import consume

R = TypeVar("R")


class Pipe:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection
        self._last_ended: Callable[[], bool] = lambda: True  # whether the last sent has

    def send(self, sql: str, params: Params = ()) -> asyncio.Future[list[Row]]:
        """The statement's rows, to await now, later or never (its failure is then dropped)."""
        return self._queue(self._run(sql, params))

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        """The statement's rows, awaited now: straight to the thread once the last statement
        sent has ended (and every one sent before it with it)."""
        if not self._last_ended():
            return await self.send(sql, params)
        return await self._run(sql, params)

    def send_many(self, sql: str, rows: Sequence[Params]) -> asyncio.Future[None]:
        return self._queue(self._run_many(sql, rows))

    def _queue(self, run: Coroutine[object, None, R]) -> asyncio.Future[R]:
        """`run` as a task of its own, which hands its statement to the thread at the loop's
        next turn, after those sent before it; the last sent."""
        sent = asyncio.ensure_future(run)
        sent.add_done_callback(consume)
        self._last_ended = sent.done
        return sent

    @property
    def in_transaction(self) -> bool:
        """Read only once every statement sent has ended."""
        return self.connection.in_transaction

    async def close(self) -> None:
        await asyncio.ensure_future(self.connection.close())

    async def _run(self, sql: str, params: Params) -> list[Row]:
        return list(await self.connection.execute_fetchall(sql, params))

    async def _run_many(self, sql: str, rows: Sequence[Params]) -> None:
        await self.connection.executemany(sql, rows)

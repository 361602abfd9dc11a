"""Statements for one aiosqlite connection, each queued on the connection's thread as soon as
it is sent, in the order sent, whether or not its result is awaited yet.

aiosqlite runs a connection's calls one after another on its thread, and each result comes
back through a turn of the event loop. A statement whose result nobody needs before the next
one (a SAVEPOINT, a reader's BEGIN) is sent without waiting for that turn. Every statement
of a connection goes through its pipe: one awaited directly would overtake those sent before
it and not yet queued."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import aiosqlite

from bot.storage.sql import Params, Row
from bot.storage.units import consume


class Pipe:
    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.connection = connection

    def send(self, sql: str, params: Params = ()) -> asyncio.Future[list[Row]]:
        """The statement's rows, to await now, later or never (its failure is then dropped)."""
        sent = asyncio.ensure_future(self._run(sql, params))
        sent.add_done_callback(consume)
        return sent

    async def fetch(self, sql: str, params: Params = ()) -> list[Row]:
        return await self.send(sql, params)

    def send_many(self, sql: str, rows: Sequence[Params]) -> asyncio.Future[None]:
        sent = asyncio.ensure_future(self._run_many(sql, rows))
        sent.add_done_callback(consume)
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

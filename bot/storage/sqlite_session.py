"""The `Session` of SQLite: one open transaction on one aiosqlite connection, through its
pipe (bot/storage/sqlite_pipe.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from bot.storage.sql import SQLITE, Params, Row
from bot.storage.sqlite_pipe import Pipe

Sent = asyncio.Future[list[Row]] | asyncio.Future[None]


class SecondQuery(BaseException):
    """A read that runs its first query on its own asked a second one: it must run again,
    inside a transaction, for its queries to share one snapshot. (Not an Exception: no
    `except Exception` in the work may take it for a failure of its own.)"""


class SqliteSession:
    """An open transaction (or savepoint) on one aiosqlite connection. A query is one trip to the
    connection's thread and back. A write is sent without waiting for its trip: its failure is
    raised by the next query, or by `flush` at the end of the unit.

    Were a write to fail in a way that ends the whole transaction (an I/O error, a full disk), what
    was sent after it must not run outside any transaction, committed one statement at a time: the
    writer's connection is opened with isolation_level IMMEDIATE, so that sqlite3 itself opens a new
    transaction before any INSERT, UPDATE or DELETE that finds none open (every write here begins
    with one of them), and the unit's failure then rolls that back.

    `one_query`: no transaction is open; the first query runs on its own (a statement is its own
    consistent snapshot) and a second raises `SecondQuery`.

    `begin`: no transaction is open yet; it opens with the first statement, in the same call to the
    thread when that is an INSERT, UPDATE or DELETE (sqlite3 sends BEGIN IMMEDIATE before it);
    before anything else the session sends BEGIN IMMEDIATE itself. A unit that is one write (`last`
    first) then sends COMMIT right behind it: the thread runs both in a row, and the unit waits for
    one trip. That is safe for one write only: should it fail, it left nothing behind (a statement
    is undone whole), so the COMMIT commits nothing or finds the transaction already rolled back;
    behind two writes, it could keep the first without the second. (Should it return no row, it
    wrote nothing, and what the unit sends next opens a transaction of its own.)"""

    dialect = SQLITE

    def __init__(self, pipe: Pipe, *, one_query: bool = False, begin: bool = False) -> None:
        self._pipe = pipe
        self._unchecked: list[Sent] = []
        self._one_query = one_query
        self._queried = False
        self._to_begin = begin
        self._ended = False

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        return next(iter(await self.all(sql, params)), None)

    async def last(self, sql: str, params: Params = ()) -> Row | None:
        if not (self._to_begin and _opens_transaction(sql)):
            row = await self.one(sql, params)  # COMMIT, if any, comes after the unit
            self._ended = row is not None
            return row
        self._to_begin = False
        self._ended = True
        written = self._pipe.send(sql, params)
        committed = self._pipe.send("COMMIT")
        try:
            rows = await written
        except BaseException:
            await asyncio.wait((committed,))  # committed nothing: its outcome is not the news
            raise
        await committed
        row = next(iter(rows), None)
        if row is None:  # it wrote nothing: the unit may go on, in a transaction of its own
            self._to_begin, self._ended = True, False
        return row

    async def all(self, sql: str, params: Params = ()) -> Sequence[Row]:
        self._check_open()
        if self._one_query and self._queried:
            raise SecondQuery
        self._queried = True
        self._begin_before(sql)
        rows = await self._pipe.fetch(sql, params)
        await self.flush()  # ended before this query: nothing to wait for
        return rows

    async def execute(self, sql: str, params: Params = ()) -> None:
        self._check_open()
        self._begin_before(sql)
        self._unchecked.append(self._pipe.send(sql, params))

    async def execute_many(self, sql: str, rows: Sequence[Params]) -> None:
        self._check_open()
        if rows:
            self._begin_before(sql)
            self._unchecked.append(self._pipe.send_many(sql, rows))

    def _check_open(self) -> None:
        if self._ended:
            raise RuntimeError("a statement after the unit's last one")

    def _begin_before(self, sql: str) -> None:
        if not self._to_begin:
            return
        self._to_begin = False
        if not _opens_transaction(sql):
            # Checked with the writes: a refusal (the file busy) fails the unit.
            self._unchecked.append(self._pipe.send("BEGIN IMMEDIATE"))

    async def flush(self) -> None:
        """Raises the first failure among the writes sent so far, once they have all ended."""
        if not self._unchecked:  # the common case: a query after queries
            return
        unchecked, self._unchecked = self._unchecked, []
        for outcome in await asyncio.gather(*unchecked, return_exceptions=True):
            if isinstance(outcome, BaseException):
                raise outcome

    async def lock_channel(self, channel_id: int) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the whole file."""

    async def lock_statistics(self) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the whole file."""


def _opens_transaction(sql: str) -> bool:
    """Whether sqlite3 opens a transaction before `sql` by itself when none is open: its own
    test, the first word after spaces, tabs and line breaks."""
    return sql.lstrip(" \t\r\n").upper().startswith(("INSERT", "UPDATE", "DELETE"))

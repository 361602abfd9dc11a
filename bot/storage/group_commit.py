"""Group commit on one aiosqlite connection: the units of work waiting when the connection
comes free share one BEGIN IMMEDIATE … COMMIT, and so one fsync, each unit in a savepoint
of its own so that a failing unit rolls back alone (a unit alone in its group needs none,
and its transaction opens with its first statement).

Why: with synchronous = FULL every commit waits for the disk, and SQLite lets one writer at a
time hold the file. One transaction per unit made games clicking together wait for one
fsync each, in a row, and for the trips of BEGIN and COMMIT. A group pays for one of each.
BEGIN and a unit's savepoint are sent without waiting for them, and a savepoint is never
released (COMMIT releases them all): what remains of a unit's trips to the connection's
thread are its queries and the wait for its writes."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import cast

from bot.storage.errors import StorageError
from bot.storage.sqlite_pipe import Pipe
from bot.storage.sqlite_session import SqliteSession
from bot.storage.units import T, Work, consume

log = logging.getLogger("bot.storage")

MAX_GROUP = 256
"""Units in one transaction at the most: a flood is committed in parts, so that the first
units of it are acknowledged without waiting for the last."""

Explain = Callable[[str, sqlite3.Error], StorageError]


@dataclass
class _Unit:
    doing: str
    work: Work[object]
    outcome: asyncio.Future[object]
    result: object = field(default=None)
    error: BaseException | None = field(default=None)


class _GroupLost(Exception):
    """The transaction itself ended under a unit (an I/O error, a full disk, corruption)."""


class GroupCommit:
    """Runs units of work through `pipe` in the order they were asked for, in groups."""

    def __init__(self, pipe: Pipe, explain: Explain) -> None:
        self._pipe = pipe
        self._explain = explain
        self._waiting: list[_Unit] = []
        self._wake = asyncio.Event()
        self._closing = False
        self._latest: asyncio.Future[object] | None = None
        self._committer = asyncio.get_running_loop().create_task(self._commit_groups())

    async def run(self, doing: str, work: Work[T]) -> T:
        """`work`'s result once its group is durable; its error (and only its own writes
        rolled back) if it failed. The unit runs to its end even if the caller is cancelled."""
        if self._closing:
            raise StorageError(f"could not {doing}: the database is closed")
        outcome: asyncio.Future[object] = asyncio.get_running_loop().create_future()
        outcome.add_done_callback(consume)
        self._waiting.append(_Unit(doing, work, outcome))
        self._latest = outcome
        self._wake.set()
        return cast(T, await asyncio.shield(outcome))

    async def settled(self) -> None:
        """Returns once every unit asked for so far has ended (committed or failed)."""
        latest = self._latest
        if latest is not None and not latest.done():
            await asyncio.wait((latest,))

    async def close(self) -> None:
        """Ends after every unit already asked for."""
        self._closing = True
        self._wake.set()
        await self._committer

    async def _commit_groups(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._waiting:
                group = self._waiting[:MAX_GROUP]
                del self._waiting[:MAX_GROUP]
                try:
                    await self._commit(group)
                except Exception as error:  # a bug here must not leave every later write hanging
                    log.exception("database: a group of units of work failed unexpectedly")
                    for unit in group:
                        _settle(
                            unit.outcome, error=StorageError(f"could not {unit.doing}: {error}")
                        )
                    await self._roll_back()
            if self._closing:
                return

    async def _commit(self, group: list[_Unit]) -> None:
        if len(group) == 1:
            await self._commit_lone(group[0])
            return
        pipe = self._pipe
        # Sent with the first unit's statements, not waited for. Were it refused (the file
        # busy past the timeout), the first unit's SAVEPOINT opens a transaction instead, so
        # nothing runs outside one; the group is then rolled back and fails with the refusal.
        begun = pipe.send("BEGIN IMMEDIATE")
        for number, unit in enumerate(group):
            try:
                await self._run_alone(unit, f"unit{number}")
            except _GroupLost:
                # The units before it are lost with the transaction; those after it go again
                # in the next group.
                self._waiting[:0] = group[number + 1 :]
                for lost in group[: number + 1]:
                    if lost.error is None:
                        lost.error = StorageError(f"could not {lost.doing}: {unit.error}")
                    _settle(lost.outcome, error=lost.error)
                await asyncio.wait((begun,))
                await self._roll_back()
                return
        try:
            await begun
            await pipe.fetch("COMMIT")
        except sqlite3.Error as error:
            await self._roll_back()
            for unit in group:
                _settle(unit.outcome, error=unit.error or self._explain(unit.doing, error))
            return
        for unit in group:
            _settle(unit.outcome, result=unit.result, error=unit.error)

    async def _commit_lone(self, unit: _Unit) -> None:
        """A unit alone in its group needs no savepoint: its failure rolls back the whole
        transaction, which holds nobody else's writes. The transaction opens with its first
        statement (SqliteSession's `begin`), and a unit of one write sends its COMMIT right
        behind it (`SqliteSession.last`): a pick is one trip to the thread."""
        session = SqliteSession(self._pipe, begin=True)
        try:
            unit.result = await unit.work(session)
            await session.flush()
            if self._pipe.in_transaction:  # else it sent nothing
                await self._pipe.fetch("COMMIT")
        except BaseException as error:
            unit.error = self._blame(unit, error)
            await _ignore_failures(session.flush())
            await self._roll_back()
        _settle(unit.outcome, result=unit.result, error=unit.error)

    async def _run_alone(self, unit: _Unit, savepoint: str) -> None:
        """Runs `unit` in a savepoint; raises _GroupLost if the transaction did not survive."""
        pipe = self._pipe
        pipe.send(f"SAVEPOINT {savepoint}")
        session = SqliteSession(pipe)  # its own: a unit's last statement ends only that unit
        try:
            unit.result = await unit.work(session)
            await session.flush()
            return
        except BaseException as error:
            unit.error = self._blame(unit, error)
        await _ignore_failures(session.flush())
        try:
            await pipe.fetch(f"ROLLBACK TO {savepoint}")
        except sqlite3.Error as error:
            # An I/O error, a full disk or a corrupt page can end the transaction itself.
            log.warning("database: could not roll back to a unit's savepoint: %s", error)
            raise _GroupLost from error
        if not pipe.in_transaction:
            raise _GroupLost

    def _blame(self, unit: _Unit, error: BaseException) -> BaseException:
        """What `unit` fails with: an SQLite error in words an operator can act on."""
        return self._explain(unit.doing, error) if isinstance(error, sqlite3.Error) else error

    async def _roll_back(self) -> None:
        if not self._pipe.in_transaction:
            return
        try:
            await self._pipe.fetch("ROLLBACK")
        except sqlite3.Error as error:  # the original error is the one worth raising
            log.warning("database: rollback failed: %s", error)


async def _ignore_failures(flushed: Coroutine[object, None, None]) -> None:
    """The unit failed already: what it sent must end before the rollback, and its failures
    count for nothing more."""
    try:
        await flushed
    except Exception:
        log.debug("a failed unit's write failed too", exc_info=True)


def _settle(
    outcome: asyncio.Future[object], *, result: object = None, error: BaseException | None = None
) -> None:
    if outcome.done():
        return
    if error is not None:
        outcome.set_exception(error)
    else:
        outcome.set_result(result)

"""Opening the database and running each unit of work as one serialised transaction."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.errors import StorageError
from bot.storage.migrations import DEFAULT_MIGRATIONS_DIR, discover, migrate, refuse_newer

T = TypeVar("T")
Work = Callable[[aiosqlite.Connection], Awaitable[T]]

DEFAULT_BUSY_TIMEOUT_SECONDS = 10.0

log = logging.getLogger("bot.storage")


_HINTS = {
    "SQLITE_BUSY": "the file is locked by another process for too long",
    "SQLITE_LOCKED": "the file is locked",
    "SQLITE_FULL": "the disk is full",
    "SQLITE_CORRUPT": "the database file is corrupt; restore a backup",
    "SQLITE_NOTADB": "the file is not an SQLite database (corrupt or wrong path)",
    "SQLITE_CANTOPEN": "the file cannot be opened (missing folder or no permission)",
    "SQLITE_READONLY": "the file is read-only",
    "SQLITE_IOERR": "the disk reported an I/O error",
    "SQLITE_PERM": "permission denied",
}


def explain(db_path: Path, doing: str, error: sqlite3.Error) -> StorageError:
    """A StorageError saying what failed in words an operator can act on, and a log line."""
    code = getattr(error, "sqlite_errorname", "")  # e.g. "SQLITE_IOERR_WRITE"
    hint = _HINTS.get("_".join(code.split("_")[:2]))
    message = f"database {db_path}: could not {doing}: {error}"
    if hint:
        message += f" ({hint})"
    log.error("%s", message)
    return StorageError(message)


def _probe(db_path: Path) -> None:
    sqlite3.connect(db_path).close()


async def _shielded(unit: Coroutine[Any, Any, T]) -> T:
    """Finish `unit` even if the caller is cancelled, so no transaction is left half-run;
    an outcome nobody awaits any more is still consumed."""
    task = asyncio.ensure_future(unit)
    task.add_done_callback(_consume)
    return await asyncio.shield(task)


def _consume(task: asyncio.Future[Any]) -> None:
    if not task.cancelled():
        task.exception()


class Connection:
    """One aiosqlite connection; every unit of work runs alone, inside BEGIN … COMMIT."""

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        migrations_dir: Path | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT_SECONDS,
    ) -> Connection:
        db_path = Path(path)
        migrations = discover(migrations_dir or DEFAULT_MIGRATIONS_DIR)
        try:
            # Probe first: a failing aiosqlite.connect leaves its worker thread reporting to
            # an event loop that may be gone by then.
            await asyncio.to_thread(_probe, db_path)
            db = await aiosqlite.connect(db_path, isolation_level=None, timeout=busy_timeout)
        except sqlite3.Error as error:
            raise explain(db_path, "open it", error) from error
        try:
            # Before any pragma that writes: a newer database must be left untouched.
            await refuse_newer(db, db_path, len(migrations))
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            async with db.execute("PRAGMA journal_mode = WAL") as cursor:
                row = await cursor.fetchone()
            if row is None or str(row[0]).lower() != "wal":
                raise StorageError(f"database {db_path}: cannot switch to WAL mode ({row})")
            # FULL: a commit is on disk before we acknowledge it, even across a power cut.
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db, db_path, migrations)
        except BaseException as error:
            await db.close()
            if isinstance(error, sqlite3.Error):
                raise explain(db_path, "open it", error) from error
            if isinstance(error, StorageError):
                log.error("%s", error)
            raise
        return cls(db, db_path)

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def write(self, doing: str, work: Work[T]) -> T:
        """Run `work` in BEGIN IMMEDIATE … COMMIT; any exception rolls everything back."""
        return await _shielded(self._run("BEGIN IMMEDIATE", doing, work))

    async def read(self, doing: str, work: Work[T]) -> T:
        """Run `work` on one consistent snapshot."""
        return await _shielded(self._run("BEGIN", doing, work))

    async def _run(self, begin: str, doing: str, work: Work[T]) -> T:
        async with self._lock:
            try:
                await self._db.execute(begin)
                try:
                    result = await work(self._db)
                    await self._db.execute("COMMIT")
                except BaseException:
                    await self._rollback()
                    raise
            except sqlite3.Error as error:
                raise explain(self.path, doing, error) from error
            return result

    async def _rollback(self) -> None:
        if not self._db.in_transaction:
            return
        try:
            await self._db.execute("ROLLBACK")
        except sqlite3.Error as error:  # the original error is the one worth raising
            log.warning("database %s: rollback failed: %s", self.path, error)

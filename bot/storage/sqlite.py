"""SQLite: opening the file and running each unit of work as one serialised transaction."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import aiosqlite

from bot.storage.errors import StorageError
from bot.storage.migrations import DEFAULT_MIGRATIONS_DIR, discover
from bot.storage.sql import SQLITE, Params, Row
from bot.storage.sqlite_migrations import migrate, refuse_newer
from bot.storage.units import T, Work, shielded

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


class SqliteSession:
    """The open transaction of a `SqliteDatabase`. One trip to the database thread per query
    (a cursor would take three): while a transaction holds the connection, each trip also
    waits for a turn of the busy event loop."""

    dialect = SQLITE

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        return next(iter(await self._db.execute_fetchall(sql, params)), None)

    async def all(self, sql: str, params: Params = ()) -> Sequence[Row]:
        return list(await self._db.execute_fetchall(sql, params))

    async def execute(self, sql: str, params: Params = ()) -> None:
        await self._db.execute(sql, params)

    async def execute_many(self, sql: str, rows: Sequence[Params]) -> None:
        await self._db.executemany(sql, rows)

    async def lock_channel(self, channel_id: int) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the whole file."""

    async def lock_statistics(self) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the whole file."""


class SqliteDatabase:
    """One aiosqlite connection; every unit of work runs alone, inside BEGIN … COMMIT."""

    dialect = "sqlite"

    def __init__(self, db: aiosqlite.Connection, path: Path) -> None:
        self._db = db
        self._session = SqliteSession(db)
        self.path = path
        self.name = str(path)
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        path: Path,
        *,
        migrations_dir: Path | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT_SECONDS,
    ) -> SqliteDatabase:
        migrations = discover(migrations_dir or DEFAULT_MIGRATIONS_DIR, "sqlite")
        try:
            # Probe first: a failing aiosqlite.connect leaves its worker thread reporting to
            # an event loop that may be gone by then.
            await asyncio.to_thread(_probe, path)
            db = await aiosqlite.connect(path, isolation_level=None, timeout=busy_timeout)
        except sqlite3.Error as error:
            raise explain(path, "open it", error) from error
        try:
            # Before any pragma that writes: a newer database must be left untouched.
            await refuse_newer(db, path, len(migrations))
            await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            async with db.execute("PRAGMA journal_mode = WAL") as cursor:
                row = await cursor.fetchone()
            if row is None or str(row[0]).lower() != "wal":
                raise StorageError(f"database {path}: cannot switch to WAL mode ({row})")
            # FULL: a commit is on disk before we acknowledge it, even across a power cut.
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db, path, migrations)
        except BaseException as error:
            await db.close()
            if isinstance(error, sqlite3.Error):
                raise explain(path, "open it", error) from error
            if isinstance(error, StorageError):
                log.error("%s", error)
            raise
        return cls(db, path)

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    async def write(self, doing: str, work: Work[T]) -> T:
        """Run `work` in BEGIN IMMEDIATE … COMMIT; any exception rolls everything back."""
        return await shielded(self._run("BEGIN IMMEDIATE", doing, work))

    async def read(self, doing: str, work: Work[T]) -> T:
        """Run `work` on one consistent snapshot."""
        return await shielded(self._run("BEGIN", doing, work))

    async def _run(self, begin: str, doing: str, work: Work[T]) -> T:
        async with self._lock:
            try:
                await self._db.execute(begin)
                try:
                    result = await work(self._session)
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

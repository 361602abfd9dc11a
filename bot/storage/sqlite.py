"""SQLite: one connection on a thread of its own, where each unit of work runs whole, as one
serialised transaction, in a single trip from the event loop."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bot.storage.errors import StorageError
from bot.storage.migrations import DEFAULT_MIGRATIONS_DIR, Migration, discover
from bot.storage.sql import SQLITE, Params, Row
from bot.storage.sqlite_migrations import migrate, refuse_newer
from bot.storage.units import T, Work, consume, run_without_suspending

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


class SqliteSession:
    """The open transaction of a `SqliteDatabase`, on the database's thread. Its methods are
    coroutines only to share `Session` with PostgreSQL: each runs its query at once and never
    suspends, so a whole unit of work runs on that thread without going back to the event
    loop between queries. (Through aiosqlite every query was a trip there and back, and under
    load each return waited for a turn of the busy loop while the transaction held the file:
    at 350 games in bench/load.py that made the writes the bot's bottleneck.)"""

    dialect = SQLITE

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        row: Row | None = self._connection.execute(sql, params).fetchone()
        return row

    async def all(self, sql: str, params: Params = ()) -> Sequence[Row]:
        return self._connection.execute(sql, params).fetchall()

    async def execute(self, sql: str, params: Params = ()) -> None:
        self._connection.execute(sql, params)

    async def execute_many(self, sql: str, rows: Sequence[Params]) -> None:
        self._connection.executemany(sql, rows)

    async def lock_channel(self, channel_id: int) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the whole file."""

    async def lock_statistics(self) -> None:
        """Nothing to do: BEGIN IMMEDIATE already holds the whole file."""


class SqliteDatabase:
    """One connection, used only on its own thread; the units of work run there one at a time,
    in the order they were asked for, each inside BEGIN … COMMIT."""

    dialect = "sqlite"

    def __init__(
        self, thread: ThreadPoolExecutor, connection: sqlite3.Connection, path: Path
    ) -> None:
        self._thread = thread
        self._connection = connection
        self._session = SqliteSession(connection)
        self.path = path
        self.name = str(path)

    @classmethod
    async def open(
        cls,
        path: Path,
        *,
        migrations_dir: Path | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT_SECONDS,
    ) -> SqliteDatabase:
        migrations = discover(migrations_dir or DEFAULT_MIGRATIONS_DIR, "sqlite")
        thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="whyfirst-sqlite")
        loop = asyncio.get_running_loop()
        try:
            connection = await loop.run_in_executor(
                thread, _connect, path, busy_timeout, migrations
            )
        except BaseException:
            thread.shutdown(wait=False)
            raise
        return cls(thread, connection, path)

    async def close(self) -> None:
        """Closes after every unit already asked for, also those whose caller was cancelled."""
        await self._on_thread(self._connection.close)
        self._thread.shutdown()

    async def write(self, doing: str, work: Work[T]) -> T:
        """Run `work` in BEGIN IMMEDIATE … COMMIT; any exception rolls everything back."""
        return await self._on_thread(lambda: self._transaction("BEGIN IMMEDIATE", doing, work))

    async def read(self, doing: str, work: Work[T]) -> T:
        """Run `work` on one consistent snapshot."""
        return await self._on_thread(lambda: self._transaction("BEGIN", doing, work))

    async def _on_thread(self, job: Callable[[], T]) -> T:
        """Queued on the database's thread now, before anything can suspend (hence in call
        order), and run to its end even if the caller is cancelled meanwhile."""
        done = asyncio.get_running_loop().run_in_executor(self._thread, job)
        done.add_done_callback(consume)
        return await asyncio.shield(done)

    def _transaction(self, begin: str, doing: str, work: Work[T]) -> T:
        connection = self._connection
        try:
            connection.execute(begin)
            try:
                result = run_without_suspending(work(self._session))
                connection.execute("COMMIT")
            except BaseException:
                _roll_back(connection, self.path)
                raise
        except sqlite3.Error as error:
            raise explain(self.path, doing, error) from error
        return result


def _connect(
    path: Path, busy_timeout: float, migrations: tuple[Migration, ...]
) -> sqlite3.Connection:
    try:
        connection = sqlite3.connect(path, isolation_level=None, timeout=busy_timeout)
    except sqlite3.Error as error:
        raise explain(path, "open it", error) from error
    try:
        # Before any pragma that writes: a newer database must be left untouched.
        refuse_newer(connection, path, len(migrations))
        row = connection.execute("PRAGMA journal_mode = WAL").fetchone()
        if row is None or str(row[0]).lower() != "wal":
            raise StorageError(f"database {path}: cannot switch to WAL mode ({row})")
        # FULL: a commit is on disk before we acknowledge it, even across a power cut.
        connection.execute("PRAGMA synchronous = FULL")
        connection.execute("PRAGMA foreign_keys = ON")
        migrate(connection, path, migrations)
    except BaseException as error:
        connection.close()
        if isinstance(error, sqlite3.Error):
            raise explain(path, "open it", error) from error
        if isinstance(error, StorageError):
            log.error("%s", error)
        raise
    return connection


def _roll_back(connection: sqlite3.Connection, path: Path) -> None:
    if not connection.in_transaction:
        return
    try:
        connection.execute("ROLLBACK")
    except sqlite3.Error as error:  # the original error is the one worth raising
        log.warning("database %s: rollback failed: %s", path, error)

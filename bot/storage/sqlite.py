"""SQLite through aiosqlite: one connection writes, two read. Writes are group-committed
(bot/storage/group_commit.py): the units of work waiting at a moment share one transaction
and one fsync, each in its own savepoint. Reads run on a reader connection, on a WAL
snapshot of their own, so they never wait for the write lock nor hold it."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Literal

import aiosqlite

from bot.storage.errors import StorageError, explained
from bot.storage.group_commit import GroupCommit
from bot.storage.migrations import DEFAULT_MIGRATIONS_DIR, Migration, discover
from bot.storage.sqlite_migrations import migrate, refuse_newer
from bot.storage.sqlite_pipe import Pipe
from bot.storage.sqlite_session import SecondQuery, SqliteSession
from bot.storage.units import T, Work

DEFAULT_BUSY_TIMEOUT_SECONDS = 10.0
READERS = 2
"""Connections that read, each on its own thread: a slow leaderboard does not hold up a game."""

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


def explain(
    db_path: Path, doing: str, error: sqlite3.Error, *, opening: bool = False
) -> StorageError:
    """A StorageError for `error` (`errors.explained`), hinted by its SQLite result code."""
    code = getattr(error, "sqlite_errorname", "")  # e.g. "SQLITE_IOERR_WRITE"
    hint = _HINTS.get("_".join(code.split("_")[:2]))
    return explained(db_path, doing, error, hint, opening=opening)


class SqliteDatabase:
    """Three aiosqlite connections to one file: writes group-committed on one, reads on the
    other two. Units of work start in the order they were asked for and run to their end
    even when their caller is cancelled."""

    dialect = "sqlite"

    def __init__(
        self, writer: aiosqlite.Connection, readers: Sequence[aiosqlite.Connection], path: Path
    ) -> None:
        self._writes = writes = Pipe(writer)
        self._readers = len(readers)
        # Last in, first out: reads one after another keep to one warm thread and page cache.
        self._idle_readers: asyncio.LifoQueue[Pipe] = asyncio.LifoQueue()
        for reader in readers:
            self._idle_readers.put_nowait(Pipe(reader))
        self._group = GroupCommit(writes, lambda doing, error: explain(path, doing, error))
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
        new_file = absent(path)
        # Legacy transaction control on the writer: sqlite3 sends BEGIN IMMEDIATE before an
        # INSERT, UPDATE or DELETE that finds no transaction open (see SqliteSession).
        writer = await _connect(path, busy_timeout, "IMMEDIATE")
        readers: list[aiosqlite.Connection] = []
        try:
            await _prepare_writer(writer, path, migrations)
            for _ in range(READERS):
                readers.append(await _connect(path, busy_timeout, None))
        except BaseException:
            for connection in (*readers, writer):
                await connection.close()
            raise
        if new_file is not None:
            log.info("created the database %s", new_file)
        return cls(writer, readers, path)

    async def close(self) -> None:
        """Closes after every unit already asked for, also those whose caller was cancelled."""
        await self._group.close()
        for _ in range(self._readers):  # each one once it is back from its read
            await (await self._idle_readers.get()).close()
        await self._writes.close()

    async def write(self, doing: str, work: Work[T]) -> T:
        """Run `work` in a savepoint of the next group's BEGIN IMMEDIATE … COMMIT; any
        exception rolls back the unit's own writes, and nobody else's."""
        return await self._group.run(doing, work)

    async def read(self, doing: str, work: Work[T]) -> T:
        """Run `work` on one consistent snapshot, which holds every write asked for before.
        Its first query runs on its own, outside any transaction: a read that asks one query
        is one trip, with no BEGIN or COMMIT. A read that asks a second query runs again from
        its start inside BEGIN … COMMIT (reads change nothing, so running one twice is
        harmless); that COMMIT is not waited for, and is sent even if the read is cancelled,
        before the connection is handed on."""
        await self._group.settled()
        reader = await self._idle_readers.get()
        try:
            try:
                return await work(SqliteSession(reader, one_query=True))
            except SecondQuery:
                pass
            begun = reader.send("BEGIN")
            try:
                result = await work(SqliteSession(reader))
                await begun  # a snapshot that never began must not pass for one
            finally:
                reader.send("COMMIT")
        except sqlite3.Error as error:
            raise explain(self.path, doing, error) from error
        finally:
            self._idle_readers.put_nowait(reader)
        return result


def absent(path: Path) -> Path | None:
    """The file's full path if it does not exist yet (opening it creates it)."""
    return None if path.exists() else path.resolve()


def refuse_unopenable(path: Path) -> None:
    """StorageError if `path` plainly cannot be an SQLite file, before SQLite tries. (Also
    because aiosqlite, when a connection fails, leaves its thread a last message for the
    event loop, which may be closed by then.)"""
    reason = None
    if path.is_dir():
        reason = "it is a folder"
    elif not path.parent.is_dir():
        reason = f"the folder {path.parent} does not exist"
    if reason is not None:
        raise StorageError(
            f"database {path}: could not open it: {reason} ({_HINTS['SQLITE_CANTOPEN']})"
        )


def read_only_uri(path: Path) -> str:
    return f"{path.resolve().as_uri()}?mode=ro"


async def _connect(
    path: Path, busy_timeout: float, isolation_level: Literal["IMMEDIATE"] | None
) -> aiosqlite.Connection:
    refuse_unopenable(path)
    try:
        return await aiosqlite.connect(path, isolation_level=isolation_level, timeout=busy_timeout)
    except sqlite3.Error as error:
        raise explain(path, "open it", error, opening=True) from error


async def _prepare_writer(
    connection: aiosqlite.Connection, path: Path, migrations: tuple[Migration, ...]
) -> None:
    try:
        # Before any pragma that writes: a newer database must be left untouched.
        await refuse_newer(connection, path, len(migrations))
        rows = list(await connection.execute_fetchall("PRAGMA journal_mode = WAL"))
        if not rows or str(rows[0][0]).lower() != "wal":
            raise StorageError(f"database {path}: cannot switch to WAL mode ({rows})")
        # FULL: a commit is on disk before we acknowledge it, even across a power cut.
        await connection.execute_fetchall("PRAGMA synchronous = FULL")
        await connection.execute_fetchall("PRAGMA foreign_keys = ON")
        # Not 2 MB: the writer needs the pages it writes, the OS caches the file (issue 49).
        await connection.execute_fetchall("PRAGMA cache_size = -256")
        await migrate(connection, path, migrations)
    except sqlite3.Error as error:
        raise explain(path, "open it", error, opening=True) from error

"""PostgreSQL (asyncpg): a pool of connections; each unit of work is one transaction on one
of them. Writes run at READ COMMITTED and lock what they change (see `Session`); reads run on
a REPEATABLE READ snapshot. Every commit waits for its WAL flush (synchronous_commit=on)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from asyncpg.transaction import Transaction

from bot.storage.errors import StorageError, explained
from bot.storage.migrations import DEFAULT_MIGRATIONS_DIR, discover
from bot.storage.placeholders import arguments, numbered
from bot.storage.postgres_migrations import Connection, migrate
from bot.storage.sql import POSTGRESQL, Params, Row
from bot.storage.units import T, Work, shielded

URL_SCHEMES = ("postgresql://", "postgres://")
POOL_SIZE = 10
CONNECT_TIMEOUT_SECONDS = 10.0
ATTEMPTS = 3  # for a unit rolled back by the server (see _worth_again)

log = logging.getLogger("bot.storage")
Isolation = Literal["read_committed", "repeatable_read"]

DRIVER_ERRORS = (
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    OSError,
    TimeoutError,
)
_ROLLED_BACK = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)

_HINTS = {  # SQLSTATE, or its two-character class
    "08": "the connection to the server failed or was lost",
    "28": "the server refused the user or password in the URL",
    "3D000": "the database does not exist: create it first",
    "53100": "the server's disk is full",
    "53": "the server is out of resources",
    "55P03": "the rows are locked by another session for too long",
    "57P01": "an administrator or a shutdown ended the connection",
    "57P02": "the server ended the connection after a crash",
    "57P03": "the server is starting up or shutting down",
    "25006": "the database is read-only (a standby server?)",
    "42501": "permission denied",
    "XX001": "the database is corrupt; restore a backup",
    "XX002": "the database is corrupt; restore a backup",
    "58": "the server reported an I/O error",
}


def is_postgresql_url(database: str) -> bool:
    return database.startswith(URL_SCHEMES)


def without_password(url: str) -> str:
    """The URL as logs may show it."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.netloc.rsplit("@", 1)[1]
        return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))
    except ValueError:
        return url.split("://", 1)[0] + "://…"


def explain(
    database: str, doing: str, error: BaseException, *, opening: bool = False
) -> StorageError:
    """A StorageError for `error` (`errors.explained`), hinted by its SQLSTATE or by what
    kind of failure it is."""
    hint = None
    if isinstance(error, asyncpg.PostgresError):
        state = str(error.sqlstate or "")
        hint = _HINTS.get(state) or _HINTS.get(state[:2])
    elif isinstance(error, OSError):
        hint = "the server cannot be reached: is it running, and are the host and port right?"
    elif isinstance(error, TimeoutError):
        hint = "the server did not answer in time"
    return explained(database, doing, error or type(error).__name__, hint, opening=opening)


class PostgresSession:
    """The open transaction of a `PostgresDatabase`."""

    dialect = POSTGRESQL

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._ended = False

    async def one(self, sql: str, params: Params = ()) -> Row | None:
        self._check_open()
        text, args = arguments(sql, params)
        return await self._connection.fetchrow(text, *args)

    async def all(self, sql: str, params: Params = ()) -> Sequence[Row]:
        self._check_open()
        text, args = arguments(sql, params)
        return await self._connection.fetch(text, *args)

    async def execute(self, sql: str, params: Params = ()) -> None:
        self._check_open()
        text, args = arguments(sql, params)
        await self._connection.execute(text, *args)

    async def execute_many(self, sql: str, rows: Sequence[Params]) -> None:
        self._check_open()
        if rows:
            text, _ = numbered(sql)
            await self._connection.executemany(text, [arguments(sql, row)[1] for row in rows])

    async def last(self, sql: str, params: Params = ()) -> Row | None:
        row = await self.one(sql, params)
        self._ended = row is not None
        return row

    def _check_open(self) -> None:
        if self._ended:
            raise RuntimeError("a statement after the unit's last one")

    async def lock_channel(self, channel_id: int) -> None:
        await self._connection.execute("SELECT pg_advisory_xact_lock($1)", channel_id)

    async def lock_statistics(self) -> None:
        await self._connection.execute(
            "LOCK TABLE results, player_periods, player_totals, ratings IN SHARE ROW EXCLUSIVE MODE"
        )


class PostgresDatabase:
    dialect = "postgresql"
    path = None

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self._url = url
        self.name = without_password(url)

    @classmethod
    async def open(
        cls, url: str, *, migrations_dir: Path | None = None, busy_timeout: float
    ) -> PostgresDatabase:
        """`busy_timeout`: how long a write waits for a row another session holds."""
        name = without_password(url)
        migrations = discover(migrations_dir or DEFAULT_MIGRATIONS_DIR, "postgresql")
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=POOL_SIZE,
                timeout=CONNECT_TIMEOUT_SECONDS,
                server_settings={
                    "application_name": "whyfirst",
                    "synchronous_commit": "on",
                    "lock_timeout": str(max(1, int(busy_timeout * 1000))),
                },
            )
        except DRIVER_ERRORS as error:
            raise explain(name, "connect", error, opening=True) from error
        try:
            async with pool.acquire() as connection:
                await migrate(connection, name, migrations)
        except BaseException as error:
            pool.terminate()
            if isinstance(error, DRIVER_ERRORS):
                raise explain(name, "open it", error, opening=True) from error
            raise
        return cls(pool, url)

    async def connect(self) -> asyncpg.Connection:
        """A connection of its own, outside the pool: the one that listens for notices
        (game_notices.py), named so in pg_stat_activity."""
        return await asyncpg.connect(
            self._url,
            timeout=CONNECT_TIMEOUT_SECONDS,
            server_settings={"application_name": "whyfirst-listener"},
        )

    async def close(self) -> None:
        await self._pool.close()

    async def write(self, doing: str, work: Work[T]) -> T:
        return await shielded(self._run(doing, work, isolation="read_committed", readonly=False))

    async def read(self, doing: str, work: Work[T]) -> T:
        return await shielded(self._run(doing, work, isolation="repeatable_read", readonly=True))

    async def _run(self, doing: str, work: Work[T], *, isolation: Isolation, readonly: bool) -> T:
        for attempt in range(1, ATTEMPTS + 1):
            committing = False
            try:
                async with self._pool.acquire() as connection:
                    transaction = connection.transaction(isolation=isolation, readonly=readonly)
                    await transaction.start()
                    try:
                        result = await work(PostgresSession(connection))
                    except BaseException:
                        await self._rollback(transaction)
                        raise
                    committing = True
                    await transaction.commit()
                    return result
            except DRIVER_ERRORS as error:
                if attempt == ATTEMPTS or not _worth_again(error, committing):
                    raise explain(self.name, doing, error) from error
                log.warning("database %s: %s; running it again", self.name, error)
        raise AssertionError("unreachable")

    async def _rollback(self, transaction: Transaction) -> None:
        try:
            await transaction.rollback()
        except (asyncpg.InterfaceError, asyncpg.PostgresConnectionError):
            pass  # the connection is gone, and with it the transaction
        except DRIVER_ERRORS as error:  # the original error is the one worth raising
            log.warning("database %s: rollback failed: %s", self.name, error)


def _worth_again(error: BaseException, committing: bool) -> bool:
    """Whether the unit may simply run again: nothing of it was committed. A deadlock or a
    serialisation failure rolled it back; so did a connection lost before COMMIT was sent
    (an idle connection the server dropped, a restart). One lost during COMMIT may or may
    not have committed: that one is reported, never repeated."""
    if isinstance(error, _ROLLED_BACK):
        return True
    # InternalClientError: the pool handed out a connection the server had just closed, and
    # asyncpg noticed only as its first statement was sent.
    lost = isinstance(
        error, (asyncpg.PostgresConnectionError, asyncpg.InternalClientError, OSError)
    ) or (isinstance(error, asyncpg.PostgresError) and str(error.sqlstate).startswith("57P0"))
    return lost and not committing

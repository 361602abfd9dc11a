"""What the bot would find in its database at start, read without changing anything: no
file created, no migration applied, no WAL switched on (`whyfirst check`)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite
import asyncpg

from bot.storage import postgres, sqlite
from bot.storage.migrations import DEFAULT_MIGRATIONS_DIR, discover, newer_schema
from bot.storage.postgres_migrations import schema_version as postgres_version
from bot.storage.sqlite_migrations import schema_version as sqlite_version


async def probe(database: str) -> str:
    """A sentence on the database's state; StorageError (one sentence too) if it is unusable."""
    if postgres.is_postgresql_url(database):
        return await _probe_postgresql(database)
    return await _probe_sqlite(Path(database))


async def _probe_sqlite(path: Path) -> str:
    sqlite.refuse_unopenable(path)
    where = sqlite.absent(path)
    if where is not None:
        return f"{where} does not exist yet: the bot creates it when it starts"
    try:
        async with aiosqlite.connect(sqlite.read_only_uri(path), uri=True) as reader:
            version = await sqlite_version(reader)
            await reader.execute_fetchall("SELECT count(*) FROM sqlite_schema")
    except sqlite3.Error as error:
        raise sqlite.explain(path, "read it", error, opening=True) from error
    return _versions(str(path), version, "sqlite")


async def _probe_postgresql(url: str) -> str:
    name = postgres.without_password(url)
    try:
        connection = await asyncpg.connect(url, timeout=postgres.CONNECT_TIMEOUT_SECONDS)
        try:
            version = await postgres_version(connection)
        finally:
            await connection.close()
    except postgres.DRIVER_ERRORS as error:
        raise postgres.explain(name, "connect", error, opening=True) from error
    return _versions(name, version, "postgresql")


def _versions(name: str, version: int, dialect: str) -> str:
    latest = len(discover(DEFAULT_MIGRATIONS_DIR, dialect))
    if version > latest:
        raise newer_schema(name, version, latest)
    if version == latest:
        return f"{name} is up to date (schema version {latest})"
    if version == 0:
        return f"{name} is empty: the bot creates its tables when it starts"
    backup = " after a backup" if dialect == "sqlite" else ""
    return f"{name} has schema version {version}: the bot migrates it to {latest}{backup} at start"

"""Applying migrations to SQLite: each file atomically, the version in PRAGMA user_version,
after an online backup of a file that already holds data. Through the writing connection."""

from __future__ import annotations

import logging
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

from bot.storage.errors import StorageError
from bot.storage.migrations import Migration, newer_schema

log = logging.getLogger(__name__)


def split_statements(script: str) -> list[str]:
    """The script's statements, each ending at a semicolon that completes it."""
    statements = []
    start = 0
    for end, char in enumerate(script):
        if char == ";" and sqlite3.complete_statement(script[start : end + 1]):
            statements.append(script[start : end + 1].strip())
            start = end + 1
    rest = script[start:]
    if any(line.strip() and not line.strip().startswith("--") for line in rest.splitlines()):
        raise StorageError(f"migration ends with an unterminated statement: {rest.strip()!r}")
    return statements


async def _one(connection: aiosqlite.Connection, sql: str) -> sqlite3.Row | None:
    return next(iter(await connection.execute_fetchall(sql)), None)


async def schema_version(connection: aiosqlite.Connection) -> int:
    row = await _one(connection, "PRAGMA user_version")
    return int(row[0]) if row else 0


async def refuse_newer(connection: aiosqlite.Connection, db_path: Path, latest: int) -> None:
    version = await schema_version(connection)
    if version > latest:
        raise newer_schema(str(db_path), version, latest)


async def _holds_data(connection: aiosqlite.Connection) -> bool:
    row = await _one(connection, "SELECT count(*) FROM sqlite_schema")
    return bool(row and row[0])


async def backup(connection: aiosqlite.Connection, db_path: Path, version: int) -> Path:
    """A consistent copy next to the database, made with SQLite's online backup."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target_path = db_path.with_name(f"{db_path.name}-v{version}-{stamp}.bak")
    async with aiosqlite.connect(target_path) as target:
        await connection.backup(target)
    log.info("backed up %s (schema version %d) to %s", db_path, version, target_path)
    return target_path


async def migrate(
    connection: aiosqlite.Connection, db_path: Path, migrations: tuple[Migration, ...]
) -> Path | None:
    """Bring the schema up to date; returns the backup taken, if one was needed."""
    latest = len(migrations)
    await refuse_newer(connection, db_path, latest)
    current = await schema_version(connection)
    if current == latest:
        return None
    backup_path = None
    if await _holds_data(connection):
        backup_path = await backup(connection, db_path, current)
    for migration in migrations[current:]:
        await _apply(connection, db_path, migration)
    return backup_path


async def _apply(connection: aiosqlite.Connection, db_path: Path, migration: Migration) -> None:
    # Not executescript: it commits any open transaction first. The version is re-read under
    # the write lock in case another process migrated meanwhile.
    await connection.execute_fetchall("BEGIN IMMEDIATE")
    try:
        if await schema_version(connection) >= migration.version:
            await connection.execute_fetchall("ROLLBACK")
            return
        for statement in split_statements(migration.sql):
            await connection.execute_fetchall(statement)
        await connection.execute_fetchall(f"PRAGMA user_version = {migration.version}")
        await connection.execute_fetchall("COMMIT")
    except BaseException:
        if connection.in_transaction:
            await connection.execute_fetchall("ROLLBACK")
        raise
    log.info("migrated %s to schema version %d (%s)", db_path, migration.version, migration.name)

"""Applying migrations to SQLite: each file atomically, the version in PRAGMA user_version,
after an online backup of a file that already holds data. Run on the database's thread."""

from __future__ import annotations

import logging
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

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


def schema_version(connection: sqlite3.Connection) -> int:
    row = connection.execute("PRAGMA user_version").fetchone()
    return int(row[0]) if row else 0


def refuse_newer(connection: sqlite3.Connection, db_path: Path, latest: int) -> None:
    version = schema_version(connection)
    if version > latest:
        raise newer_schema(str(db_path), version, latest)


def _holds_data(connection: sqlite3.Connection) -> bool:
    row = connection.execute("SELECT count(*) FROM sqlite_schema").fetchone()
    return bool(row and row[0])


def backup(connection: sqlite3.Connection, db_path: Path, version: int) -> Path:
    """A consistent copy next to the database, made with SQLite's online backup."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    target_path = db_path.with_name(f"{db_path.name}-v{version}-{stamp}.bak")
    target = sqlite3.connect(target_path)
    try:
        connection.backup(target)
    finally:
        target.close()
    log.info("backed up %s (schema version %d) to %s", db_path, version, target_path)
    return target_path


def migrate(
    connection: sqlite3.Connection, db_path: Path, migrations: tuple[Migration, ...]
) -> Path | None:
    """Bring the schema up to date; returns the backup taken, if one was needed."""
    latest = len(migrations)
    refuse_newer(connection, db_path, latest)
    current = schema_version(connection)
    if current == latest:
        return None
    backup_path = None
    if _holds_data(connection):
        backup_path = backup(connection, db_path, current)
    for migration in migrations[current:]:
        _apply(connection, db_path, migration)
    return backup_path


def _apply(connection: sqlite3.Connection, db_path: Path, migration: Migration) -> None:
    # Not executescript: it commits any open transaction first. The version is re-read under
    # the write lock in case another process migrated meanwhile.
    connection.execute("BEGIN IMMEDIATE")
    try:
        if schema_version(connection) >= migration.version:
            connection.execute("ROLLBACK")
            return
        for statement in split_statements(migration.sql):
            connection.execute(statement)
        connection.execute(f"PRAGMA user_version = {migration.version}")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    log.info("migrated %s to schema version %d (%s)", db_path, migration.version, migration.name)

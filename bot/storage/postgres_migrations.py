"""Applying migrations to PostgreSQL: each file in its own transaction (DDL is transactional),
the versions applied in the table `schema_migrations`. The first process to start migrates;
others starting at the same time wait on an advisory lock, then find nothing left to do."""

from __future__ import annotations

import logging

import asyncpg

from bot.storage.migrations import Migration, newer_schema

# pg_advisory_lock's two-number form ("WhyF", 1): it cannot meet the one-number locks that
# storage takes on channel ids.
MIGRATION_LOCK = (0x57687946, 1)

CREATE_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TIMESTAMPTZ NOT NULL DEFAULT now()
)
"""

log = logging.getLogger(__name__)

Connection = asyncpg.Connection | asyncpg.pool.PoolConnectionProxy


async def schema_version(connection: Connection) -> int:
    if await connection.fetchval("SELECT to_regclass('schema_migrations')") is None:
        return 0
    return int(await connection.fetchval("SELECT coalesce(max(version), 0) FROM schema_migrations"))


async def migrate(connection: Connection, database: str, migrations: tuple[Migration, ...]) -> None:
    """Bring the schema up to date; a newer schema raises StorageError and changes nothing."""
    latest = len(migrations)
    current = await schema_version(connection)
    if current > latest:
        raise newer_schema(database, current, latest)
    if current == latest:
        return
    # However long another process's migration takes (the pool resets this on release).
    await connection.execute("SET lock_timeout = 0")
    await connection.execute("SELECT pg_advisory_lock($1, $2)", *MIGRATION_LOCK)
    try:
        await connection.execute(CREATE_VERSION_TABLE)
        current = await schema_version(connection)  # another process may have migrated
        if current > latest:
            raise newer_schema(database, current, latest)
        for migration in migrations[current:]:
            async with connection.transaction():
                await connection.execute(migration.sql)
                await connection.execute(
                    "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                    migration.version,
                    migration.name,
                )
            log.info(
                "migrated %s to schema version %d (%s)", database, migration.version, migration.name
            )
    finally:
        if not connection.is_closed():
            await connection.execute("SELECT pg_advisory_unlock($1, $2)", *MIGRATION_LOCK)

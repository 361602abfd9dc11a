"""Copying an SQLite database into an empty PostgreSQL one: every table, row for row, in one
PostgreSQL transaction that commits only if every table ends with as many rows as it has in
the source. The source is read on one snapshot and never written."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from graphlib import TopologicalSorter
from pathlib import Path

import aiosqlite
import asyncpg

from bot.storage import postgres, sqlite
from bot.storage.migrations import DEFAULT_MIGRATIONS_DIR, discover
from bot.storage.sqlite_migrations import schema_version
from bot.storage.storage import Storage

BATCH_ROWS = 5_000


class CopyError(Exception):
    """The copy cannot be made as asked; nothing was written to the target."""


class TargetNotEmpty(CopyError):
    def __init__(self, target: str, counts: dict[str, int]) -> None:
        held = ", ".join(f"{rows} {table}" for table, rows in counts.items() if rows)
        super().__init__(
            f"{target} already holds data ({held}): the copy goes only into an empty "
            "database, so nothing was copied"
        )


async def copy_database(source: str | Path, target: str) -> dict[str, int]:
    """Copy the SQLite file `source` into the PostgreSQL URL `target` (migrated first, and empty);
    returns the rows per table. Raises CopyError, or StorageError when a database cannot be used."""
    source_path = _source_path(source)
    if not postgres.is_postgresql_url(target):
        raise CopyError(f"the target must be a PostgreSQL URL (postgresql://…), not {target!r}")
    reader = await _open_source(source_path)
    try:
        async with await Storage.open(target):  # creates or updates the schema
            pass
        name = postgres.without_password(target)
        try:
            connection = await asyncpg.connect(target, server_settings={"synchronous_commit": "on"})
            try:
                async with connection.transaction():
                    counts = await _copy_tables(connection, reader, name)
            finally:
                await connection.close()
        except postgres.DRIVER_ERRORS as error:
            raise postgres.explain(name, "copy into it", error) from error
        except sqlite3.Error as error:
            raise sqlite.explain(source_path, "read it", error) from error
    finally:
        await reader.close()
    return counts


def _source_path(source: str | Path) -> Path:
    if isinstance(source, str) and postgres.is_postgresql_url(source):
        raise CopyError("the source must be an SQLite file; copying from PostgreSQL is not done")
    path = Path(source)
    if not path.is_file():
        raise CopyError(f"the source {path} is not a file")
    return path


async def _open_source(path: Path) -> aiosqlite.Connection:
    """A read-only connection holding one snapshot of the source until it is closed."""
    try:
        reader = await aiosqlite.connect(sqlite.read_only_uri(path), uri=True)
    except sqlite3.Error as error:
        raise sqlite.explain(path, "open it", error) from error
    try:
        await reader.execute_fetchall("BEGIN")
        version = await schema_version(reader)
        await _value(reader, "SELECT count(*) FROM sqlite_schema")  # takes the snapshot
    except sqlite3.Error as error:
        await reader.close()
        raise sqlite.explain(path, "open it", error) from error
    latest = len(discover(DEFAULT_MIGRATIONS_DIR, "sqlite"))
    if version != latest:
        await reader.close()
        raise CopyError(
            f"the source {path} has schema version {version}, this release {latest}: "
            + (
                f"bring it up to date first (python -m bot.storage migrate {path})"
                if version < latest
                else "it was written by a newer release; copy it with that release"
            )
        )
    return reader


async def _value(reader: aiosqlite.Connection, sql: str) -> int:
    (row,) = await reader.execute_fetchall(sql)
    return int(row[0])


async def _copy_tables(
    connection: asyncpg.Connection, reader: aiosqlite.Connection, target: str
) -> dict[str, int]:
    tables = await source_tables(reader)
    in_target = {
        row[0]
        for row in await connection.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() "
            "AND tablename <> 'schema_migrations'"
        )
    }
    if in_target != set(tables):
        raise CopyError(
            f"the source has the tables {sorted(tables)} but the target {sorted(in_target)}: "
            "the two schemas disagree (a migration written for one database only?)"
        )
    # Nobody else writes while we look: the emptiness checked is the emptiness filled.
    await connection.execute(f"LOCK TABLE {', '.join(tables)} IN EXCLUSIVE MODE")
    held = {table: await _count(connection, table) for table in tables}
    if any(held.values()):
        raise TargetNotEmpty(target, held)
    counts: dict[str, int] = {}
    for table in tables:
        columns = await _columns(connection, reader, table)
        async with reader.execute(f"SELECT {', '.join(columns)} FROM {table}") as cursor:
            while batch := await cursor.fetchmany(BATCH_ROWS):
                await connection.copy_records_to_table(table, records=batch, columns=columns)
        counts[table] = await _value(reader, f"SELECT count(*) FROM {table}")
        copied = await _count(connection, table)
        if copied != counts[table]:
            raise CopyError(
                f"{table}: {counts[table]} rows in the source but {copied} in the target; "
                "nothing was copied"
            )
    # New rows must not take the ids of copied ones (games, leagues).
    identities = await connection.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for table, column in identities:
        await connection.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), "
            f"(SELECT coalesce(max({column}), 0) + 1 FROM {table}), false)"
        )
    # The planner's statistics, so that the first leaderboards already walk their indexes.
    await connection.execute(f"ANALYZE {', '.join(tables)}")
    return counts


async def source_tables(reader: aiosqlite.Connection) -> tuple[str, ...]:
    """Every table of the schema, each after the tables its foreign keys point at."""
    rows = await reader.execute_fetchall(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    )
    parents: dict[str, set[str]] = {}
    for (table,) in sorted(rows):
        keys = await reader.execute_fetchall(f"PRAGMA foreign_key_list({table})")
        parents[table] = {key[2] for key in keys}
    return tuple(TopologicalSorter(parents).static_order())


async def _count(connection: asyncpg.Connection, table: str) -> int:
    return int(await connection.fetchval(f"SELECT count(*) FROM {table}"))


async def _columns(
    connection: asyncpg.Connection, reader: aiosqlite.Connection, table: str
) -> Sequence[str]:
    """The table's columns, which must be the same in both databases."""
    wanted = [
        row[0]
        for row in await connection.fetch(
            "SELECT column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
            table,
        )
    ]
    present = [row[1] for row in await reader.execute_fetchall(f"PRAGMA table_info({table})")]
    if sorted(wanted) != sorted(present):
        raise CopyError(
            f"table {table} has columns {present} in SQLite but {wanted} in PostgreSQL: "
            "the two schemas disagree (a migration written for one database only?)"
        )
    return wanted

"""PostgreSQL schema migrations: from empty, from every earlier version, by several
connections at once, refusing a newer schema, and all or nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncpg
import pytest

from bot.storage import DEFAULT_MIGRATIONS_DIR, Storage, StorageError
from bot.storage.migrations import discover
from tests.postgres import PostgresCluster

from .helpers import (
    SCHEMA_ONE_LOBBY,
    SCHEMA_ONE_LOBBY_ID,
    check_schema_one_lobby,
    migrations_dir,
    open_game,
)

MIGRATIONS = discover(DEFAULT_MIGRATIONS_DIR, "postgresql")
LATEST = len(MIGRATIONS)

Schema = tuple[list[tuple[str, ...]], ...]


async def fetch(url: str, sql: str) -> list[tuple[object, ...]]:
    connection = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await connection.fetch(sql)]
    finally:
        await connection.close()


async def versions(url: str) -> list[tuple[object, ...]]:
    if await fetch(url, "SELECT to_regclass('schema_migrations')") == [(None,)]:
        return []
    return await fetch(url, "SELECT version, name FROM schema_migrations ORDER BY version")


async def schema(url: str) -> Schema:
    """Tables, columns, indexes and constraints of the public schema, as the catalog says."""
    columns = await fetch(
        url,
        "SELECT table_name, column_name, data_type, is_nullable, coalesce(column_default, ''), "
        "coalesce(collation_name, '') FROM information_schema.columns "
        "WHERE table_schema = 'public' AND table_name <> 'schema_migrations' "
        "ORDER BY table_name, column_name",
    )
    indexes = await fetch(
        url,
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' "
        "AND tablename <> 'schema_migrations' ORDER BY indexname",
    )
    constraints = await fetch(
        url,
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2",
    )
    return tuple([tuple(map(str, row)) for row in part] for part in (columns, indexes, constraints))


async def test_an_empty_database_gets_the_whole_schema(postgres_url: str) -> None:
    async with await Storage.open(postgres_url):
        pass
    assert await versions(postgres_url) == [(m.version, m.name) for m in MIGRATIONS]
    tables = {row[0] for row in (await schema(postgres_url))[0]}
    assert {"games", "seats", "actions", "results", "bot_settings"} <= set(map(str, tables))


async def test_migrating_twice_changes_nothing(postgres_url: str) -> None:
    async with await Storage.open(postgres_url) as storage:
        game = await open_game(storage)
    first = (await schema(postgres_url), await fetch(postgres_url, "TABLE schema_migrations"))
    async with await Storage.open(postgres_url) as storage:
        assert await storage.game(game.id) == game
    assert (await schema(postgres_url), await fetch(postgres_url, "TABLE schema_migrations")) == (
        first
    )


async def test_several_connections_migrating_at_once_apply_each_migration_once(
    postgres_url: str, tmp_path: Path
) -> None:
    # The last migration fails if applied twice: its row already exists.
    once = migrations_dir(
        tmp_path,
        LATEST,
        {f"{LATEST + 1:04d}_once.sql": "INSERT INTO bot_settings VALUES ('migrated', 'once');"},
    )
    opened = await asyncio.gather(
        *(Storage.open(postgres_url, migrations_dir=once) for _ in range(6))
    )
    for storage in opened:
        assert await storage.get_setting("migrated") == "once"
        await storage.close()
    assert [version for version, _ in await versions(postgres_url)] == list(range(1, LATEST + 2))


@pytest.mark.parametrize("start_version", range(LATEST))
async def test_every_earlier_version_migrates_to_the_fresh_schema(
    postgres_url: str, postgres_cluster: PostgresCluster, tmp_path: Path, start_version: int
) -> None:
    fresh = postgres_cluster.create_database()
    try:
        async with await Storage.open(fresh):
            pass
        older = migrations_dir(tmp_path, start_version)
        async with await Storage.open(postgres_url, migrations_dir=older):
            pass
        if start_version:
            for statement in SCHEMA_ONE_LOBBY.split(";\n"):
                await fetch(postgres_url, statement)
        assert len(await versions(postgres_url)) == start_version
        async with await Storage.open(postgres_url) as storage:
            if start_version:
                check_schema_one_lobby(await storage.game(SCHEMA_ONE_LOBBY_ID))
        assert await schema(postgres_url) == await schema(fresh)
    finally:
        postgres_cluster.drop_database(fresh)


async def test_a_failing_migration_leaves_the_previous_version_intact(
    postgres_url: str, tmp_path: Path
) -> None:
    async with await Storage.open(postgres_url) as storage:
        game = await open_game(storage)
    broken_sql = "CREATE TABLE half (x int);\nINSERT INTO nowhere VALUES (1);"
    broken = migrations_dir(tmp_path, LATEST, {f"{LATEST + 1:04d}_broken.sql": broken_sql})
    with pytest.raises(StorageError, match="nowhere"):
        await Storage.open(postgres_url, migrations_dir=broken)
    assert len(await versions(postgres_url)) == LATEST
    assert await fetch(postgres_url, "SELECT to_regclass('half')") == [(None,)]
    async with await Storage.open(postgres_url) as storage:
        assert await storage.game(game.id) == game


async def test_a_newer_database_is_refused_and_left_untouched(postgres_url: str) -> None:
    async with await Storage.open(postgres_url) as storage:
        await open_game(storage)
    await fetch(postgres_url, f"INSERT INTO schema_migrations VALUES ({LATEST + 3}, 'future')")
    before = (await schema(postgres_url), await fetch(postgres_url, "TABLE schema_migrations"))
    with pytest.raises(StorageError, match=f"schema version {LATEST + 3}.*newer release"):
        await Storage.open(postgres_url)
    after = (await schema(postgres_url), await fetch(postgres_url, "TABLE schema_migrations"))
    assert after == before

"""SQLite schema migrations on real files: from empty, from every earlier version, with
backups. How the migration files are laid out: test_migration_files.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import DEFAULT_MIGRATIONS_DIR, Storage, StorageError, TransitionWrite

from .helpers import (
    SCHEMA_ONE_LOBBY,
    SCHEMA_ONE_LOBBY_ID,
    check_schema_one_lobby,
    file_bytes,
    migrations_dir,
    open_game,
)

MIGRATIONS = sorted(DEFAULT_MIGRATIONS_DIR.glob("*.sql"))
LATEST = len(MIGRATIONS)

EXTRA_MIGRATION = """
-- a later release: a nickname column and a trigger, to exercise statement splitting
ALTER TABLE seats ADD COLUMN nickname TEXT;
CREATE TABLE audit (game_id INTEGER, note TEXT);
CREATE TRIGGER games_audit AFTER UPDATE OF status ON games BEGIN
    INSERT INTO audit VALUES (new.id, 'status; ' || new.status);
END;
"""


def schema(path: Path) -> tuple[int, list[tuple[str, str]]]:
    with sqlite3.connect(path) as db:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        objects = db.execute(
            "SELECT name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name"
        ).fetchall()
    db.close()
    return version, objects


def backups(db_path: Path) -> list[Path]:
    return sorted(db_path.parent.glob(f"{db_path.name}-v*.bak"))


async def test_an_empty_database_gets_the_whole_schema_and_no_backup(db_path: Path) -> None:
    async with await Storage.open(db_path):
        pass
    version, objects = schema(db_path)
    assert version == LATEST
    assert {"games", "seats", "actions", "results"} <= {name for name, _ in objects}
    assert backups(db_path) == []


async def test_migrating_twice_changes_nothing(db_path: Path) -> None:
    async with await Storage.open(db_path) as storage:
        game = await open_game(storage)
    first = schema(db_path)
    async with await Storage.open(db_path) as storage:
        assert await storage.game(game.id) == game
    assert schema(db_path) == first
    assert backups(db_path) == [], "nothing to migrate, so no backup"


@pytest.mark.parametrize("start_version", range(LATEST))
async def test_every_earlier_version_migrates_to_the_fresh_schema(
    tmp_path: Path, start_version: int
) -> None:
    fresh = tmp_path / "fresh.sqlite3"
    async with await Storage.open(fresh):
        pass
    old = tmp_path / "old.sqlite3"
    older = migrations_dir(tmp_path, start_version)
    async with await Storage.open(old, migrations_dir=older):
        pass
    if start_version:
        with sqlite3.connect(old) as db:
            db.executescript(SCHEMA_ONE_LOBBY)
        db.close()
    assert schema(old)[0] == start_version
    async with await Storage.open(old) as storage:
        if start_version:
            check_schema_one_lobby(await storage.game(SCHEMA_ONE_LOBBY_ID))
    assert schema(old) == schema(fresh)
    assert len(backups(old)) == (1 if start_version else 0)


async def test_a_database_with_data_is_backed_up_before_migrating(tmp_path: Path) -> None:
    db_path = tmp_path / "bot.sqlite3"
    async with await Storage.open(db_path) as storage:
        game = await open_game(storage, [(1, "Anne"), (2, "Ben")])
    newer = migrations_dir(tmp_path, LATEST, {f"{LATEST + 1:04d}_nicknames.sql": EXTRA_MIGRATION})
    async with await Storage.open(db_path, migrations_dir=newer) as storage:
        assert await storage.game(game.id) == game
        await storage.commit_transition(
            TransitionWrite(
                game_id=game.id,
                expected_version=None,
                status="cancelled",
                now=game.created_at,
            )
        )
    (backup,) = backups(db_path)
    assert backup.name.startswith(f"bot.sqlite3-v{LATEST}-")
    assert schema(backup)[0] == LATEST
    with sqlite3.connect(backup) as db:
        assert db.execute("SELECT status FROM games").fetchall() == [("lobby",)]
        assert db.execute("SELECT count(*) FROM seats").fetchone() == (2,)
    db.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone() == (LATEST + 1,)
        assert db.execute("SELECT note FROM audit").fetchall() == [("status; cancelled",)]
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    db.close()


async def test_a_failing_migration_leaves_the_previous_version_intact(tmp_path: Path) -> None:
    db_path = tmp_path / "bot.sqlite3"
    async with await Storage.open(db_path) as storage:
        game = await open_game(storage)
    broken = migrations_dir(
        tmp_path,
        LATEST,
        {f"{LATEST + 1:04d}_broken.sql": "CREATE TABLE half (x);\nINSERT INTO nowhere VALUES (1);"},
    )
    with pytest.raises(StorageError, match="nowhere"):
        await Storage.open(db_path, migrations_dir=broken)
    version, objects = schema(db_path)
    assert version == LATEST
    assert "half" not in {name for name, _ in objects}
    async with await Storage.open(db_path) as storage:
        assert await storage.game(game.id) == game


async def test_a_newer_database_is_refused_and_left_untouched(db_path: Path) -> None:
    async with await Storage.open(db_path) as storage:
        await open_game(storage)
    with sqlite3.connect(db_path) as db:
        db.execute(f"PRAGMA user_version = {LATEST + 3}")
    db.close()
    before = file_bytes(db_path)
    with pytest.raises(StorageError, match=f"schema version {LATEST + 3}.*newer release"):
        await Storage.open(db_path)
    assert file_bytes(db_path) == before
    assert backups(db_path) == []
    assert sorted(p.name for p in db_path.parent.iterdir()) == [db_path.name]


async def test_badly_numbered_migrations_are_refused(tmp_path: Path) -> None:
    gap = migrations_dir(tmp_path, LATEST, {f"{LATEST + 2:04d}_gap.sql": "SELECT 1;"})
    with pytest.raises(StorageError, match="without gaps"):
        await Storage.open(tmp_path / "a.sqlite3", migrations_dir=gap)
    badly_named = migrations_dir(tmp_path, LATEST, {"second.sql": "SELECT 1;"})
    with pytest.raises(StorageError, match=r"NNNN_name\.sql"):
        await Storage.open(tmp_path / "b.sqlite3", migrations_dir=badly_named)

"""`python -m bot.storage copy SOURCE TARGET`: an SQLite database into an empty PostgreSQL
one, everything the API can read back being the same afterwards."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.league.store import LeagueStore
from bot.storage import LeaderboardQuery, Storage, TransitionWrite
from bot.storage.copying import CopyError, copy_database
from tests import REPOSITORY
from tests.league.leagues import finished_league, opened_league

from .helpers import at, migrations_dir, open_game, start
from .league import ANNE, DANA, GUILD, OTHER_GUILD, seed_league, utc

PERIODS: list[tuple[datetime | None, datetime | None]] = [
    (None, None),
    (utc(2026, 2, 1), utc(2026, 3, 1)),
    (utc(2026, 2, 1), utc(2026, 3, 15)),
    (utc(2026, 1, 15), None),
]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot.storage", *args],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


async def everything(storage: Storage, game_ids: range) -> list[Any]:
    """All the API reads back: games, logs, exports, settings, leaderboards, statistics."""
    seen: list[Any] = [await storage.active_games(), await storage.get_setting("commands_hash")]
    leagues = LeagueStore(storage.units)
    seen += [await leagues.open_leagues(), await leagues.league(1), await leagues.league(2)]
    for game_id in game_ids:
        game = await storage.game(game_id)
        seen.append(game)
        if game is not None:
            seen.append(await storage.action_log(game_id))
        if game is not None and game.status == "finished":
            seen.append(await storage.finished_game_export(game_id))
    for guild in (GUILD, OTHER_GUILD):
        for since, until in PERIODS:
            for metric in ("wins", "win_rate", "points"):
                seen.append(
                    await storage.leaderboard(
                        LeaderboardQuery(guild, metric=metric, since=since, until=until)
                    )
                )
            for user in (ANNE, DANA):
                seen.append(await storage.player_stats(guild, user, since=since, until=until))
    return seen


async def league_in_sqlite(path: Path) -> range:
    """Finished games in two guilds, a cancelled and an abandoned one, a lobby, a running
    game with a log and message ids, and a setting; returns the game ids."""
    async with await Storage.open(path) as storage:
        await seed_league(storage)
        await open_game(storage, channel_id=301, now=at(1))
        running = await start(storage, await open_game(storage, channel_id=302, now=at(2)))
        await storage.commit_transition(
            TransitionWrite(
                game_id=running.id,
                expected_version=running.version,
                actor_id=1,
                actions=[{"type": "pick", "player": "Anne", "card": 3}],
                state={"picked": ["Anne"]},
                now=at(3),
            )
        )
        await storage.set_message_ids(running.id, round_message_id=555, lobby_message_id=444)
        await storage.set_setting("commands_hash", "abc123")
        await finished_league(storage, {11: "Anne", 12: "Ben", 13: "Cleo", 14: "Dan"})
        await opened_league(storage, {11: "Anne", 12: "Ben", 13: "Cleo", 14: "Dan"})
        return range(1, running.id + 2)  # and one id past the last


async def test_a_copy_reads_back_the_same_and_takes_new_games_after_it(
    tmp_path: Path, postgres_url: str
) -> None:
    source = tmp_path / "league.sqlite3"
    game_ids = await league_in_sqlite(source)
    async with await Storage.open(source) as storage:
        expected = await everything(storage, game_ids)
    copied = await asyncio.to_thread(run, "copy", str(source), postgres_url)
    assert copied.returncode == 0, copied.stderr
    with sqlite3.connect(source) as db:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_schema WHERE type='table'")]
    db.close()
    assert {"games", "leagues", "league_players"} <= set(tables)
    for table in tables:
        assert any(line.split()[:1] == [table] for line in copied.stdout.splitlines()), table
    assert "as many rows in the target as in the source" in copied.stdout
    async with await Storage.open(postgres_url) as storage:
        assert await everything(storage, game_ids) == expected
        later = await open_game(storage, channel_id=999)
        assert later.id == game_ids[-1], "new games take ids after the copied ones"
        league = await opened_league(storage, {11: "Anne", 12: "Ben"}, channel_id=998)
        assert league.id == 3, "new leagues take ids after the copied ones"


async def test_a_target_that_holds_data_is_refused(tmp_path: Path, postgres_url: str) -> None:
    source = tmp_path / "league.sqlite3"
    await league_in_sqlite(source)
    async with await Storage.open(postgres_url) as storage:
        game = await open_game(storage)
    refused = await asyncio.to_thread(run, "copy", str(source), postgres_url)
    assert refused.returncode == 3
    assert "already holds data (1 games, 2 seats)" in refused.stderr
    assert "nothing was copied" in refused.stderr
    async with await Storage.open(postgres_url) as storage:
        assert await storage.active_games() == [game]


async def test_what_cannot_be_copied_is_said(tmp_path: Path, postgres_url: str) -> None:
    source = tmp_path / "league.sqlite3"
    with pytest.raises(CopyError, match="is not a file"):
        await copy_database(source, postgres_url)
    async with await Storage.open(source, migrations_dir=migrations_dir(tmp_path, 1)):
        pass
    with pytest.raises(CopyError, match=r"schema version 1.*python -m bot.storage migrate"):
        await copy_database(source, postgres_url)
    with pytest.raises(CopyError, match="must be a PostgreSQL URL"):
        await copy_database(source, str(tmp_path / "other.sqlite3"))
    with pytest.raises(CopyError, match="source must be an SQLite file"):
        await copy_database(postgres_url, postgres_url)
    migrated = await asyncio.to_thread(run, "migrate", str(source))
    assert migrated.returncode == 0, migrated.stderr
    assert f"{source} is up to date" in migrated.stdout
    unreachable = await asyncio.to_thread(
        run, "copy", str(source), "postgresql://nobody:secret@127.0.0.1:1/none"
    )
    assert unreachable.returncode == 1
    assert "cannot be reached" in unreachable.stderr
    assert "secret" not in unreachable.stderr


async def test_a_target_whose_tables_differ_is_refused(tmp_path: Path, postgres_url: str) -> None:
    source = tmp_path / "league.sqlite3"
    await league_in_sqlite(source)
    async with await Storage.open(postgres_url):
        pass
    connection = await asyncpg.connect(postgres_url)
    try:
        await connection.execute("CREATE TABLE tournaments (id BIGINT PRIMARY KEY)")
    finally:
        await connection.close()
    with pytest.raises(CopyError, match=r"tournaments.*the two schemas disagree"):
        await copy_database(source, postgres_url)
    async with await Storage.open(postgres_url) as storage:
        assert await storage.active_games() == []

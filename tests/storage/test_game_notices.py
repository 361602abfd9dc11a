"""A game's change is heard by the other processes on one PostgreSQL database (LISTEN/NOTIFY)
at COMMIT, never for a rolled-back write; a listening connection that was lost is made again
and says notices may have been missed. SQLite, one process's file, has no notices."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.storage import GameNotice, GameNoticeListener, StaleVersion, Storage, TransitionWrite
from tests.postgres import PostgresCluster

from .helpers import a_pick, at, open_game, start


class Heard:
    """What a listening process was told."""

    def __init__(self) -> None:
        self.notices: list[GameNotice] = []
        self.missed = 0

    def changed(self, notice: GameNotice) -> None:
        self.notices.append(notice)

    def missed_some(self) -> None:
        self.missed += 1

    async def until(self, condition: Callable[[], bool], what: str) -> None:
        for _ in range(200):
            if condition():
                return
            await asyncio.sleep(0.025)
        raise AssertionError(f"never {what}: {self.notices}, {self.missed} missed")


class Receiver:
    def __init__(self, heard: Heard) -> None:
        self._heard = heard

    def changed(self, notice: GameNotice) -> None:
        self._heard.changed(notice)

    def missed(self) -> None:
        self._heard.missed_some()


@pytest.fixture
async def listening(postgres_url: str) -> AsyncIterator[tuple[Heard, GameNoticeListener]]:
    """Another process's storage on the same database, listening."""
    heard = Heard()
    async with await Storage.open(postgres_url) as other:
        listener = other.game_notices(Receiver(heard))
        assert listener is not None
        await listener.start()
        try:
            yield heard, listener
        finally:
            await listener.close()


async def test_every_committed_change_is_heard_by_another_process_and_a_refused_one_is_not(
    postgres_url: str, listening: tuple[Heard, GameNoticeListener]
) -> None:
    heard, _ = listening
    async with await Storage.open(postgres_url) as storage:
        lobby = await open_game(storage, channel_id=555)
        running = await start(storage, lobby, at(1))
        picked = await storage.commit_transition(a_pick(running, at(2)))
        with pytest.raises(StaleVersion):
            await storage.commit_transition(a_pick(running, at(3)))
        cancelled = await storage.commit_transition(
            TransitionWrite(game_id=picked.id, expected_version=None, now=at(4), status="cancelled")
        )
        await heard.until(lambda: len(heard.notices) == 3, "three notices")
        assert heard.notices == [
            GameNotice(lobby.id, record.version, 555) for record in (running, picked, cancelled)
        ]
        assert heard.missed == 0


async def test_a_lost_listening_connection_is_made_again_and_says_notices_were_missed(
    postgres_url: str,
    postgres_cluster: PostgresCluster,
    listening: tuple[Heard, GameNoticeListener],
    caplog: pytest.LogCaptureFixture,
) -> None:
    heard, _ = listening
    postgres_cluster.psql(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE application_name = 'whyfirst-listener'"
    )
    await heard.until(lambda: heard.missed == 1, "told notices were missed")
    assert any("listening again" in record.getMessage() for record in caplog.records)
    async with await Storage.open(postgres_url) as storage:
        running = await start(storage, await open_game(storage), at(1))
        await heard.until(lambda: len(heard.notices) == 1, "the next change heard")
        assert heard.notices == [GameNotice(running.id, running.version, running.channel_id)]


async def test_the_actions_of_one_version_are_read_back(storage: Storage) -> None:
    running = await start(storage, await open_game(storage), at(1))
    picked = await storage.commit_transition(a_pick(running, at(2)))
    assert await storage.actions_at(running.id, running.version) == [{"type": "deal", "stage": 1}]
    assert await storage.actions_at(running.id, picked.version) == [{"type": "pick"}]
    assert await storage.actions_at(running.id, picked.version + 1) == []


async def test_sqlite_has_no_notices(tmp_path: Path) -> None:
    async with await Storage.open(tmp_path / "whyfirst.sqlite3") as storage:
        assert storage.game_notices(Receiver(Heard())) is None

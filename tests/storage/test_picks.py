"""A pick (a transition with a version to expect and nothing else to check against the game)
is written before the game is read: what it returns, and what it refuses."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import (
    GameClosed,
    GameNotFound,
    GameStatus,
    StaleVersion,
    Storage,
    StorageError,
    TransitionWrite,
)

from .helpers import at, open_game, start

PICK = {"type": "pick", "player": "Anne", "card": 3}
REVEAL = {"type": "reveal"}


def pick(game_id: int, version: int, minutes: float = 1) -> TransitionWrite:
    return TransitionWrite(
        game_id=game_id,
        expected_version=version,
        actor_id=1,
        actions=[PICK, REVEAL],
        state={"picked": minutes},
        deadline=at(minutes + 1),
        clock_owner="here",
        now=at(minutes),
    )


async def test_a_pick_returns_the_game_as_stored(storage: Storage) -> None:
    game = await start(storage, await open_game(storage))
    await storage.set_message_ids(game.id, round_message_id=5)
    picked = await storage.commit_transition(pick(game.id, game.version))
    assert picked == await storage.game(game.id)
    assert (picked.version, picked.state, picked.deadline) == (
        game.version + 1,
        {"picked": 1},
        at(2),
    )
    assert picked.message_ids == {"round_message_id": 5}
    assert picked.seats == game.seats
    log = await storage.action_log(game.id)
    assert [(entry["seq"], entry["version"]) for entry in log] == [
        (1, game.version),
        (2, picked.version),
        (3, picked.version),
    ]


async def test_a_refused_pick_says_why_and_writes_nothing(storage: Storage) -> None:
    game = await start(storage, await open_game(storage))
    with pytest.raises(GameNotFound):
        await storage.commit_transition(pick(game.id + 1000, game.version))
    with pytest.raises(StaleVersion) as stale:
        await storage.commit_transition(pick(game.id, game.version - 1))
    assert stale.value.actual == game.version
    cancelled = await storage.commit_transition(
        TransitionWrite(
            game_id=game.id, expected_version=None, status=GameStatus.CANCELLED, now=at(2)
        )
    )
    with pytest.raises(GameClosed):
        await storage.commit_transition(pick(game.id, cancelled.version, minutes=3))
    assert await storage.game(game.id) == cancelled
    assert await storage.actions(game.id) == [{"type": "deal", "stage": 1}]


async def test_a_pick_logs_its_actions_and_moves_the_game_together_or_not_at_all(
    db_path: Path,
) -> None:
    """On SQLite a pick is one statement, its COMMIT sent right behind it: a failure while its
    actions are logged leaves the game where it was and nothing of the pick in the log, and the
    next pick goes through."""
    storage = await Storage.open(str(db_path))
    try:
        game = await start(storage, await open_game(storage))
        with sqlite3.connect(db_path) as other:
            other.execute(
                "CREATE TRIGGER no_reveals BEFORE INSERT ON actions "
                "WHEN json_extract(NEW.action, '$.type') = 'reveal' "
                "BEGIN SELECT RAISE(ABORT, 'no reveals today'); END"
            )
        with pytest.raises(StorageError, match="no reveals today"):
            await storage.commit_transition(pick(game.id, game.version))
        assert await storage.game(game.id) == game
        assert await storage.actions(game.id) == [{"type": "deal", "stage": 1}]
        with sqlite3.connect(db_path) as other:
            other.execute("DROP TRIGGER no_reveals")
        picked = await storage.commit_transition(pick(game.id, game.version))
        assert picked.version == game.version + 1
        assert await storage.actions(game.id) == [{"type": "deal", "stage": 1}, PICK, REVEAL]
    finally:
        await storage.close()

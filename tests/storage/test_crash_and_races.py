"""Crash safety and exactly-once resolution, with real processes sharing one database."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import signal
import sqlite3
import subprocess
import sys
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import pytest

from bot.storage import GameRecord, StaleVersion, Storage, TransitionWrite, is_postgresql_url
from tests import REPOSITORY

from .helpers import at, open_game, start


def running_game(database: str | Path) -> GameRecord:
    async def create() -> GameRecord:
        async with await Storage.open(database) as storage:
            return await start(storage, await open_game(storage))

    return asyncio.run(create())


def child(*args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.storage.child", *map(str, args)],
        cwd=REPOSITORY,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def check_intact(database: str) -> None:
    """An SQLite file passes its integrity checks (PostgreSQL has no such thing to ask)."""
    if not is_postgresql_url(database):
        with sqlite3.connect(database) as db:
            assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert db.execute("PRAGMA foreign_key_check").fetchall() == []
        db.close()


def stored(database: str, game_id: int) -> tuple[GameRecord, list[dict[str, Any]]]:
    async def read() -> tuple[GameRecord, list[dict[str, Any]]]:
        async with await Storage.open(database) as storage:
            game = await storage.game(game_id)
            assert game is not None
            return game, await storage.action_log(game_id)

    return asyncio.run(read())


def check_consistent(database: str, game_id: int, first_version: int) -> tuple[int, int]:
    """The database is intact and the log agrees with the game row; returns (version, step)."""
    check_intact(database)
    game, log = stored(database, game_id)
    assert game.state is not None
    step = game.state.get("step", 0)
    transitions = game.version - first_version
    assert step == transitions, "the snapshot is the one of the last committed transition"
    assert [entry["seq"] for entry in log] == list(range(1, len(log) + 1))
    assert len(log) == 1 + 2 * transitions, "each transition wrote both its actions or none"
    if transitions:
        assert log[-1]["action"] == {"type": "note", "step": step}
        assert log[-1]["version"] == game.version
    return game.version, step


def test_sigkill_mid_stream_loses_no_acknowledged_transition(database: str) -> None:
    game = running_game(database)
    version = game.version
    for kill_after in (7, 60, 150):
        writer = child("writer", database, game.id, version)
        assert writer.stdout is not None
        acknowledged = [int(writer.stdout.readline()) for _ in range(kill_after)]
        os.kill(writer.pid, signal.SIGKILL)
        # Through the same reader: readline() may already hold further lines in its buffer,
        # which communicate() (reading the pipe itself) would never see.
        acknowledged += [int(line) for line in writer.stdout.read().split()]
        writer.wait()
        writer.stdout.close()
        if writer.stdin is not None:
            writer.stdin.close()
        assert writer.returncode == -signal.SIGKILL
        stored_version, _ = check_consistent(database, game.id, game.version)
        assert stored_version >= acknowledged[-1]
        assert stored_version <= acknowledged[-1] + 1, "at most the unacknowledged one"
        version = stored_version
    assert stored(database, game.id)[0].version == version


def test_a_full_disk_refuses_the_write_and_keeps_every_acknowledged_one(tmp_path: Path) -> None:
    db_path = tmp_path / "bot.sqlite3"
    game = running_game(db_path)
    size = db_path.stat().st_size
    filler = child("filler", db_path, game.id, game.version, size + 1_000_000)
    report = json.loads(filler.communicate(timeout=120)[0])
    assert filler.returncode == 0
    assert "disk is full" in report["error"] or "I/O error" in report["error"]
    assert report["read_back"] == report["acknowledged"] > game.version
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        version, state = db.execute("SELECT version, state FROM games").fetchone()
        log_length = db.execute("SELECT count(*) FROM actions").fetchone()[0]
    db.close()
    assert version == report["acknowledged"]
    assert json.loads(state)["step"] == version - game.version == log_length - 1


def test_two_processes_racing_the_same_version_resolve_once(database: str) -> None:
    game = running_game(database)
    racers = [child("racer", database, game.id, game.version, 15) for _ in range(2)]
    for racer in racers:
        assert racer.stdout is not None
        assert racer.stdout.readline().strip() == "ready"
    for racer in racers:
        assert racer.stdin is not None
        racer.stdin.write("go\n")
        racer.stdin.flush()
    tallies = [json.loads(racer.communicate(timeout=60)[0]) for racer in racers]
    assert sum(t["won"] for t in tallies) == 1
    assert sum(t["stale"] for t in tallies) == 29
    resolved, log = stored(database, game.id)
    assert resolved.version == game.version + 1
    assert [entry["action"]["type"] for entry in log] == ["deal", "resolve"]


async def test_many_tasks_submitting_the_last_pick_resolve_the_round_once(database: str) -> None:
    """Two Storage objects: on PostgreSQL two pools, so the racing writes come over several
    connections at once and only the row lock and the version check keep them apart."""
    async with await Storage.open(database) as first, await Storage.open(database) as second:
        game = await start(first, await open_game(first))
        connections = [first, second] * 20

        async def last_pick(task: int) -> GameRecord | StaleVersion:
            try:
                return await connections[task].commit_transition(
                    TransitionWrite(
                        game_id=game.id,
                        expected_version=game.version,
                        actor_id=task,
                        actions=[{"type": "pick", "task": task}, {"type": "resolve"}],
                        state={"resolved": True, "by": task},
                        now=at(1),
                    )
                )
            except StaleVersion as stale:
                return stale

        outcomes = await asyncio.gather(*(last_pick(task) for task in range(40)))
        winners = [outcome for outcome in outcomes if isinstance(outcome, GameRecord)]
        assert len(winners) == 1
        stale = [outcome for outcome in outcomes if isinstance(outcome, StaleVersion)]
        assert {refusal.actual for refusal in stale} == {game.version + 1}
        assert len(stale) == 39
        assert await first.game(game.id) == winners[0]
        log = await second.actions(game.id)
        assert log.count({"type": "resolve"}) == 1
        assert len(log) == 3


async def cancel_at_once(call: Coroutine[Any, Any, GameRecord]) -> None:
    task = asyncio.ensure_future(call)
    await asyncio.sleep(0)
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    del task  # an unretrieved task error is only logged once collected


async def test_a_cancelled_caller_never_leaves_half_a_transition(
    database: str, caplog: pytest.LogCaptureFixture
) -> None:
    """The unit goes on without its caller; closing waits for it, so what a reopened storage
    reads is settled (on PostgreSQL another connection could read while it runs)."""
    async with await Storage.open(database) as storage:
        game = await start(storage, await open_game(storage))
        await cancel_at_once(
            storage.commit_transition(
                TransitionWrite(
                    game_id=game.id,
                    expected_version=game.version,
                    actor_id=1,
                    actions=[{"type": "pick"}, {"type": "resolve"}],
                    state={"n": 1},
                    now=at(1),
                )
            )
        )
    async with await Storage.open(database) as storage:
        stored = await storage.game(game.id)
        assert stored is not None
        log = await storage.actions(game.id)
        assert (stored.version, len(log)) in {(game.version, 1), (game.version + 1, 3)}
        await cancel_at_once(
            storage.commit_transition(
                TransitionWrite(
                    game_id=game.id,
                    expected_version=game.version - 1,
                    actor_id=1,
                    actions=[],
                    now=at(2),
                )
            )
        )
    async with await Storage.open(database) as storage:
        assert await storage.game(game.id) == stored
    gc.collect()
    assert [r.getMessage() for r in caplog.records if r.name == "asyncio"] == []

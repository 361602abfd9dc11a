"""Shared set-up for the storage tests: a clock, games in given shapes, migration folders."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.storage import (
    DEFAULT_MIGRATIONS_DIR,
    GameRecord,
    NewGame,
    NewSeat,
    PlayerResult,
    StagePoints,
    Storage,
    TransitionWrite,
)

T0 = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


async def open_game(
    storage: Storage,
    players: Sequence[tuple[int, str]] = ((1, "Anne"), (2, "Ben")),
    *,
    guild_id: int = 100,
    channel_id: int = 200,
    now: datetime = T0,
    clock_owner: str | None = None,
) -> GameRecord:
    """A lobby with the given players seated, the first being the host; `clock_owner`: the
    process holding its clock."""
    (host_id, host_name), *others = players
    game = await storage.create_game(
        NewGame(
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            host_name=host_name,
            variant="standard",
            options={"turn_seconds": 60},
            seed=42,
            now=now,
            lobby_deadline=now + timedelta(minutes=10),
            clock_owner=clock_owner,
        )
    )
    return await seat(storage, game, others, now)


async def seat(
    storage: Storage, game: GameRecord, players: Sequence[tuple[int, str]], now: datetime
) -> GameRecord:
    """The lobby with `players` (user id, name) seated one after another."""
    for user_id, name in players:
        game = await storage.join(
            NewSeat(
                game_id=game.id,
                user_id=user_id,
                display_name=name,
                expected_version=game.version,
                now=now,
            )
        )
    return game


def a_pick(game: GameRecord, now: datetime) -> TransitionWrite:
    """One player's pick in the running `game`, as a commit writes it."""
    return TransitionWrite(
        game_id=game.id,
        expected_version=game.version,
        actor_id=1,
        actions=[{"type": "pick"}],
        state={"n": 1},
        now=now,
    )


def last_move(game: GameRecord, results: Sequence[PlayerResult], now: datetime) -> TransitionWrite:
    """The timeout that finishes `game` with `results` and no scores by stage."""
    return TransitionWrite(
        game_id=game.id,
        expected_version=game.version,
        actor_id=None,
        actions=[{"type": "timeout"}],
        state={"over": True},
        status="finished",
        deadline=None,
        results=results,
        now=now,
    )


async def start(storage: Storage, game: GameRecord, now: datetime = T0) -> GameRecord:
    return await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=game.version,
            actor_id=None,
            actions=[{"type": "deal", "stage": 1}],
            state={"stage": 1, "round": 1},
            status="running",
            deadline=now + timedelta(minutes=1),
            now=now,
        )
    )


async def finish(
    storage: Storage,
    game: GameRecord,
    stage_points: dict[int, Sequence[int]],
    seconds: dict[int, Sequence[int]] | None = None,
    *,
    now: datetime = T0,
) -> GameRecord:
    """Record each player's points per stage and finish with totals and "second-highest
    total wins" winners. `seconds` lists the stages in which a player reached second."""
    seconds = seconds or {}
    points = [
        StagePoints(user_id, stage, value, stage in seconds.get(user_id, ()))
        for user_id, values in stage_points.items()
        for stage, value in enumerate(values, start=1)
    ]
    totals = {user_id: sum(values) for user_id, values in stage_points.items()}
    distinct = sorted(set(totals.values()), reverse=True)
    winning = distinct[1] if len(distinct) > 1 else distinct[0]
    return await storage.commit_transition(
        TransitionWrite(
            game_id=game.id,
            expected_version=game.version,
            actor_id=None,
            actions=[{"type": "timeout", "stage": 5, "round": 5}],
            state={"over": True},
            status="finished",
            deadline=None,
            stage_points=points,
            results=[PlayerResult(u, total, total == winning) for u, total in totals.items()],
            now=now,
        )
    )


async def play_finished_game(
    storage: Storage,
    stage_points: dict[int, Sequence[int]],
    seconds: dict[int, Sequence[int]] | None = None,
    *,
    guild_id: int = 100,
    channel_id: int = 200,
    now: datetime = T0,
    names: dict[int, str] | None = None,
) -> GameRecord:
    names = names or {}
    players = [(user_id, names.get(user_id, f"player{user_id}")) for user_id in stage_points]
    game = await open_game(storage, players, guild_id=guild_id, channel_id=channel_id, now=now)
    game = await start(storage, game, now)
    return await finish(storage, game, stage_points, seconds, now=now)


def file_bytes(path: Path) -> bytes:
    """Blocking file reads kept out of the async tests' bodies (ruff ASYNC240)."""
    return path.read_bytes()


def overwrite(path: Path, data: bytes) -> None:
    path.write_bytes(data)


def migrations_dir(tmp_path: Path, count: int, extra: dict[str, str] | None = None) -> Path:
    """A copy of the first `count` migrations (shared files and per-database ones) plus
    `extra` files by relative path, e.g. {"0003_x.sql": …, "postgresql/0003_x.sql": …}."""
    folder = Path(tempfile.mkdtemp(prefix="migrations", dir=tmp_path))
    for source in sorted(DEFAULT_MIGRATIONS_DIR.rglob("*.sql")):
        if int(source.name[:4]) <= count:
            target = folder / source.relative_to(DEFAULT_MIGRATIONS_DIR)
            target.parent.mkdir(exist_ok=True)
            shutil.copy(source, target)
    for name, sql in (extra or {}).items():
        (folder / name).parent.mkdir(exist_ok=True)
        (folder / name).write_text(sql, encoding="utf-8")
    return folder


# A lobby as schema 1 stores it: written with SQL, so that code expecting a newer schema is
# not needed to make data of an older one. The oldest kind of data every later schema keeps.
SCHEMA_ONE_LOBBY = (
    "INSERT INTO games (id, guild_id, channel_id, host_id, variant, options, status, seed, "
    "version, created_at, updated_at) VALUES (7, 100, 200, 1, 'standard', "
    "'{\"pick_seconds\": 60}', 'lobby', 42, 2, '2026-01-01T00:00:00.000000+00:00', "
    "'2026-01-01T00:00:00.000000+00:00');\n"
    "INSERT INTO seats (game_id, seat, user_id, display_name, joined_at) VALUES "
    "(7, 0, 1, 'Anne', '2026-01-01T00:00:00.000000+00:00'), "
    "(7, 1, 2, 'Ben', '2026-01-01T00:00:00.000000+00:00');"
)
SCHEMA_ONE_LOBBY_ID = 7


def check_schema_one_lobby(game: GameRecord | None) -> None:
    assert game is not None
    assert (game.status, game.version, game.seed, json.loads(game.options_json)) == (
        "lobby",
        2,
        42,
        {"pick_seconds": 60},
    )
    assert [(seat.user_id, seat.display_name, seat.ai_level) for seat in game.seats] == [
        (1, "Anne", None),
        (2, "Ben", None),
    ]

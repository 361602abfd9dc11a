"""Ratings on a server with 100,000 finished games, on SQLite and on PostgreSQL: the cost of
rating one finished game, the rating leaderboard and a player's rating, and a whole `rerate`.

    .venv/bin/python bench/ratings.py [--games 100000] [--players 2000] [--repeat 200]
                                      [--postgres auto | off | URL]

Builds the same database as bench/storage.py (100,000 finished games in one server, 2,000
players, 5,000 in each of three others), rates every game with `Storage.rerate` (timed), and
copies it into a throwaway PostgreSQL server. Then, on each database:
- finishing a game: `commit_transition` of a 4-player game's last move with its results, the
  rating of its people included (p50/p99); then the rating step alone (`rate_finished_game`,
  the same statements a finish runs, on the game just finished): what it adds inside the
  finishing transaction, and the same in a durable transaction of its own (its commit too);
- `rating_board` (what `/whyfirst leaderboard metric:rating` reads): all time page 1 and
  page 50, a season page 1; `player_rating` (what `/whyfirst stats` adds).
Nothing is asserted; the goal (issue 25) is p99 < 5 ms, as the other leaderboards.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.storage import (
    MAIN_GUILD,
    add_database_options,
    build,
    p50_p99,
    postgres_copy,
    postgres_server,
    samples_ms,
)
from bot.storage import (
    ALL_TIME,
    NewGame,
    NewSeat,
    PlayerResult,
    StagePoints,
    Storage,
    TransitionWrite,
)
from bot.storage.ratings import rate_finished_game
from bot.storage.sql import Session
from bot.storage.timefmt import to_db

SEASON = "2025-Q4"  # the last whole season of the generated history (2024 and 2025)


async def timed(call: Callable[[], Awaitable[object]], repeat: int) -> tuple[float, float]:
    return p50_p99(await samples_ms(call, repeat))


async def _rate_timed(
    db: Session, *, game_id: int, stamp: str, outcome: dict[int, bool], samples: list[float]
) -> None:
    started = time.perf_counter()
    await rate_finished_game(db, MAIN_GUILD, game_id, stamp, outcome)
    samples.append((time.perf_counter() - started) * 1000)


async def finishing(storage: Storage, players: int, count: int) -> list[tuple[str, float, float]]:
    """Finish `count` 4-player games of the main server's players, then re-run the rating
    step alone on each; p50 and p99 in ms."""
    rng = random.Random(25)
    now = datetime.now(UTC)
    finishes, inside, alone = [], [], []
    for index in range(count):
        people = rng.sample(range(MAIN_GUILD * 1_000_000, MAIN_GUILD * 1_000_000 + players), 4)
        game = await storage.create_game(
            NewGame(
                guild_id=MAIN_GUILD,
                channel_id=10_000 + index,
                host_id=people[0],
                host_name="p",
                variant="standard",
                options={},
                seed=index,
                now=now,
                lobby_deadline=None,
            )
        )
        for user in people[1:]:
            game = await storage.join(
                NewSeat(
                    game_id=game.id,
                    user_id=user,
                    display_name="p",
                    expected_version=game.version,
                    now=now,
                )
            )
        game = await storage.commit_transition(
            TransitionWrite(
                game_id=game.id,
                expected_version=game.version,
                actor_id=None,
                actions=[{"type": "deal"}],
                state={},
                status="running",
                now=now,
            )
        )
        totals = {user: rng.randrange(-10, 20) for user in people}
        winning = sorted(set(totals.values()), reverse=True)[1:2] or [max(totals.values())]
        started = time.perf_counter()
        await storage.commit_transition(
            TransitionWrite(
                game_id=game.id,
                expected_version=game.version,
                actor_id=people[0],
                actions=[{"type": "pick"}],
                state={"over": True},
                status="finished",
                deadline=None,
                stage_points=[StagePoints(user, 5, total, False) for user, total in totals.items()],
                results=[PlayerResult(user, t, t == winning[0]) for user, t in totals.items()],
                now=now,
            )
        )
        finishes.append((time.perf_counter() - started) * 1000)

        rate_again = functools.partial(
            _rate_timed,
            game_id=game.id,
            stamp=to_db(now),
            outcome={user: total == winning[0] for user, total in totals.items()},
            samples=inside,
        )
        started = time.perf_counter()
        # The storage's own unit of work: one transaction, committed durably.
        await storage._database.write("rate a game again (bench)", rate_again)
        alone.append((time.perf_counter() - started) * 1000)
    skip = min(10, count // 10)  # the first ones prepare statements and warm caches
    return [
        ("finishing commit, rating included", *p50_p99(finishes[skip:])),
        ("rating step, inside the finishing transaction", *p50_p99(inside[skip:])),
        ("rating step in a durable transaction of its own", *p50_p99(alone[skip:])),
    ]


async def measure(
    database: str, players: int, repeat: int, rerate: bool
) -> list[tuple[str, float, float]]:
    async with await Storage.open(database) as storage:
        rows = []
        if rerate:
            started = time.perf_counter()
            rated = await storage.rerate()
            seconds = time.perf_counter() - started
            print(
                f"rerate: {rated:,} games in {seconds:.1f} s, {seconds / rated * 1e6:.0f} µs a game"
            )
        leader = (await storage.rating_board(MAIN_GUILD, ALL_TIME)).rows[0].player.user_id
        cases: list[tuple[str, Callable[[], Awaitable[object]]]] = [
            ("rating board, all time, page 1", lambda: storage.rating_board(MAIN_GUILD, ALL_TIME)),
            (
                "rating board, all time, page 50",
                lambda: storage.rating_board(MAIN_GUILD, ALL_TIME, page=49),
            ),
            ("rating board, a season, page 1", lambda: storage.rating_board(MAIN_GUILD, SEASON)),
            ("player_rating all time", lambda: storage.player_rating(MAIN_GUILD, leader)),
        ]
        for label, call in cases:
            rows.append((label, *await timed(call, repeat)))
        rows += await finishing(storage, players, max(repeat, 100))
        return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_database_options(parser)
    parser.add_argument("--repeat", type=int, default=200)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, postgres_server(options.postgres) as server:
        path = Path(folder) / "bench.sqlite3"
        build(path, options.games, options.players)
        print(f"\nSQLite\n{'what':45} {'p50 ms':>8} {'p99 ms':>8}")
        results = asyncio.run(measure(str(path), options.players, options.repeat, rerate=True))
        for label, p50, p99 in results:
            print(f"{label:45} {p50:8.2f} {p99:8.2f}")
        if server is not None:
            url = postgres_copy(server, options.postgres, path)
            print(f"\nPostgreSQL\n{'what':45} {'p50 ms':>8} {'p99 ms':>8}")
            results = asyncio.run(measure(url, options.players, options.repeat, rerate=False))
            for label, p50, p99 in results:
                print(f"{label:45} {p50:8.2f} {p99:8.2f}")


if __name__ == "__main__":
    main()

"""Leaderboard and player statistics latency on a server with 100,000 finished games, and the
latency of a durable commit, on SQLite and on PostgreSQL.

    .venv/bin/python bench/storage.py [--games 100000] [--players 2000] [--repeat 50]
                                      [--postgres auto | off | URL]

Builds a fresh SQLite database in a temporary folder (the schema through `Storage.open`, the
rows with executemany in one transaction, the sums with `rebuild_statistics`), then times
leaderboard pages for each metric, all time and over a season, and `player_stats`, through
the public async API. Prints the median and the 95th percentile in milliseconds.

PostgreSQL: `auto` starts a throwaway server from the installed binaries (tests/postgres.py,
fsync on), `URL` names an empty database of yours. The SQLite database is copied into it with
`python -m bot.storage copy`'s code, and the same queries are timed. Last, both databases time
`commit_transition` (one pick), p50 and p99. Nothing is asserted: the goal (issue 3) is a few
milliseconds per page.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.storage import LeaderboardQuery, NewGame, NewSeat, Storage, TransitionWrite
from bot.storage.copying import copy_database
from tests.postgres import PostgresCluster, find_server_binaries

MAIN_GUILD = 1
OTHER_GUILDS = (2, 3, 4)
OTHER_GUILD_GAMES = 5_000
FIRST_DAY = datetime(2024, 1, 1, tzinfo=UTC)
DAYS = 730


def iso(moment: datetime) -> str:
    return moment.isoformat(timespec="microseconds")


def game_rows(
    rng: random.Random, guild_id: int, games: int, players: int, first_id: int
) -> Iterator[tuple[tuple, list[tuple], list[tuple], list[tuple]]]:  # type: ignore[type-arg]
    """(game, seats, stage points, results) for finished games in time order."""
    times = sorted(rng.randrange(DAYS * 86_400) for _ in range(games))
    user_base = guild_id * 1_000_000
    for offset, second in enumerate(times):
        game_id = first_id + offset
        finished = FIRST_DAY + timedelta(seconds=second)
        started = finished - timedelta(minutes=20)
        users = rng.sample(range(user_base, user_base + players), rng.randint(2, 6))
        game = (
            game_id,
            guild_id,
            10_000 + game_id % 50,
            users[0],
            "standard",
            "{}",
            "finished",
            rng.getrandbits(48),
            131,
            "{}",
            iso(started),
            iso(finished),
            iso(started),
            iso(finished),
        )
        seats = [
            (game_id, seat, user, f"player {user}", iso(started)) for seat, user in enumerate(users)
        ]
        points = {
            user: [rng.choice((0, 0, 0, rng.randint(-6, 12))) for _ in range(5)] for user in users
        }
        stage_rows = [
            (game_id, user, stage + 1, value, int(value != 0))
            for user, values in points.items()
            for stage, value in enumerate(values)
        ]
        totals = {user: sum(values) for user, values in points.items()}
        distinct = sorted(set(totals.values()), reverse=True)
        winning = distinct[1] if len(distinct) > 1 else distinct[0]
        results = [
            (
                game_id,
                user,
                guild_id,
                iso(finished),
                total,
                int(total == winning),
                max(points[user]),
                sum(1 for v in points[user] if v != 0),
            )
            for user, total in totals.items()
        ]
        yield game, seats, stage_rows, results


def populate(path: Path, games: int, players: int) -> None:
    rng = random.Random(2026)
    plan = [(MAIN_GUILD, games)] + [(guild, OTHER_GUILD_GAMES) for guild in OTHER_GUILDS]
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("BEGIN")
    next_id = 1
    for guild_id, count in plan:
        game_list, seat_list, point_list, result_list = [], [], [], []
        for game, seats, points, results in game_rows(rng, guild_id, count, players, next_id):
            game_list.append(game)
            seat_list += seats
            point_list += points
            result_list += results
        next_id += count
        db.executemany(
            "INSERT INTO games (id, guild_id, channel_id, host_id, variant, options, status, "
            "seed, version, state, created_at, updated_at, started_at, finished_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            game_list,
        )
        db.executemany(
            "INSERT INTO seats (game_id, seat, user_id, display_name, joined_at) "
            "VALUES (?, ?, ?, ?, ?)",
            seat_list,
        )
        db.executemany("INSERT INTO stage_points VALUES (?, ?, ?, ?, ?)", point_list)
        db.executemany(
            "INSERT INTO results (game_id, user_id, guild_id, finished_at, total, won, "
            "best_stage, seconds_reached) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            result_list,
        )
    db.execute("COMMIT")
    db.close()


async def samples_ms(call: Callable[[], Awaitable[object]], repeat: int) -> list[float]:
    """`repeat` timings of `call` in milliseconds, sorted, after one that warms the cache."""
    await call()
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        await call()
        samples.append((time.perf_counter() - started) * 1000)
    return sorted(samples)


def p50_p99(samples: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile (nearest rank, rounded down) of timings."""
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[max(int(len(ordered) * 0.99) - 1, 0)]


async def timed(
    label: str, call: Callable[[], Awaitable[object]], repeat: int
) -> tuple[str, float, float]:
    samples = await samples_ms(call, repeat)
    return label, statistics.median(samples), samples[int(len(samples) * 0.95) - 1]


async def measure(database: str, repeat: int) -> list[tuple[str, float, float]]:
    season = {"since": datetime(2025, 4, 1, tzinfo=UTC), "until": datetime(2025, 7, 1, tzinfo=UTC)}
    uneven = {
        "since": datetime(2025, 4, 15, 9, tzinfo=UTC),
        "until": datetime(2025, 7, 20, 18, tzinfo=UTC),
    }
    async with await Storage.open(database) as storage:
        leader = (await storage.leaderboard(LeaderboardQuery(MAIN_GUILD))).rows[0].figures.user_id
        cases: list[tuple[str, Callable[[], Awaitable[object]]]] = []
        for metric in ("wins", "win_rate", "points"):
            cases += [
                (
                    f"{metric:8} all time, page 1",
                    lambda m=metric: storage.leaderboard(LeaderboardQuery(MAIN_GUILD, metric=m)),
                ),
                (
                    f"{metric:8} all time, page 50",
                    lambda m=metric: storage.leaderboard(
                        LeaderboardQuery(MAIN_GUILD, metric=m, page=49)
                    ),
                ),
                (
                    f"{metric:8} season of whole months",
                    lambda m=metric: storage.leaderboard(
                        LeaderboardQuery(MAIN_GUILD, metric=m, **season)
                    ),
                ),
                (
                    f"{metric:8} season with partial months",
                    lambda m=metric: storage.leaderboard(
                        LeaderboardQuery(MAIN_GUILD, metric=m, **uneven)
                    ),
                ),
            ]
        # What bot/standings.py asks: the last 7, 30 or 365 days, open-ended.
        end = FIRST_DAY + timedelta(days=DAYS)
        for days in (7, 30, 365):
            cases.append(
                (
                    f"wins     last {days} days",
                    lambda d=days: storage.leaderboard(
                        LeaderboardQuery(MAIN_GUILD, since=end - timedelta(days=d))
                    ),
                ),
            )
        cases += [
            ("player_stats all time", lambda: storage.player_stats(MAIN_GUILD, leader)),
            (
                "player_stats season of whole months",
                lambda: storage.player_stats(MAIN_GUILD, leader, **season),
            ),
            (
                "player_stats season with partial months",
                lambda: storage.player_stats(MAIN_GUILD, leader, **uneven),
            ),
        ]
        return [await timed(label, call, repeat) for label, call in cases]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_database_options(parser)
    parser.add_argument("--repeat", type=int, default=50)
    parser.add_argument(
        "--database", type=Path, help="reuse (or build and keep) this file, not a temporary one"
    )
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, postgres_server(options.postgres) as server:
        path = options.database or Path(folder) / "bench.sqlite3"
        if not path.exists():
            build(path, options.games, options.players)
        databases = {"SQLite": str(path)}
        if server is not None:
            databases["PostgreSQL"] = postgres_copy(server, options.postgres, path)
        for name, database in databases.items():
            print(f"\n{name}\n{'query':45} {'median ms':>10} {'p95 ms':>8}")
            for label, median, p95 in asyncio.run(measure(database, options.repeat)):
                print(f"{label:45} {median:10.2f} {p95:8.2f}")
        print(f"\n{'commit_transition (one pick, durable)':45} {'p50 ms':>10} {'p99 ms':>8}")
        for name, database in databases.items():
            p50, p99 = asyncio.run(commit_latency(database, options.repeat * 20))
            print(f"{name:45} {p50:10.2f} {p99:8.2f}")


def add_database_options(parser: argparse.ArgumentParser) -> None:
    """The size of the server's history, and which PostgreSQL server to use."""
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2_000, help="distinct players per guild")
    parser.add_argument(
        "--postgres",
        default="auto",
        help="auto (a throwaway server, if PostgreSQL is installed), off, or an empty "
        "database's URL",
    )


def postgres_server(choice: str) -> AbstractContextManager[PostgresCluster | str | None]:
    """A throwaway server (auto), the given URL, or None (off, or nothing installed)."""
    if choice == "off":
        return nullcontext(None)
    if choice != "auto":
        return nullcontext(choice)
    bin_dir = find_server_binaries()
    if bin_dir is None:
        print("PostgreSQL: not installed, skipped (--postgres URL to use a server)")
        return nullcontext(None)
    return _throwaway(bin_dir)


@contextmanager
def _throwaway(bin_dir: Path) -> Iterator[PostgresCluster]:
    cluster = PostgresCluster.start(bin_dir, durable=True)
    try:
        yield cluster
    finally:
        cluster.stop()


def postgres_copy(server: PostgresCluster | str, choice: str, path: Path) -> str:
    url = server.create_database() if isinstance(server, PostgresCluster) else choice
    started = time.perf_counter()
    counts = asyncio.run(copy_database(path, url))
    print(
        f"copied {sum(counts.values()):,} rows into PostgreSQL in "
        f"{time.perf_counter() - started:.1f} s"
    )
    return url


async def commit_latency(database: str, count: int) -> tuple[float, float]:
    """One pick = one commit_transition with a 4-player-sized state, durable before it
    returns (SQLite: synchronous=FULL; PostgreSQL: synchronous_commit=on). p50, p99 in ms."""
    async with await Storage.open(database) as storage:
        now = datetime.now(UTC)
        game = await storage.create_game(
            NewGame(
                guild_id=99,
                channel_id=time.time_ns(),
                host_id=1,
                host_name="Anne",
                variant="standard",
                options={},
                seed=1,
                now=now,
                lobby_deadline=None,
            )
        )
        for user in (2, 3, 4):
            game = await storage.join(
                NewSeat(
                    game_id=game.id,
                    user_id=user,
                    display_name=f"p{user}",
                    expected_version=game.version,
                    now=now,
                )
            )
        state = {"hands": [[1, 2, 3, 4, 5]] * 4, "history": list(range(800))}
        samples = []
        for _ in range(count + 10):
            started = time.perf_counter()
            game = await storage.commit_transition(
                TransitionWrite(
                    game_id=game.id,
                    expected_version=game.version,
                    actor_id=1,
                    actions=[{"type": "pick", "player": "1", "card": 3, "target": "2"}],
                    state=state,
                    now=now,
                )
            )
            samples.append((time.perf_counter() - started) * 1000)
        await storage.commit_transition(
            TransitionWrite(
                game_id=game.id,
                expected_version=None,
                status="abandoned",
                now=now,
            )
        )
    samples = sorted(samples[10:])  # the first ones warm caches and prepare statements
    return statistics.median(samples), samples[int(len(samples) * 0.99) - 1]


def build(path: Path, games: int, players: int) -> None:
    async def schema() -> None:
        async with await Storage.open(path):
            pass

    async def sums() -> None:
        async with await Storage.open(path) as storage:
            await storage.rebuild_statistics()

    started = time.perf_counter()
    asyncio.run(schema())
    populate(path, games, players)
    asyncio.run(sums())
    print(
        f"populated {games:,} finished games in guild {MAIN_GUILD} ({players:,} players) "
        f"+ {len(OTHER_GUILDS)} x {OTHER_GUILD_GAMES:,} elsewhere in "
        f"{time.perf_counter() - started:.1f} s, {path.stat().st_size / 1e6:.0f} MB"
    )


if __name__ == "__main__":
    main()

"""Leaderboards and player statistics against figures computed by hand."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import datetime, timedelta

import pytest

from bot.storage import LeaderboardQuery, PlayerFigures, Storage

from .helpers import play_finished_game
from .league import ANNE, BEN, CHRIS, DANA, GAMES, GUILD, NAMES, OTHER_GUILD, seed_league, utc


def figures(
    user_id: int,
    games: int,
    wins: int,
    points: int,
    best: int,
    seconds: int,
    name: str | None = None,
) -> PlayerFigures:
    return PlayerFigures(user_id, name or NAMES[user_id], games, wins, points, best, seconds)


ALL_TIME = {
    ANNE: figures(ANNE, 4, 1, 17, 6, 3, name="Annie"),
    BEN: figures(BEN, 3, 2, 13, 7, 2),
    CHRIS: figures(CHRIS, 3, 2, 3, 3, 3),
    DANA: figures(DANA, 3, 1, 3, 1, 3),
}


@pytest.fixture
async def seeded(database: str) -> AsyncIterator[Storage]:
    async with await Storage.open(database) as storage:
        await seed_league(storage)
        yield storage


def standings(page_rows: tuple) -> list[tuple[int, int]]:  # type: ignore[type-arg]
    return [(row.rank, row.figures.user_id) for row in page_rows]


async def test_wins_rank_shared_wins_and_ties(seeded: Storage) -> None:
    page = await seeded.leaderboard(LeaderboardQuery(GUILD, metric="wins"))
    assert standings(page.rows) == [(1, BEN), (1, CHRIS), (3, ANNE), (3, DANA)]
    assert [row.figures for row in page.rows] == [
        ALL_TIME[BEN],
        ALL_TIME[CHRIS],
        ALL_TIME[ANNE],
        ALL_TIME[DANA],
    ]
    assert page.ranked_players == 4


async def test_points_and_derived_figures(seeded: Storage) -> None:
    page = await seeded.leaderboard(LeaderboardQuery(GUILD, metric="points"))
    assert standings(page.rows) == [(1, ANNE), (2, BEN), (3, CHRIS), (3, DANA)]
    anne = page.rows[0].figures
    assert anne.average_points == 17 / 4
    assert anne.win_rate == 1 / 4
    assert anne.display_name == "Annie"


async def test_win_rate_needs_the_minimum_number_of_games(seeded: Storage) -> None:
    page = await seeded.leaderboard(LeaderboardQuery(GUILD, metric="win_rate"))
    assert standings(page.rows) == [(1, BEN), (1, CHRIS), (3, DANA), (4, ANNE)]
    only_anne = await seeded.leaderboard(LeaderboardQuery(GUILD, metric="win_rate", min_games=4))
    assert standings(only_anne.rows) == [(1, ANNE)]
    assert only_anne.ranked_players == 1


async def test_pages(seeded: Storage) -> None:
    first = await seeded.leaderboard(LeaderboardQuery(GUILD, metric="points", page_size=3))
    second = await seeded.leaderboard(LeaderboardQuery(GUILD, metric="points", page=1, page_size=3))
    beyond = await seeded.leaderboard(LeaderboardQuery(GUILD, metric="points", page=2, page_size=3))
    assert standings(first.rows) == [(1, ANNE), (2, BEN), (3, CHRIS)]
    assert standings(second.rows) == [(3, DANA)]
    assert (beyond.rows, beyond.ranked_players, beyond.page_count) == ((), 4, 2)
    with pytest.raises(ValueError, match="metric"):
        await seeded.leaderboard(LeaderboardQuery(GUILD, metric="elo"))


async def test_player_stats_with_ranks(seeded: Storage) -> None:
    anne = await seeded.player_stats(GUILD, ANNE)
    assert anne is not None
    assert anne.figures == ALL_TIME[ANNE]
    assert anne.ranks == {"wins": 3, "points": 1, "win_rate": 4}
    dana = await seeded.player_stats(GUILD, DANA, min_games=4)
    assert dana is not None
    assert dana.ranks == {"wins": 3, "points": 3, "win_rate": None}
    assert await seeded.player_stats(GUILD, 999) is None


async def test_guilds_never_mix(seeded: Storage) -> None:
    other = await seeded.leaderboard(LeaderboardQuery(OTHER_GUILD, metric="points"))
    assert [row.figures for row in other.rows] == [
        figures(ANNE, 1, 0, 45, 9, 0),
        figures(BEN, 1, 1, 1, 1, 0),
    ]
    assert await seeded.player_stats(OTHER_GUILD, CHRIS) is None
    assert (await seeded.leaderboard(LeaderboardQuery(12345))).rows == ()


async def test_a_season_counts_only_its_games(seeded: Storage) -> None:
    # February in full (from the monthly sums) plus 1-14 March (from single results).
    season = await seeded.leaderboard(
        LeaderboardQuery(GUILD, metric="wins", since=utc(2026, 2, 1), until=utc(2026, 3, 15))
    )
    assert [row.figures for row in season.rows] == [
        figures(CHRIS, 2, 2, 5, 3, 2),
        figures(ANNE, 2, 1, 8, 6, 1, name="Annie"),
        figures(BEN, 2, 1, 9, 7, 1),
        figures(DANA, 2, 0, 2, 1, 2),
    ]
    assert standings(season.rows) == [(1, CHRIS), (2, ANNE), (2, BEN), (4, DANA)]


@pytest.mark.parametrize(
    ("since", "until", "expected_games"),
    [
        (utc(2026, 1, 10, 12), None, 5),  # since is inclusive
        (utc(2026, 1, 10, 12, 0, 1), None, 4),
        (None, utc(2026, 3, 14, 12), 3),  # until is exclusive
        (utc(2026, 3, 1), utc(2026, 3, 15), 1),  # inside one month
        (utc(2026, 3, 1), None, 2),
        (None, utc(2026, 2, 1), 1),
        (utc(2026, 4, 1), None, 0),
    ],
)
async def test_period_edges(
    seeded: Storage, since: datetime | None, until: datetime | None, expected_games: int
) -> None:
    page = await seeded.leaderboard(LeaderboardQuery(GUILD, since=since, until=until, min_games=0))
    games_played = sum(row.figures.games for row in page.rows)
    players_per_game = [
        len(points)
        for when, points, _ in GAMES
        if (since is None or when >= since) and (until is None or when < until)
    ]
    assert len(players_per_game) == expected_games
    assert games_played == sum(players_per_game)


def quarter_start(moment: datetime) -> datetime:
    return utc(moment.year, moment.month - (moment.month - 1) % 3, 1)


async def test_random_periods_agree_with_a_plain_count(database: str) -> None:
    rng = random.Random(20260314)
    played: list[tuple[datetime, dict[int, int], set[int]]] = []
    async with await Storage.open(database) as storage:
        for _ in range(40):
            when = utc(2024, 11, 1) + timedelta(minutes=rng.randrange(0, 60 * 24 * 800))
            users = rng.sample(range(1, 7), rng.randint(2, 4))
            points = {user: [rng.randint(-3, 8) for _ in range(5)] for user in users}
            game = await play_finished_game(storage, points, now=when)
            winners = set()
            for player in (await storage.finished_game_export(game.id))["results"]:
                if player["won"]:
                    winners.add(player["user_id"])
            played.append((when, {u: sum(p) for u, p in points.items()}, winners))
        for _ in range(60):
            ends = sorted(
                utc(2024, 10, 15) + timedelta(minutes=rng.randrange(0, 60 * 24 * 830))
                for _ in range(2)
            )
            since = None if rng.random() < 0.2 else ends[0]
            until = None if rng.random() < 0.2 else ends[1]
            if rng.random() < 0.4 and since is not None:  # quarter-aligned seasons too
                since = quarter_start(since)
            if rng.random() < 0.4 and until is not None:
                until = quarter_start(until)
            expected: dict[int, tuple[int, int, int]] = {}
            for when, totals, winners in played:
                if (since is None or when >= since) and (until is None or when < until):
                    for user, total in totals.items():
                        games, wins, points = expected.get(user, (0, 0, 0))
                        expected[user] = (games + 1, wins + (user in winners), points + total)
            page = await storage.leaderboard(
                LeaderboardQuery(GUILD, since=since, until=until, page_size=10)
            )
            got = {
                r.figures.user_id: (r.figures.games, r.figures.wins, r.figures.points)
                for r in page.rows
            }
            assert got == expected, (since, until)


async def test_rebuilding_the_sums_changes_no_figure(seeded: Storage) -> None:
    periods = [(None, None), (utc(2026, 2, 1), utc(2026, 3, 15)), (utc(2026, 1, 15), None)]
    before = [
        await seeded.leaderboard(LeaderboardQuery(guild, metric=metric, since=since, until=until))
        for guild in (GUILD, OTHER_GUILD)
        for metric in ("wins", "points", "win_rate")
        for since, until in periods
    ]
    await seeded.rebuild_statistics()
    after = [
        await seeded.leaderboard(LeaderboardQuery(guild, metric=metric, since=since, until=until))
        for guild in (GUILD, OTHER_GUILD)
        for metric in ("wins", "points", "win_rate")
        for since, until in periods
    ]
    assert after == before
    assert (await seeded.player_stats(GUILD, ANNE)).figures == ALL_TIME[ANNE]  # type: ignore[union-attr]


async def test_a_calendar_season_reads_its_stored_bucket(seeded: Storage) -> None:
    february = await seeded.leaderboard(
        LeaderboardQuery(GUILD, metric="wins", since=utc(2026, 2, 1), until=utc(2026, 3, 1))
    )
    assert [(row.rank, row.figures) for row in february.rows] == [
        (1, figures(ANNE, 2, 1, 8, 6, 1, name="Annie")),
        (1, figures(BEN, 1, 1, 2, 2, 1)),
        (1, figures(CHRIS, 1, 1, 2, 2, 0)),
        (4, figures(DANA, 1, 0, 1, 1, 1)),
    ]
    dana = await seeded.player_stats(
        GUILD, DANA, since=utc(2026, 2, 1), until=utc(2026, 3, 1), min_games=1
    )
    assert dana is not None
    assert dana.ranks == {"wins": 4, "points": 4, "win_rate": 4}
    year = await seeded.leaderboard(
        LeaderboardQuery(GUILD, metric="points", since=utc(2026, 1, 1), until=utc(2027, 1, 1))
    )
    assert year == await seeded.leaderboard(LeaderboardQuery(GUILD, metric="points"))

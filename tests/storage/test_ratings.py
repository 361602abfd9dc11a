"""Skill ratings on both databases: what openskill computes from the stored games, in the order
they finished, per server, all time and per season; `rerate` gives back exactly the same."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from openskill.models import PlackettLuce

from bot.storage import ALL_TIME, NewSeat, PlayerResult, Storage

from .helpers import last_move, open_game, play_finished_game, start
from .league import ANNE, BEN, CHRIS, DANA, GAMES, GUILD, NAMES, OTHER_GUILD, seed_league, utc

SEASON = "2026-Q1"  # every game of the league finished in January to March 2026


def expected_skills(games: list[dict[int, bool]]) -> dict[int, tuple[float, float]]:
    """openskill on its own: each game's people, winners ranked 1 and the others 2."""
    model = PlackettLuce()
    skills = {}
    for outcome in games:
        people = sorted(outcome)
        teams = [[skills.get(user, model.rating())] for user in people]
        rated = model.rate(teams, ranks=[1 if outcome[user] else 2 for user in people])
        skills.update({user: team[0] for user, team in zip(people, rated, strict=True)})
    return {user: (rating.mu, rating.sigma) for user, rating in skills.items()}


def league_outcomes() -> list[dict[int, bool]]:
    outcomes = []
    for _, points, _ in GAMES:
        totals = {user: sum(values) for user, values in points.items()}
        distinct = sorted(set(totals.values()), reverse=True)
        winning = distinct[1] if len(distinct) > 1 else distinct[0]
        outcomes.append({user: total == winning for user, total in totals.items()})
    return outcomes


async def stored(storage: Storage, guild: int, period: str) -> dict[int, tuple[float, float]]:
    board = await storage.rating_board(guild, period, page_size=100, min_games=0)
    return {row.player.user_id: (row.player.rating, float(row.player.games)) for row in board.rows}


@pytest.fixture
async def seeded(database: str) -> AsyncIterator[Storage]:
    async with await Storage.open(database) as storage:
        await seed_league(storage)
        yield storage


async def test_ratings_are_what_openskill_gives_for_the_games_in_order(seeded: Storage) -> None:
    expected = expected_skills(league_outcomes())
    board = await seeded.rating_board(GUILD, ALL_TIME, page_size=10, min_games=1)
    ratings = {row.player.user_id: row.player.rating for row in board.rows}
    assert ratings == pytest.approx(
        {user: mu - 3 * sigma for user, (mu, sigma) in expected.items()}, abs=1e-9
    )
    by_rating = sorted(ratings, key=lambda user: -ratings[user])
    assert [row.player.user_id for row in board.rows] == by_rating
    assert [row.rank for row in board.rows] == [1, 2, 3, 4]
    assert {row.player.user_id: row.player.games for row in board.rows} == {
        ANNE: 4,
        BEN: 3,
        CHRIS: 3,
        DANA: 3,
    }
    assert (
        board.rows[[row.player.user_id for row in board.rows].index(ANNE)].player.display_name
        == "Annie"
    )


async def test_the_minimum_of_rated_games_lists_and_ranks(seeded: Storage) -> None:
    board = await seeded.rating_board(GUILD, ALL_TIME, min_games=4)
    assert [row.player.user_id for row in board.rows] == [ANNE]
    assert (board.ranked_players, board.min_games, board.rows[0].rank) == (1, 4, 1)
    listed = await seeded.player_rating(GUILD, ANNE, min_games=4)
    unlisted = await seeded.player_rating(GUILD, BEN, min_games=4)
    assert listed is not None
    assert listed.rank == 1
    assert unlisted is not None
    assert unlisted.rank is None
    assert unlisted.player.games == 3
    assert await seeded.player_rating(GUILD, 77) is None


async def test_servers_never_mix_and_a_season_starts_fresh(seeded: Storage) -> None:
    other = await stored(seeded, OTHER_GUILD, ALL_TIME)
    assert set(other) == {ANNE, BEN}
    assert {games for _, games in other.values()} == {1.0}
    assert await stored(seeded, GUILD, SEASON) == await stored(seeded, GUILD, ALL_TIME)
    all_time_before = await stored(seeded, GUILD, ALL_TIME)
    await play_finished_game(
        seeded, {BEN: [1, 0, 0, 0, 0], CHRIS: [2, 0, 0, 0, 0]}, now=utc(2026, 4, 2), names=NAMES
    )
    season = await seeded.rating_board(GUILD, "2026-Q2", min_games=1)
    fresh = expected_skills([{BEN: True, CHRIS: False}])  # Ben's 1 is second highest of 2
    assert {row.player.user_id: row.player.rating for row in season.rows} == pytest.approx(
        {user: mu - 3 * sigma for user, (mu, sigma) in fresh.items()}, abs=1e-9
    )
    assert await stored(seeded, GUILD, SEASON) == {
        user: figures for user, figures in all_time_before.items()
    }  # the last season's table stays as it ended
    all_time = await stored(seeded, GUILD, ALL_TIME)
    assert all_time[BEN][1] == 4.0
    assert all_time[ANNE] == all_time_before[ANNE]


async def test_rerate_gives_back_exactly_what_the_games_gave(seeded: Storage) -> None:
    board = await seeded.rating_board(GUILD, ALL_TIME, min_games=0)
    season = await seeded.rating_board(GUILD, SEASON, min_games=0)
    game_ids = await finished_game_ids(seeded)
    changes = [await seeded.rating_changes(game_id) for game_id in game_ids]
    assert await seeded.rerate() == len(GAMES) + 1
    assert await seeded.rerate() == len(GAMES) + 1
    assert await seeded.rating_board(GUILD, ALL_TIME, min_games=0) == board
    assert await seeded.rating_board(GUILD, SEASON, min_games=0) == season
    assert [await seeded.rating_changes(game_id) for game_id in game_ids] == changes
    assert await seeded.rerate(OTHER_GUILD) == 1
    assert await seeded.rating_board(GUILD, ALL_TIME, min_games=0) == board


async def finished_game_ids(storage: Storage) -> list[int]:
    ids = []
    for game_id in range(1, 20):
        record = await storage.game(game_id)
        if record is not None and record.status == "finished":
            ids.append(game_id)
    return ids


async def test_a_game_shows_each_persons_change(seeded: Storage) -> None:
    game = await play_finished_game(
        seeded, {ANNE: [1, 0, 0, 0, 0], DANA: [2, 0, 0, 0, 0]}, now=utc(2026, 3, 30), names=NAMES
    )
    changes = await seeded.rating_changes(game.id)
    assert set(changes) == {ANNE, DANA}
    assert changes[ANNE] > 0 > changes[DANA]  # Anne's 1 is the second highest: she wins
    anne = await seeded.player_rating(GUILD, ANNE)
    assert anne is not None
    assert anne.player.last_change == changes[ANNE]


async def test_a_game_of_one_person_with_ai_players_rates_nobody(database: str) -> None:
    async with await Storage.open(database) as storage:
        game = await open_game(storage, [(ANNE, "Anne")])
        game = await storage.join(
            NewSeat(
                game_id=game.id,
                user_id=-1,
                display_name="Ada",
                expected_version=None,
                now=utc(2026, 3, 14, 12),
                ai_level="sharp",
            )
        )
        game = await start(storage, game)
        game = await storage.commit_transition(
            last_move(game, [PlayerResult(ANNE, 3, True)], utc(2026, 3, 14, 12))
        )
        assert await storage.rating_changes(game.id) == {}
        assert (await storage.rating_board(100, ALL_TIME, min_games=0)).rows == ()
        assert await storage.player_rating(100, ANNE) is None


async def test_erasing_a_person_rates_the_others_without_them(seeded: Storage) -> None:
    await seeded.erase_person(BEN)
    without_ben = [
        {user: won for user, won in outcome.items() if user != BEN} for outcome in league_outcomes()
    ]
    expected = expected_skills([outcome for outcome in without_ben if len(outcome) >= 2])
    board = await seeded.rating_board(GUILD, ALL_TIME, min_games=0)
    assert {row.player.user_id: row.player.rating for row in board.rows} == pytest.approx(
        {user: mu - 3 * sigma for user, (mu, sigma) in expected.items()}, abs=1e-9
    )
    assert await seeded.player_rating(OTHER_GUILD, ANNE) is None  # Anne and Ben's game: unrated
    assert await seeded.player_rating(GUILD, BEN) is None

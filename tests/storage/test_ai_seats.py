"""AI players' seats: never on a leaderboard; a game with fewer than two people counts only in
each person's own figures, apart ("against AI players")."""

from __future__ import annotations

import pytest

from bot.storage import LeaderboardQuery, NewSeat, PlayerResult, Storage, VacatedSeat

from .helpers import T0, finish, last_move, open_game, start

ANNE, BEN, ADA, ALAN = 1, 2, -1, -2


async def seat_ai(storage: Storage, game_id: int, user_id: int, name: str) -> None:
    await storage.join(
        NewSeat(
            game_id=game_id,
            user_id=user_id,
            display_name=name,
            expected_version=None,
            now=T0,
            ai_level="sharp",
        )
    )


async def test_an_ai_seat_keeps_its_level_and_leaves_like_anyone(storage: Storage) -> None:
    game = await open_game(storage, [(ANNE, "Anne")])
    await seat_ai(storage, game.id, ADA, "🤖 Ada")
    await seat_ai(storage, game.id, ALAN, "🤖 Alan")
    seated = await storage.game(game.id)
    assert seated is not None
    assert [(s.display_name, s.ai_level, s.is_ai) for s in seated.seats] == [
        ("Anne", None, False),
        ("🤖 Ada", "sharp", True),
        ("🤖 Alan", "sharp", True),
    ]
    left = await storage.leave(
        VacatedSeat(
            game_id=game.id,
            user_id=ADA,
            expected_version=None,
            now=T0,
        )
    )
    assert [s.user_id for s in left.seats] == [ANNE, ALAN]
    assert left.seats[1].ai_level == "sharp"


async def test_a_game_with_one_person_counts_only_against_ai_players(storage: Storage) -> None:
    game = await open_game(storage, [(ANNE, "Anne")])
    await seat_ai(storage, game.id, ADA, "🤖 Ada")
    game = await start(storage, await storage.game(game.id) or game)
    await finish(storage, game, {ANNE: [3, 0, 0, 0, 0]})
    assert await storage.games_against_ai(100, ANNE) == (1, 1)
    board = await storage.leaderboard(LeaderboardQuery(100, metric="wins", min_games=1))
    assert board.rows == ()
    assert await storage.player_stats(100, ANNE) is None
    export = await storage.finished_game_export(game.id)
    assert [(r["user_id"], r["total"], r["won"]) for r in export["results"]] == [(ANNE, 3, True)]


async def test_two_people_and_an_ai_player_count_for_the_people_only(storage: Storage) -> None:
    game = await open_game(storage, [(ANNE, "Anne"), (BEN, "Ben")])
    await seat_ai(storage, game.id, ADA, "🤖 Ada")
    game = await start(storage, await storage.game(game.id) or game)
    await finish(storage, game, {ANNE: [5, 0, 0, 0, 0], BEN: [2, 0, 0, 0, 0]})
    board = await storage.leaderboard(LeaderboardQuery(100, metric="points", min_games=1))
    assert [row.figures.user_id for row in board.rows] == [ANNE, BEN]
    assert await storage.games_against_ai(100, ANNE) == (0, 0)


async def test_an_ai_players_result_is_refused(storage: Storage) -> None:
    game = await open_game(storage, [(ANNE, "Anne")])
    await seat_ai(storage, game.id, ADA, "🤖 Ada")
    game = await start(storage, await storage.game(game.id) or game)
    with pytest.raises(ValueError, match="one result per seated player"):
        await storage.commit_transition(
            last_move(game, [PlayerResult(ANNE, 1, True), PlayerResult(ADA, 2, False)], T0)
        )

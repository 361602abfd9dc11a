"""A league's standings from its tables' results: 3 for a sole win, 2 for a shared one, then
wins, rating at the opening and join order break ties; an abandoned table has no winner."""

from __future__ import annotations

from bot.league.standings import Entrant, TableResult, champion, standings
from bot.storage import PlayerId

ANNE, BEN, CLEO, DAN, EVE = (PlayerId(str(n)) for n in range(1, 6))


def entrants(*ratings: float) -> list[Entrant]:
    players = (ANNE, BEN, CLEO, DAN, EVE)[: len(ratings)]
    return [Entrant(p, n, r) for n, (p, r) in enumerate(zip(players, ratings, strict=True))]


def test_a_sole_win_is_worth_three_a_shared_one_two_and_the_rest_nothing() -> None:
    results = [
        TableResult((ANNE, BEN, CLEO), winners=(BEN,)),
        TableResult((DAN, EVE), winners=(DAN, EVE)),
    ]
    table = standings(entrants(0, 0, 0, 0, 0), results)
    assert [(s.player, s.points, s.wins, s.played) for s in table] == [
        (BEN, 3, 1, 1),
        (DAN, 2, 1, 1),
        (EVE, 2, 1, 1),
        (ANNE, 0, 0, 1),
        (CLEO, 0, 0, 1),
    ]
    assert champion(table) == BEN


def test_ties_go_to_wins_then_the_opening_rating_then_join_order() -> None:
    results = [
        TableResult((ANNE, BEN), winners=(ANNE,)),  # Anne 3 points, one win
        TableResult((CLEO, DAN), winners=(CLEO, DAN)),  # Cleo and Dan 2 points each
        TableResult((CLEO, EVE), winners=()),  # abandoned: played, nobody won
        TableResult((EVE, BEN), winners=(EVE, BEN)),  # Eve and Ben 2 points each
    ]
    table = standings(entrants(10, 30, 20, 20, 5), results)
    assert [s.player for s in table] == [ANNE, BEN, CLEO, DAN, EVE]
    assert [s.played for s in table] == [1, 2, 2, 1, 2]


def test_a_player_who_left_keeps_their_results_and_nobody_else_counts() -> None:
    stranger = PlayerId("99")
    table = standings(entrants(0, 0), [TableResult((ANNE, stranger), winners=(stranger,))])
    assert [(s.player, s.points, s.played) for s in table] == [(ANNE, 0, 1), (BEN, 0, 0)]


def test_no_champion_before_any_game_ended() -> None:
    assert champion(standings(entrants(0, 0, 0, 0), [])) is None

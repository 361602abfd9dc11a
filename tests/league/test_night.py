"""A league night from its opening to its champion, as a reducer: every step from the actions
alone, each refusal changing nothing."""

from __future__ import annotations

import pytest

from bot.league.night import (
    Cancel,
    EndEarly,
    Join,
    Leave,
    Night,
    Phase,
    Refused,
    Start,
    TableEnded,
    TableOpened,
    apply,
)
from bot.storage import PlayerId

TEN = [PlayerId(str(100 + n)) for n in range(10)]


def step(night: Night, *actions: object) -> Night:
    for action in actions:
        outcome = apply(night, action)  # type: ignore[arg-type]
        assert isinstance(outcome, Night), (action, outcome)
        night = outcome
    return night


def opened(players: list[PlayerId], games: int = 3, table_size: int = 4) -> Night:
    night = Night(games=games, table_size=table_size, seed=7)
    return step(
        night,
        *(Join(player, rating=1000.0 - n) for n, player in enumerate(players)),
    )


def test_ten_people_three_games_a_leaver_and_a_champion() -> None:
    night = step(opened(TEN), Start())
    assert night.phase is Phase.PLAYING
    assert night.game == 1
    assert [len(table) for table in night.tables] == [4, 3, 3]
    assert sorted(p for table in night.tables for p in table) == sorted(TEN)
    assert step(opened(TEN), Start()).tables == night.tables, "the seed seats the same way"

    first, second, third = night.tables
    night = step(
        night,
        TableEnded(1, 0, winners=(first[0],)),
        TableEnded(1, 1, winners=(second[0], second[1])),
    )
    assert night.game == 1
    assert night.open_tables() == (2,)
    leaver = third[1]
    night = step(night, Leave(leaver), TableEnded(1, 2, winners=(leaver,)))
    assert night.game == 2
    seated = [p for table in night.tables for p in table]
    assert leaver not in seated
    assert len(seated) == 9
    assert [len(table) for table in night.tables] == [3, 3, 3]
    # Best first: the sole winner of game 1 (3 points) at the strongest table, ahead of the
    # two who shared a win (2 each; then the higher rating first).
    assert night.tables[0][0] == first[0]
    assert set(night.tables[0][1:3]) == {second[0], second[1]}

    for game in (2, 3):
        for table in range(len(night.tables)):
            night = step(night, TableEnded(game, table, winners=(night.tables[table][0],)))
    assert night.phase is Phase.FINISHED
    board = night.standings()
    assert board[0].player == night.champion()
    assert {s.player: s.played for s in board}[leaver] == 1
    assert {s.player: s.points for s in board}[leaver] == 3, "a leaver's results are kept"


def test_one_who_missed_a_whole_game_is_seated_no_more() -> None:
    night = step(opened(TEN[:5], games=2, table_size=3), Start())
    assert [len(table) for table in night.tables] == [3, 2]
    sleeper = night.tables[1][0]
    night = step(night, TableEnded(1, 0), TableEnded(1, 1, absent=(sleeper,)))
    assert night.game == 2
    assert sleeper not in [p for table in night.tables for p in table]
    assert sleeper in night.out


def test_an_abandoned_table_counts_as_played_with_no_winner() -> None:
    night = step(opened(TEN[:4], games=2), Start(), TableEnded(1, 0))
    assert night.game == 2
    assert all(s.played == 1 and s.points == 0 for s in night.standings())


def test_the_night_ends_early_when_fewer_than_two_could_sit() -> None:
    night = step(opened(TEN[:4], games=3, table_size=4), Start())
    night = step(night, *(Leave(p) for p in TEN[:3]), TableEnded(1, 0, winners=(TEN[3],)))
    assert night.phase is Phase.FINISHED
    assert night.champion() == TEN[3]


def test_the_host_may_end_it_early_with_standings_as_they_stand() -> None:
    night = step(opened(TEN[:6], games=3, table_size=3), Start())
    winner = night.tables[0][0]
    night = step(night, TableEnded(1, 0, winners=(winner,)), EndEarly())
    assert night.phase is Phase.FINISHED
    assert night.champion() == winner


def test_leaving_before_the_start_gives_up_the_place_in_the_order() -> None:
    night = step(opened(TEN[:5]), Leave(TEN[1]))
    assert night.players == (TEN[0], *TEN[2:5])
    assert [e.joined for e in night.entrants] == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("night", "action", "refused"),
    [
        (Night(games=3, table_size=4, seed=1), Start(), Refused.TOO_FEW),
        (opened(TEN[:4]), Join(TEN[0], 1000.0), Refused.ALREADY_IN),
        (opened(TEN[:4]), Leave(TEN[5]), Refused.NOT_IN),
        (opened(TEN[:4]), EndEarly(), Refused.NOT_PLAYING),
        (opened(TEN[:4]), TableEnded(1, 0), Refused.NOT_PLAYING),
        (step(opened(TEN[:4]), Start()), Join(TEN[5], 1000.0), Refused.NOT_OPEN),
        (step(opened(TEN[:4]), Start()), Cancel(), Refused.NOT_OPEN),
        (step(opened(TEN[:4]), Start()), TableEnded(2, 0), Refused.UNKNOWN_TABLE),
        (step(opened(TEN[:4]), Start()), TableEnded(1, 1), Refused.UNKNOWN_TABLE),
        (
            step(opened(TEN[:4]), Start(), TableEnded(1, 0, absent=(TEN[0],))),
            Leave(TEN[0]),
            Refused.NOT_IN,
        ),
        (step(opened(TEN[:4]), Cancel()), Leave(TEN[0]), Refused.OVER),
    ],
)
def test_refusals_change_nothing(night: Night, action: object, refused: Refused) -> None:
    assert apply(night, action) == refused  # type: ignore[arg-type]


def test_a_table_gets_one_game_of_the_current_game() -> None:
    night = step(opened(TEN[:8], games=2), Start(), TableOpened(1, 1, 77))
    assert night.unopened_tables() == (0,)
    assert night.table_of(77) == (1, 1)
    assert apply(night, TableOpened(1, 1, 78)) == Refused.UNKNOWN_TABLE
    assert apply(night, TableOpened(2, 0, 78)) == Refused.UNKNOWN_TABLE
    assert apply(opened(TEN[:4]), TableOpened(1, 0, 78)) == Refused.NOT_PLAYING


def test_a_table_ends_once() -> None:
    night = step(opened(TEN[:8], games=2), Start(), TableEnded(1, 0))
    assert apply(night, TableEnded(1, 0)) == Refused.UNKNOWN_TABLE


def test_only_a_league_of_two_to_five_games_at_tables_of_three_to_six_opens() -> None:
    with pytest.raises(ValueError, match="a league plays"):
        Night(games=6, table_size=4, seed=1)
    with pytest.raises(ValueError, match="a league plays"):
        Night(games=3, table_size=2, seed=1)

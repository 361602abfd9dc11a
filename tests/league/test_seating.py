"""A league's tables: how many, how large, and who sits where."""

from __future__ import annotations

import pytest

from bot.league.seating import first_seating, seated, table_letter, table_sizes
from bot.storage import PlayerId


def people(count: int) -> list[PlayerId]:
    return [PlayerId(str(1000 + n)) for n in range(count)]


@pytest.mark.parametrize(
    ("players", "table_size", "sizes"),
    [
        (5, 4, (3, 2)),
        (10, 4, (4, 3, 3)),
        (4, 4, (4,)),
        (4, 6, (4,)),
        (7, 6, (4, 3)),
        (60, 4, (4,) * 15),
        (13, 5, (5, 4, 4)),
        (0, 4, ()),
    ],
)
def test_as_many_tables_as_needed_sizes_within_one_the_larger_first(
    players: int, table_size: int, sizes: tuple[int, ...]
) -> None:
    assert table_sizes(players, table_size) == sizes


def test_the_first_game_is_seated_by_the_seed_so_a_league_replays() -> None:
    everyone = people(10)
    tables = first_seating(everyone, 4, seed=7)
    assert [len(table) for table in tables] == [4, 3, 3]
    assert sorted(p for table in tables for p in table) == everyone
    assert first_seating(everyone, 4, seed=7) == tables
    assert first_seating(everyone, 4, seed=8) != tables


def test_later_games_seat_the_best_together_at_the_first_table() -> None:
    ranked = people(7)
    assert seated(ranked, 4) == (tuple(ranked[:4]), tuple(ranked[4:]))


def test_tables_are_lettered() -> None:
    assert [table_letter(n) for n in (0, 1, 25, 26, 27, 51, 52)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
    ]

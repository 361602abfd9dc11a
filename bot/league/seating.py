"""Who sits at which table in each game of a league.

A game has as many tables as ⌈players / table size⌉, their sizes differing by at most one,
the larger first (5 people at tables of 4: 3 + 2; a table of two plays with Leo, as any game
of two does). The first game is seated by a shuffle of the stored seed, so that a league
replays; every later one by the standings, best first, the strongest players at the first
table. Whoever left the league, or missed a whole game, is left out (seated() is given who
is still in).
"""

from __future__ import annotations

import random
import string
from collections.abc import Sequence

from bot.storage import PlayerId

Tables = tuple[tuple[PlayerId, ...], ...]


def table_sizes(players: int, table_size: int) -> tuple[int, ...]:
    """How many sit at each table, the larger tables first."""
    if players <= 0:
        return ()
    count = -(-players // table_size)
    base, larger = divmod(players, count)
    return tuple(base + 1 if index < larger else base for index in range(count))


def first_seating(players: Sequence[PlayerId], table_size: int, seed: int) -> Tables:
    """The first game's tables: the players shuffled by the league's seed."""
    shuffled = list(players)
    random.Random(seed).shuffle(shuffled)
    return seated(shuffled, table_size)


def seated(ranked: Sequence[PlayerId], table_size: int) -> Tables:
    """`ranked` (best first) cut into tables in order: the first table the strongest."""
    tables: list[tuple[PlayerId, ...]] = []
    start = 0
    for size in table_sizes(len(ranked), table_size):
        tables.append(tuple(ranked[start : start + size]))
        start += size
    return tuple(tables)


def table_letter(index: int) -> str:
    """A table's name in its game: A, B, … Z, then AA, AB, …"""
    letters = string.ascii_uppercase
    name = letters[index % 26]
    while index >= 26:
        index = index // 26 - 1
        name = letters[index % 26] + name
    return name

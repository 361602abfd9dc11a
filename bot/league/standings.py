"""A league's standings, from the rules' own outcome of each table's game (winners and the
rest, docs/RULES.md): a sole win is worth 3 league points, a shared win 2, anything else 0. A
table whose game was abandoned counts as played, with no winner.

Players rank by league points, then wins, then the rating each had when the league opened,
then the order they joined in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.storage import PlayerId

SOLE_WIN_POINTS = 3
SHARED_WIN_POINTS = 2


@dataclass(frozen=True)
class Entrant:
    """A player of the league, as they were when it opened."""

    player: PlayerId
    joined: int
    """Their place in the order of joining (0 first)."""
    rating: float
    """Their rating in the server when the league opened (a tie-break)."""


@dataclass(frozen=True)
class TableResult:
    """One table's game: who played it and who won it (none when it was abandoned)."""

    players: tuple[PlayerId, ...]
    winners: tuple[PlayerId, ...] = ()


@dataclass(frozen=True)
class Standing:
    player: PlayerId
    points: int
    wins: int
    played: int
    rating: float
    joined: int


def league_points(result: TableResult, player: PlayerId) -> int:
    if player not in result.winners:
        return 0
    return SOLE_WIN_POINTS if len(result.winners) == 1 else SHARED_WIN_POINTS


def standings(entrants: Sequence[Entrant], results: Iterable[TableResult]) -> tuple[Standing, ...]:
    """Every entrant (those who left too: their results are kept), best first."""
    points = {entrant.player: 0 for entrant in entrants}
    wins = dict(points)
    played = dict(points)
    for result in results:
        for player in result.players:
            if player not in points:
                continue
            played[player] += 1
            points[player] += league_points(result, player)
            wins[player] += player in result.winners
    ranked = [
        Standing(e.player, points[e.player], wins[e.player], played[e.player], e.rating, e.joined)
        for e in entrants
    ]
    ranked.sort(key=lambda s: (-s.points, -s.wins, -s.rating, s.joined))
    return tuple(ranked)


def champion(table: Sequence[Standing]) -> PlayerId | None:
    """The first of the standings (the tie-breaks leave one); None before any game ended."""
    if not table or table[0].played == 0:
        return None
    return table[0].player

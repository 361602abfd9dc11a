"""The arithmetic of the rules, shared by the reducer, the history, replay and simulation."""

from collections.abc import Iterable, Sequence

from .cards import VALUES
from .constants import MAX_SPACE, MIN_SPACE
from .events import Move


def clamp(space: int) -> int:
    return MIN_SPACE if space < MIN_SPACE else MAX_SPACE if space > MAX_SPACE else space


def figure_move(figure: str, start: int, delta: int) -> Move:
    """The move of a figure the cards ask `delta` of: clamped to the track."""
    end = clamp(start + delta)
    return Move(figure, start, delta, end, end != start + delta)


def standard_moves(
    figures: Sequence[str], positions: Sequence[int], cards: Iterable[tuple[int, str]]
) -> tuple[Move, ...]:
    """Standard round: every figure moves by the sum of the cards (card number, target figure)
    in front of it, then is clamped."""
    deltas = dict.fromkeys(figures, 0)
    for card, target in cards:
        deltas[target] += VALUES[card]
    return tuple(
        figure_move(figure, start, deltas[figure])
        for figure, start in zip(figures, positions, strict=True)
    )


def second_distinct(values: Sequence[int]) -> int | None:
    """The second-highest distinct value, None when all values are equal."""
    distinct = set(values)
    if len(distinct) < 2:
        return None
    distinct.remove(max(distinct))
    return max(distinct)


def score_stage(spaces: Sequence[int]) -> tuple[int | None, tuple[int, ...]]:
    """(scoring space, points per figure): every figure on the second-farthest space scores
    that space's number; when all figures share one space nobody scores."""
    space = second_distinct(spaces)
    if space is None:
        return None, (0,) * len(spaces)
    return space, tuple([space if at == space else 0 for at in spaces])


def winner_indexes(totals: Sequence[int]) -> tuple[int, ...]:
    """Indexes of the winners: everyone on the second-highest distinct total, or
    everyone when all totals are equal."""
    winning = second_distinct(totals)
    if winning is None:
        return tuple(range(len(totals)))
    return tuple(index for index, total in enumerate(totals) if total == winning)


def make_moves_at_once(positions: list[int], moves: list[tuple[int, int]]) -> None:
    """Standard round: `moves` holds (card number, target figure index) for every card,
    Leo's included; each figure moves by the sum of the cards in front of it, then is
    clamped (adding every card first and clamping once is exactly sum-then-clamp). Works on
    the caller's own list, for the replay, simulation and AI rollout hot paths."""
    values = VALUES
    for card, target in moves:
        positions[target] += values[card]
    for index, at in enumerate(positions):
        if at > MAX_SPACE:
            positions[index] = MAX_SPACE
        elif at < MIN_SPACE:
            positions[index] = MIN_SPACE


def make_moves_in_order(positions: list[int], moves: list[tuple[int, int]]) -> None:
    """Tactical round: `moves` holds (card number, target figure index) for every card,
    Leo's included; they are made in descending card number, each clamped on its own."""
    moves.sort(reverse=True)
    for card, target in moves:
        end = positions[target] + VALUES[card]
        positions[target] = MIN_SPACE if end < MIN_SPACE else MAX_SPACE if end > MAX_SPACE else end

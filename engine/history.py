"""A game's finished rounds, replayed from its history with the reducer's own moves
(engine/rules.py): where each figure went, and which move the track's end cut short."""

from collections.abc import Iterator
from dataclasses import dataclass

from .cards import VALUES
from .constants import LEO, ROUNDS, START, Variant
from .events import Move
from .rules import figure_move, standard_moves
from .state import GameState, figure_names


@dataclass(frozen=True, slots=True)
class RoundMoves:
    """One finished round: its moves (standard: one per figure; tactical: one per card, the
    highest card number first) and where the figures stood after them, in figure order."""

    stage: int
    round: int
    moves: tuple[Move, ...]
    after: tuple[int, ...]

    @property
    def turn(self) -> tuple[int, int]:
        return (self.stage, self.round)


def logged_rounds(state: GameState) -> Iterator[RoundMoves]:
    """Every round the game's history logged, in the order they were played."""
    figures = figure_names(state.players)
    with_leo = len(state.players) == 2
    for stage, log in enumerate(state.history, start=1):
        spaces = dict.fromkeys(figures, START)
        for round_number, plays in enumerate(log.rounds, start=1):
            cards = [(card, target) for _, card, target in plays]
            if with_leo and round_number < ROUNDS:
                cards.append((log.leo[round_number - 1], LEO))
            moves: list[Move] = []
            if state.variant is Variant.STANDARD:
                moves += standard_moves(figures, list(spaces.values()), cards)
                spaces = {move.figure: move.end for move in moves}
            else:
                for card, target in sorted(cards, reverse=True):
                    moves.append(figure_move(target, spaces[target], VALUES[card]))
                    spaces[target] = moves[-1].end
            yield RoundMoves(stage, round_number, tuple(moves), tuple(spaces.values()))

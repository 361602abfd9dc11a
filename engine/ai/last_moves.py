"""The tactical game's last moves of a stage: in round 5 every card is face up, so the moves
still to make settle the stage with nothing hidden.

Expert play models every later mover as sharp plays: the move best for them were the movers
after them to move casually.
"""

from ..cards import VALUES
from ..rules import clamp, score_stage
from .casual import Aim
from .knowledge import Knowledge
from .outlook import Outlook, my_outlook

Moves = list[tuple[int, int]]  # (mover's figure index, card number), in order


def casual_target(positions: list[int], value: int, aim: Aim) -> int:
    """The figure a casual mover moves by `value`, without the noise: the first best."""
    best, best_score = 0, None
    for target in range(len(positions)):
        after = positions[:]
        after[target] = clamp(after[target] + value)
        score = aim.standing(after)
        if best_score is None or score > best_score:
            best, best_score = target, score
    return best


def moved_by(positions: list[int], target: int, card: int) -> list[int]:
    after = positions[:]
    after[target] = clamp(after[target] + VALUES[card])
    return after


class LastMoves:
    """The rest of a stage's last round of moves, for one decision."""

    __slots__ = ("aims", "leo", "outlooks")

    def __init__(self, knowledge: Knowledge, aims: list[Aim]) -> None:
        self.aims = aims
        self.leo = knowledge.leo
        self.outlooks = [
            Outlook(knowledge.totals, figure, knowledge.player_count, knowledge.stage)
            for figure in range(len(knowledge.figures))
        ]
        self.outlooks[knowledge.me] = my_outlook(knowledge)

    def casually(self, positions: list[int], moves: Moves) -> list[int]:
        for mover, card in moves:
            target = (
                mover
                if mover == self.leo
                else casual_target(positions, VALUES[card], self.aims[mover])
            )
            positions = moved_by(positions, target, card)
        return positions

    def sharp_target(self, positions: list[int], mover: int, card: int, later: Moves) -> int:
        """The figure `mover` moves by `card` as sharp would: the best for it were the later
        movers to move casually."""
        value = self.outlooks[mover].value
        scores = [
            value(score_stage(self.casually(moved_by(positions, target, card), later))[1])
            for target in range(len(positions))
        ]
        return max(range(len(scores)), key=scores.__getitem__)

    def finish(self, positions: list[int], moves: Moves) -> list[int]:
        """Every move made, each mover moving as sharp would (Leo moves Leo)."""
        for index, (mover, card) in enumerate(moves):
            if mover == self.leo:
                target = mover
            else:
                target = self.sharp_target(positions, mover, card, moves[index + 1 :])
            positions = moved_by(positions, target, card)
        return positions

    def best_target(self, positions: list[int], me: int, card: int, later: Moves) -> int:
        """My figure to move: the best for me, the later movers moving as sharp would."""
        value = self.outlooks[me].value
        scores = [
            value(score_stage(self.finish(moved_by(positions, target, card), later))[1])
            for target in range(len(positions))
        ]
        return max(range(len(scores)), key=scores.__getitem__)

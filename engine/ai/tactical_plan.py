"""Expert play in the tactical game: Monte Carlo over the rest of the stage, as sharp, but the
deciding player plans to keep playing well (the move that looks best, every move left) while
the others play casually this round and at random after it; the stage's last moves, with
every card face up, are settled as the last round is (last_moves)."""

from ..cards import VALUES
from ..constants import ROUNDS
from ..rng import next_u64
from ..rules import clamp
from .casual import Aim, casual_move
from .knowledge import Knowledge
from .last_moves import casual_target
from .outlook import my_outlook
from .sharp import aims_of, sampled_card, sampled_move

SAMPLES = 256  # round 1, up to four players
SAMPLES_AT_LARGE_TABLES = 64  # round 1, five or six
LATER_ROUND_GROWTH = (3, 2)  # each later round's samples: round 1's times 3/2 a round


def best_card(positions: list[int], hand: list[int], aim: Aim) -> int:
    """The card with the best move, without the noise."""
    best, best_score = hand[0], None
    for card in hand:
        value = VALUES[card]
        for target in range(len(positions)):
            after = positions[:]
            after[target] = clamp(after[target] + value)
            score = aim.standing(after)
            if best_score is None or score > best_score:
                best, best_score = card, score
    return best


class Rest:
    """The rest of a stage from one sample: the moves this round still to make, then the
    rounds after it."""

    __slots__ = ("aims", "leo", "me")

    def __init__(self, knowledge: Knowledge, aims: list[Aim]) -> None:
        self.aims = aims
        self.leo = knowledge.leo
        self.me = knowledge.me

    def move(self, positions: list[int], moves: list[tuple[int, int]], position: int) -> None:
        """Make `moves` (mover, card) in order: me as looks best, the others casually."""
        me, leo, aims = self.me, self.leo, self.aims
        for mover, card in moves:
            if mover == leo:
                target = leo
            elif mover == me:
                target = casual_target(positions, VALUES[card], aims[me])
            else:
                target, position = casual_move(positions, card, aims[mover], position)
            positions[target] = clamp(positions[target] + VALUES[card])

    def finish(
        self,
        positions: list[int],
        hands: list[list[int]],
        leo_stack: list[int],
        next_round: int,
        position: int,
    ) -> list[int]:
        """Rounds next_round..5: me as looks best, the others at random."""
        me, leo, aims = self.me, self.leo, self.aims
        figure_count = len(positions)
        for round_number in range(next_round, ROUNDS + 1):
            left = ROUNDS + 1 - round_number
            position, bits = next_u64(position)
            chosen = []
            for seat, hand in enumerate(hands):
                if seat == me:
                    card = best_card(positions, hand, aims[me])
                    hand.remove(card)
                else:
                    bits, index = divmod(bits, left)
                    card = hand.pop(index)
                chosen.append((card, seat))
            if leo_stack and left > 1:
                chosen.append((leo_stack[round_number - next_round], leo))
            chosen.sort(reverse=True)
            for card, mover in chosen:
                if mover == leo:
                    target = leo
                elif mover == me:
                    target = casual_target(positions, VALUES[card], aims[me])
                else:
                    bits, target = divmod(bits, figure_count)
                positions[target] = clamp(positions[target] + VALUES[card])
        return positions


def samples_for(knowledge: Knowledge) -> int:
    """A decision's samples: more in each later round, whose samples play fewer rounds with
    fewer cards, so that no decision takes longer than round 1's."""
    grow, by = LATER_ROUND_GROWTH
    samples = knowledge.budget(SAMPLES, SAMPLES_AT_LARGE_TABLES)
    for _ in range(knowledge.round - 1):
        samples = samples * grow // by
    return samples


def plan_card(knowledge: Knowledge, position: int) -> int:
    """PICKING, rounds 1-4: the card to lay down."""
    rest = Rest(knowledge, aims_of(knowledge))
    samples = samples_for(knowledge)
    return sampled_card(knowledge, position, samples, my_outlook(knowledge), rest.move, rest.finish)


def plan_move(knowledge: Knowledge, position: int) -> int:
    """MOVING, rounds 1-4: the figure to move."""
    rest = Rest(knowledge, aims_of(knowledge))
    samples = samples_for(knowledge)
    return sampled_move(knowledge, position, samples, my_outlook(knowledge), rest.move, rest.finish)

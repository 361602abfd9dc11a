"""The rest of a stage, fast: plain lists instead of states, the rules' own arithmetic
(engine/rules.py) for the moves and the scoring.

Figures are indexes (players in seat order, then Leo at index 2 in 2-player games);
hands are lists of card numbers. These functions change the lists they are given.
"""

from ..cards import VALUES
from ..constants import HAND_SIZE, LEO_STACK_SIZE, ROUNDS
from ..rng import next_u64
from ..rules import make_moves_at_once, make_moves_in_order, score_stage
from ..simulate import random_plays
from .randomness import shuffled

LEO_INDEX = 2


def finish_randomly(
    positions: list[int],
    hands: list[list[int]],
    leo_stack: list[int],
    next_round: int,
    position: int,
    *,
    tactical: bool,
) -> list[int]:
    """Play rounds next_round..5 at random: standard picks (sum, then clamp) or tactical
    moves (one at a time, in card-number order); the final spaces."""
    make_moves = make_moves_in_order if tactical else make_moves_at_once
    figure_count = len(positions)
    for round_number in range(next_round, ROUNDS + 1):
        left = ROUNDS + 1 - round_number
        if left == 1 and not tactical:
            moves = [(hand[0], seat) for seat, hand in enumerate(hands)]
        else:
            position, bits = next_u64(position)
            moves = random_plays(hands, left, figure_count, bits)
        if leo_stack and left > 1:
            moves.append((leo_stack[round_number - next_round], LEO_INDEX))
        make_moves(positions, moves)
    return positions


def random_stage_points(player_count: int, seed: int) -> tuple[int, ...]:
    """The points of every figure in one standard stage of random play."""
    cards = list(range(1, len(VALUES)))
    position = shuffled(seed, cards, len(cards))
    hands = [cards[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(player_count)]
    leo_stack = cards[HAND_SIZE * player_count :][:LEO_STACK_SIZE] if player_count == 2 else []
    figure_count = player_count + (1 if leo_stack else 0)
    final = finish_randomly([0] * figure_count, hands, leo_stack, 1, position, tactical=False)
    return score_stage(final)[1]

"""The rest of a stage, fast: plain lists instead of states, the rules' arithmetic inline.

Figures are indexes (players in seat order, then Leo at index 2 in 2-player games);
hands are lists of card numbers. These functions change the lists they are given.
"""

from ..cards import VALUES
from ..constants import HAND_SIZE, LEO_STACK_SIZE, MAX_SPACE, MIN_SPACE, ROUNDS
from ..rng import next_u64
from .randomness import shuffled

LEO_INDEX = 2


def stage_points(positions: list[int]) -> tuple[int, ...]:
    """Every figure on the second-farthest occupied space scores its number."""
    distinct = set(positions)
    if len(distinct) < 2:
        return (0,) * len(positions)
    distinct.remove(max(distinct))
    space = max(distinct)
    return tuple([space if at == space else 0 for at in positions])


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
    play_round = _tactical_round if tactical else _standard_round
    for round_number in range(next_round, ROUNDS + 1):
        position, bits = next_u64(position)
        last = round_number == ROUNDS
        leo_card = leo_stack[round_number - next_round] if leo_stack and not last else None
        play_round(positions, hands, leo_card, ROUNDS + 1 - round_number, bits)
    return positions


def _standard_round(
    positions: list[int], hands: list[list[int]], leo_card: int | None, left: int, bits: int
) -> None:
    values = VALUES
    if left == 1:
        for seat, hand in enumerate(hands):
            positions[seat] += values[hand[0]]
    else:
        options = left * len(positions)
        for hand in hands:
            bits, choice = divmod(bits, options)
            target, index = divmod(choice, left)
            positions[target] += values[hand.pop(index)]
        if leo_card is not None:
            positions[LEO_INDEX] += values[leo_card]
    for index, at in enumerate(positions):
        if at > MAX_SPACE:
            positions[index] = MAX_SPACE
        elif at < MIN_SPACE:
            positions[index] = MIN_SPACE


def _tactical_round(
    positions: list[int], hands: list[list[int]], leo_card: int | None, left: int, bits: int
) -> None:
    values = VALUES
    options = left * len(positions)
    moves = []
    for hand in hands:
        bits, choice = divmod(bits, options)
        target, index = divmod(choice, left)
        moves.append((hand.pop(index), target))
    if leo_card is not None:
        moves.append((leo_card, LEO_INDEX))
    moves.sort(reverse=True)
    for card, target in moves:
        at = positions[target] + values[card]
        positions[target] = MIN_SPACE if at < MIN_SPACE else MAX_SPACE if at > MAX_SPACE else at


def random_stage_points(player_count: int, seed: int) -> tuple[int, ...]:
    """The points of every figure in one standard stage of random play."""
    cards = list(range(1, len(VALUES)))
    position = shuffled(seed, cards, len(cards))
    hands = [cards[HAND_SIZE * seat : HAND_SIZE * (seat + 1)] for seat in range(player_count)]
    leo_stack = cards[HAND_SIZE * player_count :][:LEO_STACK_SIZE] if player_count == 2 else []
    figure_count = player_count + (1 if leo_stack else 0)
    final = finish_randomly([0] * figure_count, hands, leo_stack, 1, position, tactical=False)
    return stage_points(final)

"""Per-decision randomness: a splitmix64 position derived from the AI's seed and the turn."""

from ..constants import Phase
from ..rng import MASK64, next_u64, seed_position

# A draw from fewer than 2**32 equally likely values is refreshed: the bias of taking a
# number below 32 from it stays under one in a hundred million.
FRESH_BELOW = 1 << 32
PHASE_CODES = {Phase.DEALING: 1, Phase.PICKING: 2, Phase.MOVING: 3, Phase.FINISHED: 4}


def decision_position(seed: int, stage: int, round_: int, phase: Phase, player: str) -> int:
    """The generator position for one decision: a function of the AI's seed and the turn
    only, so a decision never depends on what was decided before it."""
    name = player.encode()
    words = [stage, round_, PHASE_CODES[phase], len(name)]
    words.extend(
        int.from_bytes(name[start : start + 8], "little") for start in range(0, len(name), 8)
    )
    position = seed_position(seed)
    for word in words:
        position, mixed = next_u64((position ^ word) & MASK64)
        position = mixed
    return position


def shuffled(position: int, cards: list[int], count: int) -> int:
    """Move `count` uniformly drawn cards of `cards` to its front (a partial shuffle, in
    place); return the generator's next position."""
    size = len(cards)
    bits = room = 0
    for index in range(count):
        if room < FRESH_BELOW:
            position, bits = next_u64(position)
            room = MASK64
        bits, offset = divmod(bits, size - index)
        room //= size - index
        other = index + offset
        cards[index], cards[other] = cards[other], cards[index]
    return position

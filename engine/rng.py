"""splitmix64: a tiny seeded generator whose whole position is one 64-bit integer.

Stable across Python versions and platforms, so a seed replays the same game anywhere.
"""

from .cards import DECK_SIZE

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
# Outputs one deal consumes, whatever the number of players: 192 bits make the
# partial shuffle's bias negligible (32!/2 is about 2**117).
DEAL_DRAWS = 3


def seed_position(seed: int) -> int:
    return seed & MASK64


def next_u64(position: int) -> tuple[int, int]:
    """Return (next position, 64-bit output)."""
    position = (position + GAMMA) & MASK64
    z = position
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return position, z ^ (z >> 31)


def draw_cards(position: int, count: int) -> tuple[int, list[int]]:
    """Return (next position, `count` distinct card numbers in dealing order)."""
    big = 0
    for shift in range(0, 64 * DEAL_DRAWS, 64):
        position, output = next_u64(position)
        big |= output << shift
    deck = list(range(1, DECK_SIZE + 1))
    for index in range(count):
        big, offset = divmod(big, DECK_SIZE - index)
        other = index + offset
        deck[index], deck[other] = deck[other], deck[index]
    return position, deck[:count]

"""The 32 race cards: card numbers 1..32 rank the cards by (|value|, value) (RULES.md)."""

from dataclasses import dataclass

# (value, copies) in card-number order.
_CARD_COUNTS: tuple[tuple[int, int], ...] = (
    (-1, 5),
    (1, 6),
    (-2, 4),
    (2, 5),
    (-3, 3),
    (3, 4),
    (-4, 1),
    (4, 3),
    (5, 1),
)


@dataclass(frozen=True, slots=True)
class Card:
    number: int
    value: int


DECK: tuple[Card, ...] = tuple(
    Card(number, value)
    for number, value in enumerate(
        (value for value, copies in _CARD_COUNTS for _ in range(copies)), start=1
    )
)
DECK_SIZE = len(DECK)

# VALUES[n] is the value of card number n (index 0 unused), for the hot paths.
VALUES: tuple[int, ...] = (0, *(c.value for c in DECK))


def card(number: int) -> Card:
    """The card with this card number (1..32); ValueError for anything else."""
    if type(number) is not int or not 1 <= number <= DECK_SIZE:
        raise ValueError(f"there is no card number {number!r}; cards are numbered 1 to 32")
    return DECK[number - 1]

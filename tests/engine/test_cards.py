"""The 32 race cards exactly as RULES.md tables them."""

from collections import Counter

import pytest

import engine
from engine import DECK


def test_the_deck_has_the_printed_number_of_copies_of_each_value() -> None:
    assert Counter(c.value for c in DECK) == {
        -4: 1,
        -3: 3,
        -2: 4,
        -1: 5,
        1: 6,
        2: 5,
        3: 4,
        4: 3,
        5: 1,
    }


def test_card_numbers_rank_cards_by_size_of_move_positive_above_negative() -> None:
    ranges = {
        -1: range(1, 6),
        1: range(6, 12),
        -2: range(12, 16),
        2: range(16, 21),
        -3: range(21, 24),
        3: range(24, 28),
        -4: range(28, 29),
        4: range(29, 32),
        5: range(32, 33),
    }
    for value, numbers in ranges.items():
        assert [engine.card(n).value for n in numbers] == [value] * len(numbers)
    assert [c.number for c in DECK] == list(range(1, 33))


@pytest.mark.parametrize("number", [0, 33, -1, True, 1.0, "1"])
def test_there_is_no_card_outside_1_to_32(number: object) -> None:
    with pytest.raises(ValueError, match="no card number"):
        engine.card(number)  # type: ignore[arg-type]

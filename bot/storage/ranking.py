"""Ranks on a page of a table read best first: the database counts the rank of the page's
first row; each row after it shares the rank above on a tie, or takes its position."""

from __future__ import annotations

from collections.abc import Sequence


def page_ranks(values: Sequence[float], first_rank: int, first_position: int) -> list[int]:
    """The rank of each of a page's rows, given their values in page order, the counted rank
    of the first, and the first row's position in the whole table (1 for the top)."""
    ranks: list[int] = []
    for index, value in enumerate(values):
        if index == 0:
            ranks.append(first_rank)
        elif value == values[index - 1]:
            ranks.append(ranks[-1])
        else:
            ranks.append(first_position + index)
    return ranks

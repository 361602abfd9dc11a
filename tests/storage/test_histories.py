"""A season with an open end guesses the guild's history from the last read of it: however
few guesses are kept, every read gives the figures of its own guild."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from bot.storage.seasons import Bounds, Histories, Stored, Summed

SINCE = datetime(2025, 4, 15, 9, tzinfo=UTC)
HISTORY: dict[int, Bounds] = {
    1: ("2025-01-03T10:00:00.000000+00:00", "2025-06-20T10:00:00.000000+00:00"),
    2: ("2024-02-01T10:00:00.000000+00:00", "2025-09-09T10:00:00.000000+00:00"),
}


class Reads:
    """A statement's part: the figures of the cover it was given, and the guild's history."""

    def __init__(self) -> None:
        self.statements = 0

    def of(self, guild_id: int) -> Callable[[Stored | Summed], Awaitable[tuple[str, Bounds]]]:
        async def run(source: Stored | Summed) -> tuple[str, Bounds]:
            self.statements += 1
            return repr(source), HISTORY[guild_id]

        return run


async def test_a_forgotten_guess_costs_one_statement_more_and_never_a_wrong_figure() -> None:
    histories, reads = Histories(kept=1), Reads()
    right: dict[int, str] = {}
    for guild_id in (1, 2):
        right[guild_id] = await histories.read(guild_id, SINCE, None, reads.of(guild_id))
    assert reads.statements == 4  # each guild's first read learns its history

    reads.statements = 0
    assert await histories.read(2, SINCE, None, reads.of(2)) == right[2]
    assert reads.statements == 1  # the newest guess is kept
    assert await histories.read(1, SINCE, None, reads.of(1)) == right[1]
    assert reads.statements == 3  # guild 1's was forgotten: learned again
    assert await histories.read(1, SINCE, None, reads.of(1)) == right[1]
    assert reads.statements == 4

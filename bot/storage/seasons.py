"""Where the figures of a period are read from: rows already summed, one per player (all time, or a
season that is one stored bucket), or SQL summing the buckets and raw stretches that `periods.cover`
picks.

A period with an open end stops at the guild's first or last finished game, which decides its cover.
Rather than reading them first (a trip of its own), a read guesses them from what the last read of
the guild saw (`Histories`) and its statement reads them too (`Stored.history`): only if they give
another cover is the period read again, with them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from bot.storage.periods import cover

R = TypeVar("R")
Bounds = tuple[str | None, str | None]
"""A guild's first and last finish times (None, None: no finished game)."""

_HISTORY = (
    # Two subqueries: SQLite answers a lone min() or max() from the index, not both at once.
    "(SELECT min(finished_at) FROM results WHERE guild_id = :guild) AS first_result, "
    "(SELECT max(finished_at) FROM results WHERE guild_id = :guild) AS last_result"
)
_NO_HISTORY = "NULL AS first_result, NULL AS last_result"


@dataclass(frozen=True)
class Stored:
    """Rows already summed, one per player: `where` selects them ({0} is a table alias)."""

    table: str
    where: str
    params: dict[str, object]
    named: bool  # the table holds display names
    history: str
    """The guild's `Bounds` as two columns, first_result and last_result (NULL unless the
    period has an open end), for the statement that reads the period."""


@dataclass(frozen=True)
class Summed:
    """SQL summing the period's parts into one row per player."""

    sql: str
    params: dict[str, object]
    history: str  # as Stored's


GUESSES_KEPT = 10_000
"""Guilds whose history is remembered at the most: a guild forgotten costs its next read one
statement more, and a bot in many servers keeps no more than this."""


class Histories:
    """Each guild's `Bounds` as the last read of it saw them: a guess, checked every time.
    The guesses learned longest ago are forgotten first (`GUESSES_KEPT`)."""

    def __init__(self, kept: int = GUESSES_KEPT) -> None:
        self._seen: dict[int, Bounds] = {}
        self._kept = kept

    async def read(
        self,
        guild_id: int,
        since: datetime | None,
        until: datetime | None,
        run: Callable[[Stored | Summed], Awaitable[tuple[R, Bounds]]],
    ) -> R:
        """`run`'s result on the source of [since, until). `run` also returns the bounds its
        statement read; should they give the period another cover than the guess did, it runs
        again with them (which, on one snapshot, settles it)."""
        if (since is None) == (until is None):  # all time, or two ends: no history needed
            result, _ = await run(locate(guild_id, since, until, (None, None)))
            return result
        guess = self._seen.get(guild_id, (None, None))
        while True:
            result, seen = await run(locate(guild_id, since, until, guess))
            if cover(since, until, *seen) == cover(since, until, *guess):
                return result
            self._remember(guild_id, seen)
            guess = seen

    def _remember(self, guild_id: int, bounds: Bounds) -> None:
        self._seen.pop(guild_id, None)
        self._seen[guild_id] = bounds
        if len(self._seen) > self._kept:
            del self._seen[next(iter(self._seen))]


def locate(
    guild_id: int, since: datetime | None, until: datetime | None, bounds: Bounds
) -> Stored | Summed:
    """Where the figures of [since, until) are, given the guild's `bounds` (what an open end
    stops at)."""
    params: dict[str, object] = {"guild": guild_id}
    if since is None and until is None:
        return Stored("player_totals", "{0}guild_id = :guild", params, True, _NO_HISTORY)
    history = _HISTORY if since is None or until is None else _NO_HISTORY
    chosen = cover(since, until, *bounds)
    if len(chosen.buckets) == 1 and not chosen.raw:
        params["bucket"] = chosen.buckets[0]
        where = "{0}guild_id = :guild AND {0}period = :bucket"
        return Stored("player_periods", where, params, False, history)
    parts = [
        "SELECT 0 AS user_id, 0 AS games, 0 AS wins, 0 AS points, NULL AS best_stage, "
        "0 AS seconds_reached WHERE false"
    ]
    if chosen.buckets:
        keys = ", ".join(f":bucket{index}" for index in range(len(chosen.buckets)))
        params.update({f"bucket{index}": key for index, key in enumerate(chosen.buckets)})
        parts.append(
            "SELECT user_id, games, wins, points, best_stage, seconds_reached "
            f"FROM player_periods WHERE guild_id = :guild AND period IN ({keys})"
        )
    for index, (start, end) in enumerate(chosen.raw):
        params.update({f"raw_from{index}": start, f"raw_to{index}": end})
        parts.append(
            "SELECT user_id, 1, won, total, best_stage, seconds_reached FROM results "
            f"WHERE guild_id = :guild AND finished_at >= :raw_from{index} "
            f"AND finished_at < :raw_to{index}"
        )
    sql = (
        "SELECT user_id, '' AS display_name, sum(games) AS games, sum(wins) AS wins, "
        "sum(points) AS points, max(best_stage) AS best_stage, "
        f"sum(seconds_reached) AS seconds_reached FROM ({' UNION ALL '.join(parts)}) AS parts "
        "GROUP BY user_id"
    )
    return Summed(sql, params, history)

"""The bot's one clock. Every part that needs the time or a duration asks it: the wall clock
for what is stored (deadlines, when a game changed), a monotonic clock for what only lives in
this process (how fresh a click's token is, the REST pacer), and the game's time scale, which
turns a duration of the game's clock into real seconds (tests and the demo speed it up with
WHYFIRST_TIME_SCALE)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta


def wall_clock_from(
    start: datetime, monotonic: Callable[[], float] = time.monotonic
) -> Callable[[], datetime]:
    """A wall clock that reads `start` now and runs on at real speed (tests and the demo:
    a game at the end of a season)."""
    origin = monotonic()
    return lambda: start + timedelta(seconds=monotonic() - origin)


class Clock:
    def __init__(
        self,
        time_scale: float = 1.0,
        *,
        wall: Callable[[], datetime] = lambda: datetime.now(UTC),
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.time_scale = time_scale
        self._wall = wall
        self._monotonic = monotonic

    @classmethod
    def starting(cls, time_scale: float, start: datetime | None) -> Clock:
        """The process's clock; a wall clock from `start` when given (WHYFIRST_CLOCK_START)."""
        return cls(time_scale) if start is None else cls(time_scale, wall=wall_clock_from(start))

    def now(self) -> datetime:
        """The time of day, in UTC."""
        return self._wall()

    def monotonic(self) -> float:
        """Seconds on a clock that never goes back (only differences mean anything)."""
        return self._monotonic()

    def seconds(self, game_seconds: float) -> float:
        """A duration of the game's clock in real seconds."""
        return game_seconds * self.time_scale

    def after(self, game_seconds: float) -> datetime:
        """The moment `game_seconds` of the game's clock from now."""
        return self.now() + timedelta(seconds=self.seconds(game_seconds))

    def until(self, moment: datetime) -> float:
        """Real seconds left until `moment` (0 once it has passed)."""
        return max((moment - self.now()).total_seconds(), 0.0)

    async def sleep(self, game_seconds: float) -> None:
        await asyncio.sleep(self.seconds(game_seconds))

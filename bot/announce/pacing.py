"""Keeping the bot's own REST requests under Discord's global limit, most urgent first.

Discord allows a bot 50 requests a second outside interaction answers, and bans for a while a bot
that keeps drawing 429s. discord.py only learns of the limit from a 429, so a busy moment (hundreds
of games revealing at once) would turn into a storm of refused requests, each retried, each costing
CPU. Taking a turn here before every request queues the excess in the bot instead.

When requests wait, the most urgent go first: a reveal (what a whole table waits to see) before a
hand sent by DM, and a status line ("Waiting for …") only when nothing else waits."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable
from enum import IntEnum

# Below Discord's 50: requests reach Discord a little later than they are let go, unevenly,
# and a few (a fetch after a restart) are made outside the pacer.
REQUESTS_PER_WINDOW = 44
WINDOW_SECONDS = 1.0


class Urgency(IntEnum):
    """Which waiting request goes first (lower first)."""

    PUBLIC = 0
    """A reveal, a result, a notice in the game's channel."""
    PRIVATE = 1
    """A player's hand by DM."""
    STATUS = 2
    """A status line that the next change may make moot."""


class RestPacer:
    """At most `limit` requests let go in any `window` seconds, and never two closer than `window /
    limit` (a burst let go at once reaches Discord bunched, and Discord counts in fixed windows);
    the most urgent waiting request first, first come first served within an urgency."""

    def __init__(
        self,
        monotonic: Callable[[], float],
        limit: int = REQUESTS_PER_WINDOW,
        window: float = WINDOW_SECONDS,
    ) -> None:
        self._budget = limit
        self._limit = limit
        self._window = window
        self._spacing = window / limit
        self._clock = monotonic
        self._let_go: deque[float] = deque()
        self._waiting: tuple[deque[asyncio.Future[None]], ...] = tuple(deque() for _ in Urgency)
        self._wake_up: asyncio.TimerHandle | None = None

    def share_with(self, processes: int) -> None:
        """Discord's limit is the bot's, not a process's: `processes` share it equally."""
        self._limit = max(1, self._budget // max(1, processes))
        self._spacing = self._window / self._limit

    @property
    def limit(self) -> int:
        return self._limit

    @property
    def shared(self) -> bool:
        """Whether other processes live (and may commit what this one has not seen)."""
        return self._limit < self._budget

    @property
    def waiting(self) -> int:
        return sum(len(line) for line in self._waiting)

    async def turn(self, urgency: Urgency = Urgency.PUBLIC) -> None:
        """Wait until this request may go."""
        if not self.waiting and self._delay() <= 0:
            self._let_go.append(self._clock())
            return
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[urgency].append(ticket)
        self._schedule()
        try:
            await ticket
        except asyncio.CancelledError:
            with contextlib.suppress(ValueError):  # not there once it was let go
                self._waiting[urgency].remove(ticket)
            raise

    def _delay(self) -> float:
        """Seconds until the next request may go (0 or less: now)."""
        now = self._clock()
        while self._let_go and self._let_go[0] <= now - self._window:
            self._let_go.popleft()
        if not self._let_go:
            return 0.0
        spaced = self._let_go[-1] + self._spacing - now
        if len(self._let_go) < self._limit:
            return spaced
        return max(spaced, self._let_go[0] + self._window - now)

    def _schedule(self) -> None:
        if self._wake_up is None:
            delay = max(self._delay(), 0.0)
            self._wake_up = asyncio.get_running_loop().call_later(delay, self._release)

    def _release(self) -> None:
        self._wake_up = None
        while self.waiting and self._delay() <= 0:
            line = next(line for line in self._waiting if line)
            ticket = line.popleft()
            if ticket.done():
                continue
            self._let_go.append(self._clock())
            ticket.set_result(None)
        if self.waiting:
            self._schedule()

"""Keeping the bot's own REST requests under Discord's global limit.

Discord allows a bot 50 requests a second outside interaction answers, and bans for a while a
bot that keeps drawing 429s. discord.py only learns of the limit from a 429, so a busy moment
(hundreds of games revealing at once) would turn into a storm of refused requests, each retried,
each costing CPU. Taking a turn here before every request queues the excess in the bot instead.

Requests that only refresh a status ("spare" ones, such as the "Waiting for" line) go only
when nobody is queued, so they never delay a reveal or a hand.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

# Below Discord's 50: requests reach Discord a little later than they are let go, unevenly,
# and a few (a reminder, a fetch) are made outside the pacer.
REQUESTS_PER_WINDOW = 44
WINDOW_SECONDS = 1.0


class RestPacer:
    """At most `limit` requests let go in any `window` seconds, first come first served."""

    def __init__(
        self,
        limit: int = REQUESTS_PER_WINDOW,
        window: float = WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._limit = limit
        self._window = window
        self._clock = clock
        self._let_go: deque[float] = deque()
        self._line = asyncio.Lock()
        self._queued = 0
        self._nobody_queued = asyncio.Event()
        self._nobody_queued.set()

    async def turn(self, spare: bool = False) -> None:
        """Wait until this request may go."""
        while spare and self._queued:
            await self._nobody_queued.wait()
        self._queued += 1
        self._nobody_queued.clear()
        try:
            async with self._line:
                await self._wait_for_room()
                self._let_go.append(self._clock())
        finally:
            self._queued -= 1
            if not self._queued:
                self._nobody_queued.set()

    async def _wait_for_room(self) -> None:
        while len(self._let_go) >= self._limit:
            wait = self._let_go[0] + self._window - self._clock()
            if wait <= 0:
                self._let_go.popleft()
            else:
                await asyncio.sleep(wait)

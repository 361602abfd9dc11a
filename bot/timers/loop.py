"""One loop for every timer this process holds (RoboDanny's reminders are the model): it sleeps
until the earliest one is due, then fires it as an event to the handler of its kind. Setting a
game's timers replaces the ones it had; a sooner timer wakes the loop."""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Mapping

from bot.clock import Clock
from bot.tasks import cancel_and_wait
from bot.timers.timer import Timer, TimerEvent

log = logging.getLogger("whyfirst.timers")

TimerHandler = Callable[[Timer], Awaitable[None]]
Spawn = Callable[[Coroutine[object, object, None]], None]


class Timers:
    def __init__(
        self, clock: Clock, handlers: Mapping[TimerEvent, TimerHandler], spawn: Spawn
    ) -> None:
        """`spawn` runs a due timer's handler on its own (the shutdown waits for it)."""
        self._clock = clock
        self._handlers = dict(handlers)
        self._spawn = spawn
        self._queue: list[Timer] = []
        self._held: dict[int, frozenset[Timer]] = {}
        """Each game's timers; a queued timer no longer held here was replaced (and is
        dropped when it comes up)."""
        self._changed = asyncio.Event()
        self._loop: asyncio.Task[None] | None = None

    def set(self, game_id: int, timers: Iterable[Timer]) -> None:
        """`timers` replace the ones game `game_id` had."""
        held = frozenset(timers)
        self._hold(game_id, held)
        for timer in held:
            heapq.heappush(self._queue, timer)
        if len(self._queue) > 4 * len(self._held) + 64:
            self._queue = [timer for timers in self._held.values() for timer in timers]
            heapq.heapify(self._queue)
        self._changed.set()
        if self._loop is None:
            self._loop = asyncio.create_task(self._run(), name="whyfirst-timers")

    def cancel(self, game_id: int) -> None:
        self.set(game_id, ())

    async def stop(self) -> None:
        """No timer fires any more (those firing now finish in the background)."""
        self._held.clear()
        self._queue.clear()
        await cancel_and_wait(self._loop)
        self._loop = None

    async def _run(self) -> None:
        while True:
            self._changed.clear()
            due = self._next_due()
            if due is not None:
                self._spawn(self._fire(due))
                continue
            wait = self._clock.until(self._queue[0].due) if self._queue else None
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), wait)

    def _next_due(self) -> Timer | None:
        """Pop the earliest timer if it is due; replaced timers are dropped on the way."""
        while self._queue:
            earliest = self._queue[0]
            if earliest not in self._held.get(earliest.game_id, ()):
                heapq.heappop(self._queue)
                continue
            if self._clock.until(earliest.due) > 0:
                return None
            heapq.heappop(self._queue)
            self._hold(earliest.game_id, self._held[earliest.game_id] - {earliest})
            return earliest
        return None

    def _hold(self, game_id: int, held: frozenset[Timer]) -> None:
        """The game's timers are `held` now; with none left, the game is forgotten."""
        if held:
            self._held[game_id] = held
        else:
            self._held.pop(game_id, None)

    async def _fire(self, timer: Timer) -> None:
        try:
            await self._handlers[timer.event](timer)
        except Exception:
            log.warning("game %s: the %s timer failed", timer.game_id, timer.event, exc_info=True)

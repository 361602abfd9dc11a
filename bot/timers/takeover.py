"""Several processes may share one database. Each keeps a lease there while it lives, takes an equal
share of Discord's global REST budget among the live ones, and holds the timers of the games whose
deadline it set last (`games.clock_owner`). Every few seconds it renews its lease and takes over the
timers of games whose process died (its lease ran out): they then fire here, within the lease and a
sweep of the death. A deadline fires once: a timeout for a turn that is over is refused, and the
commit's version check lets one process win.

At start-up the first sweep takes this process's own games back (a restarted process has the same
name) and the games nobody holds, silently: the players notice nothing."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Protocol

from bot import storage as store
from bot.clock import Clock
from bot.observe.metrics import Metrics
from bot.storage import GameRecord, GameStatus
from bot.tasks import cancel_and_wait
from bot.timers.loop import Timers
from bot.timers.timer import game_timers

log = logging.getLogger("whyfirst.takeover")

SWEEP_SECONDS = 5.0
LEASES_PER_SWEEP = 3
"""A lease outlives three sweeps: one late sweep does not make a live process look dead."""
FASTEST_SWEEP_SECONDS = 0.2


class LeaseStore(Protocol):
    async def renew_lease(self, name: str, *, now: datetime, lease: timedelta) -> int: ...

    async def release_lease(self, name: str) -> None: ...

    async def claim_clocks(self, name: str, *, now: datetime, own_too: bool) -> list[int]: ...


class LatestGames(Protocol):
    """The game service's reading (bot/play/service.py)."""

    async def refresh(self, game_id: int) -> GameRecord | None: ...


class SharedBudget(Protocol):
    """Discord's global REST budget as this process paces it (announce/pacing.RestPacer)."""

    def share_with(self, processes: int) -> None: ...


class Takeover:
    def __init__(
        self,
        storage: LeaseStore,
        games: LatestGames,
        timers: Timers,
        resume: Callable[[int], None],
        recover: Callable[[GameRecord], Awaitable[None]],
        pacer: SharedBudget,
        metrics: Metrics,
        clock: Clock,
        process_name: str,
    ) -> None:
        """`recover(record)` shows what a taken-over game stored but did not show, before its
        timers fire and `resume(game_id)` lets its AI players act, as they would have."""
        self._storage = storage
        self._games = games
        self._timers = timers
        self._resume = resume
        self._recover = recover
        self._pacer = pacer
        self._metrics = metrics
        self._clock = clock
        self._name = process_name
        self._every = max(clock.seconds(SWEEP_SECONDS), FASTEST_SWEEP_SECONDS)
        self._lease = timedelta(seconds=self._every * LEASES_PER_SWEEP)
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Take this process's games back (and those nobody holds), then sweep every few seconds."""
        await self._sweep(own_too=True)
        self._task = asyncio.create_task(self._keep_sweeping(), name="whyfirst-takeover")
        log.info("recovered open games")

    async def stop(self) -> None:
        """Stop sweeping, let go of the lease and of every timer."""
        await cancel_and_wait(self._task)
        self._task = None
        await self._timers.stop()
        with contextlib.suppress(store.StorageError):
            await self._storage.release_lease(self._name)

    async def _keep_sweeping(self) -> None:
        while True:
            await asyncio.sleep(self._every)
            try:
                taken_over = await self._sweep(own_too=False)
                self._metrics.deadlines.labels("taken_over").inc(taken_over)
            except store.StorageError as problem:
                log.warning("could not renew the lease or sweep: %s", problem)

    async def _sweep(self, *, own_too: bool) -> int:
        now = self._clock.now()
        alive = await self._storage.renew_lease(self._name, now=now, lease=self._lease)
        self._pacer.share_with(alive)
        claimed = await self._storage.claim_clocks(self._name, now=now, own_too=own_too)
        for game_id in claimed:
            record = await self._games.refresh(game_id)
            if record is not None:
                await self._recover(record)
                self._timers.set(game_id, game_timers(record, self._clock))
            if record is not None and record.status is GameStatus.RUNNING:
                self._resume(game_id)
        if claimed and not own_too:
            log.info("took over the timers of %s games", len(claimed))
        return len(claimed)

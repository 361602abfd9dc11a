"""Several processes may share one database. Each keeps a lease there while it lives, takes an
equal share of Discord's global REST budget among the live ones, and holds the clocks of the
games whose deadline it armed last. Every few seconds it renews its lease and takes over the
clocks of games whose process died (its lease ran out): their deadlines then fire here, within
the lease and a sweep of the death. A deadline fires once: a timeout for a turn that is over
is refused by the engine, and the commit's version check lets one process win.

At start-up the first sweep takes this process's own games back (a restarted process has the
same name) and the games nobody holds, silently: the players notice nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta
from typing import Protocol

from bot import storage as store
from bot.observe.metrics import Metrics
from bot.play.ai_seats import AiSeats
from bot.play.service import GameService
from bot.play.turns import TurnClock
from bot.settings import Settings

log = logging.getLogger("whyfirst.sweeper")


class SharedBudget(Protocol):
    """Discord's global REST budget as this process paces it (announce/pacing.RestPacer)."""

    def share_with(self, processes: int) -> None: ...


SWEEP_SECONDS = 5.0
LEASES_PER_SWEEP = 3
"""A lease outlives three sweeps: one late sweep does not make a live process look dead."""
FASTEST_SWEEP_SECONDS = 0.2


class Sweeper:
    def __init__(
        self,
        storage: store.Storage,
        service: GameService,
        clock: TurnClock,
        ai: AiSeats,
        pacer: SharedBudget,
        metrics: Metrics,
        settings: Settings,
    ) -> None:
        self._storage = storage
        self._service = service
        self._clock = clock
        self._ai = ai
        self._pacer = pacer
        self._metrics = metrics
        self._name = settings.process_name
        self._every = max(settings.seconds(SWEEP_SECONDS), FASTEST_SWEEP_SECONDS)
        self._lease = timedelta(seconds=self._every * LEASES_PER_SWEEP)
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Take this process's games back (and those nobody holds), then sweep every few
        seconds."""
        await self._sweep(own_too=True)
        self._task = asyncio.create_task(self._keep_sweeping(), name="whyfirst-sweeper")
        log.info("recovered open games")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
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
        now = datetime.now(UTC)
        alive = await self._storage.renew_lease(self._name, now=now, lease=self._lease)
        self._pacer.share_with(alive)
        claimed = await self._storage.claim_clocks(self._name, now=now, own_too=own_too)
        for game_id in claimed:
            await self._arm(game_id)
        if claimed and not own_too:
            log.info("took over the clocks of %s games", len(claimed))
        return len(claimed)

    async def _arm(self, game_id: int) -> None:
        record = await self._service.refresh(game_id)
        if record is None:
            return
        if record.status == "lobby":
            if record.lobby_deadline is not None:
                self._clock.arm_lobby(record.id, record.lobby_deadline)
            return
        state = self._service.state_of(record)
        if state is None:
            return
        self._clock.arm_turn(record, state)
        # AI players who had not acted when their process stopped act now, as they would have.
        self._ai.play_soon(record.id)

"""Now and then (on the game's clock), each process forgets what is due: the servers whose
grace period is over (bot/privacy/servers.py) and, when the operator keeps them for a limited
time, the action logs of games closed before it (`WHYFIRST_KEEP_ACTION_LOGS_DAYS`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime, timedelta
from typing import Protocol

from bot.clock import Clock
from bot.tasks import cancel_and_wait

log = logging.getLogger("whyfirst.privacy")

CHECK_EVERY = timedelta(hours=1)
"""How often what is due is looked for (less when a period to keep is shorter)."""

Duty = Callable[[], Awaitable[int]]


class ActionLogStore(Protocol):
    async def delete_action_logs(self, closed_before: datetime) -> int: ...


def action_log_retention(storage: ActionLogStore, clock: Clock, keep: timedelta) -> Duty:
    """The duty that deletes the action logs of games closed more than `keep` ago (their
    records stay replayable from their state, and standings never read them)."""

    async def delete_due() -> int:
        deleted = await storage.delete_action_logs(clock.now() - keep)
        if deleted:
            log.info("action logs of %s closed games deleted", deleted)
        return deleted

    return delete_due


class Housekeeping:
    def __init__(self, clock: Clock, duties: Sequence[Duty], shortest: timedelta) -> None:
        """`shortest`: the shortest period a duty keeps something for."""
        self._clock = clock
        self._duties = tuple(duties)
        self._pause = max(min(CHECK_EVERY, shortest / 4).total_seconds(), 1.0)
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        await cancel_and_wait(self._task)
        self._task = None

    async def _run(self) -> None:
        while True:
            for duty in self._duties:
                try:
                    await duty()
                except Exception:
                    log.exception("housekeeping failed; tried again later")
            await self._clock.sleep(self._pause)

"""Work that runs on after the click or timer that started it (an abandoned game's end)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine

log = logging.getLogger("whyfirst")


class Background:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[object]] = set()

    def spawn(self, work: Coroutine[object, object, object]) -> None:
        """Run `work` in the background, keeping a reference until it ends."""
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[object]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background work failed", exc_info=task.exception())

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    async def settled(self) -> None:
        """Wait until the background work started so far has ended."""
        while self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

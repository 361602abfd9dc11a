"""Clicks and commands still being handled: at shutdown the bot waits for them, so what they
commit is still shown before the connection closes; and what the players are shown after a
change waits for the clicks being handled when it comes up (`handled_now`), so that a burst of
clicks is answered before the stories their changes tell are drawn and sent."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager


class InFlight:
    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[object]] = set()

    @contextmanager
    def handling(self) -> Iterator[None]:
        """Count the current task as in flight while the block runs."""
        task = asyncio.current_task()
        if task is None:
            yield
            return
        self._tasks.add(task)
        try:
            yield
        finally:
            self._tasks.discard(task)

    async def handled_now(self, within: float) -> None:
        """Returns once the clicks and commands in flight now have been handled (not those
        that come later: a steady stream of clicks holds nothing up for longer), or after
        `within` seconds."""
        now = set(self._tasks)
        if now:
            await asyncio.wait(now, timeout=within)

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    async def settled(self) -> None:
        """Wait until the clicks and commands in flight now have been handled."""
        while self._tasks:
            await asyncio.wait(set(self._tasks))

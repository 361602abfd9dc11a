"""Clicks and commands still being handled: at shutdown the bot waits for them, so what they
commit is still shown before the connection closes."""

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

    @property
    def busy(self) -> bool:
        return bool(self._tasks)

    async def settled(self) -> None:
        """Wait until the clicks and commands in flight now have been handled."""
        while self._tasks:
            await asyncio.wait(set(self._tasks))

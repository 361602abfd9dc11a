"""Clicks and commands still being handled: at shutdown the bot waits for them, so what they
commit is still shown before the connection closes; and what the players are shown after a
change waits for the clicks being handled when it comes up (`handled_now`), so that a burst of
clicks is answered before the stories their changes tell are drawn and sent.

Each click handled takes a ticket, numbered in the order they came; "the clicks in flight now"
are those with a ticket below the next one, handled once the oldest still in flight is at or
past it. A wait costs the same however many clicks are in flight: when the bot is overloaded,
hundreds are, and every change of every game waits."""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Iterator
from contextlib import contextmanager


class InFlight:
    def __init__(self) -> None:
        self._in_flight: OrderedDict[int, None] = OrderedDict()
        """The tickets of the clicks and commands in flight, oldest first."""
        self._next_ticket = 0
        self._waiting: deque[tuple[int, asyncio.Future[None]]] = deque()
        """Who waits until every ticket below theirs is handled, in the order they came."""

    @contextmanager
    def handling(self) -> Iterator[None]:
        """Count a click or command as in flight while the block runs."""
        ticket = self._next_ticket
        self._next_ticket += 1
        self._in_flight[ticket] = None
        try:
            yield
        finally:
            del self._in_flight[ticket]
            self._wake()

    async def handled_now(self, within: float | None) -> None:
        """Returns once the clicks and commands in flight now have been handled (not those
        that come later: a steady stream of clicks holds nothing up for longer), or after
        `within` seconds (None: however long it takes)."""
        mark = self._next_ticket
        if self._oldest() >= mark:
            return
        while self._waiting and self._waiting[0][1].done():  # those who gave up waiting
            self._waiting.popleft()
        handled = asyncio.get_running_loop().create_future()
        self._waiting.append((mark, handled))
        try:
            await asyncio.wait((handled,), timeout=within)
        finally:
            handled.cancel()  # if it timed out, or the waiter was cancelled

    @property
    def busy(self) -> bool:
        return bool(self._in_flight)

    async def settled(self) -> None:
        """Wait until the clicks and commands in flight now have been handled."""
        while self._in_flight:
            await self.handled_now(None)

    def _oldest(self) -> int:
        """The ticket of the oldest click in flight; the next ticket when there is none."""
        return next(iter(self._in_flight), self._next_ticket)

    def _wake(self) -> None:
        oldest = self._oldest()
        while self._waiting and self._waiting[0][0] <= oldest:
            _, handled = self._waiting.popleft()
            if not handled.done():
                handled.set_result(None)

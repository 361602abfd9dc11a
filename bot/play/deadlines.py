"""Per-game timers: a reminder at half time, a Timeout at the deadline, the lobby's idle end.

Timers are armed from the deadline stored with the game, so after a restart they keep
counting from where they were. A timer only ever submits an action for the turn it was
armed for; the engine refuses it if that turn is already over.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

from bot.play.transition import TurnKey

log = logging.getLogger("whyfirst.deadlines")

TurnCallback = Callable[[int, TurnKey], Awaitable[None]]
GameCallback = Callable[[int], Awaitable[None]]


def seconds_until(moment: datetime, now: datetime | None = None) -> float:
    now = now or datetime.now(UTC)
    return max((moment - now).total_seconds(), 0.0)


class Deadlines:
    def __init__(
        self,
        remind: TurnCallback,
        time_out: TurnCallback,
        close_lobby: GameCallback,
    ) -> None:
        self._remind = remind
        self._time_out = time_out
        self._close_lobby = close_lobby
        self._timers: dict[int, asyncio.Task[None]] = {}

    def arm_turn(self, game_id: int, turn: TurnKey, deadline: datetime, half: float) -> None:
        """Remind `half` real seconds before `deadline`, then time the turn out."""
        self.cancel(game_id)
        self._timers[game_id] = asyncio.create_task(
            self._turn(game_id, turn, deadline, half), name=f"whyfirst-deadline-{game_id}"
        )

    def arm_lobby(self, game_id: int, deadline: datetime) -> None:
        self.cancel(game_id)
        self._timers[game_id] = asyncio.create_task(
            self._lobby(game_id, deadline), name=f"whyfirst-lobby-{game_id}"
        )

    def cancel(self, game_id: int) -> None:
        timer = self._timers.pop(game_id, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    def cancel_all(self) -> None:
        for game_id in list(self._timers):
            self.cancel(game_id)

    async def _turn(self, game_id: int, turn: TurnKey, deadline: datetime, half: float) -> None:
        remaining = seconds_until(deadline)
        if remaining > half:
            await asyncio.sleep(remaining - half)
            await self._guarded(self._remind(game_id, turn), game_id)
        await asyncio.sleep(seconds_until(deadline))
        self._timers.pop(game_id, None)
        await self._guarded(self._time_out(game_id, turn), game_id)

    async def _lobby(self, game_id: int, deadline: datetime) -> None:
        await asyncio.sleep(seconds_until(deadline))
        self._timers.pop(game_id, None)
        await self._guarded(self._close_lobby(game_id), game_id)

    async def _guarded(self, work: Awaitable[None], game_id: int) -> None:
        try:
            await work
        except asyncio.CancelledError:
            raise
        except Exception:
            log.warning("game %s: a timer's work failed", game_id, exc_info=True)

"""The timers: one loop fires every game's timers in time order, a game's new timers replace
its old ones, a sooner timer wakes the loop, and a game's row says which timers it holds."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Coroutine
from datetime import UTC, datetime, timedelta

import pytest

from bot.clock import Clock
from bot.storage import GameRecord, GameStatus
from bot.timers.loop import Timers
from bot.timers.timer import Timer, TimerEvent, game_timers, lobby_idle_end

T0 = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)


class Fired:
    """The timers that fired, in order, as the handlers saw them."""

    def __init__(self) -> None:
        self.timers: list[Timer] = []
        self.tasks: set[asyncio.Task[None]] = set()
        self._one_more = asyncio.Condition()

    async def note(self, timer: Timer) -> None:
        async with self._one_more:
            self.timers.append(timer)
            self._one_more.notify_all()

    def spawn(self, work: Coroutine[object, object, None]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def until(self, count: int) -> list[Timer]:
        async with asyncio.timeout(10), self._one_more:
            await self._one_more.wait_for(lambda: len(self.timers) >= count)
        return self.timers


@pytest.fixture
async def fired() -> AsyncIterator[tuple[Fired, Timers, Clock]]:
    fired = Fired()
    clock = Clock()
    timers = Timers(clock, dict.fromkeys(TimerEvent, fired.note), fired.spawn)
    yield fired, timers, clock
    await timers.stop()


def timer(clock: Clock, game_id: int, event: TimerEvent, seconds: float) -> Timer:
    due = clock.now() + timedelta(seconds=seconds)
    return Timer(due, game_id, event, due)


async def test_timers_fire_once_each_in_the_order_they_are_due(
    fired: tuple[Fired, Timers, Clock],
) -> None:
    seen, timers, clock = fired
    timers.set(
        1, [timer(clock, 1, TimerEvent.TIME_OUT, 0.12), timer(clock, 1, TimerEvent.REMIND, 0.06)]
    )
    timers.set(2, [timer(clock, 2, TimerEvent.CLOSE_LOBBY, 0.03)])
    assert [(t.game_id, t.event) for t in await seen.until(3)] == [
        (2, TimerEvent.CLOSE_LOBBY),
        (1, TimerEvent.REMIND),
        (1, TimerEvent.TIME_OUT),
    ]
    # Proving that nothing more fires: a timer that fired twice would do so on the loop's next
    # pass, at once; 0.1 s is many passes.
    await asyncio.sleep(0.1)
    assert len(seen.timers) == 3


async def test_a_games_new_timers_replace_its_old_ones_and_cancel_drops_them(
    fired: tuple[Fired, Timers, Clock],
) -> None:
    seen, timers, clock = fired
    timers.set(1, [timer(clock, 1, TimerEvent.TIME_OUT, 0.03)])
    replacement = timer(clock, 1, TimerEvent.TIME_OUT, 0.08)
    timers.set(1, [replacement])
    timers.set(2, [timer(clock, 2, TimerEvent.TIME_OUT, 0.02)])
    timers.cancel(2)
    timers.set(3, [timer(clock, 3, TimerEvent.CLOSE_LOBBY, 0.15)])
    assert [t.game_id for t in await seen.until(2)] == [1, 3]
    assert seen.timers[0] == replacement


async def test_a_sooner_timer_wakes_the_loop(fired: tuple[Fired, Timers, Clock]) -> None:
    seen, timers, clock = fired
    timers.set(1, [timer(clock, 1, TimerEvent.TIME_OUT, 3600)])
    # Lets the loop fall asleep on the hour-long timer (on a slow machine it may not have yet,
    # and the test then proves less, never fails wrongly).
    await asyncio.sleep(0.02)
    timers.set(2, [timer(clock, 2, TimerEvent.TIME_OUT, 0.01)])
    assert [t.game_id for t in await seen.until(1)] == [2]


def game(
    status: GameStatus, *, deadline: datetime | None = None, lobby: datetime | None = None
) -> GameRecord:
    return GameRecord(
        id=7,
        guild_id=1,
        channel_id=2,
        host_id=3,
        variant="standard",
        options_json='{"pick_seconds": 90}',
        status=status,
        seed=1,
        version=1,
        state_json=None,
        seats=(),
        created_at=T0,
        updated_at=T0,
        started_at=None,
        finished_at=None,
        deadline=deadline,
        lobby_deadline=lobby,
    )


def test_a_games_row_holds_its_reminder_while_ahead_its_timeout_or_its_lobbys_end() -> None:
    clock = Clock(0.5, wall=lambda: T0)  # 90 s of pick time are 45 s, half time 22.5 s
    deadline = T0 + timedelta(seconds=45)
    assert game_timers(game(GameStatus.RUNNING, deadline=deadline), clock) == (
        Timer(deadline - timedelta(seconds=22.5), 7, TimerEvent.REMIND, deadline),
        Timer(deadline, 7, TimerEvent.TIME_OUT, deadline),
    )
    late = T0 + timedelta(seconds=20)
    assert game_timers(game(GameStatus.RUNNING, deadline=late), clock) == (
        Timer(late, 7, TimerEvent.TIME_OUT, late),
    )
    end = T0 + timedelta(minutes=15)
    assert game_timers(game(GameStatus.LOBBY, lobby=end), clock) == (
        Timer(end, 7, TimerEvent.CLOSE_LOBBY, end),
    )
    assert game_timers(game(GameStatus.FINISHED, deadline=deadline), clock) == ()
    idle = T0 + timedelta(minutes=7.5)
    assert lobby_idle_end(7, clock) == Timer(idle, 7, TimerEvent.CLOSE_LOBBY, idle)

"""A timer: a moment, a game and the event due then. A game's timers are read from its row (its
deadline, or its lobby's), so they survive a restart and another process can take them over."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from bot.clock import Clock
from bot.options import GameOptions
from bot.storage import GameRecord, GameStatus

LOBBY_IDLE_SECONDS = 15 * 60


class TimerEvent(StrEnum):
    REMIND = "remind"
    """Half the pick time has gone: remind who has not picked yet."""
    TIME_OUT = "time_out"
    """The turn's deadline: play a random card (or move) for who has not."""
    CLOSE_LOBBY = "close_lobby"
    """Nobody used the lobby for a while: it closes."""


@dataclass(frozen=True, order=True, slots=True)
class Timer:
    due: datetime
    game_id: int
    event: TimerEvent
    deadline: datetime
    """The game's deadline this timer serves: a turn's, or the lobby's idle end."""


def game_timers(record: GameRecord, clock: Clock) -> tuple[Timer, ...]:
    """The timers a game's row holds: the lobby's idle end, or its turn's reminder (while it
    is still ahead) and timeout."""
    if record.status is GameStatus.LOBBY and record.lobby_deadline is not None:
        end = record.lobby_deadline
        return (Timer(end, record.id, TimerEvent.CLOSE_LOBBY, end),)
    if record.status is not GameStatus.RUNNING or record.deadline is None:
        return ()
    half = timedelta(seconds=clock.seconds(GameOptions.of(record).pick_seconds / 2))
    time_out = Timer(record.deadline, record.id, TimerEvent.TIME_OUT, record.deadline)
    remind_at = record.deadline - half
    if remind_at <= clock.now():
        return (time_out,)
    return (Timer(remind_at, record.id, TimerEvent.REMIND, record.deadline), time_out)


def lobby_idle_end(game_id: int, clock: Clock) -> Timer:
    """Someone used the lobby: its idle time starts again."""
    end = clock.after(LOBBY_IDLE_SECONDS)
    return Timer(end, game_id, TimerEvent.CLOSE_LOBBY, end)

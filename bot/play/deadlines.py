"""What a game's due timer does (bot/timers/ decides when): remind who has not picked at half time,
play for them at the deadline, close a lobby nobody used. Each is an action like any other, refused
if its turn is already over; after each commit the game's timers are set anew from its row."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import timedelta

import engine
from bot.clock import Clock
from bot.observe.metrics import Metrics
from bot.play.announcing import Announcing
from bot.play.commits import Commits
from bot.play.open_games import GameReader
from bot.play.transition import EndReason, Refusal, turn_of
from bot.storage import GameRecord, GameStatus
from bot.timers.loop import TimerHandler
from bot.timers.timer import Timer, TimerEvent

log = logging.getLogger("whyfirst.deadlines")

DEADLINE_SLACK = timedelta(milliseconds=50)


class DeadlineActions:
    def __init__(
        self,
        commits: Commits,
        storage: GameReader,
        announcing: Announcing,
        metrics: Metrics,
        clock: Clock,
    ) -> None:
        self._commits = commits
        self._storage = storage
        self._announcing = announcing
        self._metrics = metrics
        self._clock = clock

    @property
    def handlers(self) -> Mapping[TimerEvent, TimerHandler]:
        return {
            TimerEvent.REMIND: self.remind,
            TimerEvent.TIME_OUT: self.time_out,
            TimerEvent.CLOSE_LOBBY: self.close_lobby,
        }

    async def remind(self, timer: Timer) -> None:
        """Half time of a turn that is still on: who has not acted yet is reminded."""
        record = await self._storage.game(timer.game_id)
        if record is None or record.status is not GameStatus.RUNNING or record.state_json is None:
            return
        if record.deadline != timer.deadline:
            return
        waiting = engine.waiting_for(engine.state_from_dict(record.state))
        missing = tuple(seat.player for seat in record.seats if seat.player in waiting)
        if missing:
            await self._announcing.remind(record, missing)

    async def time_out(self, timer: Timer) -> None:
        def build(record: GameRecord, state: engine.GameState) -> engine.Action | Refusal:
            # A timer that lost a race with the turn's last action must not time out the next
            # turn (tactical moves share stage and round): that turn has a deadline of its own.
            if record.deadline != timer.deadline:
                return Refusal("refusal.not_due")
            if record.deadline > self._clock.now() + DEADLINE_SLACK:
                return Refusal("refusal.not_due")
            turn = turn_of(state)
            return engine.Timeout(turn.stage, turn.round, turn.mover)

        outcome = await self._commits.act(timer.game_id, None, build)
        if isinstance(outcome, Refusal):
            log.info("game %s: timeout not applied (%s)", timer.game_id, outcome.key)
        else:
            self._metrics.deadlines.labels("fired").inc()

    async def close_lobby(self, timer: Timer) -> None:
        if await self._commits.end(timer.game_id, EndReason.LOBBY_EXPIRED):
            self._metrics.deadlines.labels("fired").inc()

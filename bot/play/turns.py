"""Every game's clock: the pick deadline with its reminder at half time, and the lobby's idle
end. Armed after each commit and at start-up from the deadline stored with the game; what a
timer does is an action like any other, refused by the engine if its turn is already over."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

import engine
from bot import storage as store
from bot.observe.metrics import Metrics
from bot.options import GameOptions
from bot.play.announcing import Announcing
from bot.play.deadlines import Deadlines
from bot.play.service import LOBBY_IDLE_SECONDS, GameService, utc_now
from bot.play.transition import EndReason, Refusal, Transition, TurnKey, turn_of
from bot.settings import Settings
from bot.storage import GameRecord

log = logging.getLogger("whyfirst.turns")

DEADLINE_SLACK = timedelta(milliseconds=50)


class TurnClock:
    def __init__(
        self,
        service: GameService,
        storage: store.Storage,
        announcing: Announcing,
        metrics: Metrics,
        settings: Settings,
    ) -> None:
        self._service = service
        self._storage = storage
        self._announcing = announcing
        self._metrics = metrics
        self._settings = settings
        self._deadlines = Deadlines(self._remind, self._time_out, self._close_lobby)

    def arm_after(self, transition: Transition) -> None:
        """A new turn began: its deadline replaces the last one."""
        if transition.turn_changed and transition.record.deadline is not None:
            self.arm_turn(transition.record, transition.state)

    def arm_turn(self, record: GameRecord, state: engine.GameState) -> None:
        if record.deadline is None:
            return
        half = self._settings.seconds(GameOptions.of(record).pick_seconds / 2)
        self._deadlines.arm_turn(record.id, turn_of(state), record.deadline, half)

    def touch_lobby(self, game_id: int) -> None:
        """Someone used the lobby: its idle time starts again."""
        self.arm_lobby(game_id, self._service.deadline_after(LOBBY_IDLE_SECONDS))

    def arm_lobby(self, game_id: int, deadline: datetime) -> None:
        self._deadlines.arm_lobby(game_id, deadline)

    def cancel(self, game_id: int) -> None:
        self._deadlines.cancel(game_id)

    def cancel_all(self) -> None:
        self._deadlines.cancel_all()

    async def _remind(self, game_id: int, turn: TurnKey) -> None:
        record = await self._storage.game(game_id)
        if record is None or record.status != "running" or record.state is None:
            return
        state = engine.state_from_dict(record.state)
        if turn_of(state) != turn:
            return
        missing = engine.public_view(state).waiting_for
        if missing:
            await self._announcing.remind(record, missing)

    async def _time_out(self, game_id: int, turn: TurnKey) -> None:
        def build(record: GameRecord, state: engine.GameState) -> engine.Action | Refusal:
            # A timer that lost a race with the turn's last action must not time out the next
            # turn of the same round (tactical moves share stage and round).
            if record.deadline is not None and record.deadline > utc_now() + DEADLINE_SLACK:
                return Refusal("refusal.not_due")
            return engine.Timeout(turn.stage, turn.round, turn.mover)

        outcome = await self._service.act(game_id, None, build)
        if isinstance(outcome, Refusal):
            log.info(
                "game %s: timeout of %s/%s not applied (%s)",
                game_id,
                turn.stage,
                turn.round,
                outcome.key,
            )
        else:
            self._metrics.deadlines.labels("fired").inc()

    async def _close_lobby(self, game_id: int) -> None:
        if await self._service.end(game_id, EndReason.LOBBY_EXPIRED):
            self._metrics.deadlines.labels("fired").inc()

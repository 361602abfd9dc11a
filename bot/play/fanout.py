"""After every commit: show it to the players, re-arm the game's clock, let the AI players
whose turn began act, and notice a game that nobody plays any more. The game service publishes
each change here."""

from __future__ import annotations

import logging

from bot.play.abandonment import AbandonmentCheck, ends_a_round_nobody_may_have_played
from bot.play.ai_seats import AiSeats
from bot.play.announcing import Announcing
from bot.play.background import Background
from bot.play.transition import Change, Transition
from bot.play.turns import TurnClock

log = logging.getLogger("whyfirst.game")


class Fanout:
    def __init__(
        self,
        announcing: Announcing,
        clock: TurnClock,
        abandonment: AbandonmentCheck,
        background: Background,
        ai: AiSeats,
    ) -> None:
        self._announcing = announcing
        self._clock = clock
        self._abandonment = abandonment
        self._background = background
        self._ai = ai

    def __call__(self, change: Change) -> None:
        self._announcing.show(change)
        if not isinstance(change, Transition) or change.finished:
            self._clock.cancel(change.game_id)
            if not isinstance(change, Transition):
                log.info("game %s ended: %s", change.game_id, change.reason.value)
            return
        self._clock.arm_after(change)
        self._ai.after(change)
        if ends_a_round_nobody_may_have_played(change):
            self._background.spawn(self._abandonment.after(change))

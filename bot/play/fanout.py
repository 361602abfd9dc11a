"""After every commit: show it to the players, set the game's timers anew, let the AI players
whose turn began act, and notice a game that nobody plays any more. The game service publishes
each change here."""

from __future__ import annotations

import logging

from bot.clock import Clock
from bot.play.abandonment import AbandonmentCheck, ends_a_round_nobody_may_have_played
from bot.play.ai_seats import AiSeats
from bot.play.announcing import Announcing
from bot.play.background import Background
from bot.play.transition import Change, Transition
from bot.timers.loop import Timers
from bot.timers.timer import game_timers

log = logging.getLogger("whyfirst.game")


class Fanout:
    def __init__(
        self,
        announcing: Announcing,
        timers: Timers,
        clock: Clock,
        abandonment: AbandonmentCheck,
        background: Background,
        ai: AiSeats,
    ) -> None:
        self._announcing = announcing
        self._timers = timers
        self._clock = clock
        self._abandonment = abandonment
        self._background = background
        self._ai = ai

    def __call__(self, change: Change) -> None:
        self._announcing.show(change)
        if not isinstance(change, Transition) or change.finished:
            self._timers.cancel(change.game_id)
            if not isinstance(change, Transition):
                log.info("game %s ended: %s", change.game_id, change.reason.value)
            return
        if change.turn_changed:
            # A new turn began: its deadline replaces the last one.
            self._timers.set(change.game_id, game_timers(change.record, self._clock))
        self._ai.after(change)
        if ends_a_round_nobody_may_have_played(change):
            self._background.spawn(self._abandonment.after(change))

"""A game in which nobody played for a whole stage is abandoned.

Counted per game over the rounds in a row that ended without a single click (only deadlines),
from the committed transitions, and again from the action log after a restart.
"""

from __future__ import annotations

from typing import Any

import engine
from bot.play.transition import Transition


class AbandonmentWatch:
    def __init__(self) -> None:
        self._idle_rounds: dict[int, int] = {}
        self._human_in_round: dict[int, bool] = {}

    def observe(self, transition: Transition) -> bool:
        """Note a transition; True when it ended the last round of an idle stage."""
        game_id = transition.game_id
        if transition.actor_id is not None:
            self._human_in_round[game_id] = True
        before, state = transition.before, transition.state
        if before is None or (before.stage, before.round) == (state.stage, state.round):
            return False
        if self._human_in_round.pop(game_id, False):
            self._idle_rounds[game_id] = 0
            return False
        idle = self._idle_rounds.get(game_id, 0) + 1
        self._idle_rounds[game_id] = idle
        return idle >= engine.ROUNDS

    def resume(self, game_id: int, state: engine.GameState, log: list[dict[str, Any]]) -> None:
        """After a restart: the rounds in a row that nobody played, counted from the log."""
        human_by_turn: dict[tuple[int, int], bool] = {}
        for entry in log:
            action = entry["action"]
            if "round" not in action:  # a deal
                continue
            turn = (int(action["stage"]), int(action["round"]))
            human_by_turn[turn] = human_by_turn.get(turn, False) or entry["actor_id"] is not None
        self._human_in_round[game_id] = human_by_turn.pop((state.stage, state.round), False)
        idle = 0
        for human in reversed(human_by_turn.values()):
            if human:
                break
            idle += 1
        self._idle_rounds[game_id] = idle

    def forget(self, game_id: int) -> None:
        self._idle_rounds.pop(game_id, None)
        self._human_in_round.pop(game_id, None)

"""The engine's verdict on what a click or a deadline asks of a game, before anything is
written: the actions it accepted and where they lead, or why nothing changes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import engine
from bot import storage as store
from bot.play.transition import Refusal
from bot.storage import GameRecord, GameStatus

REFUSAL_BY_CODE: dict[engine.RejectCode, str] = {
    engine.RejectCode.NOT_A_PLAYER: "refusal.not_seated",
    engine.RejectCode.WRONG_PHASE: "refusal.wrong_phase",
    engine.RejectCode.STALE_TURN: "refusal.old_round",
    engine.RejectCode.CARD_NOT_IN_HAND: "refusal.card_not_in_hand",
    engine.RejectCode.UNKNOWN_TARGET: "refusal.unknown_target",
    engine.RejectCode.MUST_TARGET_SELF: "refusal.must_target_self",
    engine.RejectCode.NOT_YOUR_MOVE: "refusal.not_your_move",
    engine.RejectCode.GAME_OVER: "refusal.game_over",
    engine.RejectCode.INVALID_DEAL: "refusal.unknown_game",
}

ActionBuilder = Callable[
    [GameRecord, engine.GameState], "engine.Action | tuple[engine.Action, ...] | Refusal"
]
"""Makes the action (or the AI players' actions of one turn) from the game as it stands."""


@dataclass(frozen=True)
class Prepared:
    """Actions the engine accepted, one after another, against `record`'s state, not yet
    committed: `after` is the state they lead to, `events` what happened."""

    record: GameRecord
    build: ActionBuilder
    before: engine.GameState
    actions: tuple[engine.Action, ...]
    after: engine.GameState
    events: tuple[engine.Event, ...]


def judge(
    record: GameRecord | None, before: engine.GameState | None, build: ActionBuilder
) -> Prepared | Refusal:
    """The engine's verdict on the actions `build` makes from the stored game (`before`: its
    state)."""
    if record is None:
        return Refusal("refusal.unknown_game")
    if record.status in store.CLOSED_STATUSES:
        return Refusal("refusal.game_over")
    if record.status is not GameStatus.RUNNING or before is None:
        return Refusal("refusal.not_started")
    made = build(record, before)
    if isinstance(made, Refusal):
        return made
    actions = made if isinstance(made, tuple) else (made,)
    state = before
    events: tuple[engine.Event, ...] = ()
    for action in actions:
        outcome = engine.apply(state, action)
        if isinstance(outcome, engine.Rejected):
            return Refusal(REFUSAL_BY_CODE.get(outcome.code, "refusal.invalid"))
        state, events = outcome.state, (*events, *outcome.events)
    return Prepared(record, build, before, actions, state, events)

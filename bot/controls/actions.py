"""What a click on a player's controls asks the engine for: built from the game as it stands
when the click is judged, refused when the turn already holds that very play."""

from __future__ import annotations

import engine
from bot.play.transition import Refusal
from bot.play.verdict import ActionBuilder
from bot.storage import GameRecord, PlayerId
from bot.ui import custom_ids as ids


def card_action(player: PlayerId, turn: ids.Turn, card: int) -> ActionBuilder:
    """A card that needs no target: the tactical game's face-down card, or the standard
    game's last round, where it goes in front of its player."""

    def build(record: GameRecord, state: engine.GameState) -> engine.Action | Refusal:
        if player in state.players:
            view = engine.hand_view(state, player)
            same_turn = (view.stage, view.round) == (turn.stage, turn.round)
            if same_turn and view.pick is not None and view.pick[0] == card:
                return Refusal("refusal.already_picked")
        if state.variant == engine.Variant.TACTICAL:
            return engine.ChooseCard(player, turn.stage, turn.round, card)
        return engine.Pick(player, turn.stage, turn.round, card, player)

    return build


def pick_action(player: PlayerId, turn: ids.Turn, card: int, target: str) -> ActionBuilder:
    """A card and the figure it goes in front of (`target`: a target code of a custom id)."""

    def build(record: GameRecord, state: engine.GameState) -> engine.Action | Refusal:
        figure = ids.target_figure(state.players, target, engine.LEO)
        if figure is None:
            return Refusal("refusal.unknown_target")
        if player in state.players:
            view = engine.hand_view(state, player)
            same_turn = (view.stage, view.round) == (turn.stage, turn.round)
            if same_turn and view.pick == (card, figure):
                return Refusal("refusal.already_picked")
        return engine.Pick(player, turn.stage, turn.round, card, figure)

    return build


def move_action(player: PlayerId, turn: ids.Turn, target: str) -> ActionBuilder:
    """The tactical mover's figure (`target`: a target code of a custom id)."""

    def build(record: GameRecord, state: engine.GameState) -> engine.Action | Refusal:
        figure = ids.target_figure(state.players, target, engine.LEO)
        if figure is None:
            return Refusal("refusal.unknown_target")
        return engine.MoveFigure(player, turn.stage, turn.round, figure)

    return build

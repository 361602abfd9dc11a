"""choose(view, level, seed): an AI player's action, from what its seat may know."""

from collections.abc import Sequence
from enum import StrEnum

from ..actions import Action, ChooseCard, MoveFigure, Pick
from ..constants import ROUNDS, STAGES
from ..views import PlayerView
from .casual import aim_of, casual_card, casual_move, casual_pick
from .expert import expert_card, expert_move, expert_pick
from .knowledge import knowledge_of
from .randomness import decision_position
from .sharp import sharp_card, sharp_move, sharp_pick


class Level(StrEnum):
    """How well an AI plays (a str: "casual", "sharp", "expert")."""

    CASUAL = "casual"
    SHARP = "sharp"
    EXPERT = "expert"


def choose(view: PlayerView, level: Level, seed: int) -> Action:
    """The action of `view.player` now: a Pick (standard), a ChooseCard (tactical
    PICKING) or a MoveFigure (the current tactical mover), for the view's stage and round.

    A function of (view, level, seed) only: `seed` is the AI's own (never the deal's), and
    each decision's randomness is derived from it and the turn. ValueError when the player
    has nothing to do in this view, or for an unknown level.
    """
    level = Level(level)
    sharp = level is not Level.CASUAL
    knowledge = knowledge_of(view)
    position = decision_position(seed, view.stage, view.round, view.phase, view.player)
    player, stage, round_ = view.player, view.stage, view.round
    positions = list(knowledge.positions)
    hand = list(knowledge.hand)
    aim = aim_of(knowledge.totals, knowledge.me, stage == STAGES)
    if knowledge.moving:
        if level is Level.EXPERT:
            target = expert_move(knowledge, position)
        elif sharp:
            target = sharp_move(knowledge, position)
        else:
            target, _ = casual_move(positions, knowledge.moves_left[0][1], aim, position)
        return MoveFigure(player, stage, round_, knowledge.figures[target])
    if knowledge.tactical:
        if len(hand) == 1:
            card = hand[0]
        elif level is Level.EXPERT:
            card = expert_card(knowledge, position)
        elif sharp:
            card = sharp_card(knowledge, position)
        else:
            card, _ = casual_card(positions, hand, aim, position)
        return ChooseCard(player, stage, round_, card)
    if round_ == ROUNDS:
        return Pick(player, stage, round_, hand[0], player)  # the last card, on oneself
    if level is Level.EXPERT:
        card, target = expert_pick(knowledge, position)
    elif sharp:
        card, target = sharp_pick(knowledge, position)
    else:
        card, target, _ = casual_pick(positions, hand, aim, round_, position)
    return Pick(player, stage, round_, card, knowledge.figures[target])


def choose_each(views: Sequence[PlayerView], level: Level, seed: int) -> tuple[Action, ...]:
    """`choose` for each view, in order (the AI players of one table who act now)."""
    return tuple(choose(view, level, seed) for view in views)

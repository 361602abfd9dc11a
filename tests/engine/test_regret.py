"""Regret matching at the current round (engine/ai/regret.py): a move of the deciding hand
on a figure of the table, the same move from the same knowledge and position."""

import pytest

import engine
from engine import Phase
from engine.ai.knowledge import Knowledge, knowledge_of
from engine.ai.regret import regret_pick
from engine.ai.regret_tree import Tree
from engine.ai.sharp import aims_of

from .play import Game


def knowledge_at(players: int, round_number: int, seed: int) -> Knowledge:
    """The first seat's knowledge in round `round_number` of stage 1, every seat having
    played casually until then."""
    names = [f"p{seat}" for seat in range(players)]
    game = Game.start(names, "standard", seed)
    game.settle()
    while True:
        player = engine.public_view(game.state).waiting_for[0]
        view = engine.view_for(game.state, player)
        if player == names[0] and view.round == round_number and view.phase is Phase.PICKING:
            return knowledge_of(view)
        game.do(engine.choose(view, engine.Level.CASUAL, seed))
        game.settle()


@pytest.mark.parametrize("round_number", [1, 2, 3])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_regret_matching_picks_a_card_of_the_hand_for_a_figure_of_the_table(
    players: int, round_number: int
) -> None:
    knowledge = knowledge_at(players, round_number, seed=players * 7 + round_number)
    card, target = regret_pick(knowledge, 12345, iterations=8)
    assert card in knowledge.hand
    assert 0 <= target < len(knowledge.figures)
    again = regret_pick(knowledge, 12345, iterations=8)
    assert again == (card, target)


def test_the_tree_plays_every_card_of_every_hand_once() -> None:
    """A play-out of the later rounds plays each hand out, Leo's stack on Leo, and ends on
    the track; its path holds one visit per player and round 2-4."""
    knowledge = knowledge_at(2, 1, seed=5)
    tree = Tree(aims_of(knowledge), len(knowledge.figures))
    for position in range(20):
        hands = [[1, 9, 17, 30], [2, 10, 20, 32]]
        final = tree.finish([0, 0, 0], [hand[:] for hand in hands], [3, 11, 25], 2, position)
        assert all(engine.MIN_SPACE <= at <= engine.MAX_SPACE for at in final)
        assert len(tree.path) == 2 * 3
        tree.update([0.5, 0.25])

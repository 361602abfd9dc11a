"""Refused actions: a code, an English sentence, and the state left as it was."""

import pytest

import engine
from engine import ChooseCard, Deal, MoveFigure, Pick, RejectCode, Rejected, Timeout

from .play import Game

HANDS = {"Anne": [6, 7, 8, 9, 10], "Ben": [11, 1, 2, 3, 4], "Chris": [12, 13, 14, 15, 16]}


def dealt_game(variant: str = "standard") -> Game:
    game = Game.start(list(HANDS), variant)
    game.deal(HANDS)
    return game


def rejection(game: Game, action: engine.Action) -> Rejected:
    before = game.state
    result = engine.apply(before, action)
    assert isinstance(result, Rejected)
    assert game.state == before
    assert result.message.endswith(".")
    assert result.message[0].isupper()
    return result


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Pick("Zoe", 1, 1, 6, "Anne"), RejectCode.NOT_A_PLAYER),
        (Pick("Anne", 1, 2, 6, "Anne"), RejectCode.STALE_TURN),
        (Pick("Anne", 2, 1, 6, "Anne"), RejectCode.STALE_TURN),
        (Pick("Anne", 1, 1, 11, "Anne"), RejectCode.CARD_NOT_IN_HAND),
        (Pick("Anne", 1, 1, 6, "Zoe"), RejectCode.UNKNOWN_TARGET),
        (Pick("Anne", 1, 1, 6, engine.LEO), RejectCode.UNKNOWN_TARGET),
        (ChooseCard("Anne", 1, 1, 6), RejectCode.WRONG_PHASE),
        (MoveFigure("Anne", 1, 1, "Anne"), RejectCode.WRONG_PHASE),
        (Deal(1, (), ()), RejectCode.WRONG_PHASE),
        (Timeout(1, 3), RejectCode.STALE_TURN),
    ],
)
def test_a_wrong_action_in_a_standard_round_is_refused(
    action: engine.Action, code: RejectCode
) -> None:
    assert rejection(dealt_game(), action).code is code


def test_round_5_must_be_played_on_oneself() -> None:
    game = dealt_game()
    for anne, ben, chris in [(6, 11, 12), (7, 1, 13), (8, 2, 14), (9, 3, 15)]:
        game.pick("Anne", anne, "Ben")
        game.pick("Ben", ben, "Chris")
        game.pick("Chris", chris, "Anne")
    refused = rejection(game, Pick("Anne", 1, 5, 10, "Ben"))
    assert refused.code is RejectCode.MUST_TARGET_SELF
    assert engine.view_for(game.state, "Anne").targets == ("Anne",)


def test_a_card_played_in_an_earlier_round_cannot_be_played_again() -> None:
    game = dealt_game()
    game.pick("Anne", 6, "Anne")
    game.pick("Ben", 11, "Ben")
    game.pick("Chris", 12, "Chris")
    assert rejection(game, Pick("Anne", 1, 2, 6, "Anne")).code is RejectCode.CARD_NOT_IN_HAND


def test_actions_before_the_deal_are_refused_and_so_is_a_bad_deal() -> None:
    game = Game.start(list(HANDS))
    assert rejection(game, Pick("Anne", 1, 1, 6, "Anne")).code is RejectCode.WRONG_PHASE
    assert rejection(game, Timeout(1, 1)).code is RejectCode.WRONG_PHASE
    hands = tuple((p, tuple(h)) for p, h in HANDS.items())
    assert rejection(game, Deal(2, hands, ())).code is RejectCode.STALE_TURN
    bad_deals = [
        Deal(1, hands[:2], ()),
        Deal(1, (*hands[:2], ("Chris", (12, 13, 14, 15))), ()),
        Deal(1, (*hands[:2], ("Chris", (12, 13, 14, 15, 6))), ()),
        Deal(1, (*hands[:2], ("Chris", (12, 13, 14, 15, 33))), ()),
        Deal(1, hands, (17, 18, 19, 20)),
    ]
    for deal in bad_deals:
        assert rejection(game, deal).code is RejectCode.INVALID_DEAL


def test_a_finished_game_refuses_everything() -> None:
    game = Game.start(["Anne", "Ben"], seed=3)
    game.settle()
    while game.state.phase is not engine.Phase.FINISHED:
        game.timeout()
        game.settle()
    assert rejection(game, Timeout(5, 5)).code is RejectCode.GAME_OVER
    assert rejection(game, Pick("Anne", 5, 5, 6, "Anne")).code is RejectCode.GAME_OVER


def test_tactical_moves_only_by_the_current_mover_and_only_on_figures() -> None:
    game = dealt_game("tactical")
    assert rejection(game, Pick("Anne", 1, 1, 6, "Anne")).code is RejectCode.WRONG_PHASE
    assert rejection(game, MoveFigure("Anne", 1, 1, "Anne")).code is RejectCode.WRONG_PHASE
    game.choose("Anne", 6)
    game.choose("Ben", 11)
    game.choose("Chris", 16)
    assert engine.public_view(game.state).current_mover == "Chris"
    assert rejection(game, MoveFigure("Anne", 1, 1, "Anne")).code is RejectCode.NOT_YOUR_MOVE
    assert rejection(game, MoveFigure("Chris", 1, 1, "Zoe")).code is RejectCode.UNKNOWN_TARGET
    assert rejection(game, ChooseCard("Chris", 1, 1, 12)).code is RejectCode.WRONG_PHASE


def test_new_game_refuses_illegal_tables() -> None:
    for players in (["Anne"], [str(n) for n in range(7)], ["Anne", "Anne"], ["Anne", "Leo"]):
        with pytest.raises(ValueError, match=r"\w"):
            engine.new_game(players, engine.Variant.STANDARD, 1)

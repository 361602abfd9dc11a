"""Rounds as players live them: changed picks, deadlines, the tactical order, Leo."""

import json

import engine
from engine import LEO, CardsRevealed, FigureMoved, Move, PickMade, RoundRevealed

from .play import Game

HANDS = {"Anne": [6, 7, 8, 9, 10], "Ben": [11, 1, 2, 3, 4], "Chris": [12, 13, 14, 15, 16]}


def test_a_player_may_change_their_pick_until_the_round_is_revealed() -> None:
    game = Game.start(list(HANDS))
    game.deal(HANDS)
    assert game.pick("Anne", 6, "Ben") == (PickMade("Anne", 1, 1),)
    game.pick("Anne", 7, "Chris")
    assert engine.view_for(game.state, "Anne").pick == (7, "Chris")
    assert engine.public_view(game.state).waiting_for == ("Ben", "Chris")
    game.pick("Ben", 11, "Ben")
    events = game.pick("Chris", 12, "Chris")
    reveal = next(e for e in events if isinstance(e, RoundRevealed))
    assert [(p.player, p.card, p.target) for p in reveal.plays] == [
        ("Anne", 7, "Chris"),
        ("Ben", 11, "Ben"),
        ("Chris", 12, "Chris"),
    ]
    assert engine.view_for(game.state, "Anne").hand == tuple(engine.card(n) for n in (6, 8, 9, 10))


def test_a_deadline_plays_a_card_of_each_late_players_hand_on_themselves() -> None:
    game = Game.start(list(HANDS))
    game.deal(HANDS)
    game.pick("Anne", 6, "Ben")
    events = game.timeout()
    reveal = next(e for e in events if isinstance(e, RoundRevealed))
    by_player = {play.player: play for play in reveal.plays}
    assert not by_player["Anne"].automatic
    for late in ("Ben", "Chris"):
        assert by_player[late].automatic
        assert by_player[late].target == late
        assert by_player[late].card in HANDS[late]
    assert game.state.round == 2


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    first = Game.start(list(HANDS), seed=99)
    second = Game.start(list(HANDS), seed=99)
    for game in (first, second):
        game.settle()
        for _ in range(7):
            game.timeout()
            game.settle()
    assert first.state == second.state
    assert first.events == second.events
    other = Game.start(list(HANDS), seed=100)
    other.settle()
    assert other.state.hands != first.state.history[0].hands


def test_tactical_cards_move_in_descending_card_number_and_leo_moves_himself() -> None:
    game = Game.start(["Anne", "Ben"], "tactical")
    game.deal({"Anne": [6, 7, 8, 9, 10], "Ben": [32, 1, 2, 3, 4]}, leo=[29, 5, 21, 28])
    game.choose("Anne", 6)  # +1
    events = game.choose("Ben", 32)  # +5
    cards = next(e for e in events if isinstance(e, CardsRevealed))
    assert cards.order == ("Ben", LEO, "Anne")
    assert all(play.target == play.player for play in cards.plays)
    assert engine.public_view(game.state).current_mover == "Ben"
    events = game.move("Ben", "Anne")
    moved = [e for e in events if isinstance(e, FigureMoved)]
    assert [(m.mover, m.target, m.move.end) for m in moved] == [("Ben", "Anne", 5), (LEO, LEO, 4)]
    assert engine.public_view(game.state).current_mover == "Anne"
    events = game.move("Anne", "Anne")
    assert next(e for e in events if isinstance(e, FigureMoved)).move == Move(
        "Anne", 5, 1, 6, clamped=False
    )
    assert game.state.round == 2
    assert game.state.phase is engine.Phase.PICKING


def test_tactical_moves_are_clamped_one_after_another() -> None:
    game = Game.start(["Anne", "Ben", "Chris"], "tactical")
    game.deal({"Anne": [32, 29, 1, 2, 3], "Ben": [31, 28, 4, 5, 6], "Chris": [30, 27, 7, 8, 9]})
    for cards in ((32, 31, 30), (29, 28, 27)):
        for player, card in zip(("Anne", "Ben", "Chris"), cards, strict=True):
            game.choose(player, card)
        moves = []
        while game.state.phase is engine.Phase.MOVING:
            events = game.move(engine.public_view(game.state).current_mover, "Chris")
            moves.append(next(e for e in events if isinstance(e, FigureMoved)).move)
    # +4 from 13 stops on 16; then -4 and +3: 15, where a summed +3 would have given 16.
    assert [(m.start, m.end, m.clamped) for m in moves] == [
        (13, 16, True),
        (16, 12, False),
        (12, 15, False),
    ]
    assert engine.positions(game.state)["Chris"] == 15


def test_a_tactical_deadline_picks_cards_and_then_moves_the_late_mover_itself() -> None:
    game = Game.start(["Anne", "Ben"], "tactical", seed=5)
    game.settle()
    events = game.timeout()
    cards = next(e for e in events if isinstance(e, CardsRevealed))
    assert all(play.automatic for play in cards.plays if play.player != LEO)
    while game.state.phase is engine.Phase.MOVING:
        mover = engine.public_view(game.state).current_mover
        moved = next(e for e in game.timeout() if isinstance(e, FigureMoved))
        assert (moved.mover, moved.target, moved.automatic) == (mover, mover, True)


def test_settle_logs_every_deal_so_the_action_log_rebuilds_the_game() -> None:
    game = Game.start(["Anne", "Ben", "Chris", "Dana"], "tactical", seed=11)
    game.settle()
    while game.state.phase is not engine.Phase.FINISHED:
        game.timeout()
        game.settle()
    rebuilt = engine.new_game(["Anne", "Ben", "Chris", "Dana"], engine.Variant.TACTICAL, 11)
    for action in game.actions:
        stored = engine.action_from_dict(engine.action_to_dict(action))
        assert stored == action
        result = engine.apply(rebuilt, stored)
        assert isinstance(result, engine.Accepted)
        rebuilt = result.state
    assert rebuilt == game.state
    assert sum(isinstance(a, engine.Deal) for a in game.actions) == engine.STAGES


def test_a_state_survives_a_round_trip_through_its_dict_at_every_step() -> None:
    game = Game.start(["Anne", "Ben"], "tactical", seed=4)
    game.settle()
    while game.state.phase is not engine.Phase.FINISHED:
        saved = json.loads(json.dumps(engine.state_to_dict(game.state)))
        assert engine.state_from_dict(saved) == game.state
        game.timeout()
        game.settle()
    assert engine.state_from_dict(engine.state_to_dict(game.state)) == game.state


def test_views_show_only_the_players_own_hand_and_pick() -> None:
    game = Game.start(list(HANDS))
    game.deal(HANDS)
    game.pick("Ben", 11, "Anne")
    anne = engine.view_for(game.state, "Anne")
    assert anne.hand == tuple(engine.card(n) for n in HANDS["Anne"])
    assert anne.pick is None
    assert anne.waiting_for == ("Anne", "Chris")
    text = repr(anne) + repr(engine.public_view(game.state))
    for number in HANDS["Ben"]:
        assert f"number={number}," not in text
    assert "11" not in repr(anne.pick)
    assert engine.view_for(game.state, "Ben").pick == (11, "Anne")


def test_a_movers_deadline_is_stale_once_the_next_mover_is_up() -> None:
    game = Game.start(["Anne", "Ben", "Chris"], "tactical")
    game.deal(HANDS)
    game.choose("Anne", 6)
    game.choose("Ben", 11)
    game.choose("Chris", 16)
    game.move("Chris", "Anne")
    assert engine.public_view(game.state).current_mover == "Ben"
    late = engine.Timeout(1, 1, mover="Chris")
    refused = engine.apply(game.state, late)
    assert isinstance(refused, engine.Rejected)
    assert refused.code is engine.RejectCode.STALE_TURN
    assert engine.action_from_dict(engine.action_to_dict(late)) == late
    moved = next(
        e for e in game.do(engine.Timeout(1, 1, mover="Ben")) if isinstance(e, FigureMoved)
    )
    assert (moved.mover, moved.target, moved.automatic) == ("Ben", "Ben", True)


def test_a_view_shows_the_cards_revealed_this_stage_and_only_those() -> None:
    game = Game.start(["Anne", "Ben"], "tactical")
    game.deal({"Anne": [6, 7, 8, 9, 10], "Ben": [32, 1, 2, 3, 4]}, leo=[29, 5, 21, 28])
    game.choose("Anne", 6)
    assert engine.view_for(game.state, "Ben").revealed == ()
    game.choose("Ben", 32)
    seen = [
        (p.round, p.player, p.card, p.target) for p in engine.view_for(game.state, "Anne").revealed
    ]
    assert seen == [(1, "Anne", 6, None), (1, "Ben", 32, None), (1, LEO, 29, None)]
    game.move("Ben", "Anne")
    seen = [(p.player, p.target) for p in engine.public_view(game.state).revealed]
    assert seen == [("Anne", None), ("Ben", "Anne"), (LEO, LEO)]
    game.move("Anne", "Ben")
    game.choose("Anne", 7)
    seen = [
        (p.round, p.player, p.card, p.target) for p in engine.view_for(game.state, "Ben").revealed
    ]
    assert seen == [(1, "Anne", 6, "Ben"), (1, "Ben", 32, "Anne"), (1, LEO, 29, LEO)]


def test_a_new_stage_starts_with_nothing_revealed() -> None:
    game = Game.start(list(HANDS))
    game.deal(HANDS)
    for round_number, (anne, ben, chris) in enumerate(zip(*HANDS.values(), strict=True), 1):
        target = "Ben" if round_number < engine.ROUNDS else "Anne"
        game.pick("Anne", anne, target)
        game.pick("Ben", ben, "Ben")
        game.pick("Chris", chris, "Chris")
        revealed = engine.public_view(game.state).revealed
        assert len(revealed) == (3 * round_number if round_number < engine.ROUNDS else 0)
    assert game.state.phase is engine.Phase.DEALING

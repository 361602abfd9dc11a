"""Every worked example of RULES.md, through the engine's public API."""

import engine
from engine import LEO, Move, RoundRevealed, StageScored
from engine.rules import score_stage, winner_indexes

from .play import Game


def revealed(events: tuple[engine.Event, ...]) -> RoundRevealed:
    return next(e for e in events if isinstance(e, RoundRevealed))


def moves_by_figure(events: tuple[engine.Event, ...]) -> dict[str, Move]:
    return {move.figure: move for move in revealed(events).moves}


def test_cards_in_front_of_a_figure_add_up_and_a_figure_without_cards_stays() -> None:
    game = Game.start(["Anne", "Ben", "Chris", "Dana"])
    game.deal(
        {
            "Anne": [16, 6, 7, 8, 9],
            "Ben": [1, 10, 11, 12, 13],
            "Chris": [21, 14, 15, 17, 18],
            "Dana": [19, 20, 22, 23, 24],
        }
    )
    game.pick("Anne", 16, "Anne")  # +2
    game.pick("Ben", 1, "Chris")  # -1
    game.pick("Chris", 21, "Chris")  # -3
    events = game.pick("Dana", 19, "Dana")  # +2
    moves = moves_by_figure(events)
    assert moves["Anne"] == Move("Anne", 0, 2, 2, clamped=False)
    assert moves["Ben"] == Move("Ben", 0, 0, 0, clamped=False)
    assert moves["Chris"] == Move("Chris", 0, -4, -4, clamped=False)
    assert engine.positions(game.state) == {"Anne": 2, "Ben": 0, "Chris": -4, "Dana": 2}


def three_player_stage() -> Game:
    """Ben is driven to 15 in two rounds."""
    game = Game.start(["Anne", "Ben", "Chris"])
    game.deal(
        {
            "Anne": [32, 16, 24, 17, 18],
            "Ben": [29, 1, 2, 19, 20],
            "Chris": [30, 3, 28, 25, 26],
        }
    )
    game.pick("Anne", 32, "Ben")  # +5
    game.pick("Ben", 29, "Ben")  # +4
    game.pick("Chris", 30, "Ben")  # +4
    game.pick("Anne", 16, "Ben")  # +2
    game.pick("Ben", 1, "Anne")  # -1
    game.pick("Chris", 3, "Anne")  # -1
    assert engine.positions(game.state) == {"Anne": -2, "Ben": 15, "Chris": 0}
    return game


def test_ben_on_15_receiving_plus_3_and_minus_4_ends_on_14() -> None:
    game = three_player_stage()
    game.pick("Anne", 24, "Ben")  # +3
    game.pick("Chris", 28, "Ben")  # -4
    events = game.pick("Ben", 2, "Chris")  # -1
    assert moves_by_figure(events)["Ben"] == Move("Ben", 15, -1, 14, clamped=False)


def test_a_move_past_the_end_of_the_track_stops_on_16_and_the_stage_scores() -> None:
    game = three_player_stage()
    game.pick("Anne", 24, "Ben")
    game.pick("Chris", 28, "Ben")
    game.pick("Ben", 2, "Chris")
    game.pick("Anne", 17, "Ben")  # +2
    game.pick("Ben", 19, "Ben")  # +2
    events = game.pick("Chris", 25, "Ben")  # +3
    assert moves_by_figure(events)["Ben"] == Move("Ben", 14, 7, 16, clamped=True)
    game.pick("Anne", 18, "Anne")
    game.pick("Ben", 20, "Ben")
    events = game.pick("Chris", 26, "Chris")
    assert engine.positions(game.state) == {"Anne": 0, "Ben": 16, "Chris": 2}
    scored = next(e for e in events if isinstance(e, StageScored))
    assert scored.space == 2
    assert scored.points == (("Anne", 0), ("Ben", 0), ("Chris", 2))
    assert scored.scorers == ("Chris",)
    assert engine.totals(game.state) == {"Anne": 0, "Ben": 0, "Chris": 2}


def test_both_figures_on_the_second_farthest_space_score_it() -> None:
    assert score_stage([9, 6, 6, -3]) == (6, (0, 6, 6, 0))


def test_second_farthest_space_may_be_negative_and_everyone_on_it_loses_points() -> None:
    assert score_stage([4, -2, -2, -2]) == (-2, (0, -2, -2, -2))


def test_a_figure_on_start_scores_nothing() -> None:
    assert score_stage([12, 0]) == (0, (0, 0))


def test_nobody_scores_when_every_figure_shares_one_space() -> None:
    assert score_stage([3, 3, 3]) == (None, (0, 0, 0))


def test_the_second_highest_distinct_total_wins() -> None:
    assert winner_indexes([8, 8, 3, -1]) == (2,)


def test_players_on_the_winning_total_share_the_win() -> None:
    assert winner_indexes([6, 2, 2]) == (1, 2)


def test_everyone_shares_the_win_when_all_totals_are_equal() -> None:
    assert winner_indexes([4, 4, 4]) == (0, 1, 2)


def test_leo_plays_his_top_card_on_himself_in_rounds_1_to_4_only() -> None:
    game = Game.start(["Anne", "Ben"])
    game.deal({"Anne": [6, 7, 8, 9, 10], "Ben": [11, 1, 2, 3, 4]}, leo=[32, 29, 5, 21])
    leo_moves = []
    for anne_card, ben_card in [(6, 11), (7, 1), (8, 2), (9, 3)]:
        game.pick("Anne", anne_card, "Anne")
        events = game.pick("Ben", ben_card, "Ben")
        plays = revealed(events).plays
        assert plays[-1].player == LEO
        assert plays[-1].target == LEO
        leo_moves.append(moves_by_figure(events)[LEO].delta)
    assert leo_moves == [5, 4, -1, -3]
    game.pick("Anne", 10, "Anne")
    events = game.pick("Ben", 4, "Ben")
    assert all(play.player != LEO for play in revealed(events).plays)
    assert moves_by_figure(events)[LEO].delta == 0

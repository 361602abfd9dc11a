"""What a table is sent of a reveal, for its page to play it in the rules' order: each card in
front of the figure it was played on, the moves in the order they were made (a move cut at
the track's end said so), and who scored; nothing of the next stage's deal."""

from __future__ import annotations

import engine
from bot.table.view import reveal_of


def play(player: str, card: int, target: str) -> engine.Play:
    return engine.Play(player, card, engine.card(card).value, target, automatic=False)


def move(figure: str, start: int, end: int, clamped: bool = False) -> engine.Move:
    return engine.Move(figure, start, end - start, end, clamped)


def test_cards_lie_before_their_targets_and_moves_keep_their_order() -> None:
    before = engine.new_game(("ann", "ben", "cleo"), engine.Variant.STANDARD, seed=1)
    events = (
        engine.RoundRevealed(
            1,
            1,
            plays=(play("ann", 3, "cleo"), play("ben", 7, "cleo"), play("cleo", 12, "ann")),
            moves=(move("cleo", 0, 4), move("ann", 0, -2)),
        ),
    )
    reveal = reveal_of(before, events)
    assert reveal is not None
    assert reveal.plays == ((2, 3), (2, 7), (0, 12))
    assert reveal.moves == ((2, 0, 4, False), (0, 0, -2, False))
    assert reveal.before == (0, 0, 0)
    assert reveal.after == (-2, 0, 4)
    assert reveal.scorers == ()


def test_a_cut_move_and_a_stage_scored_are_told_and_the_next_deal_is_left_out() -> None:
    before = engine.new_game(("ann", "ben"), engine.Variant.STANDARD, seed=1)
    events = (
        engine.RoundRevealed(
            1, 6, plays=(play("ann", 3, engine.LEO),), moves=(move(engine.LEO, 0, 16, True),)
        ),
        engine.StageScored(1, 16, (), (), scorers=(engine.LEO,)),
        engine.StageDealt(2),
        engine.RoundRevealed(2, 1, plays=(), moves=(move("ann", 0, 5),)),
    )
    reveal = reveal_of(before, events)
    assert reveal is not None
    assert reveal.plays == ((2, 3),)
    assert reveal.moves == ((2, 0, 16, True),)
    assert reveal.scoring == 16
    assert reveal.scorers == (2,)

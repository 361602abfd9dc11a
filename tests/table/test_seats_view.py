"""What a table is sent of each seat beyond the board: who is away (their last turn played by
the deadline) until they pick again, the winners at the end, and when the game started."""

from __future__ import annotations

import engine
from bot.table.view import still_away


def play(player: str, automatic: bool) -> engine.Play:
    return engine.Play(player, 3, engine.card(3).value, player, automatic)


def test_a_player_whose_card_the_deadline_played_is_away_until_they_pick_again() -> None:
    timed_out = (
        engine.RoundRevealed(1, 1, plays=(play("ann", False), play("ben", True)), moves=()),
    )
    away = still_away(frozenset(), timed_out)
    assert away == {"ben"}
    assert still_away(away, (engine.PickMade("ann", 1, 2),)) == {"ben"}
    assert still_away(away, (engine.PickMade("ben", 1, 2),)) == frozenset()


def test_a_tactical_move_made_by_the_deadline_is_away_and_one_made_by_hand_is_back() -> None:
    move = engine.Move("ben", 0, 2, 2, False)
    by_deadline = engine.FigureMoved(1, 1, "ben", 3, 2, "ben", move, automatic=True)
    by_hand = engine.FigureMoved(1, 2, "ben", 3, 2, "ben", move, automatic=False)
    assert still_away(frozenset(), (by_deadline,)) == {"ben"}
    assert still_away(frozenset({"ben"}), (by_hand,)) == frozenset()

"""The board in words: alt text and text fallback."""

from __future__ import annotations

from bot.render import MAX_DESCRIPTION, Board, Figure, describe_board, distinct_initials
from tests.render.boards import ALL_ON_ONE_SPACE, SEVEN_FIGURES, TWO_PLAYERS


def test_positions_from_front_to_back_with_shared_spaces_joined() -> None:
    board = Board(
        figures=(
            Figure("Anne", "A", 0, 5),
            Figure("Ben", "B", 1, 0),
            Figure("Chris", "C", 2, -2),
            Figure("Leo", "L", None, 0),
        ),
        highlight_space=5,
    )
    assert describe_board(board) == (
        "Anne on 5, Ben and Leo on START, Chris on -2. Scoring space: 5."
    )


def test_caption_leads_and_moves_follow() -> None:
    text = describe_board(SEVEN_FIGURES)
    assert text.startswith("Stage 2 · Round 5. Stage scoring. Eve on 16, ")
    assert "Anne, Dana and Wolfgang on 5" in text
    assert "Last moves: Anne +3, Ben -1, Chris -4, Dana -1, " in text
    assert "Eve +5 (stopped at the end of the track)" in text
    assert "Wolfgang" not in text.split("Last moves:")[1]
    assert text.endswith("Scoring space: 5.")


def test_everyone_on_one_space() -> None:
    assert describe_board(ALL_ON_ONE_SPACE) == "Stage 1 · Round 1. U, V, W, X, Y and Z on -12."


def test_caption_lines_that_end_a_sentence_keep_their_punctuation() -> None:
    board = Board(TWO_PLAYERS.figures, 3, ("Stage 4 · Round 5", "Stage scoring:", "Done!"))
    assert describe_board(board) == (
        "Stage 4 · Round 5. Stage scoring: Done! Anne and Leo on 3, Ben on -1. Scoring space: 3."
    )


def test_two_players_and_leo_without_caption() -> None:
    assert describe_board(TWO_PLAYERS) == "Anne and Leo on 3, Ben on -1."


def test_description_fits_discords_attachment_limit() -> None:
    long_names = tuple(Figure("N" * 32 + str(seat), "N", seat, seat) for seat in range(6))
    board = Board((*long_names, Figure("Leo", "L", None, 0, -4, 4)), 3, ("x" * 300, "y" * 300))
    assert len(describe_board(board)) <= MAX_DESCRIPTION


def test_initials_are_distinct_and_readable() -> None:
    assert distinct_initials(["Anne", "ben", "Bob"]) == ("A", "Be", "Bo")
    assert distinct_initials(["Anne", "Leo"]) == ("A", "L")
    assert distinct_initials(["🎲dice", "🎲"]) == ("D", "2")
    assert distinct_initials(["Bea", "Ben", "Bella"]) == ("1", "2", "3")

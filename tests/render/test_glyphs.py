"""Names are drawn letter for letter in Latin, Greek and Cyrillic; other scripts fall back."""

from __future__ import annotations

import pytest

from bot.render import Board, Figure, describe_board, distinct_initials, figure_center
from bot.render.canvas import Canvas, text_stamp
from bot.render.glyphs import drawable, has_glyph
from bot.render.labels import figure_initial, figure_name
from bot.render.palette import BACKGROUND, INK
from bot.render.track import draw_board
from bot.render.words import picture_words

NAMES_THE_FONT_DRAWS = ["Chloé", "Zoë", "Jürgen", "Niccolò", "Αλέξης", "Иван", "Łukasz Straße"]


def mask_bytes(text: str, bold: bool = False) -> bytes:
    stamp = text_stamp(text, 22, None, bold, 0.0, 0.0, INK, BACKGROUND)
    assert stamp is not None
    return stamp.image.tobytes() + bytes(stamp.image.size)


@pytest.mark.parametrize("name", NAMES_THE_FONT_DRAWS)
def test_accented_greek_and_cyrillic_names_are_drawn_as_they_are(name: str) -> None:
    assert drawable(name) == name
    assert all(has_glyph(char) for char in name)
    figure = Figure(name, distinct_initials([name])[0], 0, 3)
    assert figure_name(figure, picture_words()) == name
    assert figure_initial(figure) == name[0].upper()


@pytest.mark.parametrize(
    ("accented", "plain"),
    [("Chloé", "Chloe"), ("Zoë", "Zoe"), ("Jürgen", "Jurgen"), ("Niccolò", "Niccolo")],
)
def test_an_accent_is_drawn_not_dropped(accented: str, plain: str) -> None:
    assert mask_bytes(accented) != mask_bytes(plain)
    assert mask_bytes(accented, bold=True) != mask_bytes(plain, bold=True)


def test_greek_and_cyrillic_letters_are_not_the_missing_glyph_box() -> None:
    missing = mask_bytes("\ue000")
    for char in "ΑλέξηςИвнЖЯ":
        assert mask_bytes(char) != missing, char


def test_an_accent_typed_as_a_combining_mark_becomes_one_letter() -> None:
    assert drawable("Chloe\u0301") == "Chloé"


def test_scripts_the_font_lacks_are_left_out() -> None:
    assert not has_glyph("山")
    assert not has_glyph("🎲")
    assert drawable("🎲 Dice") == "Dice"
    assert drawable("山田 Taro") == "Taro"
    assert drawable("山田") == ""
    # Full-width Latin letters are written as the Latin letters they are.
    assert drawable("Ｔａｒｏ") == "Taro"


def test_cjk_and_emoji_names_get_their_seat_number_as_initial() -> None:
    assert distinct_initials(["山田", "Zoë", "🎲🎲", "Иван"]) == ("1", "Z", "3", "И")


def test_a_name_with_no_drawable_letter_is_shown_as_the_player_number() -> None:
    words = picture_words()
    for seat, name in enumerate(["山田", "🎲🎲", "🎲 !"]):
        figure = Figure(name, str(seat + 1), seat, 0)
        assert figure_name(figure, words) == f"Player {seat + 1}"
        assert figure_initial(figure) == str(seat + 1)


def test_a_board_of_unusual_names_writes_each_one_and_is_described_in_full() -> None:
    names = ["Иван", "山田", "Zoë", "🎲 Dice", "Αλέξης"]
    initials = distinct_initials(names)
    seats = enumerate(zip(names, initials, strict=True))
    board = Board(tuple(Figure(name, initial, seat, seat) for seat, (name, initial) in seats))
    canvas = draw_board(board, picture_words())
    on_discs = [texts_at(canvas, figure_center(board, index)) for index in range(len(names))]
    assert on_discs == [["И"], ["2"], ["Z"], ["D"], ["Α"]]
    written = {drawn.text for drawn in canvas.texts}
    assert {"Иван", "Player 2", "Zoë", "Dice", "Αλέξης"} <= written
    assert describe_board(board) == (
        "Αλέξης on 4, 🎲 Dice on 3, Zoë on 2, 山田 on 1, Иван on START."
    )


def texts_at(canvas: Canvas, point: tuple[int, int]) -> list[str]:
    """The texts whose ink lies around ``point`` (a few pixels either side)."""
    x, y = point
    return [
        drawn.text
        for drawn in canvas.texts
        if drawn.box[0] - 3 <= x <= drawn.box[2] + 3 and drawn.box[1] - 3 <= y <= drawn.box[3] + 3
    ]

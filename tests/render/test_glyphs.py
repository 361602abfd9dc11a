"""Names the bundled font cannot draw still give a readable picture."""

from __future__ import annotations

import io

from PIL import Image

from bot.render import Board, Figure, describe_board, distinct_initials, render_track
from bot.render.glyphs import drawable, has_glyph


def test_ascii_and_the_pictures_signs_are_drawn_as_they_are() -> None:
    assert drawable("Stage 2 · Round 3 …") == "Stage 2 · Round 3 …"
    assert all(has_glyph(char) for char in "AZaz09+-()")


def test_accented_latin_letters_lose_only_their_accents() -> None:
    assert drawable("Zoë") == "Zoe"
    assert drawable("Ñandú") == "Nandu"
    assert drawable("Ærøskøbing") == "AEroskobing"
    assert drawable("Łukasz Straße") == "Lukasz Strasse"


def test_characters_without_a_latin_form_are_left_out() -> None:
    assert drawable("🎲 Dice") == "Dice"
    assert drawable("山田 Taro") == "Taro"
    assert drawable("Иван") == ""


def test_initials_fall_back_to_seat_numbers_when_undrawable() -> None:
    assert distinct_initials(["Иван", "Zoë", "山田"]) == ("1", "Z", "3")


def test_a_board_of_unusual_names_renders_and_is_described_in_full() -> None:
    names = ["Иван", "山田", "Zoë", "🎲 Dice"]
    initials = distinct_initials(names)
    seats = enumerate(zip(names, initials, strict=True))
    board = Board(tuple(Figure(name, initial, seat, seat) for seat, (name, initial) in seats))
    image = Image.open(io.BytesIO(render_track(board)))
    assert image.width == 1200
    assert describe_board(board) == "🎲 Dice on 3, Zoë on 2, 山田 on 1, Иван on START."
